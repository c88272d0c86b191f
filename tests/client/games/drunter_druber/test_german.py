"""Drunter & Drüber in German and in the pseudo-language (issue 28): a whole variant game
on the table (tiles laid, a toilet vote with its Jein and a lost vote, a pass, the secret
pick, the finale and the results) read with the marking catalogue leaves no ⟦ ⟧ on screen;
in the pseudo-language at 1280x720 and 1920x1080 no English word is drawn and nothing
spills out of its box or is cut. The engine's refusals, the phone words and the how-to
examples read in German too."""

import pygame
import pytest

from client.games.drunter_druber import howto
from client.scenes.title import TitleScene
from client.table.results import ResultsScene
from engines import errors
from engines.drunter_druber import GAME
from engines.drunter_druber.rules import DrunterDruberState
from engines.drunter_druber.words import CARD_WORDS
from netplay.language import PSEUDO, Words
from tests.client.conftest import frames, local_table, post, shoot
from tests.client.drive import play_to_results
from tests.client.games.drunter_druber.drive import pick
from tests.client.words_on_screen import reading

PAD = 6
NAMES = ["Anna", "Ben", "Clara", "David"]
PLAN = {"vote": {0: ["neee"], 1: ["jein"]}, "jein": "no", "blind": "nee"}
pytestmark = pytest.mark.timeout(240)


def whole_game(app, shots: str | None = None):
    """A whole variant game by mouse, keyboard, gamepad and a bot: a Jein, a lost vote, a
    pass and the secret pick, then the results (the seed of the English game's test). The
    app is made before the language is chosen: it starts in its settings' language."""
    app.settings.animation = "fast"
    app.push(TitleScene(app))
    post(pygame.CONTROLLERDEVICEADDED, instance_id=PAD, device_index=0)
    frames(app, 1)
    seats = [("Anna", "mouse"), ("Ben", "keys1"), ("Clara", f"pad:{PAD}"), ("David", "bot:normal")]
    table = local_table(app, seats, seed=3, bot_delay=0.05, game_id="drunter_druber", options={"variant": True})
    frames(app, 3)
    play_to_results(app, table, pick=lambda t, s, c, turn: pick(t, s, c, turn, PLAN), shots=shots)
    assert isinstance(app.top, ResultsScene)
    frames(app, 60)
    return table


def test_a_whole_game_in_german_leaves_no_untranslated_words(make_app):
    app = make_app()
    with reading("de") as screen:
        table = whole_game(app, shots="de_drunter_druber")
        shoot(app, "de_drunter_druber_results")
        log = list(table.model.log)
    # the game went through what the English test checks: all of it was drawn in German
    assert any("zählt das Jein als Nein" in line for line in log), log
    assert any(line.startswith("Nein gewinnt") and "zurück an" in line for line in log), log
    assert any("hat kein passendes Plättchen und setzt aus" in line for line in log), log
    assert sum("hat gewählt" in line for line in log) == 4
    assert any("Klo-Abstimmung" in text for text in screen.texts)
    assert any("Karte von" in text for text in screen.texts)  # the finale
    assert screen.untranslated() == []
    assert screen.overflowing(names=NAMES) == []


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_whole_game_in_the_pseudo_language_fits_and_holds_no_english(make_app, size):
    app = make_app(size)
    with reading(PSEUDO) as screen:
        whole_game(app)
        shoot(app, f"pseudo_drunter_druber_results_{size[0]}")
    found = {"english": screen.english(allowed=NAMES), "overflowing": screen.overflowing(names=NAMES)}
    assert found == {"english": [], "overflowing": []}


# --- the engine's refusals and the phone words --------------------------------------------
def refusal(state, player, action) -> errors.IllegalAction:
    with pytest.raises(errors.IllegalAction) as error:
        state.apply(player, action)
    return error.value


def test_a_refusal_from_the_engine_reads_in_german():
    german = Words("de")
    state = DrunterDruberState(2, 1, {"variant": False})
    bad = refusal(state, 0, {"type": "place", "stretch": "street", "size": 4, "cell": [0, 0], "dir": None})
    assert bad.code == "no_such_size" and bad.message == "a tile covers 1, 2 or 3 cells"
    assert german.say(bad.template, bad.data) == "ein Plättchen bedeckt 1, 2 oder 3 Felder"
    state.hands[0]["wall"][0] = 0
    none = refusal(state, 0, {"type": "place", "stretch": "wall_nw", "size": 1, "cell": [1, 0], "dir": None})
    assert none.code == "tile_not_held" and none.message == "you hold no wall single"
    assert german.say(none.template, none.data) == "du hast keinen Mauer-Einer"
    state.tokens["river"] = None
    closed = refusal(state, 0, {"type": "place", "stretch": "river", "size": 1, "cell": [0, 0], "dir": None})
    assert closed.message == "the river stretch is closed"
    assert german.say(closed.template, closed.data) == "der Fluss ist geschlossen"


def test_every_refusal_template_is_worded_in_german_and_names_no_ruling():
    german = Words("de", mark_missing=True)
    from engines.drunter_druber import rules

    templates = [*rules.CLOSED_STRETCH.values(), *rules.NOT_HELD.values(), *rules.NO_LONGER_HELD.values()]
    for template in templates:
        assert german.has(template), template
        assert "DD-" not in template
    assert rules.NO_LONGER_HELD.keys() == set(rules.PEOPLE)


def test_the_phone_words_read_in_german():
    german = Words("de")
    state = DrunterDruberState(2, 1, {"variant": True})
    view = state.view(0)
    lines = GAME.words.hand(view, 0, german)
    assert lines[0]["label"] == "Deine Gebäudekarten" and lines[1]["label"] == "Deine Bürgerkarten"
    assert "Jein" in lines[1]["value"] and "leer" in lines[1]["value"]
    place = state.legal_actions(0)[0]
    assert GAME.words.choice(place, view, german)["group"] == "Strecke bauen"
    one = GAME.words.choice({"type": "vote", "cards": ["ja"]}, view, german)
    assert (one["group"], one["label"], one["hidden"]) == ("Deine Stimme (geheim)", "Ja", True)
    several = GAME.words.choice({"type": "vote", "cards": ["ja", "blank"]}, view, german)
    assert (several["group"], several["label"], several["hidden"]) == ("Mehrere Karten (geheim)", "Ja + leer", True)
    assert several["target"] == {"act": "Mit diesen abstimmen", "next": "Andere Karten"}
    jein = GAME.words.choice({"type": "jein", "side": "no"}, view, german)
    assert jein["label"] == "Nein"
    card = state.cards[0][0]
    chosen = GAME.words.choice({"type": "pick", "card": card}, view, german)["label"]
    named = german.gettext(CARD_WORDS[card])
    assert chosen == named[:1].upper() + named[1:] and named != CARD_WORDS[card]
    assert german.has(GAME.summary) and german.has(GAME.options["variant"].help)


# --- the how-to pages ---------------------------------------------------------------------
def test_the_how_to_pages_and_their_examples_read_in_german(make_app):
    make_app()
    german = Words("de")
    for page in howto.PAGES:
        for words in (page.title, page.caption, *page.text):
            assert german.has(words), words
    surface = pygame.Surface((1920, 1080))
    rect = pygame.Rect(1000, 200, 860, 600)
    with reading("de") as screen:
        for page in howto.PAGES:
            screen.new_frame()  # each example is a picture of its own
            page.example(surface, rect)
    assert screen.untranslated() == []
    with reading(PSEUDO) as screen:
        for page in howto.PAGES:
            screen.new_frame()
            page.example(surface, rect)
    assert screen.english(allowed=["Anna", "Ben", "Cleo", "Dan"]) == []
