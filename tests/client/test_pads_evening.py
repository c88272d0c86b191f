"""Four real (virtual SDL) pads run an evening with no keyboard or mouse event at all:
the title, the picker, the set-up, a whole Wie Waldi match and a whole Die Mauer game,
a pad unplugged and plugged back in during the pause and one at the table, the results
and a rematch. Every press goes through SDL (tests.sdl_pads)."""

import itertools

import pytest

from client.scenes.picker import PickerScene
from client.scenes.setup import SetupScene
from client.scenes.title import TitleScene
from client.table.results import ResultsScene
from client.table.scene import TableScene
from tests.client.conftest import frames, shoot
from tests.client.drive import act, driver, seat_choices

pytestmark = pytest.mark.timeout(300)
KINDS = ("xbox", "ps4", "switch", "dualsense")


def focus(app, pad, menu, index: int) -> None:
    """Walk ``menu``'s focus to ``index`` with ``pad``'s d-pad."""
    for _ in range(len(menu.items) + 1):
        if menu.focus == index:
            return
        pad.press(app, "down" if menu.focus < index else "up")
    assert menu.focus == index


def to_setup(app, pad, game_id: str) -> SetupScene:
    """Title -> picker -> the game's set-up, by one pad."""
    title = app.top
    assert isinstance(title, TitleScene)
    focus(app, pad, title.menu, next(i for i, item in enumerate(title.menu.items) if item.text() == "Play"))
    pad.press(app, "confirm")
    picker = app.top
    assert isinstance(picker, PickerScene)
    focus(app, pad, picker.menu, next(i for i, info in enumerate(picker.games) if info.id == game_id))
    pad.press(app, "confirm")
    assert isinstance(app.top, SetupScene)
    return app.top


def start(app, pad, setup: SetupScene) -> TableScene:
    focus(app, pad, setup.menu, next(i for i, item in enumerate(setup.menu.items)
                                     if item.text() == "Start at this screen"))
    pad.press(app, "confirm")
    assert isinstance(app.top, TableScene), type(app.top).__name__
    return app.top


def evening(make_app, pads, game_id: str):
    app = make_app()
    app.push(TitleScene(app))
    plugged = [pads.plug(kind, app) for kind in KINDS]
    setup = to_setup(app, plugged[0], game_id)
    for pad in plugged:
        pad.press(app, "confirm")  # four presses: four seats
    return app, setup, plugged


def play(app, pads, plugged, table: TableScene, shots: str, dt: float = 1 / 20, limit: int = 20_000) -> dict:
    """Every seat plays through its pad until the results; halfway the DualSense player
    pauses, the Xbox pad is unplugged and plugged back in meanwhile, and later the
    Switch pad is unplugged and plugged back in at the table."""
    pick = driver(table.info.id)
    devices = {seat: chooser.device for seat, chooser in table.choosers.items()}
    done: dict[str, int] = {}
    replugged = {"pause": False, "table": False}
    by_kind = dict(zip(KINDS, plugged, strict=True))
    moves = 0
    for turn in itertools.count():
        assert turn < limit, f"no results after {limit} steps; did {done}"
        if isinstance(app.top, ResultsScene):
            break
        if app.top is table and not table.pacer.busy():
            seats = list(table.choosers)
            for seat in seats[turn % len(seats):] + seats[:turn % len(seats)]:
                choices = seat_choices(table, seat)
                if not choices or table.model.pending.get(seat) is not None:
                    continue
                choice = pick(table, seat, choices, turn)
                if choice is not None:
                    how = act(app, table, seat, choice)
                    done[how] = done.get(how, 0) + 1
                    moves += 1
                    break
        if moves == 12 and not replugged["pause"]:
            replugged["pause"] = True
            by_kind["dualsense"].press(app, "menu")
            assert app.top is not table, "the DualSense's Options button pauses"
            shoot(app, f"{shots}_paused")
            by_kind["xbox"].unplug()
            frames(app, 3)
            by_kind["xbox"] = pads.plug("xbox", app)
            by_kind["dualsense"].press(app, "back")
            frames(app, 3)
            assert app.top is table, "back closes the pause menu"
        if moves == 30 and not replugged["table"]:
            replugged["table"] = True
            by_kind["switch"].unplug()
            frames(app, 3)
            assert any("unplugged" in toast.words for toast in app.toasts.toasts)
            shoot(app, f"{shots}_unplugged")
            by_kind["switch"] = pads.plug("switch", app)
        frames(app, 1, dt)
    assert replugged == {"pause": True, "table": True}, "the game ended before both replugs"
    assert {seat: chooser.device for seat, chooser in table.choosers.items()} == devices
    plugged[:] = [by_kind[kind] for kind in KINDS]
    return done


def rematch(app, plugged) -> TableScene:
    """From the results, a pad asks for another game of the same and starts it."""
    results = app.top
    frames(app, 240)  # the rows are in and the screen says what each button does
    shoot(app, "pads_results")
    plugged[0].press(app, "confirm")
    setup = app.top
    assert isinstance(setup, SetupScene), type(setup).__name__
    assert setup is not results
    return start(app, plugged[0], setup)


def test_four_pads_play_a_whole_wie_waldi_match_and_a_rematch(make_app, pads):
    app, setup, plugged = evening(make_app, pads, "wie_waldi")
    devices = [pad.device(app) for pad in plugged]
    assert sorted(seat.control for seat in setup.seats) == sorted(devices)  # the pads have every seat
    table = start(app, plugged[0], setup)
    done = play(app, pads, plugged, table, "pads_wie_waldi")
    assert done.get("pad-shortcut", 0) > 20 and done.get("pad", 0) > 10, done
    assert len(table.hosting.host.state.results) == 3
    again = rematch(app, plugged)
    assert again is not table and sorted(c.device for c in again.choosers.values()) == sorted(devices)


def test_four_pads_play_a_whole_die_mauer_game_blind_and_a_rematch(make_app, pads):
    app, setup, plugged = evening(make_app, pads, "die_mauer")
    xbox = plugged[0]
    focus(app, xbox, setup.menu, 0)  # the mouse's seat becomes a bot's, by the d-pad
    for _ in range(len(setup.controls())):
        if setup.seats[0].is_bot:
            break
        xbox.press(app, "left")
    assert setup.seats[0].is_bot
    rounds = next(i for i, item in enumerate(setup.menu.items) if item.text().startswith("Rounds"))
    focus(app, xbox, setup.menu, rounds)
    for _ in range(12):
        xbox.press(app, "left")
    assert setup.options["rounds"] == 1
    table = start(app, xbox, setup)
    done = play(app, pads, plugged, table, "pads_die_mauer")
    assert done.get("pad-blind", 0) > 8, done  # picked blind, by the buttons the legends name
    rematch(app, plugged)
