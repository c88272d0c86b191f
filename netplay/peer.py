"""A seat at a host across the LAN: the `Session` interface over TCP.

`RemoteSession` runs its asyncio loop in a background thread; `send`, `poll` and
`close` are called from the client's thread and never block: they meet the loop only
through ``call_soon_threadsafe`` and a thread-safe queue. It pings the host every
second (which keeps the seat from being marked away) and keeps a round-trip and clock
offset estimate. A refusal arrives as ``{"t": "refuse", ...}`` and a lost connection
as ``{"t": "bye", ...}``, both through `poll`.

A host is trusted no further than a peer is: only whole messages count as hearing
from it (a host that trickles bytes of a frame is given up after FRAME_TIMEOUT, one
that sends no whole message after HOST_SILENT), and the inbox is bounded: past
INBOX_HIGH unpolled messages the session stops reading until `poll` brings it under
INBOX_LOW, so the host's own limit cuts off a client that stopped listening.
"""

import asyncio
import contextlib
import queue
import socket
import threading
from collections.abc import Callable
from typing import Any, cast

from engines.errors import N_

from .errors import ConnectError, ProtocolError
from .protocol import (
    PROTOCOL_VERSION,
    TO_HOST,
    TO_PEER,
    ClockSync,
    FrameDecoder,
    encode,
    password_proof,
)
from .sayings import bye, refuse, reject, whole
from .session import Shown

PING_EVERY = 1.0
HOST_SILENT = 10.0  # no whole message from the host for this long (pongs included): give up
FRAME_TIMEOUT = 10.0  # a frame begun must be whole this soon, as the host asks of peers
INBOX_HIGH = 2000  # unpolled messages: stop reading from the host ...
INBOX_LOW = 500  # ... until poll brings them down to this


class _PeerProtocol(asyncio.Protocol):
    def __init__(self, session: "RemoteSession"):
        self.session = session
        self.decoder = FrameDecoder(TO_PEER)
        self.transport: asyncio.Transport | None = None
        self.frame_started: float | None = None  # when the frame now arriving began

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport = cast(asyncio.Transport, transport)  # a stream's, from create_connection
        self.session._protocol = self  # data may arrive before create_connection returns
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def data_received(self, data: bytes) -> None:
        session = self.session
        if session.record is not None:
            session.record.append(bytes(data))
        try:
            messages = self.decoder.feed(data)
        except ProtocolError as error:
            for message in error.messages:
                session._received(message)
            session._lost(N_("the host sent a message this client cannot read"),
                          english=f"the host sent a malformed frame ({error.reason})")
            if self.transport is not None:
                self.transport.close()
            return
        now = asyncio.get_running_loop().time()
        if messages:
            session._last_heard = now
        if not self.decoder.buffered():
            self.frame_started = None
        elif messages or self.frame_started is None:
            self.frame_started = now
        for message in messages:
            session._received(message)

    def connection_lost(self, exc: Exception | None) -> None:
        self.session._lost(N_("the connection to the host was lost") if exc else N_("the host closed the connection"))


class RemoteSession:
    """One seat at a LAN host; see the module docstring.

    ``record``, if a list, receives every chunk of bytes the host sent (for tests)."""

    def __init__(self, address: str, port: int, name: str, password: str | None = None,
                 token: str | None = None, connect_timeout: float = 5.0, record: list[Any] | None = None,
                 profile: dict[str, Any] | None = None):
        self.address, self.port, self.name = address, port, name
        self.password, self.token = password, token
        self.profile = profile  # the game night: {id name colour emblem}, told the host after the welcome
        self.seat: int | None = None
        self.clock = ClockSync()
        self.record = record
        self.connected = threading.Event()  # set on welcome, refusal or failure
        self.error: ConnectError | None = None
        self._inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.shown = Shown()
        self._seq = 0
        self._closed = False
        self._ended = False
        self._protocol: _PeerProtocol | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._connect_timeout = connect_timeout
        self._last_heard = 0.0
        self._paused = False  # reading from the host stopped until the client polls
        self._ready = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()),
                                        name="spielabend-peer", daemon=True)
        self._thread.start()
        self._ready.wait(5.0)

    # --- the Session interface -----------------------------------------------------------
    def send(self, action: Any, seen: int | None = None, ms: float | None = None) -> int:
        self._seq += 1
        seq = self._seq
        message = {"t": "intent", "seq": seq, "action": action}
        seen, ms = self.shown.press(seen, ms)
        if seen is not None and ms is not None:
            message["seen"], message["ms"] = seen, float(ms)
        try:
            frame = encode(message, TO_HOST)
        except ProtocolError as error:
            self._inbox.put(reject(seq, "malformed", N_("this move could not be sent"), reason=error.reason))
            return seq
        if not self._call(lambda: self._write(frame)):
            self._inbox.put(reject(seq, "closed", N_("not connected")))
        return seq

    def poll(self) -> list[dict[str, Any]]:
        messages = []
        while True:
            try:
                messages.append(self._inbox.get_nowait())
            except queue.Empty:
                break
        if self._paused and self._inbox.qsize() <= INBOX_LOW:
            self._call(self._resume_reading)
        return messages

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True

        def stop() -> None:
            with contextlib.suppress(ProtocolError):
                self._write(encode({"t": "bye", "reason": "the player left"}, TO_HOST))
            if self._stop is not None:
                self._stop.set()

        self._call(stop)
        self._thread.join(5.0)

    # --- helpers for callers that may wait ---------------------------------------------
    def wait_welcome(self, timeout: float = 10.0) -> int | None:
        """Block until seated; returns the seat. ConnectError on refusal or failure."""
        if not self.connected.wait(timeout):
            raise ConnectError("timeout", N_("no answer from {address}:{port} within {seconds} s"),
                               {"address": self.address, "port": self.port, "seconds": whole(timeout)})
        if self.error is not None:
            raise self.error
        return self.seat

    # --- the loop's side ---------------------------------------------------------------
    def _call(self, fn: Callable[[], None]) -> bool:
        loop = self._loop
        if loop is None or loop.is_closed():
            return False
        try:
            loop.call_soon_threadsafe(fn)
        except RuntimeError:  # the loop has just closed
            return False
        return True

    def _write(self, frame: bytes) -> None:
        protocol = self._protocol
        if protocol is not None and protocol.transport is not None and not protocol.transport.is_closing():
            protocol.transport.write(frame)

    async def _main(self) -> None:
        loop = self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._ready.set()
        try:
            async with asyncio.timeout(self._connect_timeout):
                _, protocol = await loop.create_connection(lambda: _PeerProtocol(self), self.address, self.port)
        except (OSError, TimeoutError) as error:
            template, data = _why(error)
            self.error = ConnectError("unreachable", template, {"address": self.address, "port": self.port, **data})
            self._inbox.put(bye(self.error.say, self.error.data))
            self._ended = True
            self.connected.set()
            return
        self._protocol = protocol
        pinger = loop.create_task(self._ping())
        try:
            await self._stop.wait()
        finally:
            pinger.cancel()
            if protocol.transport is not None:
                protocol.transport.close()
            await asyncio.sleep(0)  # let the transport flush and close

    async def _ping(self) -> None:
        loop = asyncio.get_running_loop()
        self._last_heard = loop.time()
        while True:
            await asyncio.sleep(PING_EVERY)
            now = loop.time()
            if self._paused:  # our client is behind, not the host: nothing to judge
                self._last_heard = now
                continue
            started = self._protocol.frame_started if self._protocol is not None else None
            if started is not None and now - started > FRAME_TIMEOUT:
                self._lost(N_("the host began a message and did not finish it within {seconds} seconds"),
                           {"seconds": whole(FRAME_TIMEOUT)})
                return
            if now - self._last_heard > HOST_SILENT:
                self._lost(N_("the host stopped answering for {seconds} seconds"), {"seconds": whole(HOST_SILENT)})
                return
            if self.connected.is_set():
                self._write(encode({"t": "ping", "sent": loop.time(), "rtt": self.clock.rtt}, TO_HOST))

    def _received(self, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == "challenge":
            if message["version"] != PROTOCOL_VERSION:
                self._fail("version", N_("the host speaks protocol {host}, this client {client}; update the older one"),
                           {"host": message["version"], "client": PROTOCOL_VERSION})
                return
            if message["password"] and not self.password and not self.token:  # a seat's token stands for it
                self._fail("password", N_("this table needs a password"))
                return
            hello = {"t": "hello", "version": PROTOCOL_VERSION, "name": self.name,
                     "proof": password_proof(self.password, message["nonce"]), "token": self.token}
            self._write(encode(hello, TO_HOST))
            return
        if kind == "probe":  # answered at once: the host measures its round trip to us
            self._write(encode({"t": "probe", "n": message["n"]}, TO_HOST))
            return
        if kind == "pong":
            assert self._loop is not None
            self.clock.pong(message["sent"], message["host"], self._loop.time())
            return
        if kind == "welcome":
            self.seat, self.token = message["seat"], message["token"]
            self._send_profile()
            self.connected.set()
        elif kind == "refuse":
            self.error = ConnectError.told(message["code"], message)
            self.connected.set()
        elif kind == "bye":
            self._ended = True
        self._put(message)

    def _send_profile(self) -> None:
        """The game night: tell the host whose seat this is (once per welcome)."""
        if self.profile is not None:
            with contextlib.suppress(ProtocolError, KeyError):
                self._write(encode({"t": "profile", **{k: self.profile[k] for k in ("id", "name", "colour", "emblem")}},
                                   TO_HOST))

    def _put(self, message: dict[str, Any]) -> None:
        self.shown.received(message)
        self._inbox.put(message)
        if not self._paused and self._inbox.qsize() >= INBOX_HIGH:
            protocol = self._protocol
            if protocol is not None and protocol.transport is not None and not protocol.transport.is_closing():
                self._paused = True
                protocol.transport.pause_reading()

    def _resume_reading(self) -> None:
        protocol = self._protocol
        if self._paused and protocol is not None and protocol.transport is not None:
            self._paused = False
            if not protocol.transport.is_closing():
                protocol.transport.resume_reading()

    def _fail(self, code: str, reason: str, data: dict[str, Any] | None = None) -> None:
        self.error = ConnectError(code, reason, data)
        self._inbox.put(refuse(code, reason, data))
        self.connected.set()
        if self._protocol is not None and self._protocol.transport is not None:
            self._protocol.transport.close()

    def _lost(self, reason: str, data: dict[str, Any] | None = None, english: str | None = None) -> None:
        """The connection ended: a ``bye`` of ``reason`` (an English message id, filled from
        ``data``; ``english``: the sentence, if it says more) in the inbox."""
        message = bye(reason, data, english)
        if not self._ended:
            self._ended = True
            self._inbox.put(message)
        if self.error is None and not self.connected.is_set():
            self.error = ConnectError.told("lost", message)
        self.connected.set()
        if self._stop is not None:
            self._stop.set()


def _why(error: BaseException) -> tuple[str, dict[str, Any]]:
    """Why a host could not be reached: a template (``{address}:{port}`` to fill) and data."""
    if isinstance(error, TimeoutError):
        return N_("cannot reach a host at {address}:{port} (timed out)"), {}
    if isinstance(error, ConnectionRefusedError):
        return N_("cannot reach a host at {address}:{port} (connection refused)"), {}
    why = getattr(error, "strerror", None) or str(error) or type(error).__name__
    return N_("cannot reach a host at {address}:{port} ({why})"), {"why": why}
