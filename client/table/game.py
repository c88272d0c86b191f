"""`GameTable`: the one class each game writes to sit at the shared table.

The shared `TableScene` polls the sessions, paces the beats, keeps every local seat's
chooser, secrecy, toasts, the log, pause and the hand-over to the results. A game's
subclass (``client/games/<game_id>/table.py``) says only what is particular to it:

- ``layout()``: where the board, each seat's zone and each local seat's private panel are
  (a private panel never covers the board);
- ``choices(seat, legal)``: one `Choice` per thing the seat may confirm, with a rect;
  a seat's own steps towards an action (a tile picked, a card toggled) are the game's,
  in ``stage`` (Back clears them: `clear_stage`);
- ``draw_board``, ``draw_seat``, ``draw_choice``, ``draw_private``, ``draw_overlay``;
- ``on_<event type>(event)`` handlers that start animations and return how long the
  table should dwell on the event (or a ``dwell`` entry; ``silent_events`` show nothing),
  and ``describe(event)`` for the log;
- ``standings()`` for the results scene.

It reads ``self.table``, a `TableHandle` (snapshots of the seats, the model, names,
colours; commands for cursors, picks, sounds, toasts and tweens), and never changes game
state; everything it draws is a function of what it reads.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, ClassVar

import pygame

from client.highscores import Board
from client.i18n import N_, _
from client.i18n import and_list as and_list  # the games word their lists with it
from client.input.router import Intent
from client.table.choices import Choice, navigate
from client.table.handle import TableHandle
from client.table.layout import (
    PRIVATE_BAND,
    Layout,
    private_panel,
    seat_card,
    seat_strip,
    strip_rects,
)
from client.table.model import Beat, Pending
from client.table.types import Action, Colour, Event, View
from client.ui import art

# A gamepad's buttons for a blind pick, in the order a game's blind actions take them.
BLIND_BUTTONS = ("up", "right", "down", "left", "confirm", "back", "alt", "secret")
HINT_HEIGHT = 32  # a seat's "hold peek to choose" line
LEGEND_HEIGHT = 118  # a gamepad's blind-pick legend
# Buttons whose press while the table pauses is answered (see `GameTable.asked_to_wait`).
WAITING_BUTTONS = ("confirm", "back", "alt", "secret", "up", "down", "left", "right")


@dataclass
class Standings:
    """What the results scene shows, for any game: a column per round (or game of a
    match, or scoring part), a total, the winners, and whether lower totals win."""

    game_name: str
    names: list[str]
    colours: list[Colour]
    totals: list[Any]
    winners: list[int]
    lower_wins: bool = False
    columns: list[str] = field(default_factory=list)
    cells: list[list[Any]] = field(default_factory=list)  # per seat, one value per column
    total_label: str = N_("Total")  # worded where it is drawn (a game's own label too: marked N_)
    note: str = ""  # a line under the heading ("Revenge match: first to 2 victory points")
    ranking_title: str = ""  # a ranking under the table (a solo high-score table): its heading,
    ranking: list[tuple[str, str]] = field(default_factory=list)  # its lines (words, score),
    ranking_mark: int | None = None  # and the line to mark (the new score)


class GameTable:
    """A game's part of the table; see the module docstring. Defaults make any game
    playable with labelled buttons, so a new table can grow one method at a time."""

    game_id: ClassVar[str] = ""
    # Action types whose choices show what only the seat may know (besides the engine's
    # secret_action_types, which are always private): they wait for peek on a shared screen.
    private_types: ClassVar[tuple[str, ...]] = ()
    # Seconds to dwell on an event type (an ``on_<type>`` handler may return its own).
    dwell: ClassVar[dict[str, float]] = {}
    # Event types of the engine's (`GameInfo.event_types`) with nothing to show on the shared
    # screen: no handler, no dwell (a test checks every type is handled, dwelt on or here).
    silent_events: ClassVar[frozenset[str]] = frozenset()
    panel_heading: ClassVar[str] = "{name}"
    # The game's paint module: its functions ``board``, ``seat``, ``choice``, ``private`` and
    # ``overlay`` (those it has) draw in place of the defaults below, the game table first.
    paint: ModuleType | None = None
    # A refused intent's log line waits for the beats received before the refusal (a race
    # lost to a play the screen does not show yet is told after that play).
    refusals_wait_for_beats: ClassVar[bool] = False
    # Whether ``describe(event)`` words an event the same whenever it is asked (it reads only
    # the event and the names): then a log line is worded again when the language changes.
    rewords_log: ClassVar[bool] = False

    def __init__(self, table: TableHandle):
        self.table = table
        self.caption = ""  # a line the phase text shows while its tween runs (`show_caption`)
        # each local seat's own steps towards an action (a picked tile, a rotation): the
        # table makes the seat's choices again when they change
        self.stage: dict[int, dict[str, Any]] = {}
        self.high_scores: Board | None = None  # this machine's high-score table, once the table recorded the game

    # --- a seat's own steps -----------------------------------------------------------------
    def steps(self, seat: int) -> dict[str, Any]:
        """``seat``'s own steps so far (kept in ``stage``; change them in place)."""
        return self.stage.setdefault(seat, {})

    def clear_stage(self, seat: int) -> bool:
        """Forget ``seat``'s own steps (its Back button); True if there were any."""
        return bool(self.stage.pop(seat, None))

    # --- what every game does the same way -------------------------------------------------
    def sound(self, name: str) -> None:
        self.table.play_sound(name)

    def toast(self, words: str | Callable[[], str], seat: int | None = None, seconds: float = 3.5, key: str | None = None,
              problem: bool = False) -> None:
        """A note on the shared screen; with ``seat``, in its colour over its zone. ``words`` may be
        a function that words it: a language change then words it again."""
        table = self.table
        colour = None if seat is None else table.colour(seat)
        at = None if seat is None else table.layout.seats.get(seat)
        table.toast(words, problem=problem, colour=colour, seconds=seconds, key=key, at=at)

    def show_caption(self, words: str, seconds: float) -> None:
        """Say ``words`` in the phase line for ``seconds`` (what a reveal just showed)."""
        self.caption = words
        self.table.tween("caption", 0.0, 1.0, seconds)

    def caption_on(self) -> bool:
        """Whether the caption is still up: while its time runs."""
        return bool(self.caption) and self.table.running("caption")

    def draw_name(self, surface: pygame.Surface, seat: int, pos: tuple[int, int], size: int, width: int,
                  anchor: str = "topleft", colour: Colour | None = None) -> pygame.Rect:
        """A seat's name in its colour, fitted to ``width`` (long names end in an ellipsis)."""
        return art.blit_text(surface, self.table.name(seat), size, colour or self.table.colour(seat), pos, anchor,
                             "bold", width=width)

    def seat_colours(self) -> list[Colour]:
        return [self.table.colour(seat) for seat in range(self.table.players)]

    def standings_of(self, totals: list[Any], winners: list[int], **more: Any) -> Standings:
        """This game's `Standings`: its name, every seat's name and colour, and ``more``."""
        table = self.table
        more.setdefault("lower_wins", table.info.lower_score_wins)
        return Standings(table.info.name, list(table.model.names), self.seat_colours(), list(totals),
                         list(winners), **more)

    # --- reading the table ----------------------------------------------------------------
    @property
    def view(self) -> View:
        return self.table.model.view or {}

    def seat_view(self, seat: int) -> View:
        return self.table.model.seat_views.get(seat, {})

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> Layout:
        players = self.table.players
        zones = seat_strip(players)
        seats = dict(enumerate(zones))
        private = {seat: private_panel(seats[seat], 900) for seat in self.table.local_seats}
        board = pygame.Rect(30, 310, art.W - 60, PRIVATE_BAND.top - 320)
        return Layout(board, seats, private)

    # --- words ----------------------------------------------------------------------------
    def status_text(self) -> str:
        """The header's second line (round, turn...)."""
        return ""

    def phase_text(self) -> str:
        """What is going on, in one sentence, under the header."""
        active = self.view.get("active", [])
        if not active:
            return ""
        return _("To act: {names}").format(names=", ".join(self.table.name(seat) for seat in active))

    def describe(self, event: Event) -> str | None:
        """The log line for ``event`` (None: no line)."""
        return None

    def refusal_words(self, seat: int, code: str, reason: str, action: Action) -> str | None:
        """What the table says when ``seat``'s (public) ``action`` was refused (a lost race:
        who was first, in this table's names). ``reason`` is the host's English sentence, for
        a game that reads it. None (the default): the host's refusal in this window's language."""
        return None

    def public_refusal(self, code: str) -> str:
        """The shared screen's words for a refused private choice: never what it was."""
        return _("that choice is not allowed now")

    # --- choices ----------------------------------------------------------------------------
    def choices(self, seat: int, legal: list[Action]) -> list[Choice]:
        """One choice per legal action, labelled in the game's notation, in a row in the
        seat's private panel area."""
        notation = self.table.info.notation or str
        area = self.private_rect(seat, len(legal)).inflate(-30, -90)
        rects = strip_rects(area, len(legal), 220, 80)
        return [Choice(action, rect, notation(action)) for action, rect in zip(legal, rects, strict=True)]

    def private_rect(self, seat: int, count: int) -> pygame.Rect:
        """Where ``seat``'s private panel opens, for ``count`` private choices."""
        return self.table.layout.private[seat]

    def choices_version(self, seat: int) -> object:
        """Anything else ``choices`` depends on (a camera's position, a timer): the table
        asks for new choices whenever this or the shown beat or the seat's stage changes."""
        return None

    def steer(self, choices: Sequence[Choice], current: int, direction: str) -> int:
        """The index a seat's cursor moves to from ``current`` going ``direction``: by
        default `navigate` (along a strip, or to the nearest choice that way)."""
        return navigate([choice.rect for choice in choices], current, direction)

    def preferred(self, seat: int, choices: list[Choice]) -> int:
        """Where a seat's cursor goes when its old choice is gone."""
        return 0

    def shortcuts(self, seat: int, device: str) -> dict[str, Choice]:
        """Buttons of ``device`` that confirm a choice of ``seat`` in one press, without
        moving the cursor (a race's pile buttons): virtual button -> choice. The table
        routes them before anything else, legends name them, test drivers press them."""
        return {}

    def prompt_rect(self, seat: int, height: int) -> pygame.Rect:
        """Where ``seat``'s "hold peek to choose" line or blind-pick legend (``height`` tall,
        HINT_HEIGHT or LEGEND_HEIGHT) stands on the shared screen: just above its zone."""
        zone = self.table.layout.seats[seat]
        if height == HINT_HEIGHT:
            return pygame.Rect(zone.left - 20, zone.top - 8 - height, zone.width + 40, height)
        return pygame.Rect(zone.left + 6, zone.top - 8 - height, zone.width - 12, height)

    def blind_actions(self, seat: int) -> list[tuple[str, Any]]:
        """A gamepad's blind pick: (label, action) for each button in BLIND_BUTTONS order.
        It must not depend on what the seat holds (the legend is on the shared screen).
        Empty: pads hold peek to choose private choices instead."""
        return []

    # --- drawing ------------------------------------------------------------------------------
    def painter(self, name: str) -> Any:
        """The paint module's function ``name``, or None."""
        return getattr(self.paint, name, None)

    def draw_board(self, surface: pygame.Surface) -> None:
        if (board := self.painter("board")) is not None:
            board(self, surface)

    def draw_seat(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        if (paint_seat := self.painter("seat")) is not None:
            paint_seat(self, surface, seat, rect)
            return
        table = self.table
        seat_card(surface, rect, table.colour(seat), seat in self.view.get("active", []))
        self.draw_name(surface, seat, (rect.left + 20, rect.top + 32), 44, rect.width - 40)
        art.blit_text(surface, table.seat(seat).label, 28, art.INK_FAINT, (rect.left + 22, rect.top + 80),
                      width=rect.width - 44)

    def draw_choice(self, surface: pygame.Surface, seat: int, choice: Choice, focused: bool) -> None:
        if (paint_choice := self.painter("choice")) is not None:
            paint_choice(self, surface, seat, choice, focused)
            return
        surface.blit(art.panel(choice.rect.size, art.PANEL_HI if choice.legal else (40, 34, 38), None, 12),
                     choice.rect)
        art.blit_text(surface, choice.label, 30, art.INK if choice.legal else art.INK_FAINT, choice.rect.center,
                      "center", width=choice.rect.width - 16)

    def draw_private(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, choices: list[Choice]) -> None:
        """What else the open private panel shows (say, the stock when there is no choice)."""
        if (private := self.painter("private")) is not None:
            private(self, surface, seat, rect, choices)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn over seats and choices (a round's summary)."""
        if (overlay := self.painter("overlay")) is not None:
            overlay(self, surface)

    # --- events -------------------------------------------------------------------------------
    def on_event(self, event: Event) -> float:
        """Start ``event``'s animation; returns the seconds to dwell on it."""
        handler: Callable[[Event], float | None] | None = getattr(self, f"on_{event.get('type')}", None)
        seconds = handler(event) if handler is not None else None
        return self.dwell.get(str(event.get("type")), 0.0) if seconds is None else float(seconds)

    def on_seat_event(self, seat: int, event: Event) -> None:
        """A private event only ``seat`` received (a donation's piece, a drawn card)."""

    def on_shown(self, beat: Beat) -> None:
        """A beat's views are now shown (sync anything kept from events)."""

    def on_refusal(self, seat: int, code: str, reason: str) -> None:
        """The host refused ``seat``'s intent (a lost race: flash the card, keep it)."""

    def on_taken_back(self, seat: int, pending: Pending) -> None:
        """The host refused ``seat``'s public intent (``pending``: its action and where it
        was chosen), which the table may have shown at once: take its picture back (a
        card flies back to the hand). Called just before `on_refusal`."""

    def on_photo_finish(self, photo: dict[str, Any]) -> None:
        """A race was decided by under 50 ms, and the winning play is now on screen:
        ``photo`` has ``winner``, ``loser`` (seats), ``ms`` (0: under 1) and the winner's
        ``action`` (docs/netplay.md, Fair races)."""

    def on_seat_input(self, seat: int, intent: Intent) -> bool:
        """Buttons the shared chooser does not use (alt, secret, back, wheel, look), and a
        confirm that hit no choice (by default: `asked_to_wait`)."""
        return self.asked_to_wait(seat, intent)

    def catching_up(self) -> bool:
        """Whether the table plays events its shown view does not hold yet (a reveal, an
        outcome): what the view says about seats (who chooses, who is locked in) is stale."""
        return self.table.beat is not None

    def pause_words(self) -> str | None:
        """Why a seat cannot choose for a moment (the table still shows a reveal or an
        outcome), or None when the table is not pausing."""
        return _("one moment, the table is still showing what happened") if self.table.showing() else None

    def asked_to_wait(self, seat: int, intent: Intent) -> bool:
        """A press with nothing to choose while the table pauses (`pause_words`): say so,
        rather than let the press vanish."""
        table = self.table
        if intent.action not in WAITING_BUTTONS or not intent.pressed or table.choices(seat) \
                or table.model.pending.get(seat) is not None:
            return False
        words = self.pause_words()
        if words is None:
            return False
        self.toast(_("{name}: {reason}").format(name=table.name(seat), reason=words), seat, seconds=1.6,
                   key=f"wait{seat}")
        return True

    def on_input(self, intent: Intent) -> bool:
        """Input no seat took: any key by name (``raw``, its name in ``text``: a zoom key
        for everyone at the screen), a mouse or pad no seat plays with (its wheel, stick),
        a seat's direction with nothing to move to (by default: `asked_to_wait`)."""
        table = self.table
        return any(self.asked_to_wait(seat, intent) for seat in table.local_seats
                   if table.seat(seat).listens_to(intent.device))

    def update(self, dt: float) -> None:
        """Per-frame work of the game's own (a camera gliding to the cursor)."""

    # --- results ------------------------------------------------------------------------------
    def standings(self) -> Standings:
        table = self.table
        result = table.model.result() or {"scores": [0] * table.players, "winners": []}
        return self.standings_of(result["scores"], result["winners"])

    def high_score(self) -> tuple[int, dict[str, Any]] | None:
        """The score (and details) this game puts in this machine's high-score table now,
        or None; the table records it once and gives the game the board (``high_scores``)."""
        return None

    # --- art for menus --------------------------------------------------------------------------
    @classmethod
    def emblem(cls, height: int) -> pygame.Surface | None:
        """A small picture of the game for the picker and the title (None: none)."""
        return None
