"""Solo high scores: one small JSON table per game in the user's data folder.

`folder()` is the one place that says where the tables live: ``highscores`` in the
data folder every module uses (`netplay.folders.data_dir`, the platform's convention).
No pygame here.

A table that cannot be read, or reads as something other than a high-score table, is
never overwritten and never crashes the game: it is moved aside like every unreadable
file (`netplay.folders.move_aside`: ``<game>-unreadable-<time>.json``), a fresh table
starts, and `Board.problem` says so in words for the screen.
If it cannot even be moved aside, the new score is not written and `problem` says why.
"""

import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from client.i18n import _

KEEP = 10  # places in a table
VERSION = 1
NAME_LIMIT = 40


@dataclass
class Board:
    entries: list[dict] = field(default_factory=list)  # best first: name, score, when (+ details)
    place: int | None = None  # the new score's place, 1 = best (None: not in the table)
    problem: str = ""  # what went wrong with the file, in words for the player
    path: Path | None = None

    @property
    def rank(self) -> int | None:
        """The new score's place as players count it: level with an equal score above it."""
        return places(self.entries)[self.place - 1] if self.place is not None else None


def places(entries: list[dict]) -> list[int]:
    """Each entry's place, 1 = best; equal scores share a place ("1. 2. 2. 4.")."""
    return [1 + sum(other["score"] > entry["score"] for other in entries) for entry in entries]


def when_words(entry: dict) -> str:
    """When a score was made, as the window's language writes a date and a time
    ("26 Nov 2026 21:05", "26.11.2026 21:05"); the entry's own text if it is not a date."""
    from datetime import datetime

    from client import i18n

    try:
        moment = datetime.strptime(str(entry.get("when", "")), "%Y-%m-%d %H:%M")
    except ValueError:
        return str(entry.get("when", ""))
    return _("{day} {time}").format(day=i18n.day(moment), time=i18n.clock(moment))


def folder() -> Path:
    """Where every game's high-score table lives."""
    from netplay.folders import data_dir

    return data_dir() / "highscores"


def path_for(game_id: str, where: Path | None = None) -> Path:
    return Path(where or folder()) / f"{game_id}.json"


def read(game_id: str, where: Path | None = None) -> Board:
    """The table of ``game_id`` (empty if there is none yet)."""
    path = path_for(game_id, where)
    entries, problem = _load(path, game_id)
    return Board(entries or [], None, problem, path)


def peek(game_id: str, where: Path | None = None) -> list[dict]:
    """The table as it stands, to show before a game: empty if there is none or it cannot
    be read (nothing is moved or written; `read` and `record` deal with a bad file)."""
    try:
        return _entries(json.loads(path_for(game_id, where).read_text(encoding="utf-8")), game_id)
    except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError):
        return []


def record(game_id: str, name: str, score: int, details: dict | None = None, where: Path | None = None,
           when: str | None = None) -> Board:
    """Add a finished game's score; returns the table with the new score's place."""
    path = path_for(game_id, where)
    entries, problem = _load(path, game_id)
    if entries is None:  # unreadable and still in the way: write nothing over it
        return Board([], None, problem, path)
    entry = {"name": str(name)[:NAME_LIMIT] or _("Player"), "score": int(score),
             "when": when or time.strftime("%Y-%m-%d %H:%M"), **(details or {})}
    index = next((i for i, old in enumerate(entries) if old["score"] < entry["score"]), len(entries))
    entries.insert(index, entry)  # after equal scores: the earlier one keeps its place
    place = index + 1 if index < KEEP else None
    entries = entries[:KEEP]
    try:
        _write(path, {"version": VERSION, "game": game_id, "entries": entries})
    except OSError as error:
        problem = _join(problem, _("The high score could not be saved ({reason}).").format(reason=_reason(error)))
    return Board(entries, place, problem, path)


# --- the file --------------------------------------------------------------------------------
def _load(path: Path, game_id: str) -> tuple[list[dict] | None, str]:
    """(entries, problem); entries None when an unreadable file could not be moved aside."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return [], ""
    except (OSError, UnicodeDecodeError) as error:
        return _set_aside(path, _reason(error))
    try:
        entries = _entries(json.loads(text), game_id)
    except (ValueError, TypeError, KeyError) as error:
        return _set_aside(path, str(error) or _("not a high-score table"))
    return entries, ""


def _entries(data, game_id: str) -> list[dict]:
    if not isinstance(data, dict) or data.get("version") != VERSION or data.get("game") != game_id:
        raise ValueError(_("not a high-score table"))
    entries = data.get("entries")
    if not isinstance(entries, list) or len(entries) > KEEP:
        raise ValueError(_("the table's entries are damaged"))
    for entry in entries:
        if not (isinstance(entry, dict) and isinstance(entry.get("name"), str)
                and isinstance(entry.get("score"), int) and not isinstance(entry.get("score"), bool)
                and isinstance(entry.get("when"), str)):
            raise ValueError(_("an entry is damaged"))
    scores = [entry["score"] for entry in entries]
    if scores != sorted(scores, reverse=True):
        raise ValueError(_("the entries are out of order"))
    return [dict(entry) for entry in entries]


def _set_aside(path: Path, why: str) -> tuple[list[dict] | None, str]:
    from netplay.folders import move_aside

    try:
        target = move_aside(path)
    except OSError as error:
        return None, _("The high-score file {file} could not be read ({why}) nor moved aside ({reason}); this "
                       "score was not saved.").format(file=path, why=why, reason=_reason(error))
    return [], _("The high-score file could not be read ({why}): it was moved aside to {file} and a new table "
                 "begins.").format(why=why, file=target.name)


def _write(path: Path, data: dict) -> None:
    """A temporary file beside the table, then one rename: the table is always whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=".highscores-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1, ensure_ascii=False)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def _reason(error: OSError | ValueError) -> str:
    return getattr(error, "strerror", None) or str(error) or type(error).__name__


def _join(first: str, second: str) -> str:
    return f"{first} {second}".strip()
