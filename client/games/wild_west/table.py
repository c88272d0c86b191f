"""The Wild West table: three columns of cards, one town sheet per player, secret picks,
everyone writing at once (rulings WW-1 to WW-10). Its hooks only: where things are is
`layout`, the drawing `paint` (and the sheets `scoresheet`), the sentences `words`, what
is kept from events `state`.

- The pick (WW-3) is the engine's secret action: each local seat picks a column or a
  Tumbleweed in its private panel (peek) or blind on a gamepad (d-pad left, up, right for
  columns 1-3, down for the Tumbleweed, twice). The shared screen shows only who is
  locked in; the reveal turns every pick over at once.
- Writing (WW-4 to WW-6): every seat with a step left chooses at once, each with its own
  cursor on its own sheet; only the tiles (size rows, park or not) the engine allows are
  offered. Steps with one possibility are done by the engine and animated here.
- The speed option (WW-10): a countdown from the moment the new deal is on this
  screen (the host's timer waits for its own screen too), standing still while the host
  pauses; a missed pick writes nothing and costs no Tumbleweed, and the table says so.
- Solo (WW-9): the Tumbleweed is a mulligan while any are left; at the end the score goes
  into this machine's high-score table (`high_score`: the shared table records it).
"""

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from client import highscores
from client.games.wild_west import art as ww
from client.games.wild_west import paint, words
from client.games.wild_west.layout import (
    BOARD,
    FULL,
    HEADER,
    LOG,
    PHASE,
    Arrangement,
    arrange,
    band_buttons,
    park_buttons,
    pick_panel,
    prompt,
    slots,
    step_target,
)
from client.games.wild_west.state import PickClock, Shown, mulligans_left
from client.i18n import N_, _
from client.input.router import Intent
from client.table.choices import Choice
from client.table.game import GameTable, Standings
from client.table.handle import TableHandle
from client.table.layout import Layout
from client.table.model import Beat, Line
from client.table.types import Action, Event
from client.ui.tween import ease_out_back, linear

TILE_STEPS = ("write", "track", "grave")
END_SECONDS = 7.0  # the score sheet fills in while the table dwells on the game's end


class WildWestTable(GameTable):
    game_id = "wild_west"
    paint = paint
    panel_heading = N_("{name}'s pick")  # the table words it
    dwell = {"round_over": 0.2, "write": 0.3, "track": 0.3, "grave": 0.3, "park": 0.25, "upgrade": 0.3,
             "graves_lost": 0.8}
    silent_events = frozenset({"picked"})  # a seat's own pick: its panel shows it, the reveal tells everyone

    def __init__(self, table: TableHandle):
        super().__init__(table)
        self.shown = Shown()
        self.pick_clock = PickClock()  # WW-10: the countdown in real time
        self.arrangement: Arrangement = self.arranged()
        self.sheet_images: dict[int, paint.SheetImage] = {}  # each seat's sheet image and what it shows (`paint`)
        # this machine's high scores, shown under a solo sheet
        self.to_beat: list[dict[str, Any]] = highscores.peek(self.game_id) if self.solo_here() else []

    def solo_here(self) -> bool:
        """A solo game played by a person at this screen (its score goes into the table)."""
        table = self.table
        return table.players == 1 and 0 in table.local_seats  # a demo has no seat at the screen

    def seconds_left(self) -> float:
        """The pick's countdown (WW-10), in real time as the host counts it (`PickClock`)."""
        return self.shown.seconds_left(self.view, self.pick_clock.now)

    # --- layout ---------------------------------------------------------------------------
    def arranged(self) -> Arrangement:
        """Every sheet: the seats at this screen large (with nobody here, the spotlight's)."""
        local = self.table.local_seats
        return arrange(self.table.players, list(local) or [self.shown.spotlight], lone=len(local) == 1)

    def layout(self) -> Layout:
        self.arrangement = self.arranged()
        private = {seat: self.private_rect(seat, 4) for seat in self.table.local_seats}
        return Layout(BOARD.copy(), dict(self.arrangement.zones), private, HEADER.copy(), PHASE.copy(), LOG.copy())

    def private_rect(self, seat: int, count: int) -> pygame.Rect:
        return pick_panel(self.arrangement, seat)

    def prompt_rect(self, seat: int, height: int) -> pygame.Rect:
        return prompt(self.arrangement.zones[seat], height)

    # --- words ------------------------------------------------------------------------------
    def status_text(self) -> str:
        view = self.view
        return words.status_line(view.get("round", 1), bool(view.get("extension")), view.get("timer") or 0)

    def phase_text(self) -> str:
        view, name = self.view, self.table.name
        if self.caption_on():
            return self.caption
        phase = view.get("phase")
        if self.shown.final is not None:
            return _(words.GAME_OVER)
        if phase == "pick":
            return words.pick_phase(bool(view.get("solo")), mulligans_left(view) if view.get("solo") else 0,
                                    self.seconds_left() if view.get("timer") else None)
        if phase == "write" and self.shown.dealt is not None:
            return _(words.NEW_CARDS)
        if phase == "write":
            return words.writing([name(p) for p in view.get("active", [])])
        if phase == "over":
            return words.game_over(words.reason_text(view.get("end_reason"), view["sheets"], name))
        return ""

    def describe(self, event: Event) -> str | None:
        if event["type"] in ("round", "mulligan"):  # a reveal names the columns of the deal logged last
            self.shown.logged_columns = event["columns"]
        columns = self.shown.reveal_columns(event, self.view)
        line = words.describe(event, self.table.name, columns)
        # worded again on a language change with the columns of its moment (describe itself
        # moves the deal on, so the table may not simply ask it again: no `rewords_log`)
        return Line(line, partial(words.describe, event, self.table.name, columns)) if line else line

    def public_refusal(self, code: str) -> str:
        return _(words.PUBLIC_REFUSAL)

    # --- choices ----------------------------------------------------------------------------
    def choices_version(self, seat: int) -> bool:
        return self.shown.time_up(self.view, self.pick_clock.now)

    def choices(self, seat: int, legal: list[Action]) -> list[Choice]:
        kind = legal[0]["type"]
        if kind == "pick":
            return [] if self.shown.time_up(self.view, self.pick_clock.now) else self.pick_choices(seat, legal)
        geometry, zone = self.arrangement.sheets[seat], self.arrangement.zones[seat]
        if kind in TILE_STEPS:
            return [Choice(action, geometry.tile(action["row"], action["col"]),
                           words.tile_label(kind, action["row"], action["col"]), data=kind) for action in legal]
        if kind == "upgrade":
            full = geometry.mode == FULL
            rects = [geometry.size_row(a["size"]) for a in legal] if full else band_buttons(zone, len(legal), 90)
            return [Choice(action, rect, words.upgrade_label(action["size"], full), data=kind)
                    for action, rect in zip(legal, rects, strict=True)]
        ordered = sorted(legal, key=lambda a: not a["park"])  # the park first, then "leave it empty"
        task = (self.view.get("sheets") or [{}] * (seat + 1))[seat].get("task") or {}
        rects = park_buttons(geometry, zone, task.get("tile"), len(ordered))
        return [Choice(action, rect, words.park_label(action["park"]), data=kind)
                for action, rect in zip(ordered, rects, strict=True)]

    def pick_choices(self, seat: int, legal: list[Action]) -> list[Choice]:
        """The pick panel's places: columns 1-3 and the Tumbleweed (a mulligan, solo)."""
        places = slots(self.private_rect(seat, 4))
        columns = self.view.get("columns") or []
        mulligan = bool(self.view.get("solo")) and mulligans_left(self.view) > 0
        out = []
        for action in legal:
            column = action["column"]
            if column is None:
                out.append(Choice(action, places[3], words.tumbleweed_label(mulligan), data=None))
            elif column < len(columns):
                out.append(Choice(action, places[column], words.column_label(column, columns[column]), data=column))
        return out

    def preferred(self, seat: int, choices: list[Choice]) -> int:
        """A new step's cursor: where the number naturally goes along a row (WW-4), or next
        to the tile just written (track, graves)."""
        if not choices or choices[0].data not in TILE_STEPS:
            return 0
        task = (self.view.get("sheets") or [{}] * (seat + 1))[seat].get("task") or {}
        x, y = step_target(self.arrangement.sheets[seat], choices[0].data, task)
        return min(range(len(choices)), key=lambda i: (choices[i].rect.centerx - x) ** 2
                   + (choices[i].rect.centery - y) ** 2)

    def blind_actions(self, seat: int) -> list[tuple[str, object]]:
        """Up column 2, Right column 3, Down a Tumbleweed, Left column 1, like the columns
        on the board; a column that fits nowhere on the seat's (public) sheet is no choice."""
        legal = self.table.model.legal.get(seat) or []
        if not legal or legal[0].get("type") != "pick":
            return []
        columns = self.view.get("columns") or []
        open_ = {a["column"] for a in legal}

        def column(i: int) -> tuple[str, object]:
            return words.blind_label(i, columns, i in open_), {"type": "pick", "column": i} if i in open_ else None

        tumble = words.tumbleweed_label(bool(self.view.get("solo")) and mulligans_left(self.view) > 0)
        return [column(1), column(2), (tumble, {"type": "pick", "column": None}), column(0)]

    # --- input: any sheet can be looked at ---------------------------------------------------
    def on_seat_input(self, seat: int, intent: Intent) -> bool:
        """Back or X (Q, Backspace, B, the middle button): the next sheet over one's own;
        a click on another sheet: that one."""
        if not intent.pressed:
            return False
        shown, clock = self.shown, self.table.clock
        if intent.action in ("back", "alt"):
            shown.look_next(seat, self.table.players, clock)
            self.sound("move")
            return True
        if intent.action == "confirm" and intent.pos is not None:
            if shown.looking is not None and shown.looking["by"] == seat:
                shown.looking = None
                return True
            for other, zone in self.arrangement.zones.items():
                if zone.collidepoint(intent.pos) and other != seat:
                    shown.look(seat, other, clock)
                    return True
        return self.asked_to_wait(seat, intent)

    # --- events: animations and how long to dwell --------------------------------------------
    def effect(self, fx: str, event: Event, seconds: float, ease: Callable[[float], float] = linear) -> None:
        """Start ``event``'s animation on its player's sheet; it is drawn until its beat is
        shown (then the sheet itself has what it drew)."""
        beat = self.table.beat
        name = self.shown.add_effect(fx, event, beat.index if beat else self.table.model.shown)
        self.table.tween(name, 0.0, 1.0, seconds, ease)

    def flip(self, event: Event) -> None:
        """New cards turn over, one after the other, before the view shows them."""
        self.shown.deal(event["cards"])
        for i in range(6):
            self.table.tween(f"flip{i}", 0.0, 1.0, 0.4, linear, delay=0.08 * i)
        self.sound("flip")

    def on_round(self, event: Event) -> float:
        self.flip(event)
        if not self.table.local_seats and self.table.players > 1:
            self.shown.spotlight = (event["round"] - 1) % self.table.players  # a demo shows each sheet in turn
            self.table.layout.seats = dict(self.layout().seats)  # the same Layout, its seats moved
        return 1.0

    def on_mulligan(self, event: Event) -> float:
        self.flip(event)
        self.show_caption(words.mulligan_caption(max(0, mulligans_left(self.view) - 1)), 1.6)
        return 1.4

    def on_reshuffle(self, event: Event) -> float:
        self.table.tween("reshuffle", 1.0, 0.0, 0.9, linear)
        self.show_caption(words.reshuffle_caption(event["cards"]), 1.6)
        self.sound("scatter")
        return 1.0

    def on_locked(self, event: Event) -> float:
        self.shown.locked_now.add(event["player"])
        self.table.tween(f"lock{event['player']}", 1.3, 1.0, 0.35, ease_out_back)
        self.sound("lock")
        return 0.0

    def on_timeout(self, event: Event) -> float:
        self.shown.missed_now.update(event["missed"])  # their panels say so now, not "choosing..."
        missed = [self.table.name(p) for p in event["missed"]]
        if missed:
            self.show_caption(words.timeout_caption(missed), 2.6)
        self.sound("reject")
        return 1.8 if missed else 0.3

    def on_reveal(self, event: Event) -> float:
        for p in range(len(event["picks"])):
            self.table.tween(f"reveal{p}", 0.0, 1.0, 0.45, linear, delay=0.05 * p)
        self.shown.picks_shown = list(event["picks"])
        self.show_caption(_(words.REVEAL_CAPTION), 1.4)
        self.sound("reveal")
        return 1.4

    def on_tumbleweed(self, event: Event) -> float:
        self.effect("tumbleweed", event, 1.1)
        self.sound("scatter")
        return 0.6

    def on_write(self, event: Event) -> float | None:
        self.effect("write", event, 0.35, ease_out_back)
        self.sound("thud")
        return None

    def on_track(self, event: Event) -> float | None:
        self.effect("track", event, 0.3)
        self.sound("move")
        return None

    def on_grave(self, event: Event) -> float | None:
        self.effect("grave", event, 0.3)
        self.sound("thud")
        return None

    def on_park(self, event: Event) -> float | None:
        if event["park"]:
            self.effect("park", event, 0.3, ease_out_back)
        return None

    def on_upgrade(self, event: Event) -> float | None:
        self.effect("upgrade", event, 0.3)
        return None

    def on_track_complete(self, event: Event) -> float:
        self.effect("complete", event, 1.2)
        self.show_caption(words.track_complete_caption(self.table.name(event["player"]), event["row"] + 1), 1.6)
        self.sound("round")
        return 1.0

    def on_graves_lost(self, event: Event) -> float | None:
        self.toast(words.graves_lost_note(self.table.name(event["player"]), event["count"]), event["player"],
                   seconds=3)
        return None

    def on_extension(self, event: Event) -> float:
        self.show_caption(_(words.EXTENSION_CAPTION), 2.0)
        return 1.2

    def on_game_over(self, event: Event) -> float:
        """The score sheet fills in once the last view is shown (see `on_shown`)."""
        self.shown.final = event
        self.sound("round")
        return 0.6

    def on_shown(self, beat: Beat) -> None:
        shown, table = self.shown, self.table
        shown.locked_now.clear()
        shown.missed_now.clear()
        shown.dealt = None
        if shown.final is not None and not shown.end_shown and self.view.get("phase") == "over":
            shown.end_shown = True  # the table stays on the score sheet before the results
            table.tween("score", 0.0, 1.0, END_SECONDS - 2.0, linear, delay=0.3)
            self.table.hold(END_SECONDS)
        for name in shown.settle_effects(self.table.model.shown, table.finished):
            table.drop(name)

    def update(self, dt: float) -> None:
        table = self.table
        self.pick_clock.advance(table.app_clock, table.clock, table.model.pause_said)
        self.shown.watch_deals(self.view, self.pick_clock.now)
        if self.shown.tick(self.seconds_left()):
            self.sound("tick")
        self.shown.look_ends(table.clock, lambda seat: table.model.pending.get(seat) is not None)

    # --- drawing (reads only) -------------------------------------------------------------------





    # --- results --------------------------------------------------------------------------------
    def standings(self) -> Standings:
        view, board = self.view, self.high_scores
        sheets = view.get("sheets") or []
        parts = [sheet["score"] for sheet in sheets]
        cells = [[s["parks"], s["tracks"], s["groups"], s["churches"], -s["tumbleweeds"], -s["aces"]] for s in parts]
        reason = words.reason_text(view.get("end_reason"), sheets, self.table.name)
        new_place = board.rank if board is not None else None
        standings = self.standings_of([s["total"] for s in parts], list((view.get("game_result") or {}).get("winners", [])),
                                      columns=words.standings_columns(), cells=cells,
                                      note=words.standings_note(reason, new_place))
        if board is not None:
            standings.ranking_title = _(words.HIGH_SCORES)
            standings.ranking = [(f"{place}. {e['name']}", str(e["score"]))
                                 for place, e in zip(highscores.places(board.entries), board.entries, strict=True)]
            standings.ranking_mark = None if board.place is None else board.place - 1
        return standings

    def high_score(self) -> tuple[int, dict[str, Any]] | None:
        """Solo, played by a person at this screen (not a demo or a bot), once the game is
        over: its total, the round it ended in and the speed option."""
        final = self.shown.final
        if final is None or not self.solo_here():
            return None
        return final["totals"][0], {"round": self.view.get("round", 0), "timer": self.view.get("timer") or 0}  # 0: off (views say None)

    @classmethod
    def emblem(cls, height: int) -> pygame.Surface:
        return ww.emblem(height)


if TYPE_CHECKING:  # drawing reads this table as a `paint.GameReading`: mypy checks that it is one
    _drawn: type[paint.GameReading] = WildWestTable
