"""An evening exported to the data folder: a CSV of the standings and every game's points
(the Hall of fame draws the PNG beside it). No pygame."""

import csv
import time
from pathlib import Path

from client.evening import night
from client.evening.history import History
from client.evening.points import plain

EXPORTS = "evenings"  # the folder in the data folder where exports go


def export_csv(history: History, evening: int, folder: Path) -> Path:
    """The evening's standings and every game's points as a CSV; OSError if it cannot be written."""
    games = history.games(evening)
    rows = night.standings(games)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"evening-{_stamp(history, evening)}.csv"
    with target.open("w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["place", "name", "points", "games", "wins", "best game"])
        for place, row in enumerate(rows, 1):
            out.writerow([place, row.name, plain(row.points), row.games, row.wins, night._game_name(row.best_game)])
        out.writerow([])
        out.writerow(["game", "finished", "seat", "name", "kind", "score", "place", "points", "winner"])
        for number, game in enumerate(games, 1):
            finished = time.strftime("%Y-%m-%d %H:%M", time.localtime(game.finished))
            for index, seat in enumerate(game.seats):
                out.writerow([f"{number}. {game.game}", finished, index + 1, seat.name, seat.kind, seat.score,
                              seat.place, plain(seat.points), "yes" if seat.winner else ""])
    return target


def export_folder() -> Path:
    from netplay.folders import data_dir

    return data_dir() / EXPORTS


def export_name(history: History, evening: int) -> str:
    return f"evening-{_stamp(history, evening)}"


def _stamp(history: History, evening: int) -> str:
    started = history.evening_started(evening) or time.time()
    return time.strftime("%Y-%m-%d-%H%M", time.localtime(started)) + f"-{evening}"
