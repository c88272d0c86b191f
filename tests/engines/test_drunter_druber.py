"""Drunter & Drüber: each rule (DD-1 to DD-9) in a small hand-made position."""

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import GAMES, IllegalAction, Rng, events_for, new_game
from engines.drunter_druber import notation, parse_action
from engines.drunter_druber.board import (
    BRIDGE,
    BUILDINGS,
    CORNER,
    CORNERS,
    COVERED,
    FREE,
    HEIGHT,
    MAP,
    SPECIALS,
    TOILETS,
    TYPES,
    WIDTH,
    card_points,
    parse_cell,
)
from engines.drunter_druber.bot import bot
from engines.drunter_druber.rules import PEOPLE

from .play import (
    assert_refused_unless_legal,
    assert_rejected,
    assert_wrong_seats_refused,
    bot_chooser,
    garbage,
    play,
    spoiled,
)

GAME_ID = "drunter_druber"
EMPTY_HAND = {"wall": [0, 0, 0], "street": [0, 0, 0], "river": [0, 0, 0]}


# --- helpers ---------------------------------------------------------------------------
def fresh(players=4, variant=False, seed=1):
    return new_game(GAME_ID, players, seed, variant=variant)


def at(name: str) -> list[int]:
    cell = parse_cell(name)
    return [cell % WIDTH, cell // WIDTH]


def give(state, player, **tiles):
    """Set ``player``'s hand, e.g. give(s, 0, street=[1, 0, 1])."""
    state.hands[player] = {kind: list(tiles.get(kind, [0, 0, 0])) for kind in EMPTY_HAND}


def lay(state, stretch, names, player=0, token=True):
    """Put a tile on the board directly (no vote), optionally moving the stretch's token."""
    cells = [parse_cell(n) for n in names]
    for cell in cells:
        state.ground[cell] = COVERED
    if len(cells) == 3:
        state.ground[cells[1]] = BRIDGE
    kind = "wall" if stretch.startswith("wall") else stretch
    state.tiles.append({
        "stretch": stretch, "kind": kind, "size": len(cells), "cells": cells, "player": player,
        "from": state.tokens[stretch],
    })
    if token:
        state.tokens[stretch] = cells[-1]


def place(stretch, size, cell, run=None):
    return {"type": "place", "stretch": stretch, "size": size, "cell": at(cell), "dir": run}


def shown(state, player=0, stretch=None):
    return sorted(
        notation(a) for a in state.legal_actions(player) if stretch is None or a["stretch"] == stretch
    )


def vote_round(state, votes):
    """Each active voter in turn puts down ``votes[player]``; returns all events."""
    events = []
    while state.phase == "vote":
        player = state.active_players()[0]
        events += state.apply(player, {"type": "vote", "cards": votes[player]})
    return events


def toilet_position(players=4):
    """Player 0 may put a street triple h2-h4 over the toilets h2 and h4 (one vote)."""
    state = fresh(players)
    for p in range(players):
        give(state, p, wall=[1, 0, 0])
    give(state, 0, street=[0, 0, 1])
    lay(state, "street", ["h1"])
    return state


# --- DD-1 the board ----------------------------------------------------------------------
def test_board_map_has_corners_30_buildings_and_17_toilets_dd1():
    rows = MAP.strip().splitlines()
    assert (len(rows), {len(r.split()) for r in rows}) == (HEIGHT, {WIDTH})
    assert (WIDTH, HEIGHT) == (15, 10)
    assert sorted(CORNERS) == [0, 14, 135, 149]
    assert len(TOILETS) == 17
    assert sorted(BUILDINGS.values()) == sorted((t, v) for t in TYPES for v in range(1, 6))
    assert not set(TOILETS) & set(BUILDINGS)


def test_fives_lie_in_the_centre_ones_on_the_border_and_no_type_clusters_dd1():
    def ring(cell):
        x, y = cell % WIDTH, cell // WIDTH
        return min(x, WIDTH - 1 - x, y, HEIGHT - 1 - y)

    for cell, (_, value) in BUILDINGS.items():
        assert ring(cell) == value - 1
    for building_type in TYPES:
        quadrants = Counter(
            (cell % WIDTH < 7, cell // WIDTH < 5) for cell, (t, _) in BUILDINGS.items() if t == building_type
        )
        assert max(quadrants.values()) <= 2, building_type


def test_docs_show_the_map_from_the_engine_dd1():
    docs = Path(__file__).resolve().parents[2] / "docs" / "rules" / "drunter_druber.md"
    assert MAP.strip() in docs.read_text(encoding="utf-8")


# --- DD-2 tiles and dealing ----------------------------------------------------------------
@pytest.mark.parametrize(("players", "each"), [(2, [12, 12, 6]), (3, [8, 8, 4]), (4, [6, 6, 3])])
def test_all_60_tiles_are_dealt_as_the_seed_says_dd2(players, each):
    state = fresh(players, seed=players)
    totals = {kind: [0, 0, 0] for kind in EMPTY_HAND}
    for hand in state.hands:
        assert [sum(hand[k][size] for k in hand) for size in range(3)] == each
        for kind in hand:
            totals[kind] = [a + b for a, b in zip(totals[kind], hand[kind], strict=True)]
    assert totals == {"wall": [12, 12, 6], "street": [6, 6, 3], "river": [6, 6, 3]}


def test_hands_and_people_cards_are_public_dd2():
    state = fresh(3)
    views = [state.view(p) for p in (None, 0, 1, 2)]
    assert all(v["hands"] == state.hands for v in views)
    assert all(v["people"] == [["ja", "jaa", "jaaa", "ne", "nee", "neee", "jein", "blank"]] * 3 for v in views)


def test_deals_depend_on_the_seed():
    assert fresh(4, seed=1).hands != fresh(4, seed=2).hands


# --- DD-9 building cards are secret --------------------------------------------------------
@pytest.mark.parametrize("variant", [False, True])
def test_each_player_sees_only_their_own_building_cards_dd9(variant):
    state = fresh(4, variant=variant, seed=7)
    dealt = [card for cards in state.cards for card in cards]
    assert len(dealt) == len(set(dealt)) == (8 if variant else 4)
    spectator = json.dumps(state.view(None))
    assert not any(f'"{card}"' in spectator for card in dealt)
    for player in range(4):
        view = state.view(player)
        assert view["cards"] == state.cards[player]
        assert view["card_counts"] == [2 if variant else 1] * 4
        text = json.dumps({k: v for k, v in view.items() if k != "cards"})
        assert not any(f'"{card}"' in text for card in dealt)


@pytest.mark.parametrize("seat", [-1, 4, True, 1.0, "1", [1]])
def test_no_view_or_moves_for_a_seat_that_is_not_at_the_table_dd9(seat):
    state = fresh(4)
    with pytest.raises(IllegalAction):
        state.view(seat)  # view(-1) once showed the last player's building card
    state.current = 1
    assert state.legal_actions(seat) == []


# --- DD-3 placing ----------------------------------------------------------------------------
def test_first_tiles_dock_next_to_the_corner_and_never_leave_the_board_dd3():
    state = fresh()
    give(state, 0, street=[1, 1, 1])
    assert shown(state) == [
        "place street 1 n1", "place street 1 o2",
        "place street 2 n1 s", "place street 2 n1 w", "place street 2 o2 s", "place street 2 o2 w",
        "place street 3 n1 s", "place street 3 n1 w", "place street 3 o2 s", "place street 3 o2 w",
    ]
    assert_rejected(state, 0, place("street", 2, "o2", "e"))  # would leave the board
    assert_rejected(state, 0, place("street", 2, "n1", "e"))  # back over the token
    assert_rejected(state, 0, place("street", 1, "m1"))  # not next to the token


def test_a_tile_extends_only_a_stretch_of_its_own_kind_dd3():
    state = fresh()
    give(state, 0, river=[1, 0, 0])
    assert shown(state) == ["place river 1 a9", "place river 1 b10"]
    with pytest.raises(IllegalAction) as error:
        state.apply(0, place("street", 1, "n1"))
    assert error.value.code == "tile_not_held"


def test_wall_tiles_extend_either_wall_stretch_dd3():
    state = fresh()
    give(state, 0, wall=[1, 0, 0])
    assert shown(state) == ["place wall_nw 1 a2", "place wall_nw 1 b1", "place wall_se 1 n10", "place wall_se 1 o9"]


def test_the_token_moves_to_the_end_field_and_the_next_tile_docks_there_dd3():
    state = fresh()
    give(state, 0, street=[0, 0, 1])
    give(state, 1, street=[1, 0, 0])
    events = state.apply(0, place("street", 3, "o2", "s"))
    assert events[0]["cells"] == [at("o2"), at("o3"), at("o4")]
    assert state.view(1)["tokens"]["street"] == at("o4")
    assert state.active_players() == [1]
    assert shown(state, 1) == ["place street 1 n4", "place street 1 o5"]
    assert state.hands[0]["street"] == [0, 0, 0]


def test_tiles_never_overlap_and_never_cover_a_corner_dd3():
    state = fresh()
    give(state, 0, wall=[1, 1, 0])
    lay(state, "wall_nw", ["b2"])
    lay(state, "street", ["b3"], token=False)
    # From b2 the docking fields are b1, c2 and a2 (b3 is taken); b1 west and a2 north hit a1.
    actions = shown(state, stretch="wall_nw")
    assert "place wall_nw 2 b1 w" not in actions
    assert "place wall_nw 2 a2 n" not in actions
    assert {"place wall_nw 2 a2 s", "place wall_nw 2 b1 e", "place wall_nw 2 c2 s"} <= set(actions)
    assert not [a for a in actions if " b3" in a]  # b3 is taken
    for corner in CORNERS:
        assert state.ground[corner] == CORNER
    assert_rejected(state, 0, place("wall_nw", 2, "b1", "w"))
    assert_rejected(state, 0, place("wall_nw", 2, "a2", "n"))
    assert_rejected(state, 0, place("wall_nw", 2, "c2", "w"))  # back over the token
    with pytest.raises(IllegalAction) as error:
        state.apply(0, place("wall_nw", 1, "b3"))
    assert error.value.code == "cannot_place"


# --- DD-4 bridges ----------------------------------------------------------------------------
def bridge_position():
    """A street triple d6-e6-f6 (bridge e6); the river token stands on e5 above it."""
    state = fresh()
    give(state, 0, river=[1, 1, 0])
    lay(state, "street", ["d6", "e6", "f6"], token=False)
    lay(state, "river", ["e4", "e5"])
    return state


def test_a_stretch_passes_under_a_bridge_when_the_far_side_is_free_dd4():
    state = bridge_position()
    assert state.ground[parse_cell("e6")] == BRIDGE
    actions = shown(state, stretch="river")
    assert "place river 1 e7" in actions
    assert {"place river 2 e7 s", "place river 2 e7 e", "place river 2 e7 w"} <= set(actions)
    events = state.apply(0, place("river", 2, "e7", "e"))
    assert events[0]["cells"] == [at("e7"), at("f7")]
    assert state.tokens["river"] == parse_cell("f7")


def test_no_crossing_when_the_far_side_is_taken_dd4():
    state = bridge_position()
    lay(state, "wall_se", ["e7"], token=False)
    assert not [a for a in shown(state, stretch="river") if " e7" in a or " e8" in a]


def test_a_bridge_crossing_keeps_a_boxed_token_alive_dd4_dd5():
    state = bridge_position()
    lay(state, "wall_se", ["d5"], token=False)
    lay(state, "wall_se", ["f5"], token=False)
    give(state, 0, wall=[1, 0, 0], river=[1, 0, 0])
    state.apply(0, place("wall_nw", 1, "b1"))
    assert state.tokens["river"] == parse_cell("e5")  # its only way on is under the bridge
    assert "river" not in state.closed


# --- DD-5 closed stretches, passes, the end ----------------------------------------------------
def test_a_token_at_a_dead_end_is_removed_dd5():
    state = fresh()
    give(state, 0, wall=[1, 0, 0], street=[1, 0, 0])
    lay(state, "street", ["a2"], token=False)
    lay(state, "street", ["c1"], token=False)
    lay(state, "street", ["b2"], token=False)
    events = state.apply(0, place("wall_nw", 1, "b1"))
    assert {"type": "stretch_closed", "stretch": "wall_nw", "cell": at("b1"), "rule": "DD-5"} in events
    assert state.view(1)["tokens"]["wall_nw"] is None
    assert state.view(1)["closed"] == ["wall_nw"]
    assert_rejected(state, 1, place("wall_nw", 1, "b1"))


def test_a_token_boxed_in_by_another_stretch_is_removed_too_dd5():
    state = fresh()
    give(state, 0, street=[1, 0, 0])
    lay(state, "river", ["a9"], token=False)
    events = state.apply(0, place("street", 1, "o2"))
    assert state.tokens["river"] == CORNERS[2]  # b10 is still free
    lay(state, "street", ["b10"], token=False)
    give(state, 1, street=[1, 0, 0])
    events = state.apply(1, place("street", 1, "o3"))
    assert any(e.get("stretch") == "river" and e["type"] == "stretch_closed" for e in events)


def test_a_player_without_a_fitting_tile_passes_dd5():
    state = fresh(3)
    give(state, 0, wall=[1, 0, 0])
    give(state, 1, street=[0, 0, 2])  # the street corner is boxed below: no triple fits
    give(state, 2, wall=[2, 0, 0])
    lay(state, "river", ["n2"], token=False)
    lay(state, "river", ["m1"], token=False)
    lay(state, "river", ["o3"], token=False)
    assert not state.can_place(1)
    events = state.apply(0, place("wall_nw", 1, "b1"))
    assert {"type": "passed", "player": 1, "rule": "DD-5"} in events
    assert events[-1] == {"type": "turn", "player": 2, "turn": 2}
    assert state.active_players() == [2]


def test_a_player_whose_triples_are_too_long_passes_though_a_double_would_fit_dd5():
    state = fresh(3)
    give(state, 0, wall=[1, 0, 0])
    give(state, 1, street=[0, 0, 2])
    give(state, 2, street=[0, 1, 0])
    for cell in ("m1", "m2", "n3", "o4"):  # from o1 the street has room for doubles only
        lay(state, "river", [cell], token=False)
    events = state.apply(0, place("wall_nw", 1, "b1"))
    assert {"type": "passed", "player": 1, "rule": "DD-5"} in events
    assert state.active_players() == [2]
    assert shown(state, 2) == ["place street 2 n1 s", "place street 2 o2 s", "place street 2 o2 w"]


def test_the_game_ends_when_nobody_can_place_even_with_tiles_in_hand_dd5_dd7():
    state = fresh(3)
    for stretch in ("wall_nw", "wall_se", "street"):
        state.tokens[stretch] = None
    give(state, 0, river=[1, 0, 0])
    give(state, 1, wall=[3, 2, 1])
    give(state, 2, street=[0, 4, 0])
    events = state.apply(0, place("river", 1, "a9"))
    assert state.is_over()
    assert events[-1]["type"] == "game_over"
    assert not any(e["type"] == "passed" for e in events)
    assert state.hands[1]["wall"] == [3, 2, 1]
    assert state.active_players() == [] and state.legal_actions(1) == []
    assert state.view(2)["all_cards"] == state.cards


# --- DD-6 the toilet vote ---------------------------------------------------------------------
def test_a_tile_over_two_toilets_calls_one_vote_dd6():
    state = toilet_position()
    events = state.apply(0, place("street", 3, "h2", "s"))
    started = [e for e in events if e["type"] == "vote_started"]
    assert started == [{
        "type": "vote_started", "placer": 0, "toilets": [at("h2"), at("h4")], "order": [0, 1, 2, 3],
        "rule": "DD-6",
    }]
    assert state.phase == "vote" and state.active_players() == [0]
    events = vote_round(state, [["ja"], ["blank"], ["blank"], ["ne"]])
    assert [e["type"] for e in events].count("vote_result") == 1
    assert state.phase == "place" and state.active_players() == [1]
    assert state.tokens["street"] == parse_cell("h4")  # 1:1, the tile stays


def test_the_seed_voting_example_no_wins_7_to_5_and_the_tile_goes_back_dd6():
    state = toilet_position()
    state.apply(0, place("street", 3, "h2", "s"))
    events = vote_round(state, [["jaa", "jaaa"], ["nee"], ["neee"], ["jein"]])
    assert events[-1]["type"] == "vote_revealed"
    assert state.phase == "jein" and state.active_players() == [3]
    events = state.apply(3, {"type": "jein", "side": "no"})
    result = next(e for e in events if e["type"] == "vote_result")
    assert (result["yes"], result["no"], result["stays"]) == (5, 7, False)
    view = state.view(2)
    assert view["hands"][0]["street"] == [0, 0, 1]  # the placer takes the tile back
    assert view["tokens"]["street"] == at("h1")
    assert [tile["cells"] for tile in view["tiles"]] == [[at("h1")]]
    assert view["active"] == [1]  # the placer's turn is over
    assert view["people"][0] == ["ja", "ne", "nee", "neee", "jein", "blank"]
    assert view["people"][3] == ["ja", "jaa", "jaaa", "ne", "nee", "neee", "blank"]
    assert view["last_vote"]["stays"] is False


def test_a_tie_keeps_the_tile_and_the_blank_card_returns_dd6():
    state = toilet_position()
    state.apply(0, place("street", 3, "h2", "s"))
    vote_round(state, [["blank"], ["ja", "blank"], ["ne"], ["blank"]])
    assert state.tokens["street"] == parse_cell("h4")
    assert state.people[1] == ["jaa", "jaaa", "ne", "nee", "neee", "jein", "blank"]
    assert state.people[0] == state.people[3] == ["ja", "jaa", "jaaa", "ne", "nee", "neee", "jein", "blank"]


def test_voters_commit_in_seating_order_from_the_placer_seeing_only_counts_dd6_dd9():
    state = toilet_position()
    give(state, 2, street=[0, 0, 1])
    state.current = 2
    state.apply(2, place("street", 3, "h2", "s"))
    assert state.vote["order"] == [2, 3, 0, 1]
    before = state.view(3)
    events = state.apply(2, {"type": "vote", "cards": ["jaa", "jein"]})
    assert events_for(events, 3) == [{"type": "vote_committed", "player": 2, "count": 2}]
    assert events_for(events, 2)[1] == {"type": "voted", "player": 2, "cards": ["jaa", "jein"]}
    view = state.view(3)
    assert view["vote"]["committed"] == [None, None, 2, None]
    assert "mine" not in view["vote"] and "cards" not in view["vote"]
    assert view["people"] == before["people"]  # nothing leaves a hand before the reveal
    assert state.view(2)["vote"]["mine"] == ["jaa", "jein"]
    assert state.active_players() == [3]


def test_jein_players_declare_after_the_reveal_in_seating_order_dd6():
    state = toilet_position()
    give(state, 2, street=[0, 0, 1])
    state.current = 2
    state.apply(2, place("street", 3, "h2", "s"))
    vote_round(state, [["jein"], ["nee"], ["ja"], ["jein"]])
    view = state.view(1)
    assert view["phase"] == "jein" and view["vote"]["cards"] == [["jein"], ["nee"], ["ja"], ["jein"]]
    assert state.active_players() == [3]
    state.apply(3, {"type": "jein", "side": "yes"})
    assert state.active_players() == [0] and state.view(1)["vote"]["jein"] == [None, None, None, "yes"]
    events = state.apply(0, {"type": "jein", "side": "no"})
    result = next(e for e in events if e["type"] == "vote_result")
    assert (result["yes"], result["no"], result["stays"]) == (3, 4, False)


def test_a_voter_may_put_down_cards_of_both_sides_and_all_of_them_count_dd6():
    state = toilet_position()
    state.apply(0, place("street", 3, "h2", "s"))
    events = vote_round(state, [["jaa", "ne", "blank"], ["ne"], ["blank"], ["blank"]])
    result = next(e for e in events if e["type"] == "vote_result")
    assert (result["yes"], result["no"], result["stays"]) == (2, 2, True)
    assert state.view(None)["people"][0] == ["ja", "jaaa", "nee", "neee", "jein", "blank"]


@pytest.mark.parametrize(("cards", "code"), [
    ([], "no_cards"),
    (["jaaa", "ja"], "card_order"),
    (["ja", "ja"], "card_order"),
    (["maybe"], "no_such_card"),
    ("ja", "no_cards"),
    ([["ja"]], "no_such_card"),
])
def test_malformed_votes_are_refused_dd6(cards, code):
    state = toilet_position()
    state.apply(0, place("street", 3, "h2", "s"))
    with pytest.raises(IllegalAction) as error:
        state.apply(0, {"type": "vote", "cards": cards})
    assert error.value.code == code


def test_spent_cards_cannot_be_played_again_dd6():
    state = toilet_position()
    state.people[0] = ["ne", "blank"]
    state.apply(0, place("street", 3, "h2", "s"))
    assert state.legal_actions(0) == [
        {"type": "vote", "cards": ["ne"]}, {"type": "vote", "cards": ["blank"]},
        {"type": "vote", "cards": ["ne", "blank"]},
    ]
    with pytest.raises(IllegalAction) as error:
        state.apply(0, {"type": "vote", "cards": ["jaaa"]})
    assert error.value.code == "card_not_held"


# --- DD-7 scoring -----------------------------------------------------------------------------
def test_players_score_their_uncovered_buildings_and_ties_go_to_more_people_cards_dd7():
    state = fresh(3)
    state.cards = [["church"], ["museum"], ["school"]]
    building = {b: c for c, b in BUILDINGS.items()}
    assert state.scores() == [15, 15, 15]
    for covered in (("church", 1), ("museum", 1), ("museum", 2), ("school", 1)):
        state.ground[building[covered]] = COVERED
    assert state.scores() == [14, 12, 14]
    state.people[2] = ["ja", "blank"]
    assert state.winners() == [0]  # 8 people cards against 2
    state.people[2] = list(state.people[0])
    assert state.winners() == [0, 2]


# --- DD-8 the variant ----------------------------------------------------------------------------
def test_special_cards_score_as_printed_dd8():
    ground = [FREE] * (WIDTH * HEIGHT)
    assert [card_points(c, ground) for c in ("all_3s", "all_4s", "lowest_each", "one_each")] == [18, 24, 6, 30]
    for cell, (building_type, value) in BUILDINGS.items():
        if building_type == "inn" or (building_type == "church" and value == 1) or value == 3:
            ground[cell] = COVERED
    # 3s: all covered; 4s: five left; lowest: inn gone, church 2, others 1; one each
    assert card_points("all_3s", ground) == 0
    assert card_points("all_4s", ground) == 20
    assert card_points("lowest_each", ground) == 1 + 1 + 1 + 1 + 2
    assert card_points("one_each", ground) == 30 - 5 - 1 - 5  # inns, church 1, the other 3s


def variant_position():
    state = fresh(3, variant=True, seed=4)
    state.cards = [["church", "all_3s"], ["inn", "one_each"], ["museum", "school"]]
    for p in range(3):
        give(state, p, street=[2, 0, 0])
    give(state, 0, wall=[1, 0, 0], street=[2, 0, 0])
    lay(state, "street", ["a2"], token=False)
    lay(state, "street", ["c1"], token=False)
    lay(state, "street", ["b2"], token=False)
    return state


def test_the_first_closed_stretch_calls_a_secret_pick_dd8_dd9():
    state = variant_position()
    events = state.apply(0, place("wall_nw", 1, "b1"))
    assert [e["type"] for e in events][-2:] == ["stretch_closed", "pick_started"]
    assert state.phase == "pick" and state.active_players() == [0, 1, 2]
    assert state.legal_actions(1) == [{"type": "pick", "card": "inn"}, {"type": "pick", "card": "one_each"}]
    seen = set()
    for card in ("inn", "one_each"):
        trial = state.clone()
        events = trial.apply(1, {"type": "pick", "card": card})
        seen.add(json.dumps([trial.view(0), trial.view(None), events_for(events, 0)], sort_keys=True))
        assert trial.view(1)["pick"]["mine"] == card
    assert len(seen) == 1
    state.apply(1, {"type": "pick", "card": "one_each"})
    state.apply(0, {"type": "pick", "card": "all_3s"})
    events = state.apply(2, {"type": "pick", "card": "school"})
    assert events[-2:] == [{"type": "picks_complete"}, {"type": "turn", "player": 1, "turn": 2}]
    assert state.view(1)["first_card"] == "one_each" and "first_card" not in state.view(None)
    give(state, 1, street=[1, 0, 0])
    state.apply(1, place("street", 1, "n1"))
    assert state.phase == "place"  # the pick is held once only


def test_the_pick_is_held_at_the_end_if_no_stretch_closed_first_dd8():
    state = fresh(2, variant=True)
    state.cards = [["church", "all_4s"], ["inn", "museum"]]
    give(state, 0, river=[1, 0, 0])
    give(state, 1)
    state.apply(0, place("river", 1, "a9"))
    assert state.phase == "pick" and not state.closed
    state.apply(0, {"type": "pick", "card": "all_4s"})
    events = state.apply(1, {"type": "pick", "card": "inn"})
    assert state.is_over()
    assert events[-1]["cards"] == [["all_4s", "church"], ["inn", "museum"]]
    assert state.scores() == [24, 15]


def test_a_variant_tie_is_broken_by_the_second_card_dd8():
    state = fresh(2, variant=True)
    state.cards = [["church", "inn"], ["museum", "school"]]
    state.first_cards = ["church", "museum"]
    inn_one = next(c for c, b in BUILDINGS.items() if b == ("inn", 1))
    state.ground[inn_one] = COVERED
    state.people[0] = ["blank"]
    assert state.scores() == [15, 15]
    assert state.card_points() == [[15, 14], [15, 15]]
    assert state.winners() == [1]


# --- actions that are not actions -------------------------------------------------------------
@pytest.mark.parametrize("action", [
    {"type": "place", "stretch": "street", "size": True, "cell": [13, 0], "dir": None},
    {"type": "place", "stretch": "street", "size": 1, "cell": [13.0, 0], "dir": None},
    {"type": "place", "stretch": "street", "size": 1, "cell": [13, 0], "dir": "w"},
    {"type": "place", "stretch": "street", "size": 2, "cell": [13, 0], "dir": "x"},
    {"type": "place", "stretch": "street", "size": 2, "cell": [13, 0], "dir": ["w"]},
    {"type": "place", "stretch": ["street"], "size": 1, "cell": [13, 0], "dir": None},
    {"type": "place", "stretch": "street", "size": 1, "cell": [2**70, 0], "dir": None},
    {"type": "place", "stretch": "street", "size": 1, "cell": [13, 0]},
    {"type": "place", "stretch": "street", "size": 1, "cell": [13, 0], "dir": None, "x": 1},
    {"type": "vote", "cards": ["ja"]},
    {"type": "place", "stretch": "street", "size": 1, "cell": {"x": 13}, "dir": None},
])
def test_malformed_placements_are_refused_and_change_nothing(action):
    state = fresh()
    give(state, 0, street=[1, 1, 1])
    assert_rejected(state, 0, action)
    assert state.apply(0, place("street", 1, "n1"))[0]["type"] == "placed"


# --- notation ------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "action"), [
    ("place street 1 n1", {"type": "place", "stretch": "street", "size": 1, "cell": [13, 0], "dir": None}),
    ("place wall_se 3 o9 n", {"type": "place", "stretch": "wall_se", "size": 3, "cell": [14, 8], "dir": "n"}),
    ("vote jaa+jein", {"type": "vote", "cards": ["jaa", "jein"]}),
    ("jein no", {"type": "jein", "side": "no"}),
    ("pick lowest_each", {"type": "pick", "card": "lowest_each"}),
])
def test_notation_round_trips(text, action):
    assert parse_action(text) == action
    assert notation(action) == text


@pytest.mark.parametrize("text", ["place street 2 n1", "place street 1 n1 e", "place road 1 n1", "place street 1 p1",
                                  "place street 1 a11", "vote ja+maybe", "jein perhaps", "pick nothing", ""])
def test_bad_notation_is_refused(text):
    with pytest.raises(ValueError):
        parse_action(text)


# --- properties over random games ------------------------------------------------------------
GAMES_SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DIRECTIONS = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


def random_walk(players, variant, seed):
    """A random game, step by step: (state, acting player, their legal actions, last events)."""
    state, rng, events = fresh(players, variant, seed), Rng(seed), []
    while not state.is_over():
        player = rng.choice(state.active_players())
        legal = state.legal_actions(player)
        assert legal, "whoever is to act has something to do"
        yield state, player, legal, events
        events = state.apply(player, rng.choice(legal))
    yield state, None, [], events


def placements_by_the_rulings(view, hand):
    """Every placement DD-3 and DD-4 allow, read straight from a player's view: notation set."""
    taken = {tuple(cell) for tile in view["tiles"] for cell in tile["cells"]}
    bridges = {tuple(tile["cells"][1]) for tile in view["tiles"] if tile["size"] == 3}
    corners = {(0, 0), (WIDTH - 1, 0), (0, HEIGHT - 1), (WIDTH - 1, HEIGHT - 1)}

    def free(x, y):
        return 0 <= x < WIDTH and 0 <= y < HEIGHT and (x, y) not in taken and (x, y) not in corners

    out = set()
    for stretch, token in view["tokens"].items():
        if token is None:
            continue
        held = hand["wall" if stretch.startswith("wall") else stretch]
        tx, ty = token
        for dx, dy in DIRECTIONS.values():
            if free(tx + dx, ty + dy):
                dock = (tx + dx, ty + dy)
            elif (tx + dx, ty + dy) in bridges and free(tx + 2 * dx, ty + 2 * dy):
                dock = (tx + 2 * dx, ty + 2 * dy)  # under the bridge (DD-4)
            else:
                continue
            name = f"{chr(ord('a') + dock[0])}{dock[1] + 1}"
            if held[0]:
                out.add(f"place {stretch} 1 {name}")
            for run, (rx, ry) in DIRECTIONS.items():
                if (rx, ry) == (-dx, -dy):
                    continue  # never back towards the token
                for size in (2, 3):
                    if held[size - 1] and all(free(dock[0] + i * rx, dock[1] + i * ry) for i in range(1, size)):
                        out.add(f"place {stretch} {size} {name} {run}")
    return out


@GAMES_SETTINGS
@given(players=st.integers(2, 4), variant=st.booleans(), seed=st.integers(0, 2**32))
def test_placements_passes_and_the_end_follow_the_rulings_dd3_dd4_dd5(players, variant, seed):
    for state, player, legal, events in random_walk(players, variant, seed):
        view = state.view(None)
        allowed = [placements_by_the_rulings(view, view["hands"][p]) for p in range(players)]
        if state.is_over():
            assert not any(allowed)  # the game ends only when nobody can place
        elif state.phase == "place":
            assert sorted(notation(a) for a in legal) == sorted(allowed[player])
            assert len({notation(a) for a in legal}) == len(legal)
        for event in events:
            if event["type"] == "passed":  # a player passes only when no tile of theirs fits
                assert not allowed[event["player"]]
        for stretch, token in view["tokens"].items():
            if state.phase == "place" and token is None:
                assert stretch in view["closed"]


# Wrong values for any field, or for one coordinate or card of a list field (see play.spoiled).
WRONG_VALUES = garbage | st.sampled_from([
    True, False, -1, 0, 1, 2, 3, 4, 15, 2**64, -(2**64), 1.0, 2.0, float("nan"), "n", "x", "yes",
    "no", "ja", "blank", "jein", "church", "all_3s", "street", "wall_nw", "vote", "place",
    [0, 0], [14, 9], [True, 0], [0, 0, 0], [1.0, 2.0], (13, 0), ["ja"], ["ja", "ja"],
    ["blank", "ja"], ("ja",), {"x": 0}, [["ja"]], [None], [2**64, 0],
])
EXTRA_KEYS = ["extra", "player", "x", "only"]


@GAMES_SETTINGS
@given(players=st.integers(2, 4), variant=st.booleans(), seed=st.integers(0, 2**32), data=st.data())
def test_spoiled_stale_and_out_of_turn_actions_are_refused_and_change_nothing(players, variant, seed, data):
    rng, earlier = Rng(seed ^ 0x5EED), []
    for state, player, legal, _ in random_walk(players, variant, seed):
        if player is None or rng.random() > 0.2:
            earlier += legal[:3]
            continue
        action = rng.choice(legal)
        for _ in range(4):
            assert_refused_unless_legal(state, player, spoiled(action, data, WRONG_VALUES, EXTRA_KEYS))
        if earlier:
            assert_refused_unless_legal(state, player, rng.choice(earlier))
        assert_wrong_seats_refused(state, action)
        earlier += legal[:3]


def disguised(state, seat):
    """A copy of ``state`` in which everything ``seat`` may not know is different (DD-9)."""
    copy = state.clone()
    others = [p for p in range(state.players) if p != seat]
    per = len(state.cards[0])
    deck = list(TYPES) + (list(SPECIALS) if state.variant else [])
    spare = [card for card in deck if seat is None or card not in state.cards[seat]]
    for shift in range(1, len(spare)):
        turned = spare[shift:] + spare[:shift]
        hands = {q: turned[i * per:(i + 1) * per] for i, q in enumerate(others)}
        if all(hands[q] != state.cards[q] for q in others):
            break
    for q in others:
        copy.cards[q] = hands[q]
        if copy.first_cards is not None:
            copy.first_cards[q] = hands[q][-1]
        if copy.picks is not None and copy.picks.has_chosen(q):
            copy.picks.choices[q] = hands[q][-1]
        if state.phase == "vote" and state.vote["cards"][q] is not None:
            count = len(state.vote["cards"][q])
            other_cards = sorted(PEOPLE[::-1][:count], key=PEOPLE.index)
            if other_cards == state.vote["cards"][q]:
                other_cards = list(PEOPLE[:count])
            copy.vote["cards"][q] = other_cards
    return copy


@GAMES_SETTINGS
@given(players=st.integers(2, 4), variant=st.booleans(), seed=st.integers(0, 2**32))
def test_views_and_events_never_show_another_players_cards_or_uncommitted_votes_dd9(players, variant, seed):
    rng = Rng(seed)
    for state, player, legal, _ in random_walk(players, variant, seed):
        if state.is_over():  # the end reveals every card
            assert [sorted(cards) for cards in state.view(None)["all_cards"]] == [sorted(c) for c in state.cards]
            break
        if rng.random() > 0.25:
            continue
        for seat in [None, *range(players)]:
            assert disguised(state, seat).view(seat) == state.view(seat), seat
        # What the acting voter or picker chooses shows to nobody else until the reveal.
        if state.phase == "vote" and state.vote["step"] < players - 1:
            count = len(rng.choice(legal)["cards"])
            choices = [a for a in legal if len(a["cards"]) == count]
        elif state.phase == "pick":
            choices = legal
        else:
            continue
        seen = set()
        for action in choices[:2] + choices[-1:]:
            trial = state.clone()
            events = trial.apply(player, action)
            if trial.is_over():
                break
            seen.add(json.dumps([[trial.view(s), events_for(events, s)] for s in [None, *range(players)] if s != player],
                                sort_keys=True))
        assert len(seen) <= 1


# --- the bot ----------------------------------------------------------------------------------
def test_the_bot_keeps_stretches_off_its_own_best_buildings():
    state = fresh()
    state.cards[0] = ["school"]
    give(state, 0, street=[0, 1, 0])
    lay(state, "street", ["i1", "i2"])  # the token on i2: docking at i3 would cover school 3
    view, legal = state.view(0), state.legal_actions(0)
    picks = [bot(view, legal, Rng(seed)) for seed in range(20)]
    assert all(at("i3") != a["cell"] for a in picks)


def test_the_bot_plays_the_blank_card_when_the_vote_does_not_touch_it():
    state = toilet_position()
    state.cards[1] = ["museum"]
    state.apply(0, place("street", 3, "h2", "s"))  # h2-h4: two toilets, no building
    state.apply(0, {"type": "vote", "cards": ["ja"]})
    for seed in range(5):
        assert bot(state.view(1), state.legal_actions(1), Rng(seed)) == {"type": "vote", "cards": ["blank"]}


def test_the_bot_votes_no_when_the_tile_covers_its_building():
    state = toilet_position()
    state.cards[1] = ["church"]
    lay(state, "street", ["g2"])
    state.apply(0, place("street", 3, "g3", "s"))  # g3-g5: church 4 and a toilet
    state.apply(0, {"type": "vote", "cards": ["ja"]})
    for seed in range(5):
        cards = bot(state.view(1), state.legal_actions(1), Rng(seed))["cards"]
        assert cards
        assert all(card in ("ne", "nee", "neee", "jein") for card in cards)
    state.apply(1, {"type": "vote", "cards": ["jein"]})
    vote_round(state, [None, None, ["blank"], ["blank"]])
    assert bot(state.view(1), state.legal_actions(1), Rng(0)) == {"type": "jein", "side": "no"}


def test_the_bot_picks_the_card_that_scores_more_dd8():
    state = variant_position()
    state.apply(0, place("wall_nw", 1, "b1"))
    assert bot(state.view(1), state.legal_actions(1), Rng(0)) == {"type": "pick", "card": "one_each"}


def _bot_at_seat_0(seed):
    rng, choose_bot = Rng(seed), bot_chooser(GAME_ID, seed)
    return lambda state, player, legal: choose_bot(state, player, legal) if player == 0 else rng.choice(legal)


def test_bots_finish_four_player_games_and_beat_random_play_on_average():
    wins = 0
    for seed in range(12):
        state = new_game(GAME_ID, 4, seed, variant=False)
        play(state, _bot_at_seat_0(seed))
        wins += 0 in state.winners()
    assert wins >= 4  # a random player wins about a quarter of the time


# --- registration ------------------------------------------------------------------------
def test_game_registration():
    info = GAMES[GAME_ID]
    assert (info.min_players, info.max_players) == (2, 4)
    assert info.secret_action_types == ("pick",)
    assert sorted((p, o["variant"]) for p, o in info.test_configs) == [
        (2, False), (2, True), (3, False), (3, True), (4, False), (4, True)
    ]
