"""Escape at any table: resume, how to play, the whole log, settings, letting a bot play
an away LAN seat (for the screen that hosts the table), or leave (after a confirmation
that says what leaving does).

It says what the pause does: at a race or a timed choice that this screen hosts, the game
stands still for everyone (`TableScene.pause_stops_game`); anywhere else the game goes on,
live behind the menu.

A race ends up paused with the other racers still pressing its buttons: while the game
stands still, a press chooses only from the device that paused (or a click on a button);
anyone else holds confirm a moment (as on the results), and their other race buttons do
nothing here."""

from collections.abc import Callable
from functools import partial
from typing import Protocol

import pygame

from client.i18n import _
from client.input.buttons import label_for
from client.input.holds import Holds, Presses, same_hands
from client.input.router import Intent
from client.table.phones import Phones
from client.table.scene import TableScene
from client.table.window import Window
from client.ui import art
from client.ui.menu import Item, Menu, draw_hold
from client.ui.scene import MenuScene, draw_dialog

HOLD_SECONDS = 0.8  # another racer's confirm held this long chooses (as on the results)
OWN_MOVES = ("point", "wheel", "look", "connected", "disconnected", "raw", "text")  # not a race button


class PauseFlow(Protocol):
    """What the pause menu asks of the flow (`client.flow.Flow`)."""

    def howto(self, game_id: str) -> None: ...

    def log(self, table: TableScene) -> None: ...

    def phones(self, table: TableScene) -> None: ...

    def phones_of(self, table: TableScene) -> Phones | None: ...

    def settings(self) -> None: ...

    def confirm(self, question: str, on_yes: Callable[[], None]) -> None: ...

    def leave_words(self, table: TableScene) -> str: ...

    def leave_table(self, table: TableScene) -> None: ...


class PauseWindow(Window, Protocol):
    """The window the pause menu opens in."""

    @property
    def flow(self) -> PauseFlow: ...

    @property
    def presses(self) -> Presses:
        """Which buttons are down, and on which screen (a hold counts only there)."""


class PauseScene(MenuScene):
    opaque = False
    modal = True
    app: PauseWindow

    def __init__(self, app: PauseWindow, table: TableScene):
        super().__init__(app)
        self.table = table
        self.opened_by = app.presses.last  # the device whose Start (Esc) paused
        self.held = Holds(app.presses, HOLD_SECONDS)
        flow = app.flow
        seats = [Item(partial(self.seat_label, seat), partial(self.toggle_bot, seat))
                 for seat in sorted(table.away_since) if table.can_hand_seats() and seat not in table.choosers]
        items = [
            Item(lambda: _("Resume"), self.back),  # back: the menu goes (`MenuScene.back` pops it)
            *seats,
            Item(lambda: _("How to play"), lambda: flow.howto(table.info.id)),
            Item(lambda: _("What happened so far"), lambda: flow.log(table)),
            *([Item(lambda: _("Phones: QR codes"), lambda: flow.phones(table))] if flow.phones_of(table) else []),
            Item(lambda: _("Settings"), flow.settings),
            Item(lambda: _("Leave the game"), self.leave),
        ]
        self.height = 300 + 94 * len(items)  # the dialog: heading, the menu, a margin (and the hold line)
        # a seat's item names the player and how long they are away: wider, and a little smaller
        self.menu = Menu(items, (art.W // 2, 540 - self.height // 2 + 210), width=920 if seats else 620,
                         size=38 if seats else 46, sounds=app.sounds)

    def racers_wait(self) -> bool:
        """Whether presses of devices other than the pausing one wait for a hold: while the
        game stands still for everyone (a race, a timed choice)."""
        return bool(self.opened_by) and self.table.pause_stops_game()

    def handle(self, intent: Intent) -> bool:
        if (not self.racers_wait() or same_hands(intent.device, self.opened_by) or intent.action in OWN_MOVES
                or intent.device == "mouse"):  # a click lands on the button the pointer is on: deliberate
            return super().handle(intent)
        if intent.action == "confirm":  # another racer: a deliberate hold chooses
            if not intent.pressed:
                self.held.stop(intent.device)
            else:
                self.held.start(intent.device, self.menu.focus)
        return True  # a race button still pressed: it waits

    def update(self, dt: float) -> None:
        super().update(dt)
        chosen = self.held.step(dt) if self.app.top is self else None
        if chosen is not None:
            self.menu.focus = chosen
            self.menu.activate()

    def animating(self) -> bool:
        return bool(self.held)

    def hold_words(self) -> str:
        """Who chooses with a press, and how anyone else does."""
        device = self.app.input.device_name(self.opened_by)
        return _("{device} paused: it chooses with a press, anyone else by holding {button}").format(
            device=device, button=self.hold_buttons())

    def hold_buttons(self) -> str:
        names = [label_for(self.app, device, "confirm") for device in self.app.input.devices()[1:]
                 if not same_hands(device, self.opened_by)]
        return " / ".join(dict.fromkeys(names)) or label_for(self.app, "mouse", "confirm")

    def bot_plays(self, seat: int) -> bool:
        kinds = self.table.model.seat_kinds
        return seat < len(kinds) and kinds[seat] == "bot"

    def seat_label(self, seat: int) -> str:
        name = self.table.name(seat)
        if self.bot_plays(seat):
            return _("Stop the bot: {name}'s seat waits").format(name=name)
        away = self.table.away_words(seat)
        if away:
            return _("Let a bot play for {name} ({away})").format(name=name, away=away)
        return _("Let a bot play for {name}").format(name=name)

    def toggle_bot(self, seat: int) -> None:
        self.table.hand_seat(seat, not self.bot_plays(seat))

    def leave(self) -> None:
        self.app.flow.confirm(self.app.flow.leave_words(self.table), lambda: self.app.flow.leave_table(self.table))

    def what_happens(self) -> str:
        """What the pause does to the game, in a line under the heading."""
        table = self.table
        if table.pause_stops_game():
            return _("The game stands still for everyone until you resume.")
        if table.hosting is None and table.model.goodbye is None:
            return _("The game goes on: only the host can pause it.")
        return _("The game goes on while this menu is open.")

    def draw(self, surface: pygame.Surface) -> None:
        box = draw_dialog(surface, (1020 if len(self.menu.items) > 5 else 760, self.height), (art.W // 2, 540))
        heading = _("Paused") if self.table.pause_stops_game() else _("Menu")  # a game that goes on is not paused
        art.blit_text(surface, heading, 110, art.GOLD, (art.W // 2, box.top + 80), "center", weight="bold")
        art.blit_text(surface, self.what_happens(), 30, art.INK_DIM, (art.W // 2, box.top + 150), "center",
                      width=box.width - 60)
        self.menu.draw(surface, self.pulse)
        draw_hold(surface, self.menu, self.held)
        if self.racers_wait():
            art.blit_text(surface, self.hold_words(), 28, art.INK_DIM, (art.W // 2, box.bottom - 36), "center",
                          width=box.width - 60)
