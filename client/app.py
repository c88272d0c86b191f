"""The window, the scene stack and the frame loop.

Everything is drawn on a logical 1920x1080 surface, scaled to fit the window with bars.
Updates run at a fixed 60 Hz through an accumulator; sessions are polled inside
update(), so a frame never waits for the network.
"""

import time

import pygame

from client import art
from client.input import LOGICAL_SIZE, InputRouter, Intent, Viewport
from client.settings import Settings
from client.sound import Sounds

STEP = 1 / 60
MAX_STEPS = 5
WINDOW_SIZE = (1280, 720)


class App:
    def __init__(self, fullscreen: bool | None = None, window_size=WINDOW_SIZE, settings: Settings | None = None):
        pygame.init()
        self.settings = settings or Settings.load()
        if fullscreen is not None and fullscreen != self.settings.fullscreen:
            self.settings.fullscreen = fullscreen
        self.window_size = tuple(window_size)
        pygame.display.set_caption("Spielabend")
        self._open_window()
        self.input = InputRouter(self.settings)
        self.input.viewport = self.viewport
        self.sounds = Sounds(self.settings.volume)
        self.scenes: list = []
        self.running = True
        self.accumulator = 0.0
        self.frames = 0
        self.notes: list[list] = []  # [text, seconds left]: small toasts over any scene
        if self.settings.problem:
            self.note(self.settings.problem)

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
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.resume()

    def pop(self):
        scene = self.scenes.pop()
        scene.pause()
        if self.scenes:
            self.scenes[-1].resume()
        else:
            self.running = False
        return scene

    def replace(self, scene) -> None:
        old = self.scenes.pop()
        old.pause()
        self.scenes.append(scene)
        scene.resume()

    def pop_to(self, scene_type) -> None:
        """Pop scenes until one of ``scene_type`` is on top (or only one scene is left)."""
        while len(self.scenes) > 1 and not isinstance(self.scenes[-1], scene_type):
            self.pop()

    def note(self, words: str, seconds: float = 6.0, problem: bool = True) -> None:
        """A toast over any scene: a problem (red) or a plain notice."""
        self.notes.append([words, seconds, problem])

    def request_quit(self) -> None:
        if any(scene.running_game for scene in self.scenes):
            from client.scenes.base import ConfirmScene

            if not isinstance(self.top, ConfirmScene):
                self.push(ConfirmScene(self, "Quit Spielabend? The game in progress will end.", self.quit))
            return
        self.quit()

    def quit(self) -> None:
        for scene in reversed(self.scenes):
            scene.pause()
            close = getattr(scene, "close", None)
            if close:
                close()
        self.running = False

    # --- one frame ------------------------------------------------------------------------
    def dispatch(self, intent: Intent) -> None:
        if intent.device == "system":
            if intent.action == "quit":
                self.request_quit()
            elif intent.action == "fullscreen":
                self.toggle_fullscreen()
            elif intent.action == "resize":
                self.resize(pygame.display.get_surface().get_size())
            return
        for scene in reversed(self.scenes):
            if scene.handle(intent) or not getattr(scene, "passes_input", False):
                break

    def frame(self, dt: float) -> None:
        for intent in self.input.poll():
            self.dispatch(intent)
            if not self.running:
                return
        self.accumulator = min(self.accumulator + dt, STEP * MAX_STEPS)
        while self.accumulator >= STEP - 1e-9:
            self.accumulator -= STEP
            self.update(STEP)
        self.draw()
        self.present()
        self.frames += 1

    def update(self, dt: float) -> None:
        if self.top is not None:
            self.top.update(dt)
            for scene in self.scenes[:-1]:
                if getattr(scene, "updates_when_covered", False):
                    scene.update(dt)
        for note in self.notes:
            note[1] -= dt
        self.notes = [note for note in self.notes if note[1] > 0]

    def draw(self) -> None:
        surface = self.logical
        first = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                first = index
                break
        if not self.scenes:
            surface.fill(art.NIGHT)
        for scene in self.scenes[first:]:
            scene.draw(surface)
        if self.scenes and self.notes:
            self.draw_notes(surface, getattr(self.scenes[first], "notes_at", "bottom"))

    def draw_notes(self, surface, where: str) -> None:
        """The newest notes: at the bottom of menus (over their hint line, which they hide),
        or at the top of the table between its header and its log."""
        width = 700 if where == "top" else 1500
        y = 20 if where == "top" else art.H - 12
        for words, _, problem in reversed(self.notes[-2:]):
            lines = art.wrap(words, 34, width)
            box = pygame.Rect(0, 0, max(art.font(34).size(line)[0] for line in lines) + 44, 20 + 38 * len(lines))
            if where == "top":
                box.midtop = (art.W // 2, y)
                y = box.bottom + 8
            else:
                box.midbottom = (art.W // 2, y)
                y = box.top - 8
            if problem:
                surface.blit(art.panel(box.size, (90, 46, 40), art.DANGER, 12), box)
            else:
                surface.blit(art.panel(box.size, art.PANEL_HI, art.GOLD, 12), box)
            for i, line in enumerate(lines):
                art.blit_text(surface, line, 34, art.INK, (box.centerx, box.top + 29 + 38 * i), "center")

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

    def loop(self, max_frames: int | None = None) -> None:
        clock = pygame.time.Clock()
        clock.tick()
        while self.running and (max_frames is None or self.frames < max_frames):
            dt = clock.tick(60) / 1000
            self.frame(dt)


def run(fullscreen: bool = False) -> int:
    """Open the window and play until the player quits; returns the exit status."""
    started = time.perf_counter()
    from client.scenes.title import TitleScene

    app = App(fullscreen=fullscreen or None)
    app.push(TitleScene(app))
    app.started = started
    try:
        app.loop()
    finally:
        app.settings.save()
        pygame.quit()
        art.forget()
    return 0
