"""Wild West in German and in the pseudo-language: whole games on the table (several seats
with the speed option, and solo into the high-score table), read with the catalogue that
marks what it lacks, so no English is left on screen; in the pseudo-language at 1280x720
and 1920x1080 no word is drawn without a lookup and nothing spills out of its box or is
cut. The engine's refusals read in German; the how-to pages' examples fit in both."""

import json
import re

import pygame
import pytest

from client import i18n
from client.games.wild_west import howto
from client.scenes.title import TitleScene
from client.table.model import worded
from client.table.results import ResultsScene
from engines import IllegalAction, new_game
from netplay.language import MISSING_OPEN, words
from tests.client.conftest import SCREENSHOTS, frames, key, local_table, shoot
from tests.client.drive import first_legal, play_to_results
from tests.client.words_on_screen import reading

GAME = "wild_west"
TABLE = [("Anna", "mouse"), ("Ben", "keys1"), ("Clara", "keys2"), ("David", "bot:normal")]
SOLO = [("Anna", "keys1")]
SIZES = [(1280, 720), (1920, 1080)]
OLD_SCORES = [{"name": "Zed", "score": 900, "when": "2024-01-01 20:00"},
              {"name": "Yan", "score": -50, "when": "2024-01-02 20:00"}]


@pytest.fixture
def high_scores(tmp_path, monkeypatch):
    """A high-score table with two entries already kept, so the solo game has some to beat."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "spielabend" / "highscores"
    folder.mkdir(parents=True)
    (folder / f"{GAME}.json").write_text(json.dumps({"version": 1, "game": GAME, "entries": OLD_SCORES}))
    return folder


def nothing(found: list[str]) -> None:
    assert found == [], "\n".join(found)


def names(seats) -> list[str]:
    return [name for name, _ in seats] + [entry["name"] for entry in OLD_SCORES]


def solo_pick(table, seat, choices, turn):
    """Solo: a mulligan first, then columns, Tumbleweeds late on so the game ends soon."""
    if choices[0].action["type"] != "pick":
        return first_legal(table, seat, choices, turn)
    view = table.model.view
    tumble = view["deal"] == 1 or view["round"] >= 5
    wanted = [c for c in choices if (c.action["column"] is None) == tumble]
    return (wanted or choices)[0]


def play(make_app, code: str, seats, size, seed: int, options=None, pick=None, shots: str | None = None):
    """A whole game read in ``code`` at a table of ``seats`` in a window of ``size``, up to
    its results; on the way a seat looks at another sheet (Back). Returns the app and what
    was on screen."""
    app = make_app(size)  # the window takes its language from its settings: read ours after
    with reading(code) as screen:
        app.push(TitleScene(app))
        table = local_table(app, seats, seed=seed, bot_delay=0.05, game_id=GAME, options=options or {})
        frames(app, 5)
        if len(seats) > 1:
            key("q")  # Ben (keys1) looks at the next sheet: the caption under it
            frames(app, 3)
            assert table.game.shown.looking is not None
            if shots:
                shoot(app, f"{shots}_looking")
        taken = []

        def each():  # the score sheet once it is filled in
            if shots and not taken and table.game.shown.end_shown and table.anim.get("score", 0.0) >= 1.0:
                taken.append(shoot(app, f"{shots}_score_sheet"))

        play_to_results(app, table, pick, shots=shots, each=each)
        assert isinstance(app.top, ResultsScene)
        frames(app, 40)
        if shots:
            shoot(app, f"{shots}_results")
    return app, screen


# --- German -----------------------------------------------------------------------------------------
def test_a_whole_game_in_german_leaves_no_english_on_screen(make_app):
    _app, screen = play(make_app, "de", TABLE, (1920, 1080), seed=8, options={"timer": 40}, shots="table_wild_west_de")
    nothing(screen.untranslated())
    nothing(screen.overflowing(names=names(TABLE)))
    assert (SCREENSHOTS / "table_wild_west_de_write.png").exists()


def test_a_solo_game_in_german_ends_in_the_high_score_table(make_app, high_scores):
    app, screen = play(make_app, "de", SOLO, (1920, 1080), seed=21, pick=solo_pick, shots="table_wild_west_de_solo")
    assert app.top.standings.ranking  # the high-score table stood beside the score sheet and on the results
    assert any("Bestenliste" in text for text in screen.texts)
    nothing(screen.untranslated())
    nothing(screen.overflowing(names=names(SOLO)))


# --- the pseudo-language ------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "1920x1080"])
def test_a_whole_game_in_pseudo_has_every_word_looked_up_and_fitting(make_app, size):
    _app, screen = play(make_app, "pseudo", TABLE, size, seed=8, options={"timer": 40})
    nothing(screen.english(allowed=names(TABLE)))
    nothing(screen.overflowing(names=names(TABLE)))


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "1920x1080"])
def test_a_solo_game_in_pseudo_has_every_word_looked_up_and_fitting(make_app, high_scores, size):
    _app, screen = play(make_app, "pseudo", SOLO, size, seed=21, pick=solo_pick)
    nothing(screen.english(allowed=names(SOLO)))
    nothing(screen.overflowing(names=names(SOLO)))


# --- the engine's refusals ------------------------------------------------------------------------------
def refusals() -> list[IllegalAction]:
    """One refusal of each kind the Wild West engine words itself."""
    state = new_game(GAME, 2, 3)
    tried = [(0, {"type": "pick", "column": 5}), (0, {"type": "pick", "column": 1.5})]
    found = []
    for seat, action in tried:
        try:
            state.apply(seat, action)
        except IllegalAction as refusal:
            found.append(refusal)
    # a step refused: bring seat 0 to writing (pick a column that fits), then ask for odd tiles
    for seat in range(2):
        state.apply(seat, state.legal_actions(seat)[0])
    while state.phase == "write":
        seat = state.active_players()[0]
        legal = state.legal_actions(seat)
        kind = legal[0]["type"]
        odd = {"write": [{"type": "write", "row": 9, "col": 0}, {"type": "write", "row": 3, "col": 7}],
               "track": [{"type": "track", "row": 3, "col": 7}],
               "grave": [{"type": "grave", "row": 3, "col": 7}],
               "upgrade": [{"type": "upgrade", "size": 9}],
               "park": [{"type": "park", "park": "yes"}]}[kind]
        for action in odd:
            if action not in legal:
                try:
                    state.apply(seat, action)
                except IllegalAction as refusal:
                    found.append(refusal)
        state.apply(seat, legal[0])
    return found


def test_the_engines_refusals_read_in_german():
    found = refusals()
    codes = {refusal.code for refusal in found}
    assert {"no_such_column", "no_such_tile"} <= codes, codes
    german = words("de", mark_missing=True)
    for refusal in found:
        assert "WW-" not in refusal.template  # ruling ids stay in comments
        assert all(not isinstance(v, str) or not v.isalpha() for v in refusal.data.values()), refusal.data
        said = german.say(refusal.template, refusal.data)
        assert MISSING_OPEN not in said and said != refusal.message, (refusal.code, said)
    refusal = next(r for r in found if r.code == "no_such_column")
    assert words("de").say(refusal.template, refusal.data) == "wähl Spalte 1, 2 oder 3 oder einen Steppenläufer"


def test_the_phone_words_read_in_german():
    from engines.wild_west.words import WORDS

    state = new_game(GAME, 2, 3)
    german = words("de", mark_missing=True)
    view = state.view(0)
    said = [WORDS.choice(action, view, german) for action in state.legal_actions(0)]
    said += WORDS.hand(view, 0, german)
    text = json.dumps(said, ensure_ascii=False)
    assert MISSING_OPEN not in text and "Deine Wahl (geheim)" in text and "Steppenläufer" in text


# --- the how-to pages -----------------------------------------------------------------------------------
@pytest.mark.parametrize("code", ["de", "pseudo"])
def test_the_how_to_pages_are_worded_and_their_examples_fit(make_app, code):
    make_app()
    with reading(code) as screen:
        for page in howto.PAGES:
            for words_ in (page.title, page.caption, *page.text):
                screen.texts.append(i18n._(words_))  # the how-to scene words them where it draws them
            surface = pygame.Surface((792, 552), pygame.SRCALPHA)  # the example's clip (client.scenes.howto)
            page.example(surface, pygame.Rect(6, 6, 780, 540))
    if code == "de":
        nothing(screen.untranslated())
    else:
        nothing(screen.english(allowed=["Anna", "Ben", "Clara", "Zed", "Yan"]))
    nothing(screen.overflowing(names=["Anna", "Ben", "Clara"]))


def test_the_log_is_worded_again_in_english_with_the_cards_of_its_moment(make_app):
    app = make_app()
    try:
        i18n.use("de")
        app.push(TitleScene(app))
        table = local_table(app, [("Anna", "bot:easy"), ("Ben", "bot:easy")], seed=8, bot_delay=0.05, game_id=GAME)
        german = []
        for _ in range(2000):  # bounded: two rounds revealed are a few hundred frames
            frames(app, 1)
            german = [str(line) for line in table.model.log]
            if sum(line.startswith("Aufgedeckt: ") for line in german) >= 2:
                break
        reveals = [line for line in german if line.startswith("Aufgedeckt: ")]
        assert len(reveals) >= 2, german
        i18n.use("en")
        english = [worded(line) for line in table.model.log]
    finally:
        i18n.use("en")
    assert [line for line in english if line.startswith("Aufgedeckt")] == []
    again = [line for line in english if line.startswith("Reveal: ")]
    # each reveal names the cards of its own round, as it did in German: "Anna 2 (Ranch 7)"
    for before, after in zip(reveals, again, strict=True):
        assert re.findall(r"\d+", before) == re.findall(r"\d+", after), (before, after)
    assert any(line.startswith("Round 2: ") for line in english)
