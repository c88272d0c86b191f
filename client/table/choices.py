"""What a seat can choose, and how a cursor moves among the choices.

A `Choice` is one thing a seat may confirm: an engine action (sent to the host), or a
step of the seat's own (``then``: pick a tile before its place, turn a ghost) that only
changes what the game offers next. Every choice has a rectangle on screen: the mouse
hits it, directions move a cursor between rectangles, and the game draws it there.
The same model serves a row of options (Die Mauer's pieces: left/right cycle) and
targets spread over a board (placements, a drawn card's legal dogs: directions go to
the nearest choice that way).
"""

import json
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame
from pygame.typing import Point

from client.table.types import Action

DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


@dataclass(eq=False)
class Choice:
    action: Action  # sent on confirm; None for a step of the seat's own (see ``then``)
    rect: pygame.Rect  # where it is on screen: hit tests, cursor moves and drawing
    label: str = ""
    key: Hashable = None  # stays the same across updates, so the cursor stays on it
    legal: bool = True  # False: shown and sendable, but the engine will refuse (and say why)
    private: bool = False  # shows what only this seat may know (set by the table)
    then: Callable[[], None] | None = None  # a seat's own step instead of an action
    data: Any = None  # whatever the game needs to draw it
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rect = pygame.Rect(self.rect)
        if self.key is None:
            self.key = action_key(self.action) if self.action is not None else self.label


def action_key(action: Action) -> str:
    """A stable, hashable name for a plain-data action."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def in_one_line(rects: list[pygame.Rect]) -> str | None:
    """"row" or "column" when every rect shares a centre line (a strip of options)."""
    if len({r.centery // 8 for r in rects}) == 1:
        return "row"
    if len({r.centerx // 8 for r in rects}) == 1:
        return "column"
    return None


def navigate(rects: list[pygame.Rect], current: int, direction: str) -> int:
    """The index the cursor moves to from ``current`` going ``direction``.

    In a strip, every direction steps along it (with wrap-around): left/up back,
    right/down on. Spread out, it moves to the nearest rect that way, weighing sideways
    distance twice; when nothing lies that way it wraps to the far side.
    """
    count = len(rects)
    if count <= 1 or direction not in DIRECTIONS:
        return min(current, max(0, count - 1))
    current = min(max(current, 0), count - 1)
    if in_one_line(rects):
        step = -1 if direction in ("left", "up") else 1
        return (current + step) % count
    dx, dy = DIRECTIONS[direction]
    here = rects[current].center
    ahead, behind = [], []
    for index, rect in enumerate(rects):
        if index == current:
            continue
        along = (rect.centerx - here[0]) * dx + (rect.centery - here[1]) * dy
        across = abs((rect.centerx - here[0]) * dy) + abs((rect.centery - here[1]) * dx)
        if along > 0:
            ahead.append((along + 2 * across, index))
        else:
            behind.append((2 * across + along, index))  # wrap: far back, nearly in line
    if ahead:
        return min(ahead)[1]
    return min(behind)[1] if behind else current


def hit(choices: Sequence[Choice], pos: Point | None) -> int | None:
    """The choice under ``pos``: of overlapping ones, the one whose centre is nearest (none
    without a pointer's ``pos``)."""
    if pos is None:
        return None
    best: tuple[float, int] | None = None
    for index, choice in enumerate(choices):
        if choice.rect.collidepoint(pos):
            distance = (choice.rect.centerx - pos[0]) ** 2 + (choice.rect.centery - pos[1]) ** 2
            if best is None or distance < best[0]:
                best = (distance, index)
    return None if best is None else best[1]
