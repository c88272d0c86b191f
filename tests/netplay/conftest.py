"""Fixtures for the netplay tests: hosts served on 127.0.0.1 only, and peers that play.

Every server, peer and wait here is bounded and stops by itself.
"""

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import msgpack
import pytest

import netplay.discovery
from engines import events_for, new_game
from netplay.host import Host
from netplay.peer import RemoteSession
from netplay.phones import serve_phones_in_thread
from netplay.protocol import PROTOCOL_VERSION, TO_PEER, FrameDecoder, password_proof
from netplay.saves import read_save
from netplay.server import serve_in_thread
from tests.phone_browser import Browsers, browser_or_skip

LOOPBACK = "127.0.0.1"
LOOPBACK_INTERFACES = (["127.0.0.1"], ["127.0.0.1", "::1"], ["::1"])
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _private_data_dir_and_loopback_only(tmp_path, monkeypatch):
    """Nothing a test does may write to the real home directory, or speak multicast DNS
    anywhere but on loopback, 127.0.0.1 (and ::1) (a command run without --interface
    falls back to the environment, which says 127.0.0.1 too)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("SPIELABEND_INTERFACES", "127.0.0.1")
    real_zeroconf = netplay.discovery._zeroconf

    def loopback_zeroconf(interfaces):
        assert interfaces in LOOPBACK_INTERFACES, f"a test used zeroconf on {interfaces!r}"
        return real_zeroconf(interfaces)

    monkeypatch.setattr(netplay.discovery, "_zeroconf", loopback_zeroconf)


@pytest.fixture
def serve():
    """serve(host, **options) -> ServerHandle on 127.0.0.1 (or ::1); closed after the test."""
    handles = []

    def start(host, **options):
        options.setdefault("advertise", False)
        options.setdefault("check_outgoing", True)  # every message the host sends must fit the schema
        options.setdefault("interfaces", ["127.0.0.1"])
        assert options["interfaces"] in LOOPBACK_INTERFACES
        handle = serve_in_thread(host, **options)
        handles.append(handle)
        return handle

    yield start
    for handle in handles:
        handle.close()


@pytest.fixture
def phone_table(serve):
    """phone_table(game_id, seats, seed, options, bot_delay=0) -> (host, its phone service) on
    127.0.0.1; both closed after the test."""
    services = []

    def start(game_id, seats, seed, options, bot_delay=0.0):
        host = Host(game_id, len(seats), seed=seed, options=options, seats=seats, bot_delay=bot_delay)
        handle = serve(host)
        service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"])
        services.append(service)
        return host, service

    yield start
    for service in services:
        service.close()


@pytest.fixture
def connect():
    """connect(port, name, **options) -> RemoteSession to 127.0.0.1; closed after the test."""
    sessions = []

    def open_session(port, name="peer", **options):
        session = RemoteSession(LOOPBACK, port, name, **options)
        sessions.append(session)
        return session

    yield open_session
    for session in sessions:
        session.close()


def drive(pairs, until, timeout=20.0, act=True):
    """Poll (session, SeatPlayer) pairs, letting each play its bot, until ``until()``.

    Bounded by ``timeout`` seconds; fails the test when it runs out.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for session, player in pairs:
            player.absorb(session.poll())
            now = time.monotonic()
            if act and player.may_act(now):
                player.sent(session.send(player.bot_action()), now)
        if until():
            return
        time.sleep(0.002)
    raise AssertionError("timed out waiting for the game")


def caught_up(host, players):
    """A check for `drive`: the game is over and every player holds its final view."""
    return lambda: host.is_over() and all(
        p.last_update is not None and p.last_update["view"] == host.state.view(p.seat) for p in players)


def seated(session, player, timeout=10.0):
    """Wait until ``session`` is seated (its welcome arrived); returns the seat."""
    session.wait_welcome(timeout)
    player.absorb(session.poll())
    return player.seat


def expected_updates(game_id, players, seed, options, log, seat):
    """Every update the one filter allows for ``seat``: the start, then one per action."""
    state = new_game(game_id, players, seed, **options)
    updates = [{"t": "update", "events": [], "view": state.view(seat), "legal": state.legal_actions(seat), "n": 0}]
    for n, (player, action) in enumerate(log, 1):
        events = state.apply(player, action)
        updates.append({"t": "update", "events": events_for(events, seat), "view": state.view(seat),
                        "legal": state.legal_actions(seat), "n": n})
    return updates


def saved_log(path, host):
    """The actions in the save at ``path``; written ahead, it already holds all of the host's."""
    saved = read_save(path)
    assert saved.log == host.log and saved.dropped is None
    return saved


def decode_all(chunks):
    """Every message in the bytes a peer received, strictly decoded."""
    return FrameDecoder(TO_PEER).feed(b"".join(chunks))


class RawPeer:
    """A hand-made client for sending exactly the bytes a test wants."""

    def __init__(self, port, challenge=True, receive_buffer=None, source=None, address=LOOPBACK):
        """Connects to ``address`` (127.0.0.1 or ::1) at ``port`` and reads the challenge
        (unless ``challenge`` is False); ``receive_buffer`` shrinks the socket's receive
        buffer; ``source`` is the loopback address to connect from (say 127.0.0.7)."""
        self.sock = socket.socket(socket.AF_INET6 if ":" in address else socket.AF_INET, socket.SOCK_STREAM)
        if receive_buffer is not None:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        if source is not None:
            self.sock.bind((source, 0))
        self.sock.settimeout(5)
        self.sock.connect((address, port))
        self.decoder = FrameDecoder(TO_PEER)
        self.inbox = []
        self.seen = []  # messages already returned by read_until
        self.challenge = None
        if challenge:
            (self.challenge,) = self.read_until(lambda m: m["t"] == "challenge")

    def read_until(self, predicate, timeout=5.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for i, message in enumerate(self.inbox):
                if predicate(message):
                    found, self.inbox = self.inbox[: i + 1], self.inbox[i + 1:]
                    self.seen += found
                    return [found[-1]]
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                data = self.sock.recv(65536)
            except TimeoutError:
                break
            if not data:
                break
            self.inbox += self.decoder.feed(data)
        raise AssertionError(f"no such message; got {[m['t'] for m in self.inbox]}, last {self.inbox[-2:]}")

    def closed_by_host(self, timeout=5.0) -> bool:
        self.sock.settimeout(timeout)
        try:
            while True:
                data = self.sock.recv(65536)
                if not data:
                    return True
                self.inbox += self.decoder.feed(data)
        except ConnectionResetError:  # closed by the host with our bytes still unread
            return True
        except TimeoutError:
            return False

    def send_raw(self, data: bytes):
        self.sock.sendall(data)

    def send(self, message):
        self.send_raw(len(body := msgpack.packb(message)).to_bytes(4, "big") + body)

    def hello(self, name="raw", token=None, password=None, version=PROTOCOL_VERSION):
        self.send({"t": "hello", "version": version, "name": name,
                   "proof": password_proof(password, self.challenge["nonce"]), "token": token})

    def close(self):
        self.sock.close()


class Proc:
    """A spielabend process whose output lines are read by a thread (never blocking us)."""

    def __init__(self, *argv, env):
        self.popen = subprocess.Popen([sys.executable, "-m", "client", *argv], cwd=ROOT, env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                      stdin=subprocess.DEVNULL, start_new_session=True)
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self):
        for line in self.popen.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, pattern, timeout=20.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.lines):
                match = re.search(pattern, line)
                if match:
                    return match
            if self.popen.poll() is not None and not self._reader.is_alive():
                break
            time.sleep(0.02)
        raise AssertionError(f"no {pattern!r} in output: {self.lines[-20:]}")

    def finish(self, timeout=30.0) -> int:
        try:
            code = self.popen.wait(timeout)
        finally:
            self.kill()
        self._reader.join(5.0)
        return code

    def kill(self):
        """Kill it and whatever it started (a relay's nats-server): its whole session."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.popen.pid, signal.SIGKILL)
        if self.popen.poll() is None:
            self.popen.kill()
        self.popen.wait(5)


@pytest.fixture
def cli_env(tmp_path):
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), PYTHONPATH=str(ROOT),
               SPIELABEND_INTERFACES=LOOPBACK, SDL_VIDEODRIVER="dummy")
    procs = []

    def spawn(*argv):
        proc = Proc(*argv, env=env)
        procs.append(proc)
        return proc

    yield spawn
    for proc in procs:
        proc.kill()


@contextlib.contextmanager
def descriptors(needed):
    """Raise this process's descriptor limit to ``needed`` (bounded by the hard limit)
    for the block, then put it back."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < needed:
        pytest.skip(f"needs {needed} file descriptors; the hard limit is {hard}")
    if soft != resource.RLIM_INFINITY and soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@pytest.fixture
def browsers():
    """Headless Chromium pages for phones (the tests that use it skip, saying why, without one)."""
    found = Browsers(*browser_or_skip())
    yield found
    found.close_all()
