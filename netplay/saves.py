"""Where saves live and how they are written: atomically, as JSON, under the data dir.

A save holds everything `Host.resume` needs: the game, players, seed and options, the
seats (with their secret tokens, so peers rejoin by token), the engine's ``to_dict()``
and the log of accepted actions. It is rewritten after every accepted action.
"""

import json
import os
import sys
import tempfile
import time
from pathlib import Path

from .errors import SaveError

SAVE_FORMAT = "spielabend-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 64 * 1024 * 1024


def data_dir() -> Path:
    """The user's Spielabend data directory (XDG_DATA_HOME on Linux and the BSDs)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "spielabend"


def new_save_path(game_id: str) -> Path:
    """A fresh file name for a new hosted game, under ``data_dir()/saves``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return data_dir() / "saves" / f"{game_id}-{stamp}-{os.getpid()}.json"


def write_atomic(path: Path, data: dict | str) -> None:
    """Write ``data`` (a dict, or its JSON text) so that ``path`` always holds a whole
    save: a temporary file in the same folder, then ``os.replace``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = data if isinstance(data, str) else json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    fd, temp = tempfile.mkstemp(prefix=".save-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


def read_save(path) -> dict:
    """The save at ``path`` as a dict with the right format; SaveError otherwise."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise SaveError("corrupt_save", f"{path} is too large to be a Spielabend save")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError("no_save", f"no save file at {path}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SaveError("corrupt_save", f"cannot read save {path}: {error}") from None
    try:
        data = json.loads(text)
    except ValueError:
        raise SaveError("corrupt_save", f"{path} is corrupt (not valid JSON)") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("foreign_save", f"{path} is not a Spielabend save")
    if data.get("version") != SAVE_VERSION:
        raise SaveError("foreign_save", f"{path} is a save of an unknown version {data.get('version')!r}")
    return data
