"""How to play Wie Waldi (rulings WA-1 to WA-8, docs/rules/wie_waldi.md), drawn with the
table's own cards, piles, markers and bones."""

import pygame

from client import art
from client.games.wie_waldi import art as cards
from client.howto import Page, arrow, label, tick
from engines.wie_waldi.cards import COLOUR_NAMES, COLOUR_PATTERNS

SEATS = [art.SEAT_COLOURS[i] for i in range(4)]
HEIGHT = 120


def dog(surface, codes, players, left: int, top: int, height: int = HEIGHT) -> pygame.Rect:
    """A row of cards as a dog on the table; returns where its open end would be."""
    width, _ = cards.card_size(height)
    for i, (code, player) in enumerate(zip(codes, players, strict=True)):
        surface.blit(cards.card_image(code, height, SEATS[player]), (left + i * width, top))
    return pygame.Rect(left + len(codes) * width, top, width, height)


def piles(surface, left: int, top: int, colour, keys=("A", "W", "D")) -> list[pygame.Rect]:
    width, _ = cards.card_size(HEIGHT)
    rects = []
    for k in range(3):
        rect = pygame.Rect(left + k * (width + 18), top, width, HEIGHT)
        for depth in range(3, -1, -1):
            surface.blit(cards.card_back(HEIGHT, colour), rect.move(depth * 3, -depth * 3))
        cards.keycap(surface, keys[k], (rect.centerx, rect.bottom + 26), 26)
        rects.append(rect)
    return rects


def race(surface, rect) -> None:
    pile_rects = piles(surface, rect.left + 30, rect.top + 250, SEATS[0])
    hand = pygame.Rect(pile_rects[-1].right + 50, rect.top + 240, *cards.card_size(140))
    surface.blit(cards.card_image("Mrg", 140, SEATS[0]), hand)
    arrow(surface, (pile_rects[1].centerx, pile_rects[1].top - 16), (hand.left - 6, hand.top + 20))
    end = dog(surface, ["Hr"], [2], rect.left + 430, rect.top + 40)
    cards.socket(surface, end, 0)
    surface.blit(cards.card_image("Mrg", HEIGHT, SEATS[0], True), end)
    pygame.draw.rect(surface, SEATS[0], end.inflate(12, 12), 5, border_radius=12)
    arrow(surface, (hand.centerx, hand.top - 8), (end.centerx, end.bottom + 14))
    cards.keycap(surface, "Space", (hand.centerx + 110, hand.top + 40), 26)
    label(surface, "play", (hand.centerx + 110, hand.top + 80), 26)
    cards.keycap(surface, "Q", (hand.centerx + 110, hand.top + 130), 26)
    label(surface, "put back", (hand.centerx + 110, hand.top + 166), 26)
    label(surface, "1: a pile's button draws   2: confirm plays where the cursor jumped",
          (rect.centerx, rect.bottom - 24), 26)


def growing(surface, rect) -> None:
    end = dog(surface, ["Hr", "Mrg", "Mgb"], [0, 1, 0], rect.left + 40, rect.top + 40)
    cards.socket(surface, end, 3)
    width, _ = cards.card_size(HEIGHT)
    good = pygame.Rect(end.left, rect.top + 210, width, HEIGHT)
    surface.blit(cards.card_image("Mby", HEIGHT, SEATS[2]), good)
    tick(surface, (good.centerx, good.bottom + 30), True)
    bad = pygame.Rect(end.left + width + 60, rect.top + 210, width, HEIGHT)
    surface.blit(cards.card_image("Mgy", HEIGHT, SEATS[2]), bad)
    tick(surface, (bad.centerx, bad.bottom + 30), False)
    arrow(surface, (good.centerx, good.top - 6), (end.centerx, end.bottom + 8))
    label(surface, "blue meets blue: it fits", (good.centerx, good.bottom + 70), 24)
    label(surface, "green does not", (bad.centerx + 40, bad.bottom + 70), 24)
    for i in range(4):
        x = rect.left + 40 + i * 190
        surface.blit(cards.swatch(i, 44), (x, rect.bottom - 40 - 22))
        label(surface, f"{COLOUR_NAMES[i]} {COLOUR_PATTERNS[i]}", (x + 54, rect.bottom - 40), 22, anchor="midleft")


def heads(surface, rect) -> None:
    end = dog(surface, ["Hy", "Myy"], [1, 0], rect.left + 60, rect.top + 40)
    cards.socket(surface, end, 1)
    width, _ = cards.card_size(HEIGHT)
    head = pygame.Rect(end.left + 40, end.top, width, HEIGHT)
    surface.blit(cards.card_image("Hg", HEIGHT, SEATS[0], True), head)
    tick(surface, (head.centerx, head.bottom + 30), False)
    label(surface, "a head never joins a dog", (head.centerx + 60, head.bottom + 70), 24)
    new = pygame.Rect(rect.left + 60, rect.top + 300, width, HEIGHT)
    cards.socket(surface, new, None)
    surface.blit(cards.card_image("Hg", HEIGHT, SEATS[0], True), new)
    tick(surface, (new.right + 40, new.centery), True)
    label(surface, "a head starts a new dog in a free lane", (new.right + 80, new.centery), 24, anchor="midleft")


def too_late(surface, rect) -> None:
    end = dog(surface, ["Hr", "Mry"], [2, 0], rect.left + 60, rect.top + 40)
    width, _ = cards.card_size(HEIGHT)
    label(surface, "Anna played first", (end.left - width // 2, end.bottom + 24), 24, SEATS[0])
    ben = pygame.Rect(rect.left + 460, rect.top + 240, width, HEIGHT)
    surface.blit(cards.card_image("Mrg", HEIGHT, SEATS[1]), ben)
    pygame.draw.rect(surface, art.DANGER, ben.inflate(10, 10), 4, border_radius=12)
    arrow(surface, (ben.centerx, ben.top - 8), (end.left - width // 2 + 20, end.bottom + 48), art.DANGER)
    box = pygame.Rect(rect.left + 40, rect.bottom - 110, rect.width - 80, 70)
    surface.blit(art.panel(box.size, (90, 46, 40), SEATS[1], 12), box)
    label(surface, "Ben: too late: Anna was first on dog 0", box.center, 26, art.INK)


def owners(surface, rect) -> None:
    width, _ = cards.card_size(96)
    dog(surface, ["Hb", "Mbr", "Tr"], [0, 2, 1], rect.left + 40, rect.top + 40, 96)
    surface.blit(cards.marker(40, SEATS[1]), (rect.left + 40 + 3 * width + 14, rect.top + 68))
    label(surface, "plain tail: Anna's dog (she played the head)", (rect.left + 40, rect.top + 170), 24,
          art.INK, "midleft")
    dog(surface, ["Hg", "Mgb", "Cb"], [0, 0, 2], rect.left + 40, rect.top + 230, 96)
    surface.blit(cards.marker(40, SEATS[2]), (rect.left + 40 + 3 * width + 14, rect.top + 258))
    label(surface, "cat tail: Clara's dog (she played the tail)", (rect.left + 40, rect.top + 360), 24,
          art.INK, "midleft")
    for i in range(6):
        surface.blit(cards.marker(34, SEATS[1], used=i >= 4), (rect.left + 40 + i * 40, rect.bottom - 80))
    label(surface, "the tail's player puts a marker on the dog; the sixth says \"Stop!\"",
          (rect.left + 40, rect.bottom - 24), 24, anchor="midleft")


def bones(surface, rect) -> None:
    rows: tuple[tuple[str, int, list[str], bool], ...] = (("Anna", 9, ["gold"], False), ("Ben", 5, ["silver"], True), ("Clara", 2, ["bronze"], False),
            ("David", 0, [], False))
    for i, (name, count, won, emptied) in enumerate(rows):
        y = rect.top + 50 + i * 70
        art.blit_text(surface, name, 32, SEATS[i], (rect.left + 40, y), weight="bold")
        pygame.draw.rect(surface, SEATS[i], pygame.Rect(rect.left + 200, y + 4, count * 18, 28), border_radius=6)
        label(surface, f"{count} cards", (rect.left + 380, y + 18), 26, anchor="midleft")
        x = rect.left + 520
        for kind in won + (["bronze"] if emptied else []):
            image = cards.bone(64, cards.BONE_COLOURS[kind])
            surface.blit(image, image.get_rect(midleft=(x, y + 18)))
            x += 72
        if emptied:
            label(surface, "+ pile", (x, y + 18), 22, cards.BONE_COLOURS["bronze"], "midleft")
    label(surface, "gold 3   silver 2   bronze 1   a played-out pile: one more bronze",
          (rect.centerx, rect.bottom - 60), 24)
    label(surface, "three rounds: the most points win", (rect.centerx, rect.bottom - 24), 24, art.INK)


def countdown(surface, rect) -> None:
    steps = (("Ready... 3", 250), ("2", 100), ("1", 100), ("Wuff!", 180))
    gap = 20
    x = rect.centerx - (sum(width for _, width in steps) + gap * (len(steps) - 1)) // 2
    for i, (words, width) in enumerate(steps):
        box = pygame.Rect(x, rect.centery - 95, width, 110)
        colour = art.GOLD if i == len(steps) - 1 else art.INK
        surface.blit(art.panel(box.size, art.NIGHT, colour, 20), box)
        art.blit_text(surface, words, 44, colour, box.center, "center", "bold")
        x = box.right + gap
    label(surface, "nobody draws before \"Wuff!\": people, bots and LAN players alike",
          (rect.centerx, rect.bottom - 60), 24)


PAGES = (
    Page("The race", (
        "Everyone plays at the same time, as fast as they can. You have three face-down "
        "piles of ten cards and may hold one card at a time.",
        "- Press a pile's own button to draw its top card (A, W, D on the left keyboard half; "
        "the arrows on the right half; a pad's left, top and right face buttons; or click it).",
        "- Your cursor jumps to the best place for the card: confirm plays it there. Directions "
        "move it to the card's other places.",
        "- Back (Q, Backspace, the pad's right button, a right click) puts the card back under "
        "the pile it came from.",
        "Your zone shows your buttons, your piles and your card.",
    ), race, "Two presses per card: draw, then play."),
    Page("Ready - Wuff!", (
        "Every round starts with a short countdown that everyone sees at once. Nobody may "
        "draw before \"Wuff!\": the host refuses it, for people, bots and LAN players alike.",
        "Between rounds, the tally of the round just over shows first; then the next countdown "
        "runs. With the round timer on, everyone sees the time left in the header.",
    ), countdown, "Then everyone races."),
    Page("Growing dachshunds", (
        "A dog faces left: a head, then any number of middles, then a tail. Dogs grow "
        "only at their open right end, which shows its coat colour and pattern.",
        "- A middle or a tail fits when its left colour matches the open end's colour.",
        "- Every colour has its own pattern, for colour-blind players: red dots, yellow "
        "stripes, green checks, blue waves.",
        "The band at a card's foot says who played it.",
    ), growing, "The blue/yellow middle fits the blue end."),
    Page("Heads", (
        "A head starts a new dog, in the first free lane on the table. A head never joins a "
        "dog that is already there, and never goes next to another head.",
        "Put heads down quickly: others will grow your dogs for you. But do not let a dog grow "
        "too long: someone may steal it with a cat tail.",
    ), heads, "Heads start dogs; they never join one."),
    Page("Too late!", (
        "Two players may go for the same open end at once. The host takes plays in the order "
        "they arrive: the first one lands.",
        "- The other is refused with who was first: the card stays in that player's hand, and "
        "the cursor jumps to the card's next place, if it has one.",
        "Across the LAN your own play shows at once, see-through, and settles when the host "
        "answers.",
    ), too_late, "The first play lands; the late card stays in hand."),
    Page("Whose dog?", (
        "A tail completes a dog: it flies to the side under a marker of whoever played the tail.",
        "- A plain tail gives the dog to whoever played its head.",
        "- A cat tail gives it to whoever played the tail.",
        "Placing your sixth marker ends the round for everyone: \"Stop!\" Cards still in "
        "hands are discarded; unfinished dogs belong to nobody.",
    ), owners, "Tails decide who owns a dog."),
    Page("Bones", (
        "After each round everyone counts the cards in the dogs they own. The most earn "
        "a gold bone (3 points), then silver (2), then bronze (1); ties share the better bone. "
        "With two or three players everyone earns at least bronze.",
        "- Played out a whole pile (every card on the table)? One more bronze.",
        "A round also ends when nobody can play, or when the optional round timer runs out. "
        "After three rounds the most points win; ties share the win.",
    ), bones, "The tally after every round."),
)
