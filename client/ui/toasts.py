"""One toast system for every screen: short notices and problems drawn over the scenes.

A toast belongs to the scene that raised it (or to none: the whole app). It is shown
only while that scene is visible and is dropped when the scene leaves the stack, so a
problem on one screen never lingers on the next; a toast with a ``key`` replaces the
older one with that key and can be withdrawn once its problem is fixed. A toast may
stand in a seat's zone (``at``), such as a refusal in a race: it never covers the board
or another seat, and stands at the zone's top (over its name, which it repeats), never
over the seat's legend, stock or hand at its foot.
"""

from dataclasses import dataclass

import pygame

from client.ui import art

SIZE = 34
LINE = 38
SEAT_SIZE = 26


@dataclass
class Toast:
    words: str
    colour: tuple  # the border: DANGER for problems, GOLD for notices, a seat's colour
    seconds: float
    problem: bool = True
    key: str | None = None
    owner: object = None
    at: pygame.Rect | None = None  # stand over this rect (a seat's zone) instead of the stack


class Toasts:
    def __init__(self):
        self.toasts: list[Toast] = []

    def add(self, words: str, *, problem: bool = True, colour=None, seconds: float = 6.0, key: str | None = None,
            owner=None, at: pygame.Rect | None = None) -> Toast:
        if key is not None:
            self.withdraw(key)
        colour = colour if colour is not None else (art.DANGER if problem else art.GOLD)
        toast = Toast(words, tuple(colour), seconds, problem, key, owner, at)
        self.toasts.append(toast)
        stacked = [t for t in self.toasts if t.at is None and t.owner is owner]
        for old in stacked[:-3]:  # at most three in a stack: the newest
            self.toasts.remove(old)
        return toast

    def withdraw(self, key: str) -> None:
        self.toasts = [toast for toast in self.toasts if toast.key != key]

    def keep_owners(self, scenes) -> None:
        """Drop the toasts of scenes that have left the stack."""
        alive = {id(scene) for scene in scenes}
        self.toasts = [t for t in self.toasts if t.owner is None or id(t.owner) in alive]

    def update(self, dt: float) -> None:
        for toast in self.toasts:
            toast.seconds -= dt
        self.toasts = [toast for toast in self.toasts if toast.seconds > 0]

    def visible(self, scenes) -> list[Toast]:
        """The toasts of the scenes being drawn (and of nobody); a seat's toast only while
        its scene is on top (a menu over a table dims the seats, and nothing stands over it)."""
        shown = {id(scene) for scene in scenes}
        top = id(scenes[-1]) if scenes else None
        return [t for t in self.toasts if t.owner is None or (id(t.owner) in shown and (t.at is None or
                                                                                      id(t.owner) == top))]

    def __len__(self) -> int:
        return len(self.toasts)

    # --- drawing ------------------------------------------------------------------------
    def stacked(self, toasts: list[Toast], where: str = "bottom") -> list[tuple[Toast, pygame.Rect, int]]:
        """Where each of ``toasts`` that is not a seat's stands (its box and text width):
        stacked at the bottom of menus (over their hint line) or at the top of a table
        (between its header and its log, where the table then leaves out its phase line)."""
        width = 700 if where == "top" else 1500
        y = 20 if where == "top" else art.H - 12
        placed = []
        for toast in reversed([t for t in toasts if t.at is None]):
            box = self._box(toast.words, width)
            if where == "top":
                box.midtop = (art.W // 2, y)
                y = box.bottom + 8
            else:
                box.midbottom = (art.W // 2, y)
                y = box.top - 8
            placed.append((toast, box, width))
        return placed

    def draw(self, surface, toasts: list[Toast], where: str = "bottom") -> None:
        """Stacked toasts (`stacked`); seat toasts over their seat."""
        for toast, box, width in self.stacked(toasts, where):
            self._draw_one(surface, toast, box, width)
        for toast in [t for t in toasts if t.at is not None]:  # inside the seat's zone, at its top
            box, width = self.seat_box(toast)
            self._draw_one(surface, toast, box, width, SEAT_SIZE, alpha=255)  # the name row it repeats never shows through

    def seat_box(self, toast: Toast) -> tuple[pygame.Rect, int]:
        """Where a seat's toast stands (at the top of its zone, over the name row) and its
        text width."""
        assert toast.at is not None
        width = max(200, toast.at.width - 44)
        box = self._box(toast.words, width, SEAT_SIZE)
        # as wide as the zone: it hides the whole name row it repeats, never a part of the name
        box.width = max(box.width, toast.at.width - 12)
        box.midtop = (toast.at.centerx, toast.at.top + 6)
        box.clamp_ip(pygame.Rect(0, 0, art.W, art.H))
        return box, width

    @staticmethod
    def _box(words: str, width: int, size: int = SIZE) -> pygame.Rect:
        lines = art.wrap(words, size, width)
        line = size + 4
        return pygame.Rect(0, 0, max(art.text_width(text, size) for text in lines) + 44, 20 + line * len(lines))

    @staticmethod
    def _draw_one(surface, toast: Toast, box: pygame.Rect, width: int, size: int = SIZE, alpha: int = 235) -> None:
        fill = (90, 46, 40) if toast.problem else art.PANEL_HI
        surface.blit(art.panel(box.size, fill, toast.colour, 12, alpha), box)
        for i, line in enumerate(art.wrap(toast.words, size, width)):
            art.blit_text(surface, line, size, art.INK, (box.centerx, box.top + 10 + (size + 4) * i + (size + 4) // 2),
                          "center")
