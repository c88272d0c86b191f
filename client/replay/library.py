"""Finding games to watch again: a save, a game kept in the history, the table just played,
and the night's best moments across tonight's games (the Hall of fame's reel). No pygame.

Whatever cannot be opened says why in words (`words_of`): a game played before replays were
kept, a damaged or foreign journal, a game still running.
"""

import importlib
import importlib.util
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from client import i18n
from client.evening.history import History, PlayedGame
from netplay import sayings
from netplay.errors import SaveError
from netplay.folders import data_dir
from netplay.replays import Replay, ReplayError, kept_records
from netplay.saves import SAVE_SUFFIX, SaveSummary, summarize

REEL_LENGTH = 8  # the night's best moments shown in the Hall of fame


def title_of(game_id: str, moment: Any, names: Sequence[str]) -> str:
    """``moment``'s title in this window's language (its kind, if the game words none)."""
    name = f"engines.{game_id}.moments"
    if importlib.util.find_spec(name) is not None:
        words = getattr(importlib.import_module(name), "words", None)
        if words is not None:
            try:
                return str(words(moment, list(names), i18n.current()))
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                pass
    return str(getattr(moment, "kind", "")).replace("_", " ")


def words_of(error: ReplayError) -> str:
    """Why a game cannot be watched, in this window's language."""
    return sayings.worded(error.said(), i18n.current())


def open_save(path: str | Path) -> Replay:
    """The finished game saved at ``path``; ReplayError in words if it cannot be watched."""
    return Replay.open(path)


def open_kept(history: History, game: int) -> Replay:
    """Game ``game`` (its history row) as kept with the history; ReplayError ``not_kept`` for
    a game played before replays were kept."""
    return Replay.from_kept(history.journal(game))


def open_hosted(host: Any) -> Replay:
    """The game a table this window hosted has just played (its host's journal records)."""
    return Replay.from_records(kept_records(host.journal.records()))


def colours_of(game: PlayedGame) -> list[int]:
    return [seat.colour for seat in game.seats]


def finished_saves(origin: str = "window", limit: int = 4, scan: int = 40,
                   folder: str | Path | None = None) -> list[SaveSummary]:
    """The newest games this window saved and finished, newest first (Continue offers to
    watch them again)."""
    where = Path(folder) if folder is not None else data_dir() / "saves"
    try:
        files = sorted((p for p in where.iterdir() if p.suffix == SAVE_SUFFIX and p.is_file()),
                       key=lambda p: p.stat().st_mtime_ns, reverse=True)
    except OSError:
        return []
    found = []
    for path in files[:scan]:
        try:
            summary = summarize(path)
        except (SaveError, OSError):
            continue
        if summary.meta.get("origin") == origin and summary.finished:
            found.append(summary)
            if len(found) >= limit:
                break
    return found


@dataclass
class ReelEntry:
    """One of the night's best moments: which game, which of its moments, its title."""

    game: PlayedGame
    number: int  # the moment's place in its replay's `moments()`
    weight: float
    title: str
    names: list[str] = field(default_factory=list)


def night_reel(history: History, games: Sequence[PlayedGame], limit: int = REEL_LENGTH) -> list[ReelEntry]:
    """The best moments of ``games`` (tonight's), by weight across games; games without a
    journal, or whose journal cannot be replayed, add none."""
    entries = []
    for game in games:
        if not game.has_replay:
            continue
        try:
            replay = open_kept(history, game.id)
        except ReplayError:
            continue
        for number, moment in enumerate(replay.moments()):
            title = title_of(replay.game_id, moment, replay.names)
            entries.append(ReelEntry(game, number, float(moment.weight), title, list(replay.names)))
    entries.sort(key=lambda entry: (-entry.weight, -entry.game.finished))
    return entries[:limit]
