"""Player set-up: local seats with names, colours and devices; bots with strength;
the game's options; then start at this screen or host the table on the LAN."""

from client import art
from client.scenes.base import MenuScene
from client.seats import BOTS, NAMES, PHONE, SeatPlan, control_label
from client.table.model import unique_names
from client.ui import Item, Menu, edit_text

MENU_WIDTH, MENU_SIZE = 1000, 40  # the seats-and-options menu


class SetupScene(MenuScene):
    def __init__(self, app, game_id: str):
        super().__init__(app)
        from engines import game_info

        self.info = game_info(game_id)
        self.options = {name: spec.default for name, spec in self.info.options.items()}
        self.seats = [SeatPlan(NAMES[0], "mouse", 0), SeatPlan(NAMES[1], "bot:normal", 1)]
        self.editing: int | None = None
        self.menu = None
        self.problem_for: bool | None = None  # a problem toast is up (for starting here or hosting)
        self.rebuild()

    # --- the menu ------------------------------------------------------------------
    def rebuild(self) -> None:
        focus = self.menu.focus if self.menu else 0
        items = []
        for index in range(len(self.seats)):
            items.append(Item(lambda i=index: self._seat_text(i), lambda i=index: self._edit(i),
                              lambda i=index: self._cycle(i, -1), lambda i=index: self._cycle(i, 1)))
        items.append(Item("Add a seat", self.add_seat))
        items.append(Item("Remove last seat", self.remove_seat))
        for name, spec in self.info.options.items():
            items.append(Item(lambda n=name, s=spec: self._option_text(n, s), None,
                              lambda n=name: self._option(n, -1), lambda n=name: self._option(n, 1)))
        items.append(Item("Start at this screen", self.start))
        items.append(Item("Host on the LAN", self.host_lan))
        self.menu = Menu(items, (art.W // 2 - 160, 180), width=MENU_WIDTH, height=62, gap=10, size=MENU_SIZE,
                         sounds=self.app.sounds)
        self.menu.focus = min(focus, len(items) - 1)

    def _seat_text(self, index: int) -> str:
        seat = self.seats[index]
        name = seat.name + ("_" if self.editing == index and int(self.clock * 2) % 2 == 0 else "")
        return f"{name}   -   {control_label(seat.control)}"

    def controls(self) -> list[str]:
        return self.app.input.devices() + BOTS + [PHONE, "open"]

    def _cycle(self, index: int, step: int) -> None:
        choices = self.controls()
        current = self.seats[index].control
        position = choices.index(current) if current in choices else 0
        self.seats[index].control = choices[(position + step) % len(choices)]
        self.recheck()

    def _option_text(self, name: str, spec) -> str:
        """An option's words, shortened so its value always shows ("on"/"off" for a switch)."""
        value = self.options[name]
        value = ("on" if value else "off") if isinstance(value, bool) else str(value)
        room = MENU_WIDTH - 130 - art.text_width(f": {value}", MENU_SIZE)
        words = spec.help[:1].upper() + spec.help[1:]  # keeps a ruling's capitals (WW-10)
        return f"{art.fit(words, MENU_SIZE, room)}: {value}"

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
        self.app.input.text_input = True

    def add_seat(self) -> None:
        if len(self.seats) >= self.info.max_players:
            self.app.note(f"{self.info.name} seats at most {self.info.max_players} players.")
            return
        used = {seat.colour for seat in self.seats}
        colour = next(c for c in range(len(art.SEAT_COLOURS)) if c not in used)
        self.seats.append(SeatPlan(NAMES[colour], "bot:normal", colour))
        self.rebuild()
        self.recheck()

    def remove_seat(self) -> None:
        if len(self.seats) <= self.info.min_players:
            self.app.note(f"{self.info.name} needs at least {self.info.min_players} players.")
            return
        self.seats.pop()
        self.rebuild()
        self.recheck()

    # --- starting --------------------------------------------------------------------
    def problem(self, lan: bool) -> str | None:
        devices = [seat.control for seat in self.seats if not seat.is_bot and seat.control not in ("open", PHONE)]
        if len(devices) != len(set(devices)):
            return "Two seats share one device: give each local seat its own."
        if not lan and "open" in [seat.control for seat in self.seats]:
            return "Open LAN seats need 'Host on the LAN'."
        if lan and "open" not in [seat.control for seat in self.seats]:
            return "Make at least one seat an 'Open LAN seat' to host on the LAN."
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
            return self._handle_editing(intent)
        if intent.action == "connected":
            self.app.note(f"{control_label(intent.device)} connected", 3, problem=False)
            return True
        if intent.action == "peek" and intent.pressed:  # Shift, right button or LB: next colour
            index = self.menu.hit(intent.pos) if intent.pos is not None else self.menu.focus
            if index is not None and index < len(self.seats):
                self.next_colour(index)
                return True
        if intent.device == "mouse" and intent.action == "confirm" and intent.pressed:
            for index in range(len(self.seats)):
                if self.swatch_rect(index).collidepoint(intent.pos):
                    self.next_colour(index)
                    return True
        return super().handle(intent)

    def next_colour(self, index: int) -> None:
        """The seat's next colour that no other seat wears."""
        used = {seat.colour for i, seat in enumerate(self.seats) if i != index}
        colour = self.seats[index].colour
        for _ in range(len(art.SEAT_COLOURS)):
            colour = (colour + 1) % len(art.SEAT_COLOURS)
            if colour not in used:
                break
        self.seats[index].colour = colour
        self.app.sounds.play("move")

    def swatch_rect(self, index: int):
        rect = self.menu.rects[index]
        return rect.__class__(rect.left - 44, rect.top, 30, rect.height)

    def _handle_editing(self, intent) -> bool:
        seat = self.seats[self.editing]
        seat.name, ended = edit_text(seat.name, intent)
        if ended:
            seat.name = seat.name.strip() or NAMES[seat.colour]
            self.editing = None
            self.app.input.text_input = False
        return True

    def pause(self) -> None:
        self.editing = None
        self.app.input.text_input = False

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        self.draw_title(surface, art.fit(f"{self.info.name}: who plays?", 96, art.W - 80, "bold"),
                  "Left/right: device or bot   Confirm: rename   Peek (Shift, right click): colour   Esc back")
        self.menu.draw(surface, self.pulse)
        for index, seat in enumerate(self.seats):
            swatch = self.swatch_rect(index)
            surface.blit(art.panel(swatch.size, art.SEAT_COLOURS[seat.colour], None, 8), swatch)
        side = art.panel((540, 560), art.PANEL)
        surface.blit(side, (1330, 180))  # clear of the focus ring around the menu
        art.blit_text(surface, "Devices", 52, art.GOLD, (1370, 210))
        lines = [control_label(device) for device in self.app.input.devices()]
        if self.info.secret_action_types:
            hint = ("Hold peek (right mouse button, Left Shift, Right Shift, LB) to see what is yours in "
                    "private. Gamepads may also choose blind: press a choice's button twice.")
        else:  # no peek to explain where nothing is chosen in secret
            hint = "Nothing is chosen in secret here: every seat plays in the open on its own device."
        lines += [""] + art.wrap(hint, 30, 470, "regular")
        for i, line in enumerate(lines):
            art.blit_text(surface, line, 30, art.INK_DIM, (1370, 280 + i * 36), weight="regular", width=470)
