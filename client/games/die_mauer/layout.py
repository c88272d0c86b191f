"""Where things stand at the Die Mauer table (logical 1920 x 1080): the wall on its shelf,
each seat's fist, the cards of a pick, the round's summary.

Pure geometry. Wall pieces get the tallest height at which the whole wall, plus room for
a ghost at either end, fits on the shelf (every one of the 42 pieces of six stocks fits).
"""

from dataclasses import dataclass
from functools import lru_cache

import pygame

from client.games.die_mauer.art import piece_size
from client.table.layout import LOG, PRIVATE_BAND, Layout, private_panel, seat_strip, strip_rects
from client.ui import art
from engines.die_mauer import LEFT

WALL_BASE = PRIVATE_BAND.top - 24  # the plank the wall stands on
# Everything of the wall (pieces at rest, falling pieces, the ghost) stays in here: below
# the log and the phase line, above the plank.
SHELF = pygame.Rect(40, LOG.bottom + 10, art.W - 80, WALL_BASE - LOG.bottom - 10)
WALL_MAX_HEIGHT = 150
WALL_MIN_HEIGHT = 36
CARD = (100, 104)  # a choice in the private panel
PUBLIC_CARD = (170, 112)  # a public end choice, in the band over the seats
REVEALED_PIECE = 80  # the height of a piece shown beside its opened fist

WallItems = tuple[tuple[str, int], ...]  # (piece, uid) from left to right


@dataclass(frozen=True)
class WallLayout:
    """Where the wall's pieces stand: each uid's slot, the piece height, the gap between
    pieces, the wall's left and right edge and its centre."""

    height: int
    gap: int
    left: int
    right: int
    centre: tuple[int, int]
    slots: dict[int, pygame.Rect]


# --- the table ------------------------------------------------------------------------------
def table_layout(players: int, local_seats: list[int]) -> Layout:
    seats = dict(enumerate(seat_strip(players)))
    private = {seat: private_panel(seats[seat], 920) for seat in local_seats}
    board = pygame.Rect(SHELF.left, SHELF.top, SHELF.width, PRIVATE_BAND.top - SHELF.top - 2)
    return Layout(board, seats, private)


def private_rect(zone: pygame.Rect, count: int) -> pygame.Rect:
    """The private panel over ``zone``, as wide as ``count`` cards need."""
    width = max(780, count * (CARD[0] + 10) + 60)
    return private_panel(zone, width)


def private_card_rects(panel: pygame.Rect, count: int) -> list[pygame.Rect]:
    """``count`` cards in a row in the private ``panel``."""
    area = pygame.Rect(panel.left + 20, panel.top + 98, panel.width - 40, CARD[1])
    return strip_rects(area, count, *CARD, gap=10)


def end_card_rects(count: int) -> list[pygame.Rect]:
    """``count`` public end choices in the band over the seats."""
    area = pygame.Rect(PRIVATE_BAND.left, PRIVATE_BAND.top + 10, PRIVATE_BAND.width, PUBLIC_CARD[1])
    return strip_rects(area, count, *PUBLIC_CARD)


def stock_area(panel: pygame.Rect) -> pygame.Rect:
    """Where the open private panel shows the seat's stock when it has nothing to choose."""
    return pygame.Rect(panel.left + 24, panel.top + 100, panel.width - 48, panel.height - 112)


def fist_centre(zone: pygame.Rect) -> tuple[int, int]:
    return zone.left + 70, zone.top + 150


def revealed_spot(zone: pygame.Rect) -> tuple[int, int]:
    """Where a revealed piece stands (its bottom centre), beside the seat's opened fist."""
    fist = fist_centre(zone)
    return fist[0] + 100, fist[1] + 45


def hidden_block(zone: pygame.Rect, index: int) -> pygame.Rect:
    """The ``index``-th face-down block of a seat's hidden stock."""
    return pygame.Rect(zone.left + 20 + index * 34, zone.top + 198, 28, 32)


def summary_box(players: int) -> pygame.Rect:
    """The round's summary, where the wall was."""
    box = pygame.Rect(0, 0, 820, 100 + 40 * players)
    box.midtop = (art.W // 2, SHELF.top - 10)
    return box


# --- the wall -------------------------------------------------------------------------------
def wall_gap(height: int) -> int:
    return max(2, height // 40)


def wall_width(items: WallItems, height: int) -> int:
    return sum(piece_size(piece, height)[0] for piece, _ in items) + wall_gap(height) * max(0, len(items) - 1)


def ghost_room(height: int) -> int:
    """The width of the widest piece: room for the ghost of the next one at an end."""
    return piece_size("6", height)[0]


@lru_cache(maxsize=64)
def wall_layout(items: WallItems) -> WallLayout:
    """Where each of ``items`` stands on the shelf, centred, as tall as the shelf allows."""
    height = WALL_MAX_HEIGHT
    for height in range(WALL_MAX_HEIGHT, WALL_MIN_HEIGHT - 1, -2):
        if wall_width(items, height) + 2 * (ghost_room(height) + wall_gap(height)) <= SHELF.width:
            break
    gap, width = wall_gap(height), wall_width(items, height)
    x = SHELF.centerx - width // 2
    left = x
    slots = {}
    for piece, uid in items:
        w, h = piece_size(piece, height)
        slots[uid] = pygame.Rect(x, WALL_BASE - h, w, h)
        x += w + gap
    return WallLayout(height, gap, left, left + width, (SHELF.centerx, WALL_BASE - height // 2), slots)


def ghost_rect(items: WallItems, piece: str, end: str) -> pygame.Rect:
    """Where the ghost of ``piece`` stands at ``end`` of the wall of ``items``."""
    layout = wall_layout(items)
    rect = pygame.Rect((0, 0), piece_size(piece, layout.height))
    if not items:
        rect.midbottom = (SHELF.centerx, WALL_BASE)
    elif end == LEFT:
        rect.bottomright = (layout.left - layout.gap, WALL_BASE)
    else:
        rect.bottomleft = (layout.right + layout.gap, WALL_BASE)
    return rect
