"""The camera over Architekton's unbounded board: it frames the whole board and glides as
it grows, until a player zooms or pans (the wheel, + and -, I J K L, a pad's right
stick); Home or a pad's Y frames the whole board again. The view is shared, so anyone
at the screen steers it.

It rests on a whole number of pixels a square, so the board at rest is one image
(see `paint.board`).
"""

import math

import pygame

from client.games.architekton.layout import BOARD, CAMERA, TILE, square_rect
from client.input.router import Intent
from client.table.camera import Camera

ZOOM_KEYS = {"=": 1.25, "+": 1.25, "[+]": 1.25, "page up": 1.25, "-": 0.8, "[-]": 0.8, "page down": 0.8}
PAN_KEYS = {"i": (0, -1), "k": (0, 1), "j": (-1, 0), "l": (1, 0)}
FRAME_KEYS = ("home", "0", "[0]")
PAN_STEP = 180  # screen pixels per pan key
STICK_SPEED = 900  # screen pixels per second at a full right stick


class BoardCamera(Camera):
    def __init__(self) -> None:
        super().__init__(CAMERA.copy(), min_zoom=0.1, max_zoom=1.3)
        self.following = True  # it frames the whole board until a player pans or zooms
        self.sticks: dict[str, tuple[float, float]] = {}  # each pad's right stick

    # --- the board's squares on screen ------------------------------------------------------
    def square(self, x: int, y: int) -> pygame.Rect:
        return self.rect_to_screen(square_rect(x, y))

    def visible(self, rect: pygame.Rect) -> bool:
        return self.view.collidepoint(rect.center)

    def version(self) -> tuple[float, float, float]:
        """Where it looks, as rounded as the choices' rects care."""
        return (round(self.centre[0], 1), round(self.centre[1], 1), round(self.zoom, 4))

    # --- moving ---------------------------------------------------------------------------------
    def frame(self, bounds: tuple[int, int, int, int]) -> None:
        """Glide to show ``bounds`` (the board and the squares around it) whole, at a whole
        number of pixels a square."""
        centre, zoom = self.framing(bounds)
        zoom = max(math.floor(zoom * TILE), 1) / TILE
        if self.goal != (centre, zoom) and (self.centre, self.zoom) != (centre, zoom):
            self.glide_to(centre, zoom)

    def open_on(self, bounds: tuple[int, int, int, int]) -> None:
        """Show ``bounds`` whole at once (the table opens on the board framed, not gliding)."""
        self.frame(bounds)
        if self.goal is not None:
            self.centre, self.zoom = self.goal
            self.goal = None

    def follow(self, bounds: tuple[int, int, int, int], dt: float, speed: float) -> None:
        """A frame's move: the sticks pan, a following camera frames ``bounds``; it glides at
        the animation ``speed`` (at once at "instant"), never slower than half."""
        for vector in self.sticks.values():
            if vector != (0.0, 0.0):
                self.pan(vector[0] * STICK_SPEED * dt, vector[1] * STICK_SPEED * dt)
        if self.following:
            self.frame(bounds)
        self.update(math.inf if math.isinf(speed) else dt * max(speed, 0.5))

    def zoom_by(self, factor: float, point: tuple[int, int] | None = None) -> None:
        """Zoom by about ``factor`` about ``point``, to a whole number of pixels a square."""
        self.following = False
        point = point if point is not None and BOARD.collidepoint(point) else None
        goal = min(self.max_zoom, max(self.min_zoom, self.zoom * factor))
        size = max(round(self.min_zoom * TILE + 0.5), min(int(self.max_zoom * TILE), round(goal * TILE)))
        self.zoom_at(size / TILE / self.zoom, point)

    def pan_by(self, dx: float, dy: float) -> None:
        """Glide ``dx``, ``dy`` screen pixels on."""
        self.following = False
        (x, y), zoom = self.goal or (self.centre, self.zoom)
        self.glide_to((x + dx / zoom, y + dy / zoom), zoom)

    def steer(self, intent: Intent) -> bool:
        """Zoom and pan by ``intent`` (a wheel, a stick, a pad's Y, a key by name); False
        when it does not steer the camera."""
        action = intent.action
        if action == "wheel":
            self.zoom_by(1.2 ** max(-3.0, min(3.0, intent.amount)), intent.pos)
            return True
        if action == "look":
            self.sticks[intent.device] = intent.vector
            if intent.vector != (0.0, 0.0):
                self.following = False
            return True
        if action == "secret" and intent.pressed:  # a pad's Y: the whole board, or close up
            if self.following:
                self.zoom_by(1.0 / self.zoom)
            else:
                self.following = True
            return True
        if action == "raw" and intent.device == "keyboard":
            name = intent.text
            if name in ZOOM_KEYS:
                self.zoom_by(ZOOM_KEYS[name])
            elif name in PAN_KEYS:
                dx, dy = PAN_KEYS[name]
                self.pan_by(dx * PAN_STEP, dy * PAN_STEP)
            elif name in FRAME_KEYS:
                self.following = True
            else:
                return False
            return True
        return False
