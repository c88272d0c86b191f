"""Saves: an append-only journal of checksummed records, under the user's data directory.

A save is a text file with one record per line: the CRC-32 of the record's JSON as eight
hex digits, a space, the JSON object, a newline. The host appends a record before anyone
hears of what it holds (write-ahead), so a host killed at any moment keeps every action
a peer saw accepted, and each append costs the same however long the game has run.

Records (``k`` is the kind):

    head   format, version, game, players, seed, options, seats [{kind name token strength taken
           [phone planned via]}], meta (plain data the host's owner keeps with it: the table's name,
           the window's seats)
    start  the table is full and the game has begun
    seat   i, name, token, taken[, phone, planned, via]  (a seat claimed, or freed in the lobby; phone:
                                         a phone holds it; planned: the set-up's name for an open
                                         seat; via: how its player came, lan, relay or phone)
    act    n, p, a                      (the n-th accepted action: seat or None, the action)
    snap   n, digest, state, over       (the engine state after n actions, now and then;
                                         ``over`` true in the snapshot taken as the game ended)

Reading stops at the first record that is cut short or fails its checksum: the records
before it are whole, and `Saved.dropped` says what was left out. A resumed host writes
the whole records back as a fresh file (atomically), so garbage never stays in a save.
"""

import contextlib
import hashlib
import json
import os
import re
import secrets
import sys
import tempfile
import time
import zlib
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from engines import GameState, IllegalAction, SetupError, events_for, new_game
from engines.errors import N_

from .errors import SaveError
from .folders import data_dir
from .ports import Message, Seat
from .seats import make_seats

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


def record_json(record: Any) -> str:
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
    def create(cls, path: "str | os.PathLike[str]", bodies: list[str]) -> "Journal":
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
    head: dict[str, Any]
    records: list[dict[str, Any]] = field(default_factory=list)
    dropped: str | None = None

    @property
    def log(self) -> list[Any]:
        """The accepted actions as ``[seat, action]`` pairs, in order."""
        return [[r["p"], r["a"]] for r in self.records if r.get("k") == "act"]

    def latest_state(self) -> dict[str, Any] | None:
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
    meta: dict[str, Any]
    actions: int
    started: bool
    finished: bool
    modified: float  # when it was last written (seconds since the epoch)


def summarize(path: "str | os.PathLike[str]") -> SaveSummary:
    """A save's summary; SaveError if it cannot be read."""
    saved = read_save(path)
    head = saved.head
    listed = head.get("seats")
    seats: list[Any] = listed if isinstance(listed, list) else []
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


_NAME = re.compile(r"-(\d{8}-\d{6})-\d+(?:-(\d+))?$")


def _newest_first(path: Path) -> tuple[int, str, int]:
    """Sort key for saves, larger for newer: the time last written, then the second the
    game was begun and its count, for two written in one tick (file times are coarse)."""
    named = _NAME.search(path.stem)
    begun = (named.group(1), int(named.group(2) or 1)) if named else ("", 0)
    return (path.stat().st_mtime_ns, *begun)


def unfinished_saves(origin: str, folder: "str | os.PathLike[str] | None" = None, limit: int = 8,
                     scan: int = 60) -> list[SaveSummary]:
    """The newest games begun and not finished whose meta says ``origin`` (``"window"``),
    newest first: at most ``limit`` of them, from the ``scan`` newest save files."""
    folder = Path(folder) if folder is not None else data_dir() / "saves"
    try:
        files = [p for p in folder.iterdir() if p.suffix == SAVE_SUFFIX and p.is_file()]
        files.sort(key=_newest_first, reverse=True)
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


def read_save(path: "str | os.PathLike[str]") -> Saved:
    """The whole records of the save at ``path``; SaveError for a missing, foreign or
    corrupt one (a damaged first record, or a save of another version)."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise SaveError("corrupt_save", N_("{path} is too large to be a Spielabend save"), {"path": str(path)})
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveError("no_save", N_("no save file at {path}"), {"path": str(path)}) from None
    except OSError as error:
        raise SaveError("corrupt_save", N_("cannot read save {path}: {why}"),
                        {"path": str(path), "why": str(error.strerror or error)}) from None
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
        raise SaveError("corrupt_save", N_("{path} is not a whole Spielabend save (its first record is damaged)"),
                        {"path": str(path)})
    head = records[0]
    if head.get("format") != SAVE_FORMAT:
        raise SaveError("foreign_save", N_("{path} is not a Spielabend save"), {"path": str(path)})
    if head.get("version") != SAVE_VERSION:
        raise SaveError("foreign_save", N_("{path} is a save of an unknown version {version}"),
                        {"path": str(path), "version": repr(head.get("version"))[:40]})
    dropped = None
    if dropped_bytes:
        later = data[whole:].count(b"\n")
        dropped = (f"dropped {dropped_bytes} bytes after record {len(records)}: "
                   + ("a record cut short as the host stopped" if later == 0
                      else f"a damaged record and {later - 1} after it" if later > 1 else "a damaged record"))
    return Saved(path, head, records[1:], dropped)


def _parse_line(line: bytes) -> dict[str, Any] | None:
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
        raise SaveError("corrupt_save", N_("{path} is corrupt (not a Spielabend save journal)"),
                        {"path": str(path)}) from None
    if isinstance(document, dict) and document.get("format") == SAVE_FORMAT:
        raise SaveError("foreign_save", N_("{path} was saved by an older Spielabend (save version {version}); "
                                           "it cannot be continued by this one"),
                        {"path": str(path), "version": repr(document.get("version"))[:40]})
    raise SaveError("foreign_save", N_("{path} is not a Spielabend save"), {"path": str(path)})


# --- the host's journal: a game as records, written ahead of every message ------------------
SNAPSHOT_EVERY = 500  # actions between snapshots of the engine state in the save


class JournalSource(Protocol):
    """The game a `HostJournal` writes down, as its owner (the `Host`) holds it: read only."""

    @property
    def game_id(self) -> str: ...

    @property
    def players(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def options(self) -> dict[str, Any]: ...

    @property
    def meta(self) -> dict[str, Any]: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def phase(self) -> str: ...

    @property
    def log(self) -> Sequence[list[Any]]: ...

    @property
    def state(self) -> GameState: ...


class HostJournal:
    """A host's save: the records its game is made of, each written before any message
    tells of it (an action before its updates, a seat's token before its welcome, the
    start before the start messages). Without a `path` it writes nothing.

    A failed write (a full disk) stops saving, said once on stderr and in `error`; the
    game goes on."""

    def __init__(self, game: JournalSource):
        self.game = game
        self.path: Path | None = None
        self.error: str | None = None  # why saving stopped, if it did
        self._journal: Journal | None = None
        self._saved_at = 0  # the log's length at the latest snapshot

    @property
    def saving(self) -> bool:
        return self._journal is not None

    def start(self, path: "str | os.PathLike[str]") -> None:
        """Write a whole save of the game so far at ``path`` and keep appending to it;
        SaveError if it cannot be written."""
        try:
            self._journal = Journal.create(path, self.records())
        except OSError as error:
            raise SaveError("cannot_save", N_("cannot write the save {path}: {why}"),
                            {"path": str(path), "why": str(error.strerror or error)}) from None
        self.path = Path(path)
        self._saved_at = len(self.game.log)

    def records(self) -> list[str]:
        """The whole game as records (JSON texts): head, start, every action, a snapshot."""
        game = self.game
        head = {"k": "head", "format": SAVE_FORMAT, "version": SAVE_VERSION, "game": game.game_id,
                "players": game.players, "seed": game.seed, "options": game.options, "meta": game.meta,
                "seats": [seat_fields(seat) | {"kind": seat.kind, "strength": seat.strength}
                          for seat in game.seats]}
        records = [record_json(head)]
        if game.phase == "playing":
            records.append(START)
        records += [act_json(n, seat, action) for n, (seat, action) in enumerate(game.log)]
        if game.log:
            records.append(self._snapshot_json())
        return records

    def record(self, body: str) -> None:
        """Append one record (its JSON text), if saving."""
        if self._journal is None:
            return
        try:
            self._journal.append(body)
        except OSError as error:
            self._stop(error)

    def started(self) -> None:
        self.record(START)

    def seat(self, index: int) -> None:
        """Seat ``index`` was claimed or freed: its name and token, before they go out."""
        self.record(record_json({"k": "seat", "i": index} | seat_fields(self.game.seats[index])))

    def action(self, seat: int | None, action: Any) -> None:
        """The newest action of the log (``seat``'s ``action``); now and then, and as the
        game ends, a snapshot too."""
        if self._journal is None:
            return
        log = self.game.log
        self.record(act_json(len(log) - 1, seat, action))
        if len(log) % SNAPSHOT_EVERY == 0 or self.game.state.is_over():
            self.snapshot()

    def _snapshot_json(self) -> str:
        game = self.game
        state = json.dumps(game.state.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        digest = hashlib.sha256(state.encode("ascii")).hexdigest()  # == state.digest(), hashed once
        over = ',"over":true' if game.state.is_over() else ""
        return f'{{"k":"snap","n":{len(game.log)},"digest":"{digest}"{over},"state":{state}}}'

    def snapshot(self) -> None:
        """Append the engine state and ask the disk to keep what is written so far."""
        if self._journal is None:
            return
        self.record(self._snapshot_json())
        self._saved_at = len(self.game.log)
        if self._journal is not None:
            try:
                self._journal.sync()
            except OSError as error:
                self._stop(error)

    def _stop(self, error: OSError) -> None:
        journal, self._journal = self._journal, None
        self.error = f"cannot save the game to {self.path}: {error.strerror or error}"
        print(f"spielabend: {self.error}; playing on without saving", file=sys.stderr)
        if journal is not None:
            with contextlib.suppress(OSError):
                journal.close()

    def close(self) -> None:
        """Snapshot (if anything happened since the last) and close the save."""
        if self._journal is not None and self._saved_at != len(self.game.log):
            self.snapshot()
        if self._journal is not None:
            journal, self._journal = self._journal, None
            try:
                journal.close()
            except OSError as error:
                self.error = f"cannot save the game to {self.path}: {error.strerror or error}"

    def save(self, path: "str | os.PathLike[str]") -> None:
        """Write the whole game as a new save at ``path`` (atomically); OSError if it fails.
        Saving over its own save compacts it and goes on appending to the new file."""
        if self._journal is not None and self.path is not None and Path(path).resolve() == self.path.resolve():
            fresh = Journal.create(path, self.records())
            journal, self._journal, self._saved_at = self._journal, fresh, len(self.game.log)
            with contextlib.suppress(OSError):
                journal.close()
            return
        Journal.create(path, self.records()).close()

    def rewrite(self) -> None:
        """Write the save again whole (the seats changed kind); a failure keeps the old one."""
        if self._journal is not None and self.path is not None:
            with contextlib.suppress(OSError):
                self.save(self.path)


START = '{"k":"start"}'

@dataclass
class Resumed:
    """A game read back from its save, as a host plays on with it (`Host.resume` applies it;
    nothing here builds or changes a host): the head's facts, the seats as they are now (a
    game that had begun: its remote seats away until their peers rejoin by token; a table
    still in its lobby: its remote seats open again), the engine state after every saved
    action, the log, the newest public events, the phase, and what was dropped."""

    game_id: str
    players: int
    seed: int
    options: dict[str, Any]
    meta: dict[str, Any]
    seats: list[Seat]
    state: GameState
    log: list[list[Any]]
    history: list[Message]
    phase: str
    note: str | None


def resume(path: "str | os.PathLike[str]", history: int) -> Resumed:
    """The game saved at ``path``, replayed (``history``: how many of the newest public
    events to keep); see `Resumed`. SaveError for a missing, corrupt or foreign save."""
    saved = read_save(path)
    try:
        game_id, players, seed, options, seat_specs, meta = _head_fields(saved.head)
        seats = make_seats(players, [{"kind": s["kind"], "strength": s["strength"]} for s in seat_specs], None)
        for seat, spec in zip(seats, seat_specs, strict=True):
            restore_seat(seat, spec)
        replay = _Replay(new_game(game_id, players, seed, **options), history)
        replay.records(saved.records, seats)
    except SaveError as error:
        raise SaveError(error.code, error.say, {**error.data, "path": str(path)}) from None
    except SetupError as error:
        raise SaveError("corrupt_save", N_("{path}: this save cannot be continued: its game cannot be set up "
                                           "again ({detail})"), {"path": str(path), "detail": str(error)}) from None
    except IllegalAction as error:
        raise SaveError("corrupt_save", N_("{path}: this save is damaged: a saved move does not follow from the "
                                           "ones before it ({detail})"),
                        {"path": str(path), "detail": error.message}) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise SaveError("corrupt_save", N_("{path}: this save is damaged: a record is not what it should be "
                                           "({detail})"),
                        {"path": str(path), "detail": f"{type(error).__name__}: {error}"}) from None
    for seat in seats:
        if seat.kind != "remote":
            continue
        if replay.started:
            seat.connected, seat.away = False, True
        else:  # nobody is waiting at a table that never began: its seats are open again
            seat.taken, seat.by_phone, seat.name, seat.token, seat.away = False, False, "", secrets.token_hex(16), False
            seat.via = ""
    return Resumed(game_id, players, seed, dict(replay.state.options), meta, seats, replay.state, replay.log,
                   list(replay.history), "playing" if replay.started else "lobby", saved.dropped)


class _Replay:
    """A save's records after its head, applied to a fresh game: its state, log and public
    events, and whether the game had begun."""

    def __init__(self, state: GameState, history: int):
        self.state = state
        self.log: list[list[Any]] = []
        self.history: deque[Message] = deque(maxlen=history)
        self.started = False

    def records(self, records: list[dict[str, Any]], seats: list[Seat]) -> None:
        """SaveError if an action does not follow or a snapshot does not match the replay."""
        for record in records:
            kind = record["k"]
            if kind == "act":
                if record["n"] != len(self.log):
                    raise SaveError("corrupt_save", N_("{path}: action {n} is out of order"), {"n": record["n"]})
                self.history.extend(events_for(self.state.apply(record["p"], record["a"]), None))
                self.log.append([record["p"], record["a"]])
                self.started = True
            elif kind == "snap":
                if record["n"] != len(self.log) or record["digest"] != self.state.digest():
                    raise SaveError("corrupt_save", N_("{path}: the saved state does not match its action log"))
            elif kind == "seat":
                restore_seat(seats[record["i"]], record)
            elif kind == "start":
                self.started = True
            else:
                raise SaveError("corrupt_save", N_("{path}: unknown record {kind}"), {"kind": repr(kind)[:40]})


HeadFields = tuple[str, int, int, dict[str, Any], list[dict[str, Any]], dict[str, Any]]


def _head_fields(head: dict[str, Any]) -> HeadFields:
    """The head record's fields, checked one by one so a damaged save is described in
    words (never "unknown game None"); SaveError naming what is wrong."""
    from engines import GAMES

    def damaged(what: str) -> SaveError:
        return SaveError("corrupt_save", f"this save is damaged: its header {what}")

    game_id = head.get("game")
    if not isinstance(game_id, str) or not game_id:
        raise damaged("names no game")
    if game_id not in GAMES:
        raise SaveError("foreign_save", f"this save is of a game called {game_id[:40]!r}, which this Spielabend "
                                           f"does not have")
    players, seed, options = head.get("players"), head.get("seed"), head.get("options")
    if not isinstance(players, int) or isinstance(players, bool):
        raise damaged("has no number of players")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise damaged("has no seed")
    if not isinstance(options, dict):
        raise damaged("has no game options")
    seats = head.get("seats")
    if not isinstance(seats, list) or len(seats) != players or not all(
            isinstance(s, dict) and {"kind", "strength", "name", "token", "taken"} <= set(s) for s in seats):
        raise damaged("does not list the seats")
    meta = head.get("meta", {})
    return game_id, players, seed, options, seats, meta if isinstance(meta, dict) else {}


def seat_fields(seat: Seat) -> dict[str, Any]:
    """What a save keeps of a seat after the head (a ``seat`` record's fields)."""
    fields: dict[str, Any] = {"name": seat.name, "token": seat.token, "taken": seat.taken}
    if seat.by_phone:  # only then: saves without it read as before
        fields["phone"] = True
    if seat.planned:  # the set-up's name for a remote seat (protocol 6); older saves have none
        fields["planned"] = seat.planned
    if seat.kind == "remote" and seat.via:  # how its player came (the lobby's via) until they rejoin
        fields["via"] = seat.via
    return fields


def restore_seat(seat: Seat, fields: dict[str, Any]) -> None:
    name, token, taken, by_phone = fields["name"], fields["token"], fields["taken"], fields.get("phone", False)
    planned, via = fields.get("planned", seat.planned), fields.get("via", "" if seat.kind == "remote" else seat.via)
    if not (isinstance(name, str) and isinstance(token, str) and isinstance(taken, bool)
            and isinstance(by_phone, bool) and isinstance(planned, str) and isinstance(via, str)):
        raise SaveError("corrupt_save", "a seat record is damaged")
    seat.name, seat.token, seat.taken, seat.by_phone, seat.planned, seat.via = name, token, taken, by_phone, planned, via


def act_json(n: int, seat: int | None, action: Any) -> str:
    return f'{{"k":"act","n":{n},"p":{"null" if seat is None else seat},"a":{record_json(action)}}}'
