"""Where things are at the Drunter & Drüber table (logical 1920 x 1080): the town's cells,
the seats' zones and their parts, the band under the board; and how long its finale
takes. Pure functions and constants, shared by the table and its drawing."""

from collections.abc import Sequence
from typing import Any

import pygame

from engines.drunter_druber.board import BUILDINGS, HEIGHT, KINDS, START, STEP, TOILETS, WIDTH, xy

Cell = tuple[int, int]  # (column, row); views and events give a cell as an [x, y] list
PlaceAction = dict[str, Any]  # a ``place`` action: its stretch, size, docking cell ([x, y]) and direction

PHASE = pygame.Rect(600, 24, 750, 120)  # the phase line sits between header and log: the board takes the middle
SEAT_COLUMN = pygame.Rect(1100, 306, 790, 750)
STRETCH_BOX = pygame.Rect(1100, 156, 250, 138)
TRAY = pygame.Rect(24, 872, 1062, 184)  # under the board: the vote, the legend, private panels
PEEK = 360  # a private panel's width when it only shows the seat's cards (at the band's right end)
PANEL_CARD = (94, 84)  # a people card to toggle in a vote, in the seat's panel
HAND_UNIT = 26  # a cell of a tile in a hand
FINALE_INTRO, FINALE_PER_SEAT, FINALE_OUTRO = 0.6, 1.6, 1.2
TRAY_HOLD = 3.2  # seconds the vote's outcome stays in the tray

# --- the town ------------------------------------------------------------------------------
CELL = 70
BOARD = pygame.Rect(30, 156, WIDTH * CELL, HEIGHT * CELL)  # 1050 x 700
FRAME = BOARD.inflate(12, 12)


def at(cell: int) -> Cell:
    """The engine's cell number as (column, row)."""
    x, y = xy(cell)
    return x, y


START_XY = {stretch: at(cell) for stretch, cell in START.items()}
BUILDING_XY = {at(cell): building for cell, building in BUILDINGS.items()}
TOILET_XY = frozenset(at(cell) for cell in TOILETS)


def cell_rect(cell: Sequence[int]) -> pygame.Rect:
    x, y = cell
    return pygame.Rect(BOARD.left + x * CELL, BOARD.top + y * CELL, CELL, CELL)


def cells_rect(cells: Sequence[Sequence[int]]) -> pygame.Rect:
    rect = cell_rect(cells[0])
    for cell in cells[1:]:
        rect.union_ip(cell_rect(cell))
    return rect


def side_towards(cell: Sequence[int], other: Sequence[int]) -> str:
    """The side of ``cell`` that faces ``other`` (in one row or column)."""
    dx, dy = other[0] - cell[0], other[1] - cell[1]
    if abs(dx) >= abs(dy):
        return "e" if dx > 0 else "w"
    return "s" if dy > 0 else "n"


def entry_side(token: Sequence[int], dock: Sequence[int]) -> str:
    """The side by which a tile docked on ``dock`` is entered from ``token`` (beside it, or
    beyond a bridge between them)."""
    return side_towards(tuple(dock), tuple(token))


def placement_cells(action: PlaceAction) -> list[Cell]:
    """The cells a place action covers, from its docking field to its end-field."""
    x, y = action["cell"]
    cells = [(x, y)]
    if action["size"] > 1:
        dx, dy = STEP[action["dir"]]
        cells += [(x + dx * i, y + dy * i) for i in range(1, action["size"])]
    return cells


# --- the seats -----------------------------------------------------------------------------
def seat_zones(players: int) -> list[pygame.Rect]:
    """The seats one above the other in the right-hand column, centred in it."""
    gap = 10
    height = min(236, (SEAT_COLUMN.height - gap * (players - 1)) // players)
    top = SEAT_COLUMN.top + (SEAT_COLUMN.height - players * height - gap * (players - 1)) // 2
    return [pygame.Rect(SEAT_COLUMN.left, top + i * (height + gap), SEAT_COLUMN.width, height) for i in range(players)]


def seat_parts(zone: pygame.Rect) -> dict[str, pygame.Rect]:
    """A seat's zone and, under its name line, its hand of tiles and its people cards."""
    lower = pygame.Rect(zone.left + 16, zone.top + 84, zone.width - 32, zone.height - 92)
    hand = pygame.Rect(lower.left, lower.top, 440, lower.height)
    people = pygame.Rect(hand.right + 14, lower.top, lower.right - hand.right - 14, lower.height)
    return {"zone": zone, "hand": hand, "people": people}


def hand_entry(zone: pygame.Rect, kind: str, size: int) -> pygame.Rect:
    """Where the tiles of ``kind`` and ``size`` stand in the hand of the seat at ``zone``
    (with their count)."""
    hand = seat_parts(zone)["hand"]
    row = hand.height / 3
    top = hand.top + KINDS.index(kind) * row
    x = hand.left + 74 + sum(s * HAND_UNIT + 52 for s in range(1, size))
    return pygame.Rect(x - 4, round(top), size * HAND_UNIT + 50, round(row))


def hint_rect(zone: pygame.Rect, height: int, blind_legend: bool) -> pygame.Rect:
    """Where the table's "hold peek" line (or, ``blind_legend``, a pad's legend) stands:
    over the seat's own hand of tiles, which a vote or a pick does not use."""
    hand = seat_parts(zone)["hand"]
    if not blind_legend:
        return pygame.Rect(hand.left, hand.centery - height // 2, hand.width, height)
    return pygame.Rect(hand.left - 8, zone.bottom - 6 - height, hand.width + 16, height)


def peek_rect() -> pygame.Rect:
    """A private panel that only shows the seat's cards: at the band's right end."""
    return pygame.Rect(TRAY.right - PEEK, TRAY.top, PEEK, TRAY.height)


def band_beside(panel: pygame.Rect) -> pygame.Rect:
    """The band under the board, left of an always-open card panel."""
    return pygame.Rect(TRAY.left, TRAY.top, panel.left - 10 - TRAY.left, TRAY.height)


# --- the finale's timing ----------------------------------------------------------------------
def finale_seconds(players: int) -> float:
    return FINALE_INTRO + FINALE_PER_SEAT * players + FINALE_OUTRO


def finale_seat_start(seat: int) -> float:
    """When the finale turns ``seat``'s cards over, in finale seconds."""
    return FINALE_INTRO + seat * FINALE_PER_SEAT


# --- where the choices are ---------------------------------------------------------------------
def place_rect(action: PlaceAction, cells: list[Cell], entry: str) -> pygame.Rect:
    """A place's choice: its cells, nudged towards its docking field and the stretch it
    joins, so a tile and its mirror image, or the same cells reached from both walls,
    never share a rect."""
    rect = cells_rect(cells).inflate(-2, -2)
    dx, dy = STEP[action["dir"]] if action["size"] > 1 else (0, 0)
    ex, ey = STEP[entry]
    rect.move_ip(ex * 2 - dx * 3, ey * 2 - dy * 3)
    return rect


def vote_rects(panel: pygame.Rect, cards: int) -> tuple[list[pygame.Rect], pygame.Rect]:
    """In a seat's panel: a rect for each people card it holds, in a row, and the button
    that puts the chosen ones down, at the row's right end."""
    top = panel.top + 88
    rects = [pygame.Rect(panel.left + 20 + i * (PANEL_CARD[0] + 8), top, *PANEL_CARD) for i in range(cards)]
    return rects, pygame.Rect(panel.right - 20 - 190, top, 190, PANEL_CARD[1])


def jein_rects(zone: pygame.Rect, count: int = 2) -> list[pygame.Rect]:
    """Yes and no for a Jein, side by side over the seat's hand of tiles."""
    hand = seat_parts(zone)["hand"]
    rects = []
    for i in range(count):
        rect = pygame.Rect(0, 0, 190, min(64, hand.height - 8))
        rect.center = (hand.centerx + (i * 2 - 1) * 105, hand.centery)
        rects.append(rect)
    return rects


def pick_rect(panel: pygame.Rect, index: int) -> pygame.Rect:
    """The variant's pick: the seat's first or second building card in its panel."""
    return pygame.Rect(panel.left + 24 + index * 270, panel.top + 56, 250, 94)
