"""How to play Wie Waldi (rulings WA-1 to WA-8, docs/rules/wie_waldi.md)."""

import pygame

from client import art
from client.howto import Page, arrow, label, tick

COATS = {"r": (214, 80, 70), "y": (236, 196, 72), "g": (96, 180, 100), "b": (84, 130, 220)}


def card(surface, rect, left: str | None, right: str | None, word: str) -> None:
    """A dachshund card: its left and right coat colours, and what part of the dog it is."""
    rect = pygame.Rect(rect)
    surface.blit(art.panel(rect.size, (240, 232, 210), (120, 110, 98), 10, 255), rect)
    half = rect.width // 2
    if left:
        pygame.draw.rect(surface, COATS[left], (rect.left + 6, rect.top + 30, half - 6, rect.height - 60))
    if right:
        pygame.draw.rect(surface, COATS[right], (rect.left + half, rect.top + 30, half - 6, rect.height - 60))
    art.blit_text(surface, word, 24, art.NIGHT, (rect.centerx, rect.bottom - 16), "center")


def race(surface, rect) -> None:
    for i in range(3):
        pile = pygame.Rect(rect.left + 80 + i * 150, rect.top + 80, 110, 150)
        for depth in range(4):
            surface.blit(art.panel(pile.size, (70, 90, 160), art.INK_FAINT, 10, 255), pile.move(depth * 3, -depth * 3))
    card(surface, (rect.right - 260, rect.top + 80, 130, 150), "r", "g", "middle")
    arrow(surface, (rect.left + 520, rect.top + 150), (rect.right - 280, rect.top + 150))
    label(surface, "draw, then play it or put it back under its pile", (rect.centerx, rect.bottom - 40), 26)


def growing(surface, rect) -> None:
    chain = [(None, "r", "head"), ("r", "g", "middle"), ("g", "b", "middle")]
    x = rect.left + 40
    for left, right, word in chain:
        card(surface, (x, rect.top + 60, 120, 150), left, right, word)
        x += 124
    card(surface, (x + 40, rect.top + 60, 120, 150), "b", None, "tail")
    tick(surface, (x + 100, rect.top + 250), True)
    card(surface, (x + 40, rect.top + 290, 120, 150), "y", "r", "middle")
    tick(surface, (x + 100, rect.top + 470), False)
    label(surface, "a card fits where its left colour meets the open end", (rect.centerx, rect.bottom - 30), 26)


def owners(surface, rect) -> None:
    label(surface, "plain tail: the dog goes to whoever played the head", (rect.centerx, rect.top + 80), 28, art.INK)
    label(surface, "cat tail: the dog goes to whoever played the tail", (rect.centerx, rect.top + 150), 28, art.INK)
    for i, (name, points, colour) in enumerate((("gold", 3, (240, 196, 72)), ("silver", 2, (200, 200, 210)),
                                                 ("bronze", 1, (200, 130, 70)))):
        centre = (rect.left + 150 + i * 200, rect.top + 300)
        pygame.draw.ellipse(surface, colour, pygame.Rect(0, 0, 140, 50).move(centre[0] - 70, centre[1] - 25))
        label(surface, f"{name} {points}", (centre[0], centre[1] + 60), 28)


PAGES = (
    Page("The race", (
        "Everyone plays at the same time, as fast as they can (WA-3). On \"Wuff!\" each player "
        "flips through their own three face-down piles of ten cards (WA-2, WA-5).",
        "- Draw one card at a time into your hand; you can hold only one.",
        "- Play it on the table if it fits, or put it back under the pile it came from.",
        "If someone got there first, your play is refused, and the card stays in your hand.",
    ), race, "Three piles, one card in hand."),
    Page("Growing dachshunds", (
        "A dog faces left: head, then any number of middles, then a tail (WA-1).",
        "- A head starts a new dog anywhere; it never joins another dog.",
        "- Middles and tails go on the open right end of any dog on the table, when their left "
        "coat colour matches the colour at that end.",
        "Each coat colour also has its own pattern, for colour-blind players.",
    ), growing, "The blue tail fits; the yellow middle does not."),
    Page("Whose dog, and the bones", (
        "The tail completes a dog: its player moves it aside and puts a marker on it (WA-4). A plain "
        "tail gives the dog to whoever played its head; a cat tail to whoever played the tail.",
        "A round ends when someone places their sixth marker (\"Stop!\") or nobody can play (WA-5).",
        "Players are ranked by the cards in the dogs they own: gold 3, silver 2, bronze 1 (with two "
        "or three players everyone gets at least bronze); playing out a whole pile earns another "
        "bronze (WA-6). After three rounds the most points win (WA-7).",
    ), owners, "Bones are points."),
)
