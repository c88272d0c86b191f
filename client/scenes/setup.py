"""Player set-up: local seats with names, colours and devices; bots with strength;
the game's options; then start at this screen or host the table on the LAN.

A gamepad takes a seat by pressing confirm (the next seat a bot holds, or a new one) and
gives it back with back: seating four pads is four presses. A pad names its seat by
picking from a list (left and right) as well as anyone may type.
"""

from functools import partial

import pygame

from client.hosting.seats import BOTS, NAMES, PHONE, SeatPlan, control_label
from client.i18n import N_, _, ngettext
from client.input.buttons import buttons_here, label_for
from client.table.model import unique_names
from client.ui import art
from client.ui.menu import Item, Menu, edit_text
from client.ui.scene import MenuScene

MENU_WIDTH, MENU_SIZE = 1000, 40  # the seats-and-options menu


class SetupScene(MenuScene):
    def __init__(self, app, game_id: str):
        super().__init__(app)
        from engines import game_info

        self.info = game_info(game_id)
        self.options = {name: spec.default for name, spec in self.info.options.items()}
        self.seats = [SeatPlan(NAMES[0], "mouse", 0), SeatPlan(NAMES[1], "bot:normal", 1)]
        self.editing: int | None = None
        self.name_before = ""  # the name a seat had when renaming began (back restores it)
        self.problem_for: bool | None = None  # a problem toast is up (for starting here or hosting)
        self.rebuild()

    # --- the menu ------------------------------------------------------------------
    def rebuild(self) -> None:
        focus = self.menu.focus if getattr(self, "menu", None) else 0  # none yet the first time
        items = []
        for index in range(len(self.seats)):
            items.append(Item(partial(self._seat_text, index), partial(self._edit, index),
                              partial(self._cycle, index, -1), partial(self._cycle, index, 1)))
        items.append(Item(N_("Add a seat"), self.add_seat))
        items.append(Item(N_("Remove last seat"), self.remove_seat))
        for name, spec in self.info.options.items():
            items.append(Item(partial(self._option_text, name, spec), None,
                              partial(self._option, name, -1), partial(self._option, name, 1)))
        items.append(Item(N_("Start at this screen"), self.start))
        items.append(Item(N_("Host on the LAN"), self.host_lan))
        self.menu = Menu(items, (art.W // 2 - 160, 180), width=MENU_WIDTH, height=62, gap=10, size=MENU_SIZE,
                         sounds=self.app.sounds)
        self.menu.focus = min(focus, len(items) - 1)

    def _seat_text(self, index: int) -> str:
        seat = self.seats[index]
        name = seat.name + ("_" if self.editing == index and int(self.clock * 2) % 2 == 0 else "")
        return f"{name}   -   {control_label(seat.control, self.app.input.device_name)}"

    def controls(self) -> list[str]:
        return self.app.input.devices() + BOTS + [PHONE, "open"]

    def _cycle(self, index: int, step: int) -> None:
        choices = self.controls()
        current = self.seats[index].control
        position = choices.index(current) if current in choices else 0
        self.seats[index].control = choices[(position + step) % len(choices)]
        self.recheck()

    def _option_text(self, name: str, spec) -> str:
        """An option's words and its value ("on"/"off" for a switch); a long one goes on two
        lines in its row (`Menu`), so the value always shows."""
        value = self.options[name]
        value = (_("on") if value else _("off")) if isinstance(value, bool) else str(value)
        help_words = _(spec.help)
        words = help_words[:1].upper() + help_words[1:]  # keeps a ruling's capitals (WW-10)
        return _("{option}: {value}").format(option=words, value=value)

    def _option(self, name: str, step: int) -> None:
        spec = self.info.options[name]
        if spec.choices:
            choices = list(spec.choices)
            self.options[name] = choices[(choices.index(self.options[name]) + step) % len(choices)]
        elif isinstance(spec.default, bool):
            self.options[name] = not self.options[name]
        else:
            low = spec.minimum if spec.minimum is not None else 0
            high = spec.maximum if spec.maximum is not None else 99
            step *= 5 if high - low > 60 else 1  # a wide range (seconds) moves in fives
            self.options[name] = min(high, max(low, self.options[name] + step))

    def _edit(self, index: int) -> None:
        self.editing = index
        self.name_before = self.seats[index].name
        self.app.input.text_input = True

    # --- gamepads taking and leaving seats ------------------------------------------------
    def seat_of(self, device: str) -> int | None:
        return next((i for i, seat in enumerate(self.seats) if seat.control == device), None)

    def pad_seating(self, intent) -> bool:
        """A pad without a seat takes one with confirm; a seated pad leaves with back."""
        seat = self.seat_of(intent.device)
        if seat is None and intent.action == "confirm":
            self.take_seat(intent.device)
            return True
        if seat is not None and intent.action == "back":
            self.leave_seat(seat)
            return True
        return False

    def take_seat(self, device: str) -> None:
        free = next((i for i, seat in enumerate(self.seats) if seat.is_bot), None)
        if free is None and len(self.seats) >= self.info.max_players:
            # a full table: a seat the mouse or a keyboard holds yields to a pad that asks
            free = next((i for i, seat in enumerate(self.seats) if seat.control in ("mouse", "keys1", "keys2")), None)
        if free is None:
            if len(self.seats) >= self.info.max_players:
                self.app.note(_("{game} seats at most {n} players: no seat is free for the {device}.").format(
                    game=self.info.name, n=self.info.max_players, device=self.app.input.device_name(device)))
                self.app.sounds.play("reject")
                return
            self.add_seat()
            free = len(self.seats) - 1
        self.seats[free].control = device
        self.menu.focus = free
        self.app.sounds.play("confirm")
        self.app.note(_("{name} plays with the {device} ({button} leaves the seat)").format(
            name=self.seats[free].name, device=self.app.input.device_name(device),
            button=label_for(self.app, device, "back")), 4, problem=False, key="seating")
        self.recheck()

    def leave_seat(self, index: int) -> None:
        seat = self.seats[index]
        device = seat.control
        seat.control = "bot:normal"
        self.app.sounds.play("move")
        self.app.note(_("The {device} left {name}'s seat: a bot plays it ({button} takes a seat again)").format(
            device=self.app.input.device_name(device), name=seat.name, button=label_for(self.app, device, "confirm")),
            4, problem=False, key="seating")
        self.recheck()

    def rename_rect(self, index: int) -> pygame.Rect:
        """The seat row's own Rename button, left of its colour swatch."""
        swatch = self.swatch_rect(index)
        return pygame.Rect(swatch.left - 138, swatch.top + 8, 124, swatch.height - 16)

    def add_seat(self) -> None:
        if len(self.seats) >= self.info.max_players:
            self.app.note(ngettext("{game} seats at most {n} player.", "{game} seats at most {n} players.",
                                   self.info.max_players).format(game=self.info.name, n=self.info.max_players))
            return
        used = {seat.colour for seat in self.seats}
        colour = next(c for c in range(len(art.SEAT_COLOURS)) if c not in used)
        self.seats.append(SeatPlan(NAMES[colour], "bot:normal", colour))
        self.rebuild()
        self.recheck()

    def remove_seat(self) -> None:
        if len(self.seats) <= self.info.min_players:
            self.app.note(ngettext("{game} needs at least {n} player.", "{game} needs at least {n} players.",
                                   self.info.min_players).format(game=self.info.name, n=self.info.min_players))
            return
        self.seats.pop()
        self.rebuild()
        self.recheck()

    # --- starting --------------------------------------------------------------------
    def problem(self, lan: bool) -> str | None:
        devices = [seat.control for seat in self.seats if not seat.is_bot and seat.control not in ("open", PHONE)]
        if len(devices) != len(set(devices)):
            return _("Two seats share one device: give each local seat its own.")
        if not lan and "open" in [seat.control for seat in self.seats]:
            return _("Open LAN seats need 'Host on the LAN'.")
        if lan and "open" not in [seat.control for seat in self.seats]:
            return _("Make at least one seat an 'Open LAN seat' to host on the LAN.")
        return None

    def refuse(self, lan: bool) -> bool:
        """Show what stops the table from starting (True), or take an old notice down."""
        problem = self.problem(lan)
        if problem is None:
            self.app.toasts.withdraw("setup")
            self.problem_for = None
            return False
        self.app.note(problem, key="setup")
        self.problem_for = lan
        self.app.sounds.play("reject")
        return True

    def recheck(self) -> None:
        """A problem that has been fixed leaves the screen at once."""
        if self.problem_for is not None and self.problem(self.problem_for) is None:
            self.app.toasts.withdraw("setup")
            self.problem_for = None

    def plans(self) -> list[SeatPlan]:
        """The seats as they will sit: names made unique ("Anna", "Anna 2")."""
        names = unique_names([seat.name for seat in self.seats], len(self.seats))
        return [SeatPlan(name, seat.control, seat.colour) for name, seat in zip(names, self.seats, strict=True)]

    def start(self, seed: int | None = None) -> None:
        if not self.refuse(lan=False):
            self.app.flow.start_local(self.info.id, self.plans(), dict(self.options), seed)

    def host_lan(self) -> None:
        if not self.refuse(lan=True):
            self.app.flow.host_lan(self.info.id, self.plans(), dict(self.options))

    # --- input -------------------------------------------------------------------------
    def handle(self, intent) -> bool:
        if self.editing is not None:
            return self._handle_editing(self.editing, intent)
        if intent.action == "connected":
            device = intent.device
            self.app.note(_("{device} connected: press {button} to take a seat").format(
                device=self.app.input.device_name(device), button=label_for(self.app, device, "confirm")),
                4, problem=False)
            return True
        if intent.device.startswith("pad:") and intent.pressed and self.pad_seating(intent):
            return True
        if intent.action == "peek" and intent.pressed:  # Shift, right button or LB: next colour
            index = self.menu.hit(intent.pos) if intent.pos is not None else self.menu.focus
            if index is not None and index < len(self.seats):
                self.next_colour(index)
                return True
        if intent.device == "mouse" and intent.action == "confirm" and intent.pressed and self.click(intent.pos):
            return True
        return super().handle(intent)

    def click(self, pos) -> bool:
        """The mouse: a swatch changes colour, Rename renames, a seat row's arrows change
        its device; clicking the rest of a seat row only focuses it."""
        for index in range(len(self.seats)):
            if self.swatch_rect(index).collidepoint(pos):
                self.next_colour(index)
                return True
            if self.rename_rect(index).collidepoint(pos):
                self.menu.focus = index
                self._edit(index)
                return True
            if self.menu.rects[index].collidepoint(pos):
                self.menu.focus = index
                step = self.menu.arrow_at(index, pos)
                if step is not None:
                    step()
                    self.app.sounds.play("move")
                return True
        return False

    def next_colour(self, index: int) -> None:
        """The seat's next colour that no other seat wears."""
        used = {seat.colour for i, seat in enumerate(self.seats) if i != index}
        colour = self.seats[index].colour
        for _attempt in range(len(art.SEAT_COLOURS)):
            colour = (colour + 1) % len(art.SEAT_COLOURS)
            if colour not in used:
                break
        self.seats[index].colour = colour
        self.app.sounds.play("move")

    def swatch_rect(self, index: int):
        rect = self.menu.rects[index]
        return rect.__class__(rect.left - 44, rect.top, 30, rect.height)

    def _handle_editing(self, index: int, intent) -> bool:
        seat = self.seats[index]
        if intent.device == "mouse" and intent.action == "confirm" and intent.pressed \
                and self.rename_rect(index).collidepoint(intent.pos):
            self._end_editing(seat)
            return True
        before = seat.name
        seat.name, ended = edit_text(seat.name, intent, names=self.name_choices())
        if seat.name != before and intent.device.startswith("pad:"):
            self.app.sounds.play("move")
        if ended:
            if ended == "escape" and not seat.name.strip():
                seat.name = self.name_before
            self._end_editing(seat)
        return True

    def _end_editing(self, seat: SeatPlan) -> None:
        seat.name = seat.name.strip() or self.name_before or NAMES[seat.colour]
        self.app.evening.adopt_profile(self.seats, seat)  # the game night: a profile's name brings its colour
        self.editing = None
        self.app.input.text_input = False

    def name_choices(self) -> list[str]:
        """The names a pad can pick (the usual names and the player's own)."""
        return self.app.evening.name_choices(self.app.settings.data.get("name") or "", self.name_before)

    def pause(self) -> None:
        self.editing = None
        self.app.input.text_input = False

    def device_line(self, device: str) -> str:
        """A device in the side panel: whose it is, or (a pad) how it takes a seat."""
        seat = self.seat_of(device)
        name = self.app.input.device_name(device)
        if seat is not None:
            return f"{name}: {self.seats[seat].name}"
        if device.startswith("pad:"):
            return _("{device}: press {button} to play").format(device=name, button=label_for(self.app, device, "confirm"))
        return name

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        if self.editing is not None:
            hint = _("Type a name, or left/right to pick one   Enter / a pad's confirm or back: done")
        else:
            hint = _("Left/right: device or bot   {confirm}: rename   {peek}: colour   {back}: back").format(
                confirm=buttons_here(self.app, "confirm"), peek=buttons_here(self.app, "peek"),
                back=buttons_here(self.app, "back"))
        self.draw_title(surface, _("{game}: who plays?").format(game=self.info.name), hint)
        self.menu.draw(surface, self.pulse)
        for index, seat in enumerate(self.seats):
            swatch = self.swatch_rect(index)
            surface.blit(art.panel(swatch.size, art.SEAT_COLOURS[seat.colour], None, 8), swatch)
            rename = self.rename_rect(index)
            words = _("Done") if self.editing == index else _("Rename")
            surface.blit(art.panel(rename.size, art.PANEL_HI if self.editing == index else art.PANEL,
                                   art.GOLD if self.editing == index else None, 10), rename)
            art.blit_text(surface, words, 26, art.INK_DIM, rename.center, "center", width=rename.width - 12)
        lines = [self.device_line(device) for device in self.app.input.devices()]
        if self.info.secret_action_types:
            hint = _("Hold peek (right mouse button, Left Shift, Right Shift, a pad's left shoulder) to see what is "
                     "yours in private. Gamepads may also choose blind: press a choice's button twice.")
        else:  # no peek to explain where nothing is chosen in secret
            hint = _("Nothing is chosen in secret here: every seat plays in the open on its own device.")
        lines += [""] + art.wrap(hint, 30, 470, "regular")
        # The panel grows with what it lists (many pads, a longer language), down to the hint line.
        side = art.panel((540, min(art.H - 100 - 180, max(560, 120 + 36 * len(lines)))), art.PANEL)
        surface.blit(side, (1330, 180))  # clear of the focus ring around the menu
        art.blit_text(surface, _("Devices"), 52, art.GOLD, (1370, 210), width=470)
        for i, line in enumerate(lines):
            art.blit_text(surface, line, 30, art.INK_DIM, (1370, 280 + i * 36), weight="regular", width=470)

