"""Joining another window's table: the join browser (tables found on the LAN, seats to
rejoin, an address or invite typed by hand), the password and address prompts, and the
wait in the table's lobby until it starts."""

from functools import partial

from client import i18n
from client.hosting.lobby import lobby_name, seat_state
from client.hosting.network import capitalised, chosen_interfaces, load, worded
from client.hosting.rejoin import RejoinBook
from client.i18n import N_, _, ngettext
from client.input.buttons import buttons_here
from client.settings import DEFAULTS
from client.ui import art
from client.ui.closing import close_soon
from client.ui.keyboard import KeyboardScene
from client.ui.menu import Item, Menu, edit_text
from client.ui.scene import MenuScene
from netplay import sayings


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
        if self.player_name == DEFAULTS["name"]:  # never chosen: the default, in this window's language
            self.player_name = _("Player")
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
        self.player_name, ended = edit_text(self.player_name, intent, names=self.app.evening.name_choices(self.player_name))
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
        if self.editing:  # the set-up's name field's words: a pad picks a name here too
            hint = _("Type a name, or left/right to pick one   Enter / a pad's confirm or back: done")
        else:
            hint = _("Tables on this network appear by themselves; an invite from afar: Type an address   "
                     "{back}: back").format(back=buttons_here(self.app, "back"))
        self.draw_title(surface, _("Join a LAN game"), hint)
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
        self._kept: str | None = None  # the table name its seat was kept under (`remember`)
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

    def table_name(self) -> str:
        """The table's name as its host calls it (a table joined by address, or followed to
        the group's next table, is named by its lobby), else as it was reached."""
        entry = self.entry
        return str((self.lobby or {}).get("table") or entry.get("name") or f"{entry['address']}:{entry['port']}")

    def remember(self, lobby: dict, seat: int, token: str) -> None:
        """Keep the seat's token for this table (the first lobby or start names the game; a
        later lobby may name the table better than its address did)."""
        if self._kept == self.table_name():
            return
        self._kept = self.table_name()
        entry = self.entry
        RejoinBook().remember(self.table_name(), lobby.get("game", "?"),
                              entry["address"], entry["port"], seat, self.player_name, token,
                              invite=entry.get("invite"))

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        self.draw_title(surface, art.fit(_("Table: {name}").format(name=self.table_name()), 96, art.W - 80,
                                         "bold"), _("Esc back") if self.ended else _("Esc leave"))
        for i, line in enumerate(art.wrap(self.status, 44, 1500)[:3]):
            art.blit_text(surface, line, 44, art.DANGER if self.ended else art.INK, (art.W // 2, 250 + i * 52),
                          "center")
        for i, seat in enumerate((self.lobby or {}).get("seats", [])):
            colours = self.colours if self.colours and i < len(self.colours) else None
            colour = art.SEAT_COLOURS[(colours[i] if colours else i) % len(art.SEAT_COLOURS)]
            name = lobby_name(seat, i) or _("open seat")
            label = _("{name}  (you)").format(name=name) if i == self.seat else name
            y = 420 + i * 60
            art.blit_text(surface, label, 40, colour, (art.W // 2 - 20, y), "midright", width=art.W // 2 - 120)
            state = seat_state(seat, hosting=False) if seat.get("kind") != "open" else ""
            art.blit_text(surface, state, 34, art.INK_DIM, (art.W // 2 + 20, y), "midleft", width=art.W // 2 - 120)
        self.menu.draw(surface, self.pulse)


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

    def handle(self, intent) -> bool:
        """Typing, pasting or deleting clears the last problem: a corrected invite shows
        what it opens instead."""
        before = self.text
        taken = super().handle(intent)
        if self.text != before:
            self.problem = ""
        return taken

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


def no_table_words(game_id) -> str:
    from engines import GAMES

    name = GAMES[game_id].name if game_id in GAMES else str(game_id)
    return _("This window has no table for {game} yet. Play this seat from a terminal: {bot}, or {join} to play "
             "by typing.").format(game=name, bot="spielabend join --bot", join="spielabend join")
