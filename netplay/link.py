"""One seat's connection to the host, sans I/O: decoded messages in, steps out.

The TCP server (`netplay.server`) and the phones' WebSocket server (`netplay.phones`)
run the same per-connection rules through a `SeatLink`: the message and intent rate
limits (`netplay.limits`), ping and pong, intents, bye, and nothing but hello or bye
before a seat is joined. The link holds no socket, loop or host: it answers each
message with `Step` values (send this, refuse and close, the peer leaves, the host
heard the seat, submit this intent, or a message that is the transport's own), and
the transport carries them out. Tests feed it plain dicts (tests/netplay/test_link.py).
"""

from dataclasses import dataclass
from typing import Any

from .limits import INTENTS_PER_SECOND, intent_limit, message_limit

Message = dict[str, Any]  # one wire message (netplay.protocol): plain msgpack data


@dataclass(frozen=True)
class Send:
    """Send ``message`` to the peer."""

    message: Message


@dataclass(frozen=True)
class Refuse:
    """Tell the peer ``code`` and ``reason`` in a ``refuse``, then close its connection."""

    code: str
    reason: str

    def message(self) -> Message:
        return {"t": "refuse", "code": self.code, "reason": self.reason}


@dataclass(frozen=True)
class Leave:
    """The peer said bye: close, and a lobby seat is freed at once (not kept for a rejoin)."""


@dataclass(frozen=True)
class Heard:
    """The seat said something: the host hears it (`Host.heard`), before the rest."""


@dataclass(frozen=True)
class Act:
    """Submit the seat's intent to the host (`Host.intent`)."""

    seq: int
    action: Any
    seen: int | None = None
    ms: float | None = None


@dataclass(frozen=True)
class Other:
    """A message that is the transport's own (hello, profile, probe)."""

    message: Message


Step = Send | Refuse | Leave | Heard | Act | Other

THROTTLED = "too many intents per second; slow down"


class SeatLink:
    """The rules of one connection (see the module docstring). ``joined``: whether the
    connection has a seat (a TCP peer once its hello was welcomed; a phone at once)."""

    def __init__(self, intents_per_second: int = INTENTS_PER_SECOND, joined: bool = False):
        self.intent_rate = intent_limit(intents_per_second)
        self.message_rate = message_limit(intents_per_second)
        self.joined = joined

    def arrived(self, now: float) -> Refuse | None:
        """A message (or a phone's frame) arrived at ``now``: a refusal if there are too many."""
        if self.message_rate.check(now) == "drop":
            return Refuse("flooding", "too many messages per second")
        return None

    def receive(self, message: Message, now: float) -> list[Step]:
        """What to do about one checked message (`protocol.check_message`) at ``now``."""
        kind = message["t"]
        steps: list[Step] = [Heard()] if self.joined else []
        if kind == "bye":
            steps.append(Leave())
        elif kind == "hello":
            steps.append(Other(message))
        elif not self.joined:  # before its welcome a connection may only say hello (or bye)
            steps.append(Refuse("not_joined", f"say hello before sending a {kind} message"))
        elif kind == "ping":
            steps.append(Send({"t": "pong", "sent": message["sent"], "host": now}))
        elif kind == "intent":
            steps.append(self._intent(message, now))
        else:
            steps.append(Other(message))
        return steps

    def _intent(self, message: Message, now: float) -> Step:
        verdict = self.intent_rate.check(now)
        if verdict == "drop":
            return Refuse("flooding", "too many intents per second")
        if verdict == "throttle":
            return Send({"t": "reject", "seq": message["seq"], "code": "throttled", "reason": THROTTLED})
        return Act(message["seq"], message["action"], message.get("seen"), message.get("ms"))
