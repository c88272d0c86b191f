"""How to play each game, in the window: pages of rules a first-time player meets, each
with a small example drawn in code. Each game's pages are in its table's package
(``client/games/<id>/howto.py``); this module has what they share.

A page's ``example(surface, rect)`` draws inside ``rect`` and only there.
"""

import importlib
from collections.abc import Callable
from dataclasses import dataclass

import pygame
from pygame.typing import RectLike

from client.i18n import N_
from client.table.types import Colour
from client.ui import art

Point = tuple[float, float]  # a spot on the example's surface (pygame rounds it)


@dataclass(frozen=True)
class Page:
    """A page's words are messages marked with ``N_`` (pages are built at import); the
    how-to screen looks them up where it draws them. The examples word their own labels
    (``_()`` at the call: `label` and `tile` draw what they are given, names and numbers too)."""

    title: str
    text: tuple[str, ...]  # paragraphs; one starting with "- " is a bullet
    example: Callable[[pygame.Surface, pygame.Rect], None] | None = None
    caption: str = ""


def pages(game_id: str) -> list[Page]:
    """The how-to pages of ``game_id``, from its table's package (``client.games.<id>.howto``),
    or one page naming the rules file for a game without pages of its own."""
    module = f"client.games.{game_id}.howto"
    try:
        return list(importlib.import_module(module).PAGES)
    except ModuleNotFoundError as missing:
        if not missing.name or not module.startswith(missing.name):
            raise  # the module exists but something it imports does not
    return [Page(N_("Rules"), (N_("The rules of this game are in the docs/rules folder."),))]


# --- drawing helpers shared by the examples ----------------------------------------------
def label(surface: pygame.Surface, words: str, pos: Point, size: int = 28, colour: Colour = art.INK_DIM,
          anchor: str = "center") -> None:
    art.blit_text(surface, words, size, colour, pos, anchor)


def arrow(surface: pygame.Surface, start: Point, end: Point, colour: Colour = art.GOLD, width: int = 5) -> None:
    """A straight arrow from ``start`` to ``end``."""
    pygame.draw.line(surface, colour, start, end, width)
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    left = (end[0] - 18 * ux + 10 * uy, end[1] - 18 * uy - 10 * ux)
    right = (end[0] - 18 * ux - 10 * uy, end[1] - 18 * uy + 10 * ux)
    pygame.draw.polygon(surface, colour, [end, left, right])


def tick(surface: pygame.Surface, centre: Point, good: bool) -> None:
    """A green tick or a red cross."""
    x, y = centre
    if good:
        pygame.draw.lines(surface, art.GOOD, False, [(x - 14, y), (x - 4, y + 12), (x + 16, y - 14)], 6)
    else:
        pygame.draw.line(surface, art.DANGER, (x - 13, y - 13), (x + 13, y + 13), 6)
        pygame.draw.line(surface, art.DANGER, (x - 13, y + 13), (x + 13, y - 13), 6)


def tile(surface: pygame.Surface, rect: RectLike, colour: Colour, words: str = "", size: int = 30,
         ink: Colour = art.NIGHT) -> None:
    """A rounded tile or card with a word on it."""
    surface.blit(art.panel(pygame.Rect(rect).size, colour, art.shade(colour, 0.6), 8, 255), rect)
    if words:
        art.blit_text(surface, words, size, ink, pygame.Rect(rect).center, "center", weight="bold")
