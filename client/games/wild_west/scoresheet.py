"""The score sheet (rulings WW-2, WW-7, WW-8): each player's town sheet as written so
far, and at the game's end the tally like the paper one, with the solo high-score table.

A town sheet shows each tile's centre (the building's letter, picture and value; a mine's
M, circled once it holds gold), its bottom (track) and its right section (a grave or a
park); a full sheet also each row's track and park points, the group table with its
upgrades, the Tumbleweeds and Aces. `body` draws everything that changes only when the
sheet does (cached); the table draws the live header (name, status, total) over it, and
`draw_effect` what moves on it while an event plays. Where things are is `layout.Geometry`.

The tally is filled in line by line: parks and track per row, each kind's groups with
their upgrades, churches with their graves, minus Tumbleweeds and Aces, the totals.
Alone, the high-score table stands beside it with the new score's place.
"""

import json
from functools import lru_cache
from typing import Any

import pygame

from client import highscores, i18n
from client.games.wild_west import art as ww
from client.games.wild_west import words
from client.games.wild_west.layout import FULL, Geometry
from client.games.wild_west.state import Score, Sheet, Tile
from client.highscores import Board
from client.i18n import _, pgettext
from client.table.types import Colour, Event
from client.ui import art
from engines.wild_west.scoring import TUMBLEWEED_PENALTY, UPGRADE_BONUS
from engines.wild_west.sheet import MINES, ROW_LENGTHS, ROW_TILES, tile_at


# --- a town sheet ---------------------------------------------------------------------------------
def sheet_key(sheet: Sheet) -> str:
    """What a sheet's body shows, as one string (its cache key)."""
    score = sheet.get("score", {})
    return json.dumps([sheet["rows"], sheet["upgrades"], sheet["tumbleweeds"], sheet["aces"],
                       sheet["completed_rows"], score.get("tracks_by_row"), score.get("parks_by_row"),
                       [g["size"] for g in score.get("group_list", [])]], separators=(",", ":"))


def body(sheet: Sheet, u: int, mode: str) -> pygame.Surface:
    """A sheet's body, cached (a few: how-to pages, previews); a table keeps its own
    sheets' images per seat instead (see `render`), so old ones never pile up."""
    return _body(sheet_key(sheet), u, mode, i18n.current())


@art.cached
@lru_cache(maxsize=6)
def _body(key: str, u: int, mode: str, language: object) -> pygame.Surface:
    return _render(json.loads(key), u, mode)


def render(sheet: Sheet, u: int, mode: str) -> pygame.Surface:
    """A sheet's body, drawn now: the blank sheet, then only what is written on it."""
    return _render(json.loads(sheet_key(sheet)), u, mode)


def _render(parts: list[Any], u: int, mode: str) -> pygame.Surface:
    """``parts``: `sheet_key`'s list, read back from its JSON."""
    rows: list[list[Tile]]
    upgrades: list[int]
    tumbleweeds: int
    aces: int
    completed: list[bool]
    tracks_by_row: list[int] | None
    parks_by_row: list[int] | None
    sizes: list[int] | None
    rows, upgrades, tumbleweeds, aces, completed, tracks_by_row, parks_by_row, sizes = parts
    geometry = Geometry(0, 0, u, mode)
    surface = blank(u, mode).copy()  # in the window's language
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


def blank(u: int, mode: str) -> pygame.Surface:
    """An empty sheet: paper, 30 empty tiles with their mines, the empty tables (in the
    window's language: one kept per language)."""
    return _blank(u, mode, i18n.current())


@art.cached
@lru_cache(maxsize=6)
def _blank(u: int, mode: str, language: object) -> pygame.Surface:
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


def draw_tile(surface: pygame.Surface, geometry: Geometry, r: int, c: int, tile: Tile) -> None:
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
        ww.tile_centre(surface, centre, kind, tile.get("value") or 1, u)
    if tile.get("track"):
        ww.rails(surface, bottom.inflate(-max(2, u // 14), -max(2, u // 20)))
    if tile.get("right") == "grave":
        ww.grave(surface, right.inflate(-2, -2))
    elif tile.get("right") == "park":
        ww.tree(surface, right.inflate(-2, -2))


def draw_mine_mark(surface: pygame.Surface, centre: pygame.Rect, u: int, gold: bool) -> None:
    """A mine's M in the centre's top-left corner; circled once a Gold Mine is written."""
    size = ww.type_size(max(12, 0.24 * u))
    spot = (centre.left + size * 0.6, centre.top + size * 0.6)
    art.blit_text(surface, pgettext("mine mark", "M"), size, ww.INK if gold else ww.INK_SOFT, spot, "center", "bold")
    if gold:
        pygame.draw.circle(surface, ww.INK, spot, size * 0.52, max(1, u // 40))


def draw_row_icons(surface: pygame.Surface, geometry: Geometry, r: int) -> None:
    """A row's score column: rails over a tree, a line under them."""
    box = geometry.row_score(r)
    u = geometry.u
    icon = pygame.Rect(box.left, box.top + 2, round(0.42 * u), box.height // 2 - 4)
    ww.rails(surface, icon.inflate(0, -icon.height // 2))
    ww.tree(surface, pygame.Rect(box.left, box.centery, round(0.42 * u), box.height // 2 - 2))
    pygame.draw.line(surface, ww.INK_FAINT, (box.left, box.bottom - 1), (box.right, box.bottom - 1), 1)


def draw_row_score(surface: pygame.Surface, geometry: Geometry, r: int, tracks_by_row: list[int],
                   parks_by_row: list[int], completed: bool) -> None:
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


def draw_group_heading(surface: pygame.Surface, geometry: Geometry) -> None:
    size = table_size(geometry.u)
    heading = geometry.group_line(0)
    bonuses = art.blit_text(surface, "+2 +5 +9", size, ww.INK_SOFT, (heading.right - 2, heading.centery), "midright")
    art.blit_text(surface, _(words.GROUPS_HEADING), size, ww.INK, (heading.left + 2, heading.centery), "midleft", "bold",
                  width=bonuses.left - heading.left - 8)


def table_size(u: int) -> int:
    """Type in the group and penalty tables: as large as their lines allow, so they still
    read at 1280x720 on a table of four sheets."""
    return ww.type_size(max(10, 0.3 * u))


def draw_size_row(surface: pygame.Surface, geometry: Geometry, n: int, upgrades: int, owned: int) -> None:
    """Size ``n`` of the group table: its points, and with 1, 2, 3 upgrades (crossed when
    taken, the points reached in bold, WW-8); highlighted while the sheet has such a group."""
    u = geometry.u
    size = table_size(u)
    line = geometry.group_line(n)
    pygame.draw.rect(surface, ww.light(art.GOLD, 0.6) if owned else ww.PAPER, line.inflate(2, 0), border_radius=4)
    # with two groups of this size or more, the size stands in the upper half and "x2" under it
    number_at = (line.left + 0.16 * u, line.centery + 3) if owned > 1 else (line.left + 0.16 * u, line.centery)
    art.blit_text(surface, str(n), size, ww.INK, number_at, "midbottom" if owned > 1 else "center", "bold")
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
            ww.ring(surface, box, ww.INK, max(1, u // 40))
    if owned > 1:
        art.blit_text(surface, f"x{owned}", ww.type_size(size - 2), ww.INK_SOFT, (line.left + 0.16 * u, line.centery + 1),
                      "midtop")


def draw_penalties(surface: pygame.Surface, geometry: Geometry, tumbleweeds: int, aces: int) -> None:
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


# --- what moves on a sheet ---------------------------------------------------------------------
def draw_effect(surface: pygame.Surface, geometry: Geometry, fx: str, event: Event, t: float,
                colour: Colour) -> None:
    """What moves on a sheet while an event plays: event ``event``'s animation ``fx`` at
    ``t`` (0..1), drawn over the sheet as it was before the event, until the view has
    caught up; ``colour``: its seat's. A number grows into its tile, track runs along a
    tile's foot, a grave drops in, a park grows, an upgrade's ring closes in, a completed
    row flashes, a Tumbleweed rolls into its box."""
    if fx == "tumbleweed":
        tumbleweed_rolls(surface, geometry, event["count"], t)
        return
    if fx == "upgrade":  # the new ring closes in on its box
        if geometry.mode == FULL:
            box = geometry.upgrade_boxes(event["size"])[min(3, event["upgrades"])]
            grow = round((1 - t) * geometry.u * 0.6)
            ww.ring(surface, box.inflate(grow, grow), colour, 3)
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
        image = ww.centre_image(event["kind"], event["value"], centre.size, geometry.u)
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
        sprout = right.inflate(-2, -2)
        ww.tree(surface, sprout.inflate(-round(sprout.width * (1 - t)), -round(sprout.height * (1 - t))))


def tumbleweed_rolls(surface: pygame.Surface, geometry: Geometry, count: int, t: float) -> None:
    """The ``count``-th Tumbleweed rolls in and comes to rest in its box (full sheets), or
    across the name and away (compact ones)."""
    box_rect = geometry.header_rect()
    radius = max(8, box_rect.height * 0.4)
    start = (box_rect.left + radius, box_rect.centery)
    if geometry.mode == FULL:
        line = geometry.group_line(7)
        box = line.height * 0.32
        end = (line.left + box + 2 + (count - 1) * (box * 2 + 4), line.centery)
        radius = radius + (box - radius) * t
    elif t < 1:
        end = (box_rect.right - radius, box_rect.centery)
    else:
        return
    x, y = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
    ww.tumbleweed(surface, (x, y - abs(((t * 4) % 1) - 0.5) * radius), radius, t * 12)


# --- the tally and the high scores -------------------------------------------------------------
def draw(surface: pygame.Surface, rect: pygame.Rect, heading: str, names: list[str], colours: list[Colour],
         scores: list[Score], winners: list[int], progress: float, side: pygame.Rect | None = None) -> None:
    """The sheet in ``rect``; ``progress`` 0..1 fills it in line by line."""
    pygame.draw.rect(surface, ww.PAPER, rect, border_radius=18)
    pygame.draw.rect(surface, ww.INK_SOFT, rect, 4, border_radius=18)
    art.blit_text(surface, heading, 40, ww.INK, (rect.centerx, rect.top + 30), "center", "bold",
                  width=rect.width - 40)
    rows = words.score_lines(scores)
    top = rect.top + 64
    line_height = min(36, (rect.bottom - top - 14) // (len(rows) + 1))
    size = max(18, line_height - 8)
    # the labels' column as wide as its longest label (longer in German), the values share the rest
    widest = max(art.text_width(label, size, "bold" if style in ("part", "total") else "semibold")
                 for label, _values, style in rows)
    label_width = max(330, min(widest + 24, rect.width // 2 - 20))
    column = min(250, (rect.width - label_width - 40) // max(1, len(names)))
    left = rect.centerx - (label_width + column * len(names)) // 2
    right = left + label_width + column * len(names)
    for p, name in enumerate(names):
        middle = left + label_width + column * p + column // 2
        art.blit_text(surface, name, size + 2, art.shade(colours[p], 0.7), (middle, top + line_height // 2),
                      "center", "bold", width=column - 10)
    shown = progress * len(rows)
    for i, (label, values, style) in enumerate(rows):
        y = top + (i + 1) * line_height
        if style in ("part", "total"):
            pygame.draw.line(surface, ww.INK_FAINT, (left, y), (right, y), 1)
        colour = ww.INK if style != "row" else ww.INK_SOFT
        weight = "bold" if style in ("part", "total") else "semibold"
        art.blit_text(surface, label, size, colour, (left + 8, y + line_height // 2), "midleft", weight,
                      width=label_width - 16)
        if i >= shown:
            continue
        for p, value in enumerate(values):
            centre = (left + label_width + column * p + column // 2, y + line_height // 2)
            if style == "total" and p in winners:
                ww.star(surface, (centre[0] - column // 2 + 16, centre[1]), 12, art.GOLD)
            ink = art.DANGER if style == "minus" and value != "-0" else colour
            art.blit_text(surface, value, size + (4 if style == "total" else 0), ink, centre, "center", weight,
                          width=column - 8)


def draw_highscores(surface: pygame.Surface, rect: pygame.Rect, board: Board | None, score: int) -> None:
    """The solo high-score table (`client.highscores.Board`), the new score marked."""
    surface.blit(art.panel(rect.size, art.PANEL, art.GOLD, 18, 255), rect)
    art.blit_text(surface, _(words.HIGH_SCORES), 40, art.GOLD, (rect.centerx, rect.top + 30), "center", "bold",
                  width=rect.width - 40)
    entries = board.entries if board is not None else []
    new_place = board.place if board is not None else None
    y = rect.top + 70
    for i, (place, entry) in enumerate(zip(highscores.places(entries), entries, strict=True)):
        mark = new_place == i + 1
        if mark:
            surface.blit(art.panel((rect.width - 24, 36), art.PANEL_HI, art.GOLD, 10), (rect.left + 12, y - 2))
        colour = art.GOLD if mark else art.INK
        art.blit_text(surface, f"{place}.", 28, colour, (rect.left + 50, y + 16), "midright")
        art.blit_text(surface, entry["name"], 28, colour, (rect.left + 62, y + 16), "midleft", width=rect.width - 180)
        art.blit_text(surface, str(entry["score"]), 28, colour, (rect.right - 24, y + 16), "midright", "bold")
        y += 38
    verdict = words.high_score_verdict(score, len(entries), None if board is None else board.rank,
                                       board is not None, board is not None and bool(board.problem) and not entries)
    art.blit_text(surface, verdict, 28, art.INK, (rect.centerx, rect.bottom - 28), "center", width=rect.width - 24)


def draw_to_beat(surface: pygame.Surface, zone: pygame.Rect, bottom: int, entries: list[dict[str, Any]]) -> None:
    """Solo: the best scores so far under the sheet (``zone``), as many as fit above ``bottom``."""
    lines = min(len(entries), (bottom - zone.bottom - 84) // 34)
    box = pygame.Rect(zone.left, zone.bottom + 20, min(zone.width, 760), 60 + 34 * lines + (16 if lines else 0))
    if box.bottom > bottom:
        return
    surface.blit(art.panel(box.size, art.PANEL, None, 16, 220), box)
    if not entries:
        art.blit_text(surface, _(words.NO_HIGH_SCORE_YET), 30, art.GOLD,
                      (box.left + 24, box.top + 30), "midleft", width=box.width - 48)
        return
    art.blit_text(surface, _(words.TO_BEAT), 30, art.GOLD, (box.left + 24, box.top + 30), "midleft", "bold",
                  width=box.width - 48)
    for i, entry in enumerate(entries[:lines]):
        y = box.top + 70 + i * 34
        art.blit_text(surface, f"{i + 1}.  {entry['name']}", 28, art.INK, (box.left + 30, y), "midleft",
                      width=box.width - 160)
        art.blit_text(surface, str(entry["score"]), 28, art.INK, (box.right - 30, y), "midright", "bold")
