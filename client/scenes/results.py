"""The results: a score table with every round's penalties and the winners."""

import pygame

from client import art
from client.physics import Moments
from client.scenes.base import MenuScene
from client.tween import Tweens, ease_out_cubic
from client.ui import Item, Menu


class ResultsScene(MenuScene):
    def __init__(self, app, game_name, names, colours, round_scores, totals, winners, lower_wins=True):
        super().__init__(app)
        self.game_name = game_name
        self.names, self.colours = names, colours
        self.round_scores, self.totals, self.winners = round_scores, totals, winners
        self.lower_wins = lower_wins
        self.tweens = Tweens()
        for p in range(len(names)):
            self.tweens.start(f"row{p}", 0.0, 1.0, 0.45, ease_out_cubic, delay=0.1 * p)
        self.menu = Menu([Item("Play again", self.again), Item("Back to the title", self.title)],
                         (art.W // 2, 810), width=560, sounds=app.sounds)
        app.sounds.play("round")
        self.confetti = Moments(seed=len(names))
        self.confetti.scatter((art.W // 2, 120), [colours[p] for p in winners] + [art.GOLD], count=70)

    def again(self) -> None:
        from client.scenes.setup import SetupScene

        self.app.pop_to(SetupScene)

    def title(self) -> None:
        from client.scenes.title import TitleScene

        self.app.pop_to(TitleScene)

    def back(self) -> None:
        self.title()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.tweens.update(dt)
        self.confetti.step(dt)

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        for bit in self.confetti.bits:  # behind the heading and the table
            position = bit["body"].position
            size = bit["size"]
            surface.fill(bit["colour"], (position.x - size / 2, position.y - size / 4, size, size / 2))
        winners = " and ".join(self.names[p] for p in self.winners)
        self.draw_title(surface, f"{winners} win{'s' if len(self.winners) == 1 else ''}!",
                        f"{self.game_name}: {'lowest' if self.lower_wins else 'highest'} total wins")
        rounds = len(self.round_scores)
        column = 150
        width = 360 + column * (rounds + 1)
        left = art.W // 2 - width // 2
        table = pygame.Rect(left - 20, 190, width + 40, 140 + 74 * len(self.names))
        surface.blit(art.panel(table.size, art.PANEL), table)
        heading_y = 236
        art.blit_text(surface, "Player", 38, art.INK_DIM, (left + 20, heading_y), "midleft")
        for r in range(rounds):
            art.blit_text(surface, f"Round {r + 1}", 34, art.INK_DIM, (left + 360 + r * column + column // 2, heading_y),
                          "center")
        art.blit_text(surface, "Total", 38, art.GOLD, (left + 360 + rounds * column + column // 2, heading_y), "center")
        order = sorted(range(len(self.names)), key=lambda p: self.totals[p] * (1 if self.lower_wins else -1))
        clip = surface.get_clip()
        surface.set_clip(table.inflate(-8, -8))  # rows slide in from the table's right edge, not from outside it
        for row, p in enumerate(order):
            y = 290 + row * 74
            shift = round((1 - self.tweens.get(f"row{p}", 1.0)) * 600)
            colour = self.colours[p]
            if p in self.winners:
                surface.blit(art.panel((width, 64), art.PANEL_HI, art.GOLD, 12), (left + shift, y - 6))
            art.blit_text(surface, f"{row + 1}.  {self.names[p]}", 44, colour, (left + 20 + shift, y + 26), "midleft")
            for r in range(rounds):
                art.blit_text(surface, str(self.round_scores[r][p]), 40, art.INK,
                              (left + 360 + r * column + column // 2 + shift, y + 26), "center")
            art.blit_text(surface, str(self.totals[p]), 48, art.GOLD,
                          (left + 360 + rounds * column + column // 2 + shift, y + 26), "center")
        surface.set_clip(clip)
        self.menu.draw(surface, self.pulse)
