"""The one place a table reaches the host, the LAN server and the phone service.

A table this screen hosts tells its host when a menu covers it (a race or a timed choice
then stands still for everyone, with a countdown to go on), when the screen shows all it
was sent (a choice's timer counts from then), and lets the host hand an away seat to a bot:
docs/netplay.md, Pausing. A joined table has none of these, and every method here is then
a no-op (or says no). The rest of the table asks only this object, by what it wants, so
the object can later be swapped for the hosted table's own controls.

The host is in-process (``host``, ticked by the app) or behind a LAN ``server`` (its own
thread: every call goes through ``server.call``, on the host's own clock).
"""

from collections.abc import Callable
from typing import Any

from client.scenes.base import close_soon


class HostLink:
    def __init__(self, app, host=None, server=None, phones=None, demo: bool = False):
        self.app = app
        self.host = host  # an in-process host, or None
        self.server = server  # a LAN server (its host runs on its thread), or None
        self.phones = phones  # netplay.phones service: seats may play from phones (client.table.phones)
        self.demo = demo
        self.closed = False
        self.paused_here = False  # this screen's pause menu stopped the game for everyone

    # --- which host -----------------------------------------------------------------------
    def players(self) -> int | None:
        """How many seats the in-process host has (None: no such host here)."""
        return self.host.players if self.host is not None else None

    def hosted(self):
        """The host of the table this screen hosts (in-process or served), else None."""
        if self.host is not None:
            return self.host
        return self.server.host if self.server is not None else None

    def _call(self, call: Callable[[Any, float], Any]) -> None:
        """``call(host, now)`` on the host's own thread and clock, if this screen hosts."""
        if self.server is not None:
            server = self.server.server

            def run() -> None:
                call(server.host, server.loop.time())
                server.wake()  # bots, timers or a countdown may be due at another time now

            self.server.call(run)
        elif self.host is not None and not self.closed:
            call(self.host, self.app.clock)

    # --- pausing (docs/netplay.md, Pausing) -----------------------------------------------------
    def pauses_for_everyone(self) -> bool:
        """Whether this screen's pause menu stops the game for everyone: a race or a timed
        choice at a table it hosts (`Host.pauses_for_everyone`). Other games go on."""
        host = self.hosted()
        return host is not None and not self.demo and host.pauses_for_everyone()

    def pause(self) -> None:
        """This screen's menu stops the game for everyone (call when `pauses_for_everyone`)."""
        self.paused_here = True
        self._call(lambda host, now: host.pause(now))

    def unpause(self) -> None:
        """Back from the menu that stopped the game: every screen counts down, then it goes on."""
        if self.paused_here:
            self.paused_here = False
            self._call(lambda host, now: host.unpause(now))

    def count_in(self) -> None:
        """Pause and let every screen count down before the game goes on (a continued race)."""
        if self.pauses_for_everyone():
            self._call(lambda host, now: (host.pause(now), host.unpause(now)))

    # --- the screen's pace ------------------------------------------------------------------------
    def timers_wait_for_screen(self) -> None:
        """A choice's timer counts from when it is on this (the hosting) screen."""
        self._call(lambda host, now: setattr(host, "timers_wait_for_screen", True))

    def screen_caught_up(self) -> None:
        """This screen shows all it was sent (a choice's timer starts)."""
        self._call(lambda host, now: host.screen_caught_up(now))

    # --- away seats -----------------------------------------------------------------------------
    def can_hand_seats(self) -> bool:
        """Whether this screen hosts the table on the LAN (it may hand away seats to bots)."""
        return self.server is not None

    def hand_seat(self, seat: int, to_bot: bool) -> None:
        """Let a bot play an away ``seat`` (``to_bot``), or stop it: the seat waits for its
        player again. Its player takes it back by rejoining either way."""
        if self.server is None:
            return
        host = self.server.host
        self.server.call((lambda: host.hand_to_bot(seat)) if to_bot else (lambda: host.take_back(seat)))

    def set_bot_after(self, value) -> None:
        """The time before a bot takes an away seat (Settings), for the table this screen hosts."""
        if self.server is not None:
            host = self.server.host
            self.server.call(lambda: setattr(host, "bot_after", value))

    # --- phones -------------------------------------------------------------------------------
    def phone_status(self, seat: int) -> str:
        """``"none"`` (no phone service, or no phone yet), ``"connected"`` or ``"away"``."""
        return self.phones.status(seat) if self.phones is not None else "none"

    # --- the end ------------------------------------------------------------------------------
    def close(self, *sessions) -> None:
        """Close ``sessions``, then the server (which closes its host's save) and the phone
        service, off the pygame thread; stop driving the in-process host and close its save."""
        if self.closed:
            return
        self.closed = True
        close_soon(*sessions, self.server, self.phones)
        self.server = None
        if self.phones is not None:
            self.app.undrive(self.phones)
        if self.host is not None:
            self.app.undrive(self.host)
            self.host.close_save()
