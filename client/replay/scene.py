"""The replay viewer: a finished game played again on its own table, to watch, scrub and reveal.

Play and pause, one action back or forward, a round back or forward, the timeline (drag it
with the mouse, sweep it with a pad's right stick), speeds 0.5x to 8x, the moments (jump to
each) and, the game being over, every secret: each seat's own table side by side, or one
seat's at a time. Every device does all of it (`bar.footer_lines` names the buttons); the
mouse also clicks the buttons, the timeline and the moments. The table itself is
`client.replay.player.ReplayPlayer`'s; this scene only decides what a press does.
"""

from typing import Any

import pygame

from client import i18n
from client.evening.exports import export_folder
from client.i18n import _, pgettext
from client.replay import bar, library, moments
from client.replay.export import ExportError, export_clip, moment_range
from client.replay.feed import Replayed
from client.replay.player import ReplayPlayer, Reveal
from client.ui import art
from client.ui.scene import Scene
from netplay import sayings

SCRUB_RATE = 0.12  # of the game per second, the right stick pushed all the way


class ReplayScene(Scene):
    def __init__(self, app: Any, replay: Replayed, start: int = 0, moment: int | None = None,
                 colours: list[int] | None = None):
        super().__init__(app)
        self.replay = replay
        self.player = ReplayPlayer(replay, False, app.settings, app.input, app.sounds, colours=colours)
        self.playing = False
        self.speed = 1.0
        self.found = list(replay.moments())
        self.titles = [library.title_of(replay.game_id, m, replay.names) for m in self.found]
        self.spans = [(int(m.start), int(m.end)) for m in self.found]
        self.focus: int | None = None  # the moment the pads' and the keyboard's Tab are at
        self.rounds = list(replay.rounds())
        self.dragging = False
        self.wanted: int | None = None  # a step the timeline asked for, opened at the next update
        self.scrub = 0.0  # the right stick's push along the timeline, -1 to 1
        self.scrubbed = 0.0  # where the stick has swept to (a step, fractional)
        self.hover: str | None = None
        self.picture = pygame.Surface((art.W, art.H))
        self.buttons = bar.row([
            ("round_back", lambda: _("\u00ab Round"), 190), ("back", lambda: _("\u2039 Action"), 190),
            ("play", lambda: _("Pause") if self.playing else pgettext("replay button", "Play"), 220),
            ("next", lambda: _("Action \u203a"), 190), ("round_next", lambda: _("Round \u00bb"), 190),
            ("speed", lambda: bar.speed_words(self.speed), 230), ("secrets", self.secrets_words, 560)],
            {"secrets": self.can_reveal})
        self.exporting = True  # each moment (and the round shown) exports as a clip
        self.export_due: tuple[int | None, int] | None = None  # (moment, the frame it was asked in)
        if moment is not None and 0 <= moment < len(self.found):
            self.jump(moment)
        else:
            self.go(start)

    # --- where it stands ---------------------------------------------------------------------------
    @property
    def index(self) -> int:
        return self.player.index

    @property
    def last(self) -> int:
        return self.player.last

    def round_of(self, index: int) -> int:
        return max(0, sum(1 for start in self.rounds if start <= index) - 1)

    def can_reveal(self) -> bool:
        return bool(getattr(self.replay, "finished", False))

    def problem(self) -> str:
        """What of the journal could not be read, in this window's language ("" : all of it)."""
        error = getattr(self.replay, "problem_error", None)
        if error is not None:
            return _("Only part of this game could be read: {problem}").format(
                problem=sayings.worded(error.said(), i18n.current()))
        problem = getattr(self.replay, "problem", None)
        return _("Only part of this game could be read: {problem}").format(problem=problem) if problem else ""

    def secrets_words(self) -> str:
        reveal = self.player.reveal
        if not self.can_reveal():
            return _("Secrets: once the game is over")
        if reveal is True:
            return _("Secrets: every seat")
        if reveal is False:
            return _("Secrets: hidden")
        return _("Secrets: {name}").format(name=self.player.tables[0].name(int(reveal)))

    # --- what a press does ----------------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Stand at step ``index``, not playing."""
        self.playing = False
        self.player.open(index)
        self.scrubbed = float(self.player.index)

    def step(self, by: int) -> None:
        """One action forward (played, with its animations) or back (the table as it stood)."""
        if by > 0 and self.index < self.last:
            self.playing = False
            self.player.step()
            self.scrubbed = float(self.player.index)
        else:
            self.go(self.index + by)

    def round_step(self, by: int) -> None:
        if by < 0:
            earlier = [start for start in self.rounds if start < self.index]
            self.go(earlier[-1] if earlier else 0)
        else:
            later = [start for start in self.rounds if start > self.index]
            self.go(later[0] if later else self.last)

    def toggle_play(self) -> None:
        if not self.playing and self.index >= self.last:
            self.go(0)  # at the end: play it from the start again
        self.playing = not self.playing

    def change_speed(self, by: int) -> None:
        at = bar.SPEEDS.index(self.speed) if self.speed in bar.SPEEDS else 1
        self.speed = bar.SPEEDS[min(max(0, at + by), len(bar.SPEEDS) - 1)]
        self.player.set_pace(self.speed)

    def cycle_speed(self) -> None:
        at = bar.SPEEDS.index(self.speed) if self.speed in bar.SPEEDS else 1
        self.speed = bar.SPEEDS[(at + 1) % len(bar.SPEEDS)]
        self.player.set_pace(self.speed)

    def reveal_options(self) -> list[Reveal]:
        return [False, True, *range(self.replay.players)] if self.can_reveal() else [False]

    def cycle_secrets(self) -> None:
        if not self.can_reveal():
            self.app.note(_("Secrets show only once the game is over."), 4, key="secrets")
            return
        options = self.reveal_options()
        now = self.player.reveal
        at = next((i for i, option in enumerate(options) if option is now or option == now and
                   type(option) is type(now)), 0)
        self.show(options[(at + 1) % len(options)])

    def show(self, reveal: Reveal) -> None:
        self.player.show(reveal)

    def jump(self, number: int) -> None:
        """Jump to moment ``number``: the table just before its first step, playing."""
        self.focus = number
        start, _end = self.spans[number]
        self.go(max(0, start - 1))
        self.playing = True

    def next_moment(self) -> None:
        if not self.found:
            self.app.note(_("This game names no moments."), 3, key="moments")
            return
        self.jump(0 if self.focus is None else (self.focus + 1) % len(self.found))

    def round_range(self) -> tuple[int, int]:
        """The round the table stands in, as a range of steps (the whole of it)."""
        start = max((first for first in self.rounds if first <= self.index), default=0)
        end = min((first for first in self.rounds if first > start), default=self.last)
        return (start, end) if end > start else (max(0, start - 1), start)

    def ask_export(self, number: int | None) -> None:
        """Export moment ``number`` (None: the round shown) once a frame has said so: making a
        clip takes a few seconds, and the window stands still meanwhile."""
        self.playing = False
        self.export_due = (number, self.app.frames)

    def export(self, number: int | None) -> None:
        """Moment ``number`` (None: the round shown) as a GIF and an MP4 in the exports
        folder, with the secrets as the table shows them now; said in words either way."""
        try:
            start, end = moment_range(self.replay, number + 1) if number is not None else self.round_range()
            folder = export_folder()
            folder.mkdir(parents=True, exist_ok=True)
            stem = f"{self.replay.game_id}-{start}-{end}"
            made = [export_clip(self.replay, folder / f"{stem}{suffix}", start, end, reveal=self.player.reveal)
                    for suffix in (".gif", ".mp4")]
        except ExportError as error:
            self.app.note(_("The clip could not be made: {reason}").format(
                reason=sayings.worded(error.said(), i18n.current())), 8, key="export")
        except OSError as error:
            self.app.note(_("The clip could not be made: {reason}").format(reason=error.strerror or error), 8,
                          key="export")
        else:
            self.app.note(_("Saved {gif} and {mp4} in {folder}").format(gif=made[0].path.name, mp4=made[1].path.name,
                                                                        folder=folder), 8, problem=False, key="export")
        self.player.update(0.0, False)  # the export drew off screen: the table here goes on as it was

    def press(self, key: str) -> None:
        {"round_back": lambda: self.round_step(-1), "back": lambda: self.step(-1), "play": self.toggle_play,
         "next": lambda: self.step(1), "round_next": lambda: self.round_step(1), "speed": self.cycle_speed,
         "secrets": self.cycle_secrets}[key]()

    # --- input ----------------------------------------------------------------------------------------
    def handle(self, intent: Any) -> bool:
        action, pressed = intent.action, intent.pressed
        if action in ("escape", "back") and pressed:
            self.app.pop()
            return True
        if intent.device == "mouse":
            return self.mouse(intent)
        if action == "raw":
            return self.raw(intent)
        if action == "look":
            self.scrub = intent.vector[0] if abs(intent.vector[0]) > 0.2 else 0.0
            self.scrubbed = float(self.index)
            return True
        if not pressed:
            return False
        moves = {"confirm": self.toggle_play, "left": lambda: self.step(-1), "right": lambda: self.step(1),
                 "up": lambda: self.change_speed(1), "down": lambda: self.change_speed(-1),
                 "alt": self.next_moment, "secret": self.cycle_secrets}
        if action in moves:
            moves[action]()
            return True
        return False

    def raw(self, intent: Any) -> bool:
        """Keys and pad buttons that are no virtual button: PgUp/PgDn and the shoulders (a
        round), Tab (the next moment), V (secrets), E and the pad's Back (export the moment, or
        the round), Home and End."""
        name = intent.text
        if intent.device == "keyboard":
            keys = {"page up": lambda: self.round_step(-1), "page down": lambda: self.round_step(1),
                    "tab": self.next_moment, "v": self.cycle_secrets, "e": lambda: self.ask_export(self.focus),
                    "home": lambda: self.go(0),
                    "end": lambda: self.go(self.last)}
        else:
            keys = {"leftshoulder": lambda: self.round_step(-1), "rightshoulder": lambda: self.round_step(1),
                    "back": lambda: self.ask_export(self.focus)}
        if name in keys:
            keys[name]()
            return True
        return False

    def mouse(self, intent: Any) -> bool:
        action, pos = intent.action, intent.pos
        if action == "point":
            if self.dragging and pos is not None:
                self.wanted = bar.index_at(pos[0], self.last)
            button = bar.hit(self.buttons, pos) if pos is not None else None
            self.hover = button.key if button is not None else None
            return True
        if action == "wheel":
            self.step(-1 if intent.amount > 0 else 1)
            return True
        if action != "confirm" or pos is None:
            return False
        if not intent.pressed:
            if self.dragging and self.wanted is not None:
                self.go(self.wanted)
            self.dragging, self.wanted = False, None
            return True
        if bar.TIMELINE.inflate(0, 30).collidepoint(pos):
            self.dragging, self.playing = True, False
            self.wanted = bar.index_at(pos[0], self.last)
            return True
        button = bar.hit(self.buttons, pos)
        if button is not None:
            self.press(button.key)
            return True
        found = moments.hit(pos, len(self.found), self.focus, self.exporting)
        if found is not None:
            number, on_export = found
            if on_export:
                self.ask_export(number)
            else:
                self.jump(number)
            return True
        if bar.TABLE.collidepoint(pos):
            self.toggle_play()
            return True
        return False

    # --- time ---------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.export_due is not None and self.app.frames > self.export_due[1]:  # its note is on screen
            number, self.export_due = self.export_due[0], None
            self.export(number)
        if self.wanted is not None and self.wanted != self.index:
            self.player.open(self.wanted)
        if self.scrub:
            self.scrubbed = min(max(0.0, self.scrubbed + self.scrub * SCRUB_RATE * max(self.last, 20) * dt), self.last)
            if round(self.scrubbed) != self.index:
                self.playing = False
                self.player.open(round(self.scrubbed))
        going = self.player.update(dt, self.playing)
        if self.playing and not going:
            self.playing = False  # the end: it stands there

    def still(self) -> bool:
        return False

    # --- drawing -------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(art.NIGHT)
        self.player.draw(self.picture)
        surface.blit(pygame.transform.smoothscale(self.picture, bar.TABLE.size), bar.TABLE)
        pygame.draw.rect(surface, art.PANEL_HI, bar.TABLE.inflate(4, 4), 2, border_radius=6)
        moments.draw(surface, self.titles, self.spans, self.focus, self.exporting, self.problem())
        bar.draw_timeline(surface, self.index, self.last, self.rounds, self.spans, self.focus, self.dragging)
        status = _("Action {index} of {count}   Round {round} of {rounds}").format(
            index=self.index, count=self.last, round=self.round_of(self.index) + 1, rounds=max(1, len(self.rounds)))
        art.blit_text(surface, status, 26, art.INK_DIM, (bar.TIMELINE.right, bar.TIMELINE.top - 12), "bottomright")
        bar.draw_buttons(surface, self.buttons, self.hover)
        if self.export_due is not None:
            box = pygame.Rect(0, 0, 760, 120)
            box.center = bar.TABLE.center
            surface.blit(art.panel(box.size, art.NIGHT, art.GOLD, 18, 240), box)
            art.blit_text(surface, _("Making the clip\u2026"), 44, art.GOLD, box.center, "center", "bold",
                          width=box.width - 40)
        bar.draw_footer(surface, bar.footer_lines(self.app, self.exporting))  # pads come and go

    def resume(self) -> None:
        pygame.mouse.set_visible(True)
