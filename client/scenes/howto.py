"""How to play a game: pages of rules, each with a small drawn example. Reachable from the
picker and from the pause menu; left/right (or a click on the arrows) turns pages."""

import pygame

from client.games import TABLES
from client.howto import pages
from client.i18n import _
from client.input.buttons import buttons_here
from client.ui import art
from client.ui.scene import Scene

TEXT = pygame.Rect(90, 230, 900, 740)
EXAMPLE = pygame.Rect(1040, 230, 800, 560)
PREVIOUS = pygame.Rect(1040, 890, 180, 80)  # below the example's caption (two lines at most)
NEXT = pygame.Rect(1660, 890, 180, 80)


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

    def text_lines(self, page) -> list[tuple[int, int, str, int, tuple, bool]]:
        """The page's paragraphs as lines (y, left, words, size, colour, bullet first line),
        in the largest type at which they fit the text panel (German runs longer)."""
        paragraphs = []
        for paragraph in page.text:
            bullet = paragraph.startswith("- ")
            words = _(paragraph)  # the message keeps its "- "
            if bullet:
                words = words[2:] if words.startswith("- ") else words.lstrip("-\u2022 ")
            paragraphs.append((words, bullet, art.INK))
        if not self.playable_here and self.page == 0:
            paragraphs.append((_("This window has no table for this game yet: play it headless ({headless}) or "
                                 "over the LAN ({host}, then {join}).").format(
                                     headless=f"spielabend --headless --game {self.info.id}",
                                     host=f"spielabend host --game {self.info.id}", join="spielabend join"),
                               False, art.INK_DIM))
        for size in (34, 32, 30, 28, 26):
            lines, y = [], TEXT.top + 10
            for words, bullet, colour in paragraphs:
                indent = 34 if bullet else 0
                for i, line in enumerate(art.wrap(words, size, TEXT.width - indent, "regular")):
                    lines.append((y, TEXT.left + indent, line, size, colour, bullet and i == 0))
                    y += size + size // 4
                y += size * 2 // 5
            if y <= TEXT.bottom + 10:
                break
        return lines

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        page = self.pages[self.page]
        self.draw_title(surface, _("How to play {game}").format(game=self.info.name),
                        _("Left/right: turn the page   {confirm}: next   {back}: back").format(
                            confirm=buttons_here(self.app, "confirm"), back=buttons_here(self.app, "back")))
        surface.blit(art.panel(TEXT.inflate(40, 30).size, art.NIGHT, None, 18, 170), TEXT.inflate(40, 30))
        art.blit_text(surface, _(page.title), 60, art.GOLD, (TEXT.left, 160), weight="bold", width=TEXT.width)
        for y, left, line, size, colour, bullet in self.text_lines(page):
            if bullet:
                art.blit_text(surface, "\u2022", size, art.GOLD, (TEXT.left + 6, y), weight="bold")
            art.blit_text(surface, line, size, colour, (left, y), weight="regular")
        surface.blit(art.panel(EXAMPLE.size, art.PANEL, art.GOLD, 18, 250), EXAMPLE)
        if page.example is not None:
            clip = surface.get_clip()
            surface.set_clip(EXAMPLE.inflate(-8, -8))
            page.example(surface, EXAMPLE.inflate(-20, -20))
            surface.set_clip(clip)
        if page.caption:  # under the example, on two lines if it must
            size = 30
            caption = art.wrap(_(page.caption), size, EXAMPLE.width, "regular")
            if len(caption) > 2:
                size = 26
                caption = art.wrap(_(page.caption), size, EXAMPLE.width, "regular")
            for i, line in enumerate(caption[:2]):
                art.blit_text(surface, line, size, art.INK_DIM,
                              (EXAMPLE.centerx, EXAMPLE.bottom + 12 + i * 34), "midtop", weight="regular",
                              width=EXAMPLE.width)
        for rect, words, usable in ((PREVIOUS, "<", self.page > 0), (NEXT, ">", self.page < len(self.pages) - 1)):
            surface.blit(art.panel(rect.size, art.PANEL_HI if usable else art.PANEL, art.GOLD if usable else None), rect)
            art.blit_text(surface, words, 60, art.INK if usable else art.INK_FAINT, rect.center, "center", weight="bold")
        art.blit_text(surface, f"{self.page + 1} / {len(self.pages)}", 40, art.INK_DIM,
                      (EXAMPLE.centerx, PREVIOUS.centery), "center")
