"""Where things are at the Wie Waldi table (logical 1920x1080 coordinates): the table with
the dogs' lanes and the kennel, the seats' zones and their piles and hand card, the kennel's
rows. Pure geometry; where each dog lies is `lanes`."""

import math
from typing import TypedDict

import pygame

from client.games.wie_waldi.art import card_size
from client.table.layout import Layout, seat_strip

BOARD = pygame.Rect(30, 300, 1860, 406)  # the table: the dogs' lanes and, at its right, the kennel
DOGS = pygame.Rect(38, 308, 1520, 390)
KENNEL = pygame.Rect(1572, 300, 318, 406)
SEAT_AREA = pygame.Rect(30, 716, 1860, 344)

PILE_HEIGHT, HAND_HEIGHT = 108, 126
# One button per pile, by where the piles lie: left, middle, right.
KEY_PILES = ("left", "up", "right")
PAD_PILES = ("alt", "secret", "back")  # the pad's left, top and right face buttons

KENNEL_ROWS_TOP = 84  # below the kennel's heading and the running count
KENNEL_ROW_HEIGHT = 44  # at most: rows grow thinner as dogs are done
OWNER = 26  # the owner's disc at a kennel row's left


def table_layout(players: int) -> Layout:
    """The board and every seat's zone. Nothing private to choose (local hands show in the
    seat zones): no private areas, so no panel ever opens and the peek button is free for
    the pile shortcuts."""
    zones = dict(enumerate(seat_strip(players, SEAT_AREA, 14, 600)))
    return Layout(BOARD.copy(), zones, {})


class ZoneParts(TypedDict):
    """Where a seat's things are in its zone."""

    piles: list[pygame.Rect]  # its three piles, left to right
    hand: pygame.Rect  # its hand card
    keys: int  # the centre line of the piles' keys
    legend: int  # the centre line of its buttons' legend


def zone_parts(zone: pygame.Rect) -> ZoneParts:
    """Where a seat's piles, hand card, pile keys and legend are in its ``zone``."""
    pile_w, _ = card_size(PILE_HEIGHT)
    hand_w, _ = card_size(HAND_HEIGHT)
    top = zone.top + 112
    gap = min(16, (zone.width - 40 - 3 * pile_w - hand_w) // 4)
    piles = [pygame.Rect(zone.left + 16 + k * (pile_w + gap), top + 8, pile_w, PILE_HEIGHT) for k in range(3)]
    hand = pygame.Rect(zone.right - 16 - hand_w, top - 4, hand_w, HAND_HEIGHT)
    return {"piles": piles, "hand": hand, "keys": top + PILE_HEIGHT + 30, "legend": zone.bottom - 34}


def kennel_row(slot: int, count: int) -> pygame.Rect:
    """A completed dog's row in the kennel: two columns, top to bottom, thinner when many
    are done."""
    rows = max(7, math.ceil(count / 2))
    height = min(KENNEL_ROW_HEIGHT, (KENNEL.height - KENNEL_ROWS_TOP - 8) // rows)
    column, row = divmod(slot, rows)
    width = (KENNEL.width - 30) // 2
    return pygame.Rect(KENNEL.left + 12 + (column % 2) * (width + 6), KENNEL.top + KENNEL_ROWS_TOP + row * height,
                       width, height - 2)


def tally_box(players: int) -> pygame.Rect:
    """The round's tally, over the middle of the table."""
    box = pygame.Rect(0, 0, 1100, 130 + 62 * players)
    box.center = BOARD.center
    return box
