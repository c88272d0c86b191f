"""Where things are at a table (logical 1920x1080 coordinates): the shared areas every
game keeps clear, each game's `Layout`, and helpers that place seats and choices."""

from dataclasses import dataclass, field

import pygame

from client.table.types import Colour
from client.ui import art

HEADER = pygame.Rect(30, 24, 560, 120)
LOG = pygame.Rect(1360, 24, 530, 270)
PHASE = pygame.Rect(600, 168, 750, 116)  # the phase line(s): between header and log, under the toasts
SEAT_STRIP = pygame.Rect(30, 816, art.W - 60, 240)
PRIVATE_BAND = pygame.Rect(30, 584, art.W - 60, 224)  # between board and seats
@dataclass
class Layout:
    """Where things are at this table (logical 1920x1080 coordinates)."""

    board: pygame.Rect  # the shared board: always visible, never under a private panel
    seats: dict[int, pygame.Rect]  # every seat's public zone
    private: dict[int, pygame.Rect]  # each local seat's private panel
    header: pygame.Rect = field(default_factory=lambda: HEADER.copy())
    phase: pygame.Rect = field(default_factory=lambda: PHASE.copy())
    log: pygame.Rect = field(default_factory=lambda: LOG.copy())


def seat_strip(players: int, area: pygame.Rect = SEAT_STRIP, gap: int = 14, widest: int = 330) -> list[pygame.Rect]:
    """``players`` equal zones side by side, centred in ``area``."""
    width = min(widest, (area.width - gap * (players - 1)) // players)
    total = players * width + (players - 1) * gap
    left = area.centerx - total // 2
    return [pygame.Rect(left + i * (width + gap), area.top, width, area.height) for i in range(players)]


def seat_card(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, lit: bool) -> None:
    """A seat's card: a panel (lit and ringed in the seat's colour while it acts) with the
    seat's colour bar along its top."""
    surface.blit(art.panel(rect.size, art.PANEL_HI if lit else art.PANEL, colour if lit else None), rect)
    pygame.draw.rect(surface, colour, pygame.Rect(rect.left + 14, rect.top + 12, rect.width - 28, 10),
                     border_radius=5)


def private_panel(zone: pygame.Rect, width: int, band: pygame.Rect = PRIVATE_BAND) -> pygame.Rect:
    """A private panel ``width`` wide in ``band``, centred over a seat's ``zone``."""
    width = min(width, band.width)
    rect = pygame.Rect(0, band.top, width, band.height)
    rect.centerx = min(max(zone.centerx, band.left + width // 2), band.right - width // 2)
    return rect


def strip_rects(area: pygame.Rect, count: int, width: int, height: int, gap: int = 12) -> list[pygame.Rect]:
    """``count`` rects of at most ``width`` x ``height`` in a centred row inside ``area``."""
    if count <= 0:
        return []
    width = min(width, (area.width - gap * (count - 1)) // count)
    height = min(height, area.height)
    total = count * width + (count - 1) * gap
    left = area.centerx - total // 2
    return [pygame.Rect(left + i * (width + gap), area.centery - height // 2, width, height) for i in range(count)]
