"""Everything drawn in code: palette, fonts, cached text, panels, Die Mauer pieces.

Surfaces are cached by what they show, so a frame mostly blits ready-made images.
"""

import math
from functools import lru_cache

import pygame

W, H = 1920, 1080
INK = (244, 236, 220)
INK_DIM = (176, 164, 146)
INK_FAINT = (120, 110, 98)
NIGHT = (24, 20, 28)
PANEL = (46, 38, 44)
PANEL_HI = (70, 58, 64)
GOLD = (242, 178, 64)
MASTER_ORANGE = (255, 132, 24)
DANGER = (232, 86, 76)
GOOD = (112, 204, 128)
STONE = (196, 178, 150)
STONE_DARK = (132, 116, 96)
TOWER_BLUE = (92, 132, 214)
GATE_RED = (206, 76, 68)
SEAT_COLOURS = [
    (236, 104, 84), (84, 150, 240), (96, 200, 120),
    (240, 196, 72), (176, 120, 240), (64, 200, 214),
]
SEAT_COLOUR_NAMES = ["coral", "blue", "green", "yellow", "violet", "teal"]


@lru_cache(maxsize=32)
def font(size: int) -> pygame.font.Font:
    return pygame.font.Font(None, size)


@lru_cache(maxsize=1024)
def text(words: str, size: int, colour=INK) -> pygame.Surface:
    return font(size).render(words, True, colour)


def blit_text(surface, words, size, colour, pos, anchor="topleft") -> pygame.Rect:
    image = text(words, size, tuple(colour))
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def wrap(words: str, size: int, width: int) -> list[str]:
    lines, line = [], ""
    for word in words.split():
        trial = f"{line} {word}".strip()
        if font(size).size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    return lines + ([line] if line else [])


def shade(colour, factor: float):
    return tuple(max(0, min(255, round(c * factor))) for c in colour[:3])


def mix(a, b, t: float):
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


@lru_cache(maxsize=64)
def panel(size: tuple[int, int], colour=PANEL, border=None, radius: int = 18, alpha: int = 235):
    """A rounded panel with a soft top light, cached by size and colours."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, (*shade(colour, 0.6), alpha), rect, border_radius=radius)
    pygame.draw.rect(surface, (*colour, alpha), rect.inflate(-4, -4), border_radius=radius - 2)
    top = rect.inflate(-10, -10)
    top.height = max(4, rect.height // 3)
    pygame.draw.rect(surface, (*shade(colour, 1.18), alpha), top, border_radius=radius - 4)
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


# --- Die Mauer pieces ---------------------------------------------------------------
PIECE_WIDTH_UNITS = {"T": 1.0, "G": 1.15, "6": 1.3, "4": 1.1, "3": 1.0, "2": 0.9, "1": 0.8}


def piece_size(piece: str, height: int) -> tuple[int, int]:
    return round(height * 0.62 * PIECE_WIDTH_UNITS[piece]), height


@lru_cache(maxsize=256)
def piece_image(piece: str, height: int, tint=None, ghost: bool = False) -> pygame.Surface:
    """A wall segment: stone block with merlons, a blue Tower, or a red Gate."""
    width, height = piece_size(piece, height)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    base = TOWER_BLUE if piece == "T" else GATE_RED if piece == "G" else STONE
    if tint is not None:
        base = mix(base, tint, 0.35)
    alpha = 110 if ghost else 255
    dark, light = (*shade(base, 0.62), alpha), (*shade(base, 1.12), alpha)
    body = pygame.Rect(0, round(height * 0.22), width, round(height * 0.78))
    if piece == "T":
        body = pygame.Rect(0, round(height * 0.12), width, round(height * 0.88))
    merlons = {"T": 3, "G": 2}.get(piece) or int(piece)
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
    if piece == "G":
        arch = pygame.Rect(0, 0, width // 2, body.height * 0.62)
        arch.midbottom = (width // 2, body.bottom - 3)
        pygame.draw.rect(surface, (30, 20, 20, alpha), arch, border_top_left_radius=width // 4,
                         border_top_right_radius=width // 4)
    elif piece == "T":
        window = pygame.Rect(0, 0, max(6, width // 6), body.height // 5)
        window.center = (width // 2, body.top + body.height // 3)
        pygame.draw.rect(surface, (28, 30, 48, alpha), window, border_top_left_radius=8,
                         border_top_right_radius=8)
    label = text({"T": "T", "G": "G"}.get(piece, piece), max(18, height // 3), INK if piece in "TG" else NIGHT)
    label_rect = label.get_rect(center=(width // 2, body.top + body.height * 0.72))
    surface.blit(label, label_rect)
    if ghost:
        pygame.draw.rect(surface, (*INK, 200), surface.get_rect(), width=3, border_radius=6)
    return surface


@lru_cache(maxsize=64)
def fist_image(colour, size: int, open_amount: float = 0.0) -> pygame.Surface:
    """A stylised fist in a seat's colour; ``open_amount`` 1 shows an open palm."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    skin = mix((236, 196, 160), colour, 0.25)
    dark = shade(skin, 0.7)
    palm = pygame.Rect(size * 0.18, size * 0.34, size * 0.64, size * 0.56)
    pygame.draw.rect(surface, dark, palm, border_radius=size // 6)
    pygame.draw.rect(surface, skin, palm.inflate(-6, -6), border_radius=size // 6)
    for i in range(4):
        length = size * (0.16 + 0.3 * open_amount)
        finger = pygame.Rect(palm.left + 4 + i * (palm.width - 8) / 4, palm.top - length + size * 0.08,
                             (palm.width - 8) / 4 - 2, length + size * 0.1)
        pygame.draw.rect(surface, dark, finger, border_radius=size // 14)
        pygame.draw.rect(surface, skin, finger.inflate(-4, -4), border_radius=size // 14)
    pygame.draw.rect(surface, colour, pygame.Rect(palm.left, palm.bottom - 10, palm.width, 10),
                     border_radius=4)
    return surface


@lru_cache(maxsize=16)
def master_block(size: int) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(surface, shade(MASTER_ORANGE, 0.7), surface.get_rect(), border_radius=size // 6)
    pygame.draw.rect(surface, MASTER_ORANGE, surface.get_rect().inflate(-6, -6), border_radius=size // 6)
    label = text("M", round(size * 0.8), NIGHT)
    surface.blit(label, label.get_rect(center=(size // 2, size // 2 + 2)))
    return surface


def forget() -> None:
    """Drop every cached font and image (after pygame.quit() they are no longer valid)."""
    for cached in (font, text, panel, background, piece_image, fist_image, master_block):
        cached.cache_clear()


def cursor_ring(surface, rect, colour, thickness=5, pulse: float = 0.0) -> None:
    grow = round(4 + 4 * pulse)
    pygame.draw.rect(surface, colour, rect.inflate(grow * 2, grow * 2), width=thickness, border_radius=12)


def pointer(surface, pos, colour) -> None:
    """A mouse seat's arrow in its colour, outlined so it shows on any background."""
    x, y = pos
    outline = [(x, y), (x, y + 34), (x + 9, y + 26), (x + 16, y + 40), (x + 22, y + 37), (x + 15, y + 23),
               (x + 26, y + 23)]
    fill = [(x + 3, y + 6), (x + 3, y + 28), (x + 10, y + 22), (x + 17, y + 35), (x + 19, y + 34),
            (x + 12, y + 20), (x + 21, y + 20)]
    pygame.draw.polygon(surface, NIGHT, outline)
    pygame.draw.polygon(surface, colour, fill)
