"""One seat's chooser: the device it listens to, its cursor, held-key repeat, peeking,
a gamepad's blind pick and the seat's private note.

Every local seat has one, and all of them are live at once: a simultaneous or real-time
table never waits for one seat to finish before another may choose. The table keeps them
(`client.table.controls`); a game reads a seat as a `SeatSnapshot` and moves its cursor
by command, and keeps the seat's own steps itself (`GameTable.stage`).
"""

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from client.table.choices import Choice, navigate

REPEAT_DELAY = 0.38  # a held direction repeats after this long...
REPEAT_EVERY = 0.085  # ...this often
BLIND_WINDOW = 2.5  # seconds within which a blind pick's second press locks it in
Steer = Callable[[list[Choice], int, str], int]  # a game's own cursor move: (choices, index, direction) -> index


@dataclass
class Chooser:
    seat: int
    device: str  # a device id, or "any" (a lone LAN seat: every local device drives it)
    cursor: Hashable = None  # the key of the focused choice
    peeking: bool = False
    held: dict[str, float] = field(default_factory=dict)  # direction -> seconds until it repeats
    armed: str | None = None  # a blind pick's first press: the button
    armed_at: float = 0.0
    # what only this seat may read (a refused secret's reason, a donation); a `model.Line` is worded
    # again when the language changes
    private_note: str = ""
    # the seat's own steps as its game keeps them (`GameTable.stage`): how `stage` finds them
    steps: Callable[[], dict[str, Any]] = field(default=dict, repr=False)

    def listens_to(self, device: str) -> bool:
        return self.device == "any" or self.device == device

    @property
    def is_pad(self) -> bool:
        return self.device.startswith("pad:")

    @property
    def stage(self) -> dict[str, Any]:
        """A copy of the seat's own steps so far (its game keeps and changes them)."""
        return dict(self.steps())

    # --- the cursor --------------------------------------------------------------------
    def focus(self, choices: list[Choice]) -> int | None:
        """The index of the focused choice, or None."""
        for index, choice in enumerate(choices):
            if choice.key == self.cursor:
                return index
        return None

    def keep_focus(self, choices: list[Choice], preferred: int = 0) -> None:
        """After the choices changed: stay on the same choice if it is still there."""
        if choices and self.focus(choices) is None:
            self.cursor = choices[min(max(preferred, 0), len(choices) - 1)].key

    def move(self, choices: list[Choice], direction: str, steer: Steer | None = None) -> bool:
        """Move the cursor ``direction`` among ``choices`` (by the game's ``steer``, else
        `navigate`); True if it moved to another choice."""
        if not choices:
            return False
        self.keep_focus(choices)
        current = self.focus(choices) or 0
        index = steer(choices, current, direction) if steer else navigate([c.rect for c in choices], current, direction)
        moved = choices[index].key != self.cursor
        self.cursor = choices[index].key
        return moved

    # --- held directions ------------------------------------------------------------------
    def hold(self, direction: str, pressed: bool) -> None:
        if pressed:
            self.held[direction] = REPEAT_DELAY
        else:
            self.held.pop(direction, None)

    def repeats(self, dt: float) -> list[str]:
        """The held directions that repeat during the next ``dt`` seconds."""
        due = []
        for direction in list(self.held):
            self.held[direction] -= dt
            if self.held[direction] <= 0:
                self.held[direction] += REPEAT_EVERY
                due.append(direction)
        return due

    def let_go(self) -> None:
        """Forget held buttons (the table was covered, so their releases went elsewhere)."""
        self.held.clear()
        self.peeking = False
