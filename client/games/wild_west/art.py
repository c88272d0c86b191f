"""Wild West's own art, drawn in code: cards (suits, ranks, backs), the four building
kinds with a letter and a little picture each (colour is never the only sign), track,
graves, parks and tumbleweeds. Everything is cached by what it shows."""

import math
from functools import lru_cache

import pygame

from client import i18n
from client.i18n import N_, _, pgettext
from client.table.types import Colour
from client.ui import art
from engines.wild_west.sheet import ACTION_KIND, card_action

PAPER = (238, 228, 204)
PAPER_DARK = (214, 200, 170)
INK = (66, 46, 36)
INK_SOFT = (128, 104, 84)
INK_FAINT = (178, 160, 134)
MINE_TINT = (222, 210, 184)
RAIL = (84, 58, 44)
GRAVE = (88, 84, 92)
TREE = (70, 140, 74)
TUMBLE = (150, 112, 62)
CARD_RED = (192, 48, 48)
CARD_BLACK = (34, 30, 36)

# kind letter -> (name, colour); the letter always shows, so colour is never the only sign
KINDS = {
    "R": (N_("Ranch"), (128, 182, 92)),
    "G": (N_("Gold Mine"), (226, 180, 58)),
    "C": (N_("Church"), (150, 164, 226)),
    "S": (N_("Saloon"), (212, 112, 86)),
}  # the names in English: `building` words them
ACTION_NAMES = {action: KINDS[kind][0] for action, kind in ACTION_KIND.items()}
SUIT_OF_ACTION = {"ranch": "S", "mine": "D", "church": "H", "saloon": "C"}
Point = tuple[float, float]  # a spot on a surface


TYPE_SIZES = (9, 10, 11, 12, 13, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 36, 40, 44, 48, 54, 60, 66, 72, 80)


def type_size(size: float) -> int:
    """``size`` snapped down to a short ladder: sheets and cards drawn at many scales share
    a few fonts and cached words instead of one of each per scale."""
    return max((step for step in TYPE_SIZES if step <= size), default=TYPE_SIZES[0])


def rank_text(value: int) -> str:
    return "A" if value == 1 else "J" if value == 11 else str(value)


def building(kind: str) -> str:
    """A building kind's name in the window's language ("Ranch")."""
    return _(KINDS[kind][0])


def letter(kind: str) -> str:
    """A building kind's letter on a sheet, in the window's language (R, G, C, S in English)."""
    letters = {"R": pgettext("building letter", "R"), "G": pgettext("building letter", "G"),
               "C": pgettext("building letter", "C"), "S": pgettext("building letter", "S")}
    return letters[kind]


def kind_colour(kind: str) -> Colour:
    return KINDS[kind][1]


def light(colour: Colour, amount: float = 0.55) -> Colour:
    mixed: Colour = art.mix(colour, PAPER, amount)
    return mixed


# --- small pictures -------------------------------------------------------------------------
def suit(surface: pygame.Surface, letter: str, centre: Point, size: float, colour: Colour | None = None) -> None:
    """A card suit (S spade, D diamond, H heart, C club) of height ``size``."""
    x, y = centre
    s = size / 2
    colour = colour or (CARD_RED if letter in "DH" else CARD_BLACK)
    if letter == "D":
        pygame.draw.polygon(surface, colour, [(x, y - s), (x + s * 0.72, y), (x, y + s), (x - s * 0.72, y)])
    elif letter == "H":
        r = s * 0.52
        pygame.draw.circle(surface, colour, (x - r * 0.95, y - s * 0.35), r)
        pygame.draw.circle(surface, colour, (x + r * 0.95, y - s * 0.35), r)
        pygame.draw.polygon(surface, colour, [(x - s * 0.98, y - s * 0.2), (x + s * 0.98, y - s * 0.2), (x, y + s)])
    elif letter == "S":
        r = s * 0.5
        pygame.draw.circle(surface, colour, (x - r * 0.95, y + s * 0.15), r)
        pygame.draw.circle(surface, colour, (x + r * 0.95, y + s * 0.15), r)
        pygame.draw.polygon(surface, colour, [(x - s * 0.95, y + s * 0.05), (x + s * 0.95, y + s * 0.05), (x, y - s)])
        pygame.draw.polygon(surface, colour, [(x, y + s * 0.2), (x - s * 0.4, y + s), (x + s * 0.4, y + s)])
    else:
        r = s * 0.36
        for dx, dy in ((0, -0.56), (-0.52, 0.1), (0.52, 0.1)):
            pygame.draw.circle(surface, colour, (round(x + dx * s), round(y + dy * s)), max(2, round(r)))
        pygame.draw.circle(surface, colour, (round(x), round(y - s * 0.1)), max(1, round(r * 0.6)))
        pygame.draw.polygon(surface, colour, [(x, y - s * 0.1), (x - s * 0.36, y + s), (x + s * 0.36, y + s)])


def kind_icon(surface: pygame.Surface, kind: str, centre: Point, size: float, colour: Colour | None = None) -> None:
    """A building's little picture: a fence (Ranch), a pickaxe (Gold Mine), a chapel with a
    cross (Church), a mug (Saloon)."""
    x, y = centre
    s = size / 2
    colour = colour or INK
    width = max(1, round(size / 10))
    if kind == "R":
        for dx in (-0.7, 0, 0.7):
            pygame.draw.line(surface, colour, (x + dx * s, y - s * 0.8), (x + dx * s, y + s * 0.8), width + 1)
        for dy in (-0.3, 0.35):
            pygame.draw.line(surface, colour, (x - s, y + dy * s), (x + s, y + dy * s), width)
    elif kind == "G":
        pygame.draw.line(surface, colour, (x - s * 0.6, y + s * 0.8), (x + s * 0.4, y - s * 0.3), width + 1)
        pygame.draw.arc(surface, colour, pygame.Rect(x - s * 0.7, y - s * 0.95, s * 1.7, s * 1.3), 0.2, 2.6, width + 1)
    elif kind == "C":
        body = [(x - s * 0.6, y + s * 0.85), (x - s * 0.6, y - s * 0.05), (x, y - s * 0.5), (x + s * 0.6, y - s * 0.05),
                (x + s * 0.6, y + s * 0.85)]
        pygame.draw.lines(surface, colour, True, body, width)
        pygame.draw.line(surface, colour, (x, y - s * 0.5), (x, y - s), width)
        pygame.draw.line(surface, colour, (x - s * 0.22, y - s * 0.8), (x + s * 0.22, y - s * 0.8), width)
    else:
        mug = pygame.Rect(x - s * 0.55, y - s * 0.5, s * 0.9, s * 1.3)
        pygame.draw.rect(surface, colour, mug, width)
        pygame.draw.arc(surface, colour, pygame.Rect(mug.right - s * 0.2, y - s * 0.25, s * 0.6, s * 0.7),
                        -1.6, 1.6, width)
        for dx in (0.15, 0.45, 0.75):
            pygame.draw.circle(surface, colour, (mug.left + dx * mug.width, mug.top - s * 0.08), max(1, s * 0.17))


def rails(surface: pygame.Surface, rect: pygame.Rect, colour: Colour = RAIL, ghost: bool = False) -> None:
    """Railway track along ``rect``: two rails on sleepers."""
    width = max(1, rect.height // 7)
    for i in range(rect.width // max(4, rect.height // 2) + 1):
        x = rect.left + 2 + i * max(4, rect.height // 2)
        if x < rect.right - 1:
            pygame.draw.line(surface, art.shade(colour, 1.4) if not ghost else colour,
                             (x, rect.top + 1), (x, rect.bottom - 2), width)
    for y in (rect.top + rect.height * 0.3, rect.top + rect.height * 0.72):
        pygame.draw.line(surface, colour, (rect.left, y), (rect.right - 1, y), width)


def grave(surface: pygame.Surface, rect: pygame.Rect, colour: Colour = GRAVE) -> None:
    """A headstone with a cross on it."""
    size = min(rect.width, rect.height)
    stone = pygame.Rect(0, 0, max(4, round(size * 0.62)), max(6, round(size * 0.82)))
    stone.center = rect.center
    pygame.draw.rect(surface, colour, stone, border_top_left_radius=stone.width // 2,
                     border_top_right_radius=stone.width // 2)
    width = max(1, size // 12)
    x, top = stone.centerx, stone.top + stone.height * 0.22
    pygame.draw.line(surface, PAPER, (x, top), (x, stone.top + stone.height * 0.72), width)
    pygame.draw.line(surface, PAPER, (x - stone.width * 0.24, top + stone.height * 0.16),
                     (x + stone.width * 0.24, top + stone.height * 0.16), width)


def tree(surface: pygame.Surface, rect: pygame.Rect, colour: Colour = TREE) -> None:
    """A park: a round tree on a trunk."""
    x = rect.centerx
    size = min(rect.width, rect.height)
    pygame.draw.line(surface, INK_SOFT, (x, rect.centery), (x, rect.centery + size * 0.42), max(2, size // 7))
    pygame.draw.circle(surface, colour, (x, rect.centery - size * 0.08), size * 0.32)
    pygame.draw.circle(surface, art.shade(colour, 0.75), (x, rect.centery - size * 0.08), size * 0.32, max(1, size // 14))


def tumbleweed(surface: pygame.Surface, centre: Point, radius: float, angle: float = 0.0,
               colour: Colour = TUMBLE) -> None:
    """A rolling ball of scribbles (``angle`` in radians turns it)."""
    x, y = centre
    width = max(1, round(radius / 7))
    for i in range(5):
        a = angle + i * math.pi / 5
        box = pygame.Rect(0, 0, radius * 2, radius * (0.8 + 0.2 * (i % 2)))
        box.center = (x, y)
        points = []
        for step in range(13):
            t = step / 12 * 2 * math.pi
            px, py = math.cos(t) * box.width / 2, math.sin(t) * box.height / 2
            points.append((x + px * math.cos(a) - py * math.sin(a), y + px * math.sin(a) + py * math.cos(a)))
        pygame.draw.lines(surface, colour, True, points, width)


# --- cards ------------------------------------------------------------------------------------
def action_card(card: str, size: tuple[int, int]) -> pygame.Surface:
    """The top card of a column: its suit and the building it stands for."""
    return _action_card(card, size, i18n.current())


@art.cached
@lru_cache(maxsize=96)
def _action_card(card: str, size: tuple[int, int], language: object) -> pygame.Surface:
    surface = _card_face(size)
    w, h = size
    suit_letter = card[-1]
    kind = ACTION_KIND[card_action(card)]
    suit(surface, suit_letter, (w * 0.2, h * 0.16), h * 0.15)
    band = pygame.Rect(w * 0.1, h * 0.3, w * 0.8, h * 0.44)
    pygame.draw.rect(surface, light(kind_colour(kind), 0.35), band, border_radius=max(3, w // 12))
    kind_icon(surface, kind, (band.centerx, band.centery), min(band.width, band.height) * 0.75)
    said, letter_size = letter(kind), type_size(h * 0.22)
    x = min(w * 0.8, w - 4 - art.text_width(said, letter_size, "bold") / 2)  # a longer letter stays on the card
    art.blit_text(surface, said, letter_size, INK, (x, h * 0.16), "center", "bold", width=round(w * 0.4))
    art.blit_text(surface, building(kind), type_size(h * 0.15), INK, (w / 2, h * 0.86), "center", "bold",
                  width=w - 8)
    return surface


def number_card(card: str, size: tuple[int, int]) -> pygame.Surface:
    """The bottom card of a column: its rank is the number written (A wild, J 11)."""
    return _number_card(card, size, i18n.current())


@art.cached
@lru_cache(maxsize=96)
def _number_card(card: str, size: tuple[int, int], language: object) -> pygame.Surface:
    surface = _card_face(size)
    w, h = size
    rank = card[:-1]
    colour = CARD_RED if card[-1] in "DH" else CARD_BLACK
    art.blit_text(surface, rank, type_size(h * 0.62), colour, (w / 2, h * 0.5), "center", "bold")
    suit(surface, card[-1], (w * 0.19, h * 0.17), h * 0.15)
    if rank in ("A", "J"):
        words = _("wild") if rank == "A" else "= 11"
        art.blit_text(surface, words, type_size(h * 0.14), INK_SOFT, (w / 2, h * 0.87), "center", width=w - 8)
    return surface


def _card_face(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(4, w // 9)
    pygame.draw.rect(surface, (40, 30, 28), surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, (250, 244, 230), surface.get_rect().inflate(-4, -4), border_radius=radius - 1)
    return surface


@art.cached
@lru_cache(maxsize=16)
def card_back(size: tuple[int, int]) -> pygame.Surface:
    """The back of a card: a sheriff's star on a red lattice."""
    w, h = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(4, w // 9)
    pygame.draw.rect(surface, (40, 30, 28), surface.get_rect(), border_radius=radius)
    inner = surface.get_rect().inflate(-6, -6)
    pygame.draw.rect(surface, (150, 52, 44), inner, border_radius=radius - 2)
    clip = surface.get_clip()
    surface.set_clip(inner.inflate(-6, -6))
    for i in range(-h, w + h, max(6, w // 8)):
        pygame.draw.line(surface, (176, 74, 60), (i, inner.top), (i + h, inner.bottom), 2)
        pygame.draw.line(surface, (176, 74, 60), (i + h, inner.top), (i, inner.bottom), 2)
    surface.set_clip(clip)
    star(surface, (w / 2, h / 2), min(w, h) * 0.26, art.GOLD)
    return surface


def star(surface: pygame.Surface, centre: Point, radius: float, colour: Colour) -> None:
    x, y = centre
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        points.append((x + r * math.cos(a), y + r * math.sin(a)))
    pygame.draw.polygon(surface, colour, points)


def flipped(image: pygame.Surface, back: pygame.Surface, progress: float) -> pygame.Surface:
    """A card turning over: its back narrows to an edge, then its face widens (0..1)."""
    if progress >= 1:
        return image
    face = progress >= 0.5
    squeeze = abs(1 - 2 * progress)
    source = image if face else back
    width = max(1, round(source.get_width() * squeeze))
    return pygame.transform.scale(source, (width, source.get_height()))


def arrow(surface: pygame.Surface, direction: str, centre: Point, size: float, colour: Colour) -> None:
    """A small d-pad triangle pointing ``direction``."""
    x, y = centre
    s = size / 2
    points = {"up": [(x, y - s), (x + s, y + s * 0.7), (x - s, y + s * 0.7)],
              "down": [(x, y + s), (x + s, y - s * 0.7), (x - s, y - s * 0.7)],
              "left": [(x - s, y), (x + s * 0.7, y - s), (x + s * 0.7, y + s)],
              "right": [(x + s, y), (x - s * 0.7, y - s), (x - s * 0.7, y + s)]}[direction]
    pygame.draw.polygon(surface, colour, points)


def ring(surface: pygame.Surface, box: pygame.Rect, colour: Colour, width: int) -> None:
    """A ring drawn round a box of a sheet (an upgrade taken, the one on offer)."""
    pygame.draw.ellipse(surface, colour, box.inflate(-2, -max(2, box.height // 8)), width)


# --- a tile's centre, badges and chips ----------------------------------------------------------
def tile_centre(surface: pygame.Surface, centre: pygame.Rect, kind: str, value: int, u: int) -> None:
    """A tile's centre: the building's letter and picture on top, the value below."""
    letter_size = type_size(max(11, 0.22 * u))
    top = centre.top + letter_size * 0.55
    art.blit_text(surface, letter(kind), letter_size, INK, (centre.right - letter_size * 0.15, top), "midright", "bold",
                  width=centre.width // 2)
    if u >= 40:
        kind_icon(surface, kind, (centre.centerx, top), letter_size * 0.8, INK_SOFT)
    value_size = type_size(max(12, 0.46 * u))
    art.blit_text(surface, rank_text(value), value_size, INK,
                  (centre.centerx, centre.bottom - value_size * 0.42), "center", "bold")


def centre_image(kind: str, value: int, size: tuple[int, int], u: int, alpha: int = 255) -> pygame.Surface:
    """A tile's centre holding ``kind`` and ``value``, on its own (to grow, or as a ghost)."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    image.fill((*light(kind_colour(kind), 0.5), alpha))
    tile_centre(image, image.get_rect(), kind, value or 1, u)
    if alpha < 255:
        image.set_alpha(alpha)
    return image


@art.cached
@lru_cache(maxsize=4)
def locked_badge(words: str) -> pygame.Surface:
    """``words`` (LOCKED IN) on green, as wide as they need (at least 170)."""
    width = max(170, art.text_width(words, 26) + 28)
    badge: pygame.Surface = art.panel((width, 38), art.shade(art.GOOD, 0.55), art.GOOD, 12).copy()
    art.blit_text(badge, words, 26, art.INK, (width // 2, 19), "center", width=width - 16)
    return badge


def popped(image: pygame.Surface, grow: float) -> pygame.Surface:
    """``image`` grown by ``grow`` (one image scaled, not a new one drawn each frame)."""
    if grow == 1.0:
        return image
    return pygame.transform.scale(image, (round(image.get_width() * grow), round(image.get_height() * grow)))


@art.cached
@lru_cache(maxsize=32)
def pick_chip(words: str, size: tuple[int, int], colour: Colour) -> pygame.Surface:
    """A revealed pick on a small card in the seat's colour (no words: its back)."""
    chip: pygame.Surface = art.panel(size, art.PANEL_HI, colour, 10).copy()
    if words:
        art.blit_text(chip, words, 24, art.INK, (size[0] // 2, size[1] // 2), "center", width=size[0] - 10)
    return chip


def emblem(height: int) -> pygame.Surface:
    """A small picture of the game for the picker and the title: a back and two faces."""
    width = round(height * 1.6)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    size = (round(height * 0.62), round(height * 0.86))
    back = card_back(size)
    face = number_card("7S", size)
    top = action_card("JC", size)
    surface.blit(back, (0, height - size[1]))
    surface.blit(face, (round(width * 0.3), height - size[1] - 6))
    surface.blit(top, (width - size[0], 0))
    return surface
