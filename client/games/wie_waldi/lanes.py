"""Where the dogs lie on the table: one lane each, so a growing dog never pushes another.

A dog keeps its lane while it is open; a completed dog leaves it (it goes to the kennel)
and a new dog takes the first free lane. The lanes form a grid of columns, filled top to
bottom, left to right; when more dogs are open than the grid holds, it grows to more,
thinner lanes (every dog keeps its lane number). Of the grids that hold them, it takes the
one whose cards are largest for the dogs on the table: many short dogs get more, shorter
lanes side by side rather than ever thinner rows (the table's empty width is used). A dog
longer than its lane squeezes its cards together instead of spilling over. No pygame
drawing here: geometry only.
"""

import pygame

from client.games.wie_waldi.art import CARD_RATIO

# (columns, rows), fewest lanes first: every grid that may hold the open dogs plus a new one.
GRIDS = tuple(sorted(((c, r) for c in range(2, 8) for r in range(4, 13)), key=lambda g: (g[0] * g[1], g[0])))
LABEL = 34  # room at a lane's left for the dog's number
GAP = 6
LARGEST = 85  # the tallest card a lane shows (the roomiest grid's)
GROWTH = 3  # cards a dog may still grow (its open end and two more) before it squeezes


class Lanes:
    def __init__(self, area: pygame.Rect):
        self.area = pygame.Rect(area)
        self.lanes: dict[int, int] = {}  # open dog id -> lane
        self.grid = GRIDS[0]

    def sync(self, open_dogs: list[int], lengths: dict[int, int] | None = None) -> None:
        """Keep the lanes of dogs still open, give new dogs the first free ones, and, when
        they no longer fit, pick the grid holding them all plus a place for the next head
        whose cards are largest for the dogs' ``lengths`` (cards so far, by dog)."""
        keep = set(open_dogs)
        self.lanes = {dog: lane for dog, lane in self.lanes.items() if dog in keep}
        for dog in open_dogs:
            if dog not in self.lanes:
                self.lanes[dog] = self.free_lane()
        needed = max([len(self.lanes)] + [lane + 1 for lane in self.lanes.values()]) + 1
        if not self.lanes:
            self.grid = GRIDS[0]
        elif self.capacity() < needed:  # grow, never shrink during a round: nothing jumps
            longest = max((lengths or {}).values(), default=1)
            fitting = [g for g in GRIDS if g[0] * g[1] >= needed] or [GRIDS[-1]]
            self.grid = max(fitting, key=lambda g: (self.card_size_for(g, longest), -g[0] * g[1]))

    def card_size_for(self, grid: tuple[int, int], longest: int) -> int:
        """How tall cards are in ``grid`` when its longest dog, growing, must not squeeze."""
        self.grid, kept = grid, self.grid
        lane = self.lane_rect(0)
        self.grid = kept
        by_width = (lane.width - LABEL) / ((longest + GROWTH) * CARD_RATIO)
        return round(min(LARGEST, lane.height - 8, by_width))

    def place(self, dog: int, lengths: dict[int, int] | None = None) -> None:
        """A dog just started (before its view is shown): it takes a lane now."""
        if dog not in self.lanes:
            self.sync(list(self.lanes) + [dog], lengths)

    def free_lane(self) -> int:
        used = set(self.lanes.values())
        return next(lane for lane in range(len(used) + 1) if lane not in used)

    def capacity(self) -> int:
        return self.grid[0] * self.grid[1]

    # --- geometry -------------------------------------------------------------------------
    def lane_rect(self, lane: int) -> pygame.Rect:
        columns, rows = self.grid
        width = (self.area.width - GAP * (columns - 1)) // columns
        height = (self.area.height - GAP * (rows - 1)) // rows
        column, row = divmod(lane, rows)
        if column >= columns:  # beyond the densest grid: stack onto the last lane
            column, row = columns - 1, rows - 1
        return pygame.Rect(self.area.left + column * (width + GAP), self.area.top + row * (height + GAP),
                           width, height)

    def card_height(self) -> int:
        return max(16, self.lane_rect(0).height - 8)

    def card_rect(self, lane: int, position: int, length: int) -> pygame.Rect:
        """Card ``position`` of a dog with ``length`` cards in ``lane``; position
        ``length`` is its open end. Long dogs squeeze their cards (overlapping)."""
        rect = self.lane_rect(lane)
        height = self.card_height()
        width = round(height * CARD_RATIO)
        room = rect.width - LABEL - width
        step = width if length * width <= room else max(6, room // max(1, length))
        return pygame.Rect(rect.left + LABEL + position * step, rect.top + (rect.height - height) // 2, width, height)

    def end_rect(self, dog: int, length: int) -> pygame.Rect | None:
        """Where the next card of ``dog`` goes (None: it has no lane)."""
        lane = self.lanes.get(dog)
        return None if lane is None else self.card_rect(lane, length, length)

    def head_rect(self) -> pygame.Rect:
        """Where the next new dog's head goes: the first free lane's first place."""
        return self.card_rect(self.free_lane(), 0, 1)
