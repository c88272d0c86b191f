"""The one way into a `Host` from another thread.

A host is touched by one thread only. Nothing serves it: whoever made it drives it (the
pygame client's couch table, a test), and its calls run at once. A server serves it
(`netplay.server`, whose loop is then the host's thread): every call from elsewhere
hops onto that loop (`asyncio.AbstractEventLoop.call_soon_threadsafe`). A phone server
has a thread of its own: its calls to a host that nothing serves wait here until the
host's driver runs them (`Door.run_waiting`, once a frame), so they run on its thread.
"""

import asyncio
import contextlib
import sys
import threading
import traceback
from collections import deque
from collections.abc import Callable

Call = Callable[[], None]


class Door:
    """Runs calls on its host's thread (see the module docstring)."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: int | None = None
        self._waiting: deque[Call] = deque()

    def served_by(self, loop: asyncio.AbstractEventLoop) -> None:
        """From now on ``loop`` (running on the calling thread) is the host's thread."""
        self._loop, self._thread = loop, threading.get_ident()

    def unserved(self) -> None:
        """A server that never started gives the host back to whoever made it."""
        self._loop, self._thread = None, None

    def foreign(self) -> bool:
        """Whether a server's loop drives the host and this is not its thread."""
        return self._thread is not None and threading.get_ident() != self._thread

    def call(self, fn: Call) -> bool:
        """Run ``fn`` on the host's thread: soon on the serving loop, or at once when
        nothing serves the host (its caller is then its driver). False, and nothing runs,
        once the serving loop has closed: the host is gone, and the caller says so."""
        loop = self._loop
        if loop is None:
            fn()
            return True
        try:
            loop.call_soon_threadsafe(fn)
        except RuntimeError:  # the loop is closed
            return False
        return True

    def post(self, fn: Call) -> None:
        """Run ``fn`` on the host's thread, from a thread of its own (a phone server's): at
        once if this is the serving loop's thread, soon on the serving loop, or at the
        driver's next `run_waiting` when nothing serves the host."""
        if self._thread is not None and threading.get_ident() == self._thread:
            fn()
        elif self._loop is not None:
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(fn)
        else:
            self._waiting.append(fn)

    def run_waiting(self) -> None:
        """Run the calls posted for a host that nothing serves (its driver, once a frame).
        A call that fails is reported and the rest still run: a phone's bad luck must not
        stop the table."""
        while self._waiting:
            fn = self._waiting.popleft()
            try:
                fn()
            except Exception:
                traceback.print_exc(file=sys.stderr)
