"""LAN screens over real sockets on localhost (zeroconf advertising off): hosting from
the lobby until a peer joins, and joining a table and playing it to the results."""

import time

import pygame
import pytest

from client.scenes.game import DieMauerScene
from client.scenes.lan import HostLobbyScene, JoinScene, JoinWaitScene
from client.scenes.results import ResultsScene
from client.scenes.setup import SeatPlan
from client.scenes.title import TitleScene
from tests.client.conftest import frames, key, post, shoot

server = pytest.importorskip("netplay.server")
peer = pytest.importorskip("netplay.peer")
SERVE = {"advertise": False, "interfaces": ["127.0.0.1"]}


def keys_drive(table: DieMauerScene, seat: int) -> None:
    """Keyboard (WASD half) play for ``seat``: lock the focused secret pick, or build."""
    if table.secret_options(seat):
        shift = pygame.key.key_code("left shift")
        post(pygame.KEYDOWN, key=shift, mod=0, unicode="", scancode=0)
        key("space")
        post(pygame.KEYUP, key=shift, mod=0, unicode="", scancode=0)
        return
    options = table.build_options(seat)
    if options:
        focus = options[min(table.controls[seat].cursor, len(options) - 1)]
        key("space" if focus in table.legal[seat] else "d")


def play_out(app, table, seat, remote=None, limit=4000) -> None:
    deadline = time.monotonic() + 25
    for _ in range(limit):
        if isinstance(app.top, ResultsScene) or time.monotonic() > deadline:
            return
        if isinstance(app.top, DieMauerScene):
            keys_drive(table, seat)
        if remote is not None:  # a scripted peer at the other end of the wire
            for message in remote.poll():
                if message.get("t") == "update" and message["legal"]:
                    remote.send(message["legal"][0])
        frames(app, 2, dt=3 / 60)
        time.sleep(0.002)


def test_hosting_from_the_lobby_until_a_peer_joins_and_the_game_ends(make_app):
    app = make_app()
    app.push(TitleScene(app))
    seats = [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1), SeatPlan("Bot", "bot:hard", 2)]
    lobby = HostLobbyScene(app, "die_mauer", seats, {"rounds": 1}, seed=4, serve_options=SERVE,
                           bot_delay=0.05)
    app.push(lobby)
    assert lobby.error is None, lobby.error
    frames(app, 3)
    shoot(app, "lan_host_lobby_waiting")
    remote = peer.RemoteSession("127.0.0.1", lobby.handle_.port, "Zoe")
    try:
        for _ in range(500):
            frames(app, 1)
            time.sleep(0.005)
            if isinstance(app.top, DieMauerScene):
                break
        table = app.top
        assert isinstance(table, DieMauerScene)
        assert table.names[1] == "Zoe"
        play_out(app, table, 0, remote)
        assert isinstance(app.top, ResultsScene)
        shoot(app, "lan_host_results")
    finally:
        remote.close()
        if isinstance(app.top, DieMauerScene):
            app.top.close()


def test_joining_a_table_and_playing_it_to_the_results(make_app):
    from netplay.host import Host

    host = Host("die_mauer", 2, 9, {"rounds": 1}, seats=[{"kind": "bot", "strength": "easy"}, {"kind": "remote"}],
                names=["Bot", ""], bot_delay=0.05)
    handle = server.serve_in_thread(host, port=0, name="Test table", **SERVE)
    try:
        app = make_app()
        app.push(TitleScene(app))
        join = JoinScene(app, player_name="Zoe")
        app.push(join)
        frames(app, 2)
        shoot(app, "lan_join_browser")
        join.close()
        join.join({"address": "127.0.0.1", "port": handle.port, "name": "Test table"})
        assert isinstance(app.top, JoinWaitScene)
        for _ in range(500):
            frames(app, 1)
            time.sleep(0.005)
            if isinstance(app.top, DieMauerScene):
                break
        table = app.top
        assert isinstance(table, DieMauerScene), getattr(table, "status", table)
        frames(app, 3)
        shoot(app, "lan_join_table")
        seat = next(iter(table.controls))
        assert seat == 1
        play_out(app, table, seat)
        assert isinstance(app.top, ResultsScene)
        shoot(app, "lan_join_results")
    finally:
        handle.close()
