"""What a host's parts share: a seat, a listener, a message, and whom a part may tell.

`netplay.host.Host` composes its parts (`netplay.seats`, `netplay.racing`,
`netplay.pausing`, `netplay.evening`, `netplay.saves`); each part sees its owner only
through a small `typing.Protocol` of its own, declared beside it, never as the `Host`.
The facts those protocols speak of live here, in a module that imports no part, so no
part needs another's module (or the host's) to name them, and the imports stay a tree
(`tests/netplay/test_structure.py`).
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

Message = dict[str, Any]  # one wire message (netplay.protocol): plain msgpack data
Deliver = Callable[[Message], None]  # where one connection's messages go

# How a seat is played, as the lobby's seats say it (`via`, protocol 6); "" for an open seat or a bot's.
COUCH = "couch"  # at the host's own screen
PHONE = "phone"  # from a phone (netplay.phones)
LAN = "lan"  # by a TCP peer (netplay.server)
RELAY = "relay"  # by a relay link (netplay.relay)


@dataclass
class Seat:
    kind: str  # "local" | "remote" | "bot"
    name: str  # "" while a remote seat is open
    token: str
    strength: str = "normal"
    taken: bool = False  # a remote seat that a peer has claimed
    by_phone: bool = False  # ... and that claim is a phone's (its link is its credential, not the token)
    connected: bool = False  # a remote seat with a live connection
    away: bool = False
    away_since: float | None = None
    last_heard: float | None = None
    robot: str | None = None  # strength of the bot playing this seat, if any
    bot_due: float | None = None
    planned: str = ""  # a remote seat's name from the set-up: a phone that claims the open seat takes it
    via: str = ""  # how the seat is played: COUCH, PHONE, LAN or RELAY ("": open, or a bot's seat)

    def ready(self) -> bool:
        return self.kind != "remote" or (self.taken and self.connected)


@dataclass(eq=False)
class Listener:
    """Where messages for one seat go: a local session's inbox or a connection. ``via``:
    the connection's transport (LAN, RELAY, PHONE; "" for a session in the host's process)."""

    seat: int | None
    deliver: Deliver
    remote: bool = False
    meta: dict[str, Any] = field(default_factory=dict)
    via: str = ""


class Audience(Protocol):
    """Whom a part may tell: its owner's listeners, read only."""

    @property
    def listeners(self) -> Sequence[Listener]: ...


class Letting(Audience, Protocol):
    """An audience a part may also let one listener go from: `let_go` tells it ``message``
    (its ``bye``) and stops sending to it."""

    def let_go(self, listener: Listener, message: Message) -> None: ...
