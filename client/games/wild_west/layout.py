"""Where things are at the Wild West table (logical 1920 x 1080), in pure geometry: no
drawing, no words.

- The header, the phase line and the log; the board of this round's six cards as three
  columns (WW-3), the deck and the pick timer (WW-10).
- A town sheet (WW-2) at a unit ``u`` (a tile's width), ``full`` (the tiles, each row's
  track and park points, the group table, the Tumbleweeds and Aces: the sheet of a seat
  playing at this screen) or ``compact`` (the tiles only: everyone else's). Rows of 7 sit
  half a tile in from rows of 8, like bricks, so a tile touches the two below it exactly
  as the rules say. `Geometry` says where a sheet's tiles and sections are.
- Every sheet on one screen, for one to six players (`arrange`). The seats played at this
  screen are *featured*: their sheets are full and as large as the space allows, each
  with a band under it for its status. Everyone else's sheet is compact and smaller: in
  a strip along the bottom, or sharing one cell of the featured grid, whichever leaves
  the featured sheets larger. The only seat at a screen also gets a column beside its
  sheet where its private pick panel opens, so the panel never hides the sheet it is
  picking for.
- A seat's pick panel (its four places), its prompt band, and the buttons beside a tile.
"""

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import pygame

from client.games.wild_west.state import Task
from client.table.game import HINT_HEIGHT
from engines.wild_west.sheet import ROW_LENGTHS

# --- the shared screen ------------------------------------------------------------------------
HEADER = pygame.Rect(24, 16, 520, 116)
PHASE = pygame.Rect(24, 140, 520, 132)
LOG = pygame.Rect(1376, 16, 520, 254)
AREA = pygame.Rect(24, 282, 1872, 786)  # the sheets: under the header, the cards and the log

# --- the board: three columns of two cards, the deck, the timer ---------------------------------
BOARD = pygame.Rect(560, 16, 800, 254)
CARD = (100, 104)
COLUMN_STEP = 120
LABEL_BAND = 30  # between a column's two cards: its number and its pad button


def column_rects(column: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Column ``column``'s action card (top) and number card (bottom)."""
    left = BOARD.left + 18 + column * COLUMN_STEP
    top = pygame.Rect(left, BOARD.top + 8, *CARD)
    bottom = pygame.Rect(left, top.bottom + LABEL_BAND, *CARD)
    return top, bottom


def column_area(column: int) -> pygame.Rect:
    top, bottom = column_rects(column)
    return top.union(bottom)


DECK = pygame.Rect(BOARD.left + 18 + 3 * COLUMN_STEP + 16, BOARD.top + 8, *CARD)
TIMER_CENTRE = (BOARD.right - 110, BOARD.top + 118)
TIMER_RADIUS = 86
ROSTER = pygame.Rect(TIMER_CENTRE[0] - 110, BOARD.top + 14, 220, BOARD.height - 28)  # where the timer is not

# --- a town sheet -------------------------------------------------------------------------------
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


# --- every sheet on one screen -------------------------------------------------------------------
GAP = 14
PANEL_WIDTH = 470  # the lone seat's pick panel column
SMALLEST = 30  # the smallest readable compact sheet (a tile's width)
ENOUGH = 108  # a featured sheet this large reads well from the couch; beyond it, others grow


@dataclass
class Arrangement:
    sheets: dict[int, Geometry] = field(default_factory=dict)
    zones: dict[int, pygame.Rect] = field(default_factory=dict)  # sheet, and its band when full
    panel: pygame.Rect | None = None  # the lone seat's pick panel column

    def featured_unit(self, featured: Iterable[int]) -> int:
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


def place(arrangement: Arrangement, seats: Iterable[int], cells: Iterable[pygame.Rect], mode: str,
          largest: int = 200) -> None:
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


def _merit(candidate: Arrangement, featured: list[int], others: list[int]) -> tuple[int, int, int]:
    """Featured sheets as large as they need to be, then the others as large as they can."""
    smallest = min((candidate.sheets[s].u for s in others), default=SMALLEST)
    if smallest < SMALLEST:
        return (0, smallest, 0)
    unit = candidate.featured_unit(featured)
    return (min(unit, ENOUGH), smallest, unit)


def _strip(featured: list[int], others: list[int], top_area: pygame.Rect, area: pygame.Rect,
           height: int) -> Arrangement:
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


def _shared_cell(featured: list[int], others: list[int], area: pygame.Rect) -> Arrangement:
    """Featured sheets and one more cell of the same grid, shared by the others."""
    arrangement = Arrangement()
    _, cells = grid(len(featured) + 1, area, FULL, BAND)
    place(arrangement, featured, cells[:-1], FULL)
    largest = max(8, round(0.8 * arrangement.featured_unit(featured)))
    _, small = grid(len(others), cells[-1], COMPACT)
    place(arrangement, others, small, COMPACT, largest)
    _smaller(arrangement, featured, others)
    return arrangement


def _smaller(arrangement: Arrangement, featured: list[int], others: list[int]) -> None:
    """Compact sheets never larger than 80% of the featured ones."""
    largest = round(0.8 * arrangement.featured_unit(featured))
    for seat in others:
        geometry = arrangement.sheets[seat]
        if geometry.u > largest:
            cell = arrangement.zones[seat]
            place(arrangement, [seat], [cell], COMPACT, largest)


# --- a seat's pick panel, its prompt, its buttons ---------------------------------------------------
def pick_panel(arrangement: Arrangement, seat: int) -> pygame.Rect:
    """Beside the sheet for the only seat at this screen; otherwise over the seat's own
    sheet (it shows that sheet again, with where the focused pair would fit)."""
    if arrangement.panel is not None:
        return arrangement.panel.copy()
    zone = arrangement.zones[seat]
    rect = pygame.Rect(0, 0, min(660, AREA.width), min(470, AREA.height))
    rect.center = zone.center
    return rect.clamp(AREA)


def slots(panel: pygame.Rect) -> list[pygame.Rect]:
    """The pick panel's four places (columns 1-3 and the Tumbleweed), in a row when it is
    wide, else two by two."""
    area = pygame.Rect(panel.left + 18, panel.top + 96, panel.width - 36, 0)
    if panel.width >= 600:
        width = (area.width - 3 * 12) // 4
        return [pygame.Rect(area.left + i * (width + 12), area.top, width, 132) for i in range(4)]
    width = (area.width - 12) // 2
    return [pygame.Rect(area.left + (i % 2) * (width + 12), area.top + (i // 2) * 124, width, 112) for i in range(4)]


def prompt(zone: pygame.Rect, height: int) -> pygame.Rect:
    """The peek reminder and a pad's blind legend: in the band under the seat's sheet (the
    legend set compact there: it never covers the sheet's bottom row)."""
    band = pygame.Rect(zone.left + 6, zone.bottom - BAND + 4, zone.width - 12, BAND - 6)
    if height == HINT_HEIGHT:  # the reminder at the band's foot, a little wider
        return pygame.Rect(band.left - 26, zone.bottom - 8 - height, band.width + 52, height)
    return band


def band_buttons(zone: pygame.Rect, count: int, width: int) -> list[pygame.Rect]:
    """``count`` buttons in the band under a sheet."""
    total = count * width + (count - 1) * 8
    left = zone.centerx - total // 2
    return [pygame.Rect(left + i * (width + 8), zone.bottom - BAND + 6, width, BAND - 12) for i in range(count)]


def park_buttons(geometry: Geometry, zone: pygame.Rect, spot: Sequence[int] | None, count: int) -> list[pygame.Rect]:
    """Beside the newly written tile ``spot`` (inside the sheet), so the eye stays there;
    without one, in the band."""
    width, height = max(180, round(2.1 * geometry.u)), max(48, round(0.55 * geometry.u))
    if spot is None:
        return band_buttons(zone, count, width)
    tile = geometry.tile(*spot)
    top = tile.bottom + 6 if spot[0] < 2 else tile.top - height - 6
    total = count * width + (count - 1) * 10
    left = min(max(tile.centerx - total // 2, geometry.rect.left + 4), geometry.rect.right - total - 4)
    return [pygame.Rect(left + i * (width + 10), top, width, height) for i in range(count)]


def step_target(geometry: Geometry, step: str, task: Task) -> tuple[float, float]:
    """Where the cursor of a new ``step`` (write, track, grave) starts: where the number
    naturally goes along a row (WW-4), or next to the tile just written (track, graves)."""
    if step == "write" or task.get("tile") is None:
        share = (max(2, task.get("value") or 6) - 2) / 9
        return geometry.tiles_left + share * 8 * geometry.u, geometry.tiles_top + 2 * geometry.th
    centre = geometry.tile(*task["tile"]).center
    return centre[0], centre[1]
