"""LAN play from the window as a LAN party needs it (issue 12), over loopback only:
a window host and a command-line peer, a command-line host and a window peer joined by
a typed address, a port-0 window host reachable on every address it advertises, a peer
that drops and whose seat the host hands to a bot from the table until the peer rejoins
from its join screen (two processes), and the join screen's marks and rejoin rows."""

import os
import subprocess
import sys
import threading
import time

import pygame
import pytest

from client.hosting.rejoin import RejoinBook
from client.hosting.seats import SeatPlan
from client.scenes.join import AddressScene, JoinScene, JoinWaitScene
from client.table.pause import PauseScene
from client.table.results import ResultsScene
from client.table.scene import TableScene
from client.ui.scene import ConfirmScene
from netplay.protocol import PROTOCOL_VERSION
from tests.client.conftest import SCREENSHOTS, click, frames, host_lobby, key, post, shoot
from tests.client.drive import play_each_seat as play
from tests.client.drive import run_until
from tests.netplay.conftest import ROOT, Proc, RawPeer


def top_is(app, kind):
    return lambda: app.top if isinstance(app.top, kind) else None


def host_window(make_app, seats, rounds=1, advertise=False, bot_delay=0.05):
    app = make_app()
    app.settings.animation = "fast"  # the network is under test here, not the pacing
    app.flow.start_title(app)
    lobby = host_lobby(app, "die_mauer", seats, {"rounds": rounds}, bot_delay=bot_delay, advertise=advertise)
    assert lobby.error is None, lobby.error
    return app, lobby


@pytest.fixture
def spawn(tmp_path):
    """Processes of the spielabend command (or a window peer) on loopback; killed after."""
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "child-data"), XDG_CONFIG_HOME=str(tmp_path / "child-config"),
               PYTHONPATH=str(ROOT), SPIELABEND_INTERFACES="127.0.0.1", SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    procs = []

    def start(*argv):
        proc = Proc(*argv, env=env)
        procs.append(proc)
        return proc

    yield start
    for proc in procs:
        proc.kill()


@pytest.mark.timeout(90)
def test_a_window_host_and_a_command_line_peer_play_a_whole_game(make_app, spawn):
    app, lobby = host_window(make_app, [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)])
    port = lobby.hosted.handle.port
    frames(app, 3)
    peer = spawn("join", f"127.0.0.1:{port}", "--bot", "--name", "Cli")
    table = run_until(app, top_is(app, TableScene))
    assert table.model.names == ["Anna", "Cli"]
    state: dict = {}
    run_until(app, top_is(app, ResultsScene), 60, lambda: play(app, table, state))
    assert state[0] > 0
    assert peer.finish(20) == 0
    peer.wait_for(r"^Game over")
    winners = peer.wait_for(r"^Winner: (.*)").group(1)
    results = app.top
    assert winners == " and ".join(f"P{w + 1} {results.standings.names[w]}" for w in results.standings.winners)
    frames(app, 40)
    shoot(app, "lan_party_window_host_results")


@pytest.mark.timeout(90)
def test_a_command_line_host_and_a_window_peer_joined_by_typed_address(make_app, spawn):
    host = spawn("host", "--game", "die_mauer", "--players", "2", "--bots", "1", "--port", "0",
                 "--interface", "127.0.0.1", "--no-advertise", "--option", "rounds=1", "--bot-delay", "0.05",
                 "--name", "Kitchen")
    port = int(host.wait_for(r"on port (\d+)").group(1))
    app = make_app()
    app.settings.animation = "fast"
    app.flow.start_title(app)
    app.flow.join()
    join = app.top
    labels = [item.text() for item in join.menu.items]
    click(app, join.menu.rects[labels.index("Type an address")].center)
    frames(app, 2)
    prompt = app.top
    assert isinstance(prompt, AddressScene) and app.input.text_input
    for bad, words in (("127.0.0.1:port", "must be a number"), ("kitchen table", "neither a host name"),
                       ("[::1", "does not close")):
        for letter in bad:
            post(pygame.TEXTINPUT, text=letter)
        key("return")
        frames(app, 1)
        assert app.top is prompt and words in prompt.problem, prompt.problem
        if bad == "kitchen table":
            shoot(app, "lan_party_address_bad")
        prompt.text = ""
    for letter in f"127.0.0.1:{port}":
        post(pygame.TEXTINPUT, text=letter)
    frames(app, 1)
    shoot(app, "lan_party_address_typed")
    key("return")
    table = run_until(app, top_is(app, TableScene))
    assert app.settings.data["address"] == f"127.0.0.1:{port}"  # offered again next time
    (seat,) = table.choosers
    (kept,) = RejoinBook().entries()
    assert kept["port"] == port and kept["seat"] == seat and kept["game"] == "die_mauer"
    run_until(app, top_is(app, ResultsScene), 60, lambda: play(app, table))
    assert host.finish(20) == 0
    host.wait_for(r"^Winner: ")
    assert RejoinBook().entries() == []  # the game is over: nothing left to rejoin
    frames(app, 40)
    shoot(app, "lan_party_window_peer_results")


@pytest.mark.timeout(60)
def test_a_port_0_window_host_answers_on_every_address_it_advertises(make_app, monkeypatch):
    """IPv4 and IPv6 on one port: what the lobby shows and zeroconf announces is what answers."""
    from netplay.discovery import HostBrowser, parse_address

    monkeypatch.setenv("SPIELABEND_INTERFACES", "127.0.0.1,::1")
    app, lobby = host_window(make_app, [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)],
                             advertise=True)
    server = lobby.hosted.handle.server
    assert server.interfaces == ["127.0.0.1", "::1"]  # the window honours the interface choice
    assert lobby.hosted.addresses() == [f"127.0.0.1:{server.port}", f"[::1]:{server.port}"]
    frames(app, 3)
    shoot(app, "lan_party_lobby_addresses")
    browser = HostBrowser(interfaces=["127.0.0.1", "::1"]).start()
    try:
        deadline = time.monotonic() + 10
        entries = []
        while not entries and time.monotonic() < deadline:
            entries = [h for h in browser.hosts() if h["name"] == lobby.hosted.name and h["port"] == server.port]
            time.sleep(0.05)
        (entry,) = entries
    finally:
        browser.close()
    advertised = {(a, entry["port"]) for a in entry["addresses"]} | {parse_address(a) for a in lobby.hosted.addresses()}
    assert {address for address, _ in advertised} == {"127.0.0.1", "::1"}
    for address, port in sorted(advertised):
        peer = RawPeer(port, address=address)  # connects and reads the host's challenge
        assert peer.challenge["t"] == "challenge"
        peer.close()
    lobby.close()


def test_the_interface_chosen_in_settings_is_where_the_window_hosts(make_app, monkeypatch):
    monkeypatch.delenv("SPIELABEND_INTERFACES")
    app = make_app()
    app.settings.data["interface"] = "127.0.0.1"
    app.flow.start_title(app)
    lobby = host_lobby(app, "die_mauer", [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)], {})
    assert lobby.error is None and lobby.hosted.handle.server.interfaces == ["127.0.0.1"]
    assert lobby.hosted.addresses() == [f"127.0.0.1:{lobby.hosted.handle.port}"]
    lobby.close()
    app.settings.data["interface"] = "192.0.2.254"  # not this computer's (TEST-NET-1): said, not raised
    lobby = host_lobby(app, "die_mauer", [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)], {})
    frames(app, 3)
    assert lobby.hosted is None and "192.0.2.254" in lobby.error and "Settings" in lobby.error
    shoot(app, "lan_party_lobby_bad_interface")
    monkeypatch.setenv("SPIELABEND_INTERFACES", "127.0.0.1,lan")
    app.pop()
    app.flow.join()
    frames(app, 2)
    assert "SPIELABEND_INTERFACES is wrong" in app.top.error and "'lan'" in app.top.error


def join_screen_finding(make_app, tables: list[tuple[str, int, int, int, str]]):
    """A join screen whose browser finds ``tables`` (name, port, open, taken, phase)."""

    class Browser:
        def hosts(self):
            return [{"name": name, "address": "127.0.0.1", "port": port, "game": "die_mauer", "seats_open": open_,
                     "seats_taken": taken, "phase": phase, "password": False, "version": PROTOCOL_VERSION}
                    for name, port, open_, taken, phase in tables]

        def close(self):
            pass

    app = make_app()
    app.flow.start_title(app)
    join = JoinScene(app, browse=False)
    join.browser = Browser()
    app.push(join)
    frames(app, 3)
    return app, join


def test_full_and_playing_tables_are_marked_and_not_joined(make_app):
    app, join = join_screen_finding(make_app, [("Open", 9, 1, 1, "lobby"), ("Full", 9, 0, 4, "lobby"),
                                               ("Busy", 9, 0, 3, "playing")])
    labels = [item.text() for item in join.menu.items]
    assert "open" in labels[0] and "full: not joinable" in labels[1] and "playing: not joinable" in labels[2]
    shoot(app, "lan_party_join_marks")
    for index, words in ((1, "Full is full"), (2, "Busy is already playing")):
        click(app, join.menu.rects[index].center)
        frames(app, 2)
        assert app.top is join  # not joined
        assert any(words in toast.words for toast in app.toasts.toasts)


@pytest.mark.timeout(120)
def test_a_peer_drops_the_host_hands_its_seat_to_a_bot_and_the_peer_rejoins_from_its_join_screen(
        make_app, spawn, tmp_path):
    """Two windows in two processes: this one hosts; the peer (tests/client/window_peer.py)
    joins by typed address, plays, leaves; the host sees the seat away, hands it to a bot
    from the pause menu, the bot plays it; the peer rejoins from its join screen and
    takes the seat back; both play to the results."""
    shots = SCREENSHOTS / "lan_party_two_windows"
    shots.mkdir(parents=True, exist_ok=True)
    app, lobby = host_window(make_app, [SeatPlan("Anna", "keys2", 0), SeatPlan("", "open", 1)])
    app.settings.animation = "instant"  # two windows on a busy machine: no time spent pacing
    port = lobby.hosted.handle.port
    host = lobby.hosted.host
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "peer-data"), XDG_CONFIG_HOME=str(tmp_path / "peer-config"),
               PYTHONPATH=str(ROOT), SPIELABEND_INTERFACES="127.0.0.1", SPIELABEND_SHOTS=str(shots),
               SPIELABEND_ANIMATION="instant")
    peer = subprocess.Popen([sys.executable, "-m", "tests.client.window_peer", f"127.0.0.1:{port}", "1"], cwd=ROOT,
                            env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(line.rstrip() for line in peer.stdout), daemon=True).start()

    def said(prefix):
        return lambda: next((line for line in lines if line.startswith(prefix)), None)

    try:
        table = run_until(app, top_is(app, TableScene), 30)
        state: dict = {}
        run_until(app, said("LEFT"), 60, lambda: play(app, table, state))
        assert "goes on without you" in next(line for line in lines if line.startswith("PROMPT"))
        run_until(app, lambda: 1 in table.away_since)
        frames(app, 90, dt=1 / 30)  # three seconds away
        assert table.away_words(1).startswith("away 0:0")
        assert table.game.seat_status(1)[0] != "thinking..."  # an away player is not said to think
        shoot(app, "lan_party_host_sees_away")
        moves_before = sum(1 for seat, _ in host.log if seat == 1)
        key("escape")
        frames(app, 2)
        pause = app.top
        assert isinstance(pause, PauseScene)
        labels = [item.text() for item in pause.menu.items]
        index = next(i for i, label in enumerate(labels) if label.startswith("Let a bot play for "))
        for _ in range(index):
            key("down")
        frames(app, 1)
        shoot(app, "lan_party_host_pause_hand_to_bot")
        key("return")
        run_until(app, lambda: host.seats[1].robot == "normal")
        # the table learns it from the host's next lobby message
        run_until(app, lambda: pause.menu.items[index].text().startswith("Stop the bot"))
        key("escape")
        run_until(app, lambda: sum(1 for seat, _ in host.log if seat == 1) > moves_before, 30,
                  lambda: play(app, table, state))  # the bot plays the seat: the game goes on
        run_until(app, lambda: "a bot plays" in (table.away_words(1) or ""))
        shoot(app, "lan_party_host_bot_plays")
        peer.stdin.write("REJOIN\n")
        peer.stdin.flush()
        back = run_until(app, said("BACK"), 30, lambda: play(app, table, state))
        assert back == "BACK 1"
        run_until(app, lambda: host.seats[1].robot is None and 1 not in table.away_since, 30,
                  lambda: play(app, table, state))
        assert any("is back" in toast.words for toast in app.toasts.toasts)
        run_until(app, top_is(app, ResultsScene), 90, lambda: play(app, table, state))
        assert peer.wait(30) == 0, lines[-10:]
        assert "RESULTS" in lines
    finally:
        if peer.poll() is None:
            peer.kill()
            peer.wait(5)


@pytest.mark.timeout(60)
def test_a_kept_seat_is_offered_and_a_stale_one_forgotten(make_app):
    """The join screen offers "Rejoin" for a kept token; a table that no longer knows it
    says so in words, and the seat is not offered again."""
    from netplay.host import Host
    from netplay.server import serve_in_thread

    host = Host("die_mauer", 2, seats=[{"kind": "bot"}, {"kind": "remote"}], bot_delay=0.05)
    handle = serve_in_thread(host, port=0, name="Den", interfaces=["127.0.0.1"], advertise=False)
    try:
        RejoinBook().remember("Den", "die_mauer", "127.0.0.1", handle.port, 1, "Zoe", "0" * 32)
        app = make_app()
        app.flow.start_title(app)
        app.flow.join()
        join = app.top
        # not advertised, so not seen on the LAN: offered, and marked offline
        assert join.menu.items[0].text() == "Rejoin Den  -  Die Mauer  -  as Zoe  (offline: not seen on the LAN)"
        click(app, join.menu.rects[0].center)
        wait = run_until(app, lambda: app.top if isinstance(app.top, JoinWaitScene) and app.top.ended else None)
        assert "no longer has your seat" in wait.status
        shoot(app, "lan_party_rejoin_stale")
        assert RejoinBook().entries() == []
        key("escape")
        frames(app, 2)
        assert not app.top.menu.items[0].text().startswith("Rejoin")
    finally:
        handle.close()


def test_the_leave_prompts_say_what_really_happens(make_app):
    from tests.client.conftest import local_table

    app = make_app()
    table = local_table(app, [("Anna", "keys1"), ("Ben", "bot:easy")], seed=3)
    frames(app, 3)
    key("escape")
    frames(app, 2)
    click(app, app.top.menu.rects[[i.text() for i in app.top.menu.items].index("Leave the game")].center)
    frames(app, 2)
    assert isinstance(app.top, ConfirmScene)
    assert "It is saved: Continue on the title screen" in app.top.question
    shoot(app, "lan_party_leave_local")
    app.pop()
    app.pop()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 2)
    assert isinstance(app.top, ConfirmScene) and "It is saved" in app.top.question
    app.pop()
    hosted, table.hosting = table.hosting, None  # as a joined table has it: before and after the host is gone
    assert "The game goes on without you" in app.flow.leave_words(table)
    table.model.goodbye = "the host closed the table"
    assert "no longer connected to it; your seat is kept" in app.flow.leave_words(table)
    table.hosting = hosted
    app.flow.leave_table(table)
    lobby = host_lobby(app, "die_mauer", [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)], {})
    save = lobby.hosted.host.save_path
    assert save.exists()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 2)
    assert "players who joined are sent away" in app.top.question
    app.pop()
    lobby.close()
    assert not save.exists()  # a table closed before its game began leaves nothing to continue


@pytest.mark.timeout(60)
def test_a_seat_left_in_the_lobby_is_not_offered_again(make_app):
    """Leaving a table before it starts frees the seat: its token is not kept to rejoin."""
    from netplay.host import Host
    from netplay.server import serve_in_thread

    host = Host("die_mauer", 3, seats=[{"kind": "bot"}, {"kind": "remote"}, {"kind": "remote"}], bot_delay=0.05,
                meta={"table": "Den"})
    handle = serve_in_thread(host, port=0, name="Den", interfaces=["127.0.0.1"], advertise=False)
    try:
        app = make_app()
        app.flow.start_title(app)
        app.flow.connect({"address": "127.0.0.1", "port": handle.port, "name": f"127.0.0.1:{handle.port}"}, "Zoe")
        wait = run_until(app, lambda: app.top if isinstance(app.top, JoinWaitScene) and app.top.lobby else None)
        assert [seat["name"] for seat in RejoinBook().entries()] == ["Zoe"]  # kept as soon as it is given
        key("escape")
        frames(app, 2)
        assert app.top is not wait
        assert RejoinBook().entries() == []
        run_until(app, lambda: not host.seats[1].taken)
    finally:
        handle.close()


def test_a_seat_joined_by_typed_address_is_shown_once_under_its_tables_name(make_app):
    """The browser finds the table a kept seat was reached at by a typed address: one row,
    "Rejoin" under the name the table has on the LAN, reaching it where the browser says."""

    RejoinBook().remember("127.0.0.1:5000", "die_mauer", "127.0.0.1", 5000, 1, "Zoe", "0" * 32)
    app, join = join_screen_finding(make_app, [("Den", 5000, 0, 2, "playing"), ("Attic", 5001, 1, 1, "lobby")])
    labels = [item.text() for item in join.menu.items]
    assert labels[:2] == ["Rejoin Den  -  Die Mauer  -  as Zoe", "Attic  -  Die Mauer  -  1 open, 1 taken"]
    assert not any(label.startswith("Den") for label in labels)
    assert join.rejoin_entry(RejoinBook().entries()[0])["name"] == "Den"


@pytest.mark.timeout(60)
def test_a_resting_lobby_draws_a_player_who_joins(make_app, monkeypatch):
    """The window rests when nobody touches it; a peer sitting down is still drawn."""
    app, lobby = host_window(make_app, [SeatPlan("Anna", "keys2", 0), SeatPlan("", "open", 1),
                                        SeatPlan("", "open", 2)])
    try:
        frames(app, 300, dt=1 / 30)  # ten seconds without input: the lobby is at rest
        assert app.resting() and not app.dirty
        drawn = []
        monkeypatch.setattr(app, "present", lambda: drawn.append(lobby.lobby))
        peer = RawPeer(lobby.hosted.handle.port)
        peer.hello("Zoe")
        try:
            run_until(app, lambda: any(seat.get("name") == "Zoe" for seat in (drawn[-1] or {}).get("seats", []))
                      if drawn else None, 20)
        finally:
            peer.close()
    finally:
        lobby.close()
