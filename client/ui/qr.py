"""QR codes drawn with pygame, and a dialog of cards that show one each (a seat's phone
link, a seat's relay invite). The code is segno's module matrix drawn as squares, so it is
sharp at any size and needs no image file."""

from functools import lru_cache

import pygame

from client.i18n import _
from client.ui import art
from client.ui.scene import draw_dialog

QR_BORDER = 2  # quiet-zone modules round the code (phones read 2 reliably on a lit screen)


@lru_cache(maxsize=16)
def qr_surface(link: str, size: int) -> pygame.Surface:
    """``link`` as a QR code about ``size`` pixels square: dark modules on white."""
    import segno

    code = segno.make(link, error="m", micro=False)
    rows = [list(row) for row in code.matrix_iter(border=QR_BORDER)]
    modules = len(rows)
    scale = max(1, size // modules)
    surface = pygame.Surface((modules * scale, modules * scale))
    surface.fill((255, 255, 255))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((16, 14, 20), (x * scale, y * scale, scale, scale))
    return surface


def draw_seat_cards(surface, heading: str, words: str, empty: str, seats: list[int], sizes, draw_card) -> None:
    """A dialog of one card per seat (a code to scan or send): ``heading``, ``words`` under
    it, ``empty`` where no seat has one, then ``draw_card(box, seat)`` side by side.
    ``sizes``: the widest card, the dialog's least width and its height, and how far down
    it the cards start."""
    card, least, height, card_top = sizes
    width = min(card, (art.W - 160) // max(1, len(seats)))
    dialog = draw_dialog(surface, (max(least, width * len(seats) + 80), height), (art.W // 2, art.H // 2 + 20))
    art.blit_text(surface, heading, 64, art.GOLD, (dialog.centerx, dialog.top + 26), "midtop", "bold",
                  width=dialog.width - 60)
    for row, line in enumerate(art.wrap(words, 28, dialog.width - 60, "regular")[:2]):
        art.blit_text(surface, line, 28, art.INK_DIM, (dialog.centerx, dialog.top + 96 + 30 * row), "midtop", "regular")
    if not seats:
        art.blit_text(surface, empty, 40, art.INK, dialog.center, "center", width=dialog.width - 60)
    left = dialog.centerx - width * len(seats) // 2
    for index, seat in enumerate(seats):
        draw_card(pygame.Rect(left + index * width + 10, dialog.top + card_top, width - 20, height - card_top - 80),
                  seat)
    art.blit_text(surface, _("Esc, Enter or a click: back"), 26, art.INK_FAINT, (dialog.centerx, dialog.bottom - 50),
                  "midtop", "regular", width=dialog.width - 60)
