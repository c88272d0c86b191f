"""Architekton's board: placed tiles, the open squares next to them, where a tile fits
(AR-2), which tiles may be taken together (AR-2, AR-5) and why a take or a placement is
refused, enclosure and mismatches (AR-4), and house groups (AR-6).

`TileBoard` is the part of `ArchitektonState` that knows the board's geometry; the state
machine (turns, scoring, views) is in ``rules``. Its attributes are state attributes, saved
and digested with the rest of the state.
"""

from itertools import combinations
from typing import Any, TypeGuard

from ..errors import N_, IllegalAction, shown
from ..state import is_whole
from ..types import Action
from .tiles import (
    BUILDING_SIDES,
    FACING,
    LANDSCAPE_TERRAIN,
    MASK_ROTS,
    OPPOSITE,
    ROT_MASK,
    STEPS,
    TERRAIN_SET,
    is_building,
    is_building_square,
    is_tile,
    key,
    largest_group,
)

# A board cell is [x, y, tile, rot, house, scored]: house is the owner's seat or None,
# scored is True once the building has been enclosed (AR-4).
X, Y, TILE, ROT, HOUSE, SCORED = range(6)

BOUND = 10_000  # far beyond any real board; keeps garbage coordinates cheap to reject


def is_bounded_whole(value: object) -> TypeGuard[int]:
    """A whole number within `BOUND`: all a square's coordinate or a rotation may be."""
    return is_whole(value) and -BOUND <= value <= BOUND


class TileBoard:
    """The board of an Architekton state, and the tiles it is asked about."""

    board: dict[str, list[Any]]  # key(x, y) -> a cell, as above
    # Empty squares next to the board: [x, y, N, E, S, W] with the terrain each
    # neighbour shows towards the square (None where there is none). Kept up to date
    # on every placement, so legal spots are a scan of these, not of the board.
    open_land: dict[str, list[Any]]
    open_build: dict[str, list[Any]]
    hand: list[str]
    supply_buildings: list[str]
    supply_landscapes: list[str]

    # --- laying a tile --------------------------------------------------------------
    def _put(self, tile: str, x: int, y: int, rot: int) -> None:
        self.board[key(x, y)] = [x, y, tile, rot, None, False]
        building = is_building(tile)
        (self.open_build if building else self.open_land).pop(key(x, y), None)
        others = self.open_land if building else self.open_build
        facing = FACING[tile][rot]
        for d, (dx, dy) in enumerate(STEPS):
            nx, ny = x + dx, y + dy
            k = key(nx, ny)
            if k in self.board:
                continue
            spot = others.get(k)
            if spot is None:
                spot = others[k] = [nx, ny, None, None, None, None]
            spot[2 + OPPOSITE[d]] = facing[d]

    def spots(self, tile: str) -> list[list[int]]:
        """Legal spots for ``tile`` (AR-2) as ``[x, y, rotation mask]``, sorted by y, x.

        Bit r of the mask is set when rotation r is legal there (only rotations that
        look different are offered, see tiles.ROTATIONS; a landscape has rotation 0).
        """
        found = []
        if is_building(tile):
            north, east, south, west = ROT_MASK[tile]
            for spot in self.open_build.values():
                mask = 0
                if spot[2]:
                    mask |= north[spot[2]]
                if spot[3]:
                    mask |= east[spot[3]]
                if spot[4]:
                    mask |= south[spot[4]]
                if spot[5]:
                    mask |= west[spot[5]]
                if mask:
                    found.append([spot[0], spot[1], mask])
        else:
            terrain = LANDSCAPE_TERRAIN[tile]
            for spot in self.open_land.values():
                if terrain in spot:  # x and y are ints, so only the four sides can match
                    found.append([spot[0], spot[1], 1])
        found.sort(key=lambda s: (s[1], s[0]))
        return found

    def _spot_mask(self, tile: str, x: int, y: int) -> int:
        if is_building(tile):
            spot = self.open_build.get(key(x, y))
            if spot is None:
                return 0
            masks = ROT_MASK[tile]
            return (
                (masks[0][spot[2]] if spot[2] else 0) | (masks[1][spot[3]] if spot[3] else 0)
                | (masks[2][spot[4]] if spot[4] else 0) | (masks[3][spot[5]] if spot[5] else 0)
            )
        spot = self.open_land.get(key(x, y))
        return 1 if spot is not None and LANDSCAPE_TERRAIN[tile] in spot else 0

    def _fitting_squares(self, tile: str, at_most: int) -> list[tuple[int, int]]:
        """Up to ``at_most`` squares where ``tile`` has a legal spot now (AR-2)."""
        found = []
        if is_building(tile):
            terrains = TERRAIN_SET[tile]
            for spot in self.open_build.values():
                if spot[2] in terrains or spot[3] in terrains or spot[4] in terrains or spot[5] in terrains:
                    found.append((spot[0], spot[1]))
                    if len(found) == at_most:
                        break
        else:
            terrain = LANDSCAPE_TERRAIN[tile]
            for spot in self.open_land.values():
                if terrain in spot:  # x and y are ints, so only the four sides can match
                    found.append((spot[0], spot[1]))
                    if len(found) == at_most:
                        break
        return found

    def _placeable(self, tile: str) -> bool:
        return bool(self._fitting_squares(tile, 1))

    def _supply_fits(self) -> bool:
        """Whether some supply tile fits, i.e. there is something to take (AR-2)."""
        return any(self._placeable(tile) for tile in self.supply_buildings + self.supply_landscapes)

    def take_options(self) -> list[list[str]]:
        """The tile sets the player may take now, sorted (AR-2).

        Two tiles whenever some pair can both be placed, in one order or the other: the
        first on a legal spot that leaves a legal spot for the second. Only when no pair
        can, a single tile with a legal spot.
        """
        supply = sorted(self.supply_buildings + self.supply_landscapes)
        fits = {tile: self._fitting_squares(tile, 2) for tile in supply}
        spots: dict[str, list[list[int]]] = {}  # full spot lists, computed only where needed
        pairs = [
            [a, b] for a, b in combinations(supply, 2)
            # Both fit now: placing one takes only its own square, so only two tiles
            # that each fit on one single square, the same one, exclude each other.
            if (fits[a] and fits[b] and (len(fits[a]) + len(fits[b]) > 2 or fits[a] != fits[b]))
            or ((fits[a] or fits[b]) and self._one_opens_the_other(a, b, fits, spots))
        ]
        return pairs or [[tile] for tile in supply if fits[tile]]

    def _one_opens_the_other(self, a: str, b: str, fits: dict[str, Any], spots: dict[str, Any]) -> bool:
        """For two tiles of which one fits now (AR-2): whether some legal placement of
        it opens a spot for the other. Only a tile of the other kind can: a building
        and a landscape each keep every spot they have when the other is placed."""
        if is_building(a) == is_building(b):
            return False
        first, second = (a, b) if fits[a] else (b, a)
        if first not in spots:
            spots[first] = self.spots(first)
        return bool(self._opening_spots(first, second, spots[first], at_most=1))

    def _opening_spots(self, first: str, second: str, spots: list[list[int]], at_most: int = 0) -> list[list[int]]:
        """The spots (and rotations) of ``first`` that give ``second``, a tile of the
        other kind, a legal spot it does not have yet: a matching side towards an
        empty square next to it. With ``at_most``, stop after that many."""
        board = self.board
        found = []
        building = is_building(first)
        if building:
            terrain = LANDSCAPE_TERRAIN[second]
        elif LANDSCAPE_TERRAIN[first] not in TERRAIN_SET[second]:
            return []  # a building shows a matching side in some rotation, if it has one
        for x, y, mask in spots:
            if not building:
                opening = mask if any(key(x + dx, y + dy) not in board for dx, dy in STEPS) else 0
            else:
                opening = 0
                for rot in MASK_ROTS[mask]:
                    facing = FACING[first][rot]
                    for d, (dx, dy) in enumerate(STEPS):
                        if facing[d] == terrain and key(x + dx, y + dy) not in board:
                            opening |= 1 << rot
                            break
            if opening:
                found.append([x, y, opening])
                if len(found) == at_most:
                    break
        return found

    def hand_spots(self) -> dict[str, list[list[int]]]:
        """Where each tile in hand may be placed now, as `spots` gives them.

        AR-5: when both tiles in hand can be placed, the first placement must leave a
        legal spot for the second, so spots that would strand it are left out. Only
        when no placement of either keeps the other (a hand no legal take gives, e.g.
        from a position set up by hand) is every AR-2 spot offered; the stranded tile
        then goes back to the supply.
        """
        raw = {tile: self.spots(tile) for tile in self.hand}
        if len(self.hand) < 2:
            return raw
        a, b = self.hand
        kept = {a: self._keeping(a, b, raw), b: self._keeping(b, a, raw)}
        return kept if kept[a] or kept[b] else raw

    def _keeps_other(self, tile: str, x: int, y: int, rot: int) -> bool:
        """Whether placing ``tile`` so leaves the other tile in hand a legal spot."""
        other = next(t for t in self.hand if t != tile)
        if is_building(tile) == is_building(other):
            return any(square != (x, y) for square in self._fitting_squares(other, 2))
        return self._placeable(other) or bool(self._opening_spots(tile, other, [[x, y, 1 << rot]]))

    def _keeping(self, first: str, second: str, raw: dict[str, list[list[int]]]) -> list[list[int]]:
        """The spots of ``first`` after which ``second`` still has a legal spot."""
        if is_building(first) == is_building(second):
            spots = raw[second]  # one entry per square
            if len(spots) != 1:
                return raw[first] if spots else []
            x, y, _ = spots[0]
            return [spot for spot in raw[first] if spot[0] != x or spot[1] != y]
        if raw[second]:
            return raw[first]  # a tile of the other kind takes none of its squares
        return self._opening_spots(first, second, raw[first])

    def _enclosed(self, x: int, y: int) -> bool:
        board = self.board
        return all(key(x + dx, y + dy) in board for dx, dy in STEPS)

    def mismatches(self, x: int, y: int) -> int:
        """Sides of the building at (x, y) whose landscape neighbour differs (AR-4)."""
        cell = self.board[key(x, y)]
        facing = FACING[cell[TILE]][cell[ROT]]
        count = 0
        for d, (dx, dy) in enumerate(STEPS):
            neighbour = self.board.get(key(x + dx, y + dy))
            if neighbour is not None and LANDSCAPE_TERRAIN[neighbour[TILE]] != facing[d]:
                count += 1
        return count

    def landscape_neighbours(self, x: int, y: int) -> int:
        return sum(key(x + dx, y + dy) in self.board for dx, dy in STEPS)

    # --- houses (AR-6) -------------------------------------------------------------------
    def largest_group(self, player: int) -> int:
        """Houses in ``player``'s largest group of diagonally connected houses (AR-6)."""
        return largest_group({(c[X], c[Y]) for c in self.board.values() if c[HOUSE] == player})

    def houses_on_board(self, player: int) -> int:
        return sum(cell[HOUSE] == player for cell in self.board.values())

    # --- why a take or a placement is refused (AR-2, AR-5) ---------------------------------
    def _check_take(self, tiles: object) -> None:
        if not isinstance(tiles, list) or not all(isinstance(t, str) for t in tiles):
            raise IllegalAction("malformed", N_("tiles must be a list of tile names"))
        options = self.take_options()
        if tiles in options:
            return
        if len(tiles) != len(options[0]):
            if len(options[0]) == 1:  # AR-2
                raise IllegalAction(
                    "wrong_count", N_("no two supply tiles can both be placed: take one tile that fits")
                )
            raise IllegalAction("wrong_count", N_("two supply tiles can both be placed: take two"))  # AR-2
        if tiles != sorted(set(tiles)):
            raise IllegalAction("malformed", N_("list different tiles in sorted order"))
        for tile in tiles:
            if tile not in self.supply_buildings and tile not in self.supply_landscapes:
                raise IllegalAction("not_in_supply", N_("{tile} is not in the supply"), {"tile": tile})
        if len(tiles) == 1:  # AR-2
            raise IllegalAction("no_spot", *about_tile(NO_SPOT, tiles[0]))
        raise IllegalAction(  # AR-2
            "no_spot", N_("these two tiles cannot both be placed, in either order, so they cannot be taken")
        )

    def _check_place(self, action: Action) -> None:
        tile, x, y, rot = action["tile"], action["x"], action["y"], action["rot"]
        if not is_tile(tile) or tile not in self.hand:
            raise IllegalAction("not_in_hand", N_("{tile} is not a tile you hold"), {"tile": shown(tile)})
        if not (is_bounded_whole(x) and is_bounded_whole(y) and is_bounded_whole(rot)):
            raise IllegalAction("malformed", N_("x, y and rot must be whole numbers"))
        if not 0 <= rot <= 3:
            raise IllegalAction("malformed", N_("rot is 0, 1, 2 or 3 quarter turns"))
        if key(x, y) in self.board:
            raise IllegalAction("occupied", N_("{x},{y} is taken"), {"x": x, "y": y})
        if is_building(tile) != is_building_square(x, y):  # AR-2
            raise IllegalAction("checkerboard", N_("buildings and landscapes alternate like a chessboard"))
        mask = self._spot_mask(tile, x, y)
        if not mask:  # AR-2
            raise IllegalAction("no_match", *about_tile(NO_MATCH, tile, {"x": x, "y": y}))
        if not mask >> rot & 1:
            raise IllegalAction("bad_rotation", N_("no side matches in that rotation (or it repeats a listed one)"))
        if len(self.hand) < 2 or self._keeps_other(tile, x, y, rot):
            return
        kept = next((m for sx, sy, m in self.hand_spots()[tile] if (sx, sy) == (x, y)), 0)
        if not kept >> rot & 1:  # else the hand could never both be placed: AR-5 lets it be
            other = next(t for t in self.hand if t != tile)
            raise IllegalAction(  # AR-5
                "strands_tile",
                N_("that leaves {other} no legal spot; place {tile} so the other tile still fits"),
                {"other": other, "tile": tile},
            )


# --- refusals naming a tile: a sentence per kind of tile (the catalogues word each) ---------
NO_SPOT = {
    "building": N_("building {tile} ({sides}) fits nowhere, so it cannot be taken"),
    "W": N_("water {tile} fits nowhere, so it cannot be taken"),
    "F": N_("forest {tile} fits nowhere, so it cannot be taken"),
    "H": N_("hill {tile} fits nowhere, so it cannot be taken"),
    "A": N_("field {tile} fits nowhere, so it cannot be taken"),
}
NO_MATCH = {
    "building": N_("building {tile} ({sides}) must touch the board with a matching side at {x},{y}"),
    "W": N_("water {tile} must touch the board with a matching side at {x},{y}"),
    "F": N_("forest {tile} must touch the board with a matching side at {x},{y}"),
    "H": N_("hill {tile} must touch the board with a matching side at {x},{y}"),
    "A": N_("field {tile} must touch the board with a matching side at {x},{y}"),
}


def about_tile(templates: dict[str, str], tile: str, data: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
    """A refusal's template and data about ``tile``: the sentence for its kind (a building
    with its sides, a landscape by its terrain)."""
    if is_building(tile):
        return templates["building"], {"tile": tile, "sides": BUILDING_SIDES[tile], **(data or {})}
    return templates[LANDSCAPE_TERRAIN[tile]], {"tile": tile, **(data or {})}
