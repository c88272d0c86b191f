"""Settings: volume, fullscreen, animation speed, the LAN interface, when a bot plays an
away LAN seat, and remappable keys and pad buttons (saved at once)."""

import os
from functools import partial

from client import i18n
from client.i18n import LANGUAGES, N_, _
from client.input.buttons import buttons_here, key_label, pad_button_everywhere
from client.settings import ANIMATION_SPEEDS, BOT_AFTER_CHOICES, KEY_ACTIONS, PAD_ACTIONS
from client.ui import art
from client.ui.menu import Item, Menu
from client.ui.scene import MenuScene

DEVICE_TITLES = {"keys1": N_("Left keys (WASD)"), "keys2": N_("Right keys (arrows)"), "pad": N_("Gamepad buttons")}
# A key or button's job, as a bindings row names it.
ACTION_NAMES = {"up": N_("up"), "down": N_("down"), "left": N_("left"), "right": N_("right"),
                "confirm": N_("confirm"), "back": N_("back"), "peek": N_("peek at my pieces"), "alt": N_("alt"),
                "secret": N_("blind pick: empty fist"), "menu": N_("pause")}
ANIMATION_NAMES = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast"), "instant": N_("instant")}
# A bound key or button that takes over another job, per device: "{key} had another job here; ..."
BINDING_WORDS = {"keys1": N_("the left keys (WASD)"), "keys2": N_("the right keys (arrows)")}


def action_name(action: str) -> str:
    return _(ACTION_NAMES[action]) if action in ACTION_NAMES else action


class SettingsScene(MenuScene):
    def __init__(self, app):
        super().__init__(app)
        settings = app.settings
        self.menu = Menu([
            Item(self._language_label, None, lambda: self._language(-1), lambda: self._language(1),
                 hint=N_("The language of every screen; it changes at once and is saved.")),
            Item(self._volume_label, self._sound_again, lambda: self._volume(-0.1), lambda: self._volume(0.1)),
            Item(lambda: _("Fullscreen: on") if settings.fullscreen else _("Fullscreen: off"), self._fullscreen),
            Item(lambda: _("Animation speed: {speed}").format(speed=_(ANIMATION_NAMES[settings.animation])), None,
                 lambda: self._animation(-1), lambda: self._animation(1),
                 hint=N_("How fast tables animate and dwell on reveals; instant skips both.")),
            Item(self._interface_label, None, lambda: self._interface(-1), lambda: self._interface(1),
                 hint=N_("Which network LAN tables are hosted and looked for on (all: every one).")),
            Item(self._bot_after_label, None, lambda: self._bot_after(-1), lambda: self._bot_after(1),
                 hint=N_("When a LAN player you host is away this long, a bot plays their seat until they return.")),
            Item(DEVICE_TITLES["keys1"], lambda: self._bindings("keys1")),
            Item(DEVICE_TITLES["keys2"], lambda: self._bindings("keys2")),
            Item(DEVICE_TITLES["pad"], lambda: self._bindings("pad")),
            Item(N_("Reset controls"), self._reset),
            Item(N_("Back"), app.pop),
        ], (art.W // 2, 150), width=900, height=60, gap=8, size=38, sounds=app.sounds)
        self.interfaces: list[tuple[str, str]] | None = None  # looked up when first needed

    # --- the language -------------------------------------------------------------------
    def _language_label(self) -> str:
        # The language's own name: a player who cannot read the current one still finds theirs.
        return _("Language: {name}").format(name=LANGUAGES[self.app.settings.language])

    def _language(self, step: int) -> None:
        codes = list(LANGUAGES)
        now = self.app.settings.language
        self.app.settings.language = codes[(codes.index(now) + step) % len(codes)]
        self.app.settings.save()
        i18n.use(self.app.settings.language)
        self.app.dirty = True

    # --- the LAN -------------------------------------------------------------------------
    @staticmethod
    def environment_interfaces() -> str:
        return os.environ.get("SPIELABEND_INTERFACES", "").strip()

    def _interface_label(self) -> str:
        fixed = self.environment_interfaces()
        if fixed:
            return _("LAN interface: {address} (from the environment)").format(address=fixed)
        chosen = self.app.settings.data.get("interface")
        if not chosen:
            return _("LAN interface: all")
        name = dict(self.interface_choices()).get(chosen)
        if name:
            return _("LAN interface: {address} ({name})").format(address=chosen, name=name)
        return _("LAN interface: {address} (not on this computer now)").format(address=chosen)

    def interface_choices(self) -> list[tuple[str, str]]:
        if self.interfaces is None:
            try:
                from netplay.discovery import interface_choices

                self.interfaces = interface_choices()
            except Exception:  # noqa: BLE001 - no adapters to list: "all" is still a choice
                self.interfaces = []
        return self.interfaces

    def _interface(self, step: int) -> None:
        if self.environment_interfaces():
            self.app.note(_("SPIELABEND_INTERFACES chooses the interface; unset it to choose here."), 5,
                          key="interface")
            return
        choices = [None] + [address for address, _name in self.interface_choices()]
        chosen = self.app.settings.data.get("interface")
        position = choices.index(chosen) if chosen in choices else 0
        self.app.settings.data["interface"] = choices[(position + step) % len(choices)]
        self.app.settings.save()

    def _bot_after_label(self) -> str:
        seconds = self.app.settings.data.get("bot_after")
        if seconds is None:
            return _("Away LAN players: wait for them")
        if seconds >= 60 and seconds % 60 == 0:
            return _("Away LAN players: a bot plays after {minutes} min").format(minutes=seconds // 60)
        return _("Away LAN players: a bot plays after {seconds} s").format(seconds=f"{seconds:g}")

    def _bot_after(self, step: int) -> None:
        chosen = self.app.settings.data.get("bot_after")
        choices = list(BOT_AFTER_CHOICES)
        position = choices.index(chosen) if chosen in choices else 0
        self.app.settings.data["bot_after"] = choices[(position + step) % len(choices)]
        self.app.settings.save()

    def _volume_label(self) -> str:
        percent = round(self.app.settings.volume * 100)
        if self.app.sounds.problem:
            return _("Volume: {percent}% - no sound device: confirm to try again").format(percent=percent)
        return _("Volume: {percent}%").format(percent=percent)

    def _sound_again(self) -> None:
        """No sound device at the start: try again (one may be plugged in now)."""
        if not self.app.sounds.problem:
            return
        if self.app.sounds.retry():
            self.app.note(_("Sound is on."), 4, problem=False, key="sound")
        else:
            self.app.note(_(self.app.sounds.problem), 6, key="sound")

    def _volume(self, step: float) -> None:
        self.app.settings.volume = self.app.settings.volume + step
        self.app.sounds.volume = self.app.settings.volume
        self.app.settings.save()

    def _animation(self, step: int) -> None:
        speeds = list(ANIMATION_SPEEDS)
        self.app.settings.animation = speeds[(speeds.index(self.app.settings.animation) + step) % len(speeds)]
        self.app.settings.save()

    def _fullscreen(self) -> None:
        self.app.toggle_fullscreen()

    def _bindings(self, device: str) -> None:
        self.app.flow.bindings(device)

    def _reset(self) -> None:
        self.app.flow.confirm(_("Reset every key and gamepad button to the defaults? Your own bindings are lost."),
                              self._reset_now)

    def _reset_now(self) -> None:
        self.app.settings.reset_controls()
        self.app.settings.save()
        self.app.input.rebuild_keymaps()
        self.app.note(_("Controls reset to the defaults."), 3, problem=False)

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        self.draw_title(surface, _("Settings"), _("Left/right change   {confirm}: choose   {back}: back").format(
            confirm=buttons_here(self.app, "confirm"), back=buttons_here(self.app, "back")))
        self.menu.draw(surface, self.pulse)
        hint = self.menu.items[self.menu.focus].hint_text()
        if hint:
            art.blit_text(surface, hint, 32, art.INK_DIM, (art.W // 2, 940), "center", weight="regular",
                          width=art.W - 100)
        art.blit_text(surface, _("Saved in {path}").format(path=self.app.settings.path), 28, art.INK_FAINT, (art.W // 2, 985), "center",
                      weight="regular", width=art.W - 100)


class BindingsScene(MenuScene):
    """One device's bindings; confirm on a row, then press the new key or button."""

    def __init__(self, app, device: str):
        super().__init__(app)
        self.device = device
        self.waiting: str | None = None
        self.just_bound = False  # the press that was just bound must not also do its old job
        actions = PAD_ACTIONS if device == "pad" else KEY_ACTIONS
        items = [Item(partial(self._label, action), partial(self._wait, action)) for action in actions]
        self.menu = Menu(items + [Item(N_("Back"), app.pop)], (art.W // 2, 200), width=820, height=64, gap=10,
                         size=40, sounds=app.sounds)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.just_bound = False  # every intent of that press came in the same frame

    def bindings(self) -> dict:
        data = self.app.settings.data
        return data["pad"] if self.device == "pad" else data["keys"][self.device]

    def _label(self, action: str) -> str:
        if self.waiting == action:
            if self.device == "pad":
                return _("{job}: press a button...").format(job=action_name(action))
            return _("{job}: press a key...").format(job=action_name(action))
        return f"{action_name(action)}:  {self.name_of(self.bindings()[action])}"

    def name_of(self, bound: str) -> str:
        """A bound key as its keycap, a bound pad button as printed on each kind of pad."""
        return pad_button_everywhere(bound) if self.device == "pad" else key_label(bound)

    def _wait(self, action: str) -> None:
        self.waiting = action

    def handle(self, intent) -> bool:
        if self.just_bound and intent.pressed and intent.action != "raw":
            return True  # the same key press, read as the job it had until now
        if self.waiting is not None:
            if intent.action == "escape":
                self.waiting = None
                return True
            wanted = intent.device.startswith("pad:") if self.device == "pad" else intent.device == "keyboard"
            if intent.action == "raw" and wanted and intent.text not in ("escape", "f11", "dpad"):
                if not self.bind(self.waiting, intent.text):
                    return True  # refused (a note says why): still waiting for another key
                self.waiting = None
                self.just_bound = True
                self.app.settings.save()
                self.app.input.rebuild_keymaps()
                self.app.sounds.play("confirm")
            return True
        return super().handle(intent)

    def bind(self, action: str, name: str) -> bool:
        """Bind ``name`` to ``action``; False (and a note saying why) if it is refused. A key
        or button this device already uses for another job swaps jobs with it. A key the
        other keyboard half uses is refused: moving it would change that half unseen."""
        if self.device != "pad":
            for device, keymap in self.app.settings.data["keys"].items():
                job = next((other for other, bound in keymap.items() if bound == name), None)
                if device != self.device and job is not None:
                    self.app.note(_("{key} is already {job} on {keys}: press another key, or change that one "
                                    "first.").format(key=key_label(name), job=action_name(job),
                                                     keys=_(BINDING_WORDS[device])), 5, key="bind")
                    return False
        old = self.bindings()[action]
        for other, bound in self.bindings().items():
            if bound == name and other != action:
                self.bindings()[other] = old
                self.app.note(_("{key} had another job here; {job} now uses {old}.").format(
                    key=self.name_of(name), job=action_name(other), old=self.name_of(old)), 4, problem=False,
                    key="bind")
        self.bindings()[action] = name
        return True

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        if self.device == "pad":
            hint = _("Confirm a row, then press the new button   Esc cancel")
        else:
            hint = _("Confirm a row, then press the new key   Esc cancel")
        self.draw_title(surface, _(DEVICE_TITLES[self.device]), hint)
        self.menu.draw(surface, self.pulse)
