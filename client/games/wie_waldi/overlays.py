"""What the Wie Waldi table shows over everything: "Ready... 3" and "Wuff!" (WA-5),
"Stop!", and the round's tally of owned cards, ranks and bones (WA-6)."""

import math

import pygame

from client import art
from client.games.wie_waldi import art as cards
from client.games.wie_waldi.lanes import BOARD, DOGS
from client.tween import ease_out_cubic

REASONS = {"stop": "Stop!", "deadlock": "nobody can play", "timer": "time is up"}


def draw_banner(surface, words: str, grow: float, colour, fade: float = 1.0) -> None:
    size = max(8, round(120 * grow)) // 2 * 2
    image = art.text(words, size, tuple(colour), "bold")
    box = image.get_rect(center=DOGS.center).inflate(80, 30)
    plate = art.panel(box.size, art.NIGHT, colour, 24, 230)
    if fade < 1.0:
        plate = plate.copy()
        plate.set_alpha(round(255 * fade))
        image = image.copy()
        image.set_alpha(round(255 * fade))
    surface.blit(plate, box)
    surface.blit(image, image.get_rect(center=box.center))


def draw_countdown(game, surface) -> None:
    """"Ready" and the seconds left until the host says "Wuff!" (WA-5)."""
    left = None if game.ready_end is None else game.ready_end - game.clock
    if left is None or left <= 0:
        draw_banner(surface, "Ready...", 1.0, art.INK)
        return
    number = math.ceil(left)
    beat = 1 - (number - left)  # 1 at the start of each second, falling to 0
    draw_banner(surface, f"Ready... {number}", 0.8 + 0.2 * ease_out_cubic(beat), art.INK)


def draw_tally(game, surface) -> None:
    """The round's owned cards counted up, the rank bones and a played-out pile's bronze
    (WA-6), then points and totals."""
    event, table = game.stopped, game.table
    t = game.table.anim.get("tally", 1.0)
    box = pygame.Rect(0, 0, 1100, 130 + 62 * table.players)
    box.center = BOARD.center
    surface.blit(art.panel(box.size, art.PANEL, art.GOLD, 20, 248), box)
    art.blit_text(surface, f"Round {event['round']}: {REASONS.get(event['reason'], '')}", 44, art.GOLD,
                  (box.centerx, box.top + 16), "midtop", "bold")
    heads = ((box.left + 330, "cards owned"), (box.left + 560, "bones"), (box.left + 820, "points"),
             (box.left + 990, "total"))
    for x, words in heads:
        art.blit_text(surface, words, 24, art.INK_FAINT, (x, box.top + 78), "midtop")
    most = max(event["cards"]) or 1
    for p in range(table.players):
        y = box.top + 122 + p * 62
        table.draw_name(surface, p, (box.left + 30, y), 36, 200)
        shown = min(event["cards"][p], math.floor(most * t * 1.25))
        bar = pygame.Rect(box.left + 250, y + 4, round(140 * shown / most), 30)
        pygame.draw.rect(surface, table.colour(p), bar, border_radius=6)
        art.blit_text(surface, str(shown), 32, art.INK, (box.left + 410, y + 2), "topleft", "bold")
        if t >= 0.8:
            x = box.left + 500
            for kind in event["bones"][p]:
                image = cards.bone(60, cards.BONE_COLOURS[kind])
                surface.blit(image, image.get_rect(midleft=(x, y + 19)))
                x += 68
            if event["emptied"][p]:
                art.blit_text(surface, "pile!", 22, cards.BONE_COLOURS["bronze"], (x, y + 8))
            art.blit_text(surface, f"+{event['points'][p]}", 36, art.GOLD, (box.left + 820, y), "midtop", "bold")
            art.blit_text(surface, str(event["totals"][p]), 36, art.INK, (box.left + 990, y), "midtop", "bold")
