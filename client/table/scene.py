"""The shared table: one scene for every game, and the glue between its parts.

- the **session** (`client.table.session`, no pygame) polls the sessions (never waits),
  folds what arrives into the `TableModel`, plays the beats at the pace players can follow,
  sends and tells refusals, logs, and keeps the away seats;
- the **seat controls** (`client.table.controls`) keep one `Chooser` per local seat and
  route each intent to the seat bound to its device (pads come and go, blind picks);
- the **view** (`client.table.view`) draws the header, the log, the choices, the private
  panels and legends, the pause;
- the **host controls** (`client.hosting.hosted.HostControls`, ``self.hosting``) are the only
  way to the table this screen hosts (its host, server and phones); a joined table has none.

What is particular to a game comes from its `GameTable` (``self.game``), which sees the
table only through its `TableHandle`. This scene runs the lifecycle (resume, pause,
update, handle, draw) and says in which order the parts do their work.

It never ticks the host: the app drives every in-process host once per frame, whichever
scene is on top. A table this screen hosts tells its host when a menu covers it (a race or
a timed choice then stands still for everyone, with a countdown to go on; other games stay
live behind the menu) and when it shows everything it was sent (a choice's timer counts
from then): docs/netplay.md, Pausing.

Secrecy on a shared screen: a choice is private when its action type is one of the
engine's ``GameInfo.secret_action_types`` or the game's ``private_types``. Private choices
show only in the seat's private panel, which opens while the seat holds its peek button
(or always, for the only local seat); a gamepad may instead pick blind from a button
map whose legend is the same whatever the seat holds. The shared screen shows only that
a seat is choosing or locked in, and a refused private choice never names it there.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

import pygame

from client import highscores, i18n
from client.hosting.hosted import HostControls
from client.input.router import Intent
from client.table.anim import Animator
from client.table.choices import Choice
from client.table.chooser import Chooser
from client.table.controls import SeatControls
from client.table.game import GameTable
from client.table.handle import TableHandle
from client.table.model import Beat, Refusal, TableModel
from client.table.pacing import Pacer
from client.table.session import TableSession, Words
from client.table.types import Colour
from client.table.view import TableView
from client.table.window import Window
from client.ui import art
from client.ui.closing import close_soon
from client.ui.scene import Scene
from client.ui.toasts import Toast
from engines import game_info
from netplay.session import Session


class TableFlow(Protocol):
    """What the table asks of the flow (`client.flow.Flow`, which decides where to go)."""

    @property
    def demo_plan(self) -> dict[str, Any] | None:
        """How the next demo game starts, while this window shows demos."""

    def results(self, table: "TableScene") -> None: ...

    def demo_input(self, intent: Intent) -> bool: ...

    def pause(self, table: "TableScene") -> None: ...

    def rejoin(self, table: "TableScene") -> None: ...


class TableWindow(Window, Protocol):
    """The window a table plays in, with the flow it asks to go on."""

    @property
    def flow(self) -> TableFlow: ...


class TableScene(Scene):
    running_game = True
    notes_at = "top"  # toasts stand between the header and the log
    updates_when_covered = True  # keep folding messages while the pause menu is up
    app: TableWindow

    def __init__(self, app: TableWindow, game_class: type[GameTable], sessions: Mapping[int, Session],
                 devices: Mapping[int, str], colours: list[int], *, public: Session | None = None,
                 hosting: HostControls | None = None, players: int | None = None, names: Sequence[str] = (),
                 seat_kinds: Iterable[str] = (), demo: bool = False):
        super().__init__(app)
        self.info = game_info(game_class.game_id)
        self.hosting = hosting  # the table this screen hosts (None: a table joined on another's)
        self.i_paused = False  # this screen's menu stopped the game for everyone
        players = players or len(colours)
        self.session = TableSession(self, players, sessions, public, names, seat_kinds, colours, self.speed)
        self.demo = demo  # bots play every seat; input belongs to the demo (see Flow.demo_input)
        self.running_game = not demo
        self.closed = False
        self.finished_at: float | None = None
        self.high_scores: highscores.Board | None = None  # recorded once (`record_high_score`)
        # (toast, how to word it): worded again when the language changes
        self.worded_toasts: list[tuple[Toast, Callable[[], str]]] = []
        self.language = i18n.current()
        self.anim = Animator(self.speed)
        self.game = game_class(TableHandle(self))
        self.layout = self.game.layout()
        secret_types = frozenset(self.info.secret_action_types) | frozenset(game_class.private_types)
        # picks go out through `send`, so a test may watch what a seat sends
        self.controls = SeatControls(app, self, self.session, self.game, self.layout, devices, secret_types,
                                     clock=lambda: self.clock, send=lambda seat, choice: self.send(seat, choice))
        self.session.game = self.game
        self.view = TableView(self)
        self.poll()
        self.session.advance(0.0, self.shown)  # the first view shows at once
        self.session.log_history()
        if hosting is not None:
            hosting.timers_wait_for_screen()  # a choice's timer counts from when it is on this screen

    # --- the parts, as the flow, the pause and log scenes and the tests read them ---------------
    @property
    def model(self) -> TableModel:
        return self.session.model

    @property
    def sessions(self) -> dict[int, Session]:
        return self.session.sessions

    @property
    def public(self) -> Session | None:
        return self.session.public

    @property
    def pacer(self) -> Pacer:
        return self.session.pacer

    @property
    def choosers(self) -> dict[int, Chooser]:
        return self.controls.choosers

    @property
    def live(self) -> dict[int, list[Choice]]:
        return self.controls.live

    @property
    def away_since(self) -> dict[int, float]:
        return self.session.away_since

    @property
    def colour_ids(self) -> list[int]:
        return self.session.colour_ids

    @colour_ids.setter
    def colour_ids(self, colours: list[int]) -> None:
        self.session.colour_ids = list(colours)

    @property
    def rejoin_token(self) -> str | None:
        return self.session.rejoin_token

    @rejoin_token.setter
    def rejoin_token(self, token: str | None) -> None:
        self.session.rejoin_token = token

    @property
    def rejoin_entry(self) -> dict[str, Any] | None:
        return self.session.rejoin_entry

    @rejoin_entry.setter
    def rejoin_entry(self, entry: dict[str, Any] | None) -> None:
        self.session.rejoin_entry = entry

    @property
    def resume_at(self) -> float | None:
        return self.session.resume_at

    @resume_at.setter
    def resume_at(self, when: float | None) -> None:
        self.session.resume_at = when

    # --- who is who ---------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.model.players

    @property
    def local_seats(self) -> list[int]:
        return self.model.local_seats

    @property
    def solo(self) -> bool:
        """One seat plays at this screen: nobody to hide its private panel from."""
        return self.controls.solo

    def speed(self) -> float:
        return self.app.settings.speed

    def colour(self, seat: int) -> Colour:
        colours = self.session.colour_ids
        return art.seat_colour(colours[seat] if seat < len(colours) else seat)

    def name(self, seat: int | None) -> str:
        return self.session.name(seat)

    def seat_label(self, seat: int) -> str:
        """Who plays a seat: this screen's device, a phone, a bot, a player on the LAN."""
        return self.controls.seat_label(seat, self.hosting.phone_status(seat) if self.hosting is not None else "none")

    def phone_seats(self) -> list[int]:
        """Local seats that play only from a phone."""
        return self.controls.phone_seats()

    def plays_here(self, seat: int | None) -> bool:
        return seat in self.controls.choosers

    def away_words(self, seat: int) -> str | None:
        """"away 1:05" (and who plays meanwhile) for an away seat, else None."""
        return self.session.away_words(seat, self.clock)

    # --- a seat's choices ---------------------------------------------------------------------
    def refresh(self) -> None:
        self.controls.refresh()

    def panel_open(self, seat: int) -> bool:
        return self.controls.panel_open(seat)

    def usable(self, seat: int) -> list[Choice]:
        return self.controls.usable(seat)

    def choosing_blind(self, seat: int) -> bool:
        return self.controls.choosing_blind(seat)

    def send(self, seat: int, choice: Choice) -> None:
        self.session.send(seat, choice)

    def refused(self, refusal: Refusal) -> None:
        self.session.refused(refusal)

    def note_privately(self, seat: int, words: str) -> None:
        self.controls.choosers[seat].private_note = words

    # --- notes and sounds -----------------------------------------------------------------
    def sound(self, name: str) -> None:
        self.app.sounds.play(name)

    def tell(self, words: Words, *, seat: int | None = None, over_seat: bool = False, problem: bool = True,
             seconds: float = 6.0, key: str | None = None) -> None:
        """A note that goes with the table, in ``seat``'s colour (over its zone: ``over_seat``)."""
        colour = self.colour(seat) if seat is not None else None
        at = self.layout.seats.get(seat) if over_seat and seat is not None else None
        self.note(words, problem=problem, colour=colour, seconds=seconds, key=key, owner=self, at=at)

    def note(self, words: Words, *, problem: bool = True, colour: Colour | None = None, seconds: float = 6.0,
             key: str | None = None, owner: object = None, at: pygame.Rect | None = None) -> None:
        """``app.toasts.add``, worded again on a language change when ``words`` is a function."""
        toast = self.app.toasts.add(words() if callable(words) else words, problem=problem, colour=colour,
                                    seconds=seconds, key=key, owner=owner, at=at)
        if callable(words):
            self.worded_toasts = [(t, w) for t, w in self.worded_toasts if any(t is o for o in self.app.toasts.toasts)]
            self.worded_toasts.append((toast, words))

    def reword(self) -> None:
        """The window's language changed (Settings): word the notes on screen again (the
        log words itself again where it is drawn, `model.worded`)."""
        if self.language is i18n.current():
            return
        self.language = i18n.current()
        shown = self.app.toasts.toasts
        self.worded_toasts = [(toast, word) for toast, word in self.worded_toasts if any(toast is o for o in shown)]
        for toast, word in self.worded_toasts:
            try:
                toast.words = word()
            except Exception:  # noqa: BLE001 - a note that cannot be worded again keeps its words
                pass

    def record_high_score(self) -> None:
        """Put the game's score into this machine's high-score table once, when the game
        offers one (`GameTable.high_score`): the file is written here, not by the game."""
        if self.high_scores is not None or self.demo:
            return
        entry = self.game.high_score()
        if entry is None:
            return
        score, details = entry
        self.high_scores = self.game.high_scores = highscores.record(self.info.id, self.name(0), score, details)
        if self.high_scores.problem:
            self.note(self.high_scores.problem, seconds=12, key="highscores", owner=None)

    # --- the table this screen hosts (only through its controls) ------------------------------
    def pause_stops_game(self) -> bool:
        """Whether this screen's pause menu stops the game for everyone (a race or a timed
        choice at a table it hosts). Other games go on."""
        return self.hosting is not None and not self.demo and self.hosting.pauses_for_everyone()

    def count_in(self) -> None:
        """Pause and let every screen count down before the game goes on (a continued race)."""
        if self.hosting is not None:
            self.hosting.count_in()

    def can_hand_seats(self) -> bool:
        """Whether this screen hosts the table on the LAN (it may hand away seats to bots)."""
        return self.hosting is not None and self.hosting.can_hand_seats()

    def hand_seat(self, seat: int, to_bot: bool) -> None:
        """Let a bot play an away ``seat`` (``to_bot``), or stop it."""
        if self.hosting is not None:
            self.hosting.hand_seat(seat, to_bot)

    # --- time ---------------------------------------------------------------------------------------
    def poll(self) -> None:
        self.session.poll(self.clock)

    def shown(self, beat: Beat) -> None:
        """A beat's views are shown and the game has heard so."""
        self.record_high_score()
        self.refresh()

    def update(self, dt: float) -> None:
        on_top = self.app.top is self
        self.reword()
        if not self.closed:
            self.poll()
        self.session.log_history()
        self.session.follow_pause(self.app.clock)
        if self.model.paused:  # the host stopped the game for everyone: so does this screen's clock
            self.refresh()
            return
        super().update(dt)
        # A game that goes on while this screen is in a menu stays live behind it (a game the
        # menu paused stands still above); the results wait until the menu is closed.
        self.session.advance(dt, self.shown)
        if self.hosting is not None and self.session.newly_caught_up():
            self.hosting.screen_caught_up()  # a choice's timer starts
        self.anim.update(dt)
        self.game.update(dt)
        self.refresh()
        self.controls.tick(dt, on_top)
        if self.model.result() is not None and not self.pacer.busy() and on_top:
            if self.finished_at is None:
                self.finished_at = self.clock
            elif self.clock - self.finished_at >= 0.4:
                self.app.flow.results(self)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.controls.close()
        close_soon(*self.sessions.values(), self.public)
        if self.hosting is not None:
            self.hosting.close()  # its server closes the host's save; a table kept for Next game stays

    def resume(self) -> None:
        if self.hosting is not None:
            self.hosting.set_bot_after(self.app.settings.data.get("bot_after"))  # it may have changed in the menu
        if any(chooser.device in ("mouse", "any") for chooser in self.choosers.values()):
            pygame.mouse.set_visible(False)
        if self.i_paused and self.hosting is not None:  # back from the menu: every screen counts down
            self.i_paused = False
            self.hosting.unpause()

    def pause(self) -> None:
        pygame.mouse.set_visible(True)
        self.controls.let_go()
        if self.pause_stops_game() and not self.closed and self.model.result() is None and self.hosting is not None:
            self.i_paused = True
            self.hosting.pause()

    # --- input ----------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        action = intent.action
        if self.demo:
            return self.app.flow.demo_input(intent)
        if action == "escape":
            self.app.flow.pause(self)
            return True
        if action == "text":
            return False
        if action == "raw":  # any key by name, bound or not: the game's own keys (zoom, say)
            return self.game.on_input(intent)
        if self.controls.plug(intent):  # a pad unplugged, back, or claiming an orphaned seat
            return True
        if self.model.paused:  # nothing may be played until the countdown is over
            return True
        if action == "confirm" and intent.pressed and self.session.can_rejoin():  # the banner's one press
            self.app.flow.rejoin(self)
            return True
        return self.controls.route(intent)

    # --- drawing (reads only) -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.background("table"), (0, 0))
        if self.model.view is None:
            self.view.draw_waiting(surface)
            return
        self.game.draw_board(surface)
        self.draw_header(surface)
        self.draw_log(surface)
        for seat in range(self.players):
            self.game.draw_seat(surface, seat, self.layout.seats[seat])
            self.draw_away(surface, seat)
        for seat in self.choosers:
            self.view.draw_choices(surface, seat)
            legend = self.view.legend_box(seat)
            if legend is not None:
                self.draw_blind_legend(surface, seat, legend)
        for seat in self.choosers:  # open panels last: never under another seat's legend
            if self.panel_open(seat):
                self.draw_panel(surface, seat)
        self.game.draw_overlay(surface)
        if self.model.paused:
            self.draw_paused(surface)
        self.view.draw_pointers(surface)

    def draw_header(self, surface: pygame.Surface) -> None:
        self.view.draw_header(surface)

    def draw_log(self, surface: pygame.Surface) -> None:
        self.view.draw_log(surface)

    def draw_away(self, surface: pygame.Surface, seat: int) -> None:
        self.view.draw_away(surface, seat)

    def draw_paused(self, surface: pygame.Surface) -> None:
        self.view.draw_paused(surface)

    def draw_panel(self, surface: pygame.Surface, seat: int) -> None:
        self.view.draw_panel(surface, seat)

    def draw_blind_legend(self, surface: pygame.Surface, seat: int, box: pygame.Rect) -> None:
        self.view.draw_blind_legend(surface, seat, box)

    def pause_buttons(self) -> str:
        """What pauses this table, as printed on its devices: "Esc", "Esc / Start / +"."""
        return self.view.pause_buttons()
