"""The whole log of a table, from its first line: nothing that happened is lost. Opened
from the pause menu; up/down (or the wheel) scroll, Esc goes back."""

import pygame

from client import i18n
from client.i18n import _
from client.input.buttons import buttons_here
from client.input.router import Intent
from client.table.model import worded
from client.table.scene import TableScene
from client.table.window import Window
from client.ui import art
from client.ui.scene import Scene, draw_dialog

BOX = pygame.Rect(art.W // 2 - 700, 120, 1400, 840)
SIZE, LINE = 30, 36


class LogScene(Scene):
    opaque = False
    app: Window

    def __init__(self, app: Window, table: TableScene):
        super().__init__(app)
        self.table = table
        self.rows = (BOX.height - 130) // LINE
        self.word()
        self.top = max(0, len(self.lines) - self.rows)  # the newest lines first in view

    def word(self) -> None:
        """The log's lines wrapped, in the window's language (again if it changed)."""
        self.language = i18n.current()
        self.lines = [line for entry in self.table.model.log
                      for line in art.wrap(worded(entry), SIZE, BOX.width - 80, "regular")]

    def scroll(self, rows: int) -> None:
        self.top = min(max(0, self.top + rows), max(0, len(self.lines) - self.rows))

    def handle(self, intent: Intent) -> bool:
        if intent.action in ("escape", "back") and intent.pressed:
            self.app.pop()
        elif intent.action == "wheel":
            self.scroll(-3 if intent.amount > 0 else 3)
        elif intent.pressed and intent.action in ("up", "down", "left", "right"):
            self.scroll({"up": -1, "down": 1, "left": -self.rows, "right": self.rows}[intent.action])
        return True

    def still(self) -> bool:
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if self.language is not i18n.current():
            self.word()
        box = draw_dialog(surface, BOX.size, BOX.center)
        art.blit_text(surface, _("What happened"), 56, art.GOLD, (box.left + 40, box.top + 24), weight="bold",
                      width=box.width - 80)
        shown = self.lines[self.top:self.top + self.rows]
        for i, line in enumerate(shown):
            art.blit_text(surface, line, SIZE, art.INK_DIM, (box.left + 40, box.top + 100 + i * LINE), weight="regular")
        if self.lines:
            where = _("lines {first}-{last} of {count}").format(first=self.top + 1, last=self.top + len(shown),
                                                                  count=len(self.lines))
        else:
            where = _("nothing yet")
        art.blit_text(surface, _("{where}   Up/down scroll   {back}: back").format(
                          where=where, back=buttons_here(self.app, "back")), 28, art.INK_FAINT,
                      (box.centerx, box.bottom - 30), "center", width=box.width - 80)
