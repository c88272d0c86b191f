"""Architekton rules from hand-made positions (rulings AR-1 to AR-7)."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import GAMES, IllegalAction, Rng, new_game
from engines.architekton.rules import MOVE_HOUSE, PLACE, SETTLE, TAKE
from engines.architekton.tiles import (
    BUILDING_SIDES,
    FACING,
    HOUSES_PER_PLAYER,
    LANDSCAPE_TERRAIN,
    ROTATIONS,
    STEPS,
    TERRAINS,
    is_building,
)

from .play import assert_refused_unless_legal, assert_rejected, assert_wrong_seats_refused, spoiled

GAME = GAMES["architekton"]
# Landscapes by terrain: L01-L06 water, L07-L12 forest, L13-L18 hill, L19-L24 field.
WATER, WATER2, WATER3 = "L01", "L02", "L03"
FOREST, FOREST2 = "L07", "L08"
HILL, HILL2 = "L13", "L14"
FIELD, FIELD2 = "L19", "L20"


def position(tiles, *, phase=PLACE, current=0, hand=(), chips=(1, 1), stock=(9, 9), revenge=False, seed=1):
    """A game whose board is exactly ``tiles``: (x, y, tile, rot, house owner or None)."""
    state = new_game("architekton", 2, seed, revenge=revenge)
    state.board, state.open_land, state.open_build = {}, {}, {}
    for x, y, tile, rot, house in tiles:
        state._put(tile, x, y, rot)
        state.board[f"{x},{y}"][4] = house
    state.phase, state.current, state.hand = phase, current, list(hand)
    state.chips, state.houses = list(chips), list(stock)
    used = {t[2] for t in tiles} | set(hand)
    state.supply_buildings = [t for t in state.supply_buildings if t not in used]
    state.supply_landscapes = [t for t in state.supply_landscapes if t not in used]
    for pile in ("building_stack", "landscape_stack", "reserve_buildings", "reserve_landscapes"):
        setattr(state, pile, [t for t in getattr(state, pile) if t not in used])
    return state


def place(tile, x, y, rot=0):
    return {"type": "place", "tile": tile, "x": x, "y": y, "rot": rot}


def cell(state, x, y):
    return next(c for c in state.view(None)["board"] if (c["x"], c["y"]) == (x, y))


def rejected_code(state, player, action):
    with pytest.raises(IllegalAction) as error:
        state.apply(player, action)
    return error.value.code


def finish_turn(state):
    """Play the current player's turn to its end with the first legal action each time."""
    player = state.current
    while not state.is_over() and (state.current == player or state.phase != TAKE):
        active = state.active_players()[0]
        state.apply(active, state.legal_actions(active)[0])


# Building B21 is WFHA (north water, east forest, south hill, west field) at rotation 0.
# At (1,0) its neighbours are north (1,-1), east (2,0), south (1,1), west (0,0).
def around_b21(north=WATER, south=HILL, west=FIELD, owner=1, anchor=False):
    """B21 at (1,0) with three landscapes; the east square (2,0) is open. With
    ``anchor``, a houseless HHHH at (3,0) lets a hill go to (2,0) against B21's forest."""
    tiles = [(1, 0, "B21", 0, owner), (0, 0, west, 0, None), (1, 1, south, 0, None), (1, -1, north, 0, None)]
    return tiles + ([(3, 0, "B06", 0, None)] if anchor else [])


# --- AR-1 components and the seed's set-up ------------------------------------------
def test_ar1_building_tiles_spread_terrains_evenly_and_mix_kinds():
    assert len(BUILDING_SIDES) == 22 and all(len(s) == 4 for s in BUILDING_SIDES.values())
    sides = "".join(BUILDING_SIDES.values())
    assert {t: sides.count(t) for t in TERRAINS} == {t: 22 for t in TERRAINS}
    kinds = [len(set(s)) for s in BUILDING_SIDES.values()]
    assert kinds.count(1) and kinds.count(2) and kinds.count(3) and kinds.count(4)
    assert sorted(LANDSCAPE_TERRAIN.values()) == sorted(TERRAINS * 6)
    assert ROTATIONS["B01"] == [0] and ROTATIONS["B10"] == [0, 1] and ROTATIONS["B21"] == [0, 1, 2, 3]


def test_setup_has_reserve_supply_and_two_corner_landscapes():
    state = new_game("architekton", 2, 7)
    view = state.view(0)
    assert [(c["x"], c["y"], c["building"]) for c in view["board"]] == [(0, 0, False), (1, 1, False)]
    assert view["reserve"] == {"buildings": 4, "landscapes": 4}
    assert view["stacks"] == {"buildings": 15, "landscapes": 15}
    assert sum(s["tile"].startswith("B") for s in view["supply"]) == 3 and len(view["supply"]) == 6
    assert view["houses"] == [HOUSES_PER_PLAYER] * 2 and view["chips"] == [1, 1]
    assert view["active"] == [0] and view["phase"] == TAKE
    # Landscapes fit only beside a building, so the first turn takes at least one.
    options = [a["tiles"] for a in state.legal_actions(0)]
    assert options and all(any(t.startswith("B") for t in tiles) for tiles in options)
    assert [t for t in view["takeable"] if t.startswith("L")]


@pytest.mark.parametrize("seed", [7, 8])
def test_reserve_and_stacks_are_secret_to_everyone_all_game_long(seed):
    state = new_game("architekton", 2, seed, revenge=True)
    rng = Rng(seed)
    events: list = []
    while True:
        hidden = state.reserve_buildings + state.reserve_landscapes + state.building_stack + state.landscape_stack
        # Tiles put under a stack were seen going there; only that mention is allowed.
        # A revenge match reshuffles every tile for the next game (its new_game event).
        starts = [i for i, e in enumerate(events) if e["type"] == "new_game"]
        sent = [{k: v for k, v in e.items() if k != "under"} for e in events[(starts or [0])[-1]:]]
        for seat in (None, 0, 1):
            text = json.dumps([state.view(seat), sent])
            assert not [tile for tile in hidden if f'"{tile}"' in text], seat
        if state.is_over():
            break
        player = state.active_players()[0]
        events = state.apply(player, rng.choice(state.legal_actions(player)))
    assert all(not e.get("only") for e in events)  # nothing in Architekton is private


# --- AR-2 placement --------------------------------------------------------------------
def test_ar2_buildings_and_landscapes_alternate_like_a_chessboard():
    state = position([(0, 0, WATER, 0, None)], hand=["B01", WATER2])
    assert rejected_code(state, 0, place("B01", 1, 1)) == "checkerboard"
    assert rejected_code(state, 0, place("B01", 2, 1)) == "no_match"  # touches nothing
    assert rejected_code(state, 0, place(WATER2, 0, 0)) == "occupied"
    state.apply(0, place("B01", 1, 0))
    assert cell(state, 1, 0)["house"] == 0


def test_ar2_a_building_needs_a_matching_side_in_its_rotation():
    state = position([(0, 0, WATER, 0, None)], hand=["B21"])  # WFHA
    spots = {(s["x"], s["y"]): s["rots"] for s in state.view(0)["spots"]["B21"]}
    # West of the tile must be water: the printed north side (W) turned to the west.
    assert spots[(1, 0)] == [3] and spots[(0, -1)] == [2] and spots[(0, 1)] == [0]
    assert rejected_code(state, 0, place("B21", 1, 0, 0)) == "bad_rotation"
    state.apply(0, place("B21", 1, 0, 3))
    assert cell(state, 1, 0)["sides"] == ["F", "H", "A", "W"]


def test_ar2_a_landscape_must_match_a_touching_building_side():
    state = position([(0, 0, FIELD, 0, None), (1, 0, "B21", 0, 1)], hand=[FOREST, WATER])
    assert rejected_code(state, 0, place(FOREST, 1, -1)) == "no_match"  # north side is water
    assert [(s["x"], s["y"]) for s in state.view(0)["spots"][WATER]] == [(1, -1)]
    state.apply(0, place(WATER, 1, -1))
    assert state.hand == [FOREST]


def test_ar2_uniform_tiles_offer_one_rotation_only():
    state = position([(0, 0, WATER, 0, None)], hand=["B01"])
    assert {a["rot"] for a in state.legal_actions(0)} == {0}
    assert rejected_code(state, 0, place("B01", 1, 0, 2)) == "bad_rotation"


def test_ar2_a_tile_without_a_legal_spot_cannot_be_taken():
    state = position([(0, 0, FIELD, 0, None), (1, 0, "B21", 0, 1)], phase=TAKE)
    state.supply_buildings, state.supply_landscapes = ["B05"], [WATER, FIELD2]
    # Open landscape squares face water, forest and hill; B05 (HHHH) needs a hill
    # landscape and the field landscape a field side: only the water fits, alone.
    assert state.view(0)["takeable"] == [WATER]
    assert state.legal_actions(0) == [{"type": "take", "tiles": [WATER]}]
    assert rejected_code(state, 0, {"type": "take", "tiles": [FIELD2]}) == "no_spot"
    assert rejected_code(state, 0, {"type": "take", "tiles": ["B05", WATER]}) == "wrong_count"


def test_ar2_a_tile_may_be_taken_when_the_other_one_opens_a_spot_for_it():
    state = position([(0, 0, FIELD, 0, None), (1, 0, "B21", 0, 1)], phase=TAKE)
    state.supply_buildings, state.supply_landscapes = ["B05", "B07"], [WATER, FIELD2]
    options = state.take_options()
    assert ["B07", FIELD2] in options  # the field fits beside the AAAA once it lies
    assert ["B05", FIELD2] not in options and ["B05", "B07"] not in options
    assert rejected_code(state, 0, {"type": "take", "tiles": ["B05", FIELD2]}) == "no_spot"
    assert rejected_code(state, 0, {"type": "take", "tiles": [WATER, "B07"]}) == "malformed"
    state.apply(0, {"type": "take", "tiles": ["B07", FIELD2]})
    assert {a["tile"] for a in state.legal_actions(0)} == {"B07"}  # the order is forced
    state.apply(0, place("B07", -1, 0))
    assert state.hand == [FIELD2] and (-2, 0) in {(a["x"], a["y"]) for a in state.legal_actions(0)}


def test_ar2_two_tiles_that_fit_only_on_the_same_square_cannot_both_be_taken():
    # B21 (WFHA) shows water to one open square only, (1,-1): both waters fit there
    # and nowhere else, so they cannot both be placed. The field and B05 (HHHH) fit
    # nowhere, not even after a water. No pair works: one water alone is taken.
    state = position([(0, 0, FIELD, 0, None), (1, 0, "B21", 0, 1)], phase=TAKE)
    state.supply_buildings, state.supply_landscapes = ["B05"], [WATER, WATER2, FIELD2]
    assert state.legal_actions(0) == [{"type": "take", "tiles": [WATER]}, {"type": "take", "tiles": [WATER2]}]
    assert state.view(0)["takeable"] == [WATER, WATER2]
    assert rejected_code(state, 0, {"type": "take", "tiles": [WATER, WATER2]}) == "wrong_count"
    assert_rejected(state, 0, {"type": "take", "tiles": [WATER, WATER2]})
    state.apply(0, {"type": "take", "tiles": [WATER2]})
    assert state.hand == [WATER2] and state.legal_actions(0) == [place(WATER2, 1, -1)]


def test_ar2_two_tiles_sharing_one_square_are_taken_when_one_has_another():
    state = position(shared_forest_square(), phase=TAKE)
    state.supply_buildings, state.supply_landscapes = ["B05"], [WATER, FOREST, FIELD2]
    assert state.take_options() == [[WATER, FOREST]]


def shared_forest_square():
    """FIELD at (0,0); B21 (WFHA) at (1,0) shows water north to (1,-1), forest east to
    (2,0), hill south to (1,1); WWWW at (3,0) shows water to (2,0) and three more squares.
    A forest fits only at (2,0); a water there or at four other squares."""
    return [(0, 0, FIELD, 0, None), (1, 0, "B21", 0, 1), (3, 0, "B01", 0, 0)]


# --- AR-5 the first placement leaves the second tile a spot -----------------------------
def test_ar5_the_first_placement_may_not_take_the_second_tiles_only_square():
    state = position(shared_forest_square(), hand=[WATER, FOREST])
    water = {(s["x"], s["y"]) for s in state.view(0)["spots"][WATER]}
    assert water == {(1, -1), (3, -1), (4, 0), (3, 1)}  # not (2,0): the forest needs it
    assert place(WATER, 2, 0) not in state.legal_actions(0)
    assert rejected_code(state, 0, place(WATER, 2, 0)) == "strands_tile"
    assert_rejected(state, 0, place(WATER, 2, 0))
    state.apply(0, place(FOREST, 2, 0))  # the forest first may take it: the water fits elsewhere
    assert state.hand == [WATER] and place(WATER, 1, -1) in state.legal_actions(0)
    state.apply(0, place(WATER, 1, -1))
    assert state.current == 1 and state.phase == TAKE
    assert {c["tile"] for c in state.view(None)["board"]} >= {WATER, FOREST}


def test_ar5_a_building_first_must_turn_a_side_to_an_open_square_for_the_landscape():
    # No landscape fits before a building lies. B21 (WFHA) at (1,0), between the water
    # at (0,0) and the forest at (2,0), matches turned r0 (forest east) or r3 (water
    # west). Only r3 turns its field side to an empty square for the field landscape.
    state = position([(0, 0, WATER, 0, None), (2, 0, FOREST, 0, None)], hand=["B21", FIELD])
    assert state.view(0)["spots"][FIELD] == []
    b21 = {(s["x"], s["y"]): s["rots"] for s in state.view(0)["spots"]["B21"]}
    assert b21[(1, 0)] == [3]
    assert rejected_code(state, 0, place("B21", 1, 0, 0)) == "strands_tile"
    state.apply(0, place("B21", 1, 0, 3))
    assert state.legal_actions(0) == [place(FIELD, 1, 1)]


def stuck_after_b21(landscape_stack):
    """Player 0 lays B21 so that the refilled supply (B03, B05 and the stack's B07;
    three waters) fits nowhere: building squares face only water, landscape squares
    only forest, hill and field. The building stack is then empty."""
    state = position([(0, 0, WATER, 0, None)], hand=["B21"])
    state.supply_buildings, state.supply_landscapes = ["B03", "B05"], [WATER2, WATER3, "L04"]
    state.building_stack, state.landscape_stack = ["B07"], list(landscape_stack)
    events = state.apply(0, place("B21", 1, 0, 3))
    return state, events


def test_a_supply_that_fits_nowhere_goes_under_the_stacks_and_is_drawn_anew():
    state, events = stuck_after_b21(landscape_stack=["L05", "L06", HILL])
    redrawn = [e for e in events if e["type"] == "supply_redrawn"]
    assert [e["under"] for e in redrawn] == [["B03", "B05", "B07", WATER2, WATER3, "L04"]]
    # The empty building stack cannot offer anything new; the landscapes come from theirs.
    view = state.view(1)
    assert [s["tile"] for s in view["supply"]] == ["B03", "B05", "B07", "L05", "L06", HILL]
    assert not state.is_over() and view["active"] == [1] and view["phase"] == TAKE
    assert HILL in view["takeable"]  # beside B21's hill side
    # The tiles stay in the game: no tile is lost and the last round is not brought on.
    assert view["stacks"] == {"buildings": 0, "landscapes": 3} and not view["last_round"]
    assert view["reserve"] == {"buildings": 4, "landscapes": 4}


def test_the_first_turn_never_ends_the_game_even_when_the_dealt_supply_fits_nowhere():
    # About one deal in 35 has no building with a side of the starting terrains.
    for seed in range(200):
        state = new_game("architekton", 2, seed)
        view = state.view(0)
        assert not state.is_over() and state.legal_actions(0), seed
        assert view["stacks"] == {"buildings": 15, "landscapes": 15} and len(view["supply"]) == 6


def test_a_game_is_scored_when_no_stacked_tile_fits_either():
    state, events = stuck_after_b21(landscape_stack=["L05", "L06"])  # waters only
    assert [e["type"] for e in events].count("supply_redrawn") == 1  # every tile seen once
    assert any(e["type"] == "no_placement" for e in events)
    assert state.is_over() and state.results[-1]["early"] is False and state.final is not None


# --- AR-3 houses -------------------------------------------------------------------------
def test_ar3_with_no_house_in_stock_one_is_moved_from_the_board():
    tiles = [(0, 0, WATER, 0, None), (-1, 1, "B02", 0, 0), (1, 2, "B03", 0, 0), (3, 2, "B04", 0, 1)]
    state = position(tiles, hand=["B01"], stock=(0, 5))
    state.apply(0, place("B01", 1, 0))
    assert state.phase == MOVE_HOUSE and cell(state, 1, 0)["house"] is None
    assert state.legal_actions(0) == [
        {"type": "move_house", "x": -1, "y": 1}, {"type": "move_house", "x": 1, "y": 2},
    ]
    assert rejected_code(state, 0, {"type": "move_house", "x": 3, "y": 2}) == "no_house_there"
    state.apply(0, {"type": "move_house", "x": 1, "y": 2})
    assert cell(state, 1, 0)["house"] == 0 and cell(state, 1, 2)["house"] is None
    assert state.houses == [0, 5]


# --- AR-4 surround scoring -----------------------------------------------------------------
def test_ar4_a_perfect_surround_gains_one_chip():
    state = position(around_b21(owner=0), hand=[FOREST, "B01"], chips=(1, 1))
    events = state.apply(0, place(FOREST, 2, 0))
    assert state.chips == [2, 1] and cell(state, 1, 0)["scored"]
    assert any(e["type"] == "surrounded" and e["mismatches"] == 0 for e in events)
    assert state.phase == PLACE and state.active_players() == [0]


@pytest.mark.parametrize(("north", "south", "owed"), [(WATER, HILL, 1), (FOREST2, HILL, 2), (FOREST2, WATER2, 3)])
@pytest.mark.parametrize("take_back", [False, True])
def test_ar4_mismatches_cost_one_chip_each_or_one_less_with_the_house(north, south, owed, take_back):
    state = position(around_b21(north=north, south=south, owner=0, anchor=True), hand=[HILL2], chips=(5, 1))
    state.apply(0, place(HILL2, 2, 0))  # hill against the printed forest side: a mismatch
    assert state.phase == SETTLE and state.view(0)["settling"]["mismatches"] == owed
    assert state.view(0)["settling"]["options"] == [False, True]
    state.apply(0, {"type": "settle", "take_back": take_back})
    paid = owed - 1 if take_back else owed
    assert state.chips == [5 - paid, 1]
    assert cell(state, 1, 0)["house"] == (None if take_back else 0)
    assert state.houses[0] == 9 + take_back


def test_ar4_the_owner_decides_during_the_opponents_turn():
    state = position(around_b21(owner=1, anchor=True), hand=[HILL2, "B01"], chips=(1, 1))
    state.apply(0, place(HILL2, 2, 0))  # hill against the forest side: one mismatch
    assert state.current == 0 and state.active_players() == [1]
    assert state.legal_actions(0) == []
    assert rejected_code(state, 0, {"type": "settle", "take_back": True}) == "not_your_turn"
    state.apply(1, {"type": "settle", "take_back": False})
    assert state.chips == [1, 0]
    assert state.active_players() == [0] and state.phase == PLACE and state.hand == ["B01"]


def test_ar4_only_payable_options_are_offered():
    tiles = around_b21(north=FOREST2, owner=1, anchor=True)  # north mismatches already
    state = position(tiles, hand=[HILL2], chips=(1, 1))
    state.apply(0, place(HILL2, 2, 0))  # two mismatches, one chip: only the house back
    assert state.legal_actions(1) == [{"type": "settle", "take_back": True}]
    assert rejected_code(state, 1, {"type": "settle", "take_back": False}) == "cannot_pay"


def test_ar4_a_player_who_cannot_pay_loses_at_once():
    state = position(around_b21(north=FOREST2, south=WATER2, owner=1, anchor=True), hand=[HILL2, WATER], chips=(0, 1))
    events = state.apply(0, place(HILL2, 2, 0))  # three mismatches: owes 3, or 2 without house
    assert state.is_over() and state.winners() == [0]
    assert [e for e in events if e["type"] == "cannot_pay"][0]["player"] == 1
    assert state.results[-1]["early"] is True


def test_ar4_a_building_placed_into_a_hole_scores_at_once():
    tiles = [(0, 0, WATER, 0, None), (2, 0, WATER2, 0, None), (1, -1, WATER3, 0, None), (1, 1, "L04", 0, None)]
    state = position(tiles, hand=["B01", FOREST])
    state.apply(0, place("B01", 1, 0))
    assert state.chips == [2, 1] and cell(state, 1, 0)["house"] == 0


def test_ar4_a_building_without_a_house_scores_nothing():
    state = position(around_b21(owner=None, anchor=True), hand=[HILL2, "B01"], chips=(0, 0))
    events = state.apply(0, place(HILL2, 2, 0))
    assert state.chips == [0, 0] and state.phase == PLACE
    assert [e["owner"] for e in events if e["type"] == "surrounded"] == [None]


def test_ar4_several_enclosed_buildings_score_one_after_another_clockwise():
    # A landscape at (2,0) encloses B21 west of it (player 1) and B05 east of it (player 0).
    tiles = around_b21(north=FOREST2, owner=1) + [
        (3, 0, "B05", 0, 0), (3, -1, "L15", 0, None), (4, 0, "L16", 0, None), (3, 1, "L17", 0, None),
    ]
    state = position(tiles, hand=[FOREST, "B07"], chips=(1, 1))
    events = state.apply(0, place(FOREST, 2, 0))  # forest: one mismatch at each building
    surrounded = [(e["x"], e["y"]) for e in events if e["type"] == "surrounded"]
    assert surrounded == [(3, 0)]  # east first; west waits for this decision
    assert state.active_players() == [0]
    events = state.apply(0, {"type": "settle", "take_back": True})
    assert [(e["x"], e["y"]) for e in events if e["type"] == "surrounded"] == [(1, 0)]
    assert state.active_players() == [1]
    state.apply(1, {"type": "settle", "take_back": False})
    assert state.chips == [1, 0] and state.active_players() == [0] and state.phase == PLACE
    assert state.hand == ["B07"]


def test_ar5_a_tile_that_could_never_be_placed_goes_back_to_the_supply():
    # Two waters with one water square between them: no legal take gives this hand
    # (AR-2), but a position set up by hand (or an older save) may hold it.
    state = position([(0, 0, FIELD, 0, None), (1, 0, "B21", 0, 1)], hand=[WATER, WATER2])
    state.supply_landscapes = [FOREST]
    assert {a["tile"] for a in state.legal_actions(0)} == {WATER, WATER2}
    events = state.apply(0, place(WATER, 1, -1))  # the only water spot is now taken
    assert [e["tile"] for e in events if e["type"] == "returned"] == [WATER2]
    assert WATER2 in state.supply_landscapes and state.current == 1 and state.phase == TAKE


# --- AR-5 the last round -------------------------------------------------------------------
def turns_played(state, seed=3):
    """Turns each player completes from now until the game ends."""
    counts = [0, 0]
    rng = Rng(seed)
    while not state.is_over():
        player = state.current
        while not state.is_over() and (state.current == player or state.phase != TAKE):
            active = state.active_players()[0]
            state.apply(active, rng.choice(state.legal_actions(active)))
        counts[player] += 1
    return counts


def test_ar5_reserve_used_after_the_first_players_turn_only_the_other_plays():
    state = new_game("architekton", 2, 4)
    state.chips = [50, 50]  # nobody goes bankrupt here
    state.building_stack, state.landscape_stack = [], []
    events = []
    player = state.current
    while state.current == player:
        active = state.active_players()[0]
        events += state.apply(active, state.legal_actions(active)[0])
    assert {"type": "last_round", "turns_left": 1, "rule": "AR-5"} in events
    assert state.view(1)["last_round"] and state.current == 1
    assert turns_played(state) == [0, 1]
    assert state.final is not None


def test_ar5_reserve_used_after_the_second_players_turn_both_play_once_more():
    state = new_game("architekton", 2, 4)
    state.chips = [50, 50]
    finish_turn(state)
    assert state.turns_left is None
    state.building_stack, state.landscape_stack = [], []
    finish_turn(state)  # player 1 ends the round; the refill needs the reserve
    assert state.turns_left == 2 and state.current == 0
    assert turns_played(state) == [1, 1]
    assert state.final is not None and not state.results[-1]["early"]


def test_ar5_half_round_counts_from_the_starter_of_the_game_in_a_revenge_match():
    tiles = [(0, 0, WATER, 0, None), (1, 0, "B02", 0, 0), (1, -1, WATER2, 0, None), (2, 0, WATER3, 0, None)]
    state = position(tiles, hand=["L04"], revenge=True)
    state.turns_left = 1
    state.apply(0, place("L04", 1, 1))  # game 1 ends; seat 1 starts game 2
    assert state.starter == 1 and state.current == 1
    state.chips = [50, 50]
    state.building_stack, state.landscape_stack = [], []
    finish_turn(state)  # the starter's turn: half a round
    assert state.turns_left == 1 and state.current == 0
    finish_turn(state)
    assert [r["game"] for r in state.results] == [1, 2] and not state.results[-1]["early"]


def test_ar5_refill_uses_the_stack_first_then_the_reserve():
    state = position([(0, 0, WATER, 0, None)], hand=["B01"])
    state.supply_buildings, state.building_stack = [], ["B04"]
    state.reserve_buildings = ["B05", "B06", "B07", "B08"]
    events = state.apply(0, place("B01", 1, 0))
    refill = next(e for e in events if e["type"] == "refill")
    # The stack's last tile first, then two of the face-down reserve (which two is secret).
    assert refill["tiles"][0] == "B04" and set(refill["tiles"][1:3]) < {"B05", "B06", "B07", "B08"}
    assert refill["from_reserve"] is True
    view = state.view(None)
    assert [s["tile"] for s in view["supply"]][:3] == sorted(refill["tiles"][:3])
    assert view["reserve"]["buildings"] == 2 and view["last_round"] and view["turns_left"] == 1


# --- AR-6 final scoring --------------------------------------------------------------------
def final_board(chips):
    """Player 0: A(1,0) 4 landscapes, B(2,1) 3, C(3,2) 1 (diagonal chain A-B-C).
    Player 1: D(0,1) 2 landscapes, E(4,1) 3, H(-1,0) 3.
    The last landscape, at (3,3), gives C a second neighbour: C still goes."""
    tiles = [
        (0, 0, WATER, 0, None), (1, 1, WATER2, 0, None), (2, 0, WATER3, 0, None), (1, -1, "L04", 0, None),
        (3, 1, "L05", 0, None), (4, 0, FOREST, 0, None), (5, 1, FOREST2, 0, None),
        (-1, -1, HILL, 0, None), (-2, 0, HILL2, 0, None),
        (1, 0, "B02", 0, 0), (2, 1, "B03", 0, 0), (3, 2, "B01", 0, 0),
        (0, 1, "B04", 0, 1), (4, 1, "B05", 0, 1), (-1, 0, "B06", 0, 1),
    ]
    state = position(tiles, hand=["L06"], chips=chips)
    state.turns_left = 1
    state.apply(0, place("L06", 3, 3))
    return state


def test_ar6_buildings_with_one_or_two_landscapes_go_and_diagonal_groups_score():
    state = final_board(chips=(1, 1))
    assert state.is_over()
    assert state.final["removed"] == [[0, 1], [3, 2]]
    assert state.final["groups"] == [2, 1] and state.final["houses"] == [2, 2]
    assert state.scores() == [3, 2] and state.winners() == [0]
    assert {(c["x"], c["y"]) for c in state.view(None)["board"] if c["building"]} == {(1, 0), (2, 1), (4, 1), (-1, 0)}


def test_ar6_tie_goes_to_more_houses_on_the_board_counted_after_the_removal():
    tiles = [
        (1, 0, "B02", 0, 0), (0, 0, WATER, 0, None), (1, -1, WATER2, 0, None),
        (2, 0, WATER3, 0, None), (1, 1, "L04", 0, None),
        (-1, 0, "B03", 0, 1), (-1, -1, "L05", 0, None), (-2, 0, "L06", 0, None), (-1, 1, FOREST, 0, None),
        (-1, 2, "B04", 0, 1), (0, 2, FOREST2, 0, None), (-1, 3, "L09", 0, None),
        # Player 0's houses on two buildings with two landscapes each: both removed.
        (3, 0, "B05", 0, 0), (2, 1, "B07", 0, 0),
    ]
    state = position(tiles, hand=["L16"], chips=(1, 1))
    state.turns_left = 1
    state.apply(0, place("L16", 3, -1))
    # Player 1's houses (-1,0) and (-1,2) are not diagonal neighbours: a group of one.
    assert state.final["removed"] == [[3, 0], [2, 1]]
    assert state.final["scores"] == [2, 2]
    # Before the removal player 0 had three houses to player 1's two; after it, one.
    assert state.final["houses"] == [1, 2] and state.winners() == [1]


def test_ar6_equal_score_and_houses_is_a_draw():
    state = final_board(chips=(1, 2))
    assert state.final["scores"] == [3, 3] and state.final["houses"] == [2, 2]
    assert state.winners() == [0, 1]


# --- AR-7 revenge match -----------------------------------------------------------------------
def test_ar7_an_early_end_win_is_worth_two_and_decides_the_match():
    state = position(around_b21(north=FOREST2, south=WATER2, owner=1, anchor=True), hand=[HILL2, WATER],
                     chips=(0, 1), revenge=True)
    state.apply(0, place(HILL2, 2, 0))
    assert state.is_over() and state.scores() == [2, 0] and state.winners() == [0]


def test_ar7_a_normal_win_is_worth_one_and_the_other_player_starts_the_next_game():
    tiles = [(0, 0, WATER, 0, None), (1, 0, "B02", 0, 0), (1, -1, WATER2, 0, None), (2, 0, WATER3, 0, None)]
    state = position(tiles, hand=["L04"], revenge=True)
    state.turns_left = 1
    events = state.apply(0, place("L04", 1, 1))  # encloses B02 perfectly: +1, then the end
    assert state.results[-1]["winners"] == [0] and not state.is_over()
    assert state.victory_points == [1, 0] and state.scores() == [1, 0]
    kinds = [e["type"] for e in events]
    assert kinds.index("game_over") < kinds.index("match") < kinds.index("new_game")
    view = state.view(1)
    assert view["game_number"] == 2 and view["starter"] == 1 and view["active"] == [1]
    assert len(view["board"]) == 2 and view["chips"] == [1, 1] and view["houses"] == [12, 12]
    assert view["results"][0]["winners"] == [0]


def test_ar7_a_drawn_game_scores_nothing_and_play_goes_on():
    state = position([(0, 0, WATER, 0, None), (1, 0, "B01", 0, None)], hand=[WATER2], revenge=True)
    state.turns_left = 1
    state.apply(0, place(WATER2, 2, 0))  # 1 chip each, no houses: a draw
    assert state.results[-1]["winners"] == [0, 1]
    assert state.victory_points == [0, 0] and not state.is_over() and state.starter == 1


# --- notation, validation, bot ----------------------------------------------------------------
@pytest.mark.parametrize(("text", "action"), [
    ("take B03 L11", {"type": "take", "tiles": ["B03", "L11"]}),
    ("take L11", {"type": "take", "tiles": ["L11"]}),
    ("place B03 3,-2 r1", place("B03", 3, -2, 1)),
    ("place L11 0,1", place("L11", 0, 1)),
    ("move 2,-1", {"type": "move_house", "x": 2, "y": -1}),
    ("settle keep", {"type": "settle", "take_back": False}),
    ("settle back", {"type": "settle", "take_back": True}),
])
def test_notation_examples_round_trip(text, action):
    assert GAME.parse_action(text) == action and GAME.notation(action) == text


@pytest.mark.parametrize("text", ["", "take", "place B03 3 r1", "place B03 3,x", "move", "settle maybe", "place B03 1,2 q1"])
def test_bad_notation_is_a_value_error(text):
    with pytest.raises(ValueError, match="notation"):
        GAME.parse_action(text)


@pytest.mark.parametrize("action", [
    place("B01", 10**30, 0), place("B01", True, 0), place("B01", 1.0, 0), place("B01", 1, 0, 4),
    place("B01", 1, 0, -1), place("XX", 1, 0), place(["B01"], 1, 0), {**place("B01", 1, 0), "extra": 1},
    {"type": "take", "tiles": "B01"}, {"type": "place"}, {"type": 3}, [], None,
])
def test_malformed_actions_are_rejected_without_change(action):
    state = position([(0, 0, WATER, 0, None)], hand=["B01"])
    assert_rejected(state, 0, action)


def test_bot_encloses_its_own_building_with_a_matching_landscape():
    tiles = around_b21(owner=0) + [(3, 0, "B06", 0, 1), (1, 2, "B03", 0, 0)]
    state = position(tiles, hand=[FOREST])
    # Forest fits around the bot's FFFF too, but at (2,0) it encloses B21 perfectly
    # (and mismatches the opponent's HHHH).
    action = GAME.bot(state.view(0), state.legal_actions(0), Rng(1))
    assert (action["x"], action["y"]) == (2, 0)


def test_bot_spoils_the_opponents_building_and_bankrupts_when_it_can():
    tiles = around_b21(north=FOREST2, owner=1) + [(3, 0, "B05", 0, 0)]
    state = position(tiles, hand=[HILL2], chips=(1, 0))
    # Hill at (2,0) matches the bot's HHHH but leaves B21 with two mismatches and no chips.
    action = GAME.bot(state.view(0), state.legal_actions(0), Rng(2))
    assert (action["x"], action["y"]) == (2, 0)
    state.apply(0, action)
    assert state.is_over() and state.winners() == [0]


def test_bot_does_not_block_its_second_tile_when_both_can_do_good():
    # (2,0) takes water (the houseless WWWW east of it) or forest (the houseless FHHA
    # south of it), and either spoils the opponent's HHHH west of it. Water also fits
    # beside the bot's own WWWW at (5,0). Best: one tile to (2,0), water beside its own.
    tiles = [(1, 0, "B05", 0, 1), (3, 0, "B01", 0, None), (2, 1, "B20", 0, None), (5, 0, "B02", 0, 0)]
    for seed in range(10):
        state = position(tiles, hand=[FOREST, WATER])
        finish_turn_with_bot(state, Rng(seed))
        laid = {c["tile"]: (c["x"], c["y"]) for c in state.view(None)["board"]}
        assert FOREST in laid and WATER in laid, seed
        assert (2, 0) in (laid[FOREST], laid[WATER])


def finish_turn_with_bot(state, rng):
    player = state.current
    while not state.is_over() and (state.current == player or state.phase != TAKE):
        active = state.active_players()[0]
        state.apply(active, GAME.bot(state.view(active), state.legal_actions(active), rng))


def test_bots_place_every_tile_they_take():
    for seed in range(8):
        state, rng = new_game("architekton", 2, seed), Rng(seed)
        while not state.is_over():
            player = state.active_players()[0]
            events = state.apply(player, GAME.bot(state.view(player), state.legal_actions(player), rng))
            assert not [e for e in events if e["type"] == "returned"], seed


def test_bot_beats_random_play():
    wins = 0
    for seed in range(12):
        state = new_game("architekton", 2, seed)
        rng = Rng(seed)
        while not state.is_over():
            player = state.active_players()[0]
            legal = state.legal_actions(player)
            action = GAME.bot(state.view(player), legal, rng) if player == seed % 2 else rng.choice(legal)
            state.apply(player, action)
        wins += state.winners() == [seed % 2]
    assert wins >= 9


# --- the cached open squares agree with the board, whole games long ---------------------------
def board_of(state):
    """The placed tiles as {(x, y): terrains facing N, E, S, W}."""
    return {(c[0], c[1]): FACING[c[2]][c[3]] for c in state.board.values()}


def brute_force_spots(state, tile, board=None):
    """AR-2 straight from the board: every empty square, every rotation."""
    board = board_of(state) if board is None else board
    squares = {(x + dx, y + dy) for x, y in board for dx, dy in STEPS} - set(board)
    found = []
    for x, y in sorted(squares, key=lambda s: (s[1], s[0])):
        if ((x + y) % 2 == 1) != is_building(tile):
            continue
        rots = []
        for rot in ROTATIONS[tile]:
            facing = FACING[tile][rot]
            for d, (dx, dy) in enumerate(STEPS):
                neighbour = board.get((x + dx, y + dy))
                if neighbour is not None and neighbour[(d + 2) % 4] == facing[d]:
                    rots.append(rot)
                    break
        if rots:
            found.append([x, y, sum(1 << r for r in rots)])
    return found


def brute_force_keeping(state, first, second):
    """Every (tile, x, y, rot) of ``first`` after which ``second`` still has a spot."""
    board = board_of(state)
    kept = set()
    for x, y, mask in brute_force_spots(state, first, board):
        for rot in range(4):
            if mask >> rot & 1 and brute_force_spots(state, second, {**board, (x, y): FACING[first][rot]}):
                kept.add((first, x, y, rot))
    return kept


@pytest.mark.parametrize("seed", [4, 8, 11])
def test_takes_and_first_placements_match_a_brute_force_reading_of_ar2_and_ar5(seed):
    """Pairs are offered exactly when both tiles can be placed in some order (else
    the single tiles that fit), and with two in hand exactly the first placements
    that leave the other a spot are legal."""
    state = new_game("architekton", 2, seed)
    state.chips = [99, 99]  # whole games: no early end
    rng = Rng(seed)
    narrowed = 0  # hands where some AR-2 spot strands the other tile (these seeds have some)
    while not state.is_over():
        player = state.active_players()[0]
        legal = state.legal_actions(player)
        if state.phase == TAKE:
            supply = sorted(state.supply_buildings + state.supply_landscapes)
            pairs = [[a, b] for i, a in enumerate(supply) for b in supply[i + 1:]
                     if brute_force_keeping(state, a, b) or brute_force_keeping(state, b, a)]
            singles = [[t] for t in supply if brute_force_spots(state, t)]
            assert [a["tiles"] for a in legal] == (pairs or singles)
        elif state.phase == PLACE and len(state.hand) == 2:
            a, b = state.hand
            kept = brute_force_keeping(state, a, b) | brute_force_keeping(state, b, a)
            assert kept and {(x["tile"], x["x"], x["y"], x["rot"]) for x in legal} == kept
            stranding = {
                (t, x, y, rot) for t in (a, b) for x, y, m in brute_force_spots(state, t)
                for rot in range(4) if m >> rot & 1
            } - kept
            for tile, x, y, rot in stranding:
                assert rejected_code(state, player, place(tile, x, y, rot)) == "strands_tile"
            narrowed += bool(stranding)
        state.apply(player, rng.choice(legal))
    assert narrowed


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_legal_spots_match_a_brute_force_reading_of_the_board(seed):
    state = new_game("architekton", 2, seed)
    rng = Rng(seed)
    while not state.is_over():
        for tile in sorted(BUILDING_SIDES) + sorted(LANDSCAPE_TERRAIN):
            assert state.spots(tile) == brute_force_spots(state, tile), tile
        if state.phase == PLACE:
            view = state.view(state.current)
            listed = {(t, s["x"], s["y"], r) for t, spots in view["spots"].items() for s in spots for r in s["rots"]}
            legal = {(a["tile"], a["x"], a["y"], a["rot"]) for a in state.legal_actions(state.current)}
            assert listed == legal
        player = state.active_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))


@pytest.mark.parametrize("seed", range(30))
def test_games_without_debts_last_until_the_reserve_and_give_equal_turns(seed):
    """The seed's length: every tile stays in the game, the game ends only through the
    last round (AR-5), which begins at the first refill that needs the reserve, and
    both players have the same number of turns."""
    state = new_game("architekton", 2, seed)
    state.chips = [99, 99]  # no early end, so every game runs its full length
    rng = Rng(seed)
    turns, last_round_turn = [0, 0], None
    while not state.is_over():
        counted = state.board.values()
        assert len(counted) + len(state.hand) + len(state.supply_buildings + state.supply_landscapes) + len(
            state.building_stack + state.landscape_stack + state.reserve_buildings + state.reserve_landscapes
        ) == 46
        player = state.current
        while not state.is_over() and (state.current == player or state.phase != TAKE):
            active = state.active_players()[0]
            for event in state.apply(active, rng.choice(state.legal_actions(active))):
                if event["type"] == "refill" and last_round_turn is None and not event["from_reserve"]:
                    assert len(state.supply_buildings) == len(state.supply_landscapes) == 3
                if event["type"] == "refill" and event["from_reserve"]:
                    assert not state.building_stack or not state.landscape_stack
                if event["type"] == "last_round":
                    last_round_turn = sum(turns) + 1
                assert event["type"] not in ("no_placement", "returned")  # AR-2, AR-5: both tiles placed
        turns[player] += 1
    assert turns[0] == turns[1] and last_round_turn is not None
    assert sum(turns) - last_round_turn in (1, 2)


# --- all-or-nothing apply: every field of a real action, spoiled one at a time ---------------
TILE_NAMES = sorted(BUILDING_SIDES) + sorted(LANDSCAPE_TERRAIN)
spoiled_value = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-3, max_value=5),
    st.floats(allow_nan=True), st.text(max_size=4), st.sampled_from(TILE_NAMES), st.binary(max_size=3),
    st.lists(st.sampled_from([*TILE_NAMES, "", "XX"]) | st.integers() | st.none(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 70), revenge=st.booleans(), data=st.data())
def test_actions_spoiled_in_one_field_are_rejected_and_change_nothing(seed, steps, revenge, data):
    state = new_game("architekton", 2, seed, revenge=revenge)
    rng = Rng(seed)
    earlier = []
    for _ in range(steps):
        if state.is_over():
            break
        player = state.active_players()[0]
        action = rng.choice(state.legal_actions(player))
        earlier.append(action)
        state.apply(player, action)
    if state.is_over():
        for action in earlier[-3:]:
            assert_rejected(state, 0, action)
        return
    player = state.active_players()[0]
    base = data.draw(st.sampled_from(state.legal_actions(player)))
    extra_keys = ["extra", "rot", "tiles", "x", "take_back", "tile"]
    assert_refused_unless_legal(state, player, spoiled(base, data, spoiled_value, extra_keys))
    assert_wrong_seats_refused(state, base)  # the right action from the wrong player
    if earlier:
        assert_refused_unless_legal(state, player, data.draw(st.sampled_from(earlier)))  # an earlier phase's action
