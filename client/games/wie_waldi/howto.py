"""How to play Wie Waldi (rulings WA-1 to WA-8, docs/rules/wie_waldi.md), drawn with the
table's own cards, piles, markers and bones."""

import pygame

from client.games.wie_waldi import art as cards
from client.games.wie_waldi import words as say
from client.howto import Page, arrow, label, tick
from client.i18n import N_, _, ngettext
from client.table.types import Colour
from client.ui import art

# Each coat colour with its pattern (WA-1), as the legend names them.
COAT_LEGEND = (N_("red dots"), N_("yellow stripes"), N_("green checks"), N_("blue waves"))

SEATS = [art.SEAT_COLOURS[i] for i in range(4)]
HEIGHT = 120


def dog(surface: pygame.Surface, codes: list[str], players: list[int], left: int, top: int,
        height: int = HEIGHT) -> pygame.Rect:
    """A row of cards as a dog on the table; returns where its open end would be."""
    width = cards.card_size(height)[0]
    for i, (code, player) in enumerate(zip(codes, players, strict=True)):
        surface.blit(cards.card_image(code, height, SEATS[player]), (left + i * width, top))
    return pygame.Rect(left + len(codes) * width, top, width, height)


def note(surface: pygame.Surface, words: str, centre_x: int, y: int, size: int, width: int,
         colour: Colour = art.INK_DIM, down: bool = False) -> None:
    """A line under a picture, wrapped to ``width`` (a longer language takes two lines):
    its last line centred on ``y``, or with ``down`` its first line."""
    rows = art.wrap(words, size, width, "semibold")
    step = round(size * 1.25)
    first = y if down else y - (len(rows) - 1) * step
    for k, row in enumerate(rows):
        label(surface, row, (centre_x, first + k * step), size, colour)


def piles(surface: pygame.Surface, left: int, top: int, colour: Colour,
          keys: tuple[str, str, str] = ("A", "W", "D")) -> list[pygame.Rect]:
    width = cards.card_size(HEIGHT)[0]
    rects = []
    for k in range(3):
        rect = pygame.Rect(left + k * (width + 18), top, width, HEIGHT)
        for depth in range(3, -1, -1):
            surface.blit(cards.card_back(HEIGHT, colour), rect.move(depth * 3, -depth * 3))
        cards.keycap(surface, keys[k], (rect.centerx, rect.bottom + 26), 26)
        rects.append(rect)
    return rects


def race(surface: pygame.Surface, rect: pygame.Rect) -> None:
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
    label(surface, _(say.PLAY), (hand.centerx + 110, hand.top + 80), 26)
    cards.keycap(surface, "Q", (hand.centerx + 110, hand.top + 130), 26)
    label(surface, _(say.PUT_BACK), (hand.centerx + 110, hand.top + 166), 26)
    note(surface, _("1: a pile's button draws   2: confirm plays where the cursor jumped"), rect.centerx,
         rect.bottom - 24, 26, rect.width - 20)


def growing(surface: pygame.Surface, rect: pygame.Rect) -> None:
    end = dog(surface, ["Hr", "Mrg", "Mgb"], [0, 1, 0], rect.left + 40, rect.top + 40)
    cards.socket(surface, end, 3)
    width = cards.card_size(HEIGHT)[0]
    good = pygame.Rect(end.left, rect.top + 210, width, HEIGHT)
    surface.blit(cards.card_image("Mby", HEIGHT, SEATS[2]), good)
    tick(surface, (good.centerx, good.bottom + 30), True)
    bad = pygame.Rect(end.left + width + 60, rect.top + 210, width, HEIGHT)
    surface.blit(cards.card_image("Mgy", HEIGHT, SEATS[2]), bad)
    tick(surface, (bad.centerx, bad.bottom + 30), False)
    arrow(surface, (good.centerx, good.top - 6), (end.centerx, end.bottom + 8))
    note(surface, _("blue meets blue: it fits"), good.centerx - 20, good.bottom + 66, 24, 200, down=True)
    note(surface, _("green does not"), bad.centerx + 40, bad.bottom + 66, 24, 200, down=True)
    for i in range(4):  # two by two: room for longer words
        x, y = rect.left + 40 + (i % 2) * 360, rect.bottom - 90 + (i // 2) * 52
        surface.blit(cards.swatch(i, 44), (x, y - 22))
        label(surface, _(COAT_LEGEND[i]), (x + 54, y), 22, anchor="midleft")


def heads(surface: pygame.Surface, rect: pygame.Rect) -> None:
    end = dog(surface, ["Hy", "Myy"], [1, 0], rect.left + 60, rect.top + 40)
    cards.socket(surface, end, 1)
    width = cards.card_size(HEIGHT)[0]
    head = pygame.Rect(end.left + 40, end.top, width, HEIGHT)
    surface.blit(cards.card_image("Hg", HEIGHT, SEATS[0], True), head)
    tick(surface, (head.centerx, head.bottom + 30), False)
    label(surface, _("a head never joins a dog"), (head.centerx + 60, head.bottom + 70), 24)
    new = pygame.Rect(rect.left + 60, rect.top + 300, width, HEIGHT)
    cards.socket(surface, new, None)
    surface.blit(cards.card_image("Hg", HEIGHT, SEATS[0], True), new)
    tick(surface, (new.right + 40, new.centery), True)
    label(surface, _("a head starts a new dog in a free lane"), (new.right + 80, new.centery), 24, anchor="midleft")


def too_late(surface: pygame.Surface, rect: pygame.Rect) -> None:
    end = dog(surface, ["Hr", "Mry"], [2, 0], rect.left + 60, rect.top + 40)
    width = cards.card_size(HEIGHT)[0]
    label(surface, _("{name} played first").format(name="Anna"), (end.left - width // 2, end.bottom + 24), 24, SEATS[0])
    ben = pygame.Rect(rect.left + 460, rect.top + 240, width, HEIGHT)
    surface.blit(cards.card_image("Mrg", HEIGHT, SEATS[1]), ben)
    pygame.draw.rect(surface, art.DANGER, ben.inflate(10, 10), 4, border_radius=12)
    arrow(surface, (ben.centerx, ben.top - 8), (end.left - width // 2 + 20, end.bottom + 48), art.DANGER)
    box = pygame.Rect(rect.left + 40, rect.bottom - 110, rect.width - 80, 70)
    surface.blit(art.panel(box.size, (90, 46, 40), SEATS[1], 12), box)
    label(surface, _("{name}: {refusal}").format(name="Ben", refusal=say.too_late_on_end("Anna", 0, None, None)),
          box.center, 26, art.INK)


def owners(surface: pygame.Surface, rect: pygame.Rect) -> None:
    width = cards.card_size(96)[0]
    dog(surface, ["Hb", "Mbr", "Tr"], [0, 2, 1], rect.left + 40, rect.top + 40, 96)
    surface.blit(cards.marker(40, SEATS[1]), (rect.left + 40 + 3 * width + 14, rect.top + 68))
    label(surface, _("plain tail: Anna's dog (she played the head)"), (rect.left + 40, rect.top + 170), 24,
          art.INK, "midleft")
    dog(surface, ["Hg", "Mgb", "Cb"], [0, 0, 2], rect.left + 40, rect.top + 230, 96)
    surface.blit(cards.marker(40, SEATS[2]), (rect.left + 40 + 3 * width + 14, rect.top + 258))
    label(surface, _("cat tail: Clara's dog (she played the tail)"), (rect.left + 40, rect.top + 360), 24,
          art.INK, "midleft")
    for i in range(6):
        surface.blit(cards.marker(34, SEATS[1], used=i >= 4), (rect.left + 40 + i * 40, rect.bottom - 80))
    label(surface, _("the tail's player puts a marker on the dog; the sixth says \"Stop!\""),
          (rect.left + 40, rect.bottom - 24), 24, anchor="midleft")


def bones(surface: pygame.Surface, rect: pygame.Rect) -> None:
    rows: tuple[tuple[str, int, list[str], bool], ...] = (("Anna", 9, ["gold"], False), ("Ben", 5, ["silver"], True), ("Clara", 2, ["bronze"], False),
            ("David", 0, [], False))
    for i, (name, count, won, emptied) in enumerate(rows):
        y = rect.top + 50 + i * 70
        art.blit_text(surface, name, 32, SEATS[i], (rect.left + 40, y), weight="bold")
        pygame.draw.rect(surface, SEATS[i], pygame.Rect(rect.left + 200, y + 4, count * 18, 28), border_radius=6)
        label(surface, ngettext("{n} card", "{n} cards", count).format(n=count), (rect.left + 380, y + 18), 26, anchor="midleft")
        x = rect.left + 520
        for kind in won + (["bronze"] if emptied else []):
            image = cards.bone(64, cards.BONE_COLOURS[kind])
            surface.blit(image, image.get_rect(midleft=(x, y + 18)))
            x += 72
        if emptied:
            label(surface, _("+ pile"), (x, y + 18), 22, cards.BONE_COLOURS["bronze"], "midleft")
    label(surface, _("gold 3   silver 2   bronze 1   a played-out pile: one more bronze"),
          (rect.centerx, rect.bottom - 60), 24)
    label(surface, _("three rounds: the most points win"), (rect.centerx, rect.bottom - 24), 24, art.INK)


def countdown(surface: pygame.Surface, rect: pygame.Rect) -> None:
    steps = ((say.countdown(3), 250), ("2", 100), ("1", 100), (_(say.WUFF), 180))
    gap = 20
    x = rect.centerx - (sum(width for _words, width in steps) + gap * (len(steps) - 1)) // 2
    for i, (words, width) in enumerate(steps):
        box = pygame.Rect(x, rect.centery - 95, width, 110)
        colour = art.GOLD if i == len(steps) - 1 else art.INK
        surface.blit(art.panel(box.size, art.NIGHT, colour, 20), box)
        art.blit_text(surface, words, 44, colour, box.center, "center", "bold")
        x = box.right + gap
    note(surface, _("nobody draws before \"Wuff!\": people, bots and LAN players alike"), rect.centerx,
         rect.bottom - 60, 24, rect.width - 20)


PAGES = (
    Page(N_("The race"), (
        N_("Everyone plays at the same time, as fast as they can. You have three face-down "
        "piles of ten cards and may hold one card at a time."),
        N_("- Press a pile's own button to draw its top card (A, W, D on the left keyboard half; "
        "the arrows on the right half; a pad's left, top and right face buttons; or click it)."),
        N_("- Your cursor jumps to the best place for the card: confirm plays it there. Directions "
        "move it to the card's other places."),
        N_("- Back (Q, Backspace, the pad's right button, a right click) puts the card back under "
        "the pile it came from."),
        N_("Your zone shows your buttons, your piles and your card."),
    ), race, N_("Two presses per card: draw, then play.")),
    Page(N_("Ready - Wuff!"), (
        N_("Every round starts with a short countdown that everyone sees at once. Nobody may "
        "draw before \"Wuff!\": the host refuses it, for people, bots and LAN players alike."),
        N_("Between rounds, the tally of the round just over shows first; then the next countdown "
        "runs. With the round timer on, everyone sees the time left in the header."),
    ), countdown, N_("Then everyone races.")),
    Page(N_("Growing dachshunds"), (
        N_("A dog faces left: a head, then any number of middles, then a tail. Dogs grow "
        "only at their open right end, which shows its coat colour and pattern."),
        N_("- A middle or a tail fits when its left colour matches the open end's colour."),
        N_("- Every colour has its own pattern, for colour-blind players: red dots, yellow "
        "stripes, green checks, blue waves."),
        N_("The band at a card's foot says who played it."),
    ), growing, N_("The blue/yellow middle fits the blue end.")),
    Page(N_("Heads"), (
        N_("A head starts a new dog, in the first free lane on the table. A head never joins a "
        "dog that is already there, and never goes next to another head."),
        N_("Put heads down quickly: others will grow your dogs for you. But do not let a dog grow "
        "too long: someone may steal it with a cat tail."),
    ), heads, N_("Heads start dogs; they never join one.")),
    Page(N_("Too late!"), (
        N_("Two players may go for the same open end at once. The host takes plays in the order "
        "they arrive: the first one lands."),
        N_("- The other is refused with who was first: the card stays in that player's hand, and "
        "the cursor jumps to the card's next place, if it has one."),
        N_("Across the LAN your own play shows at once, see-through, and settles when the host "
        "answers."),
    ), too_late, N_("The first play lands; the late card stays in hand.")),
    Page(N_("Whose dog?"), (
        N_("A tail completes a dog: it flies to the side under a marker of whoever played the tail."),
        N_("- A plain tail gives the dog to whoever played its head."),
        N_("- A cat tail gives it to whoever played the tail."),
        N_("Placing your sixth marker ends the round for everyone: \"Stop!\" Cards still in "
        "hands are discarded; unfinished dogs belong to nobody."),
    ), owners, N_("Tails decide who owns a dog.")),
    Page(N_("Bones"), (
        N_("After each round everyone counts the cards in the dogs they own. The most earn "
        "a gold bone (3 points), then silver (2), then bronze (1); ties share the better bone. "
        "With two or three players everyone earns at least bronze."),
        N_("- Played out a whole pile (every card on the table)? One more bronze."),
        N_("A round also ends when nobody can play, or when the optional round timer runs out. "
        "After three rounds the most points win; ties share the win."),
    ), bones, N_("The tally after every round.")),
)
