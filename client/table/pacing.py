"""What is on screen follows what the players are looking at.

The `Pacer` plays the model's beats one event at a time. Each event's handler starts its
animation and says how long the table should dwell on it (a reveal: a few seconds; a
lock-in: nothing). Only after a beat's last event has had its time do the beat's views
and legal actions become what the table shows. So a reveal is seen before the next turn
is, and bots that already chose for the next turn show as locked in only after it.

Every dwell is divided by the animation speed (``inf``: "instant", no dwelling at all),
and shrinks in proportion when more than a few beats pile up behind (a table of fast
bots, a return from the pause menu), so the screen catches up instead of lagging ever
further behind the host.
"""

import math
from collections import deque
from collections.abc import Callable

from client.table.model import Beat, TableModel
from client.table.types import Event

BACKLOG = 6  # with n > BACKLOG beats waiting, dwell BACKLOG / n as long
MAX_DWELL = 8.0


class Pacer:
    def __init__(self, model: TableModel, speed: Callable[[], float]):
        self.model = model
        self.speed = speed
        self.beat: Beat | None = None  # the beat being played
        self.events: deque[Event] = deque()
        self.wait = 0.0

    def dwell(self, seconds: float) -> float:
        speed = self.speed()
        if not seconds or math.isinf(speed):
            return 0.0
        return min(MAX_DWELL, seconds) / speed / max(1.0, self.model.behind() / BACKLOG)

    def update(self, dt: float, play: Callable[[Event], float], shown: Callable[[Beat], None]) -> None:
        """Advance by ``dt``: ``play(event)`` starts an event's animation and returns how
        long to dwell on it; ``shown(beat)`` runs once a beat's views are shown."""
        self.wait -= dt
        for _ in range(10_000):  # bounded: a burst of beats with no dwell all show now
            if self.wait > 0:
                return
            if self.beat is None:
                beat = self.model.next_beat()
                if beat is None:
                    self.wait = max(self.wait, 0.0)
                    return
                self.beat, self.events = beat, deque(beat.events)
            if self.events:
                self.wait += self.dwell(play(self.events.popleft()))
                continue
            beat, self.beat = self.beat, None
            self.model.show(beat)
            shown(beat)

    def busy(self) -> bool:
        """Whether something is still being shown or waits to be."""
        return self.beat is not None or self.wait > 0 or bool(self.model.queue)
