"""Where things stand at the Architekton table (logical 1920 x 1080).

The board is as tall as the screen allows (boards grow in every direction, and a wide
strip would waste the sides): the phase line sits beside the header, the log in a
column on the right, the supply in one on the left, the seats' zones below.

The board's squares are in world units (TILE a square); the camera turns them into
screen rects (`camera.BoardCamera.square`).
"""

import pygame

from client.table.layout import Layout, seat_strip
from engines.architekton.tiles import is_building

PHASE = pygame.Rect(610, 24, 930, 120)  # what is going on, beside the header
LOG = pygame.Rect(1560, 24, 330, 826)
SUPPLY = pygame.Rect(30, 160, 342, 690)  # the supply of 3 + 3, the stacks, the reserve
BOARD = pygame.Rect(390, 160, 1152, 690)  # the felt the board lies on
HINT_BAND = 52  # at the felt's foot: the camera hint, never over a square
CAMERA = pygame.Rect(BOARD.left, BOARD.top, BOARD.width, BOARD.height - HINT_BAND)  # the camera's view
SEATS = pygame.Rect(30, 866, 1860, 190)  # the two seats' zones
SUPPLY_TILE = 96
SUPPLY_GAP = 16
HAND_TILE = 124
PREVIEW = 96  # a rotation to choose, in the row under its square
PREVIEW_GAP = 12
TILE = 100  # world units per square (the camera turns them into pixels)
HOUSE_BOX = 40  # a house leaving or reaching a seat's stock


def table_layout(players: int) -> Layout:
    """The board, one zone per seat, no private panels (nothing is secret here)."""
    zones = seat_strip(players, SEATS, gap=20, widest=920)
    return Layout(BOARD.copy(), dict(enumerate(zones)), {}, phase=PHASE.copy(), log=LOG.copy())


# --- the board's squares, in world units -------------------------------------------------
def square_rect(x: int, y: int) -> tuple[int, int, int, int]:
    """Square (x, y) in world units."""
    return (x * TILE, y * TILE, TILE, TILE)


def square_centre(x: int, y: int) -> tuple[float, float]:
    return ((x + 0.5) * TILE, (y + 0.5) * TILE)


def inner(rect: pygame.Rect) -> pygame.Rect:
    """A square's tile, a little inside its square so the grid shows."""
    inset = max(1, rect.width // 36)
    return rect.inflate(-2 * inset, -2 * inset)


# --- the supply ------------------------------------------------------------------------------
def supply_slot(row: int, index: int) -> pygame.Rect:
    """The ``index``-th place of a supply row (0: buildings, 1: landscapes)."""
    left = SUPPLY.centerx - (3 * SUPPLY_TILE + 2 * SUPPLY_GAP) // 2
    return pygame.Rect(left + index * (SUPPLY_TILE + SUPPLY_GAP), SUPPLY.top + 88 + row * 150, SUPPLY_TILE,
                       SUPPLY_TILE)


def supply_rects(supply: list[str]) -> dict[str, pygame.Rect]:
    """Where each supply tile stands: buildings in one row, landscapes in the next."""
    rects = {}
    rows = ([t for t in supply if is_building(t)], [t for t in supply if not is_building(t)])
    for row, tiles in enumerate(rows):
        for index, tile in enumerate(tiles):
            rects[tile] = supply_slot(row, index)
    return rects


# --- a seat's zone ------------------------------------------------------------------------------
def hand_slot(zone: pygame.Rect, index: int) -> pygame.Rect:
    """Where the ``index``-th tile a seat took lies, in the right half of its ``zone``."""
    return pygame.Rect(zone.centerx + 30 + min(index, 1) * (HAND_TILE + 90), zone.top + 26, HAND_TILE, HAND_TILE)


def stock_box(zone: pygame.Rect) -> pygame.Rect:
    """Where a seat's houses in stock are drawn (a house flies from and to there)."""
    box = pygame.Rect(0, 0, HOUSE_BOX, HOUSE_BOX)
    box.center = (zone.left + 40, zone.top + 140)
    return box


def rising_point(zone: pygame.Rect) -> tuple[int, int]:
    """Where words about a seat's chips rise from."""
    return (zone.left + 90, zone.top + 170)


def settle_rect(zone: pygame.Rect, index: int) -> pygame.Rect:
    """The ``index``-th answer to a surround (AR-4), in the right half of the owner's zone."""
    return pygame.Rect(zone.left + zone.width // 2 + 20, zone.top + 52 + index * 66, zone.width // 2 - 50, 58)


# --- over the board --------------------------------------------------------------------------------
def rotation_row(square: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Places for ``count`` rotations of a tile, in a row under its ``square`` (over it
    near the board's foot), inside the board."""
    width = count * PREVIEW + (count - 1) * PREVIEW_GAP
    row = pygame.Rect(0, 0, width, PREVIEW)
    row.midtop = (square.centerx, square.bottom + 40)
    if row.bottom > BOARD.bottom - 16:
        row.midbottom = (square.centerx, square.top - 16)
    row.clamp_ip(BOARD.inflate(-24, -60))
    return [pygame.Rect(row.left + i * (PREVIEW + PREVIEW_GAP), row.top, PREVIEW, PREVIEW) for i in range(count)]


def centre_box(width: int, height: int) -> pygame.Rect:
    """A box in the middle of the board (a banner, an early end, an interlude)."""
    box = pygame.Rect(0, 0, width, height)
    box.center = BOARD.center
    return box
