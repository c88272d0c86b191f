"""Die Mauer bots in three strengths (docs/bots.md). Each sees only its own view.

- easy: the first bot of this game: guesses from built pieces only, assumes a fixed
  empty-fist rate, and plans at random one turn in three.
- normal: values each plan by what the reveal can bring (DM-4, DM-5), using every
  player's empty-fist rate as observed this game (``fist_counts`` in the view). A
  competitor who keeps showing empty fists makes the master's own empty fist a likely
  donation to the master, so the bot stops offering it (the exploit of issue 17).
- hard: searches its plan (engines.search) in states sampled from its view, every
  player modelled by the normal bot with their observed empty-fist rates.
"""

from collections.abc import Iterable

from ..registry import Bot
from ..rng import Rng
from ..search import SearchModel, best_action
from ..types import Action, View
from .rules import CLOSED, LEFT, PENALTY, PIECES, PLAN, DieMauerState, legal_ends, penalty
from .sampling import empty_fist_rate, sample_state

EASY_RANDOM_PLANS = 1 / 3
NORMAL_RANDOM_PLANS = 0.08  # a little unpredictability keeps opponents guessing
# Rollouts per plan: HARD_PLANS divided by the players (every turn of a rollout asks each),
# at least HARD_MIN_ROLLOUTS. tools/tournament.py measures the time this takes.
HARD_PLANS, HARD_MIN_ROLLOUTS = 112, 24
HORIZON_TURNS = 8  # a rollout stops after this many turns or at the round's end
MARGIN_SCALE = 8.0  # penalty points that turn a lead into a near-sure win


# --- shared: building and donating ------------------------------------------------------
def _build_or_donate(view: View, legal: list[Action], rng: Rng) -> Action:
    """Donate the worst piece; build the heaviest piece where the bot's remaining Towers
    and Gates keep room."""
    if legal[0]["type"] == "donate":
        return max(legal, key=lambda a: (PENALTY[a["piece"]], rng.random()))
    return max(legal, key=lambda a: (PENALTY[a["piece"]], _room_after(view, a), rng.random()))


def _room_after(view: View, action: Action) -> int:
    """How many legal ends the bot's remaining Towers and Gates have after this build."""
    wall = list(view["wall"])
    if action["end"] == LEFT:
        wall.insert(0, action["piece"])
    else:
        wall.append(action["piece"])
    rest = list(view["stock"])
    rest.remove(action["piece"])
    return sum(len(legal_ends(wall, piece)) for piece in set(rest) if piece in CLOSED)


# --- easy ------------------------------------------------------------------------------
def easy_bot(view: View, legal: list[Action], rng: Rng) -> Action:
    """Sheds high pieces with fixed guesses; one plan in three is random."""
    if legal[0]["type"] != "plan":
        return _build_or_donate(view, legal, rng)
    if rng.random() < EASY_RANDOM_PLANS:
        return rng.choice(legal)
    me, wall, master = view["you"], view["wall"], view["master"]
    others = [p for p in range(view["players"]) if p != me]

    def guess_chance(player: int, piece: str) -> float:
        if piece in view["built"][player]:
            return 0.0
        return float(1.0 / (view["stock_counts"][player] + 1))

    def value(action: Action) -> float:
        piece = action["piece"]
        if piece is None:
            if me == master:
                buildable = [PENALTY[p] for p in view["stock"] if legal_ends(wall, p)]
                nobody_empty = 1.0
                for p in others:
                    nobody_empty *= 1 - 1 / (view["stock_counts"][p] + 1)
                return max(buildable, default=0) * nobody_empty
            return float(max(PENALTY[p] for p in view["stock"]) * 0.5 / (view["stock_counts"][master] + 1))
        if not legal_ends(wall, piece):
            return -1.0
        if me == master:
            unguessed = 1.0
            for p in others:
                unguessed *= 1 - guess_chance(p, piece)
            return PENALTY[piece] * unguessed
        return PENALTY[piece] * guess_chance(master, piece)

    return max(legal, key=lambda a: (value(a), rng.random()))


# --- normal -------------------------------------------------------------------------------
class _Table:
    """What the bot believes about the table: who may hold what, and how people plan."""

    def __init__(self, view: View):
        self.view = view
        self.me, self.master, self.wall = view["you"], view["master"], view["wall"]
        self.others = [p for p in range(view["players"]) if p != self.me]
        self.competitors = [p for p in range(view["players"]) if p != self.master]
        self.maybe = [self._maybe_held(p) for p in range(view["players"])]

    def _maybe_held(self, player: int) -> dict[str, float]:
        """For each piece, the chance that ``player`` holds it, as anyone at the table can
        tell: pieces not built or given away, pieces seen received, spread over the count."""
        view = self.view
        possible = [piece for piece in PIECES if piece not in view["built"][player]]
        for move in view["round_moves"]:
            if move[0] != "donate":
                continue
            _, giver, master, piece = move
            if piece is None:
                if master == player:
                    possible = list(PIECES)  # received something unseen: anything is possible
            elif giver == player and piece in possible:
                possible.remove(piece)
            elif master == player and piece not in possible:
                possible.append(piece)
        share = min(1.0, view["stock_counts"][player] / max(1, len(possible)))
        return {piece: share for piece in possible}

    def plan_chances(self, player: int, as_master: bool) -> dict[str | None, float]:
        """The chance that ``player`` plans each piece (None: an empty fist). A master is
        taken to plan heavy pieces more often; a competitor to guess the master's heavy
        pieces; both show empty fists as often as they have so far."""
        empty = empty_fist_rate(self.view, player, as_master)
        source = self.maybe[player] if as_master else self.maybe[self.master]
        weights = {piece: PENALTY[piece] * chance for piece, chance in source.items() if legal_ends(self.wall, piece)}
        total = sum(weights.values())
        if not total:
            return {None: 1.0}
        chances: dict[str | None, float] = {piece: (1 - empty) * w / total for piece, w in weights.items()}
        chances[None] = chances.get(None, 0.0) + empty
        return chances

    def value(self, piece: str | None) -> float:
        """Penalty points the bot expects to shed (or to receive, negative) with this plan."""
        stock, wall = self.view["stock"], self.wall
        if piece is not None and not legal_ends(wall, piece):
            return -1.0
        if self.me == self.master:
            empties = [empty_fist_rate(self.view, p, False) for p in self.others]
            if piece is None:
                nobody = _product(1 - e for e in empties)
                buildable = max((PENALTY[p] for p in stock if legal_ends(wall, p)), default=0)
                donation = 0.0  # DM-5: a lone empty competitor hands over their worst piece
                for i, p in enumerate(self.others):
                    alone = empties[i] * _product(1 - e for j, e in enumerate(empties) if j != i)
                    donation += alone * max((PENALTY[x] for x in self.maybe[p]), default=0)
                return nobody * buildable - donation
            unguessed = _product(1 - self.plan_chances(p, False).get(piece, 0.0) for p in self.others)
            return PENALTY[piece] * unguessed
        masters_plan = self.plan_chances(self.master, True)
        if piece is None:
            others_hold = _product(
                1 - empty_fist_rate(self.view, p, False) for p in self.competitors if p != self.me
            )
            return masters_plan.get(None, 0.0) * others_hold * max(PENALTY[p] for p in stock)
        return PENALTY[piece] * masters_plan.get(piece, 0.0)


def _product(values: Iterable[float]) -> float:
    result = 1.0
    for value in values:
        result *= value
    return result


def normal_bot(view: View, legal: list[Action], rng: Rng) -> Action:
    """Plans by expected penalty shed, with observed empty-fist rates; rarely random."""
    if legal[0]["type"] != "plan":
        return _build_or_donate(view, legal, rng)
    if rng.random() < NORMAL_RANDOM_PLANS:
        return rng.choice(legal)
    table = _Table(view)
    return max(legal, key=lambda a: (table.value(a["piece"]), rng.random()))


# --- hard ---------------------------------------------------------------------------------
def _model(view: View, legal: list[Action], rng: Rng) -> Action:
    """How the search expects anyone to plan: an empty fist as often as they have shown
    one, otherwise the normal bot's best piece."""
    if legal[0]["type"] != "plan":
        return _build_or_donate(view, legal, rng)
    me = view["you"]
    if rng.random() < empty_fist_rate(view, me, me == view["master"]):
        return legal[0]  # the empty fist is listed first
    pieces = legal[1:] or legal
    table = _Table(view)
    return max(pieces, key=lambda a: (table.value(a["piece"]), rng.random()))


def _standing(state: DieMauerState, me: int) -> float:
    """Near 1 when ``me`` leads the best other player by much (totals plus what is still
    in hand), near 0 when far behind."""
    score = [total + penalty(stock) for total, stock in zip(state.totals, state.stocks, strict=True)]
    best_other = min(s for p, s in enumerate(score) if p != me)
    lead = best_other - score[me]
    return float(1.0 / (1.0 + 2.718281828459045 ** (-lead / MARGIN_SCALE)))


def _horizon(start: DieMauerState, now: DieMauerState) -> bool:
    return now.round != start.round or now.turn >= start.turn + HORIZON_TURNS


SEARCH = SearchModel(sample_state=sample_state, policy=_model, evaluate=_standing, horizon=_horizon)


def hard_bot(view: View, legal: list[Action], rng: Rng, method: str = "halving") -> Action:
    """Searches every plan; builds and donates like the others.
    ``method`` picks the search's root (engines.search.best_action)."""
    if legal[0]["type"] != "plan" or view["phase"] != PLAN:
        return _build_or_donate(view, legal, rng)
    table = _Table(view)
    candidates = sorted(legal, key=lambda a: -table.value(a["piece"]))
    budget = max(HARD_MIN_ROLLOUTS, HARD_PLANS // view["players"])
    return best_action(SEARCH, view, candidates, rng, budget, method)


BOTS: dict[str, Bot] = {"easy": easy_bot, "normal": normal_bot, "hard": hard_bot}
