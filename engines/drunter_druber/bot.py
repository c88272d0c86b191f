"""Drunter & Drüber bots in three strengths (docs/bots.md); each sees only its own view.

The normal bot guards its own buildings quietly and votes its interest. It guesses each opponent's building type from the public
record of whose tiles covered what (a player rarely covers their own type), prefers
placements that cost it nothing and hurt the likely types of others, keeps stretches
away from its own buildings, and now and then covers a cheap building of its own so
that its type is not obvious (the seed's tactical hints).
"""

import math
from typing import Any

from ..registry import Bot
from ..rng import Rng
from ..search import SearchModel, best_action
from ..types import Action, View
from .board import (
    BRIDGE,
    BUILDING_AT,
    BUILDING_CELLS,
    BUILDINGS,
    CELLS,
    CORNER,
    CORNERS,
    COVERED,
    FREE,
    IS_TOILET,
    TYPES,
    WIDTH,
    card_points,
)
from .rules import DrunterDruberState
from .sampling import sample_state

YES_CARDS = {"ja": 1, "jaa": 2, "jaaa": 3, "jein": 2}
NO_CARDS = {"ne": 1, "nee": 2, "neee": 3, "jein": 2}
OPPONENT_WEIGHT = 0.4  # one point off an opponent is worth less than one point of ours
BLUFF_CHANCE = 0.1  # how often a turn welcomes covering a cheap building of its own
NEAR = [
    [c for c in range(CELLS) if BUILDING_AT[c] and 0 < abs(c % WIDTH - cell % WIDTH) + abs(c // WIDTH - cell // WIDTH) <= 2]
    for cell in range(CELLS)
]


def bot(view: View, legal: list[Action], rng: Rng) -> Action:
    kind = legal[0]["type"]
    if kind == "pick":
        return _pick(view, legal, rng)
    mind = _Mind(view)
    if kind == "place":
        bluff = rng.random() < BLUFF_CHANCE
        return max(legal, key=lambda a: mind.placement_value(a, bluff) + rng.random() * 1.2)
    stake = mind.vote_stake(view["vote"])
    if kind == "jein":
        return {"type": "jein", "side": "yes" if stake >= 0 else "no"}
    return _vote(view, legal, rng, stake)


class _Mind:
    """What the bot believes: the ground, its own interests and the opponents' types."""

    def __init__(self, view: View):
        self.me = view["you"]
        ground = [FREE] * CELLS
        for corner in CORNERS:
            ground[corner] = CORNER
        for tile in view["tiles"]:
            cells = [x + y * WIDTH for x, y in tile["cells"]]
            for cell in cells:
                ground[cell] = COVERED
            if tile["size"] == 3:
                ground[cells[1]] = BRIDGE
        self.ground = ground
        cards = view["cards"]
        if "first_card" in view:
            self.weights = {card: 1.0 if card == view["first_card"] else 0.15 for card in cards}
        else:
            self.weights = {card: 1.0 / len(cards) ** 0.5 for card in cards}
        self.base = {card: card_points(card, ground) for card in cards}
        self.type_cards = {card for card in cards if card in TYPES}
        # Opponents' likely types: each covered building of type t makes t less likely.
        suspects = [t for t in TYPES if t not in self.type_cards]
        evidence = {p: dict.fromkeys(suspects, 0.0) for p in range(view["players"]) if p != self.me}
        for tile in view["tiles"]:
            if tile["player"] == self.me:
                continue
            for x, y in tile["cells"]:
                building = BUILDING_AT[x + y * WIDTH]
                if building and building[0] in evidence[tile["player"]]:
                    evidence[tile["player"]][building[0]] += building[1]
        self.threat = dict.fromkeys(TYPES, 0.0)  # expected opponents' loss per point of type
        for scores in evidence.values():
            weights = {t: math.exp(-s / 2.5) for t, s in scores.items()}
            total = sum(weights.values())
            for t, w in weights.items():
                self.threat[t] += w / total
        # Per cell, what covering it costs each side (cells without a building cost 0);
        # a special card's loss depends on the whole board, so it is counted per call.
        self.only_types = all(card in TYPES for card in cards)
        self.my_cost = [0.0] * CELLS
        self.their_cost = [0.0] * CELLS
        for cell in BUILDING_CELLS:
            kind, value = BUILDINGS[cell]
            self.their_cost[cell] = self.threat[kind] * value
            self.my_cost[cell] = self.weights.get(kind, 0.0) * value

    def my_loss(self, cells: list[int]) -> float:
        """How much the bot's own cards lose if ``cells`` get covered."""
        if self.only_types:
            return sum(self.my_cost[c] for c in cells)
        buildings = [building for building in (BUILDING_AT[c] for c in cells) if building]
        if not buildings:
            return 0.0
        loss = 0.0
        for card, weight in self.weights.items():
            if card in TYPES:
                loss += weight * sum(v for t, v in buildings if t == card)
            else:
                after = list(self.ground)
                for cell in cells:
                    after[cell] = COVERED
                loss += weight * (self.base[card] - card_points(card, after))
        return loss

    def their_loss(self, cells: list[int]) -> float:
        return sum(self.their_cost[c] for c in cells)

    def placement_value(self, action: dict[str, Any], bluff: bool = False) -> float:
        x, y = action["cell"]
        dock = x + y * WIDTH
        step = {"n": -WIDTH, "e": 1, "s": WIDTH, "w": -1}.get(action["dir"], 0)
        cells = [dock + i * step for i in range(action["size"])]
        value = OPPONENT_WEIGHT * self.their_loss(cells) - self.my_loss(cells)
        if bluff:  # a player who never covers their own type gives it away
            value += 1.6 * sum(
                b[1] for b in (BUILDING_AT[c] for c in cells) if b and b[1] <= 2 and b[0] in self.type_cards
            )
        if any(IS_TOILET[c] for c in cells):
            value -= 0.4  # a vote costs cards and may cost the turn
        # Where the token ends up threatens what lies around it.
        near = [c for c in NEAR[cells[-1]] if self.ground[c] == FREE and c not in cells]
        value -= 0.25 * self.my_loss(near) - 0.1 * self.their_loss(near)
        return value

    def vote_stake(self, vote: dict[str, Any]) -> float:
        """Positive when the bot wants the tile to stay."""
        cells = [x + y * WIDTH for x, y in vote["tile"]]
        for cell in cells:
            self.ground[cell] = FREE
        self.base = {card: card_points(card, self.ground) for card in self.base}
        stake = OPPONENT_WEIGHT * self.their_loss(cells) - self.my_loss(cells)
        if vote["placer"] == self.me:
            stake += 1.0
        return stake


def _vote(view: View, legal: list[Action], rng: Rng, stake: float) -> Action:
    blank = {"type": "vote", "cards": ["blank"]}
    if abs(stake) < 0.75 or (abs(stake) < 2.5 and rng.random() < 0.15):
        return blank if blank in legal else legal[0]
    side = YES_CARDS if stake > 0 else NO_CARDS
    others = sum(c or 0 for p, c in enumerate(view["vote"]["committed"]) if p != view["you"])
    target = min(6, max(1, round(abs(stake) * 0.8) + (1 if others >= 2 else 0)))
    best, best_key = blank, None
    for action in legal:
        cards = action["cards"]
        if not all(card in side for card in cards):
            continue
        weight = sum(side[card] for card in cards)
        key = (abs(weight - target), len(cards), rng.random())
        if best_key is None or key < best_key:
            best, best_key = action, key
    return best if best in legal else legal[0]


def _pick(view: View, legal: list[Action], rng: Rng) -> Action:
    mind = _Mind(view)
    return max(legal, key=lambda a: (mind.base[a["card"]], rng.random()))


# --- easy and hard --------------------------------------------------------------------------
EASY_CARELESS = 0.7  # how often easy places a tile anywhere, its own buildings regardless
EASY_RANDOM_VOTES = 0.3


def easy_bot(view: View, legal: list[Action], rng: Rng) -> Action:
    """Most of its placements are careless (anywhere at all), the rest like the normal
    bot's; one vote in three is a single card at random."""
    kind = legal[0]["type"]
    if kind == "place" and rng.random() < EASY_CARELESS:
        return rng.choice(legal)
    if kind == "vote" and rng.random() < EASY_RANDOM_VOTES:
        return rng.choice([a for a in legal if len(a["cards"]) == 1])
    return bot(view, legal, rng)


HARD_BUDGET = 24  # rollouts per decision; tools/tournament.py measures the time this takes
HARD_CANDIDATES = 4  # the normal bot's favourite placements the search compares
LEAD_SCALE = 2.0  # points of lead over the best other player that make a win likely
PEOPLE_EDGE = 0.15  # a people card more than the best other: the tie-break (DD-7), < 1 point


def _final_standing(state: DrunterDruberState, me: int) -> float:
    """The lead over the best other player, squashed into (0, 1), people cards breaking
    ties (DD-7). Scored so rather than by the win alone: with four players and few
    buildings left, the win is too rare a signal for a few dozen rollouts (the tournament's
    four-player result rose from 34% to 49% of wins against normal bots, same seeds,
    when this replaced a win-weighted score)."""
    scores = state.scores()
    best_other = max((p for p in range(state.players) if p != me),
                     key=lambda p: (scores[p], len(state.people[p])))
    edge = max(-3, min(3, len(state.people[me]) - len(state.people[best_other])))
    lead = scores[me] - scores[best_other] + PEOPLE_EDGE * edge
    return 1 / (1 + math.exp(-lead / LEAD_SCALE))


SEARCH = SearchModel(sample_state=sample_state, policy=bot, evaluate=_final_standing)


def hard_bot(view: View, legal: list[Action], rng: Rng, method: str = "halving") -> Action:
    """Searches its placements among the normal bot's favourites, and its votes among a
    few ways to vote (blank, or yes or no with a light to heavy hand); Jeins and picks
    like the normal bot.
    ``method`` picks the search's root (engines.search.best_action)."""
    kind = legal[0]["type"]
    if kind not in ("place", "vote") or len(legal) == 1:
        return bot(view, legal, rng)
    if kind == "vote":
        candidates = _vote_candidates(view, legal, rng)
    else:
        mind = _Mind(view)
        candidates = sorted(legal, key=lambda a: -mind.placement_value(a))[:HARD_CANDIDATES]
    return best_action(SEARCH, view, candidates, rng, HARD_BUDGET, method)


VOTE_WEIGHTS = (1, 2, 4)  # the vote strengths the hard bot compares, per side


def _vote_candidates(view: View, legal: list[Action], rng: Rng) -> list[Action]:
    """The normal bot's vote first, then the blank card and, for each side, the fewest
    cards reaching each weight of VOTE_WEIGHTS."""
    candidates = [bot(view, legal, rng), {"type": "vote", "cards": ["blank"]}]
    for side in (YES_CARDS, NO_CARDS):
        pure = [a for a in legal if all(card in side for card in a["cards"])]
        for target in VOTE_WEIGHTS:
            if pure:
                candidates.append(min(pure, key=lambda a: (
                    abs(sum(side[c] for c in a["cards"]) - target), len(a["cards"]))))
    unique = []
    for action in candidates:
        if action in legal and action not in unique:
            unique.append(action)
    return unique


BOTS: dict[str, Bot] = {"easy": easy_bot, "normal": bot, "hard": hard_bot}
