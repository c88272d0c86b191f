"""Wie Waldi's sprites for a phone (issue 40): every key `engines.wie_waldi.picture` names,
drawn with the table's own card art at twice their CSS size (the sheet is 2x).

A card is 60 x 77 CSS pixels: a one-tap target over 48 px either way. Cards carry no
seat band (the phone shows its own seat's things; a dog's owner shows on the big screen),
and piles are backs in a neutral colour (the page itself wears the seat's colour).
"""

import pygame

from client.games.wie_waldi import art
from engines.wie_waldi.cards import SET
from engines.wie_waldi.picture import EMPTY, NEW_DOG, PILE, card_key

CARD_HEIGHT = 154  # sheet pixels: 120 x 154, 60 x 77 CSS
PILE_BACK = (128, 112, 100)  # no seat's colour: the page wears the seat's own
EMPTY_EDGE = (92, 78, 70)  # a played-out pile's outline, as the table draws it


def sprites() -> dict[str, pygame.Surface]:
    size = art.card_size(CARD_HEIGHT)
    drawn = {card_key(code): art.card_image(code, CARD_HEIGHT) for code in dict.fromkeys(SET)}
    drawn[PILE] = art.card_back(CARD_HEIGHT, PILE_BACK)
    drawn[NEW_DOG] = art.socket_image(None, size, 0)
    empty = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(empty, EMPTY_EDGE, empty.get_rect(), width=4, border_radius=16)
    drawn[EMPTY] = empty
    return drawn
