"""The Die Mauer table, drawn from view dicts that sessions deliver.

The scene polls its sessions in update() (never waits), keeps one `SeatControl` per
local seat (the device it listens to, its cursor, peeking, a gamepad's blind pick) and
turns events into log lines, tweens and pymunk moments. draw() only reads.

Secret choices on a shared screen: plans and donations are made in a private panel
that shows only while that seat holds its peek button (keyboard, mouse), or blind on a
gamepad (each piece has a button; press it twice). The shared screen shows only
"locked in" until the reveal.
"""

from collections import deque
from dataclasses import dataclass

import pygame

from client import art
from client.physics import Moments
from client.scenes.base import ConfirmScene, MenuScene, MessageScene, Scene, close_soon, draw_dialog
from client.scenes.die_mauer_draw import (
    NOT_ARMED,
    PANEL_TOP,
    PIECE_NAMES,
    SHELF,
    WALL_BASE,
    WALL_MAX_HEIGHT,
    WALL_MIN_HEIGHT,
    TableDrawing,
    ghost_room,
    wall_gap,
    wall_width,
)
from client.tween import Tweens, ease_out_back
from client.ui import Item, Menu

SECRET_TYPES = ("plan", "donate")
# A gamepad's blind pick: each virtual button stands for one choice.
BLIND_BUTTONS = {"up": "T", "right": "G", "down": "6", "left": "4",
                 "confirm": "3", "back": "2", "alt": "1", "secret": None}
REJECT_SENTENCES = {  # shared-screen wording for a refused secret pick (never names a piece)
    "piece_not_held": "that piece is not in their stock",
    "no_such_piece": "that is not a piece",
}


@dataclass
class SeatControl:
    seat: int
    device: str  # a device id, or "any" (a single LAN seat: every local device drives it)
    cursor: int = 0
    peeking: bool = False
    armed: object = NOT_ARMED
    armed_at: float = 0.0
    private_note: str = ""  # the engine's full reason for a refused secret pick

    def listens_to(self, device: str) -> bool:
        return self.device == "any" or self.device == device


def start_local_game(app, game_id, seat_plans, options, seed, bot_delay=None) -> None:
    """Make an in-process netplay Host for ``seat_plans`` and push its table scene."""
    try:
        from netplay.host import Host
    except ImportError as error:
        app.push(MessageScene(app, "Cannot start", f"The game host is missing ({error.name})."))
        return
    from client.scenes.setup import host_seats

    specs = host_seats(seat_plans)
    host = Host(game_id, len(seat_plans), seed, options, seats=specs, names=[p.name for p in seat_plans],
                bot_delay=bot_delay)
    sessions = {i: host.session(i) for i, spec in enumerate(specs) if spec["kind"] == "local"}
    devices = {i: seat_plans[i].control for i in sessions}
    app.push(DieMauerScene(app, sessions, devices, [p.colour for p in seat_plans], public=host.session(None),
                           host=host))


class DieMauerScene(TableDrawing, Scene):
    running_game = True
    notes_at = "top"  # the table's bottom is the seats' panels

    def __init__(self, app, sessions: dict, devices: dict, colours: list[int], public=None, host=None):
        super().__init__(app)
        self.sessions = sessions
        self.public = public
        self.host = host
        self.controls = {seat: SeatControl(seat, devices[seat]) for seat in sessions}
        self.colour_ids = colours
        self.names: list[str] = []
        self.view: dict | None = None  # the shared screen's view (a spectator's)
        self.seat_views: dict[int, dict] = {}
        self.legal: dict[int, list] = {seat: [] for seat in sessions}
        self.log: deque[str] = deque(maxlen=9)
        self.toasts: list[list] = []  # [text, colour, seconds left]
        self.tweens = Tweens()
        self.moments = Moments()
        self.wall_items: list[tuple[str, int]] = []
        self._next_uid = 0
        self.reveal: dict | None = None
        self.reveal_until = 0.0
        self.round_summary: dict | None = None
        self.round_summary_until = 0.0
        self.results_at: float | None = None
        self.final: dict | None = None
        self.closed = False
        self.server = None  # a LAN ServerHandle this table owns (hosting from the lobby)
        # what each seat is ("bot", "human"...), for the labels of seats not played here
        self.seat_kinds = [] if host is None else [seat.kind for seat in host.seats]
        self.solo = len(sessions) == 1
        self.layout_cache: dict = {}
        self._moment: tuple = ()
        self.poll()

    # --- who is who --------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.view["players"] if self.view else len(self.colour_ids)

    def colour(self, seat: int):
        return art.SEAT_COLOURS[self.colour_ids[seat] % len(art.SEAT_COLOURS)]

    def name(self, seat) -> str:
        if seat is None:
            return "host"
        return self.names[seat] if seat < len(self.names) else f"Player {seat + 1}"

    # --- sessions ----------------------------------------------------------------------
    def poll(self) -> None:
        public_events_from = self.public if self.public is not None else next(iter(self.sessions.values()))
        channels = list(self.sessions.items())
        if self.public is not None:
            channels.append((None, self.public))
        for seat, session in channels:
            for message in session.poll():
                self.receive(seat, message, public=session is public_events_from)

    def receive(self, seat, message: dict, public: bool) -> None:
        kind = message.get("t")
        if kind == "start":
            self.names = list(message.get("names", []))
        elif kind == "update":
            view = message["view"]
            if seat is not None:
                self.seat_views[seat] = view
                self.legal[seat] = message.get("legal", [])
                for event in message.get("events", []):
                    if event.get("type") == "donated":
                        self.controls[seat].private_note = (
                            f"{self.name(event['giver'])} gave {self.name(event['master'])} "
                            f"the {PIECE_NAMES[event['piece']]}")
            if public:
                self.view = {k: v for k, v in view.items() if k not in ("stock",)}
                if "plans" in view:
                    self.view["plans"] = {k: v for k, v in view["plans"].items() if k != "mine"}
                for event in message.get("events", []):
                    self.on_event(event)
                self._sync_wall()
                moment = (view["round"], view["turn"], view["phase"], tuple(map(tuple, view["builders"])))
                if moment != self._moment:  # new choices: every cursor starts at the first one
                    self._moment = moment
                    for control in self.controls.values():
                        control.cursor = 0
        elif kind == "reject":
            self.on_reject(seat, message)
        elif kind == "bye":
            self.toast(f"Disconnected: {message.get('reason', '')}", art.DANGER)

    def send(self, seat: int, action) -> None:
        self.sessions[seat].send(action)
        if action["type"] in SECRET_TYPES:
            self.controls[seat].armed = NOT_ARMED

    def on_reject(self, seat, message: dict) -> None:
        self.app.sounds.play("reject")
        code, reason = message.get("code", ""), message.get("reason", "")
        who = self.name(seat)
        secret = self.view is not None and self.view["phase"] in ("plan", "donate")
        if secret and seat in self.controls and code in REJECT_SENTENCES:
            # the engine's sentence names the piece: it goes to the private panel only
            self.controls[seat].private_note = f"Refused: {reason}"
            self.toast(f"{who}: refused, {REJECT_SENTENCES[code]}. Pick again.", self.colour(seat))
        else:
            self.toast(f"{who}: {reason}", self.colour(seat) if seat is not None else art.DANGER)
        self.log.append(f"Refused ({who}): {code}")

    def toast(self, words: str, colour, seconds: float = 4.0) -> None:
        self.toasts = (self.toasts + [[words, colour, seconds]])[-3:]

    # --- events: log lines and animations --------------------------------------------------
    def on_event(self, event: dict) -> None:
        kind = event["type"]
        sounds = self.app.sounds
        if kind == "locked":
            self.log.append(f"{self.name(event['player'])} is locked in")
            self.tweens.start(f"lock{event['player']}", 1.3, 1.0, 0.35, ease_out_back)
            sounds.play("lock")
        elif kind == "reveal":
            self.reveal = {"master": event["master"], "plans": list(event["plans"])}
            self.reveal_until = self.clock + 3.0
            picks = ", ".join(f"{self.name(p)} {PIECE_NAMES[piece]}" for p, piece in enumerate(event["plans"]))
            self.log.append(f"Reveal: {picks}")
            self.moments.clear_drops("reveal")
            for p, piece in enumerate(event["plans"]):
                self.tweens.start(f"fist{p}", 0.0, 1.0, 0.45, delay=0.1 * p)
                if piece is not None:  # the piece hops out of the opening fist and lands beside it,
                    size = art.piece_size(piece, 90)  # low enough to keep the seat's name readable
                    fist = self.fist_centre(p)
                    target = (fist[0] + 110, fist[1] + 50 - size[1] / 2)
                    self.moments.drop(piece, self.colour(p), size, target, velocity=(0, -300),
                                      life=3.0, start=(fist[0] + 10, fist[1]), upright=True)
                    self.moments.drops[-1]["kind"] = "reveal"
                    self.moments.drops[-1]["seat"] = p
            sounds.play("reveal")
        elif kind == "outcome":
            self.log.append(outcome_text(event, self.name))
        elif kind == "built":
            self.log.append(f"{self.name(event['player'])} builds the {PIECE_NAMES[event['piece']]} "
                            f"at the {'left' if event['end'] == 'L' else 'right'} end")
            uid = self._uid()
            if event["end"] == "L":
                self.wall_items.insert(0, (event["piece"], uid))
            else:
                self.wall_items.append((event["piece"], uid))
            rect = self.wall_layout(self.wall_items)[uid]
            # it falls straight into its own slot from no higher than the shelf's top
            rise = min(rect.height * 0.7, rect.top - SHELF.top)
            self.moments.drop(event["piece"], self.colour(event["player"]), rect.size, rect.center, upright=True,
                              start=(rect.centerx, rect.centery - rise))
            self.moments.drops[-1]["uid"] = uid
            self.round_summary_until = min(self.round_summary_until, self.clock)  # the new wall shows
            sounds.play("thud")
        elif kind == "donation":
            self.log.append(f"{self.name(event['giver'])} gives the master builder a piece in secret")
        elif kind == "turn":
            self.log.append(f"{self.name(event['master'])} is the master builder")
        elif kind == "round_over":
            self.round_summary = event
            self.round_summary_until = self.clock + 3.5
            self.log.append(f"Round {event['round']} over: " + ", ".join(
                f"{self.name(p)} +{pen}" for p, pen in enumerate(event["penalties"])))
            layout = self.wall_layout(self.wall_items)
            centre = layout["centre"] if self.wall_items else (art.W // 2, WALL_BASE)
            self.moments.scatter(centre, [art.STONE, art.STONE_DARK, art.TOWER_BLUE, art.GATE_RED],
                                 count=min(80, 20 + 6 * len(self.wall_items)))
            self.wall_items = []
            sounds.play("round")
            sounds.play("scatter")
        elif kind == "round":
            self.log.append(f"Round {event['round']} begins; {self.name(event['master'])} is master builder")
        elif kind == "game_over":
            self.final = event
            self.results_at = self.clock + 3.5
            self.log.append("Game over")

    def _uid(self) -> int:
        self._next_uid += 1
        return self._next_uid

    def _sync_wall(self) -> None:
        """Trust the view's wall if the event-built one disagrees (say, joining late)."""
        wall = self.view["wall"] if self.view else []
        if self.view and self.view["phase"] == "over":
            return  # the last wall has scattered; the view still holds it
        if [piece for piece, _ in self.wall_items] != wall:
            self.wall_items = [(piece, self._uid()) for piece in wall]

    # --- geometry (pure functions of state; used by update, draw and hit tests) ------------
    def wall_layout(self, items) -> dict:
        """Where each wall piece sits: the tallest pieces (up to WALL_MAX_HEIGHT) for which
        the whole wall, plus a ghost's room at either end, fits on the shelf."""
        key = tuple(items)
        cached = self.layout_cache.get(key)
        if cached is not None:
            return cached
        height = WALL_MAX_HEIGHT
        for height in range(WALL_MAX_HEIGHT, WALL_MIN_HEIGHT - 1, -2):
            if wall_width(items, height) + 2 * (ghost_room(height) + wall_gap(height)) <= SHELF.width:
                break
        gap, width = wall_gap(height), wall_width(items, height)
        x = SHELF.centerx - width // 2
        layout: dict = {"height": height, "gap": gap, "left": x, "right": x + width,
                        "centre": (SHELF.centerx, WALL_BASE - height // 2)}
        for piece, uid in items:
            w, h = art.piece_size(piece, height)
            layout[uid] = pygame.Rect(x, WALL_BASE - h, w, h)
            x += w + gap
        if len(self.layout_cache) > 64:
            self.layout_cache.clear()
        self.layout_cache[key] = layout
        return layout

    def seat_rect(self, seat: int) -> pygame.Rect:
        count = self.players
        width = min(330, (art.W - 60) // count - 14)
        total = count * width + (count - 1) * 14
        return pygame.Rect(art.W // 2 - total // 2 + seat * (width + 14), PANEL_TOP, width, 330)

    def fist_centre(self, seat: int) -> tuple[int, int]:
        rect = self.seat_rect(seat)
        return rect.left + 80, rect.top + 180

    def build_options(self, seat: int) -> list[dict]:
        """The end choices offered to ``seat`` in public: both ends, illegal ones too (the
        engine then explains the building order)."""
        view = self.view
        if view is None or seat not in self.controls:
            return []
        if view["phase"] == "build" and view["builders"] and view["builders"][0][0] == seat:
            pieces = [view["builders"][0][1]]
        elif view["phase"] == "choose" and view["master"] == seat:
            stock = self.seat_views.get(seat, {}).get("stock", [])
            pieces = [p for p in ("T", "G", "6", "4", "3", "2", "1") if p in stock]
        else:
            return []
        ends = ["L", "R"] if view["wall"] else ["L"]
        return [{"type": "build", "piece": piece, "end": end} for piece in pieces for end in ends]

    def option_rects(self, count: int) -> list[pygame.Rect]:
        width = min(170, (art.W - 200) // max(1, count) - 12)
        total = count * width + (count - 1) * 12
        return [pygame.Rect(art.W // 2 - total // 2 + i * (width + 12), 590, width, 112) for i in range(count)]

    def secret_options(self, seat: int) -> list:
        legal = self.legal.get(seat, [])
        if legal and legal[0]["type"] in SECRET_TYPES:
            return legal
        return []

    def peek_rect(self, seat: int, count: int) -> pygame.Rect:
        width = max(560, count * 124 + 60)
        rect = pygame.Rect(0, 0, width, 330)
        rect.midbottom = (min(max(self.seat_rect(seat).centerx, width // 2 + 20), art.W - width // 2 - 20),
                          PANEL_TOP - 10)
        return rect

    def peek_option_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        panel = self.peek_rect(seat, count)
        return [pygame.Rect(panel.left + 30 + i * 124, panel.top + 110, 112, 170) for i in range(count)]

    def panel_open(self, seat: int) -> bool:
        control = self.controls[seat]
        return control.peeking or (self.solo and not control.device.startswith("pad:"))

    # --- input ---------------------------------------------------------------------------
    def handle(self, intent) -> bool:
        if intent.action == "escape":
            self.app.push(PauseScene(self.app, self))
            return True
        if intent.action in ("raw", "text", "connected", "disconnected"):
            if intent.action == "disconnected":
                self.toast(f"Gamepad {intent.device[4:]} disconnected: plug it back in to play on", art.DANGER)
            elif intent.action == "connected":
                self.rebind_pad(intent.device)
            return False
        for seat, control in self.controls.items():
            if control.listens_to(intent.device) and self.handle_seat(seat, control, intent):
                return True
        return False

    def rebind_pad(self, device: str) -> None:
        """A pad plugged in (again) takes over the first seat whose pad has gone."""
        present = set(self.app.input.devices())
        for seat, control in self.controls.items():
            if control.device.startswith("pad:") and control.device not in present:
                control.device, control.armed = device, NOT_ARMED
                self.toast(f"{self.name(seat)} now plays with gamepad {device[4:]}", self.colour(seat))
                return

    def handle_seat(self, seat: int, control: SeatControl, intent) -> bool:
        action, pressed = intent.action, intent.pressed
        if action == "peek":
            control.peeking = pressed
            return True
        secret = self.secret_options(seat)
        if secret:
            if control.device.startswith("pad:") and not self.panel_open(seat):
                return self.blind_pick(seat, control, intent)
            if not self.panel_open(seat) or not pressed:
                return False
            rects = self.peek_option_rects(seat, len(secret))
            return self.pick_from(seat, control, intent, secret, rects)
        options = self.build_options(seat)
        if options and pressed and self.options_shown(seat):
            return self.pick_from(seat, control, intent, options, self.option_rects(len(options)))
        return False

    def options_shown(self, seat: int) -> bool:
        """An end choice is public; the master's free choice shows their stock, so it
        waits for peek (unless this seat plays alone at this screen)."""
        return self.view is not None and (self.view["phase"] == "build" or self.panel_open(seat))

    def pick_from(self, seat, control, intent, options, rects) -> bool:
        action = intent.action
        control.cursor = min(control.cursor, len(options) - 1)
        if intent.device == "mouse":
            hit = next((i for i, rect in enumerate(rects) if rect.collidepoint(intent.pos)), None)
            if hit is None:
                return False
            control.cursor = hit
            if action == "confirm":
                self.app.sounds.play("confirm")
                self.send(seat, options[hit])
            return True
        if action in ("left", "right", "up", "down"):
            step = 1 if action in ("right", "down") else -1
            control.cursor = (control.cursor + step) % len(options)
            self.app.sounds.play("move")
            return True
        if action == "confirm":
            self.app.sounds.play("confirm")
            self.send(seat, options[control.cursor])
            return True
        return False

    def blind_pick(self, seat, control, intent) -> bool:
        if not intent.pressed or intent.action not in BLIND_BUTTONS:
            return False
        piece = BLIND_BUTTONS[intent.action]
        if control.armed is not NOT_ARMED and control.armed == piece and self.clock - control.armed_at < 2.5:
            kind = self.secret_options(seat)[0]["type"]
            if kind == "donate" and piece is None:
                control.armed = NOT_ARMED
                self.toast(f"{self.name(seat)}: a donation must be a piece. Pick again.", self.colour(seat))
                return True
            self.send(seat, {"type": kind, "piece": piece})
            self.app.input.rumble(control.device, 0.8, 260)  # locked: a long buzz in that player's hands
        else:
            control.armed, control.armed_at = piece, self.clock
            self.app.input.rumble(control.device, 0.3, 80)
        self.app.sounds.play("move")  # the same sound for every button: nothing to hear either
        return True

    # --- update ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.host is not None and not self.closed:
            self.host.tick(self.clock)
        if not self.closed:
            self.poll()
        self.tweens.update(dt)
        self.moments.step(dt)
        for toast in self.toasts:
            toast[2] -= dt
        self.toasts = [toast for toast in self.toasts if toast[2] > 0]
        for control in self.controls.values():
            if control.armed is not NOT_ARMED and self.clock - control.armed_at >= 2.5:
                control.armed = NOT_ARMED
        if self.results_at is not None and self.clock >= self.results_at and self.app.top is self:
            self.show_results()

    def show_results(self) -> None:
        from client.scenes.results import ResultsScene

        view = self.view
        self.results_at = None
        self.app.replace(ResultsScene(self.app, "Die Mauer", [self.name(p) for p in range(self.players)],
                                      [self.colour(p) for p in range(self.players)], view["round_penalties"],
                                      view["totals"], self.final["winners"], lower_wins=True))
        self.close()

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        close_soon(*self.sessions.values(), self.public, self.server)
        self.server = None

    def resume(self) -> None:
        if any(control.device in ("mouse", "any") for control in self.controls.values()):
            pygame.mouse.set_visible(False)

    def pause(self) -> None:
        pygame.mouse.set_visible(True)
        for control in self.controls.values():
            control.peeking = False


def outcome_text(event: dict, name) -> str:
    case = event["case"]
    builders = ", ".join(name(b) for b in event.get("builders", []))
    return {
        "master_builds": f"Nobody guessed: {builders} builds",
        "nobody_builds": "Nobody can build",
        "competitors_build": f"Guessed right: {builders} build",
        "master_builds_instead": f"Too many guessed: {builders} builds instead",
        "master_chooses": f"{builders} may build any piece",
        "donation": f"{name(event.get('donor'))} must give the master a piece",
        "nothing": "Several empty fists: nothing happens",
    }.get(case, case)


class PauseScene(MenuScene):
    """Escape at the table: resume, settings, or leave (after a confirmation)."""

    opaque = False
    modal = True

    def __init__(self, app, table: DieMauerScene):
        super().__init__(app)
        self.table = table
        self.menu = Menu([Item("Resume", app.pop), Item("Settings", self.settings),
                          Item("Leave the game", self.leave)], (art.W // 2, 420), sounds=app.sounds)

    def settings(self) -> None:
        from client.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def leave(self) -> None:
        self.app.push(ConfirmScene(self.app, "Leave the game? It ends for everyone at this table.", self._leave))

    def _leave(self) -> None:
        self.table.close()
        from client.scenes.title import TitleScene

        self.app.pop_to(TitleScene)

    def draw(self, surface) -> None:
        draw_dialog(surface, (760, 560), (art.W // 2, 500))
        art.blit_text(surface, "Paused", 110, art.GOLD, (art.W // 2, 300), "center")
        self.menu.draw(surface, self.pulse)
