"""Player settings (key maps, pad buttons, volume, fullscreen, animation speed) saved as JSON.

The file lives under ``$XDG_CONFIG_HOME/spielabend`` (or ``~/.config/spielabend``). A missing
or corrupt file never stops the game: defaults are used and ``Settings.problem`` holds a
sentence the title screen shows.
"""

import copy
import json
import math
import os
from pathlib import Path

DEFAULT_KEYS = {
    "keys1": {
        "up": "w", "down": "s", "left": "a", "right": "d",
        "confirm": "space", "back": "q", "peek": "left shift",
    },
    "keys2": {
        "up": "up", "down": "down", "left": "left", "right": "right",
        "confirm": "return", "back": "backspace", "peek": "right shift",
    },
}
# Virtual pad buttons -> SDL game-controller button names.
DEFAULT_PAD = {
    "confirm": "a", "back": "b", "alt": "x", "secret": "y",
    "peek": "leftshoulder", "menu": "start",
}
# How fast tables animate and pace their reveals: a factor on every duration ("instant"
# skips animations and holds altogether).
ANIMATION_SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": math.inf}
DEFAULTS = {"keys": DEFAULT_KEYS, "pad": DEFAULT_PAD, "volume": 0.7, "fullscreen": False, "name": "Player",
            "animation": "normal"}
KEY_ACTIONS = ("up", "down", "left", "right", "confirm", "back", "peek")
PAD_ACTIONS = tuple(DEFAULT_PAD)


def config_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "spielabend"


class Settings:
    """The saved settings; ``problem`` is None or why the file could not be used."""

    def __init__(self, path: Path | None = None):
        self.path = path or config_dir() / "settings.json"
        self.data = copy.deepcopy(DEFAULTS)
        self.problem: str | None = None

    @classmethod
    def load(cls, path: Path | None = None) -> "Settings":
        settings = cls(path)
        if not settings.path.exists():
            return settings
        try:
            loaded = json.loads(settings.path.read_text(encoding="utf-8"))
            settings.data = _merged(loaded)
        except (OSError, ValueError, TypeError, AttributeError) as error:
            settings.data = copy.deepcopy(DEFAULTS)
            settings.problem = f"Settings file could not be read ({type(error).__name__}); using defaults."
        return settings

    def save(self) -> bool:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_suffix(".tmp")
            temporary.write_text(json.dumps(self.data, indent=2, sort_keys=True), encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError as error:
            self.problem = f"Settings could not be saved: {error.strerror or error}"
            return False
        return True

    @property
    def volume(self) -> float:
        return self.data["volume"]

    @volume.setter
    def volume(self, value: float) -> None:
        self.data["volume"] = round(min(1.0, max(0.0, value)), 2)

    @property
    def fullscreen(self) -> bool:
        return self.data["fullscreen"]

    @fullscreen.setter
    def fullscreen(self, value: bool) -> None:
        self.data["fullscreen"] = bool(value)

    @property
    def animation(self) -> str:
        return self.data["animation"]

    @animation.setter
    def animation(self, value: str) -> None:
        if value not in ANIMATION_SPEEDS:
            raise ValueError(f"animation speed must be one of {', '.join(ANIMATION_SPEEDS)}")
        self.data["animation"] = value

    @property
    def speed(self) -> float:
        """The factor every table divides its animation and pacing times by."""
        return ANIMATION_SPEEDS[self.data["animation"]]

    def reset_controls(self) -> None:
        self.data["keys"] = copy.deepcopy(DEFAULT_KEYS)
        self.data["pad"] = copy.deepcopy(DEFAULT_PAD)


def _merged(loaded) -> dict:
    """Defaults overlaid with the loaded values of the right types; raise on a wrong shape."""
    if not isinstance(loaded, dict):
        raise TypeError("settings must be a JSON object")
    data = copy.deepcopy(DEFAULTS)
    volume = loaded.get("volume", data["volume"])
    if not isinstance(volume, int | float) or isinstance(volume, bool):
        raise TypeError("volume must be a number")
    data["volume"] = min(1.0, max(0.0, float(volume)))
    data["fullscreen"] = bool(loaded.get("fullscreen", False))
    if loaded.get("animation") in ANIMATION_SPEEDS:
        data["animation"] = loaded["animation"]
    name = loaded.get("name")
    if isinstance(name, str) and name.strip():
        data["name"] = name.strip()[:14]
    for device, keymap in (loaded.get("keys") or {}).items():
        if device in data["keys"]:
            for action, name in keymap.items():
                if action in KEY_ACTIONS and isinstance(name, str):
                    data["keys"][device][action] = name
    for action, name in (loaded.get("pad") or {}).items():
        if action in PAD_ACTIONS and isinstance(name, str):
            data["pad"][action] = name
    return data
