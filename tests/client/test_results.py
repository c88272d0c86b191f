"""The results screen as players meet it: a race's presses run on through it without
choosing anything, a held or settled press chooses, it never comes to rest half-drawn,
ties share a place, and a solo game names no winner."""

import random

import pygame
import pytest

from client.scenes.setup import SetupScene
from client.scenes.title import TitleScene
from client.table.game import Standings
from client.table.results import ResultsScene, ranks
from client.ui import art
from client.ui.scene import ConfirmScene
from tests.client.conftest import click, frames, local_table, post, shoot
from tests.client.drive import key_event, press_button
from tests.client.games.wie_waldi.drive import seat_presses
from tests.client.games.wie_waldi.test_wie_waldi import PAD_ID

pytestmark = pytest.mark.timeout(180)
FOUR = [("Anna", "keys1"), ("Ben", "keys2"), ("Clara", f"pad:{PAD_ID}"), ("David", "mouse")]
RACE_BUTTONS = ("left", "up", "right", "down", "back", "confirm")
PAD_RACE_BUTTONS = RACE_BUTTONS + ("alt", "secret")


def race_from_the_set_up(make_app, seed=3):
    """A one-round Wie Waldi race of four devices, started over its set-up (so the results
    offer Play again)."""
    app = make_app()
    app.push(TitleScene(app))
    post(pygame.CONTROLLERDEVICEADDED, instance_id=PAD_ID, device_index=0)
    frames(app, 1)
    app.flow.setup("wie_waldi")
    table = local_table(app, FOUR, seed=seed, game_id="wie_waldi", options={"rounds": 1})
    return app, table


def race_to_the_end(app, table) -> None:
    for turn in range(20_000):
        if isinstance(app.top, ResultsScene):
            return
        if app.top is table:
            for seat in table.choosers:
                seat_presses(app, table, seat, turn)
        frames(app, 1, 1 / 20)
    raise AssertionError("the race never ended")


def mash(app, seconds: float, rng: random.Random) -> None:
    """Every seat keeps pressing its race buttons (the mouse clicks all over, buttons too)."""
    results = app.top
    spots = [rect.center for rect in results.menu.rects] + [(300, 700), (1600, 500)]
    for _ in range(round(seconds * 20)):
        for device in ("keys1", "keys2"):
            press_button(app, device, rng.choice(RACE_BUTTONS))
        press_button(app, f"pad:{PAD_ID}", rng.choice(PAD_RACE_BUTTONS))
        press_button(app, "mouse", rng.choice(("confirm", "back")), rng.choice(spots))
        frames(app, 3)


def test_a_race_that_ends_with_everyone_pressing_stays_on_its_results(make_app):
    app, table = race_from_the_set_up(make_app)
    race_to_the_end(app, table)
    results = app.top
    mash(app, 3.0, random.Random(5))  # the race's presses run on through the results
    assert app.top is results and app.running
    assert "Hold" in results.hint()
    frames(app, 70)  # nobody presses: the screen settles and says what each button does
    assert results.settled
    shoot(app, "results_race_settled")
    hint = results.hint()
    assert "Play again" in hint and "Space" in hint and "Enter" in hint and "click" in hint
    press_button(app, "keys1", "back")  # Q: Wie Waldi's "put back" is not "leave"
    press_button(app, f"pad:{PAD_ID}", "back")
    frames(app, 3)
    assert app.top is results
    press_button(app, "keys2", "confirm")
    frames(app, 3)
    assert isinstance(app.top, SetupScene)  # play again


def test_a_held_confirm_chooses_while_presses_still_come(make_app):
    app, table = race_from_the_set_up(make_app, seed=4)
    race_to_the_end(app, table)
    results = app.top
    mash(app, 0.5, random.Random(2))
    key_event("return", True)
    frames(app, 20)
    assert app.top is results  # not yet: a press, not a choice
    shoot(app, "results_holding")
    frames(app, 40)
    key_event("return", False)
    frames(app, 2)
    assert isinstance(app.top, SetupScene)


@pytest.mark.parametrize("how", ["escape", "start", "quit"])
def test_the_title_asks_before_quitting(make_app, how):
    app = make_app()
    app.push(TitleScene(app))
    post(pygame.CONTROLLERDEVICEADDED, instance_id=PAD_ID, device_index=0)
    frames(app, 2)
    title = app.top
    if how == "escape":
        key_event("escape", True)
    elif how == "start":
        post(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD_ID, button=pygame.CONTROLLER_BUTTON_START)
    else:
        click(app, title.menu.rects[-1].center)
    frames(app, 2)
    assert app.running and isinstance(app.top, ConfirmScene)
    assert "Quit" in app.top.question
    key_event("return", True)  # a stray confirm lands on "No"
    frames(app, 2)
    assert app.running and app.top is title


def two_on_one_bone() -> Standings:
    return Standings("Wie Waldi", ["Anna", "Ben", "Clara", "David"], art.SEAT_COLOURS[:4], [5, 1, 3, 1], [0],
                     columns=["Round 1"], cells=[[5], [1], [3], [1]], total_label="Bones")


def test_ties_share_a_place(make_app):
    assert ranks(two_on_one_bone()) == [1, 3, 2, 3]
    drawn = []
    app = make_app()
    app.push(TitleScene(app))
    app.push(ResultsScene(app, two_on_one_bone()))
    original = art.text
    try:
        art.text = lambda words, *rest, **named: drawn.append(words) or original(words, *rest, **named)
        frames(app, 60)
    finally:
        art.text = original
    assert {"3.  Ben", "3.  David", "2.  Clara", "1.  Anna"} <= set(drawn)
    assert not any(words.startswith("4.") for words in drawn)


def test_a_solo_game_names_its_score_not_a_winner(make_app):
    app = make_app()
    app.push(TitleScene(app))
    app.push(ResultsScene(app, Standings("Wild West", ["Anna"], art.SEAT_COLOURS[:1], [37], [0], total_label="Score")))
    drawn = []
    original = art.text
    try:
        art.text = lambda words, *rest, **named: drawn.append(words) or original(words, *rest, **named)
        frames(app, 5)
    finally:
        art.text = original
    assert not any("wins!" in words for words in drawn)
    assert any("37" in words and "Anna" in words for words in drawn)


def test_a_long_note_is_not_cut(make_app):
    note = "Revenge match: first to 2 victory points; an early-end win counts 2 victory points"
    app = make_app()
    app.push(TitleScene(app))
    app.push(ResultsScene(app, Standings("Architekton", ["Anna", "Ben"], art.SEAT_COLOURS[:2], [2, 1], [0],
                                         total_label="Victory points", note=note)))
    drawn = []
    original = art.text
    try:
        art.text = lambda words, *rest, **named: drawn.append(words) or original(words, *rest, **named)
        frames(app, 5)
    finally:
        art.text = original
    assert " ".join(w for w in drawn if "victory" in w.lower() or "Revenge" in w).count("counts 2 victory points")
    assert not any(art.ELLIPSIS in words for words in drawn)
    shoot(app, "results_long_note")


def test_left_alone_the_results_animate_until_they_settle(make_app):
    """The app may rest only once rows, confetti and the buttons' hint are all still: every
    frame until then is drawn, and it differs from the one before while things move."""
    app = make_app()
    app.push(TitleScene(app))
    app.idle = 10.0  # nobody has touched anything for a while (the race's bots played it)
    app.push(ResultsScene(app, two_on_one_bone()))
    drawn = 0
    real_draw = app.draw

    def counting_draw():
        nonlocal drawn
        drawn += 1
        real_draw()

    app.draw = counting_draw
    pictures = []
    for frame in range(6 * 60):
        app.frame(1 / 60)
        if frame % 30 == 0:
            pictures.append(pygame.image.tobytes(app.logical, "RGB"))
        if frame < 3.5 * 60:
            assert not app.resting(), f"rested at frame {frame} while things still moved"
    assert drawn >= 3.5 * 60
    assert len(set(pictures[:7])) == 7  # each half second looked different while the confetti fell
    assert app.resting()  # and then it comes to rest


def test_a_game_not_started_from_the_set_up_offers_play_again_with_the_same_seats(make_app):
    """Like a continued Die Mauer game: no set-up under the table, and still Play again."""
    from tests.client.drive import play_to_results

    app = make_app()
    table = local_table(app, [("Anna", "keys1"), ("Ben", "bot:easy"), ("Clara", "keys2")], seed=9, bot_delay=0.05)
    play_to_results(app, table)
    results = app.top
    labels = [item.text() for item in results.menu.items]
    assert labels[0] == "Play again" and labels[-1] == "Back to the title"
    frames(app, 200)
    key_event("return", True)
    frames(app, 3)
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.info.id == "die_mauer"
    assert [(s.name, s.control) for s in setup.seats] == [("Anna", "keys1"), ("Ben", "bot:easy"), ("Clara", "keys2")]
    assert setup.options["rounds"] == 1
    assert isinstance(app.scenes[-2], TitleScene)


@pytest.mark.parametrize("screen", ["results", "title", "join"])
def test_a_screen_at_rest_shows_its_settled_picture(make_app, screen):
    """Left alone, the last picture drawn before the app rests is the settled one (a
    steady cursor ring, nothing caught mid-move), not a moment of the animation."""
    from client.scenes.join import JoinScene

    app = make_app()
    app.push(TitleScene(app))
    if screen == "results":
        app.push(ResultsScene(app, two_on_one_bone()))
    elif screen == "join":
        app.push(JoinScene(app, browse=False))
    for _ in range(12 * 60):
        app.frame(1 / 60)
    assert app.resting()
    shown = pygame.image.tobytes(app.logical, "RGB")
    app.draw()
    assert pygame.image.tobytes(app.logical, "RGB") == shown


def test_the_confetti_never_piles_over_the_line_that_says_who_wins(make_app):
    """Issue 35: the confetti came to rest on the screen's floor, a strip of bits over
    "Wie Waldi: highest bones win" at the bottom; it now falls out of view."""
    app = make_app((1280, 720))
    app.push(TitleScene(app))
    results = ResultsScene(app, two_on_one_bone())
    app.push(results)
    lowest = 0.0
    for _ in range(20):
        frames(app, 6)
        lowest = max([lowest] + [bit["body"].position.y for bit in results.confetti.bits
                                 if bit["body"].position.y < art.H + 40])
        assert not [bit for bit in results.confetti.bits if art.H - 70 < bit["body"].position.y < art.H
                    and abs(bit["body"].velocity.y) < 60], "confetti resting over the bottom line"
    assert lowest > art.H - 70  # it did pass through on its way down
