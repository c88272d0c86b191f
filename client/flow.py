"""Where the player goes next: the one place that opens scenes.

Scenes never import each other; they ask the app's flow (``self.app.flow.setup(game)``).
Only this module knows which scene stands for which step: title -> picker -> set-up ->
table -> results -> title, with the LAN, settings, how-to and pause screens on the way,
and the demo and attract modes. Tables are opened only through `client.games.TABLES`.
"""

from client import art
from client.games import TABLES
from client.scenes.base import ConfirmScene, MessageScene
from client.scenes.howto import HowToScene
from client.scenes.lan import HostLobbyScene, JoinScene, JoinWaitScene, PasswordScene
from client.scenes.picker import PickerScene
from client.scenes.settings import BindingsScene, SettingsScene
from client.scenes.setup import SetupScene
from client.scenes.title import TitleScene
from client.seats import bot_plans, host_seats
from client.table.logview import LogScene
from client.table.pause import PauseScene
from client.table.results import ResultsScene
from client.table.scene import TableScene
from client.ui import Menu

DEMO_RESULTS_SECONDS = 6.0


class Flow:
    def __init__(self, app):
        self.app = app
        self.demo_plan: dict | None = None  # how to start the next demo game, while demoing

    @staticmethod
    def start_title(app) -> None:
        app.push(TitleScene(app))

    # --- menus --------------------------------------------------------------------------
    def title(self) -> None:
        """Back to the title, closing what the screens on the way hold open (a table, a
        hosted lobby, a LAN browser)."""
        self.demo_plan = None
        for scene in self.app.scenes:
            close = getattr(scene, "close", None)
            if close is not None and not isinstance(scene, TitleScene):
                close()
        self.app.pop_to(TitleScene)

    def picker(self) -> None:
        self.app.push(PickerScene(self.app))

    def setup(self, game_id: str) -> None:
        self.app.push(SetupScene(self.app, game_id))

    def settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def bindings(self, device: str) -> None:
        self.app.push(BindingsScene(self.app, device))

    def howto(self, game_id: str) -> None:
        self.app.push(HowToScene(self.app, game_id))

    def join(self) -> None:
        self.app.push(JoinScene(self.app))

    def confirm(self, question: str, on_yes, once: bool = False) -> None:
        if once and isinstance(self.app.top, ConfirmScene):
            return
        self.app.push(ConfirmScene(self.app, question, on_yes))

    def message(self, heading: str, text: str) -> None:
        self.app.push(MessageScene(self.app, heading, text))

    def pause(self, table) -> None:
        self.app.push(PauseScene(self.app, table))

    def log(self, table) -> None:
        self.app.push(LogScene(self.app, table))

    # --- tables at this screen ----------------------------------------------------------
    def start_local(self, game_id: str, seat_plans, options: dict, seed: int | None = None,
                    bot_delay: float | None = None, demo=None):
        """Start an in-process host for ``seat_plans`` and push its table; returns it
        (None: a message says why not)."""
        try:
            from netplay.host import Host
        except ImportError as error:
            self.message("Cannot start", f"The game host is missing ({error.name}).")
            return None
        from engines import SetupError

        specs = host_seats(seat_plans)
        try:
            host = Host(game_id, len(seat_plans), seed, options, seats=specs,
                        names=[plan.name for plan in seat_plans], bot_delay=bot_delay)
        except SetupError as error:
            self.message("Cannot start", str(error))
            return None
        sessions = {i: host.session(i) for i, spec in enumerate(specs) if spec["kind"] == "local"}
        devices = {i: seat_plans[i].control for i in sessions}
        table = TableScene(self.app, TABLES[game_id], sessions, devices, [plan.colour for plan in seat_plans],
                           public=host.session(None), host=host, seat_kinds=[s.kind for s in host.seats],
                           demo=demo is not None)
        self.app.drive(host)
        if demo is not None:
            self.app.replace(table) if isinstance(self.app.top, TableScene | ResultsScene) else self.app.push(table)
        else:
            self.app.push(table)
        return table

    def results(self, table) -> None:
        """A finished table hands over to the results (a demo starts its next game soon)."""
        standings = table.game.standings()
        table.close()
        if table.demo:
            self.app.replace(DemoResultsScene(self.app, standings, DEMO_RESULTS_SECONDS, self.next_demo))
            return
        again = self.play_again if any(isinstance(s, SetupScene) for s in self.app.scenes) else None
        self.app.replace(ResultsScene(self.app, standings, again))

    def play_again(self) -> None:
        self.app.pop_to(SetupScene)

    def leave_table(self, table) -> None:
        table.close()
        self.title()

    # --- the demo and the attract mode --------------------------------------------------------
    def demo(self, game_id: str, players: int | None = None, seed: int | None = None, attract: bool = False):
        """Bots play every seat of ``game_id``'s table, game after game. In the attract mode
        any input goes back to the title; otherwise Esc quits."""
        from engines import game_info

        info = game_info(game_id)
        players = min(info.max_players, max(info.min_players, players or info.bench_config[0]))
        self.demo_plan = {"game_id": game_id, "players": players, "seed": seed, "attract": attract,
                          "options": dict(info.bench_config[1])}
        return self.next_demo()

    def next_demo(self):
        plan = self.demo_plan
        if plan is None:
            return None
        seed = plan["seed"]  # None: the host draws a fresh one from the OS
        plan["seed"] = None  # the next game gets a fresh deal
        return self.start_local(plan["game_id"], bot_plans(plan["players"]), plan["options"], seed,
                                demo="attract" if plan["attract"] else "command")

    def attract(self) -> None:
        """The title falls into the attract mode: a demo of one of the tables, in turn."""
        games = sorted(TABLES)
        game_id = games[int(self.app.clock // 60) % len(games)]
        self.demo(game_id, attract=True)

    def demo_input(self, intent) -> bool:
        """Input during a demo: in the attract mode any press or movement leaves it;
        in ``spielabend demo`` Esc quits."""
        plan = self.demo_plan
        if plan is not None and plan["attract"]:
            if intent.pressed and intent.action not in ("raw", "connected", "disconnected"):
                self.title()
            return True
        if intent.action == "escape":
            self.app.quit()
        return True

    # --- the LAN ------------------------------------------------------------------------------
    def host_lan(self, game_id: str, seat_plans, options: dict) -> None:
        self.app.push(HostLobbyScene(self.app, game_id, seat_plans, options))

    def lobby_started(self, lobby, rest: list) -> None:
        """A hosted table filled up: the lobby's sessions and server go to the table."""
        devices = {seat: lobby.seat_plans[seat].control for seat in lobby.sessions}
        kinds = [seat.get("kind", "") for seat in (lobby.lobby or {}).get("seats", [])]
        table = TableScene(self.app, TABLES[lobby.game_id], lobby.sessions, devices,
                           [plan.colour for plan in lobby.seat_plans], public=lobby.public,
                           players=len(lobby.seat_plans), names=lobby.names, seat_kinds=kinds, server=lobby.handle_)
        lobby.handed_over()
        for message in rest:  # what arrived with the start belongs to the table
            table.model.receive(None, message)
        self.app.replace(table)

    def connect(self, entry: dict, player_name: str, password: str | None = None) -> None:
        """Open a seat at the table ``entry`` (a browser row) and wait in its lobby."""
        from client.scenes.lan import load

        peer, error = load("netplay.peer")
        if peer is None:
            self.app.note(error)
            return
        try:
            session = peer.RemoteSession(entry["address"], entry["port"], player_name, password=password or None)
        except Exception as failure:  # noqa: BLE001 - a failed connection is a note on screen
            self.app.note(f"Could not join: {failure}")
            return
        self.app.push(JoinWaitScene(self.app, session, entry, player_name, password))

    def password(self, entry: dict, player_name: str, problem: str = "", replace: bool = False) -> None:
        scene = PasswordScene(self.app, entry, player_name, problem)
        self.app.replace(scene) if replace else self.app.push(scene)

    def joined(self, wait, message: dict, rest: list) -> bool:
        """The joined table started: sit down at it, if this client has its table."""
        game_id, seat = message.get("game"), message.get("seat", wait.seat)
        if game_id not in TABLES or seat is None:
            wait.status = no_table_words(game_id)
            return False
        kinds = [s.get("kind", "") for s in (wait.lobby or {}).get("seats", [])]
        table = TableScene(self.app, TABLES[game_id], {seat: wait.session}, {seat: "any"},
                           list(range(message["players"])), players=message["players"],
                           names=message.get("names", []), seat_kinds=kinds)
        for later in rest:  # what arrived with the start belongs to the table
            refusal = table.model.receive(seat, later)
            if refusal is not None:
                table.refused(refusal)
        self.app.replace(table)
        return True


def no_table_words(game_id) -> str:
    from engines import GAMES

    name = GAMES[game_id].name if game_id in GAMES else str(game_id)
    return (f"This window has no table for {name} yet. Play this seat from a terminal: "
            f"spielabend join --bot, or spielabend join to play by typing.")


class DemoResultsScene(ResultsScene):
    """A demo's results: shown a few seconds, then the next demo game starts."""

    def __init__(self, app, standings, seconds: float, then):
        super().__init__(app, standings, demo=True)
        self.left, self.then = seconds, then
        self.menu = Menu([], (art.W // 2, 790))

    def handle(self, intent) -> bool:
        return self.app.flow.demo_input(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.left -= dt
        if self.left <= 0 and self.app.top is self:
            self.then()
