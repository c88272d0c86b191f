"""Virtual game controllers plugged into the very SDL library pygame-ce loaded.

Tests about gamepads go through SDL itself, not around it: a `VirtualPad` is a
joystick SDL believes is plugged in (``SDL_JoystickAttachVirtualEx``), so the window
hears it exactly as it would hear a real pad: JOYDEVICEADDED, and
CONTROLLERDEVICEADDED only if the app started SDL's game-controller subsystem. Buttons
and axes are set on the virtual device; SDL reads them when events are pumped, so a
press is held for a couple of frames (`VirtualPad.press` with an app does that).

Vendor and product ids pick the kind of pad, as they do for real hardware.
"""

import ctypes
import glob
import os

import pygame

# SDL_GameControllerButton order: a virtual GAMECONTROLLER joystick's button i is button i.
BUTTONS = ("a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick", "leftshoulder",
           "rightshoulder", "dpad_up", "dpad_down", "dpad_left", "dpad_right")
AXES = ("leftx", "lefty", "rightx", "righty", "lefttrigger", "righttrigger")
# (vendor id, product id, the name SDL gets) per kind of pad.
KINDS = {
    "xbox": (0x045E, 0x028E, "Xbox 360 Controller"),
    "ps4": (0x054C, 0x09CC, "PS4 Controller"),
    "dualsense": (0x054C, 0x0CE6, "DualSense Wireless Controller"),
    "switch": (0x057E, 0x2009, "Nintendo Switch Pro Controller"),
}
# What a player does, as the buttons SDL reports (positional face buttons: "a" is the
# bottom one on every pad).
INTENT_BUTTONS = {"confirm": "a", "back": "b", "alt": "x", "secret": "y", "peek": "leftshoulder",
                  "menu": "start", "up": "dpad_up", "down": "dpad_down", "left": "dpad_left",
                  "right": "dpad_right"}
LIVE: dict = {}  # SDL instance id -> the VirtualPad still plugged in (tests/client/drive.py)
SDL_JOYSTICK_TYPE_GAMECONTROLLER = 1
SDL_VIRTUAL_JOYSTICK_DESC_VERSION = 1


class _Desc(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint16), ("type", ctypes.c_uint16), ("naxes", ctypes.c_uint16),
                ("nbuttons", ctypes.c_uint16), ("nhats", ctypes.c_uint16), ("vendor_id", ctypes.c_uint16),
                ("product_id", ctypes.c_uint16), ("padding", ctypes.c_uint16),
                ("button_mask", ctypes.c_uint32), ("axis_mask", ctypes.c_uint32), ("name", ctypes.c_char_p),
                ("userdata", ctypes.c_void_p), ("Update", ctypes.c_void_p),
                ("SetPlayerIndex", ctypes.c_void_p), ("Rumble", ctypes.c_void_p),
                ("RumbleTriggers", ctypes.c_void_p), ("SetLED", ctypes.c_void_p),
                ("SendEffect", ctypes.c_void_p)]


def sdl_library() -> ctypes.CDLL:
    """The SDL2 shared library inside pygame-ce's wheel (the one pygame already loaded)."""
    here = os.path.dirname(pygame.__file__)
    found = sorted(glob.glob(os.path.join(here, os.pardir, "pygame_ce.libs", "libSDL2-2*.so*")))
    if not found:
        raise RuntimeError("pygame-ce's own libSDL2 was not found next to pygame")
    sdl = ctypes.CDLL(found[0])
    sdl.SDL_JoystickAttachVirtualEx.argtypes = [ctypes.POINTER(_Desc)]
    sdl.SDL_JoystickAttachVirtualEx.restype = ctypes.c_int
    sdl.SDL_JoystickOpen.argtypes = [ctypes.c_int]
    sdl.SDL_JoystickOpen.restype = ctypes.c_void_p
    sdl.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
    sdl.SDL_JoystickInstanceID.argtypes = [ctypes.c_void_p]
    sdl.SDL_JoystickInstanceID.restype = ctypes.c_int32
    sdl.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
    sdl.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
    sdl.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
    sdl.SDL_NumJoysticks.restype = ctypes.c_int
    sdl.SDL_JoystickGetDeviceInstanceID.argtypes = [ctypes.c_int]
    sdl.SDL_JoystickGetDeviceInstanceID.restype = ctypes.c_int32
    return sdl


class VirtualPad:
    """One plugged-in virtual pad of ``kind`` (see KINDS)."""

    def __init__(self, sdl: ctypes.CDLL, kind: str):
        vendor, product, name = KINDS[kind]
        self.sdl, self.kind, self.name = sdl, kind, name
        self._desc = _Desc(version=SDL_VIRTUAL_JOYSTICK_DESC_VERSION, type=SDL_JOYSTICK_TYPE_GAMECONTROLLER,
                           naxes=len(AXES), nbuttons=len(BUTTONS), nhats=1, vendor_id=vendor,
                           product_id=product, button_mask=(1 << len(BUTTONS)) - 1,
                           axis_mask=(1 << len(AXES)) - 1, name=name.encode())
        index = sdl.SDL_JoystickAttachVirtualEx(ctypes.byref(self._desc))
        if index < 0:
            raise RuntimeError(f"SDL refused a virtual {kind} pad")
        self.handle = sdl.SDL_JoystickOpen(index)
        if not self.handle:
            raise RuntimeError(f"SDL could not open the virtual {kind} pad")
        self.instance_id = sdl.SDL_JoystickInstanceID(self.handle)
        self.plugged = True
        LIVE[self.instance_id] = self

    def device(self, app) -> str:
        """The device id the app gave this pad ("pad:<n>")."""
        return app.input.pads.present[self.instance_id].device

    def set_button(self, button: str, down: bool) -> None:
        self.sdl.SDL_JoystickSetVirtualButton(self.handle, BUTTONS.index(button), 1 if down else 0)

    def set_axis(self, axis: str, value: int) -> None:
        self.sdl.SDL_JoystickSetVirtualAxis(self.handle, AXES.index(axis), value)

    def press(self, app, intent_or_button: str, hold_frames: int = 2) -> None:
        """Press and release one button (an intent name like "confirm", or SDL's name), the
        app running frames meanwhile, so SDL sees the press and the release."""
        button = INTENT_BUTTONS.get(intent_or_button, intent_or_button)
        self.set_button(button, True)
        _frames(app, hold_frames)
        self.set_button(button, False)
        _frames(app, hold_frames)

    def unplug(self) -> None:
        if not self.plugged:
            return
        self.plugged = False
        LIVE.pop(self.instance_id, None)
        for index in range(self.sdl.SDL_NumJoysticks()):
            if self.sdl.SDL_JoystickGetDeviceInstanceID(index) == self.instance_id:
                self.sdl.SDL_JoystickDetachVirtual(index)
                break
        self.sdl.SDL_JoystickClose(self.handle)


class VirtualPads:
    """Plug and unplug virtual pads; everything still plugged is unplugged by `close`."""

    def __init__(self):
        self.sdl = sdl_library()
        self.pads: list[VirtualPad] = []

    def plug(self, kind: str, app=None) -> VirtualPad:
        pad = VirtualPad(self.sdl, kind)
        self.pads.append(pad)
        if app is not None:
            _frames(app, 2)  # the app hears it and opens it
        return pad

    def close(self) -> None:
        for pad in self.pads:
            pad.unplug()
        self.pads.clear()
        pygame.event.pump()
        pygame.event.clear()


def _frames(app, count: int) -> None:
    for _ in range(count):
        app.frame(1 / 60)
