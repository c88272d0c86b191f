"""How to play Drunter & Drüber (rulings DD-1 to DD-9, docs/rules/drunter_druber.md)."""

import pygame

from client import art
from client.howto import Page, arrow, label, tick, tile

TYPES = [("Town hall", (214, 120, 90)), ("School", (120, 170, 220)), ("Fire station", (226, 86, 70)),
         ("Inn", (200, 160, 90)), ("Museum", (160, 130, 200)), ("Church", (230, 220, 200))]
KINDS = {"wall": (150, 140, 130), "street": (200, 180, 140), "river": (90, 150, 220)}


def grid(surface, rect, cols: int, rows: int, size: int) -> tuple[int, int]:
    left = rect.centerx - cols * size // 2
    top = rect.top + 40
    for c in range(cols):
        for r in range(rows):
            pygame.draw.rect(surface, (70, 90, 60), (left + c * size, top + r * size, size - 3, size - 3),
                             border_radius=4)
    return left, top


def town(surface, rect) -> None:
    size = 70
    left, top = grid(surface, rect, 7, 5, size)
    spots = [(1, 1, 0, 3), (4, 1, 5, 5), (2, 3, 1, 2), (5, 3, 5, 1), (3, 2, 3, 4)]
    for c, r, kind, value in spots:
        tile(surface, (left + c * size, top + r * size, size - 3, size - 3), TYPES[kind][1], str(value), 34)
    card = pygame.Rect(rect.right - 230, rect.bottom - 200, 170, 150)
    tile(surface, card, (240, 232, 210))
    label(surface, "your card:", (card.centerx, card.top + 40), 26, art.NIGHT)
    label(surface, "Church", (card.centerx, card.top + 90), 34, art.NIGHT)
    label(surface, "uncovered churches score their value", (rect.centerx - 120, rect.bottom - 40), 26)


def laying(surface, rect) -> None:
    size = 70
    left, top = grid(surface, rect, 7, 5, size)
    token = (1, 2)
    tile(surface, (left, top + 2 * size, size - 3, size - 3), KINDS["street"], "")
    pygame.draw.circle(surface, art.GOLD, (left + token[0] * size + size // 2 - 35, top + token[1] * size + 33), 16)
    for i in range(3):
        tile(surface, (left + (2 + i) * size, top + 2 * size, size - 3, size - 3), KINDS["street"],
             "bridge" if i == 1 else "", 20)
    arrow(surface, (left + 2 * size + 10, top + 2 * size - 20), (left + 5 * size - 10, top + 2 * size - 20))
    label(surface, "docks next to the token, runs straight on", (rect.centerx, rect.bottom - 40), 26)


def vote(surface, rect) -> None:
    cards = [("Ja", 1, art.GOOD), ("Jaa", 2, art.GOOD), ("Jaaa", 3, art.GOOD), ("Ne", 1, art.DANGER),
             ("Nee", 2, art.DANGER), ("Neee", 3, art.DANGER), ("Jein", 2, art.GOLD), ("blank", 0, art.INK_DIM)]
    width = (rect.width - 60) // 4
    for i, (name, value, colour) in enumerate(cards):
        box = pygame.Rect(rect.left + 30 + (i % 4) * width, rect.top + 40 + (i // 4) * 170, width - 16, 150)
        tile(surface, box, art.shade(colour, 0.8), name, 34, art.INK)
        label(surface, str(value), (box.centerx, box.bottom - 26), 28, art.INK)
    label(surface, "yes >= no: the tile stays", (rect.centerx, rect.bottom - 40), 28)


def ending(surface, rect) -> None:
    size = 70
    left, top = grid(surface, rect, 5, 4, size)
    for c, r in ((1, 1), (2, 1), (2, 2), (1, 2)):
        tile(surface, (left + c * size, top + r * size, size - 3, size - 3), KINDS["wall"], "")
    pygame.draw.circle(surface, art.GOLD, (left + 1 * size + 33, top + 2 * size + 33), 16)
    tick(surface, (left + 6 * size, top + 2 * size), False)
    label(surface, "boxed in: this stretch is closed", (rect.centerx, rect.bottom - 40), 26)


PAGES = (
    Page("Your secret building", (
        "The town has six kinds of building (town hall, school, fire station, inn, museum, church), "
        "worth 1 near the border to 5 in the middle (DD-1).",
        "You hold one secret building card. When the game ends you score the values of the "
        "uncovered buildings of your kind, so steer the walls, streets and river away from them "
        "without giving your kind away (DD-7).",
        "Every tile in every hand is face up; only the building cards are secret (DD-9).",
    ), town, "Uncovered buildings score at the end."),
    Page("Laying tiles", (
        "Four stretches start in the corners: two city walls, the street and the river. On your "
        "turn you must lay one of your tiles if any fits; otherwise you pass (DD-3, DD-5).",
        "- A tile extends a stretch of its own kind from the stretch's token: it docks on a space "
        "next to the token and runs straight on or to either side, never back.",
        "- Tiles never overlap, never leave the board and never cover a corner. Buildings may be "
        "covered.",
        "- The middle of a triple is a bridge: a later tile may pass under it (DD-4).",
        "The token moves to the new end of the stretch.",
    ), laying, "A street triple from the token."),
    Page("The toilet vote", (
        "A tile that covers a toilet calls one vote (DD-6). Starting with the player who laid it, "
        "everyone in turn puts down one or more people cards face down; the others see how many, "
        "not which.",
        "- Ja, Jaa, Jaaa count 1, 2, 3 for yes; Ne, Nee, Neee 1, 2, 3 for no.",
        "- Jein counts 2 for the side its player declares after the reveal; the blank card counts 0 "
        "and comes back.",
        "Yes at least as many as no: the tile stays. Otherwise it goes back to its player's hand. "
        "Every other card put down is gone for good.",
    ), vote, "Your eight people cards."),
    Page("The end", (
        "A stretch closes when no tile could dock at its token any more. The game ends when nobody "
        "can lay a tile (DD-5).",
        "Then the building cards are shown and scored. Ties go to the player with the most people "
        "cards left, then the win is shared (DD-7).",
        "Variant: two cards each, including four special cards; when the first stretch closes, "
        "everyone secretly picks which of their cards counts first (DD-8).",
    ), ending, "A token with no free neighbour is removed."),
)
