"""Friends beyond the LAN: the same host and peers, their frames carried by a NATS relay
(docs/relay.md says it all to the letter, for a client in any language).

The host and every remote peer connect *out* to a `nats-server` (no port forwarding).
Nothing new is spoken: a relay link carries exactly the msgpack frames of a TCP
connection (`netplay.protocol`), and both ends reuse the LAN code around them:

- `RelayServer` is the LAN `Server` (clock, bots, write-ahead saves, rate limits, the
  hello with its password proof and token, the probes that bound a seat's race claims) whose connections arrive as relay links
  instead of TCP sockets. Each link is a `RelayConnection`, a `server.HostConnection`
  over a transport that publishes to the link's subject. A link of seat ``n`` can only
  sit at seat ``n`` (its NATS user may use no other subject: `relay_invite.nats_config`),
  so its hello claims that seat: new with the invite, again with the seat's token.
  What a seat hears is what `Host.seat_message` made for it, on ``seat.<n>.out`` subjects
  that only that seat's user (and the host) may read.
- `RelaySession` is the LAN `RemoteSession` whose socket is a relay link. It opens a
  link with a knock, an empty message (the host answers with its challenge, as on
  connect; before hello a peer may send nothing else). Only a knock opens a link: data
  on a link the host does not know is ignored, and a parked table (`ServerHandle.park`)
  opens none, so two tables on one relay table id never both answer. When the relay
  comes back after a restart, or the host has sent nothing but probes for `RELINK_AFTER`
  seconds (probes come whether the host hears us or not), it opens a fresh link and says hello again with its token: the host sends the table as
  it is now, so nothing the host accepted is ever missing from its view. An intent
  unanswered when the old link went is answered ``reject`` ``relinked``.

`netplay.relay_process.RelayProcess` runs a local `nats-server` for `spielabend relay`,
the tests and the benchmark (named here too, where its callers have always found it).
"""

from __future__ import annotations  # nats-py types are named for mypy only (TYPE_CHECKING)

import asyncio
import collections
import contextlib
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engines.errors import N_

from .errors import ConnectError, ProtocolError
from .host import Host, Listener
from .limits import INTENTS_PER_SECOND
from .peer import HOST_SILENT, PING_EVERY, RemoteSession, _PeerProtocol
from .ports import RELAY
from .protocol import TO_HOST, encode
from .relay_invite import Invite, new_link, parse_seat_subject, seat_subject
from .relay_process import RelayProcess as RelayProcess
from .relay_process import find_nats_server as find_nats_server
from .relay_process import free_port as free_port
from .sayings import bye, reject, whole
from .server import HostConnection, Server, ServerHandle
from .service_thread import run_service_in_thread

if TYPE_CHECKING:
    from nats.aio.client import Client as NATS
    from nats.aio.msg import Msg
    from nats.aio.subscription import Subscription

LINK_SILENT = 10.0  # host side: a link that said nothing this long (peers ping every second) is dropped
RELINK_AFTER = 3.0  # peer side: no whole message from the host this long: open a fresh link
GIVE_UP = 120.0  # peer side: no message from the host at all this long: the game is lost
MAX_CHUNK = 64 * 1024  # a burst of frames larger than this goes out as several messages (the relay takes 128 KiB)
RECONNECT_WAIT = 0.25  # between tries to reach the relay again
CLOSED_LINKS_KEPT = 4096  # closed links remembered, so their late messages open nothing


async def connect_relay(invite: Invite, name: str, timeout: float = 5.0, **callbacks: Any) -> NATS:
    """A NATS connection to the invite's relay with its credentials; it reconnects by
    itself, forever, after it has once connected. ConnectError if the relay cannot be
    reached, or refuses the invite, within ``timeout``."""
    import nats
    from nats import errors as nats_errors

    problems: list[str] = []
    refused = asyncio.Event()  # credentials refused, or a certificate that fails: no use trying again

    async def note_error(error: Exception) -> None:
        problems.append(str(error))
        said = str(error).lower()
        if ("authorization violation" in said or "certificate verify failed" in said) and not client.is_connected:
            refused.set()
        handler = callbacks.get("error_cb")
        if handler is not None:
            await handler(error)

    options = dict(callbacks)
    options["error_cb"] = note_error
    if invite.tls:  # TLS from the first byte: a relay that does not speak it is never spoken to in clear
        import ssl

        # SPIELABEND_RELAY_CA: a relay whose certificate no public authority signed (tests, a club's own)
        options.update(tls=ssl.create_default_context(cafile=os.environ.get("SPIELABEND_RELAY_CA") or None),
                       tls_handshake_first=True, tls_hostname=invite.address)
    client = nats.NATS()
    loop = asyncio.get_running_loop()
    connecting = loop.create_task(client.connect(
        invite.url(), user=invite.user(), password=invite.password(), name=name, allow_reconnect=True,
        max_reconnect_attempts=-1,
        reconnect_time_wait=RECONNECT_WAIT,  # type: ignore[arg-type]  # nats-py says int; it sleeps this float
        connect_timeout=max(1, int(timeout)),
        ping_interval=5, max_outstanding_pings=2, **options))
    said_no = loop.create_task(refused.wait())
    try:
        await asyncio.wait({connecting, said_no}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        said_no.cancel()
        if not connecting.done():
            connecting.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await connecting
            raise TimeoutError()
        connecting.result()
    except asyncio.CancelledError:
        connecting.cancel()
        said_no.cancel()
        raise
    except (TimeoutError, OSError, nats_errors.Error) as error:
        with contextlib.suppress(Exception):
            await client.close()
        detail = "; ".join(problems[-1:] + [str(error)]).strip("; ") or (
            "timed out" if isinstance(error, TimeoutError) else type(error).__name__)
        said = " ".join(problems + [detail]).lower()  # every try's error: the refusal may not be the last
        where = {"address": invite.address, "port": invite.port}
        if "authorization" in said:
            raise ConnectError("relay_refused", N_("the relay at {address}:{port} does not accept this invite "
                                                   "(no such table, or an old invite): ask for a new one"),
                               where) from None
        if "certificate" in said or "ssl" in said or "tls" in said:
            raise ConnectError("relay_tls", N_("the relay at {address}:{port} did not prove who it is over TLS "
                                               "({detail}); not connecting"), {**where, "detail": detail[:200]}) from None
        if "connect call failed" in said or "connection refused" in said:  # the machine is there, no relay is
            raise ConnectError("unreachable", N_("cannot reach the relay at {address}:{port}: nothing answers there "
                                                 "(is the relay running, and is its port open?)"), where) from None
        raise ConnectError("unreachable", N_("cannot reach the relay at {address}:{port} ({detail})"),
                           {**where, "detail": detail[:200]}) from None
    return client


class _Outbox:
    """Publishes in order, without blocking its caller: the transports' `write` is
    synchronous, a NATS publish is a coroutine."""

    def __init__(self, client_of: Callable[[], NATS | None]):
        self._client_of = client_of
        self._queue: collections.deque[tuple[str, bytes]] = collections.deque()
        self._task: asyncio.Task[Any] | None = None
        self.dropped = 0

    def put(self, subject: str, data: bytes) -> None:
        for start in range(0, len(data), MAX_CHUNK):
            self._queue.append((subject, bytes(data[start:start + MAX_CHUNK])))
        self._wake()

    def knock(self, subject: str) -> None:
        """An empty message: a new relay link's first word, the only one that opens it
        (see `RelayServer._arrived`)."""
        self._queue.append((subject, b""))
        self._wake()

    def _wake(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        while self._queue:
            subject, data = self._queue.popleft()
            client = self._client_of()
            try:
                if client is None:
                    raise ConnectionError("not connected to the relay yet")
                await client.publish(subject, data)
            except Exception:  # the relay is away and the reconnect buffer full: the link renews
                self.dropped += 1

    async def flush(self, timeout: float = 2.0) -> None:
        with contextlib.suppress(Exception):
            async with asyncio.timeout(timeout):
                while self._task is not None and not self._task.done():
                    await self._task
                client = self._client_of()
                if client is not None and client.is_connected:
                    await client.flush(timeout=max(1, int(timeout)))


class _LinkTransport(asyncio.Transport):
    """What `HostConnection` and `_PeerProtocol` write to: one relay link's subject."""

    def __init__(self, outbox: _Outbox, subject: str, peername: str, on_close: Callable[[], None] | None = None):
        super().__init__()
        self._outbox, self.subject, self._peername = outbox, subject, peername
        self._on_close = on_close
        self._closing = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not self._closing:
            self._outbox.put(self.subject, bytes(data))

    def get_write_buffer_size(self) -> int:
        return 0  # the NATS client holds its own bounded buffer

    def is_closing(self) -> bool:
        return self._closing

    def close(self) -> None:
        if not self._closing:
            self._closing = True
            if self._on_close is not None:
                self._on_close()

    def abort(self) -> None:
        self.close()

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return (self._peername, 0) if name == "peername" else default

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


# --- the host's side ----------------------------------------------------------------------
def claim_seat(host: Host, index: int, name: str, token: str | None,
               deliver: Callable[[dict[str, Any]], None]) -> Listener:
    """Seat a relay link on seat ``index``, the only seat its credentials reach: the first
    time with the invite alone, afterwards only with the seat's token (as on the LAN, a
    taken seat is rejoined by token). Refused otherwise (`Seating.claim`)."""
    return host.claim(name, token, deliver, via=RELAY, seat=index)


class RelayConnection(HostConnection):
    """One relay link of one seat: a LAN connection whose bytes come as NATS messages."""

    # Probed like a TCP connection (issue 36): its race claims are bounded by the round
    # trips the host measures, as a LAN seat's. A peer does not count the probes as the
    # host answering it (`RelaySession._answered`): it renews a link whose pings go unanswered.

    def __init__(self, relay: RelayServer, seat: int, link: str):
        super().__init__(relay)
        self.relay, self.seat_index, self.link = relay, seat, link
        self.heard_at = relay.loop.time()

    def _token_opens(self, token: str | None) -> bool:
        """Whether ``token`` is the token of this link's seat, the only one it may reach."""
        return self.relay.host.token_opens(token, self.seat_index)

    def _claim(self, name: str, token: str | None) -> Listener:
        """A link's hello claims its own seat (`claim_seat`), the only one it may reach."""
        return claim_seat(self.relay.host, self.seat_index, name, token, self._deliver)

    def receive(self, data: bytes) -> None:
        self.heard_at = self.relay.loop.time()
        self.data_received(data)


class RelayServer(Server):
    """A `Host` served through a relay: see the module docstring. Nothing listens here;
    the host connects out to the relay named by its invite (a host invite)."""

    def __init__(self, host: Host, invite: Invite, password: str | None = None, check_outgoing: bool = False,
                 intent_limit: int = INTENTS_PER_SECOND, connect_timeout: float = 5.0):
        if not invite.is_host:
            raise ValueError("a relay host needs the host's invite, not a seat's")
        super().__init__(host, 0, host.table_name or "Spielabend", password, None, advertise=False,
                         check_outgoing=check_outgoing, intent_limit=intent_limit)
        self.invite = invite
        self.client: NATS | None = None
        self.outbox = _Outbox(lambda: self.client)
        self.links: dict[tuple[int, str], RelayConnection] = {}
        self._closed_links: collections.OrderedDict[tuple[int, str], None] = collections.OrderedDict()
        self._connect_timeout = connect_timeout
        self._sweeper: asyncio.Task[Any] | None = None
        self.relay_drops = 0  # how often the host's own link to the relay dropped

    async def _listen(self) -> None:
        try:
            self.client = client = await connect_relay(self.invite, "spielabend host", self._connect_timeout,
                                                       disconnected_cb=self._dropped)
        except ConnectError as error:
            raise OSError(error.reason) from None
        await client.subscribe(seat_subject(self.invite.table, "*", "in"), cb=self._arrived)
        await client.flush()
        self._sweeper = self.loop.create_task(self._sweep())

    async def _dropped(self) -> None:
        self.relay_drops += 1

    async def _arrived(self, msg: Msg) -> None:
        where = parse_seat_subject(msg.subject, self.invite.table)
        if where is None or self._closing:
            return
        seat, link = where
        if not 0 <= seat < self.host.players or self.host.seats[seat].kind != "remote":
            return
        connection = self.links.get(where)
        if connection is None:
            # Only a knock (an empty message) opens a link, and only at a table that is not
            # parked: another table may be subscribed to the same subjects (a finished one,
            # parked for Next game, beside the next), and must not answer the other's links.
            if msg.data or self.parked or where in self._closed_links:
                return  # a late message of a link that is over, or of a link another table holds
            connection = RelayConnection(self, seat, link)
            self.links[where] = connection
            outbox_subject = seat_subject(self.invite.table, seat, "out", link)
            connection.connection_made(_LinkTransport(self.outbox, outbox_subject, f"relay-seat-{seat}",
                                                      on_close=lambda: self._link_over(where)))
            if connection.closed:  # this seat opened links too fast: cut at once
                self._link_over(where)
            return  # the knock is answered by the challenge and says nothing more
        if not msg.data:  # a knock on a link that is open already says nothing
            connection.heard_at = self.loop.time()
            return
        connection.receive(msg.data)

    def _link_over(self, where: tuple[int, str]) -> None:
        self.links.pop(where, None)
        self._closed_links[where] = None
        while len(self._closed_links) > CLOSED_LINKS_KEPT:
            self._closed_links.popitem(last=False)

    async def _sweep(self) -> None:
        """Links have no socket that closes: one that stays silent is dropped (its seat
        shows away, as a closed TCP connection's does)."""
        while not self._closing:
            await asyncio.sleep(1.0)
            now = self.loop.time()
            for where, connection in list(self.links.items()):
                if connection.closed:
                    self._link_over(where)
                elif now - connection.heard_at > LINK_SILENT:
                    connection.abort()
                    self._link_over(where)

    def addresses(self) -> list[str]:
        return [f"{self.invite.address}:{self.invite.port} (relay, table {self.invite.table})"]

    async def async_close(self, reason: str | None = None) -> None:
        await super().async_close(reason)
        await self._stop_relay()

    async def async_abandon(self) -> None:
        await super().async_abandon()
        await self._stop_relay()

    async def _stop_relay(self) -> None:
        if self._probe_task is not None:
            self._probe_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._probe_task
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        await self.outbox.flush()
        if self.client is not None:
            with contextlib.suppress(Exception):
                await self.client.close()


def relay_serve_in_thread(host: Host, invite: Invite, password: str | None = None, check_outgoing: bool = False,
                          intent_limit: int = INTENTS_PER_SECOND) -> ServerHandle:
    """`server.serve_in_thread` through a relay: returns a `ServerHandle` once the host
    is connected to the relay. OSError if the relay cannot be reached."""
    server = RelayServer(host, invite, password, check_outgoing, intent_limit)
    thread, loop, stop = run_service_in_thread(server.async_start, server.async_close, "spielabend-relay-host",
                                               "the relay host", abandon=server.async_abandon)
    return ServerHandle(server, thread, loop, stop)


class RelayDoor(RelayServer):
    """A relay as one more door of a LAN `Server` running on this loop (a window that hosts
    on the LAN and through a relay at once): its links are that host's connections, with
    the LAN server's password, clock, bots and end; it only connects to the relay, carries
    links, and closes them after the LAN server has said goodbye."""

    def __init__(self, lan: Server, invite: Invite, connect_timeout: float = 5.0):
        super().__init__(lan.host, invite, lan.password, lan.check_outgoing, lan.intent_limit, connect_timeout)
        self.lan = lan

    async def async_start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.finished = self.lan.finished
        await self._listen()
        self._probe_task = self.loop.create_task(self._probe())  # its links are measured as the LAN's are

    def wake(self) -> None:
        self.lan.wake()

    def wake_if_due(self) -> None:
        self.lan.wake_if_due()

    async def async_close(self, reason: str | None = None) -> None:
        self._closing = True
        for connection in list(self.connections):
            connection.close()
        await self._stop_relay()

    async def async_abandon(self) -> None:
        self._closing = True
        await self._stop_relay()


def serve_with_relay_in_thread(host: Host, invite: Invite, port: int = 0, name: str = "Spielabend",
                               password: str | None = None, interfaces: list[str] | None = None,
                               advertise: bool = True, check_outgoing: bool = False) -> ServerHandle:
    """`server.serve_in_thread` on the LAN, and the same table through the relay of the
    host's ``invite`` (one loop, one clock): returns the LAN server's `ServerHandle`, with
    the relay's side as ``handle.relay``. OSError if the port cannot be bound; ConnectError
    (in words) if the relay cannot be reached or refuses the invite."""
    lan = Server(host, port, name, password, interfaces, advertise, check_outgoing)
    door = RelayDoor(lan, invite)

    async def start() -> None:
        await lan.async_start()
        try:
            await door.async_start()
        except OSError as error:
            await door.async_abandon()
            raise ConnectError("unreachable", str(error)) from None

    async def close() -> None:
        await lan.async_close()  # its goodbye reaches the relay's links too: they are the host's listeners
        await door.async_close()

    thread, loop, stop = run_service_in_thread(start, close, "spielabend-host", "the host", abandon=lan.async_abandon)
    handle = ServerHandle(lan, thread, loop, stop)
    handle.relay = door
    return handle


# --- a peer's side ------------------------------------------------------------------------
class RelaySession(RemoteSession):
    """One seat at a host through a relay (a seat's invite); see the module docstring."""

    def __init__(self, invite: Invite, name: str, password: str | None = None, token: str | None = None,
                 connect_timeout: float = 5.0, relink_after: float = RELINK_AFTER, give_up: float = GIVE_UP,
                 record: list[Any] | None = None, profile: dict[str, Any] | None = None):
        """``profile``: the game night's {id name colour emblem} of who plays, told the host
        after each welcome (every fresh link), as `RemoteSession` does."""
        if invite.seat is None:
            raise ValueError("this is the host's invite; a seat joins with a seat's invite")
        self.invite, self.seat_index = invite, invite.seat
        self.relink_after, self.give_up = relink_after, give_up
        self.links_opened = 0
        self._client: NATS | None = None
        self._outbox = _Outbox(lambda: self._client)
        self._link_sub: Subscription | None = None
        self._link_opened = 0.0
        self._unanswered: set[int] = set()
        self._held: list[bytes] = []  # intents waiting for a fresh link's welcome
        self._link_ready = False
        self._relinking = False
        self._answered = 0.0  # when the host last sent us something other than a probe
        super().__init__(invite.address, invite.port, name, password, token, connect_timeout, record, profile)

    def send(self, action: Any, seen: int | None = None, ms: float | None = None) -> int:
        """As `RemoteSession.send`, with the press time (``seen``, ``ms``: a fair race, its
        claim bounded by the round trips the host measured); an intent made while a fresh
        link has not been welcomed yet waits for the welcome (the host refuses intents
        before a hello)."""
        self._seq += 1
        seq = self._seq
        message: dict[str, Any] = {"t": "intent", "seq": seq, "action": action}
        seen, ms = self.shown.press(seen, ms)
        if seen is not None and ms is not None:
            message["seen"], message["ms"] = seen, float(ms)
        try:
            frame = encode(message, TO_HOST)
        except ProtocolError as error:
            self._inbox.put(reject(seq, "malformed", N_("this move could not be sent"), reason=error.reason))
            return seq

        def deliver() -> None:
            self._unanswered.add(seq)
            if self._link_ready:
                self._write(frame)
            else:
                self._held.append(frame)

        if not self._call(deliver):
            self._inbox.put(reject(seq, "closed", N_("not connected")))
        return seq

    def _received(self, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind != "probe" and self._loop is not None:  # the host's probes come whether it hears us or not
            self._answered = self._loop.time()
        if kind in ("accept", "reject"):
            self._unanswered.discard(message["seq"])
        super()._received(message)
        if kind == "welcome":
            self._link_ready = True
            held, self._held = self._held, []
            for frame in held:
                self._write(frame)

    async def _main(self) -> None:
        loop = self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._ready.set()
        try:
            self._client = client = await connect_relay(self.invite, f"spielabend seat {self.seat_index + 1}",
                                                        self._connect_timeout, reconnected_cb=self._relay_back)
        except ConnectError as error:
            self.error = error
            self._inbox.put(bye(error.say, error.data, error.reason))
            self._ended = True
            self.connected.set()
            return
        await self._open_link()
        pinger = loop.create_task(self._ping())
        try:
            await self._stop.wait()
        finally:
            pinger.cancel()
            await self._outbox.flush(1.0)
            with contextlib.suppress(Exception):
                await client.close()

    async def _open_link(self) -> None:
        """A fresh link: listen on its subject, then knock with an empty message (the host
        answers with its challenge, and the hello carries our token if we have one)."""
        client = self._client
        if client is None:  # never connected: there is no relay to open a link on
            return
        old, self._link_sub = self._link_sub, None
        if old is not None:
            with contextlib.suppress(Exception):
                await old.unsubscribe()
        link = new_link()
        self._link_ready = False
        table, seat = self.invite.table, self.seat_index
        protocol = _PeerProtocol(self)
        transport = _LinkTransport(self._outbox, seat_subject(table, seat, "in", link), "relay")
        protocol.connection_made(transport)  # also makes it this session's protocol

        async def arrived(msg: Msg, protocol: _PeerProtocol = protocol) -> None:
            if protocol is self._protocol:
                protocol.data_received(msg.data)

        self._link_sub = await client.subscribe(seat_subject(table, seat, "out", link), cb=arrived)
        with contextlib.suppress(Exception):
            await client.flush(timeout=2)
        self.links_opened += 1
        self._link_opened = asyncio.get_running_loop().time()
        self._outbox.knock(seat_subject(table, seat, "in", link))

    async def _relink(self) -> None:
        if self._relinking or self._stop is None or self._stop.is_set():
            return
        self._relinking = True
        try:
            for seq in sorted(self._unanswered):
                self._put(reject(seq, "relinked", N_("the link to the host was renewed; this move may not have "
                                                     "arrived (the table as it is now follows)")))
            self._unanswered.clear()
            self._held.clear()
            await self._open_link()
        finally:
            self._relinking = False

    async def _relay_back(self) -> None:
        """The relay is back (restarted, or our link to it was): our old link may have
        lost messages either way, so open a fresh one."""
        await self._relink()

    async def _ping(self) -> None:
        loop = asyncio.get_running_loop()
        self._answered = loop.time()
        while True:
            await asyncio.sleep(PING_EVERY)
            now = loop.time()
            if self._paused:
                self._answered = now
                continue
            if self.error is not None or self._ended:
                return  # refused or over: nothing to renew
            # Silence is counted without the host's probes: they keep coming to a link whose
            # pings no longer reach the host, and only pongs (and the rest) say it hears us.
            silent = now - self._answered
            if self.token is None and not self.connected.is_set() and silent > HOST_SILENT:
                self._lost(N_("no host answered at the relay within {seconds} seconds (is the table still hosted?)"),
                           {"seconds": whole(HOST_SILENT)})
                return
            if silent > self.give_up:
                self._lost(N_("the host stopped answering through the relay for {seconds} seconds"),
                           {"seconds": whole(self.give_up)})
                return
            if silent > self.relink_after and now - self._link_opened > self.relink_after:
                await self._relink()
            elif self._link_ready:  # a fresh link says hello before anything else (docs/netplay.md)
                self._write(encode({"t": "ping", "sent": loop.time(), "rtt": self.clock.rtt}, TO_HOST))
