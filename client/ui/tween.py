"""A small tween system: a value eased from one number (or tuple) to another over time."""

import math


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 0.5 - 0.5 * math.cos(math.pi * t)


def ease_out_back(t: float) -> float:
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


class Tween:
    """``value`` moves from ``start`` to ``end`` over ``duration`` seconds after ``delay``."""

    def __init__(self, start, end, duration: float, ease=ease_out_cubic, delay: float = 0.0):
        self.start, self.end = start, end
        self.duration = max(duration, 1e-6)
        self.ease = ease
        self.elapsed = -delay

    @property
    def progress(self) -> float:
        return min(1.0, max(0.0, self.elapsed / self.duration))

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    @property
    def value(self):
        t = self.ease(self.progress)
        if isinstance(self.start, tuple):
            return tuple(a + (b - a) * t for a, b in zip(self.start, self.end, strict=True))
        return self.start + (self.end - self.start) * t

    def update(self, dt: float) -> None:
        self.elapsed += dt


class Tweens:
    """Named tweens updated together; finished ones keep their end value until replaced."""

    def __init__(self) -> None:
        self.tweens: dict[str, Tween] = {}

    def start(self, name: str, start, end, duration: float, ease=ease_out_cubic, delay: float = 0.0) -> Tween:
        tween = Tween(start, end, duration, ease, delay)
        self.tweens[name] = tween
        return tween

    def get(self, name: str, default=0.0):
        tween = self.tweens.get(name)
        return default if tween is None else tween.value

    def running(self) -> bool:
        return any(not tween.done for tween in self.tweens.values())

    def update(self, dt: float) -> None:
        for tween in self.tweens.values():
            tween.update(dt)
