"""The game night on screen: games recorded as they finish, tonight's standings on the
results screen, the Hall of fame from the title (ratings, history, charts, export), and
a history that could not be read said in words on the title screen."""

import csv
import time

import pygame
import pytest

from client.evening import exports, night, tonight
from client.evening.group import fit_group
from client.evening.history import FinishedGame, History, SeatResult
from client.evening.ratings import SHOWN_START
from client.scenes.halloffame import HallOfFameScene
from client.scenes.title import NoticeScene, TitleScene
from client.table.results import ResultsScene
from tests.client.conftest import frames, key, local_table, shoot
from tests.client.drive import play_to_results, run_until


def shoot_window(app, name: str) -> None:
    """The window as the player sees it (scaled to its size), as tests/screenshots/<name>.png."""
    from tests.client.conftest import SCREENSHOTS

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.display.get_surface(), str(SCREENSHOTS / f"{name}.png"))


def instant(app) -> None:
    app.settings.data["animation"] = "instant"


def press(app, menu, label: str) -> None:
    """Focus the item ``label`` of ``menu`` and confirm it with the keyboard's Enter."""
    labels = [item.text() for item in menu.items]
    assert label in labels, labels
    menu.focus = labels.index(label)
    key("return")
    frames(app, 30)


def test_three_games_in_a_row_with_next_game_keep_the_group_and_add_to_tonights_standings(make_app):
    from client.scenes.picker import PickerScene
    from client.scenes.setup import SetupScene

    app = make_app()
    instant(app)
    # Anna on the keyboard against an easy and a hard bot, one round of Die Mauer
    table = local_table(app, [("Anna", "keys2"), ("Bot 2", "bot:easy"), ("Bot 3", "bot:hard")], seed=1,
                        bot_delay=0.0)
    history = app.evening.history
    for number in (1, 2, 3):
        play_to_results(app, table)
        results = run_until(app, lambda: app.top if isinstance(app.top, ResultsScene) else None)
        games = history.games(history.current_evening())
        assert len(games) == number
        assert f"after {number} game" in tonight.summary_line(results.evening)
        assert [row.name for row in results.evening] == ["Anna"]  # the only person: bots are not in the standings
        anna = next(line for line in history.ratings() if line.name == "Anna")
        assert anna.games == number
        # the results show how this game moved Anna's rating
        assert results.evening[0].rating_change == anna.trend[-1] - (anna.trend[-2] if number > 1 else SHOWN_START)
        frames(app, 240)  # the results settle before one press chooses
        if number == 1:
            shoot(app, "evening_results_next_game")
        if number == 3:
            break
        press(app, results.menu, "Next game")
        picker = app.top
        assert isinstance(picker, PickerScene)
        press(app, picker.menu, "Die Mauer")
        setup = app.top
        assert isinstance(setup, SetupScene)
        # the group sits down as it was: nobody enters anything again
        assert [(s.name, s.control, s.colour) for s in setup.seats] == [
            ("Anna", "keys2", 0), ("Bot 2", "bot:easy", 1), ("Bot 3", "bot:hard", 2)]
        setup.options["rounds"] = 1
        press(app, setup.menu, "Start at this screen")
        table = app.top
        assert table.model.names == ["Anna", "Bot 2", "Bot 3"]
        table.hosting.host.bot_delay = 0.0
    anna = next(line for line in history.ratings() if line.name == "Anna")
    assert anna.games == 3 and len(anna.trend) == 3
    assert {line.name for line in history.ratings()} == {"Anna", "Bot (easy)", "Bot (hard)"}
    points = sum(seat.points for game in games for seat in game.seats if seat.name == "Anna")
    assert results.evening[0].points == points and results.evening[0].games == 3


def test_next_game_fits_the_group_to_the_next_games_seats():
    from client.hosting.seats import SeatPlan

    group = [SeatPlan("Anna", "mouse", 0), SeatPlan("Bot", "bot:hard", 1), SeatPlan("Ben", "keys1", 2),
             SeatPlan("Clara", "pad:0", 3)]
    assert [p.name for p in fit_group(group, 2, 2)] == ["Anna", "Ben"]  # the bot leaves first
    assert [p.name for p in fit_group(group, 2, 3)] == ["Anna", "Ben", "Clara"]
    grown = fit_group(group[:1], 2, 4)
    assert [(p.name, p.is_bot) for p in grown] == [("Anna", False), ("Ben", True)]


def test_a_demo_offers_no_next_game_and_records_nothing(make_app):
    app = make_app()
    instant(app)
    app.push(TitleScene(app))
    app.flow.demo("die_mauer", players=3, seed=4)
    run_until(app, lambda: isinstance(app.top, ResultsScene), seconds=60)
    results = app.top
    assert [item.text() for item in results.menu.items] == []
    assert results.evening == []
    assert app.evening.history.game_count() == 0


def seed_history(where=None, when=None) -> History:
    history = History.open(where)
    start = (when or time.time()) - 3 * 3600
    people = [("Anna", 0), ("Ben", 1), ("Clara", 2), ("David", 3)]
    plays = [("die_mauer", [4, 9, 2, 11], [2], True), ("wild_west", [40, 38, 51, 22], [2], False),
             ("die_mauer", [0, 3, 5, 5], [0], True), ("wie_waldi", [7, 7, 4, 2], [0, 1], False),
             ("architekton", [12, 9], [0], False), ("drunter_druber", [30, 18, 25, 21], [0], False)]
    for i, (game, scores, winners, lower) in enumerate(plays):
        seats = [SeatResult(name, colour=colour) for name, colour in people[:len(scores)]]
        if len(scores) == 4 and i % 2:
            seats[3] = SeatResult("Bot 4", "bot", "hard", 3)
        history.record(FinishedGame(game, seats, scores, winners, lower, {}, "", start + i * 1200))
    return history


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_hall_of_fame_from_the_title_shows_standings_ratings_and_history(make_app, size):
    app = make_app(size)
    seed_history().close()
    app.push(TitleScene(app))
    frames(app, 5)
    labels = [item.text() for item in app.top.menu.items]
    assert "Hall of fame" in labels
    app.top.menu.focus = labels.index("Hall of fame")
    key("return")
    frames(app, 30)
    fame = app.top
    assert isinstance(fame, HallOfFameScene)
    assert fame.page == "ratings"
    shown = [line.rating.shown for line in fame.ratings]
    assert shown == sorted(shown, reverse=True) and len(shown) == 5  # four people and the hard bot, best first
    assert len(fame.series) == 4 and len(fame.groups) == 5  # four people; five games played tonight
    width = size[0]
    assert pygame.display.get_surface().get_size() == size
    shoot_window(app, f"evening_hall_of_fame_ratings_{width}")
    fame.menu.focus = 0
    key("left")  # the page before the ratings: the night in words
    frames(app, 10)
    assert fame.page == "night"
    shoot_window(app, f"evening_hall_of_fame_night_{width}")
    key("left")  # and before it, tonight's standings
    frames(app, 10)
    assert fame.page == "evening"
    assert [row.points for row in fame.rows] == sorted((row.points for row in fame.rows), reverse=True)
    assert sorted(row.games for row in fame.rows) == [2, 5, 6, 6]  # Clara sat out Architekton, David three bots
    shoot_window(app, f"evening_hall_of_fame_tonight_{width}")
    key("left")  # round the pages to the last: past games
    frames(app, 10)
    assert fame.page == "history"
    shoot_window(app, f"evening_hall_of_fame_history_{width}")
    key("escape")
    frames(app, 30)
    assert isinstance(app.top, TitleScene)


def test_the_evening_exports_as_png_and_csv_to_the_data_folder(make_app):
    app = make_app()
    seed_history().close()
    app.flow.hall_of_fame("evening")
    frames(app, 5)
    fame = app.top
    fame.export()
    folder = exports.export_folder()
    [png] = list(folder.glob("evening-*.png"))
    [table] = list(folder.glob("evening-*.csv"))
    assert pygame.image.load(str(png)).get_size() == (1920, 1080)
    rows = list(csv.reader(table.open(encoding="utf-8")))
    assert rows[0] == ["place", "name", "points", "games", "wins", "best game"]
    assert rows[1][1] == fame.rows[0].name
    assert any(row[:1] == ["6. drunter_druber"] for row in rows)


def test_an_export_folder_that_cannot_be_written_is_said_in_words(make_app, monkeypatch, tmp_path):
    app = make_app()
    seed_history().close()
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setattr(exports, "export_folder", lambda: blocker / "evenings")
    app.flow.hall_of_fame("evening")
    frames(app, 5)
    app.top.export()
    assert any("could not be exported" in toast.words for toast in app.toasts.toasts)


def test_ending_the_evening_starts_a_new_one_with_the_next_game(make_app):
    app = make_app()
    seed_history().close()
    app.flow.hall_of_fame("evening")
    frames(app, 5)
    fame = app.top
    assert fame.evening is not None
    fame.end_evening()
    frames(app, 5)
    key("down")  # the confirmation's "Yes"
    key("return")
    frames(app, 30)
    assert app.evening.history.current_evening() is None
    assert fame.evening is None and fame.evening_title().startswith("The last evening")
    assert fame.page == "night"
    assert night.summary(fame.games)[0].endswith("the night with 23 points.")
    shoot(app, "evening_ended_night")


def test_a_damaged_history_is_moved_aside_and_the_title_says_so(make_app):
    from netplay.folders import data_dir

    where = data_dir() / "history.sqlite"
    where.parent.mkdir(parents=True, exist_ok=True)
    where.write_bytes(b"this is no database, just some bytes" * 200)
    app = make_app()
    app.flow.start_title(app)
    frames(app, 10)
    notice = app.top
    assert isinstance(notice, NoticeScene)
    words = " ".join(notice.lines)
    assert "game history could not be used" in words and "moved aside" in words
    shoot(app, "evening_history_damaged_notice")
    assert list(where.parent.glob("history-not-a-database-*.sqlite"))
    key("return")
    frames(app, 30)
    assert isinstance(app.top, TitleScene)
    assert app.evening.history.record(FinishedGame("die_mauer", [SeatResult("Anna"), SeatResult("Ben")],
                                                       [1, 2], [0], True)) is not None


@pytest.mark.parametrize(("size", "players"), [((1280, 720), 4), ((1920, 1080), 4), ((1920, 1080), 6)])
def test_the_results_show_tonights_standings_with_points_games_wins_and_the_leader(make_app, size, players):
    from client.table.game import Standings
    from client.ui import art

    app = make_app(size)
    seed_history().close()
    names = ["Anna", "Ben", "Clara", "David", "Emma", "Felix"][:players]
    standings = Standings("Die Mauer", names, art.SEAT_COLOURS[:players], list(range(players)), [0], True)
    app.push(TitleScene(app))
    results = ResultsScene(app, standings, again=lambda: None)
    app.push(results)
    frames(app, 240)  # settled: one press chooses
    rows = results.evening
    assert [row.name for row in rows][:1] == [rows[0].name] and len(rows) == 4
    assert [item.text() for item in results.menu.items] == ["Play again", "Tonight's standings", "Back to the title"]
    assert results.menu.rects[-1].bottom < 1010  # above the line at the bottom
    shoot_window(app, f"evening_results_{players}_players_{size[0]}")
    results.menu.focus = 1
    key("return")
    frames(app, 30)
    assert isinstance(app.top, HallOfFameScene) and app.top.page == "evening"


def test_a_data_folder_that_cannot_hold_the_history_is_said_and_nothing_breaks(make_app, tmp_path, monkeypatch):
    from client.evening import history as history_module

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setattr(history_module, "path", lambda: blocker / "history.sqlite")
    app = make_app()
    app.flow.start_title(app)
    frames(app, 10)
    notice = app.top
    assert isinstance(notice, NoticeScene)
    assert "finished games are not recorded" in " ".join(notice.lines)
    key("return")
    frames(app, 30)
    app.flow.hall_of_fame()
    frames(app, 10)
    fame = app.top
    assert isinstance(fame, HallOfFameScene) and fame.ratings == [] and fame.rows == []
    for _ in range(4):  # every page draws with nothing to show
        fame.turn_page(1)
        frames(app, 2)
    fame.export()
    fame.end_evening()
    frames(app, 5)
    assert isinstance(app.top, HallOfFameScene)
    words = " ".join(toast.words for toast in app.toasts.toasts)
    assert "no evening to export" in words


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_ending_the_evening_shows_the_nights_winner_and_summary_by_itself(make_app, size):
    """The group ends the evening (keys, in the Hall of fame): the night's winner and the
    night in a few lines show at once, without turning a page; Done goes back."""
    from client.scenes.halloffame import NightOverScene

    app = make_app(size)
    seed_history().close()
    app.flow.hall_of_fame("evening")
    frames(app, 5)
    fame = app.top
    press(app, fame.menu, "End the evening")
    key("down")  # the confirmation's "Yes"
    key("return")
    frames(app, 30)
    over = app.top
    assert isinstance(over, NightOverScene)
    assert over.headline() == "Anna wins the night!"  # the seeded evening's leader, 23 points
    assert over.lines[0].endswith("the night with 23 points.")
    assert any(line.startswith("Best games:") for line in over.lines)
    assert any(line.startswith("Closest race:") for line in over.lines)
    frames(app, 120)
    shoot_window(app, f"evening_night_over_{size[0]}")
    press(app, over.menu, "Done")
    assert app.top is fame and fame.page == "night"


def test_the_end_of_an_evening_of_six_names_all_six_and_its_confetti_leaves_the_words_alone(make_app):
    """Issue 35: the end-of-evening list showed 4 of 6 people when the night's lines ran long,
    a single point read "1 pts", and the confetti piled on the floor over the bottom line."""
    from client.scenes.halloffame import NightOverScene
    from client.ui import art
    from tests.client.words_on_screen import reading

    history = seed_history()
    six = [SeatResult(name, colour=colour) for colour, name in enumerate(["Anna", "Ben", "Clara", "David", "Emma",
                                                                          "Felix"])]
    start = time.time() - 3600
    history.record(FinishedGame("die_mauer", six, [0, 1, 2, 3, 4, 5], [0], True, {}, "", start))
    history.record(FinishedGame("wild_west", six[3:], [9, 8, 1], [0], False, {}, "", start + 600))
    history.close()
    app = make_app((1280, 720))
    with reading("en") as screen:
        app.flow.hall_of_fame("evening")
        frames(app, 5)
        over = NightOverScene(app, app.top.games)
        app.push(over)
        frames(app, 60)  # the confetti has landed, if it lands on screen
        drawn = " | ".join(line.shown for line in screen.lines[-60:])
        assert screen.overflowing(names=[row.name for row in over.rows]) == []
    assert len(over.rows) == 6
    for place, row in enumerate(over.rows, 1):
        assert f"{place}. {row.name} " in drawn, drawn
    assert "1 pts" not in drawn
    if any(row.points == 1 for row in over.rows):
        assert " 1 pt " in drawn
    on_screen = [bit for bit in over.confetti.bits if bit["body"].position.y < art.H]
    assert all(bit["body"].position.y < art.H - 70 for bit in on_screen)  # none over the words at the bottom
    shoot_window(app, "evening_night_over_six")
