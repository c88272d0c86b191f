"""Architekton's components as data (AR-1) and the geometry of the unbounded board.

Terrains are one letter each: W water, F forest, H hill, A field (German *Acker*; F is
taken by forest). A building tile lists the terrains of its sides clockwise from north
(N, E, S, W) as printed, at rotation 0. Rotation r turns the tile r quarter turns
clockwise, so the side printed north faces east at r = 1.

The board is unbounded: a square is a pair of ints, y grows southwards. The starting
landscapes lie on squares with x + y even, so landscapes always do and buildings always
lie on squares with x + y odd (the checkerboard of AR-2).
"""


from ..errors import N_
from ..words import Translator

TERRAINS = ("W", "F", "H", "A")
TERRAIN_NAMES = {"W": "water", "F": "forest", "H": "hill", "A": "field"}

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
DIRECTIONS = (NORTH, EAST, SOUTH, WEST)
DIRECTION_NAMES = ("north", "east", "south", "west")
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
OPPOSITE = (SOUTH, WEST, NORTH, EAST)

# AR-1: 22 building tiles, 88 sides, 22 of each terrain: 8 uniform, 6 with two
# terrains, 6 with three and 2 with all four.
BUILDING_SIDES = {
    "B01": "WWWW", "B02": "WWWW", "B03": "FFFF", "B04": "FFFF",
    "B05": "HHHH", "B06": "HHHH", "B07": "AAAA", "B08": "AAAA",
    "B09": "WWFF", "B10": "WHWH", "B11": "WWAA", "B12": "FFHH", "B13": "FAFA", "B14": "HHAA",
    "B15": "WWFH", "B16": "FFHA", "B17": "HHAW", "B18": "AAWF", "B19": "WFWA", "B20": "FHHA",
    "B21": "WFHA", "B22": "WHFA",
}
BUILDINGS = tuple(sorted(BUILDING_SIDES))

# AR-1: 24 landscape tiles, 6 of each terrain; a landscape is one terrain all round.
LANDSCAPE_TERRAIN = {f"L{i + 1:02d}": TERRAINS[i // 6] for i in range(24)}
LANDSCAPES = tuple(sorted(LANDSCAPE_TERRAIN))

HOUSES_PER_PLAYER = 12
START_CHIPS = 1
RESERVE_SIZE = 4  # of each kind, face down
SUPPLY_SIZE = 3  # of each kind, face up


def is_building(tile: str) -> bool:
    return tile in BUILDING_SIDES


def is_tile(tile: object) -> bool:
    return isinstance(tile, str) and (tile in BUILDING_SIDES or tile in LANDSCAPE_TERRAIN)


def _facing(sides: str, rot: int) -> list[str]:
    return [sides[(d - rot) % 4] for d in DIRECTIONS]


# FACING[tile][rot]: the terrain facing N, E, S, W; a landscape has only rotation 0.
FACING: dict[str, list[list[str]]] = {
    tile: [_facing(sides, rot) for rot in range(4)] for tile, sides in BUILDING_SIDES.items()
}
FACING.update({tile: [[t, t, t, t]] for tile, t in LANDSCAPE_TERRAIN.items()})


def _distinct_rotations(tile: str) -> list[int]:
    """Rotations that look different (a uniform tile has one, WHWH two)."""
    seen, rots = [], []
    for rot, facing in enumerate(FACING[tile]):
        if facing not in seen:
            seen.append(facing)
            rots.append(rot)
    return rots


ROTATIONS = {tile: _distinct_rotations(tile) for tile in FACING}

# ROT_MASK[tile][d][terrain]: bit r set when rotation r (one of ROTATIONS) shows
# ``terrain`` towards direction d. A spot is legal for rotation r when some neighbour's
# terrain is in the mask of its direction (AR-2), so legality is a few dict lookups.
ROT_MASK: dict[str, list[dict[str, int]]] = {}
for _tile in BUILDINGS:
    ROT_MASK[_tile] = [
        {t: sum(1 << r for r in ROTATIONS[_tile] if FACING[_tile][r][d] == t) for t in TERRAINS}
        for d in DIRECTIONS
    ]
MASK_ROTS = [[r for r in range(4) if mask >> r & 1] for mask in range(16)]

TERRAIN_SET = {tile: set(sides) for tile, sides in BUILDING_SIDES.items()}


# A tile in words, a sentence per kind of tile (the catalogues word each; German names a
# landscape by its terrain too).
TILE_NAMES = {
    "building": N_("building {tile} ({sides})"),
    "W": N_("water {tile}"),
    "F": N_("forest {tile}"),
    "H": N_("hill {tile}"),
    "A": N_("field {tile}"),
}


def tile_name(tile: str, tr: Translator | None = None) -> str:
    """A tile in words: "building B09 (WWFF)", "water L01"; in ``tr``'s language if given
    (English without)."""
    if tile in BUILDING_SIDES:
        template, data = TILE_NAMES["building"], {"tile": tile, "sides": BUILDING_SIDES[tile]}
    elif tile in LANDSCAPE_TERRAIN:
        template, data = TILE_NAMES[LANDSCAPE_TERRAIN[tile]], {"tile": tile}
    else:
        return repr(tile)
    return (tr.gettext(template) if tr is not None else template).format(**data)


def key(x: int, y: int) -> str:
    return f"{x},{y}"


def is_building_square(x: int, y: int) -> bool:
    return (x + y) % 2 == 1


def largest_group(houses: set[tuple[int, int]]) -> int:
    """Houses in the largest group of diagonally connected squares of ``houses`` (AR-6)."""
    best, seen = 0, set()
    for start in sorted(houses):
        if start in seen:
            continue
        seen.add(start)
        size, todo = 0, [start]
        while todo:
            x, y = todo.pop()
            size += 1
            for dx, dy in DIAGONALS:
                nxt = (x + dx, y + dy)
                if nxt in houses and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        best = max(best, size)
    return best
