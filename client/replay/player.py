"""A replay played on its game's own table: where it stands, playing on, jumping anywhere.

`ReplayPlayer` keeps one `ReplayTable` per channel shown: the public table, one seat's own
table (its secrets in its panel, as its player saw them), or every seat's side by side (all
secrets at once). Playing sends one step at a time and waits until the table has played its
animations, then a short gap (both at the playback speed), so each action is seen. Jumping
(a step back, a round, the timeline) opens fresh tables at that step: a table never runs
backwards, and what it shows there is only the view after that step.
"""

import math

import pygame

from client.input.router import InputRouter
from client.replay.feed import Replayed
from client.replay.table import Quiet, ReplayTable, Stage
from client.settings import Settings
from client.ui import art
from client.ui.sound import Sounds

GAP = 0.45  # seconds at 1x between one step's animations ending and the next step
Reveal = bool | int  # False: the public table; True: every seat's own; a seat number: that seat's


def channels(reveal: Reveal, players: int) -> list[int | None]:
    """The channels a reveal shows: None (public), or seats; every seat's fill a grid, the
    public table in a cell left over (three seats: the shared screen as the fourth)."""
    if reveal is True:
        columns = math.ceil(math.sqrt(players))
        spare = columns * math.ceil(players / columns) > players
        return [*range(players), *([None] if spare else [])]
    if reveal is False or not isinstance(reveal, int) or not 0 <= reveal < players:
        return [None]
    return [reveal]


def grid(count: int, area: pygame.Rect) -> list[pygame.Rect]:
    """``count`` cells of the table's shape (16:9) in ``area``, as large as fit, centred."""
    columns = math.ceil(math.sqrt(count))
    rows = math.ceil(count / columns)
    width = min(area.width // columns, area.height * art.W // art.H // rows)
    height = width * art.H // art.W
    left = area.centerx - width * columns // 2
    top = area.centery - height * rows // 2
    return [pygame.Rect(left + (i % columns) * width, top + (i // columns) * height, width, height)
            for i in range(count)]


class ReplayPlayer:
    def __init__(self, replay: Replayed, reveal: Reveal = False, settings: Settings | None = None,
                 input: InputRouter | None = None, sounds: Sounds | None = None, pace: float = 1.0,
                 colours: list[int] | None = None):
        self.replay = replay
        self.reveal: Reveal = reveal
        self.settings = settings if settings is not None else Settings()
        self.input = input if input is not None else InputRouter(self.settings)
        self.sounds = sounds
        self.pace = pace
        self.colours = colours  # each seat's colour as it played (the history keeps them)
        self.rest = 0.0  # seconds the table has stood still since its last step finished showing
        self.tables: list[ReplayTable] = []
        self.scratch: pygame.Surface | None = None
        self.open(0)

    @property
    def last(self) -> int:
        return len(self.replay.steps)

    @property
    def index(self) -> int:
        """The steps shown: the table shows the state after this many."""
        return self.tables[0].index

    def open(self, index: int) -> None:
        """Show the table at step ``index`` (clamped to the game), nothing playing."""
        index = min(max(0, index), self.last)
        self.tables = []
        for number, seat in enumerate(channels(self.reveal, self.replay.players)):
            sounds = self.sounds if number == 0 and self.sounds is not None else Quiet()
            stage = Stage(self.settings, self.input, sounds, self.pace)
            self.tables.append(ReplayTable(stage, self.replay, index, seat, self.colours))
        self.rest = 0.0

    def show(self, reveal: Reveal) -> None:
        """Show the channels of ``reveal`` at the same step."""
        self.reveal = reveal
        self.open(self.index)

    def set_pace(self, pace: float) -> None:
        self.pace = pace
        for table in self.tables:
            table.stage.pace = pace

    def showing(self) -> bool:
        """Whether a table still plays its last step's animations."""
        return any(table.showing() for table in self.tables)

    def update(self, dt: float, playing: bool, until: int | None = None) -> bool:
        """Run the tables ``dt`` seconds; while ``playing``, send the next step (up to
        ``until``, or the end) once the last one has been seen. False once it is at the end
        and everything has shown."""
        for table in self.tables:
            table.stage.tick(dt)
            table.update(dt)
        end = self.last if until is None else min(until, self.last)
        if self.showing():
            self.rest = 0.0
            return True
        if not playing or self.index >= end:
            return self.index < end
        self.rest += dt * self.pace
        if self.rest >= GAP or self.index == 0 and self.rest >= GAP / 3:
            self.step()
        return True

    def step(self) -> None:
        """The next step, sent to every table now."""
        for table in self.tables:
            table.step()
        self.rest = 0.0
        for table in self.tables:  # its first event starts at once (the pacer plays on its next update)
            table.update(0.0)

    def draw(self, surface: pygame.Surface) -> None:
        """The table(s) on ``surface`` (logical 1920x1080): one table whole, several in a grid."""
        if len(self.tables) == 1:
            self.tables[0].picture(surface)
            return
        if self.scratch is None:
            self.scratch = pygame.Surface((art.W, art.H))
        surface.fill(art.NIGHT)
        for table, cell in zip(self.tables, grid(len(self.tables), surface.get_rect()), strict=False):
            table.picture(self.scratch)
            surface.blit(pygame.transform.smoothscale(self.scratch, cell.size), cell)
