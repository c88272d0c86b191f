"""Fair races: a contested play is judged by when its player pressed on the timeline that
player saw, not by whose network is fastest. No clock sync, no clock of its own: the host
passes its times in (seconds), so tests move them.

Every update a seat is sent has a number ``n`` (`Host.seat_message`); the host remembers
when it sent each to each seat (`presented`). A race intent quotes ``seen``, the newest
update its device had shown, and ``ms``, the milliseconds from showing it to the press on
the device's own monotonic clock, counted from when the device had it (a window: the
update's arrival; a phone: the frame that painted it; its screen's lag is its own, as a
couch seat's is). Its effective time is ``sent(seen) + ms``.

No backdating: a claim is bounded by what the host measures itself. A press cannot come
after its intent arrived, nor before the update it quotes was sent, and a remote seat's
press is at most ``credit`` before its arrival: the slowest of its recent round trips
(host probes it answers, `round_trip`) plus `PRESENT_SLACK`. A claim outside is clamped
to the bound, silently (a couch seat's, never before its update was sent, nor after it
arrived: it is the host's own program).
So a modified client gains at most ``credit - its true round trip`` (its round-trip
spread plus the slack), and only by answering probes as slowly as it claims to be.

A play that another seat could still contest (applying it would take a legal action away
from another seat) is held in a window that closes when the slowest contesting seat's
press, made no later than this one, must have arrived: ``effective + max credit``, at
most `WINDOW_CAP` after this play arrived. Then the plays held together apply earliest
effective time first (exact ties: earlier arrival); the engine refuses the later ones as
it always did (``end_taken``). Plays nobody can contest apply at once.
"""

import math
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

# The longest a contested play waits for its rivals' presses. A rival's press may take its
# whole round trip to arrive (it saw the table one way late, and its press comes back the
# other way), so the cap covers a phone whose radio dozes (120 ms one way, with jitter).
# Windows are only as long as the contesting seats need; optimistic echo hides the wait
# from the player who pressed (docs/netplay.md, Fair races).
WINDOW_CAP = 0.300
FRAME = 1 / 60  # a screen's frame: how late a couch seat (or a bot) may be heard after its press
PRESENT_SLACK = 0.002  # a device's own scheduling between an update's arrival and its timing of it
SENT_KEPT = 64  # updates remembered per seat (an intent quoting an older one gets no credit)
RTTS_KEPT = 8  # recent round trips per seat (their slowest bounds a claim)


@dataclass(eq=False)
class Held:
    """One intent waiting for its window (or behind its own seat's held play)."""

    seat: int
    seq: int | None  # None: a bot's play
    action: object
    effective: float
    arrival: float
    order: int
    reply: Callable[[dict[str, Any]], None]
    group: "Window | None" = None  # None: a follower, released after its seat's held play
    told: bool = True  # whether a lost race may tell it the margin (not after a clamped claim)
    kills: list[Any] = field(default_factory=list)  # (seat, action) pairs this play would take away


@dataclass(eq=False)
class Window:
    close: float
    leader: tuple[Any, ...]  # (seat, action) of the first play held
    kills: list[Any]  # (seat, action) pairs the leader's play would take away
    plays: list[Any] = field(default_factory=list)


class Arbiter:
    """The host's race bookkeeping; see the module docstring."""

    def __init__(self, cap: float = WINDOW_CAP, slack: float = PRESENT_SLACK):
        self.cap, self.slack = cap, slack
        self.sent: dict[int, OrderedDict[Any, Any]] = {}
        self.rtts: dict[int, deque[Any]] = {}
        self.remote: set[int] = set()  # seats whose presses cross a network (credit from probes)
        self.windows: list[Window] = []
        self.followers: list[Held] = []
        self.delays: deque[Any] = deque(maxlen=4096)  # how long held plays waited (for benchmarks)
        self.clamped = False  # whether the latest claim given to `effective` was clamped
        self._order = 0

    # --- what the host measures -------------------------------------------------------
    def presented(self, seat: int, n: int, now: float) -> None:
        """Update ``n`` went to ``seat`` at ``now``."""
        sent = self.sent.setdefault(seat, OrderedDict())
        sent[n] = now
        sent.move_to_end(n)
        while len(sent) > SENT_KEPT:
            sent.popitem(last=False)

    def round_trip(self, seat: int, rtt: float) -> None:
        """A probe of ``seat`` came back after ``rtt`` seconds (measured by the host)."""
        if math.isfinite(rtt) and rtt >= 0:
            self.rtts.setdefault(seat, deque(maxlen=RTTS_KEPT)).append(rtt)

    def credit(self, seat: int) -> float:
        """How long before its arrival a seat's press may have been: a remote seat's slowest
        recent round trip plus `PRESENT_SLACK`; a couch seat or bot, one frame."""
        if seat not in self.remote:
            return FRAME
        rtts = self.rtts.get(seat)
        return (max(rtts) if rtts else 0.0) + self.slack

    def effective(self, seat: int, seen: object, ms: object, arrival: float) -> float:
        """The press time ``seat`` claims (``seen``, ``ms``), clamped to what is possible."""
        self.clamped = False
        sent = self.sent[seat].get(seen) if isinstance(seen, int) and seat in self.sent else None
        if sent is None or not isinstance(ms, int | float) or isinstance(ms, bool) or not math.isfinite(ms):
            return arrival  # no claim the host can check: it pressed when it arrived
        claim = sent + max(0.0, ms) / 1000.0
        # a couch seat or bot is the host's own program: only a remote claim is bounded by its credit
        earliest = max(sent, arrival - self.credit(seat)) if seat in self.remote else sent
        effective: float = min(arrival, max(claim, earliest))
        self.clamped = effective > claim + 1e-9  # only a claim too early counts (a late one is its loss)
        return effective

    # --- holding and releasing --------------------------------------------------------
    def holds(self, seat: int) -> bool:
        return any(play.seat == seat for window in self.windows for play in window.plays)

    def join(self, seat: int, action: Any, kills: list[tuple[int, Any]]) -> "Window | None":
        """The open window this play belongs to: one whose leader's play would take this
        one away, or that this play would take the leader's away."""
        for window in self.windows:
            if (seat, action) in window.kills or window.leader in kills:
                return window
        return None

    def window_close(self, arrival: float, effective: float, contesters: Iterable[int]) -> float:
        reach = max((self.credit(seat) for seat in contesters), default=0.0)
        return min(arrival + self.cap, max(arrival, effective + reach))

    def hold(self, seat: int, seq: int | None, action: Any, effective: float, arrival: float,
             reply: Callable[[dict[str, Any]], None], window: "Window | None" = None, close: float | None = None,
             kills: Iterable[tuple[int, Any]] = (), told: bool = True) -> Held:
        """Hold a play in ``window`` (or a new one closing at ``close``)."""
        self._order += 1
        kills = list(kills)
        if window is None:
            window = Window(close if close is not None else arrival, (seat, action), kills)
            self.windows.append(window)
        held = Held(seat, seq, action, effective, arrival, self._order, reply, window, told, kills)
        window.plays.append(held)
        return held

    def follow(self, seat: int, seq: int, action: Any, arrival: float,
               reply: Callable[[dict[str, Any]], None]) -> Held:
        """Queue an intent behind its own seat's held play (a seat's intents keep their order)."""
        self._order += 1
        held = Held(seat, seq, action, arrival, arrival, self._order, reply)
        self.followers.append(held)
        return held

    def next_close(self) -> float | None:
        return min((window.close for window in self.windows), default=None)

    def due(self, now: float) -> list[Held]:
        """The intents to apply now, in order: each window that has closed (earliest close
        first), its plays by effective time then arrival, then any followers whose seat
        holds nothing more."""
        out: list[Held] = []
        for window in sorted((w for w in self.windows if w.close <= now), key=lambda w: w.close):
            self.windows.remove(window)
            plays = sorted(window.plays, key=lambda p: (p.effective, p.order))
            for play in plays:
                self.delays.append(max(0.0, now - play.arrival))
            out += plays
        if out:
            free = [f for f in self.followers if not self.holds(f.seat)]
            self.followers = [f for f in self.followers if f not in free]
            out += free
        return out

    def drop(self) -> list[Held]:
        """Everything held (the game ended, the host closes): answered by the caller."""
        held = [play for window in self.windows for play in window.plays] + self.followers
        self.windows, self.followers = [], []
        return held
