"""The table this window hosts: one object, built one way and closed one way.

A `HostedTable` owns everything a table at this screen needs besides its scene: the host
(`netplay.host.Host`, with its save journal), the LAN server and its relay link when the
table is served, the phone server, the local seats' sessions and the shared screen's,
and the table's settings. It is made the same way for a new table at this screen
(`HostedTable.open` without settings), a table hosted on the LAN (with `TableSettings`),
a continued save (`HostedTable.resume`) and the group's next table, and closed one way
(`close`; `park` keeps a finished table's window peers for the group's next table, which
`tell_next_table` then sends them to).

Scenes get its sessions and its host controls (`HostControls`: pause, hand a seat to a
bot, the phones' status, close); none of them reaches the host, the server or the phones
itself. Every call into the host runs on the host's thread (`on_host`): the server's
loop for a served table, the frame loop for a table only this screen plays.
"""

from dataclasses import dataclass, field
from typing import Any, Protocol

from client.hosting.network import chosen_interfaces, load, seat_invite, serve_table, worded
from client.hosting.seats import SeatPlan, host_seats
from client.hosting.table_settings import TableSettings
from client.i18n import _
from client.settings import Settings
from client.ui.closing import close_soon
from client.ui.colours import hex_colour, seat_colour


class HostingProblem(Exception):
    """A table could not be opened or continued; ``words`` says why, for the player."""

    def __init__(self, words: str, kept: Any = None):
        super().__init__(words)
        self.words = words


class Window(Protocol):
    """What a hosted table needs of the window: its settings, a note on screen, and its
    frame loop to drive a host nothing serves (and that host's phones)."""

    settings: Settings
    clock: float

    def note(self, words: str, seconds: float = 6.0, problem: bool = True, key: str | None = None) -> None: ...

    def drive(self, host: Any) -> None: ...

    def undrive(self, host: Any) -> None: ...


class HostControls(Protocol):
    """What a scene may ask of the table this screen hosts."""

    def pauses_for_everyone(self) -> bool: ...

    def pause(self) -> None: ...

    def unpause(self) -> None: ...

    def count_in(self) -> None: ...

    def screen_caught_up(self) -> None: ...

    def timers_wait_for_screen(self) -> None: ...

    def can_hand_seats(self) -> bool: ...

    def hand_seat(self, seat: int, to_bot: bool) -> None: ...

    def set_bot_after(self, seconds: float | None) -> None: ...

    def phone_status(self, seat: int) -> str: ...

    def close(self) -> None: ...


def window_meta(table: str, seat_plans: list[SeatPlan], settings: TableSettings | None) -> dict[str, Any]:
    """What the save keeps so Continue can seat the players again and serve the table as it
    was (its name, password, port and relay: the save holds the seats' tokens already)."""
    meta: dict[str, Any] = {"origin": "window", "table": table, "devices": [plan.control for plan in seat_plans],
                            "colours": [plan.colour for plan in seat_plans]}
    if settings is not None:
        meta.update(lan=True, password=settings.password, port=settings.port, relay=settings.relay)
    return meta


def plans_of(host: Any) -> list[SeatPlan]:
    """The seat plans of a continued host, from its save's meta (a seat whose device is not
    known plays on the left keyboard half; a pad that is gone is the flow's to replace)."""
    meta = host.meta
    devices = [str(device) for device in meta.get("devices", [])]
    colours = [c if isinstance(c, int) and 0 <= c < 6 else i for i, c in enumerate(meta.get("colours", []))]
    plans = []
    for index, seat in enumerate(host.seats):
        colour = colours[index] if index < len(colours) else index
        if seat.kind == "bot":
            control = f"bot:{seat.strength}"
        elif seat.kind == "remote":
            control = "open"
        else:
            control = devices[index] if index < len(devices) and devices[index] not in ("open", "") else "keys1"
        plans.append(SeatPlan(seat.name, control, colour))
    return plans


def settings_of(host: Any) -> TableSettings | None:
    """The table settings a continued host was served with (None: a table at this screen)."""
    meta = host.meta
    if not meta.get("lan") and not any(seat.kind == "remote" for seat in host.seats):
        return None
    port = meta.get("port")
    return TableSettings(host.table_name, str(meta.get("password") or ""), port if isinstance(port, int) else None,
                         str(meta.get("relay") or ""))


@dataclass(eq=False)
class HostedTable:
    """See the module docstring."""

    window: Window
    host: Any  # netplay.host.Host
    plans: list[SeatPlan]
    settings: TableSettings | None = None  # None: played at this screen only
    demo: bool = False
    handle: Any = None  # netplay.server.ServerHandle, while served
    phones: Any = None  # netplay.phones.PhoneService
    sessions: dict[int, Any] = field(default_factory=dict)  # each local seat's session
    public: Any = None  # the shared screen's session (the spectator's view)
    closed: bool = False
    parked: bool = False

    # --- building ------------------------------------------------------------------------------
    @classmethod
    def open(cls, window: Window, game_id: str, plans: list[SeatPlan], options: dict, *,
             settings: TableSettings | None = None, seed: int | None = None, bot_delay: float | None = None,
             demo: bool = False, advertise: bool = True, profiles: list[str] | None = None) -> "HostedTable":
        """A new table for ``plans``: played at this screen, or served on the LAN (and a relay)
        with ``settings``. Every game but a demo is saved as it goes. HostingProblem if it
        cannot open."""
        from engines import SetupError

        if settings is not None:  # LAN play needs the server: say so before anything is made
            _, missing = load("netplay.server")
            if missing:
                raise HostingProblem(missing)
        Host, SaveError, new_save_path = _netplay()
        name = settings.shown_name(plans) if settings is not None else ""
        meta = window_meta(name, plans, settings)
        specs = host_seats(plans)
        # an open seat's name is the set-up's plan for it: a phone that takes the seat keeps it
        names = [plan.name for plan in plans]
        try:
            try:
                save = new_save_path(game_id) if not demo else None
                host = Host(game_id, len(plans), seed, options, seats=specs, names=names, bot_delay=bot_delay,
                            save_path=save, meta=meta)
            except SaveError as error:  # the game is not lost for want of a save: play on, and say so
                host = Host(game_id, len(plans), seed, options, seats=specs, names=names, bot_delay=bot_delay,
                            meta=meta)
                window.note(_("This game will not be saved: {reason}").format(
                    reason=worded(error) if getattr(error, "say", None) else error.reason))
        except SetupError as error:
            raise HostingProblem(str(error)) from None
        table = cls(window, host, list(plans), settings, demo)
        table._start(advertise, profiles)
        return table

    @classmethod
    def resume(cls, window: Window, path: Any, controls: list[str] | None = None,
               profiles: list[str] | None = None) -> "HostedTable":
        """A saved game opened again: its local seats on ``controls`` (default: as saved), its
        bots as they were, and a table that was served served again as it was (its LAN seats
        away until their players rejoin by token). SaveError for a save that cannot be read,
        HostingProblem for a game that has ended or cannot be served."""
        Host, _, _ = _netplay()
        host = Host.resume(path)
        if host.is_over():
            host.close_save()
            raise HostingProblem(_("That game had already ended."))
        plans = plans_of(host)
        for index, control in enumerate(controls or []):
            if index < len(plans) and plans[index].is_local:
                plans[index].control = control
        table = cls(window, host, plans, settings_of(host))
        table._start(True, profiles)
        return table

    def _start(self, advertise: bool, profiles: list[str] | None) -> None:
        """Serve the host (a LAN table), start its phones, and open the local seats' sessions."""
        host, window = self.host, self.window
        interfaces: list[str] | None = None  # None: every interface
        phones = not self.demo
        try:
            interfaces = chosen_interfaces(window.settings)
        except ValueError as error:  # an interface that is not an address: no network at all
            if self.settings is not None:
                self._abandon()
                raise HostingProblem(str(error)) from None
            if phones:
                window.note(_("Phones cannot join this table: {reason}").format(reason=error), seconds=5)
            phones = False
        if self.settings is not None:
            host.bot_after = window.settings.data.get("bot_after")
            settings = self.settings
            served = serve_table(host, settings.shown_name(self.plans), interfaces, port=settings.port,
                                 password=settings.password or None, relay=settings.relay or None,
                                 advertise=advertise)
            if served.handle is None:
                self._abandon()
                raise HostingProblem(served.problem)
            self.handle = served.handle
        if phones:
            self.phones = serve_phones(window, host, [plan.colour for plan in self.plans], interfaces,
                                       door=self.handle.call if self.handle is not None else None,
                                       profiles=profiles)
        self.sessions = {i: host.session(i) for i, seat in enumerate(host.seats) if seat.kind == "local"}
        self.public = host.session(None)
        if self.handle is None:
            if self.phones is not None:
                window.drive(self.phones)  # the phones' calls run on the frame loop, before the host's tick
            window.drive(host)

    def _abandon(self) -> None:
        """A table that could not open leaves no save behind."""
        self.host.close_save()
        self._forget_save()

    # --- what scenes read ---------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return str(self.host.game_id)

    @property
    def served(self) -> bool:
        return self.handle is not None

    @property
    def name(self) -> str:
        return self.settings.shown_name(self.plans) if self.settings is not None else ""

    @property
    def port(self) -> int | None:
        return self.handle.port if self.handle is not None else None

    def addresses(self) -> list[str]:
        """Where LAN players reach this table (``host:port``)."""
        return list(self.handle.server.addresses()) if self.handle is not None else []

    def seat_invite(self, seat: int) -> str:
        """``seat``'s invite at a table hosted through a relay; ValueError at any other."""
        if self.settings is None or not self.settings.relay:
            raise ValueError("a table hosted on the LAN alone has no invites")
        return seat_invite(self.settings.relay, seat)

    def colours(self) -> list[int]:
        """Each seat's colour now (a LAN peer's profile may have changed its own)."""
        colours = self.host.meta.get("colours")
        if isinstance(colours, list) and len(colours) == len(self.plans):
            return [c if isinstance(c, int) and 0 <= c < 6 else i for i, c in enumerate(colours)]
        return [plan.colour for plan in self.plans]

    def devices(self) -> dict[int, str]:
        """Each local seat's device at this screen."""
        return {seat: self.plans[seat].control for seat in self.sessions}

    def seat_kinds(self) -> list[str]:
        return ["bot" if seat.kind == "bot" else "human" for seat in self.host.seats]

    def names(self) -> list[str]:
        return [seat.name for seat in self.host.seats]

    # --- host controls (HostControls) -------------------------------------------------------------
    def on_host(self, call: Any) -> None:
        """``call(host, now)`` on the host's own thread and clock."""
        host = self.host
        if self.closed:
            return
        if self.handle is not None:
            server = self.handle.server

            def run() -> None:
                call(host, server.loop.time())
                server.wake()  # bots, timers or a countdown may be due at another time now

            self.handle.call(run)
        else:
            call(host, self.window.clock)

    def pauses_for_everyone(self) -> bool:
        """A race or a timed choice stands still for everyone while this screen is in a menu."""
        return not self.demo and bool(self.host.pauses_for_everyone())

    def pause(self) -> None:
        self.on_host(lambda host, now: host.pause(now))

    def unpause(self) -> None:
        self.on_host(lambda host, now: host.unpause(now))

    def count_in(self) -> None:
        """Every screen counts down before the game goes on (a continued race)."""
        if self.pauses_for_everyone():
            self.on_host(lambda host, now: (host.pause(now), host.unpause(now)))

    def screen_caught_up(self) -> None:
        self.on_host(lambda host, now: host.screen_caught_up(now))

    def timers_wait_for_screen(self) -> None:
        """A choice's timer counts from when the choice is on this screen."""
        self.on_host(lambda host, now: setattr(host, "timers_wait_for_screen", True))

    def can_hand_seats(self) -> bool:
        """Whether away seats may be handed to bots (they are other windows' or phones')."""
        return self.handle is not None

    def hand_seat(self, seat: int, to_bot: bool) -> None:
        """A bot plays an away ``seat`` (``to_bot``), or stops: the seat waits for its player."""
        if self.handle is not None:
            self.on_host(lambda host, now: host.hand_to_bot(seat) if to_bot else host.take_back(seat))

    def set_bot_after(self, seconds: float | None) -> None:
        if self.handle is not None:
            self.on_host(lambda host, now: setattr(host, "bot_after", seconds))

    def phone_status(self, seat: int) -> str:
        return str(self.phones.status(seat)) if self.phones is not None else "none"

    def start_now(self) -> None:
        """Bots take every seat nobody has taken yet, and the game begins."""
        self.on_host(lambda host, now: host.bots_take_open_seats())

    def watch_round_trips(self, into: Any) -> None:
        """Each seat's slowest recent round trip, measured on the host's thread, handed to
        ``into(dict)`` there (one new dict each time: the caller swaps it whole)."""
        self.on_host(lambda host, now: into(host.races.round_trips()))

    # --- closing ------------------------------------------------------------------------------
    def close(self, reason: str | None = None) -> None:
        """Close the table: its sessions, phones and server (which say ``reason``, by default
        that the game is over or the table closed), and its save. A table closed before its
        game began leaves nothing to continue."""
        if self.closed or self.parked:  # a parked table is closed by `end_group` or `tell_next_table`
            return
        self.closed = True
        window, host = self.window, self.host
        window.undrive(host)
        if self.phones is not None:
            window.undrive(self.phones)
        handle = self.handle
        closing = [*self.sessions.values(), self.public, self.phones]
        self.sessions, self.public, self.phones, self.handle = {}, None, None, None
        close_soon(*closing)
        if handle is not None:
            close_soon(_Closing(handle, reason))  # the server closes the save after its goodbye
        else:
            host.close_save()
        if host.phase == "lobby":
            self._forget_save()

    def _forget_save(self) -> None:
        path = self.host.save_path if self.host.phase == "lobby" else None
        if path is not None:
            try:
                path.unlink()
            except OSError:
                pass

    def park(self) -> bool:
        """Next game: keep this finished table's window peers connected (they wait on their
        results) while the group chooses the next game. It stops listening (the next table
        may take its port), stops advertising and taking relay links, and its phones go;
        a command-line peer, which cannot follow, hears bye. False: nobody to keep."""
        handle, host = self.handle, self.host
        if handle is None or not host.profiles:
            return False
        from netplay.server import GAME_OVER

        handle.call(lambda: host.keep_profiles_only(GAME_OVER))
        handle.park()
        self.window.undrive(host)
        close_soon(*self.sessions.values(), self.public, self.phones)
        self.sessions, self.public, self.phones = {}, None, None
        self.parked = True
        return True

    def tell_next_table(self, following: "HostedTable") -> None:
        """The group's next table is open: each kept peer hears where, with the token of the
        open seat the set-up kept under their name (and that seat's invite when they came
        through the relay and the next table is on one), then this table closes."""
        handle, host = self.handle, self.host
        if handle is None or following.handle is None:
            self.parked = False
            self.close()
            return
        game, port, relay = following.game_id, following.port, bool(following.settings and following.settings.relay)
        kept: dict[str, list[int]] = {}
        for index, plan in enumerate(following.plans):
            if plan.control == "open":
                kept.setdefault(plan.name.casefold(), []).append(index)
        tokens = {index: following.host.seats[index].token for indices in kept.values() for index in indices}
        invites = {index: following.seat_invite(index) for index in tokens} if relay else {}

        def tell() -> None:
            for seat, spec in enumerate(host.seats):
                if spec.kind != "remote" or not spec.taken or spec.by_phone:
                    continue
                mine = kept.get(spec.name.casefold(), [])
                index = mine.pop(0) if mine else None
                token = tokens.get(index) if index is not None else None
                invite = invites.get(index) if index is not None and getattr(spec, "via", "") == "relay" else None
                host.tell_next_table(seat, game, port, token, invite)

        handle.call(tell)
        self.parked = False
        self.close()

    def end_group(self) -> None:
        """The group's evening at this window is over: the kept peers hear so, and go."""
        from netplay.sayings import GROUP_ENDED

        self.parked = False
        self.close(GROUP_ENDED)


def _netplay() -> tuple[Any, Any, Any]:
    """netplay's Host, SaveError and new_save_path; HostingProblem, in words, if it is missing."""
    try:
        from netplay.errors import SaveError
        from netplay.host import Host
        from netplay.saves import new_save_path
    except ImportError as error:
        raise HostingProblem(_("The game host is missing ({module}).").format(module=error.name)) from None
    return Host, SaveError, new_save_path


class _Closing:
    """A server handle closed with a reason, for `close_soon`."""

    def __init__(self, handle: Any, reason: str | None):
        self.handle, self.reason = handle, reason

    def close(self) -> None:
        self.handle.close(self.reason)


def serve_phones(window: Window, host: Any, colours: list[int], interfaces: list[str] | None, door: Any = None,
                 profiles: list[str] | None = None) -> Any:
    """A phone server for ``host`` on ``interfaces`` (None: every one), or None with a note on
    screen if it cannot start. Without ``door`` the frame loop runs the phones' calls (the
    caller drives the returned service)."""
    from client import i18n

    try:
        from netplay.phones import serve_phones_in_thread

        # a phone whose browser names none of our languages reads this window's
        return serve_phones_in_thread(host, door=door, interfaces=interfaces,
                                      colours=[hex_colour(seat_colour(colour)) for colour in colours],
                                      language=i18n.current().code, profiles=profiles or [])
    except (ImportError, OSError, TimeoutError) as error:
        window.note(_("Phones cannot join this table: {error}").format(error=error), seconds=5)
        return None
