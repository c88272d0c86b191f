"""How to play a game: pages of rules, each with a small drawn example. Reachable from the
picker and from the pause menu; left/right (or a click on the arrows) turns pages."""

import pygame

from client import art
from client.games import TABLES
from client.howto import pages
from client.scenes.base import Scene

TEXT = pygame.Rect(90, 230, 900, 740)
EXAMPLE = pygame.Rect(1040, 230, 800, 560)
PREVIOUS = pygame.Rect(1040, 850, 180, 90)
NEXT = pygame.Rect(1660, 850, 180, 90)


class HowToScene(Scene):
    def __init__(self, app, game_id: str):
        super().__init__(app)
        from engines import game_info

        self.info = game_info(game_id)
        self.pages = pages(game_id)
        self.page = 0
        self.playable_here = game_id in TABLES

    def turn(self, step: int) -> None:
        page = min(max(self.page + step, 0), len(self.pages) - 1)
        if page != self.page:
            self.page = page
            self.app.sounds.play("move")

    def handle(self, intent) -> bool:
        action = intent.action
        if action in ("escape", "back") and intent.pressed:
            self.app.pop()
            return True
        if action == "wheel":
            self.turn(-1 if intent.amount > 0 else 1)
            return True
        if not intent.pressed:
            return False
        if action in ("left", "up"):
            self.turn(-1)
        elif action in ("right", "down"):
            self.turn(1)
        elif action == "confirm" and intent.device == "mouse":
            if PREVIOUS.collidepoint(intent.pos):
                self.turn(-1)
            elif NEXT.collidepoint(intent.pos):
                self.turn(1)
        elif action == "confirm":
            if self.page == len(self.pages) - 1:
                self.app.pop()
            else:
                self.turn(1)
        return True

    def still(self) -> bool:
        return True  # nothing moves on a page

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        page = self.pages[self.page]
        self.draw_title(surface, f"How to play {self.info.name}",
                        "Left/right: turn the page   Confirm: next   Esc back")
        surface.blit(art.panel(TEXT.inflate(40, 30).size, art.NIGHT, None, 18, 170), TEXT.inflate(40, 30))
        art.blit_text(surface, page.title, 60, art.GOLD, (TEXT.left, 160), weight="bold", width=TEXT.width)
        y = TEXT.top + 10
        for paragraph in page.text:
            bullet = paragraph.startswith("- ")
            words = paragraph[2:] if bullet else paragraph
            indent = 34 if bullet else 0
            for i, line in enumerate(art.wrap(words, 34, TEXT.width - indent, "regular")):
                if bullet and i == 0:
                    art.blit_text(surface, "\u2022", 34, art.GOLD, (TEXT.left + 6, y), weight="bold")
                art.blit_text(surface, line, 34, art.INK, (TEXT.left + indent, y), weight="regular")
                y += 42
            y += 14
        if not self.playable_here and self.page == 0:
            for line in art.wrap("This window has no table for this game yet: play it headless "
                                 f"(spielabend --headless --game {self.info.id}) or over the LAN "
                                 f"(spielabend host --game {self.info.id}, then spielabend join).", 30,
                                 TEXT.width, "regular"):
                art.blit_text(surface, line, 30, art.INK_DIM, (TEXT.left, y), weight="regular")
                y += 36
        surface.blit(art.panel(EXAMPLE.size, art.PANEL, art.GOLD, 18, 250), EXAMPLE)
        if page.example is not None:
            clip = surface.get_clip()
            surface.set_clip(EXAMPLE.inflate(-8, -8))
            page.example(surface, EXAMPLE.inflate(-20, -20))
            surface.set_clip(clip)
        if page.caption:
            art.blit_text(surface, page.caption, 32, art.INK_DIM, (EXAMPLE.centerx, EXAMPLE.bottom + 24), "midtop",
                          weight="regular", width=EXAMPLE.width)
        for rect, words, usable in ((PREVIOUS, "<", self.page > 0), (NEXT, ">", self.page < len(self.pages) - 1)):
            surface.blit(art.panel(rect.size, art.PANEL_HI if usable else art.PANEL, art.GOLD if usable else None), rect)
            art.blit_text(surface, words, 60, art.INK if usable else art.INK_FAINT, rect.center, "center", weight="bold")
        art.blit_text(surface, f"{self.page + 1} / {len(self.pages)}", 40, art.INK_DIM,
                      (EXAMPLE.centerx, PREVIOUS.centery), "center")
