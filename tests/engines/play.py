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
    # (a game that opens with a host countdown has nobody active yet: seeding with 0 active
    # would make this stream the chooser's own when both seeds are 0)
    rng = Rng((len(state.active_players()) or state.players) * 7919 + state.seed)
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


def same(a, b) -> bool:
    """Equal and of the same types all the way down (in Python True == 1 == 1.0)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def assert_refused_unless_legal(state, seat, action):
    """`assert_rejected` unless ``action`` is (type for type) one ``seat`` may send now: a
    host action for ``None``, a legal action for a seat, nothing for any other value."""
    if seat is None:
        allowed = state.host_actions()
    elif type(seat) is int and 0 <= seat < state.players:
        allowed = state.legal_actions(seat)
    else:
        allowed = []
    if not any(same(action, a) for a in allowed):
        assert_rejected(state, seat, action)


# Values that are no seat at this table (besides the seat numbers past the last one).
NO_SEATS = (True, False, 1.0, -1, "0", [0], None)


def assert_wrong_seats_refused(state, action):
    """``action`` from every seat that may not send it now, from a seat past the last, from
    the host and from values that are no seat at all: refused, state unchanged."""
    for seat in (*range(state.players + 1), *NO_SEATS):
        assert_refused_unless_legal(state, seat, action)


def look_alikes(value) -> list:
    """Values a careless client might send for ``value``: same meaning, wrong type or shape,
    or just beside it."""
    if isinstance(value, bool) or value is None:
        return [0, 1, "", False, [], "null"]
    if isinstance(value, int):
        return [float(value), bool(value), str(value), [value], value - 1, value + 1, -value - 1, value + 2**64]
    if isinstance(value, str):
        return [[value], value.upper(), value + " ", value + "x", value[:1], None, 0, value.encode()]
    if isinstance(value, list):
        return [tuple(value), value + value[-1:], value[:-1], [[v] for v in value],
                [float(v) if isinstance(v, int) else v for v in value], [True if v == 1 else v for v in value],
                {str(i): v for i, v in enumerate(value)}]
    return [None, str(value), [value]]


SPOILS = ("change", "look_alike", "inner", "drop", "add")


def spoiled(action: dict, data, wrong, extra_keys, how=None) -> dict:
    """``action`` with one field spoiled: changed to a ``wrong`` value (a strategy), changed
    to a look-alike of its own value, one element of a list field changed, dropped, or an
    extra field from ``extra_keys`` added. ``how`` (one of SPOILS) is drawn unless given."""
    how = how or data.draw(st.sampled_from(SPOILS))
    key = data.draw(st.sampled_from(sorted(action)))
    value = action[key]
    spoilt = dict(action)
    if how == "look_alike":
        spoilt[key] = data.draw(st.sampled_from(look_alikes(value)))
    elif how == "inner" and isinstance(value, list) and value:
        inner = list(value)
        inner[data.draw(st.integers(0, len(inner) - 1))] = data.draw(wrong)
        spoilt[key] = inner
    elif how == "drop":
        del spoilt[key]
    elif how == "add":
        spoilt[data.draw(st.sampled_from([k for k in extra_keys if k not in action]))] = data.draw(wrong)
    else:
        spoilt[key] = data.draw(wrong)
    return spoilt


def spoilings(action: dict, data, wrong, extra_keys) -> list[dict]:
    """``action`` spoiled each way of `spoiled` once."""
    return [spoiled(action, data, wrong, extra_keys, how) for how in SPOILS]


# Arbitrary plain data and worse: what a confused client or a fuzzer might send.
garbage = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8)
    | st.binary(max_size=8),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=6) | st.sampled_from(["type", "piece", "end", "card"]), children, max_size=4),
    max_leaves=12,
)
