"""Die Mauer in German and in the pseudo-language: a whole game on the table with every
message looked up (no ⟦ ⟧ left, the results included), the same game in pseudo at both
window sizes (no English word left, nothing spilling or cut), the how-to examples, the
phone words, and a refusal from the engine worded for a German window."""

import sys
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

import pygame
import pytest

import client.games.die_mauer
from client import i18n
from client.games.die_mauer import howto
from client.scenes.howto import EXAMPLE, HowToScene
from client.table.results import ResultsScene
from client.ui import art
from engines.die_mauer.words import choice, hand
from engines.errors import IllegalAction
from engines.registry import new_game
from netplay.language import MISSING_OPEN, Words
from tests.client.conftest import frames, key, local_table, shoot
from tests.client.drive import play_to_results
from tests.client.words_on_screen import Screen, reading

pytestmark = pytest.mark.timeout(240)

SEATS = [("Anna", "mouse"), ("Ben", "keys1"), ("Clara", "bot:easy"), ("Dora", "bot:normal")]
NAMES = [name for name, _ in SEATS]
HERE = str(Path(client.games.die_mauer.__file__).parent)


def whole_game(app, shots: str | None = None):
    """A one-round game from the first pick to the results, the results left up a while."""
    table = local_table(app, SEATS, seed=5, bot_delay=0.05, rounds=1)
    frames(app, 3)
    table.choosers[1].peeking = True  # Ben's private panel: his pieces and the cards to pick
    frames(app, 2)
    if shots:
        shoot(app, f"{shots}_panel")
    table.choosers[1].peeking = False
    play_to_results(app, table, shots=shots)
    assert isinstance(app.top, ResultsScene)
    frames(app, 90)
    return table


def test_a_whole_game_reads_german(make_app):
    app = make_app((1920, 1080))  # the window first: it reads its language from the settings
    with reading("de") as screen:
        table = whole_game(app, shots="die_mauer_de")
        shoot(app, "die_mauer_de_results")
        log = list(table.model.log)
    assert screen.untranslated() == []
    assert any("baut" in line for line in log) and not any(MISSING_OPEN in line for line in log), log


@contextmanager
def own_lines(table=None):
    """What Die Mauer's own modules put on screen: every line drawn from them (paint, the
    how-to examples), and the lines the table draws for them (status, phase, log, badges)."""
    own = Screen()

    def seen(line) -> None:
        frame: FrameType | None = sys._getframe(1)
        while frame is not None:
            if frame.f_code.co_filename.startswith(HERE):
                own.texts.append(line.words)
                own.lines.append(line)
                return
            frame = frame.f_back

    def hooks() -> None:
        if table is not None and app_shows(table):
            game = table.game
            own.texts.extend([game.status_text(), game.phase_text(), *table.model.log,
                              *(game.seat_status(seat)[0] for seat in range(table.players))])

    own.sample = hooks
    stop = art.watch(seen)
    try:
        yield own
    finally:
        stop()


def app_shows(table) -> bool:
    return table.app.top is table


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lines", ["own", "all"])
def test_a_whole_game_in_pseudo_has_no_english_and_nothing_cut(make_app, size, lines):
    """"own": what Die Mauer's modules word and draw; "all": the whole screen (the shared
    table, the results and the evening are worded by their own modules)."""
    app = make_app(size)
    with reading("pseudo") as screen:
        table = local_table(app, SEATS, seed=5, bot_delay=0.05, rounds=1)
        with own_lines(table) as own:
            frames(app, 3)
            play_to_results(app, table, each=own.sample)
            assert isinstance(app.top, ResultsScene)
            frames(app, 90)
    checked = own if lines == "own" else screen
    if lines == "own":  # the seat's device ("Mouse", "bot") on its card is the shared table's word
        table_words = {table.seat_label(seat) for seat in range(table.players)}
        checked = Screen([text for text in own.texts if text not in table_words], own.lines)
    assert len(checked.lines) > 100
    assert {"english": checked.english(allowed=NAMES), "overflowing": checked.overflowing(names=NAMES)} == \
        {"english": [], "overflowing": []}


@pytest.mark.parametrize("code", ["de", "pseudo"])
def test_the_how_to_pages_are_worded_and_their_examples_fit(make_app, code):
    words = Words("de")
    for page in howto.PAGES:
        for message in (page.title, *page.text, page.caption):
            assert words.has(message), message
            assert message.startswith("- ") == words.gettext(message).startswith("- ")  # bullets stay bullets
    make_app()  # fonts; the window reads English until the block below
    surface = pygame.Surface((1920, 1080))
    area = EXAMPLE.inflate(-20, -20)
    with reading(code) as screen:
        for page in howto.PAGES:
            screen.new_frame()  # each example is a picture of its own
            page.example(surface, area)
    assert screen.untranslated() == []
    outside = [line.words for line in screen.lines if not EXAMPLE.inflate(-8, -8).contains(line.rect)]
    assert outside == []  # the example is clipped to its panel: nothing may be lost there
    if code == "pseudo":
        assert screen.english(allowed=["Anna", "Ben", "Clara"]) == []
        assert screen.overflowing() == []


def test_a_german_how_to_screenshot(make_app):
    app = make_app()
    with reading("de"):
        app.push(HowToScene(app, "die_mauer"))
        frames(app, 2)
        for number in range(len(howto.PAGES)):
            assert app.top.page == number
            shoot(app, f"die_mauer_de_howto_{number + 1}")
            key("right")  # the next page
            frames(app, 2)


def test_a_refusal_from_the_engine_reads_german_in_a_german_window():
    state = new_game("die_mauer", 3, seed=1, rounds=1)
    state.wall = list("T4")
    for player, piece in enumerate([None, "3", "G"]):  # the master's empty fist: the master chooses
        state.apply(player, {"type": "plan", "piece": piece})
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, {"type": "build", "piece": "G", "end": "L"})  # next to the Tower
    error = caught.value
    assert error.code == "building_order"
    assert error.message == "the Gate may not go at the left end (building order)"
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, {"type": "build", "piece": "6", "end": "X"})
    assert caught.value.code == "no_such_end"
    try:
        i18n.use("de", mark_missing=True)
        assert i18n.say(error.template, error.data) == "das Tor darf nicht ans linke Ende (Bauordnung)"
        assert i18n.say(caught.value.template, caught.value.data) == "das Ende muss L oder R sein"
    finally:
        i18n.use("en")
    state.stocks[0].remove("3")
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, {"type": "build", "piece": "3", "end": "R"})
    assert caught.value.message == "you do not hold the 3-wall"
    assert Words("de").say(caught.value.template, caught.value.data) == "du hast die 3er-Mauer nicht"


def test_phone_words_read_german():
    words = Words("de", mark_missing=True)
    view = {"stock": ["T", "G", "6", "1"], "plans": {"mine": None}, "totals": [12, 3]}
    said = [choice({"type": "plan", "piece": None}, view, words),
            choice({"type": "build", "piece": "6", "end": "R"}, view, words),
            choice({"type": "donate", "piece": "T"}, view, words)]
    lines = hand(view, 0, words)
    text = repr(said) + repr(lines)
    assert MISSING_OPEN not in text
    assert said[1] == {"group": "Bauen", "label": "6er-Mauer am rechten Ende", "place": "right", "sprite": "wall6",
                       "first": {"id": "wall6", "sprite": "wall6", "label": "6er-Mauer"}}
    assert lines[0] == {"label": "Deine Steine", "value": "Turm, Tor, 6er-Mauer, 1er-Mauer",
                        "sprites": ["tower", "gate", "wall6", "wall1"], "badges": [None] * 4}
    assert lines[1] == {"label": "Deine Wahl", "value": "verdeckt bis zum Aufdecken", "sprites": ["back"],
                        "badges": [None]}  # the plan stays face down on the phone until the reveal
