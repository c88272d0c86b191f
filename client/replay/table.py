"""The game's own table playing a replay, off screen: `ReplayTable` and the `Stage` it plays on.

A `ReplayTable` is the shared `TableScene` with the game's `GameTable`, fed by a `Feed`
(`client.replay.feed`) instead of a host: the public view, or one seat's own (then that
seat is the table's only local seat, so its private panel shows, as on its own screen).
Nobody chooses at it: it has no legal actions, takes no input, records no high score and
never hands over to the results. It plays on a `Stage`, a window of its own that no scene
stack knows: its clock, its notes (drawn onto its picture, not the app's) and the
playback speed; settings, input and sounds are borrowed from the app when there is one.
"""

from typing import Any

import pygame

from client.games import TABLES
from client.input.router import InputRouter
from client.replay.feed import Feed, Replayed
from client.settings import Settings
from client.table.scene import TableScene
from client.table.view import TableView
from client.ui import art
from client.ui.scene import Scene
from client.ui.sound import Sounds
from client.ui.toasts import Toasts

# A seat's device at a replay's table. No input ever reaches the table (the viewer around it
# takes it all); the mouse is a device every game words its hints for, so none shows a "?".
REPLAY_DEVICE = "mouse"


class Quiet(Sounds):
    """Sounds that play nothing (a clip, a table drawn beside another): no sound device opened."""

    def __init__(self) -> None:
        self.sounds, self.volume, self.problem, self.played = {}, 0.0, "", []

    def start(self) -> bool:
        return False

    def play(self, name: str) -> None:
        self.played = (self.played + [name])[-20:]


class StageFlow:
    """What a table asks of the flow, answered by a stage: nothing to go to."""

    demo_plan = None

    def results(self, table: Any) -> None:
        pass

    def demo_input(self, intent: Any) -> bool:
        return False

    def pause(self, table: Any) -> None:
        pass

    def rejoin(self, table: Any) -> None:
        pass


class Stage:
    """The window a replay's table plays in (`client.table.window.Window`), off screen."""

    def __init__(self, settings: Settings | None = None, input: InputRouter | None = None,
                 sounds: Sounds | None = None, pace: float = 1.0):
        self.settings = settings if settings is not None else Settings()
        self.input = input if input is not None else InputRouter(self.settings)
        self.sounds = sounds if sounds is not None else Quiet()
        self.toasts = Toasts()
        self.flow = StageFlow()
        self.clock = 0.0
        self.pace = pace  # the playback speed: 1 plays every animation as the table plays it
        self.table: ReplayTable | None = None

    @property
    def top(self) -> "ReplayTable | None":
        return self.table

    def pop(self) -> Scene:
        raise RuntimeError("a stage has no scenes to leave")  # a replay's table never leaves by itself

    def tick(self, dt: float) -> None:
        self.clock += dt
        self.toasts.update(dt * self.pace)


class ReplayView(TableView):
    def header_hint(self) -> str:
        return ""  # nothing at a replay's table pauses it: the viewer around it says its buttons

    def draw_pointers(self, surface: pygame.Surface) -> None:
        pass  # nobody points at a replay's table


class ReplayTable(TableScene):
    running_game = False  # leaving a replay loses nothing

    def __init__(self, stage: Stage, replay: Replayed, index: int, seat: int | None = None,
                 colours: list[int] | None = None):
        self.stage = stage
        self.feed = Feed(replay, seat)
        self.feed.start(index)
        self.index = index  # the steps shown: the state after this many
        sessions = {seat: self.feed.session} if seat is not None else {}
        devices = {seat: REPLAY_DEVICE} if seat is not None else {}
        stage.table = self
        super().__init__(stage, TABLES[replay.game_id], sessions, devices,
                         list(colours) if colours and len(colours) == replay.players else list(range(replay.players)),
                         public=None if seat is not None else self.feed.session, players=replay.players,
                         names=replay.names)
        self.view = ReplayView(self)

    def speed(self) -> float:
        return float(self.stage.pace)

    def seat_label(self, seat: int) -> str:
        return ""  # who played a seat is not in the journal; its name is on its card

    def record_high_score(self) -> None:
        pass  # a replay is not a new score

    def step(self) -> bool:
        """Send the next step to the table (its animations start as it plays them); False at the end."""
        if self.index >= self.feed.last:
            return False
        self.index += 1
        self.feed.step(self.index)
        return True

    def showing(self) -> bool:
        """Whether the table still plays what it was sent (a reveal, a card flying)."""
        return self.pacer.busy() or self.anim.busy()

    def picture(self, surface: pygame.Surface) -> None:
        """The table as it stands, with its notes, on ``surface`` (logical 1920x1080)."""
        self.draw(surface)
        self.stage.toasts.draw(surface, self.stage.toasts.visible([self]), self.notes_at)


def logical_surface() -> pygame.Surface:
    return pygame.Surface((art.W, art.H))
