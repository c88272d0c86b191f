"""A camera for boards bigger than the screen (an unbounded tile layout): pan and zoom.

World coordinates are the board's own (say, 100 per tile); the camera maps them into a
screen rect. A game draws through `to_screen` and gives its choices screen rects made
with `rect_to_screen`, so hit tests and cursor moves keep working while it pans.

A board that grows can ask the camera to glide (`glide_to`, stepped by `update`) to the
centre and zoom that show it whole (`framing`); a player's own pan or zoom stops the glide.
"""

import math
from dataclasses import dataclass

import pygame
from pygame.typing import Point, RectLike


@dataclass
class Camera:
    view: pygame.Rect  # the part of the screen the board is drawn in
    centre: tuple[float, float] = (0.0, 0.0)  # the world point at the view's centre
    zoom: float = 1.0
    min_zoom: float = 0.25
    max_zoom: float = 3.0
    goal: tuple[tuple[float, float], float] | None = None  # ((x, y), zoom) the camera glides to; None: it stays put

    def to_screen(self, point: Point) -> tuple[float, float]:
        return (self.view.centerx + (point[0] - self.centre[0]) * self.zoom,
                self.view.centery + (point[1] - self.centre[1]) * self.zoom)

    def to_world(self, point: Point) -> tuple[float, float]:
        return (self.centre[0] + (point[0] - self.view.centerx) / self.zoom,
                self.centre[1] + (point[1] - self.view.centery) / self.zoom)

    def rect_to_screen(self, rect: RectLike) -> pygame.Rect:
        rect = pygame.Rect(rect)
        left, top = self.to_screen(rect.topleft)
        return pygame.Rect(round(left), round(top), round(rect.width * self.zoom), round(rect.height * self.zoom))

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by (dx, dy) screen pixels (a glide under way stops)."""
        self.goal = None
        self.centre = (self.centre[0] + dx / self.zoom, self.centre[1] + dy / self.zoom)

    def zoom_at(self, factor: float, screen_point: Point | None = None) -> None:
        """Zoom by ``factor``, keeping the world point under ``screen_point`` in place."""
        self.goal = None
        screen_point = screen_point or self.view.center
        before = self.to_world(screen_point)
        self.zoom = min(self.max_zoom, max(self.min_zoom, self.zoom * factor))
        after = self.to_world(screen_point)
        self.centre = (self.centre[0] + before[0] - after[0], self.centre[1] + before[1] - after[1])

    def show(self, world_rect: RectLike, margin: int = 40) -> None:
        """Pan the least needed so ``world_rect`` is inside the view (the cursor's target)."""
        rect = self.rect_to_screen(world_rect)
        inner = self.view.inflate(-2 * margin, -2 * margin)
        dx = min(0, rect.left - inner.left) + max(0, rect.right - inner.right)
        dy = min(0, rect.top - inner.top) + max(0, rect.bottom - inner.bottom)
        if dx or dy:
            self.pan(dx, dy)

    def framing(self, world_rect: RectLike, margin: int = 24) -> tuple[tuple[float, float], float]:
        """The centre and zoom that show ``world_rect`` whole, ``margin`` pixels inside the view."""
        rect = pygame.Rect(world_rect)
        width = max(1, self.view.width - 2 * margin)
        height = max(1, self.view.height - 2 * margin)
        zoom = min(width / max(1, rect.width), height / max(1, rect.height))
        return (float(rect.centerx), float(rect.centery)), min(self.max_zoom, max(self.min_zoom, zoom))

    def glide_to(self, centre: Point, zoom: float) -> None:
        """Move smoothly to ``centre`` at ``zoom`` over the next frames (see `update`)."""
        self.goal = ((float(centre[0]), float(centre[1])), min(self.max_zoom, max(self.min_zoom, zoom)))

    def update(self, dt: float, rate: float = 5.0) -> bool:
        """Glide towards the goal (``rate``: how quickly, per second); True while moving."""
        if self.goal is None:
            return False
        (gx, gy), goal_zoom = self.goal
        share = 1.0 if math.isinf(dt) else 1.0 - math.exp(-rate * max(0.0, dt))
        zoom = self.zoom * (goal_zoom / self.zoom) ** share  # even steps in scale, not in size
        x = self.centre[0] + (gx - self.centre[0]) * share
        y = self.centre[1] + (gy - self.centre[1]) * share
        if abs(gx - x) * zoom < 0.5 and abs(gy - y) * zoom < 0.5 and abs(goal_zoom / zoom - 1) < 1e-3:
            self.centre, self.zoom, self.goal = (gx, gy), goal_zoom, None
            return False
        self.centre, self.zoom = (x, y), zoom
        return True
