"""Architekton bots in three strengths (docs/bots.md); each reads only its own view.

The normal bot scores every legal action. It aims for buildings it owns to end up enclosed by matching landscapes (AR-4 +1), lays
mismatching landscapes beside the opponent's houses (and drives them into debt they
cannot pay when it can), keeps its buildings clear of the final removal (AR-6) and its
houses diagonally connected. With two tiles in hand it values each first placement
together with the best the second tile can still do after it; it chooses only among
the legal actions, and those never strand the second tile (AR-5).
"""

import math
from collections.abc import Callable
from typing import Any

from ..registry import Bot
from ..rng import Rng
from ..search import SearchModel, best_action
from ..types import Action, View
from .rules import ArchitektonState
from .sampling import sample_state
from .tiles import (
    DIAGONALS,
    FACING,
    LANDSCAPE_TERRAIN,
    OPPOSITE,
    ROT_MASK,
    STEPS,
    is_building,
    largest_group,
)

BANKRUPT = 50.0  # an early end is worth two victory points (AR-7): decisive


class _Board:
    """The placed tiles of a view, indexed by square."""

    def __init__(self, view: View):
        self.cells = {(c["x"], c["y"]): c for c in view["board"]}
        self.chips = view["chips"]
        self._houses: dict[int, set[tuple[int, int]]] = {}  # per player, filled on first use

    def with_tile(self, tile: str, x: int, y: int, rot: int, house: int | None) -> "_Board":
        """This board with one more tile laid (the view's own cells are not touched)."""
        board = _Board.__new__(_Board)
        board.cells = dict(self.cells)
        board.cells[(x, y)] = {
            "x": x, "y": y, "tile": tile, "rot": rot, "building": is_building(tile),
            "sides": FACING[tile][rot], "house": house, "scored": False,
        }
        board.chips = self.chips
        board._houses = {}
        return board

    def neighbours(self, x: int, y: int) -> list[dict[str, Any] | None]:
        cells = self.cells
        return [cells.get((x + dx, y + dy)) for dx, dy in STEPS]

    def mismatches(self, x: int, y: int) -> int:
        sides = self.cells[(x, y)]["sides"]
        return sum(
            1 for d, n in enumerate(self.neighbours(x, y)) if n is not None and n["sides"][0] != sides[d]
        )

    def houses(self, player: int) -> set[tuple[int, int]]:
        """The squares of ``player``'s houses (do not change the set: it is kept)."""
        if player not in self._houses:
            self._houses[player] = {xy for xy, c in self.cells.items() if c["house"] == player}
        return self._houses[player]

    def open_spots(self, building: bool) -> list[tuple[tuple[int, int], list[str | None]]]:
        """Empty squares of one parity next to the board, with neighbours' terrains."""
        found: dict[tuple[int, int], list[str | None]] = {}
        for (x, y), cell in self.cells.items():
            if cell["building"] == building:
                continue
            for d, (dx, dy) in enumerate(STEPS):
                square = (x + dx, y + dy)
                if square in self.cells:
                    continue
                found.setdefault(square, [None] * 4)[OPPOSITE[d]] = cell["sides"][d]
        return sorted(found.items(), key=lambda item: (item[0][1], item[0][0]))


def _enclosure_value(mismatches: int, chips: int) -> float:
    """What enclosing a building is worth to its owner (AR-4), house loss included."""
    if mismatches == 0:
        return 1.5
    if chips < mismatches - 1:
        return -BANKRUPT
    return -(mismatches - 1) - 0.7


def placement_value(board: _Board, me: int, stock: int, tile: str, x: int, y: int, rot: int) -> float:
    facing = FACING[tile][rot]
    neighbours = board.neighbours(x, y)
    if is_building(tile):
        land = [(d, n) for d, n in enumerate(neighbours) if n is not None]
        misses = sum(1 for d, n in land if n["sides"][0] != facing[d])
        if len(land) == 4:
            value = _enclosure_value(misses, board.chips[me])
        else:
            open_sides = 4 - len(land)
            value = 0.6 * (len(land) - misses) - 0.9 * misses + 0.35 * len(land)
            # Each open side is a side the opponent may spoil; beyond what the chips
            # can pay (house taken back) it risks an early end.
            value -= 0.2 * open_sides + 1.5 * max(0, misses + open_sides - 1 - board.chips[me])
        mine = board.houses(me)
        value += 0.5 * sum((x + dx, y + dy) in mine for dx, dy in DIAGONALS)
        return value - (0.6 if not stock else 0.0)
    terrain = LANDSCAPE_TERRAIN[tile]
    value = 0.0
    for d, (dx, dy) in enumerate(STEPS):
        cell = neighbours[d]
        if cell is None or cell["house"] is None:
            continue
        bx, by = x + dx, y + dy
        side = cell["sides"][OPPOSITE[d]]
        around = board.neighbours(bx, by)
        filled = 1 + sum(n is not None for n in around)
        if filled == 4:
            owed = board.mismatches(bx, by) + (side != terrain)
            worth = _enclosure_value(owed, board.chips[cell["house"]])
        else:
            worth = 0.6 if side == terrain else -0.9
            if filled == 3:
                worth += 0.5  # three landscapes: safe from the final removal (AR-6)
        value += worth if cell["house"] == me else -worth
    return value


def _best_for_tile(board: _Board, me: int, stock: int, tile: str,
                   spots: list[tuple[tuple[int, int], list[str | None]]]) -> float:
    best = -1e9
    building = is_building(tile)
    for (x, y), terrains in spots:
        if building:
            masks = ROT_MASK[tile]
            mask = 0
            for d, t in enumerate(terrains):
                if t is not None:
                    mask |= masks[d][t]
            rots = [r for r in range(4) if mask >> r & 1]
        else:
            rots = [0] if LANDSCAPE_TERRAIN[tile] in terrains else []
        for rot in rots:
            best = max(best, placement_value(board, me, stock, tile, x, y, rot))
    return best if best > -1e9 else 0.0  # fits only once the other tile lies: unknown yet


def bot(view: View, legal: list[Action], rng: Rng) -> Action:
    """Pick the legal action with the best heuristic value (ties broken at random)."""
    me, kind = view["you"], legal[0]["type"]
    if len(legal) == 1:
        return legal[0]
    board = _Board(view)
    if kind == "settle":
        return _settle(view, board, legal, me)
    if kind == "move_house":
        return min(legal, key=lambda a: (_house_worth(board, me, a["x"], a["y"]), rng.random()))
    value = _valuer(view, board, legal)
    return max(legal, key=lambda a: (value(a), rng.random()))


def _valuer(view: View, board: _Board, legal: list[Action]) -> Callable[[Action], float]:
    """The heuristic value of each take (both tiles at their best) or placement."""
    me = view["you"]
    stock = view["houses"][me]
    if legal[0]["type"] == "take":
        spots = {True: board.open_spots(True), False: board.open_spots(False)}
        worth = {}
        for action in legal:
            for tile in action["tiles"]:
                if tile not in worth:
                    worth[tile] = _best_for_tile(board, me, stock, tile, spots[is_building(tile)])
        return lambda a: sum(worth[t] for t in a["tiles"])
    return lambda a: _turn_value(board, me, stock, view["hand"], a)


def _turn_value(board: _Board, me: int, stock: int, hand: list[str], action: Action) -> float:
    """The placement's value plus the best the other tile in hand can still do after it.

    A legal first placement leaves that tile a spot (AR-5), and it must be placed there.
    """
    tile, x, y, rot = action["tile"], action["x"], action["y"], action["rot"]
    value = placement_value(board, me, stock, tile, x, y, rot)
    partner = [t for t in hand if t != tile]
    if not partner:
        return value
    after = board.with_tile(tile, x, y, rot, me if is_building(tile) else None)
    stock_after = stock - 1 if is_building(tile) and stock else stock
    other = partner[0]
    return value + _best_for_tile(after, me, stock_after, other, after.open_spots(is_building(other)))


def _settle(view: View, board: _Board, legal: list[Action], me: int) -> Action:
    """Keep the house only when it joins up a diagonal group worth more than the chip."""
    settling = view["settling"]
    mine = board.houses(me)
    gain = largest_group(mine) - largest_group(mine - {(settling["x"], settling["y"])})
    keep = gain >= 2
    return next((a for a in legal if a["take_back"] != keep), legal[0])


def _house_worth(board: _Board, me: int, x: int, y: int) -> float:
    """What a house is worth where it stands; the cheapest one is moved (AR-3)."""
    mine = board.houses(me)
    worth = float(largest_group(mine) - largest_group(mine - {(x, y)}))
    cell = board.cells[(x, y)]
    around = board.neighbours(x, y)
    if cell["scored"]:
        return worth + 1.0
    land = sum(n is not None for n in around)
    return worth + 0.3 * land - 0.8 * board.mismatches(x, y)


# --- easy and hard --------------------------------------------------------------------------
EASY_NOISE = 6.0  # random preference added to each value: easy misjudges often


def easy_bot(view: View, legal: list[Action], rng: Rng) -> Action:
    """The normal bot's judgement blurred by noise; settles and moves houses like it."""
    if len(legal) == 1 or legal[0]["type"] not in ("take", "place"):
        return bot(view, legal, rng)
    value = _valuer(view, _Board(view), legal)
    return max(legal, key=lambda a: value(a) + rng.random() * EASY_NOISE)


# Rollouts per decision: about HARD_TURNS simulated turns in all, at least MIN and at most
# MAX rollouts (a rollout early in the game plays ~22 turns). tools/tournament.py
# measures the time this takes.
HARD_TURNS, HARD_MIN_ROLLOUTS, HARD_MAX_ROLLOUTS = 160, 8, 16
HARD_CANDIDATES = 4  # the normal bot's favourite actions the search compares
WIN_WEIGHT = 0.7  # the rest of a rollout's score is the points lead, squashed


def _game_result(state: ArchitektonState, me: int) -> float:
    result = state.results[-1] if state.results else None
    if result is None:  # the safety net cut the rollout short: judge by chips
        scores, winners = list(state.chips), [p for p in range(2) if state.chips[p] == max(state.chips)]
    else:
        scores, winners = result["scores"], result["winners"]
    win = 1 / len(winners) if me in winners else 0.0
    lead = scores[me] - scores[1 - me]
    return WIN_WEIGHT * win + (1 - WIN_WEIGHT) / (1 + math.exp(-lead / 3))


def _this_game_over(start: ArchitektonState, now: ArchitektonState) -> bool:
    return now.game_number != start.game_number  # a revenge match plays on: stop at this game's end


SEARCH = SearchModel(sample_state=sample_state, policy=bot, evaluate=_game_result, horizon=_this_game_over)


def hard_bot(view: View, legal: list[Action], rng: Rng, method: str = "halving") -> Action:
    """Searches which tiles to take and where to place them, among the normal bot's
    favourites; settles and moves houses like the normal bot.
    ``method`` picks the search's root (engines.search.best_action)."""
    if len(legal) == 1 or legal[0]["type"] not in ("take", "place"):
        return bot(view, legal, rng)
    value = _valuer(view, _Board(view), legal)
    ranked = sorted(legal, key=lambda a: -value(a))
    tiles_left = sum(view["stacks"].values()) + sum(view["reserve"].values()) + len(view["supply"])
    turns_left = max(1, tiles_left // 2)
    budget = max(HARD_MIN_ROLLOUTS, min(HARD_MAX_ROLLOUTS, HARD_TURNS // turns_left))
    return best_action(SEARCH, view, ranked[:HARD_CANDIDATES], rng, budget, method)


BOTS: dict[str, Bot] = {"easy": easy_bot, "normal": bot, "hard": hard_bot}
