"""The game history survives anything: one transaction per game, forward migrations,
two windows writing at once, a kill -9 in the middle of a write, a damaged file."""

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from client.evening import history, night, points
from client.evening.history import FinishedGame, History, SeatResult

ROOT = Path(__file__).resolve().parents[2]
HOUR = 3600.0


def four(game="die_mauer", scores=(3, 5, 8, 1), winners=(3,), lower=True, when=1000.0) -> FinishedGame:
    seats = [SeatResult("Anna", colour=0), SeatResult("Ben", colour=1), SeatResult("Clara", colour=2),
             SeatResult("Bot 4", kind="bot", strength="hard", colour=3)]
    return FinishedGame(game, seats, list(scores), list(winners), lower, {"rounds": 1}, "/saves/x.save", when)


def test_a_finished_game_is_in_the_history_with_places_points_and_ratings(tmp_path):
    db = History.open(tmp_path / "history.sqlite")
    recorded = db.record(four())
    assert db.problem == ""
    assert recorded.points == [3.0, 2.0, 1.0, 5.0]  # the hard bot won; then fewest pieces left
    [game] = db.games(recorded.evening)
    assert [s.name for s in game.seats] == ["Anna", "Ben", "Clara", "Bot 4"]
    assert [s.place for s in game.seats] == [2, 3, 4, 1]
    assert [s.winner for s in game.seats] == [False, False, False, True]
    overall = {line.name: line for line in db.ratings()}
    assert overall["Bot (hard)"].rating.mu > overall["Anna"].rating.mu > overall["Clara"].rating.mu
    assert {line.name for line in db.ratings(people_only=True)} == {"Anna", "Ben", "Clara"}
    assert [line.games for line in db.ratings("die_mauer")] == [1, 1, 1, 1]
    row = db.connection.execute("SELECT options, save_path FROM games").fetchone()
    assert row == ('{"rounds": 1}', "/saves/x.save")
    db.close()


def test_the_history_is_in_wal_mode_at_the_latest_schema(tmp_path):
    db = History.open(tmp_path / "history.sqlite")
    assert db.connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.connection.execute("PRAGMA user_version").fetchone()[0] == history.VERSION
    db.close()


def test_games_recorded_by_name_are_counted_with_the_persons_profile(tmp_path):
    """Schema 3: a couch seat recorded by its name before (``name:clara``) is the person of
    that name's profile now, so she is one line in the standings and one rating, together
    with her games under her profile; a name with no profile stays as it was."""
    where = tmp_path / "history.sqlite"
    old = sqlite3.connect(where)
    old.executescript(history.MIGRATIONS[0] + ";" + history.MIGRATIONS[1] + "; PRAGMA user_version = 2;")
    old.execute("INSERT INTO profiles VALUES ('c1a4a', 'Clara', 2, 0, 'keys1', 50.0)")
    old.execute("INSERT INTO evenings VALUES (1, 10.0, 30.0, NULL)")
    for game, (player, earned) in enumerate((("name:clara", 3.0), ("profile:c1a4a", 1.0)), 1):
        old.execute("INSERT INTO games VALUES (?, 1, ?, 'die_mauer', '{}', 1, '')", (game, 10.0 * game))
        old.execute("INSERT INTO seats VALUES (?, 0, ?, 'Clara', 'human', 2, '3', 1, ?, 1, 'keys1')",
                    (game, player, earned))
        old.execute("INSERT INTO seats VALUES (?, 1, 'name:zed', 'Zed', 'human', 1, '5', 2, 1.0, 0, 'keys2')",
                    (game,))
        old.execute("INSERT INTO rating_changes VALUES (?, ?, 'overall', 25, 8, 27, 7)", (game, player))
    old.execute("INSERT INTO ratings VALUES ('name:clara', 'overall', 27, 7, 1)")
    old.execute("INSERT INTO ratings VALUES ('profile:c1a4a', 'overall', 26, 7.5, 1)")
    old.commit()
    old.close()
    db = History.open(where)
    assert db.problem == ""
    rows = night.standings(db.games(1))
    assert [(row.name, row.player, row.games) for row in rows] == [("Clara", "profile:c1a4a", 2),
                                                                  ("Zed", "name:zed", 2)]
    assert [line.player for line in db.ratings() if line.name == "Clara"] == ["profile:c1a4a"]  # one rating
    db.close()


def test_an_old_history_is_migrated_forward_and_keeps_its_games(tmp_path):
    where = tmp_path / "history.sqlite"
    old = sqlite3.connect(where)
    old.executescript(history.MIGRATIONS[0] + "; PRAGMA user_version = 1;")
    old.execute("INSERT INTO evenings VALUES (1, 10.0, 10.0, NULL)")
    old.execute("INSERT INTO games VALUES (1, 1, 10.0, 'die_mauer', '{}', 1, '')")
    old.execute("INSERT INTO seats VALUES (1, 0, 'name:anna', 'Anna', 'human', 0, '3', 1, 3.0, 1)")
    old.execute("INSERT INTO seats VALUES (1, 1, 'name:ben', 'Ben', 'human', 1, '5', 2, 1.0, 0)")
    old.commit()
    old.close()
    db = History.open(where)
    assert db.problem == ""
    assert db.connection.execute("PRAGMA user_version").fetchone()[0] == history.VERSION
    assert [s.name for s in db.games(1)[0].seats] == ["Anna", "Ben"]
    assert db.record(four(when=20.0)) is not None  # the new column is there to write
    assert db.game_count() == 2
    db.close()


def test_a_history_written_by_a_newer_spielabend_is_kept_aside_not_overwritten(tmp_path):
    where = tmp_path / "history.sqlite"
    newer = sqlite3.connect(where)
    newer.execute(f"PRAGMA user_version = {history.VERSION + 5}")
    newer.close()
    db = History.open(where)
    assert "newer Spielabend" in db.problem
    kept = list(tmp_path.glob("history-newer-*.sqlite"))
    assert len(kept) == 1
    assert sqlite3.connect(kept[0]).execute("PRAGMA user_version").fetchone()[0] == history.VERSION + 5
    assert db.record(four()) is not None
    db.close()


def test_a_corrupt_history_is_moved_aside_with_its_reason_and_a_new_one_starts(tmp_path):
    where = tmp_path / "history.sqlite"
    db = History.open(where)
    db.record(four())
    db.close()
    data = bytearray(where.read_bytes())
    data[:100] = b"\x00garbage" * 12 + b"\x00" * 4  # the header is gone
    where.write_bytes(bytes(data))
    db = History.open(where)
    assert "moved aside to history-not-a-database-" in db.problem
    assert "a new history begins" in db.problem
    kept = list(tmp_path.glob("history-not-a-database-*.sqlite"))
    assert len(kept) == 1 and kept[0].read_bytes()[:8] == b"\x00garbage"  # kept as it was
    assert db.game_count() == 0
    assert db.record(four()) is not None
    assert db.game_count() == 1
    db.close()


def test_a_history_with_a_damaged_page_is_moved_aside_as_damaged(tmp_path):
    where = tmp_path / "history.sqlite"
    db = History.open(where)
    for i in range(40):
        db.record(four(when=1000.0 + i))
    db.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    data = bytearray(where.read_bytes())
    page = 4096
    for offset in range(2 * page, min(len(data), 4 * page)):  # scribble over pages of the tables
        data[offset] = 0x5A
    where.write_bytes(bytes(data))
    db = History.open(where)
    assert "moved aside" in db.problem, db.problem
    assert list(tmp_path.glob("history-damaged-*.sqlite")) or list(tmp_path.glob("history-not-a-database-*.sqlite"))
    assert db.record(four()) is not None
    db.close()


def test_someone_elses_sqlite_file_is_not_taken_over(tmp_path):
    where = tmp_path / "history.sqlite"
    other = sqlite3.connect(where)
    other.execute("CREATE TABLE recipes (name TEXT)")
    other.commit()
    other.close()
    db = History.open(where)
    assert "something else" in db.problem
    assert list(tmp_path.glob("history-foreign-*.sqlite"))
    db.close()


def test_a_folder_that_cannot_hold_the_history_is_said_in_words(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    db = History.open(blocker / "history.sqlite")
    assert "finished games are not recorded" in db.problem
    assert db.record(four()) is None
    assert db.games() == [] and db.ratings() == []


def test_an_evening_goes_on_until_six_idle_hours_or_until_the_group_ends_it(tmp_path):
    db = History.open(tmp_path / "history.sqlite")
    first = db.record(four(when=0.0)).evening
    assert db.record(four(when=5 * HOUR)).evening == first
    assert db.record(four(when=10.9 * HOUR)).evening == first  # 5.9 hours after the last game
    later = db.record(four(when=17 * HOUR)).evening
    assert later != first
    assert db.current_evening(now=17.5 * HOUR) == later
    assert db.current_evening(now=24 * HOUR) is None  # idle for 7 hours
    assert db.end_evening(now=17.6 * HOUR)
    assert db.current_evening(now=17.7 * HOUR) is None
    assert db.record(four(when=18 * HOUR)).evening not in (first, later)
    assert [len(db.games(e)) for e in (first, later)] == [3, 1]
    db.close()


def test_the_evening_standings_add_points_games_and_wins_and_leave_bots_out(tmp_path):
    db = History.open(tmp_path / "history.sqlite")
    evening = db.record(four(scores=(1, 5, 8, 9), winners=(0,), when=0.0)).evening  # Anna 5, Ben 3, Clara 2
    db.record(four(game="wild_west", scores=(10, 30, 30, 5), winners=(1, 2), lower=False, when=60.0))
    rows = night.standings(db.games(evening))
    assert [(r.name, r.points, r.games, r.wins) for r in rows] == [
        ("Anna", 7.0, 2, 1), ("Ben", 7.0, 2, 1), ("Clara", 6.0, 2, 1)]
    by_name = {r.name: r for r in rows}
    assert by_name["Anna"].points == 5 + 2  # won the first, third in the second
    assert by_name["Ben"].points == 3 + 4  # shared the win of four: (5 + 3) / 2
    assert by_name["Clara"].points == 2 + 4
    assert [r.wins for r in (by_name["Anna"], by_name["Ben"], by_name["Clara"])] == [1, 1, 1]
    assert "Bot 4" not in by_name
    assert [r.name for r in night.leaders(rows)] == ["Anna", "Ben"]  # level on points and wins
    assert night.leader_line(rows) == "Anna and Ben share the lead with 7 points after 2 games"
    assert night.points_through(db.games(evening))[rows[0].player] == [5.0, 7.0]
    players = {r.player: r.name for r in rows}  # everyone is counted by their profile
    assert all(player.startswith("profile:") for player in players)
    wins = night.wins_per_game(db.games(evening))["wild_west"]
    assert {players[player]: count for player, count in wins.items()} == {"Anna": 0, "Ben": 1, "Clara": 1}
    db.close()


def _child(tmp_path: Path, body: str) -> Path:
    script = tmp_path / "child.py"
    script.write_text(textwrap.dedent(f"""
        import sys, time
        sys.path.insert(0, {str(ROOT)!r})
        from client.evening.history import FinishedGame, History, SeatResult
        from client.evening import ratings
        def four(when, names=("Anna", "Ben", "Clara", "David")):
            seats = [SeatResult(n, colour=i) for i, n in enumerate(names)]
            return FinishedGame("die_mauer", seats, [3, 5, 8, 1], [3], True, {{}}, "", when)
    """) + textwrap.dedent(body))
    return script


def test_a_kill_during_a_write_leaves_the_last_whole_game(tmp_path):
    where = tmp_path / "history.sqlite"
    mid_write = tmp_path / "mid-write"
    script = _child(tmp_path, f"""
        db = History.open({str(where)!r})
        db.record(four(1.0))
        db.record(four(2.0))
        real_update = ratings.update
        def stuck(*args):  # the third game's rows are written; its transaction is still open
            open({str(mid_write)!r}, "w").close()
            time.sleep(60)
            return real_update(*args)
        ratings.update = stuck
        db.record(four(3.0))
    """)
    child = subprocess.Popen([sys.executable, str(script)])
    try:
        deadline = time.monotonic() + 30
        while not mid_write.exists() and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert mid_write.exists(), "the child never reached the middle of its write"
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=10)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(timeout=10)
    db = History.open(where)
    assert db.problem == ""
    games = db.games()
    assert [g.finished for g in games] == [1.0, 2.0]
    assert all(len(g.seats) == 4 for g in games)
    assert [line.games for line in db.ratings()] == [2, 2, 2, 2]  # no rating moved for the lost game
    assert db.connection.execute("SELECT count(*) FROM seats").fetchone()[0] == 8
    assert db.connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()


def test_two_windows_writing_at_once_both_succeed(tmp_path):
    where = tmp_path / "history.sqlite"
    go = tmp_path / "go"
    script = _child(tmp_path, f"""
        deadline = time.monotonic() + 30
        import os
        while not os.path.exists({str(go)!r}) and time.monotonic() < deadline:
            time.sleep(0.01)
        db = History.open({str(where)!r})
        for i in range(15):
            if db.record(four(float(i))) is None:
                print(db.problem)
                sys.exit(1)
        db.close()
    """)
    children = [subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True) for _ in range(2)]
    try:
        go.touch()
        outs = [child.communicate(timeout=90)[0] for child in children]
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.wait(timeout=10)
    assert [child.returncode for child in children] == [0, 0], outs
    db = History.open(where)
    assert db.game_count() == 30
    # every game moved every rating once: no window's update was lost to the other's
    assert [line.games for line in db.ratings()] == [30, 30, 30, 30]
    db.close()


@pytest.mark.parametrize("seats", range(1, 7))
def test_games_of_one_to_six_seats_are_recorded(tmp_path, seats):
    db = History.open(tmp_path / "history.sqlite")
    names = ["Anna", "Ben", "Clara", "David", "Emma", "Felix"][:seats]
    game = FinishedGame("wild_west", [SeatResult(n) for n in names], list(range(seats)), [seats - 1], False)
    recorded = db.record(game)
    assert sorted(recorded.points, reverse=True) == [float(p) for p in points.placement_points(seats)]
    assert night.standings(db.games(recorded.evening))[0].name == names[-1]
    db.close()


def test_a_window_opening_a_history_in_rollback_mode_while_another_writes_waits_its_turn(tmp_path):
    # SQLite answers "locked" at once, busy timeout or not, when the change to WAL must wait for
    # another connection's write (waiting could deadlock): the window used to record nothing all
    # evening. It must wait for the write to end and then keep its games.
    where = tmp_path / "history.sqlite"
    History.open(where).close()
    writer = sqlite3.connect(where, isolation_level=None, check_same_thread=False)
    writer.execute("PRAGMA journal_mode = DELETE")  # a history copied from a rollback-mode file
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE evenings SET ended = ended")
    done = threading.Timer(0.5, writer.execute, ("COMMIT",))
    done.start()
    try:
        db = History.open(where)
        assert db.problem == ""
        assert db.record(four()) is not None
        assert db.game_count() == 1
        db.close()
    finally:
        done.join(timeout=10)
        writer.close()


def test_a_history_held_too_long_by_another_window_is_not_taken_for_damaged(tmp_path, monkeypatch):
    where = tmp_path / "history.sqlite"
    History.open(where).close()
    holder = sqlite3.connect(where, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(history, "BUSY_SECONDS", 0.1)
    try:
        db = History.open(where)
        assert "another window" in db.problem
        assert db.record(four()) is None
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert not list(tmp_path.glob("history-*-*.sqlite"))  # nothing moved aside
    assert History.open(where).problem == ""
