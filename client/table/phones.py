"""Phones at the table: the seats' QR codes, drawn with pygame, and the overlay that shows them.

The host's phone server (`netplay.phones`) is started by the hosted table
(`client.hosting.hosted.serve_phones`); what a phone shows comes from the host alone. The QR code is segno's
module matrix drawn as squares, so it is sharp at any size and needs no image file.
"""

from functools import lru_cache

import pygame

from client.i18n import N_, _
from client.scenes.base import Scene, draw_dialog
from client.ui import art

QR_BORDER = 2  # quiet-zone modules round the code (phones read 2 reliably on a lit screen)
STATUS_WORDS = {"none": N_("scan to play from your phone"), "connected": N_("phone connected"),
                "away": N_("phone away: reconnecting...")}


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


def draw_seat_code(surface, box: pygame.Rect, link: str, name: str, colour, status: str) -> None:
    """One seat's card: its name in its colour, its QR code, its link and its phone's status."""
    surface.blit(art.panel(box.size, (34, 30, 40), colour, 16, 250), box)
    art.blit_text(surface, name, 38, colour, (box.centerx, box.top + 16), "midtop", "bold", width=box.width - 32)
    code = qr_surface(link, min(box.width - 60, box.height - 170))
    where = code.get_rect(midtop=(box.centerx, box.top + 66))
    surface.blit(code, where)
    art.blit_text(surface, _(STATUS_WORDS[status]) if status in STATUS_WORDS else status, 26, art.GOLD if status == "connected" else art.INK_DIM,
                  (box.centerx, where.bottom + 14), "midtop", "regular", width=box.width - 24)
    art.blit_text(surface, link, 20, art.INK_FAINT, (box.centerx, where.bottom + 50), "midtop", "regular",
                  width=box.width - 24)


class PhonesScene(Scene):
    """The QR codes of ``seats`` over the scene below (a table, a LAN lobby): ``name(seat)``
    and ``colour(seat)`` say whose. Esc, confirm or a click closes it; it also closes by
    itself once every seat in ``until_joined`` has its phone."""

    opaque = False

    def __init__(self, app, phones, seats, name, colour, until_joined=()):
        """``seats``: a list, or a function giving the list each frame (a lobby's open seats)."""
        super().__init__(app)
        self.phones = phones
        self.shown_seats = seats
        self.name, self.colour = name, colour
        self.until_joined = list(until_joined)

    def seats(self) -> list[int]:
        return list(self.shown_seats() if callable(self.shown_seats) else self.shown_seats)

    def handle(self, intent) -> bool:
        if intent.pressed and intent.action in ("escape", "back", "confirm"):
            self.app.pop()
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        waiting = [seat for seat in self.until_joined if self.phones.status(seat) != "connected"]
        if self.until_joined and not waiting and self.app.top is self:
            self.app.pop()

    def still(self) -> bool:
        return False  # a phone may connect at any moment

    def draw(self, surface) -> None:
        draw_seat_cards(surface, _("Play from your phone"),
                        _("Scan your seat's code with a phone on this network: your secrets stay in your hand."),
                        _("No seat here can take a phone now."), self.seats(), (520, 760, 860, 160),
                        lambda box, seat: draw_seat_code(surface, box, self.phones.link(seat), self.name(seat),
                                                         self.colour(seat), self.phones.status(seat)))


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
