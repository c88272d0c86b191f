"""Where things stand at the Architekton table (logical 1920 x 1080).

The board is as tall as the screen allows (boards grow in every direction, and a wide
strip would waste the sides): the phase line sits beside the header, the log in a
column on the right, the supply in one on the left, the seats' zones below.
"""

import pygame

PHASE = pygame.Rect(610, 24, 930, 120)  # what is going on, beside the header
LOG = pygame.Rect(1560, 24, 330, 826)
SUPPLY = pygame.Rect(30, 160, 342, 690)  # the supply of 3 + 3, the stacks, the reserve
BOARD = pygame.Rect(390, 160, 1152, 690)  # the camera's view of the board
SEATS = pygame.Rect(30, 866, 1860, 190)  # the two seats' zones
SUPPLY_TILE = 96
HAND_TILE = 124
PREVIEW = 96  # a rotation to choose, in the row under its square
TILE = 100  # world units per square (the camera turns them into pixels)


def square_rect(x: int, y: int) -> tuple[int, int, int, int]:
    """Square (x, y) in world units."""
    return (x * TILE, y * TILE, TILE, TILE)


def square_centre(x: int, y: int) -> tuple[float, float]:
    return ((x + 0.5) * TILE, (y + 0.5) * TILE)
