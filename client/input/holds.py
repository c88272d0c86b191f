"""Buttons held down to choose: a deliberate hold where a race's presses run on (its
results, its pause). A hold counts only on the screen it was pressed on.

The app sees every intent (`Presses.see`) and says when the screen on top changes
(`Presses.screen_changed`), so a press that opened a screen, or was pressed on another
one, never counts as held on the screen shown next, nor on the one the player comes back
to: its release went elsewhere, and nothing else would ever end that hold.
"""

from dataclasses import dataclass, field

BUTTONS = ("confirm", "back", "peek", "alt", "secret", "up", "down", "left", "right")


@dataclass
class Presses:
    """Which buttons are down now, each with the screen it went down on."""

    down: dict[tuple[str, str], int] = field(default_factory=dict)  # (device, action) -> screen number
    screen: int = 0  # counts changes of the screen on top
    last: str = ""  # the device of the intent being handled (who opened a screen opened now)

    def see(self, intent) -> None:
        self.last = intent.device
        if intent.action not in BUTTONS:
            return
        if intent.pressed:
            self.down[(intent.device, intent.action)] = self.screen
        else:
            self.down.pop((intent.device, intent.action), None)

    def screen_changed(self) -> None:
        self.screen += 1

    def pressed_here(self, device: str, action: str = "confirm") -> bool:
        """Whether ``device``'s ``action`` is down and went down on the screen shown now."""
        return self.down.get((device, action)) == self.screen


def same_hands(device: str, other: str) -> bool:
    """Whether two device ids are one player's hands: the same device, or the keyboard
    (its Esc is "keyboard", its halves "keys1" and "keys2")."""
    keyboard = ("keyboard", "keys1", "keys2")
    return device == other or (device in keyboard and other in keyboard)


class Holds:
    """Each device's confirm held on one screen, on a target (a menu item's index); after
    ``seconds`` its target is chosen. A hold whose button is no longer down on this screen
    (released, or pressed before the screen changed) is dropped."""

    def __init__(self, presses: Presses, seconds: float):
        self.presses, self.seconds = presses, seconds
        self.held: dict[str, tuple[int, float]] = {}  # device -> (target, seconds held)

    def __bool__(self) -> bool:
        return bool(self.held)

    def start(self, device: str, target: int | None) -> None:
        if target is not None and device not in self.held and self.presses.pressed_here(device):
            self.held[device] = (target, 0.0)

    def stop(self, device: str) -> None:
        self.held.pop(device, None)

    def forget(self) -> None:
        self.held.clear()

    def step(self, dt: float) -> int | None:
        """Time passes: the target a hold reached now (every hold then ends), else None."""
        for device, (target, seconds) in list(self.held.items()):
            if not self.presses.pressed_here(device):
                del self.held[device]
                continue
            self.held[device] = (target, seconds + dt)
            if seconds + dt >= self.seconds:
                self.held.clear()
                return target
        return None

    def strongest(self) -> tuple[int, float] | None:
        """The hold furthest along: its target and how far (0..1)."""
        if not self.held:
            return None
        target, seconds = max(self.held.values(), key=lambda held: held[1])
        return target, min(1.0, seconds / self.seconds)
