"""Die Mauer's sprites for a phone (issue 40): every key `engines.die_mauer.picture` names,
drawn with the table's own art at twice their CSS size (the sheet is 2x).

A piece is 100 CSS pixels tall, so the narrowest (the 1-wall) is 50 wide: a one-tap target
over 48 px. "back" is a piece face down (a secret plan until the reveal), "fist" an empty
fist (the plan of no piece), opened.
"""

import pygame

from client.games.die_mauer import art
from client.ui import art as ui
from engines.die_mauer.picture import BACK, FIST, PIECE_KEYS

PIECE_HEIGHT = 200  # sheet pixels: 100 CSS


def sprites() -> dict[str, pygame.Surface]:
    drawn = {key: art.piece_image(piece, PIECE_HEIGHT) for piece, key in PIECE_KEYS.items()}
    drawn[FIST] = art.fist_image(ui.INK_DIM, PIECE_HEIGHT, 1.0)
    drawn[BACK] = art.hidden_piece(art.piece_size("3", PIECE_HEIGHT))
    return drawn
