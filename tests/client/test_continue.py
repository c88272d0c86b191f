"""Window games are saved as they go (the host's journal) and the title offers Continue
for an unfinished one: local seats come back on their devices, a hosted table is served
again and its LAN seats rejoin by token."""

import re
import time

import pygame
import pytest

from client.hosting.seats import SeatPlan
from client.scenes.title import ContinueScene, NoticeScene, TitleScene
from client.table.pause import PauseScene
from client.table.results import ResultsScene
from client.table.scene import TableScene
from client.ui.scene import ConfirmScene
from netplay.saves import read_save, record_line, unfinished_saves
from tests.client.conftest import click, frames, host_lobby, key, local_table, post, shoot
from tests.client.drive import act, first_legal, play_to_results

pytestmark = pytest.mark.timeout(60)


def moves_by(host, seat: int) -> int:
    return sum(1 for player, _ in host.log if player == seat)


def leave_through_the_pause_menu(app, table) -> None:
    key("escape")
    frames(app, 2)
    pause = app.top
    assert isinstance(pause, PauseScene)
    click(app, pause.menu.rects[[item.text() for item in pause.menu.items].index("Leave the game")].center)
    frames(app, 2)
    assert isinstance(app.top, ConfirmScene)
    click(app, app.top.menu.rects[1].center)  # "Yes"
    frames(app, 2)


def test_a_window_game_quit_mid_way_is_continued_from_the_title(make_app):
    app = make_app()
    app.settings.animation = "instant"  # saving and continuing are under test here, not the pacing
    app.flow.start_title(app)
    assert [item.text() for item in app.top.menu.items][0] == "Play"  # nothing to continue yet
    table = local_table(app, [("Anna", "keys1"), ("Ben", "bot:easy"), ("Clara", "keys2")], seed=None,
                        bot_delay=0.05, rounds=1)
    host = table.hosting.host
    deadline = time.monotonic() + 20
    while moves_by(host, 0) < 2 and time.monotonic() < deadline:  # Anna and Clara play a few moves by keys
        for seat in (0, 2):
            choices = table.live.get(seat, [])
            if choices and table.model.pending.get(seat) is None and not table.pacer.busy():
                act(app, table, seat, first_legal(table, seat, choices, len(host.log)))
        frames(app, 2, dt=3 / 60)
    assert moves_by(host, 0) >= 2
    digest, actions, save = host.state.digest(), len(host.log), host.save_path
    assert read_save(save).log == host.log  # written ahead of every move
    leave_through_the_pause_menu(app, table)
    title = app.top
    assert isinstance(title, TitleScene) and table.closed
    first = title.menu.items[0].text()
    assert first.startswith("Continue Die Mauer"), first
    frames(app, 20)
    shoot(app, "continue_title")
    click(app, title.menu.rects[0].center)
    frames(app, 3)
    again = app.top
    assert isinstance(again, TableScene) and again is not table
    assert again.hosting.host.state.digest() == digest and len(again.hosting.host.log) == actions
    assert again.choosers[0].device == "keys1" and again.choosers[2].device == "keys2"  # back on their devices
    assert again.model.names == ["Anna", "Ben", "Clara"] and again.hosting.host.save_path == save
    frames(app, 20)
    shoot(app, "continue_table")
    play_to_results(app, again)
    assert isinstance(app.top, ResultsScene)
    app.flow.title()
    frames(app, 2)
    assert [item.text() for item in app.top.menu.items][0] == "Play"  # finished: nothing to continue
    assert unfinished_saves("window") == []


def test_a_gamepad_seat_comes_back_on_the_pad_there_is_now(make_app):
    """Pad numbers change between runs: a seat whose pad is gone takes a pad that is there."""
    app = make_app()
    app.flow.start_title(app)
    post(pygame.CONTROLLERDEVICEADDED, instance_id=4, device_index=0)
    frames(app, 1)
    table = local_table(app, [("Anna", "pad:4"), ("Ben", "bot:easy")], seed=2)
    table.close()
    app.flow.title()
    post(pygame.CONTROLLERDEVICEREMOVED, instance_id=4)
    post(pygame.CONTROLLERDEVICEADDED, instance_id=9, device_index=0)
    frames(app, 2)
    app.flow.continue_menu()
    frames(app, 2)
    assert isinstance(app.top, TableScene) and app.top.choosers[0].device == "pad:9"


def test_several_unfinished_games_are_listed_and_a_damaged_one_is_said_in_words(make_app):
    app = make_app()
    app.flow.start_title(app)
    first = local_table(app, [("Anna", "keys1"), ("Ben", "bot:easy")], seed=2)
    app.flow.leave_table(first)
    second = local_table(app, [("Clara", "mouse"), ("Dora", "bot:hard"), ("Emil", "bot:easy")], seed=3)
    app.flow.leave_table(second)
    frames(app, 2)
    assert app.top.menu.items[0].text() == "Continue a game (2 unfinished)"
    app.flow.continue_menu()
    frames(app, 20)
    listing = app.top
    assert isinstance(listing, ContinueScene)
    lines = [item.text() for item in listing.menu.items]
    assert lines[0].startswith("Die Mauer with Clara and 2 bots") and lines[1].startswith("Die Mauer with Anna and 1 bot")
    shoot(app, "continue_list")
    path = listing.unfinished[1].path
    data = path.read_bytes().split(b"\n")
    bogus = record_line('{"k":"act","n":0,"p":0,"a":{"type":"fly"}}').rstrip(b"\n")  # whole, but no move of the game
    path.write_bytes(b"\n".join(data[:2] + [bogus] + data[2:]))
    app.flow.continue_game(path)
    frames(app, 2)
    notice = app.top
    assert isinstance(notice, NoticeScene)
    words = " ".join(notice.lines)
    assert words.startswith("This save is damaged: a saved move does not follow from the ones before it")
    assert "None" not in words and "".join(notice.path) == str(path.with_suffix(".damaged"))
    assert path.with_suffix(".damaged").exists() and not path.exists()  # kept, and not offered again
    frames(app, 20)
    shoot(app, "continue_damaged")
    app.flow.title()
    frames(app, 2)
    assert app.top.menu.items[0].text().startswith("Continue Die Mauer")  # one left


def test_a_hosted_window_game_is_continued_and_its_lan_seat_rejoins_by_token(make_app):
    from netplay.peer import RemoteSession

    app = make_app()
    app.settings.animation = "fast"
    app.flow.start_title(app)
    lobby = host_lobby(app, "die_mauer", [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)], {"rounds": 2},
                       bot_delay=0.05)
    zoe = RemoteSession("127.0.0.1", lobby.hosted.handle.port, "Zoe")
    try:
        assert zoe.wait_welcome(5) == 1
        token = zoe.token
        deadline = time.monotonic() + 10
        while not isinstance(app.top, TableScene) and time.monotonic() < deadline:
            frames(app, 1)
            time.sleep(0.01)
        table = app.top
        assert isinstance(table, TableScene)
    finally:
        zoe.close()
    table_name = table.hosting.name
    app.flow.leave_table(table)
    frames(app, 2)
    title = app.top
    assert title.menu.items[0].text().startswith("Continue Die Mauer")
    click(app, title.menu.rects[0].center)
    frames(app, 3)
    again = app.top
    assert isinstance(again, TableScene) and again.hosting.served
    assert again.hosting.handle.server.name == table_name  # the table keeps its name
    deadline = time.monotonic() + 10  # the host's thread says so in its next lobby message
    while 1 not in again.away_since and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.01)
    assert 1 in again.away_since  # the LAN seat waits for its player
    assert again.hosting.phones is not None  # the table's phones are served again
    shoot(app, "continue_hosted")
    back = RemoteSession("127.0.0.1", again.hosting.port, "Zoe", token=token)
    try:
        assert back.wait_welcome(5) == 1
        deadline = time.monotonic() + 10
        while 1 in again.away_since and time.monotonic() < deadline:
            frames(app, 1)
            time.sleep(0.01)
        assert 1 not in again.away_since and again.model.names[1] == "Zoe"
    finally:
        back.close()
        again.close()


def continue_after_moves(make_app, game_id: str, seats, moves: int, options=None):
    """A table of ``game_id`` played ``moves`` host actions far, left and continued."""
    from tests.client.drive import driver, run_until, seat_choices

    app = make_app()
    app.settings.animation = "instant"
    app.flow.start_title(app)
    table = local_table(app, seats, seed=None, bot_delay=0.05, game_id=game_id, options=options)
    host = table.hosting.host
    pick, turns = driver(game_id), iter(range(10_000))

    def each() -> None:
        for seat in table.choosers:
            choices = seat_choices(table, seat)
            if app.top is table and choices and table.model.pending.get(seat) is None and not table.pacer.busy():
                choice = pick(table, seat, choices, next(turns))
                if choice is not None:
                    act(app, table, seat, choice)

    run_until(app, lambda: len(host.log) >= moves, 30, each)
    frames(app, 10)
    before = [line for line in table.model.log if not line.startswith("Refused")]
    leave_through_the_pause_menu(app, table)
    click(app, app.top.menu.rects[0].center)  # Continue
    frames(app, 3)
    again = app.top
    assert isinstance(again, TableScene) and again is not table
    return app, again, before


@pytest.mark.parametrize("game_id", ["die_mauer", "drunter_druber", "architekton", "wild_west", "wie_waldi"])
def test_a_continued_game_keeps_what_happened(make_app, game_id):
    seats = [("Anna", "keys1"), ("Ben", "bot:easy")]
    app, again, before = continue_after_moves(make_app, game_id, seats, 6,
                                              {"rounds": 1} if game_id == "die_mauer" else None)
    frames(app, 5)
    assert before, "nothing was logged before leaving"
    log = list(again.model.log)
    if game_id == "wild_west":  # the first deal's columns are in no event: its reveal is told by numbers
        before, log = ([re.sub(r" \([^)]*\)", "", line) for line in lines] for lines in (before, log))
    missing = [line for line in before if line not in log]
    assert not missing, (missing, log)
    shoot(app, f"continue_log_{game_id}")
    again.close()


def test_a_continued_race_counts_down_before_anyone_plays(make_app):
    app, again, _ = continue_after_moves(make_app, "wie_waldi", [("Anna", "keys1"), ("Ben", "bot:hard")], 8)
    host = again.hosting.host
    moves = len(host.log)
    frames(app, 90)  # a second and a half
    assert again.model.paused and again.resume_at is not None  # "Ready... 2" on screen
    assert len(host.log) == moves  # the bot has not played at once
    shoot(app, "continue_race_countdown")
    deadline = time.monotonic() + 15
    while len(host.log) == moves and time.monotonic() < deadline:
        frames(app, 6)
    assert not again.model.paused and len(host.log) > moves  # then the race is on
    again.close()


def test_a_rejoining_lan_peer_gets_what_happened(make_app):
    """A peer that rejoins by token (its window had closed) sees the public log so far."""
    from netplay.host import Host
    from netplay.peer import RemoteSession
    from netplay.server import serve_in_thread

    host = Host("die_mauer", 2, options={"rounds": 2}, seats=[{"kind": "bot"}, {"kind": "remote"}], bot_delay=0.05)
    handle = serve_in_thread(host, 0, interfaces=["127.0.0.1"], advertise=False)
    app = make_app()
    app.flow.start_title(app)
    zoe = RemoteSession("127.0.0.1", handle.port, "Zoe")
    try:
        assert zoe.wait_welcome(5) == 1
        token, played, deadline = zoe.token, 0, time.monotonic() + 20
        while played < 3 and time.monotonic() < deadline:  # three moves the host took (a send may be refused)
            for message in zoe.poll():
                if message["t"] == "update" and message["legal"]:
                    zoe.send(message["legal"][0])
                elif message["t"] == "accept":
                    played += 1
            time.sleep(0.02)
        assert played >= 3
    finally:
        zoe.close()
    try:
        app.flow.connect({"address": "127.0.0.1", "port": handle.port, "token": token, "name": "Spielabend"}, "Zoe")
        deadline = time.monotonic() + 10
        while not isinstance(app.top, TableScene) and time.monotonic() < deadline:
            frames(app, 1)
            time.sleep(0.01)
        table = app.top
        assert isinstance(table, TableScene)
        deadline = time.monotonic() + 10  # told once the first view is shown: a frame or more on a busy machine
        while len(table.model.log) < 3 and time.monotonic() < deadline:
            frames(app, 1)
            time.sleep(0.01)
        assert len(table.model.log) >= 3, list(table.model.log)
        shoot(app, "rejoin_log")
        table.close()
    finally:
        handle.close()
