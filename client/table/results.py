"""The results of any game: a score table (a column per round, game of a match or
scoring part, then the total), the winners, and whether lower or higher totals win.

Every column is sized to fit: ten rounds of six players fit as well as one total."""

import pygame

from client import art
from client.evening import charts, tonight
from client.physics import Moments
from client.scenes.base import MenuScene
from client.table.game import Standings
from client.tween import Tweens, ease_out_cubic
from client.ui import Item, Menu

TABLE_TOP = 230
ROW = 74
WIDTH = art.W - 120
NAME_COLUMN = (300, 460)  # narrowest, widest
TOTAL_COLUMN = 190
RANKING_ROW = 34
RANKING_BOTTOM = 760  # the menu starts below


def join_names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


class ResultsScene(MenuScene):
    def __init__(self, app, standings: Standings, again=None, demo: bool = False):
        super().__init__(app)
        self.standings = standings
        self.demo = demo
        self.tweens = Tweens()
        for p in range(len(standings.names)):
            self.tweens.start(f"row{p}", 0.0, 1.0, 0.45 / min(app.settings.speed, 1e6), ease_out_cubic, delay=0.1 * p)
        # A race ends with everyone still pressing: buttons wait until the rows are in, so
        # a press meant for the table neither starts the next game nor leaves.
        self.calm = (0.9 + 0.1 * len(standings.names)) / min(app.settings.speed, 1e6)
        items = ([Item("Play again", again)] if again is not None else []) + [Item("Back to the title", self.title)]
        # the game night (client.evening): tonight's standings, and the whole of them a press away
        self.again = again
        self.evening = [] if demo else tonight.standings_now(app)
        if self.evening:
            items.insert(-1, Item("Tonight's standings", lambda: app.flow.hall_of_fame("evening")))
        self.place_menu(items)
        app.sounds.play("round")
        self.confetti = Moments(seed=len(standings.names))
        colours = [standings.colours[p] for p in standings.winners] + [art.GOLD]
        self.confetti.scatter((art.W // 2, 120), colours, count=70)

    def place_menu(self, items: list[Item]) -> None:
        """Two items as always; three or four (the game night's) a little smaller, above the bottom line."""
        tall = len(items) < 3
        top, height, gap = (790, 78, 16) if tall else (770, 66, 10) if len(items) == 3 else (750, 56, 8)
        self.menu = Menu(items, (art.W // 2, top), width=560, height=height, gap=gap, size=46 if height > 60 else 40,
                         sounds=self.app.sounds)

    def offer_next_game(self, next_game) -> None:
        """The game night: Next game (the same group, another game), after Play again."""
        items = list(self.menu.items)
        items.insert(1 if self.again is not None else 0, Item("Next game", next_game))
        self.place_menu(items)

    def title(self) -> None:
        self.app.flow.title()

    def back(self) -> None:
        self.title()

    def handle(self, intent) -> bool:
        if self.calm > 0:
            return True
        return super().handle(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.calm -= dt
        self.tweens.update(dt)
        self.confetti.step(dt)

    # --- geometry (also what the tests check) ---------------------------------------------
    def columns(self) -> tuple[int, int, int]:
        """(name column, each score column, total column) widths that fit the screen."""
        count = len(self.standings.columns)
        widest_name = max(art.text_width(f"6.  {name}", 44, "bold") for name in self.standings.names) + 30
        name = min(NAME_COLUMN[1], max(NAME_COLUMN[0], widest_name))
        column = min(170, (WIDTH - name - TOTAL_COLUMN) // count) if count else 0
        return name, column, TOTAL_COLUMN

    def table_rect(self) -> pygame.Rect:
        name, column, total = self.columns()
        width = name + column * len(self.standings.columns) + total
        return pygame.Rect(art.W // 2 - width // 2 - 20, TABLE_TOP - 40, width + 40, 110 + ROW * len(self.standings.names))

    def draw(self, surface) -> None:
        standings = self.standings
        surface.blit(art.background("menu"), (0, 0))
        for bit in self.confetti.bits:  # behind the heading and the table
            position = bit["body"].position
            size = bit["size"]
            surface.fill(bit["colour"], (position.x - size / 2, position.y - size / 4, size, size / 2))
        winners = [standings.names[p] for p in standings.winners]
        heading = f"{join_names(winners)} win{'s' if len(winners) == 1 else ''}!" if winners else "Game over"
        art.blit_text(surface, heading, 96, art.GOLD, (art.W // 2, 90), "center", weight="bold", width=art.W - 80)
        better = "lowest" if standings.lower_wins else "highest"
        sub = f"{standings.game_name}: {better} {standings.total_label.lower()} wins"
        if standings.note:
            sub += f".  {standings.note}"
        if not self.app.toasts.visible([self]):
            art.blit_text(surface, sub, 34, art.INK_FAINT, (art.W // 2, art.H - 48), "center", width=art.W - 80)
        name_width, column, total = self.columns()
        table = self.table_rect()
        surface.blit(art.panel(table.size, art.PANEL), table)
        left = table.left + 20
        heading_y = TABLE_TOP + 6
        score_size = 40 if column >= 110 or not standings.columns else 32
        art.blit_text(surface, "Player", 36, art.INK_DIM, (left + 20, heading_y), "midleft")
        for c, label in enumerate(standings.columns):
            centre = (left + name_width + c * column + column // 2, heading_y)
            words = label if art.text_width(label, 30) <= column - 10 else label.split()[-1]
            art.blit_text(surface, words, 30, art.INK_DIM, centre, "center", width=column - 8)
        total_x = left + name_width + column * len(standings.columns) + total // 2
        art.blit_text(surface, standings.total_label, 36, art.GOLD, (total_x, heading_y), "center", width=total - 10)
        order = sorted(range(len(standings.names)),
                       key=lambda p: _number(standings.totals[p]) * (1 if standings.lower_wins else -1))
        clip = surface.get_clip()
        surface.set_clip(table.inflate(-8, -8))  # rows slide in from the table's right edge, not from outside it
        for row, p in enumerate(order):
            y = TABLE_TOP + 54 + row * ROW
            shift = round((1 - self.tweens.get(f"row{p}", 1.0)) * 600)
            colour = standings.colours[p]
            if p in standings.winners:
                surface.blit(art.panel((table.width - 40, 64), art.PANEL_HI, art.GOLD, 12), (left + shift, y - 6))
            art.blit_text(surface, f"{row + 1}.  {standings.names[p]}", 44, colour, (left + 20 + shift, y + 26),
                          "midleft", weight="bold", width=name_width - 30)
            cells = standings.cells[p] if p < len(standings.cells) else []
            for c, value in enumerate(cells[:len(standings.columns)]):
                art.blit_text(surface, str(value), score_size, art.INK,
                              (left + name_width + c * column + column // 2 + shift, y + 26), "center",
                              width=column - 8)
            art.blit_text(surface, str(standings.totals[p]), 48, art.GOLD, (total_x + shift, y + 26), "center",
                          weight="bold", width=total - 10)
        surface.set_clip(clip)
        if standings.ranking:
            self.draw_ranking(surface, table.bottom + 20)
        if self.evening:  # the game night (client.evening): tonight's standings, where there is room
            top = art.H if standings.ranking else table.bottom + 14
            charts.evening_strip(surface, self.evening, top, self.menu.rects[0].top - 20)
        self.menu.draw(surface, self.pulse)

    def draw_ranking(self, surface, top: int) -> None:
        """A ranking under the scores (a solo high-score table), its marked line in gold;
        as many lines as fit above the menu."""
        standings = self.standings
        room = max(0, (RANKING_BOTTOM - top - 56) // RANKING_ROW)
        lines = standings.ranking[:room]
        if not lines:
            return
        box = pygame.Rect(0, top, 720, 56 + RANKING_ROW * len(lines))
        box.centerx = art.W // 2
        surface.blit(art.panel(box.size, art.PANEL), box)
        art.blit_text(surface, standings.ranking_title, 34, art.GOLD, (box.centerx, box.top + 28), "center",
                      weight="bold")
        for i, (words, score) in enumerate(lines):
            y = box.top + 56 + i * RANKING_ROW
            marked = i == standings.ranking_mark
            if marked:
                surface.blit(art.panel((box.width - 24, RANKING_ROW), art.PANEL_HI, art.GOLD, 10), (box.left + 12, y))
            colour = art.GOLD if marked else art.INK
            art.blit_text(surface, words, 28, colour, (box.left + 30, y + RANKING_ROW // 2), "midleft",
                          width=box.width - 200)
            art.blit_text(surface, score, 30, colour, (box.right - 30, y + RANKING_ROW // 2), "midright", "bold")


def _number(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0
