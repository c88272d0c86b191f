"""Situations of an Architekton game that come up only in some games (a forced order, a
surround on the other player's turn, an early end, a removal), found by playing the
engine's bot (its view only) and replayed at the table; the step under test is then made
by synthetic input."""

from client.games.architekton.choices import placing
from engines import Rng, new_game
from engines.architekton import bot
from tests.client.conftest import frames, local_table
from tests.client.drive import act

GAME = "architekton"
PAD = 6  # a test pad's instance id


def bot_game(seed: int, stop=None, options=None):
    """Bots play ``seed`` (each from its own view) until ``stop(state)`` or the end;
    returns (state, log)."""
    state, log = new_game(GAME, 2, seed, **(options or {})), []
    while not state.is_over():
        if stop is not None and stop(state):
            break
        seat = state.active_players()[0]
        action = bot(state.view(seat), state.legal_actions(seat), Rng(len(log)))
        state.apply(seat, action)
        log.append([seat, action])
    return state, log


def find(stop=None, done=None, seeds=range(1, 120), options=None):
    """The first seed whose bot game reaches ``stop`` (or ends with ``done(state)``)."""
    for seed in seeds:
        state, log = bot_game(seed, stop, options)
        if (stop is not None and not state.is_over()) or (done is not None and state.is_over() and done(state)):
            return seed, log
    raise AssertionError("no such game in the seeds tried")


def replayed(make_app, seed: int, log: list, options=None, devices=("keys1", "keys2")):
    """A table of two seats at this screen that has played ``log`` (sent straight to the
    host at instant speed, then back to normal speed)."""
    app = make_app()
    app.settings.animation = "instant"
    table = local_table(app, [("Anna", devices[0]), ("Ben", devices[1])], seed=seed, game_id=GAME,
                        options=options or {})
    for seat, action in log:
        table.sessions[seat].send(action)
        frames(app, 1)
    frames(app, 2)
    app.settings.animation = "normal"
    return app, table


def choice_for(table, seat, action):
    return next(c for c in table.live[seat] if c.action == action)


def first_event(kind: str, check=lambda event: True):
    """A bot game and the index of its first action whose events include ``kind``."""
    for seed in range(1, 60):
        state, log = bot_game(seed)
        replay = new_game(GAME, 2, seed)
        for index, (seat, action) in enumerate(log):
            if any(e["type"] == kind and check(e) for e in replay.apply(seat, action)):
                return seed, log, index
    raise AssertionError(f"no {kind} event in the seeds tried")


def watch(app, table, seconds: float, until) -> bool:
    """Frames of 1/20 s until ``until()`` or ``seconds`` have passed."""
    for _ in range(round(seconds * 20)):
        frames(app, 1, 0.05)
        if until():
            return True
    return False


def last_move(make_app, done=None, stop=None, options=None):
    """A table one move before the end of a bot game that ends with ``done`` (or reaches
    ``stop``); the last move is made by the mover's keys."""
    seed, log = find(stop=stop, done=done, options=options)
    app, table = replayed(make_app, seed, log[:-1], options=options)
    seat, action = log[-1]
    if action["type"] == "place" and placing(table.game, seat) != action["tile"]:
        act(app, table, seat, next(c for c in table.live[seat] if c.key == ("hand", action["tile"])))
        frames(app, 2)
    spot = next((c for c in table.live[seat] if c.action == action), None)
    if spot is None:  # a turn of several rotations: the square first
        act(app, table, seat, next(c for c in table.live[seat] if c.key == ("spot", action["tile"], action["x"],
                                                                          action["y"])))
        frames(app, 2)
        spot = choice_for(table, seat, action)
    act(app, table, seat, spot)
    return app, table
