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
                screen.new_frame()  # each example is a picture of its own
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
    assert german.say(*board.about_tile(board.NO_MATCH, "L07", {"x": 1, "y": -2})) == \
        "Waldlandschaft L07 muss auf 1,-2 mit einer passenden Seite anliegen"
    assert german.say(*board.about_tile(board.NO_SPOT, "B09")) == \
        "Gebäude B09 (WWFF) passt nirgends, also kannst du es nicht nehmen"


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


def every_sentence() -> list[str]:
    """Every sentence and label the table's words make, each case once."""
    from client.games.architekton import words
    from engines.architekton.tiles import BUILDINGS, LANDSCAPES

    def name(seat: int) -> str:
        return NAMES[seat]

    tiles = list(BUILDINGS) + list(LANDSCAPES)
    out = [words.tile_words(t) for t in tiles] + [words.the(t) for t in tiles]
    events = [
        {"type": "took", "player": 0, "tiles": ["B09"]}, {"type": "took", "player": 0, "tiles": ["B09", "L01"]},
        {"type": "placed", "player": 1, "tile": "B21", "rot": 0}, {"type": "placed", "player": 1, "tile": "B21", "rot": 3},
        {"type": "house", "player": 0, "from": [1, 0]},
        {"type": "surrounded", "owner": None, "mismatches": 0}, {"type": "surrounded", "owner": 0, "mismatches": 0},
        {"type": "surrounded", "owner": 0, "mismatches": 1}, {"type": "surrounded", "owner": 1, "mismatches": 3},
        {"type": "settled", "player": 0, "take_back": True, "paid": 0},
        {"type": "settled", "player": 0, "take_back": False, "paid": 2},
        {"type": "refill", "from_reserve": True}, {"type": "last_round", "turns_left": 2},
        {"type": "last_round", "turns_left": 1}, {"type": "supply_redrawn"}, {"type": "no_placement"},
        {"type": "returned", "tile": "L07"}, {"type": "cannot_pay", "player": 1, "owed": 3, "chips": 1},
        {"type": "final_scoring", "chips": [1, 2], "groups": [3, 4], "scores": [4, 6]},
        {"type": "game_over", "game": 1, "winners": [0], "early": False},
        {"type": "game_over", "game": 2, "winners": [1], "early": True},
        {"type": "game_over", "game": 1, "winners": [0, 1], "early": False},
        {"type": "game_over", "game": 1, "winners": [0, 1], "early": True},
        {"type": "match", "victory_points": [1, 2]}, {"type": "new_game", "game": 2, "starter": 1},
    ]
    out += [words.describe(event, name) or "" for event in events]
    out += [words.status_line(2, 7, True, True), words.next_game_line(2, "Ben"), words.early_end_line("Anna", "Ben"),
            words.final_score_line(events[18], name)]
    views = [{"phase": "take", "current": 0, "takeable": ["B01"]}, {"phase": "place", "current": 0, "hand": ["B09"],
             "spots": {"B09": [[1, 0, 1]]}}, {"phase": "place", "current": 1, "hand": ["B09", "L01"],
             "spots": {"B09": [[1, 0, 1]], "L01": []}}, {"phase": "place", "current": 1, "hand": ["B09", "L01"],
             "spots": {"B09": [[1, 0, 1]], "L01": [[2, 0, 1]]}}, {"phase": "move_house", "current": 0},
             {"phase": "settle", "settling": {"owner": 0, "mismatches": 1, "options": [False, True]}},
             {"phase": "settle", "settling": {"owner": 1, "mismatches": 2, "options": [True]}}, {"phase": "over"}]
    for view in views:
        out += [words.phase_line(view, name, lifted, single) for lifted in (False, True) for single in (False, True)]
    out += [words.surround_caption(owner, m) for owner in (None, "Anna") for m in (0, 1, 2)]
    out += [words.wrong_sides(n) for n in (1, 2)] + [words.paid(n) for n in (1, 2)]
    out += [words.why_not_take("B01", "L01", []), words.why_not_take("B01", None, []),
            words.why_not_take("B01", None, ["B01"]), words.place_first("L01", "B09")]
    out += [words.take_label(["B01"]), words.take_label(["B01", "L01"]), words.lift_label("B22"),
            words.place_label("B10", True), words.place_label("L20", False), words.hand_label(True),
            words.hand_label(False), words.turned_label(2), words.settle_label(True, 1), words.settle_label(False, 2)]
    out += [words.hint_line(True), words.hint_line(False)] + words.tile_counts({"buildings": 1, "landscapes": 2})
    out += [words.turns_left(n) for n in (1, 2)] + [words.chip_label(n) for n in (1, 2)]
    out += [words.in_stock(3), words.on_the_board(4), words.enclosed(1), words.enclosed(2), words.settled(True, 0),
            words.settled(False, 1), words.cannot_pay("Anna", 3, 1), words.wins_at_once("Ben"),
            words.removed(1), words.removed(3), words.game_result(1, None, False), words.game_result(1, "Ben", True),
            words.game_result(2, "Anna", False), words.victory_points([1, 2], name), words.starts(2, "Ben"),
            words.game_column(1), words.early_note("Anna")]
    from client.i18n import _
    constants = [words.PLUS_CHIP, words.LAST_ROUND, *words.REDRAWN, *words.NO_PLACEMENT, words.REMOVING,
                 words.PUT_BACK, words.MOVE_HOUSE, words.SUPPLY, *words.SUPPLY_ROWS, words.STACKS, words.RESERVE,
                 words.LAST_ROUND_BOX, words.REVENGE_LINE, words.DECIDING, words.PLACING, words.PLACE_OTHER_FIRST,
                 words.OR_THIS, words.TURN_IT, words.VICTORY_POINTS, words.EARLY_END, words.FINAL_SCORE,
                 words.FINAL_SUM, words.VICTORY_POINTS_TOTAL, words.REVENGE_NOTE, words.SCORE, words.CHIPS,
                 *words.FINAL_COLUMNS, words.TIED_NOTE]
    return out + [_(constant) for constant in constants]


def test_every_sentence_of_the_table_is_worded_in_german():
    from client import i18n
    from netplay.language import MISSING_OPEN

    english = every_sentence()
    i18n.use("de", mark_missing=True)
    try:
        german = every_sentence()
    finally:
        i18n.use("en")
    assert [line for line in german if MISSING_OPEN in line] == []
    assert "Anna nimmt ein Gebäude aus Wasser und Wald und eine Wasserlandschaft" in german
    assert "Das Gebäude von Ben ist umschlossen: 3 Seiten passen nicht" in german
    assert "Anna takes a building of water and forest and a water" in english  # English as it reads
    assert not any("AR-" in line for line in german + english)


@pytest.mark.timeout(300)
@pytest.mark.parametrize(("code", "size"), [("de", (1920, 1080)), ("pseudo", (1280, 720))], ids=["de", "pseudo_720p"])
def test_a_revenge_match_in_german_and_pseudo(make_app, code, size):
    """AR-7 on screen: two games (seed 1), the interlude, the victory points, the match's results."""
    app = make_app(size)
    app.settings.animation = "fast"
    with reading(code) as screen:
        table = local_table(app, [(NAMES[0], "keys1"), (NAMES[1], "bot:hard")], seed=1, bot_delay=0.0,
                            game_id=GAME, options={"revenge": True})
        interludes = []
        play_to_results(app, table, limit=9000,
                        each=lambda: interludes.append(table.game.effects.interlude is not None))
        assert isinstance(app.top, ResultsScene)
        frames(app, 30)
    assert any(interludes) and len(table.hosting.host.state.results) >= 2
    if code == "de":
        assert screen.untranslated() == []
        assert any(text.startswith("Spiel 2") for text in screen.texts)
        assert app.top.standings.total_label == "Siegpunkte"
        shoot(app, "table_architekton_de_revenge_results")
    else:
        assert screen.english(allowed=NAMES) == []
        assert screen.overflowing(names=NAMES) == []


@pytest.mark.parametrize("code", ["de", "pseudo"])
def test_an_early_end_reads_in_german_and_pseudo(make_app, code):
    """AR-4: a player who cannot pay loses at once, shown as such."""
    from client import i18n
    from tests.client.games.architekton.situations import last_move

    def made(*size):  # a new App reads its settings' language: read ``code`` again
        app = make_app(*size)
        i18n.use(code, mark_missing=True)
        return app

    with reading(code) as screen:
        app, table = last_move(made, lambda s: s.results[-1]["early"])
        for _ in range(200):
            frames(app, 1, 0.05)
            if table.game.effects.early is not None:
                break
        assert table.game.effects.early is not None
        frames(app, 20, 0.05)
        if code == "de":
            shoot(app, "table_architekton_de_early_end")
    if code == "de":
        assert screen.untranslated() == []
        assert "Vorzeitiges Ende" in screen.texts
    else:
        assert screen.english(allowed=NAMES) == []
        assert screen.overflowing(names=NAMES) == []
