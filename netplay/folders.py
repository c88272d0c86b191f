"""Where Spielabend keeps things on this computer: one rule for every module.

- `config_dir()`: settings (key bindings, volume, the LAN interface).
- `data_dir()`: what the games leave behind: saves, seat tokens for rejoining, high scores.

Both follow the platform's convention through platformdirs: ``$XDG_CONFIG_HOME/spielabend``
and ``$XDG_DATA_HOME/spielabend`` on Linux and the BSDs (``~/.config`` and
``~/.local/share`` when unset), ``~/Library/Application Support/spielabend`` on macOS,
``%APPDATA%\\spielabend`` on Windows. No pygame here: the command line uses it too.
"""

import os
import time
from pathlib import Path

import platformdirs

APP = "spielabend"


def config_dir() -> Path:
    """The user's Spielabend settings folder (not created here)."""
    return Path(platformdirs.user_config_dir(APP, appauthor=False, roaming=True))


def data_dir() -> Path:
    """The user's Spielabend data folder (not created here)."""
    return Path(platformdirs.user_data_dir(APP, appauthor=False, roaming=True))


def move_aside(path: Path, why: str = "unreadable") -> Path:
    """Move a file that could not be read to ``<stem>-<why>-<when><suffix>`` beside it,
    so a new one can take its place and the old one is kept as it was; returns where it
    went. OSError if it cannot be moved (then it is still at ``path``)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.stem}-{why}-{stamp}{path.suffix}")
    for count in range(2, 1000):
        if not kept.exists():
            break
        kept = path.with_name(f"{path.stem}-{why}-{stamp}-{count}{path.suffix}")
    os.rename(path, kept)
    return kept
