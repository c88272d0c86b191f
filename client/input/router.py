"""The one reader of ``pygame.event``: keys, mouse and game controllers become intents.

Every physical device is a *device id*: ``"mouse"``, ``"keys1"`` (WASD half of the
keyboard), ``"keys2"`` (arrow-key half) or ``"pad:<instance_id>"``. Scenes bind seats to
devices and see only `Intent` values: virtual buttons (``up``, ``confirm``, ``peek``...),
pointer positions already in logical 1920x1080 coordinates, and typed text.
Controllers are found through SDL's game-controller subsystem, which the router starts
(``pygame.init()`` does not, and without it a pad sends only raw joystick events);
`client.input.pads` keeps each pad's device id across unplugging and plugging back in.

Presses from several pads that SDL delivers in one frame are stamped at the same moment
(SDL stamps joystick events when it pumps them, and pygame-ce does not pass the stamps
on), so their order in the queue only says which pad SDL polled first. `poll` breaks
such ties at random, never by the order the pads were plugged in.
"""

import os
import random
from dataclasses import dataclass

import pygame

from client.i18n import N_, _
from client.input.pads import Pad, PadRegistry
from client.settings import Settings

# Face buttons by position on every pad (a Nintendo pad's bottom button is "a" too), so a
# game can lay buttons out by where they are; legends name them as printed (client.input.buttons).
os.environ.setdefault("SDL_GAMECONTROLLER_USE_BUTTON_LABELS", "0")

LOGICAL_SIZE = (1920, 1080)
STICK_DEAD_ZONE = 0.45
DIRECTIONS = ("up", "down", "left", "right")
PAD_BUTTON_NAMES = {
    "a": pygame.CONTROLLER_BUTTON_A, "b": pygame.CONTROLLER_BUTTON_B,
    "x": pygame.CONTROLLER_BUTTON_X, "y": pygame.CONTROLLER_BUTTON_Y,
    "back": pygame.CONTROLLER_BUTTON_BACK, "guide": pygame.CONTROLLER_BUTTON_GUIDE,
    "start": pygame.CONTROLLER_BUTTON_START,
    "leftstick": pygame.CONTROLLER_BUTTON_LEFTSTICK,
    "rightstick": pygame.CONTROLLER_BUTTON_RIGHTSTICK,
    "leftshoulder": pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
    "rightshoulder": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
}
DEVICE_NAMES = {"mouse": N_("Mouse"), "keys1": N_("Keys WASD"), "keys2": N_("Keys arrows"), "any": N_("this screen"),
                "keyboard": N_("Keyboard")}
PAD_DPAD = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up", pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left", pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
}


@dataclass(frozen=True)
class Intent:
    """One thing a device asked for.

    ``action``: a virtual button (up down left right confirm back peek alt secret menu),
    ``point`` (pointer moved), ``wheel`` (the mouse wheel: ``amount`` > 0 is away from
    the player), ``look`` (a pad's right stick: ``vector`` in -1..1 each way, zero once
    it is back in its dead zone; for panning a camera), ``escape``, ``text``, ``raw`` (any
    key or pad button, for rebinding; ``text`` holds its name), or a system action
    (quit, fullscreen, resize).
    """

    device: str
    action: str
    pressed: bool = True
    pos: tuple[int, int] | None = None
    text: str = ""
    amount: float = 0.0
    vector: tuple[float, float] = (0.0, 0.0)


@dataclass
class Viewport:
    """Where the logical surface sits inside the window."""

    scale: float = 1.0
    offset: tuple[int, int] = (0, 0)

    @classmethod
    def fit(cls, window_size) -> "Viewport":
        width, height = window_size
        scale = min(width / LOGICAL_SIZE[0], height / LOGICAL_SIZE[1]) or 1.0
        shown = (round(LOGICAL_SIZE[0] * scale), round(LOGICAL_SIZE[1] * scale))
        return cls(scale, ((width - shown[0]) // 2, (height - shown[1]) // 2))

    def to_logical(self, pos) -> tuple[int, int]:
        return (round((pos[0] - self.offset[0]) / self.scale),
                round((pos[1] - self.offset[1]) / self.scale))

    def to_window(self, pos) -> tuple[int, int]:
        return (round(pos[0] * self.scale + self.offset[0]),
                round(pos[1] * self.scale + self.offset[1]))


class InputRouter:
    """Turns the pygame event queue into intents, once per frame (`poll`)."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.viewport = Viewport()
        self.pads = PadRegistry()
        self.ties = random.Random()  # breaks same-frame ties between pads (not game state)
        self._stick: dict[tuple[int, str], bool] = {}
        self._look_at: dict[int, tuple[float, float]] = {}
        self.mouse_pos = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
        self.text_input = False
        self._keymaps: dict[int, tuple[str, str]] = {}
        self.rebuild_keymaps()
        start_controllers()

    # --- configuration ------------------------------------------------------------
    def rebuild_keymaps(self) -> None:
        """Re-read key bindings from the settings (after a rebind)."""
        self._keymaps = {}
        for device, keymap in self.settings.data["keys"].items():
            for action, name in keymap.items():
                try:
                    self._keymaps[pygame.key.key_code(name)] = (device, action)
                except ValueError:
                    continue
        self._pad_buttons = {}
        for action, name in self.settings.data["pad"].items():
            if name in PAD_BUTTON_NAMES:
                self._pad_buttons[PAD_BUTTON_NAMES[name]] = action

    def devices(self) -> list[str]:
        """Every device a seat may be bound to right now, in a stable order."""
        return ["mouse", "keys1", "keys2"] + [f"pad:{number}" for number in self.pads.order]

    def pad(self, device: str) -> Pad | None:
        """The plugged-in pad behind ``device``, if it is one."""
        return self.pads.by_device(device) if device.startswith("pad:") else None

    def pad_kind(self, device: str) -> str:
        """"xbox", "playstation", "nintendo" or "generic" for a pad device (as last seen)."""
        pad = self.pads.known(device) if device.startswith("pad:") else None
        return pad.kind if pad is not None else "generic"

    def device_name(self, device: str) -> str:
        """What players call ``device``: "Mouse", "Keys WASD", "DualSense", "Xbox pad 2"."""
        if device.startswith("pad:"):
            return self.pads.label(device)
        return _(DEVICE_NAMES[device]) if device in DEVICE_NAMES else device

    def rumble(self, device: str, strength: float = 0.5, milliseconds: int = 120) -> bool:
        """Buzz a gamepad: private feedback the shared screen never shows. False if the
        pad cannot rumble (or is synthetic)."""
        if not device.startswith("pad:"):
            return False
        pad = self.pad(device)
        controller = pad.controller if pad is not None else None
        if controller is None:
            return False
        try:
            return bool(controller.rumble(strength, strength, milliseconds))
        except (pygame.error, AttributeError):
            return False

    # --- the event queue ------------------------------------------------------------
    def poll(self) -> list[Intent]:
        intents: list[Intent] = []
        for event in pygame.event.get():
            intents.extend(self.translate(event))
        return self.break_pad_ties(intents)

    def break_pad_ties(self, intents: list[Intent]) -> list[Intent]:
        """The same intents with the pads' groups in a random order: each pad's own
        intents keep their order, and all of them stand where the first pad intent stood."""
        pads = list(dict.fromkeys(i.device for i in intents if i.device.startswith("pad:")))
        if len(pads) < 2:
            return intents
        self.ties.shuffle(pads)
        first = next(n for n, i in enumerate(intents) if i.device.startswith("pad:"))
        others = [i for i in intents if not i.device.startswith("pad:")]
        grouped = [i for pad in pads for i in intents if i.device == pad]
        before = [i for i in intents[:first] if not i.device.startswith("pad:")]
        return before + grouped + others[len(before):]

    def translate(self, event) -> list[Intent]:
        """The intents one pygame event stands for (also used to feed events in tests)."""
        kind = event.type
        if kind == pygame.QUIT:
            return [Intent("system", "quit")]
        if kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            return [Intent("system", "resize")]
        if kind in (pygame.KEYDOWN, pygame.KEYUP):
            return self._key(event, kind == pygame.KEYDOWN)
        if kind == pygame.TEXTINPUT and self.text_input:
            return [Intent("keyboard", "text", text=event.text)]
        if kind == pygame.MOUSEMOTION:
            self.mouse_pos = self.viewport.to_logical(event.pos)
            return [Intent("mouse", "point", pos=self.mouse_pos)]
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse_pos = self.viewport.to_logical(event.pos)
            action = {1: "confirm", 3: "peek", 2: "back"}.get(event.button)
            if action is None:
                return []
            return [Intent("mouse", action, kind == pygame.MOUSEBUTTONDOWN, self.mouse_pos)]
        if kind == pygame.MOUSEWHEEL:
            return [Intent("mouse", "wheel", True, self.mouse_pos, amount=float(event.y))] if event.y else []
        if kind == pygame.CONTROLLERDEVICEADDED:
            return self._pad_added(event)
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            return self._pad_removed(event.instance_id)
        if kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            return self._pad_button(event, kind == pygame.CONTROLLERBUTTONDOWN)
        if kind == pygame.CONTROLLERAXISMOTION:
            return self._pad_axis(event)
        if kind == pygame.JOYHATMOTION and event.instance_id not in self.pads.present:
            return self._hat(event)
        return []

    def _key(self, event, pressed: bool) -> list[Intent]:
        intents = []
        if pressed:
            name = pygame.key.name(event.key)
            intents.append(Intent("keyboard", "raw", True, text=name))
            if event.key == pygame.K_ESCAPE:
                return intents + [Intent("keyboard", "escape")]
            if event.key == pygame.K_F11:
                return intents + [Intent("system", "fullscreen")]
            if self.text_input and event.key == pygame.K_BACKSPACE:
                return intents + [Intent("keyboard", "text", text="\b")]
            if self.text_input and event.key == pygame.K_v and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
                pasted = _clipboard()  # Ctrl+V: what was copied (an invite, an address) is typed
                return intents + ([Intent("keyboard", "text", text=pasted)] if pasted else [])
        if event.key in self._keymaps:
            device, action = self._keymaps[event.key]
            intents.append(Intent(device, action, pressed))
        return intents

    def _pad_added(self, event) -> list[Intent]:
        instance_id = getattr(event, "instance_id", None)
        if instance_id is not None:  # a synthetic pad (unit tests of the mapping)
            pad = self.pads.add(instance_id)
            return [Intent(pad.device, "connected")]
        try:  # a real device: open it to learn who it is
            from pygame._sdl2 import controller as sdl_controller

            controller = sdl_controller.Controller(event.device_index)
            joystick = controller.as_joystick()
            instance_id = joystick.get_instance_id()
            guid, name = joystick.get_guid(), controller.name or joystick.get_name()
        except (pygame.error, AttributeError, ValueError, IndexError):
            return []
        if instance_id in self.pads.present:
            return []  # SDL told us twice
        pad = self.pads.add(instance_id, guid, name, controller)
        return [Intent(pad.device, "connected")]

    def _pad_removed(self, instance_id) -> list[Intent]:
        pad = self.pads.remove(instance_id)
        if pad is None:
            return []
        if pad.controller is not None:
            try:
                pad.controller.quit()
            except pygame.error:
                pass
            pad.controller = None
        for key in [k for k in self._stick if k[0] == instance_id]:
            del self._stick[key]
        self._look_at.pop(instance_id, None)
        return [Intent(pad.device, "disconnected")]

    def _pad_device(self, instance_id) -> str | None:
        pad = self.pads.present.get(instance_id)
        return pad.device if pad is not None else None

    def _pad_button(self, event, pressed: bool) -> list[Intent]:
        device = self._pad_device(event.instance_id)
        if device is None:
            return []
        intents = []
        if pressed:
            names = {code: name for name, code in PAD_BUTTON_NAMES.items()}
            intents.append(Intent(device, "raw", True, text=names.get(event.button, "dpad")))
        if event.button in PAD_DPAD:
            return intents + [Intent(device, PAD_DPAD[event.button], pressed)]
        action = self._pad_buttons.get(event.button)
        if action == "menu":
            return intents + ([Intent(device, "escape")] if pressed else [])
        if action:
            intents.append(Intent(device, action, pressed))
        return intents

    def _pad_axis(self, event) -> list[Intent]:
        device = self._pad_device(event.instance_id)
        if device is None:
            return []
        value = event.value / 32767
        if event.axis in (pygame.CONTROLLER_AXIS_RIGHTX, pygame.CONTROLLER_AXIS_RIGHTY):
            return self._look(device, event.instance_id, event.axis, value)
        pairs = {
            pygame.CONTROLLER_AXIS_LEFTX: ("left", "right"),
            pygame.CONTROLLER_AXIS_LEFTY: ("up", "down"),
        }
        if event.axis not in pairs:
            return []
        return self._directions(device, pairs[event.axis], value, event.instance_id)

    def _look(self, device: str, instance_id: int, axis: int, value: float) -> list[Intent]:
        """The right stick as a vector (dead zone applied), sent when it changes."""
        x, y = self._look_at.get(instance_id, (0.0, 0.0))
        value = 0.0 if abs(value) < STICK_DEAD_ZONE else value
        x, y = (value, y) if axis == pygame.CONTROLLER_AXIS_RIGHTX else (x, value)
        if (x, y) == self._look_at.get(instance_id, (0.0, 0.0)):
            return []
        self._look_at[instance_id] = (x, y)
        return [Intent(device, "look", bool(x or y), vector=(x, y))]

    def _hat(self, event) -> list[Intent]:
        x, y = event.value
        device = f"pad:{event.instance_id}"  # a joystick SDL has no controller mapping for
        return (self._directions(device, ("left", "right"), float(x), event.instance_id, "hatx")
                + self._directions(device, ("down", "up"), float(y), event.instance_id, "haty"))

    def _directions(self, device, pair, value, instance_id, source="stick") -> list[Intent]:
        """Edge-triggered directions from an analogue value with a dead zone."""
        intents = []
        for direction, active in ((pair[0], value < -STICK_DEAD_ZONE), (pair[1], value > STICK_DEAD_ZONE)):
            key = (instance_id, source + direction)
            if active != self._stick.get(key, False):
                self._stick[key] = active
                intents.append(Intent(device, direction, active))
        return intents


def start_controllers() -> None:
    """Start SDL's game-controller subsystem: only then does a plugged-in pad arrive as a
    controller (CONTROLLERDEVICEADDED, already-plugged pads included), with its buttons
    mapped to one layout. `pygame.init()` does not start it."""
    try:
        from pygame._sdl2 import controller as sdl_controller

        if not sdl_controller.get_init():
            sdl_controller.init()
    except (ImportError, pygame.error):
        pass  # no controller support in this build: keyboard and mouse still work


def _clipboard() -> str:
    """The clipboard's text on one line ("" when there is none or it cannot be read)."""
    try:
        return " ".join(pygame.scrap.get_text().split())
    except (pygame.error, AttributeError):
        return ""
