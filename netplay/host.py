"""The authoritative host: owns the engine state and the seats, for every game alike.

No sockets, no threads, no clock of its own. Whoever drives it (the client for couch
play, `netplay.server` for the LAN) passes ``now`` to `Host.tick`, so tests move time.

Everything a seat receives is built by `Host.seat_message` (view, filtered events,
legal actions) or is public lobby bookkeeping; nothing else reads the state for a seat.
Listeners (local sessions, remote connections) get plain dicts in the wire schema of
`netplay.protocol`. After an accepted action every listener gets its update first, then
the submitter gets its accept, so a peer that sees the accept already has the new view.

With a save (`netplay.saves`), whatever a message will tell is written first: an action
before its updates, a seat's token before its welcome, the start before the start
messages. So a host killed at any moment has saved everything any peer was told.

The host's own job is play: submit, apply, broadcast, tick, bots and the engine's timer.
It composes the rest, one job each: who sits where (`netplay.seats`), the save journal
(`netplay.saves`), fair races (`netplay.racing`), the pause (`netplay.pausing`), the game
night's profiles (`netplay.evening`) and the way in from other threads (`netplay.door`).
"""

import json
import os
import secrets
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engines import (
    IllegalAction,
    Rng,
    events_for,
    game_info,
    new_game,
)
from engines.errors import N_
from engines.plain import encode
from engines.registry import Bot

from .arbiter import Arbiter
from .bots import BotDriver, Plan
from .door import Door
from .evening import GameNight
from .messages import History, Lobby, Start, Update, Welcome, wire
from .pausing import RESUME_COUNTDOWN as RESUME_COUNTDOWN
from .pausing import Pause, for_everyone
from .ports import LAN, Message
from .ports import Listener as Listener
from .ports import Seat as Seat
from .racing import Races, Reply, reject
from .saves import HostJournal, Resumed
from .saves import resume as read_resumed
from .sayings import bye, default_name
from .seats import AWAY_AFTER as AWAY_AFTER
from .seats import LOBBY_GRACE as LOBBY_GRACE
from .seats import Seating, make_seats
from .session import LocalSession

MAX_BOT_MOVES_PER_TICK = 100_000  # a safety bound; a whole game fits
SEED_BITS = 256  # a fresh seed's size: far beyond any search (at least 128 are needed)
SCREEN_WAIT_MAX = 8.0  # a choice's timer starts at the latest this long after the choice was made
HISTORY_EVENTS = 400  # public events kept for a rejoining peer's log (as many as a table's log holds)
HISTORY_BYTES = 48 * 1024  # at most this much of them in one history message (a frame holds 64 KiB)


def fresh_seed() -> int:
    """A new game seed from the operating system's randomness (`SEED_BITS` bits)."""
    return secrets.randbits(SEED_BITS)


class Host:
    """Owns the engine state and the seats; see the module docstring."""

    def __init__(self, game_id: str, players: int, seed: int | None = None, options: dict[str, Any] | None = None,
                 seats: list[dict[str, Any]] | None = None, names: list[str] | None = None,
                 bot_delay: float | None = None, save_path: str | os.PathLike[str] | None = None,
                 meta: dict[str, Any] | None = None):
        """``seed`` None (the default) draws a fresh one (`fresh_seed`); a seed chosen by
        hand is for tests and replays, since anyone who knows it can compute every hidden
        card. ``bot_delay`` overrides GameInfo.bot_reaction_seconds as every bot's median
        reaction time (0 plays turn-based bots at once; a real-time game's bots still take
        netplay.bots.FLOOR at least);
        ``save_path`` makes the host keep a save (`netplay.saves`), written ahead of every
        message. ``meta`` is plain data kept in the save and restored by `resume` (the
        table's name under ``"table"``; whatever the window needs to seat its players
        again). Raises SetupError for a bad game, player count, option or seat list, and
        SaveError if the save cannot be written."""
        self.info = game_info(game_id)
        self.game_id = game_id
        self.options = dict(options or {})
        self.meta = dict(meta or {})
        seed = fresh_seed() if seed is None else seed
        self.state = new_game(game_id, players, seed, **self.options)
        self.options = dict(self.state.options)
        self.players = players
        self.seed = seed
        self.log: list[list[Any]] = []  # the accepted actions: [seat, action] pairs (seat None: the host)
        self.bot_after: float | None = None  # hand a seat away this long to a bot (None: never)
        self.seats = make_seats(players, seats, names)
        self.seating = Seating(self, self.seats)  # the same list: the seating changes seats in it
        self.journal = HostJournal(self)
        self.resume_note: str | None = None  # what a resume had to drop from a damaged save
        self.listeners: list[Listener] = []
        self.watchers: list[Callable[[], None]] = []  # told when lobby facts change (discovery TXT)
        self.now: float | None = None
        self._timer_key: object = None  # the engine's running timer (host_timer) and when it was first seen
        self._timer_since: float | None = None
        self.phase = "lobby"
        self._init_pause()
        self.evening = GameNight(self)
        self.door = Door()  # how other threads reach this host (netplay.door)
        base = Rng(seed ^ 0x5EA75EA7)
        self._bot_rngs = [base.fork(seat + 1) for seat in range(players)]
        # When bots act and what they play: netplay.bots (reaction times, thinking off the loop).
        self.bots = BotDriver(self._bot_for, self.info.realtime, self.info.bot_reaction_seconds, self._bot_rngs,
                              base.fork(0xB07), bot_delay)
        self.races = Races(self, self.info.realtime, self.info.secret_action_types)
        if save_path is not None:
            self.journal.start(save_path)
        self.maybe_start()

    # --- the game night (netplay.evening) --------------------------------------------
    @property
    def profiles(self) -> dict[int, dict[str, Any]]:
        """Seat -> the profile its LAN peer brought."""
        return self.evening.profiles

    def take_profile(self, seat: int | None, profile: dict[str, Any]) -> None:
        """``seat``'s peer says who plays it (a ``profile`` message): see `GameNight.take_profile`."""
        self.evening.take_profile(seat, profile)

    def tell_evening(self, seat: int, message: dict[str, Any]) -> None:
        """Send ``seat``'s own ``evening`` message to that seat's connections (LAN and relay) only."""
        self.evening.tell(seat, message)

    def tell_next_table(self, seat: int, game: str, port: int, token: str | None = None,
                        invite: str | None = None) -> None:
        """Tell ``seat``'s connections (LAN and relay) where the group's next table is open;
        a relay link also hears ``invite``, the seat's invite there (`GameNight.tell_next_table`)."""
        self.evening.tell_next_table(seat, game, port, token, invite)

    def keep_profiles_only(self, reason: str) -> None:
        """Keep only the connections that brought a profile; the others hear ``bye``."""
        self.evening.keep_profiles_only(reason)

    # --- the one place a seat's view of the game is made ------------------------------
    def seat_message(self, seat: int | None, events: list[dict[str, Any]],
                     active: list[int] | None = None) -> Update:
        """The update for ``seat`` (None: a spectator) after ``events``: only what it may see.

        ``active``, the engine's `active_players` if the caller already has them, spares
        asking for the legal actions of a seat that may not act now (there are none:
        `GameState.apply` refuses anyone not active)."""
        if active is None:
            active = self.state.active_players()
        if seat is not None and self.info.realtime:  # only a race judges presses by what was on screen
            self.races.presented(seat)
        return {
            "t": "update",
            "events": events_for(events, seat),
            "view": self.state.view(seat),
            "legal": self.state.legal_actions(seat) if seat is not None and seat in active else [],
            "n": len(self.log),
        }

    def lobby_message(self) -> Lobby:
        """Every seat's public facts (the table's name, each seat's name, kind and way in)."""
        return {"t": "lobby", "game": self.game_id, "players": self.players, "table": self.table_name,
                "seats": self.seating.lobby_seats(), "phase": self.phase}

    def start_message(self, seat: int | None) -> Start:
        return {"t": "start", "game": self.game_id, "players": self.players, "seat": seat,
                "names": [s.name or default_name(i) for i, s in enumerate(self.seats)]}

    @property
    def table_name(self) -> str:
        """The table's name as browsers see it ("" if none was given)."""
        name = self.meta.get("table")
        return name if isinstance(name, str) else ""

    def seats_open(self) -> int:
        return self.seating.seats_open()

    # --- listeners --------------------------------------------------------------------
    def session(self, seat: int | None) -> LocalSession:
        """An in-process session for a local seat, or a spectator (``None``)."""
        if seat is not None:
            if not isinstance(seat, int) or not 0 <= seat < self.players:
                raise ValueError(f"there is no seat {seat!r}")
            if self.seats[seat].kind != "local":
                raise ValueError(f"seat {seat} is a {self.seats[seat].kind} seat, not a local one")
        return LocalSession(self, seat)

    def attach(self, listener: Listener) -> None:
        """Start sending to ``listener``: welcome, then start + update if the game runs,
        then the lobby, then (a game that runs) the history and whether it is paused."""
        self.seat_listener(listener, lobby_changed=False)

    def seat_listener(self, listener: Listener, lobby_changed: bool = True) -> None:
        """Add ``listener`` and tell everyone once, in the order docs/netplay.md gives:
        the newcomer gets welcome, then start and its update if the game runs (or starts
        now), then the lobby, then (a game already running) its history and pause state; every other listener gets start and update if the game
        starts now, then the lobby if anything in it changed. A phone's welcome carries
        no token: its link is its credential, and a TCP token must never reach it."""
        seat = listener.seat
        starting = self.phase == "lobby" and all(s.ready() for s in self.seats)
        if starting:
            self.phase = "playing"
            self.journal.started()
        self.listeners.append(listener)
        token = "" if seat is None or listener.meta.get("phone") else self.seats[seat].token
        welcome: Welcome = {"t": "welcome", "seat": seat, "token": token}
        listener.deliver(wire(welcome))
        for other in list(self.listeners):
            if starting or (other is listener and self.phase == "playing"):
                other.deliver(wire(self.start_message(other.seat)))
                other.deliver(wire(self.seat_message(other.seat, [])))
        if lobby_changed or starting:
            self.lobby_changed()
        else:
            listener.deliver(wire(self.lobby_message()))
        if starting:
            self.schedule_bots()
        elif self.phase == "playing":  # a game that runs: what came before, for its log; whether it stands still
            self._tell_history(listener)
            self.pausing.tell(listener)

    def let_go(self, listener: Listener, message: Message) -> None:
        """Stop sending to ``listener`` after telling it ``message`` (its ``bye``)."""
        if listener in self.listeners:
            self.listeners.remove(listener)
        listener.deliver(message)

    def detach(self, listener: Listener, leaving: bool = False) -> None:
        """``listener``'s connection closed. A remote seat left without another connection
        is away; in the lobby it is kept for its token for `LOBBY_GRACE` seconds (a Wi-Fi
        blip must not cost it), unless its player said ``bye`` (``leaving``): then it is
        free at once."""
        if listener not in self.listeners:
            return
        self.listeners.remove(listener)
        self.seating.dropped(listener, leaving)

    # --- seats (netplay.seats) -----------------------------------------------------------
    def claim(self, name: str, token: str | None, deliver: Callable[[dict[str, Any]], None], via: str = LAN,
              seat: int | None = None) -> Listener:
        """Seat a remote peer that came ``via`` LAN or RELAY by its token, else on the first
        open seat (``seat``: the only seat its connection reaches; `Seating.claim`)."""
        listener = self.seating.claim(name, token, deliver, via, seat)
        self.seat_listener(listener)
        return listener

    def name_seat(self, seat: int, name: str) -> None:
        """Seat ``seat`` is played by ``name`` from now on (a phone's player picked who they
        are): everyone hears the lobby. Lobby only: Refused ``not_lobby`` once the game runs;
        ValueError for no such seat, a bot's seat or an empty name (`Seating.name_seat`)."""
        self.seating.name_seat(seat, name)

    def token_opens(self, token: str | None, seat: int | None = None) -> bool:
        """Whether ``token`` is a seat's token at this table (``seat``'s, if given): a
        credential for the table, which needs no password proof then (protocol 6)."""
        return self.seating.seat_of_token(token, seat) is not None

    def connect_phone(self, index: int, deliver: Callable[[dict[str, Any]], None]) -> Listener:
        """Seat a phone on seat ``index`` (`Seating.connect_phone`)."""
        record = self.seats[index]
        was = record.via
        listener = self.seating.connect_phone(index, deliver)
        self.seat_listener(listener, lobby_changed=record.kind == "remote" or record.via != was)
        return listener

    def heard(self, seat: int | None, now: float) -> None:
        """A remote seat's connection said something at ``now`` (`Seating.heard`)."""
        self.seating.heard(seat, now)

    def hand_to_bot(self, seat: int, strength: str = "normal") -> None:
        """Let a bot play ``seat`` until its owner is back (`Seating.hand_to_bot`)."""
        self.seating.hand_to_bot(seat, strength)

    def bots_take_open_seats(self, strength: str = "normal") -> None:
        """Start now: bots take the open seats (`Seating.bots_take_open_seats`); the save is
        written again, so a continued game seats them as bots."""
        if self.seating.bots_take_open_seats(strength):
            self.journal.rewrite()
            self.maybe_start()  # start and update first, then the lobby (docs/netplay.md)
            self.lobby_changed()

    def take_back(self, seat: int) -> None:
        """The stand-in bot stops playing ``seat`` (`Seating.take_back`)."""
        self.seating.take_back(seat)

    def away_seconds(self, seat: int) -> float | None:
        """How long ``seat`` has been away (`Seating.away_seconds`; None: not away)."""
        return self.seating.away_seconds(seat)

    def save_seat(self, index: int) -> None:
        """Seat ``index``'s name and token go to the save before any message tells them."""
        self.journal.seat(index)

    def forget_bot(self, seat: int) -> None:
        self.bots.forget(seat)

    # --- actions ----------------------------------------------------------------------
    def submit(self, seat: int | None, seq: int, action: Any) -> dict[str, Any]:
        """Apply ``seat``'s intent; returns its accept or reject (updates go out first)."""
        if self.phase != "playing":
            return reject(seq, "not_started", N_("the game has not started yet"))
        if seat is None:
            return reject(seq, "spectator", N_("spectators cannot act"))
        if self.seats[seat].robot is not None:
            return reject(seq, "bot_seat", N_("a bot is playing this seat"))
        if self.paused:
            return reject(seq, "paused", N_("the host paused the game: wait for the countdown"))
        try:
            action = encode(action)  # a private, plain copy: the caller may reuse its dict
        except TypeError as error:
            return reject(seq, "malformed", N_("an action must be plain data"),
                          reason=f"an action must be plain data ({error})")
        try:
            self.apply_action(seat, action)
        except IllegalAction as error:
            return reject(seq, error.code, error.template, error.data, error.message)
        return {"t": "accept", "seq": seq}

    def apply_action(self, seat: int | None, action: Any) -> None:
        events = self.state.apply(seat, action)
        self.log.append([seat, action])
        self.remember(events)
        self.journal.action(seat, action)  # write-ahead: saved before anyone hears of it
        if seat is not None:
            self.seats[seat].bot_due = None
            self.bots.forget(seat)
        self._broadcast(events)
        self.schedule_bots()
        self._watch_timer()

    def _broadcast(self, events: list[dict[str, Any]]) -> None:
        made: dict[int | None, dict[str, Any]] = {}
        active = self.state.active_players()
        for listener in list(self.listeners):
            if listener.seat not in made:
                made[listener.seat] = wire(self.seat_message(listener.seat, events, active))
            listener.deliver(made[listener.seat])

    # --- time -------------------------------------------------------------------------
    def tick(self, now: float) -> None:
        """Advance the host's clock: mark silent peers away, run bots that are due,
        and take host actions when no player can act. Ignored from a foreign thread
        while a server drives this host."""
        if self.door.foreign():
            return
        first = self.now is None
        self.now = now
        if first:
            self.schedule_bots()
        self.seating.watch(now)
        if self.phase != "playing" or not self.pausing.over(now):
            return
        self.races.release(now)
        for _ in range(MAX_BOT_MOVES_PER_TICK):
            if self.state.is_over():
                return
            self._watch_timer()
            timer = self._timer_due()
            if timer is not None and timer <= now and self.state.host_actions():
                self._timer_key = ("fired", self._timer_key)  # once per key, even if the key stays
                self.apply_action(None, self.state.host_actions()[0])
                continue
            if not self.state.active_players():
                host_actions = self.state.host_actions()
                if not host_actions or self._timer_due() is not None:
                    return  # nobody may act: a running timer (a countdown) says when the host does
                self.apply_action(None, host_actions[0])
                continue
            ready = self.bots.ready(now)
            if not ready:
                return
            self._bot_move(ready[0])

    def next_due(self) -> float | None:
        """When the next bot or the engine's timer wants the clock (for a driver that
        sleeps until then)."""
        if self.paused:
            return self.pausing.resume_at
        bot = self.bots.next_due()
        dues = [] if bot is None else [bot]
        held = self.arbiter.next_close()
        if held is not None:
            dues.append(held)
        timer = self._timer_due()
        if timer is not None:
            dues.append(timer)
        return min(dues) if dues else None

    def _watch_timer(self) -> None:
        """Start counting when the engine shows a new timer key (GameState.host_timer)."""
        if self.now is None or self.phase != "playing":
            return
        timer = self.state.host_timer() if hasattr(self.state, "host_timer") else None
        key = None if timer is None else timer.get("key")
        if key is None:
            self._timer_key, self._timer_since = None, None
        elif key != self._timer_key and self._timer_key != ("fired", key):
            self._timer_key, self._timer_since = key, self.now
            # a choice's time counts from when it is on the hosting screen (screen_caught_up)
            self._timer_on_screen = not (self.timers_wait_for_screen and self.state.active_players())

    def _timer_due(self) -> float | None:
        if self._timer_since is None or self._timer_key is None or isinstance(self._timer_key, tuple):
            return None
        timer = self.state.host_timer()
        if timer is None or timer.get("key") != self._timer_key:
            return None
        wait = 0.0 if self._timer_on_screen else SCREEN_WAIT_MAX
        return self._timer_since + wait + float(timer["seconds"])

    @property
    def bot_delay(self) -> float | None:
        """Every bot's median reaction time (None: GameInfo.bot_reaction_seconds)."""
        return self.bots.bot_delay

    @bot_delay.setter
    def bot_delay(self, seconds: float | None) -> None:
        self.bots.bot_delay = seconds

    def _bot_for(self, strength: str) -> Bot:
        bots: dict[str, Bot] | None = getattr(self.info, "bots", None)
        return bots.get(strength, self.info.bot) if bots else self.info.bot

    def _bot_move(self, plan: Plan) -> None:
        """Apply a bot's decision (see netplay.bots). Refused in a real-time game: it was
        too late, like a person, and reacts again to the table as it is now. Otherwise a
        decision on a view that has since changed is thought again; a bot's mistake on
        the current view must not stall the table (a random legal action instead)."""
        seat = plan.seat
        self.bots.forget(seat)
        self.seats[seat].bot_due = None
        action = plan.decision if plan.error is None else None
        if self.info.realtime and plan.error is None and self.races.bot_play(plan, action):
            return
        try:
            if plan.error is not None:
                raise IllegalAction("bot_error", f"the bot failed: {plan.error!r}")
            self.apply_action(seat, action)
            self.bots.record(plan, action, None)
            return
        except IllegalAction as error:
            self.bots.record(plan, action, error.code)
        legal = self.state.legal_actions(seat) if seat in self.state.active_players() else []
        if plan.error is None and (self.info.realtime or legal != plan.message["legal"]):
            self.schedule_bots()
        elif legal:
            self.apply_action(seat, self._bot_rngs[seat].choice(legal))

    def bot_answered(self, plan: Plan, action: Any, code: str | None) -> None:
        """A bot's play held for a race was applied (``code`` None) or refused: it reacts again."""
        self.bots.record(plan, action, code)
        if code is not None:
            self.schedule_bots()

    def schedule_bots(self) -> None:
        """Every active bot seat without a plan starts reacting to what it sees now."""
        if self.phase != "playing" or self.now is None:
            return
        active = set(self.state.active_players())
        for index, seat in enumerate(self.seats):
            if seat.robot is None or index not in active or self.arbiter.holds(index):
                seat.bot_due = None
                self.bots.forget(index)
            elif index not in self.bots.plans:
                seat.bot_due = self.bots.react(index, seat.robot, wire(self.seat_message(index, [])), self.now).due

    def is_over(self) -> bool:
        return self.state.is_over()

    # --- fair races (netplay.racing) ---------------------------------------------------
    @property
    def arbiter(self) -> Arbiter:
        return self.races.arbiter

    @property
    def race_clock(self) -> Callable[[], float] | None:
        """The driver's clock for races (a server's loop.time; None: the host's own)."""
        return self.races.clock

    @race_clock.setter
    def race_clock(self, clock: Callable[[], float] | None) -> None:
        self.races.clock = clock

    def race_round_trip(self, seat: int | None, rtt: float) -> None:
        """The host's probe of a remote ``seat`` came back after ``rtt`` seconds."""
        self.races.round_trip(seat, rtt)

    def intent(self, seat: int | None, seq: int, action: Any, reply: Reply,
               seen: int | None = None, ms: float | None = None, now: float | None = None,
               remote: bool = False) -> None:
        """``seat``'s intent, answered through ``reply`` (its accept or reject, after the
        updates): at once, or in a real-time game, when the window of a play another seat
        could contest closes (netplay.arbiter). ``seen`` and ``ms`` are the press as the
        device saw it; ``now`` its arrival (default: the race clock); ``remote``: it came
        over a network, so its claim is bounded by the seat's measured round trips."""
        self.races.intent(seat, seq, action, reply, seen, ms, now, remote)

    # --- pausing (netplay.pausing), a choice's timer on screen, the public log ----------
    def _init_pause(self) -> None:
        self.timers_wait_for_screen: bool = False  # a window hosts: a choice's timer starts once it is shown
        self._timer_on_screen = True
        self.pausing = Pause(self)
        self.history: deque[dict[str, Any]] = deque(maxlen=HISTORY_EVENTS)  # public events, newest last

    def pauses_for_everyone(self) -> bool:
        """Whether the host's pause stops the game for every seat: a race (`GameInfo.realtime`)
        or a game with a timer option on (an option named ``*timer``, e.g. Wild West's speed
        mode), where a player away from the screen would lose. Other games go on while the
        host is in a menu: nobody's time runs out."""
        return for_everyone(self.info.realtime, self.options)

    @property
    def paused(self) -> bool:
        """Whether the game stands still (also during the countdown after `unpause`)."""
        return self.pausing.paused

    def pause(self, now: float | None = None) -> None:
        """Stop the game for everyone until `unpause`: bots, the engine's timer and every
        seat's intents (refused ``paused``) wait. Every listener is told (a `pause` message)."""
        self.pausing.pause(now)

    def unpause(self, now: float | None = None, countdown: float = RESUME_COUNTDOWN) -> None:
        """Let a paused game go on after ``countdown`` seconds, which every screen counts down;
        the time it stood still is given back to bots and the engine's timer."""
        self.pausing.unpause(now, countdown)

    def pause_message(self, now: float | None = None) -> dict[str, Any]:
        """``paused`` and, once resumed, ``resume_in``: the seconds of the countdown left."""
        return self.pausing.message(now)

    def give_back(self, gap: float) -> None:
        """The game stood still ``gap`` seconds: bots and the engine's timer wait as long."""
        if self._timer_since is not None:
            self._timer_since += gap
        for plan in self.bots.plans.values():
            plan.due += gap
        for seat in self.seats:
            if seat.bot_due is not None:
                seat.bot_due += gap

    def clock(self, now: float | None) -> float:
        return now if now is not None else self.now if self.now is not None else 0.0

    def screen_caught_up(self, now: float | None = None) -> None:
        """The screen that hosts this table shows everything sent so far: a choice's timer
        waiting for it (`timers_wait_for_screen`) starts counting now."""
        if not self._timer_on_screen and self._timer_since is not None:
            self._timer_on_screen, self._timer_since = True, self.clock(now)

    def remember(self, events: list[dict[str, Any]]) -> None:
        self.history.extend(events_for(events, None))

    def _tell_history(self, listener: Listener) -> None:
        """The newest public events (as many as fit one message), for a table's log."""
        if listener.meta.get("phone"):
            return  # a phone shows its own hand, not the log
        events: list[Any] = []
        size = 0
        for event in reversed(self.history):
            size += len(json.dumps(event, separators=(",", ":")))
            if size > HISTORY_BYTES:
                break
            events.append(event)
        if events:
            history: History = {"t": "history", "events": events[::-1]}
            listener.deliver(wire(history))

    # --- lobby bookkeeping ------------------------------------------------------------
    def maybe_start(self) -> None:
        """Begin once every seat is ready: a table without remote seats at once, a lobby
        whose open seats bots took (`bots_take_open_seats`). Whoever listens hears start
        and its first update (seats arriving later start it in `seat_listener`)."""
        if self.phase == "lobby" and all(seat.ready() for seat in self.seats):
            self.phase = "playing"
            self.journal.started()
            for listener in list(self.listeners):
                listener.deliver(wire(self.start_message(listener.seat)))
                listener.deliver(wire(self.seat_message(listener.seat, [])))
            self.schedule_bots()
            self._notify_watchers()

    def tell_everyone(self, message: dict[str, Any]) -> None:
        """Send ``message`` to every listener: public news that changes no state (a race's
        photo finish, `Races.photo_finish`), so nothing is written to the save first."""
        for listener in list(self.listeners):
            listener.deliver(message)

    def lobby_changed(self) -> None:
        message = wire(self.lobby_message())
        for listener in list(self.listeners):
            listener.deliver(message)
        self._notify_watchers()

    def _notify_watchers(self) -> None:
        for watcher in list(self.watchers):
            watcher()

    def goodbye(self, reason: str) -> None:
        """Say bye to every listener (the host is closing); ``reason`` is an English
        message id (marked with ``N_``), worded by each reader (`netplay.sayings`)."""
        for listener in list(self.listeners):
            listener.deliver(bye(reason))
        self.listeners.clear()

    # --- saves: the journal written ahead of every message (netplay.saves) --------------
    @property
    def save_path(self) -> Path | None:
        """Where the game is saved (None: it is not)."""
        return self.journal.path

    @property
    def save_error(self) -> str | None:
        """Why saving stopped, if it did."""
        return self.journal.error

    def close_save(self) -> None:
        """Snapshot (if anything happened since the last) and close the save."""
        self.journal.close()

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the whole game as a new save at ``path`` (atomically); OSError if it fails.
        Saving over the host's own save compacts it and goes on appending to the new file."""
        self.journal.save(path)

    @classmethod
    def resume(cls, path: str | os.PathLike[str], bot_delay: float | None = None,
               save_path: str | os.PathLike[str] | None = None) -> "Host":
        """A host restored from a save, saving on to ``save_path`` (default: the same file,
        rewritten whole). A game that had begun plays on at once, its remote seats away
        until their peers rejoin by token; a table still in its lobby waits for players
        again. A record cut short or damaged at the end is dropped and said in
        `resume_note`. SaveError for a missing, corrupt or foreign save."""
        resumed = read_resumed(path, HISTORY_EVENTS)
        host = cls(resumed.game_id, resumed.players, resumed.seed, resumed.options,
                   seats=[{"kind": seat.kind, "strength": seat.strength} for seat in resumed.seats],
                   bot_delay=bot_delay, meta=resumed.meta)
        host._take_resumed(resumed, save_path if save_path is not None else path)
        return host

    def _take_resumed(self, resumed: Resumed, save_path: str | os.PathLike[str]) -> None:
        """Play on from ``resumed`` (`netplay.saves.resume`), saving to ``save_path``."""
        self.state, self.log, self.phase = resumed.state, resumed.log, resumed.phase
        self.seats[:] = resumed.seats  # in place: the seating holds this list
        self.history.extend(resumed.history)
        self.resume_note = resumed.note
        self.journal.start(save_path)

