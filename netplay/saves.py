"""Saves: an append-only journal of checksummed records, under the user's data directory.

A save is a text file with one record per line: the CRC-32 of the record's JSON as eight
hex digits, a space, the JSON object, a newline. The host appends a record before anyone
hears of what it holds (write-ahead), so a host killed at any moment keeps every action
a peer saw accepted, and each append costs the same however long the game has run.

Records (``k`` is the kind):

    head   format, version, game, players, seed, options, seats [{kind name token strength taken}],
           meta (plain data the host's owner keeps with it: the table's name, the window's seats)
    start  the table is full and the game has begun
    seat   i, name, token, taken[, phone]  (a seat claimed, or freed in the lobby; phone: a phone holds it)
    act    n, p, a                      (the n-th accepted action: seat or None, the action)
    snap   n, digest, state, over       (the engine state after n actions, now and then;
                                         ``over`` true in the snapshot taken as the game ended)

Reading stops at the first record that is cut short or fails its checksum: the records
before it are whole, and `Saved.dropped` says what was left out. A resumed host writes
the whole records back as a fresh file (atomically), so garbage never stays in a save.
"""

import json
import os
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from .errors import SaveError
from .folders import data_dir

SAVE_FORMAT = "spielabend-save"
SAVE_VERSION = 2  # 1 was one JSON document rewritten after every action
MAX_SAVE_BYTES = 256 * 1024 * 1024
SAVE_SUFFIX = ".save"


def new_save_path(game_id: str) -> Path:
    """A fresh file name for a new hosted game, under ``data_dir()/saves``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = data_dir() / "saves"
    path = folder / f"{game_id}-{stamp}-{os.getpid()}{SAVE_SUFFIX}"
    for count in range(2, 10_000):  # two games begun in the same second keep a save each
        if not path.exists():
            break
        path = folder / f"{game_id}-{stamp}-{os.getpid()}-{count}{SAVE_SUFFIX}"
    return path


_JSON = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)  # made once: json.dumps makes one a call


def record_json(record) -> str:
    """Compact JSON for a record (or any plain part of one)."""
    return _JSON.encode(record)


def record_line(body: str) -> bytes:
    """One journal line for a record's JSON text."""
    data = body.encode("utf-8")
    return b"%08x %s\n" % (zlib.crc32(data), data)


class Journal:
    """An open save that records are appended to.

    `append` hands the record to the operating system before it returns: it survives the
    host process being killed. `sync` (each snapshot, and on close) also asks the disk to
    keep it, for a power cut. OSError from any of them means the save is not being kept.
    """

    def __init__(self, path: Path, fd: int):
        self.path, self._fd = path, fd

    @classmethod
    def create(cls, path, bodies: list[str]) -> "Journal":
        """Write ``bodies`` (record JSON texts) as a whole new save at ``path``,
        atomically (a temporary file, synced, then renamed), and open it for appending."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=".save-", suffix=".tmp", dir=path.parent)
        try:
            _write_all(fd, b"".join(record_line(body) for body in bodies))
            os.fsync(fd)
            os.close(fd)
            fd = -1
            os.replace(temp, path)
        except BaseException:
            if fd >= 0:
                os.close(fd)
            try:
                os.unlink(temp)
            except OSError:
                pass
            raise
        return cls(path, os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0)))

    def append(self, body: str) -> None:
        """Append one record (its JSON text)."""
        _write_all(self._fd, record_line(body))

    def sync(self) -> None:
        os.fsync(self._fd)

    def close(self) -> None:
        if self._fd >= 0:
            fd, self._fd = self._fd, -1
            try:
                os.fsync(fd)
            finally:
                os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


@dataclass
class Saved:
    """What a save holds: its head record, the records after it that are whole, and
    what was dropped at the end (None if nothing)."""

    path: Path
    head: dict
    records: list[dict] = field(default_factory=list)
    dropped: str | None = None

    @property
    def log(self) -> list:
        """The accepted actions as ``[seat, action]`` pairs, in order."""
        return [[r["p"], r["a"]] for r in self.records if r.get("k") == "act"]

    def latest_state(self) -> dict | None:
        """The last snapshot's engine state (`GameState.to_dict`), if there is one."""
        snaps = [r for r in self.records if r.get("k") == "snap"]
        return snaps[-1]["state"] if snaps else None


@dataclass
class SaveSummary:
    """What a list of saved games shows about one, without replaying it."""

    path: Path
    game: str
    names: list[str]
    kinds: list[str]
    meta: dict
    actions: int
    started: bool
    finished: bool
    modified: float  # when it was last written (seconds since the epoch)


def summarize(path) -> SaveSummary:
    """A save's summary; SaveError if it cannot be read."""
    saved = read_save(path)
    head = saved.head
    seats = head.get("seats") if isinstance(head.get("seats"), list) else []
    kinds = [str(s.get("kind", "")) if isinstance(s, dict) else "" for s in seats]
    names = [str(s.get("name", "")) if isinstance(s, dict) else "" for s in seats]
    for record in saved.records:  # seat records name the peers who sat down later
        index = record.get("i")
        if record.get("k") == "seat" and isinstance(index, int) and 0 <= index < len(names):
            names[index] = str(record.get("name", ""))
    snaps = [r for r in saved.records if r.get("k") == "snap"]
    try:
        modified = saved.path.stat().st_mtime
    except OSError:
        modified = 0.0
    return SaveSummary(saved.path, str(head.get("game", "")), names, kinds,
                       head["meta"] if isinstance(head.get("meta"), dict) else {},
                       len(saved.log), any(r.get("k") == "start" for r in saved.records),
                       bool(snaps) and snaps[-1].get("over") is True, modified)


def unfinished_saves(origin: str, folder=None, limit: int = 8, scan: int = 60) -> list[SaveSummary]:
    """The newest games begun and not finished whose meta says ``origin`` (``"window"``),
    newest first: at most ``limit`` of them, from the ``scan`` newest save files."""
    folder = Path(folder) if folder is not None else data_dir() / "saves"
    try:
        files = [p for p in folder.iterdir() if p.suffix == SAVE_SUFFIX and p.is_file()]
        files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:  # no folder yet, or a file vanished while looking
        return []
    found = []
    for path in files[:scan]:
        try:
            summary = summarize(path)
        except (SaveError, OSError):
            continue  # someone else's file, or damaged beyond its head: not offered
        if summary.meta.get("origin") == origin and summary.started and not summary.finished:
            found.append(summary)
            if len(found) >= limit:
                break
    return found


def read_save(path) -> Saved:
    """The whole records of the save at ``path``; SaveError for a missing, foreign or
    corrupt one (a damaged first record, or a save of another version)."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise SaveError("corrupt_save", f"{path} is too large to be a Spielabend save")
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveError("no_save", f"no save file at {path}") from None
    except OSError as error:
        raise SaveError("corrupt_save", f"cannot read save {path}: {error.strerror or error}") from None
    if data[:1] in (b"{", b"["):
        _refuse_json_document(path, data)
    records, whole = [], 0
    lines = data.split(b"\n")
    for line in lines[:-1]:  # the last piece has no newline: cut short, or empty
        record = _parse_line(line)
        if record is None:
            break
        records.append(record)
        whole += len(line) + 1
    dropped_bytes = len(data) - whole
    if not records or records[0].get("k") != "head":
        raise SaveError("corrupt_save", f"{path} is not a whole Spielabend save (its first record is damaged)")
    head = records[0]
    if head.get("format") != SAVE_FORMAT:
        raise SaveError("foreign_save", f"{path} is not a Spielabend save")
    if head.get("version") != SAVE_VERSION:
        raise SaveError("foreign_save", f"{path} is a save of an unknown version {head.get('version')!r}")
    dropped = None
    if dropped_bytes:
        later = data[whole:].count(b"\n")
        dropped = (f"dropped {dropped_bytes} bytes after record {len(records)}: "
                   + ("a record cut short as the host stopped" if later == 0
                      else f"a damaged record and {later - 1} after it" if later > 1 else "a damaged record"))
    return Saved(path, head, records[1:], dropped)


def _parse_line(line: bytes) -> dict | None:
    if len(line) < 10 or line[8:9] != b" ":
        return None
    body = line[9:]
    try:
        if int(line[:8], 16) != zlib.crc32(body):
            return None
        record = json.loads(body.decode("utf-8"))
    except ValueError:  # bad hex, bad UTF-8, bad JSON
        return None
    if not isinstance(record, dict) or not isinstance(record.get("k"), str):
        return None
    return record


def _refuse_json_document(path: Path, data: bytes) -> None:
    """A whole-JSON file: a save of version 1, or something else entirely."""
    try:
        document = json.loads(data.decode("utf-8"))
    except ValueError:
        raise SaveError("corrupt_save", f"{path} is corrupt (not a Spielabend save journal)") from None
    if isinstance(document, dict) and document.get("format") == SAVE_FORMAT:
        raise SaveError("foreign_save", f"{path} was saved by an older Spielabend (save version "
                                        f"{document.get('version')!r}); it cannot be continued by this one")
    raise SaveError("foreign_save", f"{path} is not a Spielabend save")
