"""LAN screens: the host's lobby, the join browser (tables found, seats to rejoin, an
address typed by hand), the password and address prompts, and the wait for a start.

netplay's server, discovery and peer modules are imported only when these screens open;
if one is missing the screen says so instead of failing. Which interface the LAN uses
follows one rule with the command line: ``SPIELABEND_INTERFACES`` if set, else the
interface chosen in Settings, else every interface (`chosen_interfaces`).
"""

import importlib
import os
from functools import partial

import pygame

from client import i18n
from client.hosting.rejoin import RejoinBook
from client.hosting.seats import host_seats
from client.i18n import N_, _, ngettext, say
from client.scenes.base import MenuScene, Scene, close_soon
from client.ui import art
from client.ui.delay_meter import draw_delay_meter, one_way
from client.ui.menu import Item, Menu, edit_text
from netplay import sayings

# The window hosts on the usual port when it is free (a typed address needs no port),
# else on any free port.
PORT_WISHES = (47474, 0)
DELAYS_EVERY = 0.5  # seconds between the lobby's looks at each seat's measured round trips


def load(module: str):
    """The netplay module, or a sentence saying why it is not available."""
    try:
        return importlib.import_module(module), None
    except ImportError as error:
        return None, _("LAN play needs {module}, which is not available yet ({error}).").format(
            module=module, error=error)


def open_seat(entry: dict, player_name: str, password: str | None = None, profile: dict | None = None):
    """A session for a seat at ``entry``'s table: over the LAN, or through a relay when the
    entry carries a seat's ``invite`` (`netplay.relay`). (session, None), or (None, why
    not in words). A LAN seat brings ``profile`` (the game night); a relay seat does not yet."""
    if entry.get("invite"):
        relay, error = load("netplay.relay")
        if relay is None:
            return None, _("Joining through a relay needs netplay.relay, which is not available ({error}).").format(
                error=error)
        from netplay.relay_invite import InviteError, parse_invite

        try:
            invite = parse_invite(entry["invite"])
            return relay.RelaySession(invite, player_name, password=password or None, token=entry.get("token")), None
        except InviteError as refused:
            return None, _("Could not join: {why}.").format(why=worded(refused))
        except Exception as failure:  # noqa: BLE001 - a failed connection is a note on screen
            return None, _("Could not join: {why}").format(why=worded(failure))
    peer, error = load("netplay.peer")
    if peer is None:
        return None, error
    try:
        return peer.RemoteSession(entry["address"], entry["port"], player_name, password=password or None,
                                  token=entry.get("token"), profile=profile), None
    except Exception as failure:  # noqa: BLE001 - a failed connection is a note on screen
        return None, _("Could not join: {why}").format(why=worded(failure))


def worded(error: object) -> str:
    """An error from netplay in the window's language: its message template and data where
    it carries them (``say``, ``data``), else its own words (the system's, for an OSError)."""
    template = getattr(error, "say", None)
    if isinstance(template, str) and template:
        data = getattr(error, "data", None)
        return say(template, data if isinstance(data, dict) else None)
    return str(error)


def lobby_name(seat: dict, index: int) -> str:
    """The name a lobby gives seat ``index``: the host's default in this window's language."""
    return str(sayings.seat_name(seat.get("name"), index, i18n.current()) or "")


def capitalised(words: str) -> str:
    """A clause from netplay as a sentence of its own."""
    return f"{words[:1].upper()}{words[1:]}." if words else words


def chosen_interfaces(settings) -> list[str] | None:
    """The addresses LAN play uses: $SPIELABEND_INTERFACES, else Settings' choice, else
    None (every interface). ValueError, in words, for an entry that is not an address."""
    discovery, error = load("netplay.discovery")
    if discovery is None:
        raise ValueError(error)
    from_environment = discovery.choose_interfaces(None)
    if from_environment is not None:
        try:
            return discovery.check_interfaces(from_environment)
        except ValueError as bad:
            raise ValueError(_("{variable} is wrong: {why}").format(variable=discovery.ENV_INTERFACES,
                                                                   why=worded(bad))) from None
    chosen = settings.data.get("interface")
    return [chosen] if chosen else None


def interface_set_by_environment() -> bool:
    return bool(os.environ.get("SPIELABEND_INTERFACES", "").strip())


class RelayFailure(Exception):
    """The relay could not be reached or refused the host's invite (its words)."""


def serve_table(host, name: str, interfaces, serve_options: dict | None = None, relay: str | None = None):
    """Serve ``host`` on the LAN from a thread of its own (and through the relay of the
    host's invite ``relay``, if given): (handle, None), or (None, why not in words). Tries
    the usual port first, then any free one."""
    server, error = load("netplay.server")
    if server is None:
        return None, error
    serve = server.serve_in_thread
    if relay:
        relay_module, error = load("netplay.relay")
        if relay_module is None:
            return None, _("Hosting through a relay needs netplay.relay, which is not available ({error}).").format(
                error=error)
        from netplay.errors import ConnectError
        from netplay.relay_invite import InviteError, parse_invite

        try:
            invite = parse_invite(relay)
        except InviteError as bad:
            return None, _("The relay invite cannot be used: {why}.").format(why=worded(bad))

        def serve(host, **options):
            try:
                return relay_module.serve_with_relay_in_thread(host, invite, **options)
            except ConnectError as failure:  # not a port to try again: the relay itself
                raise RelayFailure(failure.reason) from None
    options = {"interfaces": interfaces, **(serve_options or {})}
    wishes = [options.pop("port")] if "port" in options else list(PORT_WISHES)
    failure: Exception | None = None
    for port in wishes:
        try:
            return serve(host, port=port, name=name, **options), None
        except RelayFailure as refused:
            return None, _("Could not open the table on the relay: {why}.").format(why=worded(refused))
        except OSError as error:  # that port is taken (or the address is not ours): the next wish
            failure = error
        except Exception as error:  # noqa: BLE001 - any failure to serve is shown, not raised
            failure = error
            break
    why = getattr(failure, "strerror", None) or worded(failure)
    if interfaces:
        return None, _("Could not open the table on the LAN on {interfaces}: {why}. Is that interface "
                       "(Settings, LAN interface) still this computer's?").format(
            interfaces=", ".join(interfaces), why=why)
    return None, _("Could not open the table on the LAN: {why}.").format(why=why)


def host_invite_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a host's relay invite (None: nothing; empty: no relay)."""
    if not text.strip():
        return None
    from netplay.relay_invite import InviteError, parse_invite

    try:
        invite = parse_invite(text)
    except InviteError as error:
        return capitalised(worded(error))
    if not invite.is_host:
        return _("This is a seat's invite: it joins a table. To host, use the host's invite that "
                 "spielabend relay printed for your table.")
    return None


def default_table_name(seat_plans) -> str:
    host_name = next((plan.name for plan in seat_plans if plan.is_local), "Spielabend")
    return _("{name}'s table").format(name=host_name)


def window_meta(table: str, seat_plans) -> dict:
    """What the save keeps so the window can seat its players again (`Flow.continue_game`)."""
    return {"origin": "window", "table": table, "devices": [plan.control for plan in seat_plans],
            "colours": [plan.colour for plan in seat_plans]}


class HostLobbyScene(MenuScene):
    """Serves a table on the LAN; local seats play here, open seats wait for peers."""

    running_game = True
    updates_when_covered = True  # a phone may fill the last seat while its QR codes are up

    def __init__(self, app, game_id: str, seat_plans, options: dict, seed: int | None = None,
                 serve_options: dict | None = None, bot_delay: float | None = None, table_name: str = ""):
        super().__init__(app)
        self.game_id, self.seat_plans = game_id, seat_plans
        self.error: str | None = None
        self.relay_code: str | None = None
        self.handle_ = None
        self.host = None
        self.sessions: dict = {}
        self.public = None
        self.lobby: dict | None = None
        self.names: list[str] = [plan.name for plan in seat_plans]
        self.addresses: list[str] = []
        self.phones = None  # netplay.phones service: seats here and open seats may play from phones
        self.round_trips: dict[int, float] = {}  # seat -> its slowest recent round trip, from the host's thread
        self.shown_round_trips: dict[int, float] = {}
        self.delays_in = 0.0
        self.menu = Menu([Item(lambda: _("Back") if self.error else _("Cancel the table"), self.cancel)],
                         (art.W // 2, 900), sounds=app.sounds)
        server, self.error = load("netplay.server")
        if server is None:
            self.running_game = False
            return
        try:
            interfaces = chosen_interfaces(app.settings)
        except ValueError as error:
            self.error, self.running_game = str(error), False
            return
        from netplay.errors import SaveError
        from netplay.host import Host
        from netplay.saves import new_save_path

        self.table_name = table_name or default_table_name(seat_plans)
        self.locked = bool((serve_options or {}).get("password"))
        specs = host_seats(seat_plans)
        names = [plan.name if plan.control != "open" else "" for plan in seat_plans]
        meta = window_meta(self.table_name, seat_plans)
        lan_options = dict(serve_options or {})
        self.relay_code = lan_options.pop("relay", None)  # a host's invite: through that relay too
        if self.relay_code:
            meta["relay"] = self.relay_code  # Continue serves it there again (the save holds seat tokens too)
        try:
            self.host = Host(game_id, len(seat_plans), seed, options, seats=specs, names=names,
                             bot_delay=bot_delay, save_path=new_save_path(game_id), meta=meta)
        except SaveError as error:  # the game is not lost for want of a save: play on, and say so
            self.host = Host(game_id, len(seat_plans), seed, options, seats=specs, names=names,
                             bot_delay=bot_delay, meta=meta)
            app.note(_("This game will not be saved: {why}").format(why=worded(error) if hasattr(error, "say")
                                                                      else error.reason))
        self.host.bot_after = app.settings.data.get("bot_after")
        self.sessions = {i: self.host.session(i) for i, spec in enumerate(specs) if spec["kind"] == "local"}
        self.public = self.host.session(None)
        self.handle_, self.error = serve_table(self.host, self.table_name, interfaces, lan_options, self.relay_code)
        if self.handle_ is None:
            self.running_game = False
            self._forget_save(served=False)
            return
        self.addresses = self.handle_.server.addresses()
        from client.table.phones import serve_phones

        self.phones = serve_phones(app, self.host, [self.seat_colour(i) for i in range(len(seat_plans))],
                                   interfaces, door=self.handle_.call)
        app.flow.lobby_opened(self)  # the game night: LAN peers kept by Next game come by themselves
        items = [Item(lambda: _("Start now: bots take the open seats"), self.start_now), *self.menu.items]
        if self.phones is not None:
            items.insert(0, Item(lambda: _("Phones: QR codes"), lambda: app.flow.lobby_phones(self)))
        if self.relay_code:
            items.insert(0, Item(lambda: _("Invites: codes and QR"), self.show_invites))
        # under six seats' rows, above the hint line
        self.menu = Menu(items, (art.W // 2, 1000 - 74 * len(items)), width=760, height=64, gap=10, size=40,
                         sounds=app.sounds)

    def seat_invite(self, seat: int) -> str:
        """The invite of ``seat`` at a table hosted through a relay (only such a table
        shows invites). Raises ValueError at a table hosted on the LAN alone."""
        from netplay.relay_invite import parse_invite

        if self.relay_code is None:
            raise ValueError("a table hosted on the LAN alone has no invites")
        return parse_invite(self.relay_code).seat_invite(seat).code()

    def open_seats(self) -> list[int]:
        seats = (self.lobby or {}).get("seats", [])
        return [i for i, seat in enumerate(seats) if seat.get("kind") == "open"]

    def show_invites(self) -> None:
        if self.relay_code and not self.error and self.app.top is self:
            self.app.push(InvitesScene(self.app, self))

    def start_now(self) -> None:
        """Bots take every seat nobody has taken yet, and the game begins."""
        host = self.host
        if self.handle_ is None or host is None:
            return
        self.handle_.call(lambda: host.bots_take_open_seats())  # only the server's thread touches the host

    def cancel(self) -> None:
        if self.error:
            self.close()
            self.app.pop()
            return
        self.app.flow.confirm(_("Close this table? Players who joined will be sent away."), self._close)

    def _close(self) -> None:
        self.close()
        self.app.pop()

    def close(self) -> None:
        served = self.handle_ is not None
        close_soon(*self.sessions.values(), self.public, self.phones, self.handle_)  # the server closes the save
        self.sessions, self.public, self.handle_, self.phones = {}, None, None, None
        self._forget_save(served)

    def _forget_save(self, served: bool = False) -> None:
        """A table closed before its game began leaves nothing to continue."""
        host, self.host = self.host, None
        if host is None or host.save_path is None or host.phase != "lobby":
            return
        if not served:
            host.close_save()
        try:
            host.save_path.unlink()
        except OSError:
            pass

    def phone_seats(self) -> list[int]:
        """Seats a phone may take here: this screen's and those still open (never a LAN
        player's: its code would show that player's secrets to this room)."""
        seats = (self.lobby or {}).get("seats", [])
        return [i for i, plan in enumerate(self.seat_plans) if plan.is_local
                or (plan.control == "open" and i < len(seats) and seats[i].get("kind") == "open")]

    def seat_name(self, seat: int) -> str:
        seats = (self.lobby or {}).get("seats", [])
        name = lobby_name(seats[seat], seat) if seat < len(seats) else ""
        return name or (self.seat_plans[seat].name if self.seat_plans[seat].control != "open" else _("Open seat"))

    def seat_colour(self, seat: int):
        colours = self.host.meta.get("colours") if self.host is not None else None  # a peer's profile may change it
        colour = colours[seat] if isinstance(colours, list) and seat < len(colours) else self.seat_plans[seat].colour
        return art.SEAT_COLOURS[colour % len(art.SEAT_COLOURS)]

    def back(self) -> None:
        self.cancel()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.public is None:
            return
        self.watch_delays(dt)
        messages = self.public.poll()
        if messages:
            self.changed()
        for index, message in enumerate(messages):
            if message.get("t") == "lobby":
                self.lobby = message
            elif message.get("t") == "start":
                self.names = list(message.get("names", self.names))
                self.begin(messages[index + 1:])
                return

    def watch_delays(self, dt: float) -> None:
        """Ask the host's thread for each seat's round trips now and then (only that thread
        touches the host); the delay meters change when they do."""
        self.delays_in -= dt
        host, handle = self.host, self.handle_
        if self.delays_in <= 0 and host is not None and handle is not None:
            self.delays_in = DELAYS_EVERY

            def measured() -> None:
                self.round_trips = host.races.round_trips()  # one new dict: swapped whole

            handle.call(measured)
        if self.round_trips != self.shown_round_trips:
            self.shown_round_trips = self.round_trips
            self.changed()

    def begin(self, rest: list) -> None:
        self.app.flow.lobby_started(self, rest)

    def handed_over(self) -> None:
        """The table has taken the sessions and the server: closing the lobby keeps them."""
        self.sessions, self.public, self.handle_, self.host, self.phones = {}, None, None, None, None

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        self.draw_title(surface, _("Hosting on the LAN and a relay") if self.relay_code else _("Hosting on the LAN"),
                        _("Esc back") if self.error else _("Waiting for players to join   Esc cancel"))
        if self.error:
            for i, line in enumerate(art.wrap(self.error, 44, 1300)):
                art.blit_text(surface, line, 44, art.DANGER, (art.W // 2, 380 + i * 50), "center")
        else:
            words = self.joining_words()
            art.blit_text(surface, words, 38, art.INK_DIM, (art.W // 2, 190), "center", width=art.W - 120)
            seats = (self.lobby or {}).get("seats", [])
            for i, seat in enumerate(seats):
                rect = pygame.Rect(art.W // 2 - 450, 260 + i * 86, 900, 72)
                colour = self.seat_colour(i)
                surface.blit(art.panel(rect.size, art.PANEL, colour if seat.get("ready") else None, 14), rect)
                name = lobby_name(seat, i) or _("open seat")
                art.blit_text(surface, name, 42, colour, (rect.left + 28, rect.centery), "midleft")
                state = _(SEAT_STATES.get("away" if seat.get("away") else seat.get("kind"), ""))
                art.blit_text(surface, state, 36, art.INK_DIM, (rect.right - 28, rect.centery), "midright",
                              width=300)
                round_trip = self.shown_round_trips.get(i)
                if round_trip is not None and seat.get("kind") == "human" and not seat.get("away"):
                    draw_delay_meter(surface, (rect.right - 330, rect.centery), one_way(round_trip))
        self.menu.draw(surface, self.pulse)

    def joining_words(self) -> str:
        """Where players join this table, in one sentence (one per case: the words around
        the addresses differ by language)."""
        where = ", ".join(self.addresses[:3])
        if not where:
            return (_("{table}: join on this computer (with the password)") if self.locked
                    else _("{table}: join on this computer")).format(table=self.table_name)
        if self.relay_code:
            sentence = (_("{table}: join at {where}; from afar by a seat's invite (Invites)  (with the password)")
                        if self.locked else _("{table}: join at {where}; from afar by a seat's invite (Invites)"))
        else:
            sentence = (_("{table}: join at {where}  (with the password)") if self.locked
                        else _("{table}: join at {where}"))
        return sentence.format(table=self.table_name, where=where)


# A lobby seat's state as its row says it (looked up where drawn).
SEAT_STATES = {"open": N_("waiting for a player..."), "bot": N_("bot"), "human": N_("ready"), "away": N_("away")}


class HostTableScene(MenuScene):
    """Before a table opens on the LAN: its name as join screens list it, a password (none:
    anyone may join) and its port (none chosen: the usual one, else any free one)."""

    def __init__(self, app, game_id: str, seat_plans, options: dict):
        super().__init__(app)
        self.game_id, self.seat_plans, self.options = game_id, seat_plans, options
        self.table_name = default_table_name(seat_plans)
        self.password = ""
        self.port = ""
        self.relay = ""  # a host's relay invite (spielabend relay prints it): the table opens there
        self.menu = Menu([
            Item(lambda: _("Table name: {name}").format(name=self.table_name), lambda: self.edit("name")),
            Item(lambda: _("Password: {stars}").format(stars="*" * len(self.password)) if self.password
                 else _("Password: none, anyone may join"), lambda: self.edit("password")),
            Item(lambda: _("Port: {port}").format(port=self.port) if self.port
                 else _("Port: {port}, else any free one").format(port=PORT_WISHES[0]), lambda: self.edit("port")),
            Item(lambda: _("Relay: {invite}... (and the LAN)").format(invite=self.relay[:15]) if self.relay
                 else _("Relay: none, the LAN only"), lambda: self.edit("relay")),
            Item(lambda: _("Open the table"), self.open),
            Item(lambda: _("Back"), app.pop),
        ], (art.W // 2, 300), width=1100, sounds=app.sounds)

    def edit(self, field: str) -> None:
        words = {
            "name": (_("Table name"), _("How join screens on the LAN list this table"), self.table_name, False),
            "password": (_("Password"), _("Players type it to join; leave it empty for none"), self.password, True),
            "port": (_("Port"), _("A number from 1024 to 65535; leave it empty for {port} or any free one").format(
                port=PORT_WISHES[0]), self.port, False),
            "relay": (_("Relay"), _("The host's invite from spielabend relay (SA-..., Ctrl+V pastes it); empty: "
                                    "the LAN only"), self.relay, False),
        }[field]
        heading, subtitle, text, secret = words
        scene = FieldScene(self.app, heading, subtitle, text, lambda typed: self.typed(field, typed), secret=secret)
        if field == "relay":
            scene.LIMIT = 200
        self.app.push(scene)

    def typed(self, field: str, text: str) -> str | None:
        """Take a typed field; a sentence saying what is wrong, if anything."""
        text = text.strip()
        if field == "name":
            if not text:
                return _("A table needs a name.")
            self.table_name = text
        elif field == "password":
            self.password = text
        elif field == "relay":
            problem = host_invite_problem(text)
            if problem:
                return problem
            self.relay = text
        else:
            if text and not (text.isdigit() and 1024 <= int(text) <= 65535):
                return _("The port is a number from 1024 to 65535.")
            self.port = text
        return None

    def open(self) -> None:
        serve_options: dict = {"password": self.password or None}
        if self.port:
            serve_options["port"] = int(self.port)
        if self.relay:
            serve_options["relay"] = self.relay
        lobby = HostLobbyScene(self.app, self.game_id, self.seat_plans, self.options,
                               serve_options=serve_options, table_name=self.table_name)
        self.app.replace(lobby)
        lobby.show_invites()  # the invites are what the players far away need first

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        self.draw_title(surface, _("Host on the LAN"), _("Confirm a row to change it   Esc back"))
        self.menu.draw(surface, self.pulse)


class InvitesScene(Scene):
    """Each open seat's invite at a table hosted through a relay, as a code and a QR code,
    over the lobby: send the code (a message, a call) or show the QR to whoever plays that
    seat. Esc, confirm or a click closes it."""

    opaque = False

    def __init__(self, app, lobby: HostLobbyScene):
        super().__init__(app)
        self.lobby = lobby

    def handle(self, intent) -> bool:
        if intent.pressed and intent.action in ("escape", "back", "confirm"):
            self.app.pop()
        return True

    def still(self) -> bool:
        return False  # a seat may be taken at any moment

    def draw(self, surface) -> None:
        from client.table.phones import draw_seat_cards

        draw_seat_cards(surface, _("Invites"), _("Send each player far away their seat's invite, or let them scan "
                                                 "it: they join with spielabend join SA-..., or on Join a LAN game, "
                                                 "Type an address."),
                        _("Every seat is taken."), self.lobby.open_seats()[:4], (560, 900, 900, 170),
                        lambda box, seat: self.draw_invite(surface, box, seat))

    def draw_invite(self, surface, box: pygame.Rect, seat: int) -> None:
        """One open seat's invite: its QR code and its code in groups of four."""
        from client.table.phones import qr_surface

        colour = self.lobby.seat_colour(seat)
        surface.blit(art.panel(box.size, (34, 30, 40), colour, 16, 250), box)
        art.blit_text(surface, _("Seat {number}").format(number=seat + 1), 38, colour, (box.centerx, box.top + 16),
                      "midtop", "bold", width=box.width - 24)
        code = self.lobby.seat_invite(seat)
        qr = qr_surface(code, min(box.width - 60, box.height - 250))
        where = qr.get_rect(midtop=(box.centerx, box.top + 66))
        surface.blit(qr, where)
        groups = code.split("-")
        lines = ["-".join(groups[i:i + 4]) for i in range(0, len(groups), 4)]
        for row, line in enumerate(lines[:5]):
            art.blit_text(surface, line, 30, art.INK, (box.centerx, where.bottom + 14 + 38 * row), "midtop",
                          "regular", width=box.width - 24)


class JoinScene(MenuScene):
    """A live list of tables on the LAN (zeroconf), the seats this player may rejoin, and
    an address typed by hand (for networks where the browser finds nothing). Tables that
    are full or already playing are shown as such and are not offered."""

    MAX_ROWS = 10  # menu rows that fit on the screen (250 + 10 x 72)

    def __init__(self, app, player_name: str | None = None, browse: bool = True):
        super().__init__(app)
        self.hosts: list[dict] = []
        self.browser = None
        self.refresh_in = 0.0
        self.book = RejoinBook()
        self.seats = self.book.entries()
        self.hidden = 0  # tables found that do not fit on the screen
        self.row_keys: list[str] = []  # what each menu row stands for (the focus follows it)
        self.auto_focus = 0  # where the focus was put for the player (they have not moved it)
        discovery, self.error = load("netplay.discovery")
        if discovery is not None and browse:
            try:
                self.browser = discovery.HostBrowser(chosen_interfaces(app.settings))
                self.browser.start()
                if self.browser.error is not None:
                    self.error = _("Could not look for tables on the LAN: {why}").format(
                        why=worded(self.browser.error))
            except Exception as error:  # noqa: BLE001 - a failing browser is shown, not raised
                self.error = _("Could not look for tables on the LAN: {why}").format(why=worded(error))
                self.browser = None
        self.editing = False
        self.player_name = player_name or app.settings.data["name"]
        self._rebuild()
        if self.book.problem:
            app.note(self.book.problem)

    def leave(self) -> None:
        self.close()
        self.app.pop()

    def _edit_name(self) -> None:
        self.editing = True
        self.app.input.text_input = True

    def _handle_editing(self, intent) -> bool:
        self.player_name, ended = edit_text(self.player_name, intent)
        if ended:
            self.player_name = self.player_name.strip() or _("Player")
            self.editing = False
            self.app.input.text_input = False
            self.app.settings.data["name"] = self.player_name
            self.app.settings.save()
        return True

    def close(self) -> None:
        close_soon(self.browser)
        self.browser = None

    def resume(self) -> None:
        seats = self.book.entries()  # a seat may have been kept or forgotten meanwhile
        if seats != self.seats:
            self.seats = seats
            self._rebuild()

    def rejoin_entry(self, seat: dict) -> dict:
        """Where to rejoin a kept seat: its table as the browser sees it now, if it does
        (a resumed host may listen elsewhere), else where it was."""
        if seat.get("invite"):  # a seat at a table reached through a relay: its invite again
            return {"name": seat["table"], "game": seat["game"], "address": seat["address"], "port": seat["port"],
                    "token": seat["token"], "invite": seat["invite"]}
        host = self.found(seat)
        if host is not None:
            return dict(host, token=seat["token"])
        return {"name": seat["table"], "game": seat["game"], "address": seat["address"], "port": seat["port"],
                "token": seat["token"]}

    def found(self, seat: dict) -> dict | None:
        """The browser's row for a kept seat's table: one of its name, or (a seat joined
        by a typed address) one at the address and port it was reached at. A seat joined
        through a relay is never on the LAN."""
        if seat.get("invite"):
            return None
        for host in self.hosts:
            if host.get("game") == seat["game"] and (
                    host.get("name") == seat["table"]
                    or (host.get("address"), host.get("port")) == (seat["address"], seat["port"])):
                return host
        return None

    def _rebuild(self) -> None:
        """Live rows first (seats to rejoin at tables seen on the LAN now, then tables to
        join), then kept seats whose table is not seen (offline), then the fixed rows. The
        focus stays on the row it was on; untouched, it goes to the first live row."""
        kept = self.seats[:3]
        found = [self.found(s) for s in kept]
        tables = [h for h in self.hosts if h not in found]  # shown once: as the seat to rejoin
        room = self.MAX_ROWS - 3 - len(kept)
        self.hidden = max(0, len(tables) - room)
        rows = [(f"seat:{s['token']}", Item(partial(rejoin_line, s, h), partial(self.rejoin, s)))
                for s, h in zip(kept, found, strict=True) if h is not None]
        rows += [(f"table:{h.get('name')}@{h.get('address')}:{h.get('port')}",
                  Item(partial(host_line, h), partial(self.join, h))) for h in tables[:room]]
        live = len(rows)
        rows += [(f"seat:{s['token']}", Item(partial(rejoin_line, s, None), partial(self.rejoin, s)))
                 for s, h in zip(kept, found, strict=True) if h is None]
        rows += [("address", Item(self.address_label, self.type_address)),
                 ("name", Item(lambda: _("Your name: {name}").format(
                     name=self.player_name + ("_" if self.editing else "")), self._edit_name)),
                 ("back", Item(lambda: _("Back"), self.leave))]
        old = getattr(self, "menu", None)
        focused = self.row_keys[old.focus] if old is not None and old.focus < len(self.row_keys) else None
        untouched = old is None or old.focus == self.auto_focus
        self.row_keys = [key for key, _ in rows]
        self.menu = Menu([item for _, item in rows], (art.W // 2, 250 if len(rows) > 3 else 480), width=1200,
                         height=62, gap=10, size=38, sounds=self.app.sounds)
        self.auto_focus = 0 if live else self.row_keys.index("address")
        if untouched or focused not in self.row_keys:
            self.menu.focus = self.auto_focus
        else:
            self.menu.focus = self.row_keys.index(focused)
            self.auto_focus = -1  # the player chose: the focus is theirs now

    def address_label(self) -> str:
        typed = self.app.settings.data.get("address")
        return _("Type an address: {address}").format(address=typed) if typed else _("Type an address")

    def join(self, entry: dict) -> None:
        refusal = not_joinable(entry)
        if refusal:
            self.app.sounds.play("reject")
            self.app.note(refusal, 5, key="join")
            return
        self.connect(entry)

    def rejoin(self, seat: dict) -> None:
        self.connect(self.rejoin_entry(seat))

    def connect(self, entry: dict) -> None:
        if entry.get("password"):
            self.app.flow.password(entry, self.player_name)
        else:
            self.app.flow.connect(entry, self.player_name)

    def type_address(self) -> None:
        self.app.flow.address(self.player_name)

    def back(self) -> None:
        self.leave()

    def handle(self, intent) -> bool:
        if self.editing:
            return self._handle_editing(intent)
        return super().handle(intent)

    def pause(self) -> None:
        self.editing = False
        self.app.input.text_input = False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.refresh_in -= dt
        if self.browser is not None and self.refresh_in <= 0:
            self.refresh_in = 0.5
            hosts = list(self.browser.hosts())
            if hosts != self.hosts:
                self.hosts = hosts
                self._rebuild()
                self.changed()

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        self.draw_title(surface, _("Join a LAN game"),
                        _("Tables on this network appear by themselves; an invite from afar: Type an address   Esc back"))
        if self.error:
            for i, line in enumerate(art.wrap(self.error, 40, 1300)):
                art.blit_text(surface, line, 40, art.DANGER, (art.W // 2, 250 + i * 46), "center")
        elif not self.hosts:
            dots = "..." if self.still() else "." * (1 + int(self.clock * 2) % 3)
            words = _("Looking for tables")
            top = 200 if self.menu.rects[0].top < 400 else 400
            left = art.W // 2 - art.font(44).size(words + "...")[0] // 2
            art.blit_text(surface, words + dots, 44, art.INK_DIM, (left, top), "midleft")
        if self.hidden:
            art.blit_text(surface, ngettext("and {count} more table", "and {count} more tables",
                                            self.hidden).format(count=self.hidden), 30,
                          art.INK_FAINT, (art.W // 2, self.menu.rects[-1].bottom + 30), "center")
        self.menu.draw(surface, self.pulse)


def not_joinable(entry: dict) -> str | None:
    """Why the table of a browser ``entry`` cannot take a new player (None: it can)."""
    from netplay.protocol import PROTOCOL_VERSION

    name = entry.get("name") or _("That table")
    version = entry.get("version", PROTOCOL_VERSION)
    if version != PROTOCOL_VERSION:
        newer = isinstance(version, int) and version > PROTOCOL_VERSION
        return (_("{name} runs a newer Spielabend: update the older one to play together.") if newer
                else _("{name} runs an older Spielabend: update the older one to play together.")).format(name=name)
    if entry.get("phase") == "playing":
        return _("{name} is already playing: only its own players can rejoin it.").format(name=name)
    if entry.get("seats_open", 1) <= 0:
        return _("{name} is full: every seat is taken.").format(name=name)
    return None


def host_line(entry: dict) -> str:
    from engines import GAMES

    game = GAMES[entry["game"]].name if entry.get("game") in GAMES else entry.get("game", "?")
    refusal = not_joinable(entry)
    if refusal is None:
        state = _("{open} open, {taken} taken").format(open=entry.get("seats_open", 0), taken=entry.get("seats_taken", 0))
    elif entry.get("phase") == "playing":
        state = _("playing: not joinable")
    elif entry.get("seats_open", 1) <= 0:
        state = _("full: not joinable")
    else:
        state = _("other version: not joinable")
    line = f"{entry.get('name', '?')}  -  {game}  -  {state}"
    return _("{line}  (password)").format(line=line) if entry.get("password") else line


def rejoin_line(seat: dict, host: dict | None = None) -> str:
    """A kept seat's row, under the name its table has on the LAN now if it is found."""
    from engines import GAMES

    game = GAMES[seat["game"]].name if seat["game"] in GAMES else seat["game"]
    table = (host or {}).get("name") or seat["table"]
    fields = {"table": table, "game": game, "name": seat["name"], "address": seat["address"]}
    if host is not None:
        return _("Rejoin {table}  -  {game}  -  as {name}").format(**fields)
    if seat.get("invite"):
        return _("Rejoin {table}  -  {game}  -  as {name}  (through the relay at {address})").format(**fields)
    return _("Rejoin {table}  -  {game}  -  as {name}  (offline: not seen on the LAN)").format(**fields)


class JoinWaitScene(MenuScene):
    """Connected to a table: wait in its lobby until it starts, then sit down at it.
    The seat's token is kept (`client.hosting.rejoin`) as soon as the host gives it."""

    def __init__(self, app, session, entry: dict, player_name: str = "Player", password: str | None = None):
        super().__init__(app)
        self.session, self.entry = session, entry
        self.player_name, self.password = player_name, password
        self.lobby: dict | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.ended = False
        self.status = _("Rejoining your seat...") if entry.get("token") else _("Connecting...")
        self.colours: list[int] | None = None  # each seat's colour, once a profile set one
        self.menu = Menu([Item(lambda: _("Back") if self.ended else _("Leave"), self.leave)], (art.W // 2, 900),
                         sounds=app.sounds)

    def leave(self) -> None:
        if self.token and (self.lobby or {}).get("phase") == "lobby":
            RejoinBook().forget(self.token)  # a seat left before the start is freed: nothing to rejoin
        close_soon(self.session)
        self.app.pop()

    def back(self) -> None:
        self.leave()

    def update(self, dt: float) -> None:
        super().update(dt)
        messages = self.session.poll()
        if messages:
            self.changed()
        for index, message in enumerate(messages):
            kind = message.get("t")
            if kind == "welcome":
                self.seat, self.token = message.get("seat"), message.get("token")
                self.status = _("Waiting for the table to fill...")
            elif kind == "lobby":
                self.lobby = message
                if self.token and self.seat is not None:
                    self.remember(message, self.seat, self.token)
            elif kind == "colours":  # the game night: the seats' colours, a profile's among them
                self.colours = list(message["colours"])
            elif kind == "refuse" and message.get("code") == "password":
                close_soon(self.session)  # ask again, saying why
                problem = _("Wrong password, try again.") if self.password else _("This table needs a password.")
                self.app.flow.password(self.entry, self.player_name, problem, replace=True)
                return
            elif kind == "refuse" and message.get("code") == "bad_token":
                RejoinBook().forget(self.entry.get("token", ""))
                self.ended = True
                self.status = _("That table no longer has your seat (its game may have ended, or it is "
                                "another table of that name).")
            elif kind in ("bye", "refuse") and not self.ended:  # the first word on why is the one shown
                self.ended = True
                reason = sayings.worded(message, i18n.current()) or _("goodbye")
                self.status = (_("The host said: {why}") if self.seat is not None
                               else _("Could not join: {why}")).format(why=reason)
            elif kind == "start":
                if self.token and self.seat is not None:  # a join that starts the game hears start before the lobby
                    self.remember(message, self.seat, self.token)
                if self.app.flow.joined(self, message, messages[index + 1:]):
                    return

    def remember(self, lobby: dict, seat: int, token: str) -> None:
        """Keep the seat's token for this table, once (the first lobby or start names the game)."""
        if getattr(self, "_kept", False):
            return
        self._kept = True
        entry = self.entry
        RejoinBook().remember(entry.get("name") or f"{entry['address']}:{entry['port']}", lobby.get("game", "?"),
                              entry["address"], entry["port"], seat, self.player_name, token,
                              invite=entry.get("invite"))

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        self.draw_title(surface, art.fit(_("Table: {name}").format(name=self.entry.get("name", "?")), 96, art.W - 80,
                                         "bold"), _("Esc back") if self.ended else _("Esc leave"))
        for i, line in enumerate(art.wrap(self.status, 44, 1500)[:3]):
            art.blit_text(surface, line, 44, art.DANGER if self.ended else art.INK, (art.W // 2, 250 + i * 52),
                          "center")
        for i, seat in enumerate((self.lobby or {}).get("seats", [])):
            colours = self.colours if self.colours and i < len(self.colours) else None
            colour = art.SEAT_COLOURS[(colours[i] if colours else i) % len(art.SEAT_COLOURS)]
            name = lobby_name(seat, i) or _("open seat")
            label = _("{name}  (you)").format(name=name) if i == self.seat else name
            art.blit_text(surface, label, 40, colour, (art.W // 2, 420 + i * 60), "center")
        self.menu.draw(surface, self.pulse)


class KeyboardScene(Scene):
    """A line typed on the keyboard, or picked letter by letter on an on-screen keyboard
    with a gamepad (d-pad moves, A types, B deletes, X shifts) or the mouse. Return or
    the last wide key confirms (`submit`)."""

    ROWS = ("1234567890", "qwertyuiop", "asdfghjkl-", "zxcvbnm_.!")
    WIDE = ("Shift", "Space", "Delete", "Join")
    LIMIT = 32
    heading = ""
    hint = N_("Type it, or pick letters with a gamepad (A types, B deletes, X shifts) or the mouse.   "
              "Enter joins   Esc back")
    secret = False  # shown as stars

    def __init__(self, app, text: str = "", problem: str = ""):
        super().__init__(app)
        self.text, self.problem = text, problem
        self.upper = False
        self.focus = (1, 0)  # (row, column): the "q"
        self.rects: dict[tuple[int, int], pygame.Rect] = {}
        for r, row in enumerate(self.ROWS):
            for c in range(len(row)):
                self.rects[(r, c)] = pygame.Rect(art.W // 2 - 545 + c * 110, 440 + r * 96, 100, 86)
        for c in range(len(self.WIDE)):
            self.rects[(len(self.ROWS), c)] = pygame.Rect(art.W // 2 - 545 + c * 275, 440 + len(self.ROWS) * 96,
                                                          265, 86)

    def resume(self) -> None:
        self.app.input.text_input = True

    def pause(self) -> None:
        self.app.input.text_input = False

    def label(self, key: tuple[int, int]) -> str:
        row, column = key
        if row == len(self.ROWS):
            return self.WIDE[column]
        letter = self.ROWS[row][column]
        return letter.upper() if self.upper else letter

    def press(self, key: tuple[int, int]) -> None:
        label = self.label(key)
        if label == "Shift":
            self.upper = not self.upper
        elif label == "Delete":
            self.text = self.text[:-1]
        elif key == (len(self.ROWS), len(self.WIDE) - 1):
            self.submit()
            return
        else:
            self.text = (self.text + (" " if label == "Space" else label))[:self.LIMIT]
        self.app.sounds.play("move")

    def submit(self) -> None:
        raise NotImplementedError

    def move(self, action: str) -> None:
        row, column = self.focus
        wide = len(self.ROWS)
        if action in ("left", "right"):
            count = len(self.WIDE) if row == wide else len(self.ROWS[row])
            column = (column + (1 if action == "right" else -1)) % count
        else:
            below = (row + (1 if action == "down" else -1)) % (wide + 1)
            # keep roughly the same place across the row of wide keys
            if below == wide:
                column = min(column * len(self.WIDE) // len(self.ROWS[row]), len(self.WIDE) - 1)
            elif row == wide:
                column = min(column * len(self.ROWS[below]) // len(self.WIDE) + 1, len(self.ROWS[below]) - 1)
            row = below
        self.focus = (row, column)
        self.app.sounds.play("move")

    def handle(self, intent) -> bool:
        if intent.action == "escape":
            self.app.pop()
            return True
        if intent.device in ("keyboard", "keys1", "keys2"):
            # the keyboard types; only Return (keys2's confirm) confirms
            self.text, ended = edit_text(self.text, intent, self.LIMIT)
            if ended == "enter":
                self.submit()
            return True
        if intent.device == "mouse":
            if intent.action in ("point", "confirm"):
                hit = next((key for key, rect in self.rects.items() if rect.collidepoint(intent.pos)), None)
                if hit is not None:
                    self.focus = hit
                    if intent.action == "confirm" and intent.pressed:
                        self.press(hit)
            return True
        if not intent.pressed:
            return True
        if intent.action in ("up", "down", "left", "right"):
            self.move(intent.action)
        elif intent.action == "confirm":
            self.press(self.focus)
        elif intent.action == "back":
            if self.text:
                self.text = self.text[:-1]
            else:
                self.app.pop()
        elif intent.action == "alt":
            self.upper = not self.upper
        return True

    def subtitle(self) -> str:
        return ""

    def title(self) -> str:
        return _(self.heading)

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        self.draw_title(surface, self.title(), _(self.hint))
        art.blit_text(surface, self.subtitle(), 44, art.INK_DIM, (art.W // 2, 196), "center", width=art.W - 120)
        field = pygame.Rect(0, 0, 1100, 90)
        field.center = (art.W // 2, 300)
        surface.blit(art.panel(field.size, art.PANEL_HI, art.GOLD, 14), field)
        shown = ("*" * len(self.text) if self.secret else self.text) + ("_" if int(self.clock * 2) % 2 == 0 else " ")
        room = field.width - 60
        if art.font(56).size(shown)[0] > room:  # a long line (an invite) shows its end, where the typing is
            while len(shown) > 1 and art.font(56).size("..." + shown)[0] > room:
                shown = shown[1:]
            shown = "..." + shown
        art.blit_text(surface, shown, 56, art.INK, (field.left + 30, field.centery + 6), "midleft", width=room)
        if self.problem:
            art.blit_text(surface, self.problem, 36, art.DANGER, (art.W // 2, 384), "center", width=art.W - 100)
        for key, rect in self.rects.items():
            focused = key == self.focus
            special = key[0] == len(self.ROWS) and (key[1] == len(self.WIDE) - 1 or
                                                    (self.upper and self.label(key) == "Shift"))
            surface.blit(art.panel(rect.size, art.PANEL_HI if focused or special else art.PANEL,
                                   art.GOLD if special else None, 12), rect)
            shown = self.label(key)
            if key[0] == len(self.ROWS) and shown in WIDE_KEYS:
                shown = _(WIDE_KEYS[shown])
            art.blit_text(surface, shown, 44 if key[0] < len(self.ROWS) else 40,
                          art.INK if focused else art.INK_DIM, rect.center, "center", width=rect.width - 12)
        art.cursor_ring(surface, self.rects[self.focus], art.GOLD, 3, self.pulse)


# The on-screen keyboard's wide keys as they read (the keys themselves go by their English names).
WIDE_KEYS = {"Shift": N_("Shift"), "Space": N_("Space"), "Delete": N_("Delete"), "Join": N_("Join"), "OK": N_("OK")}


class PasswordScene(KeyboardScene):
    """The password of a protected table, shown as stars; confirming joins the table."""

    heading = N_("Password")
    secret = True

    def __init__(self, app, entry: dict, player_name: str, problem: str = ""):
        super().__init__(app, "", problem)
        self.entry, self.player_name = entry, player_name

    @property
    def password(self) -> str:
        return self.text

    def subtitle(self) -> str:
        return _("{name} needs a password").format(name=self.entry.get("name") or _("This table"))

    def submit(self) -> None:
        if not self.text:
            self.problem = _("Type the table's password first.")
            self.app.sounds.play("reject")
            return
        self.app.sounds.play("confirm")
        self.app.pop()
        self.app.flow.connect(self.entry, self.player_name, self.text)


class AddressScene(KeyboardScene):
    """A table's address typed by hand: a host name or an IPv4 or IPv6 address, and a port
    if it is not the usual one; or a seat's invite (``SA-...``, typed or pasted with
    Ctrl+V), which joins through the relay it names. A bad address or invite is said in
    words; an address (never an invite: it holds the seat's key) is kept in the settings
    for next time."""

    ROWS = ("1234567890", "qwertyuiop", "asdfghjkl-", "zxcvbnm.:%")
    WIDE = ("[", "]", "Delete", "Join")
    LIMIT = 200  # an invite naming a long host name
    heading = N_("Join by address or invite")
    hint = N_("Type or paste it (Ctrl+V), or pick with a gamepad (A types, B deletes) or the mouse.   Enter joins   "
              "Esc back")

    def __init__(self, app, player_name: str):
        super().__init__(app, app.settings.data.get("address", ""))
        self.player_name = player_name

    def subtitle(self) -> str:
        return _("The host's address (192.168.1.20, [fd00::2]:47474, kitchen-pc) or a seat's invite (SA-...)")

    def submit(self) -> None:
        from netplay.discovery import DEFAULT_PORT, host_port, parse_address
        from netplay.relay_invite import looks_like_invite

        if looks_like_invite(self.text):
            self.join_by_invite()
            return
        try:
            address, port = parse_address(self.text, DEFAULT_PORT)
        except ValueError as error:
            self.problem = capitalised(worded(error))
            self.app.sounds.play("reject")
            return
        self.app.settings.data["address"] = self.text.strip()
        self.app.settings.save()
        self.app.sounds.play("confirm")
        self.app.pop()
        self.app.flow.connect({"address": address, "port": port, "name": host_port(address, port)},
                              self.player_name)

    def join_by_invite(self) -> None:
        """A seat's invite: to that seat, through the relay it names (a host's invite or a
        mistyped one is refused in words)."""
        from netplay.relay_invite import InviteError, parse_invite

        try:
            invite = parse_invite(self.text)
        except InviteError as error:
            self.refuse(capitalised(worded(error)))
            return
        if invite.is_host:
            self.refuse(_("This is the host's own invite: it opens a table on a relay. To join, ask the host "
                          "for an open seat's invite."))
            return
        self.app.sounds.play("confirm")
        self.app.pop()
        self.app.flow.connect({"invite": invite.code(), "address": invite.address, "port": invite.port,
                               "name": _("relay table {table}").format(table=invite.table)}, self.player_name)

    def refuse(self, problem: str) -> None:
        self.problem = problem
        self.app.sounds.play("reject")

    def draw(self, surface) -> None:
        super().draw(surface)
        if self.problem or not self.text.strip().upper().startswith("SA-"):
            return
        from netplay.relay_invite import InviteError, parse_invite

        try:  # a whole invite says what it opens before Join is pressed
            invite = parse_invite(self.text)
        except InviteError:
            return
        words = (_("The host's own invite: not a seat") if invite.seat is None else  # is_host
                 _("Seat {number} at table {table}, through the relay at {address}:{port}").format(
                     number=invite.seat + 1, table=invite.table, address=invite.address, port=invite.port))
        art.blit_text(surface, words, 36, art.INK_DIM, (art.W // 2, 384), "center", width=art.W - 100)


class FieldScene(KeyboardScene):
    """One line typed for a form (a table's name, password or port); ``done(text)`` takes
    it, or returns a sentence saying what is wrong with it."""

    WIDE = ("Shift", "Space", "Delete", "OK")
    hint = N_("Type it, or pick letters with a gamepad (A types, B deletes, X shifts) or the mouse.   "
              "Enter: OK   Esc back")

    def __init__(self, app, heading: str, subtitle: str, text: str, done, secret: bool = False):
        super().__init__(app, text)
        self.heading, self.words, self.done, self.secret = heading, subtitle, done, secret

    def subtitle(self) -> str:
        return self.words

    def title(self) -> str:
        return self.heading  # worded by the form that asked

    def submit(self) -> None:
        problem = self.done(self.text)
        if problem:
            self.problem = problem
            self.app.sounds.play("reject")
            return
        self.app.sounds.play("confirm")
        self.app.pop()
