"""The town's picture: how the stretches run through their cells (which sides of a cell
a band leaves by, where a stretch passes under a bridge), and the cached pictures of the
ground, of the laid tiles and of a lone tile. Reads views; changes nothing.
"""

from collections.abc import Callable, Iterable
from functools import lru_cache

import pygame

from client.games.drunter_druber import art as dart
from client.games.drunter_druber.layout import (
    BOARD,
    BUILDING_XY,
    CELL,
    FRAME,
    START_XY,
    TOILET_XY,
    Cell,
    cell_rect,
    cells_rect,
    side_towards,
)
from client.games.drunter_druber.state import Tile, TileKey, tile_key
from client.ui import art
from engines.drunter_druber.board import HEIGHT, WIDTH

BAND = 30  # a stretch's band across a cell
CORNER_KIND = {START_XY[stretch]: stretch for stretch in START_XY}  # each start in its stretch's look


def look(tile: Tile) -> str:
    """How a laid tile is painted: its stretch (the two walls look different; a street or
    river stretch is named as its kind)."""
    return tile["stretch"]


class Links:
    """How every stretch runs: for each covered cell, the sides its band leaves by; the
    bridge cells (middle of a triple) with their axis; the cells where a stretch passes
    under a bridge, with the sides it comes and goes by (DD-3, DD-4)."""

    def __init__(self, tiles: list[Tile]) -> None:
        self.sides: dict[Cell, set[str]] = {}
        self.bridges: dict[Cell, tuple[str, str]] = {}  # cell -> (kind, "h" | "v")
        self.unders: dict[Cell, tuple[str, list[str]]] = {}  # cell -> (kind, sides)
        self.kind_at: dict[Cell, str] = {}
        self.entry: dict[TileKey, str | None] = {}  # tile key -> the side its docking field is entered by
        self.joins: dict[TileKey, Cell] = {}  # tile key -> the cell it joins on to (a bridge cell when under one)
        self.behind: dict[TileKey, Cell] = {}  # tile key -> the stretch's end before it
        ends = dict(START_XY)
        for tile in tiles:
            cells = [(c[0], c[1]) for c in tile["cells"]]
            kind = look(tile)
            for cell in cells:
                self.kind_at[cell] = kind
                self.sides.setdefault(cell, set())
            previous, dock = ends[tile["stretch"]], cells[0]
            self.entry[tile_key(tile)] = self._join(previous, dock, kind)
            self.behind[tile_key(tile)] = previous
            if abs(previous[0] - dock[0]) + abs(previous[1] - dock[1]) == 2:
                self.joins[tile_key(tile)] = ((previous[0] + dock[0]) // 2, (previous[1] + dock[1]) // 2)
            else:
                self.joins[tile_key(tile)] = previous
            for a, b in zip(cells, cells[1:], strict=False):
                self.sides[a].add(side_towards(a, b))
                self.sides[b].add(side_towards(b, a))
            if len(cells) == 3:
                self.bridges[cells[1]] = (kind, "h" if cells[0][1] == cells[2][1] else "v")
            ends[tile["stretch"]] = cells[-1]

    def _join(self, previous: Cell, dock: Cell, kind: str) -> str:
        """Link ``dock`` to the stretch's end before it; through a bridge cell when it
        passed under one (DD-4). Returns the docking field's entry side."""
        side = side_towards(dock, previous)
        if abs(previous[0] - dock[0]) + abs(previous[1] - dock[1]) == 2:
            middle = ((previous[0] + dock[0]) // 2, (previous[1] + dock[1]) // 2)
            self.unders[middle] = (kind, [side_towards(middle, previous), side_towards(middle, dock)])
            if previous in self.sides:
                self.sides[previous].add(side_towards(previous, middle))
        elif previous in self.sides:
            self.sides[previous].add(side_towards(previous, dock))
        self.sides[dock].add(side)
        return side


# --- pictures ---------------------------------------------------------------------------
@art.cached
@lru_cache(maxsize=1)
def ground() -> pygame.Surface:
    """The town without any tile: ground, buildings, toilets and the four corner starts."""
    surface = pygame.Surface(FRAME.size, pygame.SRCALPHA)
    outer = surface.get_rect()
    pygame.draw.rect(surface, (52, 40, 30), outer, border_radius=10)
    pygame.draw.rect(surface, (96, 74, 52), outer, width=3, border_radius=10)
    offset = (BOARD.left - FRAME.left, BOARD.top - FRAME.top)
    for y in range(HEIGHT):
        for x in range(WIDTH):
            rect = cell_rect((x, y)).move(-FRAME.left, -FRAME.top)
            dart.ground_cell(surface, rect, x, y)
            if (x, y) in CORNER_KIND:
                dart.corner_cell(surface, rect, CORNER_KIND[(x, y)])
            elif (x, y) in BUILDING_XY:
                dart.building_cell(surface, rect, *BUILDING_XY[(x, y)])
            elif (x, y) in TOILET_XY:
                dart.toilet_cell(surface, rect)
    for i in range(WIDTH + 1):  # the grid, faint, so cells can be counted
        x = offset[0] + i * CELL
        pygame.draw.line(surface, (60, 84, 48), (x, offset[1]), (x, offset[1] + HEIGHT * CELL), 1)
    for i in range(HEIGHT + 1):
        y = offset[1] + i * CELL
        pygame.draw.line(surface, (60, 84, 48), (offset[0], y), (offset[0] + WIDTH * CELL, y), 1)
    return surface


def draw_tile(surface: pygame.Surface, kind: str, cells: list[Cell], sides_of: Callable[[Cell], Iterable[str]],
              bridges: dict[Cell, tuple[str, str]], origin: tuple[int, int] = (0, 0)) -> None:
    """One tile: its plate over its cells, its band through them (leaving each cell by
    ``sides_of(cell)``), and its bridge deck, drawn relative to ``origin``."""
    rect = cells_rect(cells).move(-origin[0], -origin[1])
    dart.tile_plate(surface, kind, rect.inflate(-4, -4))
    for cell in cells:
        if cell not in bridges:
            dart.paint_band(surface, kind, cell_rect(cell).move(-origin[0], -origin[1]), sorted(sides_of(cell)), BAND)
    for cell in cells:
        if cell in bridges:
            dart.bridge_deck(surface, kind, cell_rect(cell).move(-origin[0], -origin[1]), bridges[cell][1], BAND)


class BoardPainter:
    """The town with every laid tile, as one opaque picture. Tiles are only ever added at
    the end of the list or taken back from it, so the picture for n tiles is the one for
    n - 1 with one tile painted on (a band only ever gains sides); a few recent pictures
    are kept, so a tile sent back by a vote finds the picture from before it."""

    KEEP = 3

    def __init__(self) -> None:
        self.pictures: dict[tuple[TileKey, ...], pygame.Surface] = {}

    def image(self, tiles: list[Tile]) -> pygame.Surface:
        key = tuple(tile_key(tile) for tile in tiles)
        picture = self.pictures.pop(key, None)
        if picture is None:
            before = self.pictures.get(key[:-1]) if key else None
            if before is not None:
                picture = before.copy()
                self.paint(picture, tiles, len(tiles) - 1)
            else:
                picture = self.bare()
                for index in range(len(tiles)):
                    self.paint(picture, tiles[:index + 1], index)
        self.pictures[key] = picture  # the newest last
        while len(self.pictures) > self.KEEP:
            self.pictures.pop(next(iter(self.pictures)))
        return picture

    @staticmethod
    def bare() -> pygame.Surface:
        picture = art.background("table").subsurface(FRAME).copy()
        picture.blit(ground(), (0, 0))
        return picture.convert() if pygame.display.get_surface() else picture

    @staticmethod
    def paint(picture: pygame.Surface, tiles: list[Tile], index: int) -> None:
        """Paint ``tiles[index]`` (the last of ``tiles``) onto the picture of the ones before."""
        links = Links(tiles)
        tile = tiles[index]
        cells = [(c[0], c[1]) for c in tile["cells"]]
        origin = FRAME.topleft
        draw_tile(picture, look(tile), cells, lambda c: links.sides.get(c, ()), links.bridges, origin)
        # where it joins on: the end before it gains a side (or the bridge it passed under)
        joined = links.joins[tile_key(tile)]
        if joined in links.unders:
            kind, sides = links.unders[joined]
            rect = cell_rect(joined).move(-origin[0], -origin[1])
            dart.paint_band(picture, kind, rect, sides, BAND)
            over_kind, axis = links.bridges.get(joined, (kind, "h"))
            dart.bridge_deck(picture, over_kind, rect, axis, BAND)
            joined = links.behind[tile_key(tile)]
        if joined in links.kind_at and joined not in links.bridges:
            rect = cell_rect(joined).move(-origin[0], -origin[1])
            dart.paint_band(picture, links.kind_at[joined], rect, sorted(links.sides[joined]), BAND)


def lone_tile_sides(cells: list[Cell], entry: str | None) -> dict[Cell, set[str]]:
    """Sides for a tile drawn on its own (a ghost, a tile landing or flying back): its
    cells joined to each other, its docking field open towards where it docks."""
    sides: dict[Cell, set[str]] = {cell: set() for cell in cells}
    for a, b in zip(cells, cells[1:], strict=False):
        sides[a].add(side_towards(a, b))
        sides[b].add(side_towards(b, a))
    if entry is not None:
        sides[cells[0]].add(entry)
    return sides


@art.cached
@lru_cache(maxsize=256)
def lone_tile(kind: str, cells: tuple[Cell, ...], entry: str | None, alpha: int = 255) -> pygame.Surface:
    """A tile on its own surface (its cells' bounding box), for ghosts and animations."""
    rect = cells_rect(list(cells))
    surface = pygame.Surface(rect.size, pygame.SRCALPHA)
    sides = lone_tile_sides(list(cells), entry)
    bridges = {cells[1]: (kind, "h" if cells[0][1] == cells[2][1] else "v")} if len(cells) == 3 else {}
    draw_tile(surface, kind, list(cells), lambda c: sides[c], bridges, rect.topleft)
    if alpha != 255:
        surface.set_alpha(alpha)
    return surface
