"""Shared helpers for engine tests: random legal play, bot play, garbage actions.

Every game's tests reuse these; the generic contract tests in test_contract.py run them
over every game in engines.GAMES.
"""

import msgpack
from hypothesis import strategies as st

from engines import GAMES, IllegalAction, Rng, new_game

MAX_STEPS = 50_000


def roundtrip(data):
    """``data`` after a msgpack round trip, as the network and saves see it."""
    return msgpack.unpackb(msgpack.packb(data, use_bin_type=True), raw=False, strict_map_key=False)


def play(state, choose, max_steps=MAX_STEPS, on_step=None):
    """Play ``state`` to its end; ``choose(state, player, legal)`` picks each action.

    Returns the log of ``[player, action]``. A random active player acts each step, so
    simultaneous and real-time phases interleave. Host actions (timers) are used only
    when no player can act, or when the game runs long, so that every game ends.
    """
    rng = Rng(len(state.active_players()) * 7919 + state.seed)
    log = []
    for step in range(max_steps):
        if state.is_over():
            return log
        active = state.active_players()
        host = state.host_actions()
        if host and (not active or step > max_steps // 2):
            player, action = None, host[0]
        else:
            assert active, "a running game must have someone to act"
            player = rng.choice(active)
            legal = state.legal_actions(player)
            assert legal, f"active player {player} has no legal action"
            action = choose(state, player, legal)
        if on_step is not None:
            on_step(state, player, action)
        state.apply(player, action)
        log.append([player, action])
    raise AssertionError(f"{state.GAME_ID} did not end within {max_steps} steps")


def random_chooser(seed: int):
    rng = Rng(seed)
    return lambda state, player, legal: rng.choice(legal)


def bot_chooser(game_id: str, seed: int):
    bot, rng = GAMES[game_id].bot, Rng(seed)
    return lambda state, player, legal: bot(state.view(player), legal, rng)


def random_game(game_id: str, players: int, seed: int, options: dict, choice_seed: int = 0):
    """A finished random game and its log."""
    state = new_game(game_id, players, seed, **options)
    log = play(state, random_chooser(choice_seed))
    return state, log


def assert_rejected(state, player, action):
    """``action`` raises IllegalAction and leaves the state exactly as it was."""
    before = state.digest()
    try:
        state.apply(player, action)
    except IllegalAction as error:
        assert isinstance(error.code, str) and error.code
        assert isinstance(error.message, str) and error.message
    else:
        raise AssertionError(f"{action!r} by {player!r} was accepted")
    assert state.digest() == before, "a rejected action changed the state"


# Arbitrary plain data and worse: what a confused client or a fuzzer might send.
garbage = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8)
    | st.binary(max_size=8),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=6) | st.sampled_from(["type", "piece", "end", "card"]), children, max_size=4),
    max_leaves=12,
)
