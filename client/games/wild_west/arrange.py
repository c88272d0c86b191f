"""Where the town sheets go on one 1920 x 1080 screen, for one to six players.

The seats played at this screen are *featured*: their sheets are full (tiles, row
points, group table) and as large as the space allows, each with a band under it for
its status. Everyone else's sheet is compact (tiles only) and smaller: in a strip along
the bottom, or sharing one cell of the featured grid, whichever leaves the featured
sheets larger. The only seat at a screen also gets a column beside its sheet where its
private pick panel opens, so the panel never hides the sheet it is picking for.
"""

import math
from dataclasses import dataclass, field

import pygame

from client.games.wild_west.sheet import BAND, COMPACT, FULL, Geometry

AREA = pygame.Rect(24, 282, 1872, 786)  # under the header, the cards and the log
GAP = 14
PANEL_WIDTH = 470  # the lone seat's pick panel column
SMALLEST = 30  # the smallest readable compact sheet (a tile's width)
ENOUGH = 108  # a featured sheet this large reads well from the couch; beyond it, others grow


@dataclass
class Arrangement:
    sheets: dict[int, Geometry] = field(default_factory=dict)
    zones: dict[int, pygame.Rect] = field(default_factory=dict)  # sheet, and its band when full
    panel: pygame.Rect | None = None  # the lone seat's pick panel column

    def featured_unit(self, featured) -> int:
        return min((self.sheets[s].u for s in featured), default=0)


def grid(count: int, area: pygame.Rect, mode: str, band: int = 0) -> tuple[int, list[pygame.Rect]]:
    """``count`` equal cells in ``area`` with as many columns as make the sheets largest."""
    best: tuple[int, list[pygame.Rect]] = (0, [])
    for cols in range(1, count + 1):
        rows = math.ceil(count / cols)
        width = (area.width - GAP * (cols - 1)) // cols
        height = (area.height - GAP * (rows - 1)) // rows
        if width <= 0 or height <= 0:
            continue
        u = Geometry.fit(pygame.Rect(0, 0, width, height), mode, band).u
        if u > best[0]:
            cells = []
            for i in range(count):
                row, col = divmod(i, cols)
                in_row = min(cols, count - row * cols)
                left = area.centerx - (in_row * width + (in_row - 1) * GAP) // 2
                cells.append(pygame.Rect(left + col * (width + GAP), area.top + row * (height + GAP), width, height))
            best = (u, cells)
    return best


def place(arrangement: Arrangement, seats, cells, mode: str, largest: int = 200) -> None:
    band = BAND if mode == FULL else 0
    for seat, cell in zip(seats, cells, strict=False):
        geometry = Geometry.fit(cell, mode, band, largest)
        if mode == FULL:  # featured sheets stand at the top of their cells
            geometry = geometry.moved(geometry.rect.left, cell.top)
        arrangement.sheets[seat] = geometry
        zone = geometry.rect.copy()
        zone.height += band
        arrangement.zones[seat] = zone


def arrange(players: int, featured: list[int], lone: bool = False, area: pygame.Rect = AREA) -> Arrangement:
    """Every seat's sheet; ``featured`` seats full and large, the rest compact. ``lone``:
    one seat plays at this screen and gets a panel column beside its sheet."""
    featured = [s for s in featured if 0 <= s < players] or [0]
    others = [s for s in range(players) if s not in featured]
    candidates = []
    top_area = area.copy()
    if lone:
        top_area.width -= PANEL_WIDTH + GAP
    if not others:
        candidates.append(_strip(featured, [], top_area, area, 0))
    else:
        for height in range(150, 330, 12):
            candidates.append(_strip(featured, others, top_area, area, height))
        candidates.append(_shared_cell(featured, others, top_area))
    best = max(candidates, key=lambda c: _merit(c, featured, others))
    if lone:
        sheet_bottom = max(best.zones[s].bottom for s in featured)
        best.panel = pygame.Rect(top_area.right + GAP, area.top, PANEL_WIDTH, max(460, sheet_bottom - area.top))
    return best


def _merit(candidate: Arrangement, featured, others) -> tuple:
    """Featured sheets as large as they need to be, then the others as large as they can."""
    smallest = min((candidate.sheets[s].u for s in others), default=SMALLEST)
    if smallest < SMALLEST:
        return (0, smallest, 0)
    unit = candidate.featured_unit(featured)
    return (min(unit, ENOUGH), smallest, unit)


def _strip(featured, others, top_area, area, height: int) -> Arrangement:
    """Featured sheets in a grid on top; the others in a row along the bottom."""
    arrangement = Arrangement()
    upper = top_area.copy()
    if others:
        upper.height -= height + GAP
        strip = pygame.Rect(area.left, area.bottom - height, area.width, height)
        width = (strip.width - GAP * (len(others) - 1)) // len(others)
        cells = [pygame.Rect(strip.left + i * (width + GAP), strip.top, width, height) for i in range(len(others))]
        place(arrangement, others, cells, COMPACT)
    u, cells = grid(len(featured), upper, FULL, BAND)
    place(arrangement, featured, cells, FULL)
    _smaller(arrangement, featured, others)
    if others:  # the strip closes up under the featured sheets
        rise = min(arrangement.zones[s].top for s in others) - max(arrangement.zones[s].bottom for s in featured)
        rise -= 3 * GAP
        for seat in others:
            if rise > 0:
                geometry = arrangement.sheets[seat]
                arrangement.sheets[seat] = geometry.moved(geometry.rect.left, geometry.rect.top - rise)
                arrangement.zones[seat] = arrangement.zones[seat].move(0, -rise)
    return arrangement


def _shared_cell(featured, others, area) -> Arrangement:
    """Featured sheets and one more cell of the same grid, shared by the others."""
    arrangement = Arrangement()
    _, cells = grid(len(featured) + 1, area, FULL, BAND)
    place(arrangement, featured, cells[:-1], FULL)
    largest = max(8, round(0.8 * arrangement.featured_unit(featured)))
    _, small = grid(len(others), cells[-1], COMPACT)
    place(arrangement, others, small, COMPACT, largest)
    _smaller(arrangement, featured, others)
    return arrangement


def _smaller(arrangement: Arrangement, featured, others) -> None:
    """Compact sheets never larger than 80% of the featured ones."""
    largest = round(0.8 * arrangement.featured_unit(featured))
    for seat in others:
        geometry = arrangement.sheets[seat]
        if geometry.u > largest:
            cell = arrangement.zones[seat]
            place(arrangement, [seat], [cell], COMPACT, largest)
