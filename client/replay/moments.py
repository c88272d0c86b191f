"""The viewer's moments, listed beside the table: each game's own (`engines.<id>.moments`).

A moment names steps ``start`` to ``end``; jumping to it opens the table just before its
first step and plays on. Its title (`client.replay.library.title`) comes from the game's
``words(moment, names, tr)`` in this window's language; a game without moments lists none.
"""

from collections.abc import Sequence

import pygame

from client.i18n import _
from client.replay.bar import SIDE
from client.ui import art

ROW = 108
TOP = SIDE.top + 64
EXPORT_WIDTH = 110


def row_rect(number: int) -> pygame.Rect:
    return pygame.Rect(SIDE.left + 12, TOP + number * (ROW + 8), SIDE.width - 24, ROW)


def export_rect(number: int) -> pygame.Rect:
    rect = row_rect(number)
    return pygame.Rect(rect.right - EXPORT_WIDTH - 10, rect.centery - 24, EXPORT_WIDTH, 48)


def rows_shown() -> int:
    return max(1, (SIDE.bottom - TOP - 10) // (ROW + 8))


def first_shown(focus: int | None, count: int) -> int:
    """The first row shown, so the focused one is on screen."""
    room = rows_shown()
    if focus is None or count <= room:
        return 0
    return min(max(0, focus - room + 1), count - room)


def hit(pos: tuple[int, int], count: int, focus: int | None, exporting: bool) -> tuple[int, bool] | None:
    """(the moment under ``pos``, whether on its Export button), or None."""
    first = first_shown(focus, count)
    for slot in range(min(rows_shown(), count - first)):
        if row_rect(slot).collidepoint(pos):
            return first + slot, exporting and export_rect(slot).collidepoint(pos)
    return None


def draw(surface: pygame.Surface, titles: Sequence[str], spans: Sequence[tuple[int, int]], focus: int | None,
         exporting: bool, problem: str) -> None:
    """The side panel: "Moments", a row per moment (title, its steps, Export), and under
    them what of the journal could not be read."""
    surface.blit(art.panel(SIDE.size, art.PANEL, None, 18, 220), SIDE)
    art.blit_text(surface, _("Moments"), 36, art.GOLD, (SIDE.left + 20, SIDE.top + 14), weight="bold",
                  width=SIDE.width - 40)
    if not titles:
        art.blit_text(surface, _("This game names no moments."), 26, art.INK_DIM, (SIDE.left + 20, TOP + 10),
                      weight="regular", width=SIDE.width - 40)
    first = first_shown(focus, len(titles))
    for slot in range(min(rows_shown(), len(titles) - first)):
        number = first + slot
        rect = row_rect(slot)
        lit = number == focus
        surface.blit(art.panel(rect.size, art.PANEL_HI if lit else (38, 32, 38), art.GOLD if lit else None, 12), rect)
        room = rect.width - 28 - (EXPORT_WIDTH + 10 if exporting else 0)
        lines = art.wrap(titles[number], 22, room)
        if len(lines) > 3:  # a longer title ends in an ellipsis on its third line
            lines = lines[:2] + [art.fit(" ".join(lines[2:]), 22, room)]
        for line_number, line in enumerate(lines):
            art.blit_text(surface, line, 22, art.INK, (rect.left + 14, rect.top + 8 + line_number * 25), width=room)
        start, end = spans[number]
        art.blit_text(surface, _("actions {start} to {end}").format(start=start, end=end), 18, art.INK_FAINT,
                      (rect.left + 14, rect.bottom - 22), weight="regular", width=room)
        if exporting:
            button = export_rect(slot)
            surface.blit(art.panel(button.size, art.PANEL, art.GOLD, 10), button)
            art.blit_text(surface, _("Export"), 24, art.GOLD, button.center, "center", width=button.width - 10)
    if problem:
        lines = art.wrap(problem, 22, SIDE.width - 40, "regular")[:5]
        top = SIDE.bottom - 16 - 26 * len(lines)
        for number, line in enumerate(lines):
            art.blit_text(surface, line, 22, art.DANGER, (SIDE.left + 20, top + number * 26), weight="regular",
                          width=SIDE.width - 40)
