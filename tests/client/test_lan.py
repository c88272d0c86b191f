"""LAN screens over real sockets on localhost (zeroconf advertising off): hosting from
the lobby until a peer joins, and joining a table and playing it to the results."""

import time

import pygame
import pytest

from client.hosting.seats import SeatPlan
from client.scenes.join import JoinScene, JoinWaitScene, PasswordScene
from client.scenes.title import TitleScene
from client.table.results import ResultsScene
from client.table.scene import TableScene
from tests.client.conftest import click, frames, host_lobby, key, pad_button, post, shoot
from tests.client.drive import act, first_legal

server = pytest.importorskip("netplay.server")
peer = pytest.importorskip("netplay.peer")
SERVE = {"advertise": False, "interfaces": ["127.0.0.1"]}


def keys_drive(app, table: TableScene, seat: int, turn: int) -> None:
    """The seat's device plays its first legal choice (one at a time)."""
    choices = table.live.get(seat, [])
    if choices and table.model.pending.get(seat) is None and not table.pacer.busy():
        choice = first_legal(table, seat, choices, turn)
        if choice is not None:
            act(app, table, seat, choice)


def play_out(app, table, seat, remote=None, limit=4000) -> None:
    deadline = time.monotonic() + 25
    for turn in range(limit):
        if isinstance(app.top, ResultsScene) or time.monotonic() > deadline:
            return
        if app.top is table:
            keys_drive(app, table, seat, turn)
        if remote is not None:  # a scripted peer at the other end of the wire
            for message in remote.poll():
                if message.get("t") == "update" and message["legal"]:
                    remote.send(message["legal"][0])
        frames(app, 2, dt=3 / 60)
        time.sleep(0.002)


def wait_for(app, scene_type, seconds: float = 15.0):
    """Run frames (the network answers meanwhile) until a ``scene_type`` is on top."""
    deadline = time.monotonic() + seconds
    for _ in range(3000):
        if isinstance(app.top, scene_type) or time.monotonic() > deadline:
            break
        frames(app, 1)
        time.sleep(0.005)
    assert isinstance(app.top, scene_type), getattr(app.top, "status", app.top)
    return app.top


def test_hosting_from_the_lobby_until_a_peer_joins_and_the_game_ends(make_app):
    app = make_app()
    app.settings.animation = "fast"  # the network is under test here, not the pacing
    app.push(TitleScene(app))
    seats = [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1), SeatPlan("Bot", "bot:hard", 2)]
    lobby = host_lobby(app, "die_mauer", seats, {"rounds": 1}, seed=4, bot_delay=0.05)
    assert lobby.error is None, lobby.error
    frames(app, 3)
    shoot(app, "lan_host_lobby_waiting")
    remote = peer.RemoteSession("127.0.0.1", lobby.hosted.handle.port, "Zoe")
    try:
        table = wait_for(app, TableScene)
        assert table.model.names[1] == "Zoe"
        play_out(app, table, 0, remote)
        assert isinstance(app.top, ResultsScene)
        frames(app, 60)  # the score rows have slid in
        shoot(app, "lan_host_results")
    finally:
        remote.close()
        if isinstance(app.top, TableScene):
            app.top.close()


def test_joining_a_table_and_playing_it_to_the_results(make_app):
    from netplay.host import Host

    host = Host("die_mauer", 2, 9, {"rounds": 1}, seats=[{"kind": "bot", "strength": "easy"}, {"kind": "remote"}],
                names=["Bot", ""], bot_delay=0.05)
    handle = server.serve_in_thread(host, port=0, name="Test table", **SERVE)
    try:
        app = make_app()
        app.settings.animation = "fast"
        app.push(TitleScene(app))
        join = JoinScene(app, player_name="Zoe")
        app.push(join)
        frames(app, 2)
        shoot(app, "lan_join_browser")
        join.close()
        join.join({"address": "127.0.0.1", "port": handle.port, "name": "Test table"})
        assert isinstance(app.top, JoinWaitScene)
        table = wait_for(app, TableScene)
        frames(app, 3)
        shoot(app, "lan_join_table")
        seat = next(iter(table.choosers))
        assert seat == 1
        play_out(app, table, seat)
        assert isinstance(app.top, ResultsScene)
        frames(app, 60)  # the score rows have slid in
        shoot(app, "lan_join_results")
    finally:
        handle.close()


@pytest.fixture
def locked_table():
    """A two-seat table on 127.0.0.1 with the password "Tisch 42": a bot and an open seat."""
    from netplay.host import Host

    host = Host("die_mauer", 2, 3, {"rounds": 1}, seats=[{"kind": "bot", "strength": "easy"}, {"kind": "remote"}],
                names=["Bot", ""], bot_delay=0.05)
    handle = server.serve_in_thread(host, port=0, name="Locked table", password="Tisch 42", **SERVE)
    yield {"address": "127.0.0.1", "port": handle.port, "name": "Locked table", "game": "die_mauer",
           "seats_open": 1, "seats_taken": 1, "phase": "lobby", "password": True}
    handle.close()


def type_text(words: str) -> None:
    for letter in words:
        post(pygame.TEXTINPUT, text=letter)


def test_a_password_typed_on_the_keyboard_opens_a_locked_table(make_app, locked_table):
    app = make_app()
    app.push(TitleScene(app))
    join = JoinScene(app, player_name="Zoe", browse=False)
    app.push(join)
    join.join(locked_table)
    prompt = app.top
    assert isinstance(prompt, PasswordScene) and app.input.text_input
    type_text("tisch 4")
    key("backspace")
    type_text("2")  # "tisch 2": wrong (passwords are case-sensitive)
    key("return")
    frames(app, 1)
    assert isinstance(app.top, (JoinWaitScene, PasswordScene))  # a fast host answers within the frame
    prompt = wait_for(app, PasswordScene)
    assert "Wrong password" in prompt.problem and prompt.password == ""
    shoot(app, "lan_password_wrong")
    type_text("Tisch 42")
    frames(app, 1)
    shoot(app, "lan_password_typed")
    key("return")
    table = wait_for(app, TableScene)
    assert table.model.names[1] == "Zoe"
    table.close()


PAD = 5


def pad_type(app, prompt: PasswordScene, words: str) -> None:
    """Pick each letter on the on-screen keyboard with the d-pad and A."""
    codes = {"up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
             "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT}
    for letter in words:
        if letter.isupper() != prompt.upper and letter.isalpha():
            pad_button(PAD, pygame.CONTROLLER_BUTTON_X)
            frames(app, 1)
        if letter == " ":
            target = (len(prompt.ROWS), prompt.WIDE.index("Space"))
        else:
            row = next(r for r, keys in enumerate(prompt.ROWS) if letter.lower() in keys)
            target = (row, prompt.ROWS[row].index(letter.lower()))
        for _ in range(40):  # bounded: at most a few presses per letter
            if prompt.focus == target:
                break
            direction = ("down" if prompt.focus[0] < target[0] else "up") if prompt.focus[0] != target[0] else (
                "right" if prompt.focus[1] < target[1] else "left")
            pad_button(PAD, codes[direction])
            frames(app, 1)
        assert prompt.focus == target
        pad_button(PAD, pygame.CONTROLLER_BUTTON_A)
        frames(app, 1)


def test_a_gamepad_picks_the_password_on_the_on_screen_keyboard(make_app, locked_table):
    app = make_app()
    app.push(TitleScene(app))
    post(pygame.CONTROLLERDEVICEADDED, instance_id=PAD, device_index=0)
    frames(app, 1)
    join = JoinScene(app, player_name="Pad", browse=False)
    app.push(join)
    join.join(locked_table)
    prompt = app.top
    assert isinstance(prompt, PasswordScene)
    pad_type(app, prompt, "Tisch 42")
    assert prompt.password == "Tisch 42"
    shoot(app, "lan_password_pad")
    click(app, prompt.rects[(len(prompt.ROWS), prompt.WIDE.index("Join"))].center)  # the mouse works too
    frames(app, 1)
    assert isinstance(app.top, (JoinWaitScene, TableScene))  # a fast host answers within the frame
    shoot(app, "lan_join_waiting")
    table = wait_for(app, TableScene)
    assert table.model.names[1] == "Pad"
    table.close()


def test_a_next_table_told_before_the_results_is_still_followed(make_app):
    # the host chose Next game while this window still played out the end: the results
    # come up, then this window goes on to the next table by itself
    from netplay.host import Host

    def table_host(seed):
        return Host("die_mauer", 2, seed, {"rounds": 1}, seats=[{"kind": "bot", "strength": "easy"},
                                                                {"kind": "remote"}], names=["Bot", ""], bot_delay=0.05)

    first, second = table_host(9), table_host(10)
    handles = [server.serve_in_thread(first, port=0, name="First", **SERVE),
               server.serve_in_thread(second, port=0, name="Second", **SERVE)]
    try:
        app = make_app()
        app.settings.animation = "fast"
        app.push(TitleScene(app))
        app.flow.connect({"address": "127.0.0.1", "port": handles[0].port, "name": "First"}, "Zoe")
        table = wait_for(app, TableScene)
        handles[0].call(lambda: first.tell_next_table(1, "die_mauer", handles[1].port, None))
        deadline = time.monotonic() + 10
        while table.model.next_table is None and time.monotonic() < deadline:
            frames(app, 1)
            time.sleep(0.005)
        assert table.model.next_table is not None
        play_out(app, table, 1)
        nxt = wait_for(app, TableScene)
        assert nxt is not table and second.seats[1].taken and second.seats[1].name == "Zoe"
        nxt.close()
    finally:
        for handle in handles:
            handle.close()


def test_a_window_joined_by_address_names_the_table_and_how_each_seat_is_played(make_app):
    """A window that joins by a typed address reads the table's name (not "127.0.0.1:port"),
    and every lobby says how each seat is played: the host's at its screen, a peer on the LAN."""
    from client.hosting.lobby import seat_state
    from client.hosting.network import open_seat
    from tests.client.drawn_text import drawn_text
    from tests.client.drive import run_until

    app = make_app()
    app.push(TitleScene(app))
    lobby = host_lobby(app, "die_mauer", [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1),
                                          SeatPlan("", "open", 2)], {"rounds": 1}, name="Attic")
    port = lobby.hosted.port
    entry = {"address": "127.0.0.1", "port": port, "name": f"127.0.0.1:{port}"}
    session, problem = open_seat(entry, "Zoe", profile=app.evening.peer_profile("Zoe"))
    assert problem is None
    wait = JoinWaitScene(app, session, entry, "Zoe")
    app.push(wait)
    try:
        run_until(app, lambda: wait.lobby and wait.lobby["seats"][1].get("name") == "Zoe", 10)
        run_until(app, lambda: lobby.lobby and lobby.lobby["seats"][1].get("name") == "Zoe", 10)
        with drawn_text() as seen:
            frames(app, 2)
        words = [text for text, _ in seen]
        assert "Table: Attic" in words and f"Table: 127.0.0.1:{port}" not in words
        assert "at the host" in words and "Zoe  (you)" in words
        shoot(app, "lan_join_wait_named")
        assert wait.table_name() == "Attic"
        assert [seat_state(seat) for seat in lobby.lobby["seats"]] == [
            "at this screen", "on the LAN", "waiting for a player..."]
    finally:
        session.close()
        lobby.close()
