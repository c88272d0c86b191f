"""Bots at the host: when each bot seat acts and what it plays, for every game alike.

A bot seat that may act starts *reacting*, as a person at the table would:

- it takes its seat's message as it is now (`Host.seat_message`: exactly its own view
  and legal actions) and decides on that, so in a race it can be too late and be refused
  like anyone else; it then reacts again to the table as it has become;
- its reaction time is drawn from a spread per strength (`GameInfo.bot_reaction_seconds`
  is the median, or ``bot_delay`` for every bot). In a real-time game it is never quicker
  than a quick person, `FLOOR` seconds, whatever ``bot_delay`` says; a turn-based game
  keeps its exact delay (tests play those at 0);
- its move is applied once the reaction time has passed on the host's clock and its
  thinking is done. Bots due at the same moment go in the order their reaction times
  ended, exact ties in an order drawn at random, never by seat;
- with `think_in_background`, the thinking happens in a worker thread: the frame loop (a
  couch table) and the server loop (the LAN) only pick up finished decisions, so neither
  ever waits for a bot, and a remote peer's intent is answered between any two bot moves.
  Without it (tests, replays) a bot thinks at once when it starts reacting: the same seed
  and clock give the same game.

No sockets, no clock of its own, no pygame: the host passes ``now``.
"""

import math
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engines import Rng

FLOOR = 0.25  # seconds: no bot reacts faster than a quick person in a real-time game
SPREAD = 0.45  # the spread (sigma of a log-normal) of reaction times in a real-time game
NUDGE = 0.1  # a real-time bot told to react "at once" still takes FLOOR + about this
_NOT_YET = object()


@dataclass(eq=False)
class Plan:
    """One bot seat reacting to what it saw."""

    seat: int
    started: float
    due: float  # when its reaction time is over (host clock)
    order: float  # breaks exact ties at random
    message: dict[str, Any]  # the seat's message it decided on
    decision: Any = _NOT_YET  # the action, once thought out
    error: BaseException | None = None

    @property
    def decided(self) -> bool:
        return self.decision is not _NOT_YET or self.error is not None


@dataclass
class Outcome:
    """What became of one bot move (for fairness measurements)."""

    seat: int
    action: Any
    code: str | None  # None: applied; else the engine's refusal code
    reacted: float  # its reaction time, seconds


class _Worker:
    """One daemon thread that thinks for every host of this process, in turn."""

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="spielabend-bots", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            job = self.jobs.get()
            job()


def gauss(rng: Rng) -> float:
    """A standard normal draw from ``rng`` (Box-Muller)."""
    return math.sqrt(-2.0 * math.log(1.0 - rng.random())) * math.cos(2.0 * math.pi * rng.random())


_worker: _Worker | None = None
_worker_lock = threading.Lock()


def worker() -> _Worker:
    global _worker
    with _worker_lock:
        if _worker is None or not _worker.thread.is_alive():
            _worker = _Worker()
        return _worker


@dataclass
class BotDriver:
    """The bots of one host; see the module docstring."""

    bots: Callable[[str], Callable[..., Any]]  # strength -> the bot function (view, legal, rng) -> action
    realtime: bool
    medians: dict[str, float]  # strength -> median reaction seconds
    rngs: list[Any]  # one engines.Rng per seat for its decisions
    timing: Rng  # reaction times and tie order (apart, so decisions stay the same)
    bot_delay: float | None = None
    plans: dict[int, "Plan"] = field(default_factory=dict)  # seat -> Plan
    outcomes: list[Any] = field(default_factory=list)  # every bot move's Outcome (bounded)
    background: bool = False
    on_decided: Callable[[], None] | None = None  # called (from the worker) when a decision is ready
    keep_outcomes: int = 100_000

    def think_in_background(self, on_decided: Callable[[], None] | None = None) -> None:
        """Think in the worker thread from now on; ``on_decided`` wakes whoever drives
        the host (a server's clock) when a decision is ready."""
        self.background = True
        self.on_decided = on_decided

    # --- reacting -------------------------------------------------------------------------
    def reaction(self, strength: str) -> float:
        median = self.bot_delay if self.bot_delay is not None else float(self.medians.get(strength, 0.7))
        if not self.realtime:
            return median
        # A log-normal spread above the floor: people are not metronomes, and none is
        # quicker than FLOOR.
        extra = max(median - FLOOR, NUDGE) * math.exp(SPREAD * gauss(self.timing))
        return FLOOR + extra

    def react(self, seat: int, strength: str, message: dict[str, Any], now: float) -> Plan:
        """``seat`` starts reacting at ``now`` to ``message`` (what it sees now)."""
        plan = Plan(seat, now, now + self.reaction(strength), self.timing.random(), message)
        self.plans[seat] = plan
        bot, rng = self.bots(strength), self.rngs[seat]

        def think() -> None:
            if self.plans.get(seat) is not plan:
                return  # forgotten while queued (the seat acted, or its table closed): no work for nothing
            try:
                decision = bot(message["view"], message["legal"], rng)
            except Exception as error:  # noqa: BLE001 - a broken bot must not stop the table
                plan.error = error
                return
            plan.decision = decision
            if self.background and self.on_decided is not None:
                self.on_decided()

        if self.background:
            worker().jobs.put(think)
        else:
            think()
        return plan

    def forget(self, seat: int) -> None:
        """``seat`` may no longer act (or is no bot's any more): it stops reacting."""
        self.plans.pop(seat, None)

    def forget_all(self) -> None:
        """Nobody drives the host any more: its bots stop reacting, and thinking queued
        for them is skipped (the worker serves every table of this process)."""
        self.plans.clear()

    # --- what is due ---------------------------------------------------------------------------
    def ready(self, now: float) -> list[Plan]:
        """Plans whose reaction time is over and whose thinking is done, earliest first."""
        due = [plan for plan in self.plans.values() if plan.due <= now and plan.decided]
        return sorted(due, key=lambda plan: (plan.due, plan.order))

    def next_due(self) -> float | None:
        """When the next decided plan falls due (an undecided one wakes the driver through
        ``on_decided`` when it is ready)."""
        dues = [plan.due for plan in self.plans.values() if plan.decided]
        return min(dues) if dues else None

    def record(self, plan: Plan, action: Any, code: str | None) -> None:
        if len(self.outcomes) < self.keep_outcomes:
            self.outcomes.append(Outcome(plan.seat, action, code, plan.due - plan.started))
