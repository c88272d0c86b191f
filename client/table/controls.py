"""The seat controls: every local seat's chooser, its choices, and the input routed to it.

Each intent goes to the seat bound to its device (a lone LAN seat's "any" takes every local
device): a game's one-press shortcut first, then peek, a gamepad's blind pick, the cursor
(directions with held-key repeat, the pointer), confirm and back; what the shared chooser
does not use goes to the game. One intent at a time: a seat's second press waits for the
first one's answer. Gamepads come and go: a replugged pad that `client.input.pads`
recognises comes back with its old device id, so its seat needs nothing; any other pad is
never handed a seat silently (it would see that player's secrets): its player presses
confirm to take an orphaned seat. Each such pad is offered a seat of its own (the prompt
over that seat names it), and the prompts follow as seats are taken.

Secrecy: a choice is private when its action type is secret (``secret_types``) or the game
marks it; private choices are usable only while the seat's private panel is open.
"""

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import pygame

from client import i18n
from client.hosting.seats import PHONE
from client.i18n import N_, _
from client.input.buttons import label_for
from client.input.router import Intent
from client.table.choices import DIRECTIONS, Choice, hit
from client.table.chooser import BLIND_WINDOW, Chooser
from client.table.game import BLIND_BUTTONS, GameTable
from client.table.layout import Layout
from client.table.session import Screen, TableSession, later
from client.table.types import Action
from client.table.window import Window
from netplay.language import Words

PEEK_NAMES = {"mouse": N_("the right button"), "keys1": N_("Left Shift"), "keys2": N_("Right Shift"),
              "any": N_("peek")}
KIND_NAMES = {"bot": N_("bot"), "human": N_("on the LAN"), "remote": N_("on the LAN"), "open": N_("open seat")}
# How a person not at this screen plays, as the host's lobby says (docs/netplay.md: a seat's ``via``).
VIA_NAMES = {"couch": N_("at the host"), "lan": N_("on the LAN"), "relay": N_("through the relay"),
             "phone": N_("on a phone")}


def peek_name(device: str, app: Window | None = None) -> str:
    """The peek button of ``device``, as printed on it (a pad's by its kind, with ``app``)."""
    if device.startswith("pad:"):
        return label_for(app, device, "peek") if app is not None else "LB"
    return _(PEEK_NAMES.get(device, N_("peek")))


class SeatControls:
    def __init__(self, app: Window, screen: Screen, session: TableSession, game: GameTable, layout: Layout,
                 devices: Mapping[int, str], secret_types: frozenset[str], clock: Callable[[], float],
                 send: Callable[[int, Choice], None]):
        self.app = app
        self.screen = screen
        self.session = session
        self.model = session.model
        self.game = game
        self.layout = layout
        self.secret_types = secret_types
        self.clock = clock  # the table's clock (a blind pick's window)
        self.send = send  # how a pick is sent (through the table, so a test may watch it)
        self.closed = False
        self.waiting: list[str] = []  # unbound pads plugged in while a seat's pad was gone, in order
        self.choosers = {seat: Chooser(seat, devices[seat], steps=partial(self.steps, seat))
                         for seat in session.sessions}
        self.live: dict[int, list[Choice]] = {seat: [] for seat in session.sessions}
        # what each seat's choices were last made from: the beat shown, whether it waits, its steps,
        # the game's `choices_version`, the language
        self._made_from: dict[int, tuple[int, bool, str, object, Words]] = {}

    def steps(self, seat: int) -> dict[str, Any]:
        """The seat's own steps so far, as its game keeps them."""
        return self.game.stage.get(seat) or {}

    # --- who plays where --------------------------------------------------------------------
    @property
    def solo(self) -> bool:
        """One seat plays at this screen: nobody to hide its private panel from."""
        return len(self.session.sessions) == 1

    def phone_seats(self) -> list[int]:
        """Local seats that play only from a phone."""
        return [seat for seat, chooser in self.choosers.items() if chooser.device == PHONE]

    def seat_label(self, seat: int, phone_status: str) -> str:
        """Who plays a seat: this screen's device, a phone (``phone_status``: its link), a
        bot, a player on the LAN."""
        chooser = self.choosers.get(seat)
        status = phone_status if chooser is not None else "none"
        if status == "away":
            return _("phone away")  # short: it shares the card's row with the seat's score
        if status == "connected" or (chooser is not None and chooser.device == PHONE):
            return _("phone") if status == "connected" else _("phone: scan the code (Esc)")
        if chooser is not None:
            return self.app.input.device_name(chooser.device)
        kinds, via = self.model.seat_kinds, self.model.seat_via
        kind = kinds[seat] if seat < len(kinds) else ""
        how = via[seat] if seat < len(via) else ""
        if kind == "human" and how in VIA_NAMES:  # a person elsewhere: how they reach the table
            return _(VIA_NAMES[how])
        return _(KIND_NAMES[kind]) if kind in KIND_NAMES else kind

    def peek_button(self, seat: int) -> str:
        """The peek button of ``seat``'s device, as printed on it."""
        return peek_name(self.choosers[seat].device, self.app)

    # --- what each seat may choose --------------------------------------------------------------
    def is_private(self, action: Action) -> bool:
        return isinstance(action, dict) and action.get("type") in self.secret_types

    def refresh(self) -> None:
        """Each local seat's choices as the shown view offers them (none while the seat's
        last intent waits for its answer to show: one intent at a time). They are made
        again only when something they depend on changed: the shown beat, the seat's own
        steps, the language, or `GameTable.choices_version`."""
        for seat, chooser in self.choosers.items():
            waiting = self.closed or self.model.pending.get(seat) is not None
            # a choice's label is worded when it is made: a new language makes them anew
            made_from = (self.model.shown, waiting, repr(self.steps(seat)), self.game.choices_version(seat),
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

    def panel_open(self, seat: int) -> bool:
        """Whether ``seat``'s private panel shows: while it peeks; always for the only seat
        at this screen, except while it has public choices where the panel would open."""
        chooser = self.choosers.get(seat)
        if chooser is None or seat not in self.layout.private:  # nothing private: no panel
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

    def usable(self, seat: int) -> list[Choice]:
        """The choices ``seat`` can see and use now (its private ones while its panel is open)."""
        open_ = self.panel_open(seat)
        return [choice for choice in self.live.get(seat, []) if open_ or not choice.private]

    def choosing_blind(self, seat: int) -> bool:
        """Whether ``seat`` picks blind from its gamepad's button map (its panel closed)."""
        chooser = self.choosers[seat]
        return (chooser.is_pad and not self.panel_open(seat) and any(c.private for c in self.live.get(seat, []))
                and bool(self.game.blind_actions(seat)))

    # --- what a seat does --------------------------------------------------------------------------
    def pick(self, seat: int, choice: Choice) -> None:
        """Confirm ``choice``: a step of the seat's own, or its action, sent (one at a time)."""
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

    def move_cursor(self, seat: int, direction: str) -> bool:
        """Move ``seat``'s cursor ``direction`` among its usable choices (the game may steer
        it); True if it went to another choice."""
        return self.choosers[seat].move(self.usable(seat), direction, self.game.steer)

    # --- input --------------------------------------------------------------------------------------
    def route(self, intent: Intent) -> bool:
        """Hand ``intent`` to the seat bound to its device, else to the game."""
        for seat, chooser in self.choosers.items():
            if chooser.listens_to(intent.device) and self.handle_seat(seat, chooser, intent):
                return True
        return self.game.on_input(intent)

    def handle_seat(self, seat: int, chooser: Chooser, intent: Intent) -> bool:
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
                return self.game_input(seat, intent)
            chooser.cursor = choices[index].key
            self.pick(seat, choices[index])
            return True
        if action == "back" and pressed and self.game.clear_stage(seat):
            self.refresh()
            return True
        return self.game_input(seat, intent)

    def game_input(self, seat: int, intent: Intent) -> bool:
        """A seat's input for the game (alt, secret, back, wheel, look, a confirm beside every
        choice); what it changed of the seat's steps shows at once."""
        taken = self.game.on_seat_input(seat, intent)
        if taken:
            self.refresh()
        return taken

    def blind_press(self, seat: int, chooser: Chooser, button: str) -> bool:
        """A gamepad's blind pick: a choice's button twice within BLIND_WINDOW locks it in.
        Every button sounds and looks the same on the shared screen."""
        actions = self.game.blind_actions(seat)
        index = BLIND_BUTTONS.index(button)
        self.app.sounds.play("move")
        if index >= len(actions):
            return True
        now = self.clock()
        if chooser.armed == button and now - chooser.armed_at < BLIND_WINDOW:
            chooser.armed = None
            label, action = actions[index]
            if action is None:
                self.screen.tell(later(N_("{name}: that button is not a choice now. Pick again."),
                                       name=self.session.name(seat)), seat=seat, over_seat=True, seconds=3)
                return True
            if self.model.pending.get(seat) is None:
                self.send(seat, Choice(action, pygame.Rect(0, 0, 1, 1), label, private=True))
                self.app.input.rumble(chooser.device, 0.8, 260)  # locked: a long buzz in that player's hands
        else:
            chooser.armed, chooser.armed_at = button, now
            self.app.input.rumble(chooser.device, 0.3, 80)
        return True

    def tick(self, dt: float, on_top: bool) -> None:
        """A blind pick's first press expires; held directions repeat (only while on top)."""
        for seat, chooser in self.choosers.items():
            if chooser.armed is not None and self.clock() - chooser.armed_at >= BLIND_WINDOW:
                chooser.armed = None
            for direction in chooser.repeats(dt) if on_top else []:
                if self.move_cursor(seat, direction):
                    self.app.sounds.play("move")

    def let_go(self) -> None:
        """Forget held buttons (the table is covered, so their releases go elsewhere)."""
        for chooser in self.choosers.values():
            chooser.let_go()

    def close(self) -> None:
        """The table closed: no seat chooses any more."""
        self.closed = True
        self.refresh()

    # --- gamepads coming and going ------------------------------------------------------------
    def plug(self, intent: Intent) -> bool:
        """A pad unplugged or plugged in, or an unbound pad claiming a seat (True if it was)."""
        if intent.action == "disconnected":
            self.pad_gone(intent.device)
            return True
        if intent.action == "connected":
            self.pad_back(intent.device)
            return True
        return self.claim_seat(intent)

    def orphaned_seats(self) -> list[int]:
        """Local seats whose gamepad is unplugged."""
        present = set(self.app.input.devices())
        return [seat for seat, chooser in self.choosers.items() if chooser.is_pad and chooser.device not in present]

    def device_words(self, device: str) -> Callable[[], str]:
        return partial(self.app.input.device_name, device)

    def pad_gone(self, device: str) -> None:
        for seat, chooser in self.choosers.items():
            if chooser.device == device:
                chooser.let_go()
                self.screen.tell(later(N_("{name}'s {device} is unplugged: plug it back in to play on"),
                                       name=self.session.name(seat), device=self.device_words(device)),
                                 seat=seat, key=f"pad{device}", seconds=3600)
        if device in self.waiting:
            self.waiting.remove(device)
            self.app.toasts.withdraw(f"claim{device}")
        self.offer_seats()

    def pad_back(self, device: str) -> None:
        for seat, chooser in self.choosers.items():
            if chooser.device == device:
                self.app.toasts.withdraw(f"pad{device}")
                self.screen.tell(later(N_("{name}'s {device} is back"), name=self.session.name(seat),
                                       device=self.device_words(device)), seat=seat, problem=False, seconds=3)
                self.offer_seats()
                return
        if device not in self.waiting:
            self.waiting.append(device)
        self.offer_seats()

    def offers(self) -> dict[str, int]:
        """Which orphaned seat each unbound pad would take with its confirm: pads in the
        order they were plugged in, seats in order, never one seat to two pads."""
        present = set(self.app.input.devices())
        self.waiting = [device for device in self.waiting if device in present
                        and not any(chooser.device == device for chooser in self.choosers.values())]
        return dict(zip(self.waiting, self.orphaned_seats(), strict=False))

    def offer_seats(self) -> None:
        """Each unbound pad's prompt names the seat it would take, over that seat's zone
        (at its top, over the name row: the seat's cards stay in sight); a pad with no seat
        left to take has no prompt."""
        offers = self.offers()
        for device in self.waiting:
            seat = offers.get(device)
            if seat is None:
                self.app.toasts.withdraw(f"claim{device}")
                continue
            confirm = label_for(self.app, device, "confirm")
            self.app.toasts.withdraw(f"pad{self.choosers[seat].device}")  # the prompt says it: the seat waits
            self.screen.tell(later(N_("{device}: press {button} to take back {name}'s seat"),
                                   device=self.device_words(device), button=confirm, name=self.session.name(seat)),
                             seat=seat, over_seat=True, problem=False, key=f"claim{device}", seconds=3600)

    def claim_seat(self, intent: Intent) -> bool:
        """An unbound pad's confirm takes the orphaned seat its prompt names (True if it did)."""
        if not (intent.device.startswith("pad:") and intent.action == "confirm" and intent.pressed):
            return False
        if any(chooser.listens_to(intent.device) for chooser in self.choosers.values()):
            return False
        if intent.device not in self.waiting:
            self.waiting.append(intent.device)
        seat = self.offers().get(intent.device)
        if seat is None:
            return False
        chooser = self.choosers[seat]
        self.app.toasts.withdraw(f"pad{chooser.device}")
        self.app.toasts.withdraw(f"claim{intent.device}")
        chooser.device, chooser.armed = intent.device, None
        self.screen.tell(later(N_("{name} now plays with {device}"), name=self.session.name(seat),
                               device=self.device_words(intent.device)), seat=seat, problem=False, seconds=4)
        self.app.sounds.play("confirm")
        self.offer_seats()  # the other prompts name the seats still free
        return True
