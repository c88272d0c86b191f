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
    from tests.client.test_pads_menus import footer

    said = footer(app)  # the foot names Anna's confirm, not Ben's pad's A she cannot use
    assert said.startswith("Anna chooses with") and "Enter: set up the table" in said and " A " not in said, said
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


def test_people_who_sat_out_a_smaller_game_come_back_and_the_choosing_goes_round(make_app, pads):
    """Found playing four pads through Next game: after a two-seat game the other two had left
    the group, and Anna chose the game every time."""
    from tests.client.test_evening_screens import press

    app = make_app()
    app.push(TitleScene(app))
    pad = pads.plug("xbox", app)
    frames(app, 5)
    four = [SeatPlan("Anna", "keys2", 0), SeatPlan("Ben", "keys1", 1), SeatPlan("Clara", "mouse", 2),
            SeatPlan("David", pad.device(app), 3)]
    app.evening.keep_group(four, None)  # as a four-seat game started at the set-up leaves it
    choosers = []
    for game in ("Architekton", "Wild West", "Die Mauer"):
        app.flow.next_game()  # the results' Next game
        picker = app.top
        assert isinstance(picker, PickerScene)
        choosers.append(picker.turn.name)
        picker.turn = None  # whoever's turn: this test is about who sits down
        press(app, picker.menu, game)
        setup = app.top
        assert isinstance(setup, SetupScene)
        seated = [seat.name for seat in setup.seats]
        if game == "Architekton":
            assert seated == ["Anna", "Ben"]  # two seats: Clara and David sit this one out
        else:
            assert seated[:4] == ["Anna", "Ben", "Clara", "David"], seated  # ... and are back for the next
        app.evening.keep_group(setup.seats, None)  # the set-up starts its table with them
        app.pop()
    assert choosers == ["Anna", "Ben", "Clara"]


def test_a_game_started_from_the_title_after_the_group_ended_is_a_new_group(make_app):
    app = make_app()
    app.push(TitleScene(app))
    frames(app, 5)
    app.evening.keep_group([SeatPlan("Anna", "keys2", 0), SeatPlan("Ben", "keys1", 1), SeatPlan("Clara", "mouse", 2)],
                           None)
    app.flow.next_game()
    assert app.evening.seat_group(2, 2) is not None  # a set-up seated the group ...
    app.flow.title()  # ... and then the group went back to the title
    app.evening.keep_group([SeatPlan("Zoe", "keys2", 0), SeatPlan("Yann", "keys1", 1)], None)
    app.flow.next_game()
    assert [plan.name for plan in app.evening.seat_group(2, 6)] == ["Zoe", "Yann"]
