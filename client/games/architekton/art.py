"""Architekton's pieces, drawn in code: terrains (a colour and a pattern each, so they
read without colour too), landscape and building tiles, houses, chips, the empty
chessboard's squares, the felt under the board, the whole board as one picture.

Every tile look is drawn once at BASE pixels and scaled (and cached) at the sizes the
camera asks for, so a resting board is only blits.
"""

import math
from collections.abc import Container, Sequence
from functools import lru_cache

import pygame

from client.games.architekton.layout import TILE, inner
from client.games.architekton.state import Cell, Square
from client.table.types import Colour
from client.ui import art
from engines.architekton.tiles import BUILDING_SIDES, FACING, LANDSCAPE_TERRAIN, TERRAIN_NAMES

BASE = 144  # pixels of a tile as drawn (the largest it is shown); scaled down for the board
TERRAIN_COLOURS = {
    "W": (64, 128, 206),  # water: waves
    "F": (52, 122, 66),  # forest: trees
    "H": (172, 118, 74),  # hill: humps
    "A": (226, 196, 92),  # field: furrows
}
PATTERN_INK = {
    "W": (196, 226, 255),
    "F": (22, 66, 34),
    "H": (104, 66, 38),
    "A": (150, 116, 40),
}
STONE = (206, 198, 184)
STONE_DARK = (112, 104, 96)
SQUARE_LANDSCAPE = (52, 58, 46)  # an empty landscape square of the chessboard
SQUARE_BUILDING = (74, 66, 70)  # an empty building square
FELT = (30, 34, 32)
HOUSE_SCALE = 0.4  # a house on its square


def terrain_name(terrain: str) -> str:
    return TERRAIN_NAMES[terrain]


# --- terrain patterns ----------------------------------------------------------------------
def _waves(surface: pygame.Surface, size: int) -> None:
    ink = PATTERN_INK["W"]
    width = max(2, size // 40)
    for row in range(4):
        y0 = size * (row + 0.6) / 4.2
        points = [(x, y0 + math.sin(x / size * 4 * math.pi + row) * size * 0.035) for x in range(0, size + 4, 4)]
        pygame.draw.lines(surface, ink, False, points, width)


def _trees(surface: pygame.Surface, size: int) -> None:
    ink = PATTERN_INK["F"]
    step = size / 3
    for row in range(3):
        for col in range(3):
            cx = step * (col + 0.5) + (step / 4 if row % 2 else -step / 8)
            base = step * (row + 0.82)
            half, tall = step * 0.26, step * 0.62
            pygame.draw.polygon(surface, ink, [(cx - half, base), (cx + half, base), (cx, base - tall)])
            pygame.draw.line(surface, ink, (cx, base), (cx, base + step * 0.12), max(2, size // 50))


def _humps(surface: pygame.Surface, size: int) -> None:
    ink = PATTERN_INK["H"]
    width = max(2, size // 36)
    step = size / 2.6
    for row in range(3):
        for col in range(3):
            cx = step * (col + 0.3) + (step / 2 if row % 2 else 0)
            cy = size * (row + 0.75) / 3
            rect = pygame.Rect(0, 0, step * 0.9, step * 0.8)
            rect.midtop = (cx, cy - step * 0.3)
            pygame.draw.arc(surface, ink, rect, 0.15, math.pi - 0.15, width)


def _furrows(surface: pygame.Surface, size: int) -> None:
    ink = PATTERN_INK["A"]
    width = max(2, size // 44)
    gap = size / 6
    for i in range(-6, 7):  # diagonal rows of a ploughed field
        x0 = i * gap
        pygame.draw.line(surface, ink, (x0, size), (x0 + size, 0), width)


PATTERNS = {"W": _waves, "F": _trees, "H": _humps, "A": _furrows}


@art.cached
@lru_cache(maxsize=8)
def terrain_square(terrain: str, size: int = BASE) -> pygame.Surface:
    """A square of one terrain: its colour and its pattern."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    surface.fill((*TERRAIN_COLOURS[terrain], 255))
    PATTERNS[terrain](surface, size)
    return surface


def _triangle_mask(size: int, side: int) -> pygame.Surface:
    """An opaque triangle from the tile's edge ``side`` (N E S W) to its centre."""
    corners = [(0, 0), (size, 0), (size, size), (0, size)]
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size / 2, size / 2)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [corners[side], corners[(side + 1) % 4], centre])
    return mask


def _rounded(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """``surface`` with rounded corners (transparent outside)."""
    size = surface.get_size()
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    out = surface.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


# --- tiles at BASE size ---------------------------------------------------------------------
@art.cached
@lru_cache(maxsize=8)
def landscape_base(terrain: str) -> pygame.Surface:
    surface = terrain_square(terrain).copy()
    pygame.draw.rect(surface, art.shade(TERRAIN_COLOURS[terrain], 0.62), surface.get_rect(), BASE // 24,
                     border_radius=BASE // 10)
    return _rounded(surface, BASE // 10)


@art.cached
@lru_cache(maxsize=32)
def building_base(tile: str) -> pygame.Surface:
    """A building tile as printed: each side's terrain in a triangle towards the centre,
    a stone plinth in the middle (where a house stands)."""
    facing = FACING[tile][0]
    surface = pygame.Surface((BASE, BASE), pygame.SRCALPHA)
    for side, terrain in enumerate(facing):
        part = terrain_square(terrain).copy()
        part.blit(_triangle_mask(BASE, side), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(part, (0, 0))
    centre = BASE / 2
    for side in range(4):  # seams between the sides
        corner = [(0, 0), (BASE, 0), (BASE, BASE), (0, BASE)][side]
        pygame.draw.line(surface, STONE_DARK, corner, (centre, centre), max(2, BASE // 64))
    plinth = pygame.Rect(0, 0, BASE * 0.34, BASE * 0.34)
    plinth.center = (centre, centre)
    pygame.draw.rect(surface, STONE_DARK, plinth.inflate(BASE // 24, BASE // 24), border_radius=BASE // 16)
    pygame.draw.rect(surface, STONE, plinth, border_radius=BASE // 20)
    pygame.draw.rect(surface, STONE_DARK, surface.get_rect(), BASE // 20, border_radius=BASE // 14)
    return _rounded(surface, BASE // 14)


def tile_base(tile: str) -> pygame.Surface:
    if tile in BUILDING_SIDES:
        return building_base(tile)
    return landscape_base(LANDSCAPE_TERRAIN[tile])


@art.cached
@lru_cache(maxsize=96)
def tile_image(tile: str, rot: int, size: int) -> pygame.Surface:
    """``tile`` turned ``rot`` quarter turns clockwise, scaled to ``size`` pixels smoothly
    (cached: a resting board only blits; a few sizes of every look on the board fit)."""
    size = max(4, int(size))
    return _turned(pygame.transform.smoothscale(_mip(tile, size), (size, size)), rot)


def moving_tile(tile: str, rot: int, size: int) -> pygame.Surface:
    """``tile`` for one frame of a zoom or a flight: quickly scaled, not cached (its size
    changes every frame)."""
    size = max(4, int(size))
    return _turned(pygame.transform.scale(_mip(tile, size), (size, size)), rot)


def _turned(image: pygame.Surface, rot: int) -> pygame.Surface:
    return pygame.transform.rotate(image, -90 * (rot % 4)) if rot % 4 else image


def _mip(tile: str, size: int) -> pygame.Surface:
    """The drawn tile, or its half-size copy for small sizes (cheaper and smoother to scale)."""
    return _half(tile) if size <= BASE // 2 else tile_base(tile)


@art.cached
@lru_cache(maxsize=48)
def _half(tile: str) -> pygame.Surface:
    return pygame.transform.smoothscale(tile_base(tile), (BASE // 2, BASE // 2))


@art.cached
@lru_cache(maxsize=16)
def ghost_image(tile: str, rot: int, size: int) -> pygame.Surface:
    """A see-through ``tile``: where it would go."""
    image = tile_image(tile, rot, size).copy()
    image.set_alpha(150)
    return image


# --- houses and chips -----------------------------------------------------------------------
@art.cached
@lru_cache(maxsize=64)
def house_image(colour: Colour, seat: int, size: int) -> pygame.Surface:
    """A house in its player's colour; a white mark on its front (a round window for
    the first player, a square one for the second) tells the players apart without colour."""
    size = max(8, int(size))
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    s = size
    outline = [(s * 0.12, s * 0.92), (s * 0.88, s * 0.92), (s * 0.88, s * 0.46), (s * 0.5, s * 0.1),
               (s * 0.12, s * 0.46)]
    pygame.draw.polygon(surface, art.NIGHT, [(x, y) for x, y in outline])
    inner = [(s * 0.2, s * 0.86), (s * 0.8, s * 0.86), (s * 0.8, s * 0.49), (s * 0.5, s * 0.2),
             (s * 0.2, s * 0.49)]
    pygame.draw.polygon(surface, colour, inner)
    mark = max(2, round(s * 0.13))
    centre = (round(s * 0.5), round(s * 0.58))
    if seat % 2 == 0:
        pygame.draw.circle(surface, art.INK, centre, mark)
        pygame.draw.circle(surface, art.NIGHT, centre, mark, max(1, s // 24))
    else:
        rect = pygame.Rect(0, 0, mark * 2, mark * 2)
        rect.center = centre
        pygame.draw.rect(surface, art.INK, rect)
        pygame.draw.rect(surface, art.NIGHT, rect, max(1, s // 24))
    return surface


@art.cached
@lru_cache(maxsize=16)
def chip_image(size: int) -> pygame.Surface:
    """A point chip: a gold coin."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    centre, radius = (size / 2, size / 2), size / 2 - 1
    pygame.draw.circle(surface, art.shade(art.GOLD, 0.6), centre, radius)
    pygame.draw.circle(surface, art.GOLD, centre, radius * 0.84)
    pygame.draw.circle(surface, art.shade(art.GOLD, 0.75), centre, radius * 0.55, max(1, size // 14))
    return surface


@art.cached
@lru_cache(maxsize=32)
def empty_square(building: bool, size: int) -> pygame.Surface:
    """An empty square of the chessboard: building squares lighter with a plinth mark,
    landscape squares darker and plain, so the pattern shows before tiles are laid."""
    size = max(4, int(size))
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    colour = SQUARE_BUILDING if building else SQUARE_LANDSCAPE
    pygame.draw.rect(surface, (*colour, 150), surface.get_rect(), border_radius=max(2, size // 10))
    if building:
        mark = pygame.Rect(0, 0, size * 0.36, size * 0.36)
        mark.center = (size / 2, size / 2)
        pygame.draw.rect(surface, (*art.shade(colour, 1.35), 170), mark, max(1, size // 30),
                         border_radius=max(1, size // 16))
    return surface


def mark(surface: pygame.Surface, centre: tuple[int, int], good: bool, size: int) -> None:
    """A tick (the side matches) or a cross (it does not), on a dark disc so it reads on any terrain."""
    x, y = centre
    r = max(6, size // 2)
    pygame.draw.circle(surface, art.NIGHT, (x, y), r)
    width = max(2, size // 6)
    if good:
        pygame.draw.lines(surface, art.GOOD, False, [(x - r * 0.5, y), (x - r * 0.12, y + r * 0.42),
                                                     (x + r * 0.55, y - r * 0.45)], width)
    else:
        d = r * 0.45
        pygame.draw.line(surface, art.DANGER, (x - d, y - d), (x + d, y + d), width)
        pygame.draw.line(surface, art.DANGER, (x - d, y + d), (x + d, y - d), width)


def emblem(height: int) -> pygame.Surface:
    """A corner of a board: landscapes around a building with a house."""
    cell = height // 3
    surface = pygame.Surface((cell * 3, cell * 3), pygame.SRCALPHA)
    layout = {(1, 0): "L01", (0, 1): "L07", (2, 1): "L13", (1, 2): "L19"}
    for (x, y), tile in layout.items():
        surface.blit(tile_image(tile, 0, cell - 2), (x * cell + 1, y * cell + 1))
    surface.blit(tile_image("B21", 0, cell - 2), (cell + 1, cell + 1))
    house = house_image(art.SEAT_COLOURS[0], 0, cell // 2)
    surface.blit(house, house.get_rect(center=(cell * 1.5, cell * 1.5)))
    for (x, y), tile in (((0, 0), "B01"), ((2, 0), "B09"), ((0, 2), "B14"), ((2, 2), "B07")):
        surface.blit(tile_image(tile, 0, cell - 2), (x * cell + 1, y * cell + 1))
    return surface


# --- the board -----------------------------------------------------------------------------------
@art.cached
@lru_cache(maxsize=2)
def felt(rect: tuple[int, int, int, int]) -> pygame.Surface:
    """The board's ground, on the table's own backdrop (opaque: quick to draw)."""
    surface = art.background("table").subsurface(rect).copy()
    pygame.draw.rect(surface, FELT, surface.get_rect(), border_radius=18)
    pygame.draw.rect(surface, (58, 62, 58), surface.get_rect(), 3, border_radius=18)
    return surface


@art.cached
@lru_cache(maxsize=4)
def veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """A dark see-through cover (a tile that cannot be chosen now)."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill((16, 12, 18, alpha))
    return surface


@art.cached
@lru_cache(maxsize=8)
def tint(size: tuple[int, int], colour: Colour, alpha: int) -> pygame.Surface:
    """A see-through cover in a seat's ``colour`` (a square it may choose)."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill((*colour, alpha))
    return surface


def house_on(surface: pygame.Surface, colour: Colour, owner: int, square: pygame.Rect,
             scale: float = HOUSE_SCALE) -> None:
    """``owner``'s house in the middle of ``square``."""
    image = house_image(colour, owner, max(10, round(square.width * scale)))
    surface.blit(image, image.get_rect(center=square.center))


def board_picture(cells: dict[Square, Cell], bounds: tuple[int, int, int, int], size: int, smooth: bool,
                  hidden: Container[Square], hidden_houses: Container[Square], colours: Sequence[Colour]) -> pygame.Surface:
    """The squares in world ``bounds`` at ``size`` pixels a square, as one image: the empty
    chessboard, the tiles of ``cells`` (but ``hidden`` ones, on their way) and the houses
    (in their owners' ``colours``); smoothly scaled tiles when ``smooth``."""
    left, top, width, height = bounds
    x0, y0 = left // TILE, top // TILE
    image = pygame.Surface((width // TILE * size, height // TILE * size))
    image.fill(FELT)  # opaque: a whole board is drawn with one quick blit
    tile = tile_image if smooth else moving_tile

    def square(x: int, y: int) -> pygame.Rect:
        return pygame.Rect((x - x0) * size, (y - y0) * size, size, size)

    for y in range(y0, y0 + height // TILE):
        for x in range(x0, x0 + width // TILE):
            if (x, y) not in cells:
                rect = inner(square(x, y))
                image.blit(empty_square((x + y) % 2 == 1, rect.width), rect)
    for (x, y), cell in cells.items():
        if (x, y) not in hidden:
            rect = inner(square(x, y))
            image.blit(tile(cell["tile"], cell["rot"], rect.width), rect)
    for (x, y), cell in cells.items():
        if cell["house"] is not None and (x, y) not in hidden and (x, y) not in hidden_houses:
            house_on(image, colours[cell["house"]], cell["house"], square(x, y))
    return image.convert() if pygame.display.get_surface() else image
