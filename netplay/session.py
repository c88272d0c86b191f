"""The one interface a client plays through, in-process or over the LAN.

`LocalSession` talks to a `Host` in the same process; `netplay.peer.RemoteSession` talks
to one over TCP. Both deliver the same plain-dict messages (the wire schema of
`netplay.protocol`): welcome, lobby, start, update, accept / reject, bye, and for a
remote session also refuse. Neither ever blocks.
"""

import time
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from engines.errors import N_

from .door import Door
from .ports import Listener
from .sayings import reject

Message = dict[str, Any]  # one wire message (netplay.protocol): plain msgpack data


class Session(Protocol):
    seat: int | None  # None = spectator

    def send(self, action: Any, seen: int | None = None, ms: float | None = None) -> int:
        """Submit an intent; returns its sequence number; never blocks. ``seen`` and ``ms``
        (the newest update shown and the milliseconds since, at the press) default to
        what `poll` handed out last and the time since that poll (`Shown`)."""
        ...

    def poll(self) -> list[dict[str, Any]]:
        """Messages that arrived since the last poll; never blocks."""
        ...

    def close(self) -> None: ...


class SessionHost(Protocol):
    """What a `LocalSession` needs of its host (`netplay.host.Host`), so this module
    does not import the host's."""

    door: Door

    def attach(self, listener: Listener) -> None: ...

    def detach(self, listener: Listener, leaving: bool = False) -> None: ...

    def intent(self, seat: int | None, seq: int, action: Any, reply: Callable[[Message], None],
               seen: int | None = None, ms: float | None = None, now: float | None = None,
               remote: bool = False) -> None: ...


class Shown:
    """What a seat's device had received when its player pressed, for fair races.

    A press is timed at the send against the monotonic time the newest update reached
    this device (not the frame that drew it: pygame-ce's events carry no SDL timestamp,
    and a screen's own lag is its player's, as on the couch). Written by whichever
    thread receives, read at the send; one tuple, swapped whole."""

    def __init__(self) -> None:
        self.last: tuple[int | None, float] = (None, 0.0)

    @property
    def n(self) -> int | None:
        return self.last[0]

    @property
    def at(self) -> float:
        return self.last[1]

    def received(self, message: dict[str, Any]) -> None:
        if message.get("t") == "update" and type(message.get("n")) is int:
            self.last = (message["n"], time.monotonic())

    def press(self, seen: int | None, ms: float | None) -> tuple[int | None, float | None]:
        n, at = self.last
        if seen is None and n is not None:
            return n, max(0.0, (time.monotonic() - at) * 1000.0)
        return seen, ms


class LocalSession:
    """A seat (or a spectator) of an in-process `Host`.

    Created by `Host.session`; on creation it already holds a welcome, the lobby and,
    once the game runs, a start and a first update. The inbox is a deque, safe to fill
    from a server thread and to drain from the pygame thread.
    """

    def __init__(self, host: SessionHost, seat: int | None):
        self.seat = seat
        self._host = host
        self._inbox: deque[dict[str, Any]] = deque()
        self._seq = 0
        self._closed = False
        self.shown = Shown()
        self._listener = Listener(seat, self._deliver)
        host.door.call(lambda: host.attach(self._listener))

    def send(self, action: Any, seen: int | None = None, ms: float | None = None) -> int:
        self._seq += 1
        seq = self._seq
        if self._closed:
            self._inbox.append(reject(seq, "closed", N_("this session is closed")))
            return seq
        host = self._host
        seen, ms = self.shown.press(seen, ms)
        if not host.door.call(lambda: host.intent(self.seat, seq, action, self._inbox.append, seen, ms)):
            # the host's loop has closed: say so, rather than leave the seat waiting for an answer
            self._inbox.append(reject(seq, "closed", N_("the table has closed")))
        return seq

    def poll(self) -> list[dict[str, Any]]:
        messages: list[dict[str, Any]] = []
        while self._inbox:
            messages.append(self._inbox.popleft())
        return messages

    def _deliver(self, message: dict[str, Any]) -> None:
        self.shown.received(message)
        self._inbox.append(message)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            host = self._host
            host.door.call(lambda: host.detach(self._listener))
