"""Die Mauer's phone sprites (issue 40): every key the phone's hints may name is drawn, by
the table's own piece art, big enough to tap; "back" is the table's face-down piece."""

import pygame

from client.games.die_mauer import art, phone_sprites
from engines.die_mauer.picture import BACK, FIST, PIECE_KEYS


def test_the_sheet_draws_every_key_the_hints_name_with_the_tables_pieces():
    pygame.init()
    drawn = phone_sprites.sprites()
    assert set(drawn) == {*PIECE_KEYS.values(), FIST, BACK}
    for surface in drawn.values():  # 2x: at least 48 CSS pixels each way, a one-tap target
        assert surface.get_width() >= 96 and surface.get_height() >= 96
    tower = art.piece_image("T", phone_sprites.PIECE_HEIGHT)
    assert pygame.image.tobytes(drawn["tower"], "RGBA") == pygame.image.tobytes(tower, "RGBA")
    back = art.hidden_piece(drawn[BACK].get_size())
    assert pygame.image.tobytes(drawn[BACK], "RGBA") == pygame.image.tobytes(back, "RGBA")
