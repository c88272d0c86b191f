"""One applied action of a recorded game, as a replay (netplay.replays) lists them.

It lives among the engines (which may not import netplay) so each game's moments
(`engines.<id>.moments`) read steps without knowing where they came from.
"""

from dataclasses import dataclass, field

from .types import Action, Event


@dataclass(frozen=True)
class Step:
    """The ``index``-th applied action (1-based: the state after it is ``Replay.at(index)``;
    index 0 is the start, before any action)."""

    index: int
    player: int | None  # None: a host action (a timer running out)
    action: Action  # as journaled
    events: list[Event] = field(default_factory=list)  # what the engine's apply returned (all, private ones too)
    scores: list[int] = field(default_factory=list)  # state.scores() after it
    round: int = 0  # the 0-based round it belongs to; each game says what a round is (a deal, a wall, ...)
