"""A seat's network delay as a small meter: three bars and a number ("12 ms").

The host's lobby shows it for every seat played from a phone or a LAN window, so a group
sees a sleepy phone (a dozing Wi-Fi radio adds 100-300 ms) before the race. The delay is
half the slowest of the seat's recent round trips, as the host measured them itself
(`netplay.racing.Races.round_trips`): the figure that bounds the seat's race claims.
"""

import pygame

from client.ui import art

GOOD = 0.030  # seconds one way: under this a seat is green (three bars)
FAIR = 0.100  # under this amber (two bars); more is red (one bar)
BAR_WIDTH, BAR_GAP, BAR_HEIGHTS = 8, 4, (12, 20, 28)


def one_way(round_trip: float) -> float:
    return round_trip / 2


def delay_words(delay: float) -> str:
    """``delay`` (seconds) as the meter says it."""
    ms = round(delay * 1000)
    return f"{ms} ms" if ms >= 1 else "<1 ms"


def delay_level(delay: float) -> tuple[int, tuple[int, int, int]]:
    """How many bars light, and their colour."""
    if delay < GOOD:
        return 3, art.GOOD
    if delay < FAIR:
        return 2, art.GOLD
    return 1, art.DANGER


def draw_delay_meter(surface, midleft: tuple[int, int], delay: float, size: int = 30) -> pygame.Rect:
    """The meter for ``delay`` seconds, its bars' left edge at ``midleft``; its rect."""
    lit, colour = delay_level(delay)
    left, middle = midleft
    bottom = middle + BAR_HEIGHTS[-1] // 2
    for index, height in enumerate(BAR_HEIGHTS):
        bar = pygame.Rect(left + index * (BAR_WIDTH + BAR_GAP), bottom - height, BAR_WIDTH, height)
        pygame.draw.rect(surface, colour if index < lit else art.INK_FAINT, bar, border_radius=2)
    bars_right = left + len(BAR_HEIGHTS) * (BAR_WIDTH + BAR_GAP)
    words = art.blit_text(surface, delay_words(delay), size, colour, (bars_right + 6, middle), "midleft")
    return pygame.Rect(left, bottom - BAR_HEIGHTS[-1], words.right - left, BAR_HEIGHTS[-1])
