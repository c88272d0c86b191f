"""The wire protocol, sans I/O: bytes in, messages out, and back. No sockets, no asyncio.

A frame is a 4-byte big-endian length and one msgpack map. A length over `MAX_FRAME`
is refused as soon as its four bytes arrive, before any of the body is buffered. Each
body is unpacked by its own `msgpack.unpackb` call with explicit size limits (so no
decoder state survives a bad frame), then checked against the schema of its message
type: an unknown type, a missing or extra field, a wrong type or nesting deeper than
allowed, or half of a message's optional fields (they come all together or not at all) is
a `ProtocolError`. After an error the decoder starts over from a clean state. Its ``say``
and ``data`` are a template and the values that fill it (`netplay.sayings`), so a refusal
for a broken envelope words exactly what went wrong, in each reader's language.

Messages (``t`` is the type), peer to host::

    hello   version:int name:str proof:str token:str|None
    intent  seq:int action:plain [seen:int ms:float]
                                      (the seat is the connection's own: no seat field; seen and
                                       ms, both or neither: the newest update shown and the
                                       milliseconds from showing it to the press, for races)
    ping    sent:float rtt:float|None
    profile id:str name:str colour:int(0-5) emblem:int  (after its welcome: the person who plays this seat)
    probe   n:int                     (the answer to the host's probe, at once)
    bye     reason:str

host to peer::

    challenge  version:int nonce:str password:bool    (first thing a peer hears)
    welcome    seat:int|None token:str
    refuse     code:str reason:str [say:str data:plain map]
                                                      (then the host closes; say and data, both or
                                                      neither: reason's English template and the values
                                                      that fill it, which each reader words in its own
                                                      language: netplay.sayings)
    lobby      game:str players:int phase:str table:str seats:[{name kind ready away via}]
                                                      (table: the table's name; via: how each seat is
                                                      played, couch, phone, lan, relay or "")
    start      game:str players:int seat:int|None names:[str]
    accept     seq:int
    reject     seq:int code:str reason:str [say:str data:plain map]
    update     events:[plain map] view:plain map legal:[plain] [n:int]
                                                      (n: the update's number, which intents quote as seen)
    probe      n:int                                  (answer at once: the host measures the round trip)
    pong       sent:float host:float
    pause      paused:bool resume_in:float|None       (the host paused, or resumes after a countdown)
    history    events:[plain map]                     (the newest public events, for a rejoining table's log)
    photo      winner:int loser:int ms:int action:plain
                                                      (a race decided by under 50 ms: who won, who came
                                                      second, by how many ms (0: under 1), the winner's
                                                      action, public once applied)
    evening    standings:[{name colour points games wins you}] ratings:[{scope before after}]
                                                      (the game night, after a finished game: tonight's standings
                                                      and this seat's own rating changes)
    colours    colours:[int]                          (each seat's colour, 0-5, after a peer's profile set one)
    next_table game:str port:int token:str|None invite:str|None
                                                      (the game night's Next game: the group's next table
                                                      is open on this port of the same address; the token
                                                      of the seat kept there for this peer; for a peer
                                                      through a relay, its seat's invite there)
    bye        reason:str [say:str data:plain map]

Clock sync: a peer pings with its clock (``sent``) and its current round-trip estimate;
the host answers with ``sent`` and its own clock, so the peer measures the round trip
and the offset ``host - (sent + rtt / 2)``.
"""

import hashlib
import hmac
import threading
from collections.abc import Callable
from typing import Any

import msgpack

from engines.errors import N_

from .errors import ProtocolError

PROTOCOL_VERSION = 8  # 3: intents carry seen / ms, updates their n, probes (fair races); the game night's messages.
# 4: the photo finish (`photo`), which a version 3 peer could not read. 5: a refuse, reject or bye carries
# `say` and `data` (each reader words it in its own language), which a version 4 peer's schema refused.
# 6: the lobby's `table` and each seat's `via`, next_table's `invite`; a seat's token stands for the password.
# 7: the host as documented: optional fields whole or none (seen / ms never null), a profile's colour 0-5,
# an envelope refusal's say is its reason's template, views say None for a timer that is off, one
# `unknown_action` for every game. 8: a phone's update carries picture hints and the seat's `board`, the
# phone server serves the games' sprite sheets (docs/phones.md) (docs/netplay.md, *Wire protocol*)
MAX_FRAME = 64 * 1024
HEADER = 4

TO_HOST = "to_host"  # messages a host accepts from peers
TO_PEER = "to_peer"  # messages a peer accepts from its host

# msgpack limits per direction: peers may send little; hosts send views and event lists.
LIMITS = {
    TO_HOST: {"max_str_len": 4096, "max_bin_len": 0, "max_array_len": 256, "max_map_len": 64,
              "max_ext_len": 0},
    TO_PEER: {"max_str_len": MAX_FRAME, "max_bin_len": 0, "max_array_len": 16384,
              "max_map_len": 4096, "max_ext_len": 0},
}
PLAIN_DEPTH = {TO_HOST: 6, TO_PEER: 24}  # how deep an action / a view may nest


# --- the schema -----------------------------------------------------------------------
Check = Callable[[Any, int], bool]  # a field's check: (value, how deep plain data may nest) -> fits


def _int(value: Any, depth: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _str(value: Any, depth: int) -> bool:
    return isinstance(value, str)


def _bool(value: Any, depth: int) -> bool:
    return isinstance(value, bool)


def _float(value: Any, depth: int) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _int_in(low: int, high: int) -> Check:
    return lambda value, depth: _int(value, depth) and low <= value <= high


def _optional(check: Check) -> Check:
    return lambda value, depth: value is None or check(value, depth)


def _list_of(check: Check) -> Check:
    return lambda value, depth: isinstance(value, list) and all(check(v, depth) for v in value)


def _record(fields: dict[str, Check]) -> Check:
    def check(value: Any, depth: int) -> bool:
        return (isinstance(value, dict) and value.keys() == fields.keys()
                and all(fields[k](value[k], depth) for k in fields))
    return check


_SCALAR_TYPES = frozenset({type(None), bool, int, float, str})


def _plain(value: Any, depth: int) -> bool:
    """None, bool, int, float, str, lists and str-keyed maps, at most ``depth`` deep.

    Exact type checks keep this cheap: it runs on every update a peer receives."""
    kind = type(value)
    if kind in _SCALAR_TYPES:
        return True
    if depth <= 0:
        return False
    if kind is list:
        for item in value:
            if type(item) not in _SCALAR_TYPES and not _plain(item, depth - 1):
                return False
        return True
    if kind is dict:
        for key, item in value.items():
            if type(key) is not str:
                return False
            if type(item) not in _SCALAR_TYPES and not _plain(item, depth - 1):
                return False
        return True
    return False


def _plain_map(value: Any, depth: int) -> bool:
    return isinstance(value, dict) and _plain(value, depth)


def _plain_list(check_item: Check) -> Check:
    return lambda value, depth: isinstance(value, list) and all(check_item(v, depth - 1) for v in value)


# The maps inside messages (docs/netplay.md; netplay.messages types each one).
LOBBY_SEAT: dict[str, Check] = {"name": _str, "kind": _str, "ready": _bool, "away": _bool, "via": _str}
STANDING: dict[str, Check] = {"name": _str, "colour": _int, "points": _float, "games": _int, "wins": _int,
                              "you": _bool}
RATING: dict[str, Check] = {"scope": _str, "before": _int, "after": _int}

SCHEMAS: dict[str, dict[str, dict[str, Check]]] = {
    TO_HOST: {
        "hello": {"version": _int, "name": _str, "proof": _str, "token": _optional(_str)},
        "intent": {"seq": _int, "action": _plain},
        "ping": {"sent": _float, "rtt": _optional(_float)},
        "profile": {"id": _str, "name": _str, "colour": _int_in(0, 5), "emblem": _int},
        "probe": {"n": _int},
        "bye": {"reason": _str},
    },
    TO_PEER: {
        "challenge": {"version": _int, "nonce": _str, "password": _bool},
        "welcome": {"seat": _optional(_int), "token": _str},
        "refuse": {"code": _str, "reason": _str},
        "lobby": {"game": _str, "players": _int, "phase": _str, "table": _str,
                  "seats": _list_of(_record(LOBBY_SEAT))},
        "start": {"game": _str, "players": _int, "seat": _optional(_int), "names": _list_of(_str)},
        "accept": {"seq": _int},
        "reject": {"seq": _int, "code": _str, "reason": _str},
        "update": {"events": _plain_list(_plain_map), "view": _plain_map, "legal": _plain_list(_plain)},
        "pong": {"sent": _float, "host": _float},
        "probe": {"n": _int},
        "pause": {"paused": _bool, "resume_in": _optional(_float)},
        "history": {"events": _plain_list(_plain_map)},
        "photo": {"winner": _int, "loser": _int, "ms": _int, "action": _plain},
        "evening": {"standings": _list_of(_record(STANDING)), "ratings": _list_of(_record(RATING))},
        "next_table": {"game": _str, "port": _int, "token": _optional(_str), "invite": _optional(_str)},
        "colours": {"colours": _list_of(_int)},
        "bye": {"reason": _str},
    },
}


# Fields a message may carry or leave out, all of a message's together or none of them
# (protocol 3's race timing; protocol 5's words; protocol 7 holds peers to both halves).
_SAID: dict[str, Check] = {"say": _str, "data": _plain_map}
OPTIONAL: dict[str, dict[str, dict[str, Check]]] = {
    TO_HOST: {"intent": {"seen": _int, "ms": _float}},
    TO_PEER: {"update": {"n": _int}, "reject": _SAID, "refuse": _SAID, "bye": _SAID},
}


def check_message(message: Any, direction: str) -> dict[str, Any]:
    """``message`` if it fits the schema of its type for ``direction``; else ProtocolError,
    whose ``say`` and ``data`` word what is wrong (field names and types are the protocol's
    own words, not English ones)."""
    if not isinstance(message, dict):
        raise ProtocolError("malformed", N_("a message must be a map"))
    kind = message.get("t")
    if not isinstance(kind, str) or kind not in SCHEMAS[direction]:
        raise ProtocolError("unknown_type", N_("unknown message type {type}"), {"type": repr(str(kind)[:40])})
    schema = SCHEMAS[direction][kind]
    optional = OPTIONAL[direction].get(kind)
    if optional and len(message) != len(schema) + 1:
        present = [name for name in optional if name in message]
        if present and len(present) != len(optional):
            raise ProtocolError("malformed", N_("{kind} messages have {fields} together or not at all"),
                                {"kind": kind, "fields": ", ".join(optional)})
        schema = schema | {name: optional[name] for name in present}
    if len(message) != len(schema) + 1:
        given = [str(k)[:20] for k in message if k != "t"]
        raise ProtocolError("malformed", N_("{kind} messages have the fields {fields}, not {given}"),
                            {"kind": kind, "fields": ", ".join(schema) or "-",
                             "given": (", ".join(given) or "-")[:200]})
    depth = PLAIN_DEPTH[direction]
    for name, check in schema.items():
        if name not in message:
            raise ProtocolError("malformed", N_("{kind} messages need the field {field}"),
                                {"kind": kind, "field": name})
        if not check(message[name], depth):
            raise ProtocolError("malformed", N_("field {field} of this {kind} message has the wrong type or shape"),
                                {"kind": kind, "field": name})
    return message


# --- frames ---------------------------------------------------------------------------
_packers = threading.local()  # one reusable msgpack packer per thread (host loop, peers)


def encode(message: dict[str, Any], direction: str, check: bool = True) -> bytes:
    """One frame for ``message``; ProtocolError if it breaks the schema or is too big."""
    if check:
        check_message(message, direction)
    packer = getattr(_packers, "packer", None)
    if packer is None:
        packer = _packers.packer = msgpack.Packer(use_bin_type=True)
    try:
        body = packer.pack(message)
    except (TypeError, ValueError, OverflowError) as error:
        raise ProtocolError("malformed", f"cannot encode a {message.get('t')} message: {error}") from None
    if len(body) > MAX_FRAME:
        raise ProtocolError("frame_too_large", f"a {message.get('t')} message of {len(body)} bytes is too large")
    frame: bytes = len(body).to_bytes(HEADER, "big") + body
    return frame


def decode_body(body: bytes | memoryview, direction: str) -> dict[str, Any]:
    """Unpack and check one frame body (fresh unpacker, explicit limits)."""
    try:
        message = msgpack.unpackb(body, raw=False, strict_map_key=True, use_list=True,
                                  **LIMITS[direction])
    except (ValueError, TypeError, msgpack.UnpackException, RecursionError) as error:
        raise ProtocolError("malformed", N_("a frame that is not msgpack within the limits ({error})"),
                            {"error": type(error).__name__}) from None
    return check_message(message, direction)


class FrameDecoder:
    """Turns a byte stream into checked messages. Feed it whatever arrives.

    `feed` raises ProtocolError on the first bad frame; the messages decoded before
    it in the same call are on the error's ``messages``. The decoder then holds no
    state from the bad stream (a fresh decoder), though the sender should be dropped.
    """

    def __init__(self, direction: str):
        if direction not in SCHEMAS:
            raise ValueError(f"direction must be {TO_HOST!r} or {TO_PEER!r}")
        self.direction = direction
        self.frame_sizes: list[int] | None = None  # set to a list to record body sizes
        self._reset()

    def _reset(self) -> None:
        self._head = bytearray()
        self._length: int | None = None
        self._body = bytearray()

    def buffered(self) -> int:
        return len(self._head) + len(self._body)

    def feed(self, data: bytes | memoryview) -> list[dict[str, Any]]:
        view = memoryview(data)
        messages: list[dict[str, Any]] = []
        try:
            while view:
                if self._length is None and not self._head and len(view) >= HEADER:
                    # fast path: a whole frame in this chunk, decoded without copying
                    length = int.from_bytes(view[:HEADER], "big")
                    if 0 < length <= MAX_FRAME and len(view) >= HEADER + length:
                        if self.frame_sizes is not None:
                            self.frame_sizes.append(HEADER + length)
                        messages.append(decode_body(view[HEADER:HEADER + length], self.direction))
                        view = view[HEADER + length:]
                        continue
                if self._length is None:
                    take = HEADER - len(self._head)
                    self._head += view[:take]
                    view = view[take:]
                    if len(self._head) < HEADER:
                        break
                    length = int.from_bytes(self._head, "big")
                    self._head = bytearray()
                    if length > MAX_FRAME:  # refused before any of the body is kept
                        raise ProtocolError("frame_too_large", N_("a frame of {bytes} bytes is over the "
                                                                  "{limit}-byte limit"),
                                            {"bytes": length, "limit": MAX_FRAME})
                    if length == 0:
                        raise ProtocolError("malformed", N_("an empty frame"))
                    self._length = length
                take = self._length - len(self._body)
                self._body += view[:take]
                view = view[take:]
                if len(self._body) == self._length:
                    body = bytes(self._body)
                    if self.frame_sizes is not None:
                        self.frame_sizes.append(HEADER + self._length)
                    self._length, self._body = None, bytearray()
                    messages.append(decode_body(body, self.direction))
        except ProtocolError as error:
            self._reset()
            error.messages = messages
            raise
        return messages


# --- small sans-I/O helpers -----------------------------------------------------------
def password_proof(password: str | None, nonce: str) -> str:
    """What a peer sends to show it knows the password, without sending it."""
    if not password:
        return ""
    return hmac.new(password.encode("utf-8"), nonce.encode("ascii"), hashlib.sha256).hexdigest()


def proof_ok(password: str | None, nonce: str, proof: str) -> bool:
    if not password:
        return True
    return hmac.compare_digest(password_proof(password, nonce).encode(), proof.encode("utf-8", "replace"))


class ClockSync:
    """A peer's estimate of round trip and host clock offset, from ping / pong."""

    def __init__(self) -> None:
        self.rtt: float | None = None
        self.offset: float | None = None

    def pong(self, sent: float, host: float, now: float) -> None:
        rtt = max(0.0, now - sent)
        offset = host - (sent + rtt / 2)
        if self.rtt is None or self.offset is None:
            self.rtt, self.offset = rtt, offset
        else:  # smooth, as TCP does for its own round trip
            self.rtt = 0.875 * self.rtt + 0.125 * rtt
            self.offset = 0.875 * self.offset + 0.125 * offset
