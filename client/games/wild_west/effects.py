"""What moves on a sheet while an event plays: a number growing into its tile, track
running along a tile's foot, a grave dropping in, a park growing, an upgrade's ring
closing in, a completed row flashing, a Tumbleweed rolling into its box. Each is drawn
over the sheet as it was before the event, until the view has caught up."""

from functools import lru_cache

import pygame

from client import art
from client.games.wild_west import art as ww
from client.games.wild_west.sheet import FULL, Geometry, draw_centre, ring
from engines.wild_west.sheet import ROW_TILES


def draw_effect(surface, geometry: Geometry, fx: str, event: dict, t: float, colour) -> None:
    """Event ``event``'s animation ``fx`` at ``t`` (0..1) on a sheet; ``colour``: its seat's."""
    if fx == "tumbleweed":
        tumbleweed_rolls(surface, geometry, event["count"], t)
        return
    if fx == "upgrade":  # the new ring closes in on its box
        if geometry.mode == FULL:
            box = geometry.upgrade_boxes(event["size"])[min(3, event["upgrades"])]
            grow = round((1 - t) * geometry.u * 0.6)
            ring(surface, box.inflate(grow, grow), colour, 3)
        return
    if fx == "complete":
        pulse = abs(((t * 3) % 1) - 0.5) * 2
        tiles = [geometry.tile(event["row"], c) for c in range(len(ROW_TILES[event["row"]]))]
        pygame.draw.rect(surface, art.mix(art.GOLD, ww.PAPER, pulse * 0.6), tiles[0].unionall(tiles[1:]).inflate(8, 8),
                         5, border_radius=8)
        return
    tile = geometry.tile(event["row"], event["col"])
    centre, bottom, right = geometry.parts(event["row"], event["col"])
    if fx == "write":
        image = centre_image(event["kind"], event["value"], centre.size, geometry.u)
        scale = max(0.05, t)
        if scale != 1:
            image = pygame.transform.smoothscale(
                image, (max(1, round(image.get_width() * scale)), max(1, round(image.get_height() * scale))))
        surface.blit(image, image.get_rect(center=centre.center))
        spread = round((1 - min(1.0, t)) * geometry.u * 0.5)
        pygame.draw.rect(surface, colour, tile.inflate(spread, spread), 3, border_radius=6)
    elif fx == "track":
        rail = bottom.inflate(-max(2, geometry.u // 14), -max(2, geometry.u // 20))
        rail.width = max(1, round(rail.width * t))
        ww.rails(surface, rail)
    elif fx == "grave":
        ww.grave(surface, right.inflate(-2, -2).move(0, -round((1 - t) * geometry.th * 0.8)))
    elif fx == "park":
        grow = right.inflate(-2, -2)
        ww.tree(surface, grow.inflate(-round(grow.width * (1 - t)), -round(grow.height * (1 - t))))


def tumbleweed_rolls(surface, geometry: Geometry, count: int, t: float) -> None:
    """The ``count``-th Tumbleweed rolls in and comes to rest in its box (full sheets), or
    across the name and away (compact ones)."""
    header = geometry.header_rect()
    radius = max(8, header.height * 0.4)
    start = (header.left + radius, header.centery)
    if geometry.mode == FULL:
        line = geometry.group_line(7)
        box = line.height * 0.32
        end = (line.left + box + 2 + (count - 1) * (box * 2 + 4), line.centery)
        radius = radius + (box - radius) * t
    elif t < 1:
        end = (header.right - radius, header.centery)
    else:
        return
    x, y = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
    ww.tumbleweed(surface, (x, y - abs(((t * 4) % 1) - 0.5) * radius), radius, t * 12)


def centre_image(kind: str, value: int, size, u: int, alpha: int = 255) -> pygame.Surface:
    """A tile's centre holding ``kind`` and ``value``, on its own (to grow, or as a ghost)."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    image.fill((*ww.light(ww.kind_colour(kind), 0.5), alpha))
    draw_centre(image, image.get_rect(), kind, value or 1, u)
    if alpha < 255:
        image.set_alpha(alpha)
    return image


@art.cached
@lru_cache(maxsize=4)
def locked_badge() -> pygame.Surface:
    """LOCKED IN, on green."""
    badge = art.panel((170, 38), art.shade(art.GOOD, 0.55), art.GOOD, 12).copy()
    art.blit_text(badge, "LOCKED IN", 26, art.INK, (85, 19), "center")
    return badge


def popped(image: pygame.Surface, grow: float) -> pygame.Surface:
    """``image`` grown by ``grow`` (one image scaled, not a new one drawn each frame)."""
    if grow == 1.0:
        return image
    return pygame.transform.scale(image, (round(image.get_width() * grow), round(image.get_height() * grow)))


@art.cached
@lru_cache(maxsize=32)
def pick_chip(words: str, size: tuple[int, int], colour) -> pygame.Surface:
    """A revealed pick on a small card in the seat's colour (no words: its back)."""
    chip = art.panel(size, art.PANEL_HI, colour, 10).copy()
    if words:
        art.blit_text(chip, words, 24, art.INK, (size[0] // 2, size[1] // 2), "center", width=size[0] - 10)
    return chip
