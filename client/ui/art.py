"""Everything every screen draws with: palette, the Inter font, cached text, fitted and
wrapped lines, panels and backdrops. One game's own art lives in its `client/games` module.

Surfaces are cached by what they show, so a frame mostly blits ready-made images.
Text is set in Inter (SIL Open Font License, `assets/fonts/OFL.txt`); SDL_ttf applies
the font's kerning, so pairs like "AV" or "To" sit tight.
"""

import itertools
import math
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Protocol, TypeVar

import pygame

from client.ui.colours import SEAT_COLOURS as SEAT_COLOURS
from client.ui.colours import seat_colour as seat_colour

W, H = 1920, 1080
INK = (244, 236, 220)
INK_DIM = (176, 164, 146)
INK_FAINT = (120, 110, 98)
NIGHT = (24, 20, 28)
PANEL = (46, 38, 44)
PANEL_HI = (70, 58, 64)
GOLD = (242, 178, 64)
DANGER = (232, 86, 76)
GOOD = (112, 204, 128)
SEAT_COLOUR_NAMES = ["coral", "blue", "green", "yellow", "violet", "teal"]

# The repository's `assets/` installs as the package `spielabend_assets` (pyproject.toml),
# so the fonts are found the same way in an editable install and in a wheel.
FONT_DIR: Traversable = resources.files("spielabend_assets") / "fonts"
FONT_FILES = {"regular": "Inter-Regular.otf", "semibold": "Inter-SemiBold.otf", "bold": "Inter-Bold.otf"}
# Sizes in this code base are given in the units of pygame's default font, whose letters
# are about 0.7 as large as a point of Inter: layouts keep their proportions.
POINTS_PER_SIZE = 0.7
ELLIPSIS = "\u2026"


@lru_cache(maxsize=64)
def font(size: int, weight: str = "semibold") -> pygame.font.Font:
    """Inter of ``weight`` (regular, semibold, bold) at ``size``; pygame's own font if the
    file is missing (a broken install still shows every word)."""
    try:
        with resources.as_file(FONT_DIR / FONT_FILES[weight]) as path:
            return pygame.font.Font(path, max(6, round(size * POINTS_PER_SIZE)))
    except OSError:  # FileNotFoundError included
        return pygame.font.Font(None, size)


class _TextImages:
    """Rendered words, least recently used dropped first once their pixels pass a byte
    budget: a long session's log lines would otherwise hold tens of megabytes."""

    def __init__(self, budget_bytes: int):
        self.budget = budget_bytes
        self.images: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.bytes = 0

    def __call__(self, words: str, size: int, colour=INK, weight: str = "semibold") -> pygame.Surface:
        key = (words, size, colour, weight)
        image = self.images.get(key)
        if image is not None:
            self.images.move_to_end(key)
            return image
        image = _render(words, size, colour, weight)
        self.images[key] = image
        self.bytes += _image_bytes(image)
        while self.bytes > self.budget and len(self.images) > 1:
            _, old = self.images.popitem(last=False)
            self.bytes -= _image_bytes(old)
        return image

    def cache_clear(self) -> None:
        self.images.clear()
        self.bytes = 0


# PlayStation's face buttons: the font has no cross, so all four are drawn as shapes
# wherever they appear in words (legends, hints, settings).
BUTTON_GLYPHS = ("\u2715", "\u25cb", "\u25a1", "\u25b3")  # cross, circle, square, triangle


def _pieces(words: str) -> list[str]:
    """``words`` split into runs of plain text and single button glyphs."""
    pieces, run = [], ""
    for char in words:
        if char in BUTTON_GLYPHS:
            pieces += [run, char] if run else [char]
            run = ""
        else:
            run += char
    return pieces + ([run] if run else [])


def _glyph_size(size: int, weight: str) -> int:
    return max(6, round(font(size, weight).get_ascent() * 0.95))


def _render(words: str, size: int, colour, weight: str) -> pygame.Surface:
    face = font(size, weight)
    if not any(glyph in words for glyph in BUTTON_GLYPHS):
        return face.render(words, True, colour)
    images = [_glyph(piece, _glyph_size(size, weight), face.get_height(), colour) if piece in BUTTON_GLYPHS
              else face.render(piece, True, colour) for piece in _pieces(words)]
    image = pygame.Surface((sum(i.get_width() for i in images), face.get_height()), pygame.SRCALPHA)
    x = 0
    for piece in images:
        image.blit(piece, (x, 0))
        x += piece.get_width()
    return image


def _glyph(glyph: str, side: int, height: int, colour) -> pygame.Surface:
    """One PlayStation button symbol, ``side`` pixels across, centred in a line's height."""
    image = pygame.Surface((side + 4, height), pygame.SRCALPHA)
    box = pygame.Rect(2, (height - side) // 2, side, side).inflate(-side // 6, -side // 6)
    line = max(2, side // 8)
    if glyph == "\u2715":
        pygame.draw.line(image, colour, box.topleft, box.bottomright, line + 1)
        pygame.draw.line(image, colour, box.bottomleft, box.topright, line + 1)
    elif glyph == "\u25cb":
        pygame.draw.circle(image, colour, box.center, box.width // 2, line)
    elif glyph == "\u25a1":
        pygame.draw.rect(image, colour, box, line)
    else:
        pygame.draw.polygon(image, colour, [box.midtop, box.bottomright, box.bottomleft], line)
    return image


def _image_bytes(image: pygame.Surface) -> int:
    return image.get_width() * image.get_height() * image.get_bytesize()


text = _TextImages(budget_bytes=16 * 1024 * 1024)


# Words may be set this much smaller to fit their box before they are cut: German runs
# 30-40% longer than English, and a slightly smaller line reads better than a cut one.
SMALLEST_FIT = 0.72


@dataclass(frozen=True)
class DrawnText:
    """One line of words as `blit_text` drew it, for the layout tests (`watch`)."""

    words: str  # as asked for
    shown: str  # as drawn: cut with an ellipsis where even the smallest size did not fit
    rect: pygame.Rect  # where, in the coordinates of the surface drawn on
    bounds: pygame.Rect  # that surface's own rectangle: its box
    width: int | None  # the width it was fitted to, if any
    size: int  # the size it was drawn at (smaller than asked where it was shrunk)
    # the surface drawn on, weakly (two lines on one surface may be checked for overlap)
    surface: "weakref.ref[pygame.Surface] | None" = field(default=None, compare=False, repr=False)


_watchers: list[Callable[[DrawnText], None]] = []


def watch(callback: Callable[[DrawnText], None]) -> Callable[[], None]:
    """Call ``callback`` with every line `blit_text` draws until the returned function is
    called. The layout tests use it to check that every text fits its box."""
    _watchers.append(callback)
    return lambda: _watchers.remove(callback) if callback in _watchers else None


@lru_cache(maxsize=4096)
def fitting_size(words: str, size: int, width: int, weight: str = "semibold") -> int:
    """The largest size, down to `SMALLEST_FIT` of ``size``, at which ``words`` fit ``width``
    (the smallest if none does: `fit` then cuts them)."""
    if text_width(words, size, weight) <= width:
        return size
    smallest = max(6, math.ceil(size * SMALLEST_FIT))
    for trial in range(size - 1, smallest - 1, -1):
        if text_width(words, trial, weight) <= width:
            return trial
    return smallest


def blit_text(surface, words, size, colour, pos, anchor="topleft", weight: str = "semibold",
              width: int | None = None) -> pygame.Rect:
    """Draw ``words``; with ``width`` they are first fitted to it: set smaller (down to
    `SMALLEST_FIT`), then cut with an ellipsis (see `fit`)."""
    shown = words
    if width is not None:
        size = fitting_size(words, size, width, weight)
        shown = fit(words, size, width, weight)
    image = text(shown, size, tuple(colour), weight)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    if _watchers:
        seen = DrawnText(words, shown, rect.copy(), surface.get_rect(), width, size, weakref.ref(surface))
        for callback in list(_watchers):
            callback(seen)
    return rect


def text_width(words: str, size: int, weight: str = "semibold") -> int:
    face = font(size, weight)
    if not any(glyph in words for glyph in BUTTON_GLYPHS):
        return face.size(words)[0]
    return sum(_glyph_size(size, weight) + 4 if piece in BUTTON_GLYPHS else face.size(piece)[0]
               for piece in _pieces(words))


@lru_cache(maxsize=4096)
def fit(words: str, size: int, width: int, weight: str = "semibold") -> str:
    """``words`` as they fit in ``width`` pixels: whole, or cut and ended with an ellipsis.

    Names are drawn through this wherever they appear, so a long one never spills into
    its neighbour's space."""
    if text_width(words, size, weight) <= width:
        return words
    low, high = 0, len(words)
    while low < high:  # the longest prefix that fits with the ellipsis
        middle = (low + high + 1) // 2
        if text_width(words[:middle].rstrip() + ELLIPSIS, size, weight) <= width:
            low = middle
        else:
            high = middle - 1
    return words[:low].rstrip() + ELLIPSIS


def wrap(words: str, size: int, width: int, weight: str = "semibold") -> list[str]:
    """``words`` broken into lines no wider than ``width``; a single word too long for
    a line is cut with an ellipsis rather than spilling out."""
    return list(_wrap(words, size, width, weight))


@lru_cache(maxsize=2048)
def _wrap(words: str, size: int, width: int, weight: str) -> tuple[str, ...]:
    lines, line = [], ""
    for word in words.split():
        trial = f"{line} {word}".strip()
        if text_width(trial, size, weight) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        line = fit(word, size, width, weight)
    return tuple(lines + ([line] if line else []))


def shade(colour, factor: float):
    return tuple(max(0, min(255, round(c * factor))) for c in colour[:3])


def mix(a, b, t: float):
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


@lru_cache(maxsize=128)
def panel(size: tuple[int, int], colour=PANEL, border=None, radius: int = 18, alpha: int = 235):
    """A rounded panel with a soft top light, cached by size and colours."""
    size = (max(8, int(size[0])), max(8, int(size[1])))
    radius = min(radius, size[0] // 2, size[1] // 2)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, (*shade(colour, 0.6), alpha), rect, border_radius=radius)
    pygame.draw.rect(surface, (*colour, alpha), rect.inflate(-4, -4), border_radius=max(0, radius - 2))
    top = rect.inflate(-10, -10)
    top.height = max(4, rect.height // 3)
    pygame.draw.rect(surface, (*shade(colour, 1.18), alpha), top, border_radius=max(0, radius - 4))
    pygame.draw.rect(surface, (*colour, alpha), top.move(0, top.height // 2).clip(rect.inflate(-10, -10)))
    if border:
        pygame.draw.rect(surface, border, rect, width=4, border_radius=radius)
    return surface


@lru_cache(maxsize=4)
def background(kind: str = "table") -> pygame.Surface:
    """The full-screen backdrop: a warm wooden table under a lamp, or the night menu."""
    surface = pygame.Surface((W, H))
    top, bottom = ((58, 40, 34), (22, 16, 20)) if kind == "table" else ((34, 28, 52), (14, 12, 20))
    for y in range(H):
        pygame.draw.line(surface, mix(top, bottom, y / H), (0, y), (W, y))
    glow = pygame.Surface((W, H), pygame.SRCALPHA)
    for i in range(14, 0, -1):
        radius = 90 * i
        pygame.draw.ellipse(glow, (255, 214, 150, 5), pygame.Rect(0, 0, radius * 2.2, radius).move(
            W // 2 - radius * 1.1, H // 2 - radius // 2 - 40))
    surface.blit(glow, (0, 0))
    if kind == "table":
        for x in range(0, W, 160):  # planks
            pygame.draw.line(surface, (40, 28, 26), (x, 0), (x + 40, H), 2)
    else:
        for i in range(90):  # stars, placed by a fixed formula so every run looks alike
            x, y = (i * 733) % W, (i * 397) % (H // 2)
            pygame.draw.circle(surface, (210, 200, 240), (x, y), 1 + i % 2)
        hills = [(0, H)] + [(x, H - 170 - 60 * math.sin(x / 260)) for x in range(0, W + 40, 40)] + [(W, H)]
        pygame.draw.polygon(surface, (20, 16, 28), hills)
    return surface.convert() if pygame.display.get_surface() else surface


@lru_cache(maxsize=8)
def shade_layer(alpha: int) -> pygame.Surface:
    """A full-screen dark veil (dialogs dim what is under them)."""
    veil = pygame.Surface((W, H), pygame.SRCALPHA)
    veil.fill((8, 6, 10, alpha))
    return veil


class _Cache(Protocol):
    """An lru_cache'd function, or anything else that can drop what it keeps."""

    def cache_clear(self) -> None: ...


CACHES: list[_Cache] = [font, text, fit, _wrap, panel, background, shade_layer]


CacheT = TypeVar("CacheT", bound=_Cache)


def cached(function: CacheT) -> CacheT:
    """Register another module's lru_cache'd drawing function, so `forget` clears it too."""
    CACHES.append(function)
    return function


def forget() -> None:
    """Drop every cached font and image (after pygame.quit() they are no longer valid)."""
    for function in CACHES:
        function.cache_clear()


def cursor_ring(surface, rect, colour, thickness=5, pulse: float = 0.0) -> None:
    grow = round(4 + 4 * pulse)
    pygame.draw.rect(surface, colour, rect.inflate(grow * 2, grow * 2), width=thickness, border_radius=12)


def dashed_ring(surface, rect, colour, phase: float = 0.0, dash: int = 18, thickness: int = 4) -> None:
    """A marching dashed outline: something sent and not yet answered (a pending intent)."""
    rect = pygame.Rect(rect).inflate(12, 12)
    perimeter = [(rect.left, rect.top), (rect.right, rect.top), (rect.right, rect.bottom),
                 (rect.left, rect.bottom), (rect.left, rect.top)]
    offset = int(phase * dash * 2) % (dash * 2)
    for (x1, y1), (x2, y2) in itertools.pairwise(perimeter):
        length = max(abs(x2 - x1), abs(y2 - y1))
        step = -offset
        while step < length:
            a, b = max(0, step), min(length, step + dash)
            if b > a:
                t1, t2 = a / length, b / length
                pygame.draw.line(surface, colour, (x1 + (x2 - x1) * t1, y1 + (y2 - y1) * t1),
                                 (x1 + (x2 - x1) * t2, y1 + (y2 - y1) * t2), thickness)
            step += dash * 2


def pointer(surface, pos, colour) -> None:
    """A mouse seat's arrow in its colour, outlined so it shows on any background."""
    x, y = pos
    outline = [(x, y), (x, y + 34), (x + 9, y + 26), (x + 16, y + 40), (x + 22, y + 37), (x + 15, y + 23),
               (x + 26, y + 23)]
    fill = [(x + 3, y + 6), (x + 3, y + 28), (x + 10, y + 22), (x + 17, y + 35), (x + 19, y + 34),
            (x + 12, y + 20), (x + 21, y + 20)]
    pygame.draw.polygon(surface, NIGHT, outline)
    pygame.draw.polygon(surface, colour, fill)
