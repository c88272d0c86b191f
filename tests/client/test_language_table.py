"""The table every game shares and the evening, in German and in the pseudo-language: the
results, the pause menu, the log (its panel and the whole of it), tonight's standings and
the history; numbers and dates as German writes them; a host's refusal and goodbye worded
in the window's own language from their ``say`` and ``data`` (an older host's English
``reason`` still shown).

Words drawn here that come from files the table does not own (the Hall of fame's own
headings, the game's words on its board) are not this test's to translate: `foreign`
tells them apart by the source they are written in."""

import calendar
import re
import time
from datetime import datetime
from pathlib import Path

import pygame
import pytest

from client import i18n
from client.evening import night, peers
from client.evening.history import FinishedGame, History, SeatResult
from client.evening.points import show
from client.i18n import N_
from client.scenes.title import TitleScene
from client.table.game import Standings
from client.table.logview import LogScene
from client.table.model import TableModel, worded
from client.table.pause import PauseScene
from client.table.phones import PhonesScene
from client.table.results import ResultsScene
from client.ui import art
from netplay.language import pseudo
from tests.client.conftest import frames, local_table, shoot
from tests.client.words_on_screen import reading

pytestmark = pytest.mark.timeout(180)

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Anna", "Ben", "Clara", "David", "Bot"]
SIZES = [(1280, 720), (1920, 1080)]
MISSING = re.compile("\u27e6(.*?)\u27e7", re.S)


def untranslated_here(screen) -> list[str]:
    """Messages marked missing on screen (every room's catalogue is merged: none may be)."""
    return sorted({message for line in screen.untranslated() for message in MISSING.findall(line)})


def english_here(screen, names=NAMES) -> list[str]:
    return screen.english(allowed=names)


def overflowing_here(screen, names=NAMES) -> list[str]:
    return screen.overflowing(names=names)


def seed_history(now: float) -> History:
    """An evening of four people (a tie shares points: 2.5 each) and a bot."""
    history = History.open()
    people = [("Anna", 0), ("Ben", 1), ("Clara", 2), ("David", 3)]
    plays = [("die_mauer", [4, 9, 2, 11], [2], True), ("wild_west", [40, 38, 51, 22], [2], False),
             ("die_mauer", [0, 3, 5, 5], [0], True), ("wie_waldi", [7, 7, 4, 2], [0, 1], False),
             ("architekton", [12, 9], [0], False), ("drunter_druber", [30, 18, 25, 21], [0], False)]
    start = now - 3 * 3600
    for i, (game, scores, winners, lower) in enumerate(plays):
        seats = [SeatResult(name, colour=colour) for name, colour in people[:len(scores)]]
        if len(scores) == 4 and i % 2:
            seats[3] = SeatResult("Bot", "bot", "hard", 3)
        history.record(FinishedGame(game, seats, scores, winners, lower, {}, "", start + i * 1200))
    return history


def standings(players: int) -> Standings:
    colours = [art.seat_colour(i) for i in range(players)]
    return Standings("Die Mauer", ["Anna", "Ben", "Clara", "David"][:players], colours,
                     [1234.5, 12.0, 7, 3][:players], [0], columns=[N_("Total")] * 3, cells=[[1, 2, 3]] * players)


def lines(screen) -> list[str]:
    return [str(text) for text in screen.texts]


# --- numbers and dates ---------------------------------------------------------------------------
def test_numbers_and_dates_follow_the_language():
    when = datetime(2026, 11, 26, 21, 5).timestamp()
    entry = {"name": "Anna", "score": 3, "when": "2026-11-26 21:05"}
    from client import highscores
    from client.evening.points import signed

    try:
        i18n.use("de")
        assert show(3.333) == "3,3" and show(4.0) == "4" and i18n.number(1234.5, 1) == "1.234,5"
        assert signed(1234) == "+1.234" and signed(-5) == "-5"
        assert night.finished_words(when) == "26.11.2026 21:05"
        assert night.evening_title(when, True) == "Heute Abend (26.11.2026, ab 21:05)"
        assert highscores.when_words(entry) == "26.11.2026 21:05"
        assert peers.rating_words([{"scope": "overall", "before": 1200, "after": 1234}]) == \
            "Deine Wertung 1.200 \u2192 1.234 (+34)"
        i18n.use("en")
        assert show(3.333) == "3.3" and night.finished_words(when) == "26 Nov 2026 21:05"
        assert peers.rating_words([{"scope": "overall", "before": 1200, "after": 1234}]) == \
            "Your rating 1,200 \u2192 1,234 (+34)"
    finally:
        i18n.use("en")


def test_the_evening_in_words_reads_german(tmp_path):
    history = seed_history(time.time())
    try:
        i18n.use("de")
        games = history.games(history.current_evening())
        rows = night.standings(games)
        leader = night.leader_line(rows)
        assert re.fullmatch(r"\w+ führt den Abend mit [\d,]+ Punkte?n? nach 6 Spielen an", leader) or \
            "führen gemeinsam" in leader, leader
        summary = night.summary(games)
        assert summary[1].startswith("Beste Spiele: ") and "Knappstes Rennen: Spiel" in summary[2], summary
        assert any("2,5" in show(row.points) or "," in show(row.points) for row in rows)
        assert {line.name for line in history.ratings()} >= {"Bot (schwer)"}
    finally:
        i18n.use("en")
        history.close()


# --- the results ------------------------------------------------------------------------------------
def results_scene(app, players: int = 2) -> ResultsScene:
    app.push(TitleScene(app))
    results = ResultsScene(app, standings(players), again=lambda: None)
    app.push(results)
    results.hear_evening({"t": "evening", "ratings": [{"scope": "overall", "before": 1200, "after": 1234},
                                                      {"scope": "die_mauer", "before": 10, "after": 4}],
                          "standings": [{"name": "Anna", "colour": 0, "points": 12.5, "games": 3, "wins": 2,
                                         "you": True},
                                        {"name": "Ben", "colour": 1, "points": 1.0, "games": 1, "wins": 0}]})
    results.offer_next_game(lambda: None)
    return results


def test_the_results_in_german(make_app):
    app = make_app()
    seed_history(time.time()).close()
    with reading("de") as screen:
        results = results_scene(app)
        frames(app, 200)
        shoot(app, "language_de_results")
        assert [item.text() for item in results.menu.items] == ["Noch mal spielen", "Nächstes Spiel",
                                                                 "Stand des Abends", "Zurück zum Titel"]
    assert results.menu.items[0].text() == "Play again"  # the language of the moment
    drawn = lines(screen)
    assert untranslated_here(screen) == [], untranslated_here(screen)
    assert "Anna gewinnt!" in drawn
    assert "1.234,5" in drawn  # a score with a fraction: German decimals
    assert any(line.startswith("Deine Wertung 1.200 \u2192 1.234 (+34)") for line in drawn), drawn
    assert any(line.startswith("12,5 Pkt.  ·  3 Spiele  ·  2 Siege") for line in drawn), drawn  # the evening's strip
    assert any(line.startswith("Die Mauer: Der höchste Wert gewinnt (Gesamt)") for line in drawn), drawn


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4])
def test_the_results_fit_in_pseudo(make_app, size, players):
    app = make_app(size)
    seed_history(time.time()).close()
    with reading("pseudo") as screen:  # from the first frame: the rows slide in, their words inside them
        results = results_scene(app, players)
        if players == 4:  # a game's long total (its label is the game's: looked up where drawn)
            results.standings.total_label = "Victory points at the end"
        frames(app, 200)
    assert english_here(screen) == []
    assert overflowing_here(screen) == []


# --- the table: pause, log, refusals ------------------------------------------------------------------
def table_at(app):
    app.push(TitleScene(app))
    table = local_table(app, [("Anna", "keys1"), ("Ben", "keys2"), ("Bot", "bot:easy")], seed=3)
    frames(app, 10)
    return table


class Phones:
    """A phone server as the overlay reads it: each seat's link and its phone's status."""

    def link(self, seat: int) -> str:
        return f"http://192.168.1.20:8765/s/{seat}"

    def status(self, seat: int) -> str:
        return ["none", "connected", "away"][seat % 3]


def refuse(table, seat: int, say: str | None, data=None, reason: str = "") -> None:
    """The host refuses ``seat``'s intent: a reject frame (with say and data, or an older
    host's English reason only), folded and shown as the table shows it."""
    message = {"t": "reject", "seq": 99, "code": "test", "reason": reason}
    if say is not None:
        message.update(say=say, data=data or {})
    refusal = table.model.receive(seat, message)
    table.refused(refusal)


def test_a_refusal_and_a_goodbye_read_in_the_windows_language():
    model = TableModel(2, [0], False, ["Anna", "Ben"])
    try:
        i18n.use("de")
        refusal = model.receive(0, {"t": "reject", "seq": 1, "code": "away", "reason": "Ben is away.",
                                    "say": "{name} is away.", "data": {"name": "Ben"}})
        assert refusal.reason == "Ben ist weg."
        close = model.receive(0, {"t": "reject", "seq": 3, "code": "end_taken", "reason": "Ben is away. (by 12 ms)",
                                  "say": "{name} is away.", "data": {"name": "Ben", "by_ms": 12}})
        assert close.reason == "Ben ist weg. (um 12 ms)"  # a photo finish's margin, in German too
        old = model.receive(0, {"t": "reject", "seq": 2, "code": "x", "reason": "not your turn (DM-4)"})
        assert old.reason == "not your turn"  # an older host: its English reason, without the ruling id
        i18n.use("en")
        assert refusal.words() == "Ben is away."  # worded again in the language of the moment
        assert close.words() == "Ben is away. (by 12 ms)"  # as an older window reads the English reason
        i18n.use("de")
        model.receive(0, {"t": "bye"})
        assert model.goodbye_words() == "der Gastgeber hat den Tisch geschlossen"
        model.receive(0, {"t": "bye", "reason": "the game is over"})
        assert model.goodbye == "the game is over" and model.goodbye_words() == "the game is over"
        model.receive(0, {"t": "bye", "reason": "the host closed the table", "say": "the host closed the table"})
        assert model.goodbye_words() == "der Gastgeber hat den Tisch geschlossen"
    finally:
        i18n.use("en")


def test_the_table_in_german_and_the_log_worded_again_in_english(make_app):
    app = make_app()
    table = table_at(app)
    with reading("de") as screen:
        refuse(table, 1, "{name} is away.", {"name": "Anna"}, reason="Anna is away.")
        refuse(table, 0, None, reason="that end is taken (DM-3)")
        table.model.add_log("a line a game worded")
        frames(app, 4)
        surface = pygame.Surface((art.W, art.H))
        table.draw_log(surface)
        app.flow.pause(table)
        frames(app, 4)
        assert isinstance(app.top, PauseScene)
        shoot(app, "language_de_pause")
        app.flow.log(table)
        frames(app, 4)
        assert isinstance(app.top, LogScene)
        shoot(app, "language_de_log")
        app.pop()
        frames(app, 2)
    drawn = lines(screen)
    assert untranslated_here(screen) == [], untranslated_here(screen)
    assert "Abgelehnt (Ben): Anna ist weg." in drawn  # the log panel and the whole log
    assert "Abgelehnt (Anna): that end is taken" in drawn  # an older host's reason, as it was sent
    assert "Menü" in drawn and "Weiterspielen" in drawn and "Spiel verlassen" in drawn
    assert any(line.startswith("Zeilen ") for line in drawn)
    logged = [worded(line) for line in table.model.log]
    assert "Refused (Ben): Anna is away." in logged  # back in English: the log says it in English
    toast = next(t for t in app.toasts.toasts if t.key == "refused1")
    table.reword()
    assert toast.words == "Ben: Anna is away."


@pytest.mark.parametrize("size", SIZES)
def test_the_table_fits_in_pseudo(make_app, size):
    app = make_app(size)
    table = table_at(app)
    surface = pygame.Surface((art.W, art.H))
    with reading("pseudo") as screen:
        refuse(table, 1, "{name} is away.", {"name": "Anna"})
        for i in range(30):
            table.model.add_log(f"{i}")
        table.draw_log(surface)
        screen.new_frame()  # each drawing below is a picture of its own
        frames(app, 2)  # Anna and Ben choose in secret: "hold ... to choose"
        table.choosers[0].peeking = True  # Anna's private panel
        frames(app, 2)
        table.choosers[0].peeking = False
        table.draw_paused(surface)
        screen.new_frame()
        table.resume_at = app.clock + 3  # the countdown
        table.draw_paused(surface)
        screen.new_frame()
        table.resume_at = None
        table.draw_header(surface)
        screen.new_frame()
        PhonesScene(app, Phones(), [0, 1, 2], table.name, table.colour).draw(surface)
        screen.new_frame()
        PhonesScene(app, Phones(), [], table.name, table.colour).draw(surface)
        screen.new_frame()
        table.can_hand_seats = lambda: True  # as if this screen hosted the table on the LAN: Ben and Bot are away
        table.choosers.pop(1)
        table.away_since.update({1: table.clock - 65, 2: table.clock - 5})
        app.flow.pause(table)
        frames(app, 3)
        screen.new_frame()
        app.top.draw(surface)
        assert len(app.top.menu.items) == 8, [item.text() for item in app.top.menu.items]
        app.flow.log(table)
        frames(app, 3)
        screen.new_frame()
        app.top.draw(surface)
        screen.new_frame()
        table.draw_away(surface, 1)
    assert any("Ben" in line and "1:05" in line for line in screen.texts)  # a bot may play for Ben, away 1:05
    private = pseudo("{heading} (private)").replace("{heading}", "")
    assert any(line.endswith(private) for line in screen.texts)  # Anna's private panel was open
    hold = pseudo("hold {button} to choose").split("{button}")[0]
    assert any(line.startswith(hold) for line in screen.texts)  # Ben holds his peek button to choose
    assert english_here(screen, NAMES + ["Die Mauer"]) == []
    assert overflowing_here(screen) == []


# --- the evening: tonight's standings and the history -----------------------------------------------
def hall_of_fame(app, page: str):
    from client.scenes.halloffame import HallOfFameScene

    app.push(TitleScene(app))
    fame = HallOfFameScene(app, page)
    app.push(fame)
    return fame


@pytest.mark.parametrize("page", ["evening", "history"])
def test_tonight_and_the_history_in_german(make_app, page):
    app = make_app()
    seed_history(time.time()).close()
    with reading("de") as screen:
        fame = hall_of_fame(app, page)
        frames(app, 10)
        shoot(app, f"language_de_{'tonight' if page == 'evening' else page}")
    drawn = lines(screen)
    assert untranslated_here(screen) == [], untranslated_here(screen)
    if page == "evening":
        assert any(re.fullmatch(r"\d+,5", line) for line in drawn), drawn  # shared points: "2,5"
    assert "Spiele" in drawn  # the chart's axis
    assert fame.page == page


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("page", ["evening", "history"])
def test_tonight_and_the_history_fit_in_pseudo(make_app, size, page):
    app = make_app(size)
    seed_history(time.time()).close()
    games = ["Die Mauer", "Wild West", "Wie Waldi", "Architekton", "Drunter & Drüber"]
    # the Hall of fame writes its dates with strftime (its file: see night.evening_title, finished_words)
    games += [*calendar.day_abbr, *calendar.month_abbr]
    with reading("pseudo") as screen:
        hall_of_fame(app, page)
        frames(app, 10)
    assert english_here(screen, NAMES + games) == []
    assert overflowing_here(screen, NAMES + games) == []
