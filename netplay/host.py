"""The authoritative host: owns the engine state and the seats, for every game alike.

No sockets, no threads, no clock of its own. Whoever drives it (the client for couch
play, `netplay.server` for the LAN) passes ``now`` to `Host.tick`, so tests move time.

Everything a seat receives is built by `Host.seat_message` (view, filtered events,
legal actions) or is public lobby bookkeeping; nothing else reads the state for a seat.
Listeners (local sessions, remote connections) get plain dicts in the wire schema of
`netplay.protocol`. After an accepted action every listener gets its update first, then
the submitter gets its accept, so a peer that sees the accept already has the new view.
"""

import json
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from engines import (
    IllegalAction,
    Rng,
    SetupError,
    events_for,
    game_info,
    load_state,
    new_game,
    replay,
)
from engines.plain import encode

from .errors import Refused, SaveError
from .saves import SAVE_FORMAT, SAVE_VERSION, read_save, write_atomic
from .session import LocalSession

SEAT_KINDS = ("local", "remote", "bot")
STRENGTHS = ("easy", "normal", "hard")
AWAY_AFTER = 5.0  # seconds of silence before a remote seat is shown as away
MAX_BOT_MOVES_PER_TICK = 100_000  # a safety bound; a whole game fits


@dataclass
class Seat:
    kind: str  # "local" | "remote" | "bot"
    name: str
    token: str
    strength: str = "normal"
    taken: bool = False  # a remote seat that a peer has claimed
    connected: bool = False  # a remote seat with a live connection
    away: bool = False
    away_since: float | None = None
    last_heard: float | None = None
    robot: str | None = None  # strength of the bot playing this seat, if any
    bot_due: float | None = None

    def ready(self) -> bool:
        return self.kind != "remote" or (self.taken and self.connected)


@dataclass(eq=False)
class Listener:
    """Where messages for one seat go: a local session's inbox or a connection."""

    seat: int | None
    deliver: Callable[[dict], None]
    remote: bool = False
    meta: dict = field(default_factory=dict)


class Host:
    """Owns the engine state and the seats; see the module docstring."""

    def __init__(self, game_id: str, players: int, seed: int = 0, options: dict | None = None,
                 seats: list[dict] | None = None, names: list[str] | None = None,
                 bot_delay: float | None = None, save_path=None):
        """``bot_delay`` overrides GameInfo.bot_reaction_seconds (0 plays bots at once);
        ``save_path`` makes the host save after every accepted action. Raises SetupError
        for a bad game, player count, option or seat list."""
        self.info = game_info(game_id)
        self.game_id = game_id
        self.options = dict(options or {})
        self.state = new_game(game_id, players, seed, **self.options)
        self.options = dict(self.state.options)
        self.players = players
        self.seed = seed
        self.log: list = []
        self._log_text: list[str] = []  # each log entry as JSON, so a save never re-encodes the log
        self.bot_delay = bot_delay
        self.bot_after: float | None = None  # hand a seat away this long to a bot (None: never)
        # A server sets this to schedule `flush_save` soon after an action instead of
        # saving before the updates go out, keeping the disk off the latency path.
        self.defer_save: Callable[[], None] | None = None
        self.save_due = False
        self.save_path = Path(save_path) if save_path is not None else None
        self.seats = self._make_seats(seats, names)
        self.listeners: list[Listener] = []
        self.watchers: list[Callable[[], None]] = []  # told when lobby facts change (discovery TXT)
        self.now: float | None = None
        self._timer_key = None  # the engine's running timer (host_timer) and when it was first seen
        self._timer_since: float | None = None
        self.phase = "lobby"
        self._run: Callable[[Callable[[], None]], None] = lambda fn: fn()
        self._loop_thread: int | None = None
        base = Rng(seed ^ 0x5EA75EA7)
        self._bot_rngs = [base.fork(seat + 1) for seat in range(players)]
        self._maybe_start()

    def _make_seats(self, seats, names) -> list[Seat]:
        seats = [{"kind": "local"} for _ in range(self.players)] if seats is None else list(seats)
        if len(seats) != self.players:
            raise SetupError(f"{len(seats)} seats given for {self.players} players")
        names = list(names or [])
        made = []
        for index, spec in enumerate(seats):
            kind = spec.get("kind") if isinstance(spec, dict) else None
            if kind not in SEAT_KINDS:
                raise SetupError(f"seat {index + 1}: kind must be one of {', '.join(SEAT_KINDS)}")
            strength = spec.get("strength", "normal")
            if strength not in STRENGTHS:
                raise SetupError(f"seat {index + 1}: bot strength must be one of {', '.join(STRENGTHS)}")
            name = names[index] if index < len(names) and names[index] else {
                "local": f"Player {index + 1}", "remote": "", "bot": f"Bot {index + 1}"}[kind]
            seat = Seat(kind=kind, name=name, token=secrets.token_hex(16), strength=strength)
            if kind == "bot":
                seat.robot = strength
            made.append(seat)
        return made

    # --- the one place a seat's view of the game is made ------------------------------
    def seat_message(self, seat: int | None, events: list[dict]) -> dict:
        """The update for ``seat`` (None: a spectator) after ``events``: only what it may see."""
        return {
            "t": "update",
            "events": events_for(events, seat),
            "view": self.state.view(seat),
            "legal": [] if seat is None else self.state.legal_actions(seat),
        }

    def lobby_message(self) -> dict:
        return {
            "t": "lobby",
            "game": self.game_id,
            "players": self.players,
            "seats": [self._seat_entry(seat) for seat in self.seats],
            "phase": self.phase,
        }

    def _seat_entry(self, seat: Seat) -> dict:
        if seat.kind == "remote" and not seat.taken:
            kind = "open"
        elif seat.robot is not None:
            kind = "bot"
        else:
            kind = "human"
        return {"name": seat.name, "kind": kind, "ready": seat.ready(), "away": seat.away}

    def start_message(self, seat: int | None) -> dict:
        return {"t": "start", "game": self.game_id, "players": self.players, "seat": seat,
                "names": [s.name or f"Player {i + 1}" for i, s in enumerate(self.seats)]}

    def seats_open(self) -> int:
        return sum(1 for s in self.seats if s.kind == "remote" and not s.taken)

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
        then the lobby."""
        seat = listener.seat
        token = "" if seat is None else self.seats[seat].token
        self.listeners.append(listener)
        listener.deliver({"t": "welcome", "seat": seat, "token": token})
        if self.phase == "playing":
            listener.deliver(self.start_message(seat))
            listener.deliver(self.seat_message(seat, []))
        listener.deliver(self.lobby_message())

    def detach(self, listener: Listener) -> None:
        if listener not in self.listeners:
            return
        self.listeners.remove(listener)
        seat = listener.seat
        if listener.remote and seat is not None and not any(
                other.seat == seat and other.remote for other in self.listeners):
            record = self.seats[seat]
            record.connected = False
            if self.phase == "lobby":  # nobody is waiting for this seat yet: free it
                record.taken, record.name, record.token = False, "", secrets.token_hex(16)
                record.away = False
            else:
                record.away = True
            self._lobby_changed()

    def claim(self, name: str, token: str | None, deliver: Callable[[dict], None]) -> Listener:
        """Seat a remote peer: by its token (reconnect), else on the first open seat.

        Raises Refused for a wrong token or a full table. A reconnect replaces (and says
        bye to) any older connection of that seat and takes the seat back from a bot."""
        if token:
            matches = [i for i, s in enumerate(self.seats)
                       if s.kind == "remote" and secrets.compare_digest(s.token.encode(), token.encode())]
            if not matches:
                raise Refused("bad_token", "that seat token is not valid at this table")
            index = matches[0]
            seat = self.seats[index]
            for old in [lst for lst in self.listeners if lst.seat == index and lst.remote]:
                self.listeners.remove(old)
                old.deliver({"t": "bye", "reason": "this seat was taken over by a newer connection"})
            if seat.robot is not None:
                seat.robot, seat.bot_due = None, None
        else:
            open_seats = [i for i, s in enumerate(self.seats) if s.kind == "remote" and not s.taken]
            if not open_seats or self.phase != "lobby":
                raise Refused("table_full", "every seat at this table is taken")
            index = open_seats[0]
            seat = self.seats[index]
            seat.token = secrets.token_hex(16)
            seat.name = "".join(ch for ch in name if ch.isprintable())[:40].strip() or f"Player {index + 1}"
        seat.taken, seat.connected, seat.away = True, True, False
        seat.last_heard = self.now
        listener = Listener(index, deliver, remote=True)
        self.attach(listener)
        self._lobby_changed()
        self._maybe_start()
        return listener

    def heard(self, seat: int | None, now: float) -> None:
        """A remote seat's connection said something at ``now`` (heartbeats included)."""
        if seat is None:
            return
        record = self.seats[seat]
        record.last_heard = now
        if record.away and record.connected:
            record.away = False
            if record.robot is not None:  # its owner is back: the stand-in bot steps aside
                record.robot, record.bot_due = None, None
            self._lobby_changed()

    def hand_to_bot(self, seat: int, strength: str = "normal") -> None:
        """Let a bot play ``seat`` (say, an away peer's) until its owner reconnects."""
        if strength not in STRENGTHS:
            raise ValueError(f"strength must be one of {', '.join(STRENGTHS)}")
        self.seats[seat].robot = strength
        self._lobby_changed()
        self._schedule_bots()

    # --- actions ----------------------------------------------------------------------
    def submit(self, seat: int | None, seq: int, action) -> dict:
        """Apply ``seat``'s intent; returns its accept or reject (updates go out first)."""
        if self.phase != "playing":
            return _reject(seq, "not_started", "the game has not started yet")
        if seat is None:
            return _reject(seq, "spectator", "spectators cannot act")
        if self.seats[seat].robot is not None:
            return _reject(seq, "bot_seat", "a bot is playing this seat")
        try:
            action = encode(action)  # a private, plain copy: the caller may reuse its dict
        except TypeError as error:
            return _reject(seq, "malformed", f"an action must be plain data ({error})")
        try:
            self._apply(seat, action)
        except IllegalAction as error:
            return _reject(seq, error.code, error.message)
        return {"t": "accept", "seq": seq}

    def _apply(self, seat: int | None, action) -> None:
        events = self.state.apply(seat, action)
        self.log.append([seat, action])
        self._log_text.append(json.dumps([seat, action], separators=(",", ":"), ensure_ascii=False))
        if seat is not None:
            self.seats[seat].bot_due = None
        if self.save_path is not None and self.defer_save is None:
            self.save(self.save_path)  # in-process play: saved before anyone is told
        self._broadcast(events)
        if self.save_path is not None and self.defer_save is not None and not self.save_due:
            self.save_due = True  # a server writes it right after this burst of messages
            self.defer_save()
        self._schedule_bots()
        self._watch_timer()

    def _broadcast(self, events: list[dict]) -> None:
        made: dict = {}
        for listener in list(self.listeners):
            if listener.seat not in made:
                made[listener.seat] = self.seat_message(listener.seat, events)
            listener.deliver(made[listener.seat])

    # --- time -------------------------------------------------------------------------
    def tick(self, now: float) -> None:
        """Advance the host's clock: mark silent peers away, run bots that are due,
        and take host actions when no player can act. Ignored from a foreign thread
        while a server drives this host."""
        if self._loop_thread is not None and threading.get_ident() != self._loop_thread:
            return
        first = self.now is None
        self.now = now
        if first:
            self._schedule_bots()
        for index, seat in enumerate(self.seats):
            if (seat.kind == "remote" and seat.connected and not seat.away
                    and seat.last_heard is not None and now - seat.last_heard > AWAY_AFTER):
                seat.away = True
                self._lobby_changed()
            if not seat.away:
                seat.away_since = None
            elif seat.away_since is None:
                seat.away_since = now
            elif (self.bot_after is not None and seat.robot is None and self.phase == "playing"
                  and now - seat.away_since >= self.bot_after):
                self.hand_to_bot(index)
        if self.phase != "playing":
            return
        for _ in range(MAX_BOT_MOVES_PER_TICK):
            if self.state.is_over():
                return
            self._watch_timer()
            if self._timer_due() is not None and self._timer_due() <= now and self.state.host_actions():
                self._timer_key = ("fired", self._timer_key)  # once per key, even if the key stays
                self._apply(None, self.state.host_actions()[0])
                continue
            if not self.state.active_players():
                host_actions = self.state.host_actions()
                if not host_actions:
                    return
                self._apply(None, host_actions[0])
                continue
            due = [(s.bot_due, i) for i, s in enumerate(self.seats)
                   if s.robot is not None and s.bot_due is not None and s.bot_due <= now]
            if not due:
                return
            self._bot_move(min(due)[1])

    def next_due(self) -> float | None:
        """When the next bot or the engine's timer wants the clock (for a driver that
        sleeps until then)."""
        dues = [s.bot_due for s in self.seats if s.robot is not None and s.bot_due is not None]
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

    def _timer_due(self) -> float | None:
        if self._timer_since is None or self._timer_key is None or isinstance(self._timer_key, tuple):
            return None
        timer = self.state.host_timer()
        if timer is None or timer.get("key") != self._timer_key:
            return None
        return self._timer_since + float(timer["seconds"])

    def _bot_move(self, seat: int) -> None:
        message = self.seat_message(seat, [])
        legal, rng = message["legal"], self._bot_rngs[seat]
        if not legal:
            self.seats[seat].bot_due = None
            return
        action = self.info.bots[self.seats[seat].robot](message["view"], legal, rng)
        try:
            self._apply(seat, action)
        except IllegalAction:  # a bot's mistake must not stall the table
            self._apply(seat, rng.choice(legal))

    def _schedule_bots(self) -> None:
        if self.phase != "playing" or self.now is None:
            return
        active = set(self.state.active_players())
        for index, seat in enumerate(self.seats):
            if seat.robot is None or index not in active:
                seat.bot_due = None
            elif seat.bot_due is None:
                seat.bot_due = self.now + self._reaction(seat.robot)

    def _reaction(self, strength: str) -> float:
        if self.bot_delay is not None:
            return self.bot_delay
        return float(self.info.bot_reaction_seconds.get(strength, 0.7))

    def is_over(self) -> bool:
        return self.state.is_over()

    # --- lobby bookkeeping ------------------------------------------------------------
    def _maybe_start(self) -> None:
        if self.phase == "lobby" and all(seat.ready() for seat in self.seats):
            self.phase = "playing"
            lobby = self.lobby_message()
            for listener in list(self.listeners):
                listener.deliver(self.start_message(listener.seat))
                listener.deliver(self.seat_message(listener.seat, []))
                listener.deliver(lobby)
            self._schedule_bots()
            self._notify_watchers()

    def _lobby_changed(self) -> None:
        message = self.lobby_message()
        for listener in list(self.listeners):
            listener.deliver(message)
        self._notify_watchers()

    def _notify_watchers(self) -> None:
        for watcher in list(self.watchers):
            watcher()

    def goodbye(self, reason: str) -> None:
        """Say bye to every listener (the host is closing)."""
        for listener in list(self.listeners):
            listener.deliver({"t": "bye", "reason": reason})
        self.listeners.clear()

    # --- saves ------------------------------------------------------------------------
    def to_save(self) -> dict:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_id,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "seats": [{"kind": s.kind, "name": s.name, "token": s.token, "strength": s.strength,
                       "taken": s.taken} for s in self.seats],
            "log": list(self.log),  # entries are never changed once logged
            "state": self.state.to_dict(),
        }

    def save_text(self) -> str:
        """`to_save` as JSON text, built from the log entries encoded once each."""
        head = self.to_save()
        del head["log"], head["state"]
        return (json.dumps(head, separators=(",", ":"), ensure_ascii=False)[:-1]
                + ',"log":[' + ",".join(self._log_text) + '],"state":'
                + json.dumps(self.state.to_dict(), separators=(",", ":"), ensure_ascii=False) + "}")

    def save(self, path) -> None:
        write_atomic(Path(path), self.save_text())

    def take_save(self) -> str | None:
        """The save that `defer_save` put off (as text, safe to write from another
        thread), or None if there is nothing new to save."""
        if not self.save_due or self.save_path is None:
            return None
        self.save_due = False
        return self.save_text()

    def flush_save(self) -> None:
        """Write the save that `defer_save` put off, if any, now."""
        snapshot = self.take_save()
        if snapshot is not None and self.save_path is not None:
            write_atomic(self.save_path, snapshot)

    @classmethod
    def resume(cls, path, bot_delay: float | None = None, save_path=None) -> "Host":
        """A host restored from a save: playing at once, remote seats away until their
        peers rejoin by token. SaveError for a missing, corrupt or foreign save."""
        data = read_save(path)
        try:
            game_id, players, seed = data["game"], data["players"], data["seed"]
            options, seat_specs, log = data["options"], data["seats"], data["log"]
            if not (isinstance(seat_specs, list) and isinstance(log, list) and isinstance(options, dict)):
                raise TypeError("wrong field types")
            host = cls(game_id, players, seed, options,
                       seats=[{"kind": s["kind"], "strength": s["strength"]} for s in seat_specs],
                       names=[s["name"] for s in seat_specs], bot_delay=bot_delay)
            state = load_state(data["state"])
            if replay(game_id, players, seed, options, log).digest() != state.digest():
                raise SaveError("corrupt_save", f"{path}: the saved state does not match its action log")
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, IllegalAction, AttributeError) as error:
            raise SaveError("corrupt_save", f"{path} is a corrupt Spielabend save ({error})") from None
        host.state, host.log = state, [list(entry) for entry in log]
        host._log_text = [json.dumps(entry, separators=(",", ":"), ensure_ascii=False) for entry in host.log]
        for seat, spec in zip(host.seats, seat_specs, strict=True):
            if not isinstance(spec.get("token"), str):
                raise SaveError("corrupt_save", f"{path} is a corrupt Spielabend save (seat token)")
            seat.token, seat.taken = spec["token"], bool(spec.get("taken", seat.kind != "remote"))
            if seat.kind == "remote":
                seat.connected, seat.away = False, True
        host.phase = "playing"
        host.save_path = Path(save_path) if save_path is not None else Path(path)
        return host


def _reject(seq: int, code: str, reason: str) -> dict:
    return {"t": "reject", "seq": seq, "code": code, "reason": reason}
