"""Die Mauer drawn in code: wall pieces, fists and the master builder's block."""

from functools import lru_cache

import pygame

from client.table.types import Colour
from client.ui import art
from engines.die_mauer import GATE, TOWER
from engines.die_mauer.picture import PIECE_ASPECT, PIECE_WIDTH_UNITS

MASTER_ORANGE = (255, 132, 24)
STONE = (196, 178, 150)
STONE_DARK = (132, 116, 96)
TOWER_BLUE = (92, 132, 214)
GATE_RED = (206, 76, 68)


def piece_size(piece: str, height: int) -> tuple[int, int]:
    return round(height * PIECE_ASPECT * PIECE_WIDTH_UNITS[piece]), height


@art.cached
@lru_cache(maxsize=256)
def piece_image(piece: str, height: int, tint: Colour | None = None, ghost: bool = False) -> pygame.Surface:
    """A wall segment: stone block with merlons, a blue Tower, or a red Gate."""
    width, height = piece_size(piece, height)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    base = TOWER_BLUE if piece == TOWER else GATE_RED if piece == GATE else STONE
    if tint is not None:
        base = art.mix(base, tint, 0.35)
    alpha = 110 if ghost else 255
    dark, light = (*art.shade(base, 0.62), alpha), (*art.shade(base, 1.12), alpha)
    body = pygame.Rect(0, round(height * 0.22), width, round(height * 0.78))
    if piece == TOWER:
        body = pygame.Rect(0, round(height * 0.12), width, round(height * 0.88))
    merlons = {TOWER: 3, GATE: 2}.get(piece) or int(piece)
    slot = width / (merlons * 2 - 1)
    for i in range(merlons):
        merlon = pygame.Rect(round(i * 2 * slot), body.top - round(height * 0.12), max(3, round(slot)),
                             round(height * 0.14))
        pygame.draw.rect(surface, dark, merlon)
        pygame.draw.rect(surface, light, merlon.inflate(-4, -4))
    pygame.draw.rect(surface, dark, body, border_radius=4)
    pygame.draw.rect(surface, (*base, alpha), body.inflate(-6, -6), border_radius=3)
    rows = 4
    for r in range(1, rows):  # mortar lines
        y = body.top + r * body.height // rows
        pygame.draw.line(surface, dark, (body.left + 4, y), (body.right - 5, y), 2)
        for c in range(3):
            x = body.left + (c * 2 + r % 2 + 1) * body.width // 6
            pygame.draw.line(surface, dark, (x, y - body.height // rows + 3), (x, y - 2), 2)
    if piece == GATE:
        arch = pygame.Rect(0, 0, width // 2, body.height * 0.62)
        arch.midbottom = (width // 2, body.bottom - 3)
        pygame.draw.rect(surface, (30, 20, 20, alpha), arch, border_top_left_radius=width // 4,
                         border_top_right_radius=width // 4)
    elif piece == TOWER:
        window = pygame.Rect(0, 0, max(6, width // 6), body.height // 5)
        window.center = (width // 2, body.top + body.height // 3)
        pygame.draw.rect(surface, (28, 30, 48, alpha), window, border_top_left_radius=8,
                         border_top_right_radius=8)
    label = art.text(piece, max(18, height // 3), art.INK if piece in (TOWER, GATE) else art.NIGHT, "bold")
    surface.blit(label, label.get_rect(center=(width // 2, body.top + body.height * 0.72)))
    if ghost:
        pygame.draw.rect(surface, (*art.INK, 200), surface.get_rect(), width=3, border_radius=6)
    return surface


@art.cached
@lru_cache(maxsize=16)
def hidden_piece(size: tuple[int, int]) -> pygame.Surface:
    """A piece face down: a seat's hidden stock, and a phone's secret plan until the reveal."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(5, min(size) // 6)
    pygame.draw.rect(surface, STONE_DARK, rect, border_radius=radius)
    pygame.draw.rect(surface, art.shade(STONE_DARK, 1.25), rect.inflate(-max(6, size[0] // 5), -max(6, size[0] // 5)),
                     border_radius=radius - 1)
    return surface


@art.cached
@lru_cache(maxsize=64)
def fist_image(colour: Colour, size: int, open_amount: float = 0.0) -> pygame.Surface:
    """A stylised fist in a seat's colour; ``open_amount`` 1 shows an open palm."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    skin = art.mix((236, 196, 160), colour, 0.25)
    dark = art.shade(skin, 0.7)
    palm = pygame.Rect(size * 0.18, size * 0.34, size * 0.64, size * 0.56)
    pygame.draw.rect(surface, dark, palm, border_radius=size // 6)
    pygame.draw.rect(surface, skin, palm.inflate(-6, -6), border_radius=size // 6)
    for i in range(4):
        length = size * (0.16 + 0.3 * open_amount)
        finger = pygame.Rect(palm.left + 4 + i * (palm.width - 8) / 4, palm.top - length + size * 0.08,
                             (palm.width - 8) / 4 - 2, length + size * 0.1)
        pygame.draw.rect(surface, dark, finger, border_radius=size // 14)
        pygame.draw.rect(surface, skin, finger.inflate(-4, -4), border_radius=size // 14)
    pygame.draw.rect(surface, colour, pygame.Rect(palm.left, palm.bottom - 10, palm.width, 10), border_radius=4)
    return surface


@art.cached
@lru_cache(maxsize=16)
def master_block(size: int) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(surface, art.shade(MASTER_ORANGE, 0.7), surface.get_rect(), border_radius=size // 6)
    pygame.draw.rect(surface, MASTER_ORANGE, surface.get_rect().inflate(-6, -6), border_radius=size // 6)
    label = art.text("M", round(size * 0.8), art.NIGHT, "bold")
    surface.blit(label, label.get_rect(center=(size // 2, size // 2 + 2)))
    return surface


def wall_image(pieces: str, height: int, gap: int = 6) -> pygame.Surface:
    """A little wall of ``pieces`` side by side (the game's emblem, how-to examples)."""
    images = [piece_image(piece, height) for piece in pieces]
    surface = pygame.Surface((sum(i.get_width() for i in images) + gap * (len(images) - 1), height), pygame.SRCALPHA)
    x = 0
    for image in images:
        surface.blit(image, (x, 0))
        x += image.get_width() + gap
    return surface
