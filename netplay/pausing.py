"""The host's pause: the game stands still for everyone, then goes on after a countdown.

While paused, bots, the engine's timer and every seat's intents (refused ``paused``)
wait; on resuming, every screen counts down `RESUME_COUNTDOWN` seconds, and the time the
game stood still is given back to the bots and the timer. A `Host` composes one `Pause`.
"""

from typing import Any, Protocol

from .ports import Audience, Listener

RESUME_COUNTDOWN = 3.0  # seconds every screen counts down before a paused game goes on


def for_everyone(realtime: bool, options: dict[str, Any]) -> bool:
    """Whether a host's pause stops the game for every seat: a race, or a game with a timer
    option on (an option named ``*timer``); see `Host.pauses_for_everyone`."""
    return realtime or any(name.endswith("timer") and value for name, value in options.items())


class PauseHost(Audience, Protocol):
    """What `Pause` needs of its owner (the `Host`)."""

    @property
    def phase(self) -> str: ...

    def is_over(self) -> bool: ...

    def clock(self, now: float | None) -> float:
        """``now``, or the owner's own time when it is None."""

    def give_back(self, gap: float) -> None:
        """The game stood still ``gap`` seconds: bots and the engine's timer wait as long."""


class Pause:
    """Whether ``owner``'s game stands still, and until when (see the module docstring)."""

    def __init__(self, owner: PauseHost):
        self.owner = owner
        self.paused_at: float | None = None  # when the host paused the game (None: it runs)
        self.resume_at: float | None = None  # when a resumed game goes on (the countdown's end)

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    def pause(self, now: float | None = None) -> None:
        """See `Host.pause`."""
        owner = self.owner
        if owner.phase != "playing" or owner.is_over():
            return
        if self.paused_at is None:
            self.paused_at = owner.clock(now)
        self.resume_at = None
        self.tell()

    def unpause(self, now: float | None = None, countdown: float = RESUME_COUNTDOWN) -> None:
        """See `Host.unpause`."""
        if self.paused_at is None:
            return
        clock = self.owner.clock(now)
        self.resume_at = clock + max(0.0, countdown)
        self.tell(now=clock)
        if countdown <= 0:
            self.over(self.resume_at)

    def over(self, now: float) -> bool:
        """Whether the game runs at ``now`` (a resumed pause whose countdown is over ends here)."""
        if self.paused_at is None:
            return True
        if self.resume_at is None or now < self.resume_at:
            return False
        gap = max(0.0, now - self.paused_at)
        self.paused_at = self.resume_at = None
        self.owner.give_back(gap)
        self.tell()
        return True

    def message(self, now: float | None = None) -> dict[str, Any]:
        """``paused`` and, once resumed, ``resume_in``: the seconds of the countdown left."""
        left = None
        if self.resume_at is not None:
            left = max(0.0, self.resume_at - self.owner.clock(now))
        return {"t": "pause", "paused": self.paused, "resume_in": left}

    def tell(self, listener: Listener | None = None, now: float | None = None) -> None:
        """Tell one listener (one who just came: only if the game stands still) or all."""
        if listener is not None:
            if self.paused:
                listener.deliver(self.message())
            return
        message = self.message(now)
        for each in list(self.owner.listeners):
            each.deliver(message)
