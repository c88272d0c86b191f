"""The table session: what one table knows and does besides drawing and input. No pygame.

It polls the sessions (never waits) and folds what arrives into its `TableModel`, plays
the beats at the pace players can follow (`Pacer`), sends a seat's intents (pending until
answered), tells a refusal (on the shared screen never what a refused secret was), logs
what happened (what came before the table too), and keeps the away seats' bookkeeping.
What it says goes through its `Screen`; what is particular to a game, through the game's
hooks (``game``, a `GameTable`, set once the game is built).

It imports nothing of pygame (`tests/client/test_table_model.py` checks it), so a feed
without a window, a replay or a spectator may drive it alike.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from client import i18n
from client.i18n import N_, _
from client.table.model import Beat, Channel, Line, Pending, Refusal, TableModel, from_host
from client.table.pacing import Pacer
from client.table.types import Action, Event
from netplay import sayings
from netplay.messages import wire
from netplay.session import Session

if TYPE_CHECKING:  # a seat's choice; this module never loads pygame
    from client.table.choices import Choice

Words = str | Callable[[], str]  # a note's words, or how to word them (again, in another language)
GOODBYE_FOR_GOOD = "the game is over"  # the host's English reason: nothing left to rejoin


def later(template: str, **fields: Any) -> Callable[[], str]:
    """A note's words as a function (worded again when the language changes): ``template``,
    marked with N_, looked up and filled when asked; a field that is a function is asked then."""
    def word() -> str:
        return _(template).format(**{key: value() if callable(value) else value for key, value in fields.items()})
    return word


class Screen(Protocol):
    """What the session asks of the screen it runs on."""

    def tell(self, words: Words, *, seat: int | None = None, over_seat: bool = False, problem: bool = True,
             seconds: float = 6.0, key: str | None = None) -> None:
        """A note that goes with the table: in ``seat``'s colour (over its zone with
        ``over_seat``); worded again on a language change when ``words`` is a function."""

    def sound(self, name: str) -> None: ...

    def note_privately(self, seat: int, words: str) -> None:
        """A line in ``seat``'s private panel only."""

    def plays_here(self, seat: int | None) -> bool:
        """Whether ``seat`` is played at this screen."""

    def can_hand_seats(self) -> bool:
        """Whether this screen may let a bot play an away seat."""


class GameHooks(Protocol):
    """What the session asks of the game: its `GameTable`'s hooks (see there)."""

    rewords_log: ClassVar[bool]
    refusals_wait_for_beats: ClassVar[bool]

    def describe(self, event: Event) -> str | None: ...

    def public_refusal(self, code: str) -> str: ...

    def refusal_words(self, seat: int, code: str, reason: str, action: Action) -> str | None: ...

    def on_taken_back(self, seat: int, pending: Pending) -> None: ...

    def on_refusal(self, seat: int, code: str, reason: str) -> None: ...

    def on_event(self, event: Event) -> float: ...

    def on_seat_event(self, seat: int, event: Event) -> None: ...

    def on_shown(self, beat: Beat) -> None: ...

    def on_photo_finish(self, photo: dict[str, Any]) -> None: ...


class TableSession:
    game: GameHooks  # the game's hooks (a `GameTable`): set once it is built

    def __init__(self, screen: Screen, players: int, sessions: Mapping[int, Session], public: Session | None = None,
                 names: Sequence[str] = (), seat_kinds: Iterable[str] = (), colours: Iterable[int] = (),
                 speed: Callable[[], float] = lambda: 1.0):
        self.screen = screen
        self.sessions = dict(sessions)
        self.public = public
        self.model = TableModel(players, self.sessions, public is not None, names, seat_kinds)
        self.pacer = Pacer(self.model, speed)
        self.colour_ids = list(colours)  # each seat's colour (a peer's profile colour may change it)
        self.rejoin_token: str | None = None  # a joined table: this seat's token (client.hosting.rejoin)
        # ... and how to reach it again (Flow.rejoin): entry, name, password
        self.rejoin_entry: dict[str, Any] | None = None
        self.away_since: dict[int, float] = {}  # away seats, since when on the table's clock
        self.resume_at: float | None = None  # app clock: when a paused game goes on (the countdown)
        self._pause_said = 0
        self._reported_shown = -1  # the beats shown when the host last heard the screen caught up

    def name(self, seat: int | None) -> str:
        if seat is None:
            return _("host")
        names = self.model.names
        return names[seat] if 0 <= seat < len(names) else sayings.default_name(seat, i18n.current())

    # --- what arrives -----------------------------------------------------------------------
    def poll(self, now: float) -> None:
        """Fold every message waiting on the sessions; ``now``: the table's clock."""
        channels: list[tuple[Channel, Session]] = list(self.sessions.items()) + (
            [(None, self.public)] if self.public is not None else [])
        refusals = []
        for channel, session in channels:
            for message in session.poll():
                if not from_host(message):  # nothing a host sends: nothing the table reads
                    continue
                refusal = self.model.receive(channel, message)
                if refusal is not None:
                    refusals.append(refusal)
                elif message["t"] == "bye" and (channel is None or self.public is None):
                    # the banner stays until the player rejoins or leaves
                    self.screen.tell(self.bye_words, key="bye", seconds=24 * 3600 if self.can_rejoin() else 12)
                elif message["t"] == "lobby":
                    self.seen_away(now)
                elif message["t"] == "colours" and len(message["colours"]) == len(self.colour_ids):
                    self.colour_ids = list(message["colours"])  # the game night: a peer's profile colour
        for refusal in refusals:  # told once what arrived with it is in (a lost race: who was first)
            self.refused(refusal)

    def can_rejoin(self) -> bool:
        """Whether this joined table lost its host and its seat may be rejoined by token."""
        return (self.rejoin_entry is not None and self.model.goodbye is not None
                and self.model.goodbye != GOODBYE_FOR_GOOD)

    def bye_words(self) -> str:
        """The host said goodbye: why, and what becomes of this screen's seat."""
        reason = self.model.goodbye_words()
        if self.can_rejoin():
            return _("Disconnected: {reason}. Your seat is kept: press Enter or click to rejoin it.").format(
                reason=reason)
        if self.rejoin_token and self.model.goodbye != GOODBYE_FOR_GOOD:
            return _("Disconnected: {reason}. Your seat is kept: rejoin it from Join a LAN game when the host is "
                     "back.").format(reason=reason)
        return _("Disconnected: {reason}.").format(reason=reason)

    # --- away seats -------------------------------------------------------------------------
    def seen_away(self, now: float) -> None:
        """Note when seats went away or came back (the lobby says), and say so."""
        for seat in sorted(self.model.away - set(self.away_since)):
            self.away_since[seat] = now
            if not self.screen.plays_here(seat):
                away = N_("{name} is away.  Esc: let a bot play for them.") if self.screen.can_hand_seats() else \
                    N_("{name} is away.")
                self.screen.tell(later(away, name=self.name(seat)), seat=seat, problem=False, seconds=6,
                                 key=f"away{seat}")
        for seat in sorted(set(self.away_since) - self.model.away):
            del self.away_since[seat]
            self.screen.tell(later(N_("{name} is back."), name=self.name(seat)), seat=seat, problem=False,
                             seconds=3, key=f"away{seat}")

    def away_words(self, seat: int, now: float) -> str | None:
        """"away 1:05" (and who plays meanwhile) for an away seat, else None."""
        since = self.away_since.get(seat)
        if since is None:
            return None
        seconds = int(now - since)
        kinds = self.model.seat_kinds
        bot = seat < len(kinds) and kinds[seat] == "bot"
        time = f"{seconds // 60}:{seconds % 60:02d}"
        return (_("away {time}, a bot plays") if bot else _("away {time}")).format(time=time)

    # --- intents and their refusals ------------------------------------------------------------
    def send(self, seat: int, choice: "Choice") -> None:
        """Send ``choice``'s action for ``seat``; it is pending until its answer is on screen."""
        seq = self.sessions[seat].send(choice.action)
        self.model.sent(seat, seq, choice.action, choice.key, choice.private, choice.label, choice.rect.copy())

    def refused(self, refusal: Refusal) -> None:
        """Tell the host's refusal of a seat's intent: a refused secret only in its panel."""
        self.screen.sound("reject")
        seat, game = refusal.seat, self.game
        here = self.screen.plays_here(seat)
        private = refusal.pending.private if refusal.pending is not None else False
        action = refusal.pending.action if refusal.pending is not None else None
        if private and here and seat is not None:
            # the engine's sentence may name the secret: it goes to the private panel only
            note = later(N_("Refused: {reason}"), reason=refusal.words)
            self.screen.note_privately(seat, Line(note(), note))

        def said() -> str:  # the refusal in this window's language (again, after a change in Settings)
            if private and here:
                return game.public_refusal(refusal.code)
            # a seat's intent is what a host refuses: a spectator's channel sends none
            words = game.refusal_words(seat, refusal.code, refusal.english, action) if seat is not None else None
            return refusal.words() if words is None else words

        def toast() -> str:
            if private and here:
                return _("{name}: refused, {reason}. Pick again.").format(name=self.name(seat), reason=said())
            return _("{name}: {reason}").format(name=self.name(seat), reason=said())

        self.screen.tell(toast, seat=seat, over_seat=True, seconds=4.0, key=f"refused{seat}")
        # in words, never the engine's code; after the beats already here, if the game says so
        waits = seat is not None and game.refusals_wait_for_beats and bool(self.model.queue)

        def logged() -> str:
            return _("Refused ({name}): {reason}").format(name=self.name(seat), reason=said())

        self.model.add_log(Line(logged(), logged), self.model.received if waits else 0)
        if seat is not None:
            if refusal.pending is not None and not private:  # a play shown at once (echoed) goes back
                game.on_taken_back(seat, refusal.pending)
            game.on_refusal(seat, refusal.code, refusal.reason)

    # --- the log ------------------------------------------------------------------------------
    def log_history(self) -> None:
        """What happened before this table came (Continue, a rejoin), told in the log once
        a view is shown (a game's words may read it)."""
        if self.model.history and self.model.view is not None:
            events, self.model.history = self.model.history, []
            for event in events:
                self.model.add_log(self.logged(event))

    def logged(self, event: Event) -> str:
        """``event``'s log line ("": none), worded again on a language change when the game
        words an event the same whenever asked."""
        line = self.game.describe(event)
        if line and self.game.rewords_log:
            return Line(line, partial(self.game.describe, event))
        return line or ""

    # --- pacing ---------------------------------------------------------------------------------
    def advance(self, dt: float, shown: Callable[[Beat], None]) -> None:
        """Play the beats on for ``dt`` seconds; ``shown(beat)`` runs after the game heard that
        a beat's views are shown. A close race's photo finish is told once its play shows."""
        def show(beat: Beat) -> None:
            self.beat_shown(beat)
            shown(beat)

        self.pacer.update(dt, self.play, show)
        for photo in self.model.due_photos():
            self.game.on_photo_finish(wire(photo))

    def play(self, event: Event) -> float:
        """Log ``event`` and start its animation; returns how long to dwell on it."""
        self.model.add_log(self.logged(event))
        return self.game.on_event(event)

    def beat_shown(self, beat: Beat) -> None:
        for seat in self.model.local_seats:
            for event in beat.seat_events.get(seat, []):
                if event not in beat.events:
                    self.game.on_seat_event(seat, event)
        self.game.on_shown(beat)

    def hold(self, seconds: float) -> None:
        """Dwell ``seconds`` more (at the player's speed) before the next beat shows: a
        countdown at the start of a round, say, from ``GameTable.on_shown``."""
        self.pacer.wait = max(self.pacer.wait, 0.0) + self.pacer.dwell(seconds)

    def follow_pause(self, app_now: float) -> None:
        """Note a pause message: when the countdown it started ends, on the app's clock."""
        if self.model.pause_said != self._pause_said:
            self._pause_said = self.model.pause_said
            left = self.model.resume_in
            self.resume_at = None if left is None else app_now + left

    def newly_caught_up(self) -> bool:
        """Whether the screen now shows all it was sent, for the first time since the host
        last heard so (a choice's timer starts then)."""
        if self.pacer.busy() or self.model.shown == self._reported_shown:
            return False
        self._reported_shown = self.model.shown
        return True
