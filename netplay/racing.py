"""A host's fair races: the glue between its seats' intents and `netplay.arbiter`.

In a real-time game a play that another seat could still contest is held until its
window closes, then the held plays apply earliest press first (`netplay.arbiter` says
how presses are timed and bounded). Everything else goes to `Host.submit` at once. A
`Host` composes one `Races`; the arbiter itself keeps no reference to the host.
"""

import math
from collections.abc import Callable, Collection, Sequence
from typing import Any, Protocol

from engines import GameState, IllegalAction
from engines.plain import encode

from .arbiter import Arbiter, Held, Window
from .bots import Plan
from .ports import Message
from .sayings import reject as _reject

Reply = Callable[[Message], None]  # where an intent's accept or reject goes

PHOTO_FINISH = 0.050  # a race lost by less than this tells its loser by how much
FRESH_ROUND_TRIP = 3.0  # a seat whose probes went unanswered this long shows no delay in the lobby


def reject(seq: int, code: str, template: str, data: dict[str, Any] | None = None,
           reason: str | None = None) -> Message:
    """A reject of intent ``seq``: ``code``, and ``template`` (an English message id marked
    with ``N_``) with ``data`` as ``say`` and ``data``, so each reader words it in its own
    language, and filled in English as ``reason`` (`netplay.sayings`)."""
    return _reject(seq, code, template, data, reason)


def _contested(winner: Held, loser: Held) -> bool:
    """Whether ``loser`` lost a race to ``winner``: each play would have taken the other's
    away (the same place). A play refused for another reason once the winner's applied (the
    round or game it ended, a countdown) lost no race and is told no margin."""
    return (winner.seat, winner.action) in loser.kills and (loser.seat, loser.action) in winner.kills


class RacesHost(Protocol):
    """What `Races` needs of its owner (the `Host`): the game, its phase, and the way a
    play is applied and answered."""

    @property
    def state(self) -> GameState: ...

    @property
    def players(self) -> int: ...

    @property
    def log(self) -> Sequence[Any]:
        """The accepted actions so far (their count numbers the updates)."""

    @property
    def phase(self) -> str: ...

    @property
    def paused(self) -> bool: ...

    def clock(self, now: float | None) -> float:
        """``now``, or the owner's own time when it is None."""

    def submit(self, seat: int | None, seq: int, action: Any) -> Message:
        """Apply a seat's intent now: its accept or reject."""

    def apply_action(self, seat: int | None, action: Any) -> None:
        """Apply a play (a bot's); IllegalAction if the game refuses it."""

    def tell_everyone(self, message: Message) -> None: ...

    def bot_answered(self, plan: Plan, action: Any, code: str | None) -> None:
        """A bot's held play was applied (``code`` None) or refused with ``code``."""


class Races:
    """The races at ``owner``'s table (see the module docstring). ``realtime``: the game is
    a race (only then are plays held); ``secret_types``: action types nobody else may see."""

    def __init__(self, owner: RacesHost, realtime: bool, secret_types: Collection[str] = ()):
        self.owner = owner
        self.realtime = realtime
        self.secret_types = secret_types
        self.arbiter = Arbiter()
        self.clock: Callable[[], float] | None = None  # the driver's clock (a server's loop.time)
        self.answered: dict[int, float] = {}  # seat -> when its latest probe came back (the lobby's meter)

    def now(self) -> float:
        return self.clock() if self.clock is not None else self.owner.clock(None)

    def presented(self, seat: int) -> None:
        """An update numbered ``len(owner.log)`` goes to ``seat`` now (from `Host.seat_message`)."""
        self.arbiter.presented(seat, len(self.owner.log), self.now())

    def round_trip(self, seat: int | None, rtt: float) -> None:
        """The host's probe of a remote ``seat`` came back after ``rtt`` seconds."""
        if seat is not None and 0 <= seat < self.owner.players:
            self.arbiter.remote.add(seat)
            self.arbiter.round_trip(seat, rtt)
            self.answered[seat] = self.now()

    def round_trips(self) -> dict[int, float]:
        """Seat -> the slowest of its recent round trips (seconds), for each seat across a
        network that answered a probe in the last `FRESH_ROUND_TRIP` seconds: what bounds its
        race claims, and what the host's lobby shows (a new dict: another thread may keep it)."""
        now = self.now()
        return {seat: max(rtts) for seat, rtts in self.arbiter.rtts.items()
                if rtts and now - self.answered.get(seat, -math.inf) <= FRESH_ROUND_TRIP}

    def intent(self, seat: int | None, seq: int, action: Any, reply: Reply, seen: int | None = None,
               ms: float | None = None, now: float | None = None, remote: bool = False) -> None:
        """See `Host.intent`."""
        owner = self.owner
        arrival = self.now() if now is None else now
        if owner.phase == "playing" and not owner.paused:
            self.release(arrival - 1e-9)  # windows that closed before this intent came (at it: it joins)
        if remote and seat is not None:
            self.arbiter.remote.add(seat)
        if not self.realtime or seat is None or owner.phase != "playing" or owner.paused:
            reply(owner.submit(seat, seq, action))
            return
        if self.arbiter.holds(seat):  # behind its own held play: a seat's intents keep their order
            self.arbiter.follow(seat, seq, action, arrival, reply)
            return
        effective = self.arbiter.effective(seat, seen, ms, arrival)
        if not self._hold(seat, seq, action, effective, arrival, reply, told=not self.arbiter.clamped):
            reply(owner.submit(seat, seq, action))

    def _hold(self, seat: int, seq: int | None, action: Any, effective: float, arrival: float, reply: Reply,
              told: bool = True) -> bool:
        """Hold a legal play that would take a legal action from another seat; False: none would.
        ``told``: whether losing may tell it the margin (a clamped claim is not told how much)."""
        state = self.owner.state
        try:
            action = encode(action)
        except TypeError:
            return False
        if seat not in state.active_players() or action not in state.legal_actions(seat):
            return False
        kills = self._kills(seat, action)
        if not kills:  # nobody can contest it (a draw, a put-back, a head): it applies at once
            return False
        window = self.arbiter.join(seat, action, kills)
        close = None
        if window is None:
            close = self.arbiter.window_close(arrival, effective, {other for other, _ in kills})
        self.arbiter.hold(seat, seq, action, effective, arrival, reply, window, close, kills, told)
        return True

    def _kills(self, seat: int, action: Any) -> list[tuple[int, Any]]:
        """The (seat, action) pairs of other seats that ``seat``'s play would make illegal."""
        state = self.owner.state
        active = state.active_players()
        before = {other: state.legal_actions(other) for other in active if other != seat}
        if not any(before.values()):
            return []
        after = state.clone()
        try:
            after.apply(seat, action)
        except IllegalAction:
            return []
        still = set(after.active_players())
        kills: list[tuple[int, Any]] = []
        for other, legal in before.items():
            now_legal = after.legal_actions(other) if other in still else []
            kills += [(other, each) for each in legal if each not in now_legal]
        return kills

    def release(self, now: float) -> None:
        """Apply every held play whose window has closed (from `Host.tick`). A play that lost
        its window's race by under `PHOTO_FINISH` hears by how much (its reject's reason ends
        ``(by 12 ms)``), so its table can say so; the closest of them makes a photo finish
        that every table shows (`photo_finish`)."""
        owner = self.owner
        first: dict[Window, Held] = {}  # window -> the play it accepted
        photographed: set[Window] = set()  # windows whose photo finish went out (the closest loser's)
        for held in self.arbiter.due(now):
            result: Message
            if held.seq is None:  # a bot's play: its seat refuses players' intents
                try:
                    owner.apply_action(held.seat, held.action)
                    result = {"t": "accept", "seq": -1}
                except IllegalAction as error:
                    result = reject(-1, error.code, error.template, error.data, error.message)
            else:
                result = owner.submit(held.seat, held.seq, held.action)
            photo = None
            if held.group is not None:
                if result["t"] == "accept":
                    first.setdefault(held.group, held)
                elif (held.group in first and held.told and result["code"] != "paused"
                      and _contested(first[held.group], held)):  # it lost its window's race
                    winner = first[held.group]
                    margin = held.effective - winner.effective
                    if margin < PHOTO_FINISH:
                        by = round(margin * 1000)
                        result["reason"] += f" (by {by} ms)" if by else " (by under 1 ms)"
                        if "say" in result:  # each reader words the margin itself (netplay.sayings)
                            result["data"] = {**result.get("data", {}), "by_ms": by}
                        if held.group not in photographed:  # the window's closest loser
                            photographed.add(held.group)
                            photo = winner, by
            held.reply(result)
            if photo is not None:  # after the loser's reject: its table already says why
                self.photo_finish(photo[0], held, photo[1])

    def photo_finish(self, winner: Held, loser: Held, ms: int) -> None:
        """Tell every seat and spectator that ``winner``'s play beat ``loser``'s by ``ms``
        milliseconds (0: under 1), after the loser heard its reject: a ``photo`` message
        (netplay.protocol). The winner's action is public once applied (unless its type is
        secret); the loser's is not (its card stays in its hand, WA-8), so it is not sent."""
        action = winner.action
        if isinstance(action, dict) and action.get("type") in self.secret_types:
            action = None
        self.owner.tell_everyone({"t": "photo", "winner": winner.seat, "loser": loser.seat, "ms": ms, "action": action})

    def bot_play(self, plan: Plan, action: Any) -> bool:
        """A bot's play goes the players' way (its press: when its reaction was over);
        False: it was not held, and `Host` applies it as before."""
        seat, now = plan.seat, self.now()
        effective = min(plan.due, now)

        def answered(result: Message) -> None:
            self.owner.bot_answered(plan, action, result["code"] if result["t"] == "reject" else None)

        if self.arbiter.holds(seat):
            return False
        return self._hold(seat, None, action, effective, now, answered)
