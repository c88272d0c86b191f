"""The shared board: this round's six cards as three columns, each an action card over a
number card (WW-3), the deck with its count and reshuffles, and the pick timer (WW-10).
Only public things are drawn here; who picked what appears once the picks are revealed."""

import math

import pygame

from client import art
from client.games.wild_west import art as ww

BOARD = pygame.Rect(560, 16, 800, 254)
CARD = (100, 104)
COLUMN_STEP = 120
LABEL_BAND = 30  # between a column's two cards: its number and its pad button
PAD_ARROWS = ("left", "up", "right")  # columns 1-3 on a gamepad's d-pad; down is the Tumbleweed


def column_rects(column: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Column ``column``'s action card (top) and number card (bottom)."""
    left = BOARD.left + 18 + column * COLUMN_STEP
    top = pygame.Rect(left, BOARD.top + 8, *CARD)
    bottom = pygame.Rect(left, top.bottom + LABEL_BAND, *CARD)
    return top, bottom


def column_area(column: int) -> pygame.Rect:
    top, bottom = column_rects(column)
    return top.union(bottom)


DECK = pygame.Rect(BOARD.left + 18 + 3 * COLUMN_STEP + 16, BOARD.top + 8, *CARD)
TIMER_CENTRE = (BOARD.right - 110, BOARD.top + 118)
TIMER_RADIUS = 86


def arrow(surface, direction: str, centre, size: float, colour) -> None:
    """A small d-pad triangle pointing ``direction``."""
    x, y = centre
    s = size / 2
    points = {"up": [(x, y - s), (x + s, y + s * 0.7), (x - s, y + s * 0.7)],
              "down": [(x, y + s), (x + s, y - s * 0.7), (x - s, y - s * 0.7)],
              "left": [(x - s, y), (x + s * 0.7, y - s), (x + s * 0.7, y + s)],
              "right": [(x + s, y), (x - s * 0.7, y - s), (x - s * 0.7, y + s)]}[direction]
    pygame.draw.polygon(surface, colour, points)


def draw_cards(surface, cards: list[str], flips: list[float], pads: bool) -> None:
    """The six flipped cards (``flips``: each card's turn, 0 face down .. 1 face up)."""
    back = ww.card_back(CARD)
    for column in range(3):
        top, bottom = column_rects(column)
        label_y = top.bottom + LABEL_BAND // 2
        art.blit_text(surface, f"{column + 1}", 28, art.INK, (top.centerx - (12 if pads else 0), label_y), "center",
                      "bold")
        if pads:
            arrow(surface, PAD_ARROWS[column], (top.centerx + 16, label_y), 16, art.INK_DIM)
        if not cards:
            for rect in (top, bottom):
                pygame.draw.rect(surface, art.shade(art.PANEL, 0.8), rect, border_radius=10)
            continue
        for index, rect, image in ((column, top, ww.action_card(cards[column], CARD)),
                                   (column + 3, bottom, ww.number_card(cards[column + 3], CARD))):
            shown = ww.flipped(image, back, flips[index] if index < len(flips) else 1.0)
            surface.blit(shown, shown.get_rect(center=rect.center))


def draw_deck(surface, left: int, reshuffle: float, note: str) -> None:
    """The deck: a few backs, the count, and a shake while it is reshuffled."""
    back = ww.card_back(CARD)
    shake = round(8 * reshuffle * (1 if int(reshuffle * 20) % 2 else -1)) if reshuffle else 0
    for i in range(3, 0, -1):
        surface.blit(back, DECK.move(-i * 3 + (shake if i == 1 else 0), -i * 3))
    art.blit_text(surface, f"{left} in the deck", 26, art.INK_DIM, (DECK.centerx - 6, DECK.bottom + 8), "midtop")
    if note:
        for i, line in enumerate(art.wrap(note, 24, 150)[:3]):
            art.blit_text(surface, line, 24, art.GOLD, (DECK.centerx - 6, DECK.bottom + 42 + i * 28), "midtop")


def draw_timer(surface, seconds_left: float, total: float, centre=TIMER_CENTRE) -> None:
    """WW-10: a clock face emptying as the pick's time runs out, the seconds in it."""
    share = max(0.0, min(1.0, seconds_left / total)) if total else 0.0
    urgent = seconds_left <= 5
    colour = art.DANGER if urgent else art.GOLD
    x, y = centre
    pygame.draw.circle(surface, art.shade(art.PANEL, 0.8), centre, TIMER_RADIUS)
    if share > 0:
        steps = max(2, round(64 * share))
        points = [centre] + [
            (x + (TIMER_RADIUS - 6) * math.sin(share * i / steps * math.tau),
             y - (TIMER_RADIUS - 6) * math.cos(share * i / steps * math.tau))
            for i in range(steps + 1)]
        pygame.draw.polygon(surface, art.shade(colour, 0.55), points)
    pygame.draw.circle(surface, colour, centre, TIMER_RADIUS, 4)
    art.blit_text(surface, f"{max(0, math.ceil(seconds_left))}", 70, art.INK, (x, y - 8), "center", "bold")
    art.blit_text(surface, "seconds", 24, art.INK_DIM, (x, y + 38), "center")


def draw_takers(surface, picks: list) -> None:
    """After the reveal: on each number card, a disc per player who took that column
    (``picks``: (pick, initial, colour) per seat)."""
    for column in range(3):
        takers = [(initial, colour) for pick, initial, colour in picks if pick == column]
        _, bottom = column_rects(column)
        for i, (initial, colour) in enumerate(takers):
            centre = (bottom.left + 16 + (i % 4) * 23, bottom.bottom - 14 - (i // 4) * 23)
            pygame.draw.circle(surface, colour, centre, 11)
            pygame.draw.circle(surface, art.NIGHT, centre, 11, 2)
            art.blit_text(surface, initial, 18, art.NIGHT, centre, "center", "bold")


def draw_roster(surface, heading: str, seats: list) -> None:
    """Where the timer stands when there is none: every seat as a disc with its initial, a
    tick on those done (``seats``: (initial, colour, done))."""
    area = pygame.Rect(TIMER_CENTRE[0] - 110, BOARD.top + 14, 220, BOARD.height - 28)
    art.blit_text(surface, heading, 24, art.INK_DIM, (area.centerx, area.top + 12), "center", width=area.width)
    for p, (initial, colour, done) in enumerate(seats):
        centre = (area.left + 40 + (p % 3) * 70, area.top + 70 + (p // 3) * 80)
        pygame.draw.circle(surface, colour, centre, 24)
        pygame.draw.circle(surface, art.NIGHT, centre, 24, 3)
        art.blit_text(surface, initial, 28, art.NIGHT, centre, "center", "bold")
        if done:
            x, y = centre[0] + 18, centre[1] + 18
            pygame.draw.circle(surface, art.GOOD, (x, y), 11)
            pygame.draw.lines(surface, art.NIGHT, False, [(x - 6, y), (x - 1, y + 5), (x + 6, y - 5)], 3)
