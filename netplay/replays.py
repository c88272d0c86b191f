"""A finished game, watched again: its journal (`netplay.saves`) replayed step by step.

`Replay.open(path)` reads a save, `Replay.from_records(lines)` the same records from
elsewhere (the history keeps each finished game's, `client.evening.history`). Every action
is applied once, as the host applied it, and the engine state is kept every `SNAPSHOT_EVERY`
steps (pickled, as `GameState.clone` copies a state), so any step is one snapshot and at most
that many actions away: `at(i)` is the state after ``i`` actions, `view(i, seat)` what that
seat saw then, `full_view(i)` every secret once the game is over.

What stays inside: the seed and the generator's state. A `Replay` hands out views, events,
scores and digests; the states it returns are private copies whose views, like the host's,
hold no seed. `full_view` leaves the seed and every generator out of the state it shows.

Damaged journals: whatever reads whole is kept and `problem` says what was not (a record
cut short, a damaged one, a move that does not follow); a journal that cannot be read at
all, is of another save version, or holds a game not yet over raises `ReplayError` in words.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import pickle
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from engines import GAMES, GameState, IllegalAction, Rng, SetupError, new_game
from engines.errors import N_
from engines.plain import encode
from engines.steps import Step

from .errors import NetplayError
from .saves import MAX_SAVE_BYTES, SAVE_FORMAT, SAVE_VERSION, record_json
from .sayings import default_name

SNAPSHOT_EVERY = 32  # steps between kept states: a seek applies at most this many actions


class ReplayError(NetplayError):
    """A journal that cannot be replayed, or a question a replay cannot answer: ``code`` for
    programs, ``words`` (an English message id, N_-marked) and ``data`` that fills it, so a
    reader words it in its own language (`netplay.sayings`); ``reason`` is it in English."""

    @property
    def words(self) -> str:
        return self.say


# What a round is, each game's own (the viewer's round back/forward): the state's counter of it.
ROUND_OF: dict[str, Callable[[GameState], Any]] = {
    "die_mauer": lambda state: getattr(state, "round", 0),  # the game's own round (DM-8: a master each), as its header counts
    "drunter_druber": lambda state: (getattr(state, "turn", 1) - 1) // state.players,  # each player's turn once
    "architekton": lambda state: (getattr(state, "turn", 1) - 1) // 2,  # a turn pair
    "wild_west": lambda state: getattr(state, "deal", 0),  # a deal of three cards
    "wie_waldi": lambda state: getattr(state, "round", 0),  # a deal of the hands
}


@dataclass
class _Head:
    game_id: str
    players: int
    seed: int
    options: dict[str, Any]
    names: list[str]


class Replay:
    """A recorded game, replayable at any step: see the module docstring. One thread at a time
    (a seek moves its cursor); the steps, once built, may be read from any."""

    seed_hidden = True  # the seed never leaves a replay (no attribute holds it)

    def __init__(self, head: _Head, records: list[dict[str, Any]], problem: ReplayError | None):
        self.game_id = head.game_id
        self.players = head.players
        self.options = dict(head.options)
        self.names = head.names
        self.problem_error = problem  # the worded form of `problem`
        self.steps: list[Step] = []
        self._snapshots: list[bytes] = []  # the pickled state after steps 0, K, 2K, ...
        self._cursor: tuple[int, GameState] | None = None  # the state a seek made last (stepping on is cheap)
        self._moments: list[Any] | None = None  # engines.moments.Moment, each game's own
        self._round_starts = [0]  # the index that opens each round
        try:
            state = new_game(head.game_id, head.players, head.seed, **head.options)
        except SetupError as error:
            raise ReplayError("bad_head", N_("This game cannot be set up again here ({detail})."),
                              {"detail": error.message}) from None
        self._replay(state, records)
        self.finished = state.is_over()

    # --- reading a journal ---------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> Replay:
        """The game saved at ``path``; ReplayError if it cannot be read or is not over."""
        path = Path(path)
        try:
            if path.stat().st_size > MAX_SAVE_BYTES:
                raise ReplayError("too_large", N_("{path} is too large to be a Spielabend save."), {"path": str(path)})
            data = path.read_bytes()
        except FileNotFoundError:
            raise ReplayError("no_file", N_("There is no save at {path}."), {"path": str(path)}) from None
        except OSError as error:
            raise ReplayError("unreadable", N_("The save {path} cannot be read ({why})."),
                              {"path": str(path), "why": str(error.strerror or error)}) from None
        if data[:1] in (b"{", b"["):
            _refuse_document(data)
        return cls._from_lines(data.split(b"\n"), whole_file=True)

    @classmethod
    def from_records(cls, records: Sequence[str]) -> Replay:
        """The same from a journal's records: lines as a save holds them (checksum, space,
        JSON) or their JSON alone, as `HostJournal.records` gives them."""
        lines = [line.encode("utf-8") for line in records]
        while lines and not lines[-1].strip():  # a text's last newline
            lines.pop()
        return cls._from_lines(lines, whole_file=False)

    @classmethod
    def from_kept(cls, records: Sequence[str] | None) -> Replay:
        """A game from the history: ``records`` as `History.journal` gives them, None for a game
        recorded before journals were kept (ReplayError ``not_kept``)."""
        if records is None:
            raise ReplayError("not_kept", N_("This game was played before replays were kept."))
        return cls.from_records(records)

    @classmethod
    def _from_lines(cls, lines: list[bytes], whole_file: bool) -> Replay:
        if whole_file:  # a file's last piece has no newline: empty, or cut short as the host stopped
            lines, tail = lines[:-1], lines[-1]
        else:
            tail = b""
        records: list[dict[str, Any]] = []
        for line in lines:
            record = _parse(line)
            if record is None:
                break
            records.append(record)
        unread = len(lines) - len(records) + (1 if tail.strip() else 0)
        if not records:
            if not unread:
                raise ReplayError("empty", N_("This journal is empty: there is no game in it."))
            raise ReplayError("damaged", N_("This journal is damaged at its start: no game can be read from it."))
        head = _head(records[0])
        problem = None
        if unread:
            acted = sum(1 for record in records if record.get("k") == "act")
            if len(lines) == len(records):  # every whole line read: only the unfinished last one is lost
                problem = ReplayError("cut_short", N_("The journal was cut short after action {n}; what was kept "
                                                      "is shown."), {"n": acted})
            else:
                problem = ReplayError("damaged_tail", N_("The journal is damaged after action {n}: {count} records "
                                                         "could not be read; what was kept is shown."),
                                      {"n": acted, "count": unread})
        replay = cls(head, records[1:], problem)
        if not replay.finished and replay.problem_error is None:
            raise ReplayError("still_running", N_("This game is not over yet: a game can be watched again once it "
                                                  "has ended."))
        return replay

    def _replay(self, state: GameState, records: list[dict[str, Any]]) -> None:
        """Apply every action record in turn, keeping snapshots, each step's round and the
        seats' names; a move that does not follow, or a saved state that does not match,
        ends the replay there (`problem` says so)."""
        self._snapshots.append(_pickled(state))
        round_of = ROUND_OF.get(self.game_id, _no_rounds)
        current = round_of(state)
        for record in records:
            kind = record.get("k")
            if kind == "act":
                if record.get("n") != len(self.steps):
                    self._stop(ReplayError("out_of_order", N_("The journal's action {n} is out of order; the game is "
                                                              "shown up to action {kept}."),
                                           {"n": _number(record.get("n")), "kept": len(self.steps)}))
                    return
                player, action = record.get("p"), record.get("a")
                key = round_of(state)
                if key != current:  # the state after the steps so far opens a new round
                    current = key
                    self._round_starts.append(len(self.steps))
                try:
                    events = encode(state.apply(player, action))  # a copy: no event shares the state's lists
                except IllegalAction:
                    self._stop(ReplayError("does_not_follow", N_("Action {n} does not follow from the ones before it "
                                                                 "(was it saved by another version?); the game is "
                                                                 "shown up to action {kept}."),
                                           {"n": len(self.steps) + 1, "kept": len(self.steps)}))
                    return
                index = len(self.steps) + 1
                self.steps.append(Step(index, player, action, events, list(state.scores()),
                                       len(self._round_starts) - 1))
                if index % SNAPSHOT_EVERY == 0:
                    self._snapshots.append(_pickled(state))
            elif kind == "snap":
                if record.get("n") != len(self.steps) or record.get("digest") != state.digest():
                    self._stop(ReplayError("does_not_match", N_("The saved state after action {n} does not match its "
                                                                "moves (was it saved by another version?); the game "
                                                                "is shown up to action {n}."),
                                           {"n": len(self.steps)}))
                    return
            elif kind == "seat":  # a peer who sat down after the head was written
                seat, name = record.get("i"), record.get("name")
                if _whole(seat) and 0 <= seat < self.players and isinstance(name, str) and name:
                    self.names[seat] = name
            # head and start records: nothing to replay

    def _stop(self, problem: ReplayError) -> None:
        if self.problem_error is None:
            self.problem_error = problem

    @property
    def problem(self) -> str | None:
        """What of the journal could not be replayed, in English (None: all of it);
        `problem_error` holds its words and data."""
        return self.problem_error.reason if self.problem_error is not None else None

    # --- seeking ---------------------------------------------------------------------------------
    def at(self, index: int) -> GameState:
        """A private copy of the state after ``index`` steps (0: the start)."""
        self._check_index(index)
        cursor = self._cursor
        kept = index // SNAPSHOT_EVERY * SNAPSHOT_EVERY
        if cursor is not None and kept <= cursor[0] <= index:  # stepping on from the last seek
            done, state = cursor
        else:
            done, state = kept, pickle.loads(self._snapshots[index // SNAPSHOT_EVERY])
        for step in self.steps[done:index]:
            state.apply(step.player, step.action)
        self._cursor = (index, state)
        return state.clone()

    def view(self, index: int, seat: int | None) -> dict[str, Any]:
        """What ``seat`` saw after ``index`` steps (None: a spectator, the public view)."""
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                                 or not 0 <= seat < self.players):
            raise ReplayError("no_seat", N_("There is no seat {seat} at this table."), {"seat": repr(seat)[:40]})
        view: dict[str, Any] = self.at(index).view(seat)
        return view

    def full_view(self, index: int) -> dict[str, Any]:
        """Every secret after ``index`` steps, once the game is over: each seat's own view, the
        public one, and the whole state (hands, picks, votes, piles) without seed or generator."""
        if not self.finished:
            raise ReplayError("not_over", N_("Every secret is shown only once the game is over."))
        state = self.at(index)
        return {"game": self.game_id, "index": index, "public": state.view(None),
                "seats": [state.view(seat) for seat in range(self.players)], "state": _secrets(state)}

    def digest(self, index: int) -> str:
        """The engine's digest of the state after ``index`` steps (`GameState.digest`)."""
        return self.at(index).digest()

    def rounds(self) -> list[int]:
        """The index that opens each round (`at(i)` shows its start, step ``i + 1`` is its first
        action); round 0 opens at 0. Each game says what a round is (`ROUND_OF`)."""
        return list(self._round_starts)

    def moments(self) -> list[Any]:
        """The game's moments (`engines.<id>.moments.find`), best first; none for a game
        that names none."""
        if self._moments is None:
            name = f"engines.{self.game_id}.moments"
            found: list[Any] = []
            try:
                module = importlib.import_module(name) if importlib.util.find_spec(name) is not None else None
            except ModuleNotFoundError:  # no such game package at all
                module = None
            if module is not None:
                found = list(module.find(self.steps, self.players))
            self._moments = sorted(found, key=lambda moment: -moment.weight)
        return list(self._moments)

    def _check_index(self, index: int) -> None:
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index <= len(self.steps):
            raise ReplayError("no_such_step", N_("There is no step {index} in this game (it has {count})."),
                              {"index": repr(index)[:40], "count": len(self.steps)})


# --- what the history keeps ------------------------------------------------------------------------
def kept_records(records: Sequence[str]) -> list[str]:
    """A finished game's journal records (JSON texts, `HostJournal.records`) as the history
    keeps them: the seats' tokens (a way back into the table) left out."""
    kept = []
    for body in records:
        record = json.loads(body)
        if record.get("k") == "head" and isinstance(record.get("seats"), list):
            record["seats"] = [{k: v for k, v in seat.items() if k != "token"} if isinstance(seat, dict) else seat
                               for seat in record["seats"]]
            body = record_json(record)
        elif record.get("k") == "seat" and "token" in record:
            body = record_json({k: v for k, v in record.items() if k != "token"})
        kept.append(body)
    return kept


# --- the pieces --------------------------------------------------------------------------------------
def _pickled(state: GameState) -> bytes:
    return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)


def _parse(line: bytes) -> dict[str, Any] | None:
    """One record: a save's line (CRC-32 in hex, a space, the JSON) or the JSON alone;
    None for a line cut short or damaged."""
    line = line.rstrip(b"\r")
    if line[:1] == b"{":
        body = line
    elif len(line) >= 10 and line[8:9] == b" ":
        body = line[9:]
        try:
            if int(line[:8], 16) != zlib.crc32(body):
                return None
        except ValueError:
            return None
    else:
        return None
    try:
        record = json.loads(body.decode("utf-8"))
    except ValueError:  # bad UTF-8, bad JSON
        return None
    if not isinstance(record, dict) or not isinstance(record.get("k"), str):
        return None
    return record


def _refuse_document(data: bytes) -> None:
    """A whole-JSON file: a save of version 1, or something else entirely."""
    try:
        document = json.loads(data.decode("utf-8"))
    except ValueError:
        raise ReplayError("not_a_save", N_("This is not a Spielabend save.")) from None
    if isinstance(document, dict) and document.get("format") == SAVE_FORMAT:
        raise ReplayError("other_version", N_("This game was saved by another version of Spielabend (save version "
                                              "{version}); it cannot be replayed here."),
                          {"version": repr(document.get("version"))[:40]})
    raise ReplayError("not_a_save", N_("This is not a Spielabend save."))


def _head(record: dict[str, Any]) -> _Head:
    """The game a journal's first record names; ReplayError in words for anything else."""
    if record.get("k") != "head" or record.get("format") != SAVE_FORMAT:
        raise ReplayError("not_a_save", N_("This is not a Spielabend save."))
    if record.get("version") != SAVE_VERSION:
        raise ReplayError("other_version", N_("This game was saved by another version of Spielabend (save version "
                                              "{version}); it cannot be replayed here."),
                          {"version": repr(record.get("version"))[:40]})
    game_id, players, seed, options = record.get("game"), record.get("players"), record.get("seed"), \
        record.get("options")
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise ReplayError("unknown_game", N_("This save is of a game called {game}, which this Spielabend does not "
                                             "have."), {"game": repr(game_id)[:40]})
    if not (_whole(players) and _whole(seed) and isinstance(options, dict)):
        raise ReplayError("bad_head", N_("This journal's header is damaged: it does not say how the game was "
                                         "set up."))
    seats = record.get("seats")
    names = [default_name(seat) for seat in range(players)]
    if isinstance(seats, list):
        for index, seat in enumerate(seats[:players]):
            if isinstance(seat, dict) and isinstance(seat.get("name"), str) and seat["name"]:
                names[index] = seat["name"]
    return _Head(game_id, players, seed, options, names)


def _no_rounds(state: GameState) -> int:
    return 0


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> int | str:
    return value if _whole(value) else repr(value)[:40]


def _secrets(state: GameState) -> dict[str, Any]:
    """The state's own fields as plain data, without its seed and without any generator."""
    hidden: dict[str, Any] = {key: _without_generators(value) for key, value in vars(state).items()
                              if key not in ("seed", "rng") and not isinstance(value, Rng)}
    plain: dict[str, Any] = encode(hidden)
    return plain


def _without_generators(value: Any) -> Any:
    if isinstance(value, Rng):
        return None
    if isinstance(value, list):
        return [_without_generators(item) for item in value]
    if isinstance(value, dict):
        return {key: _without_generators(item) for key, item in value.items()}
    return value
