"""Wild West's sprites for the phone page (issue 40): every key the phone hints name
(`engines.wild_west.picture.all_keys`), drawn with the table's own art at twice their CSS
size. No words on them (a Church is C in English and K in German): a pair shows its suit,
its building's picture and its number; a sheet tile its colour, picture and marks, and the
page writes the tile's letter and number over it from the hint's ``text``.
"""

import pygame

from client.games.wild_west import art as ww
from client.ui import art
from engines.wild_west.picture import VALUES, all_keys, all_tile_keys, pair_key
from engines.wild_west.sheet import ACTION_KIND, ACTIONS

SCALE = 2
CARD = (40, 56)  # one card of a pair, CSS pixels (a pair is a one-tap target)
GAP = 4
TILE = (48, 42)  # a sheet tile, CSS pixels (the page scales the sheet to its width)
BUTTON = 48  # a group size, a park: one-tap targets


def px(css: int) -> int:
    return css * SCALE


def card_size() -> tuple[int, int]:
    return px(CARD[0]), px(CARD[1])


def action_card(action: str) -> pygame.Surface:
    """The top card: its suit and its building's picture (the word is the page's)."""
    w, h = card_size()
    surface = ww._card_face((w, h))
    kind = ACTION_KIND[action]
    ww.suit(surface, ww.SUIT_OF_ACTION[action], (w * 0.22, h * 0.15), h * 0.16)
    band = pygame.Rect(w * 0.1, h * 0.3, w * 0.8, h * 0.56)
    pygame.draw.rect(surface, ww.light(ww.kind_colour(kind), 0.35), band, border_radius=max(3, w // 12))
    ww.kind_icon(surface, kind, (band.centerx, band.centery), min(band.width, band.height) * 0.75)
    return surface


def number_card(value: int) -> pygame.Surface:
    """The bottom card: its number (A wild, J = 11), big."""
    w, h = card_size()
    surface = ww._card_face((w, h))
    art.blit_text(surface, ww.rank_text(value), ww.type_size(h * 0.56), ww.INK, (w / 2, h * 0.5), "center", "bold")
    return surface


def pair(action: str, value: int) -> pygame.Surface:
    w, h = card_size()
    surface = pygame.Surface((2 * w + px(GAP), h), pygame.SRCALPHA)
    surface.blit(action_card(action), (0, 0))
    surface.blit(number_card(value), (w + px(GAP), 0))
    return surface


def backs() -> pygame.Surface:
    """A pair face down: what a hidden pick shows until the reveal."""
    w, h = card_size()
    surface = pygame.Surface((2 * w + px(GAP), h), pygame.SRCALPHA)
    back = ww.card_back((w, h))
    surface.blit(back, (0, 0))
    surface.blit(back, (w + px(GAP), 0))
    return surface


def tumbleweed() -> pygame.Surface:
    w, h = card_size()
    surface = pygame.Surface((2 * w + px(GAP), h), pygame.SRCALPHA)
    pygame.draw.rect(surface, ww.PAPER, surface.get_rect(), border_radius=px(6))
    pygame.draw.rect(surface, ww.PAPER_DARK, surface.get_rect(), px(1), border_radius=px(6))
    ww.tumbleweed(surface, (surface.get_width() / 2, h / 2), h * 0.36, 0.4)
    return surface


def tile(key: str) -> pygame.Surface:
    """``tile.<kind>.<mine>.<track>.<right>``: a sheet tile as the table's sheet draws it
    (`scoresheet.draw_tile`), less its letter and number."""
    _, kind, mine, track, right = key.split(".")
    kind = kind.upper()  # keys are lower case, kinds the sheet's letters
    w, h = px(TILE[0]), px(TILE[1])
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surface.get_rect().inflate(-px(1), -px(1))
    u = w
    right_width, bottom_height = round(rect.width * 0.27), round(rect.height * 0.24)
    centre = pygame.Rect(rect.left, rect.top, rect.width - right_width, rect.height - bottom_height)
    bottom = pygame.Rect(rect.left, centre.bottom, rect.width, bottom_height)
    side = pygame.Rect(centre.right, rect.top, right_width, centre.height)
    written = kind != "-"
    fill = ww.light(ww.kind_colour(kind), 0.5) if written else (ww.MINE_TINT if mine == "m" else (248, 242, 226))
    radius = max(2, u // 12)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.line(surface, ww.INK_FAINT, (side.left, side.top + 2), (side.left, side.bottom - 1), max(1, u // 40))
    pygame.draw.line(surface, ww.INK_FAINT, (bottom.left + 2, bottom.top), (bottom.right - 2, bottom.top), max(1, u // 40))
    pygame.draw.rect(surface, ww.INK_SOFT if written else ww.INK_FAINT, rect, max(1, u // 32), border_radius=radius)
    if mine == "m":  # a mine site: a small diamond in the corner (its letter would be a word)
        spot = (centre.left + u * 0.12, centre.top + u * 0.12)
        ww.suit(surface, "D", spot, u * 0.14, ww.INK if kind == "G" else ww.INK_SOFT)
    if written:  # the building's picture, small in the corner: the page writes the letter and number
        ww.kind_icon(surface, kind, (centre.right - u * 0.12, centre.top + u * 0.13), u * 0.18, ww.INK_SOFT)
    if track == "t":
        ww.rails(surface, bottom.inflate(-max(2, u // 14), -max(2, u // 20)))
    if right == "grave":
        ww.grave(surface, side.inflate(-2, -2))
    elif right == "park":
        ww.tree(surface, side.inflate(-2, -2))
    return surface


def group_size(n: int) -> pygame.Surface:
    """A group size of the group table, to upgrade: its number on the table's gold."""
    size = px(BUTTON)
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(surface, ww.light(art.GOLD, 0.4), surface.get_rect(), border_radius=px(8))
    pygame.draw.rect(surface, ww.INK_SOFT, surface.get_rect(), px(1), border_radius=px(8))
    art.blit_text(surface, str(n), ww.type_size(size * 0.6), ww.INK, (size / 2, size / 2), "center", "bold")
    ww.ring(surface, surface.get_rect().inflate(-px(8), -px(8)), ww.INK, px(1))
    return surface


def park(yes: bool) -> pygame.Surface:
    """The right section of the new tile: a park planted, or left empty."""
    size = px(BUTTON)
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(surface, ww.PAPER, surface.get_rect(), border_radius=px(8))
    pygame.draw.rect(surface, ww.INK_FAINT, surface.get_rect(), px(1), border_radius=px(8))
    if yes:
        ww.tree(surface, surface.get_rect().inflate(-px(8), -px(8)))
    else:
        ww.tree(surface, surface.get_rect().inflate(-px(8), -px(8)), ww.INK_FAINT)
        pygame.draw.line(surface, ww.CARD_RED, (px(8), size - px(8)), (size - px(8), px(8)), px(3))
    return surface


def sprites() -> dict[str, pygame.Surface]:
    """Every sprite the phone hints can name, keyed as they name it."""
    drawn: dict[str, pygame.Surface] = {"back": backs(), "tumbleweed": tumbleweed(),
                                        "park.yes": park(True), "park.no": park(False)}
    for n in range(1, 7):
        drawn[f"size.{n}"] = group_size(n)
    for action in ACTIONS:
        for value in VALUES:
            drawn[pair_key(action, value)] = pair(action, value)
    for key in all_tile_keys():
        drawn[key] = tile(key)
    missing = set(all_keys()) - set(drawn)
    if missing:  # a key the hints can name must be on the sheet
        raise ValueError(f"no sprite drawn for {sorted(missing)}")
    return drawn
