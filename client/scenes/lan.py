"""LAN screens: the host's lobby, the join browser, the password prompt and the wait for a start.

netplay's server, discovery and peer modules are imported only when these screens open;
if one is missing the screen says so instead of failing.
"""

import importlib

import pygame

from client import art
from client.scenes.base import MenuScene, Scene, close_soon
from client.seats import host_seats
from client.ui import Item, Menu, edit_text


def load(module: str):
    """The netplay module, or a sentence saying why it is not available."""
    try:
        return importlib.import_module(module), None
    except ImportError as error:
        return None, f"LAN play needs {module}, which is not available yet ({error})."


class HostLobbyScene(MenuScene):
    """Serves a table on the LAN; local seats play here, open seats wait for peers."""

    running_game = True

    def __init__(self, app, game_id: str, seat_plans, options: dict, seed: int | None = None,
                 serve_options: dict | None = None, bot_delay: float | None = None):
        super().__init__(app)
        self.game_id, self.seat_plans = game_id, seat_plans
        self.error: str | None = None
        self.handle_ = None
        self.sessions: dict = {}
        self.public = None
        self.lobby: dict | None = None
        self.names: list[str] = [plan.name for plan in seat_plans]
        self.addresses: list[str] = []
        self.menu = Menu([Item(lambda: "Back" if self.error else "Cancel the table", self.cancel)],
                         (art.W // 2, 900), sounds=app.sounds)
        server, self.error = load("netplay.server")
        if server is None:
            self.running_game = False
            return
        from netplay.host import Host

        specs = host_seats(seat_plans)
        self.host = Host(game_id, len(seat_plans), seed, options, seats=specs,
                         names=[plan.name if plan.control != "open" else "" for plan in seat_plans],
                         bot_delay=bot_delay)
        self.sessions = {i: self.host.session(i) for i, spec in enumerate(specs) if spec["kind"] == "local"}
        self.public = self.host.session(None)
        host_name = next((plan.name for plan in seat_plans if not plan.is_bot and plan.control != "open"), "Spielabend")
        try:
            self.handle_ = server.serve_in_thread(self.host, port=0, name=f"{host_name}'s table",
                                                  **(serve_options or {}))
        except Exception as error:  # noqa: BLE001 - any failure to serve is shown, not raised
            self.error = f"Could not open the table on the LAN: {error}"
            self.running_game = False
        discovery, _ = load("netplay.discovery")
        try:
            self.addresses = list(discovery.local_addresses(None)) if discovery else []
        except Exception:  # noqa: BLE001 - the address line is a courtesy
            self.addresses = []

    def cancel(self) -> None:
        if self.error:
            self.close()
            self.app.pop()
            return
        self.app.flow.confirm("Close this table? Joined players will be sent away.", self._close)

    def _close(self) -> None:
        self.close()
        self.app.pop()

    def close(self) -> None:
        close_soon(*self.sessions.values(), self.public, self.handle_)
        self.sessions, self.public, self.handle_ = {}, None, None

    def back(self) -> None:
        self.cancel()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.public is None:
            return
        messages = self.public.poll()
        for index, message in enumerate(messages):
            if message.get("t") == "lobby":
                self.lobby = message
            elif message.get("t") == "start":
                self.names = list(message.get("names", self.names))
                self.begin(messages[index + 1:])
                return

    def begin(self, rest: list) -> None:
        self.app.flow.lobby_started(self, rest)

    def handed_over(self) -> None:
        """The table has taken the sessions and the server: closing the lobby keeps them."""
        self.sessions, self.public, self.handle_ = {}, None, None

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        self.draw_title(surface, "Hosting on the LAN", "Esc back" if self.error else "Waiting for players to join   Esc cancel")
        if self.error:
            for i, line in enumerate(art.wrap(self.error, 44, 1300)):
                art.blit_text(surface, line, 44, art.DANGER, (art.W // 2, 380 + i * 50), "center")
        else:
            where = ", ".join(self.addresses[:3]) or "this computer"
            art.blit_text(surface, f"Open at {where}, port {getattr(self.handle_, 'port', '?')}", 40,
                          art.INK_DIM, (art.W // 2, 190), "center")
            seats = (self.lobby or {}).get("seats", [])
            for i, seat in enumerate(seats):
                rect = pygame.Rect(art.W // 2 - 450, 260 + i * 86, 900, 72)
                colour = art.SEAT_COLOURS[self.seat_plans[i].colour % len(art.SEAT_COLOURS)]
                surface.blit(art.panel(rect.size, art.PANEL, colour if seat.get("ready") else None, 14), rect)
                name = seat.get("name") or "open seat"
                art.blit_text(surface, name, 42, colour, (rect.left + 28, rect.centery), "midleft")
                state = {"open": "waiting for a player...", "bot": "bot", "human": "ready"}.get(seat.get("kind"), "")
                if seat.get("away"):
                    state = "away"
                art.blit_text(surface, state, 36, art.INK_DIM, (rect.right - 28, rect.centery), "midright")
        self.menu.draw(surface, self.pulse)


class JoinScene(MenuScene):
    """A live list of tables on the LAN (zeroconf); confirm one to join it."""

    def __init__(self, app, player_name: str | None = None, browse: bool = True):
        super().__init__(app)
        self.player_name = player_name
        self.hosts: list[dict] = []
        self.browser = None
        self.refresh_in = 0.0
        discovery, self.error = load("netplay.discovery")
        if discovery is not None and browse:
            try:
                self.browser = discovery.HostBrowser()
                self.browser.start()
                if self.browser.error is not None:
                    self.error = f"Could not look for tables on the LAN: {self.browser.error}"
            except Exception as error:  # noqa: BLE001 - a failing browser is shown, not raised
                self.error = f"Could not look for tables on the LAN: {error}"
                self.browser = None
        self.editing = False
        self.player_name = player_name or app.settings.data["name"]
        self._rebuild()

    def leave(self) -> None:
        self.close()
        self.app.pop()

    def _edit_name(self) -> None:
        self.editing = True
        self.app.input.text_input = True

    def _handle_editing(self, intent) -> bool:
        self.player_name, ended = edit_text(self.player_name, intent)
        if ended:
            self.player_name = self.player_name.strip() or "Player"
            self.editing = False
            self.app.input.text_input = False
            self.app.settings.data["name"] = self.player_name
            self.app.settings.save()
        return True

    def close(self) -> None:
        close_soon(self.browser)
        self.browser = None

    def _rebuild(self) -> None:
        items = [Item(lambda h=h: host_line(h), lambda h=h: self.join(h)) for h in self.hosts]
        name = Item(lambda: f"Your name: {self.player_name}{'_' if self.editing else ''}", self._edit_name)
        focus = self.menu.focus if getattr(self, "menu", None) else 0
        self.menu = Menu(items + [name, Item("Back", self.leave)], (art.W // 2, 240 if items else 560),
                         width=1100, height=72, gap=12, size=40, sounds=self.app.sounds)
        self.menu.focus = min(focus, len(items) + 1)

    def join(self, entry: dict) -> None:
        if entry.get("password"):
            self.app.flow.password(entry, self.player_name)
        else:
            self.app.flow.connect(entry, self.player_name)

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

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        self.draw_title(surface, "Join a LAN game", "Tables on this network appear by themselves   Esc back")
        if self.error:
            for i, line in enumerate(art.wrap(self.error, 44, 1300)):
                art.blit_text(surface, line, 44, art.DANGER, (art.W // 2, 380 + i * 50), "center")
        elif not self.hosts:
            dots = "." * (1 + int(self.clock * 2) % 3)
            left = art.W // 2 - art.font(50).size("Looking for tables...")[0] // 2
            art.blit_text(surface, f"Looking for tables{dots}", 50, art.INK_DIM, (left, 420), "midleft")
        self.menu.draw(surface, self.pulse)


def host_line(entry: dict) -> str:
    from engines import GAMES

    game = GAMES[entry["game"]].name if entry.get("game") in GAMES else entry.get("game", "?")
    seats = f"{entry.get('seats_open', 0)} open / {entry.get('seats_taken', 0)} taken"
    lock = "  (password)" if entry.get("password") else ""
    return f"{entry.get('name', '?')}  -  {game}  -  {seats}  -  {entry.get('phase', '')}{lock}"


class JoinWaitScene(MenuScene):
    """Connected to a table: wait in its lobby until it starts, then sit down at it."""

    def __init__(self, app, session, entry: dict, player_name: str = "Player", password: str | None = None):
        super().__init__(app)
        self.session, self.entry = session, entry
        self.player_name, self.password = player_name, password
        self.lobby: dict | None = None
        self.seat = None
        self.status = "Connecting..."
        self.menu = Menu([Item("Leave", self.leave)], (art.W // 2, 900), sounds=app.sounds)

    def leave(self) -> None:
        close_soon(self.session)
        self.app.pop()

    def back(self) -> None:
        self.leave()

    def update(self, dt: float) -> None:
        super().update(dt)
        messages = self.session.poll()
        for index, message in enumerate(messages):
            kind = message.get("t")
            if kind == "welcome":
                self.seat = message.get("seat")
                self.status = "Waiting for the table to fill..."
            elif kind == "lobby":
                self.lobby = message
            elif kind == "refuse" and message.get("code") == "password":
                close_soon(self.session)  # ask again, saying why
                problem = "Wrong password, try again." if self.password else "This table needs a password."
                self.app.flow.password(self.entry, self.player_name, problem, replace=True)
                return
            elif kind in ("bye", "refuse"):
                self.status = f"The host said: {message.get('reason', 'goodbye')}"
            elif kind == "start":
                if self.app.flow.joined(self, message, messages[index + 1:]):
                    return

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        self.draw_title(surface, f"Table: {self.entry.get('name', '?')}", "Esc leave")
        art.blit_text(surface, self.status, 46, art.INK, (art.W // 2, 260), "center")
        for i, seat in enumerate((self.lobby or {}).get("seats", [])):
            colour = art.SEAT_COLOURS[i % len(art.SEAT_COLOURS)]
            label = f"{seat.get('name') or 'open seat'}{'  (you)' if i == self.seat else ''}"
            art.blit_text(surface, label, 40, colour, (art.W // 2, 360 + i * 60), "center")
        self.menu.draw(surface, self.pulse)


class PasswordScene(Scene):
    """The password of a protected table: typed on the keyboard, or picked letter by letter
    on an on-screen keyboard with a gamepad (d-pad moves, A types, B deletes, X shifts)
    or the mouse. Shown as stars; confirming joins the table."""

    ROWS = ("1234567890", "qwertyuiop", "asdfghjkl-", "zxcvbnm_.!")
    WIDE = ("Shift", "Space", "Delete", "Join")
    LIMIT = 32

    def __init__(self, app, entry: dict, player_name: str, problem: str = ""):
        super().__init__(app)
        self.entry, self.player_name, self.problem = entry, player_name, problem
        self.password = ""
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
            self.password = self.password[:-1]
        elif label == "Join":
            self.submit()
            return
        else:
            self.password = (self.password + (" " if label == "Space" else label))[:self.LIMIT]
        self.app.sounds.play("move")

    def submit(self) -> None:
        if not self.password:
            self.problem = "Type the table's password first."
            self.app.sounds.play("reject")
            return
        self.app.sounds.play("confirm")
        self.app.pop()
        self.app.flow.connect(self.entry, self.player_name, self.password)

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
            # the keyboard types; only Return (keys2's confirm) joins
            self.password, ended = edit_text(self.password, intent, self.LIMIT)
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
            if self.password:
                self.password = self.password[:-1]
            else:
                self.app.pop()
        elif intent.action == "alt":
            self.upper = not self.upper
        return True

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        self.draw_title(surface, "Password", "Type it, or pick letters with a gamepad (A types, B deletes, "
                                             "X shifts) or the mouse.   Enter joins   Esc back")
        art.blit_text(surface, f"{self.entry.get('name', 'This table')} needs a password", 44, art.INK_DIM,
                      (art.W // 2, 196), "center")
        field = pygame.Rect(0, 0, 900, 90)
        field.center = (art.W // 2, 300)
        surface.blit(art.panel(field.size, art.PANEL_HI, art.GOLD, 14), field)
        shown = "*" * len(self.password) + ("_" if int(self.clock * 2) % 2 == 0 else " ")
        art.blit_text(surface, shown, 60, art.INK, (field.left + 30, field.centery + 8), "midleft")
        if self.problem:
            art.blit_text(surface, self.problem, 38, art.DANGER, (art.W // 2, 384), "center")
        for key, rect in self.rects.items():
            focused = key == self.focus
            special = key[0] == len(self.ROWS) and (self.label(key) == "Join" or (self.upper and key[1] == 0))
            surface.blit(art.panel(rect.size, art.PANEL_HI if focused or special else art.PANEL,
                                   art.GOLD if special else None, 12), rect)
            art.blit_text(surface, self.label(key), 44 if key[0] < len(self.ROWS) else 40,
                          art.INK if focused else art.INK_DIM, rect.center, "center")
        art.cursor_ring(surface, self.rects[self.focus], art.GOLD, 3, self.pulse)
