"""Drunter & Drüber drawn in code: the town's ground, its buildings and toilets, the
corner starts, tiles with their walls, streets and river, bridges, construction tokens,
people cards and building cards.

Every meaning carries a shape as well as a colour (colour-blind players): each building
type has its own icon, walls are crenellated, streets cobbled, the river waved; Yes cards
carry a tick, No cards a cross, the Jein card both. Images are cached by what they show.
"""

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

from client.i18n import N_, _
from client.table.types import Colour
from client.ui import art
from engines.drunter_druber.words import CARD_WORDS, PEOPLE_WORDS

GRASS = (92, 128, 70)
GRASS_DARK = (78, 112, 60)
SOIL = (64, 52, 40)
TYPE_COLOURS = {
    "town_hall": (206, 112, 84),
    "school": (104, 154, 222),
    "fire_station": (222, 74, 62),
    "inn": (214, 166, 74),
    "museum": (160, 122, 212),
    "church": (232, 222, 200),
}
KIND_COLOURS = {"wall": (150, 146, 140), "street": (208, 178, 128), "river": (74, 140, 214),
                # a tile is painted in its stretch's look: the two walls are one kind, but the
                # south wall is of red brick, so which wall a tile extends shows at a glance
                "wall_nw": (150, 146, 140), "wall_se": (176, 112, 92)}
KIND_DARK = {kind: art.shade(colour, 0.62) for kind, colour in KIND_COLOURS.items()}
SHAPES = {"wall_nw": "wall", "wall_se": "wall"}
STRETCH_SHORT = {"wall_nw": "N", "wall_se": "S", "street": "", "river": ""}
YES_GREEN = (96, 186, 112)
NO_RED = (214, 84, 74)
JEIN_GOLD = (226, 172, 58)
BLANK_GREY = (150, 142, 132)
WOOD = (150, 104, 62)
SIDES = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


def card_side(card: str) -> str:
    if card in ("ja", "jaa", "jaaa"):
        return "yes"
    if card in ("ne", "nee", "neee"):
        return "no"
    return card


SPECIAL_MARKS = {"all_3s": "3", "all_4s": "4", "lowest_each": "min", "one_each": "1"}  # on a special card's star
LOWEST_MARK = N_("min")
CARD_COLOURS = {"yes": YES_GREEN, "no": NO_RED, "jein": JEIN_GOLD, "blank": BLANK_GREY}


# --- building icons ---------------------------------------------------------------------
def draw_icon(surface: pygame.Surface, kind: str, rect: pygame.Rect, ink: Colour = art.NIGHT) -> None:
    """The pictogram of a building type (or a corner start) inside ``rect``."""
    x, y, w, h = rect
    cx = x + w / 2

    def px(fx: float, fy: float) -> tuple[float, float]:
        return (x + fx * w, y + fy * h)

    if kind == "town_hall":  # a house with a clock in its gable
        pygame.draw.polygon(surface, ink, [px(0.08, 0.42), px(0.5, 0.06), px(0.92, 0.42)])
        pygame.draw.rect(surface, ink, pygame.Rect(px(0.16, 0.42), (w * 0.68, h * 0.5)))
        pygame.draw.circle(surface, (250, 244, 230), px(0.5, 0.3), w * 0.1)
        for i in range(3):
            pygame.draw.rect(surface, (250, 244, 230), pygame.Rect(px(0.24 + i * 0.2, 0.56), (w * 0.1, h * 0.2)))
    elif kind == "school":  # an open book
        pygame.draw.polygon(surface, ink, [px(0.06, 0.22), px(0.48, 0.3), px(0.48, 0.86), px(0.06, 0.78)])
        pygame.draw.polygon(surface, ink, [px(0.94, 0.22), px(0.52, 0.3), px(0.52, 0.86), px(0.94, 0.78)])
        for i in range(3):
            fy = 0.42 + i * 0.13
            pygame.draw.line(surface, (250, 244, 230), px(0.14, fy), px(0.4, fy + 0.04), 2)
            pygame.draw.line(surface, (250, 244, 230), px(0.6, fy + 0.04), px(0.86, fy), 2)
    elif kind == "fire_station":  # a flame
        outer = [px(0.5, 0.04), px(0.8, 0.45), px(0.82, 0.7), px(0.64, 0.92), px(0.36, 0.92), px(0.18, 0.7),
                 px(0.24, 0.42), px(0.36, 0.56)]
        pygame.draw.polygon(surface, ink, outer)
        inner = [px(0.52, 0.42), px(0.66, 0.66), px(0.58, 0.86), px(0.42, 0.86), px(0.36, 0.7)]
        pygame.draw.polygon(surface, (250, 226, 150), inner)
    elif kind == "inn":  # a beer mug
        body = pygame.Rect(px(0.18, 0.24), (w * 0.5, h * 0.66))
        pygame.draw.rect(surface, ink, body, border_radius=max(2, int(w * 0.06)))
        pygame.draw.rect(surface, ink, pygame.Rect(px(0.62, 0.36), (w * 0.24, h * 0.4)), width=max(2, int(w * 0.08)),
                         border_radius=max(2, int(w * 0.1)))
        for i in range(3):
            pygame.draw.circle(surface, (250, 244, 230), px(0.24 + i * 0.16, 0.2), w * 0.09)
    elif kind == "museum":  # a temple front with columns
        pygame.draw.polygon(surface, ink, [px(0.06, 0.3), px(0.5, 0.06), px(0.94, 0.3)])
        pygame.draw.rect(surface, ink, pygame.Rect(px(0.06, 0.82), (w * 0.88, h * 0.12)))
        for i in range(4):
            pygame.draw.rect(surface, ink, pygame.Rect(px(0.14 + i * 0.2, 0.34), (w * 0.12, h * 0.46)))
    elif kind == "church":  # a steeple with a cross
        pygame.draw.polygon(surface, ink, [px(0.3, 0.5), px(0.5, 0.2), px(0.7, 0.5)])
        pygame.draw.rect(surface, ink, pygame.Rect(px(0.3, 0.5), (w * 0.4, h * 0.44)))
        pygame.draw.line(surface, ink, px(0.5, 0.02), px(0.5, 0.22), max(2, int(w * 0.08)))
        pygame.draw.line(surface, ink, px(0.4, 0.09), px(0.6, 0.09), max(2, int(w * 0.08)))
        door = pygame.Rect(px(0.44, 0.72), (w * 0.12, h * 0.22))
        pygame.draw.rect(surface, (250, 244, 230), door, border_top_left_radius=int(w * 0.06),
                         border_top_right_radius=int(w * 0.06))
    elif kind == "wall":  # a cannon watchtower
        pygame.draw.rect(surface, ink, pygame.Rect(px(0.24, 0.3), (w * 0.52, h * 0.64)))
        for i in range(3):
            pygame.draw.rect(surface, ink, pygame.Rect(px(0.24 + i * 0.2, 0.14), (w * 0.12, h * 0.18)))
        pygame.draw.rect(surface, (250, 244, 230), pygame.Rect(px(0.44, 0.5), (w * 0.12, h * 0.18)))
    elif kind == "street":  # a coach: box on two wheels
        pygame.draw.rect(surface, ink, pygame.Rect(px(0.12, 0.24), (w * 0.76, h * 0.44)), border_radius=int(w * 0.08))
        pygame.draw.rect(surface, (250, 244, 230), pygame.Rect(px(0.22, 0.32), (w * 0.2, h * 0.16)))
        pygame.draw.rect(surface, (250, 244, 230), pygame.Rect(px(0.56, 0.32), (w * 0.2, h * 0.16)))
        for fx in (0.28, 0.72):
            pygame.draw.circle(surface, ink, px(fx, 0.76), w * 0.14)
            pygame.draw.circle(surface, (250, 244, 230), px(fx, 0.76), w * 0.05)
    elif kind == "river":  # a boat with a sail
        pygame.draw.polygon(surface, ink, [px(0.06, 0.62), px(0.94, 0.62), px(0.76, 0.88), px(0.24, 0.88)])
        pygame.draw.line(surface, ink, px(0.5, 0.08), px(0.5, 0.62), max(2, int(w * 0.06)))
        pygame.draw.polygon(surface, ink, [px(0.54, 0.12), px(0.86, 0.54), px(0.54, 0.54)])
    elif kind == "toilet":  # an outhouse with a crescent moon in its door
        pygame.draw.polygon(surface, ink, [px(0.12, 0.32), px(0.5, 0.06), px(0.88, 0.32)])
        pygame.draw.rect(surface, ink, pygame.Rect(px(0.2, 0.3), (w * 0.6, h * 0.64)))
        moon = px(0.5, 0.5)
        pygame.draw.circle(surface, (250, 226, 150), moon, w * 0.12)
        pygame.draw.circle(surface, ink, (moon[0] + w * 0.06, moon[1] - h * 0.03), w * 0.1)
    else:
        pygame.draw.circle(surface, ink, (cx, y + h / 2), min(w, h) * 0.4)


# --- the ground -------------------------------------------------------------------------
def ground_cell(surface: pygame.Surface, rect: pygame.Rect, x: int, y: int) -> None:
    """Open ground: grass with a few blades placed by a fixed formula."""
    shade = GRASS if (x + y) % 2 == 0 else GRASS_DARK
    pygame.draw.rect(surface, shade, rect)
    seed = x * 31 + y * 17
    for i in range(4):
        bx = rect.left + 8 + (seed * (i + 3) * 7) % (rect.width - 16)
        by = rect.top + 8 + (seed * (i + 5) * 11) % (rect.height - 16)
        pygame.draw.line(surface, art.shade(shade, 1.25), (bx, by), (bx + 2, by - 6), 2)


def building_cell(surface: pygame.Surface, rect: pygame.Rect, kind: str, value: int) -> None:
    """A building plate: its type's colour and icon, its value big in the corner."""
    plate = rect.inflate(-6, -6)
    colour = TYPE_COLOURS[kind]
    pygame.draw.rect(surface, art.shade(colour, 0.55), plate, border_radius=9)
    pygame.draw.rect(surface, colour, plate.inflate(-4, -4), border_radius=8)
    icon = pygame.Rect(plate.left + 5, plate.top + 5, plate.width * 0.56, plate.height * 0.56)
    draw_icon(surface, kind, icon)
    size = max(18, rect.height * 2 // 3)
    value_text = art.text(str(value), size, art.NIGHT, "bold")
    surface.blit(value_text, value_text.get_rect(bottomright=(plate.right - 3, plate.bottom + 4)))


def toilet_cell(surface: pygame.Surface, rect: pygame.Rect) -> None:
    plate = rect.inflate(-14, -14)
    pygame.draw.circle(surface, (214, 196, 150), plate.center, plate.width // 2 + 3)
    pygame.draw.circle(surface, (122, 88, 56), plate.center, plate.width // 2 + 3, 3)
    draw_icon(surface, "toilet", plate.inflate(-12, -12), (110, 74, 44))


def corner_cell(surface: pygame.Surface, rect: pygame.Rect, kind: str) -> None:
    """A start corner: watchtower (wall), coaching inn (street), waterworks (river)."""
    plate = rect.inflate(-4, -4)
    pygame.draw.rect(surface, KIND_DARK[kind], plate, border_radius=10)
    pygame.draw.rect(surface, KIND_COLOURS[kind], plate.inflate(-6, -6), border_radius=8)
    draw_icon(surface, SHAPES.get(kind, kind), plate.inflate(-18, -18), art.NIGHT)


# --- tiles and stretches -----------------------------------------------------------------
def band_rect(rect: pygame.Rect, side: str | None, width: int) -> pygame.Rect:
    """The part of a stretch's band in ``rect`` from its centre to ``side`` (None: the centre)."""
    cx, cy = rect.center
    half = width // 2
    if side is None:
        return pygame.Rect(cx - half, cy - half, width, width)
    if side == "n":
        return pygame.Rect(cx - half, rect.top, width, cy - rect.top + half)
    if side == "s":
        return pygame.Rect(cx - half, cy - half, width, rect.bottom - cy + half)
    if side == "w":
        return pygame.Rect(rect.left, cy - half, cx - rect.left + half, width)
    return pygame.Rect(cx - half, cy - half, rect.right - cx + half, width)


def paint_band(surface: pygame.Surface, kind: str, rect: pygame.Rect, sides: Sequence[str], width: int) -> None:
    """A stretch's band through one cell, from its centre to each of ``sides``; walls
    crenellated, streets cobbled, the river waved (a shape for each kind)."""
    colour, dark = KIND_COLOURS[kind], KIND_DARK[kind]
    kind = SHAPES.get(kind, kind)  # a wall's look: its stretch
    parts = [band_rect(rect, side, width) for side in sides] or [band_rect(rect, None, width)]
    for part in parts:
        pygame.draw.rect(surface, dark, part.inflate(4, 4) if kind != "wall" else part.inflate(6, 6))
    for part in parts:
        pygame.draw.rect(surface, colour, part)
    cx, cy = rect.center
    if kind == "river":  # two wavy lines along the water
        for side in sides or ["e"]:
            dx, dy = SIDES[side]
            length = (rect.width if dx else rect.height) / 2 + 1
            for lane in (-width / 4, width / 4):
                points = []
                for i in range(9):  # the wobble follows the screen position: seamless from cell to cell
                    x, y = cx + dx * length * i / 8, cy + dy * length * i / 8
                    if dx:
                        points.append((x, y + lane + 3 * math.sin(x / 4.5)))
                    else:
                        points.append((x + lane + 3 * math.sin(y / 4.5), y))
                pygame.draw.lines(surface, (196, 226, 250), False, points, 2)
        return
    for side, part in zip(sides, parts, strict=False):
        dx, dy = SIDES[side]
        length = max(part.width, part.height)
        steps = max(1, length // 10)
        for i in range(steps):
            t = (i + 0.5) / steps
            px = cx + dx * t * (length - width / 2)
            py = cy + dy * t * (length - width / 2)
            if kind == "wall":  # merlons on both sides of the wall's walk
                if i % 2 == 0:
                    for edge in (-1, 1):
                        ex, ey = px + dy * edge * (width / 2 + 2), py + dx * edge * (width / 2 + 2)
                        pygame.draw.rect(surface, dark, pygame.Rect(ex - 4, ey - 4, 8, 8))
                pygame.draw.line(surface, dark, (px - dy * width / 3, py - dx * width / 3),
                                 (px + dy * width / 3, py + dx * width / 3), 2)
            elif kind == "street":  # cobbles
                for edge in (-1, 1):
                    ex, ey = px + dy * edge * width / 4, py + dx * edge * width / 4
                    pygame.draw.circle(surface, dark, (ex, ey), 3)


def tile_plate(surface: pygame.Surface, kind: str, rect: pygame.Rect, owner_colour: Colour | None = None) -> None:
    """The tile itself under its band: a rounded plate in a muted tone of its kind."""
    base = art.mix(KIND_COLOURS[kind], (70, 62, 54), 0.55)
    pygame.draw.rect(surface, art.shade(base, 0.7), rect, border_radius=8)
    pygame.draw.rect(surface, base, rect.inflate(-4, -4), border_radius=7)


def bridge_deck(surface: pygame.Surface, kind: str, rect: pygame.Rect, axis: str, width: int) -> None:
    """A bridge over the middle of a triple: a raised deck with its shadow and parapets,
    along ``axis`` ("h" or "v"); whatever runs beneath shows on both sides of it."""
    colour, dark = art.shade(KIND_COLOURS[kind], 1.12), KIND_DARK[kind]
    deck_width = width + 10
    if axis == "h":
        deck = pygame.Rect(rect.left, rect.centery - deck_width // 2, rect.width, deck_width)
    else:
        deck = pygame.Rect(rect.centerx - deck_width // 2, rect.top, deck_width, rect.height)
    shadow = pygame.Surface(deck.size, pygame.SRCALPHA)
    shadow.fill((10, 8, 6, 120))
    surface.blit(shadow, deck.move(5, 7))
    pygame.draw.rect(surface, dark, deck)
    pygame.draw.rect(surface, colour, deck.inflate(-6, -6) if axis == "h" else deck.inflate(-6, 0))
    if axis == "h":
        for edge in (deck.top + 2, deck.bottom - 3):
            pygame.draw.line(surface, art.INK, (deck.left, edge), (deck.right, edge), 3)
        for x in range(deck.left + 8, deck.right - 4, 14):
            pygame.draw.line(surface, dark, (x, deck.top + 6), (x, deck.bottom - 7), 2)
    else:
        for edge in (deck.left + 2, deck.right - 3):
            pygame.draw.line(surface, art.INK, (edge, deck.top), (edge, deck.bottom), 3)
        for y in range(deck.top + 8, deck.bottom - 4, 14):
            pygame.draw.line(surface, dark, (deck.left + 6, y), (deck.right - 7, y), 2)


def hand_tile(surface: pygame.Surface, kind: str, rect: pygame.Rect, faint: bool = False) -> None:
    """A tile in a hand: its cells in a row, the kind's band running through them."""
    image = hand_tile_image(kind, rect.width, rect.height, faint)
    surface.blit(image, rect)


@art.cached
@lru_cache(maxsize=64)
def hand_tile_image(kind: str, width: int, height: int, faint: bool) -> pygame.Surface:
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    tile_plate(surface, kind, rect)
    cells = max(1, round(width / height))
    cell_width = width / cells
    band = max(6, height // 2)
    for i in range(cells):
        cell = pygame.Rect(round(i * cell_width), 0, round(cell_width), height)
        sides = [side for side, present in (("w", i > 0), ("e", i < cells - 1)) if present] or ["w", "e"]
        paint_band(surface, kind, cell.inflate(-2, -2), sides, band)
    if cells == 3:
        bridge_deck(surface, kind, pygame.Rect(round(cell_width), 0, round(cell_width), height), "h", band - 4)
    for i in range(1, cells):
        x = round(i * cell_width)
        pygame.draw.line(surface, (40, 32, 28), (x, 2), (x, height - 3), 1)
    if faint:
        surface.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MULT)
    return surface


# --- construction tokens ----------------------------------------------------------------
@art.cached
@lru_cache(maxsize=16)
def token_image(stretch: str, kind: str, size: int) -> pygame.Surface:
    """A construction token: a wooden disc with its stretch's icon (and N / S on a wall)."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    pygame.draw.circle(surface, (20, 14, 10, 110), (centre[0] + 3, centre[1] + 4), size // 2 - 2)
    pygame.draw.circle(surface, KIND_DARK[stretch], centre, size // 2 - 2)  # the rim in its stretch's look
    pygame.draw.circle(surface, (236, 206, 150), centre, size // 2 - 6)
    icon = pygame.Rect(0, 0, size * 0.56, size * 0.56)
    icon.center = (centre[0], centre[1] - (3 if STRETCH_SHORT[stretch] else 0))
    draw_icon(surface, kind, icon, (60, 42, 28))
    label = STRETCH_SHORT[stretch]
    if label:
        words = art.text(label, max(14, size // 3), (60, 42, 28), "bold")
        surface.blit(words, words.get_rect(midbottom=(centre[0], size - 4)))
    return surface


def barrier(surface: pygame.Surface, centre: tuple[int, int], size: int) -> None:
    """A closed stretch: a red-and-white striped barrier on two posts."""
    x, y = centre
    bar = pygame.Rect(0, 0, size, size // 4)
    bar.center = (x, y)
    for post in (bar.left + 4, bar.right - 8):
        pygame.draw.rect(surface, art.NIGHT, (post, bar.top, 5, size // 2))
    pygame.draw.rect(surface, art.NIGHT, bar.inflate(4, 4), border_radius=4)
    pygame.draw.rect(surface, (246, 240, 230), bar, border_radius=3)
    stripe = bar.width // 5
    for i in range(0, 5, 2):
        pygame.draw.rect(surface, (206, 58, 50), (bar.left + i * stripe, bar.top, stripe, bar.height))


# --- cards ------------------------------------------------------------------------------
def people_card(card: str, width: int, height: int, face: bool = True, faint: bool = False,
                side: str | None = None) -> pygame.Surface:
    """A people card: its word (in the window's language), its count and a tick (yes),
    cross (no), both (Jein) or nothing (blank); face down, only its back. ``side`` marks a
    declared Jein."""
    return worded_people_card(card, _(PEOPLE_WORDS[card]) if face else "", width, height, face, faint, side)


@art.cached
@lru_cache(maxsize=128)
def worded_people_card(card: str, name: str, width: int, height: int, face: bool, faint: bool,
                       side: str | None) -> pygame.Surface:
    """`people_card` with its word ``name`` given (the cache keeps each language's own)."""
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    if not face:
        pygame.draw.rect(surface, (64, 52, 70), rect, border_radius=6)
        pygame.draw.rect(surface, (112, 92, 124), rect.inflate(-6, -6), border_radius=5)
        for i in range(-height, width, 10):
            pygame.draw.line(surface, (88, 72, 100), (i, height - 4), (i + height, 4), 2)
        pygame.draw.rect(surface, (40, 32, 44), rect, width=2, border_radius=6)
        return surface
    kind = card_side(card)
    colour = CARD_COLOURS[kind]
    pygame.draw.rect(surface, art.shade(colour, 0.55), rect, border_radius=6)
    pygame.draw.rect(surface, colour, rect.inflate(-4, -4), border_radius=5)
    size = max(14, min(height // 2, int(width / max(2.6, len(name) * 0.62))))
    size = art.fitting_size(name, size, width - 8, "bold")
    words = art.text(art.fit(name, size, width - 8, "bold"), size, art.NIGHT, "bold")
    surface.blit(words, words.get_rect(midtop=(width // 2, 3)))
    if height >= 40:
        mark = pygame.Rect(0, 0, min(width // 3, height // 3), min(width // 3, height // 3))
        mark.midbottom = (width // 2, height - 5)
        ticks = {"yes": ["tick"], "no": ["cross"], "jein": {None: ["tick", "cross"], "yes": ["tick"],
                                                          "no": ["cross"]}[side]}.get(kind, [])
        if len(ticks) == 2:  # the Jein card: both marks, side by side
            marks = [mark.move(-mark.width * 2 // 3, 0), mark.move(mark.width * 2 // 3, 0)]
        else:
            marks = [mark]
        for what, box in zip(ticks, marks, strict=False):
            if what == "tick":
                pygame.draw.lines(surface, art.NIGHT, False,
                                  [(box.left, box.centery), (box.centerx - 2, box.bottom), (box.right, box.top)], 3)
            else:
                pygame.draw.line(surface, art.NIGHT, box.topleft, box.bottomright, 3)
                pygame.draw.line(surface, art.NIGHT, box.bottomleft, box.topright, 3)
    if faint:
        surface.fill((255, 255, 255, 70), special_flags=pygame.BLEND_RGBA_MULT)
    return surface


def building_card(card: str | None, width: int, height: int) -> pygame.Surface:
    """A building card: face down (None: a question mark), a type (its icon and name) or a
    special card of the variant (its words), in the window's language."""
    return worded_building_card(card, _(CARD_WORDS[card]) if card in CARD_WORDS else "", width, height)


@art.cached
@lru_cache(maxsize=64)
def worded_building_card(card: str | None, name: str, width: int, height: int) -> pygame.Surface:
    """`building_card` with its name given (the cache keeps each language's own)."""
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    if card is None:
        pygame.draw.rect(surface, (58, 74, 104), rect, border_radius=8)
        pygame.draw.rect(surface, (86, 108, 150), rect.inflate(-6, -6), border_radius=7)
        mark = art.text("?", max(16, height * 2 // 3), (200, 214, 240), "bold")
        surface.blit(mark, mark.get_rect(center=rect.center))
        return surface
    colour = TYPE_COLOURS.get(card, (236, 214, 120))
    pygame.draw.rect(surface, art.shade(colour, 0.55), rect, border_radius=8)
    pygame.draw.rect(surface, (246, 238, 222), rect.inflate(-6, -6), border_radius=7)
    band = pygame.Rect(6, 6, width - 12, height * 0.6)
    pygame.draw.rect(surface, colour, band, border_radius=6)
    if card in TYPE_COLOURS:
        icon = pygame.Rect(0, 0, band.height * 0.8, band.height * 0.8)
        icon.center = band.center
        draw_icon(surface, card, icon)
    else:  # a special card: a star and its mark
        radius = band.height * 0.42
        star = [(band.centerx + math.cos(-math.pi / 2 + k * math.pi / 5) * (radius if k % 2 == 0 else radius * 0.45),
                 band.centery + math.sin(-math.pi / 2 + k * math.pi / 5) * (radius if k % 2 == 0 else radius * 0.45))
                for k in range(10)]
        pygame.draw.polygon(surface, (250, 238, 190), star)
        pygame.draw.polygon(surface, art.shade(colour, 0.55), star, 2)
        sign = _(LOWEST_MARK) if card == "lowest_each" else SPECIAL_MARKS.get(card, "?")
        mark = art.text(sign, max(12, round(radius * 0.8)), art.NIGHT, "bold")
        surface.blit(mark, mark.get_rect(center=(band.centerx, band.centery + radius * 0.08)))
    size = art.fitting_size(name, max(14, height // 7), width - 12, "bold")
    words = art.text(art.fit(name, size, width - 12, "bold"), size, art.NIGHT, "bold")
    surface.blit(words, words.get_rect(center=(width // 2, band.bottom + (height - band.bottom) // 2)))
    return surface


@art.cached
@lru_cache(maxsize=4)
def emblem(height: int) -> pygame.Surface:
    """A corner of the town: a river triple bridged, a street passing under the bridge,
    a church and a toilet beside them (the picker's and the title's picture)."""
    cell = height // 2
    surface = pygame.Surface((cell * 3, cell * 2), pygame.SRCALPHA)
    for y in range(2):
        for x in range(3):
            ground_cell(surface, pygame.Rect(x * cell, y * cell, cell, cell), x, y)
    building_cell(surface, pygame.Rect(0, cell, cell, cell), "church", 4)
    toilet_cell(surface, pygame.Rect(2 * cell, cell, cell, cell))
    band = max(8, cell * 3 // 7)
    tile_plate(surface, "river", pygame.Rect(2, 2, cell * 3 - 4, cell - 4))
    for x, sides in ((0, ["e"]), (2, ["w"])):
        paint_band(surface, "river", pygame.Rect(x * cell, 0, cell, cell), sides, band)
    paint_band(surface, "street", pygame.Rect(cell, 0, cell, cell), ["n", "s"], band)
    paint_band(surface, "street", pygame.Rect(cell, cell, cell, cell), ["n", "s"], band)
    bridge_deck(surface, "river", pygame.Rect(cell, 0, cell, cell), "h", band)
    return surface


def card_pill(surface: pygame.Surface, card: str, pos: tuple[int, int], faint: bool = False,
              anchor: str = "midright") -> pygame.Rect:
    """A revealed building card in one line: its icon (or a star for a special card) and
    its name, on its colour; ``faint`` for the variant's second card."""
    name = _(CARD_WORDS[card]) if card in CARD_WORDS else card
    colour = TYPE_COLOURS.get(card, (236, 214, 120))
    words = art.text(name, 26, art.NIGHT, "bold")
    rect = pygame.Rect(0, 0, words.get_width() + 58, 44)
    setattr(rect, anchor, pos)
    pill = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(pill, art.shade(colour, 0.55), pill.get_rect(), border_radius=10)
    pygame.draw.rect(pill, colour, pill.get_rect().inflate(-4, -4), border_radius=9)
    icon = pygame.Rect(6, 6, 32, 32)
    if card in TYPE_COLOURS:
        draw_icon(pill, card, icon)
    else:
        star = [(icon.centerx + math.cos(a) * (16 if i % 2 == 0 else 7), icon.centery + math.sin(a) * (16 if i % 2 == 0 else 7))
                for i, a in enumerate(-math.pi / 2 + k * math.pi / 5 for k in range(10))]
        pygame.draw.polygon(pill, art.NIGHT, star)
    pill.blit(words, words.get_rect(midleft=(44, rect.height // 2)))
    if faint:
        pill.set_alpha(150)
    surface.blit(pill, rect)
    return rect
