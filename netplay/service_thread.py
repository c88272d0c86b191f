"""One asyncio service (the LAN server, the phone server) run in a daemon thread of its own.

The caller's thread waits until the service listens, or gets the exception that stopped it;
afterwards a stop event, set through the loop, closes the service on its own thread."""

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any

START_SECONDS = 15.0


def run_service_in_thread(start: Callable[[], Awaitable[Any]], close: Callable[[], Awaitable[Any]], name: str, what: str,
                          abandon: Callable[[], Awaitable[Any]] | None = None,
                          started: Callable[[asyncio.AbstractEventLoop], None] | None = None,
                          ) -> tuple[threading.Thread, asyncio.AbstractEventLoop, asyncio.Event]:
    """Run ``start()`` on a new loop in thread ``name``; once it returns, ``started(loop)``
    and wait for the stop event, then ``close()``. If ``start`` raises, ``abandon()`` (if
    given) and the error is raised here. Returns (thread, loop, stop event).
    TimeoutError naming ``what`` if it has not started within START_SECONDS."""
    ready = threading.Event()
    box: dict[str, Any] = {}

    async def main() -> None:
        box["loop"], box["stop"] = asyncio.get_running_loop(), asyncio.Event()
        try:
            await start()
        except BaseException as error:  # noqa: BLE001 - handed to the caller's thread
            box["error"] = error
            if abandon is not None:
                await abandon()
            ready.set()
            return
        if started is not None:
            started(box["loop"])
        ready.set()
        try:
            await box["stop"].wait()
        finally:
            await close()

    thread = threading.Thread(target=lambda: asyncio.run(main()), name=name, daemon=True)
    thread.start()
    if not ready.wait(START_SECONDS):
        raise TimeoutError(f"{what} did not start within {START_SECONDS:.0f} s")
    if "error" in box:
        thread.join(5.0)
        raise box["error"]
    return thread, box["loop"], box["stop"]
