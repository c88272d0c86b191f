"""The title screen: Play, Join a LAN game, Settings, Quit."""

import math

from client import art
from client.scenes.base import Scene
from client.ui import Item, Menu

DECOR = ["1", "T", "3", "6", "G", "2", "4", "T", "3", "G", "6"]


class TitleScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.menu = Menu([
            Item("Play", self.play),
            Item("Join a LAN game", self.join),
            Item("Settings", self.settings),
            Item("Quit", app.request_quit),
        ], (art.W // 2, 560), sounds=app.sounds)

    def play(self) -> None:
        from client.scenes.picker import PickerScene

        self.app.push(PickerScene(self.app))

    def join(self) -> None:
        from client.scenes.lan import JoinScene

        self.app.push(JoinScene(self.app))

    def settings(self) -> None:
        from client.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def handle(self, intent) -> bool:
        if intent.action == "escape":
            self.app.request_quit()
            return True
        return self.menu.handle(intent)

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        x = art.W // 2 - 470
        for i, piece in enumerate(DECOR):  # a little wall under the logo, swaying in
            image = art.piece_image(piece, 120)
            bob = 6 * math.sin(self.clock * 1.6 + i * 0.7)
            surface.blit(image, image.get_rect(midbottom=(x + image.get_width() // 2, 430 + bob)))
            x += image.get_width() + 6
        art.blit_text(surface, "Spielabend", 200, art.shade(art.GOLD, 0.4), (art.W // 2 + 6, 186), "center")
        art.blit_text(surface, "Spielabend", 200, art.GOLD, (art.W // 2, 180), "center")
        art.blit_text(surface, "a game-night arcade", 48, art.INK_DIM, (art.W // 2, 282), "center")
        self.menu.draw(surface, self.pulse)
        self.draw_title(surface, "", "Mouse, WASD + Space, arrows + Enter or a gamepad.   F11 fullscreen   Esc back")
