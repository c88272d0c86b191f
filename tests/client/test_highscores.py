"""The solo high-score store: best first, ten places, and a file it cannot read is never
overwritten and never crashes the game: it is moved aside and the player is told."""

import json

import pytest

from client import highscores


@pytest.fixture
def where(tmp_path):
    return tmp_path / "scores"


def test_scores_are_kept_best_first_and_the_new_one_gets_its_place(where):
    assert highscores.read("wild_west", where).entries == []
    assert highscores.record("wild_west", "Anna", 40, where=where).place == 1
    assert highscores.record("wild_west", "Ben", 60, where=where).place == 1
    board = highscores.record("wild_west", "Clara", 40, where=where)
    assert board.place == 3  # after the equal older score
    assert [(e["name"], e["score"]) for e in board.entries] == [("Ben", 60), ("Anna", 40), ("Clara", 40)]
    assert board.problem == ""
    again = highscores.read("wild_west", where)
    assert [e["score"] for e in again.entries] == [60, 40, 40]


def test_only_ten_places_and_a_score_below_them_has_no_place(where):
    for score in range(100, 0, -10):
        highscores.record("wild_west", f"P{score}", score, where=where)
    board = highscores.record("wild_west", "Low", 5, where=where)
    assert board.place is None and len(board.entries) == highscores.KEEP
    assert "Low" not in [e["name"] for e in board.entries]
    board = highscores.record("wild_west", "Mid", 55, where=where)
    assert board.place == 6 and len(board.entries) == highscores.KEEP
    assert board.entries[-1]["score"] == 20


def test_details_are_kept_and_the_file_is_json_in_the_folder(where):
    highscores.record("wild_west", "Anna", 70, {"round": 14, "timer": 30}, where=where, when="2025-01-02 10:00")
    data = json.loads((where / "wild_west.json").read_text(encoding="utf-8"))
    assert data["entries"] == [{"name": "Anna", "score": 70, "when": "2025-01-02 10:00", "round": 14, "timer": 30}]


def test_the_default_folder_is_the_data_folder_the_saves_use(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    from netplay.saves import data_dir

    assert highscores.folder() == data_dir() / "highscores"
    highscores.record("wild_west", "Anna", 12)
    assert (tmp_path / "spielabend" / "highscores" / "wild_west.json").exists()


@pytest.mark.parametrize("content", [
    b"{not json", b"\xff\xfe\x00garbage", b"[]", b'{"version": 1, "game": "wild_west", "entries": "x"}',
    b'{"version": 1, "game": "wild_west", "entries": [{"name": 3, "score": 1, "when": ""}]}',
    b'{"version": 1, "game": "wild_west", "entries": [{"name": "a", "score": true, "when": ""}]}',
    b'{"version": 1, "game": "wild_west", "entries": [{"name": "a", "score": 1, "when": ""},'
    b' {"name": "b", "score": 9, "when": ""}]}',
    b'{"version": 2, "game": "wild_west", "entries": []}', b'{"version": 1, "game": "die_mauer", "entries": []}',
])
def test_an_unreadable_table_is_moved_aside_never_overwritten(where, content):
    where.mkdir(parents=True)
    path = where / "wild_west.json"
    path.write_bytes(content)
    board = highscores.record("wild_west", "Anna", 33, where=where)
    assert board.place == 1 and [e["score"] for e in board.entries] == [33]
    assert "moved aside" in board.problem and "could not be read" in board.problem
    aside = [p for p in where.iterdir() if p.name.startswith("wild_west-unreadable-")]
    assert len(aside) == 1 and aside[0].read_bytes() == content  # the old file, byte for byte
    assert aside[0].name in board.problem
    assert highscores.read("wild_west", where).problem == ""  # the fresh table reads fine


def test_a_folder_where_the_file_should_be_is_moved_aside_too(where):
    (where / "wild_west.json").mkdir(parents=True)
    board = highscores.record("wild_west", "Anna", 10, where=where)
    assert board.place == 1 and "moved aside" in board.problem
    assert json.loads((where / "wild_west.json").read_text(encoding="utf-8"))["entries"][0]["score"] == 10


def test_two_unreadable_files_in_the_same_second_are_both_kept(where):
    where.mkdir(parents=True)
    for content in (b"one", b"two"):
        (where / "wild_west.json").write_bytes(content)
        highscores.read("wild_west", where)
    kept = sorted(p.read_bytes() for p in where.iterdir() if "-unreadable-" in p.name)
    assert kept == [b"one", b"two"]


def test_a_file_that_cannot_be_moved_aside_is_left_alone_and_the_score_not_written(where, monkeypatch):
    where.mkdir(parents=True)
    path = where / "wild_west.json"
    path.write_bytes(b"{broken")

    def refuse(*_):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(highscores.os, "rename", refuse)
    board = highscores.record("wild_west", "Anna", 50, where=where)
    assert board.place is None and board.entries == []
    assert "not saved" in board.problem and "Permission denied" in board.problem
    assert path.read_bytes() == b"{broken"


def test_a_failed_write_says_so_and_leaves_the_old_table_whole(where, monkeypatch):
    highscores.record("wild_west", "Anna", 50, where=where)
    before = (where / "wild_west.json").read_bytes()

    def full_disk(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(highscores.os, "replace", full_disk)
    board = highscores.record("wild_west", "Ben", 70, where=where)
    assert "could not be saved" in board.problem and "No space left" in board.problem
    assert (where / "wild_west.json").read_bytes() == before
    assert [p.name for p in where.iterdir()] == ["wild_west.json"]  # no temporary file left behind


def test_a_long_name_is_cut_and_an_empty_one_named(where):
    board = highscores.record("wild_west", "x" * 200, 5, where=where)
    assert len(board.entries[0]["name"]) == highscores.NAME_LIMIT
    assert highscores.record("wild_west", "", 4, where=where).entries[1]["name"] == "Player"


def test_equal_high_scores_share_a_place(tmp_path):
    from client.highscores import places, record

    for name, score in (("Zed", 90), ("Yan", 70), ("Xia", 50)):
        record("wild_west", name, score, where=tmp_path)
    board = record("wild_west", "Anna", 70, where=tmp_path)
    assert [e["name"] for e in board.entries] == ["Zed", "Yan", "Anna", "Xia"]
    assert places(board.entries) == [1, 2, 2, 4]
    assert board.rank == 2  # "takes place 2", level with Yan


def test_the_drawn_high_score_table_lists_a_tie_on_one_place(make_app, tmp_path):
    import pygame

    from client.games.wild_west import scoresheet
    from client.highscores import record
    from tests.client.drawn_text import drawn_text

    make_app()
    for name, score in (("Zed", 90), ("Yan", 70)):
        record("wild_west", name, score, where=tmp_path)
    board = record("wild_west", "Anna", 70, where=tmp_path)
    with drawn_text() as seen:
        scoresheet.draw_highscores(pygame.Surface((1920, 1080)), pygame.Rect(100, 100, 500, 400), board, 70)
    words = [w for w, _ in seen]
    assert words.count("2.") == 2 and "3." not in words
    assert "Your 70 takes place 2!" in words
