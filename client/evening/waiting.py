"""Waiting out another window's hold on the history.

SQLite answers "database is locked" at once, without its busy timeout, where waiting could
deadlock: a connection that must turn its read lock into a write lock while another holds the
write lock. Opening a history still in rollback mode does that (the change to WAL needs the
whole file) while another window writes. Such an answer is retried from the start of the
attempt, with short pauses, until a deadline; any other error goes through at once.
"""

import sqlite3
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def busy(error: BaseException) -> bool:
    """Another connection holds the file (as opposed to a damaged or foreign file)."""
    return isinstance(error, sqlite3.OperationalError) and ("locked" in str(error) or "busy" in str(error))


def patiently(attempt: Callable[[], T], seconds: float) -> T:
    """``attempt()``, again after a short pause while it finds the file held, for at most
    ``seconds``; the last "locked" goes through if the hold outlasts them."""
    deadline = time.monotonic() + seconds
    pause = 0.02
    while True:
        try:
            return attempt()
        except sqlite3.OperationalError as error:
            if not busy(error) or time.monotonic() + pause > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.5)
