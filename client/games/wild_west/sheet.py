"""A town sheet on screen (WW-2): where every tile and section is, and the drawing.

A sheet is drawn at a unit ``u`` (a tile's width) in one of two modes: ``full`` (the
tiles, each row's track and park points, the group table with its upgrades, the
Tumbleweeds and Aces: the sheet of a seat playing at this screen) or ``compact`` (the
tiles only: everyone else's). Rows of 7 sit half a tile in from rows of 8, like bricks,
so a tile touches the two below it exactly as the rules say. Each tile shows its centre
(the building's letter, picture and value; a mine's M, circled once it holds gold), its
bottom (track) and its right section (a grave or a park).

`Geometry` says where things are; `body` draws everything that changes only when the
sheet does (cached), the table draws the live header (name, status, total) over it.
"""

import json
from functools import lru_cache

import pygame

from client import art
from client.games.wild_west import art as ww
from engines.wild_west.scoring import TUMBLEWEED_PENALTY, UPGRADE_BONUS
from engines.wild_west.sheet import MINES, ROW_LENGTHS, tile_at

FULL, COMPACT = "full", "compact"
UNITS = {FULL: (12.3, 4.2), COMPACT: (8.3, 4.2)}  # a sheet's width and height in tile widths
BAND = 52  # the strip under a full sheet: the seat's status, its peek hint or pad legend


class Geometry:
    """Where a sheet's parts are, for a sheet whose top-left corner is ``(left, top)``."""

    def __init__(self, left: int, top: int, u: int, mode: str = FULL):
        self.u, self.mode = u, mode
        self.pad = max(4, round(0.15 * u))
        self.header = max(24, round(0.52 * u))
        self.th = round(0.86 * u)  # a row's height
        self.tiles_top = top + self.header + round(0.08 * u)
        self.tiles_left = left + self.pad
        if mode == FULL:
            self.score_left = self.tiles_left + 8 * u + round(0.2 * u)
            self.score_width = round(1.45 * u)
            self.group_left = self.score_left + self.score_width + round(0.15 * u)
            self.group_width = round(2.2 * u)
            width = self.group_left + self.group_width + self.pad - left
        else:
            width = 2 * self.pad + 8 * u
        height = self.tiles_top - top + 4 * self.th + self.pad
        self.rect = pygame.Rect(left, top, width, height)

    @classmethod
    def fit(cls, cell: pygame.Rect, mode: str, band: int = 0, largest: int = 200) -> "Geometry":
        """The biggest sheet of ``mode`` inside ``cell`` (less a band under it), centred."""
        units = UNITS[mode]
        u = max(8, min(largest, int(min(cell.width / units[0], (cell.height - band) / units[1]))))
        probe = cls(0, 0, u, mode)
        while u > 8 and (probe.rect.width > cell.width or probe.rect.height + band > cell.height):
            u -= 1
            probe = cls(0, 0, u, mode)
        left = cell.centerx - probe.rect.width // 2
        top = cell.centery - (probe.rect.height + band) // 2
        return cls(left, top, u, mode)

    def moved(self, left: int, top: int) -> "Geometry":
        return Geometry(left, top, self.u, self.mode)

    # --- tiles ---------------------------------------------------------------------------
    def tile(self, row: int, col: int) -> pygame.Rect:
        u = self.u
        x = self.tiles_left + col * u + (u // 2 if ROW_LENGTHS[row] == 7 else 0)
        y = self.tiles_top + row * self.th
        gap = max(2, round(0.06 * u))
        return pygame.Rect(x + gap // 2, y + gap // 2, u - gap, self.th - gap)

    def parts(self, row: int, col: int) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """A tile's centre, bottom (track) and right section (grave or park)."""
        tile = self.tile(row, col)
        right_width = round(tile.width * 0.27)
        bottom_height = round(tile.height * 0.24)
        centre = pygame.Rect(tile.left, tile.top, tile.width - right_width, tile.height - bottom_height)
        bottom = pygame.Rect(tile.left, centre.bottom, tile.width, bottom_height)
        right = pygame.Rect(centre.right, tile.top, right_width, centre.height)
        return centre, bottom, right

    def header_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left, self.rect.top, self.rect.width, self.header)

    # --- the score columns (full sheets) ------------------------------------------------------
    def row_score(self, row: int) -> pygame.Rect:
        return pygame.Rect(self.score_left, self.tiles_top + row * self.th, self.score_width, self.th)

    def group_line(self, index: int) -> pygame.Rect:
        """Line 0 is the heading, 1-6 the group sizes, 7 Tumbleweeds and Aces."""
        height = 4 * self.th / 8
        return pygame.Rect(self.group_left, round(self.tiles_top + index * height), self.group_width,
                           round(height))

    def size_row(self, size: int) -> pygame.Rect:
        return self.group_line(size)

    def upgrade_boxes(self, size: int) -> list[pygame.Rect]:
        """The base points and the three upgrade boxes of a size row (WW-8)."""
        line = self.group_line(size)
        first = line.left + round(0.34 * self.u)
        width = (line.right - first) // 4
        return [pygame.Rect(first + i * width + 1, line.top + 2, width - 2, line.height - 4) for i in range(4)]


def sheet_key(sheet: dict) -> str:
    """What a sheet's body shows, as one string (its cache key)."""
    score = sheet.get("score", {})
    return json.dumps([sheet["rows"], sheet["upgrades"], sheet["tumbleweeds"], sheet["aces"],
                       sheet["completed_rows"], score.get("tracks_by_row"), score.get("parks_by_row"),
                       [g["size"] for g in score.get("group_list", [])]], separators=(",", ":"))


def body(sheet: dict, u: int, mode: str) -> pygame.Surface:
    """A sheet's body, cached (a few: how-to pages, previews); a table keeps its own
    sheets' images per seat instead (see `render`), so old ones never pile up."""
    return _body(sheet_key(sheet), u, mode)


@art.cached
@lru_cache(maxsize=6)
def _body(key: str, u: int, mode: str) -> pygame.Surface:
    return _render(json.loads(key), u, mode)


def render(sheet: dict, u: int, mode: str) -> pygame.Surface:
    """A sheet's body, drawn now: the blank sheet, then only what is written on it."""
    return _render(json.loads(sheet_key(sheet)), u, mode)


def _render(parts: list, u: int, mode: str) -> pygame.Surface:
    rows, upgrades, tumbleweeds, aces, completed, tracks_by_row, parks_by_row, sizes = parts
    geometry = Geometry(0, 0, u, mode)
    surface = blank(u, mode).copy()
    for r, row in enumerate(rows):
        for c, tile in enumerate(row):
            if tile.get("kind") or tile.get("track") or tile.get("right"):
                draw_tile(surface, geometry, r, c, tile)
    if mode == FULL:
        for r in range(4):
            draw_row_score(surface, geometry, r, tracks_by_row or [0] * 4, parks_by_row or [0] * 4, completed[r])
        sizes = sizes or []
        for n in range(1, 7):
            if upgrades[n - 1] or n in sizes:
                draw_size_row(surface, geometry, n, upgrades[n - 1], sizes.count(n))
        if tumbleweeds or aces:
            draw_penalties(surface, geometry, tumbleweeds, aces)
    return surface


@art.cached
@lru_cache(maxsize=6)
def blank(u: int, mode: str) -> pygame.Surface:
    """An empty sheet: paper, 30 empty tiles with their mines, the empty tables."""
    geometry = Geometry(0, 0, u, mode)
    surface = pygame.Surface(geometry.rect.size, pygame.SRCALPHA)
    pygame.draw.rect(surface, ww.PAPER, geometry.rect, border_radius=max(6, u // 6))
    pygame.draw.rect(surface, ww.PAPER_DARK, geometry.rect, max(2, u // 30), border_radius=max(6, u // 6))
    for r, length in enumerate(ROW_LENGTHS):
        for c in range(length):
            draw_tile(surface, geometry, r, c, {"mine": tile_at(r, c) in MINES})
    if mode == FULL:
        for r in range(4):
            draw_row_icons(surface, geometry, r)
        draw_group_heading(surface, geometry)
        for n in range(1, 7):
            draw_size_row(surface, geometry, n, 0, 0)
        draw_penalties(surface, geometry, 0, 0)
    return surface


def draw_tile(surface, geometry: Geometry, r: int, c: int, tile: dict) -> None:
    tile_rect = geometry.tile(r, c)
    centre, bottom, right = geometry.parts(r, c)
    u = geometry.u
    radius = max(2, u // 12)
    kind = tile.get("kind")
    fill = ww.light(ww.kind_colour(kind), 0.5) if kind else (ww.MINE_TINT if tile.get("mine") else (248, 242, 226))
    pygame.draw.rect(surface, fill, tile_rect, border_radius=radius)
    line = max(1, u // 40)
    pygame.draw.line(surface, ww.INK_FAINT, (right.left, right.top + 2), (right.left, right.bottom - 1), line)
    pygame.draw.line(surface, ww.INK_FAINT, (bottom.left + 2, bottom.top), (bottom.right - 2, bottom.top), line)
    pygame.draw.rect(surface, ww.INK_SOFT if kind else ww.INK_FAINT, tile_rect, max(1, u // 32), border_radius=radius)
    if tile.get("mine"):
        draw_mine_mark(surface, centre, u, kind == "G")
    if kind:
        draw_centre(surface, centre, kind, tile.get("value") or 1, u)
    if tile.get("track"):
        ww.rails(surface, bottom.inflate(-max(2, u // 14), -max(2, u // 20)))
    if tile.get("right") == "grave":
        ww.grave(surface, right.inflate(-2, -2))
    elif tile.get("right") == "park":
        ww.tree(surface, right.inflate(-2, -2))


def draw_mine_mark(surface, centre: pygame.Rect, u: int, gold: bool) -> None:
    """A mine's M in the centre's top-left corner; circled once a Gold Mine is written."""
    size = ww.type_size(max(12, 0.24 * u))
    spot = (centre.left + size * 0.6, centre.top + size * 0.6)
    art.blit_text(surface, "M", size, ww.INK if gold else ww.INK_SOFT, spot, "center", "bold")
    if gold:
        pygame.draw.circle(surface, ww.INK, spot, size * 0.52, max(1, u // 40))


def draw_centre(surface, centre: pygame.Rect, kind: str, value: int, u: int) -> None:
    """The building's letter and picture on top, the value below."""
    letter_size = ww.type_size(max(11, 0.22 * u))
    top = centre.top + letter_size * 0.55
    art.blit_text(surface, kind, letter_size, ww.INK, (centre.right - letter_size * 0.45, top), "center", "bold")
    if u >= 40:
        ww.kind_icon(surface, kind, (centre.centerx, top), letter_size * 0.8, ww.INK_SOFT)
    value_size = ww.type_size(max(12, 0.46 * u))
    art.blit_text(surface, ww.rank_text(value), value_size, ww.INK,
                  (centre.centerx, centre.bottom - value_size * 0.42), "center", "bold")


def draw_row_icons(surface, geometry: Geometry, r: int) -> None:
    """A row's score column: rails over a tree, a line under them."""
    box = geometry.row_score(r)
    u = geometry.u
    icon = pygame.Rect(box.left, box.top + 2, round(0.42 * u), box.height // 2 - 4)
    ww.rails(surface, icon.inflate(0, -icon.height // 2))
    ww.tree(surface, pygame.Rect(box.left, box.centery, round(0.42 * u), box.height // 2 - 2))
    pygame.draw.line(surface, ww.INK_FAINT, (box.left, box.bottom - 1), (box.right, box.bottom - 1), 1)


def draw_row_score(surface, geometry: Geometry, r: int, tracks_by_row, parks_by_row, completed: bool) -> None:
    """A row's track points (by the rails) and park points (by the tree), from its tables;
    a star once its track is complete (WW-7)."""
    box = geometry.row_score(r)
    u = geometry.u
    size = ww.type_size(max(11, 0.32 * u))
    rails_y = box.top + 2 + (box.height // 2 - 4) // 2
    tree_y = box.centery + (box.height // 2 - 2) // 2
    art.blit_text(surface, str(tracks_by_row[r]), size, ww.INK, (box.right - 2, rails_y), "midright", "bold")
    if completed:
        ww.star(surface, (box.left + round(0.42 * u) + size * 0.55, rails_y), size * 0.4, ww.INK)
    art.blit_text(surface, str(parks_by_row[r]), size, ww.INK, (box.right - 2, tree_y), "midright", "bold")


def draw_group_heading(surface, geometry: Geometry) -> None:
    size = table_size(geometry.u)
    heading = geometry.group_line(0)
    art.blit_text(surface, "Groups", size, ww.INK, (heading.left + 2, heading.centery), "midleft", "bold")
    art.blit_text(surface, "+2 +5 +9", size, ww.INK_SOFT, (heading.right - 2, heading.centery), "midright")


def table_size(u: int) -> int:
    """Type in the group and penalty tables: as large as their lines allow, so they still
    read at 1280x720 on a table of four sheets."""
    return ww.type_size(max(10, 0.3 * u))


def draw_size_row(surface, geometry: Geometry, n: int, upgrades: int, owned: int) -> None:
    """Size ``n`` of the group table: its points, and with 1, 2, 3 upgrades (crossed when
    taken, the points reached in bold, WW-8); highlighted while the sheet has such a group."""
    u = geometry.u
    size = table_size(u)
    line = geometry.group_line(n)
    pygame.draw.rect(surface, ww.light(art.GOLD, 0.6) if owned else ww.PAPER, line.inflate(2, 0), border_radius=4)
    art.blit_text(surface, str(n), size, ww.INK, (line.left + 0.16 * u, line.centery), "center", "bold")
    base = n * (n + 1) // 2
    for i, box in enumerate(geometry.upgrade_boxes(n)):
        reached = i == upgrades
        if i and i <= upgrades:  # an upgrade taken: its box filled in
            pygame.draw.rect(surface, ww.light(art.GOLD, 0.25), box, border_radius=3)
        if i:
            pygame.draw.rect(surface, ww.INK_FAINT, box, 1, border_radius=3)
        art.blit_text(surface, str(base + UPGRADE_BONUS[i]), size, ww.INK if reached else ww.INK_SOFT, box.center,
                      "center", "bold" if reached else "semibold")
        if reached and upgrades:  # what a group of this size scores after its upgrades, ringed
            ring(surface, box, ww.INK, max(1, u // 40))
    if owned > 1:
        art.blit_text(surface, f"x{owned}", ww.type_size(size - 2), ww.INK_SOFT, (line.left + 0.16 * u, line.bottom),
                      "midbottom")


def ring(surface, box: pygame.Rect, colour, width: int) -> None:
    pygame.draw.ellipse(surface, colour, box.inflate(-2, -max(2, box.height // 8)), width)


def draw_penalties(surface, geometry: Geometry, tumbleweeds: int, aces: int) -> None:
    """The Tumbleweeds taken (1, 3, 6 points off) and the Aces written."""
    u = geometry.u
    line = geometry.group_line(7)
    pygame.draw.rect(surface, ww.PAPER, line)
    size = table_size(u)
    radius = line.height * 0.32
    x = line.left + radius + 2
    for i, penalty in enumerate(TUMBLEWEED_PENALTY[1:]):
        centre = (x + i * (radius * 2 + 4), line.centery)
        ww.tumbleweed(surface, centre, radius, 0.3 * i, ww.TUMBLE if i < tumbleweeds else ww.INK_FAINT)
        if i < tumbleweeds:
            art.blit_text(surface, f"-{penalty}", ww.type_size(size - 2), ww.INK, (centre[0], line.bottom), "midbottom",
                          "bold")
    art.blit_text(surface, f"A x{aces}", size, ww.INK if aces else ww.INK_SOFT, (line.right - 2, line.centery),
                  "midright", "bold")
