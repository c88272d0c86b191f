"""The scene lifecycle every screen shares, and the small confirm / message overlays.

Scenes never import one another: they ask ``self.app.flow`` to go somewhere."""

import math

import pygame

from client.i18n import N_
from client.ui import art
from client.ui.menu import Item, Menu, title_bar

SETTLE_AFTER = 4.0
YES, NO = N_("Yes"), N_("No")  # a question's answers (looked up where they are drawn)  # seconds without input after which a menu stops animating


class Scene:
    """resume() when it becomes the top scene, pause() when covered, update(dt) at a fixed
    60 Hz, draw(surface) as often as frames are shown. Drawing never changes state.
    handle(intent) returns True when the scene used the intent."""

    opaque = True
    running_game = False  # a game in progress: leaving it needs a confirmation

    def __init__(self, app) -> None:  # app: the `client.app.App`, unannotated (Any): it imports every scene
        self.app = app
        self.clock = 0.0

    def resume(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def handle(self, intent) -> bool:
        return False

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface) -> None:
        pass

    def still(self) -> bool:
        """Whether the picture stays the same until input arrives (the app may rest)."""
        return False

    def changed(self) -> None:
        """Something arrived without input (a network message): draw the next frame even
        if the app is resting."""
        self.app.dirty = True

    @property
    def pulse(self) -> float:
        if self.still():
            return 1.0
        return 0.5 + 0.5 * math.sin(self.clock * 5)

    def draw_title(self, surface, heading: str, hint: str = "") -> None:
        """The heading, and the hint line unless a toast stands there now."""
        title_bar(surface, heading, "" if self.app.toasts.visible([self]) else hint)


class MenuScene(Scene):
    """A scene run by one `Menu` (``self.menu``): Escape or back calls `back` (by default,
    pop this scene); everything else goes to the menu. A ``modal`` scene (a dialog)
    swallows every intent, used or not. A menu nobody touches comes to rest."""

    modal = False
    menu: Menu

    def back(self) -> None:
        self.app.pop()

    def handle(self, intent) -> bool:
        if intent.action in ("escape", "back") and intent.pressed:
            self.back()
            return True
        return self.menu.handle(intent) or self.modal

    def still(self) -> bool:
        return self.app.idle >= SETTLE_AFTER and not self.animating()

    def animating(self) -> bool:
        """Whether something on this screen still moves by itself (it must not come to
        rest half-drawn)."""
        return False


def draw_dialog(surface, size: tuple[int, int], centre: tuple[int, int]) -> pygame.Rect:
    """Dim everything drawn so far and put an opaque dialog panel on top; returns its rect."""
    surface.blit(art.shade_layer(200), (0, 0))
    box = pygame.Rect((0, 0), size)
    box.center = centre
    surface.blit(art.panel(box.size, art.NIGHT, art.GOLD, 24, 255), box)
    return box


class ConfirmScene(MenuScene):
    """Asks a yes/no question over the scene below; only "Yes" runs ``on_yes``."""

    opaque = False
    modal = True

    def __init__(self, app, question: str, on_yes, yes=YES, no=NO):
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.lines = art.wrap(question, 50, 880)
        self.menu = Menu([Item(no, self.app.pop), Item(yes, self._yes)], (art.W // 2, 470 + 25 * len(self.lines)),
                         width=520, sounds=app.sounds)

    def _yes(self) -> None:
        self.app.pop()
        self.on_yes()

    def draw(self, surface) -> None:
        box = draw_dialog(surface, (1000, 300 + 50 * len(self.lines)), (art.W // 2, 540))
        for i, line in enumerate(self.lines):
            art.blit_text(surface, line, 50, art.INK, (art.W // 2, box.top + 70 + i * 50), "center")
        self.menu.draw(surface, self.pulse)


class MessageScene(MenuScene):
    """A full-screen notice with one button back (for missing LAN pieces and the like)."""

    def __init__(self, app, heading: str, message: str):
        super().__init__(app)
        self.heading, self.message = heading, message
        self.menu = Menu([Item(N_("Back"), self.app.pop)], (art.W // 2, 760), sounds=app.sounds)

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        art.blit_text(surface, self.heading, 90, art.GOLD, (art.W // 2, 260), "center", weight="bold")
        for i, line in enumerate(art.wrap(self.message, 46, 1300)):
            art.blit_text(surface, line, 46, art.INK, (art.W // 2, 400 + i * 52), "center")
        self.menu.draw(surface, self.pulse)
