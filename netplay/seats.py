"""Who sits where at a host's table: seats, their claims, phones, silence and stand-in bots.

A `Host` composes one `Seating`. It seats remote peers (`Seating.claim`, by token or on
the first open seat) and phones (`Seating.connect_phone`), marks a seat away when its
connection falls silent or drops, keeps a dropped lobby seat for its token a while, lets
a bot stand in for an away seat and step aside when its player is back, and says what
the lobby shows of each seat. Every seat's token is written to the save before it goes
out (`netplay.saves.HostJournal.seat`).
"""

import secrets
from collections.abc import Callable
from typing import Any, Protocol

from engines import SetupError
from engines.errors import N_
from engines.registry import STRENGTHS

from .errors import Refused
from .messages import LobbySeat
from .ports import COUCH, LAN, PHONE, Letting, Message
from .ports import Listener as Listener  # where callers have always found it
from .ports import Seat as Seat
from .sayings import bye, default_name

SEAT_KINDS = ("local", "remote", "bot")
AWAY_AFTER = 5.0  # seconds of silence before a remote seat is shown as away
LOBBY_GRACE = 60.0  # a lobby seat whose connection dropped is kept this long for its token


class SeatingHost(Letting, Protocol):
    """What `Seating` needs of its owner (the `Host`): the table's phase and clock, its
    listeners, and to be told what changed."""

    @property
    def phase(self) -> str: ...

    @property
    def now(self) -> float | None: ...

    @property
    def bot_after(self) -> float | None: ...

    def save_seat(self, index: int) -> None:
        """Write seat ``index``'s name and token to the save, before they go out."""

    def lobby_changed(self) -> None:
        """A seat's public facts changed: everyone hears the lobby."""

    def schedule_bots(self) -> None:
        """A bot may have a seat to play now."""

    def forget_bot(self, seat: int) -> None:
        """A bot stops reacting for ``seat``."""


def make_seats(players: int, seats: list[dict[str, Any]] | None, names: list[str] | None) -> list[Seat]:
    """The seats a table begins with; SetupError for a bad seat list."""
    specs: list[Any] = [{"kind": "local"} for _ in range(players)] if seats is None else list(seats)
    if len(specs) != players:
        raise SetupError(f"{len(specs)} seats given for {players} players")
    names = list(names or [])
    made = []
    for index, spec in enumerate(specs):
        given = names[index] if index < len(names) and isinstance(names[index], str) else ""
        kind = spec.get("kind") if isinstance(spec, dict) else None
        if kind not in SEAT_KINDS:
            raise SetupError(f"seat {index + 1}: kind must be one of {', '.join(SEAT_KINDS)}")
        strength = spec.get("strength", "normal")
        if strength not in STRENGTHS:
            raise SetupError(f"seat {index + 1}: bot strength must be one of {', '.join(STRENGTHS)}")
        if kind == "remote":  # its name is its player's; the set-up's is only planned (a phone takes it)
            seat = Seat(kind=kind, name="", token=secrets.token_hex(16), strength=strength,
                        planned=_printable(given))
        else:
            name = given or (default_name(index) if kind == "local" else f"Bot {index + 1}")
            seat = Seat(kind=kind, name=name, token=secrets.token_hex(16), strength=strength,
                        via=COUCH if kind == "local" else "")
        if kind == "bot":
            seat.robot = strength
        made.append(seat)
    return made


def _printable(name: str) -> str:
    """A person's name as a seat keeps it: its printable characters, at most 40 of them
    (non-printables go first, so they never shorten a name; spaces at either end go too)."""
    return "".join(ch for ch in name if ch.isprintable()).strip()[:40].rstrip()


def _clean_name(name: str, index: int) -> str:
    return _printable(name) or default_name(index)


class Seating:
    """The seats of a table (see the module docstring), told to ``owner`` as they change.
    ``seats`` is the owner's own list: this part changes the seats in it, never the list."""

    def __init__(self, owner: SeatingHost, seats: list[Seat]):
        self.owner = owner
        self.seats = seats

    # --- what the lobby shows ---------------------------------------------------------
    def lobby_seats(self) -> list[LobbySeat]:
        """Each seat's public facts, for the lobby message."""
        return [self._seat_entry(seat) for seat in self.seats]

    @staticmethod
    def _seat_entry(seat: Seat) -> LobbySeat:
        if seat.kind == "remote" and not seat.taken:
            kind = "open"
        elif seat.robot is not None:
            kind = "bot"
        else:
            kind = "human"
        # a stand-in bot keeps its player's way in; an open seat and the host's bots have none
        via = "" if kind == "open" or seat.kind == "bot" else seat.via
        # a person's seat is ready while its player plays it: never under a stand-in bot, even
        # while a silent connection is still open (docs/netplay.md, the lobby)
        ready = seat.ready() and (seat.kind != "remote" or seat.robot is None)
        return {"name": seat.name, "kind": kind, "ready": ready, "away": seat.away, "via": via}

    def seats_open(self) -> int:
        return sum(1 for s in self.seats if s.kind == "remote" and not s.taken)

    def seat_index(self, seat: object) -> int:
        """``seat`` if it names a seat at this table; ValueError if not."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats):
            raise ValueError(f"there is no seat {seat!r}")
        return seat

    # --- claims -----------------------------------------------------------------------
    def seat_of_token(self, token: str | None, seat: int | None = None) -> int | None:
        """The remote seat whose token ``token`` is (only ``seat``, if given), or None. Every
        seat's token is compared, each in constant time, whichever matches."""
        if not token:
            return None
        given = token.encode("utf-8", "replace")
        found = None
        for index, record in enumerate(self.seats):
            if (secrets.compare_digest(record.token.encode(), given) and record.kind == "remote"
                    and seat in (None, index) and found is None):
                found = index
        return found

    def claim(self, name: str, token: str | None, deliver: Callable[[Message], None], via: str = LAN,
              seat: int | None = None) -> Listener:
        """Seat a remote peer that came ``via`` a transport (LAN, RELAY): by its token
        (reconnect), else on the first open seat; ``seat``: the one seat its connection may
        reach (a relay link's), taken with the invite alone while it is open. The owner then
        seats the returned listener (`Host.seat_listener`).

        Raises Refused for a wrong token, a full table, or (``seat``) a seat not played from
        afar or taken. A reconnect replaces (and says bye to) any older connection of that
        seat and takes the seat back from a bot."""
        owner, only = self.owner, seat
        if only is not None and self.seats[only].kind != "remote":
            raise Refused("not_open", N_("this seat is not played from afar"))
        if token:
            index = self.seat_of_token(token, only)
            if index is None:
                raise Refused("bad_token", N_("that seat token is not valid at this table") if only is None
                              else N_("that seat token is not valid at this seat"))
            record = self.seats[index]
            for old in [lst for lst in owner.listeners if lst.seat == index and lst.remote]:
                owner.let_go(old, bye(N_("this seat was taken over by a newer connection")))
            if record.robot is not None:
                self.bot_steps_aside(index)
            if not record.taken:  # the game night: a seat kept for a person by Next game takes their name
                record.name, record.taken, record.via = _clean_name(name, index), True, via
                owner.save_seat(index)
        else:
            if only is not None:
                if self.seats[only].taken:
                    raise Refused("seat_taken", N_("this seat is taken; its player rejoins with the seat's token"))
                open_seats = [only]
            else:
                open_seats = [i for i, s in enumerate(self.seats) if s.kind == "remote" and not s.taken]
                if not open_seats or owner.phase != "lobby":
                    raise Refused("table_full", N_("every seat at this table is taken"))
            index = open_seats[0]
            record = self.seats[index]
            record.token = secrets.token_hex(16)
            record.name = _clean_name(name, index)
            record.taken, record.via = True, via
            owner.save_seat(index)  # saved before its token goes out
        record.taken, record.connected, record.away, record.by_phone, record.via = True, True, False, False, via
        record.last_heard = owner.now
        return Listener(index, deliver, remote=True, via=via)

    def connect_phone(self, index: int, deliver: Callable[[Message], None]) -> Listener:
        """Seat a phone (`netplay.phones`, which has checked its link) on seat ``index``:
        one more connection of a local seat, or the player of a remote one; the owner then
        seats the returned listener.

        A remote seat opens for a phone only while the phone's claim holds: an open seat is
        taken as `claim` takes it (``by_phone``); a taken seat only if a phone took it
        (Refused ``seat_taken`` once a LAN peer has it, whatever happened before). Freeing
        the seat or a LAN claim ends the phone's claim. A newer phone on the seat replaces
        the older; its owner back, a stand-in bot steps aside. Refused (``bot_seat``) for
        a seat a bot was set to play."""
        owner = self.owner
        seat = self.seats[index]
        if seat.kind == "bot":
            raise Refused("bot_seat", N_("a bot plays this seat"))
        if seat.kind == "remote" and seat.taken and not seat.by_phone:
            raise Refused("seat_taken", N_("a player on the LAN has this seat; its link is no longer yours"))
        for old in [lst for lst in owner.listeners if lst.seat == index and lst.meta.get("phone")]:
            owner.let_go(old, bye(N_("this seat's link was opened on another phone")))
        if seat.kind == "remote":
            if not seat.taken:  # the phone's player is the one the set-up planned for this seat
                seat.taken, seat.by_phone, seat.via = True, True, PHONE
                seat.name, seat.token = seat.planned or default_name(index), secrets.token_hex(16)
                owner.save_seat(index)
            seat.connected, seat.last_heard = True, owner.now
        seat.away, seat.via = False, PHONE
        if seat.robot is not None:
            seat.robot, seat.bot_due = None, None
        return Listener(index, deliver, remote=seat.kind == "remote", meta={"phone": True}, via=PHONE)

    def dropped(self, listener: Listener, leaving: bool) -> None:
        """``listener`` (already removed from the owner's) closed: see `Host.detach`."""
        owner, seat = self.owner, listener.seat
        if (seat is not None and listener.via == PHONE and self.seats[seat].kind == "local"
                and not any(other.seat == seat and other.via == PHONE for other in owner.listeners)):
            self.seats[seat].via = COUCH  # its last phone went: the seat is played at the host's screen again
            owner.lobby_changed()
        if listener.remote and seat is not None and not any(
                other.seat == seat and other.remote for other in owner.listeners):
            record = self.seats[seat]
            record.connected = False
            if owner.phase == "lobby" and leaving:
                self._free_seat(seat)
            else:
                record.away, record.away_since = True, owner.now
            owner.lobby_changed()

    def _free_seat(self, seat: int) -> None:
        """Open a lobby seat again; its token (and a phone's claim) dies with it."""
        record = self.seats[seat]
        record.taken, record.by_phone, record.name, record.token = False, False, "", secrets.token_hex(16)
        record.connected, record.away, record.away_since, record.via = False, False, None, ""
        self.owner.save_seat(seat)  # its planned name stays: it is the set-up's, not the claim's

    def name_seat(self, index: int, name: str) -> None:
        """Seat ``index`` is played by ``name`` now (a phone's player picked who they are).
        Only in the lobby (Refused ``not_lobby`` once the game runs); an open remote seat
        keeps it as its planned name (its public name stays "" while it is open). Saved
        before the lobby tells it. ValueError for no such seat, a bot's, or an empty name."""
        record = self.seats[self.seat_index(index)]
        clean = _printable(name)
        if not clean or record.kind == "bot":
            raise ValueError(f"seat {index} cannot be named {name!r}")
        if self.owner.phase != "lobby":
            raise Refused("not_lobby", N_("the game has begun: who plays a seat is said before it"))
        if record.kind == "remote" and not record.taken:
            record.planned = clean
        else:
            record.name = clean
        self.owner.save_seat(index)
        self.owner.lobby_changed()

    # --- silence and absence ----------------------------------------------------------
    def heard(self, seat: int | None, now: float) -> None:
        """A remote seat's connection said something at ``now`` (heartbeats included)."""
        if seat is None:
            return
        record = self.seats[seat]
        record.last_heard = now
        if record.away and record.connected:
            record.away = False
            if record.robot is not None:  # its owner is back: the stand-in bot steps aside
                self.bot_steps_aside(seat)
            self.owner.lobby_changed()

    def watch(self, now: float) -> None:
        """At each tick: silent peers are away; a lobby seat away past `LOBBY_GRACE` opens
        again; a seat away past the owner's ``bot_after`` goes to a bot."""
        owner = self.owner
        for index, seat in enumerate(self.seats):
            if (seat.kind == "remote" and seat.connected and not seat.away
                    and seat.last_heard is not None and now - seat.last_heard > AWAY_AFTER):
                seat.away = True
                owner.lobby_changed()
            if not seat.away:
                seat.away_since = None
            elif seat.away_since is None:
                seat.away_since = now
            elif (owner.phase == "lobby" and seat.kind == "remote" and seat.taken and not seat.connected
                  and now - seat.away_since >= LOBBY_GRACE):
                self._free_seat(index)
                owner.lobby_changed()
            elif (owner.bot_after is not None and seat.robot is None and owner.phase == "playing"
                  and now - seat.away_since >= owner.bot_after):
                self.hand_to_bot(index)

    def away_seconds(self, seat: int) -> float | None:
        """How long ``seat`` has been away on the owner's clock (None: not away)."""
        record = self.seats[self.seat_index(seat)]
        now = self.owner.now
        if not record.away or record.away_since is None or now is None:
            return None
        return max(0.0, now - record.away_since)

    # --- stand-in bots ----------------------------------------------------------------
    def hand_to_bot(self, seat: int, strength: str = "normal") -> None:
        """Let a bot play ``seat`` (say, an away peer's) until its owner reconnects."""
        if strength not in STRENGTHS:
            raise ValueError(f"strength must be one of {', '.join(STRENGTHS)}")
        self.seat_index(seat)
        self.seats[seat].robot = strength
        self.owner.lobby_changed()
        self.owner.schedule_bots()

    def bots_take_open_seats(self, strength: str = "normal") -> bool:
        """Before the game begins, a bot takes every seat no peer has taken. False (and
        nothing changes) once the game runs; True: the owner writes its save again, so a
        continued game seats them as bots, and starts."""
        if self.owner.phase != "lobby":
            return False
        for index, seat in enumerate(self.seats):
            if seat.kind == "remote" and not seat.taken:
                seat.kind, seat.strength, seat.robot, seat.via = "bot", strength, strength, ""
                seat.name = seat.name or f"Bot {index + 1}"
        return True

    def take_back(self, seat: int) -> None:
        """The stand-in bot stops playing a remote ``seat``: it waits for its player again
        (who also takes it back by speaking again or rejoining with the seat's token)."""
        record = self.seats[self.seat_index(seat)]
        if record.kind != "remote" or record.robot is None:
            return
        record.robot, record.bot_due = None, None
        self.owner.lobby_changed()

    def bot_steps_aside(self, seat: int) -> None:
        self.seats[seat].robot, self.seats[seat].bot_due = None, None
        self.owner.forget_bot(seat)
