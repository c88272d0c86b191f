"""The game night's picker after Next game: the group takes turns choosing the next game;
on a turn only the chooser's device steers the picker (by keys and by a pad)."""

import pytest

from client.hosting.seats import SeatPlan
from client.scenes.picker import PickerScene
from client.scenes.setup import SetupScene
from client.scenes.title import TitleScene
from tests.client.conftest import frames, key, shoot

pytestmark = pytest.mark.timeout(60)


def test_the_group_takes_turns_choosing_the_next_game_by_keys_and_by_pad(make_app, pads):
    app = make_app()
    app.push(TitleScene(app))
    pad = pads.plug("xbox", app)
    frames(app, 5)
    plans = [SeatPlan("Anna", "keys2", 0), SeatPlan("Ben", pad.device(app), 1), SeatPlan("Bot 3", "bot:hard", 2)]
    app.evening.keep_group(plans, None)  # as a game started at the set-up leaves it

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


def test_everyone_votes_with_their_own_device_and_the_most_votes_win(make_app, pads):
    from engines import GAMES

    app = make_app()
    app.push(TitleScene(app))
    pad = pads.plug("xbox", app)
    frames(app, 5)
    plans = [SeatPlan("Anna", "keys2", 0), SeatPlan("Ben", pad.device(app), 1), SeatPlan("Bot 3", "bot:hard", 2)]
    app.evening.keep_group(plans, None)
    app.flow.next_game()
    picker = app.top
    labels = [item.text() for item in picker.menu.items]
    for _ in range(labels.index("Everyone votes instead")):  # Anna, whose turn it is, asks for a vote
        key("down")
        frames(app, 1)
    key("return")
    frames(app, 2)
    assert picker.voting
    second = list(GAMES)[1]
    pad.press(app, "down")  # Ben marks the second game and votes for it
    pad.press(app, "confirm")
    frames(app, 20)
    shoot(app, "evening_picker_vote")
    assert app.top is picker  # Anna has not voted yet
    key("down")
    frames(app, 1)
    key("return")  # Anna votes for the same game
    frames(app, 5)
    assert isinstance(app.top, SetupScene) and app.top.info.id == second


def test_a_tied_vote_goes_to_the_game_of_the_player_whose_turn_it_is(make_app, pads):
    from engines import GAMES

    app = make_app()
    app.push(TitleScene(app))
    pad = pads.plug("xbox", app)
    frames(app, 5)
    app.evening.keep_group([SeatPlan("Anna", "keys2", 0), SeatPlan("Ben", pad.device(app), 1)], None)
    app.flow.next_game()
    app.flow.next_game()  # Ben's turn
    picker = app.top
    assert picker.turn.name == "Ben"
    picker.start_vote()
    pad.press(app, "down")
    pad.press(app, "down")
    pad.press(app, "confirm")  # Ben: the third game
    key("return")  # Anna: the first
    frames(app, 5)
    assert isinstance(app.top, SetupScene) and app.top.info.id == list(GAMES)[2]
