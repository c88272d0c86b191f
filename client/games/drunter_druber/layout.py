"""Where things are at the Drunter & Drüber table (logical 1920 x 1080) and how long its
finale takes: shared by the table and its drawing."""

import pygame

PHASE = pygame.Rect(600, 24, 750, 120)  # the phase line sits between header and log: the board takes the middle
SEAT_COLUMN = pygame.Rect(1100, 306, 790, 750)
STRETCH_BOX = pygame.Rect(1100, 156, 250, 138)
TRAY = pygame.Rect(24, 872, 1062, 184)  # under the board: the vote, the legend, private panels
PEEK = 360  # a private panel's width when it only shows the seat's cards (at the band's right end)
FINALE_INTRO, FINALE_PER_SEAT, FINALE_OUTRO = 0.6, 1.6, 1.2
TRAY_HOLD = 3.2  # seconds the vote's outcome stays in the tray


def seat_zones(players: int) -> list[pygame.Rect]:
    """The seats one above the other in the right-hand column, centred in it."""
    gap = 10
    height = min(236, (SEAT_COLUMN.height - gap * (players - 1)) // players)
    top = SEAT_COLUMN.top + (SEAT_COLUMN.height - players * height - gap * (players - 1)) // 2
    return [pygame.Rect(SEAT_COLUMN.left, top + i * (height + gap), SEAT_COLUMN.width, height) for i in range(players)]
