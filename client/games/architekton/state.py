"""What the Architekton table shows of the game, kept from events as they are played, so
a tile lands, a house moves or a building is removed on screen before the next view
arrives; `sync` makes it equal to each view once that view is shown.

`Effects` keeps what moves or is announced over the table meanwhile (a tile in flight,
a surround being scored, the final scoring), each run by a tween of the table's animator.

No pygame drawing here: the squares and the diagonal house groups of the final scoring
(AR-6); where a square lies in the world is `layout`'s.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict, Unpack

import pygame

from client.games.architekton.layout import TILE
from client.table.handle import TableHandle
from client.table.types import Colour, Event, View
from engines.architekton.tiles import (
    BUILDINGS,
    DIAGONALS,
    FACING,
    HOUSES_PER_PLAYER,
    LANDSCAPES,
    RESERVE_SIZE,
    START_CHIPS,
    STEPS,
    SUPPLY_SIZE,
    is_building,
)

Square = tuple[int, int]  # a board square (x, y)


class Cell(TypedDict):
    """A square's tile as the table shows it."""

    tile: str
    rot: int  # quarter turns clockwise
    sides: list[str]  # its terrain per side, N E S W, as turned
    building: bool
    house: int | None  # its house's owner


@dataclass
class Shown:
    """The board, supply, hand, chips and houses as the table shows them right now."""

    cells: dict[Square, Cell] = field(default_factory=dict)
    supply: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    taken: list[str] = field(default_factory=list)  # the tiles in hand as taken: each keeps its slot
    chips: list[int] = field(default_factory=lambda: [START_CHIPS] * 2)
    houses: list[int] = field(default_factory=lambda: [HOUSES_PER_PLAYER] * 2)  # in stock
    stacks: dict[str, int] = field(default_factory=lambda: {"buildings": 0, "landscapes": 0})
    reserve: dict[str, int] = field(default_factory=lambda: {"buildings": 0, "landscapes": 0})
    turns_left: int | None = None  # once the last round began (AR-5)
    game: int = 1
    turn: int = 1
    version: int = 0  # goes up whenever a square changes (a drawn board is kept until then)
    victory_points: list[int] = field(default_factory=lambda: [0, 0])
    last_round_began: bool = False  # its first turn is still being played (AR-5)

    def sync(self, view: View) -> None:
        self.version += 1
        self.cells = {
            (c["x"], c["y"]): {"tile": c["tile"], "rot": c["rot"], "sides": list(c["sides"]),
                               "building": c["building"], "house": c["house"]}
            for c in view.get("board", [])
        }
        self.supply = [entry["tile"] for entry in view.get("supply", [])]
        self.hand = list(view.get("hand", []))
        if not set(self.hand) <= set(self.taken):
            self.taken = list(self.hand)
        self.chips = list(view.get("chips", self.chips))
        self.houses = list(view.get("houses", self.houses))
        self.stacks = dict(view.get("stacks", self.stacks))
        self.reserve = dict(view.get("reserve", self.reserve))
        self.turns_left = view.get("turns_left")
        self.game, self.turn = view.get("game_number", self.game), view.get("turn", self.turn)
        self.victory_points = list(view.get("victory_points", self.victory_points))

    # --- changes as events are played --------------------------------------------------
    def start(self, game: int, start: list[list[Any]], supply: list[str], players: int = 2) -> None:
        """A new game (set-up as the seed says): two landscapes, corners touching, a fresh
        supply, full stacks and reserve, every player's chip and houses. ``start``: the
        engine's rows [x, y, tile]."""
        self.cells, self.game, self.turn = {}, game, 1
        self.version += 1
        for x, y, tile in start:
            self.put(tile, x, y, 0)
        self.hand, self.taken, self.supply = [], [], list(supply)
        self.chips, self.houses = [START_CHIPS] * players, [HOUSES_PER_PLAYER] * players
        self.stacks = {"buildings": len(BUILDINGS) - RESERVE_SIZE - SUPPLY_SIZE,
                       "landscapes": len(LANDSCAPES) - RESERVE_SIZE - SUPPLY_SIZE - len(start)}
        self.reserve = {"buildings": RESERVE_SIZE, "landscapes": RESERVE_SIZE}
        self.turns_left = None

    def refill(self, tiles: list[str]) -> None:
        """The supply refilled: from the stacks while they last, then the reserve (AR-5)."""
        for kind, building in (("buildings", True), ("landscapes", False)):
            drawn = sum(1 for tile in tiles if is_building(tile) == building)
            from_stack = min(drawn, self.stacks[kind])
            self.stacks[kind] -= from_stack
            self.reserve[kind] = max(0, self.reserve[kind] - (drawn - from_stack))
        for tile in tiles:
            if tile not in self.supply:
                self.supply.append(tile)
        self.supply.sort(key=lambda t: (not is_building(t), t))

    def put(self, tile: str, x: int, y: int, rot: int) -> None:
        self.version += 1
        self.cells[(x, y)] = {"tile": tile, "rot": rot, "sides": list(FACING[tile][rot]),
                              "building": is_building(tile), "house": None}
        if tile in self.hand:
            self.hand.remove(tile)

    def take(self, tiles: list[str]) -> None:
        for tile in tiles:
            if tile in self.supply:
                self.supply.remove(tile)
        self.hand = list(tiles)
        self.taken = list(tiles)

    def give_back(self, tile: str) -> None:
        """A tile taken that fits nowhere goes back to the supply."""
        if tile in self.hand:
            self.hand.remove(tile)
        self.supply.append(tile)

    def house_from_stock(self, player: int, x: int, y: int) -> None:
        self.houses[player] = max(0, self.houses[player] - 1)
        self.set_house(x, y, player)

    def house_moved(self, player: int, source: Sequence[int], x: int, y: int) -> None:
        """AR-3: with none in stock, one of the player's houses moves onto the new building."""
        self.set_house(source[0], source[1], None)
        self.set_house(x, y, player)

    def house_back(self, player: int, x: int, y: int) -> None:
        """AR-4: the owner takes the house back into stock."""
        self.set_house(x, y, None)
        self.houses[player] += 1

    def remove_buildings(self, squares: Iterable[Sequence[int]]) -> dict[Square, Cell]:
        """AR-6: the removed buildings' squares (the engine's [x, y]) and cells (as they were)."""
        gone = {(x, y): self.cells[(x, y)] for x, y in squares if (x, y) in self.cells}
        self.remove(gone)
        return gone

    def last_round(self, turns_left: int) -> None:
        """AR-5: the last round began, ``turns_left`` turns to play."""
        self.turns_left = turns_left
        self.last_round_began = True

    def next_turn(self, turn: int) -> None:
        """Turn ``turn`` begins: a turn of the last round was played, unless it just began."""
        self.turn = turn
        if self.turns_left is not None and not self.last_round_began:
            self.turns_left -= 1
        self.last_round_began = False

    def set_house(self, x: int, y: int, owner: int | None) -> None:
        self.version += 1
        cell = self.cells.get((x, y))
        if cell is not None:
            cell["house"] = owner

    def remove(self, squares: Iterable[Square]) -> None:
        self.version += 1
        for x, y in squares:
            self.cells.pop((x, y), None)

    # --- questions ------------------------------------------------------------------------
    def bounds(self, ring: int = 1) -> tuple[int, int, int, int]:
        """World rect of every placed square and ``ring`` squares around (where the next
        tiles may go)."""
        if not self.cells:
            return (-ring * TILE, -ring * TILE, (2 * ring + 1) * TILE, (2 * ring + 1) * TILE)
        xs = [x for x, _ in self.cells]
        ys = [y for _, y in self.cells]
        left, top = min(xs) - ring, min(ys) - ring
        return (left * TILE, top * TILE, (max(xs) + ring + 1 - left) * TILE, (max(ys) + ring + 1 - top) * TILE)

    def houses_on_board(self, player: int) -> int:
        return sum(1 for cell in self.cells.values() if cell["house"] == player)

    def neighbours(self, x: int, y: int) -> list[Cell | None]:
        """The cells on the four sides of a square, N E S W (None where empty)."""
        return [self.cells.get((x + dx, y + dy)) for dx, dy in STEPS]

    def side_matches(self, x: int, y: int) -> list[bool | None]:
        """For a building: per side, True (the landscape there matches), False, or None (empty)."""
        sides = self.cells[(x, y)]["sides"]
        return [None if n is None else n["sides"][0] == sides[d] for d, n in enumerate(self.neighbours(x, y))]

    def largest_group(self, player: int) -> list[Square]:
        """The squares of ``player``'s largest group of diagonally linked houses (AR-6), in
        the order a trace visits them (each one linked to one before it)."""
        houses = {xy for xy, cell in self.cells.items() if cell["house"] == player}
        best: list[Square] = []
        seen: set[Square] = set()
        for start in sorted(houses, key=lambda s: (s[1], s[0])):
            if start in seen:
                continue
            seen.add(start)
            order, todo = [], [start]
            while todo:
                x, y = todo.pop(0)
                order.append((x, y))
                for dx, dy in DIAGONALS:
                    nxt = (x + dx, y + dy)
                    if nxt in houses and nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
            if len(order) > len(best):
                best = order
        return best


def group_links(group: list[Square]) -> list[tuple[Square, Square]]:
    """The links a trace draws through a group: each house to the first earlier house
    diagonally next to it."""
    links = []
    for index, (x, y) in enumerate(group[1:], start=1):
        for earlier in group[:index]:
            if abs(earlier[0] - x) == 1 and abs(earlier[1] - y) == 1:
                links.append((earlier, (x, y)))
                break
    return links


TWEEN_NAMES = 24  # per kind of tween (names come round again, long after their tween ended)

# Where something in flight lands: a screen rect, a seat's hand slot ("hand", seat, index),
# or a board square (x, y), followed as the camera moves.
End = pygame.Rect | tuple[str, int, int] | Square
# What words rise over: a board square (x, y) or a seat's zone ("zone", seat).
Over = Square | tuple[str, int]


class Piece(TypedDict, total=False):
    """What flies: a tile (turned ``rot``), or a seat's house."""

    tile: str
    rot: int
    seat: int


class Flight(Piece):
    kind: str  # "tile" or "house"
    start: pygame.Rect
    end: End
    tween: str


class Rising(TypedDict):
    """Words rising over a square or a zone ("+1 chip")."""

    words: str
    at: Over
    colour: Colour
    tween: str


class Scoring(TypedDict):
    """A surround being scored (AR-4): per side, whether it matches (None: empty)."""

    x: int
    y: int
    owner: int | None
    matches: list[bool | None]
    tween: str


class Banner(TypedDict):
    words: str
    more: str
    tween: str


class Final(TypedDict):
    """The final scoring (AR-6): removed buildings, then each player's largest group traced."""

    gone: dict[Square, Cell]
    groups: list[list[Square]]
    event: Event  # the final_scoring event
    removal_seconds: float
    removal: str  # the removal's tween
    trace: str  # the traces' tween


class Interlude(TypedDict):
    """Between the games of a revenge match (AR-7): the game's result, the match's
    victory points, and once the next game began, who starts it."""

    result: Event  # the game_over event
    vp: list[int] | None
    starter: NotRequired[int]
    game: NotRequired[int]
    tween: NotRequired[str]


@dataclass
class Effects:
    """What moves or is announced over the table, each run by a 0-to-1 tween named in it:
    tiles and houses in flight, words rising, a surround being scored (AR-4), a banner,
    the final scoring (AR-6), an early end, the interlude between revenge games (AR-7)."""

    flights: list[Flight] = field(default_factory=list)
    floats: list[Rising] = field(default_factory=list)  # words rising over a square or a zone ("+1 chip")
    scoring: Scoring | None = None  # the surround being scored
    banner: Banner | None = None  # a big line over the board (last round, a redraw)
    final: Final | None = None  # removed buildings, traced groups
    early: Event | None = None  # a player could not pay (the cannot_pay event)
    interlude: Interlude | None = None  # between games of a revenge match
    answered: Event | None = None  # a surround settled (the settled event), its view not yet shown
    fresh_game: bool = False  # a revenge game began; its first view is not yet shown
    counts: dict[str, int] = field(default_factory=dict)

    def tween(self, table: TableHandle, prefix: str, seconds: float, delay: float = 0.0) -> str:
        """A 0-to-1 tween under a fresh name (the animator's table stays small)."""
        self.counts[prefix] = (self.counts.get(prefix, 0) + 1) % TWEEN_NAMES
        name = f"{prefix}{self.counts[prefix]}"
        table.tween(name, 0.0, 1.0, seconds, delay=delay)
        return name

    def fly(self, table: TableHandle, kind: str, start: pygame.Rect, end: End, seconds: float, delay: float = 0.0,
            **what: Unpack[Piece]) -> None:
        """Something moving from ``start`` (a screen rect) to ``end`` (a screen rect, a seat's
        hand slot ("hand", seat, index), or a board square (x, y), followed as the camera
        moves); it hides at its end meanwhile."""
        self.flights.append({"kind": kind, "start": pygame.Rect(start), "end": end,
                             "tween": self.tween(table, "fly", seconds, delay), **what})

    def float_words(self, table: TableHandle, words: str, at: Over, colour: Colour, seconds: float = 1.6) -> None:
        """``words`` rising over a square (x, y) or a seat's zone ("zone", seat)."""
        self.floats.append({"words": words, "at": at, "colour": colour, "tween": self.tween(table, "float", seconds)})

    def announce(self, table: TableHandle, words: str, more: str, seconds: float) -> None:
        self.banner = {"words": words, "more": more, "tween": self.tween(table, "banner", seconds)}

    def score_surround(self, table: TableHandle, x: int, y: int, owner: int | None, matches: list[bool | None]) -> None:
        self.scoring = {"x": x, "y": y, "owner": owner, "matches": matches, "tween": self.tween(table, "ring", 1.4)}

    def prune(self, table: TableHandle) -> None:
        """Forget flights and rising words whose time is over."""
        self.flights = [f for f in self.flights if table.running(f["tween"])]
        self.floats = [f for f in self.floats if table.running(f["tween"])]
