"""A camera for boards bigger than the screen (an unbounded tile layout): pan and zoom.

World coordinates are the board's own (say, 100 per tile); the camera maps them into a
screen rect. A game draws through `to_screen` and gives its choices screen rects made
with `rect_to_screen`, so hit tests and cursor moves keep working while it pans.
"""

from dataclasses import dataclass

import pygame


@dataclass
class Camera:
    view: pygame.Rect  # the part of the screen the board is drawn in
    centre: tuple[float, float] = (0.0, 0.0)  # the world point at the view's centre
    zoom: float = 1.0
    min_zoom: float = 0.25
    max_zoom: float = 3.0

    def to_screen(self, point) -> tuple[float, float]:
        return (self.view.centerx + (point[0] - self.centre[0]) * self.zoom,
                self.view.centery + (point[1] - self.centre[1]) * self.zoom)

    def to_world(self, point) -> tuple[float, float]:
        return (self.centre[0] + (point[0] - self.view.centerx) / self.zoom,
                self.centre[1] + (point[1] - self.view.centery) / self.zoom)

    def rect_to_screen(self, rect) -> pygame.Rect:
        rect = pygame.Rect(rect)
        left, top = self.to_screen(rect.topleft)
        return pygame.Rect(round(left), round(top), round(rect.width * self.zoom), round(rect.height * self.zoom))

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by (dx, dy) screen pixels."""
        self.centre = (self.centre[0] + dx / self.zoom, self.centre[1] + dy / self.zoom)

    def zoom_at(self, factor: float, screen_point=None) -> None:
        """Zoom by ``factor``, keeping the world point under ``screen_point`` in place."""
        screen_point = screen_point or self.view.center
        before = self.to_world(screen_point)
        self.zoom = min(self.max_zoom, max(self.min_zoom, self.zoom * factor))
        after = self.to_world(screen_point)
        self.centre = (self.centre[0] + before[0] - after[0], self.centre[1] + before[1] - after[1])

    def show(self, world_rect, margin: int = 40) -> None:
        """Pan the least needed so ``world_rect`` is inside the view (the cursor's target)."""
        rect = self.rect_to_screen(world_rect)
        inner = self.view.inflate(-2 * margin, -2 * margin)
        dx = min(0, rect.left - inner.left) + max(0, rect.right - inner.right)
        dy = min(0, rect.top - inner.top) + max(0, rect.bottom - inner.bottom)
        if dx or dy:
            self.pan(dx, dy)
