"""A finished game's journal is kept with its row in the history (schema 4): a game played at
the window comes back from the history as the same game, step by step; games recorded before
say so; the journal goes with its row and keeps no seat's token."""

import json
import sqlite3

import pytest

from client.evening import history
from client.evening.history import FinishedGame, History, SeatResult
from client.table.results import ResultsScene
from netplay.replays import Replay, ReplayError, kept_records
from netplay.saves import record_line
from tests.client.conftest import local_table
from tests.client.drive import play_to_results, run_until

pytestmark = pytest.mark.timeout(90)


def test_a_game_played_at_the_window_is_kept_and_replays_as_it_was_played(make_app):
    app = make_app()
    app.settings.data["animation"] = "instant"
    table = local_table(app, [("Anna", "keys2"), ("Bot 2", "bot:easy"), ("Bot 3", "bot:hard")], seed=4,
                        bot_delay=0.0)
    host = table.hosting.host
    play_to_results(app, table)
    run_until(app, lambda: app.top if isinstance(app.top, ResultsScene) else None)
    kept = app.evening.history
    [game] = kept.games(kept.current_evening())
    assert game.has_replay
    lines = kept.journal(game.id)
    watched = Replay.from_kept(lines)
    assert watched.finished and watched.problem is None
    assert watched.game_id == "die_mauer" and watched.names == ["Anna", "Bot 2", "Bot 3"]
    assert [[step.player, step.action] for step in watched.steps] == host.log
    assert watched.digest(len(watched.steps)) == host.state.digest()
    for seat in (0, 1, 2, None):
        assert watched.view(len(watched.steps), seat) == host.state.view(seat)
    for seat in host.seats:  # a way back into the table stays out of the history
        assert seat.token not in "\n".join(lines)


def test_games_recorded_before_journals_were_kept_say_so(tmp_path):
    where = tmp_path / "history.sqlite"
    old = sqlite3.connect(where)
    old.executescript(";".join(step for step in history.MIGRATIONS[:2]) + "; PRAGMA user_version = 3;")
    old.execute("INSERT INTO evenings VALUES (1, 10.0, 10.0, NULL)")
    old.execute("INSERT INTO games VALUES (1, 1, 10.0, 'die_mauer', '{}', 1, '')")
    old.execute("INSERT INTO seats VALUES (1, 0, 'name:anna', 'Anna', 'human', 0, '3', 1, 3.0, 1, '')")
    old.commit()
    old.close()
    kept = History.open(where)
    assert kept.problem == "" and kept.connection.execute("PRAGMA user_version").fetchone()[0] == history.VERSION
    [game] = kept.games(1)
    assert not game.has_replay and kept.journal(game.id) is None
    with pytest.raises(ReplayError) as caught:
        Replay.from_kept(kept.journal(game.id))
    assert caught.value.code == "not_kept" and caught.value.reason == "This game was played before replays were kept."
    assert kept.journal(999) is None  # no such game
    kept.close()


def seats():
    return [SeatResult("Anna", colour=0), SeatResult("Ben", colour=1)]


def test_a_recorded_journal_goes_with_its_row(tmp_path, finished_records):
    kept = History.open(tmp_path / "history.sqlite")
    with_journal = kept.record(FinishedGame("die_mauer", seats(), [3, 5], [0], True, journal=finished_records,
                                            finished=100.0))
    without = kept.record(FinishedGame("die_mauer", seats(), [3, 5], [0], True, finished=200.0))
    assert kept.journal(with_journal.game) == [record_line(body).decode().rstrip("\n") for body in finished_records]
    assert Replay.from_kept(kept.journal(with_journal.game)).finished
    assert kept.journal(without.game) is None
    assert [g.has_replay for g in kept.games(with_journal.evening)] == [True, False]
    db = kept.connection
    with db:  # the row goes, and its journal with it: nothing else holds it
        for table in ("seats", "rating_changes"):
            db.execute(f"DELETE FROM {table} WHERE game = ?", (with_journal.game,))
        db.execute("DELETE FROM games WHERE id = ?", (with_journal.game,))
    assert kept.journal(with_journal.game) is None
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == history.TABLES_AT[history.VERSION]
    kept.close()


def test_a_damaged_kept_journal_replays_what_it_can(tmp_path, finished_records):
    kept = History.open(tmp_path / "history.sqlite")
    recorded = kept.record(FinishedGame("die_mauer", seats(), [3, 5], [0], True, journal=finished_records))
    packed = kept.connection.execute("SELECT journal FROM games").fetchone()[0]
    with kept.connection:
        kept.connection.execute("UPDATE games SET journal = ?", (packed[: len(packed) // 2],))
    lines = kept.journal(recorded.game)
    assert lines and len(lines) < len(finished_records)
    watched = Replay.from_kept(lines)
    assert watched.problem_error is not None and watched.problem_error.code in ("cut_short", "damaged_tail")
    assert 0 < len(watched.steps)
    kept.close()


@pytest.fixture
def finished_records():
    """A two-player Die Mauer played by bots to its end: its journal as the history keeps it."""
    from netplay.host import Host

    host = Host("die_mauer", 2, seed=9, options={"rounds": 1}, seats=[{"kind": "bot"}] * 2, bot_delay=0.0)
    host.tick(0.0)
    assert host.is_over()
    records = kept_records(host.journal.records())
    assert all("token" not in seat for seat in json.loads(records[0])["seats"])  # the head keeps no token
    return records
