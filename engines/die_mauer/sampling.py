"""Die Mauer: a full state drawn from one player's view, for search bots (docs/bots.md).

What a view hides (DM-9): the other players' stocks, a donated piece the viewer neither
gave nor received, and the plans already locked in this turn. The view shows every
piece built and every donation of this round in order (``round_moves``) and how often
each player has shown an empty fist (``fist_counts``), so the sampler replays the round:
every player starts with the full set, builds what they built, and an unseen donation
hands over a piece the giver still held then (heavier pieces more likely: a donor sheds
their worst). Locked plans are drawn from each player's observed empty-fist rate.
"""

from typing import Any

from ..rng import Rng
from ..search import blank_state, weighted_choice
from ..simultaneous import SecretChoices
from ..state import OVER
from ..types import View
from .rules import PENALTY, PIECES, PLAN, DieMauerState, legal_ends

ATTEMPTS = 30  # replays tried before falling back to any stocks of the right sizes
_RANK = {piece: rank for rank, piece in enumerate(PIECES)}
# Beta prior of an empty fist: a player not yet seen is assumed to show one 1 time in 5.
PRIOR_EMPTY, PRIOR_TURNS = 1.0, 5.0


def empty_fist_rate(view: View, player: int, as_master: bool) -> float:
    """How often ``player`` shows an empty fist as master (or as competitor), judged
    from every reveal so far this game, starting from a prior of 1 in 5."""
    counts = view["fist_counts"][player]
    role = "master" if as_master else "competitor"
    return float((counts[f"{role}_empty"] + PRIOR_EMPTY) / (counts[role] + PRIOR_TURNS))


def sample_state(view: View, rng: Rng) -> DieMauerState:
    """A state whose ``view(view["you"])`` equals ``view``; hidden parts drawn with ``rng``."""
    me, players = view["you"], view["players"]
    state = blank_state(DieMauerState, view, {"rounds": view["rounds"]}, rng)
    state.rounds = view["rounds"]
    state.round = view["rounds"] if view["phase"] == OVER else view["round"] - 1
    state.turn = view["turn"]
    state.totals = list(view["totals"])
    state.round_penalties = [list(r) for r in view["round_penalties"]]
    state.fist_counts = [
        [c["competitor"], c["competitor_empty"], c["master"], c["master_empty"]] for c in view["fist_counts"]
    ]
    state.wall = list(view["wall"])
    state.built = [list(b) for b in view["built"]]
    state.master = view["master"]
    state.last_reveal = None if view["last_reveal"] is None else list(view["last_reveal"])
    state.builders = [list(b) for b in view["builders"]]
    state.donor = view["donor"]
    state.phase = view["phase"]
    state.stocks, state.round_moves = _stocks(view, rng)
    state.plans = SecretChoices(players, range(players))
    if state.phase == PLAN:
        for player in view["plans"]["locked"]:
            piece = view["plans"]["mine"] if player == me else _locked_plan(view, state, player, rng)
            state.plans.choose(player, piece)
    elif state.last_reveal is not None:
        for player, piece in enumerate(state.last_reveal):
            state.plans.choose(player, piece)
    return state


def _stocks(view: View, rng: Rng) -> tuple[list[list[str]], list[list[Any]]]:
    """Every stock and the round's moves with unseen donations filled in."""
    for _ in range(ATTEMPTS):
        replayed = _replay(view, rng)
        if replayed is not None:
            return replayed
    # A hand-made or inconsistent view: any pieces not yet built, in the right numbers.
    stocks = []
    for player, count in enumerate(view["stock_counts"]):
        if player == view["you"]:
            stocks.append(list(view["stock"]))
            continue
        left = [piece for piece in PIECES if piece not in view["built"][player]] or list(PIECES)
        rng.shuffle(left)
        stocks.append(_ordered((left * count)[:count]))
    return stocks, [list(move) for move in view["round_moves"]]


def _replay(view: View, rng: Rng) -> tuple[list[list[str]], list[list[Any]]] | None:
    players, me = view["players"], view["you"]
    stocks = [list(PIECES) for _ in range(players)]
    moves = []
    for move in view["round_moves"]:
        move = list(move)
        if move[0] == "build":
            _, player, piece = move
            if piece not in stocks[player]:
                return None
            stocks[player].remove(piece)
        else:
            _, giver, master, piece = move
            if piece is None:
                held = stocks[giver]
                piece = _heavier_likelier(held, rng) if held else None
                move[3] = piece
            if piece is None or piece not in stocks[giver]:
                return None
            stocks[giver].remove(piece)
            stocks[master].append(piece)
        moves.append(move)
    if [len(stock) for stock in stocks] != view["stock_counts"]:
        return None
    if any(piece not in stocks[player] for player, piece in view["builders"]):
        return None
    if me is not None:
        if sorted(stocks[me], key=_RANK.__getitem__) != view["stock"]:
            return None
    return [_ordered(stock) for stock in stocks], moves


def _heavier_likelier(pieces: list[str], rng: Rng) -> str:
    return weighted_choice(pieces, [PENALTY[piece] for piece in pieces], rng)


def _ordered(pieces: list[str]) -> list[str]:
    return sorted(pieces, key=_RANK.__getitem__)


def _locked_plan(view: View, state: DieMauerState, player: int, rng: Rng) -> str | None:
    """A plan ``player`` may have locked in: an empty fist at their observed rate, else a
    piece they hold that fits, heavier pieces more likely."""
    if rng.random() < empty_fist_rate(view, player, player == view["master"]):
        return None
    fitting = [piece for piece in set(state.stocks[player]) if legal_ends(state.wall, piece)]
    return _heavier_likelier(_ordered(fitting), rng) if fitting else None
