"""The shared table: one scene for every game.

It polls its sessions (never waits), folds what arrives into a `TableModel`, shows the
beats at the pace players can follow (`Pacer`), keeps one `Chooser` per local seat,
keeps secrets off the shared screen, shows refusals and the log, and hands over to the
results. What is particular to a game comes from its `GameTable` (``self.game``).

It never ticks the host: the app drives every in-process host once per frame,
whichever scene is on top. A table this screen hosts tells its host when a menu covers it
(a race or a timed choice then stands still for everyone, with a countdown to go on;
other games stay live behind the menu) and when it shows everything it was sent (a
choice's timer counts from then): docs/netplay.md, Pausing.

Secrecy on a shared screen: a choice is private when its action type is one of the
engine's ``GameInfo.secret_action_types`` or the game's ``private_types``. Private choices
show only in the seat's private panel, which opens while the seat holds its peek button
(or always, for the only local seat); a gamepad may instead pick blind from a button
map whose legend is the same whatever the seat holds. The shared screen shows only that
a seat is choosing or locked in, and a refused private choice never names it there.
"""

import math
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from client import highscores, i18n
from client.hosting.seats import PHONE
from client.i18n import N_, _
from client.input.buttons import device_family, label_for
from client.scenes.base import Scene
from client.table.anim import Animator
from client.table.choices import DIRECTIONS, Choice, hit
from client.table.chooser import BLIND_WINDOW, Chooser
from client.table.game import BLIND_BUTTONS, HINT_HEIGHT, LEGEND_HEIGHT
from client.table.handle import TableHandle
from client.table.host_link import HostLink
from client.table.model import Line, Refusal, TableModel, worded
from client.table.pacing import Pacer
from client.ui import art
from engines import game_info
from netplay import sayings

PEEK_NAMES = {"mouse": N_("the right button"), "keys1": N_("Left Shift"), "keys2": N_("Right Shift"),
              "any": N_("peek")}
KIND_NAMES = {"bot": N_("bot"), "human": N_("on the LAN"), "remote": N_("on the LAN"), "open": N_("open seat")}
BLIND_DIRECTIONS = {"up": N_("Up"), "right": N_("Right"), "down": N_("Down"), "left": N_("Left")}
Words = str | Callable[[], str]  # a toast's words, or how to word them (again, in another language)


def later(template: str, **fields: Any) -> Callable[[], str]:
    """A note's words as a function (worded again when the language changes): ``template``,
    marked with N_, looked up and filled when asked; a field that is a function is asked then."""
    def word() -> str:
        return _(template).format(**{key: value() if callable(value) else value for key, value in fields.items()})
    return word


def peek_name(device: str, app=None) -> str:
    """The peek button of ``device``, as printed on it (a pad's by its kind, with ``app``)."""
    if device.startswith("pad:"):
        return label_for(app, device, "peek") if app is not None else "LB"
    return _(PEEK_NAMES.get(device, N_("peek")))


class TableScene(Scene):
    running_game = True
    notes_at = "top"  # toasts stand between the header and the log
    updates_when_covered = True  # keep folding messages while the pause menu is up

    def __init__(self, app, game_class, sessions: dict, devices: dict, colours: list[int], *, public=None,
                 host=None, players: int | None = None, names=(), seat_kinds=(), server=None, demo: bool = False,
                 phones=None):
        super().__init__(app)
        self.info = game_info(game_class.game_id)
        self.sessions = dict(sessions)
        self.public = public
        self.link = HostLink(app, host, server, phones, demo)  # the only way to the host, server and phones
        players = players or self.link.players() or len(colours)
        self.model = TableModel(players, self.sessions, public is not None, names, seat_kinds)
        self.colour_ids = list(colours)
        self.choosers = {seat: Chooser(seat, devices[seat], steps=partial(self.seat_steps, seat))
                         for seat in self.sessions}
        self.secret_types = frozenset(self.info.secret_action_types) | frozenset(game_class.private_types)
        self.anim = Animator(self.speed)
        self.pacer = Pacer(self.model, self.speed)
        self.demo = demo  # bots play every seat; input belongs to the demo (see Flow.demo_input)
        self.running_game = not demo
        self.closed = False
        self.rejoin_token: str | None = None  # a joined table: this seat's token (client.hosting.rejoin)
        self.rejoin_entry: dict | None = None  # ... and how to reach it again (Flow.rejoin): entry, name, password
        self.away_since: dict[int, float] = {}  # away seats, since when on this table's clock
        self.finished_at: float | None = None
        self.live: dict[int, list[Choice]] = {seat: [] for seat in self.sessions}
        self._made_from: dict = {}  # what each seat's choices were last made from
        self.resume_at: float | None = None  # app clock: when a paused game goes on (the countdown)
        self._pause_said = 0
        self._reported_shown = -1  # the beats shown when the host last heard this screen caught up
        self.high_scores: highscores.Board | None = None  # recorded once (`record_high_score`)
        self.refusal: Refusal | None = None  # the refusal being worded (`refused`): its say and data
        self.worded_toasts: list = []  # (toast, how to word it): worded again when the language changes
        self.language = i18n.current()
        self.game = game_class(self)
        self.layout = self.game.layout()
        self.poll()
        self.pacer.update(0.0, self.play, self.shown)  # the first view shows at once
        self.log_history()
        self.link.timers_wait_for_screen()  # a choice's timer counts from when it is on this screen

    def seat_steps(self, seat: int) -> dict:
        """``seat``'s own steps so far, as its game keeps them."""
        return self.game.stage.get(seat) or {}

    @property
    def host(self):
        return self.link.host

    @host.setter
    def host(self, host) -> None:
        self.link.host = host

    @property
    def server(self):
        return self.link.server

    @server.setter
    def server(self, server) -> None:  # a game night parks the server: the table closes without it
        self.link.server = server

    @property
    def phones(self):
        return self.link.phones

    @phones.setter
    def phones(self, phones) -> None:
        self.link.phones = phones

    # --- who is who ---------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.model.players

    @property
    def local_seats(self) -> list[int]:
        return self.model.local_seats

    @property
    def solo(self) -> bool:
        """One seat plays at this screen: nobody to hide its private panel from."""
        return len(self.sessions) == 1

    def speed(self) -> float:
        return self.app.settings.speed

    def colour(self, seat: int):
        return art.seat_colour(self.colour_ids[seat] if seat < len(self.colour_ids) else seat)

    def name(self, seat) -> str:
        if seat is None:
            return _("host")
        return self.model.names[seat] if 0 <= seat < len(self.model.names) else \
            sayings.default_name(seat, i18n.current())

    def draw_name(self, surface, seat: int, pos, size: int, width: int, anchor: str = "topleft",
                  colour=None) -> pygame.Rect:
        """A seat's name in its colour, fitted to ``width`` (long names end in an ellipsis)."""
        return art.blit_text(surface, self.name(seat), size, colour or self.colour(seat), pos, anchor, "bold",
                             width=width)

    def peek_button(self, seat: int) -> str:
        """The peek button of ``seat``'s device, as printed on it."""
        return peek_name(self.choosers[seat].device, self.app)

    def pad_binding(self, action: str) -> str | None:
        """The pad button the player bound to ``action`` in Settings (None: the default)."""
        return self.app.settings.data["pad"].get(action)

    def button_label(self, device: str, action: str) -> str:
        """What ``device`` calls its ``action`` button (remapped keys, a pad's own labels)."""
        return label_for(self.app, device, action)

    def device_family(self, device: str) -> str:
        """The pad family of ``device`` ("xbox", "nintendo", "playstation"; not a pad: xbox)."""
        return device_family(self.app, device)

    @property
    def beat(self):
        """The beat the table is playing (its events still on screen), or None."""
        return self.pacer.beat

    def showing(self) -> bool:
        """Whether the table still shows what happened, or has more of it waiting."""
        return self.pacer.busy()

    # --- sounds and notes -----------------------------------------------------------------
    def play_sound(self, name: str) -> None:
        self.app.sounds.play(name)

    def toast(self, words: Words, *, problem: bool = True, colour=None, seconds: float = 6.0,
              key: str | None = None, at: pygame.Rect | None = None, outlives_table: bool = False) -> None:
        """A note on screen; it goes with the table unless ``outlives_table``. ``words`` may
        be a function that words it: then a language change words it again."""
        self.note(words, problem=problem, colour=colour, seconds=seconds, key=key,
                  owner=None if outlives_table else self, at=at)

    def note(self, words: Words, **how) -> None:
        """``app.toasts.add``, worded again on a language change when ``words`` is a function."""
        toast = self.app.toasts.add(words() if callable(words) else words, **how)
        if callable(words):
            self.worded_toasts = [(t, w) for t, w in self.worded_toasts if any(t is o for o in self.app.toasts.toasts)]
            self.worded_toasts.append((toast, words))

    def reword(self) -> None:
        """The window's language changed (Settings): word the notes on screen again (the
        log words itself again where it is drawn, `model.worded`)."""
        if self.language is i18n.current():
            return
        self.language = i18n.current()
        shown = self.app.toasts.toasts
        self.worded_toasts = [(toast, word) for toast, word in self.worded_toasts if any(toast is o for o in shown)]
        for toast, word in self.worded_toasts:
            try:
                toast.words = word()
            except Exception:  # noqa: BLE001 - a note that cannot be worded again keeps its words
                pass

    def record_high_score(self) -> None:
        """Put the game's score into this machine's high-score table once, when the game
        offers one (`GameTable.high_score`): the file is written here, not by the game."""
        if self.high_scores is not None or self.demo:
            return
        entry = self.game.high_score()
        if entry is None:
            return
        score, details = entry
        self.high_scores = highscores.record(self.info.id, self.name(0), score, details)
        if self.high_scores.problem:
            self.toast(self.high_scores.problem, seconds=12, key="highscores", outlives_table=True)

    def phone_seats(self) -> list[int]:
        """Local seats that play only from a phone."""
        return [seat for seat, chooser in self.choosers.items() if chooser.device == PHONE]

    def seat_label(self, seat: int) -> str:
        """Who plays a seat: this screen's device, a phone, a bot, a player on the LAN."""
        status = self.link.phone_status(seat) if seat in self.choosers else "none"
        if status == "away":
            return _("phone away: reconnecting")
        if status == "connected" or (seat in self.choosers and self.choosers[seat].device == PHONE):
            return _("phone") if status == "connected" else _("phone: scan the code (Esc)")
        if seat in self.choosers:
            return self.app.input.device_name(self.choosers[seat].device)
        kinds = self.model.seat_kinds
        kind = kinds[seat] if seat < len(kinds) else ""
        return _(KIND_NAMES[kind]) if kind in KIND_NAMES else kind

    def panel_open(self, seat: int) -> bool:
        """Whether ``seat``'s private panel shows: while it peeks; always for the only seat
        at this screen, except while it has public choices where the panel would open."""
        chooser = self.choosers.get(seat)
        if chooser is None or seat not in self.layout.private:  # a game with nothing private has no panel
            return False
        if chooser.device == PHONE:  # its secrets show on its phone only
            return False
        if chooser.peeking:
            return True
        if not self.solo:
            return False
        choices = self.live.get(seat, [])
        panel = self.game.private_rect(seat, sum(choice.private for choice in choices))
        return all(choice.private or not panel.colliderect(choice.rect) for choice in choices)

    def is_private(self, action) -> bool:
        return isinstance(action, dict) and action.get("type") in self.secret_types

    # --- sessions ---------------------------------------------------------------------------
    def poll(self) -> None:
        channels = list(self.sessions.items()) + ([(None, self.public)] if self.public is not None else [])
        refusals = []
        for channel, session in channels:
            for message in session.poll():
                refusal = self.model.receive(channel, message)
                if refusal is not None:
                    refusals.append(refusal)
                elif message.get("t") == "bye" and (channel is None or self.public is None):
                    if self.can_rejoin():  # the banner stays until the player rejoins or leaves
                        self.note(self.bye_words, owner=self, key="bye", seconds=24 * 3600)
                    else:
                        self.note(self.bye_words, owner=self, key="bye", seconds=12)
                elif message.get("t") == "lobby":
                    self.seen_away()
                elif message.get("t") == "colours" and len(message["colours"]) == len(self.colour_ids):
                    self.colour_ids = list(message["colours"])  # the game night: a peer's profile colour

        for refusal in refusals:  # told once what arrived with it is in (a lost race: who was first)
            self.refused(refusal)

    def bye_words(self) -> str:
        """The host said goodbye: why, and what becomes of this screen's seat."""
        reason = self.model.goodbye_words()
        if self.can_rejoin():
            return _("Disconnected: {reason}. Your seat is kept: press Enter or click to rejoin it.").format(
                reason=reason)
        if self.rejoin_token and self.model.goodbye != "the game is over":
            return _("Disconnected: {reason}. Your seat is kept: rejoin it from Join a LAN game when the host is "
                     "back.").format(reason=reason)
        return _("Disconnected: {reason}.").format(reason=reason)

    def log_history(self) -> None:
        """What happened before this table came (Continue, a rejoin), told in the log once
        a view is shown (a game's words may read it)."""
        if self.model.history and self.model.view is not None:
            events, self.model.history = self.model.history, []
            for event in events:
                line = self.game.describe(event)
                if line and self.game.rewords_log:
                    line = Line(line, partial(self.game.describe, event))
                self.model.add_log(line)

    # --- away seats -------------------------------------------------------------------------
    def seen_away(self) -> None:
        """Note when seats went away or came back (the lobby says), and say so."""
        for seat in sorted(self.model.away - set(self.away_since)):
            self.away_since[seat] = self.clock
            if seat not in self.choosers:
                away = N_("{name} is away.  Esc: let a bot play for them.") if self.can_hand_seats() else \
                    N_("{name} is away.")
                self.note(later(away, name=self.name(seat)), problem=False, colour=self.colour(seat), owner=self,
                          seconds=6, key=f"away{seat}")
        for seat in sorted(set(self.away_since) - self.model.away):
            del self.away_since[seat]
            self.note(later(N_("{name} is back."), name=self.name(seat)), problem=False,
                      colour=self.colour(seat), owner=self, seconds=3, key=f"away{seat}")

    def away_words(self, seat: int) -> str | None:
        """"away 1:05" (and who plays meanwhile) for an away seat, else None."""
        since = self.away_since.get(seat)
        if since is None:
            return None
        seconds = int(self.clock - since)
        kinds = self.model.seat_kinds
        bot = seat < len(kinds) and kinds[seat] == "bot"
        time = f"{seconds // 60}:{seconds % 60:02d}"
        return (_("away {time}, a bot plays") if bot else _("away {time}")).format(time=time)

    def can_rejoin(self) -> bool:
        """Whether this joined table lost its host and its seat may be rejoined by token."""
        return (self.rejoin_entry is not None and self.model.goodbye is not None
                and self.model.goodbye != "the game is over")

    def can_hand_seats(self) -> bool:
        """Whether this screen hosts the table (it may hand away seats to bots)."""
        return self.link.can_hand_seats()

    def hand_seat(self, seat: int, to_bot: bool) -> None:
        """Let a bot play an away ``seat`` (``to_bot``), or stop it."""
        self.link.hand_seat(seat, to_bot)

    def refused(self, refusal: Refusal) -> None:
        self.app.sounds.play("reject")
        seat, chooser = refusal.seat, self.choosers.get(refusal.seat)
        private = refusal.pending.private if refusal.pending is not None else False
        action = refusal.pending.action if refusal.pending is not None else None
        if private and chooser is not None:
            # the engine's sentence may name the secret: it goes to the private panel only
            note = later(N_("Refused: {reason}"), reason=refusal.words)
            chooser.private_note = Line(note(), note)

        def said() -> str:  # the refusal in this window's language (again, after a change in Settings)
            if private and chooser is not None:
                return self.game.public_refusal(refusal.code)
            self.refusal = refusal  # a game's refusal_words may read the host's data (``refusal.message``)
            try:
                return self.game.refusal_words(seat, refusal.code, refusal.english, action)
            finally:
                self.refusal = None

        def toast() -> str:
            if private and chooser is not None:
                return _("{name}: refused, {reason}. Pick again.").format(name=self.name(seat), reason=said())
            return _("{name}: {reason}").format(name=self.name(seat), reason=said())

        zone = self.layout.seats.get(seat) if seat is not None else None
        self.note(toast, colour=self.colour(seat) if seat is not None else art.DANGER, seconds=4.0,
                  owner=self, at=zone, key=f"refused{seat}")
        # in words, never the engine's code; after the beats already here, if the game says so
        waits = seat is not None and self.game.refusals_wait_for_beats and bool(self.model.queue)

        def logged() -> str:
            return _("Refused ({name}): {reason}").format(name=self.name(seat), reason=said())

        self.model.add_log(Line(logged(), logged), self.model.received if waits else 0)
        if seat is not None:
            if refusal.pending is not None and not private:  # a play shown at once (echoed) goes back
                self.game.on_taken_back(seat, refusal.pending)
            self.game.on_refusal(seat, refusal.code, refusal.reason)

    def send(self, seat: int, choice: Choice) -> None:
        seq = self.sessions[seat].send(choice.action)
        self.model.sent(seat, seq, choice.action, choice.key, choice.private, choice.label, choice.rect.copy())

    # --- pacing -------------------------------------------------------------------------------
    def hold(self, seconds: float) -> None:
        """Dwell ``seconds`` more (at the player's speed) before the next beat shows: a
        countdown at the start of a round, say, from ``GameTable.on_shown``."""
        self.pacer.wait = max(self.pacer.wait, 0.0) + self.pacer.dwell(seconds)

    def play(self, event: dict) -> float:
        line = self.game.describe(event)
        if line and self.game.rewords_log:  # the game words an event the same whenever asked: again on a change
            line = Line(line, lambda: self.game.describe(event))
        self.model.add_log(line)
        return self.game.on_event(event)

    def shown(self, beat) -> None:
        for seat in self.local_seats:
            for event in beat.seat_events.get(seat, []):
                if event not in beat.events:
                    self.game.on_seat_event(seat, event)
        self.game.on_shown(beat)
        self.record_high_score()
        self.refresh()

    # --- choices ----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Each local seat's choices as the shown view offers them (none while the seat's
        last intent waits for its answer to show: one intent at a time). They are made
        again only when something they depend on changed (see `GameTable.choices_version`)."""
        for seat, chooser in self.choosers.items():
            waiting = self.closed or self.model.pending.get(seat) is not None
            # a choice's label is worded when it is made: a new language makes them anew
            made_from = (self.model.shown, waiting, repr(self.seat_steps(seat)), self.game.choices_version(seat),
                         i18n.current())
            if self._made_from.get(seat) == made_from:
                continue
            self._made_from[seat] = made_from
            legal = [] if waiting else self.model.legal.get(seat, [])
            choices = self.game.choices(seat, legal) if legal else []
            for choice in choices:
                choice.private = choice.private or self.is_private(choice.action)
            self.live[seat] = choices
            chooser.keep_focus(choices, self.game.preferred(seat, choices))

    def usable(self, seat: int) -> list[Choice]:
        """The choices ``seat`` can see and use now."""
        open_ = self.panel_open(seat)
        return [choice for choice in self.live.get(seat, []) if open_ or not choice.private]

    def choosing_blind(self, seat: int) -> bool:
        chooser = self.choosers[seat]
        return (chooser.is_pad and not self.panel_open(seat) and any(c.private for c in self.live.get(seat, []))
                and bool(self.game.blind_actions(seat)))

    def pick(self, seat: int, choice: Choice) -> None:
        chooser = self.choosers[seat]
        if choice.then is not None:
            choice.then()
            self.app.sounds.play("move")
            self.refresh()
            return
        if self.model.pending.get(seat) is not None:
            return  # one intent at a time: a second press waits for the first's answer
        self.app.sounds.play("confirm")
        if choice.private:
            chooser.private_note = ""
        chooser.armed = None
        self.send(seat, choice)

    # --- input ----------------------------------------------------------------------------------
    def handle(self, intent) -> bool:
        action = intent.action
        if self.demo:
            return self.app.flow.demo_input(intent)
        if action == "escape":
            self.app.flow.pause(self)
            return True
        if action == "text":
            return False
        if action == "raw":  # any key by name, bound or not: the game's own keys (zoom, say)
            return self.game.on_input(intent)
        if action == "disconnected":
            self.pad_gone(intent.device)
            return True
        if action == "connected":
            self.pad_back(intent.device)
            return True
        if self.claim_seat(intent):
            return True
        if self.model.paused:  # nothing may be played until the countdown is over
            return True
        if action == "confirm" and intent.pressed and self.can_rejoin():  # the banner's one press
            self.app.flow.rejoin(self)
            return True
        for seat, chooser in self.choosers.items():
            if chooser.listens_to(intent.device) and self.handle_seat(seat, chooser, intent):
                return True
        return self.game.on_input(intent)

    # --- gamepads coming and going ----------------------------------------------------------
    # A replugged pad that `client.input.pads` recognises comes back with its old device id, so
    # its seat needs nothing. Any other pad is never handed a seat silently (it would see
    # that player's secrets): its player presses confirm to take an orphaned seat.
    def orphaned_seats(self) -> list[int]:
        """Local seats whose gamepad is unplugged."""
        present = set(self.app.input.devices())
        return [seat for seat, chooser in self.choosers.items() if chooser.is_pad and chooser.device not in present]

    def pad_gone(self, device: str) -> None:
        for seat, chooser in self.choosers.items():
            if chooser.device == device:
                chooser.let_go()
                self.note(later(N_("{name}'s {device} is unplugged: plug it back in to play on"), name=self.name(seat),
                                device=partial(self.app.input.device_name, device)), owner=self, key=f"pad{device}",
                          colour=self.colour(seat), seconds=3600)

    def pad_back(self, device: str) -> None:
        for seat, chooser in self.choosers.items():
            if chooser.device == device:
                self.app.toasts.withdraw(f"pad{device}")
                self.note(later(N_("{name}'s {device} is back"), name=self.name(seat),
                                device=partial(self.app.input.device_name, device)),
                          problem=False, colour=self.colour(seat), owner=self, seconds=3)
                return
        orphans = self.orphaned_seats()
        if orphans:
            seat = orphans[0]
            confirm = label_for(self.app, device, "confirm")
            self.note(later(N_("{device}: press {button} to take back {name}'s seat"),
                            device=partial(self.app.input.device_name, device), button=confirm, name=self.name(seat)),
                      problem=False, colour=self.colour(seat), owner=self, key=f"claim{device}", seconds=3600)

    def claim_seat(self, intent) -> bool:
        """An unbound pad's confirm takes the first orphaned seat (True if it did)."""
        if not (intent.device.startswith("pad:") and intent.action == "confirm" and intent.pressed):
            return False
        if any(chooser.listens_to(intent.device) for chooser in self.choosers.values()):
            return False
        orphans = self.orphaned_seats()
        if not orphans:
            return False
        seat = orphans[0]
        chooser = self.choosers[seat]
        self.app.toasts.withdraw(f"pad{chooser.device}")
        self.app.toasts.withdraw(f"claim{intent.device}")
        chooser.device, chooser.armed = intent.device, None
        self.note(later(N_("{name} now plays with {device}"), name=self.name(seat),
                        device=partial(self.app.input.device_name, intent.device)),
                  problem=False, colour=self.colour(seat), owner=self, seconds=4)
        self.app.sounds.play("confirm")
        return True

    def handle_seat(self, seat: int, chooser: Chooser, intent) -> bool:
        action, pressed = intent.action, intent.pressed
        shortcut = self.game.shortcuts(seat, intent.device).get(action)
        if shortcut is not None:  # one press confirms it (a race's pile buttons)
            if pressed:
                self.pick(seat, shortcut)
            else:
                chooser.hold(action, False)  # a direction held from before it became a shortcut
            return True
        if action == "peek":
            chooser.peeking = pressed
            return True
        if self.choosing_blind(seat) and action in BLIND_BUTTONS:
            return self.blind_press(seat, chooser, action) if pressed else True
        choices = self.usable(seat)
        pointing = intent.device == "mouse"
        if action in DIRECTIONS and not pointing:
            chooser.hold(action, pressed)
            if pressed and chooser.move(choices, action, self.game.steer):
                self.app.sounds.play("move")
            return bool(choices)
        if action == "point":
            index = hit(choices, intent.pos)
            if index is not None:
                chooser.cursor = choices[index].key
            return index is not None
        if action == "confirm" and pressed:
            index = hit(choices, intent.pos) if pointing else chooser.focus(choices)
            if index is None:
                return self.game.on_seat_input(seat, intent)
            chooser.cursor = choices[index].key
            self.pick(seat, choices[index])
            return True
        if action == "back" and pressed and self.game.clear_stage(seat):
            self.refresh()
            return True
        return self.game.on_seat_input(seat, intent)

    def blind_press(self, seat: int, chooser: Chooser, button: str) -> bool:
        """A gamepad's blind pick: a choice's button twice within BLIND_WINDOW locks it in.
        Every button sounds and looks the same on the shared screen."""
        actions = self.game.blind_actions(seat)
        index = BLIND_BUTTONS.index(button)
        self.app.sounds.play("move")
        if index >= len(actions):
            return True
        if chooser.armed == button and self.clock - chooser.armed_at < BLIND_WINDOW:
            chooser.armed = None
            label, action = actions[index]
            if action is None:
                self.note(later(N_("{name}: that button is not a choice now. Pick again."), name=self.name(seat)),
                          colour=self.colour(seat), owner=self, seconds=3, at=self.layout.seats[seat])
                return True
            if self.model.pending.get(seat) is None:
                self.send(seat, Choice(action, pygame.Rect(0, 0, 1, 1), label, private=True))
                self.app.input.rumble(chooser.device, 0.8, 260)  # locked: a long buzz in that player's hands
        else:
            chooser.armed, chooser.armed_at = button, self.clock
            self.app.input.rumble(chooser.device, 0.3, 80)
        return True

    # --- time ---------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        on_top = self.app.top is self
        self.reword()
        if not self.closed:
            self.poll()
        self.log_history()
        self.follow_pause()
        if self.model.paused:  # the host stopped the game for everyone: so does this screen's clock
            self.refresh()
            return
        super().update(dt)
        # A game that goes on while this screen is in a menu stays live behind it (a game the
        # menu paused stands still above); the results wait until the menu is closed.
        self.pacer.update(dt, self.play, self.shown)
        for photo in self.model.due_photos():
            self.game.on_photo_finish(photo)
        self.caught_up()
        self.anim.update(dt)
        self.game.update(dt)
        self.refresh()
        for seat, chooser in self.choosers.items():
            if chooser.armed is not None and self.clock - chooser.armed_at >= BLIND_WINDOW:
                chooser.armed = None
            for direction in chooser.repeats(dt) if on_top else []:
                if chooser.move(self.usable(seat), direction, self.game.steer):
                    self.app.sounds.play("move")
        if self.model.result() is not None and not self.pacer.busy() and on_top:
            if self.finished_at is None:
                self.finished_at = self.clock
            elif self.clock - self.finished_at >= 0.4:
                self.app.flow.results(self)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.refresh()
        self.link.close(*self.sessions.values(), self.public)  # a server closes its host's save

    def resume(self) -> None:
        self.link.set_bot_after(self.app.settings.data.get("bot_after"))  # it may have changed in the menu
        if any(chooser.device in ("mouse", "any") for chooser in self.choosers.values()):
            pygame.mouse.set_visible(False)
        self.link.unpause()  # back from a menu that stopped the game: every screen counts down

    def pause(self) -> None:
        pygame.mouse.set_visible(True)
        for chooser in self.choosers.values():
            chooser.let_go()
        if self.link.pauses_for_everyone() and not self.closed and self.model.result() is None:
            self.link.pause()

    # --- the host's pause (docs/netplay.md, Pausing): only through the host link ----------------
    def hosted(self):
        """The host of the table this screen hosts (in-process or served), else None."""
        return self.link.hosted()

    def pause_stops_game(self) -> bool:
        """Whether this screen's pause menu stops the game for everyone (a race or a timed
        choice at a table it hosts). Other games go on."""
        return self.link.pauses_for_everyone()

    def count_in(self) -> None:
        """Pause and let every screen count down before the game goes on (a continued race)."""
        self.link.count_in()

    def follow_pause(self) -> None:
        """Note a pause message: when the countdown it started ends, on this screen's clock."""
        if self.model.pause_said != self._pause_said:
            self._pause_said = self.model.pause_said
            left = self.model.resume_in
            self.resume_at = None if left is None else self.app.clock + left

    def caught_up(self) -> None:
        """Tell the host this screen shows all it was sent (a choice's timer starts)."""
        if self.pacer.busy() or self.model.shown == self._reported_shown or self.hosted() is None:
            return
        self._reported_shown = self.model.shown
        self.link.screen_caught_up()

    # --- drawing (reads only) -------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.blit(art.background("table"), (0, 0))
        if self.model.view is None:
            art.blit_text(surface, _("Waiting for the table..."), 60, art.INK, (art.W // 2, art.H // 2), "center")
            return
        self.game.draw_board(surface)
        self.draw_header(surface)
        self.draw_log(surface)
        for seat in range(self.players):
            self.game.draw_seat(surface, seat, self.layout.seats[seat])
            self.draw_away(surface, seat)
        for seat in self.choosers:
            self.draw_choices(surface, seat)
        for seat in self.choosers:  # open panels last: never under another seat's legend
            if self.panel_open(seat):
                self.draw_panel(surface, seat)
        self.game.draw_overlay(surface)
        if self.model.paused:
            self.draw_paused(surface)
        for chooser in self.choosers.values():
            if chooser.device in ("mouse", "any"):
                art.pointer(surface, self.app.input.mouse_pos, self.colour(chooser.seat))

    def draw_paused(self, surface) -> None:
        """The host's pause on every screen: who paused, then the countdown to go on."""
        surface.blit(art.shade_layer(150), (0, 0))
        box = pygame.Rect(0, 0, 900, 300)
        box.center = (art.W // 2, art.H // 2)
        surface.blit(art.panel(box.size, art.NIGHT, art.GOLD, 24, 245), box)
        if self.resume_at is None:
            heading = _("Paused")
            words = _("The game stands still for everyone.") if self.hosted() is not None else \
                _("The host paused the game: it stands still for everyone.")
        else:
            left = max(0.0, self.resume_at - self.app.clock)
            heading = _("Ready... {count}").format(count=math.ceil(left)) if left > 0 else _("Go!")
            words = _("The game goes on for everyone when the count ends.")
        art.blit_text(surface, heading, 96, art.GOLD, (box.centerx, box.top + 100), "center", weight="bold")
        art.blit_text(surface, words, 34, art.INK, (box.centerx, box.top + 210), "center", width=box.width - 60)

    def draw_away(self, surface, seat: int) -> None:
        """A badge over an away seat's zone: how long, and whether a bot plays meanwhile."""
        words = self.away_words(seat)
        zone = self.layout.seats.get(seat)
        if words is None or zone is None:
            return
        width = min(zone.width - 8, art.text_width(words, 28) + 36)
        badge = pygame.Rect(0, 0, width, 44)
        badge.center = (zone.centerx, zone.top)  # across the zone's top edge, clear of its name
        surface.blit(art.panel(badge.size, (70, 40, 36), self.colour(seat), 10, 235), badge)
        art.blit_text(surface, words, 28, art.INK, badge.center, "center", width=badge.width - 16)

    def draw_header(self, surface) -> None:
        box = self.layout.header
        surface.blit(art.panel(box.size, art.PANEL), box)
        art.blit_text(surface, self.info.name, 56, art.GOLD, (box.left + 26, box.top + 14), weight="bold",
                      width=box.width - 52)
        status = art.blit_text(surface, self.game.status_text(), 34, art.INK_DIM, (box.left + 28, box.top + 74),
                               width=box.width - 200)
        hint = (_("pause: {buttons}") if self.pause_stops_game() else _("menu: {buttons}")).format(
            buttons=self.pause_buttons())
        if self.demo:
            plan = self.app.flow.demo_plan or {}
            hint = _("any key: menu") if plan.get("attract") else _("Esc quits")
        room = box.right - 24 - status.right - 20  # the status line comes first; the hint takes what is left
        size = next((size for size in (28, 25, 22) if art.text_width(hint, size) <= room), 22)
        art.blit_text(surface, hint, size, art.INK_FAINT, (box.right - 24, box.top + 78 + (28 - size) // 2), "topright",
                      width=room)
        phase = self.layout.phase
        words = self.game.phase_text()
        size = next((size for size in (44, 40, 36) if art.text_width(words, size) <= phase.width), 40)
        lines = art.wrap(words, size, phase.width)
        if len(lines) > 2:
            size = 34
            lines = art.wrap(words, size, phase.width)[:3]
        top = phase.centery - (size + 6) * len(lines) // 2
        for i, line in enumerate(lines):
            art.blit_text(surface, line, size, art.INK, (phase.centerx, top + (size + 6) * i), "midtop")

    def pause_buttons(self) -> str:
        """What pauses this table, as printed on its devices: "Esc", "Esc / Start / +"."""
        names = ["Esc"] if any(not c.is_pad for c in self.choosers.values()) or not self.choosers else []
        for chooser in self.choosers.values():
            if chooser.is_pad:
                names.append(label_for(self.app, chooser.device, "menu"))
        return " / ".join(dict.fromkeys(names))

    def draw_log(self, surface) -> None:
        """The newest log lines, wrapped (never cut), filling the box from the bottom."""
        box = self.layout.log
        surface.blit(art.panel(box.size, art.PANEL, None, 16, 200), box)
        art.blit_text(surface, _("What happened"), 34, art.GOLD, (box.left + 20, box.top + 12), weight="bold",
                      width=box.width - 40)
        size, line_height, width = 28, 31, box.width - 40
        room = (box.height - 62) // line_height
        lines: list[str] = []
        for entry in reversed(self.model.log):  # whole entries only, newest last
            wrapped = art.wrap(worded(entry), size, width, "regular")
            if lines and len(lines) + len(wrapped) > room:
                break
            lines = wrapped + lines
        for i, line in enumerate(lines[-room:] if room > 0 else []):
            art.blit_text(surface, line, size, art.INK_DIM, (box.left + 20, box.top + 54 + i * line_height),
                          weight="regular")

    def draw_choices(self, surface, seat: int) -> None:
        chooser = self.choosers[seat]
        choices = self.live.get(seat, [])
        pending = self.model.pending.get(seat)
        colour = self.colour(seat)
        private = [choice for choice in choices if choice.private]
        for choice in choices:
            if not choice.private:
                self.draw_one_choice(surface, seat, choice, chooser)
        if pending is not None and pending.rect is not None and not pending.private:
            art.dashed_ring(surface, pending.rect, colour, self.clock * 2)  # sent, not yet answered
        if private and not self.panel_open(seat):  # an open panel: draw_panel, over every legend
            if self.choosing_blind(seat):
                self.draw_blind_legend(surface, seat, self.game.prompt_rect(seat, LEGEND_HEIGHT))
            else:
                where = self.game.prompt_rect(seat, HINT_HEIGHT)
                words = _("choose on your phone") if chooser.device == PHONE else \
                    _("hold {button} to choose").format(button=peek_name(chooser.device, self.app))
                art.blit_text(surface, words, 28, art.GOLD,
                              where.midbottom, "midbottom", width=where.width)

    def draw_panel(self, surface, seat: int) -> None:
        """``seat``'s open private panel with its private choices."""
        chooser = self.choosers[seat]
        pending = self.model.pending.get(seat)
        colour = self.colour(seat)
        private = [choice for choice in self.live.get(seat, []) if choice.private]
        rect = self.game.private_rect(seat, len(private))
        surface.blit(art.panel(rect.size, (30, 26, 34), colour, 16, 250), rect)
        template = self.game.panel_heading  # a game's own heading is marked N_ where it is written
        if template != "{name}" and i18n.current().has(template):
            template = _(template)
        heading = template.format(name=self.name(seat))
        if not self.solo:
            heading = _("{heading} (private)").format(heading=heading)
        art.blit_text(surface, heading, 36, colour, (rect.left + 22, rect.top + 12), weight="bold",
                      width=rect.width - 44)
        note = worded(chooser.private_note)
        if pending is not None and pending.private:
            note = _("Sent: {choice}").format(choice=pending.label)
        elif not note and private:
            note = _("click to choose") if chooser.device == "mouse" else _("move, then confirm")
        if note:
            art.blit_text(surface, note, 26, art.INK_DIM, (rect.left + 24, rect.top + 54), weight="regular",
                          width=rect.width - 48)
        self.game.draw_private(surface, seat, rect, private)
        for choice in private:
            self.draw_one_choice(surface, seat, choice, chooser)

    def draw_one_choice(self, surface, seat: int, choice: Choice, chooser: Chooser) -> None:
        focused = choice.key == chooser.cursor
        self.game.draw_choice(surface, seat, choice, focused)
        if focused:
            art.cursor_ring(surface, choice.rect, self.colour(seat), 4, self.pulse)

    def draw_blind_legend(self, surface, seat: int, box: pygame.Rect) -> None:
        """The gamepad's button map in ``box``, generated from the game's blind actions: the
        same for every pad seat, and never showing which button was pressed."""
        actions = self.game.blind_actions(seat)
        device = self.choosers[seat].device
        parts = [_("{button} {choice}").format(
                     button=_(BLIND_DIRECTIONS[button]) if button in BLIND_DIRECTIONS else
                     label_for(self.app, device, button), choice=label)
                 for button, (label, _action) in zip(BLIND_BUTTONS, actions, strict=False)]
        half = (len(parts) + 1) // 2
        surface.blit(art.panel(box.size, (34, 30, 40), self.colour(seat), 12, 230), box)
        for row, words in enumerate(("   ".join(parts[:half]), "   ".join(parts[half:]))):
            art.blit_text(surface, words, 26, art.INK_DIM, (box.centerx, box.top + 24 + row * 32), "center",
                          width=box.width - 16)
        armed = self.choosers[seat].armed is not None
        art.blit_text(surface, _("press it again to lock in") if armed else _("press a choice's button twice"), 26,
                      art.GOLD if armed else art.INK_FAINT, (box.centerx, box.top + 92), "center", width=box.width - 16)


def _as_handle(scene: TableScene) -> TableHandle:
    """Never called: mypy checks here that the scene offers what a game's handle needs."""
    return scene
