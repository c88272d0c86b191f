"""Events are plain dicts; a private one carries ``only`` = the seats that may see it.

The host and the headless runner filter every event list through `events_for`, the one
place that decides who sees what (so a donation's piece reaches giver and master only).
"""

from collections.abc import Iterable

from .types import Event


def private(event: Event, seats: Iterable[int]) -> Event:
    """Mark ``event`` as visible only to ``seats``."""
    event["only"] = sorted(set(seats))
    return event


def events_for(events: list[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see (``None`` is a spectator), without the ``only`` key."""
    visible = []
    for event in events:
        only = event.get("only")
        if only is None:
            visible.append(event)
        elif seat is not None and seat in only:
            visible.append({k: v for k, v in event.items() if k != "only"})
    return visible
