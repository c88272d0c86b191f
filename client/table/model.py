"""TableModel: the session messages of one table folded into what it shows. No pygame.

A table listens on one or more *channels*: each local seat's session and, on a couch, a
spectator session for the shared screen (``None``). The host sends every update to every
listener, so the k-th update of each channel belongs to the same action: together they
are one `Beat`. Beats wait in a queue until the table has shown the one before (see
`client.table.pacing`); only then do their views and legal actions become what the
table shows, so the screen never runs ahead of what the players are looking at.

Accepts and rejects are not paced: they answer a seat's own intent (`Pending`) at once.
A race's ``photo`` finish waits until the beat of the play that won it is shown.
"""

import re
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Never, TypedDict, TypeGuard

from client import i18n
from client.i18n import N_
from client.table.types import Action, Event, View
from netplay import sayings
from netplay.language import Words
from netplay.messages import (
    TO_PEER_TYPES,
    Accept,
    Bye,
    Challenge,
    Colours,
    Evening,
    History,
    Lobby,
    NextTable,
    Pause,
    Photo,
    Pong,
    Probe,
    Refuse,
    Reject,
    Start,
    Update,
    Welcome,
)

if TYPE_CHECKING:  # a pending mark's rect; this module never loads pygame
    import pygame

LOG_LINES = 400
RULING_ID = re.compile(r" ?\((?:[^()]*, )?[A-Z]{2}-\d+[a-z0-9.]*\)")

Channel = int | None  # what a table listens on: a local seat's session, or the shared screen's (None)
# A message a host sends (netplay.messages' TO_PEER_TYPES): what a table's sessions hand it.
HostMessage = (Challenge | Welcome | Refuse | Lobby | Start | Accept | Reject | Update | Pong | Probe | Pause
               | History | Photo | Evening | Colours | NextTable | Bye)


def from_host(message: Mapping[str, Any]) -> TypeGuard[HostMessage]:
    """Whether ``message``, as a session hands it, is one a host sends: then it is its type's
    `netplay.messages` TypedDict, told apart by its ``t``. Its fields are that type's: a remote
    host's message passed `netplay.protocol.check_message` on its way in, a local host built it
    typed (`netplay.messages.wire`)."""
    return message.get("t") in TO_PEER_TYPES


class GameResult(TypedDict):
    scores: list[int]
    winners: list[int]


@dataclass
class Beat:
    """One update as every channel received it."""

    index: int
    events: list[Event]  # what the shared screen may see happen (the reference channel's events)
    views: dict[Channel, View]  # channel -> view
    legal: dict[int, list[Action]]
    seat_events: dict[int, list[Event]] = field(default_factory=dict)


@dataclass
class Pending:
    """An intent a seat sent and the host has not answered (or whose answer is not yet shown)."""

    seat: int
    seq: int
    action: Action
    key: Hashable  # the choice it was sent from
    private: bool
    label: str = ""  # the choice's words ("Sent: 6-wall" in a private panel)
    rect: "pygame.Rect | None" = None  # where the choice was (a pending mark stands there)
    accepted_beat: int | None = None  # shown once the beats up to this one are shown


CLOSED = N_("the host closed the table")  # a bye that gives no reason


def without_ruling_ids(words: str) -> str:
    """An engine's sentence as players read it: its rulings' ids ("(AR-2)", "(building
    order §2, DM-3)") are for the code and the docs."""
    return RULING_ID.sub("", words)


def said(message: Mapping[str, Any], fallback: str = "") -> str:
    """The sentence of a host's ``reject`` or ``bye`` in this window's language: its
    ``say`` and ``data`` worded (`netplay.sayings.worded`, a photo finish's margin
    included); a host that sends only the English ``reason`` is shown that (ruling ids
    left out either way)."""
    template = message.get("say")
    if isinstance(template, str) and template:
        return without_ruling_ids(sayings.worded(message, i18n.current()))
    return without_ruling_ids(str(message.get("reason", "") or fallback))


class Line(str):
    """A log line worded again when the window's language changes: the text is its first
    wording, ``word()`` words it anew (`worded`)."""

    word: Callable[[], str | None]
    language: Words
    shown: str

    def __new__(cls, text: str, word: Callable[[], str | None]) -> "Line":
        line = super().__new__(cls, text)
        line.word, line.language = word, i18n.current()
        line.shown = str(text)
        return line


def worded(entry: str) -> str:
    """A log entry as this window's language reads it now."""
    if not isinstance(entry, Line):
        return entry
    now = i18n.current()
    if entry.language is not now:
        try:
            entry.shown = entry.word() or entry.shown
        except Exception:  # noqa: BLE001 - a line that cannot be worded again keeps its words
            pass
        entry.language = now
    return str(entry.shown)


@dataclass
class Refusal:
    seat: int | None
    code: str
    reason: str  # in this window's language, when it came
    pending: Pending | None
    message: Reject | None = None  # the host's reject: say and data, to word it again

    def words(self) -> str:
        """The refusal in this window's language now."""
        return said(self.message, self.reason) if self.message else self.reason

    @property
    def english(self) -> str:
        """The host's English sentence (its ``reason``, ruling ids left out): for a game that
        reads it (a photo finish's "(by 12 ms)"), never to show in another language."""
        return without_ruling_ids(str(self.message.get("reason", ""))) if self.message else self.reason


def unique_names(names: Sequence[str], players: int) -> list[str]:
    """One name per seat, never two alike: a blank name, or the host's default (sent in
    English), becomes "Player n" in the window's language; a repeated one gets " 2", " 3"...
    ("Anna", "Anna" -> "Anna", "Anna 2")."""
    out: list[str] = []
    words = i18n.current()
    for seat in range(players):
        given = str(names[seat]).strip() if seat < len(names) and names[seat] else ""
        name = sayings.seat_name(given or sayings.default_name(seat), seat, words)
        base, count = name, 1
        while name.casefold() in (taken.casefold() for taken in out):
            count += 1
            name = f"{base} {count}"
        out.append(name)
    return out


class TableModel:
    """What one table knows; see the module docstring. ``local_seats`` are the seats
    played at this screen; ``public`` says whether a spectator channel (None) exists."""

    def __init__(self, players: int, local_seats: Iterable[int], public: bool, names: Sequence[str] = (),
                 seat_kinds: Iterable[str] = ()):
        self.players = players
        self.local_seats = sorted(local_seats)
        self.channels: list[Channel] = list(self.local_seats) + ([None] if public else [])
        if not self.channels:
            raise ValueError("a table needs at least one channel")
        # the shared screen shows the spectator's view, or a lone remote seat's own
        self.reference: Channel = None if public else self.channels[0]
        self._updates: dict[Channel, deque[Update]] = {channel: deque() for channel in self.channels}
        self._arrived: dict[Channel, int] = {channel: 0 for channel in self.channels}  # updates each channel has had
        self.queue: deque[Beat] = deque()
        self.received = 0  # beats complete so far
        self.shown = 0  # beats shown so far
        self.names = unique_names(names, players)
        self.seat_kinds = list(seat_kinds)
        self.seat_via: list[str] = []  # how each seat is played, as the host's lobby says ("lan", "relay"...)
        self.view: View | None = None
        self.seat_views: dict[int, View] = {}
        self.legal: dict[int, list[Action]] = {seat: [] for seat in self.local_seats}
        self.pending: dict[int, Pending | None] = {seat: None for seat in self.local_seats}
        self.log: deque[str] = deque(maxlen=LOG_LINES)
        self.held_log: list[tuple[int, str]] = []  # (beat, line): logged once that beat is shown
        self.goodbye: str | None = None
        # the host's bye (empty until it came): its say and data word `goodbye_words`
        self.bye: Bye | dict[str, Never] = {}
        self.closed_channels: set[Channel] = set()
        self.away: set[int] = set()  # seats whose player is away (the host's lobby says so)
        self.paused = False  # the host paused the game for everyone (also while it counts down)
        self.resume_in: float | None = None  # the countdown's seconds left when the host said so
        self.pause_said = 0  # how many pause messages came (a new one restarts the countdown)
        self.history: list[Event] = []  # public events from before this table came, not yet logged
        self.photos: deque[tuple[int, Photo]] = deque(maxlen=16)  # (beat, photo): a close race, told once shown
        self.evening: Evening | None = None  # the game night: the host's "evening" message after the game
        self.next_table: NextTable | None = None  # ... and its "next_table" (the group's next game)

    # --- what arrives -------------------------------------------------------------------
    def receive(self, channel: Channel, message: HostMessage) -> Refusal | None:
        """Fold one message from ``channel``; a refusal of a seat's intent is returned
        (the table shows it at once)."""
        if message["t"] == "start":
            if message.get("names"):
                self.names = unique_names(message["names"], self.players)
        elif message["t"] == "update":
            self._updates[channel].append(message)
            self._arrived[channel] += 1
            self._collect()
        elif message["t"] == "accept":
            pending = self.pending.get(channel) if channel is not None else None
            if pending is not None and pending.seq == message.get("seq"):
                # the host sends the update first: this channel's latest one, in the beat of that number
                pending.accepted_beat = self._arrived[channel]
                self._settle()
        elif message["t"] == "reject":
            pending = self.pending.get(channel) if channel is not None else None
            if channel is not None and pending is not None and pending.seq == message.get("seq"):
                self.pending[channel] = None
            else:
                pending = None
            return Refusal(channel, str(message.get("code", "")), said(message), pending, message.copy())
        elif message["t"] == "lobby":
            seats = [seat for seat in message.get("seats", []) if isinstance(seat, dict)]
            if len(seats) == self.players:
                self.seat_kinds = [str(seat.get("kind", "")) for seat in seats]
                self.seat_via = [str(seat.get("via", "")) for seat in seats]
                self.away = {i for i, seat in enumerate(seats) if seat.get("away")}
        elif message["t"] == "pause" and channel == self.reference:
            self.paused = bool(message.get("paused"))
            left = message.get("resume_in")
            self.resume_in = float(left) if self.paused and isinstance(left, int | float) else None
            self.pause_said += 1
        elif message["t"] == "history" and channel == self.reference:
            self.history.extend(event for event in message.get("events", []) if isinstance(event, dict))
        elif message["t"] == "photo" and channel == self.reference:
            # the winning play's update came first: the photo shows once that beat is shown
            self.photos.append((self._arrived[channel], message))
        elif message["t"] == "evening":
            self.evening = message
        elif message["t"] == "next_table":
            self.next_table = message
        elif message["t"] == "bye":
            self.paused, self.resume_in = False, None  # a host gone away holds nothing still
            self.closed_channels.add(channel)
            self.goodbye = str(message.get("reason", "")) or CLOSED  # the host's English reason: for logic
            self.bye = message.copy()
            self._collect()
        return None

    def _collect(self) -> None:
        """Turn updates that every open channel has into beats."""
        live = [c for c in self.channels if c not in self.closed_channels or self._updates[c]]
        while live and all(self._updates[c] for c in live):
            updates = {c: self._updates[c].popleft() for c in live}
            reference = updates.get(self.reference) or next(iter(updates.values()))
            self.received += 1
            self.queue.append(Beat(
                index=self.received,
                events=list(reference.get("events", [])),
                views={c: update["view"] for c, update in updates.items()},
                legal={c: list(update.get("legal", [])) for c, update in updates.items() if c is not None},
                seat_events={c: list(update.get("events", [])) for c, update in updates.items() if c is not None},
            ))
            live = [c for c in self.channels if c not in self.closed_channels or self._updates[c]]

    def goodbye_words(self) -> str:
        """Why the table closed, in this window's language now (None-safe: "" if it did not)."""
        if self.goodbye is None:
            return ""
        if self.bye.get("say") or self.bye.get("reason"):
            return said(self.bye)
        return without_ruling_ids(i18n._(self.goodbye)) if self.goodbye == CLOSED else self.goodbye

    # --- what is shown --------------------------------------------------------------------
    def next_beat(self) -> Beat | None:
        return self.queue.popleft() if self.queue else None

    def show(self, beat: Beat) -> None:
        """Make ``beat``'s views and legal actions what the table shows."""
        reference = beat.views.get(self.reference)
        if reference is None:
            reference = next(iter(beat.views.values()))
        self.view = reference
        for channel, view in beat.views.items():
            if channel is not None:
                self.seat_views[channel] = view
        for seat, legal in beat.legal.items():
            self.legal[seat] = legal
        self.shown = beat.index
        held, self.held_log = self.held_log, []
        for after, line in held:
            self.add_log(line, after)
        self._settle()

    def _settle(self) -> None:
        """Forget pending intents whose acceptance is now on screen."""
        for seat, pending in self.pending.items():
            if pending is not None and pending.accepted_beat is not None and pending.accepted_beat <= self.shown:
                self.pending[seat] = None

    def sent(self, seat: int, seq: int, action: Action, key: Hashable, private: bool, label: str = "",
             rect: "pygame.Rect | None" = None) -> Pending:
        pending = Pending(seat, seq, action, key, private, label, rect)
        self.pending[seat] = pending
        return pending

    def due_photos(self) -> list[Photo]:
        """Photo finishes whose winning play is now on screen (each given out once)."""
        due = []
        while self.photos and self.photos[0][0] <= self.shown:
            due.append(self.photos.popleft()[1])
        return due

    # --- questions the table asks -------------------------------------------------------
    def latest_view(self) -> View | None:
        """The newest view this screen has received, which may still wait behind a dwell
        (the shared screen's, or the lone seat's): for timers that run on the host."""
        if self.queue:
            views = self.queue[-1].views
            return views.get(self.reference) or next(iter(views.values()))
        return self.view

    @property
    def phase(self) -> str | None:
        return None if self.view is None else self.view.get("phase")

    def result(self) -> GameResult | None:
        """The public result, once the shown view says the game is over."""
        return None if self.view is None else self.view.get("game_result")

    def behind(self) -> int:
        """How many beats wait to be shown."""
        return len(self.queue)

    def add_log(self, line: str, after: int = 0) -> None:
        """Log ``line``; with ``after``, once beat ``after`` is shown (a race lost to a play
        that waits to be shown is told after that play)."""
        if not line:
            return
        if after > self.shown:
            self.held_log.append((after, line))
        else:
            self.log.append(line)
