"""Determinized search over a bot's own view: the one search mechanism every game's hard
bot uses (docs/bots.md).

A searching bot knows only its view. Each iteration draws a *determinization*: a full
state consistent with that view, hidden parts sampled by the game's ``sample_state``
(information-set Monte Carlo: the search never sees the true hidden state). A candidate
action is played in it, and then every player, the bot included, goes on with the
game's ``policy``, each from their own view of the sampled state, so an opponent never
learns a secret the bot committed this turn (a plain game tree over sequential moves
would let the opponent's node see it). At the game's horizon ``evaluate`` scores the
result for the bot in [0, 1].

The root is a bandit over the candidate actions. By default it is sequential halving
(Karnin, Koren and Somekh 2013): every surviving candidate is played in the same
determinizations with the same random stream (common random numbers, so the comparison
measures the action, not the luck of the draw), and the worse half is dropped each
round. With a fixed budget that picks the best action more reliably than UCB1, which
minimises regret over all simulations rather than the error of the final choice
(Tolpin and Shimony 2012); ``method="ucb"`` keeps the classic single-observer IS-MCTS
root (Cowling, Powley and Whitehouse 2012) for comparison (tools/tournament.py
--pairing hard_vs_hard_ucb). The tree stops at the root: at the budgets a decision may take (see
GameInfo.bots) a deeper tree gets too few visits per node to beat the policy's
rollouts, and the policy already answers every later decision from that player's view.

Everything is a pure function of its arguments and the given engines.Rng: no clock (the
budget is a number of rollouts, tuned per game in tools/tournament.py), no global
random, nothing shared between calls, so a bot may think in a worker thread.
"""

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from .rng import Rng
from .state import GameState
from .types import Action, Options, View

SEED_RANGE = 1 << 62
UCB_EXPLORATION = 0.7

S = TypeVar("S", bound=GameState)  # the game's state class
T = TypeVar("T")


@dataclass(frozen=True)
class SearchModel(Generic[S]):
    """How one game plugs into the search."""

    # A full state consistent with a view, hidden parts drawn with the rng.
    sample_state: Callable[[View, Rng], S]
    # How every player is expected to act in a rollout: a bot on that player's own view.
    policy: Callable[[View, list[Action], Rng], Action]
    # The rollout's result for ``me`` in [0, 1] (1: a sure win).
    evaluate: Callable[[S, int], float]
    # Whether a rollout that started at ``start`` may stop at ``now`` (default: play on).
    horizon: Callable[[S, S], bool] | None = None
    # A safety net against a rollout that never ends.
    max_steps: int = 5_000


def rollout(model: SearchModel[S], state: S, me: int, rng: Rng, start: S | None = None) -> float:
    """Play ``state`` on with ``model.policy`` until the end or the horizon (counted from
    ``start``, the state the search began in); ``me``'s score."""
    start = start or state
    for _ in range(model.max_steps):
        if state.is_over() or (model.horizon is not None and model.horizon(start, state)):
            break
        active = state.active_players()
        if not active:
            host = state.host_actions()
            if not host:
                break
            state.apply(None, host[0])
            continue
        player = active[rng.below(len(active))] if len(active) > 1 else active[0]
        legal = state.legal_actions(player)
        state.apply(player, model.policy(state.view(player), legal, rng))
    return model.evaluate(state, me)


def action_values(model: SearchModel[S], view: View, candidates: list[Action], rng: Rng, budget: int,
                  method: str = "halving") -> list[tuple[float, int]]:
    """(mean score, rollouts) for each candidate action of ``view``'s player, from about
    ``budget`` rollouts in sampled states."""
    if method == "ucb":
        return _ucb(model, view, candidates, rng, budget)
    return _halving(model, view, candidates, rng, budget)


def best_action(model: SearchModel[S], view: View, candidates: list[T], rng: Rng, budget: int,
                method: str = "halving") -> T:
    """The candidate with the best mean score (among those searched longest); the first
    listed wins a tie, so put the policy's favourite first."""
    if len(candidates) == 1:
        return candidates[0]
    values = action_values(model, view, candidates, rng, budget, method)
    most = max(n for _, n in values)
    best = max(range(len(candidates)), key=lambda i: (values[i][1] == most, values[i][0], -i))
    return candidates[best]


def _play(model: SearchModel[S], world: S, me: int, action: Action, seed: int) -> float:
    state = world.clone()
    state.apply(me, action)
    return rollout(model, state, me, Rng(seed), start=world)


def _halving(model: SearchModel[S], view: View, candidates: list[Action], rng: Rng,
             budget: int) -> list[tuple[float, int]]:
    me = view["you"]
    totals, counts = [0.0] * len(candidates), [0] * len(candidates)
    alive = list(range(len(candidates)))
    rounds = max(1, math.ceil(math.log2(len(candidates))))
    for _ in range(rounds):
        per_arm = max(1, budget // (len(alive) * rounds))
        for _ in range(per_arm):
            world, seed = model.sample_state(view, rng), rng.below(SEED_RANGE)
            for arm in alive:
                totals[arm] += _play(model, world, me, candidates[arm], seed)
                counts[arm] += 1
        if len(alive) <= 1:
            break
        alive.sort(key=lambda arm: (-totals[arm] / counts[arm], arm))
        alive = sorted(alive[: (len(alive) + 1) // 2])
    return [(totals[i] / counts[i] if counts[i] else 0.0, counts[i]) for i in range(len(candidates))]


def _ucb(model: SearchModel[S], view: View, candidates: list[Action], rng: Rng,
         budget: int) -> list[tuple[float, int]]:
    me = view["you"]
    totals, counts = [0.0] * len(candidates), [0] * len(candidates)
    for done in range(max(budget, len(candidates))):
        if done < len(candidates):
            arm = done
        else:
            log_n = math.log(done)
            arm = max(range(len(candidates)), key=lambda i: totals[i] / counts[i]
                      + UCB_EXPLORATION * math.sqrt(log_n / counts[i]))
        world = model.sample_state(view, rng)
        totals[arm] += _play(model, world, me, candidates[arm], rng.below(SEED_RANGE))
        counts[arm] += 1
    return [(totals[i] / counts[i], counts[i]) for i in range(len(candidates))]


# --- for the games' samplers ----------------------------------------------------------------
def blank_state(state_class: type[S], view: View, options: Options, rng: Rng) -> S:
    """An empty ``state_class`` for a sampler to fill from ``view``: the view's players
    and ``options``, seed 0 (the true seed stays on the host: nothing in a view shows it)
    and its own generator drawn from ``rng``."""
    state = state_class.__new__(state_class)
    state.players = view["players"]
    state.seed = 0
    state.options = dict(options)
    state.rng = Rng(rng.below(SEED_RANGE))
    return state


def weighted_choice(items: Sequence[T], weights: Sequence[float], rng: Rng) -> T:
    """One of ``items``, each as likely as its weight (positive weights)."""
    pick = rng.random() * sum(weights)
    for item, weight in zip(items, weights, strict=True):
        pick -= weight
        if pick < 0:
            return item
    return items[-1]
