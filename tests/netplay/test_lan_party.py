"""Issue 12 on the netplay side: every listener of a host on one port (what is advertised
answers, on every address), typed addresses read in words, away seats handed to a bot and
taken back, a table's name kept through a save, damaged saves said in words."""

import asyncio
import errno
import json
import secrets
import time
from types import SimpleNamespace

import pytest

from client.cli.net import make_host
from netplay.discovery import HostBrowser, parse_address
from netplay.errors import SaveError
from netplay.host import AWAY_AFTER, Host
from netplay.saves import read_save, record_line, summarize

from .conftest import LOOPBACK, RawPeer, seated

pytestmark = pytest.mark.timeout(60)


def wait_for(check, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    return check()


def test_spielabend_host_on_port_0_answers_on_every_address_it_advertises(cli_env):
    table = f"Port zero {secrets.token_hex(3)}"
    host = cli_env("host", "--game", "die_mauer", "--players", "2", "--bots", "1", "--port", "0",
                   "--interface", "127.0.0.1", "--interface", "::1", "--name", table)
    match = host.wait_for(r"on port (\d+) \((.*)\); waiting")
    port, shown = int(match.group(1)), match.group(2).split(", ")
    assert shown == [f"127.0.0.1:{port}", f"[::1]:{port}"]
    browser = HostBrowser(interfaces=["127.0.0.1", "::1"]).start()
    try:
        (entry,) = wait_for(lambda: [h for h in browser.hosts() if h["name"] == table], 10)
    finally:
        browser.close()
    assert entry["port"] == port and sorted(entry["addresses"]) == ["127.0.0.1", "::1"]
    for address in entry["addresses"] + [parse_address(text)[0] for text in shown]:
        peer = RawPeer(port, address=address)  # answers with its challenge: it listens there
        assert peer.challenge["version"] >= 1
        peer.close()
    host.kill()


def test_port_0_draws_another_port_when_one_family_has_it_taken(serve, monkeypatch):
    """::1 refusing the port 127.0.0.1 was given must not leave the host on two ports."""
    loop_class = asyncio.SelectorEventLoop
    real = loop_class.create_server
    refused = []

    async def create_server(self, factory, host=None, port=None, **kwargs):
        if host == "::1" and not refused:
            refused.append(port)
            raise OSError(errno.EADDRINUSE, "Address already in use")
        return await real(self, factory, host, port, **kwargs)

    monkeypatch.setattr(loop_class, "create_server", create_server)
    handle = serve(Host("die_mauer", 2, seats=[{"kind": "remote"}, {"kind": "bot"}]), port=0,
                   interfaces=["127.0.0.1", "::1"])
    assert refused and refused[0] != 0
    ports = {sock.getsockname()[1] for server in handle.server._servers for sock in server.sockets}
    assert ports == {handle.port}
    for address in ("127.0.0.1", "::1"):
        RawPeer(handle.port, address=address).close()


@pytest.mark.parametrize(("text", "expected"), [
    ("kitchen", ("kitchen", 47474)), ("kitchen.local:5000", ("kitchen.local", 5000)),
    ("192.168.1.20", ("192.168.1.20", 47474)), (" 192.168.1.20:5000 ", ("192.168.1.20", 5000)),
    ("fd00::2", ("fd00::2", 47474)), ("[fd00::2]:5000", ("fd00::2", 5000)), ("[::1]", ("::1", 47474)),
    ("fe80::1%eth0", ("fe80::1%eth0", 47474)),
])
def test_typed_addresses(text, expected):
    assert parse_address(text) == expected


@pytest.mark.parametrize(("text", "words"), [
    ("", "type the host's address"), ("kitchen table", "neither a host name nor an IP address"),
    ("192.168.1", "neither a host name nor an IP address"), ("host:", "ends in a colon without a port"),
    ("host:http", "must be a number, not 'http'"), ("host:0", "between 1 and 65535"),
    ("[fd00::2", "does not close it"), ("[fd00::2]5000", "only a colon and a port"),
    ("[10.0.0.1]:5", "not an IPv6 address"), ("fd00::zz", "is not an IPv6 address"), ("-bad-:1", "neither"),
])
def test_bad_typed_addresses_are_said_in_words(text, words):
    with pytest.raises(ValueError, match=words):
        parse_address(text)


def test_an_away_seat_is_handed_to_a_bot_taken_back_and_returned(serve, connect):
    from client.cli.seat_player import SeatPlayer

    host = Host("die_mauer", 2, seats=[{"kind": "remote"}, {"kind": "remote"}], bot_delay=0.0,
                options={"rounds": 1})
    handle = serve(host)
    ada, bo = connect(handle.port, "Ada"), connect(handle.port, "Bo")
    players = {0: SeatPlayer(bot_seed=1), 1: SeatPlayer(bot_seed=2)}
    sessions = {seated(ada, players[0]): ada, seated(bo, players[1]): bo}
    token = sessions[1].token
    name = "Ada" if sessions[1] is ada else "Bo"  # seats go in the order the host hears the two
    assert wait_for(lambda: host.phase == "playing", 5)
    sessions[1].close()
    assert wait_for(lambda: host.seats[1].away, 5) and host.away_seconds(1) is not None
    with pytest.raises(ValueError, match="no seat"):
        host.hand_to_bot(7)
    handle.call(lambda: host.hand_to_bot(1))
    assert wait_for(lambda: host.lobby_message()["seats"][1]["kind"] == "bot", 5)
    handle.call(lambda: host.take_back(1))  # the host changes its mind: the seat waits again
    assert wait_for(lambda: host.seats[1].robot is None, 5)
    assert host.lobby_message()["seats"][1] == {"name": name, "kind": "human", "ready": False, "away": True,
                                                    "via": "lan"}
    host.bot_after = 0.0  # as --bot-after 0: the next tick hands it over by itself
    assert wait_for(lambda: host.seats[1].robot == "normal", 5)
    back = connect(handle.port, name, token=token)
    assert back.wait_welcome(5) == 1
    assert wait_for(lambda: host.seats[1].robot is None and not host.seats[1].away, 5)
    assert host.away_seconds(1) is None


def test_away_seconds_count_on_the_hosts_clock():
    host = Host("die_mauer", 2, seats=[{"kind": "remote"}, {"kind": "bot"}], bot_delay=0.0)
    seat = host.seats[0]
    seat.taken = seat.connected = True
    seat.last_heard = 0.0
    host.tick(1.0)
    assert host.away_seconds(0) is None
    host.tick(AWAY_AFTER + 1.5)
    host.tick(AWAY_AFTER + 4.0)
    assert host.away_seconds(0) == pytest.approx(2.5)


def test_a_resumed_host_keeps_its_tables_name(tmp_path, capsys):
    save = tmp_path / "den.save"
    args = SimpleNamespace(resume=None, game="die_mauer", players=2, bots=1, seed=None, option=[],
                           bot_strength="easy", bot_delay=0.0, save=str(save), name="Den")
    make_host(args).close_save()
    assert read_save(save).head["meta"]["table"] == "Den"
    resumed = make_host(SimpleNamespace(resume=str(save), bot_delay=0.0, save=None, name=None))
    assert resumed.table_name == "Den"
    resumed.close_save()
    renamed = make_host(SimpleNamespace(resume=str(save), bot_delay=0.0, save=None, name="Attic"))
    assert renamed.table_name == "Attic"
    renamed.close_save()


def test_meta_and_the_end_are_in_the_save(tmp_path):
    path = tmp_path / "g.save"
    host = Host("die_mauer", 2, seats=[{"kind": "bot"}] * 2, bot_delay=0.0, save_path=path,
                options={"rounds": 1}, meta={"origin": "window", "devices": ["bot:normal"] * 2})
    assert not summarize(path).finished and summarize(path).started
    host.tick(0.0)
    host.tick(1.0)
    assert host.is_over()
    summary = summarize(path)
    assert summary.finished and summary.meta["origin"] == "window" and summary.actions == len(host.log)
    assert Host.resume(path).meta == {"origin": "window", "devices": ["bot:normal"] * 2}


def head_with(path, **changes):
    host = Host("die_mauer", 2, seats=[{"kind": "bot"}] * 2, save_path=path)
    host.close_save()
    lines = path.read_bytes().split(b"\n")
    head = json.loads(lines[0][9:])
    head.update(changes)
    for key in [k for k, v in changes.items() if v is ...]:
        del head[key]
    path.write_bytes(b"\n".join([record_line(json.dumps(head)).rstrip(b"\n")] + lines[1:]))


@pytest.mark.parametrize(("changes", "words"), [
    ({"game": None}, "this save is damaged: its header names no game"),
    ({"game": ...}, "this save is damaged: its header names no game"),
    ({"game": "chess"}, "this save is of a game called 'chess', which this Spielabend does not have"),
    ({"players": "two"}, "its header has no number of players"),
    ({"seed": None}, "its header has no seed"),
    ({"seats": [{"kind": "bot"}]}, "its header does not list the seats"),
    ({"players": 9}, "its header does not list the seats"),
    ({"options": {"rounds": 99}}, "cannot be continued: its game cannot be set up again (option rounds"),
])
def test_a_save_with_a_broken_head_is_said_in_words(tmp_path, changes, words, capsys):
    from client.cli.net import main

    path = tmp_path / "broken.save"
    head_with(path, **changes)
    with pytest.raises(SaveError) as error:
        Host.resume(path)
    assert words in error.value.reason and "None" not in error.value.reason
    assert main(["host", "--resume", str(path), "--port", "0", "--interface", LOOPBACK, "--no-advertise"]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "unknown game" not in err
