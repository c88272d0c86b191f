"""A replay as a table's feed: what a host would have sent one channel at each step. No pygame.

The shared table (`client.table`) is built from sessions: it folds ``start``, ``history``
and ``update`` messages into its model and plays each update's events with the game's own
animations. A replay drives it the same way, as a spectator of the past (docs/TABLES.md, One
view, many sources): `Feed.start` opens a table at any step (the view after it, the log of
what came before, no animation), `Feed.step` sends the next step's update (its events, the
view after it). Going back is opening a new table at the earlier step: a table never runs
backwards. A channel is the public one (``None``) or one seat's own (its secrets shown).
"""

from typing import Any, Protocol

from engines import events_for
from engines.steps import Step
from netplay.session import Message

HISTORY_STEPS = 60  # a table opened at a step logs the public events of this many steps before it


class Replayed(Protocol):
    """What the table's feed and the viewer read of a replay (`netplay.replays.Replay`)."""

    game_id: str
    players: int
    names: list[str]
    steps: list[Step]

    def view(self, index: int, seat: int | None) -> dict[str, Any]: ...

    def rounds(self) -> list[int]: ...

    def moments(self) -> list[Any]: ...


class ReplaySession:
    """A `netplay.session.Session` fed by a replay instead of a host: nothing is played
    through it (a replay sends no intents), it hands the table what it was given."""

    def __init__(self, seat: int | None):
        self.seat = seat
        self.inbox: list[Message] = []

    def send(self, action: Any, seen: int | None = None, ms: float | None = None) -> int:
        return 0  # the table has no choices in a replay: nothing comes here

    def poll(self) -> list[Message]:
        messages, self.inbox = self.inbox, []
        return messages

    def close(self) -> None:
        self.inbox = []


class Feed:
    """One table's channel (``seat``; None: the public view) fed from ``replay``."""

    def __init__(self, replay: Replayed, seat: int | None):
        self.replay = replay
        self.seat = seat
        self.session = ReplaySession(seat)

    @property
    def last(self) -> int:
        """The last step index (the game's end, or what could be read of it)."""
        return len(self.replay.steps)

    def start(self, index: int) -> None:
        """Open at ``index`` (the state after that many steps): the names, the log of the
        steps before, and the view there, shown at once."""
        replay = self.replay
        self.session.inbox.append({"t": "start", "game": replay.game_id, "players": replay.players,
                                   "seat": self.seat, "names": list(replay.names)})
        before = replay.steps[max(0, index - HISTORY_STEPS):index]
        events = [event for step in before for event in events_for(step.events, None)]
        if events:
            self.session.inbox.append({"t": "history", "events": events})
        self.session.inbox.append(self.update(index, []))

    def step(self, index: int) -> None:
        """Send step ``index`` (1-based): its events as this channel saw them, the view after it."""
        step = self.replay.steps[index - 1]
        self.session.inbox.append(self.update(index, events_for(step.events, self.seat)))

    def update(self, index: int, events: list[dict[str, Any]]) -> Message:
        return {"t": "update", "events": events, "view": self.replay.view(index, self.seat), "legal": [], "n": index}
