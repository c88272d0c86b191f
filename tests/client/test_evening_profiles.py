"""Profiles: made when a person finishes a game, offered newest first at the set-up so a
pad can pick one without typing, and a picked profile brings its colour."""

import pygame

from client.evening import profiles
from client.evening.history import FinishedGame, History, SeatResult
from client.scenes.setup import SetupScene
from client.scenes.title import TitleScene
from tests.client.conftest import frames, key, post


def finish(history, names_colours_devices, when):
    seats = [SeatResult(name, colour=colour, device=device) for name, colour, device in names_colours_devices]
    seats.append(SeatResult("Bot", "bot", "hard", 5))
    history.record(FinishedGame("die_mauer", seats, list(range(len(seats))), [0], True, {}, "", when))


def test_a_profile_is_made_when_a_person_finishes_a_game_and_keeps_the_last_device(tmp_path):
    history = History.open(tmp_path / "history.sqlite")
    finish(history, [("Zoe", 4, "pad:0"), ("Max", 2, "mouse")], when=100.0)
    finish(history, [("zoe", 3, "keys1")], when=200.0)  # the same person, whatever the case
    found = profiles.recent(history)
    assert [p.name for p in found] == ["Zoe", "Max"]  # newest first
    zoe = found[0]
    assert (zoe.colour, zoe.device, zoe.last_used) == (3, "keys1", 200.0)
    assert 0 <= zoe.emblem < profiles.EMBLEMS and zoe.emblem == profiles.emblem_for("Zoe")
    assert len(zoe.id) == 16
    assert profiles.find(history, "bot") is None  # bots have no profile
    history.close()


def seed(app) -> None:
    history = app.evening.history
    finish(history, [("Max", 2, "mouse")], when=100.0)
    finish(history, [("Zoe", 4, "pad:0")], when=200.0)


def test_a_pad_picks_a_profile_at_the_set_up_without_typing_and_takes_its_colour(make_app, pads):
    app = make_app()
    seed(app)
    app.push(TitleScene(app))
    app.flow.setup("die_mauer")
    setup = app.top
    assert isinstance(setup, SetupScene)
    pad = pads.plug("xbox", app)
    pad.press(app, "confirm")  # the pad takes the bot's seat
    frames(app, 5)
    seat = setup.seat_of(pad.device(app))
    assert seat is not None
    for _ in range(len(setup.menu.items)):
        if setup.menu.focus == seat:
            break
        pad.press(app, "down" if setup.menu.focus < seat else "up")
    pad.press(app, "confirm")  # rename
    frames(app, 5)
    assert setup.editing == seat
    start = setup.seats[seat].name
    names = app.evening.profile_names()
    assert names == ["Zoe", "Max"]
    for _ in range(12):  # left and right run through the names; the profiles come first, newest first
        if setup.seats[seat].name == "Zoe":
            break
        pad.press(app, "left")
    assert setup.seats[seat].name == "Zoe", start
    pad.press(app, "confirm")
    frames(app, 5)
    assert setup.editing is None
    assert setup.seats[seat].colour == 4  # Zoe's colour


def test_typing_a_profiles_name_takes_its_colour_unless_another_seat_wears_it(make_app):
    app = make_app()
    seed(app)
    app.push(TitleScene(app))
    app.flow.setup("die_mauer")
    frames(app, 5)
    setup = app.top
    setup.seats[1].control = "keys2"  # two people: the mouse and the right half of the keyboard
    setup.seats[1].colour = 2  # Max's colour is taken by the second seat
    setup.menu.focus = 0
    key("return")  # rename the first seat
    frames(app, 3)
    for _ in range(len(setup.seats[0].name)):
        key("backspace")
        frames(app, 1)
    for letter in "max":
        post(pygame.TEXTINPUT, text=letter)
    frames(app, 2)
    key("return")
    frames(app, 5)
    assert setup.seats[0].name == "Max"  # the profile's own spelling
    assert setup.seats[0].colour == 0  # Max's colour (2) is worn by the other seat: the seat keeps its own
    setup.seats[1].colour = 1
    setup.menu.focus = 0
    key("return")  # rename again, and done: now the colour is free
    frames(app, 3)
    key("return")
    frames(app, 5)
    assert setup.seats[0].colour == 2


def test_the_mouse_renames_a_seat_to_a_profile_and_it_takes_its_colour(make_app):
    from tests.client.conftest import click

    app = make_app()
    seed(app)
    app.push(TitleScene(app))
    app.flow.setup("die_mauer")
    frames(app, 5)
    setup = app.top
    click(app, setup.rename_rect(0).center)  # Rename
    frames(app, 3)
    assert setup.editing == 0
    for _ in range(len(setup.seats[0].name)):
        key("backspace")
        frames(app, 1)
    for letter in "Zoe":
        post(pygame.TEXTINPUT, text=letter)
    frames(app, 2)
    click(app, setup.rename_rect(0).center)  # Done
    frames(app, 5)
    assert setup.editing is None
    assert (setup.seats[0].name, setup.seats[0].colour) == ("Zoe", 4)
