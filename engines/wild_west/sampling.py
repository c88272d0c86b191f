"""Wild West: a full state drawn from one player's view, for search bots (docs/bots.md).

Sheets are public; a view hides the order and make-up of the deck (it shows how many
cards are left, not which: the cards flipped before are gone from the view) and the
columns other players have already picked this deal (WW-3). The sampler deals the deck
at random from every card not face up now, puts the rest in the discard pile, and draws
each locked pick among the columns that player could write.
"""

from typing import Any

from ..rng import Rng
from ..search import blank_state
from ..simultaneous import SecretChoices
from ..state import OVER
from ..types import View
from .rules import PICK, STEPS_AFTER, WRITE_STEP, WildWestState
from .sheet import MINE, full_deck, tile_at, writable_tiles


def sample_state(view: View, rng: Rng) -> WildWestState:
    """A state whose ``view(view["you"])`` equals ``view``; hidden parts drawn with ``rng``."""
    me, players = view["you"], view["players"]
    timer = view["timer"] or 0  # the view says None for off, the option 0
    state = blank_state(WildWestState, view, {"timer": timer}, rng)
    state.timer, state.solo = timer, view["solo"]
    state.phase, state.round, state.deal = view["phase"], view["round"], view["deal"]
    state.flipped = list(view["cards"])
    unseen = full_deck()
    for card in state.flipped:
        unseen.remove(card)
    rng.shuffle(unseen)
    state.deck, state.discard = unseen[: view["deck_left"]], unseen[view["deck_left"]:]
    sheets = view["sheets"]
    tiles = [[tile for row in sheet["rows"] for tile in row] for sheet in sheets]
    state.kinds = [[t["kind"] or "" for t in ts] for ts in tiles]
    state.values = [[t["value"] or 0 for t in ts] for ts in tiles]
    state.tracks = [[t["track"] for t in ts] for ts in tiles]
    state.rights = [[t["right"] or "" for t in ts] for ts in tiles]
    state.upgrades = [list(sheet["upgrades"]) for sheet in sheets]
    state.tumbleweeds = [sheet["tumbleweeds"] for sheet in sheets]
    state.aces = [sheet["aces"] for sheet in sheets]
    state.completed_rows = [list(sheet["completed_rows"]) for sheet in sheets]
    state.tasks = [_task(sheet["task"]) for sheet in sheets]
    state.last_picks = None if view["last_picks"] is None else list(view["last_picks"])
    # Row tracks completed earlier this round are not shown; the sampler assumes none.
    state.completions = 0
    state.extension, state.end_reason = view["extension"], view["end_reason"]
    state.final = [sheet["score"] for sheet in sheets] if state.phase == OVER else None
    state.columns = [[c["action"], c["value"]] for c in view["columns"]]
    state.legal_columns = [
        [i for i, (action, value) in enumerate(state.columns) if writable_tiles(values, value, action == MINE)]
        for values in state.values
    ]
    state.picks = SecretChoices(players, range(players))
    if state.phase == PICK:
        for player in view["picks"]["locked"]:
            if player == me:
                state.picks.choose(player, view["picks"]["mine"])
            else:
                options = state.legal_columns[player] + [None]
                state.picks.choose(player, options[rng.below(len(options))])
    return state


def _task(shown: dict[str, Any] | None) -> dict[str, Any] | None:
    """A writing task as the rules keep it, from its view (the steps still to come follow
    from the action and the current step, WW-5)."""
    if shown is None:
        return None
    step = shown["step"]
    if step == WRITE_STEP:
        steps = [WRITE_STEP]
    else:
        after = STEPS_AFTER[shown["action"]]
        steps = after[after.index(step):]
    tile = -1 if shown["tile"] is None else tile_at(*shown["tile"])
    return {"action": shown["action"], "value": shown["value"], "tile": tile, "steps": list(steps),
            "graves": shown["graves"]}
