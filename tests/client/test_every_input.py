"""No input of any device, in any phase of any game, may raise.

Each table is played to its results by the whole-game drivers (tests/client/drive.py),
with a mouse, both keyboard halves and a gamepad at the screen. Whenever the table shows
something new (a phase, who may choose, a seat's own step, a reveal pause), every device
sends every intent it can: the mouse points, clicks, middle-clicks, peeks and wheels at
the board, each seat's zone, every choice and the private panels; the keyboard halves
and the pad press each virtual button alone and while peeking, the pad's right stick
looks around, and keys no seat uses are pressed for the whole screen (zoom, pan).
Meanwhile every word the table draws is read: no ruling id (DM-2, AR-4...) is among them.
"""

import re

import pygame
import pytest

from client.input.router import Intent
from client.scenes.title import TitleScene
from client.table.results import ResultsScene
from client.ui import art
from tests.client.conftest import frames, local_table, post
from tests.client.drive import play_to_results
from tests.client.games.drunter_druber.drive import pick as drunter_druber_pick

PAD = 7
BUTTONS = ("up", "down", "left", "right", "confirm", "back", "alt", "secret", "menu")
RAW_KEYS = ("+", "-", "page up", "page down", "i", "j", "k", "l", "home", "0", "x", "1", "tab")
MOUSE_BUTTONS = ("confirm", "back", "peek")
SWEEPS_PER_PHASE = 8  # enough for every step of a phase; keeps the run short

# game id -> (seats, options, seed, pick): local seats on every kind of device, bots to fill.
GAMES = {
    "die_mauer": ([("Anna", "mouse"), ("Ben", "keys1"), ("Clara", "keys2"), ("Dan", f"pad:{PAD}")],
                  {"rounds": 1}, 5, None),
    "drunter_druber": ([("Anna", "mouse"), ("Ben", "keys1"), ("Clara", f"pad:{PAD}"), ("Dan", "keys2")],
                       {"variant": True}, 3, None),
    "architekton": ([("Anna", "mouse"), ("Ben", f"pad:{PAD}")], {}, 5, None),
    "architekton-keys": ([("Anna", "keys1"), ("Ben", "keys2")], {}, 5, None),
    "wild_west": ([("Anna", "mouse"), ("Ben", "keys1"), ("Clara", "keys2"), ("Dan", f"pad:{PAD}")], {}, 8, None),
    "wie_waldi": ([("Anna", "mouse"), ("Ben", "keys1"), ("Clara", "keys2"), ("Dan", f"pad:{PAD}")],
                  {"rounds": 1}, 8, None),
    # the only seat at the screen: its private panel stays open
    "wild_west-solo": ([("Anna", "mouse")], {}, 21, None),
    "drunter_druber-solo": ([("Anna", f"pad:{PAD}"), ("Bot", "bot:easy"), ("Bot 2", "bot:easy")],
                            {"variant": True}, 3, None),
}
RULING_ID = re.compile(r"\b[A-Z]{2}-\d")
PLAN = {"vote": {0: ["neee"], 1: ["jein"]}, "jein": "no", "blind": "nee"}  # a Jein, a lost vote
PICKS = {"drunter_druber": lambda t, s, c, turn: drunter_druber_pick(t, s, c, turn, PLAN)}
# Phases each table must have been swept in (a game's every phase a player can be in).
PHASES = {
    "die_mauer": {"plan", "build"},
    "drunter_druber": {"place", "vote", "jein", "pick", "over"},
    "architekton": {"take", "place"},
    "architekton-keys": {"take", "place"},
    "wild_west": {"pick", "write"},
    "wie_waldi": {"race"},
    "wild_west-solo": {"pick", "write"},
    "drunter_druber-solo": {"place", "pick"},
}


def moment(table) -> tuple:
    """What the table shows that input could meet differently: a new one is swept."""
    return (table.model.phase, table.pacer.busy(),
            tuple(sorted(seat for seat, choices in table.live.items() if choices)),
            tuple(bool(chooser.stage) for chooser in table.choosers.values()),
            tuple(table.model.pending.get(seat) is not None for seat in table.choosers))


def mouse_spots(table) -> list[tuple[int, int]]:
    """The board (its middle and four inner corners), every seat's zone, every shown
    choice, the private panels, the header, the log and the screen's corners."""
    board = table.layout.board
    spots = [board.center] + [(board.left + board.width * fx // 4, board.top + board.height * fy // 4)
                              for fx in (1, 3) for fy in (1, 3)]
    spots += [zone.center for zone in table.layout.seats.values()]
    spots += [choice.rect.center for choices in table.live.values() for choice in choices]
    spots += [table.game.private_rect(seat, count).center for seat in table.choosers for count in (0, 3)]
    spots += [table.layout.header.center, table.layout.log.center, (0, 0), (1919, 1079)]
    return list(dict.fromkeys(spots))


def send(app, intent: Intent) -> None:
    if intent.pos is not None:
        app.input.mouse_pos = intent.pos
    app.dispatch(intent)


def every_input(app, table) -> None:
    """Every device's every intent, once, drawing the table between devices."""
    for pos in mouse_spots(table):
        send(app, Intent("mouse", "point", pos=pos))
        for button in MOUSE_BUTTONS:
            send(app, Intent("mouse", button, True, pos))
            send(app, Intent("mouse", button, False, pos))
        send(app, Intent("mouse", "wheel", True, pos, amount=1.0))
        send(app, Intent("mouse", "wheel", True, pos, amount=-1.0))
        send(app, Intent("mouse", "peek", True, pos))  # peeking, a click on the panel's choices
        send(app, Intent("mouse", "confirm", True, pos))
        send(app, Intent("mouse", "confirm", False, pos))
        send(app, Intent("mouse", "peek", False, pos))
        if app.top is not table:
            return
    frames(app, 1)
    for device in ("keys1", "keys2", f"pad:{PAD}", "pad:99"):  # pad 99: a pad no seat plays with
        for peeking in (False, True):
            if peeking:
                send(app, Intent(device, "peek", True))
            for button in BUTTONS:
                send(app, Intent(device, button, True))
                send(app, Intent(device, button, False))
            if peeking:
                send(app, Intent(device, "peek", False))
        if device.startswith("pad:"):
            for vector in ((1.0, 0.0), (0.0, -1.0), (0.0, 0.0)):
                send(app, Intent(device, "look", any(vector), vector=vector))
        if app.top is not table:
            return
        frames(app, 1)
    for name in RAW_KEYS:
        send(app, Intent("keyboard", "raw", True, text=name))
    frames(app, 1)


@pytest.mark.timeout(180)
@pytest.mark.parametrize("config", sorted(GAMES))
def test_every_device_sends_every_intent_in_every_phase_nothing_raises_and_no_ruling_id_shows(make_app, monkeypatch,
                                                                                               config):
    game_id = config.split("-")[0]
    drawn: set[str] = set()
    render = art.text

    def reading(words, *args, **kwargs):
        drawn.add(words)
        return render(words, *args, **kwargs)

    monkeypatch.setattr(art, "text", reading)
    seats, options, seed, _ = GAMES[config]
    app = make_app()
    app.settings.animation = "fast"
    app.push(TitleScene(app))
    post(pygame.CONTROLLERDEVICEADDED, instance_id=PAD, device_index=0)
    frames(app, 1)
    table = local_table(app, seats, seed=seed, bot_delay=0.05, game_id=game_id, options=options)
    frames(app, 3)
    swept: dict[tuple, int] = {}

    def sweep() -> None:
        now = moment(table)
        if now in swept or sum(seen[0] == now[0] for seen in swept) >= SWEEPS_PER_PHASE:
            return
        swept[now] = 1
        every_input(app, table)

    play_to_results(app, table, pick=PICKS.get(game_id), each=sweep)
    assert isinstance(app.top, ResultsScene)
    phases = {phase for phase, *_ in swept}
    assert PHASES[config] <= phases, f"never swept in {PHASES[config] - phases}"
    assert not [words for words in drawn if RULING_ID.search(words)]
