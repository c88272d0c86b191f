"""The whole log of a table, from its first line: nothing that happened is lost. Opened
from the pause menu; up/down (or the wheel) scroll, Esc goes back."""

import pygame

from client import art
from client.scenes.base import Scene, draw_dialog

BOX = pygame.Rect(art.W // 2 - 700, 120, 1400, 840)
SIZE, LINE = 30, 36


class LogScene(Scene):
    opaque = False

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.lines = [line for entry in table.model.log for line in art.wrap(entry, SIZE, BOX.width - 80, "regular")]
        self.rows = (BOX.height - 130) // LINE
        self.top = max(0, len(self.lines) - self.rows)  # the newest lines first in view

    def scroll(self, rows: int) -> None:
        self.top = min(max(0, self.top + rows), max(0, len(self.lines) - self.rows))

    def handle(self, intent) -> bool:
        if intent.action in ("escape", "back") and intent.pressed:
            self.app.pop()
        elif intent.action == "wheel":
            self.scroll(-3 if intent.amount > 0 else 3)
        elif intent.pressed and intent.action in ("up", "down", "left", "right"):
            self.scroll({"up": -1, "down": 1, "left": -self.rows, "right": self.rows}[intent.action])
        return True

    def still(self) -> bool:
        return True

    def draw(self, surface) -> None:
        box = draw_dialog(surface, BOX.size, BOX.center)
        art.blit_text(surface, "What happened", 56, art.GOLD, (box.left + 40, box.top + 24), weight="bold")
        shown = self.lines[self.top:self.top + self.rows]
        for i, line in enumerate(shown):
            art.blit_text(surface, line, SIZE, art.INK_DIM, (box.left + 40, box.top + 100 + i * LINE), weight="regular")
        where = f"lines {self.top + 1}-{self.top + len(shown)} of {len(self.lines)}" if self.lines else "nothing yet"
        art.blit_text(surface, f"{where}   Up/down scroll   Esc back", 28, art.INK_FAINT,
                      (box.centerx, box.bottom - 30), "center")
