"""Wie Waldi: a full state drawn from one player's view (docs/bots.md).

The dogs on the table are public, with who played each card (WA-8); a view hides the
order of every pile (even one's own) and the card each other player holds. Every
player's set has the same 30 cards, so each player's unplayed cards are their set minus
what they played this round: the sampler deals those at random into the hands held and
the piles, at the sizes the view shows.
"""

from typing import Any

from ..plain import encode
from ..rng import Rng
from ..search import blank_state
from ..state import OVER
from ..types import View
from .cards import COLOURS, SET, SET_SIZE
from .rules import RACE, WieWaldiState


def sample_state(view: View, rng: Rng) -> WieWaldiState:
    """A state whose ``view(view["you"])`` equals ``view``; hidden parts drawn with ``rng``."""
    me, players = view["you"], view["players"]
    round_timer = view["round_timer"] or 0  # the view says None for off, the option 0
    options = {"rounds": view["rounds"], "round_timer": round_timer, "countdown": view["countdown"]}
    state = blank_state(WieWaldiState, view, options, rng)
    state.rounds, state.round_timer, state.countdown = view["rounds"], round_timer, view["countdown"]
    state.phase = view["phase"]
    state.round = view["rounds"] if state.phase == OVER else view["round"] - 1
    state.totals = list(view["totals"])
    state.results = encode(view["results"])
    state.markers = list(view["markers"])
    unplayed = [list(range(p * SET_SIZE, (p + 1) * SET_SIZE)) for p in range(players)]
    state.dogs = [_dog(shown, unplayed) for shown in view["dogs"]]
    # Dog ids run on over the game; with no dog out this round the next id is not shown.
    state.first_dog = state.dogs[0]["id"] if state.dogs else 0
    state.next_dog = state.dogs[-1]["id"] + 1 if state.dogs else state.first_dog
    state.hand_piles = list(view["holding"])
    state.hands = [None] * players
    state.piles = []
    for player in range(players):
        cards = unplayed[player]
        rng.shuffle(cards)
        if state.phase == RACE and state.hand_piles[player] is not None:
            if player == me:
                state.hands[player] = _take_code(cards, view["hand"], player)
            else:
                state.hands[player] = cards.pop()
        piles, start = [], 0
        for size in view["pile_sizes"][player]:
            piles.append(cards[start:start + size])
            start += size
        state.piles.append(piles)
    state._recount()
    return state


def _dog(shown: dict[str, Any], unplayed: list[list[int]]) -> dict[str, Any]:
    return {
        "id": shown["id"],
        "cards": [_take_code(unplayed[card["player"]], card["card"], card["player"]) for card in shown["cards"]],
        "end": -1 if shown["end"] is None else COLOURS.index(shown["end"]),
        "tail": shown["marker"],
        "owner": shown["owner"],
        "cat": shown["cat"],
    }


def _take_code(cards: list[int], code: str, player: int) -> int:
    """Remove and return one of ``player``'s cards showing ``code`` (a set holds some
    codes twice, such as its red heads; which copy it is does not matter)."""
    for card in cards:
        if SET[card - player * SET_SIZE] == code:
            cards.remove(card)
            return card
    raise ValueError(f"player {player + 1} has no unplayed {code}")

