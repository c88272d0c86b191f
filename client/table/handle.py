"""What a game's table may read and do at the shared table: `TableHandle`, the one object
`GameTable.table` is.

The shared `TableScene` has many more parts (the sessions, the host, phones, pause, the
pacer, the choosers); a game gets only this handle, the way a boardgame.io board gets a
fixed set of props rather than the master. It hands out snapshots and values, never a
live part of the table: a seat is a frozen `SeatSnapshot`, its choices a tuple, and what
a game wants changed it asks for by command (move a cursor, note a seat's secret line,
pick, start a tween). `tests/client/test_structure.py` checks that every game module
reaches the table only through names declared here.
"""

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from client.input.buttons import device_family, label_for
from client.table.anim import Animator
from client.table.choices import Choice
from client.table.chooser import Chooser
from client.table.layout import Layout
from client.table.model import Beat, GameResult, Pending
from client.table.session import TableSession, Words
from client.table.types import Colour, View
from client.table.window import Window
from client.ui.physics import Moments
from client.ui.tween import ease_out_cubic
from engines import GameInfo


class ModelReading(Protocol):
    """What a game reads of the table's model (never writes)."""

    @property
    def away(self) -> set[int]:
        """Seats whose player is away (the host's lobby says so)."""

    @property
    def names(self) -> list[str]: ...

    @property
    def legal(self) -> dict[int, list[Any]]:
        """Each local seat's legal actions, as shown."""

    @property
    def pending(self) -> dict[int, Pending | None]:
        """Each local seat's intent awaiting its answer."""

    @property
    def shown(self) -> int:
        """Beats shown so far."""

    @property
    def view(self) -> View | None:
        """The shared screen's view, as shown."""

    @property
    def seat_views(self) -> dict[int, View]:
        """Each local seat's own view, as shown."""

    @property
    def seat_kinds(self) -> list[str]:
        """Each seat's kind as the host's lobby names it ("bot", ...; empty when unknown)."""

    @property
    def pause_said(self) -> int:
        """How many pause messages came from the host (each stops or restarts the game)."""

    def result(self) -> GameResult | None: ...

    def latest_view(self) -> View | None: ...


class SeatCommands(Protocol):
    """What the handle asks of the table's seat controls (`client.table.controls.SeatControls`)."""

    def peek_button(self, seat: int) -> str: ...

    def pick(self, seat: int, choice: Choice) -> None: ...

    def move_cursor(self, seat: int, direction: str) -> bool: ...


class HandledTable(Protocol):
    """What the handle reaches of the table it hands out: these members of the `TableScene`
    (which this module cannot import: the scene builds the game, whose module imports this one)."""

    @property
    def info(self) -> GameInfo: ...

    @property
    def session(self) -> TableSession: ...

    @property
    def layout(self) -> Layout: ...

    @property
    def players(self) -> int: ...

    @property
    def local_seats(self) -> list[int]: ...

    @property
    def clock(self) -> float: ...

    @property
    def pulse(self) -> float: ...

    @property
    def app(self) -> Window: ...

    @property
    def choosers(self) -> Mapping[int, Chooser]: ...

    @property
    def live(self) -> Mapping[int, list[Choice]]: ...

    @property
    def controls(self) -> SeatCommands: ...

    @property
    def anim(self) -> Animator: ...

    def speed(self) -> float: ...

    def name(self, seat: int | None) -> str: ...

    def colour(self, seat: int) -> Colour: ...

    def seat_label(self, seat: int) -> str: ...

    def panel_open(self, seat: int) -> bool: ...

    def note_privately(self, seat: int, words: str) -> None: ...

    def note(self, words: Words, *, problem: bool = True, colour: Colour | None = None, seconds: float = 6.0,
             key: str | None = None, owner: object = None, at: pygame.Rect | None = None) -> None: ...


@dataclass(frozen=True)
class SeatSnapshot:
    """One seat as the table has it at the moment a game asks."""

    seat: int
    here: bool  # played at this screen (else a bot, a player on the LAN, an open seat)
    label: str  # who plays it: this screen's device, a phone, a bot, a player on the LAN
    device: str = ""  # the device it listens to ("any": every local device; "" when not here)
    family: str = "xbox"  # its pad's family ("xbox", "nintendo", "playstation"; not a pad: xbox)
    cursor: Hashable = None  # the key of its focused choice
    focused: int | None = None  # the index of that choice in the seat's `TableHandle.choices`
    peeking: bool = False  # it holds its peek button
    panel_open: bool = False  # its private panel shows
    peek_button: str = ""  # its peek button, as printed on its device

    @property
    def is_pad(self) -> bool:
        return self.device.startswith("pad:")

    def listens_to(self, device: str) -> bool:
        return self.here and self.device in ("any", device)

    def focus_in(self, choices: Sequence[Choice]) -> int | None:
        """The index of the focused choice among ``choices`` (a part of the seat's), or None."""
        return next((index for index, choice in enumerate(choices) if choice.key == self.cursor), None)


class TableHandle:
    """Everything a `GameTable` may read and do at the table it sits at (``table``: the
    `TableScene`, which only the handle reaches)."""

    def __init__(self, table: HandledTable):
        self._table = table

    # --- reading: the game, the seats, the clock ---------------------------------------------------
    @property
    def info(self) -> GameInfo:
        """The game's name, notation and options."""
        return self._table.info

    @property
    def model(self) -> ModelReading:
        return self._table.session.model

    @property
    def layout(self) -> Layout:
        """The game's own `Layout`, made once by `GameTable.layout`."""
        return self._table.layout

    @property
    def players(self) -> int:
        return self._table.players

    @property
    def local_seats(self) -> list[int]:
        """The seats played at this screen (none in a demo: bots play every seat)."""
        return list(self._table.local_seats)

    @property
    def clock(self) -> float:
        """Seconds on this table's clock (it stands still while the host pauses)."""
        return self._table.clock

    @property
    def app_clock(self) -> float:
        """Seconds on the app's clock: real time, not capped per frame as the table's clock
        is, and the clock a window's host counts a choice's timer with."""
        return float(self._table.app.clock)

    @property
    def beat(self) -> Beat | None:
        """The beat the table is playing (its events still on screen), or None."""
        return self._table.session.pacer.beat

    @property
    def pulse(self) -> float:
        """The cursor's beat, 0 to 1 (a focused choice may pulse with its ring)."""
        return self._table.pulse

    def speed(self) -> float:
        """The animation speed setting (``inf``: instant)."""
        return self._table.speed()

    def showing(self) -> bool:
        """Whether the table still shows what happened, or has more of it waiting."""
        return self._table.session.pacer.busy()

    def name(self, seat: int | None) -> str:
        return self._table.name(seat)

    def colour(self, seat: int) -> Any:
        return self._table.colour(seat)

    def seat(self, seat: int) -> SeatSnapshot:
        """``seat`` now: who plays it and, for a seat at this screen, its device and cursor."""
        table = self._table
        label = table.seat_label(seat)
        chooser = table.choosers.get(seat)
        if chooser is None:
            return SeatSnapshot(seat, False, label)
        choices = table.live.get(seat, [])
        return SeatSnapshot(seat, True, label, chooser.device, device_family(table.app, chooser.device),
                            chooser.cursor, chooser.focus(choices), chooser.peeking, table.panel_open(seat),
                            table.controls.peek_button(seat))

    def choices(self, seat: int) -> tuple[Choice, ...]:
        """``seat``'s choices as made now (none for a seat not played here)."""
        return tuple(self._table.live.get(seat, ()))

    def button_label(self, device: str, action: str) -> str:
        """What ``device`` calls its ``action`` button (remapped keys, a pad's own labels)."""
        return label_for(self._table.app, device, action)

    # --- commands --------------------------------------------------------------------------------
    def pick(self, seat: int, choice: Choice) -> None:
        """Confirm ``choice`` for ``seat``, as its confirm button would."""
        self._table.controls.pick(seat, choice)

    def set_cursor(self, seat: int, key: Hashable) -> None:
        """Put ``seat``'s cursor on the choice with ``key`` (None: the game's `preferred` next)."""
        self._table.choosers[seat].cursor = key

    def move_cursor(self, seat: int, direction: str) -> bool:
        """Move ``seat``'s cursor ``direction`` among its usable choices; True if it moved."""
        return self._table.controls.move_cursor(seat, direction)

    def note_privately(self, seat: int, words: str) -> None:
        """A line only ``seat``'s private panel shows ("" clears it); a `model.Line` is worded
        again when the language changes."""
        self._table.note_privately(seat, words)

    def hold(self, seconds: float) -> None:
        """Dwell ``seconds`` more (at the player's speed) before the next beat shows."""
        self._table.session.hold(seconds)

    def play_sound(self, name: str) -> None:
        self._table.app.sounds.play(name)

    def toast(self, words: str | Callable[[], str], *, problem: bool = True, colour: Any = None, seconds: float = 6.0,
              key: str | None = None, at: pygame.Rect | None = None, outlives_table: bool = False) -> None:
        """A note on screen; it goes with the table unless ``outlives_table``. ``words`` may
        be a function that words it: then a language change words it again."""
        self._table.note(words, problem=problem, colour=colour, seconds=seconds, key=key, at=at,
                         owner=None if outlives_table else self._table)

    # --- animations, at the player's speed (`client.table.anim`) ----------------------------------
    def tween(self, name: str, start: Any, end: Any, duration: float, ease: Callable[[float], float] = ease_out_cubic,
              delay: float = 0.0) -> None:
        """Start (or restart) tween ``name`` from ``start`` to ``end``."""
        self._table.anim.tween(name, start, end, duration, ease, delay)

    def value(self, name: str, default: Any = 0.0) -> Any:
        """Tween ``name``'s value now (it keeps its end value once finished), or ``default``."""
        return self._table.anim.get(name, default)

    def progress(self, name: str) -> float | None:
        """How far tween ``name`` has run, 0 to 1 before easing; None if it never started."""
        return self._table.anim.progress(name)

    def running(self, name: str) -> bool:
        """Whether tween ``name`` was started and has not finished."""
        return self._table.anim.running(name)

    def finished(self, name: str) -> bool:
        """Whether tween ``name`` was started and has finished."""
        return self._table.anim.finished(name)

    def drop(self, name: str) -> None:
        """Forget tween ``name`` (an effect whose picture is gone)."""
        self._table.anim.drop(name)

    def physics(self) -> Moments | None:
        """The pymunk moments to add to and draw, or None at "instant" speed (nothing moves)."""
        return self._table.anim.physics()


# The names a game may use on its handle (the structure test reads this).
HANDLE_NAMES = frozenset(name for name in dir(TableHandle) if not name.startswith("_"))
