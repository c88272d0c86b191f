"""Wie Waldi rules: cards (WA-1), piles (WA-2), races (WA-3), dogs (WA-4), round end
(WA-5), bones (WA-6), the game (WA-7) and what each player sees (WA-8)."""

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import IllegalAction, Rng, SetupError, events_for, new_game
from engines.wie_waldi import GAME
from engines.wie_waldi.bot import bot
from engines.wie_waldi.cards import (
    CAT_TAILS,
    COLOUR_PATTERNS,
    COLOURS,
    HEADS,
    MIDDLES,
    PLAIN_TAILS,
    SET,
    SET_SIZE,
)
from engines.wie_waldi.rules import COUNTDOWN, TALLY_SECONDS, bones_for, notation, parse_action

from .play import (
    assert_refused_unless_legal,
    assert_rejected,
    assert_wrong_seats_refused,
    play,
    random_chooser,
    spoilings,
)


# --- helpers: hand-made positions ---------------------------------------------------------
def table(players=4, seed=1, ready=False, **options):
    """A fresh round: every set shuffled into three piles of ten, no dog on the table, the
    countdown over (``ready``: still counting down, WA-5)."""
    state = new_game("wie_waldi", players, seed, **options)
    if not ready:
        state.apply(None, {"type": "wuff"})
    return state


def wuff(state):
    """The host ends the countdown of the round that just began (WA-5)."""
    return state.apply(None, {"type": "wuff"})


def take(state, player, code):
    """Take one of ``player``'s ``code`` cards out of their piles (wherever it lies)."""
    for k, pile in enumerate(state.piles[player]):
        for card in pile:
            if SET[card % SET_SIZE] == code:
                pile.remove(card)
                return card, k
    raise AssertionError(f"player {player} has no {code} left in the piles")


def hold(state, player, code):
    """``player`` has drawn ``code`` from the pile it lay in."""
    card, pile = take(state, player, code)
    state.piles[player][pile].append(card)
    state.apply(player, {"type": "draw", "pile": pile})
    assert state.view(player)["hand"] == code
    return pile


def lay_dog(state, cards):
    """A dog on the table from ``[(player, code), ...]``; returns its id."""
    dog_cards = [take(state, player, code)[0] for player, code in cards]
    last = SET[dog_cards[-1] % SET_SIZE]  # a head or a middle: its last letter is the open end
    dog = {
        "id": state.next_dog,
        "cards": dog_cards,
        "end": COLOURS.index(last[-1]),
        "tail": None,
        "owner": None,
        "cat": False,
    }
    state.next_dog += 1
    state.dogs.append(dog)
    state._recount()
    return dog["id"]


def play_on(state, player, code, dog, end):
    return state.apply(player, {"type": "play", "card": code, "dog": dog, "end": end})


def rejection(state, player, action):
    with pytest.raises(IllegalAction) as caught:
        state.apply(player, action)
    return caught.value


def event(events, kind):
    return next(e for e in events if e["type"] == kind)


def empty_piles(state, player, keep=()):
    """Remove every card of ``player`` from their piles except the codes in ``keep``."""
    for pile in state.piles[player]:
        pile[:] = [c for c in pile if SET[c % SET_SIZE] in keep]
    state._recount()


# --- WA-1: the card table -----------------------------------------------------------------
def test_wa1_each_set_has_30_cards_of_the_seed_kinds():
    kinds = Counter(code[0] for code in SET)
    assert len(SET) == 30
    assert kinds == {"H": 7, "M": 16, "T": 4, "C": 3}


def test_wa1_middles_are_all_16_ordered_colour_pairs_and_plain_tails_one_per_colour():
    assert sorted(MIDDLES) == sorted(f"M{a}{b}" for a in COLOURS for b in COLOURS)
    assert sorted(PLAIN_TAILS) == sorted(f"T{c}" for c in COLOURS)


def test_wa1_heads_and_cat_tails_spread_as_evenly_as_possible():
    heads = Counter(code[1] for code in HEADS)
    cats = Counter(code[1] for code in CAT_TAILS)
    assert max(heads.values()) - min(heads[c] for c in COLOURS) == 1
    assert max(cats.values()) - min(cats[c] for c in COLOURS) == 1
    # Every colour is started (heads) as often as it is closed (plain + cat tails).
    assert all(heads[c] == cats[c] + 1 for c in COLOURS)


def test_wa1_every_colour_has_its_own_pattern_for_colour_blind_players():
    assert len(set(COLOUR_PATTERNS)) == len(COLOURS) == 4


# --- WA-2: piles and the one-card hand ------------------------------------------------------
def test_wa2_every_round_starts_with_three_hidden_piles_of_ten_per_player():
    state = table(players=3)
    view = state.view(1)
    assert view["pile_sizes"] == [[10, 10, 10]] * 3
    assert view["hand"] is None and view["holding"] == [None] * 3
    for player in range(3):
        cards = sorted(c for pile in state.piles[player] for c in pile)
        assert cards == list(range(player * 30, player * 30 + 30))  # each player's own set


def test_wa2_draw_from_any_pile_holding_at_most_one_card():
    state = table()
    assert state.legal_actions(0) == [{"type": "draw", "pile": k} for k in range(3)]
    state.apply(0, {"type": "draw", "pile": 2})
    assert state.view(0)["pile_sizes"][0] == [10, 10, 9]
    error = rejection(state, 0, {"type": "draw", "pile": 0})
    assert error.code == "hand_full"
    assert {"type": "draw", "pile": 0} not in state.legal_actions(0)


def test_wa2_a_card_goes_back_under_the_pile_it_came_from():
    state = table()
    seen = []
    for _ in range(11):  # draw and put back: the pile's ten cards come round in turn
        state.apply(0, {"type": "draw", "pile": 1})
        seen.append(state.view(0)["hand"])
        events = state.apply(0, {"type": "put_back"})
        assert events == [{"type": "put_back", "player": 0, "pile": 1}]
        assert state.view(0)["hand"] is None
        assert state.view(0)["pile_sizes"][0] == [10, 10, 10]  # the other piles untouched
    assert len(set(seen)) > 1  # not back on top of the pile
    assert seen[10] == seen[0]  # on top again only after the nine cards it went under
    # There is no action that puts a card on another pile.
    state.apply(0, {"type": "draw", "pile": 1})
    assert rejection(state, 0, {"type": "put_back", "pile": 2}).code == "malformed"


def test_wa2_an_empty_pile_cannot_be_drawn_and_a_player_without_cards_is_not_active():
    state = table(players=2)
    state.piles[0][0] = []
    state._recount()
    assert rejection(state, 0, {"type": "draw", "pile": 0}).code == "pile_empty"
    empty_piles(state, 0)
    assert state.active_players() == [1]
    assert state.legal_actions(0) == []
    assert rejection(state, 0, {"type": "draw", "pile": 1}).code == "out_of_cards"


# --- WA-1 / WA-4: heads start dogs, middles and tails fit on colour ----------------------
def test_a_head_starts_a_new_dog_and_cannot_join_one():
    state = table()
    hold(state, 0, "Hr")
    assert state.legal_actions(0) == [{"type": "put_back"}, {"type": "start", "card": "Hr"}]
    events = state.apply(0, {"type": "start", "card": "Hr"})
    assert events == [{"type": "dog_started", "player": 0, "dog": 0, "card": "Hr"}]
    assert state.view(2)["dogs"][0]["end"] == "r"
    hold(state, 1, "Hg")
    assert (
        rejection(state, 1, {"type": "play", "card": "Hg", "dog": 0, "end": 1}).code
        == "head_on_dog"
    )


def test_wa1_a_middle_fits_only_where_its_left_colour_meets_the_open_end():
    state = table()
    red = lay_dog(state, [(0, "Hr")])
    green = lay_dog(state, [(1, "Hg"), (1, "Mgb")])
    hold(state, 2, "Mry")
    assert state.legal_actions(2) == [
        {"type": "put_back"},
        {"type": "play", "card": "Mry", "dog": red, "end": 1},
    ]
    error = rejection(state, 2, {"type": "play", "card": "Mry", "dog": green, "end": 2})
    assert error.code == "wrong_colour" and "blue" in error.message
    assert rejection(state, 2, {"type": "start", "card": "Mry"}).code == "not_a_head"
    play_on(state, 2, "Mry", red, 1)
    dog = state.view(None)["dogs"][red]
    assert dog["end"] == "y"
    assert [c["card"] for c in dog["cards"]] == ["Hr", "Mry"]


def test_wa1_a_tail_can_follow_the_head_directly_and_completes_the_dog():
    state = table()
    dog = lay_dog(state, [(0, "Hb")])
    hold(state, 0, "Tb")
    events = play_on(state, 0, "Tb", dog, 1)
    completed = event(events, "dog_completed")
    assert completed["owner"] == 0 and completed["cards"] == 2
    assert state.view(1)["dogs"][0]["complete"] is True


# --- WA-3: races ----------------------------------------------------------------------------
def test_wa3_two_players_race_for_the_same_end_the_second_gets_the_reason_and_keeps_the_card():
    state = table()
    dog = lay_dog(state, [(0, "Hr")])
    hold(state, 1, "Mrg")
    hold(state, 2, "Mrb")
    # Both saw the red end after card 1 and both send their play; player 2's arrives first.
    play_on(state, 1, "Mrg", dog, 1)
    before = state.digest()
    error = rejection(state, 2, {"type": "play", "card": "Mrb", "dog": dog, "end": 1})
    assert error.code == "end_taken"
    assert error.message == "Player 2 played on that end first; dog 0 now ends in green"
    assert state.digest() == before
    assert state.view(2)["hand"] == "Mrb"  # the card stays in hand
    assert state.legal_actions(2) == [{"type": "put_back"}]


def test_wa3_a_late_play_on_an_end_one_took_oneself_says_you():
    state = table()
    dog = lay_dog(state, [(0, "Hr")])
    hold(state, 1, "Mrr")
    play_on(state, 1, "Mrr", dog, 1)
    hold(state, 1, "Mry")
    error = rejection(state, 1, {"type": "play", "card": "Mry", "dog": dog, "end": 1})
    assert error.message == "you played on that end first; dog 0 now ends in red"


def test_wa3_a_same_colour_end_still_rejects_a_late_play_instead_of_landing_elsewhere():
    state = table()
    dog = lay_dog(state, [(0, "Hr")])
    hold(state, 1, "Mrr")
    hold(state, 2, "Mry")
    play_on(state, 1, "Mrr", dog, 1)
    assert (
        rejection(state, 2, {"type": "play", "card": "Mry", "dog": dog, "end": 1}).code
        == "end_taken"
    )
    play_on(state, 2, "Mry", dog, 2)  # seen afresh, the new end takes it
    assert len(state.dogs[0]["cards"]) == 3


def test_wa3_a_play_on_a_dog_someone_completed_first_names_who_did():
    state = table()
    dog = lay_dog(state, [(0, "Hy")])
    hold(state, 3, "Ty")
    hold(state, 1, "Myg")
    play_on(state, 3, "Ty", dog, 1)
    error = rejection(state, 1, {"type": "play", "card": "Myg", "dog": dog, "end": 1})
    assert (error.code, error.message) == ("dog_completed", "Player 4 completed that dog first")
    assert state.view(1)["hand"] == "Myg"


def test_wa3_stale_and_unknown_dogs_and_cards_are_refused_with_reasons():
    state = table()
    hold(state, 0, "Mrg")
    assert (
        rejection(state, 0, {"type": "play", "card": "Mrg", "dog": 5, "end": 1}).code
        == "no_such_dog"
    )
    dog = lay_dog(state, [(1, "Hr")])
    assert (
        rejection(state, 0, {"type": "play", "card": "Mrg", "dog": dog, "end": 4}).code
        == "no_such_end"
    )
    assert (
        rejection(state, 0, {"type": "play", "card": "Mgg", "dog": dog, "end": 1}).code
        == "not_holding"
    )
    assert (
        rejection(state, 0, {"type": "play", "card": "Xzz", "dog": dog, "end": 1}).code
        == "no_such_card"
    )
    assert rejection(state, 1, {"type": "put_back"}).code == "hand_empty"


def test_wa3_a_dog_of_an_earlier_round_is_refused():
    state = table(players=2, round_timer=60)
    dog = lay_dog(state, [(0, "Hr")])
    state.apply(None, {"type": "time_up"})
    late = {"type": "play", "card": "Mrg", "dog": dog, "end": 1}
    assert rejection(state, 1, late).code == "old_round"  # arriving in the next countdown
    wuff(state)
    hold(state, 1, "Mrg")
    assert rejection(state, 1, late).code == "old_round"


@pytest.mark.parametrize(
    "junk",
    [
        None,
        3,
        [],
        {},
        {"type": 1},
        {"type": "draw"},
        {"type": "draw", "pile": True},
        {"type": "draw", "pile": 1.0},
        {"type": "draw", "pile": 3},
        {"type": "draw", "pile": [1]},
        {"type": "draw", "pile": 0, "x": 1},
        {"type": "start", "card": ["Hr"]},
        {"type": "play", "card": "Mrg", "dog": "0", "end": 1},
        {"type": "play", "card": {}, "dog": 0, "end": 1},
        {"type": "play", "card": "Mrg", "dog": 2**80, "end": -(2**80)},
        {"type": "hop"},
    ],
)
def test_malformed_actions_are_refused_and_change_nothing(junk):
    state = table()
    lay_dog(state, [(1, "Hr")])
    assert_rejected(state, 0, junk)
    hold(state, 0, "Mrg")
    assert_rejected(state, 0, junk)


@pytest.mark.parametrize(
    "junk",
    [
        {"type": "draw", "pile": 10**5000},
        {"type": "draw", "pile": "x" * 10_000},
        {"type": "play", "card": "Mrg", "dog": 10**5000, "end": 1},
        {"type": "play", "card": "Mrg", "dog": 0, "end": -(10**5000)},
        {"type": "play", "card": "Mrg", "dog": -(10**5000), "end": 1},
        {"type": "play", "card": [[[]]], "dog": 0, "end": 1},
        {"type": "x" * 10_000},
    ],
)
def test_reasons_survive_huge_numbers_and_long_strings(junk):
    # Printing such a value in the reason raised ValueError (int too long to print).
    state = table()
    lay_dog(state, [(1, "Hr")])
    hold(state, 0, "Mrg")
    assert_rejected(state, 0, junk)
    assert len(rejection(state, 0, junk).message) < 120


def test_reasons_survive_deeply_nested_values():
    deep: list = []
    for _ in range(5_000):
        deep = [deep]
    state = table()
    lay_dog(state, [(1, "Hr")])
    for action in (
        {"type": "draw", "pile": deep},
        {"type": "start", "card": deep},
        {"type": deep},
    ):
        assert_rejected(state, 0, action)
    hold(state, 0, "Mrg")
    assert_rejected(state, 0, {"type": "play", "card": deep, "dog": 0, "end": 1})


# Values a confused client might put in any field of a legal action.
WRONG_VALUES = (
    True, False, None, -1, 3, 7, 2**63, 10**30, -(10**30), 10**5000, 0.0, 1.0, 1.5,
    float("nan"), float("inf"), "", "0", "Hr", "Mrg", "play", "x" * 300, b"1", [], [1], {},
    {"type": "draw"},
)  # fmt: skip


def _mutations(action: dict, data) -> list:
    """``action`` spoiled each shared way once (play.spoilings), and as another action type."""
    return [
        *spoilings(action, data, st.sampled_from(WRONG_VALUES), ["x", "pile", "card", "dog", "end"]),
        {**action, "type": data.draw(st.sampled_from(["draw", "put_back", "start", "play"]))},
    ]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), data=st.data())
def test_mutated_stale_and_foreign_actions_are_refused_and_change_nothing(players, seed, data):
    """At random points of random games (all players interleaved, over round changes and
    to the end): every legal action with one field spoilt, actions seen earlier, and one
    player's actions sent by another, raise IllegalAction and leave the digest alone."""
    state = table(players=players, seed=seed, rounds=2)
    rng = Rng(seed)
    seen: list = []

    def probe(state, player, action):
        seen.append(action)
        if player is None or rng.random() > 0.08:
            return
        for legal in state.legal_actions(player):
            for spoilt in _mutations(legal, data):
                assert_refused_unless_legal(state, player, spoilt)
        assert_refused_unless_legal(state, player, seen[rng.below(len(seen))])  # stale, maybe of a past round
        other = data.draw(st.integers(0, players - 1))
        for foreign in state.legal_actions(other):
            assert_refused_unless_legal(state, player, foreign)
        assert_wrong_seats_refused(state, action)  # idle seats too: their cards are all played

    play(state, random_chooser(seed), on_step=probe)
    assert state.is_over()
    for action in seen[-5:]:
        assert_rejected(state, 0, action)


# --- WA-4: completion and ownership -------------------------------------------------------
def test_wa4_a_plain_tail_gives_the_dog_to_the_heads_player_and_a_marker_to_the_tails():
    state = table()
    dog = lay_dog(state, [(0, "Hg"), (1, "Mgr"), (2, "Mrb")])
    hold(state, 3, "Tb")
    completed = event(play_on(state, 3, "Tb", dog, 3), "dog_completed")
    assert completed == {
        "type": "dog_completed",
        "dog": dog,
        "player": 3,
        "owner": 0,
        "cat": False,
        "cards": 4,
        "markers": [6, 6, 6, 5],
    }
    shown = state.view(None)["dogs"][0]
    assert (shown["owner"], shown["marker"], shown["complete"]) == (0, 3, True)


def test_wa4_a_cat_tail_gives_the_dog_to_the_tails_player():
    state = table()
    dog = lay_dog(state, [(0, "Hg"), (0, "Mgg"), (1, "Mgr")])
    hold(state, 2, "Cr")
    completed = event(play_on(state, 2, "Cr", dog, 3), "dog_completed")
    assert (completed["owner"], completed["cat"], state.markers) == (2, True, [6, 6, 5, 6])


def test_wa4_a_completed_dog_takes_no_more_cards():
    state = table()
    dog = lay_dog(state, [(0, "Hr")])
    hold(state, 0, "Tr")
    play_on(state, 0, "Tr", dog, 1)
    hold(state, 1, "Mrr")
    assert state.legal_actions(1) == [{"type": "put_back"}]


# --- WA-5: the end of a round ---------------------------------------------------------------
def test_wa5_the_sixth_marker_stops_the_round_with_cards_still_in_hands():
    state = table(players=3)
    state.markers = [6, 1, 6]  # player 2 has placed five markers
    mine = lay_dog(state, [(1, "Hr"), (0, "Mrg")])
    theirs = lay_dog(state, [(0, "Hy")])
    hold(state, 0, "Mgb")  # cards in hand at "Stop!" are discarded
    hold(state, 2, "Tg")
    hold(state, 1, "Cy")
    events = play_on(state, 1, "Cy", theirs, 1)
    over = event(events, "round_over")
    assert over["reason"] == "stop" and over["round"] == 1
    assert over["cards"] == [0, 2, 0]  # the unfinished dog counts for nobody
    assert event(events, "round") == {"type": "round", "round": 2}
    # A new round: fresh piles, empty hands, new markers, an empty table.
    view = state.view(0)
    assert view["hand"] is None and view["dogs"] == [] and view["markers"] == [6, 6, 6]
    assert view["pile_sizes"] == [[10, 10, 10]] * 3
    # Player 3's tail, sent before "Stop!" and arriving after it: the round is over.
    error = rejection(state, 2, {"type": "play", "card": "Tg", "dog": mine, "end": 2})
    assert error.code == "old_round" and "over" in error.message
    wuff(state)
    hold(state, 2, "Tg")  # even holding the same card again in the new round
    assert rejection(state, 2, {"type": "play", "card": "Tg", "dog": mine, "end": 2}).code == (
        "old_round"
    )


def test_wa5_the_round_ends_when_no_player_can_make_any_legal_play():
    state = table(players=2)
    dog = lay_dog(state, [(0, "Hr")])
    empty_piles(state, 0, keep=("Mgg", "Mrb"))
    empty_piles(state, 1, keep=("Tg", "Mbb"))
    hold(state, 0, "Mrb")
    events = play_on(state, 0, "Mrb", dog, 1)
    # Still a play left: player 2's blue/blue middle fits the blue end.
    assert not any(e["type"] == "round_over" for e in events)
    hold(state, 1, "Mbb")
    events = play_on(state, 1, "Mbb", dog, 2)
    # Left: a green/green middle and a green tail, and only a blue end.
    assert event(events, "round_over")["reason"] == "deadlock"


def test_wa5_drawing_and_putting_back_cannot_stall_a_dead_round():
    state = table(players=2)
    empty_piles(state, 0, keep=("Hb",))  # the only blue head
    empty_piles(state, 1, keep=("Mgg", "Tr"))
    hold(state, 1, "Tr")
    state.apply(1, {"type": "put_back"})  # a head is still to come: the round goes on
    hold(state, 0, "Hb")
    events = state.apply(0, {"type": "start", "card": "Hb"})
    assert event(events, "round_over")["reason"] == "deadlock"


def test_wa5_every_round_starts_with_a_countdown_and_no_card_is_drawn_before_wuff():
    state = table(players=3, ready=True, countdown=4, round_timer=60)
    assert state.view(None)["phase"] == "ready" and state.view(0)["countdown"] == 4
    assert state.active_players() == [] and state.legal_actions(0) == []
    assert state.host_timer() == {"seconds": 4, "key": "ready-0"}
    assert state.host_actions() == [{"type": "wuff"}]
    for player in range(3):  # people, bots and LAN peers alike: the engine refuses
        assert_rejected(state, player, {"type": "draw", "pile": 0})
        assert rejection(state, player, {"type": "draw", "pile": 0}).code == "countdown"
    assert rejection(state, 0, {"type": "wuff"}).code == "unknown_action"  # only the host says it: no player action
    assert wuff(state) == [{"type": "wuff", "round": 1}]
    assert state.active_players() == [0, 1, 2] and state.view(None)["phase"] == "race"
    assert state.host_timer() == {"seconds": 60, "key": "round-0"}  # the round timer now
    assert rejection(state, None, {"type": "wuff"}).code == "not_host_action"
    state.apply(0, {"type": "draw", "pile": 0})
    state.apply(None, {"type": "time_up"})
    # The next round: everyone sees the tally, then counts down again.
    assert state.view(1)["phase"] == "ready" and state.view(1)["hand"] is None
    assert state.host_timer() == {"seconds": 4 + TALLY_SECONDS, "key": "ready-1"}
    assert rejection(state, 1, {"type": "draw", "pile": 2}).code == "countdown"
    assert wuff(state) == [{"type": "wuff", "round": 2}]


def test_wa5_the_countdown_is_an_option_of_a_few_seconds():
    assert new_game("wie_waldi", 2, 1).host_timer()["seconds"] == COUNTDOWN == 3
    for bad in (0, 11, 2.5, True):
        with pytest.raises(SetupError):
            new_game("wie_waldi", 2, 1, countdown=bad)


def test_wa5_the_hosts_timer_ends_the_round_only_when_the_option_is_on():
    assert table().host_actions() == []  # once the countdown is over
    state = table(round_timer=60)
    assert state.host_actions() == [{"type": "time_up"}]
    assert rejection(state, 0, {"type": "time_up"}).code == "unknown_action"
    dog = lay_dog(state, [(0, "Hr")])
    hold(state, 1, "Tr")
    play_on(state, 1, "Tr", dog, 1)
    events = state.apply(None, {"type": "time_up"})
    over = event(events, "round_over")
    assert (over["reason"], over["cards"]) == ("timer", [2, 0, 0, 0])


# --- WA-6: bones ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cards", "bones"),
    [
        ([5, 3], [["gold"], ["silver"]]),
        ([4, 4], [["gold"], ["gold"]]),
        ([0, 7, 3], [["bronze"], ["gold"], ["silver"]]),
        ([6, 6, 2], [["gold"], ["gold"], ["bronze"]]),
        ([6, 2, 2], [["gold"], ["silver"], ["silver"]]),
        ([1, 1, 1], [["gold"], ["gold"], ["gold"]]),
        ([9, 5, 3, 0], [["gold"], ["silver"], ["bronze"], []]),
        ([4, 4, 2, 1], [["gold"], ["gold"], ["bronze"], []]),
        ([8, 3, 3, 3], [["gold"], ["silver"], ["silver"], ["silver"]]),
        ([2, 2, 2, 1], [["gold"], ["gold"], ["gold"], []]),
        ([5, 3, 1, 1], [["gold"], ["silver"], ["bronze"], ["bronze"]]),
    ],
)
def test_wa6_bone_ranks_share_ties_and_skip_the_next_rank(cards, bones):
    assert bones_for(cards) == bones


def test_wa6_owned_cards_rank_the_players_and_an_emptied_pile_earns_a_bronze():
    state = table(players=4, round_timer=60)
    first = lay_dog(state, [(0, "Hr"), (1, "Mrr"), (2, "Mrg")])
    second = lay_dog(state, [(1, "Hg")])
    hold(state, 3, "Tg")
    play_on(state, 3, "Tg", first, 3)  # 4 cards for player 1
    hold(state, 2, "Cg")
    play_on(state, 2, "Cg", second, 1)  # 2 cards for player 3 (cat)
    state.piles[3][1] = []  # player 4 has played out a pile
    state.piles[1][0] = state.piles[1][0][-1:]
    state._recount()
    state.apply(1, {"type": "draw", "pile": 0})  # player 2 holds the last card of a pile
    over = event(state.apply(None, {"type": "time_up"}), "round_over")
    assert over["cards"] == [4, 0, 2, 0]
    assert over["emptied"] == [False, False, False, True]
    assert over["bones"] == [["gold"], ["bronze"], ["silver"], ["bronze", "bronze"]]
    assert over["points"] == [3, 1, 2, 2] and state.scores() == [3, 1, 2, 2]


# --- WA-7: three rounds and the winner ----------------------------------------------------------
def test_wa7_three_rounds_then_the_most_points_win_and_ties_share():
    state = table(players=2, round_timer=30)
    for expected_round in (1, 2, 3):
        assert state.view(0)["round"] == expected_round
        if expected_round == 1:
            dog = lay_dog(state, [(0, "Hr")])
            hold(state, 0, "Tr")
            play_on(state, 0, "Tr", dog, 1)
        events = state.apply(None, {"type": "time_up"})
        if not state.is_over():
            wuff(state)
    assert state.is_over()
    assert state.scores() == [3 + 3 + 3, 2 + 3 + 3]
    assert state.winners() == [0]
    assert event(events, "game_over") == {"type": "game_over", "totals": [9, 8], "winners": [0]}
    assert state.legal_actions(0) == [] and state.host_actions() == []
    tied = table(players=3, rounds=1, round_timer=30)
    tied.apply(None, {"type": "time_up"})
    assert tied.winners() == [0, 1, 2]


# --- WA-8: what each player sees -------------------------------------------------------------
def test_wa8_only_the_holder_sees_the_hand_card_and_pile_order_is_secret():
    state = table(players=3)
    events = state.apply(0, {"type": "draw", "pile": 0})
    code = state.view(0)["hand"]
    assert events_for(events, 0)[1] == {"type": "drawn", "player": 0, "pile": 0, "card": code}
    assert events_for(events, 1) == [{"type": "drew", "player": 0, "pile": 0}]
    assert events_for(events, None) == [{"type": "drew", "player": 0, "pile": 0}]
    for seat in (1, 2, None):
        view = state.view(seat)
        assert view["holding"] == [0, None, None]  # others see that a card is held, not which
        assert view.get("hand") is None and f"'{code}'" not in repr(view)
    assert "hand" not in state.view(None)
    assert "piles" not in state.view(0)  # not even one's own pile order


def test_wa8_every_table_card_shows_who_played_it():
    state = table()
    dog = lay_dog(state, [(2, "Hy")])
    hold(state, 0, "Myb")
    play_on(state, 0, "Myb", dog, 1)
    cards = state.view(3)["dogs"][0]["cards"]
    assert cards == [{"card": "Hy", "player": 2}, {"card": "Myb", "player": 0}]


def _reshuffled(state, seat, rng):
    """A copy of ``state`` in which everything ``seat`` may not know is dealt anew: the
    order and the pile of every unseen card, and every other player's hand card."""
    copy = state.clone()
    for player in range(state.players):
        hidden_hand = player != seat and copy.hands[player] is not None
        cards = [c for pile in copy.piles[player] for c in pile]
        if hidden_hand:
            cards.append(copy.hands[player])
        rng.shuffle(cards)
        if hidden_hand:
            copy.hands[player] = cards.pop()
        for pile in copy.piles[player]:
            pile[:] = [cards.pop() for _ in pile]
    copy._recount()
    return copy


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_wa8_views_and_events_do_not_change_when_the_hidden_cards_do(players, seed):
    """Pile order and contents are secret from everyone, a hand card from all but its
    holder: re-dealing them never shows in a view or in the events of a draw or a
    put-back, at any point of a game (between rounds and at the end too)."""
    state = table(players=players, seed=seed, rounds=2)
    rng = Rng(seed)

    def check(state, player, action):
        if rng.random() > 0.1:
            return
        for seat in (None, *range(players)):
            other = _reshuffled(state, seat, rng)
            assert other.view(seat) == state.view(seat)
            if seat != player and action["type"] in ("draw", "put_back"):
                # (the drawer learns the card drawn: that is the point of drawing)
                original = state.clone().apply(player, action)
                redealt = other.apply(player, action)
                assert events_for(redealt, seat) == events_for(original, seat)

    play(state, random_chooser(seed), on_step=check)
    for seat in (None, *range(players)):
        assert _reshuffled(state, seat, rng).view(seat) == state.view(seat)


@pytest.mark.parametrize("seat", [True, False, -1, 4, "0", 1.0])
def test_wa8_a_view_for_a_seat_not_at_the_table_is_refused(seat):
    # view(True) used to show player 2's hand card, view(-1) the last player's.
    state = table()
    for player in range(4):
        state.apply(player, {"type": "draw", "pile": 0})
    with pytest.raises(IllegalAction):
        state.view(seat)


def test_wa5_the_host_keeps_one_timer_per_round_only_with_the_option_on():
    assert table().host_timer() is None
    state = table(players=2, round_timer=45, rounds=2)
    first = state.host_timer()
    assert first["seconds"] == 45
    state.apply(0, {"type": "draw", "pile": 0})
    assert state.host_timer() == first  # a draw does not restart the round's timer
    state.apply(None, {"type": "time_up"})
    assert state.host_timer()["key"].startswith("ready")  # the next countdown first
    wuff(state)
    second = state.host_timer()
    assert second["seconds"] == 45 and second["key"] != first["key"]
    state.apply(None, {"type": "time_up"})
    assert state.is_over() and state.host_timer() is None and state.host_actions() == []


# --- notation, description, bot ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("draw 2", {"type": "draw", "pile": 2}),
        ("back", {"type": "put_back"}),
        ("head Hg", {"type": "start", "card": "Hg"}),
        ("play Mgr 7@3", {"type": "play", "card": "Mgr", "dog": 7, "end": 3}),
        ("play Cg 12@1", {"type": "play", "card": "Cg", "dog": 12, "end": 1}),
        ("wuff", {"type": "wuff"}),
        ("time_up", {"type": "time_up"}),
    ],
)
def test_notation_examples_round_trip(text, action):
    assert parse_action(text) == action
    assert notation(action) == text


@pytest.mark.parametrize(
    "text",
    ["", "draw", "draw x", "draw ²", "draw ١", "play Mgr 7", "play Mgr a@1", "play Mgr ٣@1",
     "head", "jump 1"],
)  # fmt: skip
def test_bad_notation_is_refused(text):
    with pytest.raises(ValueError, match="not Wie Waldi notation"):
        parse_action(text)


def test_describe_speaks_of_cards_and_dogs():
    state = table()
    assert (
        state.describe({"type": "play", "card": "Cg", "dog": 3, "end": 2})
        == "completes dog 3 with a green cat tail"
    )
    assert (
        state.describe({"type": "play", "card": "Mrg", "dog": 1, "end": 1})
        == "extends dog 1 with a red/green middle"
    )
    assert state.describe({"type": "start", "card": "Hy"}) == "starts a new dog with a yellow head"


def test_bot_starts_heads_and_steals_the_longest_dog_with_a_cat_tail():
    state = table()
    hold(state, 0, "Hb")
    assert bot(state.view(0), state.legal_actions(0), Rng(1)) == {"type": "start", "card": "Hb"}
    short = lay_dog(state, [(0, "Hr")])
    long = lay_dog(state, [(2, "Hg"), (2, "Mgr")])
    hold(state, 1, "Cr")
    legal = state.legal_actions(1)
    assert {a.get("dog") for a in legal[1:]} == {short, long}
    assert bot(state.view(1), legal, Rng(2))["dog"] == long


def test_bot_completes_its_own_dog_with_a_plain_tail():
    state = table()
    theirs = lay_dog(state, [(2, "Hy"), (2, "Myg"), (2, "Mgy")])
    mine = lay_dog(state, [(1, "Hy")])
    hold(state, 1, "Ty")
    for salt in range(20):
        action = bot(state.view(1), state.legal_actions(1), Rng(salt))
        assert action["dog"] == mine != theirs


def test_bots_play_a_whole_game_and_random_rounds_end():
    state = table(players=4, seed=7)
    rng = Rng(7)
    log = play(state, lambda s, p, legal: bot(s.view(p), legal, rng))
    assert state.is_over() and len(state.results) == 3
    assert all(result["reason"] in ("stop", "deadlock") for result in state.results)
    assert len(log) < 20_000
    state = table(players=2, seed=3, rounds=1)
    play(state, random_chooser(3))
    assert state.is_over()


def test_game_info_marks_a_real_time_game_with_quick_bots():
    assert GAME.realtime is True
    assert GAME.secret_action_types == ()
    assert (
        GAME.bot_reaction_seconds["hard"]
        < GAME.bot_reaction_seconds["normal"]
        < GAME.bot_reaction_seconds["easy"]
    )
