"""Lines typed in the window: on the keyboard, or letter by letter on an on-screen
keyboard with a gamepad or the mouse (`KeyboardScene`), and one field of a form
(`FieldScene`: a table's name, password, port or relay invite)."""

import pygame

from client.i18n import N_, _
from client.ui import art
from client.ui.menu import edit_text
from client.ui.scene import Scene


class KeyboardScene(Scene):
    """A line typed on the keyboard, or picked letter by letter on an on-screen keyboard
    with a gamepad (d-pad moves, A types, B deletes, X shifts) or the mouse. Return or
    the last wide key confirms (`submit`)."""

    ROWS = ("1234567890", "qwertyuiop", "asdfghjkl-", "zxcvbnm_.!")
    WIDE = ("Shift", "Space", "Delete", "Join")
    LIMIT = 32
    heading = ""
    hint = N_("Type it, or pick letters with a gamepad (A types, B deletes, X shifts) or the mouse.   "
              "Enter joins   Esc back")
    secret = False  # shown as stars

    def __init__(self, app, text: str = "", problem: str = ""):
        super().__init__(app)
        self.text, self.problem = text, problem
        self.upper = False
        self.focus = (1, 0)  # (row, column): the "q"
        self.rects: dict[tuple[int, int], pygame.Rect] = {}
        for r, row in enumerate(self.ROWS):
            for c in range(len(row)):
                self.rects[(r, c)] = pygame.Rect(art.W // 2 - 545 + c * 110, 440 + r * 96, 100, 86)
        for c in range(len(self.WIDE)):
            self.rects[(len(self.ROWS), c)] = pygame.Rect(art.W // 2 - 545 + c * 275, 440 + len(self.ROWS) * 96,
                                                          265, 86)

    def resume(self) -> None:
        self.app.input.text_input = True

    def pause(self) -> None:
        self.app.input.text_input = False

    def label(self, key: tuple[int, int]) -> str:
        row, column = key
        if row == len(self.ROWS):
            return self.WIDE[column]
        letter = self.ROWS[row][column]
        return letter.upper() if self.upper else letter

    def press(self, key: tuple[int, int]) -> None:
        label = self.label(key)
        if label == "Shift":
            self.upper = not self.upper
        elif label == "Delete":
            self.text = self.text[:-1]
        elif key == (len(self.ROWS), len(self.WIDE) - 1):
            self.submit()
            return
        else:
            self.text = (self.text + (" " if label == "Space" else label))[:self.LIMIT]
        self.app.sounds.play("move")

    def submit(self) -> None:
        raise NotImplementedError

    def move(self, action: str) -> None:
        row, column = self.focus
        wide = len(self.ROWS)
        if action in ("left", "right"):
            count = len(self.WIDE) if row == wide else len(self.ROWS[row])
            column = (column + (1 if action == "right" else -1)) % count
        else:
            below = (row + (1 if action == "down" else -1)) % (wide + 1)
            # keep roughly the same place across the row of wide keys
            if below == wide:
                column = min(column * len(self.WIDE) // len(self.ROWS[row]), len(self.WIDE) - 1)
            elif row == wide:
                column = min(column * len(self.ROWS[below]) // len(self.WIDE) + 1, len(self.ROWS[below]) - 1)
            row = below
        self.focus = (row, column)
        self.app.sounds.play("move")

    def handle(self, intent) -> bool:
        if intent.action == "escape":
            self.app.pop()
            return True
        if intent.device in ("keyboard", "keys1", "keys2"):
            # the keyboard types; only Return (keys2's confirm) confirms
            self.text, ended = edit_text(self.text, intent, self.LIMIT)
            if ended == "enter":
                self.submit()
            return True
        if intent.device == "mouse":
            if intent.action in ("point", "confirm"):
                hit = next((key for key, rect in self.rects.items() if rect.collidepoint(intent.pos)), None)
                if hit is not None:
                    self.focus = hit
                    if intent.action == "confirm" and intent.pressed:
                        self.press(hit)
            return True
        if not intent.pressed:
            return True
        if intent.action in ("up", "down", "left", "right"):
            self.move(intent.action)
        elif intent.action == "confirm":
            self.press(self.focus)
        elif intent.action == "back":
            if self.text:
                self.text = self.text[:-1]
            else:
                self.app.pop()
        elif intent.action == "alt":
            self.upper = not self.upper
        return True

    def subtitle(self) -> str:
        return ""

    def title(self) -> str:
        return _(self.heading)

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        self.draw_title(surface, self.title(), _(self.hint))
        art.blit_text(surface, self.subtitle(), 44, art.INK_DIM, (art.W // 2, 196), "center", width=art.W - 120)
        field = pygame.Rect(0, 0, 1100, 90)
        field.center = (art.W // 2, 300)
        surface.blit(art.panel(field.size, art.PANEL_HI, art.GOLD, 14), field)
        shown = ("*" * len(self.text) if self.secret else self.text) + ("_" if int(self.clock * 2) % 2 == 0 else " ")
        room = field.width - 60
        if art.font(56).size(shown)[0] > room:  # a long line (an invite) shows its end, where the typing is
            while len(shown) > 1 and art.font(56).size("..." + shown)[0] > room:
                shown = shown[1:]
            shown = "..." + shown
        art.blit_text(surface, shown, 56, art.INK, (field.left + 30, field.centery + 6), "midleft", width=room)
        if self.problem:
            art.blit_text(surface, self.problem, 36, art.DANGER, (art.W // 2, 384), "center", width=art.W - 100)
        for key, rect in self.rects.items():
            focused = key == self.focus
            special = key[0] == len(self.ROWS) and (key[1] == len(self.WIDE) - 1 or
                                                    (self.upper and self.label(key) == "Shift"))
            surface.blit(art.panel(rect.size, art.PANEL_HI if focused or special else art.PANEL,
                                   art.GOLD if special else None, 12), rect)
            shown = self.label(key)
            if key[0] == len(self.ROWS) and shown in WIDE_KEYS:
                shown = _(WIDE_KEYS[shown])
            art.blit_text(surface, shown, 44 if key[0] < len(self.ROWS) else 40,
                          art.INK if focused else art.INK_DIM, rect.center, "center", width=rect.width - 12)
        art.cursor_ring(surface, self.rects[self.focus], art.GOLD, 3, self.pulse)


# The on-screen keyboard's wide keys as they read (the keys themselves go by their English names).
WIDE_KEYS = {"Shift": N_("Shift"), "Space": N_("Space"), "Delete": N_("Delete"), "Join": N_("Join"), "OK": N_("OK")}


class FieldScene(KeyboardScene):
    """One line typed for a form (a table's name, password or port); ``done(text)`` takes
    it, or returns a sentence saying what is wrong with it."""

    WIDE = ("Shift", "Space", "Delete", "OK")
    hint = N_("Type it, or pick letters with a gamepad (A types, B deletes, X shifts) or the mouse.   "
              "Enter: OK   Esc back")

    def __init__(self, app, heading: str, subtitle: str, text: str, done, secret: bool = False):
        super().__init__(app, text)
        self.heading, self.words, self.done, self.secret = heading, subtitle, done, secret

    def subtitle(self) -> str:
        return self.words

    def title(self) -> str:
        return self.heading  # worded by the form that asked

    def submit(self) -> None:
        problem = self.done(self.text)
        if problem:
            self.problem = problem
            self.app.sounds.play("reject")
            return
        self.app.sounds.play("confirm")
        self.app.pop()
