"""Hosting from the window: the table's name, password and port set in the window, and
"Start now" letting bots take the seats nobody has taken."""

import socket

import pygame
import pytest

from client.hosting.seats import SeatPlan
from client.scenes.lan import HostLobbyScene, HostTableScene
from client.scenes.title import TitleScene
from client.table.scene import TableScene
from client.ui.keyboard import FieldScene
from tests.client.conftest import frames, key, post
from tests.client.drive import run_until
from tests.client.test_lan import wait_for

peer = pytest.importorskip("netplay.peer")
pytestmark = pytest.mark.timeout(60)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def type_into(app, words: str) -> None:
    """Clear the field on the keyboard, type ``words`` and press Enter."""
    field = app.top
    assert isinstance(field, FieldScene)
    for _ in range(len(field.text)):
        key("backspace")
    post(pygame.TEXTINPUT, text=words)
    key("return")
    frames(app, 2)


def choose(app, label_start: str) -> None:
    menu = app.top.menu
    menu.focus = next(i for i, item in enumerate(menu.items) if item.text().startswith(label_start))
    key("return")
    frames(app, 2)


def test_the_host_names_the_table_and_sets_its_password_and_port_in_the_window(make_app):
    app = make_app()
    app.push(TitleScene(app))
    app.flow.host_lan("die_mauer", [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)], {"rounds": 1})
    frames(app, 2)
    form = app.top
    assert isinstance(form, HostTableScene)
    choose(app, "Table name")
    type_into(app, "Den")
    choose(app, "Password")
    type_into(app, "sesame")
    port = free_port()
    choose(app, "Port")
    type_into(app, "80")  # not a port a player may open
    assert isinstance(app.top, FieldScene) and "1024" in app.top.problem
    type_into(app, str(port))
    labels = [item.text() for item in form.menu.items]
    assert labels[:3] == ["Table name: Den", "Password: ******", f"Port: {port}"]
    choose(app, "Open the table")
    lobby = app.top
    assert isinstance(lobby, HostLobbyScene) and lobby.error is None, lobby.error
    assert lobby.hosted.handle.port == port and lobby.hosted.host.table_name == "Den"
    refused = peer.RemoteSession("127.0.0.1", port, "Eve")  # no password: not let in
    try:
        frames(app, 30)
        assert lobby.hosted.host.seats_open() == 1
    finally:
        refused.close()
    remote = peer.RemoteSession("127.0.0.1", port, "Zoe", password="sesame")
    try:
        table = wait_for(app, TableScene)
        assert table.model.names[1] == "Zoe"
    finally:
        remote.close()
        if isinstance(app.top, TableScene):
            app.top.close()


def test_start_now_lets_bots_take_the_open_seats(make_app):
    app = make_app()
    app.push(TitleScene(app))
    app.flow.host_lan("die_mauer", [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1), SeatPlan("", "open", 2)],
                      {"rounds": 1})
    frames(app, 2)
    choose(app, "Open the table")
    lobby = app.top
    assert isinstance(lobby, HostLobbyScene) and lobby.error is None, lobby.error
    save = lobby.hosted.host.save_path
    choose(app, "Start now: bots take the open seats")
    table = wait_for(app, TableScene)
    try:
        from netplay.saves import read_save

        # the host tells the start first, then the lobby with the bots (docs/netplay.md): the
        # table may open a frame before the lobby arrives, and then shows the bots
        run_until(app, lambda: table.model.seat_kinds[1:] == ["bot", "bot"], 10)
        run_until(app, lambda: len(table.hosting.host.log) >= 2, 20)  # both bots have picked

        assert [seat["kind"] for seat in read_save(save).head["seats"]] == ["local", "bot", "bot"]
    finally:
        table.close()


def test_the_form_keeps_the_tables_name_password_port_and_relay_for_the_next_table_and_the_next_start(
        make_app, tmp_path):
    """A passworded relay evening must not quietly become an open LAN-only table: the form
    shows what the window last hosted with, at the next table and after a restart."""
    from client.settings import Settings
    from netplay.relay_invite import Invite, new_table

    table, secret = new_table()
    invite = Invite("127.0.0.1", free_port(), table, None, secret).code()  # nothing listens: it is not opened
    port = free_port()
    app = make_app()
    app.push(TitleScene(app))
    seats = [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)]
    app.flow.host_lan("die_mauer", seats, {"rounds": 1})
    frames(app, 2)
    for row, words in (("Table name", "Den"), ("Password", "sesame"), ("Port", str(port)), ("Relay", invite)):
        choose(app, row)
        type_into(app, words)
    choose(app, "Open the table")  # the relay is not there: the lobby says so, and the settings are kept
    assert isinstance(app.top, HostLobbyScene) and app.top.error
    app.pop()
    expected = ["Table name: Den", "Password: ******", f"Port: {port}", f"Relay: {invite[:15]}... (and the LAN)"]
    app.flow.host_lan("die_mauer", seats, {"rounds": 1})  # the next table
    frames(app, 2)
    assert [item.text() for item in app.top.menu.items][:4] == expected
    app.pop()
    app.settings.save()
    restarted = Settings.load()  # the window starts again: the settings file is read anew
    assert restarted.data["table"] == {"name": "Den", "password": "sesame", "port": port, "relay": invite}
    app.settings = restarted
    app.flow.host_lan("die_mauer", seats, {"rounds": 1})
    frames(app, 2)
    assert [item.text() for item in app.top.menu.items][:4] == expected


def test_a_table_settings_file_entry_that_cannot_be_used_is_ignored_and_said(tmp_path, monkeypatch):
    import json

    from client.settings import Settings

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    folder = tmp_path / "spielabend"
    folder.mkdir()
    (folder / "settings.json").write_text(json.dumps({"table": {"name": "Den", "port": 80}}), encoding="utf-8")
    settings = Settings.load()
    assert settings.data["table"] is None  # port 80 is no table's: nothing of it is used
    assert "hosted table" in settings.problem
