"""Wie Waldi's phone sprites (issue 40): every key the phone's hints may name is drawn, by
the table's own card art, big enough to tap."""

import pygame

from client.games.wie_waldi import art, phone_sprites
from engines.wie_waldi.picture import CARD_KEYS, EMPTY, NEW_DOG, PILE


def test_the_sheet_draws_every_key_the_hints_name_with_the_tables_cards():
    pygame.init()
    drawn = phone_sprites.sprites()
    assert set(drawn) == {*CARD_KEYS.values(), PILE, EMPTY, NEW_DOG}
    for surface in drawn.values():  # 2x: at least 48 CSS pixels each way, a one-tap target
        assert surface.get_width() >= 96 and surface.get_height() >= 96
    face = art.card_image("Mrg", phone_sprites.CARD_HEIGHT)
    assert pygame.image.tobytes(drawn["mrg"], "RGBA") == pygame.image.tobytes(face, "RGBA")
    assert len({pygame.image.tobytes(image, "RGBA") for image in drawn.values()}) == len(drawn)  # each its own
