"""One seat's connection to the host, sans I/O: decoded messages in, steps out.

The TCP server (`netplay.server`) and the phones' WebSocket server (`netplay.phones`)
run the same per-connection rules through a `SeatLink`: the message and intent rate
limits (`netplay.limits`), ping and pong, intents, bye, and nothing but hello or bye
before a seat is joined. The link holds no socket, loop or host: it answers each
message with `Step` values (send this, refuse and close, the peer leaves, the host
heard the seat, submit this intent, or a message that is the transport's own), and
the transport carries them out. Tests feed it plain dicts (tests/netplay/test_link.py).

`Probes` is the host's own measure of a connection's round trip (fair races,
`netplay.arbiter`): the phone server sends one every `PROBE_EVERY` seconds and times
the answer itself, so a seat's credit never rests on a number the seat reports.
"""

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from engines.errors import N_

from .limits import INTENTS_PER_SECOND, intent_limit, message_limit
from .sayings import reject, said

Message = dict[str, Any]  # one wire message (netplay.protocol): plain msgpack data


@dataclass(frozen=True)
class Send:
    """Send ``message`` to the peer."""

    message: Message


@dataclass(frozen=True)
class Refuse:
    """Tell the peer ``code`` and ``reason`` in a ``refuse``, then close its connection.
    ``reason`` is an English message id (``N_``) filled from ``data`` (`netplay.sayings`)."""

    code: str
    reason: str
    data: dict[str, Any] | None = None

    def message(self) -> Message:
        return {"t": "refuse", "code": self.code, **said(self.reason, self.data)}


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

THROTTLED = N_("too many intents per second; slow down")
PROBE_EVERY = 0.5  # how often the host measures a seat connection's round trip (fair races)
PROBES_KEPT = 16  # unanswered probes remembered (a later answer to an older one measures nothing)


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
            return Refuse("flooding", N_("too many messages per second"))
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
            steps.append(Refuse("not_joined", N_("say hello before sending a {kind} message"), {"kind": kind}))
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
            return Refuse("flooding", N_("too many intents per second"))
        if verdict == "throttle":
            return Send(reject(message["seq"], "throttled", THROTTLED))
        return Act(message["seq"], message["action"], message.get("seen"), message.get("ms"))


class Probes:
    """Probes of one connection (see the module docstring): `probe` numbers each and
    remembers when it went out; `answered` times the echo. An answer to a probe never sent,
    answered already or long forgotten measures nothing: a seat cannot make its round trip up."""

    def __init__(self) -> None:
        self._sent: OrderedDict[int, float] = OrderedDict()  # probe number -> when it went out
        self._n = 0

    def probe(self, now: float) -> Message:
        """The ``probe`` message to send at ``now``."""
        self._n += 1
        self._sent[self._n] = now
        while len(self._sent) > PROBES_KEPT:
            self._sent.popitem(last=False)
        return {"t": "probe", "n": self._n}

    def answered(self, n: int, now: float) -> float | None:
        """The round trip of probe ``n``, answered at ``now`` (seconds), or None."""
        sent = self._sent.pop(n, None)
        return None if sent is None else max(0.0, now - sent)
