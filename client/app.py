"""The window, the scene stack and the frame loop.

Everything is drawn on a logical 1920x1080 surface, scaled to fit the window with bars.
Updates run at a fixed 60 Hz through an accumulator; sessions are polled inside
update(), so a frame never waits for the network. In-process hosts (couch play) are
ticked once per frame here, whichever scene is on top, so a pause menu never changes
how the bots' clock runs.

Scenes change with a short cross-fade (none at the "instant" animation speed). A menu
nobody touches comes to rest: the loop then sleeps until input arrives instead of
drawing the same picture 60 times a second.
"""

import math
import signal
import sys
import time

import pygame

from client import i18n
from client.evening.tonight import Evening
from client.flow import Flow
from client.input.holds import Presses
from client.input.router import LOGICAL_SIZE, InputRouter, Intent, Viewport
from client.settings import Settings
from client.ui import art
from client.ui.sound import Sounds, quiet_sound_library
from client.ui.toasts import Toasts

STEP = 1 / 60
MAX_STEPS = 5
WINDOW_SIZE = (1280, 720)
FADE_SECONDS = 0.22
REST_WAIT_MS = 250  # while resting, wake at least this often (timers, the attract mode)


class App:
    def __init__(self, fullscreen: bool | None = None, window_size=WINDOW_SIZE, settings: Settings | None = None):
        with quiet_sound_library():  # pygame.init opens the sound device too: no sound library noise
            pygame.init()
        self.settings = settings or Settings.load()
        i18n.use(self.settings.language)
        if fullscreen is not None and fullscreen != self.settings.fullscreen:
            self.settings.fullscreen = fullscreen
        self.window_size = tuple(window_size)
        pygame.display.set_caption("Spielabend")
        self._open_window()
        self.input = InputRouter(self.settings)
        self.input.viewport = self.viewport
        self.presses = Presses()  # which buttons are down, and on which screen (a hold counts only there)
        self.sounds = Sounds(self.settings.volume)
        if self.sounds.problem:  # one line in words; Settings can try again
            print(i18n._(self.sounds.problem), file=sys.stderr)
        self.toasts = Toasts()
        self.evening = Evening()  # the game night: the history, the group that stays
        self.flow = Flow(self)
        self.scenes: list = []
        self.hosts: list = []  # in-process hosts this window drives
        # Their bots think in a worker thread (netplay.bots): a frame never waits for one.
        # Tests that step frames in simulated time turn it off, so the frame count, not the
        # machine's load, decides when a bot has made up its mind.
        self.bots_think_apart = True
        self.running = True
        self.accumulator = 0.0
        self.frames = 0
        self.clock = 0.0  # seconds this app has run; the in-process hosts' clock
        self.idle = 0.0  # seconds since the last input
        self.fade: tuple[pygame.Surface, float] | None = None  # the last picture and its age
        self.dirty = True  # something changed since the last picture
        self.drawn_at_rest = False  # the picture on screen is the one of the scenes at rest
        self.terminated = False  # set by SIGTERM (see run)
        self.started = time.perf_counter()  # `run` sets it to when it was called, before the window

    # --- window and scaling ---------------------------------------------------------
    def _open_window(self) -> None:
        if self.settings.fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.window = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        self._fit()

    def _fit(self) -> None:
        size = self.window.get_size()
        self.viewport = Viewport.fit(size)
        if size == LOGICAL_SIZE:
            self.logical = self.window  # no scaling: draw straight into the window
        else:
            self.logical = pygame.Surface(LOGICAL_SIZE).convert()
        shown = (round(LOGICAL_SIZE[0] * self.viewport.scale), round(LOGICAL_SIZE[1] * self.viewport.scale))
        self._scaled = pygame.Surface(shown).convert() if self.logical is not self.window else None
        if hasattr(self, "input"):
            self.input.viewport = self.viewport
        self.fade = None
        self.dirty = True

    def resize(self, size) -> None:
        """Resize the window (also what a VIDEORESIZE leads to)."""
        if not self.settings.fullscreen:
            self.window_size = tuple(size)
            self.window = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        self._fit()

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.settings.save()
        self._open_window()

    # --- the scene stack ---------------------------------------------------------------
    @property
    def top(self):
        return self.scenes[-1] if self.scenes else None

    def push(self, scene) -> None:
        self._before_change(scene.opaque)
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.resume()
        self._after_change()

    def pop(self):
        self._before_change(self.scenes[-1].opaque if self.scenes else True)
        scene = self.scenes.pop()
        scene.pause()
        if self.scenes:
            self.scenes[-1].resume()
        else:
            self.running = False
        self._after_change()
        return scene

    def replace(self, scene) -> None:
        self._before_change(scene.opaque or self.scenes[-1].opaque)
        old = self.scenes.pop()
        old.pause()
        self.scenes.append(scene)
        scene.resume()
        self._after_change()

    def pop_to(self, scene_type) -> None:
        """Pop scenes until one of ``scene_type`` is on top (or only one scene is left)."""
        while len(self.scenes) > 1 and not isinstance(self.scenes[-1], scene_type):
            self.pop()

    def _before_change(self, screen_changes: bool = True) -> None:
        """Keep the picture on screen now: the next screen fades in over it (a dialog
        opening or closing over the same screen does not fade)."""
        if screen_changes and self.frames and self.fade is None and not math.isinf(self.settings.speed):
            self.fade = (self.logical.copy(), 0.0)

    def _after_change(self) -> None:
        self.presses.screen_changed()  # a button down now was pressed on another screen: never a hold here
        self.toasts.keep_owners(self.scenes)
        self.dirty = True

    def note(self, words: str, seconds: float = 6.0, problem: bool = True, key: str | None = None) -> None:
        """A toast from the scene on top (it goes when that scene goes)."""
        self.toasts.add(words, problem=problem, seconds=seconds, key=key, owner=self.top)

    # --- in-process hosts ----------------------------------------------------------------
    def drive(self, host) -> None:
        """Tick ``host`` once per frame from now on; its bots think off the frame loop
        (netplay.bots), so a frame only picks up their finished decisions."""
        if host not in self.hosts:
            self.hosts.append(host)
            bots = getattr(host, "bots", None)
            if bots is not None and self.bots_think_apart:
                bots.think_in_background()

    def undrive(self, host) -> None:
        if host in self.hosts:
            self.hosts.remove(host)
            bots = getattr(host, "bots", None)
            if bots is not None:
                bots.forget_all()

    # --- quitting -------------------------------------------------------------------------
    def request_quit(self) -> None:
        if any(scene.running_game for scene in self.scenes):
            self.flow.confirm(self.flow.quit_words(), self.quit, once=True)
            return
        self.quit()

    def quit(self) -> None:
        for scene in reversed(self.scenes):
            scene.pause()
            close = getattr(scene, "close", None)
            if close:
                close()
        self.evening.end_group_table()  # a table kept for Next game: its peers hear the group has ended
        self.evening.close()
        self.running = False

    # --- one frame ------------------------------------------------------------------------
    def dispatch(self, intent: Intent) -> None:
        self.idle = 0.0
        self.dirty = True
        self.presses.see(intent)
        if intent.device == "system":
            if intent.action == "quit":
                self.request_quit()
            elif intent.action == "fullscreen":
                self.toggle_fullscreen()
            elif intent.action == "resize":
                window = pygame.display.get_surface()
                if window is not None:
                    self.resize(window.get_size())
            return
        for scene in reversed(self.scenes):
            if scene.handle(intent) or not getattr(scene, "passes_input", False):
                break

    def frame(self, dt: float) -> None:
        for intent in self.input.poll():
            self.dispatch(intent)
            if not self.running:
                return
        self.idle += dt
        self.clock += dt
        for host in list(self.hosts):
            host.tick(self.clock)
        self.accumulator = min(self.accumulator + dt, STEP * MAX_STEPS)
        while self.accumulator >= STEP - 1e-9:
            self.accumulator -= STEP
            self.update(STEP)
        if self.fade is not None:
            picture, age = self.fade
            age += dt * min(self.settings.speed, 4.0)
            self.fade = None if age >= FADE_SECONDS else (picture, age)
        resting = self.resting()
        # The first frame at rest is drawn too: it shows the settled picture (a steady
        # cursor ring, still emblems) rather than whatever moment the animation was at.
        if self.dirty or not resting or not self.drawn_at_rest:
            self.draw()
            self.present()
            self.dirty = False
        self.drawn_at_rest = resting
        self.frames += 1

    def update(self, dt: float) -> None:
        if self.top is not None:
            self.top.update(dt)
            for scene in self.scenes[:-1]:
                if getattr(scene, "updates_when_covered", False):
                    scene.update(dt)
        count = len(self.toasts)
        self.toasts.update(dt)
        if len(self.toasts) != count:
            self.dirty = True

    def drawn_scenes(self) -> list:
        """The scenes that show: the top opaque one and everything above it."""
        first = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                first = index
                break
        return self.scenes[first:]

    def resting(self) -> bool:
        """Whether the picture would not change without input: every scene on screen is
        still, and no toast, fade or in-process host is running."""
        return (bool(self.scenes) and self.fade is None and not self.hosts and not len(self.toasts)
                and all(scene.still() for scene in self.drawn_scenes()))

    def draw(self) -> None:
        surface = self.logical
        scenes = self.drawn_scenes()
        if not scenes:
            surface.fill(art.NIGHT)
        for scene in scenes:
            scene.draw(surface)
        if scenes:
            where = getattr(scenes[0], "notes_at", "bottom")
            self.toasts.draw(surface, self.toasts.visible(scenes), where)
        if self.fade is not None:
            picture, age = self.fade
            picture.set_alpha(round(255 * (1 - age / FADE_SECONDS) ** 2))
            surface.blit(picture, (0, 0))

    def present(self) -> None:
        if self._scaled is not None:
            if self.viewport.scale < 1:
                pygame.transform.smoothscale(self.logical, self._scaled.get_size(), self._scaled)
            else:
                pygame.transform.scale(self.logical, self._scaled.get_size(), self._scaled)
            self.window.fill((0, 0, 0))
            self.window.blit(self._scaled, self.viewport.offset)
        pygame.display.flip()

    def screenshot(self, path) -> None:
        pygame.image.save(self.logical, str(path))

    def loop(self, max_frames: int | None = None, fixed_dt: float | None = None, seconds: float | None = None) -> None:
        """Run frames until the app stops, ``max_frames`` are shown or ``seconds`` have
        passed. With ``fixed_dt`` every frame advances exactly that long and nobody waits
        (a scripted run)."""
        clock = pygame.time.Clock()
        clock.tick()
        while (self.running and (max_frames is None or self.frames < max_frames)
               and (seconds is None or self.clock < seconds)):
            if self.terminated:  # SIGTERM: close the window (a running game ends) without asking
                self.quit()
                break
            if fixed_dt is not None:
                self.frame(fixed_dt)
                continue
            if self.resting() and not self.dirty:
                event = pygame.event.wait(REST_WAIT_MS)  # sleep until input (or a little while)
                if event.type != pygame.NOEVENT:
                    pygame.event.post(event)
                dt = clock.tick() / 1000
            else:
                dt = clock.tick(60) / 1000
            self.frame(dt)


def run(fullscreen: bool = False, start=None, frames: int | None = None, seconds: float | None = None,
        screenshot=None) -> int:
    """Open the window and play until the player quits; returns the exit status.
    ``start(app)`` puts the first scene up (default: the title). With ``frames``, exactly
    that many frames of 1/60 s run and the last is saved to ``screenshot``; with
    ``seconds`` the window closes after that long."""
    started = time.perf_counter()
    stop: list = []
    # SDL would turn SIGTERM into a window-close, which asks first while a game runs; a
    # handler of our own (installed before SDL's) ends the loop instead.
    previous = signal.signal(signal.SIGTERM, lambda *_: stop.append(True))
    app = App(fullscreen=fullscreen or None)
    app.started = started
    signal.signal(signal.SIGTERM, lambda *_: setattr(app, "terminated", True))
    if stop:
        app.terminated = True
    status = 0
    try:
        (start or Flow.start_title)(app)
        app.loop(max_frames=frames, fixed_dt=STEP if frames is not None else None, seconds=seconds)
        if screenshot:
            try:
                app.screenshot(screenshot)
            except (pygame.error, OSError) as error:
                print(i18n._("spielabend: could not save the screenshot to {path}: {error}").format(
                    path=screenshot, error=error), file=sys.stderr)
                status = 1
        app.quit()
    finally:
        app.settings.save()
        pygame.quit()
        art.forget()
        signal.signal(signal.SIGTERM, previous)
    return status
