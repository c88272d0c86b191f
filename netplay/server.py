"""A `Host` behind a TCP listener: asyncio moves bytes, `protocol` decodes, the host decides.

Each connection gets a challenge (protocol version, nonce, whether a password is set),
answers with a hello, and is seated by `Host.claim`. From then on its intents act for
its own seat only. Anything malformed, a wrong version or password, a full table or a
flood of intents gets a readable refusal and the connection is closed; the host and the
other peers carry on. The host's clock here is the loop's monotonic clock.

Nothing a peer does can make the host wait or grow without bound: a hello must come
within HELLO_TIMEOUT and every frame begun must be whole within FRAME_TIMEOUT; the
connections waiting to say hello share a bounded room in which no address may take
more than its share, and newcomers push out the oldest (`netplay.limits`); wrong
passwords slow their address down; writes never block, and a connection with more
than MAX_WRITE_BUFFER unread is cut off; intents and messages are rate-limited.
"""

import asyncio
import contextlib
import errno
import math
import secrets
import socket
import sys
import threading
import traceback
from collections.abc import Callable
from typing import Any, cast

try:
    import resource
except ImportError:  # Windows: no descriptor limit to mind
    resource = None  # type: ignore[assignment]

from engines.errors import N_

from . import limits
from .discovery import Advertiser, host_port, host_properties, local_addresses
from .errors import ProtocolError, Refused
from .host import Host, Listener
from .limits import INTENTS_PER_SECOND, ConnectRate, PasswordGuard, WaitingRoom, address_key
from .link import Act, Heard, Leave, Message, Refuse, SeatLink, Send
from .ports import LAN
from .protocol import (
    PROTOCOL_VERSION,
    TO_HOST,
    TO_PEER,
    FrameDecoder,
    encode,
    proof_ok,
)
from .sayings import GROUP_ENDED as GROUP_ENDED
from .sayings import bye, refuse, said, whole
from .service_thread import run_service_in_thread

HELLO_TIMEOUT = 10.0
FRAME_TIMEOUT = 10.0  # a frame that has begun must be whole this soon (no slowloris)
MAX_WRITE_BUFFER = 2 * 1024 * 1024  # a peer that stops reading is cut off, not buffered forever
CLOSE_LINGER = 2.0  # how long a closing connection may take to flush (its refusal) before it is cut
TICK_IDLE = 0.25  # how often the host's clock is advanced when nothing is due
READ_SIZE = 256 * 1024  # as much as asyncio reads at once by itself
ANY_ADDRESS = ("0.0.0.0", "::")  # with no interfaces chosen: all of them, IPv4 and IPv6
GAME_OVER = N_("the game is over")  # the bye that tells a peer its game ended as it should
PORT_TRIES = 20  # port 0: fresh ports to try until every address is free on the same one
PROBE_EVERY = 0.5  # how often the host measures each peer's round trip (fair races)
PROBES_KEPT = 16


class HostConnection(asyncio.BufferedProtocol):
    """One peer's TCP connection to the host.

    A buffered protocol: the loop reads into the server's one read buffer instead of a
    fresh 256 KiB bytes object per read (which costs an mmap, a mremap and a munmap every
    time). Each read is handled before the next, and the decoder copies what it keeps."""

    PROBED = True  # the host measures this connection's round trip (fair races)

    def __init__(self, server: "Server"):
        self.server = server
        self.decoder = FrameDecoder(TO_HOST)
        self.seat_link = SeatLink(server.intent_limit)  # the rules every seat's connection follows
        self.nonce = secrets.token_hex(16)
        self.address = "?"  # what it counts against in the waiting room and the password guard
        self.transport: asyncio.Transport | None = None
        self.listener: Listener | None = None
        self.closed = False
        self.leaving = False  # it said bye: a lobby seat is freed at once, not kept for a rejoin
        self.sent_bytes = 0
        self._corked: list[bytes] | None = None  # while it acts: its frames, for one write
        self._hello_timer: asyncio.TimerHandle | None = None
        self._frame_timer: asyncio.TimerHandle | None = None
        self._probes: dict[int, float] = {}  # probe number -> when it was sent (fair races)
        self._probe_n = 0

    # --- bytes in and out --------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport = cast(asyncio.Transport, transport)  # a stream's, from create_server
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        peer = transport.get_extra_info("peername")
        self.address = address_key(str(peer[0])) if peer else "?"
        wait = self.server.connects.wait(self.address, self.server.loop.time())
        if wait > 0:  # this address reconnects too fast: one short answer, no challenge, no waiting room
            self.closed = True
            transport.write(encode(refuse("slow_down", *_slow_down(N_(
                "too many new connections from your address; try again in {seconds} s"), wait)), TO_PEER))
            transport.close()
            self.server.loop.call_later(CLOSE_LINGER, transport.abort)
            return
        self.server.connections.add(self)
        for crowded in self.server.waiting.admit(self, self.address):  # room for the newcomer
            crowded.refuse("busy", N_("too many connections are waiting to join; try again shortly"))
        self.send({"t": "challenge", "version": PROTOCOL_VERSION, "nonce": self.nonce,
                   "password": bool(self.server.password)})
        self._hello_timer = self.server.loop.call_later(HELLO_TIMEOUT, self._hello_timeout)

    def get_buffer(self, sizehint: int) -> memoryview:
        return self.server.read_buffer

    def buffer_updated(self, nbytes: int) -> None:
        self.data_received(self.server.read_buffer[:nbytes])

    def data_received(self, data: bytes | memoryview) -> None:
        if self.closed:
            return
        error: ProtocolError | None = None
        try:
            messages = self.decoder.feed(data)
        except ProtocolError as bad_frame:
            messages, error = bad_frame.messages, bad_frame  # the good ones before it still count
        self._watch_partial_frame(progress=bool(messages))
        now = self.server.loop.time()
        for message in messages:
            if self.closed:
                return
            flood = self.seat_link.arrived(now)
            if flood is not None:
                self.refuse(flood.code, flood.reason, flood.data)
                return
            try:
                self.handle(message)
            except Exception:  # a bug must cost this peer its connection, not the table
                traceback.print_exc(file=sys.stderr)
                self.refuse("host_error", N_("the host failed to handle your message"))
                return
        if error is not None:  # its say is the template of its reason: each reader words it (protocol 7)
            self.refuse(error.code, error.say, error.data)

    def send(self, message: dict[str, Any]) -> None:
        if self.closed or self.transport is None:
            return
        try:
            frame = encode(message, TO_PEER, check=self.server.check_outgoing)
        except ProtocolError as error:  # e.g. a view over 64 KiB: this peer cannot follow
            print(f"spielabend: cannot send a {message['t']} message: {error.reason}", file=sys.stderr)
            self._write(encode(bye(N_("the host could not send you a message ({code})"), {"code": error.code}),
                               TO_PEER))
            self.close()
            return
        self._write(frame)

    def _write(self, frame: bytes) -> None:
        if self._corked is not None:
            self._corked.append(frame)
            return
        if self.transport is None:
            return
        self.sent_bytes += len(frame)
        self.transport.write(frame)
        if self.transport.get_write_buffer_size() > MAX_WRITE_BUFFER:
            self.abort()  # it is not reading: closing politely would wait for it forever

    def _act(self, seq: int, action: Any, seen: int | None = None, ms: float | None = None) -> None:
        """Submit this peer's intent. Everyone else's update goes out as soon as it is
        made; this peer's own update and its accept go out together, in one write (a
        race play held by the arbiter is answered when its window closes)."""
        if self.listener is None:
            return
        self._corked = []
        try:
            self.server.host.intent(self.listener.seat, seq, action, self.send, seen, ms,
                                    now=self.server.loop.time(), remote=True)
        finally:
            self._uncork()

    def probe(self, now: float) -> None:
        """Ask the peer to echo a number at once: the host's own measure of its round trip."""
        if self.listener is None or self.closed or not self.PROBED:
            return
        self._probe_n += 1
        self._probes[self._probe_n] = now
        while len(self._probes) > PROBES_KEPT:
            del self._probes[next(iter(self._probes))]
        self.send({"t": "probe", "n": self._probe_n})

    def _probed(self, n: int, now: float) -> None:
        sent = self._probes.pop(n, None)
        if sent is not None and self.listener is not None:
            self.server.host.race_round_trip(self.listener.seat, now - sent)

    def _uncork(self) -> None:
        frames, self._corked = self._corked, None
        if frames and not self.closed and self.transport is not None:
            self._write(frames[0] if len(frames) == 1 else b"".join(frames))

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self._forget()

    # --- what the bytes mean ---------------------------------------------------------------
    def handle(self, message: Message) -> None:
        """Carry out what the seat's link (`netplay.link`) makes of ``message``."""
        server, host = self.server, self.server.host
        now = server.loop.time()
        for step in self.seat_link.receive(message, now):
            if isinstance(step, Heard):
                if self.listener is not None:
                    host.heard(self.listener.seat, now)
            elif isinstance(step, Send):
                self.send(step.message)
            elif isinstance(step, Refuse):
                self.refuse(step.code, step.reason, step.data)
            elif isinstance(step, Leave):
                self.leaving = True
                self.close()
            elif isinstance(step, Act):
                self._act(step.seq, step.action, step.seen, step.ms)
                server.wake_if_due()
            else:
                self._own(step.message, now)

    def _own(self, message: Message, now: float) -> None:
        """A message only a TCP connection has: hello, profile, probe."""
        kind = message["t"]
        if kind == "hello":
            self._hello(message)
        elif self.listener is None:
            return
        elif kind == "profile":  # the game night: who plays this seat
            self.server.host.take_profile(self.listener.seat, message)
        elif kind == "probe":
            self._probed(message["n"], now)

    def _hello(self, message: dict[str, Any]) -> None:
        if self.listener is not None:
            self.refuse("malformed", N_("a connection says hello once"))
            return
        if self._hello_timer is not None:
            self._hello_timer.cancel()
        if message["version"] != PROTOCOL_VERSION:
            self.refuse("version", N_("this host speaks protocol {host}, your client speaks {client}; "
                                      "update the older one"), {"host": PROTOCOL_VERSION, "client": message["version"]})
            return
        # A seat's token is a credential for its table (protocol 6): its peer needs no proof and
        # no back-off, so a group following the host to a next table with a password gets in.
        if self.server.password and not self._token_opens(message["token"]):
            guard, now = self.server.passwords, self.server.loop.time()
            wait = guard.wait(self.address, now)
            if wait > 0:  # not even checked: guessing from here is slowed down
                self.refuse("slow_down", *_slow_down(N_("too many wrong passwords from your address; "
                                                        "try again in {seconds} s"), wait))
                return
            if not proof_ok(self.server.password, self.nonce, message["proof"]):
                guard.failed(self.address, now)
                self.refuse("password", N_("wrong password") if message["proof"] else N_("this table needs a password"))
                return
            guard.succeeded(self.address)
        try:
            self.listener = self._claim(message["name"], message["token"])  # cut to 40 printable by the seats
        except Refused as refusal:
            self.refuse(refusal.code, refusal.say, refusal.data)
            return
        self.server.waiting.leave(self)
        self.seat_link.joined = True
        self.listener.meta["connection"] = self
        self.server.host.heard(self.listener.seat, self.server.loop.time())
        self.server.wake_if_due()

    def _token_opens(self, token: str | None) -> bool:
        """Whether ``token`` is a seat's token at this table (`Host.token_opens`)."""
        return self.server.host.token_opens(token)

    def _claim(self, name: str, token: str | None) -> Listener:
        """Seat this connection (`Host.claim`); Refused if it may not sit."""
        return self.server.host.claim(name, token, self._deliver, via=LAN)

    def _deliver(self, message: dict[str, Any]) -> None:
        """The host's messages for this seat go here."""
        self.send(message)
        if message["t"] == "bye":
            self.listener = None  # the host has already let go of this listener
            self.seat_link.joined = False
            self.close()

    def _hello_timeout(self) -> None:
        if self.listener is None and not self.closed:
            self.refuse("timeout", N_("no hello within {seconds} seconds"), {"seconds": whole(HELLO_TIMEOUT)})

    def _watch_partial_frame(self, progress: bool) -> None:
        """Time a frame that has begun to arrive: each must be whole within FRAME_TIMEOUT."""
        if self.closed or not self.decoder.buffered():
            if self._frame_timer is not None:
                self._frame_timer.cancel()
                self._frame_timer = None
        elif self._frame_timer is None or progress:
            if self._frame_timer is not None:
                self._frame_timer.cancel()
            self._frame_timer = self.server.loop.call_later(FRAME_TIMEOUT, self._frame_timeout)

    def _frame_timeout(self) -> None:
        self._frame_timer = None
        if not self.closed:
            self.refuse("timeout", N_("a frame did not arrive whole within {seconds} seconds"),
                        {"seconds": whole(FRAME_TIMEOUT)})

    def refuse(self, code: str, reason: str, data: dict[str, Any] | None = None, english: str | None = None) -> None:
        """Tell the peer why (``reason``: an English message id filled from ``data``, sent as
        its ``say`` too: `netplay.sayings`; ``english``: the sentence, if it says more), then
        close; never disturbs anyone else."""
        if self.closed:
            return
        self.send({"t": "refuse", "code": code, **said(reason, data, english)})
        self.close()

    def close(self) -> None:
        """Close after flushing what was written (a refusal), but cut the connection
        if the peer has not read it within CLOSE_LINGER."""
        self._uncork()  # what was waiting for one write goes first
        transport = self.transport
        if transport is not None and not transport.is_closing():
            transport.close()
            if transport.get_write_buffer_size():
                self.server.loop.call_later(CLOSE_LINGER, transport.abort)
        self.closed = True
        self._forget()

    def abort(self) -> None:
        """Cut the connection at once, dropping whatever it has not read."""
        self._corked = None
        if self.transport is not None:
            self.transport.abort()
        self.closed = True
        self._forget()

    def _forget(self) -> None:
        for timer in (self._hello_timer, self._frame_timer):
            if timer is not None:
                timer.cancel()
        self.server.connections.discard(self)
        self.server.waiting.leave(self)
        if self.listener is not None:
            listener, self.listener = self.listener, None
            self.server.host.detach(listener, leaving=self.leaving)


class Server:
    """Serves one `Host` on the running loop: listener, clock, advertisement."""

    def __init__(self, host: Host, port: int = 0, name: str = "Spielabend", password: str | None = None,
                 interfaces: list[str] | None = None, advertise: bool = True, check_outgoing: bool = False,
                 intent_limit: int = INTENTS_PER_SECOND):
        self.host = host
        self.intent_limit = intent_limit
        self.port = port
        self.name = name
        self.password = password or None
        self.interfaces = interfaces
        self.advertise = advertise
        self.check_outgoing = check_outgoing
        self.connections: set[HostConnection] = set()
        self.read_buffer = memoryview(bytearray(READ_SIZE))  # every connection reads into it, in turn
        self.waiting: WaitingRoom[HostConnection] = WaitingRoom(_waiting_room_size(), limits.MAX_WAITING_PER_ADDRESS)
        self.passwords = PasswordGuard()
        self.connects = ConnectRate()
        self.loop: asyncio.AbstractEventLoop = None  # type: ignore[assignment]
        self.advertiser: Advertiser | None = None
        self._servers: list[asyncio.base_events.Server] = []
        self._wake: asyncio.Event | None = None
        self._clock_sleeps_until = 0.0  # when the clock task looks at the host next, by itself
        self._clock_task: asyncio.Task[Any] | None = None
        self._probe_task: asyncio.Task[Any] | None = None
        self.finished: asyncio.Event | None = None
        self._closing = False
        self.parked = False  # no new connections: a finished table waits to tell its peers the next one
        self.close_reason: str | None = None  # what async_close says when no reason is passed

    async def async_start(self) -> None:
        """Listen (on the chosen interfaces' addresses, else all, IPv4 and IPv6) and advertise.
        Every address listens on one port: with port 0, the first free port of the first
        address is tried on the others, and another is drawn if one of them holds it
        already. OSError if the port cannot be bound."""
        self.loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self.finished = asyncio.Event()
        self.host.door.served_by(self.loop)  # from now on this loop is the host's thread
        # Bots think in a worker thread; a decision ready wakes the clock (netplay.bots).
        self.host.bots.think_in_background(self._decided)
        wanted = self.port
        for attempt in range(PORT_TRIES):
            try:
                await self._listen()
                break
            except OSError as error:
                for server in self._servers:
                    server.close()
                self._servers, self.port = [], wanted
                if wanted or error.errno != errno.EADDRINUSE or attempt == PORT_TRIES - 1:
                    raise
        self.host.race_clock = self.loop.time
        self.host.tick(self.loop.time())
        self._clock_task = self.loop.create_task(self._clock())
        self._probe_task = self.loop.create_task(self._probe())
        if self.advertise:
            self.advertiser = Advertiser(self.name, self.port, self.interfaces)
            await self.advertiser.async_start(self._properties())
            self.host.watchers.append(self._advertise_again)

    async def _listen(self) -> None:
        for address in self.interfaces or ANY_ADDRESS:  # every address on one port
            try:
                server = await self.loop.create_server(lambda: HostConnection(self), address, self.port,
                                                       reuse_address=True)
            except OSError as error:
                if self.interfaces is None and self._servers and error.errno != errno.EADDRINUSE:
                    continue  # no IPv6 on this machine: IPv4 alone
                raise
            self._servers.append(server)
            if not self.port:
                self.port = server.sockets[0].getsockname()[1]

    def _advertise_again(self) -> None:
        """The lobby changed: browsers see the table's new facts."""
        if self.advertiser is not None:
            self.advertiser.update(self._properties())

    def addresses(self) -> list[str]:
        """Where peers reach this host, as it advertises them (``host:port``, IPv6 in
        brackets; IPv4 first)."""
        return [host_port(address, self.port) for address in local_addresses(self.interfaces)]

    def _properties(self) -> dict[str, str]:
        return host_properties(self.host, self.name, bool(self.password))

    def _decided(self) -> None:
        """A bot's decision is ready (called from the bots' worker thread)."""
        with contextlib.suppress(RuntimeError):  # the loop has closed meanwhile
            self.loop.call_soon_threadsafe(self.wake)

    def wake(self) -> None:
        """Something changed: let the clock task look at bots and timers now."""
        if self._wake is not None:
            self._wake.set()

    def wake_if_due(self) -> None:
        """After an action: wake the clock task only if a bot or timer is now due before
        it would look anyway, or the game has ended (most actions need neither)."""
        due = self.host.next_due()
        if self.host.is_over() or (due is not None and due < self._clock_sleeps_until):
            self.wake()

    async def _clock(self) -> None:
        host, wake = self.host, self._wake
        assert wake is not None
        while not self._closing:
            try:
                host.tick(self.loop.time())
            except Exception:  # e.g. a broken bot: report it and keep the clock going
                traceback.print_exc(file=sys.stderr)
            if host.is_over() and self.finished is not None:
                self.finished.set()
            due = host.next_due()
            wait = TICK_IDLE if due is None else min(TICK_IDLE, max(0.0, due - self.loop.time()))
            self._clock_sleeps_until = self.loop.time() + wait
            wake.clear()
            # asyncio.timeout, not wait_for: 3.11's wait_for can swallow a cancellation
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(wait):
                    await wake.wait()

    async def async_park(self) -> None:
        """Park the table (the game night's Next game): stop listening and advertising at
        once, so a next table may take this port and browsers see this one gone, and keep
        the connections it has (they wait to hear where the group goes next)."""
        self.parked = True
        for server in self._servers:
            server.close()  # the listening sockets only (closed at once): the connections stay
        if self.advertiser is not None:
            with contextlib.suppress(ValueError):
                self.host.watchers.remove(self._advertise_again)
            advertiser, self.advertiser = self.advertiser, None
            await advertiser.async_close()

    async def async_close(self, reason: str | None = None) -> None:
        """Say ``reason`` (an English message id; by default `close_reason`, else: the game is
        over, or the host closed the table) to every peer, close the save and stop
        listening and advertising."""
        reason = reason or self.close_reason
        if reason is None:
            reason = GAME_OVER if self.host.is_over() else N_("the host closed the table")
        self._closing = True
        self.host.close_save()
        self.host.goodbye(reason)
        for connection in list(self.connections):
            connection.close()
        for server in self._servers:
            server.close()
        await self._stop_clock_and_advertising()
        for server in self._servers:
            with contextlib.suppress(Exception):
                async with asyncio.timeout(2.0):
                    await server.wait_closed()


    async def _probe(self) -> None:
        """Measure every seated peer's round trip, which bounds its race claims (netplay.arbiter)."""
        while not self._closing:
            await asyncio.sleep(PROBE_EVERY)
            now = self.loop.time()
            for connection in list(self.connections):
                connection.probe(now)

    async def _stop_clock_and_advertising(self) -> None:
        if self._probe_task is not None:
            self._probe_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._probe_task
        if self._clock_task is not None:
            self._clock_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._clock_task
        if self.advertiser is not None:
            advertiser, self.advertiser = self.advertiser, None
            await advertiser.async_close()

    async def async_abandon(self) -> None:
        """Undo a start that failed, leaving the host as it was (its save open, its
        listeners unaware), so it may be served again on another port."""
        self._closing = True
        for server in self._servers:
            server.close()
        self._servers = []
        await self._stop_clock_and_advertising()
        self.host.door.unserved()


def _slow_down(template: str, wait: float) -> tuple[str, dict[str, Any]]:
    """A `slow_down` refusal's template and data; its English sentence ends with the wait
    in whole seconds, always as ``try again in N s`` (docs/netplay.md), so a program can
    read it too (``data.seconds``)."""
    return template, {"seconds": max(1, math.ceil(wait))}


def _waiting_room_size() -> int:
    """`limits.MAX_WAITING`, or less where the descriptor limit is low: a quarter of it,
    so waiting connections never starve the host of descriptors for its players and saves."""
    if resource is None:
        return limits.MAX_WAITING
    try:
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ValueError, OSError):
        return limits.MAX_WAITING
    if soft == resource.RLIM_INFINITY:
        return limits.MAX_WAITING
    return max(8, min(limits.MAX_WAITING, soft // 4))


class ServerHandle:
    """A `Server` running in a thread of its own (for the pygame client or tests)."""

    def __init__(self, server: Server, thread: threading.Thread, loop: asyncio.AbstractEventLoop,
                 stop: asyncio.Event):
        self.server, self._thread, self._loop, self._stop = server, thread, loop, stop
        self.relay: Server | None = None  # the same table's relay side, if it has one (netplay.relay)

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def host(self) -> Host:
        return self.server.host

    def call(self, fn: Callable[[], None]) -> bool:
        """Run ``fn`` on the server's loop (the only safe way to touch the host): the host's
        `netplay.door.Door`. False once the loop has closed (nothing runs)."""
        return self.server.host.door.call(fn)

    def park(self, timeout: float = 5.0) -> None:
        """Park the table (`Server.async_park`, and its relay door's): from when this returns
        it listens and advertises no more and opens no new relay link, while the connections
        and links it has go on. Nothing happens once its loop has closed. Call it from any
        thread but the server's own (it waits for the loop); TimeoutError after ``timeout``."""
        async def park() -> None:
            await self.server.async_park()
            if self.relay is not None:
                await self.relay.async_park()

        if self._loop.is_closed():
            return
        try:
            asyncio.run_coroutine_threadsafe(park(), self._loop).result(timeout)
        except RuntimeError:  # the loop closed meanwhile
            pass

    def close(self, reason: str | None = None) -> None:
        """Close the table: every peer hears ``bye`` with ``reason`` (an English message id,
        marked with ``N_``; by default the game is over, or the host closed the table)."""
        if not self._loop.is_closed():
            def stop() -> None:
                self.server.close_reason = reason
                self._stop.set()

            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(stop)
        self._thread.join(10.0)


def serve_in_thread(host: Host, port: int = 0, name: str = "Spielabend", password: str | None = None,
                    interfaces: list[str] | None = None, advertise: bool = True,
                    check_outgoing: bool = False, intent_limit: int = INTENTS_PER_SECOND) -> ServerHandle:
    """Serve ``host`` from a background thread; returns once it listens (and advertises).

    From now on only the server's thread touches the host: local sessions of the same
    host hand their calls over through the loop. Raises OSError if the port is taken."""
    server = Server(host, port, name, password, interfaces, advertise, check_outgoing, intent_limit)
    thread, loop, stop = run_service_in_thread(server.async_start, server.async_close, "spielabend-host",
                                               "the host", abandon=server.async_abandon)
    return ServerHandle(server, thread, loop, stop)
