"""The title screen: Continue (an unfinished game, or watch a finished one again), Play, Join a LAN game,
Settings, Quit.
Left alone for a minute, it falls into the attract mode (bots play a table) until anyone
touches anything. Also the list of unfinished games, and the notice about a settings
file that could not be read."""

import math
import os
import time
from functools import partial

from client.games import TABLES
from client.i18n import N_, _, and_list, ngettext
from client.replay.library import finished_saves
from client.ui import art
from client.ui.menu import Item, Menu
from client.ui.scene import SETTLE_AFTER, MenuScene, Scene, draw_dialog
from netplay.replays import Replay

ATTRACT_AFTER = 60.0  # seconds without input


class TitleScene(Scene):
    attract_after = ATTRACT_AFTER

    def __init__(self, app):
        super().__init__(app)
        self.emblems = [image for image in (table.emblem(120) for table in TABLES.values()) if image is not None]
        self.unfinished: list = []
        self.menu: Menu | None = None
        self.refresh()

    def refresh(self) -> None:
        """Offer Continue while there is an unfinished game (looked up again each time
        the title shows)."""
        flow = self.app.flow
        self.unfinished = flow.unfinished()
        items = [Item(N_("Play"), flow.picker), Item(N_("Join a LAN game"), flow.join),
                 Item(N_("Settings"), flow.settings), Item(N_("Quit"), self.ask_quit)]
        items.insert(2, Item(N_("Hall of fame"), flow.hall_of_fame))  # the game night (client.evening)
        if self.unfinished:
            items.insert(0, Item(lambda: continue_label(self.unfinished), flow.continue_menu))
        focus = self.menu.focus if self.menu is not None and len(self.menu.items) == len(items) else 0
        self.menu = Menu(items, (art.W // 2, 470 if self.unfinished else 560), width=860 if self.unfinished else 620,
                         height=74, gap=14, sounds=self.app.sounds)
        self.menu.focus = focus

    def resume(self) -> None:
        self.refresh()

    def ask_quit(self) -> None:
        """Esc, a pad's Start and Quit ask first: a stray press must not close the window."""
        self.app.flow.confirm(self.app.flow.quit_words(), self.app.quit, once=True)

    def handle(self, intent) -> bool:
        if intent.action == "escape":
            self.ask_quit()
            return True
        return self.menu is not None and self.menu.handle(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app.idle >= self.attract_after and self.app.top is self and TABLES:
            self.app.idle = 0.0
            self.app.flow.attract()

    def still(self) -> bool:
        return self.app.idle >= SETTLE_AFTER

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        sway = 6 * min(1.0, max(0.0, SETTLE_AFTER - self.app.idle))  # settles when nobody plays
        total = sum(image.get_width() for image in self.emblems) + 40 * max(0, len(self.emblems) - 1)
        x = art.W // 2 - total // 2
        for i, image in enumerate(self.emblems):  # the tables' emblems under the logo, swaying
            bob = sway * math.sin(self.clock * 1.6 + i * 0.7)
            surface.blit(image, image.get_rect(midbottom=(x + image.get_width() // 2, 440 + bob)))
            x += image.get_width() + 40
        art.blit_text(surface, "Spielabend", 200, art.shade(art.GOLD, 0.4), (art.W // 2 + 6, 186), "center",
                      weight="bold")
        art.blit_text(surface, "Spielabend", 200, art.GOLD, (art.W // 2, 180), "center", weight="bold")
        art.blit_text(surface, _("a game-night arcade"), 48, art.INK_DIM, (art.W // 2, 282), "center")
        if self.menu is not None:
            self.menu.draw(surface, self.pulse)
        self.draw_title(surface, "", _("Mouse, WASD + Space, arrows + Enter or a gamepad.   F11 fullscreen   Esc back"))


def ago(seconds: float) -> str:
    minutes = int(max(0.0, seconds) // 60)
    if minutes < 1:
        return _("just now")
    if minutes < 60:
        return ngettext("{n} minute ago", "{n} minutes ago", minutes).format(n=minutes)
    hours = minutes // 60
    if hours < 48:
        return ngettext("{n} hour ago", "{n} hours ago", hours).format(n=hours)
    return ngettext("{n} day ago", "{n} days ago", hours // 24).format(n=hours // 24)


def save_line(summary, now: float | None = None) -> str:
    """One unfinished game in words: "Die Mauer with Anna, Ben and 1 bot, 5 minutes ago"."""
    from engines import GAMES

    now = time.time() if now is None else now
    game = GAMES[summary.game].name if summary.game in GAMES else summary.game
    people = [name for name, kind in zip(summary.names, summary.kinds, strict=False) if kind != "bot" and name]
    bots = sum(1 for kind in summary.kinds if kind == "bot")
    who = and_list(people + ([ngettext("{n} bot", "{n} bots", bots).format(n=bots)] if bots else []))
    when = ago(now - summary.modified)
    if "remote" in summary.kinds:
        return _("{game} on the LAN with {players}, {ago}").format(game=game, players=who, ago=when)
    return _("{game} with {players}, {ago}").format(game=game, players=who, ago=when)


def delete_line(summary) -> str:
    return _("Delete: {game}").format(game=save_line(summary))


def watch_line(summary) -> str:
    return _("Watch again: {game}").format(game=save_line(summary))


def continue_label(unfinished: list) -> str:
    if len(unfinished) > 1:
        return ngettext("Continue a game ({n} unfinished)", "Continue a game ({n} unfinished)",
                        len(unfinished)).format(n=len(unfinished))
    from engines import GAMES

    game = unfinished[0].game
    return _("Continue {game} ({ago})").format(game=GAMES[game].name if game in GAMES else game,
                                               ago=ago(time.time() - unfinished[0].modified))


class ContinueScene(MenuScene):
    """The unfinished games, newest first: confirm one to play on. "Delete a game" turns
    the list into one to delete from (each asks first)."""

    def __init__(self, app, unfinished: list):
        super().__init__(app)
        self.deleting = False
        self.build(unfinished)

    def build(self, unfinished: list) -> None:
        self.unfinished = unfinished
        app = self.app
        focus = self.menu.focus if getattr(self, "menu", None) is not None else 0
        if self.deleting:
            items = [Item(partial(delete_line, s), partial(self.ask_delete, s)) for s in unfinished]
            items.append(Item(N_("Done deleting"), self.toggle_deleting))
        else:
            items = [Item(partial(save_line, s), partial(app.flow.continue_game, s.path)) for s in unfinished]
            # finished games, to watch again (client.replay): their saves stay until deleted
            items += [Item(partial(watch_line, s), partial(app.flow.watch, partial(Replay.open, s.path)))
                      for s in finished_saves()]
            items.append(Item(N_("Delete a game..."), self.toggle_deleting))
        self.menu = Menu(items + [Item(N_("Back"), app.pop)], (art.W // 2, 220), width=1500, height=70, gap=12,
                         size=38, sounds=app.sounds)
        self.menu.focus = min(focus, len(self.menu.items) - 1)

    def toggle_deleting(self) -> None:
        self.deleting = not self.deleting
        self.build(self.unfinished)
        self.menu.focus = 0

    def ask_delete(self, summary) -> None:
        self.app.flow.confirm(_("Delete {game}? It cannot be continued afterwards.").format(game=save_line(summary)),
                              lambda: self.delete(summary))

    def delete(self, summary) -> None:
        try:
            os.remove(summary.path)
        except FileNotFoundError:
            pass
        except OSError as error:
            self.app.note(_("Could not delete {path}: {error}").format(path=summary.path, error=error.strerror or error))
        unfinished = self.app.flow.unfinished()
        if not unfinished:
            self.app.pop()  # nothing left to continue: the title shows no Continue
            return
        self.build(unfinished)

    def resume(self) -> None:
        unfinished = self.app.flow.unfinished()  # one may have turned out damaged meanwhile
        if [s.path for s in unfinished] != [s.path for s in self.unfinished]:
            self.build(unfinished)

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        if self.deleting:
            self.draw_title(surface, _("Delete a game"), _("Confirm deletes (it asks first)   Esc back"))
        else:
            self.draw_title(surface, _("Continue a game"), _("Confirm plays on where it stopped   Esc back"))
        self.menu.draw(surface, self.pulse)


def path_lines(path, size: int, width: int) -> list[str]:
    """A long file path broken at its separators into lines no wider than ``width``."""
    parts = str(path).split(os.sep)
    lines, line = [], ""
    for i, part in enumerate(parts):
        piece = part + (os.sep if i < len(parts) - 1 else "")
        if line and art.text_width(line + piece, size, "regular") > width:
            lines.append(line)
            line = ""
        line += piece
    return lines + ([line] if line else [])


class NoticeScene(MenuScene):
    """Something the player must know before playing, over the title: what happened, in
    words, and the file it concerns (its whole path, broken at separators)."""

    opaque = False
    modal = True

    def __init__(self, app, heading: str, reason: str, where: str, path):
        super().__init__(app)
        self.heading = heading
        self.lines = art.wrap(reason, 38, 1300, "regular")
        self.where = art.wrap(where, 38, 1300, "regular")
        self.path = path_lines(path, 32, 1300)
        self.height = 330 + 46 * (len(self.lines) + len(self.where)) + 40 * len(self.path)
        self.menu = Menu([Item(N_("OK"), app.pop)], (art.W // 2, 540 + self.height // 2 - 120), width=360,
                         sounds=app.sounds)

    def draw(self, surface) -> None:
        box = draw_dialog(surface, (1420, self.height), (art.W // 2, 540))
        art.blit_text(surface, self.heading, 64, art.GOLD, (art.W // 2, box.top + 60), "center", weight="bold")
        y = box.top + 120
        for line in self.lines:
            art.blit_text(surface, line, 38, art.INK, (box.left + 60, y), weight="regular")
            y += 46
        y += 10
        for line in self.where:
            art.blit_text(surface, line, 38, art.INK_DIM, (box.left + 60, y), weight="regular")
            y += 46
        for line in self.path:
            art.blit_text(surface, line, 32, art.GOLD, (box.left + 90, y), weight="regular")
            y += 40
        self.menu.draw(surface, self.pulse)
