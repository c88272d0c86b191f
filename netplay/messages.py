"""The wire's messages as types: one `TypedDict` per message of docs/netplay.md's tables.

`netplay.protocol` checks messages at run time (its `SCHEMAS`, `OPTIONAL` and the maps
inside them); these say the same to mypy, so a message builder (`Host.lobby_message`,
`Host.start_message`, `Host.seat_message`, `Host.tell_next_table`, ...) that leaves a field
out, adds one or gives it the wrong type fails the type check, not a peer.
`tests/netplay/test_messages.py` holds every type here to the schema, field by field, and
`tests/netplay/test_codes_documented.py` the schema to the docs: the three cannot drift.
Fields in [brackets] in the docs are `NotRequired` here. Plain data (views, actions,
events) is `Any`. A message is still a plain dict at run time: building one costs nothing.
"""

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

# --- peer to host ------------------------------------------------------------------------


class Hello(TypedDict):
    t: Literal["hello"]
    version: int
    name: str
    proof: str
    token: str | None


class Intent(TypedDict):
    t: Literal["intent"]
    seq: int
    action: Any
    seen: NotRequired[int]  # seen and ms: both or neither, never None (protocol 7)
    ms: NotRequired[float]


class Ping(TypedDict):
    t: Literal["ping"]
    sent: float
    rtt: float | None


class Profile(TypedDict):
    t: Literal["profile"]
    id: str
    name: str
    colour: int
    emblem: int


class Probe(TypedDict):  # both ways: the host's probe, and the peer's answer carrying its n
    t: Literal["probe"]
    n: int


class Leave(TypedDict):  # a peer's bye
    t: Literal["bye"]
    reason: str


# --- host to peer ------------------------------------------------------------------------


class Challenge(TypedDict):
    t: Literal["challenge"]
    version: int
    nonce: str
    password: bool


class Welcome(TypedDict):
    t: Literal["welcome"]
    seat: int | None
    token: str


class Refuse(TypedDict):
    t: Literal["refuse"]
    code: str
    reason: str
    say: NotRequired[str]
    data: NotRequired[dict[str, Any]]


class LobbySeat(TypedDict):
    name: str  # "" while open
    kind: str  # human, bot or open
    ready: bool
    away: bool
    via: str  # couch, phone, lan, relay, or "" (open, a bot's seat)


class Lobby(TypedDict):
    t: Literal["lobby"]
    game: str
    players: int
    phase: str
    table: str
    seats: list[LobbySeat]


class Start(TypedDict):
    t: Literal["start"]
    game: str
    players: int
    seat: int | None
    names: list[str]


class Accept(TypedDict):
    t: Literal["accept"]
    seq: int


class Reject(TypedDict):
    t: Literal["reject"]
    seq: int
    code: str
    reason: str
    say: NotRequired[str]
    data: NotRequired[dict[str, Any]]


class Update(TypedDict):
    t: Literal["update"]
    events: list[dict[str, Any]]
    view: dict[str, Any]
    legal: list[Any]
    n: NotRequired[int]


class Pong(TypedDict):
    t: Literal["pong"]
    sent: float
    host: float


class Pause(TypedDict):
    t: Literal["pause"]
    paused: bool
    resume_in: float | None


class History(TypedDict):
    t: Literal["history"]
    events: list[dict[str, Any]]


class Photo(TypedDict):
    t: Literal["photo"]
    winner: int
    loser: int
    ms: int
    action: Any


class Standing(TypedDict):
    name: str
    colour: int
    points: float
    games: int
    wins: int
    you: bool


class Rating(TypedDict):
    scope: str
    before: int
    after: int


class Evening(TypedDict):
    t: Literal["evening"]
    standings: list[Standing]
    ratings: list[Rating]


class Colours(TypedDict):
    t: Literal["colours"]
    colours: list[int]


class NextTable(TypedDict):
    t: Literal["next_table"]
    game: str
    port: int
    token: str | None
    invite: str | None


class Bye(TypedDict):
    t: Literal["bye"]
    reason: str
    say: NotRequired[str]
    data: NotRequired[dict[str, Any]]


# Each message type, by direction and its `t` (netplay.protocol's TO_HOST and TO_PEER).
TO_HOST_TYPES: dict[str, type] = {"hello": Hello, "intent": Intent, "ping": Ping, "profile": Profile,
                                  "probe": Probe, "bye": Leave}
TO_PEER_TYPES: dict[str, type] = {
    "challenge": Challenge, "welcome": Welcome, "refuse": Refuse, "lobby": Lobby, "start": Start,
    "accept": Accept, "reject": Reject, "update": Update, "pong": Pong, "probe": Probe, "pause": Pause,
    "history": History, "photo": Photo, "evening": Evening, "colours": Colours, "next_table": NextTable,
    "bye": Bye}
# The maps inside messages, by where they sit.
INNER_TYPES: dict[str, type] = {"lobby.seats": LobbySeat, "evening.standings": Standing, "evening.ratings": Rating}


def wire(message: Mapping[str, Any]) -> dict[str, Any]:
    """A typed message as the plain dict a listener is given (the same object: no copy)."""
    return cast(dict[str, Any], message)
