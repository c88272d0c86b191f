"""A seat's private pick panel (WW-3): columns 1-3 and the Tumbleweed, a column that fits
nowhere on the seat's sheet greyed, and under them the seat's own sheet with the tiles
where the focused pair would go. Drawn only inside the panel, which only that seat sees."""

import pygame

from client import art
from client.games.wild_west import art as ww
from client.games.wild_west.sheet import COMPACT, Geometry, body
from engines.wild_west.rules import ACTION_NAMES
from engines.wild_west.sheet import MINE, ROW_TILES, writable_tiles


def pair_words(column: dict) -> str:
    return f"{ACTION_NAMES[column['action']]} {ww.rank_text(column['value'])}"


def slots(panel: pygame.Rect) -> list[pygame.Rect]:
    """The panel's four places, in a row when it is wide, else two by two."""
    area = pygame.Rect(panel.left + 18, panel.top + 96, panel.width - 36, 0)
    if panel.width >= 600:
        width = (area.width - 3 * 12) // 4
        return [pygame.Rect(area.left + i * (width + 12), area.top, width, 132) for i in range(4)]
    width = (area.width - 12) // 2
    return [pygame.Rect(area.left + (i % 2) * (width + 12), area.top + (i // 2) * 124, width, 112) for i in range(4)]


def draw_slot(surface, rect: pygame.Rect, column, label: str, cards: list, columns: list, colour) -> None:
    """One place: the column's two cards and its pair, or a Tumbleweed (``column`` None);
    ``colour`` rings the focused one."""
    surface.blit(art.panel(rect.size, art.PANEL_HI, colour, 12), rect)
    if column is None:
        ww.tumbleweed(surface, (rect.centerx, rect.centery - 14), min(rect.width, rect.height) * 0.26, 0.4)
    elif len(cards) == 6:
        size = (round(rect.height * 0.52), round(rect.height * 0.56))
        top, bottom = ww.action_card(cards[column], size), ww.number_card(cards[column + 3], size)
        surface.blit(top, top.get_rect(midright=(rect.centerx - 3, rect.centery - 12)))
        surface.blit(bottom, bottom.get_rect(midleft=(rect.centerx + 3, rect.centery - 12)))
    words = label if column is None else f"{column + 1}: {pair_words(columns[column])}"
    art.blit_text(surface, words, 24, art.INK, (rect.centerx, rect.bottom - 16), "center", width=rect.width - 10)


def draw_rest(surface, rect: pygame.Rect, view: dict, offered: set, focus_column, seat: int) -> None:
    """Everything in the panel but its choices: greyed columns, what was picked, the fit
    preview of the focused (or picked) column. ``view`` is the seat's own."""
    places = slots(rect)
    mine = view.get("picks", {}).get("mine", "none")
    columns = view.get("columns") or []
    if offered:
        for column in range(min(3, len(columns))):
            if column not in offered:
                slot = places[column]
                surface.blit(art.panel(slot.size, (40, 34, 38), None, 12), slot)
                art.blit_text(surface, f"{column + 1}: {pair_words(columns[column])}", 24, art.INK_FAINT,
                              (slot.centerx, slot.centery - 12), "center", width=slot.width - 10)
                art.blit_text(surface, "fits nowhere", 24, art.INK_FAINT, (slot.centerx, slot.centery + 22),
                              "center", width=slot.width - 10)
    elif mine != "none":
        words = "a Tumbleweed" if mine is None else f"column {mine + 1}: {pair_words(columns[mine])}"
        art.blit_text(surface, f"You picked {words}", 32, art.GOLD, (rect.centerx, places[0].top + 40), "center",
                      width=rect.width - 40)
    column = focus_column if offered else (mine if isinstance(mine, int) else None)
    top = max(slot.bottom for slot in places) + 14
    area = pygame.Rect(rect.left + 16, top, rect.width - 32, rect.bottom - top - 12)
    sheets = view.get("sheets") or []
    if area.height > 60 and seat < len(sheets):
        pair = columns[column] if isinstance(column, int) and column < len(columns) else None
        draw_fit_preview(surface, area, sheets[seat], pair)


def draw_fit_preview(surface, area: pygame.Rect, sheet: dict, column: dict | None) -> None:
    """The seat's sheet, small, with a gold ring on every tile where ``column``'s pair fits (WW-4)."""
    geometry = Geometry.fit(area, COMPACT)
    surface.blit(body(sheet, geometry.u, COMPACT), geometry.rect)
    if column is None:
        art.blit_text(surface, "Your sheet", 24, ww.INK, geometry.header_rect().center, "center")
        return
    values = [tile["value"] or 0 for row in sheet["rows"] for tile in row]
    fits = writable_tiles(values, column["value"], column["action"] == MINE)
    for t in fits:
        row = next(r for r, tiles in enumerate(ROW_TILES) if t in tiles)
        tile = geometry.tile(row, t - ROW_TILES[row][0])
        pygame.draw.rect(surface, art.GOLD, tile.inflate(2, 2), 3, border_radius=4)
    words = f"{pair_words(column)} fits in {len(fits)} place{'s' if len(fits) != 1 else ''}"
    art.blit_text(surface, words, 24, ww.INK, geometry.header_rect().center, "center", width=geometry.rect.width - 16)
