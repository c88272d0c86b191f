"""The engine contract, checked the same way for every game in engines.GAMES."""

import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import GAMES, IllegalAction, Rng, SetupError, events_for, load_state, new_game, replay

from .play import (
    assert_rejected,
    bot_chooser,
    garbage,
    play,
    random_chooser,
    random_game,
    roundtrip,
)

CONFIGS = [
    pytest.param(game_id, players, options, id=f"{game_id}-{players}p-{options}")
    for game_id, info in GAMES.items()
    for players, options in info.test_configs
]
seeds = st.integers(min_value=0, max_value=2**32)
few = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
@few
@given(seed=seeds, choice_seed=seeds)
def test_random_games_end_replay_and_survive_saves(game_id, players, options, seed, choice_seed):
    state, log = random_game(game_id, players, seed, options, choice_seed)
    assert state.is_over()
    assert sorted(state.winners()) == state.winners() and state.winners()
    for seat in [None, *range(players)]:  # the result is public once the game is over
        assert state.view(seat)["game_result"] == {"scores": state.scores(), "winners": state.winners()}
    assert len(state.scores()) == players
    assert replay(game_id, players, seed, options, roundtrip(log)).digest() == state.digest()
    restored = load_state(roundtrip(state.to_dict()))
    assert restored.digest() == state.digest()
    assert restored.scores() == state.scores()


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
@few
@given(seed=seeds, choice_seed=seeds, cut=st.floats(0, 1))
def test_restored_and_cloned_states_play_on_identically(game_id, players, options, seed, choice_seed, cut):
    _, log = random_game(game_id, players, seed, options, choice_seed)
    middle = replay(game_id, players, seed, options, log[: int(len(log) * cut)])
    copies = [load_state(roundtrip(middle.to_dict())), middle.clone()]
    for player, action in log[int(len(log) * cut):]:
        events = middle.apply(player, action)
        for copy in copies:
            assert copy.apply(player, action) == events
    assert {c.digest() for c in copies} == {middle.digest()}


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, data=st.data())
def test_illegal_actions_are_rejected_and_change_nothing(game_id, players, options, seed, data):
    state = new_game(game_id, players, seed, **options)
    seen_actions = []
    probe_rng = Rng(seed)

    def probe(state, player, action):
        seen_actions.append(action)
        if probe_rng.random() > 0.15:
            return
        active = state.active_players()
        idle = [p for p in range(players) if p not in active]
        if idle:
            assert_rejected(state, idle[0], action)  # someone else's action, out of turn
            assert state.legal_actions(idle[0]) == []
        if player is None:
            return
        for stranger in (-1, players, None, "0", 1.5, True):
            assert_rejected(state, stranger, action)
        stale = seen_actions[probe_rng.below(len(seen_actions))]
        if stale not in state.legal_actions(player) and stale not in state.host_actions():
            assert_rejected(state, player, stale)  # an action of an earlier phase
        junk = data.draw(garbage)
        if junk not in state.legal_actions(player):
            assert_rejected(state, player, junk)

    play(state, random_chooser(seed), on_step=probe)
    for junk in (None, {}, {"type": "pass"}):
        assert_rejected(state, 0, junk)  # nothing is legal once the game is over


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
@few
@given(seed=seeds, choice_seed=seeds)
def test_everything_sent_is_plain_data_and_views_hide_secret_choices(game_id, players, options, seed, choice_seed):
    state = new_game(game_id, players, seed, **options)
    rng = Rng(choice_seed)

    def check(state, player, action):
        if rng.random() > 0.1:
            return
        timer = state.host_timer()
        if timer is not None:  # a running timer always has the action that ends it
            assert timer["seconds"] > 0 and isinstance(timer["key"], str)
            assert state.host_actions()
        for seat in [None, *range(players)]:
            view = state.view(seat)
            assert roundtrip(view) == view
        for p in state.active_players():
            legal = state.legal_actions(p)
            assert roundtrip(legal) == legal
        # While A has not acted in a simultaneous phase, nothing B picks shows in A's view.
        active = state.active_players()
        if len(active) < 2:
            return
        a, b = active[0], active[1]
        secret_types = GAMES[game_id].secret_action_types
        if not all(act.get("type") in secret_types for act in state.legal_actions(b)):
            return
        seen_by_a = set()
        for b_action in state.legal_actions(b):
            trial = state.clone()
            events = trial.apply(b, b_action)
            assert roundtrip(events) == events
            seen_by_a.add(repr(trial.view(a)))
            seen_by_a.add(repr(events_for(events, a)) + "|events")
        assert len([s for s in seen_by_a if not s.endswith("|events")]) == 1, "A's view reveals B's choice"
        assert len([s for s in seen_by_a if s.endswith("|events")]) == 1, "A's events reveal B's choice"

    play(state, random_chooser(choice_seed), on_step=check)


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
@settings(max_examples=3, deadline=None)
@given(seed=seeds)
def test_bots_finish_games_with_legal_moves(game_id, players, options, seed):
    state = new_game(game_id, players, seed, **options)
    choose = bot_chooser(game_id, seed)

    def legal_bot(state, player, legal):
        action = choose(state, player, legal)
        assert action in legal
        return action

    play(state, legal_bot)
    assert state.is_over()


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, choice_seed=seeds)
def test_sampled_states_show_the_view_they_came_from_and_nothing_of_the_truth(
        game_id, players, options, seed, choice_seed):
    """What search bots rely on (docs/bots.md): a state sampled from a seat's view shows that
    seat the same view and the same legal actions, plays on to the end, and depends on the
    view alone: a second true state with the same view (and other hidden parts) yields the
    very same samples, and the sampler never changes the view it was given."""
    sample_state = GAMES[game_id].sample_state
    rng = Rng(choice_seed)

    def check(state, player, action):
        if rng.random() > 0.08:
            return
        seat = rng.below(players)
        view = state.view(seat)
        given = roundtrip(view)  # plain data only: no reference into the true state
        sampled = sample_state(given, Rng(seed))
        assert given == view, "the sampler changed the view it was given"
        assert sampled.view(seat) == view
        assert sampled.legal_actions(seat) == state.legal_actions(seat)
        other_truth = sample_state(view, Rng(seed + 1))  # same view, other hidden parts
        assert other_truth.view(seat) == view
        for k in range(2):
            assert sample_state(other_truth.view(seat), Rng(k)).digest() == sample_state(view, Rng(k)).digest()
        if rng.random() < 0.3:
            play(sampled, random_chooser(seed))
            assert sampled.is_over()

    play(new_game(game_id, players, seed, **options), random_chooser(choice_seed), on_step=check)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_same_seed_same_game_and_different_seeds_differ(game_id):
    players, options = GAMES[game_id].test_configs[0]
    a, log_a = random_game(game_id, players, 11, options, 3)
    b, _ = random_game(game_id, players, 11, options, 3)
    assert a.digest() == b.digest()
    c = new_game(game_id, players, 12, **options)
    assert new_game(game_id, players, 11, **options).digest() != c.digest() or log_a


@pytest.mark.parametrize("game_id", list(GAMES))
def test_notation_round_trips(game_id):
    info = GAMES[game_id]
    players, options = info.test_configs[0]
    state = new_game(game_id, players, 5, **options)

    def check(state, player, action):
        if player is not None:
            assert info.parse_action(info.notation(action)) == action
            assert state.describe(action)

    play(state, random_chooser(5), on_step=check)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_bad_setup_is_refused_clearly(game_id):
    info = GAMES[game_id]
    with pytest.raises(SetupError):
        new_game(game_id, info.max_players + 1, 1)
    with pytest.raises(SetupError):
        new_game(game_id, info.min_players, 1, no_such_option=3)
    with pytest.raises(SetupError):
        new_game(game_id, info.min_players, "seed")
    with pytest.raises(SetupError):
        load_state({"format": 1, "game": game_id, "state": {"players": 2}})
    with pytest.raises(SetupError):
        load_state(["not", "a", "save"])


def test_unknown_game_is_refused():
    with pytest.raises(SetupError, match="unknown game"):
        new_game("schach", 2, 1)


def test_engines_import_nothing_impure():
    # Compared with what the interpreter had already loaded before importing engines.
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "import engines, engines.registry\n"
        "bad = sorted(m for m in set(sys.modules) - before if m.split('.')[0] in "
        "{'pygame','pymunk','asyncio','socket','msgpack','zeroconf','client','netplay','random','time'})\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_illegal_action_is_a_value_error_with_code():
    error = IllegalAction("not_your_turn", "wait")
    assert isinstance(error, ValueError)
    assert (error.code, error.message) == ("not_your_turn", "wait")


@pytest.mark.parametrize(
    ("game_id", "players", "options", "countdown"),
    [("wild_west", 3, {"timer": 30}, 0), ("wie_waldi", 2, {"round_timer": 45}, 1)],
)
def test_timed_games_tell_the_host_when_to_act(game_id, players, options, countdown):
    """``countdown``: host actions before the timer asked for runs (Wie Waldi's "Ready -
    Wuff!", WA-5, is a host timer of its own)."""
    state, plain = new_game(game_id, players, 1, **options), new_game(game_id, players, 1)
    for _ in range(countdown):
        state.apply(None, state.host_actions()[0])
        plain.apply(None, plain.host_actions()[0])
    timer = state.host_timer()
    assert timer["seconds"] == next(iter(options.values()))
    state.apply(None, state.host_actions()[0])
    assert state.host_timer() is None or state.host_timer()["key"] != timer["key"]
    assert plain.host_timer() is None  # no timer unless asked for


@pytest.mark.parametrize("game_id", list(GAMES))
def test_absurd_players_and_deeply_nested_actions_are_refused_cleanly(game_id):
    info = GAMES[game_id]
    state = new_game(game_id, *info.test_configs[0][:1], 3, **info.test_configs[0][1])
    nested = []
    for _ in range(5000):
        nested = [nested]
    while not state.active_players():  # a countdown before anyone may act (Wie Waldi, WA-5)
        state.apply(None, state.host_actions()[0])
    player = state.active_players()[0]
    for who, action in ((10**5000, {"type": "x"}), (None, nested), (player, nested), (player, 10**5000)):
        assert_rejected(state, who, action)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_something_that_is_no_seat_has_no_actions_and_no_view(game_id):
    players, options = GAMES[game_id].test_configs[0]
    state = new_game(game_id, players, 4, **options)
    for stranger in (-1, players, True, 1.0, "1", [0], None):
        assert state.legal_actions(stranger) == []
        if stranger is not None:
            with pytest.raises(IllegalAction):
                state.view(stranger)
    assert state.view(None)["you"] is None


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_an_unknown_action_type_is_unknown_action_in_every_game_and_phase(game_id, players, options):
    """One rule for all five games (docs/netplay.md, *Refusal and reject codes*): a type the
    game never takes is `unknown_action` with data {"type": the type quoted}, in any phase
    and whoever sends it; every type the game offers is one of its ACTION_TYPES."""
    state = new_game(game_id, players, 5, **options)
    rng = Rng(5)
    offered = set()
    for _ in range(400):
        if state.is_over():
            break
        for seat in range(players):
            offered |= {action["type"] for action in state.legal_actions(seat)}
            for unknown in ({"type": "dance"}, {"type": "wuff"}, {"type": "x" * 60, "pile": 0}):
                before = state.digest()
                with pytest.raises(IllegalAction) as refused:
                    state.apply(seat, unknown)
                assert refused.value.code == "unknown_action"
                assert refused.value.data == {"type": repr(unknown["type"][:40])}
                assert state.digest() == before
        active = state.active_players()
        if active:
            seat = active[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        else:
            state.apply(None, state.host_actions()[0])
    assert offered and offered <= type(state).ACTION_TYPES
