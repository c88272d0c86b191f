"""Escape at any table: resume, how to play, the whole log, settings, or leave (after a
confirmation)."""

from client import art
from client.scenes.base import MenuScene, draw_dialog
from client.ui import Item, Menu


class PauseScene(MenuScene):
    opaque = False
    modal = True

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        flow = app.flow
        self.menu = Menu([
            Item("Resume", app.pop),
            Item("How to play", lambda: flow.howto(table.info.id)),
            Item("What happened so far", lambda: flow.log(table)),
            Item("Settings", flow.settings),
            Item("Leave the game", self.leave),
        ], (art.W // 2, 380), sounds=app.sounds)

    def leave(self) -> None:
        self.app.flow.confirm("Leave the game? It ends for everyone at this table.",
                              lambda: self.app.flow.leave_table(self.table))

    def draw(self, surface) -> None:
        draw_dialog(surface, (760, 740), (art.W // 2, 540))
        art.blit_text(surface, "Paused", 110, art.GOLD, (art.W // 2, 260), "center", weight="bold")
        self.menu.draw(surface, self.pulse)
