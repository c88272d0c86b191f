"""How netplay fits together: no pygame, local seats beside LAN seats, heartbeats."""

import socket
import subprocess
import sys
import time

import pytest

import netplay.peer
from client.cli.net import main
from client.cli.seat_player import SeatPlayer
from netplay.host import Host

from .conftest import caught_up, drive, seated

pytestmark = pytest.mark.timeout(60)


def test_netplay_never_imports_pygame():
    code = (
        "import sys, netplay.host, netplay.session, netplay.protocol, netplay.server, netplay.peer, "
        "netplay.discovery, client.cli.net, netplay.saves, client.cli.seat_player, client.cli.relay\n"
        "assert not [m for m in sys.modules if m.startswith('pygame')], 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_local_seat_plays_beside_a_lan_peer(serve, connect):
    host = Host("die_mauer", 3, seed=2, options={"rounds": 1},
                seats=[{"kind": "local"}, {"kind": "remote"}, {"kind": "bot"}], bot_delay=0.0)
    local = host.session(0)
    handle = serve(host)
    remote, peer = connect(handle.port, "Zoe"), SeatPlayer(1)
    assert seated(remote, peer) == 1
    me = SeatPlayer(2)
    now = host.now
    host.tick(now + 1000.0)  # from a foreign thread: ignored, the server owns the clock
    assert host.now < now + 1000.0
    # the local session's calls are handed to the server's loop; its inbox is thread-safe
    drive([(local, me), (remote, peer)], caught_up(host, [me, peer]), timeout=30)
    assert me.seat == 0 and me.rejected == [] and peer.rejected == []


def test_heartbeats_measure_the_round_trip_and_keep_a_seat_present(serve, connect, monkeypatch):
    monkeypatch.setattr(netplay.peer, "PING_EVERY", 0.05)
    host = Host("die_mauer", 2, seats=[{"kind": "remote"}, {"kind": "bot"}], bot_delay=60.0)
    handle = serve(host)
    session = connect(handle.port, "Ada")
    session.wait_welcome()
    heard = host.seats[0].last_heard
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and (session.clock.rtt is None or host.seats[0].last_heard == heard):
        time.sleep(0.02)
    assert session.clock.rtt is not None and 0 <= session.clock.rtt < 5  # loopback, but a busy machine
    assert session.clock.offset is not None
    assert host.seats[0].last_heard > heard and not host.seats[0].away


@pytest.mark.timeout(30)
def test_browse_lists_a_table(serve, capsys):
    host = Host("die_mauer", 2, seats=[{"kind": "remote"}, {"kind": "bot"}])
    handle = serve(host, name="Den", advertise=True)
    assert main(["browse", "--interface", "127.0.0.1", "--seconds", "3"]) == 0  # found in ms; slack for a busy CI
    out = capsys.readouterr().out
    assert f"+ Den  127.0.0.1:{handle.port}  die_mauer  1 taken, 1 open  lobby" in out


def test_a_silent_host_is_given_up(connect, monkeypatch):
    monkeypatch.setattr(netplay.peer, "PING_EVERY", 0.05)
    monkeypatch.setattr(netplay.peer, "HOST_SILENT", 0.3)
    with socket.socket() as mute:  # accepts the connection, then never says a word
        mute.bind(("127.0.0.1", 0))
        mute.listen()
        session = connect(mute.getsockname()[1], "Ada")
        deadline = time.monotonic() + 5
        messages = []
        while time.monotonic() < deadline and not messages:
            messages = session.poll()
            time.sleep(0.02)
        assert messages == [{"t": "bye", "reason": "the host stopped answering for 0.3 seconds",
                             "say": "the host stopped answering for {seconds} seconds", "data": {"seconds": 0.3}}]
