"""Menus and buttons shared by every scene: any device moves the focus, the mouse hovers
and clicks. Hit rectangles are fixed at layout time in logical coordinates."""

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from client.i18n import _
from client.ui import art

ARROW_ZONE = 64  # how far in from an item's edge a click is on its < or > arrow


@dataclass
class Item:
    label: str | Callable[[], str]
    on_confirm: Callable[[], None] | None = None
    on_left: Callable[[], None] | None = None
    on_right: Callable[[], None] | None = None
    hint: str = ""  # marked with N_ where it is written, looked up where it is drawn

    def text(self) -> str:
        """The label as the player reads it: a plain string is a message (marked ``N_``)
        looked up now; a callable words itself (names, or sentences with fields)."""
        return self.label() if callable(self.label) else _(self.label)

    def hint_text(self) -> str:
        return _(self.hint) if self.hint else ""


class Menu:
    """A vertical list of items; returns True from `handle` when it used the intent."""

    def __init__(self, items: list[Item], top_centre: tuple[int, int], width: int = 620,
                 height: int = 78, gap: int = 16, size: int = 46, sounds=None):
        self.items = items
        self.focus = 0
        self.size = size
        self.sounds = sounds
        self.rects = [
            pygame.Rect(top_centre[0] - width // 2, top_centre[1] + i * (height + gap), width, height)
            for i in range(len(items))
        ]

    def _play(self, name: str) -> None:
        if self.sounds is not None:
            self.sounds.play(name)

    def hit(self, pos) -> int | None:
        for index, rect in enumerate(self.rects):
            if rect.collidepoint(pos):
                return index
        return None

    def handle(self, intent) -> bool:
        if not self.items:
            return False
        action = intent.action
        if action == "point":
            index = self.hit(intent.pos)
            if index is not None and index != self.focus:
                self.focus = index
            return index is not None
        if action == "wheel":
            action = "up" if intent.amount > 0 else "down"
        elif not intent.pressed:
            return False
        if intent.device == "mouse" and action == "confirm":
            index = self.hit(intent.pos)
            if index is None:
                return False
            self.focus = index
            arrow = self.arrow_at(index, intent.pos)
            if arrow is not None:  # the drawn < and > step the value down and up
                arrow()
                self._play("move")
                return True
            return self.activate()
        if action in ("up", "down"):
            self.focus = (self.focus + (1 if action == "down" else -1)) % len(self.items)
            self._play("move")
            return True
        item = self.items[self.focus]
        if action == "left" and item.on_left:
            item.on_left()
            self._play("move")
            return True
        if action == "right" and item.on_right:
            item.on_right()
            self._play("move")
            return True
        if action == "confirm":
            return self.activate()
        return False

    def arrow_at(self, index: int, pos) -> Callable[[], None] | None:
        """The step behind the < or > drawn at ``pos`` on item ``index``, if any."""
        item, rect = self.items[index], self.rects[index]
        if item.on_left and pos[0] < rect.left + ARROW_ZONE:
            return item.on_left
        if item.on_right and pos[0] >= rect.right - ARROW_ZONE:
            return item.on_right
        return None

    def activate(self) -> bool:
        item = self.items[self.focus]
        if item.on_confirm:
            self._play("confirm")
            item.on_confirm()
            return True
        if item.on_right:
            item.on_right()
            self._play("move")
            return True
        return False

    def draw(self, surface, pulse: float = 0.0) -> None:
        for index, (item, rect) in enumerate(zip(self.items, self.rects, strict=True)):
            focused = index == self.focus
            colour = art.PANEL_HI if focused else art.PANEL
            surface.blit(art.panel(rect.size, colour, art.GOLD if focused else None), rect)
            label = item.text()
            if item.on_left or item.on_right:
                art.blit_text(surface, "<", self.size, art.GOLD if focused else art.INK_FAINT,
                              (rect.left + 28, rect.centery), "center")
                art.blit_text(surface, ">", self.size, art.GOLD if focused else art.INK_FAINT,
                              (rect.right - 28, rect.centery), "center")
            self.draw_label(surface, label, rect, art.INK if focused else art.INK_DIM,
                            rect.width - (120 if item.on_left or item.on_right else 40))
        if self.items:
            focus = self.rects[self.focus]
            art.cursor_ring(surface, focus, art.GOLD, 3, pulse)


    def draw_label(self, surface, label: str, rect: pygame.Rect, colour, width: int) -> None:
        """An item's words in its row: on one line (set smaller if it must be), or, where
        even that would cut them (a long option in German), on two smaller lines."""
        size = art.fitting_size(label, self.size, width)
        if art.text_width(label, size) > width:
            small = max(16, rect.height // 2 - 6)
            lines = art.wrap(label, small, width)
            if len(lines) == 2:
                step = small + 2
                for i, line in enumerate(lines):
                    art.blit_text(surface, line, small, colour, (rect.centerx, rect.centery + (i - 0.5) * step),
                                  "center", width=width)
                return
        art.blit_text(surface, label, self.size, colour, rect.center, "center", width=width)


def edit_text(text: str, intent, limit: int = 14, names: list[str] | None = None) -> tuple[str, str | None]:
    """One intent applied to a line being typed. Returns the new text and how typing ended:
    None (still typing), "enter" (Return, a click, a pad's confirm or back) or "escape".

    A gamepad is never trapped in a field: its confirm or back ends it, its Start
    escapes, and left/right pick from ``names`` (a person's name: the usual ones)."""
    if intent.device.startswith("pad:") and intent.pressed:
        if intent.action in ("left", "right") and names:
            return next_name(names, text, 1 if intent.action == "right" else -1), None
        if intent.action in ("confirm", "back"):
            return text, "enter"
    if intent.action == "text":
        return (text[:-1] if intent.text == "\b" else (text + intent.text)[:limit]), None
    if intent.action == "escape":
        return text, "escape"
    if intent.device in ("keys2", "mouse") and intent.action == "confirm" and intent.pressed:
        return text, "enter"  # Return (keys1's Space types a space instead)
    return text, None


def next_name(names: list[str], name: str, step: int) -> str:
    """The name ``step`` places from ``name`` in ``names`` (the first or last when it is not there)."""
    names = list(dict.fromkeys(names))
    position = names.index(name) if name in names else (-1 if step > 0 else 0)
    return names[(position + step) % len(names)]


def draw_hold(surface, menu: Menu, holds) -> None:
    """A held confirm (`client.input.holds.Holds`) fills its button from the left."""
    strongest = holds.strongest()
    if strongest is None or not menu.items:
        return
    index, share = strongest
    rect = menu.rects[index]
    fill = pygame.Surface((round(rect.width * share), rect.height), pygame.SRCALPHA)
    fill.fill((*art.GOLD[:3], 90))
    surface.blit(fill, rect.topleft)


def title_bar(surface, heading: str, hint: str = "") -> None:
    art.blit_text(surface, heading, 96, art.GOLD, (art.W // 2, 90), "center", weight="bold", width=art.W - 80)
    if hint:
        art.blit_text(surface, hint, 34, art.INK_FAINT, (art.W // 2, art.H - 48), "center", width=art.W - 80)
