"""A peer against a hostile host on 127.0.0.1: trickled bytes, a flood of messages."""

import contextlib
import socket
import threading
import time

import pytest

import netplay.peer
from netplay.protocol import PROTOCOL_VERSION, TO_PEER, encode

from .conftest import LOOPBACK

pytestmark = pytest.mark.timeout(30)

CHALLENGE = encode({"t": "challenge", "version": PROTOCOL_VERSION, "nonce": "00", "password": False}, TO_PEER)
WELCOME = encode({"t": "welcome", "seat": 0, "token": "t"}, TO_PEER)


class HostileHost:
    """Accepts one peer on 127.0.0.1, greets it, then runs ``behave(sock, stop)`` in a
    thread until the test ends (bounded by ``seconds``)."""

    def __init__(self, behave, seconds=20.0):
        self.listener = socket.create_server((LOOPBACK, 0))
        self.listener.settimeout(seconds)
        self.port = self.listener.getsockname()[1]
        self.stop = threading.Event()
        self.sent = 0
        self._behave, self._seconds = behave, seconds
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self):
        with contextlib.suppress(OSError):
            sock, _ = self.listener.accept()
            with sock:
                sock.sendall(CHALLENGE + WELCOME)
                self._behave(self, sock, time.monotonic() + self._seconds)

    def close(self):
        self.stop.set()
        self._thread.join(10.0)
        self.listener.close()


@contextlib.contextmanager
def seated_at(behave, connect):
    """A session welcomed by a `HostileHost` that then does ``behave``."""
    host = HostileHost(behave)
    try:
        session = connect(host.port, "Ada")
        assert session.wait_welcome(5.0) == 0
        yield session, host
    finally:
        host.close()


def wait_for_bye(session, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        byes = [m for m in session.poll() if m["t"] == "bye"]
        if byes:
            return byes[0]
        time.sleep(0.02)
    return None


def trickle(host, sock, deadline):
    """Begins a frame and sends one byte of it every 50 ms, for ever."""
    sock.sendall((60_000).to_bytes(4, "big"))
    while not host.stop.is_set() and time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            sock.sendall(b"\x00")
        time.sleep(0.05)


def test_a_host_that_trickles_bytes_is_given_up(connect, monkeypatch):
    monkeypatch.setattr(netplay.peer, "PING_EVERY", 0.05)
    monkeypatch.setattr(netplay.peer, "FRAME_TIMEOUT", 0.5)
    with seated_at(trickle, connect) as (session, _):
        started = time.monotonic()
        bye = wait_for_bye(session, 5.0)
        assert bye == {"t": "bye", "reason": "the host began a message and did not finish it within 0.5 seconds",
                       "say": "the host began a message and did not finish it within {seconds} seconds",
                       "data": {"seconds": 0.5}}
        assert time.monotonic() - started < 2.0


def flood(host, sock, deadline):
    """Sends small valid messages as fast as the peer takes them."""
    frame = encode({"t": "accept", "seq": 1}, TO_PEER) * 1000
    sock.settimeout(0.2)
    while not host.stop.is_set() and time.monotonic() < deadline:
        try:
            host.sent += sock.send(frame) // len(encode({"t": "accept", "seq": 1}, TO_PEER))
        except TimeoutError:
            continue  # the peer stopped reading: its inbox is full
        except OSError:
            return


def test_the_inbox_is_bounded_when_the_client_does_not_poll(connect, monkeypatch):
    monkeypatch.setattr(netplay.peer, "INBOX_HIGH", 3000)
    monkeypatch.setattr(netplay.peer, "INBOX_LOW", 100)
    with seated_at(flood, connect) as (session, host):
        time.sleep(1.5)  # the client is busy elsewhere and does not poll
        held = session._inbox.qsize()
        assert 3000 <= held < 3000 + 262_144 // 5  # the high mark, plus what one read can hold
        sent = host.sent
        time.sleep(0.5)
        assert session._inbox.qsize() == held  # reading stopped: the host's writes back up
        assert host.sent - sent < 262_144  # at most what the sockets' buffers still took
        assert len(session.poll()) == held  # the welcome, then the flood
        deadline = time.monotonic() + 5
        while session._inbox.qsize() < 3000 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert session._inbox.qsize() >= 3000  # polled: reading again
