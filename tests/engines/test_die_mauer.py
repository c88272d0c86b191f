"""Die Mauer rules: every example of the seed, the three empty fists, rounds and scoring."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines import IllegalAction, Rng, events_for, new_game
from engines.die_mauer import PENALTY, PIECES, legal_ends, parse_action

from .play import (
    assert_refused_unless_legal,
    assert_rejected,
    assert_wrong_seats_refused,
    garbage,
    random_chooser,
    spoiled,
)

FULL_SET = list(PIECES)


def position(players=6, wall="", master=0, stocks=None, rounds=1):
    """A Die Mauer table mid-round: ``wall`` as text ("44T4"), every stock full unless given."""
    state = new_game("die_mauer", players, seed=1, rounds=rounds)
    state.wall = list(wall)
    state.master = master
    state.stocks = [list(s) for s in stocks] if stocks else [list(FULL_SET) for _ in range(players)]
    return state


def plan_all(state, plans):
    """Everyone plans at once; ``plans`` lists pieces in seat order ("-" = empty fist)."""
    events = []
    for player, piece in enumerate(plans):
        events += state.apply(player, {"type": "plan", "piece": None if piece == "-" else piece})
    return events


def build(state, player, piece, end):
    return state.apply(player, {"type": "build", "piece": piece, "end": end})


def outcome(events):
    return next(e for e in events if e["type"] == "outcome")


def wall(state):
    return "".join(state.wall)


# --- Example A: the master builder builds ---------------------------------------------
def test_example_a1_master_builds_the_tower_on_the_empty_wall():
    state = position()
    events = plan_all(state, ["T", "6", "4", "3", "G", "4"])
    assert outcome(events)["case"] == "master_builds"
    assert wall(state) == "T"
    assert "T" not in state.stocks[0]
    assert state.master == 1 and state.phase == "plan"  # DM-6: the block passes left


def test_example_a2_master_builds_his_wall_at_an_end_of_his_choice():
    state = position(wall="T")
    plan_all(state, ["3", "6", "4", "4", "6", "6"])
    assert state.active_players() == [0]
    assert state.legal_actions(0) == [
        {"type": "build", "piece": "3", "end": "L"},
        {"type": "build", "piece": "3", "end": "R"},
    ]
    build(state, 0, "3", "R")
    assert wall(state) == "T3"


# --- Example B: the competitors build --------------------------------------------------
def test_example_b1_all_three_guessers_build_their_walls_in_seating_order():
    state = position(wall="T")
    plan_all(state, ["4", "4", "6", "4", "4", "6"])
    assert state.view(None)["builders"] == [[1, "4"], [3, "4"], [4, "4"]]
    for player, end in ((1, "L"), (3, "L"), (4, "R")):
        assert state.active_players() == [player]
        build(state, player, "4", end)
    assert wall(state) == "44T4"
    assert "4" in state.view(0)["stock"], "the master keeps his piece"


def test_example_b1_other_choice_of_ends():
    state = position(wall="T")
    plan_all(state, ["4", "4", "6", "4", "4", "6"])
    for player in (1, 3, 4):
        build(state, player, "4", "L")
    assert wall(state) == "444T"


def test_example_b2_two_gates_take_one_end_each():
    state = position(wall="44T4")
    events = plan_all(state, ["G", "G", "G", "6", "4", "T"])
    assert outcome(events)["case"] == "competitors_build"
    assert state.active_players() == [1]
    build(state, 1, "G", "R")  # the second builder then gets the only end left
    assert wall(state) == "G44T4G"
    assert state.phase == "plan"


def test_example_b3_a_single_legal_place_is_taken_automatically():
    state = position(wall="444T")
    events = plan_all(state, ["G", "G", "4", "6", "4", "T"])
    assert outcome(events)["case"] == "competitors_build"
    assert wall(state) == "G444T"
    assert "G" not in state.stocks[1] and "G" in state.stocks[0]


# --- Example C: the master builds nevertheless -----------------------------------------
def test_example_c1_three_gates_but_two_places_so_the_master_builds():
    state = position(wall="44T4")
    events = plan_all(state, ["G", "G", "3", "G", "G", "6"])
    assert outcome(events) == {
        "type": "outcome", "case": "master_builds_instead", "rule": "DM-4c", "builders": [0],
    }
    build(state, 0, "G", "L")
    assert wall(state) == "G44T4"
    assert all("G" in state.stocks[p] for p in (1, 3, 4))


def test_example_c2_two_towers_one_place_master_builds_at_that_place():
    state = position(wall="G44T4")
    plan_all(state, ["T", "T", "T", "6", "4", "G"])
    assert wall(state) == "G44T4T"
    assert "T" not in state.stocks[0] and "T" in state.stocks[1] and "T" in state.stocks[2]


# --- Example D: no-one builds ------------------------------------------------------------
def test_example_d_an_illegal_plan_means_nobody_builds():
    state = position(wall="G4T")
    events = plan_all(state, ["T", "6", "4", "6", "3", "4"])
    assert outcome(events)["case"] == "nobody_builds"
    assert wall(state) == "G4T"
    assert [len(s) for s in state.stocks] == [7] * 6
    assert state.master == 1


# --- Empty fists (DM-5) -------------------------------------------------------------------
def test_empty_fist_situation_1_master_builds_any_legal_piece_of_his_choice():
    state = position(players=3, wall="T4")
    events = plan_all(state, ["-", "3", "G"])
    assert outcome(events)["case"] == "master_chooses"
    legal = state.legal_actions(0)
    assert {"type": "build", "piece": "T", "end": "R"} in legal
    assert {"type": "build", "piece": "T", "end": "L"} not in legal  # §2: T may not touch T
    with pytest.raises(IllegalAction, match="building order"):
        build(state, 0, "G", "L")
    build(state, 0, "G", "R")
    assert wall(state) == "T4G"


def test_empty_fist_situation_1_with_nothing_legal_builds_nothing():
    stocks = [["T", "G"], FULL_SET, FULL_SET]
    state = position(players=3, wall="T4G", stocks=stocks)
    state.wall = list("GT")  # both ends closed to Towers and Gates
    events = plan_all(state, ["-", "3", "4"])
    assert outcome(events)["case"] == "nobody_builds"
    assert state.stocks[0] == ["T", "G"] and state.master == 1


def test_empty_fist_situation_2_the_lone_empty_competitor_donates_in_secret():
    state = position(players=4)
    events = plan_all(state, ["-", "3", "-", "G"])
    assert outcome(events)["case"] == "donation"
    assert state.active_players() == [2]
    events = state.apply(2, {"type": "donate", "piece": "T"})
    assert wall(state) == ""
    assert sorted(state.stocks[0], key=PIECES.index) == ["T", "T", "G", "6", "4", "3", "2", "1"]
    assert "T" not in state.stocks[2]
    secret = {"type": "donated", "giver": 2, "master": 0, "piece": "T"}
    assert secret in events_for(events, 2) and secret in events_for(events, 0)
    for outsider in (1, 3, None):
        seen = events_for(events, outsider)
        assert {"type": "donation", "giver": 2, "master": 0} in seen
        assert all("piece" not in e for e in seen if e["type"].startswith("donat"))
    assert state.view(1)["stock_counts"] == [8, 7, 6, 7]


def test_nobody_but_giver_and_master_can_tell_which_piece_was_donated():
    state = position(players=4, wall="4")
    plan_all(state, ["-", "3", "-", "G"])
    seen = {seat: set() for seat in (1, 3, None)}
    for piece in PIECES:
        trial = state.clone()
        events = trial.apply(2, {"type": "donate", "piece": piece})
        assert piece in trial.view(0)["stock"] and {"type": "donated", "giver": 2, "master": 0,
                                                    "piece": piece} in events_for(events, 0)
        for seat in seen:
            seen[seat].add(repr((trial.view(seat), events_for(events, seat))))
    assert all(len(views) == 1 for views in seen.values()), "DM-9: a donation's piece leaked"


def test_views_remember_empty_fists_and_the_rounds_moves_as_the_table_does_dm9():
    """What a person at the table remembers is in every view (bots read it): who showed an
    empty fist in which role, and this round's builds and donations, a donated piece
    only for giver and master."""
    state = new_game("die_mauer", 3, seed=1, rounds=2)
    plan_all(state, ["-", "-", "4"])  # master 0 empty, lone empty competitor 1 donates
    state.apply(1, {"type": "donate", "piece": "T"})
    plan_all(state, ["6", "6", "-"])  # master 1 holds 6, competitor 0 guessed it
    counts = state.view(None)["fist_counts"]
    assert counts[0] == {"competitor": 1, "competitor_empty": 0, "master": 1, "master_empty": 1}
    assert counts[1] == {"competitor": 1, "competitor_empty": 1, "master": 1, "master_empty": 0}
    assert counts[2] == {"competitor": 2, "competitor_empty": 1, "master": 0, "master_empty": 0}
    assert state.view(0)["round_moves"] == [["donate", 1, 0, "T"], ["build", 0, "6"]]
    assert state.view(1)["round_moves"] == [["donate", 1, 0, "T"], ["build", 0, "6"]]
    for outsider in (2, None):
        assert state.view(outsider)["round_moves"] == [["donate", 1, 0, None], ["build", 0, "6"]]


def test_empty_fist_situation_3_several_empty_competitors_nothing_happens():
    state = position(players=4)
    events = plan_all(state, ["-", "-", "-", "G"])
    assert outcome(events)["case"] == "nothing"
    assert [len(s) for s in state.stocks] == [7] * 4 and wall(state) == ""
    assert state.master == 1 and state.phase == "plan"


def test_empty_competitors_against_a_held_piece_simply_did_not_guess():
    state = position(players=3, wall="4")
    events = plan_all(state, ["3", "-", "-"])
    assert outcome(events)["case"] == "master_builds"
    assert state.active_players() == [0]  # the master builds his 3 (two ends)
    build(state, 0, "3", "L")
    assert wall(state) == "34" and [len(s) for s in state.stocks] == [6, 7, 7]


# --- Resolution details the examples do not show (DM-3, DM-4) ----------------------------
def test_guessed_tower_that_fits_nowhere_means_nobody_builds():
    state = position(players=4, wall="G4T")
    events = plan_all(state, ["T", "T", "3", "T"])
    assert outcome(events)["case"] == "nobody_builds"
    assert wall(state) == "G4T" and [len(s) for s in state.stocks] == [7] * 4
    assert state.master == 1


def test_two_guessed_towers_on_a_one_piece_wall_take_one_end_each():
    state = position(players=3, wall="4")
    plan_all(state, ["T", "T", "T"])
    assert state.active_players() == [1]
    build(state, 1, "T", "L")
    assert wall(state) == "T4T", "the second Tower gets the only end left"
    assert "T" in state.stocks[0] and "T" not in state.stocks[2]


def test_builders_go_in_seating_order_from_the_masters_left():
    state = position(players=6, wall="3", master=4)
    plan_all(state, ["6", "6", "1", "6", "6", "6"])  # seat 4 is master; 5, 0, 1, 3 guessed
    order = []
    while state.phase == "build":
        (player,) = state.active_players()
        order.append(player)
        build(state, player, "6", "R")
    assert order == [5, 0, 1, 3]
    assert wall(state) == "36666"


def test_guessed_walls_on_an_empty_wall_the_first_goes_in_the_one_place():
    state = position(players=3)
    plan_all(state, ["2", "2", "2"])
    assert wall(state) == "2", "the first builder had one place only"
    assert state.legal_actions(2) == [
        {"type": "build", "piece": "2", "end": "L"},
        {"type": "build", "piece": "2", "end": "R"},
    ]
    build(state, 2, "2", "R")
    assert wall(state) == "22" and "2" in state.stocks[0]


def test_a_donation_of_the_last_piece_ends_the_round():
    stocks = [FULL_SET, ["1"], FULL_SET]
    state = position(players=3, stocks=stocks, rounds=2)
    plan_all(state, ["-", "-", "3"])
    events = state.apply(1, {"type": "donate", "piece": "1"})
    over = next(e for e in events if e["type"] == "round_over")
    assert over["penalties"] == [42, 0, 41]


# --- Rounds, scores and the game (DM-1, DM-7, DM-8) --------------------------------------
def test_a_full_set_is_worth_41_penalty_points():
    assert sum(PENALTY[p] for p in FULL_SET) == 41
    assert sorted(PENALTY) == sorted(["T", "G", "1", "2", "3", "4", "6"])


def test_round_ends_the_moment_a_stock_empties_even_with_builders_queued():
    stocks = [FULL_SET, ["4"], ["4", "1"], FULL_SET]
    state = position(players=4, wall="3", stocks=stocks, rounds=2)
    plan_all(state, ["4", "4", "4", "6"])
    assert state.builders == [[1, "4"], [2, "4"]]
    events = build(state, 1, "4", "L")
    over = next(e for e in events if e["type"] == "round_over")
    assert over["penalties"] == [41, 0, 5, 41], "player 3 never got to build"
    assert state.round == 1 and state.round_penalties == [[41, 0, 5, 41]]
    assert state.master == 1, "DM-8: the next round starts one seat to the left"
    assert wall(state) == "" and all(len(s) == 7 for s in state.stocks)


def test_round_ends_when_nobody_holds_a_piece_legal_at_either_end():
    stocks = [["T", "G"], ["T", "G"], ["G"], ["T"]]
    state = position(players=4, wall="T3G", stocks=stocks, rounds=1)
    events = plan_all(state, ["-", "T", "G", "T"])  # the master may choose, but nothing fits
    assert outcome(events)["case"] == "nobody_builds"
    assert state.is_over()
    assert state.scores() == [25, 25, 10, 15]
    assert state.winners() == [2]


def test_game_lasts_the_chosen_rounds_and_ties_share_the_win():
    assert new_game("die_mauer", 2, seed=3).view(None)["rounds"] == 4  # DM-8 default
    state = new_game("die_mauer", 2, seed=3, rounds=2)
    assert state.view(None)["rounds"] == 2
    state.totals = [5, 5]
    state.round = 1
    state.stocks = [["1"], ["1"]]
    plan_all(state, ["1", "-"])
    assert state.is_over() and state.scores() == [5, 6]
    assert state.winners() == [0]
    tied = new_game("die_mauer", 3, seed=3, rounds=1)
    tied.totals = [4, 4, 9]
    tied.phase = "over"
    assert tied.winners() == [0, 1]


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_scores_are_the_pieces_left_as_dm1_counts_them(players, seed, choices):
    state = new_game("die_mauer", players, seed, rounds=3)
    choose, rng = random_chooser(choices), Rng(choices)
    round_penalties, master = [], 0
    while not state.is_over():
        player = rng.choice(state.active_players())
        for event in state.apply(player, choose(state, player, state.legal_actions(player))):
            if event["type"] == "round_over":
                assert event["penalties"] == [sum(PENALTY[p] for p in s) for s in event["stocks"]]
                stock_emptied = 0 in [len(s) for s in event["stocks"]]
                stuck = not any(legal_ends(event["wall"], p) for s in event["stocks"] for p in s)
                assert stock_emptied or stuck, "DM-7: a round ends only by an empty stock or a stuck wall"
                round_penalties.append(event["penalties"])
            elif event["type"] == "turn":
                assert event["master"] == (master + 1) % players, "DM-6: the block passes left"
                master = event["master"]
            elif event["type"] == "round":
                assert event["master"] == (event["round"] - 1) % players, "DM-8: one seat left per round"
                master = event["master"]
        if not state.is_over():  # DM-7: no turn goes on with an empty stock or a stuck wall
            assert all(state.stocks)
            assert any(legal_ends(state.wall, p) for s in state.stocks for p in s)
    assert len(round_penalties) == 3
    assert state.scores() == [sum(r[p] for r in round_penalties) for p in range(players)]
    assert state.winners() == [p for p in range(players) if state.scores()[p] == min(state.scores())]


# --- Hidden information (DM-2, DM-9) and bad input --------------------------------------
def test_nobody_sees_another_plan_before_the_reveal():
    tower, empty = position(players=3), position(players=3)
    tower_events = tower.apply(1, {"type": "plan", "piece": "T"})
    empty_events = empty.apply(1, {"type": "plan", "piece": None})
    for seat in (0, 2, None):
        assert tower.view(seat) == empty.view(seat)
        assert events_for(tower_events, seat) == events_for(empty_events, seat) == [{"type": "locked", "player": 1}]
        assert tower.view(seat)["plans"]["locked"] == [1]
    assert tower.view(1)["plans"]["mine"] == "T"
    assert {"type": "planned", "player": 1, "piece": "T"} in events_for(tower_events, 1)


def test_a_plan_is_locked_in():
    state = position(players=3)
    state.apply(1, {"type": "plan", "piece": "T"})
    assert_rejected(state, 1, {"type": "plan", "piece": "G"})


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "plan", "piece": "5"}, "no_such_piece"),
        ({"type": "plan", "piece": ["T"]}, "no_such_piece"),
        ({"type": "plan"}, "malformed"),
        ({"type": "plan", "piece": "T", "end": "L"}, "malformed"),
        ({"type": "build", "piece": "T", "end": "L"}, "wrong_phase"),
        ("plan T", "malformed"),
        ({"type": 3}, "malformed"),
    ],
)
def test_bad_actions_get_a_reason(action, code):
    state = position(players=3)
    with pytest.raises(IllegalAction) as error:
        state.apply(0, action)
    assert error.value.code == code


def test_views_show_other_stocks_only_as_counts():
    state = new_game("die_mauer", 4, seed=9, rounds=2)
    choose, rng = random_chooser(9), Rng(9)
    while not state.is_over():
        for seat in range(4):
            before = [state.view(s) for s in (seat, None)]
            other = (seat + 1 + rng.below(3)) % 4
            trial = state.clone()
            trial.stocks[other] = ["1"] * len(trial.stocks[other])
            assert [trial.view(s) for s in (seat, None)] == before, "DM-9: a view shows another's stock"
        player = rng.choice(state.active_players())
        state.apply(player, choose(state, player, state.legal_actions(player)))


def test_something_that_is_no_seat_has_no_actions_and_no_view():
    state = position(players=3)
    for seat in (1.0, True, "1", None, 3, -1):
        assert state.legal_actions(seat) == []
        if seat is not None:
            with pytest.raises(IllegalAction):
                state.view(seat)


WRONG_VALUES = [None, True, False, 0, 1, -1, 2**70, 1.0, float("nan"), "", "t", "5", "l", "LR", "T ",
                "plan", "build", "donate", ["T"], ("L",), {"piece": "T"}, b"T", *PIECES, "L", "R"]


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), data=st.data())
def test_any_mutation_of_a_legal_action_is_refused_and_changes_nothing(players, seed, data):
    """Each illegal action is a legal one with one field spoiled, or sent by a seat that may
    not act (another planner may plan the same: that stays legal), or stale from an earlier
    phase, or no action at all."""
    state = new_game("die_mauer", players, seed, rounds=1)
    rng, seen = Rng(seed), []
    wrong = st.sampled_from(WRONG_VALUES) | garbage
    while not state.is_over():
        player = rng.choice(state.active_players())
        legal = state.legal_actions(player)
        if rng.random() < 0.3:
            action = data.draw(st.sampled_from(legal))
            mutation = data.draw(st.sampled_from(["spoil", "seat", "stale", "whole"]))
            if mutation == "spoil":
                assert_refused_unless_legal(state, player, spoiled(action, data, wrong, ["end", "piece", "player", "x"]))
            elif mutation == "seat":
                assert_wrong_seats_refused(state, action)
            elif mutation == "stale" and seen:
                assert_refused_unless_legal(state, player, data.draw(st.sampled_from(seen)))
            else:
                assert_refused_unless_legal(state, player, data.draw(wrong))
        action = rng.choice(legal)
        seen.append(action)
        state.apply(player, action)

    state = position(players=3, stocks=[["1", "2"], FULL_SET, FULL_SET])
    with pytest.raises(IllegalAction, match="do not hold the Tower"):
        state.apply(0, {"type": "plan", "piece": "T"})


def test_notation_examples_from_the_rules_doc():
    assert parse_action("plan -") == {"type": "plan", "piece": None}
    assert parse_action("build G R") == {"type": "build", "piece": "G", "end": "R"}
    assert parse_action("donate 6") == {"type": "donate", "piece": "6"}
    with pytest.raises(ValueError, match="not Die Mauer notation"):
        parse_action("build G")
