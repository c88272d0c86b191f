"""The town's picture: painted tile by tile it is the one painted at once; the two walls
look different."""

import random

import pygame

from client.games.drunter_druber import layout, town
from engines import new_game


def test_a_board_painted_tile_by_tile_looks_like_one_painted_at_once(make_app):
    make_app()
    rng = random.Random(2)
    state = new_game("drunter_druber", 4, 7, variant=False)
    painter = town.BoardPainter()
    checked = 0
    while not state.is_over():
        player = state.active_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)[:8]))
        tiles = state.view(None)["tiles"]
        picture = painter.image(tiles)
        if len(tiles) % 9 == 0 or state.phase == "vote":
            fresh = town.BoardPainter().image(tiles)
            assert pygame.image.tobytes(picture, "RGB") == pygame.image.tobytes(fresh, "RGB"), len(tiles)
            checked += 1
    assert checked > 5


def test_the_two_walls_look_different(make_app):
    """A tile on the north wall and the same tile on the south wall: told apart by colour."""
    make_app()
    tiles = [{"stretch": "wall_nw", "kind": "wall", "size": 2, "cells": [[1, 0], [2, 0]]},
             {"stretch": "wall_se", "kind": "wall", "size": 2, "cells": [[13, 9], [12, 9]]}]
    board = town.BoardPainter().image(tiles)

    def middle(cells) -> tuple:
        rect = layout.cells_rect([tuple(c) for c in cells]).move(-layout.FRAME.left, -layout.FRAME.top)
        return tuple(pygame.transform.average_color(board, rect.inflate(-30, -30))[:3])

    north, south = middle(tiles[0]["cells"]), middle(tiles[1]["cells"])
    assert sum(abs(a - b) for a, b in zip(north, south, strict=True)) > 40, (north, south)
    ghosts = [town.lone_tile(stretch, ((5, 5), (6, 5)), "w") for stretch in ("wall_nw", "wall_se")]
    assert pygame.image.tobytes(ghosts[0], "RGBA") != pygame.image.tobytes(ghosts[1], "RGBA")
