"""Closing network things off the frame loop (no pygame)."""

import threading


def close_soon(*closables) -> None:
    """Close network things (sessions, servers, browsers) off the pygame thread: their
    close() may wait for a socket or a thread, and a frame never waits for the network."""
    present = [thing for thing in closables if thing is not None]
    if present:
        threading.Thread(target=lambda: [thing.close() for thing in present], name="spielabend-close",
                         daemon=True).start()
