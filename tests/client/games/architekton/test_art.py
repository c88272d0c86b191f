"""Architekton's pieces (AR-1): every side of a building shows its terrain at every
rotation, and terrains and players differ without colour."""

import pygame

from client.games.architekton import art as pieces
from engines.architekton.tiles import BUILDINGS, FACING, ROTATIONS, TERRAINS


# --- the pieces -------------------------------------------------------------------------------
def test_every_side_of_every_building_shows_its_terrain_at_every_rotation():
    colours = {t: pieces.TERRAIN_COLOURS[t] for t in TERRAINS}
    for tile in BUILDINGS:
        for rot in ROTATIONS[tile]:
            image = pieces.tile_image(tile, rot, 96)
            for side, (x, y) in enumerate(((48, 14), (82, 48), (48, 82), (14, 48))):
                # the most common terrain colour in a patch by the side's middle
                counts = {t: 0 for t in TERRAINS}
                for dx in range(-4, 5):
                    for dy in range(-4, 5):
                        pixel = image.get_at((x + dx, y + dy))[:3]
                        for t, colour in colours.items():
                            if sum(abs(a - b) for a, b in zip(pixel, colour, strict=True)) < 30:
                                counts[t] += 1
                assert max(counts, key=counts.get) == FACING[tile][rot][side], (tile, rot, side)


def test_terrains_and_players_differ_without_colour():
    """Colour-blind players: in grey, every terrain's pattern and each player's house differ."""
    def grey(surface):
        return pygame.transform.grayscale(surface)

    def difference(a, b):
        a, b = grey(a), grey(b)
        return sum(abs(a.get_at((x, y))[0] - b.get_at((x, y))[0]) for x in range(0, 96, 3) for y in range(0, 96, 3))

    squares = {t: pieces.terrain_square(t, 96) for t in TERRAINS}
    for a in TERRAINS:
        for b in TERRAINS:
            if a < b:
                assert difference(squares[a], squares[b]) > 20 * 32 * 32, (a, b)
    same = (120, 120, 120)
    first, second = pieces.house_image(same, 0, 96), pieces.house_image(same, 1, 96)
    assert difference(first, second) > 0
