"""Where the dogs lie on the table: one lane each, so a growing dog never pushes another.

A dog keeps its lane while it is open; a completed dog leaves it (it goes to the kennel)
and a new dog takes the first free lane. The lanes form a grid of columns, filled top to
bottom, left to right; when more dogs are open than the grid holds, it grows to more,
thinner lanes (every dog keeps its lane number). A dog longer than its lane squeezes its
cards together instead of spilling over. No pygame drawing here: geometry only.
"""

import pygame

from client.games.wie_waldi.art import CARD_RATIO

BOARD = pygame.Rect(30, 300, 1860, 406)  # the table: the dogs' lanes and, at its right, the kennel
DOGS = pygame.Rect(38, 308, 1520, 390)
KENNEL = pygame.Rect(1572, 300, 318, 406)
# (columns, rows) from roomy to dense: the first that holds every open dog plus a new one.
GRIDS = ((2, 4), (2, 5), (2, 6), (3, 6), (3, 7), (3, 8), (4, 8), (4, 10), (5, 12))
LABEL = 34  # room at a lane's left for the dog's number
GAP = 6


class Lanes:
    def __init__(self, area: pygame.Rect):
        self.area = pygame.Rect(area)
        self.lanes: dict[int, int] = {}  # open dog id -> lane
        self.grid = GRIDS[0]

    def sync(self, open_dogs: list[int]) -> None:
        """Keep the lanes of dogs still open, give new dogs the first free ones, and pick
        the roomiest grid holding them all plus a place for the next head."""
        keep = set(open_dogs)
        self.lanes = {dog: lane for dog, lane in self.lanes.items() if dog in keep}
        for dog in open_dogs:
            if dog not in self.lanes:
                self.lanes[dog] = self.free_lane()
        needed = max([len(self.lanes)] + [lane + 1 for lane in self.lanes.values()]) + 1
        if not self.lanes:
            self.grid = GRIDS[0]
        elif self.capacity() < needed:  # grow, never shrink during a round: nothing jumps
            self.grid = next((g for g in GRIDS if g[0] * g[1] >= needed), GRIDS[-1])

    def place(self, dog: int) -> None:
        """A dog just started (before its view is shown): it takes a lane now."""
        if dog not in self.lanes:
            self.sync(list(self.lanes) + [dog])

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
