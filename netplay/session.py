"""The one interface a client plays through, in-process or over the LAN.

`LocalSession` talks to a `Host` in the same process; `netplay.peer.RemoteSession` talks
to one over TCP. Both deliver the same plain-dict messages (the wire schema of
`netplay.protocol`): welcome, lobby, start, update, accept / reject, bye, and for a
remote session also refuse. Neither ever blocks.
"""

from collections import deque
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .host import Host


class Session(Protocol):
    seat: int | None  # None = spectator

    def send(self, action) -> int:
        """Submit an intent; returns its sequence number; never blocks."""
        ...

    def poll(self) -> list[dict]:
        """Messages that arrived since the last poll; never blocks."""
        ...

    def close(self) -> None: ...


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
        host._run(lambda: host.attach(self._listener))

    def send(self, action) -> int:
        self._seq += 1
        seq = self._seq
        if self._closed:
            self._inbox.append({"t": "reject", "seq": seq, "code": "closed", "reason": "this session is closed"})
            return seq
        host = self._host
        host._run(lambda: self._inbox.append(host.submit(self.seat, seq, action)))
        return seq

    def poll(self) -> list[dict]:
        messages = []
        while self._inbox:
            messages.append(self._inbox.popleft())
        return messages

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            host = self._host
            host._run(lambda: host.detach(self._listener))
