"""Wie Waldi in German and in the pseudo-language (issue 28): a whole match on the table
read in German with the marking catalogue (nothing left ⟦ ⟧), and in the pseudo-language
at both window sizes (no English word drawn, nothing spilling or cut); a photo finish, the
how-to pictures, the engine's refusals and the phone words in German."""

import pygame
import pytest

from client import i18n
from client.games.wie_waldi import howto
from client.scenes.title import TitleScene
from client.table.results import ResultsScene
from engines.wie_waldi.cards import CARD_NAMES
from engines.wie_waldi.words import WORDS
from netplay.language import MISSING_OPEN, Words
from tests.client.conftest import SCREENSHOTS, frames, local_table, post, shoot
from tests.client.drive import press_button
from tests.client.games.wie_waldi.drive import seat_presses
from tests.client.games.wie_waldi.test_wie_waldi import rig, until_race
from tests.client.words_on_screen import reading
from tests.engines.test_wie_waldi import hold, lay_dog, play_on, rejection
from tests.engines.test_wie_waldi import table as engine_table

pytestmark = pytest.mark.timeout(300)
PAD_ID = 6
FOUR = [("Anna", "keys1"), ("Ben", "keys2"), ("Clara", f"pad:{PAD_ID}"), ("David", "mouse")]
NAMES = [name for name, _ in FOUR]


def an_app(make_app, size=(1920, 1080)):
    """The window (made before the language is chosen: it starts in its settings' one)."""
    app = make_app(size)
    app.push(TitleScene(app))
    post(pygame.CONTROLLERDEVICEADDED, instance_id=PAD_ID, device_index=0)
    frames(app, 1)
    return app


def table_of(app, seats, seed=8, options=None):
    return app, local_table(app, seats, seed=seed, game_id="wie_waldi", options=options or {})


def race_to_results(app, table, shots: str | None = None) -> set[str]:
    """Every seat races through its own device, all in the same frames, to the results;
    returns the phases seen (``stop`` and ``tally`` included)."""
    seen: set[str] = set()
    counts: dict[str, int] = {}
    for turn in range(20_000):
        if isinstance(app.top, ResultsScene):
            break
        phase = "stop" if table.game.stopping() else "tally" if table.game.tallying() else table.model.phase
        seen.add(phase)
        counts[phase] = counts.get(phase, 0) + 1
        if shots and counts[phase] == 12:
            shoot(app, f"{shots}_{phase}")
        if app.top is table:
            for seat in table.choosers:
                seat_presses(app, table, seat, turn)
        frames(app, 1, 1 / 20)
    assert isinstance(app.top, ResultsScene)
    frames(app, 30)
    if shots:
        shoot(app, f"{shots}_results")
    return seen


def test_a_whole_match_reads_in_german(make_app):
    """Two rounds with the round timer on, four devices at once, to the results: every
    line drawn is in the German catalogue."""
    app = an_app(make_app)
    with reading("de") as screen:
        app, table = table_of(app, FOUR, options={"rounds": 2, "round_timer": 300})
        seen = race_to_results(app, table, shots="wie_waldi_de")
    assert {"ready", "race", "stop", "tally"} <= seen
    assert len(table.hosting.host.state.results) == 2
    assert "Runde 1" in screen.texts and "Fertig" in screen.texts  # the results' column, the kennel
    assert screen.untranslated() == []
    assert screen.overflowing(names=NAMES) == []


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_whole_match_fits_in_the_pseudo_language(make_app, size):
    app = an_app(make_app, size)
    with reading("pseudo") as screen:
        app, table = table_of(app, FOUR, options={"rounds": 2, "round_timer": 300})
        race_to_results(app, table, shots=f"wie_waldi_pseudo_{size[0]}")
    assert {"english": screen.english(allowed=NAMES), "overflowing": screen.overflowing(names=NAMES)} == {
        "english": [], "overflowing": []}


def photo_finish_on_screen(app):
    """A race lost on screen by two seats here (its refusal says by how much), then a
    photo finish against a bot seat (its zone says "12 ms behind Anna")."""
    app, table = table_of(app, [("Anna", "keys1"), ("Ben", "keys2"), ("Clara", "bot:easy")], seed=2)
    host = table.hosting.host
    rig(host, 0, 0, ["Mry", "Hr"])  # Anna: a red head, then a red/yellow middle
    rig(host, 1, 0, ["Mrg"])  # Ben: a red/green middle
    until_race(app, table)
    for button in ("left", "confirm"):  # Anna starts a red dog
        press_button(app, "keys1", button)
        frames(app, 2)
    press_button(app, "keys1", "left")
    press_button(app, "keys2", "left")
    frames(app, 2)
    press_button(app, "keys1", "confirm")  # in the same frame: Anna's arrives first
    press_button(app, "keys2", "confirm")
    frames(app, 3)
    said = [toast.words for toast in app.toasts.toasts if toast.key == "refused1"]
    table.game.on_photo_finish({"winner": 0, "loser": 2, "ms": 12, "action": {"type": "play", "card": "Mry"}})
    frames(app, 4)
    return app, table, said


def test_a_photo_finish_and_a_lost_race_read_in_german(make_app):
    app = an_app(make_app)
    with reading("de") as screen:
        app, table, said = photo_finish_on_screen(app)
        frames(app, 20)  # the photo finish in full (the "Wuff!" banner has faded)
        assert table.game.photo_words() == "Anna: 12 ms schneller"
        shoot(app, "wie_waldi_de_photo_finish")
    assert said and said[0].startswith("Ben: zu spät: Anna war ") and "schneller an Dackel 0" in said[0], said
    assert "Fotofinish" in screen.texts and "12 ms langsamer als Anna" in screen.texts
    assert "zuerst" in screen.texts and "12 ms später" in screen.texts
    assert screen.untranslated() == []
    assert screen.overflowing(names=["Anna", "Ben", "Clara"]) == []


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_photo_finish_fits_in_the_pseudo_language(make_app, size):
    names = ["Anna", "Ben", "Clara"]
    app = an_app(make_app, size)
    with reading("pseudo") as screen:
        app, table, _ = photo_finish_on_screen(app)
        shoot(app, f"wie_waldi_pseudo_{size[0]}_photo_finish")
    assert {"english": screen.english(allowed=names), "overflowing": screen.overflowing(names=names)} == {
        "english": [], "overflowing": []}


@pytest.mark.parametrize("code", ["de", "pseudo"])
def test_the_how_to_pictures_and_pages_are_worded(code):
    """Every how-to picture draws its words looked up; every page's title, paragraphs and
    caption are in the German catalogue."""
    from client.scenes.howto import EXAMPLE

    pygame.init()
    inside = EXAMPLE.inflate(-20, -20)  # where the how-to scene has a picture drawn
    sheet = pygame.Surface((inside.width, inside.height * len(howto.PAGES)))
    with reading(code) as screen:
        for k, page in enumerate(howto.PAGES):
            surface = sheet.subsurface(pygame.Rect(0, k * inside.height, *inside.size))
            surface.fill((30, 30, 40))
            page.example(surface, surface.get_rect())
    pygame.image.save(sheet, str(SCREENSHOTS / f"wie_waldi_{code}_howto.png"))
    if code == "de":
        assert screen.untranslated() == []
        german = Words("de")
        for page in howto.PAGES:
            for message in (page.title, *page.text, page.caption):
                assert german.has(message), message
    else:
        assert screen.english(allowed=["Anna", "Ben", "Clara", "David", "Q", "A", "W", "D"]) == []
        assert screen.overflowing(names=["Anna", "Ben", "Clara", "David"]) == []


def test_a_refusal_from_the_engine_reads_in_german():
    german = Words("de", mark_missing=True)
    state = engine_table()
    dog = lay_dog(state, [(0, "Hr")])
    hold(state, 1, "Mrg")
    hold(state, 2, "Mrb")
    play_on(state, 1, "Mrg", dog, 1)
    error = rejection(state, 2, {"type": "play", "card": "Mrb", "dog": dog, "end": 1})
    assert error.message == "Player 2 played on that end first; dog 0 now ends in green"
    assert german.say(error.template, error.data) == "Spieler 2 war zuerst an diesem Ende; Dackel 0 endet jetzt grün"
    hold(state, 3, "Mbg")
    error = rejection(state, 3, {"type": "play", "card": "Mbg", "dog": dog, "end": 2})
    assert error.code == "wrong_colour" and "green" in error.message
    assert german.say(error.template, error.data) == "deine Karte braucht ein blaues Ende; Dackel 0 endet grün"
    for action in ({"type": "draw", "pile": 7}, {"type": "draw", "pile": 10**30}, {"type": "start", "card": "Hr"},
                   {"type": "play", "card": "Mgg", "dog": dog, "end": 2}, {"type": "dance"}):
        error = rejection(state, 3, action)
        said = german.say(error.template, error.data)
        assert MISSING_OPEN not in said and said != error.message, (error.code, said)
        # data: numbers and codes only, never English words
        assert all(isinstance(v, int) or " " not in v for v in error.data.values()), error.data


def test_card_names_and_the_phone_words_read_in_german():
    german = Words("de", mark_missing=True)
    assert all(german.has(name) for name in CARD_NAMES.values())
    assert german.gettext(CARD_NAMES["Mrg"]) == "rot/grünes Mittelstück"
    state = engine_table()
    dog = lay_dog(state, [(0, "Hr")])
    hold(state, 1, "Mrg")
    view = state.view(1)
    lines = WORDS.hand(view, 1, german)
    assert lines[0] == {"label": "Deine Karte", "value": "rot/grünes Mittelstück", "sprites": ["mrg"], "badges": [None]}
    said = [WORDS.choice(action, view, german) for action in state.legal_actions(1)]
    assert said[1]["group"] == "Leg deine Karte: rot/grünes Mittelstück"
    assert said[1]["label"] == "Dackel 0: roter Kopf, 1 Karte" and dog == 0  # the number the table shows beside it
    text = repr(lines) + repr(said)
    assert MISSING_OPEN not in text
    i18n.use("en")
