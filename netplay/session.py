"""The one interface a client plays through, in-process or over the LAN.

`LocalSession` talks to a `Host` in the same process; `netplay.peer.RemoteSession` talks
to one over TCP. Both deliver the same plain-dict messages (the wire schema of
`netplay.protocol`): welcome, lobby, start, update, accept / reject, bye, and for a
remote session also refuse. Neither ever blocks.
"""

import time
from collections import deque
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .host import Host


class Session(Protocol):
    seat: int | None  # None = spectator

    def send(self, action, seen: int | None = None, ms: float | None = None) -> int:
        """Submit an intent; returns its sequence number; never blocks. ``seen`` and ``ms``
        (the newest update shown and the milliseconds since, at the press) default to
        what `poll` handed out last and the time since that poll (`Shown`)."""
        ...

    def poll(self) -> list[dict]:
        """Messages that arrived since the last poll; never blocks."""
        ...

    def close(self) -> None: ...


class Shown:
    """What a seat's screen had shown when its player pressed, for fair races.

    pygame-ce's events carry no SDL timestamp, so a press is timed at the send, against
    the monotonic time of the `poll` that handed out the newest update: the table draws
    what a poll brought in the same frame, so the error is at most that frame's work."""

    def __init__(self):
        self.n: int | None = None
        self.at = 0.0

    def polled(self, messages: list[dict]) -> None:
        for message in messages:
            if message.get("t") == "update" and type(message.get("n")) is int:
                self.n, self.at = message["n"], time.monotonic()

    def press(self, seen: int | None, ms: float | None) -> tuple:
        if seen is None and self.n is not None:
            return self.n, max(0.0, (time.monotonic() - self.at) * 1000.0)
        return seen, ms


class LocalSession:
    """A seat (or a spectator) of an in-process `Host`.

    Created by `Host.session`; on creation it already holds a welcome, the lobby and,
    once the game runs, a start and a first update. The inbox is a deque, safe to fill
    from a server thread and to drain from the pygame thread.
    """

    def __init__(self, host: "Host", seat: int | None):
        from .host import Listener

        self.seat = seat
        self._host = host
        self._inbox: deque[dict] = deque()
        self._seq = 0
        self._closed = False
        self._listener = Listener(seat, self._inbox.append)
        self.shown = Shown()
        host._run(lambda: host.attach(self._listener))

    def send(self, action, seen: int | None = None, ms: float | None = None) -> int:
        self._seq += 1
        seq = self._seq
        if self._closed:
            self._inbox.append({"t": "reject", "seq": seq, "code": "closed", "reason": "this session is closed"})
            return seq
        host = self._host
        seen, ms = self.shown.press(seen, ms)
        host._run(lambda: host.intent(self.seat, seq, action, self._inbox.append, seen, ms))
        return seq

    def poll(self) -> list[dict]:
        messages = []
        while self._inbox:
            messages.append(self._inbox.popleft())
        self.shown.polled(messages)
        return messages

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            host = self._host
            host._run(lambda: host.detach(self._listener))
