"""What a device's virtual buttons are called on that device, for on-screen legends.

A legend must name the key or pad button the player actually presses: it follows the
player's remapping (the settings' key and pad maps), and a gamepad's face buttons are
named as printed on that pad. Face buttons are read by position (SDL's hint
``SDL_GAMECONTROLLER_USE_BUTTON_LABELS=0``, set in `client.input.router`), so SDL's "a" is the
bottom button on every pad: an Xbox pad prints A there, a Nintendo pad B, a PlayStation
pad a cross.
"""

from client.i18n import N_, _
from client.input.pads import pad_kind
from client.settings import Settings

# SDL's positional face buttons (the hint above) and where they sit on the pad.
FACE_POSITIONS = {"a": "south", "b": "east", "x": "west", "y": "north"}
XBOX_LABELS = {"south": "A", "east": "B", "west": "X", "north": "Y", "leftshoulder": "LB",
               "rightshoulder": "RB", "start": "Start", "back": "Back", "guide": "Home", "leftstick": "L3",
               "rightstick": "R3"}
PAD_LABELS = {  # by kind (client.input.pads): what is printed on each button
    "xbox": XBOX_LABELS,
    "generic": XBOX_LABELS,
    "nintendo": {**XBOX_LABELS, "south": "B", "east": "A", "west": "Y", "north": "X", "leftshoulder": "L",
                 "rightshoulder": "R", "start": "+", "back": "\u2212"},
    "playstation": {**XBOX_LABELS, "south": "\u2715", "east": "\u25cb", "west": "\u25a1", "north": "\u25b3",
                    "leftshoulder": "L1", "rightshoulder": "R1", "start": "Options", "back": "Share",
                    "guide": "PS"},
}
KEY_NAMES = {"space": "Space", "return": "Enter", "backspace": "Backspace", "left shift": "L-Shift",
             "right shift": "R-Shift", "up": "\u2191", "down": "\u2193", "left": "\u2190", "right": "\u2192",
             "tab": "Tab", "escape": "Esc", "left ctrl": "L-Ctrl", "right ctrl": "R-Ctrl"}
MOUSE_NAMES = {"confirm": N_("click"), "peek": N_("right click"), "back": N_("middle click")}
DPAD_NAMES = {"up": N_("D-pad \u2191"), "down": N_("D-pad \u2193"), "left": N_("D-pad \u2190"),
              "right": N_("D-pad \u2192")}


def pad_family(name: str | None) -> str:
    """"xbox", "nintendo" or "playstation" from a controller's name (unknown: xbox)."""
    kind = pad_kind("", name)
    return "xbox" if kind == "generic" else kind


def pad_button_label(name: str, family: str = "xbox") -> str:
    """SDL's button ``name`` ("a", "leftshoulder", "start") as printed on a ``family`` pad."""
    labels = PAD_LABELS.get(family, XBOX_LABELS)
    return labels.get(FACE_POSITIONS.get(name, name), name or "?")


def pad_button_everywhere(name: str) -> str:
    """SDL's button ``name`` as printed on each kind of pad, where they differ ("A / \u2715 / B")."""
    labels = [pad_button_label(name, family) for family in ("xbox", "playstation", "nintendo")]
    return " / ".join(dict.fromkeys(labels))


def key_label(name: str) -> str:
    """A pygame key name as a keycap shows it ("a" -> "A", "return" -> "Enter")."""
    if name in KEY_NAMES:
        return KEY_NAMES[name]
    return name.upper() if len(name) == 1 else name.title()


def button_label(settings: Settings, device: str, action: str, family: str = "xbox") -> str:
    """What ``device``'s ``action`` button is called: the bound key, the pad button as
    printed on a pad of ``family``, or the mouse's click."""
    if device == "mouse":
        return _(MOUSE_NAMES[action]) if action in MOUSE_NAMES else action
    if device.startswith("pad:"):
        if action in DPAD_NAMES:
            return _(DPAD_NAMES[action])
        if action == "menu" and not settings.data["pad"].get("menu"):
            return pad_button_label("start", family)
        return pad_button_label(settings.data["pad"].get(action, ""), family)
    keymap = settings.data["keys"].get(device, {})
    return key_label(keymap[action]) if action in keymap else "?"


def device_family(app, device: str) -> str:
    """The pad family of ``device`` at ``app`` (a synthetic or unknown pad: xbox)."""
    if not device.startswith("pad:"):
        return "xbox"
    kind = app.input.pad_kind(device)
    return "xbox" if kind == "generic" else kind


def label_for(app, device: str, action: str) -> str:
    """`button_label` for a device of this window."""
    return button_label(app.settings, device, action, device_family(app, device))


def buttons_here(app, action: str) -> str:
    """``action``'s button on every kind of device at this window, for a menu's footer: the
    keyboard's (Esc for back and the menu), the mouse's, then each plugged-in pad's as printed on it
    ("Enter / click / A / \u2715 / B"); the same labels the tables' legends use."""
    if action in ("back", "menu"):
        names = ["Esc"]
    else:
        keys = [label_for(app, device, action) for device in ("keys2", "keys1")]
        names = ["Shift"] if all(name.endswith("Shift") for name in keys) else keys[:1]
        if action in MOUSE_NAMES and action != "back":
            names.append(_(MOUSE_NAMES[action]))
    names += [label_for(app, device, action) for device in app.input.devices() if device.startswith("pad:")]
    return " / ".join(dict.fromkeys(name for name in names if name and name != "?"))
