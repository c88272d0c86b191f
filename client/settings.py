"""Player settings (key maps, pad buttons, volume, fullscreen, animation speed, the LAN
interface, away seats) saved as JSON in the user's config folder (`netplay.folders`).

A missing file gives the defaults. A file that cannot be read whole is never written
over: it is moved aside next to the new one (``settings-unreadable-<when>.json``), what
could be read is kept, and ``Settings.problem`` says in plain words what happened and
where the old file is (the title screen shows it). If it cannot even be moved aside,
nothing is saved during this session.
"""

import copy
import json
import math
import os
from pathlib import Path
from typing import Any

from client.i18n import N_, _, ngettext
from netplay.folders import config_dir, move_aside
from netplay.language import LANGUAGES, from_system

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
# Seconds an away LAN seat waits before a bot plays it (None: until the host hands it over).
BOT_AFTER_CHOICES = (None, 30, 60, 120, 300)
# The file's JSON object: its values are of several kinds (and a newer version's entries
# are kept as they are), so the settings are read through typed properties below.
DEFAULTS: dict[str, Any] = {"keys": DEFAULT_KEYS, "pad": DEFAULT_PAD, "volume": 0.7, "fullscreen": False, "name": "Player",
            "animation": "normal", "interface": None, "bot_after": None, "address": "",
            "language": None, "table": None}
# Why a settings file could not be used, each a whole sentence (looked up when shown).
UNOPENABLE = N_("Your settings file could not be read, so the default settings are in use: it could not be "
                "opened ({error}).")
NOT_TEXT = N_("Your settings file could not be read, so the default settings are in use: it is not a text file.")
MISTAKE = N_("Your settings file could not be read, so the default settings are in use: line {line}, column "
             "{column} has a mistake ({error}).")
NOT_SETTINGS = N_("Your settings file could not be read, so the default settings are in use: it does not hold "
                  "a set of named settings.")
NOT_MOVED = N_("It could not be moved aside ({error}), so it is left as it is, and nothing you change now will "
               "be saved. It is at:")
KEPT_AS = N_("Your old file is kept, unchanged, as:")
KEY_ACTIONS = ("up", "down", "left", "right", "confirm", "back", "peek")
PAD_ACTIONS = tuple(DEFAULT_PAD)


class Settings:
    """The saved settings. ``problem`` is None or, in plain words (in the window's language
    when it is read), why the file could not be used; ``kept`` is where an unreadable file was moved; ``writable`` is False while an
    unreadable file still stands at ``path`` (it is then never written over)."""

    def __init__(self, path: Path | None = None):
        self.path = Path(path) if path is not None else config_dir() / "settings.json"
        self.data: dict[str, Any] = copy.deepcopy(DEFAULTS)
        self.failed = False  # the file could not be read whole (`reason`, `where`, `problem` say why)
        self.unreadable: tuple[str, dict] | None = None  # why none of it could be used: (message, fields)
        self.faults: list[tuple[str, dict]] = []  # what of it could not be used: (message, fields) each
        self._where: tuple[str, dict] = (KEPT_AS, {})
        self._save_error: str | None = None
        self.kept: Path | None = None
        self.writable = True

    @classmethod
    def load(cls, path: Path | None = None) -> "Settings":
        settings = cls(path)
        try:
            raw = settings.path.read_bytes()
        except FileNotFoundError:
            return settings
        except OSError as error:
            settings._set_aside((UNOPENABLE, {"error": error.strerror or error}))
            return settings
        try:
            loaded = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            settings._set_aside((NOT_TEXT, {}))
            return settings
        except json.JSONDecodeError as error:
            settings._set_aside((MISTAKE, {"line": error.lineno, "column": error.colno, "error": error.msg.lower()}))
            return settings
        if not isinstance(loaded, dict):
            settings._set_aside((NOT_SETTINGS, {}))
            return settings
        settings.data, ignored = _merged(loaded)
        if ignored:
            settings.faults = ignored
            settings._set_aside(None)
        return settings

    def _set_aside(self, unreadable: tuple[str, dict] | None) -> None:
        """Move the file that could not be read whole next to where the new one goes
        (``unreadable``: why none of it could be used; None: some of it could, see ``faults``)."""
        self.unreadable = unreadable
        try:
            self.kept = move_aside(self.path)
        except OSError as error:
            self.writable = False
            self._where = (NOT_MOVED, {"error": error.strerror or error})
        else:
            self._where = (KEPT_AS, {})
        self.failed = True

    # The problem in words, worded when it is shown (in the window's language then).
    @property
    def reason(self) -> str:
        """What happened, and why."""
        if not self.failed:
            return ""
        if self.unreadable is not None:
            template, data = self.unreadable
            return _(template).format(**data)
        sentences = [_(template).format(**data) for template, data in self.faults[:3]]
        more = len(self.faults) - 3
        if more > 0:
            sentences.append(ngettext("One more setting could not be used either.",
                                      "{n} more settings could not be used either.", more).format(n=more))
        return " ".join([_("Some of your settings could not be used and are back to their defaults."), *sentences])

    @property
    def where(self) -> str:
        """Where the old file is (its path follows)."""
        if not self.failed:
            return ""
        template, data = self._where
        return _(template).format(**data)

    @property
    def problem(self) -> str | None:
        if self._save_error is not None:
            return _("Settings could not be saved: {error}").format(error=self._save_error)
        if not self.failed:
            return None
        return f"{self.reason} {self.where} {self.kept or self.path}"

    def save(self) -> bool:
        if not self.writable:
            return False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_suffix(".tmp")
            temporary.write_text(json.dumps(self.data, indent=2, sort_keys=True), encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError as error:
            self._save_error = str(error.strerror or error)
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

    @property
    def language(self) -> str:
        """The language the window reads: the one chosen in Settings, else the operating
        system's (until a player chooses one, each start follows the system)."""
        chosen = self.data.get("language")
        return chosen if chosen in LANGUAGES else from_system()

    @language.setter
    def language(self, code: str) -> None:
        if code not in LANGUAGES:
            raise ValueError(f"the language must be one of {', '.join(LANGUAGES)}")
        self.data["language"] = code

    def reset_controls(self) -> None:
        self.data["keys"] = copy.deepcopy(DEFAULT_KEYS)
        self.data["pad"] = copy.deepcopy(DEFAULT_PAD)


def _merged(loaded: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[str, dict]]]:
    """Defaults overlaid with the loaded values that are usable, and what was not (each a
    whole sentence marked for translation, with its fields).
    Entries this version does not know are kept as they are (a newer version's)."""
    data = copy.deepcopy(DEFAULTS)
    ignored: list[tuple[str, dict]] = []
    for key, value in loaded.items():
        if key not in DEFAULTS:
            data[key] = value
    volume = loaded.get("volume", data["volume"])
    if isinstance(volume, int | float) and not isinstance(volume, bool) and math.isfinite(volume):
        data["volume"] = min(1.0, max(0.0, float(volume)))
    else:
        ignored.append((N_("The volume must be a number, not {value}."), {"value": repr(volume)}))
    if isinstance(loaded.get("fullscreen", False), bool):
        data["fullscreen"] = loaded.get("fullscreen", False)
    else:
        ignored.append((N_("Fullscreen must be true or false."), {}))
    if "animation" in loaded:
        if loaded["animation"] in ANIMATION_SPEEDS:
            data["animation"] = loaded["animation"]
        else:
            ignored.append((N_("The animation speed {value} is not one of {choices}."),
                            {"value": repr(loaded["animation"]), "choices": ", ".join(ANIMATION_SPEEDS)}))
    language = loaded.get("language")
    if language is None or language in LANGUAGES:
        data["language"] = language
    else:
        ignored.append((N_("The language {value} is not one of {choices}."),
                        {"value": repr(language), "choices": ", ".join(LANGUAGES)}))
    name = loaded.get("name")
    if isinstance(name, str) and name.strip():
        data["name"] = name.strip()[:14]
    elif name is not None:
        ignored.append((N_("The name must be a word."), {}))
    interface = loaded.get("interface")
    if interface is None or isinstance(interface, str) and interface:
        data["interface"] = interface
    else:
        ignored.append((N_("The LAN interface must be an address."), {}))
    address = loaded.get("address", "")
    if isinstance(address, str):
        data["address"] = address[:80]
    else:
        ignored.append((N_("The last typed address must be text."), {}))
    table = loaded.get("table")
    if table is None or _usable_table(table):
        data["table"] = table
    else:
        ignored.append((N_("The last hosted table's settings could not be used."), {}))
    bot_after = loaded.get("bot_after")
    if bot_after is None or isinstance(bot_after, int | float) and not isinstance(bot_after, bool) and bot_after >= 0:
        data["bot_after"] = bot_after
    else:
        ignored.append((N_("The time before a bot takes an away seat must be a number of seconds."), {}))
    keys = loaded.get("keys", {})
    for device, keymap in (keys.items() if isinstance(keys, dict) else []):
        if device not in data["keys"] or not isinstance(keymap, dict):
            ignored.append((N_("The keys of {device} could not be used."), {"device": repr(device)}))
            continue
        for action, key_name in keymap.items():
            if action in KEY_ACTIONS and isinstance(key_name, str):
                data["keys"][device][action] = key_name
            else:
                ignored.append((N_("The key for {action} on {device} could not be used."),
                                {"device": device, "action": repr(action)}))
    if not isinstance(keys, dict):
        ignored.append((N_("The keys could not be used."), {}))
    pad = loaded.get("pad", {})
    for action, button in (pad.items() if isinstance(pad, dict) else []):
        if action in PAD_ACTIONS and isinstance(button, str):
            data["pad"][action] = button
        else:
            ignored.append((N_("The gamepad button for {action} could not be used."), {"action": repr(action)}))
    if not isinstance(pad, dict):
        ignored.append((N_("The gamepad buttons could not be used."), {}))
    return data, ignored


def _usable_table(table: object) -> bool:
    """Whether ``table`` is a hosted table's settings as `client.hosting.table_settings` keeps them."""
    if not isinstance(table, dict):
        return False
    port = table.get("port")
    return (all(isinstance(table.get(key, ""), str) and len(table.get(key, "")) <= 300
                for key in ("name", "password", "relay"))
            and (port is None or isinstance(port, int) and not isinstance(port, bool) and 1024 <= port <= 65535))
