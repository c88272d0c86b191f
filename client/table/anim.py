"""A table's animations at the player's chosen speed: tweens and pymunk moments.

Every table starts its animations here, so the animation-speed setting reaches all of
them: time runs ``speed`` times as fast, and at "instant" (``inf``) a tween is at its end
the moment it starts and no physics body is made (the game draws things at rest).
"""

import math
from collections.abc import Callable
from typing import Any

from client.ui.physics import Moments
from client.ui.tween import Tween, Tweens, ease_out_cubic

STEP = 1 / 60


class Animator:
    def __init__(self, speed: Callable[[], float], seed: int = 7):
        self.speed = speed
        self.tweens = Tweens()
        self.moments = Moments(seed)
        self._physics_time = 0.0

    @property
    def instant(self) -> bool:
        return math.isinf(self.speed())

    # A tween's ends are a number or a tuple of numbers (`client.ui.tween.Tween`), whichever a game
    # eases: Any, as the game's `TableHandle.tween` and `TableHandle.value` take and give them.
    def tween(self, name: str, start: Any, end: Any, duration: float,
              ease: Callable[[float], float] = ease_out_cubic, delay: float = 0.0) -> Tween:
        tween = self.tweens.start(name, start, end, duration, ease, delay)
        if self.instant:
            tween.elapsed = tween.duration
        return tween

    def get(self, name: str, default: Any = 0.0) -> Any:
        return self.tweens.get(name, default)

    def running(self, name: str) -> bool:
        """Whether tween ``name`` was started and has not finished."""
        tween = self.tweens.tweens.get(name)
        return tween is not None and not tween.done

    def finished(self, name: str) -> bool:
        """Whether tween ``name`` was started and has finished (it keeps its end value)."""
        tween = self.tweens.tweens.get(name)
        return tween is not None and tween.done

    def progress(self, name: str) -> float | None:
        """How far tween ``name`` has run, 0 to 1 before easing; None if it never started."""
        tween = self.tweens.tweens.get(name)
        return None if tween is None else tween.progress

    def drop(self, name: str) -> None:
        """Forget tween ``name`` (an effect whose picture is gone)."""
        self.tweens.tweens.pop(name, None)

    def physics(self) -> Moments | None:
        """The pymunk space to add a moment to, or None at "instant" speed."""
        return None if self.instant else self.moments

    def update(self, dt: float) -> None:
        speed = self.speed()
        if math.isinf(speed):
            self.tweens.update(1e9)
            self.moments.clear()
            return
        self.tweens.update(dt * speed)
        # pymunk steps at a fixed dt, as often as the speed asks
        self._physics_time += dt * speed
        for _ in range(8):
            if self._physics_time < STEP - 1e-9:
                break
            self._physics_time -= STEP
            self.moments.step(STEP)
        self._physics_time = min(self._physics_time, STEP)

    def busy(self) -> bool:
        return self.tweens.running() or self.moments.busy()
