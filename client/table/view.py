"""The table's own drawing around a game's: the header and phase line, the log, the away
badges over seat zones, each local seat's choices, cursors and pending marks, its private
panel or its gamepad's blind-pick legend, the host's pause, the pointers.

It reads the table (its model, seats and host link) and changes nothing; the order things
are drawn in is the scene's. Secrecy: private choices show only in an open private panel;
the shared screen says only that a seat chooses ("hold ... to choose", a legend that is the
same whatever the seat holds) or that its pick was sent.
"""

import math
from collections.abc import Mapping
from typing import Any, Protocol

import pygame

from client import i18n
from client.hosting.hosted import HostControls
from client.hosting.seats import PHONE
from client.i18n import N_, _
from client.input.buttons import label_for
from client.table.choices import Choice
from client.table.chooser import Chooser
from client.table.controls import peek_name
from client.table.game import BLIND_BUTTONS, HINT_HEIGHT, LEGEND_HEIGHT, GameTable
from client.table.layout import Layout
from client.table.model import TableModel, worded
from client.table.types import Colour
from client.table.window import Window
from client.ui import art
from engines import GameInfo

BLIND_DIRECTIONS = {"up": N_("Up"), "right": N_("Right"), "down": N_("Down"), "left": N_("Left")}


class DemoFlow(Protocol):
    """What the view reads of the flow (`client.flow.Flow`)."""

    @property
    def demo_plan(self) -> dict[str, Any] | None:
        """How the next demo game starts, while this window shows demos."""


class ViewWindow(Window, Protocol):
    """The window the view draws in."""

    @property
    def flow(self) -> DemoFlow: ...


class ViewedTable(Protocol):
    """What the view reads of the table: these members of the `TableScene` (which builds the
    view, so this module cannot import it)."""

    @property
    def app(self) -> ViewWindow: ...

    @property
    def info(self) -> GameInfo: ...

    @property
    def game(self) -> GameTable: ...

    @property
    def layout(self) -> Layout: ...

    @property
    def model(self) -> TableModel: ...

    @property
    def choosers(self) -> Mapping[int, Chooser]: ...

    @property
    def live(self) -> Mapping[int, list[Choice]]: ...

    @property
    def hosting(self) -> HostControls | None:
        """The table this screen hosts (None: a table joined on another's)."""

    @property
    def demo(self) -> bool: ...

    @property
    def solo(self) -> bool: ...

    @property
    def clock(self) -> float: ...

    @property
    def pulse(self) -> float: ...

    @property
    def resume_at(self) -> float | None: ...

    def pause_stops_game(self) -> bool: ...

    def away_words(self, seat: int) -> str | None: ...

    def colour(self, seat: int) -> Colour: ...

    def name(self, seat: int | None) -> str: ...

    def panel_open(self, seat: int) -> bool: ...

    def choosing_blind(self, seat: int) -> bool: ...


class TableView:
    def __init__(self, table: ViewedTable):
        self.table = table  # the `TableScene`, read only
        self.app = table.app

    # --- around the board ---------------------------------------------------------------------
    def draw_waiting(self, surface: pygame.Surface) -> None:
        art.blit_text(surface, _("Waiting for the table..."), 60, art.INK, (art.W // 2, art.H // 2), "center")

    def draw_header(self, surface: pygame.Surface) -> None:
        table = self.table
        box = table.layout.header
        surface.blit(art.panel(box.size, art.PANEL), box)
        art.blit_text(surface, table.info.name, 56, art.GOLD, (box.left + 26, box.top + 14), weight="bold",
                      width=box.width - 52)
        status = art.blit_text(surface, table.game.status_text(), 34, art.INK_DIM, (box.left + 28, box.top + 74),
                               width=box.width - 200)
        hint = self.header_hint()
        room = box.right - 24 - status.right - 20  # the status line comes first; the hint takes what is left
        size = next((size for size in (28, 25, 22) if art.text_width(hint, size) <= room), 22)
        art.blit_text(surface, hint, size, art.INK_FAINT, (box.right - 24, box.top + 78 + (28 - size) // 2), "topright",
                      width=room)
        phase = table.layout.phase
        toasts = self.app.toasts.stacked(self.app.toasts.visible([table]), "top")
        if any(box.colliderect(phase) for _toast, box, _width in toasts):
            return  # a notice stands over the phase line now: one readable line, not two over each other
        words = table.game.phase_text()
        size = next((size for size in (44, 40, 36) if art.text_width(words, size) <= phase.width), 40)
        lines = art.wrap(words, size, phase.width)
        if len(lines) > 2:
            size = 34
            lines = art.wrap(words, size, phase.width)[:3]
        top = phase.centery - (size + 6) * len(lines) // 2
        for i, line in enumerate(lines):
            art.blit_text(surface, line, size, art.INK, (phase.centerx, top + (size + 6) * i), "midtop")

    def header_hint(self) -> str:
        """The header's corner: what pauses or leaves this table (a replay says nothing there)."""
        table = self.table
        if table.demo:
            plan = self.app.flow.demo_plan or {}
            return _("any key: menu") if plan.get("attract") else _("Esc quits")
        return (_("pause: {buttons}") if table.pause_stops_game() else _("menu: {buttons}")).format(
            buttons=self.pause_buttons())

    def pause_buttons(self) -> str:
        """What pauses this table, as printed on its devices: "Esc", "Esc / Start / +"."""
        choosers = self.table.choosers
        names = ["Esc"] if any(not c.is_pad for c in choosers.values()) or not choosers else []
        for chooser in choosers.values():
            if chooser.is_pad:
                names.append(label_for(self.app, chooser.device, "menu"))
        return " / ".join(dict.fromkeys(names))

    def draw_log(self, surface: pygame.Surface) -> None:
        """The newest log lines, wrapped (never cut), filling the box from the bottom."""
        table = self.table
        box = table.layout.log
        surface.blit(art.panel(box.size, art.PANEL, None, 16, 200), box)
        art.blit_text(surface, _("What happened"), 34, art.GOLD, (box.left + 20, box.top + 12), weight="bold",
                      width=box.width - 40)
        size, line_height, width = 28, 31, box.width - 40
        room = (box.height - 62) // line_height
        lines: list[str] = []
        for entry in reversed(table.model.log):  # whole entries only, newest last
            wrapped = art.wrap(worded(entry), size, width, "regular")
            if lines and len(lines) + len(wrapped) > room:
                break
            lines = wrapped + lines
        for i, line in enumerate(lines[-room:] if room > 0 else []):
            art.blit_text(surface, line, size, art.INK_DIM, (box.left + 20, box.top + 54 + i * line_height),
                          weight="regular")

    def draw_away(self, surface: pygame.Surface, seat: int) -> None:
        """A badge over an away seat's zone: how long, and whether a bot plays meanwhile."""
        table = self.table
        words = table.away_words(seat)
        zone = table.layout.seats.get(seat)
        if words is None or zone is None:
            return
        width = min(zone.width - 8, art.text_width(words, 28) + 36)
        badge = pygame.Rect(0, 0, width, 44)
        badge.center = (zone.centerx, zone.top)  # across the zone's top edge, clear of its name
        surface.blit(art.panel(badge.size, (70, 40, 36), table.colour(seat), 10, 235), badge)
        art.blit_text(surface, words, 28, art.INK, badge.center, "center", width=badge.width - 16)

    def draw_paused(self, surface: pygame.Surface) -> None:
        """The host's pause on every screen: who paused, then the countdown to go on."""
        table = self.table
        surface.blit(art.shade_layer(150), (0, 0))
        box = pygame.Rect(0, 0, 900, 300)
        box.center = (art.W // 2, art.H // 2)
        surface.blit(art.panel(box.size, art.NIGHT, art.GOLD, 24, 245), box)
        if table.resume_at is None:
            heading = _("Paused")
            words = _("The game stands still for everyone.") if table.hosting is not None else \
                _("The host paused the game: it stands still for everyone.")
        else:
            left = max(0.0, table.resume_at - self.app.clock)
            # the phones' words for the same countdown (netplay/phone_texts.py "ready"): one wording
            heading = _("Ready\u2026 {n}").format(n=math.ceil(left)) if left > 0 else _("Go!")
            words = _("The game goes on for everyone when the count ends.")
        art.blit_text(surface, heading, 96, art.GOLD, (box.centerx, box.top + 100), "center", weight="bold")
        art.blit_text(surface, words, 34, art.INK, (box.centerx, box.top + 210), "center", width=box.width - 60)

    def draw_pointers(self, surface: pygame.Surface) -> None:
        for chooser in self.table.choosers.values():
            if chooser.device in ("mouse", "any"):
                art.pointer(surface, self.app.input.mouse_pos, self.table.colour(chooser.seat))

    # --- a seat's choices -----------------------------------------------------------------------
    def draw_choices(self, surface: pygame.Surface, seat: int) -> None:
        """``seat``'s public choices, its pending mark, and (its private choices waiting for
        peek, not picked blind) the line that says how to see them."""
        table = self.table
        chooser = table.choosers[seat]
        choices = table.live.get(seat, [])
        pending = table.model.pending.get(seat)
        for choice in choices:
            if not choice.private:
                self.draw_one_choice(surface, seat, choice)
        if pending is not None and pending.rect is not None and not pending.private:
            art.dashed_ring(surface, pending.rect, table.colour(seat), table.clock * 2)  # sent, not yet answered
        private = any(choice.private for choice in choices)
        if private and not table.panel_open(seat) and not table.choosing_blind(seat):
            where = table.game.prompt_rect(seat, HINT_HEIGHT)
            words = _("choose on your phone") if chooser.device == PHONE else \
                _("hold {button} to choose").format(button=peek_name(chooser.device, self.app))
            # within the seat's zone and half the gap beside it (a neighbour's prompt stands next
            # to it); a long line goes on two, upwards, rather than over the neighbour's
            width = min(where.width, table.layout.seats[seat].width + 12)
            size, lines = 28, [words]
            if art.text_width(words, size) > width:
                size = 24
                lines = art.wrap(words, size, width)[:2]
            for row, line in enumerate(reversed(lines)):
                art.blit_text(surface, line, size, art.GOLD, (where.centerx, where.bottom - row * (size + 4)),
                              "midbottom", width=width)

    def legend_box(self, seat: int) -> pygame.Rect | None:
        """Where ``seat``'s blind-pick legend stands, while it picks blind; else None."""
        return self.table.game.prompt_rect(seat, LEGEND_HEIGHT) if self.table.choosing_blind(seat) else None

    def draw_panel(self, surface: pygame.Surface, seat: int) -> None:
        """``seat``'s open private panel with its private choices."""
        table = self.table
        chooser = table.choosers[seat]
        pending = table.model.pending.get(seat)
        colour = table.colour(seat)
        private = [choice for choice in table.live.get(seat, []) if choice.private]
        rect = table.game.private_rect(seat, len(private))
        surface.blit(art.panel(rect.size, (30, 26, 34), colour, 16, 250), rect)
        template = table.game.panel_heading  # a game's own heading is marked N_ where it is written
        if template != "{name}" and i18n.current().has(template):
            template = _(template)
        heading = template.format(name=table.name(seat))
        if not table.solo:
            heading = _("{heading} (private)").format(heading=heading)
        art.blit_text(surface, heading, 36, colour, (rect.left + 22, rect.top + 12), weight="bold",
                      width=rect.width - 44)
        note = worded(chooser.private_note)
        if pending is not None and pending.private:
            note = _("Sent: {choice}").format(choice=pending.label)
        elif not note and private:
            note = _("click to choose") if chooser.device == "mouse" else _("move, then confirm")
        if note:
            art.blit_text(surface, note, 26, art.INK_DIM, (rect.left + 24, rect.top + 54), weight="regular",
                          width=rect.width - 48)
        table.game.draw_private(surface, seat, rect, private)
        for choice in private:
            self.draw_one_choice(surface, seat, choice)

    def draw_one_choice(self, surface: pygame.Surface, seat: int, choice: Choice) -> None:
        table = self.table
        focused = choice.key == table.choosers[seat].cursor
        table.game.draw_choice(surface, seat, choice, focused)
        if focused:
            art.cursor_ring(surface, choice.rect, table.colour(seat), 4, table.pulse)

    def draw_blind_legend(self, surface: pygame.Surface, seat: int, box: pygame.Rect) -> None:
        """The gamepad's button map in ``box``, generated from the game's blind actions: only
        the buttons that pick something (a spent piece is left out), never showing which
        button was pressed."""
        table = self.table
        actions = table.game.blind_actions(seat)
        device = table.choosers[seat].device
        parts = [_("{button} {choice}").format(
                     button=_(BLIND_DIRECTIONS[button]) if button in BLIND_DIRECTIONS else
                     label_for(self.app, device, button), choice=label)
                 for button, (label, action) in zip(BLIND_BUTTONS, actions, strict=False) if action is not None]
        armed = table.choosers[seat].armed is not None
        surface.blit(art.panel(box.size, (34, 30, 40), table.colour(seat), 12, 230), box)
        if box.height < LEGEND_HEIGHT:  # a compact legend (a game's band): the buttons, then how
            art.blit_text(surface, "   ".join(parts), 22, art.INK_DIM, (box.centerx, box.top + box.height * 0.3),
                          "center", width=box.width - 16)
            art.blit_text(surface, _("press it again to lock in") if armed else _("press a choice's button twice"),
                          18, art.GOLD if armed else art.INK_FAINT, (box.centerx, box.top + box.height * 0.75),
                          "center", width=box.width - 16)
            return
        half = (len(parts) + 1) // 2
        for row, words in enumerate(("   ".join(parts[:half]), "   ".join(parts[half:]))):
            art.blit_text(surface, words, 26, art.INK_DIM, (box.centerx, box.top + 24 + row * 32), "center",
                          width=box.width - 16)
        art.blit_text(surface, _("press it again to lock in") if armed else _("press a choice's button twice"), 26,
                      art.GOLD if armed else art.INK_FAINT, (box.centerx, box.top + 92), "center", width=box.width - 16)
