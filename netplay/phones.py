"""Phones as private hands: the host serves a small page and a WebSocket per seat.

A seat's link (``http://<address>:<port>/p/<token>``, the QR code on the big screen, the
line the command-line host prints) opens `phone_page/` in the phone's browser; the page
opens a WebSocket at ``/p/<token>/ws`` and becomes one more connection of that seat
(`Host.connect_phone`). From then on it is treated like a TCP peer:

- what it hears is what `Host.seat_message` built for its seat (welcome, start, update,
  lobby, accept / reject, bye, refuse), as JSON text, plus a ``hand`` message (its seat's
  name, colour and game, and whether the game is a race) and, on each update, words for
  its legal actions and its hand (`netplay.phone_words`), made from that same update;
- what it says passes the TCP peer's checks: one message per WebSocket frame, at most
  `MAX_PHONE_MESSAGE` bytes, JSON within the msgpack limits of `protocol.LIMITS`
  (lengths, depth), then `protocol.check_message` (``intent``, ``ping``, ``probe`` and
  ``bye`` only: the token in the link stands for the hello), or a phone's own ``name`` (one
  of the names the table offered, `PhoneServer` ``profiles``); the same intent and message
  rate limits and new-connection rate per address (`netplay.limits`). Anything else gets
  a ``refuse`` with a code and a sentence, and the phone is closed; the table plays on.

Fair races (`netplay.arbiter`): a tap's intent carries ``seen`` and ``ms`` (the update the
page had presented and the milliseconds from presenting it to the touch, on the phone's
own clock), passed on as a TCP peer's are; its arrival is when its frame reached this
server, not when the host's thread got to it. The server probes each seated phone every
`PROBE_EVERY` seconds and times the answer itself (`netplay.link.Probes`): the phone's
round trips bound its claims, and the host's lobby shows them.

Tokens: each seat has one link at a time. Opening it on a second phone takes the seat
over from the first (as a TCP peer's token does); `PhoneServer.renew` retires a link,
and a retired or unknown link gets a readable page (HTTP 410 / 404), never a trace.

Threads: the host may live on another thread (the pygame client's couch table). Every
call into the host goes through its door (`netplay.door.Door.post`: runs a function on
the host's thread); the host delivers from its thread and the phone server hops back to
its own loop. No pygame here.
"""

from __future__ import annotations  # websockets and Host are named for mypy only (TYPE_CHECKING)

import asyncio
import contextlib
import functools
import hashlib
import json
import re
import secrets
import sys
import threading
from collections.abc import Callable
from importlib import resources
from typing import TYPE_CHECKING, Any

from engines import GAMES
from engines.errors import N_

from . import phone_texts
from .errors import ProtocolError, Refused
from .language import DEFAULT, Words, choose, negotiate
from .language import words as words_for
from .limits import INTENTS_PER_SECOND, ConnectRate, address_key
from .link import PROBE_EVERY, Act, Heard, Leave, Message, Other, Probes, Refuse, SeatLink, Send
from .phone_words import board_words, choice_words, hand_words
from .protocol import LIMITS, MAX_FRAME, PLAIN_DEPTH, TO_HOST, TO_PEER, check_message
from .sayings import bye, refuse, reject, seat_name, worded
from .service_thread import run_service_in_thread

if TYPE_CHECKING:  # websockets is imported when phones are served: it is optional
    from websockets.asyncio.server import ServerConnection
    from websockets.http11 import Request, Response

    from .host import Host
    from .ports import Listener

DoorCall = Callable[[Callable[[], None]], None]  # runs a call on the host's thread (netplay.door)

MAX_PHONE_MESSAGE = 4096  # a phone sends taps; nothing it needs to say comes near
SEND_QUEUE = 512  # messages waiting for a phone that is not reading, before it is cut off
PING_INTERVAL = 2.0  # WebSocket pings: a phone that slept is noticed within a few seconds
PING_TIMEOUT = 4.0
DEFAULT_COLOURS = ("#e8534a", "#4a90e2", "#f2c14e", "#5cb85c", "#b06fd8", "#f08a3c")
PAGE_FILES = {"/phone.js": ("phone.js", "text/javascript"), "/draw.js": ("draw.js", "text/javascript"),
              "/awake.js": ("awake.js", "text/javascript"), "/phone.css": ("phone.css", "text/css")}
# Files of `assets/phone/` (the package spielabend_assets): each game's sprite sheet and atlas
# (tools/phone_sprites.py) and the wake-lock fallback's video (tools/phone_video.py). Only
# these names are served, so no path a phone sends can reach any other file.
ASSET_KINDS = {"png": "image/png", "json": "application/json", "mp4": "video/mp4", "webm": "video/webm"}
SPRITE_PATH = re.compile(r"^/sprites/([a-z0-9_]{1,40})\.(json|png)$")
VIDEO_PATHS = {"/awake.mp4": "awake.mp4", "/awake.webm": "awake.webm"}
ASSET_MAX_AGE = 3600  # seconds a phone may keep a sheet without asking (then it asks with its ETag)


# --- sans I/O: tokens and messages ---------------------------------------------------------
class PhoneLinks:
    """One secret link token per seat; retired tokens are remembered to say so."""

    def __init__(self, seats: int):
        self.tokens = [secrets.token_hex(16) for _ in range(seats)]
        self.retired: set[str] = set()

    def seat_of(self, token: str) -> int | None:
        for seat, known in enumerate(self.tokens):
            if secrets.compare_digest(known.encode(), token.encode("utf-8", "replace")):
                return seat
        return None

    def renew(self, seat: int) -> str:
        self.retired.add(self.tokens[seat])
        self.tokens[seat] = secrets.token_hex(16)
        return self.tokens[seat]


def _within_limits(value: Any, limits: dict[str, int], depth: int) -> bool:
    """JSON held to the msgpack limits a TCP peer's frames are unpacked with."""
    if isinstance(value, str):
        return len(value.encode("utf-8", "replace")) <= limits["max_str_len"]
    if depth <= 0 and isinstance(value, list | dict):
        return False
    if isinstance(value, list):
        return len(value) <= limits["max_array_len"] and all(_within_limits(v, limits, depth - 1) for v in value)
    if isinstance(value, dict):
        return len(value) <= limits["max_map_len"] and all(
            _within_limits(k, limits, depth) and _within_limits(v, limits, depth - 1) for k, v in value.items())
    return True


def decode_phone_message(data: str | bytes) -> dict[str, Any]:
    """One phone message, checked like a TCP peer's frame; ProtocolError if it is not."""
    if not isinstance(data, str):
        raise ProtocolError("malformed", N_("a phone sends JSON text frames, not binary ones"))
    if len(data.encode("utf-8", "replace")) > MAX_PHONE_MESSAGE:
        raise ProtocolError("frame_too_large", N_("a phone message may be at most {bytes} bytes"),
                            {"bytes": MAX_PHONE_MESSAGE})
    try:
        message = json.loads(data)
    except (ValueError, RecursionError):
        raise ProtocolError("malformed", N_("a phone message must be one JSON object")) from None
    if not _within_limits(message, LIMITS[TO_HOST], PLAIN_DEPTH[TO_HOST] + 2):
        raise ProtocolError("malformed", N_("a phone message is too long or nested too deep"))
    if isinstance(message, dict) and message.get("t") == "hello":
        raise ProtocolError("malformed", N_("a phone needs no hello: its link says which seat it is"))
    if isinstance(message, dict) and message.get("t") == "name":  # a phone's own: who plays here
        if set(message) != {"t", "name"} or not isinstance(message["name"], str):
            raise ProtocolError("malformed", N_("a name message has the one field name, a string"))
        return message
    return check_message(message, TO_HOST)


def phone_view(message: dict[str, Any], game_id: str, seat: int, tr: Words | None = None) -> dict[str, Any]:
    """``message`` as the phone gets it, worded in ``tr``'s language (English if not given):
    an update also carries words for its legal actions and its hand, made from the update
    alone; a reject, refuse or bye its sentence as ``text`` (a new dict: the host shares
    the original)."""
    kind = message.get("t")
    if kind in _WORDED:
        return {**message, "text": worded(message, tr or words_for(DEFAULT))}
    if tr is not None and kind in ("start", "lobby", "hand"):
        return _default_names_worded(message, tr)
    if kind != "update":
        return message
    worded_update = {**message,
                     "choices": [choice_words(game_id, action, message["view"], tr) for action in message["legal"]],
                     "hand": hand_words(game_id, message["view"], seat, tr)}
    board = board_words(game_id, message["view"], seat, tr)
    if board is not None:
        worded_update["board"] = board
    return worded_update


_WORDED = frozenset({"reject", "refuse", "bye"})


def _default_names_worded(message: dict[str, Any], tr: Words) -> dict[str, Any]:
    """The host's default seat names (``Player 2``, English) in the phone's language."""
    word = functools.partial(seat_name, words=tr)

    if message["t"] == "start" and isinstance(message.get("names"), list):
        return {**message, "names": [word(name, i) for i, name in enumerate(message["names"])]}
    if message["t"] == "lobby" and isinstance(message.get("seats"), list):
        return {**message, "seats": [{**seat, "name": word(seat.get("name"), i)} if isinstance(seat, dict) else seat
                                     for i, seat in enumerate(message["seats"])]}
    if message["t"] == "hand" and isinstance(message.get("seat"), int):
        return {**message, "name": word(message.get("name"), message["seat"])}
    return message


def offered_names(names: list[str]) -> list[str]:
    """The names a hosting window offers its phones (its people's profiles), as the host takes
    a name: printable, at most 40 characters, each once, none empty."""
    offered: list[str] = []
    for name in names:
        clean = "".join(ch for ch in str(name) if ch.isprintable())[:40].strip()
        if clean and clean not in offered:
            offered.append(clean)
    return offered


# --- the server ----------------------------------------------------------------------------
def page_text(name: str) -> bytes:
    return resources.files("netplay").joinpath("phone_page", name).read_bytes()


def phone_assets() -> Any:
    """``assets/phone/`` as installed (a Traversable): the sheets and the video a phone loads."""
    return resources.files("spielabend_assets") / "phone"


def asset_file(path: str, games: Any, folder: Any) -> tuple[bytes, str] | None:
    """The bytes and content type ``path`` names under ``folder`` (``/sprites/<game>.json``
    or ``.png`` for a game of ``games``, or the wake-lock video), or None: any other path,
    a game we do not know, or a file not shipped."""
    found = SPRITE_PATH.match(path)
    if found is not None and found.group(1) in games:
        name = f"{found.group(1)}.{found.group(2)}"
    elif path in VIDEO_PATHS:
        name = VIDEO_PATHS[path]
    else:
        return None
    try:
        return (folder / name).read_bytes(), ASSET_KINDS[name.rsplit(".", 1)[1]]
    except OSError:
        return None


def refusal_page(title: str, sentence: str, words: Words | None = None) -> bytes:
    """A small readable page for a link that does not open a seat (``title`` and
    ``sentence``: English message ids, worded in ``words``' language)."""
    words = words or words_for(DEFAULT)
    template = page_text("refused.html").decode("utf-8")
    return phone_texts.render(template, words, {"title": words.gettext(title),
                                                "sentence": words.gettext(sentence)}).encode("utf-8")


def index_page(words: Words) -> bytes:
    """The phone page, its texts in ``words``' language."""
    return phone_texts.render(page_text("index.html").decode("utf-8"), words).encode("utf-8")


def phone_language(query: str, accept_language: str | None, table: str) -> str:
    """The language a phone reads: its page's ``lang`` (the script asks for the language its
    page was made in), else the one its browser prefers (``Accept-Language``) if we speak
    it, else the table's."""
    for part in query.split("&"):
        name, _, value = part.partition("=")
        if name == "lang" and value:
            return choose(value)
    return negotiate(accept_language) or choose(table)


class PhoneConnection:
    """One phone's WebSocket, seen from the phone server's loop."""

    def __init__(self, server: PhoneServer, socket: ServerConnection, seat: int, words: Words | None = None):
        self.server, self.socket, self.seat = server, socket, seat
        self.words = words or words_for(server.language)  # the phone's language
        self.outbox: asyncio.Queue[Message | None] = asyncio.Queue()  # None: the writer stops
        self.listener: Listener | None = None
        self.closed = False
        self.leaving = False  # it said bye: a lobby seat is freed at once
        self.seat_link = SeatLink(server.intent_limit, joined=True)  # its link is its seat: no hello
        self.probes = Probes()  # the host's own measure of its round trip (fair races)

    def deliver(self, message: dict[str, Any]) -> None:
        """Called on the host's thread with each message for this seat."""
        self.server.soon(lambda: self.push(message))

    def push(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= SEND_QUEUE:  # it is not reading: cut off, never buffered forever
            self.closed = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(message)
        if message.get("t") in ("bye", "refuse"):
            self.closed = True
            self.outbox.put_nowait(None)

    def refuse(self, code: str, reason: str, data: dict[str, Any] | None = None, english: str | None = None) -> None:
        """Refuse the phone ``code``: ``reason`` an English message id filled from ``data``."""
        self.push(refuse(code, reason, data, english))

    def probe(self, now: float) -> None:
        """Ask a seated phone to echo a number at once (on the server's loop)."""
        if self.listener is not None and not self.closed:
            self.push(self.probes.probe(now))


class PhoneServer:
    """Serves the phone page and WebSockets for one `Host` on the running loop.

    ``door(fn)`` runs ``fn`` on the host's thread (default: the host's own door,
    `netplay.door.Door.post`). ``colours`` are the seats' colours as ``#rrggbb``. Start with
    `async_start` (OSError if the port cannot be bound), stop with `async_close`.
    ``language``: the table's (the window's) language, for a phone whose browser prefers
    none we speak; a phone whose browser prefers one we speak reads that. ``profiles``: the
    names of the people the hosting window knows; a phone whose seat has no name of its own
    yet offers them ("Who plays here?", in its ``hand`` message) and may say one (``name``)."""

    def __init__(self, host: Host, door: DoorCall | None = None,
                 interfaces: list[str] | None = None, port: int = 0, colours: list[str] | None = None,
                 intent_limit: int = INTENTS_PER_SECOND, check_outgoing: bool = True, language: str = DEFAULT,
                 profiles: list[str] | None = None):
        self.host = host
        self.assets = phone_assets()  # where the sprite sheets and the video are read from
        self.profiles = offered_names(profiles or [])  # who a phone may say plays its seat
        self.language = choose(language)
        self._door = door or host.door.post
        self.interfaces = interfaces
        self.port = port
        self.colours = list(colours or DEFAULT_COLOURS)
        self.intent_limit = intent_limit
        self.check_outgoing = check_outgoing
        self.links = PhoneLinks(host.players)
        self.connects = ConnectRate()
        self.connections: set[PhoneConnection] = set()
        self.seat_status: dict[int, str] = {}  # seat -> "connected" | "away" (absent: no phone yet)
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: int | None = None
        self._servers: list[Any] = []
        self._address: str | None = None
        self._probing: asyncio.Task[None] | None = None

    # --- what the table and the terminal ask ------------------------------------------
    def address(self) -> str:
        """The address a phone on the LAN reaches this host at (IPv4 first; looked up once:
        the overlay asks every frame)."""
        if self._address is None:
            from .discovery import local_addresses

            found = [a for a in local_addresses(self.interfaces) if not a.startswith(("169.254.", "fe80:"))]
            address = (found or ["127.0.0.1"])[0]
            self._address = f"[{address}]" if ":" in address else address
        return self._address

    def link(self, seat: int) -> str:
        return f"http://{self.address()}:{self.port}/p/{self.links.tokens[seat]}"

    def status(self, seat: int) -> str:
        """``"none"`` (no phone yet), ``"connected"``, or ``"away"`` (its phone dropped)."""
        return self.seat_status.get(seat, "none")

    def phone_seats(self) -> list[int]:
        """Seats a phone may play: every seat that no bot was set to play."""
        return [i for i, seat in enumerate(self.host.seats) if seat.kind != "bot"]

    def open_seats(self) -> list[dict[str, Any]]:
        """The seats a phone could take now (a remote seat nobody holds), each with its link's
        path on this server: what a refused page offers instead."""
        return [{"seat": i, "path": f"/p/{self.links.tokens[i]}"} for i, seat in enumerate(self.host.seats)
                if seat.kind == "remote" and not seat.taken]

    def renew(self, seat: int) -> str:
        """A new link for ``seat``; the old one is refused from now on (its phone too)."""
        token = self.links.renew(seat)
        for connection in list(self.connections):
            if connection.seat == seat:
                connection.refuse("stale_link", N_("this link was replaced by a new code; scan the big screen again"))
        return token

    # --- serving ------------------------------------------------------------------------
    async def async_start(self) -> None:
        from websockets.asyncio.server import serve

        self.loop = asyncio.get_running_loop()
        self._thread = threading.get_ident()
        addresses: list[str | None] = [*self.interfaces] if self.interfaces else [None]
        for address in addresses:
            server = await serve(self._session, address, self.port, process_request=self._http,
                                 max_size=MAX_FRAME, max_queue=16, compression=None,
                                 ping_interval=PING_INTERVAL, ping_timeout=PING_TIMEOUT,
                                 open_timeout=10, close_timeout=2, server_header="Spielabend")
            self._servers.append(server)
            if not self.port:
                self.port = next(iter(server.sockets)).getsockname()[1]
        self._probing = self.loop.create_task(self._probe())

    async def async_close(self, reason: str = N_("the host closed the table")) -> None:
        if self._probing is not None:
            self._probing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._probing
            self._probing = None
        for connection in list(self.connections):
            connection.push(bye(reason))
        for server in self._servers:
            server.close(close_connections=False)
        for server in self._servers:
            with contextlib.suppress(Exception):
                async with asyncio.timeout(3.0):
                    await server.wait_closed()
        self._servers.clear()

    def door(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` on the host's thread (nothing, once the host's loop has closed)."""
        with contextlib.suppress(RuntimeError):
            self._door(fn)

    def soon(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` on this server's loop (from any thread)."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        if threading.get_ident() == self._thread:
            fn()
        else:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(fn)

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        """Plain HTTP: the page, its script and style, or a refusal page; None lets a
        WebSocket handshake for a known link go on."""
        from websockets.datastructures import Headers
        from websockets.http11 import Response

        def reply(status: int, phrase: str, body: bytes, kind: str = "text/html; charset=utf-8",
                  cache: str = "no-store", tag: str | None = None) -> Response:
            headers = Headers([("Content-Type", kind), ("Content-Length", str(len(body))),
                               ("Cache-Control", cache), ("X-Content-Type-Options", "nosniff"),
                               ("Referrer-Policy", "no-referrer")])
            if tag is not None:
                headers["ETag"] = tag
            return Response(status, phrase, headers, body)

        path, _, query = request.path.partition("?")
        asset = asset_file(path, GAMES, self.assets)
        if asset is not None:  # static and cheap: not counted against the page's connection rate
            body, kind = asset
            tag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
            cache = f"public, max-age={ASSET_MAX_AGE}"
            if request.headers.get("If-None-Match") == tag:
                return reply(304, "Not Modified", b"", kind, cache, tag)
            return reply(200, "OK", body, kind, cache, tag)
        words = words_for(phone_language(query, request.headers.get("Accept-Language"), self.language))
        peer = connection.remote_address
        if not self.connects.allow(address_key(str(peer[0])) if peer else "?", asyncio.get_running_loop().time()):
            return reply(429, "Too Many Requests", refusal_page(*phone_texts.SLOW_DOWN, words))
        if path in PAGE_FILES:
            name, kind = PAGE_FILES[path]
            return reply(200, "OK", page_text(name), kind + "; charset=utf-8")
        parts = path.strip("/").split("/")
        if len(parts) in (2, 3) and parts[0] == "p" and (len(parts) == 2 or parts[2] == "ws"):
            token = parts[1]
            seat = self.links.seat_of(token)
            if seat is None:
                if token in self.links.retired:
                    return reply(410, "Gone", refusal_page(*phone_texts.EXPIRED, words))
                return reply(404, "Not Found", refusal_page(*phone_texts.NOT_A_SEAT, words))
            if self.host.seats[seat].kind == "bot":
                return reply(409, "Conflict", refusal_page(*phone_texts.BOT_SEAT, words))
            if len(parts) == 2:
                return reply(200, "OK", index_page(words))
            return None  # the WebSocket handshake goes on
        return reply(404, "Not Found", refusal_page(*phone_texts.NOTHING, words))

    async def _session(self, socket: ServerConnection) -> None:
        if socket.request is None:  # the handshake always has one; nothing to seat without it
            return
        path, _, query = socket.request.path.partition("?")
        token = path.strip("/").split("/")[1]
        words = words_for(phone_language(query, socket.request.headers.get("Accept-Language"), self.language))
        seat = self.links.seat_of(token)
        if seat is None:  # renewed between the handshake and now
            expired = refuse("stale_link", N_("this link has expired"))
            await socket.send(json.dumps(phone_view(expired, "", -1, words), ensure_ascii=False))
            return
        connection = PhoneConnection(self, socket, seat, words)
        self.connections.add(connection)
        writer = asyncio.ensure_future(self._write(connection))
        try:
            connection.push(self._hand_message(seat))
            self.door(lambda: self._attach(connection))
            await self._read(connection)
        finally:
            self.connections.discard(connection)
            connection.closed = True
            connection.outbox.put_nowait(None)
            with contextlib.suppress(Exception):
                async with asyncio.timeout(2.0):
                    await writer
            writer.cancel()
            self.door(lambda: self._detach(connection))

    def _hand_message(self, seat: int) -> dict[str, Any]:
        info = self.host.info
        return {"t": "hand", "seat": seat, "game": info.id, "game_name": info.name, "realtime": info.realtime,
                "colour": self.colours[seat % len(self.colours)], "name": self.host.seats[seat].name,
                "profiles": list(self.profiles)}

    # --- on the host's thread -------------------------------------------------------------
    def _attach(self, connection: PhoneConnection) -> None:
        if connection.closed:
            return
        try:
            connection.listener = self.host.connect_phone(connection.seat, connection.deliver)
        except Refused as refusal:
            # the page says plainly that this seat is someone else's, and offers the open ones
            connection.deliver({"t": "open_seats", "seats": self.open_seats()})
            connection.deliver({"t": "refuse", "code": refusal.code, **refusal.said()})
            return
        self.seat_status[connection.seat] = "connected"

    def _detach(self, connection: PhoneConnection) -> None:
        listener, connection.listener = connection.listener, None
        if listener is None:
            return
        self.host.detach(listener, leaving=connection.leaving)
        if not any(lst.meta.get("phone") and lst.seat == connection.seat for lst in self.host.listeners):
            self.seat_status[connection.seat] = "away"

    def _submit(self, connection: PhoneConnection, step: Act, arrived: float) -> None:
        """A tap's intent, which reached this server at ``arrived`` (its loop's clock)."""
        if not self._seated(connection):
            connection.deliver(reject(step.seq, "not_joined", N_("this phone is not seated (any more)")))
            return
        self.host.intent(connection.seat, step.seq, step.action, connection.deliver, step.seen, step.ms,
                         now=self._arrival(arrived), remote=True)

    def _arrival(self, arrived: float) -> float | None:
        """``arrived`` on the host's race clock: the hop onto the host's thread (up to a frame
        for a host the window drives) is the table's delay, not the phone's. None (the host's
        own time) when the host keeps no race clock: its driver's frames are its only time."""
        race_clock, loop = self.host.race_clock, self.loop
        if race_clock is None or loop is None:
            return None
        return race_clock() - max(0.0, loop.time() - arrived)

    def _probed(self, connection: PhoneConnection, rtt: float) -> None:
        if self._seated(connection):
            self.host.race_round_trip(connection.seat, rtt)

    def _seated(self, connection: PhoneConnection) -> bool:
        return connection.listener is not None and connection.listener in self.host.listeners

    def _name(self, connection: PhoneConnection, name: str) -> None:
        """The phone's player picked who they are (a ``name`` message, checked already): the
        seat takes that name, and everyone hears the lobby. Once the game runs it is too
        late: a ``reject`` that answers no intent (``seq`` -1) says so, and the phone stays."""
        if not self._seated(connection):
            return
        try:
            self.host.name_seat(connection.seat, name)
        except Refused as refusal:
            connection.deliver(reject(-1, refusal.code, refusal.say, refusal.data))

    def _heard(self, seat: int) -> None:
        if self.host.now is not None:
            self.host.heard(seat, self.host.now)

    # --- bytes in and out ------------------------------------------------------------------
    async def _read(self, connection: PhoneConnection) -> None:
        from websockets.exceptions import ConnectionClosed

        with contextlib.suppress(ConnectionClosed):
            async for data in connection.socket:
                if connection.closed:
                    return
                now = asyncio.get_running_loop().time()
                flood = connection.seat_link.arrived(now)
                if flood is not None:
                    connection.refuse(flood.code, flood.reason, flood.data)
                    return
                try:
                    message = decode_phone_message(data)
                except ProtocolError as error:
                    # What was wrong, as a TCP peer hears it: ``say`` the template of ``reason``.
                    connection.refuse(error.code, error.say, error.data)
                    return
                self._handle(connection, message, now)

    def _handle(self, connection: PhoneConnection, message: Message, now: float) -> None:
        """Carry out what the seat's link (`netplay.link`) makes of ``message``."""
        seat = connection.seat
        for step in connection.seat_link.receive(message, now):
            if isinstance(step, Heard):
                self.door(lambda: self._heard(seat))
            elif isinstance(step, Send):
                connection.push(step.message)
            elif isinstance(step, Refuse):
                connection.refuse(step.code, step.reason, step.data)
            elif isinstance(step, Leave):
                connection.leaving = True
                connection.push(bye(N_("goodbye")))  # its writer closes after it
            elif isinstance(step, Act):
                self.door(functools.partial(self._submit, connection, step, now))
            elif isinstance(step, Other) and step.message["t"] == "probe":
                rtt = connection.probes.answered(step.message["n"], now)
                if rtt is not None:
                    self.door(functools.partial(self._probed, connection, rtt))
            elif isinstance(step, Other) and step.message["t"] == "name":
                name = step.message["name"]
                if name not in self.profiles:  # only a name the hosting window offered
                    connection.refuse("malformed", N_("a phone may only pick one of the names the table offered"))
                    return
                self.door(functools.partial(self._name, connection, name))
            # a phone has no other messages of its own (a profile is ignored)

    async def _probe(self) -> None:
        """Measure every seated phone's round trip, which bounds its race claims."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(PROBE_EVERY)
            now = loop.time()
            for connection in list(self.connections):
                connection.probe(now)

    async def _write(self, connection: PhoneConnection) -> None:
        from websockets.exceptions import ConnectionClosed

        game_id = self.host.info.id
        try:
            while True:
                message = await connection.outbox.get()
                if message is None:
                    break
                text = self._encode(phone_view(message, game_id, connection.seat, connection.words))
                if text is None:
                    break
                await connection.socket.send(text)
                if message.get("t") in ("bye", "refuse"):
                    break
        except ConnectionClosed:
            pass
        finally:
            connection.closed = True
            with contextlib.suppress(Exception):
                await connection.socket.close()

    def _encode(self, message: dict[str, Any]) -> str | None:
        try:
            if self.check_outgoing and message["t"] in _CHECKED_OUT:
                check_message(_bare_update(message) if message["t"] == "update" else
                              {k: v for k, v in message.items() if k != "text"}, TO_PEER)
            text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        except (ProtocolError, TypeError, ValueError) as error:
            print(f"spielabend: cannot send a {message.get('t')} message to a phone: {error}", file=sys.stderr)
            return None
        if len(text.encode("utf-8")) > MAX_FRAME * 4:
            print(f"spielabend: a {message['t']} message is too large for a phone", file=sys.stderr)
            return None
        return text


_CHECKED_OUT = frozenset({"welcome", "refuse", "lobby", "start", "accept", "reject", "update", "pong", "probe",
                          "bye"})


def _bare_update(message: dict[str, Any]) -> dict[str, Any]:
    return {key: message[key] for key in ("t", "events", "view", "legal", "n") if key in message}


# --- for a host that lives on another thread (the pygame client's couch table) -------------
class PhoneService:
    """A `PhoneServer` on a thread of its own, for a host on another thread.

    For a host that nothing serves, the host's thread must tick this service
    (``app.drive(service)``) so that the phones' calls run there. `close` stops the thread."""

    def __init__(self, server: PhoneServer, door: DoorCall, thread: threading.Thread, stop: asyncio.Event):
        self.server, self.door, self._thread, self._stop = server, door, thread, stop

    def tick(self, now: float) -> None:
        self.server.host.door.run_waiting()

    def link(self, seat: int) -> str:
        return self.server.link(seat)

    def status(self, seat: int) -> str:
        return self.server.status(seat)

    def close(self) -> None:
        loop = self.server.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10.0)


def serve_phones_in_thread(host: Host, door: DoorCall | None = None, interfaces: list[str] | None = None, port: int = 0,
                           colours: list[str] | None = None,
                           intent_rate: int = INTENTS_PER_SECOND, language: str = DEFAULT,
                           profiles: list[str] | None = None) -> PhoneService:
    """Serve phones for ``host`` from a background thread; returns once it listens.

    ``door(fn)`` runs ``fn`` on the host's thread (default: the host's own door, which
    also serves a host the pygame thread drives: see `PhoneService`). Raises OSError if
    the port is taken, ImportError if websockets is missing. ``language``: the table's (the
    window's), for phones whose browsers prefer none we speak (`PhoneServer`). ``profiles``:
    the names of people the hosting window knows, which a phone may pick as who plays it."""
    door = door or host.door.post
    server = PhoneServer(host, door, interfaces, port, colours, intent_rate, language=language, profiles=profiles)
    thread, _, stop = run_service_in_thread(server.async_start, server.async_close, "spielabend-phones",
                                            "the phone server")
    return PhoneService(server, door, thread, stop)
