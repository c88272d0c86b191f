"""Wild West bots in three strengths (docs/bots.md); each reads only its own view.

The normal bot plays sensible, quick heuristics: it keeps rows open by writing each value near its natural place in the row, spends
Aces only where little else fits, grows ranch groups, seats churches next to graves and
saloons next to churches, lays track where the row table pays most, upgrades the group
sizes it already has, and takes a Tumbleweed only when forced or when every pair is bad.
"""

import math
from typing import Any

from ..registry import Bot
from ..rng import Rng
from ..search import SearchModel, best_action
from ..types import Action, View
from .rules import WildWestState
from .sampling import sample_state
from .scoring import (
    CHURCH_POINTS,
    GRAVE,
    PARK,
    PARK_POINTS,
    TRACK_POINTS,
    UPGRADE_BONUS,
    ace_penalty,
    groups,
)
from .sheet import (
    ACE,
    ACTION_KIND,
    IS_MINE,
    MINE,
    NEIGHBOURS,
    RANCH,
    ROW_LENGTHS,
    ROW_TILES,
    SALOON,
    TILE_COL,
    TILE_ROW,
    fitting_tiles,
    tile_at,
    track_spots,
    writable_tiles,
)

SIZE_PREFERENCE = (0.2, 0.8, 1.2, 1.0, 0.7, 0.5)  # sizes 1..6, before any group exists


class _Sheet:
    """The bot's own sheet as flat lists indexed by tile number."""

    def __init__(self, sheet: dict[str, Any]):
        tiles = [tile for row in sheet["rows"] for tile in row]
        self.kinds = [tile["kind"] or "" for tile in tiles]
        self.values = [tile["value"] or 0 for tile in tiles]
        self.tracks = [tile["track"] for tile in tiles]
        self.rights = [tile["right"] or "" for tile in tiles]
        self.upgrades = sheet["upgrades"]
        self.aces = sheet["aces"]
        self.tumbleweeds = sheet["tumbleweeds"]
        self.task = sheet["task"]


def bot(view: View, legal: list[Action], rng: Rng) -> Action:
    sheet = _Sheet(view["sheets"][view["you"]])
    kind = legal[0]["type"]
    if kind == "pick":
        return _pick(view, sheet, legal, rng)
    if len(legal) == 1:
        return legal[0]
    if kind == "write":
        task = sheet.task
        return max(legal, key=lambda a: (
            _write_value(sheet, task["action"], task["value"], tile_at(a["row"], a["col"])), rng.random()))
    if kind == "track":
        return max(legal, key=lambda a: (_track_value(sheet, tile_at(a["row"], a["col"])), rng.random()))
    if kind == "grave":
        return max(legal, key=lambda a: (_grave_value(sheet, tile_at(a["row"], a["col"])), rng.random()))
    if kind == "upgrade":
        return max(legal, key=lambda a: (_upgrade_value(sheet, a["size"]), rng.random()))
    return max(legal, key=lambda a: (_park_value(sheet, a["park"]), rng.random()))


def _pick(view: View, sheet: _Sheet, legal: list[Action], rng: Rng) -> Action:
    best, best_value = legal[-1], None
    for action in legal:
        column = action["column"]
        if column is None:
            continue
        pair = view["columns"][column]
        tiles = writable_tiles(sheet.values, pair["value"], pair["action"] == MINE)
        value = max(_write_value(sheet, pair["action"], pair["value"], t) for t in tiles)
        value += rng.random() * 0.5
        if best_value is None or value > best_value:
            best, best_value = action, value
    if best_value is None:
        return best  # no pair fits: the Tumbleweed is forced (WW-3)
    mulligan = view["solo"] and sheet.tumbleweeds < 2
    if best_value < (-3 if mulligan else -7) and sheet.tumbleweeds < 2:
        return legal[-1]
    return best


def _fit_count(values: list[int], t: int) -> int:
    row = TILE_ROW[t]
    return sum(1 for v in range(2, 12) if t in fitting_tiles(values, row, v))


def _write_value(sheet: _Sheet, action: str, value: int, t: int) -> float:
    row, col = TILE_ROW[t], TILE_COL[t]
    kinds, rights = sheet.kinds, sheet.rights
    score = 0.0
    if value == ACE:
        score -= ace_penalty(sheet.aces + 1) - ace_penalty(sheet.aces) + 1
        score -= 0.4 * _fit_count(sheet.values, t)
    else:
        ideal = (value - 2) / 9 * (ROW_LENGTHS[row] - 1)
        score -= 1.2 * abs(col - ideal)
    kind = ACTION_KIND[action]
    around = NEIGHBOURS[t]
    same = sum(1 for n in around if kinds[n] == kind)
    if kind == "R":
        score += 1.5 + 2.5 * same
    elif kind == "C":
        graves = (rights[t] == GRAVE) + sum(1 for n in around if rights[n] == GRAVE)
        saloons = sum(1 for n in around if kinds[n] == "S")
        score += 1.0 + 3.0 * graves + 1.5 * saloons + 0.5 * same
    elif kind == "S":
        churches = sum(1 for n in around if kinds[n] == "C")
        score += 3.0 * churches + 1.0 * same * (churches > 0) - 0.5
    else:
        score += 3.0
    if kind != "G" and IS_MINE[t]:
        score -= 2.0  # a mine tile spent on something else
    if action in (RANCH, MINE):
        sheet.values[t] = value or 1
        if track_spots(sheet.values, sheet.tracks):
            score += 2.0
        sheet.values[t] = 0
    if action != SALOON and not rights[t]:
        score += 0.6 * _park_gain(sheet, row)
    return score


def _park_gain(sheet: _Sheet, row: int) -> float:
    points = PARK_POINTS[ROW_LENGTHS[row]]
    parks = sum(1 for t in ROW_TILES[row] if sheet.rights[t] == PARK)
    return points[min(parks + 1, len(points) - 1)] - points[parks] + 0.5


def _track_value(sheet: _Sheet, t: int) -> float:
    row = TILE_ROW[t]
    points = TRACK_POINTS[ROW_LENGTHS[row]]
    laid = sum(1 for x in ROW_TILES[row] if sheet.tracks[x])
    return points[laid + 1] - points[laid] + 0.3 * laid


def _grave_value(sheet: _Sheet, t: int) -> float:
    value = 0.0
    for c in (t, *NEIGHBOURS[t]):
        if sheet.kinds[c] == "C":
            graves = (sheet.rights[c] == GRAVE) + sum(1 for n in NEIGHBOURS[c] if sheet.rights[n] == GRAVE)
            value += CHURCH_POINTS[min(graves + 1, 7)] - CHURCH_POINTS[min(graves, 7)]
    return value - 0.2 * (sheet.kinds[t] == "")


def _upgrade_value(sheet: _Sheet, size: int) -> float:
    adjust = {"R": 1, "S": -1, "C": 0}
    count = sum(
        1 for members in groups(sheet.kinds)
        if min(6, len(members) + adjust[sheet.kinds[members[0]]]) == size
    )
    done = sheet.upgrades[size - 1]
    return (UPGRADE_BONUS[done + 1] - UPGRADE_BONUS[done]) * (count + SIZE_PREFERENCE[size - 1])


def _park_value(sheet: _Sheet, park: bool) -> float:
    t = tile_at(*sheet.task["tile"])
    near_church = sheet.kinds[t] == "C" or any(sheet.kinds[n] == "C" for n in NEIGHBOURS[t])
    return float(park != near_church)


# --- easy and hard --------------------------------------------------------------------------
EASY_CARELESS = 0.35  # how often easy picks or writes without thinking


def easy_bot(view: View, legal: list[Action], rng: Rng) -> Action:
    """The normal bot, but about one choice in three is made at random."""
    if len(legal) > 1 and rng.random() < EASY_CARELESS:
        column_picks = [a for a in legal if a["type"] != "pick" or a["column"] is not None]
        return rng.choice(column_picks or legal)  # a first-timer rarely takes a Tumbleweed
    return bot(view, legal, rng)


# Rollouts per decision: about HARD_ROUNDS simulated player-rounds in all (a rollout plays
# every player to the end, at most as many rounds as the emptiest sheet has free tiles),
# between MIN and MAX rollouts. tools/tournament.py measures the time this takes.
HARD_ROUNDS, HARD_MIN_ROLLOUTS, HARD_MAX_ROLLOUTS = 720, 6, 16
HARD_CANDIDATES = 4
WIN_WEIGHT = 0.7  # the rest of a rollout's score is the points lead, squashed
LEAD_SCALE = 12.0
SOLO_SCALE = 60.0


def _final_standing(state: WildWestState, me: int) -> float:
    scores = state.scores()
    if state.players == 1:
        return 1 / (1 + math.exp(-(scores[0] - SOLO_SCALE) / LEAD_SCALE))
    winners = state.winners()
    win = 1 / len(winners) if me in winners else 0.0
    lead = scores[me] - max(s for p, s in enumerate(scores) if p != me)
    return WIN_WEIGHT * win + (1 - WIN_WEIGHT) / (1 + math.exp(-lead / LEAD_SCALE))


SEARCH = SearchModel(sample_state=sample_state, policy=bot, evaluate=_final_standing)


def hard_bot(view: View, legal: list[Action], rng: Rng, method: str = "halving") -> Action:
    """Searches its picks and where to write, among the normal bot's favourites; the
    smaller steps (track, grave, upgrade, park) like the normal bot.
    ``method`` picks the search's root (engines.search.best_action)."""
    kind = legal[0]["type"]
    if kind not in ("pick", "write") or len(legal) == 1:
        return bot(view, legal, rng)
    free = min(sum(1 for row in sheet["rows"] for tile in row if tile["value"] is None) for sheet in view["sheets"])
    work = view["players"] * max(1, free)
    budget = max(HARD_MIN_ROLLOUTS, min(HARD_MAX_ROLLOUTS, HARD_ROUNDS // work))
    return best_action(SEARCH, view, _favourites(view, legal), rng, budget, method)


def _favourites(view: View, legal: list[Action]) -> list[Action]:
    sheet = _Sheet(view["sheets"][view["you"]])
    if legal[0]["type"] == "pick":
        def value(action: Action) -> float:
            if action["column"] is None:
                return -5.0
            pair = view["columns"][action["column"]]
            tiles = writable_tiles(sheet.values, pair["value"], pair["action"] == MINE)
            return max(_write_value(sheet, pair["action"], pair["value"], t) for t in tiles)
    else:
        task = sheet.task

        def value(action: Action) -> float:
            return _write_value(sheet, task["action"], task["value"], tile_at(action["row"], action["col"]))
    return sorted(legal, key=lambda a: -value(a))[:HARD_CANDIDATES]


BOTS: dict[str, Bot] = {"easy": easy_bot, "normal": bot, "hard": hard_bot}
