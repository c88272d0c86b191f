"""The game night's picker after Next game: the group takes turns choosing the next game;
on a turn only the chooser's device steers the picker (by keys and by a pad)."""

import pytest

from client.evening import tonight
from client.scenes.picker import PickerScene
from client.scenes.setup import SetupScene
from client.scenes.title import TitleScene
from client.seats import SeatPlan
from tests.client.conftest import frames, key, shoot

pytestmark = pytest.mark.timeout(60)


def test_the_group_takes_turns_choosing_the_next_game_by_keys_and_by_pad(make_app, pads):
    app = make_app()
    app.push(TitleScene(app))
    pad = pads.plug("xbox", app)
    frames(app, 5)
    plans = [SeatPlan("Anna", "keys2", 0), SeatPlan("Ben", pad.device(app), 1), SeatPlan("Bot 3", "bot:hard", 2)]
    tonight.remember_group(app, plans, host=None)  # as a game started at the set-up leaves it

    app.flow.next_game()  # the results' Next game: Anna's turn first
    picker = app.top
    assert isinstance(picker, PickerScene) and picker.turn.name == "Anna"
    frames(app, 20)
    shoot(app, "evening_picker_annas_turn")
    focus = picker.menu.focus
    pad.press(app, "down")  # Ben's pad does not steer on Anna's turn ...
    pad.press(app, "confirm")
    assert app.top is picker and picker.menu.focus == focus
    assert any("Anna's turn to choose" in toast.words for toast in app.toasts.toasts)
    key("down")  # ... Anna's arrows and Enter do
    frames(app, 2)
    assert picker.menu.focus == focus + 1
    key("up")
    frames(app, 2)
    key("return")
    frames(app, 5)
    assert isinstance(app.top, SetupScene)
    assert [plan.name for plan in app.top.seats] == ["Anna", "Ben", "Bot 3"]  # the group sits down as it was

    app.flow.next_game()  # the next game: Ben's turn
    picker = app.top
    assert isinstance(picker, PickerScene) and picker.turn.name == "Ben"
    key("return")  # the keyboard waits its turn
    frames(app, 5)
    assert app.top is picker
    pad.press(app, "confirm")
    frames(app, 5)
    assert isinstance(app.top, SetupScene)
