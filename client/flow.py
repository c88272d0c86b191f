"""Where the player goes next: the one place that opens scenes.

Scenes never import each other; they ask the app's flow (``self.app.flow.setup(game)``).
Only this module knows which scene stands for which step: title -> picker -> set-up ->
table -> results -> title, with the LAN, settings, how-to and pause screens on the way,
and the demo and attract modes. Tables are opened only through `client.games.TABLES`.

The flow only navigates: a table this window hosts is a `client.hosting.hosted.HostedTable`
(opened one way for the couch, the LAN, a continued save and the group's next table), the
evening is the app's `client.evening.tonight.Evening`, and seats at another window's table
are opened by `client.hosting.network.open_seat`.
"""

import os
from functools import partial
from pathlib import Path

from client.games import TABLES
from client.hosting.hosted import HostedTable, HostingProblem
from client.hosting.network import open_seat
from client.hosting.seats import SeatPlan, bot_plans
from client.hosting.table_settings import TableSettings
from client.i18n import N_, _
from client.replay.choose import WatchScene, watch
from client.replay.library import finished_saves, open_hosted
from client.scenes.demo import DemoResultsScene
from client.scenes.halloffame import HallOfFameScene
from client.scenes.howto import HowToScene
from client.scenes.join import AddressScene, JoinScene, JoinWaitScene, PasswordScene, no_table_words
from client.scenes.lan import HostLobbyScene, HostTableScene
from client.scenes.picker import PickerScene
from client.scenes.settings import BindingsScene, SettingsScene
from client.scenes.setup import SetupScene
from client.scenes.title import ContinueScene, NoticeScene, TitleScene
from client.table.logview import LogScene
from client.table.pause import PauseScene
from client.table.phones import PhonesScene
from client.table.results import ResultsScene
from client.table.scene import TableScene
from client.ui.scene import ConfirmScene, MessageScene

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
        history = app.evening.history  # the game night: a history that could not be read says so here
        if history.problem:
            app.push(NoticeScene(app, _("Your game history"), history.problem, _("The game history is now kept at:"),
                                 history.path))

    # --- menus --------------------------------------------------------------------------
    def title(self, group_goes_on: bool = False) -> None:
        """Back to the title, closing what the screens on the way hold open (a table, a
        hosted lobby, a LAN browser). The group's evening at this window ends there too
        (its kept peers hear so), unless it ``group_goes_on`` to choose its next game."""
        self.demo_plan = None
        if not group_goes_on:
            self.app.evening.group_ends()
        for scene in self.app.scenes:
            close = getattr(scene, "close", None)
            if close is not None and not isinstance(scene, TitleScene):
                close()
        self.app.pop_to(TitleScene)

    def picker(self) -> None:
        self.app.push(PickerScene(self.app))

    def setup(self, game_id: str) -> None:
        scene = SetupScene(self.app, game_id)
        group = self.app.evening.seat_group(scene.info.min_players, scene.info.max_players)
        if group is not None:  # the game night: after Next game, the group sits down as it was
            scene.seats = group
            scene.rebuild()
        self.app.push(scene)

    def settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def watch(self, opening, **where):
        """The replay viewer on what ``opening()`` opens, or why it cannot (`client.replay.choose`)."""
        return watch(self.app, opening, **where)

    def watch_list(self, kind: str = "games") -> None:
        """Past games ("games") or the night's best moments ("reel"), to watch again."""
        self.app.push(WatchScene(self.app, kind))

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

    # --- tables this window hosts -------------------------------------------------------
    def start_local(self, game_id: str, seat_plans, options: dict, seed: int | None = None,
                    bot_delay: float | None = None, demo=None):
        """Open a table at this screen for ``seat_plans`` and push it; returns it (None: a
        message says why not). Every game but a demo is saved as it goes, and Continue on
        the title picks it up again."""
        try:
            hosted = HostedTable.open(self.app, game_id, seat_plans, options, seed=seed, bot_delay=bot_delay,
                                      demo=demo is not None, profiles=self.profiles())
        except HostingProblem as problem:
            self.message(_("Cannot start"), problem.words)
            return None
        if demo is None:
            self.app.evening.end_group_table()  # LAN peers kept for Next game are not in this one
            self.app.evening.keep_group(seat_plans, hosted)  # the game night: Next game keeps this group
        return self.open_table(hosted, demo)

    def profiles(self) -> list[str]:
        """The people this window knows, for a phone to pick who plays its seat."""
        return self.app.evening.profile_names()

    def open_table(self, hosted: HostedTable, demo=None):
        """Push the table of ``hosted`` (its local seats on their devices)."""
        table = TableScene(self.app, TABLES[hosted.game_id], hosted.sessions, hosted.devices(), hosted.colours(),
                           public=hosted.public, hosting=hosted, players=len(hosted.plans), names=hosted.names(),
                           seat_kinds=hosted.seat_kinds(), demo=demo is not None)
        if demo is not None:
            self.app.replace(table) if isinstance(self.app.top, TableScene | ResultsScene) else self.app.push(table)
        else:
            self.app.push(table)
            if table.phone_seats():
                self.phones(table, until_joined=True)
        return table

    def phones_of(self, table):
        """The phone service of a table this window hosts (None: no phones there)."""
        return getattr(table.hosting, "phones", None)

    def phones(self, table, until_joined: bool = False) -> None:
        """Every local seat's QR code over the table (``until_joined``: until each seat that
        plays only by phone has its phone)."""
        phones = self.phones_of(table)
        if phones is not None:
            self.app.push(PhonesScene(self.app, phones, table.local_seats, table.name, table.colour,
                                      table.phone_seats() if until_joined else ()))

    def lobby_phones(self, lobby) -> None:
        """The QR codes of a LAN lobby's seats at this screen and its open seats."""
        phones = lobby.hosted.phones if lobby.hosted is not None else None
        if phones is not None:
            self.app.push(PhonesScene(self.app, phones, lobby.phone_seats, lobby.seat_name, lobby.seat_colour))

    def results(self, table) -> None:
        """A finished table hands over to the results (a demo starts its next game soon)."""
        standings = table.game.standings()
        hosted = table.hosting
        evening_session = self.evening_listener(table)
        group = self.app.evening.finished(table, hosted, self.app.note)  # the game night: recorded, told, kept
        table.close()
        if table.rejoin_token:  # a joined game that ended: nothing left to rejoin
            from client.hosting.rejoin import RejoinBook

            RejoinBook().forget(table.rejoin_token)
        if table.demo:
            self.app.replace(DemoResultsScene(self.app, standings, DEMO_RESULTS_SECONDS, self.next_demo))
            return
        again = self.play_again if any(isinstance(s, SetupScene) for s in self.app.scenes) else self.replay(table)
        results = ResultsScene(self.app, standings, again, joined=hosted is None)
        if hosted is not None:  # its journal is this window's: watch the game again
            results.offer_watch_again(partial(self.watch, partial(open_hosted, hosted.host), colours=table.colour_ids))
        if hosted is None and not table.demo:  # the game night: the host's evening, and its next table
            results.hear_evening(table.model.evening, evening_session)
            if evening_session is None and table.model.goodbye is not None:
                results.host_went(table.model.bye)  # gone already: no next table will come
        if group is not None:  # the game night: Next game keeps the group
            results.offer_next_game(self.next_game)
        self.app.replace(results)
        if evening_session is not None and table.model.next_table is not None:
            results.follow(table.model.next_table)  # told during the game's end: on to it from the results

    @staticmethod
    def evening_listener(table):
        """The game night: a joined table keeps its session open for the results, to hear
        tonight's standings and the group's next table from the host (they close it)."""
        if table.hosting is not None or table.demo or len(table.sessions) != 1 or table.model.goodbye is not None:
            return None  # a host that said goodbye already tells nothing more
        seat = next(iter(table.sessions))
        return table.sessions.pop(seat)

    def play_again(self) -> None:
        self.app.pop_to(SetupScene)

    def replay(self, table):
        """Play again after a table this window hosted that did not start from its set-up (a
        continued game): the set-up once more, with the same seats and options."""
        hosted = table.hosting
        if hosted is None:
            return None
        plans = [SeatPlan(plan.name, table.choosers[i].device if i in table.choosers else plan.control,
                          table.colour_ids[i]) for i, plan in enumerate(hosted.plans)]

        def again() -> None:
            self.title()
            setup = SetupScene(self.app, hosted.game_id)
            setup.seats, setup.options = plans, dict(hosted.host.options)
            setup.rebuild()
            self.app.push(setup)

        return again

    def next_game(self) -> None:
        """The game night: the same group, another game: to the picker, and the set-up seats
        them (window peers stay connected to this window until the next table opens)."""
        self.app.evening.want_group()
        self.title(group_goes_on=True)
        self.picker()

    def follow_host(self, session, message: dict) -> None:
        """The game night on a peer window: the host opened the group's next table; join it as
        before (the same name and profile, the same way: the LAN, or the relay with the
        seat's invite), nobody typing anything: its token is the seat's credential."""
        invite = message.get("invite")
        entry = {"address": session.address, "port": int(message["port"]), "token": message.get("token"),
                 "name": f"{session.address}:{message['port']}"}
        if invite:
            entry["invite"] = invite
        self.title()
        self.connect(entry, session.name)

    def leave_table(self, table) -> None:
        table.close()
        self.title()

    def leave_words(self, table) -> str:
        """What leaving ``table`` really does, for the confirmation."""
        question = _("Leave the game?") if table.hosting is not None else _("Leave the table?")
        return f"{question} {_(self.leaving(table))}"

    @staticmethod
    def leaving(table) -> str:
        """What happens to ``table`` when this window leaves it (a message, looked up by the caller)."""
        hosted = table.hosting
        if hosted is not None and hosted.served:
            return N_("The table closes: the players on the LAN are sent away. The game is saved: Continue on the "
                      "title screen opens the table again, and they can rejoin.")
        if hosted is not None:
            if hosted.host.save_path is None:
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
        if len(games) == 1 and not finished_saves(limit=1):  # else the list: finished ones to watch again
            self.continue_game(games[0].path)
        elif games:
            self.app.push(ContinueScene(self.app, games))
        else:
            self.app.note(_("There is no unfinished game to continue."), 4, key="continue")

    def continue_game(self, path):
        """Open a saved window game again: local seats on their devices (a pad that is not
        plugged in now hands its seat to the next pad there is), bots as they were, and a
        hosted table served again as it was (with its phones) with its LAN seats away until
        they rejoin by token. The log holds what happened before (the host's history); a race
        or a timed choice counts down before it goes on."""
        from netplay.errors import SaveError

        try:
            hosted = HostedTable.resume(self.app, path, profiles=self.profiles())
        except SaveError as error:
            self.cannot_continue(Path(path), error)
            return None
        except HostingProblem as problem:
            self.message(_("Cannot continue"), problem.words)
            return None
        plans = hosted.plans
        controls = self.present_devices([plan.control for plan in plans], [plan.is_local for plan in plans])
        for plan, control in zip(plans, controls, strict=True):
            plan.control = control
        if hosted.host.resume_note:
            self.app.note(_("The save was damaged at its end ({problem}); the game goes on from the last whole "
                            "move.").format(problem=hosted.host.resume_note))
        self.app.pop_to(TitleScene)
        table = self.open_table(hosted)
        table.count_in()  # a race or a timed choice starts again with a countdown, as a round does
        if hosted.served:
            again = _("{table} is open again at {addresses} and through the relay: the players on the LAN rejoin "
                      "from Join a LAN game.") if hosted.settings and hosted.settings.relay else \
                _("{table} is open again at {addresses}: the players on the LAN rejoin from Join a LAN game.")
            self.app.note(again.format(table=hosted.name, addresses=", ".join(hosted.addresses()[:2])), 8,
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
        """The host form (the table's name, password, port and relay), then its lobby."""
        self.app.push(HostTableScene(self.app, game_id, seat_plans, options))

    def open_hosted(self, game_id: str, seat_plans, options: dict, settings: TableSettings, *,
                    seed: int | None = None, bot_delay: float | None = None, advertise: bool = True,
                    replace: bool = False) -> HostLobbyScene:
        """Open a table on the LAN (and a relay) and show its lobby, or why it could not open.
        The group's window peers kept by Next game hear where to go."""
        try:
            hosted = HostedTable.open(self.app, game_id, seat_plans, options, settings=settings, seed=seed,
                                      bot_delay=bot_delay, advertise=advertise, profiles=self.profiles())
            lobby = HostLobbyScene(self.app, hosted)
        except HostingProblem as problem:
            hosted, lobby = None, HostLobbyScene(self.app, error=problem.words)
        self.app.replace(lobby) if replace else self.app.push(lobby)
        if hosted is not None:
            self.app.evening.next_table_opened(hosted)  # the game night: kept peers follow by themselves
            lobby.show_invites()  # the invites are what the players far away need first
        return lobby

    def lobby_started(self, lobby, rest: list) -> None:
        """A hosted table filled up: the lobby's hosted table goes to the table."""
        hosted = lobby.hosted
        kinds = [seat.get("kind", "") for seat in (lobby.lobby or {}).get("seats", [])]
        table = TableScene(self.app, TABLES[hosted.game_id], hosted.sessions, hosted.devices(), hosted.colours(),
                           public=hosted.public, hosting=hosted, players=len(hosted.plans), names=lobby.names,
                           seat_kinds=kinds)
        # the game night: Next game keeps this group, its peers as open seats under the names they took
        plans = [SeatPlan(lobby.names[i] if plan.control == "open" and i < len(lobby.names) else plan.name,
                          plan.control, plan.colour) for i, plan in enumerate(hosted.plans)]
        self.app.evening.keep_group(plans, hosted)
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
        session, problem = open_seat(entry, player_name, password,  # over the LAN, or a relay for an ``invite``
                                     profile=self.app.evening.peer_profile(player_name))  # the game night
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
