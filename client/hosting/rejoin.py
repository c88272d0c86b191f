"""Seats this player may rejoin: the token each LAN table gave, kept in the user's data
folder (``rejoin.json``) until that table's game ends or the table no longer knows it.

An entry names the table (as the browser shows it), its game, where it was reached, the
seat, the player's name and the token (and, for a table reached through a relay, the
seat's invite: the relay's address and the seat's key). The join screen offers "Rejoin" for each; the
browser's current address for a table of that name wins over the one kept (a resumed
host may listen on another port). A file that cannot be read is moved aside, never
written over (`netplay.folders.move_aside`).
"""

import json
import os
import time
from pathlib import Path

from client.i18n import _
from netplay.folders import data_dir, move_aside

KEEP = 12  # entries, newest first
KEEP_SECONDS = 14 * 24 * 3600  # a seat older than this is not offered any more


class RejoinBook:
    def __init__(self, path: Path | None = None):
        self.path = Path(path) if path is not None else data_dir() / "rejoin.json"
        self.problem: str | None = None  # why the kept seats could not be read or saved

    def entries(self, now: float | None = None) -> list[dict]:
        """The seats kept, newest first (each a dict with table, game, address, port,
        seat, name, token, when)."""
        now = time.time() if now is None else now
        return [e for e in self._read() if now - e["when"] <= KEEP_SECONDS]

    def remember(self, table: str, game: str, address: str, port: int, seat: int, name: str, token: str,
                 invite: str | None = None) -> None:
        """Keep a seat (``invite``: the seat's relay invite, for a table reached through a
        relay at ``address``:``port``)."""
        entry = {"table": table, "game": game, "address": address, "port": int(port), "seat": int(seat),
                 "name": name, "token": token, "when": time.time()}
        if invite:
            entry["invite"] = invite
        kept = [e for e in self._read() if e["token"] != token
                and not (e["table"] == table and e["game"] == game and e["address"] == address and e["port"] == port)]
        self._write([entry] + kept[:KEEP - 1])

    def forget(self, token: str) -> None:
        entries = self._read()
        if any(e["token"] == token for e in entries):
            self._write([e for e in entries if e["token"] != token])

    def _read(self) -> list[dict]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return []
        except (OSError, ValueError):
            self._set_aside()
            return []
        entries = data.get("seats") if isinstance(data, dict) else None
        if not isinstance(entries, list):
            self._set_aside()
            return []
        return [e for e in entries if _valid(e)]

    def _set_aside(self) -> None:
        try:
            kept = move_aside(self.path)
        except OSError as error:
            self.problem = _("The seats to rejoin could not be read or moved aside ({error}).").format(
                error=error.strerror or error)
            return
        self.problem = _("The seats to rejoin could not be read; the old file is kept as {file}").format(file=kept)

    def _write(self, entries: list[dict]) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_suffix(".tmp")
            # a token is a seat's key: readable by its owner only
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                json.dump({"seats": entries}, file, indent=1)
            os.replace(temporary, self.path)
        except OSError as error:
            self.problem = _("The seat to rejoin could not be kept: {error}").format(error=error.strerror or error)


def _valid(entry) -> bool:
    types: dict[str, type | tuple[type, ...]] = {"table": str, "game": str, "address": str, "port": int, "seat": int, "name": str, "token": str,
             "when": (int, float)}
    return isinstance(entry, dict) and all(isinstance(entry.get(k), t) for k, t in types.items())
