"""How to play Wild West (rulings WW-1 to WW-10, docs/rules/wild_west.md)."""

import pygame

from client import art
from client.howto import Page, arrow, label, tick, tile

ACTIONS = [("Ranch", (150, 200, 110)), ("Gold Mine", (230, 190, 80)), ("Church", (220, 220, 230)),
           ("Saloon", (200, 110, 90))]


def flip(surface, rect) -> None:
    width = 170
    for column, ((name, colour), value) in enumerate(zip(ACTIONS[:3], ("7", "3", "J"), strict=True)):
        x = rect.left + 80 + column * (width + 50)
        tile(surface, (x, rect.top + 50, width, 120), colour, name, 28)
        tile(surface, (x, rect.top + 190, width, 120), (240, 232, 210), value, 54)
    tick(surface, (rect.left + 80 + 170 // 2, rect.top + 350), True)
    label(surface, "pick a column: Ranch 7", (rect.centerx, rect.bottom - 40), 28)


def row(surface, rect, values, size: int = 84) -> tuple[int, int]:
    left = rect.centerx - len(values) * size // 2
    top = rect.centery - size
    for i, value in enumerate(values):
        tile(surface, (left + i * size, top, size - 6, size - 6), (240, 232, 210) if value else (90, 80, 70),
             value, 36)
    return left, top


def writing(surface, rect) -> None:
    left, top = row(surface, rect, ["2", "", "6", "", "", "10", ""])
    arrow(surface, (left + 84 * 3 + 39, top - 80), (left + 84 * 3 + 39, top - 10))
    label(surface, "8", (left + 84 * 3 + 39, top - 100), 40, art.GOLD)
    tick(surface, (left + 84 * 3 + 39, top + 120), True)
    label(surface, "rows rise left to right; aces fit anywhere", (rect.centerx, rect.bottom - 40), 28)


def actions(surface, rect) -> None:
    left, top = row(surface, rect, ["R3", "R5", "C6", "", "S9", "G10", ""])
    for i in (0, 1):
        pygame.draw.line(surface, (120, 90, 60), (left + i * 84 + 6, top + 70), (left + i * 84 + 72, top + 70), 8)
    pygame.draw.circle(surface, (60, 160, 80), (left + 2 * 84 + 70, top + 10), 12)
    label(surface, "track grows in from the edges; a park on the church", (rect.centerx, rect.bottom - 40), 26)


def scoring(surface, rect) -> None:
    parts = [("Parks", "+10"), ("Track", "+12"), ("Groups", "+21"), ("Churches", "+9"),
             ("Tumbleweeds", "-1"), ("Aces", "-1")]
    for i, (name, points) in enumerate(parts):
        y = rect.top + 60 + i * 58
        label(surface, name, (rect.left + 120, y), 32, art.INK, "midleft")
        label(surface, points, (rect.right - 120, y), 34, art.GOLD if points[0] == "+" else art.DANGER, "midright")
    label(surface, "the biggest town wins", (rect.centerx, rect.bottom - 40), 28)


PAGES = (
    Page("A round", (
        "Everyone has an own town sheet; one deck serves all (WW-1, WW-2).",
        "Each round six cards are turned: three actions (Ranch, Gold Mine, Church, Saloon) over "
        "three numbers. Each column pairs an action with a number (WW-3).",
        "At the same time and in secret, everyone picks one column, or refuses all three and takes "
        "a Tumbleweed. Who has no pair that fits must take a Tumbleweed.",
        "With the speed option a timer runs: who has not picked in time loses this round's pick (WW-10).",
    ), flip, "Three pairs to choose from."),
    Page("Writing", (
        "Write the number into an empty tile of your sheet so that its row keeps rising strictly "
        "from left to right (WW-4).",
        "An Ace fits anywhere, but every Ace you write is a penalty.",
        "The sheet has four rows of 7, 8, 7 and 8 tiles; six tiles are mines.",
    ), writing, "The 8 fits between the 6 and the 10."),
    Page("The actions", (
        "- Ranch: an R, then one piece of track if any tile can take one (WW-5).",
        "- Gold Mine: a G on an empty mine tile, upgrade one row of your group table, then track.",
        "- Church: a C. Saloon: an S and a grave, plus one more grave for each saloon touching it; "
        "graves go on the nearest empty right sections.",
        "- After anything but a saloon you may put a park on that tile's right section.",
        "Track grows inward from both ends of a row: a tile takes track when it is filled and is "
        "at a row's edge or next to track (WW-6).",
    ), actions, "Ranch track from the left edge; a park beside the church."),
    Page("The end and scoring", (
        "The game ends after a round in which someone took a third Tumbleweed, filled every mine "
        "tile or filled the whole sheet. Completing a row's track first adds one more round (WW-7).",
        "Score parks and track per row, groups of ranches, saloons or churches, graves around "
        "churches, minus Tumbleweeds and Aces (WW-8). Highest total wins.",
        "Alone, the first two Tumbleweeds also turn six new cards at once (WW-9).",
    ), scoring, "A sheet's score, part by part."),
)
