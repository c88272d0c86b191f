"""Architekton in German and in the pseudo-language: a whole game on the table (results
included) with no message the catalogue lacks, and in the pseudo-language at 1280x720 and
1920x1080 no English word left and nothing spilling out of its box or cut; the how-to
examples likewise; a refusal from the engine and the phone's words read in German."""

import pygame
import pytest

from client.table.results import ResultsScene
from engines import GAMES, new_game
from engines.errors import IllegalAction
from netplay.language import Words
from tests.client.conftest import frames, local_table, shoot
from tests.client.drive import play_to_results
from tests.client.games.architekton.situations import GAME
from tests.client.words_on_screen import reading

NAMES = ("Anna", "Ben")


def whole_game(make_app, code: str, size=(1920, 1080), shots: str | None = None):
    """A whole game of two seats at one screen, read in ``code``; the results shown a while."""
    app = make_app(size)
    app.settings.animation = "fast"
    with reading(code) as screen:
        table = local_table(app, [(NAMES[0], "mouse"), (NAMES[1], "keys2")], seed=5, game_id=GAME)
        play_to_results(app, table, shots=shots)
        assert isinstance(app.top, ResultsScene)
        frames(app, 40)
        if shots:
            shoot(app, f"{shots}_results")
    return app, table, screen


def test_a_whole_game_in_german_leaves_no_word_untranslated(make_app):
    app, table, screen = whole_game(make_app, "de", shots="table_architekton_de")
    assert any("Auslage" in text for text in screen.texts)  # it really was German
    assert any(line.startswith("Schlusswertung: ") or line.startswith("Vorzeitiges Ende")
               for line in table.model.log), table.model.log[-5:]
    assert screen.untranslated() == []


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def test_a_whole_game_in_the_pseudo_language_fits_and_has_no_english(make_app, size):
    app, table, screen = whole_game(make_app, "pseudo", size)
    assert screen.english(allowed=NAMES) == []
    assert screen.overflowing(names=NAMES) == []


def test_the_how_to_examples_read_in_german_and_fit(make_app):
    from client.howto import pages

    make_app()
    surface = pygame.Surface((1920, 1080))
    german = Words("de")
    for page in pages(GAME):  # the page's own words are looked up by the how-to screen
        for message in (page.title, *page.text, page.caption):
            assert not message or german.has(message), message
    for code in ("de", "pseudo"):
        with reading(code) as screen:
            for page in pages(GAME):
                page.example(surface, pygame.Rect(1050, 240, 780, 540))
        assert screen.untranslated() == []
        if code == "pseudo":
            assert screen.english(allowed=NAMES) == []
            assert screen.overflowing(names=NAMES) == []


def test_a_refusal_from_the_engine_reads_in_german():
    state = new_game(GAME, 2, 5)
    seat = state.active_players()[0]
    german = Words("de")
    refusals = []
    for action in ({"type": "take", "tiles": ["B98", "B99"]}, {"type": "take", "tiles": 3}):
        with pytest.raises(IllegalAction) as error:
            state.apply(seat, action)
        refusals.append(error.value)
    assert german.say(refusals[0].template, refusals[0].data) == "B98 liegt nicht in der Auslage"
    assert german.say(refusals[1].template, refusals[1].data) == "tiles muss eine Liste von Plättchennamen sein"
    assert refusals[0].message == "B98 is not in the supply"  # English as it was


def test_every_refusal_template_of_the_engine_is_worded_in_german():
    from engines.architekton import board

    german = Words("de")
    for templates in (board.NO_SPOT, board.NO_MATCH):
        for template in templates.values():
            assert german.has(template), template
            assert "AR-" not in template


def test_the_phone_words_read_in_german():
    info = GAMES[GAME]
    state = new_game(GAME, 2, 5)
    seat = state.active_players()[0]
    take = state.legal_actions(seat)[0]
    state.apply(seat, take)
    view = state.view(seat)
    lines = {line["label"]: line["value"] for line in info.words.hand(view, seat, Words("de"))}
    assert set(lines) >= {"Deine genommenen Plättchen", "Deine Chips", "Deine Häuser"}
    assert "im Vorrat" in lines["Deine Häuser"]
    assert all(word in lines["Deine genommenen Plättchen"] for word in take["tiles"])
    english = {line["label"]: line["value"] for line in info.words.hand(view, seat, Words("en"))}
    assert "Tiles you took" in english and "in stock" in english["Your houses"]
