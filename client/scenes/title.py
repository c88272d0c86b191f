"""The title screen: Play, Join a LAN game, Settings, Quit. Left alone for a minute, it
falls into the attract mode (bots play a table) until anyone touches anything."""

import math

from client import art
from client.games import TABLES
from client.scenes.base import SETTLE_AFTER, Scene
from client.ui import Item, Menu

ATTRACT_AFTER = 60.0  # seconds without input


class TitleScene(Scene):
    attract_after = ATTRACT_AFTER

    def __init__(self, app):
        super().__init__(app)
        flow = app.flow
        self.menu = Menu([
            Item("Play", flow.picker),
            Item("Join a LAN game", flow.join),
            Item("Settings", flow.settings),
            Item("Quit", app.request_quit),
        ], (art.W // 2, 560), sounds=app.sounds)
        self.emblems = [image for image in (table.emblem(120) for table in TABLES.values()) if image is not None]

    def handle(self, intent) -> bool:
        if intent.action == "escape":
            self.app.request_quit()
            return True
        return self.menu.handle(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app.idle >= self.attract_after and self.app.top is self and TABLES:
            self.app.idle = 0.0
            self.app.flow.attract()

    def still(self) -> bool:
        return self.app.idle >= SETTLE_AFTER

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        sway = 6 * min(1.0, max(0.0, SETTLE_AFTER - self.app.idle))  # settles when nobody plays
        total = sum(image.get_width() for image in self.emblems) + 40 * max(0, len(self.emblems) - 1)
        x = art.W // 2 - total // 2
        for i, image in enumerate(self.emblems):  # the tables' emblems under the logo, swaying
            bob = sway * math.sin(self.clock * 1.6 + i * 0.7)
            surface.blit(image, image.get_rect(midbottom=(x + image.get_width() // 2, 440 + bob)))
            x += image.get_width() + 40
        art.blit_text(surface, "Spielabend", 200, art.shade(art.GOLD, 0.4), (art.W // 2 + 6, 186), "center",
                      weight="bold")
        art.blit_text(surface, "Spielabend", 200, art.GOLD, (art.W // 2, 180), "center", weight="bold")
        art.blit_text(surface, "a game-night arcade", 48, art.INK_DIM, (art.W // 2, 282), "center")
        self.menu.draw(surface, self.pulse)
        self.draw_title(surface, "", "Mouse, WASD + Space, arrows + Enter or a gamepad.   F11 fullscreen   Esc back")
