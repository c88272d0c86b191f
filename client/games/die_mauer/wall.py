"""The wall on its shelf: where every piece stands, however long the wall grows.

Pure geometry: pieces get the tallest height at which the whole wall, plus room for a
ghost at either end, fits on the shelf (every one of the 42 pieces of six stocks fits).
"""

import pygame

from client import art
from client.games.die_mauer.art import piece_size
from client.table.layout import LOG, PRIVATE_BAND

WALL_BASE = PRIVATE_BAND.top - 24  # the plank the wall stands on
# Everything of the wall (pieces at rest, falling pieces, the ghost) stays in here: below
# the log and the phase line, above the plank.
SHELF = pygame.Rect(40, LOG.bottom + 10, art.W - 80, WALL_BASE - LOG.bottom - 10)
WALL_MAX_HEIGHT = 150
WALL_MIN_HEIGHT = 36


def wall_gap(height: int) -> int:
    return max(2, height // 40)


def wall_width(items, height: int) -> int:
    return sum(piece_size(piece, height)[0] for piece, _ in items) + wall_gap(height) * max(0, len(items) - 1)


def ghost_room(height: int) -> int:
    """The width of the widest piece: room for the ghost of the next one at an end."""
    return piece_size("6", height)[0]


class Wall:
    """The pieces on the wall, each with a uid (so a falling piece keeps its slot)."""

    def __init__(self):
        self.items: list[tuple[str, int]] = []
        self._next_uid = 0
        self._cache: dict = {}

    def uid(self) -> int:
        self._next_uid += 1
        return self._next_uid

    def add(self, piece: str, end: str) -> int:
        uid = self.uid()
        if end == "L":
            self.items.insert(0, (piece, uid))
        else:
            self.items.append((piece, uid))
        return uid

    def clear(self) -> None:
        self.items = []

    def sync(self, pieces: list[str]) -> None:
        """Trust the view's wall if the one built from events disagrees (joining late)."""
        if [piece for piece, _ in self.items] != list(pieces):
            self.items = [(piece, self.uid()) for piece in pieces]

    def pieces(self) -> list[str]:
        return [piece for piece, _ in self.items]

    def layout(self, items=None) -> dict:
        """Where each piece sits: {uid: Rect} plus height, gap, left, right and centre."""
        items = self.items if items is None else items
        key = tuple(items)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        height = WALL_MAX_HEIGHT
        for height in range(WALL_MAX_HEIGHT, WALL_MIN_HEIGHT - 1, -2):
            if wall_width(items, height) + 2 * (ghost_room(height) + wall_gap(height)) <= SHELF.width:
                break
        gap, width = wall_gap(height), wall_width(items, height)
        x = SHELF.centerx - width // 2
        layout: dict = {"height": height, "gap": gap, "left": x, "right": x + width,
                        "centre": (SHELF.centerx, WALL_BASE - height // 2)}
        for piece, uid in items:
            w, h = piece_size(piece, height)
            layout[uid] = pygame.Rect(x, WALL_BASE - h, w, h)
            x += w + gap
        if len(self._cache) > 64:
            self._cache.clear()
        self._cache[key] = layout
        return layout

    def ghost_spot(self, image: pygame.Surface, end: str) -> pygame.Rect:
        """Where the ghost of the next piece stands at ``end``."""
        layout = self.layout()
        if not self.items:
            return image.get_rect(midbottom=(SHELF.centerx, WALL_BASE))
        if end == "L":
            return image.get_rect(bottomright=(layout["left"] - layout["gap"], WALL_BASE))
        return image.get_rect(bottomleft=(layout["right"] + layout["gap"], WALL_BASE))
