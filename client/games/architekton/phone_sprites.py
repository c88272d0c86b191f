"""Architekton's sprites for the phone page (issue 40): every key the phone hints name
(`engines.architekton.picture.all_keys`), drawn with the table's own art at twice their
CSS size: each building as it lies at each distinct turn, the four landscapes, the
chessboard's empty squares, a chip and each seat's house.
"""

import pygame

from client.games.architekton import art as pieces
from client.ui import art
from engines.architekton.picture import all_keys, tile_key
from engines.architekton.tiles import BUILDINGS, LANDSCAPE_TERRAIN, ROTATIONS, TERRAINS

SCALE = 2
TILE = 48  # CSS pixels: a tile is a one-tap target (the board is scaled by the page)


def px(css: int) -> int:
    return css * SCALE


def sprites() -> dict[str, pygame.Surface]:
    """Every sprite the phone hints can name, keyed as they name it."""
    size = px(TILE)
    drawn: dict[str, pygame.Surface] = {
        "chip": pieces.chip_image(size).copy(),
        "house.0": pieces.house_image(art.SEAT_COLOURS[0], 0, size).copy(),
        "house.1": pieces.house_image(art.SEAT_COLOURS[1], 1, size).copy(),
        "square.building": pieces.empty_square(True, size).copy(),
        "square.landscape": pieces.empty_square(False, size).copy(),
    }
    one_of_each = {terrain: next(tile for tile, t in sorted(LANDSCAPE_TERRAIN.items()) if t == terrain)
                   for terrain in TERRAINS}
    for tile in one_of_each.values():
        drawn[tile_key(tile)] = pieces.tile_image(tile, 0, size).copy()
    for tile in BUILDINGS:
        for rot in ROTATIONS[tile]:
            drawn[tile_key(tile, rot)] = pieces.tile_image(tile, rot, size).copy()
    missing = set(all_keys()) - set(drawn)
    if missing:  # a key the hints can name must be on the sheet
        raise ValueError(f"no sprite drawn for {sorted(missing)}")
    return drawn
