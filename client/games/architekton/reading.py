"""What drawing reads of the Architekton table (its paint modules take the table as this),
and the two small readings every part of the drawing uses."""

from typing import Protocol

import pygame

from client.games.architekton.choices import StepsTable
from client.games.architekton.state import Effects, Square
from client.table.types import Colour

# What the whole board's image shows: the squares' version, pixels a square, smoothly
# scaled or not, the squares hidden under a flying tile and a flying house, the colours.
BoardKey = tuple[int, int, bool, frozenset[Square], frozenset[Square], tuple[Colour, ...]]
BoardImage = tuple[BoardKey, pygame.Surface]  # the whole board drawn
BoardView = tuple[tuple[BoardKey, tuple[int, int]], pygame.Surface]  # the felt with the board on it, at rest


class BoardTable(StepsTable, Protocol):
    """What drawing reads of the Architekton table (`table.ArchitektonTable`, which imports
    this): what the steps read, what moves over the board, and the two board images it keeps."""

    board_image: BoardImage | None
    board_view: BoardView | None

    @property
    def effects(self) -> Effects: ...

    def draw_name(self, surface: pygame.Surface, seat: int, pos: tuple[int, int], size: int, width: int,
                  anchor: str = "topleft", colour: Colour | None = None) -> pygame.Rect: ...


def progress(game: BoardTable, name: str) -> float:
    """How far tween ``name`` has run (1: never started, so nothing to wait for)."""
    done = game.table.progress(name)
    return 1.0 if done is None else done


def zone(game: BoardTable, seat: int) -> pygame.Rect:
    """``seat``'s zone on the shared screen."""
    return game.table.layout.seats[seat]
