"""Where the player goes next: the one place that opens scenes.

Scenes never import each other; they ask the app's flow (``self.app.flow.setup(game)``).
Only this module knows which scene stands for which step: title -> picker -> set-up ->
table -> results -> title, with the LAN, settings, how-to and pause screens on the way,
and the demo and attract modes. Tables are opened only through `client.games.TABLES`.
"""

import os
from pathlib import Path

from client.evening import tonight
from client.games import TABLES
from client.hosting.seats import bot_plans, host_seats
from client.i18n import N_, _
from client.scenes.base import ConfirmScene, MessageScene
from client.scenes.halloffame import HallOfFameScene
from client.scenes.howto import HowToScene
from client.scenes.lan import (
    AddressScene,
    HostLobbyScene,
    HostTableScene,
    JoinScene,
    JoinWaitScene,
    PasswordScene,
    chosen_interfaces,
    serve_table,
    window_meta,
)
from client.scenes.picker import PickerScene
from client.scenes.settings import BindingsScene, SettingsScene
from client.scenes.setup import SetupScene
from client.scenes.title import ContinueScene, NoticeScene, TitleScene
from client.table.logview import LogScene
from client.table.pause import PauseScene
from client.table.phones import PhonesScene, serve_phones
from client.table.results import ResultsScene
from client.table.scene import TableScene
from client.ui import art
from client.ui.menu import Menu

DEMO_RESULTS_SECONDS = 6.0


class Flow:
    def __init__(self, app):
        self.app = app
        self.demo_plan: dict | None = None  # how to start the next demo game, while demoing

    @staticmethod
    def start_title(app) -> None:
        app.push(TitleScene(app))
        settings = app.settings
        if settings.problem and (settings.kept is not None or not settings.writable):
            app.push(NoticeScene(app, _("Your settings"), settings.reason, settings.where,
                                 settings.kept or settings.path))
        history = tonight.history_of(app)  # the game night: a history that could not be read says so here
        if history.problem:
            app.push(NoticeScene(app, _("Your game history"), history.problem, _("The game history is now kept at:"),
                                 history.path))

    # --- menus --------------------------------------------------------------------------
    def title(self) -> None:
        """Back to the title, closing what the screens on the way hold open (a table, a
        hosted lobby, a LAN browser)."""
        self.demo_plan = None
        tonight.drop_parked(self.app)  # the game night: a LAN group kept for Next game goes home
        for scene in self.app.scenes:
            close = getattr(scene, "close", None)
            if close is not None and not isinstance(scene, TitleScene):
                close()
        self.app.pop_to(TitleScene)

    def picker(self) -> None:
        self.app.push(PickerScene(self.app))

    def setup(self, game_id: str) -> None:
        scene = SetupScene(self.app, game_id)
        tonight.seat_group(self.app, scene)  # the game night: after Next game, the group sits down as it was
        self.app.push(scene)

    def settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def hall_of_fame(self, page: str = "ratings") -> None:
        self.app.push(HallOfFameScene(self.app, page))

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
        (None: a message says why not). Every game but a demo is saved as it goes, and
        Continue on the title picks it up again."""
        try:
            from netplay.errors import SaveError
            from netplay.host import Host
            from netplay.saves import new_save_path
        except ImportError as error:
            self.message(_("Cannot start"), _("The game host is missing ({module}).").format(module=error.name))
            return None
        from engines import SetupError

        specs = host_seats(seat_plans)
        names = [plan.name for plan in seat_plans]
        meta = window_meta("", seat_plans)
        try:
            try:
                save = new_save_path(game_id) if demo is None else None
                host = Host(game_id, len(seat_plans), seed, options, seats=specs, names=names,
                            bot_delay=bot_delay, save_path=save, meta=meta)
            except SaveError as error:  # the game is not lost for want of a save: play on, and say so
                host = Host(game_id, len(seat_plans), seed, options, seats=specs, names=names,
                            bot_delay=bot_delay, meta=meta)
                self.app.note(_("This game will not be saved: {reason}").format(reason=error.reason))
        except SetupError as error:
            self.message(_("Cannot start"), str(error))
            return None
        if demo is None:
            tonight.drop_parked(self.app)  # the game night: LAN peers kept for Next game are not in this one
            tonight.remember_group(self.app, seat_plans, host)  # the game night: Next game keeps this group
        return self.open_local(host, [plan.control for plan in seat_plans], [plan.colour for plan in seat_plans],
                               demo)

    def open_local(self, host, controls: list[str], colours: list[int], demo=None):
        """Push the table of an in-process ``host`` whose local seats play on ``controls``."""
        specs = host.seats
        sessions = {i: host.session(i) for i, spec in enumerate(specs) if spec.kind == "local"}
        devices = {i: controls[i] for i in sessions}
        phones = None if demo is not None else self._phones_for(host, colours)
        table = TableScene(self.app, TABLES[host.game_id], sessions, devices, colours,
                           public=host.session(None), host=host, seat_kinds=[s.kind for s in host.seats],
                           demo=demo is not None, phones=phones)
        if phones is not None:
            self.app.drive(phones)  # the phones' calls run on this thread, before the host's tick
        self.app.drive(host)
        if demo is not None:
            self.app.replace(table) if isinstance(self.app.top, TableScene | ResultsScene) else self.app.push(table)
        else:
            self.app.push(table)
            if table.phone_seats():
                self.phones(table, until_joined=True)
        return table

    def _phones_for(self, host, colours: list[int]):
        """A phone server for a table at this screen, on LAN play's interface choice."""
        try:
            interfaces = chosen_interfaces(self.app.settings)
        except ValueError as error:
            self.app.note(_("Phones cannot join this table: {reason}").format(reason=error), seconds=5)
            return None
        return serve_phones(self.app, host, [art.seat_colour(c) for c in colours], interfaces)

    def phones(self, table, until_joined: bool = False) -> None:
        """Every local seat's QR code over the table (``until_joined``: until each seat that
        plays only by phone has its phone)."""
        if table.phones is not None:
            self.app.push(PhonesScene(self.app, table.phones, table.local_seats, table.name, table.colour,
                                      table.phone_seats() if until_joined else ()))

    def lobby_phones(self, lobby) -> None:
        """The QR codes of a LAN lobby's seats at this screen and its open seats."""
        if lobby.phones is not None:
            self.app.push(PhonesScene(self.app, lobby.phones, lobby.phone_seats, lobby.seat_name,
                                      lobby.seat_colour))

    def results(self, table) -> None:
        """A finished table hands over to the results (a demo starts its next game soon)."""
        standings = table.game.standings()
        tonight.record_table(self.app, table)  # the game night: into the history, before the table closes
        tonight.tell_peers(self.app, table)  # the game night: LAN peers hear tonight's standings, before the close
        group = tonight.group_after(self.app, table)
        evening_session = self.evening_listener(table)
        joined = table.host is None and table.server is None  # a LAN peer: its host keeps the evening
        if group is not None:
            tonight.park_server(self.app, table)  # the game night: Next game keeps the LAN peers connected
        table.close()
        if table.rejoin_token:  # a joined game that ended: nothing left to rejoin
            from client.hosting.rejoin import RejoinBook

            RejoinBook().forget(table.rejoin_token)
        if table.demo:
            self.app.replace(DemoResultsScene(self.app, standings, DEMO_RESULTS_SECONDS, self.next_demo))
            return
        again = self.play_again if any(isinstance(s, SetupScene) for s in self.app.scenes) else self.replay(table)
        results = ResultsScene(self.app, standings, again, joined=joined)
        if evening_session is not None:  # the game night: the host's evening, and its next table
            results.hear_evening(table.model.evening, evening_session)
        if group is not None:  # the game night: Next game keeps the group
            results.offer_next_game(self.next_game)
        self.app.replace(results)
        if evening_session is not None and table.model.next_table is not None:
            results.follow(table.model.next_table)  # told during the game's end: on to it from the results

    @staticmethod
    def evening_listener(table):
        """The game night: a joined table keeps its session open for the results, to hear
        tonight's standings and the group's next table from the host (they close it)."""
        if table.host is not None or table.server is not None or table.demo:
            return None
        if len(table.sessions) != 1:
            return None
        seat = next(iter(table.sessions))
        return table.sessions.pop(seat)

    def play_again(self) -> None:
        self.app.pop_to(SetupScene)

    def replay(self, table):
        """Play again after a table this window hosted that did not start from its set-up (a
        continued game): the set-up once more, with the same seats and options."""
        host = table.host
        if host is None:
            return None
        from client.hosting.seats import SeatPlan

        plans = [SeatPlan(seat.name, f"bot:{seat.strength}" if seat.kind == "bot" else "open" if seat.kind == "remote"
                          else table.choosers[i].device, table.colour_ids[i]) for i, seat in enumerate(host.seats)]

        def again() -> None:
            self.title()
            setup = SetupScene(self.app, host.game_id)
            setup.seats, setup.options = plans, dict(host.options)
            setup.rebuild()
            self.app.push(setup)

        return again

    def next_game(self) -> None:
        """The game night: the same group, another game: to the picker, and the set-up seats them
        (LAN peers stay connected to this window until the next table opens)."""
        tonight.want_group(self.app)
        group = getattr(self.app, "evening_group", None)
        parked = getattr(group, "parked", None)
        if group is not None:
            group.parked = None  # kept through the way back to the title
        self.title()
        if group is not None:
            group.parked = parked
        self.picker()

    def follow_host(self, session, message: dict) -> None:
        """The game night on a LAN peer: the host opened the group's next table; join it as
        before (the same name and profile), nobody typing anything."""
        entry = {"address": session.address, "port": int(message["port"]),
                 "name": f"{session.address}:{message['port']}", "token": message.get("token")}
        self.title()
        self.connect(entry, session.name)

    def leave_table(self, table) -> None:
        table.close()
        self.title()

    def leave_words(self, table) -> str:
        """What leaving ``table`` really does, for the confirmation."""
        question = _("Leave the game?") if table.server is not None or table.host is not None else \
            _("Leave the table?")
        return f"{question} {_(self.leaving(table))}"

    @staticmethod
    def leaving(table) -> str:
        """What happens to ``table`` when this window leaves it (a message, looked up by the caller)."""
        if table.server is not None:
            return N_("The table closes: the players on the LAN are sent away. The game is saved: Continue on the "
                      "title screen opens the table again, and they can rejoin.")
        if table.host is not None:
            if table.host.save_path is None:
                return N_("It ends here: this game is not being saved.")
            return N_("It is saved: Continue on the title screen picks it up where you left it.")
        if table.model.goodbye is not None:  # the connection is gone already
            return N_("You are no longer connected to it; your seat is kept: rejoin it from Join a LAN game when "
                      "the host is back.")
        return N_("The game goes on without you: your seat waits for you (or the host lets a bot play it). "
                  "Rejoin it from Join a LAN game.")

    def quit_words(self) -> str:
        """What quitting does to the game in progress, for the confirmation."""
        table = next((scene for scene in reversed(self.app.scenes) if isinstance(scene, TableScene)), None)
        if table is None:
            if any(isinstance(scene, HostLobbyScene) for scene in self.app.scenes):
                return _("Quit Spielabend? The table you host closes, and players who joined are sent away.")
            return _("Quit Spielabend?")
        return f"{_('Quit Spielabend?')} {_(self.leaving(table))}"

    # --- continuing a saved game ---------------------------------------------------------------
    def unfinished(self) -> list:
        """The window's games begun and not finished, newest first."""
        try:
            from netplay.saves import unfinished_saves
        except ImportError:
            return []
        return [summary for summary in unfinished_saves("window") if summary.game in TABLES]

    def continue_menu(self) -> None:
        games = self.unfinished()
        if len(games) == 1:
            self.continue_game(games[0].path)
        elif games:
            self.app.push(ContinueScene(self.app, games))
        else:
            self.app.note(_("There is no unfinished game to continue."), 4, key="continue")

    def continue_game(self, path):
        """Open a saved window game again: local seats on their devices (a pad that is not
        plugged in now hands its seat to the next pad there is), bots as they were, and a
        hosted table served again (with its phones) with its LAN seats away until they
        rejoin by token. The log holds what happened before (the host's history); a race or
        a timed choice counts down before it goes on."""
        from netplay.errors import SaveError
        from netplay.host import Host

        try:
            host = Host.resume(path)
        except SaveError as error:
            self.cannot_continue(Path(path), error)
            return None
        if host.is_over():
            host.close_save()
            self.message(_("Cannot continue"), _("That game had already ended."))
            return None
        meta = host.meta
        players = host.players
        controls = [str(c) for c in meta.get("devices", [])][:players]
        controls += ["keys1"] * (players - len(controls))
        colours = [c if isinstance(c, int) else i for i, c in enumerate(meta.get("colours", []))][:players]
        colours += list(range(len(colours), players))
        controls = self.present_devices(controls, [s.kind == "local" for s in host.seats])
        if host.resume_note:
            self.app.note(_("The save was damaged at its end ({problem}); the game goes on from the last whole "
                            "move.").format(problem=host.resume_note))
        if not any(seat.kind == "remote" for seat in host.seats):
            self.app.pop_to(TitleScene)
            table = self.open_local(host, controls, colours)
            table.count_in()  # a race or a timed choice starts again with a countdown, as a round does
            return table
        host.bot_after = self.app.settings.data.get("bot_after")
        try:
            interfaces = chosen_interfaces(self.app.settings)
        except ValueError as error:
            host.close_save()
            self.message(_("Cannot continue"), str(error))
            return None
        relay = meta.get("relay") if isinstance(meta.get("relay"), str) else None  # hosted through a relay too
        handle, problem = serve_table(host, host.table_name or "Spielabend", interfaces, relay=relay)
        if handle is None:
            host.close_save()
            self.message(_("Cannot continue"), problem)
            return None
        self.app.pop_to(TitleScene)
        phones = serve_phones(self.app, host, [art.seat_colour(c) for c in colours], interfaces, door=handle.call)
        sessions = {i: host.session(i) for i, seat in enumerate(host.seats) if seat.kind == "local"}
        table = TableScene(self.app, TABLES[host.game_id], sessions, {i: controls[i] for i in sessions}, colours,
                           public=host.session(None), players=players,
                           names=[seat.name for seat in host.seats],
                           seat_kinds=["bot" if seat.kind == "bot" else "human" for seat in host.seats],
                           server=handle, phones=phones)
        self.app.push(table)
        table.count_in()
        if table.phone_seats():
            self.phones(table, until_joined=True)
        if relay:
            again = _("{table} is open again at {addresses} and through the relay: the players on the LAN rejoin "
                      "from Join a LAN game.")
        else:
            again = _("{table} is open again at {addresses}: the players on the LAN rejoin from Join a LAN game.")
        self.app.note(again.format(table=host.table_name, addresses=", ".join(handle.server.addresses()[:2])), 8,
                      problem=False)
        return table

    def cannot_continue(self, path: Path, error) -> None:
        """Say in words why ``path`` cannot be continued; a damaged save is renamed so it
        is not offered again (and kept, for whoever wants to look at it)."""
        reason = error.reason.removeprefix(f"{path}: ")
        words = reason[:1].upper() + reason[1:] + "."
        if error.code in ("corrupt_save", "foreign_save") and path.exists():
            kept = path.with_suffix(".damaged")
            try:
                os.rename(path, kept)
            except OSError:
                kept = path
            self.app.push(NoticeScene(self.app, _("Cannot continue"), words,
                                      _("It is kept, renamed so it is not offered again, as:") if kept != path
                                      else _("The file is:"), kept))
            return
        self.message(_("Cannot continue"), words)

    def present_devices(self, controls: list[str], local: list[bool]) -> list[str]:
        """``controls`` with each local seat's gamepad that is not plugged in now given to
        a pad that is and that no other seat uses (pad numbers change between runs)."""
        present = self.app.input.devices()
        spare = [d for d in present if d.startswith("pad:") and d not in controls]
        out = list(controls)
        for i, control in enumerate(controls):
            if local[i] and control.startswith("pad:") and control not in present and spare:
                out[i] = spare.pop(0)
        return out

    # --- the demo and the attract mode --------------------------------------------------------
    def demo(self, game_id: str, players: int | None = None, seed: int | None = None, attract: bool = False):
        """Bots play every seat of ``game_id``'s table, game after game. In the attract mode
        any input goes back to the title; otherwise Esc quits."""
        from engines import game_info

        info = game_info(game_id)
        if not attract and self.app.settings.problem:  # no title screen to say it on
            self.app.note(self.app.settings.problem, 12)
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
        self.app.push(HostTableScene(self.app, game_id, seat_plans, options))

    def lobby_opened(self, lobby) -> None:
        tonight.lobby_opened(self.app, lobby)  # the game night: LAN peers kept by Next game hear where to go

    def lobby_started(self, lobby, rest: list) -> None:
        """A hosted table filled up: the lobby's sessions and server go to the table."""
        devices = {seat: lobby.seat_plans[seat].control for seat in lobby.sessions}
        kinds = [seat.get("kind", "") for seat in (lobby.lobby or {}).get("seats", [])]
        table = TableScene(self.app, TABLES[lobby.game_id], lobby.sessions, devices,
                           [plan.colour for plan in lobby.seat_plans], public=lobby.public,
                           players=len(lobby.seat_plans), names=lobby.names, seat_kinds=kinds, server=lobby.handle_,
                           phones=lobby.phones)
        colours = lobby.host.meta.get("colours") if lobby.host is not None else None
        if isinstance(colours, list) and len(colours) == len(lobby.seat_plans):
            table.colour_ids = colours  # the game night: a peer's profile colour, arriving after the start too
        tonight.remember_lan_group(self.app, lobby)  # the game night: Next game keeps this group and its peers
        lobby.handed_over()
        while self.app.top is not lobby and len(self.app.scenes) > 1:  # the QR codes, a question
            self.app.pop()
        for message in rest:  # what arrived with the start belongs to the table
            table.model.receive(None, message)
        self.app.replace(table)

    def address(self, player_name: str) -> None:
        self.app.push(AddressScene(self.app, player_name))

    def connect(self, entry: dict, player_name: str, password: str | None = None) -> None:
        """Open a seat at the table ``entry`` (a browser row, a kept seat with its
        ``token``, a typed address, or a seat's relay ``invite``) and wait in its lobby."""
        from client.scenes.lan import open_seat

        session, problem = open_seat(entry, player_name, password,  # over the LAN, or a relay for an ``invite``
                                     profile=tonight.peer_profile(self.app, player_name))  # the game night
        if session is None:
            self.app.note(problem)
            return
        self.app.push(JoinWaitScene(self.app, session, entry, player_name, password))

    def rejoin(self, table) -> None:
        """A joined table whose host went away: its seat again, by token, in one press."""
        again = table.rejoin_entry
        table.close()
        if self.app.top is table:
            self.app.pop()
        if again is not None:
            self.connect(again["entry"], again["name"], again["password"])

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
        colours = wait.colours if wait.colours and len(wait.colours) == message["players"] else None
        table = TableScene(self.app, TABLES[game_id], {seat: wait.session}, {seat: "any"},
                           colours or list(range(message["players"])), players=message["players"],
                           names=message.get("names", []), seat_kinds=kinds)
        table.rejoin_token = wait.token
        if wait.token:
            table.rejoin_entry = {"entry": {**wait.entry, "token": wait.token}, "name": wait.player_name,
                                  "password": wait.password}
        for later in rest:  # what arrived with the start belongs to the table
            if later.get("t") == "colours" and len(later["colours"]) == message["players"]:
                table.colour_ids = list(later["colours"])  # the game night: a profile's colour
            refusal = table.model.receive(seat, later)
            if refusal is not None:
                table.refused(refusal)
        self.app.replace(table)
        return True


def no_table_words(game_id) -> str:
    from engines import GAMES

    name = GAMES[game_id].name if game_id in GAMES else str(game_id)
    return _("This window has no table for {game} yet. Play this seat from a terminal: {bot}, or {join} to play "
             "by typing.").format(game=name, bot="spielabend join --bot", join="spielabend join")


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
