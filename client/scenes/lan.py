"""Hosting on the LAN: the host form (the table's name, password, port and relay), the
lobby of a hosted table until it starts, and each open seat's relay invite.

The table itself is a `client.hosting.hosted.HostedTable`, which the flow opens with the
form's `TableSettings`; these screens only show it and pass the player's choices on.
The form shows the settings the window last hosted with, and they are kept for the next
table and the next start (`TableSettings.remember`).
"""

import pygame

from client.hosting.lobby import lobby_name, seat_state
from client.hosting.network import PORT_WISHES, host_invite_problem
from client.hosting.table_settings import TableSettings, port_problem
from client.i18n import _
from client.ui import art
from client.ui.delay_meter import draw_delay_meter, one_way
from client.ui.keyboard import FieldScene
from client.ui.menu import Item, Menu
from client.ui.qr import draw_seat_cards, qr_surface
from client.ui.scene import MenuScene, Scene

DELAYS_EVERY = 0.5  # seconds between the lobby's looks at each seat's measured round trips


class HostLobbyScene(MenuScene):
    """A table served on the LAN (``hosted``) until it starts: local seats play here, open
    seats wait for peers. With ``error`` instead, why the table could not open."""

    running_game = True
    updates_when_covered = True  # a phone may fill the last seat while its QR codes are up

    def __init__(self, app, hosted=None, error: str | None = None):
        super().__init__(app)
        self.hosted = hosted
        self.error = error if hosted is None else None
        self.lobby: dict | None = None
        self.names: list[str] = [plan.name for plan in hosted.plans] if hosted is not None else []
        self.round_trips: dict[int, float] = {}  # seat -> its slowest recent round trip, from the host's thread
        self.shown_round_trips: dict[int, float] = {}
        self.delays_in = 0.0
        cancel = Item(lambda: _("Back") if self.error else _("Cancel the table"), self.cancel)
        if hosted is None:
            self.running_game = False
            self.menu = Menu([cancel], (art.W // 2, 900), sounds=app.sounds)
            return
        items = [Item(lambda: _("Start now: bots take the open seats"), hosted.start_now), cancel]
        if hosted.phones is not None:
            items.insert(0, Item(lambda: _("Phones: QR codes"), lambda: app.flow.lobby_phones(self)))
        if hosted.settings.relay:
            items.insert(0, Item(lambda: _("Invites: codes and QR"), self.show_invites))
        # under six seats' rows, above the hint line
        self.menu = Menu(items, (art.W // 2, 1000 - 74 * len(items)), width=760, height=64, gap=10, size=40,
                         sounds=app.sounds)

    # --- what the lobby says ---------------------------------------------------------------------
    @property
    def seat_plans(self) -> list:
        return self.hosted.plans if self.hosted is not None else []

    @property
    def game_id(self) -> str:
        return self.hosted.game_id if self.hosted is not None else ""

    def seats(self) -> list[dict]:
        return list((self.lobby or {}).get("seats", []))

    def open_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats()) if seat.get("kind") == "open"]

    def phone_seats(self) -> list[int]:
        """Seats a phone may take here: this screen's and those still open (never a LAN
        player's: its code would show that player's secrets to this room)."""
        seats = self.seats()
        return [i for i, plan in enumerate(self.seat_plans) if plan.is_local
                or (plan.control == "open" and i < len(seats) and seats[i].get("kind") == "open")]

    def seat_name(self, seat: int) -> str:
        seats = self.seats()
        name = lobby_name(seats[seat], seat) if seat < len(seats) else ""
        return name or (self.seat_plans[seat].name if self.seat_plans[seat].control != "open" else _("Open seat"))

    def seat_colour(self, seat: int):
        return art.seat_colour(self.hosted.colours()[seat] if self.hosted is not None else seat)

    # --- what the player does --------------------------------------------------------------------
    def show_invites(self) -> None:
        if self.hosted is not None and self.hosted.settings.relay and self.app.top is self:
            self.app.push(InvitesScene(self.app, self))

    def cancel(self) -> None:
        if self.error:
            self.app.pop()
            return
        self.app.flow.confirm(_("Close this table? Players who joined will be sent away."), self._close)

    def _close(self) -> None:
        self.close()
        self.app.pop()

    def close(self) -> None:
        hosted, self.hosted = self.hosted, None
        if hosted is not None:
            hosted.close()

    def back(self) -> None:
        self.cancel()

    def handed_over(self) -> None:
        """The table has taken the hosted table: closing the lobby keeps it."""
        self.hosted = None

    # --- time ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        hosted = self.hosted
        if hosted is None or hosted.public is None:
            return
        self.watch_delays(dt)
        messages = hosted.public.poll()
        if messages:
            self.changed()
        for index, message in enumerate(messages):
            if message.get("t") == "lobby":
                self.lobby = message
            elif message.get("t") == "start":
                self.names = list(message.get("names", self.names))
                self.app.flow.lobby_started(self, messages[index + 1:])
                return

    def watch_delays(self, dt: float) -> None:
        """Ask the host's thread for each seat's round trips now and then; the delay meters
        change when they do."""
        self.delays_in -= dt
        if self.delays_in <= 0 and self.hosted is not None:
            self.delays_in = DELAYS_EVERY
            self.hosted.watch_round_trips(lambda trips: setattr(self, "round_trips", trips))
        if self.round_trips != self.shown_round_trips:
            self.shown_round_trips = self.round_trips
            self.changed()

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        relay = self.hosted is not None and bool(self.hosted.settings.relay)
        self.draw_title(surface, _("Hosting on the LAN and a relay") if relay else _("Hosting on the LAN"),
                        _("Esc back") if self.error else _("Waiting for players to join   Esc cancel"))
        if self.error:
            for i, line in enumerate(art.wrap(self.error, 44, 1300)):
                art.blit_text(surface, line, 44, art.DANGER, (art.W // 2, 380 + i * 50), "center")
        else:
            art.blit_text(surface, self.joining_words(), 38, art.INK_DIM, (art.W // 2, 190), "center",
                          width=art.W - 120)
            for i, seat in enumerate(self.seats()):
                self.draw_seat(surface, i, seat)
        self.menu.draw(surface, self.pulse)

    def draw_seat(self, surface, index: int, seat: dict) -> None:
        rect = pygame.Rect(art.W // 2 - 450, 260 + index * 86, 900, 72)
        colour = self.seat_colour(index)
        surface.blit(art.panel(rect.size, art.PANEL, colour if seat.get("ready") else None, 14), rect)
        name = lobby_name(seat, index) or _("open seat")
        art.blit_text(surface, name, 42, colour, (rect.left + 28, rect.centery), "midleft", width=520)
        art.blit_text(surface, seat_state(seat), 36, art.INK_DIM, (rect.right - 28, rect.centery), "midright",
                      width=300)
        round_trip = self.shown_round_trips.get(index)
        if round_trip is not None and seat.get("kind") == "human" and not seat.get("away"):
            draw_delay_meter(surface, (rect.right - 330, rect.centery), one_way(round_trip))

    def joining_words(self) -> str:
        """Where players join this table, in one sentence (one per case: the words around
        the addresses differ by language)."""
        hosted = self.hosted
        if hosted is None:
            return ""
        locked, table = bool(hosted.settings.password), hosted.name
        where = ", ".join(hosted.addresses()[:3])
        if not where:
            return (_("{table}: join on this computer (with the password)") if locked
                    else _("{table}: join on this computer")).format(table=table)
        if hosted.settings.relay:
            sentence = (_("{table}: join at {where}; from afar by a seat's invite (Invites)  (with the password)")
                        if locked else _("{table}: join at {where}; from afar by a seat's invite (Invites)"))
        else:
            sentence = (_("{table}: join at {where}  (with the password)") if locked
                        else _("{table}: join at {where}"))
        return sentence.format(table=table, where=where)


class HostTableScene(MenuScene):
    """Before a table opens on the LAN: its name as join screens list it, a password (none:
    anyone may join), its port (none chosen: the usual one, else any free one) and a relay.
    It starts from the settings this window last hosted with."""

    def __init__(self, app, game_id: str, seat_plans, options: dict):
        super().__init__(app)
        self.game_id, self.seat_plans, self.options = game_id, seat_plans, options
        kept = TableSettings.remembered(app.settings)
        self.table_name = kept.shown_name(seat_plans)
        self.password = kept.password
        self.port = str(kept.port) if kept.port is not None else ""
        self.relay = kept.relay  # a host's relay invite (spielabend relay prints it): the table opens there
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

    def settings(self) -> TableSettings:
        """The form as a table's settings (a name left as the default is kept as no name)."""
        default = TableSettings().shown_name(self.seat_plans)
        return TableSettings("" if self.table_name == default else self.table_name, self.password,
                             int(self.port) if self.port else None, self.relay)

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
            problem = port_problem(text)
            if problem:
                return problem
            self.port = text
        return None

    def open(self) -> None:
        settings = self.settings()
        settings.remember(self.app.settings)
        self.app.flow.open_hosted(self.game_id, self.seat_plans, self.options, settings, replace=True)

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
        draw_seat_cards(surface, _("Invites"), _("Send each player far away their seat's invite, or let them scan "
                                                 "it: they join with spielabend join SA-..., or on Join a LAN game, "
                                                 "Type an address."),
                        _("Every seat is taken."), self.lobby.open_seats()[:4], (560, 900, 900, 170),
                        lambda box, seat: self.draw_invite(surface, box, seat))

    def draw_invite(self, surface, box: pygame.Rect, seat: int) -> None:
        """One open seat's invite: its QR code and its code in groups of four."""
        hosted = self.lobby.hosted
        if hosted is None:
            return
        colour = self.lobby.seat_colour(seat)
        surface.blit(art.panel(box.size, (34, 30, 40), colour, 16, 250), box)
        art.blit_text(surface, _("Seat {number}").format(number=seat + 1), 38, colour, (box.centerx, box.top + 16),
                      "midtop", "bold", width=box.width - 24)
        code = hosted.seat_invite(seat)
        qr = qr_surface(code, min(box.width - 60, box.height - 250))
        where = qr.get_rect(midtop=(box.centerx, box.top + 66))
        surface.blit(qr, where)
        groups = code.split("-")
        lines = ["-".join(groups[i:i + 4]) for i in range(0, len(groups), 4)]
        for row, line in enumerate(lines[:5]):
            art.blit_text(surface, line, 30, art.INK, (box.centerx, where.bottom + 14 + 38 * row), "midtop",
                          "regular", width=box.width - 24)
