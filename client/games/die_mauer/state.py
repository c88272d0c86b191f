"""What the Die Mauer table keeps from events between beats: the wall as built so far,
the fists last opened, the last round's summary, who locked in. No drawing here.

Events run ahead of the view they lead to (a piece falls before the view holds it);
`Shown.sync` makes the kept wall equal to each view once that view is shown.
"""

from dataclasses import dataclass, field
from typing import TypedDict

import pygame

from client.games.die_mauer.layout import WallLayout, ghost_rect, wall_layout
from client.table.types import Event, View
from engines.die_mauer import LEFT

Turn = tuple[int | None, int | None]  # (round, turn) as the view says them


class Reveal(TypedDict):
    """The fists last opened (DM-2): the master builder's seat, every seat's pick."""

    master: int
    plans: list[str | None]


class Wall:
    """The pieces on the wall, each with a uid (so a falling piece keeps its slot)."""

    def __init__(self) -> None:
        self.items: list[tuple[str, int]] = []
        self._next_uid = 0

    def uid(self) -> int:
        self._next_uid += 1
        return self._next_uid

    def add(self, piece: str, end: str) -> int:
        uid = self.uid()
        if end == LEFT:
            self.items.insert(0, (piece, uid))
        else:
            self.items.append((piece, uid))
        return uid

    def clear(self) -> None:
        self.items = []

    def sync(self, pieces: list[str]) -> None:
        """Trust the view's wall if the one built from events disagrees (joining late)."""
        if self.pieces() != list(pieces):
            self.items = [(piece, self.uid()) for piece in pieces]

    def pieces(self) -> list[str]:
        return [piece for piece, _ in self.items]

    def layout(self) -> WallLayout:
        return wall_layout(tuple(self.items))

    def ghost_rect(self, piece: str, end: str) -> pygame.Rect:
        """Where the ghost of ``piece`` stands at ``end`` of this wall."""
        return ghost_rect(tuple(self.items), piece, end)


@dataclass
class Shown:
    """What the table shows beyond the view: see the module docstring."""

    wall: Wall = field(default_factory=Wall)
    reveal: Reveal | None = None  # kept while the outcome plays
    summary: Event | None = None  # the last round_over event
    locked_now: set[int] = field(default_factory=set)  # locked in by an event the shown view does not hold yet
    picked_here: dict[int, Turn] = field(default_factory=dict)  # seat -> the turn its pick was sent from this screen

    def lock(self, seat: int, picked_here: Turn | None) -> None:
        """``seat`` locked in; ``picked_here``: the turn, when this screen sent its pick."""
        self.locked_now.add(seat)
        if picked_here is not None:
            self.picked_here[seat] = picked_here

    def open_fists(self, event: Event) -> None:
        self.reveal = {"master": event["master"], "plans": list(event["plans"])}

    def end_round(self, event: Event) -> None:
        self.summary = event
        self.wall.clear()

    def sync(self, view: View) -> None:
        self.locked_now.clear()
        if view.get("phase") != "over":  # the last wall has scattered; the view still holds it
            self.wall.sync(view.get("wall", []))
