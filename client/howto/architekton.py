"""How to play Architekton (rulings AR-1 to AR-7, docs/rules/architekton.md)."""

import pygame

from client import art
from client.howto import Page, label, tick

TERRAIN = {"W": (80, 140, 210), "F": (60, 140, 80), "H": (170, 130, 90), "A": (220, 200, 110)}


def landscape(surface, rect, terrain: str) -> None:
    pygame.draw.rect(surface, TERRAIN[terrain], rect, border_radius=6)


def building(surface, rect, sides: str, house=None) -> None:
    """A building tile: its four sides (N E S W) in their terrains, a house on it."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, (90, 80, 76), rect, border_radius=6)
    n, e, s, w = (TERRAIN[t] for t in sides)
    c, inset = rect.center, 14
    pygame.draw.polygon(surface, n, [rect.topleft, rect.topright, c])
    pygame.draw.polygon(surface, e, [rect.topright, rect.bottomright, c])
    pygame.draw.polygon(surface, s, [rect.bottomright, rect.bottomleft, c])
    pygame.draw.polygon(surface, w, [rect.bottomleft, rect.topleft, c])
    pygame.draw.rect(surface, (240, 232, 210), rect.inflate(-2 * inset - 40, -2 * inset - 40), border_radius=4)
    if house is not None:
        pygame.draw.polygon(surface, house, [(c[0] - 16, c[1] + 12), (c[0] + 16, c[1] + 12), (c[0] + 16, c[1] - 4),
                                             (c[0], c[1] - 18), (c[0] - 16, c[1] - 4)])


def board(surface, rect) -> None:
    size = 110
    left, top = rect.centerx - size * 3 // 2, rect.top + 30
    landscape(surface, pygame.Rect(left, top, size - 4, size - 4), "W")
    landscape(surface, pygame.Rect(left + 2 * size, top, size - 4, size - 4), "F")
    building(surface, (left + size, top, size - 4, size - 4), "HFAW", art.SEAT_COLOURS[0])
    landscape(surface, pygame.Rect(left + size, top + size, size - 4, size - 4), "A")
    tick(surface, (left + size + 52, top + 2 * size + 40), True)
    label(surface, "opposite kinds alternate; a touching side matches", (rect.centerx, rect.bottom - 40), 26)


def enclosed(surface, rect) -> None:
    size = 110
    left, top = rect.centerx - size * 3 // 2, rect.top + 20
    building(surface, (left + size, top + size, size - 4, size - 4), "WFHA", art.SEAT_COLOURS[1])
    for (dx, dy), terrain in (((1, 0), "W"), ((2, 1), "F"), ((1, 2), "H"), ((0, 1), "W")):
        landscape(surface, pygame.Rect(left + dx * size, top + dy * size, size - 4, size - 4), terrain)
    tick(surface, (left + 2 * size + 40, top + 2 * size + 40), False)
    label(surface, "one side does not match: pay 1 chip, or take the house back", (rect.centerx, rect.bottom - 30), 24)


def scoring(surface, rect) -> None:
    size = 70
    left, top = rect.left + 120, rect.top + 60
    for i in range(4):
        c = pygame.Rect(left + i * size, top + i * size, size - 6, size - 6)
        building(surface, c, "AAAA", art.SEAT_COLOURS[0])
    label(surface, "4 houses linked corner to corner", (rect.centerx + 80, rect.top + 90), 28, art.INK, "midleft")
    label(surface, "score = chips + the largest group", (rect.centerx, rect.bottom - 40), 28)


PAGES = (
    Page("The chessboard", (
        "Two builders lay building tiles and landscape tiles in one growing chessboard: next to "
        "a building only landscapes, next to a landscape only buildings (AR-2).",
        "Each new tile touches a placed tile, and at least one touching side matches in terrain "
        "(water, forest, hill, field). Buildings may be turned.",
        "Each turn you take two tiles from the open supply that can both be placed, and place them "
        "(AR-2, AR-5).",
    ), board, "The field below matches the building's south side."),
    Page("Houses and enclosing", (
        "Every building you place gets one of your 12 houses; with none left you move one (AR-3).",
        "When four landscapes enclose a building, its owner gains a chip if all four sides match. "
        "Otherwise they pay a chip per side that does not match, or take the house back and pay one "
        "less. The owner decides, even on the other player's turn (AR-4).",
        "Who cannot pay loses at once.",
    ), enclosed, "Enclose the opponent's buildings badly, your own well."),
    Page("The end", (
        "When the stacks run out the last round is played (AR-5).",
        "Score your chips plus the houses in your largest group of houses linked corner to corner, "
        "after buildings with only one or two landscape neighbours are removed (AR-6).",
        "Revenge match: play until someone has 2 victory points (AR-7).",
    ), scoring, "A diagonal group of four houses."),
)
