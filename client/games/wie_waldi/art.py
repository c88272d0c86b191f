"""Wie Waldi's art, drawn in code: dachshund cards, coats with patterns, piles, markers, bones.

A card is a slice of a dachshund facing left (WA-1): a head, a middle with two coats, or a
tail (with a cat on the cat tails). Every coat colour also has its own pattern (red dots,
yellow stripes, green checks, blue waves), so colour-blind players can race too. A band at
the card's foot in the seat's colour says who played it (WA-8). Images are cached by what
they show.
"""

import math
from functools import lru_cache

import pygame

from client.table.types import Colour
from client.ui import art
from engines.wie_waldi.cards import COAT_RGB, COLOUR_OF, COLOUR_PATTERNS

COATS = COAT_RGB  # red, yellow, green, blue: shared with the phones' dog marks
PAPER = (246, 238, 218)
LINE = (52, 40, 36)
CARD_RATIO = 0.78  # width / height
BONE_COLOURS = {"gold": (240, 196, 72), "silver": (200, 204, 214), "bronze": (204, 132, 74)}


def card_size(height: int) -> tuple[int, int]:
    return max(8, round(height * CARD_RATIO)), max(10, height)


@art.cached
@lru_cache(maxsize=64)
def coat(colour: int, size: tuple[int, int], unit: int) -> pygame.Surface:
    """A patch of coat ``colour`` (0-3) with its pattern (WA-1), ``size`` big."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    base = COATS[colour]
    surface.fill((*base, 255))
    ink = art.shade(base, 0.62)
    width, height = size
    pattern = COLOUR_PATTERNS[colour]
    if pattern == "dots":
        radius = max(1, unit // 3)
        for row, y in enumerate(range(unit // 2, height + unit, unit)):
            for x in range((unit // 2) * (row % 2), width + unit, unit):
                pygame.draw.circle(surface, ink, (x, y), radius)
    elif pattern == "stripes":
        thick = max(1, unit // 3)
        for x in range(-height, width + height, unit):
            pygame.draw.line(surface, ink, (x, height), (x + height, 0), thick)
    elif pattern == "checks":
        for row, y in enumerate(range(0, height, unit)):
            for col, x in enumerate(range(0, width, unit)):
                if (row + col) % 2:
                    surface.fill((*art.shade(base, 0.74), 255), pygame.Rect(x, y, unit, unit))
    else:  # waves
        thick = max(1, unit // 4)
        for y in range(unit // 2, height + unit, unit):
            points = [(x, y + math.sin(x / max(2, unit) * 2.2) * unit * 0.28) for x in range(0, width + 4, 3)]
            if len(points) > 1:
                pygame.draw.lines(surface, ink, False, points, thick)
    return surface


def _textured(mask: pygame.Surface, colours: tuple[int, ...], split: float = 1.0, unit: int = 6) -> pygame.Surface:
    """``mask`` (white where the coat is) filled with coat: ``colours[0]`` left of
    ``split`` (a share of the width), ``colours[1]`` right of it."""
    size = mask.get_size()
    texture = pygame.Surface(size, pygame.SRCALPHA)
    cut = round(size[0] * split)
    texture.blit(coat(colours[0], size, unit), (0, 0), pygame.Rect(0, 0, cut, size[1]))
    if len(colours) > 1 and cut < size[0]:
        texture.blit(coat(colours[1], size, unit), (cut, 0), pygame.Rect(cut, 0, size[0] - cut, size[1]))
    texture.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return texture


@art.cached
@lru_cache(maxsize=512)
def card_image(code: str, height: int, back: Colour | None = None, ghost: bool = False) -> pygame.Surface:
    """Card ``code`` face up, ``height`` tall; ``back`` (a seat colour) is the band at its
    foot that says who played it; ``ghost`` draws it see-through (a target preview)."""
    width, height = card_size(height)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(2, height // 12)
    pygame.draw.rect(surface, PAPER, rect, border_radius=radius)
    ground = round(height * 0.80)
    pygame.draw.rect(surface, (214, 222, 188), pygame.Rect(0, ground, width, height - ground),
                     border_bottom_left_radius=radius, border_bottom_right_radius=radius)
    band = max(3, round(height * 0.11))
    if back is not None:
        pygame.draw.rect(surface, back, pygame.Rect(0, height - band, width, band),
                         border_bottom_left_radius=radius, border_bottom_right_radius=radius)
    draw_dog_part(surface, code, pygame.Rect(0, 0, width, height - band))
    pygame.draw.rect(surface, LINE, rect, width=max(1, height // 40), border_radius=radius)
    if ghost:
        surface.set_alpha(150)
    return surface


def draw_dog_part(surface: pygame.Surface, code: str, area: pygame.Rect) -> None:
    """The slice of dog ``code`` shows, in ``area`` (the card above its band)."""
    w, h = area.size
    unit = max(3, h // 8)
    top, bottom = area.top + round(h * 0.36), area.top + round(h * 0.70)
    body = bottom - top
    mask = pygame.Surface(area.size, pygame.SRCALPHA)
    white = (255, 255, 255, 255)
    kind = code[0]
    outline = max(1, h // 36)
    local = pygame.Rect(0, round(h * 0.36), w, body)
    legs: list[float] = []  # where the legs stand, as shares of the width
    colours: tuple[int, ...]
    if kind == "M":
        pygame.draw.rect(mask, white, local)
        colours, split = (COLOUR_OF[code[1]], COLOUR_OF[code[2]]), 0.5
    elif kind == "H":
        colours, split = (COLOUR_OF[code[1]],), 1.0
        pygame.draw.rect(mask, white, pygame.Rect(round(w * 0.42), local.top, w - round(w * 0.42), body))
        pygame.draw.ellipse(mask, white, pygame.Rect(round(w * 0.16), round(h * 0.12), round(w * 0.5), round(h * 0.46)))
        pygame.draw.ellipse(mask, white, pygame.Rect(round(w * 0.02), round(h * 0.30), round(w * 0.42), round(h * 0.24)))
        legs = [0.52, 0.80]
    else:
        colours, split = (COLOUR_OF[code[1]],), 1.0
        pygame.draw.rect(mask, white, pygame.Rect(0, local.top, round(w * 0.5), body))
        pygame.draw.ellipse(mask, white, pygame.Rect(round(w * 0.26), local.top, round(w * 0.4), body))
        tail = [(round(w * 0.6), local.top + body // 3), (round(w * 0.78), local.top - round(h * 0.04)),
                (round(w * 0.94), round(h * 0.08)), (round(w * 0.86), round(h * 0.06)),
                (round(w * 0.72), local.top - round(h * 0.12)), (round(w * 0.56), local.top + body // 5)]
        pygame.draw.polygon(mask, white, tail)
        legs = [0.1, 0.38]
    for share in legs:
        pygame.draw.rect(mask, white, pygame.Rect(round(w * share), local.bottom - 2, max(2, round(w * 0.1)),
                                                  round(h * 0.16)), border_radius=max(1, w // 30))
    surface.blit(_textured(mask, colours, split, unit), area.topleft)
    outline_mask = pygame.mask.from_surface(mask)
    edge = [(x + area.left, y + area.top) for x, y in outline_mask.outline(2)]
    if len(edge) > 2 and kind != "M":
        pygame.draw.lines(surface, LINE, True, edge, outline)
    if kind == "M":  # back and belly lines join the next card's
        pygame.draw.line(surface, LINE, (area.left, top), (area.right, top), outline)
        pygame.draw.line(surface, LINE, (area.left, bottom), (area.right, bottom), outline)
    if kind == "H":
        ear = pygame.Rect(area.left + round(w * 0.40), area.top + round(h * 0.18), round(w * 0.2), round(h * 0.36))
        pygame.draw.ellipse(surface, art.shade(COATS[colours[0]], 0.55), ear)
        pygame.draw.ellipse(surface, LINE, ear, outline)
        pygame.draw.circle(surface, LINE, (area.left + round(w * 0.32), area.top + round(h * 0.27)), max(2, h // 22))
        pygame.draw.circle(surface, LINE, (area.left + round(w * 0.05), area.top + round(h * 0.40)), max(2, h // 16))
    if kind == "C":
        draw_cat(surface, pygame.Rect(area.left + round(w * 0.10), area.top + round(h * 0.02), round(w * 0.5),
                                      round(h * 0.38)))


def draw_cat(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A black cat sitting on the dog's back: the cat tails' mark."""
    cat = (34, 30, 36)
    body = pygame.Rect(rect.left, rect.top + rect.height * 0.35, rect.width * 0.7, rect.height * 0.65)
    pygame.draw.ellipse(surface, cat, body)
    head_r = max(3, round(rect.height * 0.26))
    head = (round(rect.left + rect.width * 0.72), round(rect.top + rect.height * 0.34))
    pygame.draw.circle(surface, cat, head, head_r)
    for side in (-1, 1):
        ear = [(head[0] + side * head_r * 0.9, head[1] - head_r * 0.2), (head[0] + side * head_r * 0.7,
               head[1] - head_r * 1.45), (head[0] + side * head_r * 0.1, head[1] - head_r * 0.8)]
        pygame.draw.polygon(surface, cat, ear)
        pygame.draw.circle(surface, (250, 220, 80), (round(head[0] + side * head_r * 0.4), head[1]),
                           max(1, head_r // 4))
    pygame.draw.line(surface, cat, (body.left + 2, body.bottom - 2), (rect.left - rect.width * 0.12,
                     rect.top + rect.height * 0.3), max(2, rect.height // 9))


@art.cached
@lru_cache(maxsize=64)
def card_back(height: int, colour: Colour, ghost: bool = False) -> pygame.Surface:
    """A face-down card of a seat's set: its back colour; ``ghost``: see-through (a draw
    shown at once, waiting for the host)."""
    width, height = card_size(height)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(2, height // 12)
    pygame.draw.rect(surface, art.shade(colour, 0.55), rect, border_radius=radius)
    inner = rect.inflate(-max(4, width // 8), -max(4, width // 8))
    pygame.draw.rect(surface, colour, inner, border_radius=radius)
    step = max(5, width // 6)
    light = art.shade(colour, 1.25)
    clip = surface.get_clip()
    surface.set_clip(inner)
    for x in range(inner.left - inner.height, inner.right, step):
        pygame.draw.line(surface, light, (x, inner.bottom), (x + inner.height, inner.top), max(1, width // 40))
    surface.set_clip(clip)
    bone_image = bone(max(8, width // 2), art.shade(colour, 0.5))
    surface.blit(bone_image, bone_image.get_rect(center=rect.center))
    pygame.draw.rect(surface, LINE, rect, width=max(1, height // 40), border_radius=radius)
    if ghost:
        surface.set_alpha(150)
    return surface


@art.cached
@lru_cache(maxsize=64)
def bone(width: int, colour: Colour) -> pygame.Surface:
    """A bone: the points of WA-6 (gold 3, silver 2, bronze 1)."""
    height = max(4, width // 2)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    knob = max(2, height // 3)
    for x in (knob, width - knob):
        for y in (knob, height - knob):
            pygame.draw.circle(surface, colour, (x, y), knob)
    pygame.draw.rect(surface, colour, pygame.Rect(knob, height // 2 - knob // 2 - 1, width - 2 * knob, knob + 2))
    return surface


@art.cached
@lru_cache(maxsize=32)
def marker(size: int, colour: Colour, used: bool = False) -> pygame.Surface:
    """A seat's marker (WA-4): a paw token; ``used`` is the hollow place it left."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    radius = size // 2 - 1
    if used:
        pygame.draw.circle(surface, (*art.shade(colour, 0.5), 150), centre, radius, max(1, size // 12))
        return surface
    pygame.draw.circle(surface, art.shade(colour, 0.55), centre, radius)
    pygame.draw.circle(surface, colour, centre, radius - max(1, size // 12))
    pad = art.shade(colour, 0.35)
    pygame.draw.ellipse(surface, pad, pygame.Rect(size * 0.3, size * 0.46, size * 0.4, size * 0.32))
    for dx, dy in ((-0.2, -0.12), (-0.07, -0.24), (0.07, -0.24), (0.2, -0.12)):
        pygame.draw.circle(surface, pad, (round(size * (0.5 + dx)), round(size * (0.5 + dy))), max(1, size // 11))
    return surface


def socket(surface: pygame.Surface, rect: pygame.Rect, colour: int | None, glow: float = 0.0) -> None:
    """A dog's open end: where the next card goes, in the end's coat colour and pattern
    (``colour`` None: a place for a new dog's head); ``glow`` (0-1) pulses it."""
    surface.blit(socket_image(colour, rect.size, round(max(0.0, min(1.0, glow)) * 6)), rect)


@art.cached
@lru_cache(maxsize=256)
def socket_image(colour: int | None, size: tuple[int, int], glow: int) -> pygame.Surface:
    """`socket` drawn once per colour, size and glow step (0-6)."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(3, rect.height // 10)
    if colour is None:
        pygame.draw.rect(surface, (92, 78, 70), rect, width=2, border_radius=radius)
        mid = rect.center
        arm = max(4, rect.width // 5)
        pygame.draw.line(surface, art.INK_FAINT, (mid[0] - arm, mid[1]), (mid[0] + arm, mid[1]), 3)
        pygame.draw.line(surface, art.INK_FAINT, (mid[0], mid[1] - arm), (mid[0], mid[1] + arm), 3)
        return surface
    patch = coat(colour, size, max(3, rect.height // 8)).copy()
    holder = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(holder, (255, 255, 255, round(120 + 100 * glow / 6)), rect, border_radius=radius)
    patch.blit(holder, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(patch, (0, 0))
    pygame.draw.rect(surface, COATS[colour], rect, width=max(2, rect.height // 20), border_radius=radius)
    return surface


@art.cached
@lru_cache(maxsize=64)
def swatch(colour: int, size: int) -> pygame.Surface:
    """A round coat sample (legends, the open end in small dogs)."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    patch = coat(colour, (size, size), max(3, size // 4)).copy()
    holder = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(holder, (255, 255, 255, 255), (size // 2, size // 2), size // 2)
    patch.blit(holder, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(patch, (0, 0))
    pygame.draw.circle(surface, LINE, (size // 2, size // 2), size // 2, max(1, size // 12))
    return surface


def keycap(surface: pygame.Surface, words: str, pos: tuple[int, int], size: int = 24, colour: Colour = art.INK,
           anchor: str = "center", face: Colour | None = None) -> pygame.Rect:
    """A button's name on a small cap (a key, or a pad's face button in its colour)."""
    text = art.text(words, size, tuple(colour), "bold")
    box = text.get_rect().inflate(size * 0.6, size * 0.25)
    box.width = max(box.width, box.height)
    setattr(box, anchor, pos)
    fill = face or (64, 54, 58)
    pygame.draw.rect(surface, art.shade(fill, 0.6), box.move(0, 2), border_radius=size // 3)
    pygame.draw.rect(surface, fill, box, border_radius=size // 3)
    surface.blit(text, text.get_rect(center=box.center))
    return box


def keycap_width(words: str, size: int = 24) -> int:
    """How wide `keycap` draws ``words``."""
    box = art.text(words, size, tuple(art.INK), "bold").get_rect().inflate(size * 0.6, size * 0.25)
    return max(box.width, box.height)


def emblem(height: int) -> pygame.Surface:
    """A short dog (head, two middles, tail) in four seats' colours: the game's picture in
    the picker and the title."""
    chain = ("Hr", "Mrg", "Mgb", "Tb")
    width, tall = card_size(height)
    surface = pygame.Surface((width * len(chain), tall), pygame.SRCALPHA)
    for i, code in enumerate(chain):
        surface.blit(card_image(code, height, art.seat_colour(i)), (i * width, 0))
    return surface
