"""What a game's table may read and do at the shared table: the narrow handle
`GameTable.table` is typed as.

The shared `TableScene` has many more members (sessions, the host, phones, pause, the
pacer); a game sees only these, the way a boardgame.io board gets a fixed set of props
rather than the master. `tests/client/test_structure.py` checks that every game module
reaches the table only through names declared here.
"""

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from client.highscores import Board
from client.table.anim import Animator
from client.table.choices import Choice
from client.table.chooser import Chooser
from client.table.layout import Layout
from client.table.model import Beat, GameResult, Pending, Refusal
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
    def view(self) -> dict | None:
        """The shared screen's view, as shown."""

    @property
    def seat_views(self) -> dict[int, dict]:
        """Each local seat's own view, as shown."""

    @property
    def seat_kinds(self) -> list[str]:
        """Each seat's kind as the host's lobby names it ("bot", ...; empty when unknown)."""

    def result(self) -> GameResult | None: ...

    def latest_view(self) -> dict | None: ...


class TableHandle(Protocol):
    """Everything a `GameTable` may use of the table it sits at."""

    @property
    def info(self) -> GameInfo:
        """The game's name, notation and options."""

    @property
    def model(self) -> ModelReading: ...

    @property
    def anim(self) -> Animator:
        """Tweens and pymunk moments at the player's speed."""

    @property
    def layout(self) -> Layout:
        """The game's own `Layout`, made once by `GameTable.layout`."""

    @property
    def choosers(self) -> dict[int, Chooser]:
        """Each local seat's chooser (device, cursor, stage)."""

    @property
    def live(self) -> dict[int, list[Choice]]:
        """Each local seat's choices as made now."""

    @property
    def demo(self) -> bool:
        """Bots play every seat (the title's attract mode)."""

    @property
    def clock(self) -> float:
        """Seconds on this table's clock (it stands still while the host pauses)."""

    @property
    def high_scores(self) -> Board | None:
        """This machine's high-score table, once the game is recorded."""

    @property
    def players(self) -> int: ...

    @property
    def local_seats(self) -> list[int]: ...

    @property
    def solo(self) -> bool: ...

    @property
    def pulse(self) -> float: ...

    @property
    def beat(self) -> Beat | None: ...

    # the host's refusal being worded, while a game's ``refusal_words`` runs: its ``message``
    # holds the host's ``say`` and ``data`` (a lost race's margin in ms, say)
    refusal: Refusal | None

    def showing(self) -> bool: ...

    def speed(self) -> float: ...

    def colour(self, seat: int) -> Any: ...

    def name(self, seat: int | None) -> str: ...

    def draw_name(self, surface: pygame.Surface, seat: int, pos: Any, size: int, width: int,
                  anchor: str = "topleft", colour: Any = None) -> pygame.Rect: ...

    def seat_label(self, seat: int) -> str: ...

    def peek_button(self, seat: int) -> str: ...

    def pad_binding(self, action: str) -> str | None: ...

    def button_label(self, device: str, action: str) -> str:
        """What ``device`` calls its ``action`` button (remapped keys, a pad's own labels)."""

    def device_family(self, device: str) -> str:
        """The pad family of ``device`` ("xbox", "nintendo", "playstation"; not a pad: xbox)."""

    def panel_open(self, seat: int) -> bool: ...

    def usable(self, seat: int) -> list[Choice]: ...

    def pick(self, seat: int, choice: Choice) -> None: ...

    def refresh(self) -> None: ...

    def hold(self, seconds: float) -> None: ...

    def play_sound(self, name: str) -> None: ...

    def toast(self, words: str | Callable[[], str], *, problem: bool = True, colour: Any = None, seconds: float = 6.0,
              key: str | None = None, at: pygame.Rect | None = None, outlives_table: bool = False) -> None: ...


# The names a game may use on its handle (the structure test reads this).
HANDLE_NAMES = frozenset(name for name in dir(TableHandle) if not name.startswith("_"))
