"""Architekton: a full state drawn from one player's view, for search bots (docs/bots.md).

Everything on the table is public; what nobody knows is the order of the two face-down
stacks and which tiles make up the reserve (only their sizes show). Every tile is known
(AR-1), so the unseen ones are all tiles not on the board, in the supply or in hand; the
sampler shuffles them into the stacks and reserves at the sizes the view shows.
"""

from ..plain import encode
from ..rng import Rng
from ..search import blank_state
from ..types import View
from .board import HOUSE, SCORED
from .rules import SETTLE, ArchitektonState
from .tiles import BUILDINGS, LANDSCAPES, STEPS, is_building, key


def sample_state(view: View, rng: Rng) -> ArchitektonState:
    """A state whose ``view(view["you"])`` equals ``view``; hidden parts drawn with ``rng``."""
    state = blank_state(ArchitektonState, view, {"revenge": view["revenge"]}, rng)
    state.revenge = view["revenge"]
    state.victory_points = list(view["victory_points"])
    state.results = encode(view["results"])
    state.game_number, state.starter = view["game_number"], view["starter"]
    state.current, state.turn, state.phase = view["current"], view["turn"], view["phase"]
    state.board, state.open_land, state.open_build = {}, {}, {}
    for cell in view["board"]:
        state._put(cell["tile"], cell["x"], cell["y"], cell["rot"])
        placed = state.board[key(cell["x"], cell["y"])]
        placed[HOUSE], placed[SCORED] = cell["house"], cell["scored"]
    supply = [entry["tile"] for entry in view["supply"]]
    state.supply_buildings = sorted(t for t in supply if is_building(t))
    state.supply_landscapes = sorted(t for t in supply if not is_building(t))
    state.hand = list(view["hand"])
    seen = set(supply) | set(state.hand) | {cell["tile"] for cell in view["board"]}
    for kind, tiles in (("buildings", BUILDINGS), ("landscapes", LANDSCAPES)):
        unseen = [tile for tile in tiles if tile not in seen]
        rng.shuffle(unseen)
        stack, reserve = view["stacks"][kind], view["reserve"][kind]
        setattr(state, f"{kind[:-1]}_stack", unseen[:stack])
        setattr(state, f"reserve_{kind}", unseen[stack:stack + reserve])
    state.houses, state.chips = list(view["houses"]), list(view["chips"])
    state.moving = None if view["moving"] is None else list(view["moving"])
    state.turns_left, state.final = view["turns_left"], encode(view["final"])
    state.settling, state.scoring = None, []
    if state.phase == SETTLE:
        shown = view["settling"]
        state.settling = [shown["x"], shown["y"], shown["owner"], shown["mismatches"]]
        # Other buildings enclosed by the same placement wait their turn (AR-4); the
        # view does not say in which order, so they are taken from north to south.
        state.scoring = [
            [cell["x"], cell["y"]] for cell in view["board"]
            if cell["building"] and not cell["scored"]
            and all(key(cell["x"] + dx, cell["y"] + dy) in state.board for dx, dy in STEPS)
        ]
    return state
