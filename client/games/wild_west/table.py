"""The Wild West table: three columns of cards, one town sheet per player, secret picks,
everyone writing at once (rulings WW-1 to WW-10).

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
  into the high-score table in the user's data folder (`client.highscores`).
"""

import math

import pygame

from client import art, highscores
from client.games.wild_west import art as ww
from client.games.wild_west import board as cards
from client.games.wild_west import effects, panel, scoresheet
from client.games.wild_west.arrange import AREA, arrange
from client.games.wild_west.panel import pair_words
from client.games.wild_west.sheet import BAND, FULL, Geometry, body, render, ring, sheet_key
from client.table.choices import Choice
from client.table.game import HINT_HEIGHT, LEGEND_HEIGHT, GameTable, Standings, and_list
from client.table.layout import Layout
from client.tween import ease_out_back, linear
from engines.wild_west.rules import ACTION_NAMES, SOLO_MULLIGANS
from engines.wild_west.sheet import ACTION_KIND

HEADER = pygame.Rect(24, 16, 520, 116)
PHASE = pygame.Rect(24, 140, 520, 132)
LOG = pygame.Rect(1376, 16, 520, 254)
TILE_STEPS = ("write", "track", "grave")
STEP_WORDS = {"write": "choose a tile", "upgrade": "upgrade a group size", "track": "lay one track",
              "grave": "dig a grave", "park": "a park here?"}
LOG_LINES = {  # the log's words for the simpler events
    "locked": "{who} is locked in",
    "tumbleweed": "{who} takes a Tumbleweed ({count} of 3)",
    "upgrade": "{who} upgrades group size {size} ({upgrades} of 3)",
    "track": "{who} lays track in row {row}",
    "track_complete": "{who} completes the track of row {row}",
    "grave": "{who} digs a grave in row {row}",
    "extension": "A completed track: one more round",
}
LOOK_SECONDS = 10.0
END_SECONDS = 7.0  # the score sheet fills in while the table dwells on the game's end


def rank(value) -> str:
    return ww.rank_text(value) if isinstance(value, int) else "?"


class WildWestTable(GameTable):
    game_id = "wild_west"
    panel_heading = "{name}'s pick"
    dwell = {"round_over": 0.2, "write": 0.3, "track": 0.3, "grave": 0.3, "park": 0.25, "upgrade": 0.3,
             "graves_lost": 0.8}

    def __init__(self, table):
        super().__init__(table)
        self.arrangement = None
        self.spotlight = 0  # with nobody playing here (a demo), whose sheet is large
        self.effects: list[dict] = []  # animations on sheets, drawn until their beat is shown
        self.images: dict[int, tuple] = {}  # each seat's sheet image and what it shows
        self.effect_count = 0
        self.deal_seen: dict[int, float] = {}  # WW-10: when each deal was first on this screen
        self.logged_columns: list = []  # the columns of the deal the log told last
        self.last_tick = None
        self.final: dict | None = None  # the game_over event
        self.end_shown = False
        self.looking: dict | None = None  # {"by": seat, "at": seat, "since": clock}
        self.to_beat = highscores.peek(self.game_id) if self.solo_here() else []  # shown under a solo sheet
        self.locked_now: set[int] = set()  # locked in by an event the view has not caught up with
        self.picks_shown: list | None = None  # the revealed picks, from the reveal to the next deal
        self.dealt: list | None = None  # the cards being turned over, until the view shows them

    def solo_here(self) -> bool:
        """A solo game played by a person at this screen (its score goes into the table)."""
        table = self.table
        return table.players == 1 and 0 in table.choosers and not table.demo

    # --- layout ---------------------------------------------------------------------------
    def featured(self) -> list[int]:
        return list(self.table.local_seats) or [self.spotlight]

    def layout(self) -> Layout:
        local = self.table.local_seats
        self.arrangement = arrange(self.table.players, self.featured(), lone=len(local) == 1)
        private = {seat: self.private_rect(seat, 4) for seat in local}
        return Layout(cards.BOARD.copy(), dict(self.arrangement.zones), private, HEADER.copy(), PHASE.copy(),
                      LOG.copy())

    def geometry(self, seat: int) -> Geometry:
        return self.arrangement.sheets[seat]

    def private_rect(self, seat: int, count: int) -> pygame.Rect:
        """Beside the sheet for the only seat at this screen; otherwise over the seat's own
        sheet (it shows that sheet again, with where the focused pair would fit)."""
        arrangement = self.arrangement
        if arrangement.panel is not None:
            return arrangement.panel.copy()
        zone = arrangement.zones[seat]
        rect = pygame.Rect(0, 0, min(660, AREA.width), min(470, AREA.height))
        rect.center = zone.center
        return rect.clamp(AREA)

    def prompt_rect(self, seat: int, height: int) -> pygame.Rect:
        """The peek reminder and a pad's blind legend: in the band under the seat's sheet."""
        zone = self.arrangement.zones[seat]
        band = pygame.Rect(zone.left + 6, zone.bottom - 8 - LEGEND_HEIGHT, zone.width - 12, LEGEND_HEIGHT)
        if height == HINT_HEIGHT:  # the reminder at the band's foot, a little wider
            return pygame.Rect(band.left - 26, band.bottom - height, band.width + 52, height)
        return band

    # --- words ------------------------------------------------------------------------------
    def status_text(self) -> str:
        view = self.view
        words = f"Round {view.get('round', 1)}"
        if view.get("extension"):
            words += ", an extra one"
        if view.get("timer"):
            words += f"   speed {view['timer']} s"
        return words

    def phase_text(self) -> str:
        view, name = self.view, self.table.name
        if self.caption_on():
            return self.caption
        phase = view.get("phase")
        if self.final is not None:
            return "Game over"
        if phase == "pick":
            if view.get("solo"):
                left = max(0, SOLO_MULLIGANS - view["sheets"][0]["tumbleweeds"])
                words = (f"Pick a column, or take a mulligan ({left} left): six new cards for a Tumbleweed"
                         if left else "Pick a column. A Tumbleweed now counts, and a third ends the game")
            else:
                words = "Everyone picks a column or a Tumbleweed in secret"
            if view.get("timer"):
                words += f". {math.ceil(self.seconds_left())} s left: a missed pick writes nothing (no Tumbleweed)"
            return words
        if phase == "write" and self.dealt is not None:
            return "Everyone has written: new cards turn over"
        if phase == "write":
            writing = [name(p) for p in view.get("active", [])]
            return "Writing: " + and_list(writing) if writing else "Everyone has written"
        if phase == "over":
            return "Game over: " + scoresheet.reason_text(view.get("end_reason"), view["sheets"], name)
        return ""

    def describe(self, event: dict) -> str | None:
        name, kind = self.table.name, event["type"]
        who = name(event["player"]) if "player" in event else ""
        if kind in ("round", "mulligan"):  # a reveal names the columns of the deal logged last
            self.logged_columns = event["columns"]  # (a log rebuilt on Continue is not at that deal)
        if kind == "round":
            return f"Round {event['round']}: " + ", ".join(
                f"{i + 1} {pair_words(c)}" for i, c in enumerate(event["columns"]))
        if kind == "mulligan":
            return "Mulligan: " + ", ".join(f"{i + 1} {pair_words(c)}" for i, c in enumerate(event["columns"]))
        if kind == "reshuffle":
            return f"Reshuffle: {event['cards']} cards make a new deck"
        if kind in LOG_LINES:
            row = event.get("row", -1) + 1
            return LOG_LINES[kind].format(who=who, row=row, **{k: v for k, v in event.items() if k != "row"})
        if kind == "timeout":
            missed = [name(p) for p in event["missed"]]
            return f"Time is up: {and_list(missed)} missed the pick" if missed else "Time is up"
        if kind == "reveal":
            columns = self.logged_columns or (self.view.get("columns") if event.get("round") == self.view.get("round")
                                              else [])  # a rebuilt log's first deal: numbers only
            return "Reveal: " + ", ".join(f"{name(p)} {self.pick_words(pick, columns)}"
                                          for p, pick in enumerate(event["picks"]))
        if kind == "write":
            return f"{who} writes {ww.KINDS[event['kind']][0]} {rank(event['value'])} in row {event['row'] + 1}"
        if kind == "graves_lost":
            return f"{who} loses {event['count']} grave{'s' if event['count'] != 1 else ''}: no empty section left"
        if kind == "park":
            return f"{who} plants a park" if event["park"] else None
        if kind == "game_over":  # the view still shows the sheets before the last step: no names yet
            return "Game over: " + scoresheet.reason_text(event["reason"], [], name)
        return None

    def pick_words(self, pick, columns) -> str:
        if pick == "tumbleweed":
            return "Tumbleweed"
        if pick == "missed":
            return "missed"
        if isinstance(pick, int) and pick < len(columns or []):
            return f"{pick + 1} ({pair_words(columns[pick])})"
        return f"{pick + 1}" if isinstance(pick, int) else str(pick)

    def public_refusal(self, code: str) -> str:
        return "that pick is not open to them now"

    # --- the clock of the speed option (WW-10) ---------------------------------------------
    def seconds_left(self) -> float:
        view = self.view
        if view.get("phase") != "pick" or not view.get("timer"):
            return 0.0
        clock = self.table.clock  # stands still while the host pauses the game
        start = self.deal_seen.get(view["deal"], clock)
        return max(0.0, start + view["timer"] - clock)

    def watch_deals(self) -> None:
        """Note when each timed deal is first on this screen: the host's timer counts from
        when its screen shows the pick (`Host.screen_caught_up`), not while the round
        before is still being written."""
        view = self.view
        if view.get("phase") == "pick" and view.get("timer"):
            self.deal_seen.setdefault(view["deal"], self.table.clock)

    # --- choices ----------------------------------------------------------------------------
    def choices_version(self, seat: int):
        return self.time_up()

    def time_up(self) -> bool:
        """WW-10: the pick's time has run out here; the host's timeout is on its way."""
        return bool(self.view.get("timer")) and self.view.get("phase") == "pick" and self.seconds_left() <= 0

    def choices(self, seat: int, legal: list) -> list[Choice]:
        kind = legal[0]["type"]
        if kind == "pick":
            return [] if self.time_up() else self.pick_choices(seat, legal)
        geometry = self.geometry(seat)
        if kind in TILE_STEPS:
            return [Choice(action, geometry.tile(action["row"], action["col"]),
                           f"{STEP_WORDS[kind]}: row {action['row'] + 1}, tile {action['col'] + 1}", data=kind)
                    for action in legal]
        if kind == "upgrade":
            if geometry.mode == FULL:
                return [Choice(action, geometry.size_row(action["size"]), f"upgrade size {action['size']}",
                               data=kind) for action in legal]
            rects = self.band_buttons(seat, len(legal), 90)
            return [Choice(action, rect, f"size {action['size']}", data=kind)
                    for action, rect in zip(legal, rects, strict=True)]
        ordered = sorted(legal, key=lambda a: not a["park"])  # the park first, then "leave it empty"
        rects = self.park_buttons(seat, len(ordered))
        return [Choice(action, rect, "Park" if action["park"] else "Leave empty", data=kind)
                for action, rect in zip(ordered, rects, strict=True)]

    def park_buttons(self, seat: int, count: int) -> list[pygame.Rect]:
        """Beside the newly written tile (inside the sheet), so the eye stays there."""
        geometry = self.geometry(seat)
        task = (self.view.get("sheets") or [{}] * (seat + 1))[seat].get("task") or {}
        spot = task.get("tile")
        width, height = max(180, round(2.1 * geometry.u)), max(48, round(0.55 * geometry.u))
        if spot is None:
            return self.band_buttons(seat, count, width)
        tile = geometry.tile(*spot)
        top = tile.bottom + 6 if spot[0] < 2 else tile.top - height - 6
        total = count * width + (count - 1) * 10
        left = min(max(tile.centerx - total // 2, geometry.rect.left + 4), geometry.rect.right - total - 4)
        return [pygame.Rect(left + i * (width + 10), top, width, height) for i in range(count)]

    def band_buttons(self, seat: int, count: int, width: int) -> list[pygame.Rect]:
        zone = self.arrangement.zones[seat]
        total = count * width + (count - 1) * 8
        left = zone.centerx - total // 2
        return [pygame.Rect(left + i * (width + 8), zone.bottom - BAND + 6, width, BAND - 12) for i in range(count)]

    def pick_slots(self, seat: int) -> list[pygame.Rect]:
        """The private panel's four places: columns 1-3 and the Tumbleweed."""
        return panel.slots(self.private_rect(seat, 4))

    def pick_choices(self, seat: int, legal: list) -> list[Choice]:
        slots = self.pick_slots(seat)
        columns = self.view.get("columns") or []
        out = []
        for action in legal:
            column = action["column"]
            if column is None:
                label = "Mulligan" if self.view.get("solo") and self.mulligans_left() else "Tumbleweed"
                out.append(Choice(action, slots[3], label, data=None))
            elif column < len(columns):
                out.append(Choice(action, slots[column], f"column {column + 1}: {pair_words(columns[column])}",
                                  data=column))
        return out

    def mulligans_left(self) -> int:
        sheets = self.view.get("sheets") or []
        return max(0, SOLO_MULLIGANS - sheets[0]["tumbleweeds"]) if sheets else 0

    def preferred(self, seat: int, choices: list[Choice]) -> int:
        """A new step's cursor: where the number naturally goes along a row (WW-4), or next
        to the tile just written (track, graves)."""
        if not choices or choices[0].data not in TILE_STEPS:
            return 0
        geometry = self.geometry(seat)
        task = (self.view.get("sheets") or [{}] * (seat + 1))[seat].get("task") or {}
        if choices[0].data == "write" or task.get("tile") is None:
            share = (max(2, task.get("value") or 6) - 2) / 9
            target = (geometry.tiles_left + share * 8 * geometry.u, geometry.tiles_top + 2 * geometry.th)
        else:
            target = geometry.tile(*task["tile"]).center
        return min(range(len(choices)), key=lambda i: (choices[i].rect.centerx - target[0]) ** 2
                   + (choices[i].rect.centery - target[1]) ** 2)

    def blind_actions(self, seat: int) -> list[tuple[str, object]]:
        """Up column 2, Right column 3, Down a Tumbleweed, Left column 1, like the columns
        on the board; a column that fits nowhere on the seat's (public) sheet is no choice."""
        legal = self.table.model.legal.get(seat) or []
        if not legal or legal[0].get("type") != "pick":
            return []
        columns = self.view.get("columns") or []
        open_ = {a["column"] for a in legal}

        def column(i):
            words = f"{i + 1} {pair_words(columns[i])}" if i < len(columns) else str(i + 1)
            if i not in open_:
                return f"{i + 1} no fit", None
            return words, {"type": "pick", "column": i}

        tumble = "Mulligan" if self.view.get("solo") and self.mulligans_left() else "Tumbleweed"
        return [column(1), column(2), (tumble, {"type": "pick", "column": None}), column(0)]

    # --- input: any sheet can be looked at ---------------------------------------------------
    def on_seat_input(self, seat: int, intent) -> bool:
        if not intent.pressed:
            return False
        if intent.action in ("back", "alt"):
            self.look_next(seat)
            return True
        if intent.action == "confirm" and intent.pos is not None:
            if self.looking is not None and self.looking["by"] == seat:
                self.looking = None
                return True
            for other, zone in self.arrangement.zones.items():
                if zone.collidepoint(intent.pos) and other != seat:
                    self.look(seat, other)
                    return True
        return self.asked_to_wait(seat, intent)

    def look_next(self, seat: int) -> None:
        """Back (Q, Backspace, B, the middle button) or X: the next sheet over one's own; past
        the last, one's own again."""
        current = self.looking["at"] if self.looking is not None and self.looking["by"] == seat else seat
        following = (current + 1) % self.table.players
        if following == seat:
            self.looking = None
        else:
            self.look(seat, following)
        self.sound("move")

    def look(self, seat: int, other: int) -> None:
        self.looking = {"by": seat, "at": other, "since": self.table.clock}

    # --- events: animations and how long to dwell --------------------------------------------
    def effect(self, fx: str, event: dict, seconds: float, ease=linear) -> None:
        """Start ``event``'s animation on its player's sheet; it is drawn until its beat is
        shown (then the sheet itself has what it drew)."""
        self.effect_count += 1
        name = f"fx{self.effect_count}"
        self.table.anim.tween(name, 0.0, 1.0, seconds, ease)
        beat = self.table.beat
        self.effects.append({"fx": fx, "tween": name, "beat": beat.index if beat else self.table.model.shown,
                             "player": event.get("player"), "event": event})

    def on_round(self, event: dict) -> float:
        self.flip(event)
        if not self.table.local_seats and self.table.players > 1:
            self.spotlight = (event["round"] - 1) % self.table.players  # a demo shows each sheet in turn
            self.table.layout.seats = dict(self.layout().seats)  # the same Layout, its seats moved
        return 1.0

    def on_mulligan(self, event: dict) -> float:
        self.flip(event)
        self.show_caption(f"Mulligan: six new cards ({self.mulligans_left_after()} left)", 1.6)
        return 1.4

    def mulligans_left_after(self) -> int:
        return max(0, SOLO_MULLIGANS - self.view["sheets"][0]["tumbleweeds"] - 1)

    def flip(self, event: dict) -> None:
        self.picks_shown = None
        self.dealt = list(event["cards"])  # the new cards turn over before the view shows them
        anim = self.table.anim
        for i in range(6):
            anim.tween(f"flip{i}", 0.0, 1.0, 0.4, linear, delay=0.08 * i)
        self.sound("flip")

    def on_reshuffle(self, event: dict) -> float:
        self.table.anim.tween("reshuffle", 1.0, 0.0, 0.9, linear)
        self.show_caption(f"The deck runs low: every card is shuffled into a new deck of {event['cards']}", 1.6)
        self.sound("scatter")
        return 1.0

    def on_locked(self, event: dict) -> float:
        self.locked_now.add(event["player"])
        self.table.anim.tween(f"lock{event['player']}", 1.3, 1.0, 0.35, ease_out_back)
        self.sound("lock")
        return 0.0

    def on_timeout(self, event: dict) -> float:
        missed = [self.table.name(p) for p in event["missed"]]
        if missed:
            self.show_caption(f"Time is up: {and_list(missed)} missed the pick: nothing written this "
                              "round, no Tumbleweed", 2.6)
        self.sound("reject")
        return 1.8 if missed else 0.3

    def on_reveal(self, event: dict) -> float:
        anim = self.table.anim
        for p in range(len(event["picks"])):
            anim.tween(f"reveal{p}", 0.0, 1.0, 0.45, linear, delay=0.05 * p)
        self.picks_shown = list(event["picks"])
        self.show_caption("All picks turn over at once", 1.4)
        self.sound("reveal")
        return 1.4

    def on_tumbleweed(self, event: dict) -> float:
        self.effect("tumbleweed", event, 1.1)
        self.sound("scatter")
        return 0.6

    def on_write(self, event: dict) -> float | None:
        self.effect("write", event, 0.35, ease_out_back)
        self.sound("thud")
        return None

    def on_track(self, event: dict) -> float | None:
        self.effect("track", event, 0.3)
        self.sound("move")
        return None

    def on_grave(self, event: dict) -> float | None:
        self.effect("grave", event, 0.3)
        self.sound("thud")
        return None

    def on_park(self, event: dict) -> float | None:
        if event["park"]:
            self.effect("park", event, 0.3, ease_out_back)
        return None

    def on_upgrade(self, event: dict) -> float | None:
        self.effect("upgrade", event, 0.3)
        return None

    def on_track_complete(self, event: dict) -> float:
        self.effect("complete", event, 1.2)
        self.show_caption(f"{self.table.name(event['player'])} completes the track of row {event['row'] + 1}", 1.6)
        self.sound("round")
        return 1.0

    def on_graves_lost(self, event: dict) -> float:
        self.toast(f"{self.table.name(event['player'])}: no empty right section left, "
                   f"{event['count']} grave{'s' if event['count'] != 1 else ''} lost", event["player"], seconds=3)
        return None

    def on_extension(self, event: dict) -> float:
        self.show_caption("A row's track is complete: one more round is played", 2.0)
        return 1.2

    def on_game_over(self, event: dict) -> float:
        """The score sheet fills in once the last view is shown (see `on_shown`)."""
        self.final = event
        self.sound("round")
        return 0.6

    def on_shown(self, beat) -> None:
        self.locked_now.clear()
        self.dealt = None
        if self.final is not None and not self.end_shown and self.view.get("phase") == "over":
            self.end_shown = True  # the table stays on the score sheet before the results
            self.table.anim.tween("score", 0.0, 1.0, END_SECONDS - 2.0, linear, delay=0.3)
            self.table.hold(END_SECONDS)
        shown, anim = self.table.model.shown, self.table.anim
        kept = [e for e in self.effects if e["beat"] > shown or not anim.finished(e["tween"])]
        for effect in self.effects:
            if effect not in kept:
                anim.drop(effect["tween"])
        self.effects = kept

    def update(self, dt: float) -> None:
        self.watch_deals()
        left = self.seconds_left()
        if 0 < left <= 5 and self.last_tick != int(left):
            self.last_tick = int(left)
            self.sound("tick")
        looking = self.looking
        if looking is not None and (self.table.clock - looking["since"] > LOOK_SECONDS
                                    or self.table.model.pending.get(looking["by"]) is not None):
            self.looking = None

    # --- drawing (reads only) -------------------------------------------------------------------
    def draw_board(self, surface) -> None:
        view, anim = self.view, self.table.anim
        surface.blit(art.panel(cards.BOARD.size, art.PANEL, None, 18, 220), cards.BOARD)
        flips = [anim.get(f"flip{i}", 1.0) for i in range(6)]
        pads = any(chooser.is_pad for chooser in self.table.choosers.values())
        cards.draw_cards(surface, self.dealt or view.get("cards") or [], flips, pads)
        if view.get("phase") == "over":
            return  # the score sheet has the stage
        picks = self.revealed_picks()
        if picks:
            table = self.table
            cards.draw_takers(surface, [(pick, table.name(p)[:1], table.colour(p)) for p, pick in enumerate(picks)])
        note = ""
        if view.get("solo") and view.get("phase") != "over":
            left = self.mulligans_left()
            note = f"{left} mulligan{'s' if left != 1 else ''} left"
        cards.draw_deck(surface, view.get("deck_left", 0), anim.get("reshuffle", 0.0), note)
        if view.get("timer") and view.get("phase") == "pick":
            cards.draw_timer(surface, self.seconds_left(), view["timer"])
        else:
            self.draw_roster(surface)

    def draw_roster(self, surface) -> None:
        """Everyone at a glance: locked in (pick) or done writing."""
        view, table = self.view, self.table
        phase = view.get("phase")
        if self.dealt is not None:
            return  # new cards turn over: who wrote last round is history
        if phase == "pick":
            done = set(view.get("picks", {}).get("locked", [])) | self.locked_now
            heading = f"Locked in {len(done)} of {table.players}"
        elif phase == "write":
            done = {p for p in range(table.players) if p not in view.get("active", [])}
            heading = f"Written {len(done)} of {table.players}"
        else:
            return
        cards.draw_roster(surface, heading, [(table.name(p)[:1], table.colour(p), p in done)
                                             for p in range(table.players)])

    def draw_seat(self, surface, seat: int, rect: pygame.Rect) -> None:
        view = self.view
        sheets = view.get("sheets") or []
        if seat >= len(sheets):
            return
        geometry = self.geometry(seat)
        sheet = sheets[seat]
        colour = self.table.colour(seat)
        active = seat in view.get("active", [])
        surface.blit(self.sheet_image(seat, sheet, geometry), geometry.rect)
        pygame.draw.rect(surface, colour if active else art.shade(colour, 0.55), geometry.rect.inflate(6, 6),
                         4 if active else 2, border_radius=max(8, geometry.u // 6 + 3))
        self.draw_header(surface, seat, geometry, sheet)
        for effect in self.effects:
            if effect.get("player") == seat:
                t = self.table.anim.get(effect["tween"], 1.0)
                effects.draw_effect(surface, geometry, effect["fx"], effect["event"], t, colour)
        if geometry.mode == FULL:
            self.draw_band(surface, seat, rect, sheet)
        if self.table.players == 1 and self.solo_here():
            scoresheet.draw_to_beat(surface, rect, AREA.bottom, self.to_beat)

    def sheet_image(self, seat: int, sheet: dict, geometry: Geometry) -> pygame.Surface:
        """Each seat's sheet drawn once per change and kept (only the current one: memory
        stays at one image per seat however long the game)."""
        key = (sheet_key(sheet), geometry.u, geometry.mode)
        kept = self.images.get(seat)
        if kept is None or kept[0] != key:
            kept = self.images[seat] = (key, render(sheet, geometry.u, geometry.mode))
        return kept[1]

    def draw_header(self, surface, seat: int, geometry: Geometry, sheet: dict) -> None:
        header = geometry.header_rect()
        u = geometry.u
        size = ww.type_size(max(18, min(40, 0.38 * u)))
        pygame.draw.rect(surface, self.table.colour(seat), (header.left + 6, header.top + 6, 8, header.height - 8),
                         border_radius=3)
        total = art.blit_text(surface, f"{sheet['score']['total']} pts", size, ww.INK,
                              (header.right - geometry.pad, header.centery + 2), "midright", "bold")
        status = "" if geometry.mode == FULL else self.status(seat, short=True)[0]
        status_width = 0
        if status:
            words, colour = self.status(seat, short=True)
            small = ww.type_size(size - 4)
            image = art.text(art.fit(words, small, max(40, header.width // 2 - 40)), small, colour)
            status_width = image.get_width() + 12
            surface.blit(image, image.get_rect(midright=(total.left - 12, header.centery + 2)))
        self.table.draw_name(surface, seat, (header.left + 20, header.centery + 2), size,
                             max(40, total.left - header.left - 36 - status_width), "midleft",
                             art.shade(self.table.colour(seat), 0.62))

    def status(self, seat: int, short: bool = False) -> tuple[str, tuple]:
        """A seat's state in a few words, for everyone to see (never its secret pick)."""
        view = self.view
        phase = view.get("phase")
        if phase == "write" and self.dealt is not None:
            return "", ww.INK  # new cards turn over: last round's writing is done
        if phase == "pick":
            if seat in view.get("picks", {}).get("locked", []) or seat in self.locked_now:
                return "LOCKED IN", (40, 120, 60)
            return ("choosing..." if seat in self.table.choosers else "thinking..."), ww.INK_SOFT
        sheet = view["sheets"][seat]
        task = sheet.get("task")
        if phase == "write" and task is not None:
            return f"{ACTION_NAMES[task['action']]} {rank(task['value'])}: {STEP_WORDS[task['step']]}", (150, 90, 20)
        if phase == "write":
            picks = self.revealed_picks() or []
            pick = picks[seat] if seat < len(picks) else None
            if pick == "tumbleweed":
                return f"took a Tumbleweed ({sheet['tumbleweeds']} of 3)", ww.INK_SOFT
            if pick == "missed":
                return "missed the pick: nothing to write", ww.INK_SOFT
            return (f"took column {pick + 1}" if short and isinstance(pick, int) else "done"), ww.INK_SOFT
        return "", ww.INK

    def draw_band(self, surface, seat: int, zone: pygame.Rect, sheet: dict) -> None:
        """Under a full sheet: the seat's status (its locked-in badge, its step), where its
        peek reminder or pad legend also stands while it picks."""
        band = pygame.Rect(zone.left, zone.bottom - BAND + 4, zone.width, BAND - 4)
        colour = self.table.colour(seat)
        surface.blit(art.panel(band.size, art.PANEL, art.shade(colour, 0.8), 12, 235), band)
        words, ink = self.status(seat)
        hinting = seat in self.table.choosers and any(c.private for c in self.table.live.get(seat, [])) \
            and not self.table.panel_open(seat)
        if words == "LOCKED IN":
            image = effects.popped(effects.locked_badge(), min(1.15, self.table.anim.get(f"lock{seat}", 1.0)))
            surface.blit(image, image.get_rect(center=band.center))
        elif not hinting and words:
            light = art.mix(ink, art.INK, 0.7)
            art.blit_text(surface, words, 28, light, band.center, "center", width=band.width - 24)
        self.draw_reveal_chip(surface, seat, band)

    def revealed_picks(self) -> list | None:
        """Everyone's pick from their reveal until the next deal (also while the reveal's
        beat is still playing and the view shows the picks as secret)."""
        if self.picks_shown is not None:
            return self.picks_shown
        if self.dealt is not None:
            return None  # new cards are turning over: the last picks were made on the old ones
        return self.view.get("last_picks") if self.view.get("phase") == "write" else None

    def draw_reveal_chip(self, surface, seat: int, band: pygame.Rect) -> None:
        picks = self.revealed_picks() or []
        if seat >= len(picks):
            return
        turn = min(1.0, self.table.anim.get(f"reveal{seat}", 1.0))
        chip = pygame.Rect(band.left + 10, band.top + 6, 150, band.height - 12)
        pick = picks[seat]
        words = "Tumbleweed" if pick == "tumbleweed" else "missed" if pick == "missed" else f"column {pick + 1}"
        face = effects.pick_chip(words, chip.size, self.table.colour(seat))
        if turn < 1:  # it turns over like a card: the back narrows, the face widens
            face = ww.flipped(face, effects.pick_chip("", chip.size, self.table.colour(seat)), turn)
        surface.blit(face, face.get_rect(center=chip.center))

    def draw_choice(self, surface, seat: int, choice: Choice, focused: bool) -> None:
        kind, colour = choice.data, self.table.colour(seat)
        if isinstance(kind, int) or (kind is None and choice.private):
            view = self.view
            panel.draw_slot(surface, choice.rect, kind, choice.label, view.get("cards") or [],
                            view.get("columns") or [], colour if focused else None)
            return
        if kind in ("park", "upgrade") and (kind == "park" or self.geometry(seat).mode != FULL):
            surface.blit(art.panel(choice.rect.size, art.PANEL_HI, colour if focused else None, 12), choice.rect)
            art.blit_text(surface, choice.label, 28, art.INK, choice.rect.center, "center", width=choice.rect.width - 12)
            return
        geometry = self.geometry(seat)
        pygame.draw.rect(surface, colour, choice.rect.inflate(2, 2), 3, border_radius=max(3, geometry.u // 10))
        if not focused:
            return
        action = choice.action
        sheet = self.view["sheets"][seat]
        task = sheet.get("task") or {}
        if kind == "write":
            centre, _, _ = geometry.parts(action["row"], action["col"])
            ghost = effects.centre_image(ACTION_KIND.get(task.get("action"), "R"), task.get("value") or 1,
                                         centre.size, geometry.u, 150)
            surface.blit(ghost, centre)
        elif kind == "track":
            _, bottom, _ = geometry.parts(action["row"], action["col"])
            ww.rails(surface, bottom.inflate(-max(2, geometry.u // 14), -max(2, geometry.u // 20)), colour, True)
        elif kind == "grave":
            _, _, right = geometry.parts(action["row"], action["col"])
            ww.grave(surface, right.inflate(-2, -2), colour)
        elif kind == "upgrade":
            boxes = geometry.upgrade_boxes(action["size"])
            ring(surface, boxes[min(3, sheet["upgrades"][action["size"] - 1] + 1)], colour, 3)

    def draw_private(self, surface, seat: int, rect: pygame.Rect, choices: list[Choice]) -> None:
        """The pick panel around its choices (see `panel`)."""
        view = self.seat_view(seat)
        if view.get("phase") != "pick":
            return
        focus = self.table.choosers[seat].focus(choices) if choices else None
        panel.draw_rest(surface, rect, view, {c.data for c in choices}, None if focus is None else choices[focus].data,
                        seat)

    def draw_overlay(self, surface) -> None:
        if self.end_shown:
            self.draw_end(surface)
            return
        looking = self.looking
        if looking is None or looking["by"] not in self.arrangement.zones:
            return
        zone = self.arrangement.zones[looking["by"]]
        sheets = self.view.get("sheets") or []
        if looking["at"] >= len(sheets):
            return
        surface.blit(art.panel(zone.inflate(12, 12).size, art.NIGHT, self.table.colour(looking["at"]), 16, 250),
                     zone.inflate(12, 12))
        caption = pygame.Rect(zone.left, zone.bottom - 44, zone.width, 40)
        geometry = Geometry.fit(pygame.Rect(zone.left, zone.top, zone.width, zone.height - 46), FULL)
        sheet = sheets[looking["at"]]
        surface.blit(body(sheet, geometry.u, FULL), geometry.rect)
        self.draw_header(surface, looking["at"], geometry, sheet)
        art.blit_text(surface, f"{self.table.name(looking['by'])} looks at {self.table.name(looking['at'])}'s "
                      f"sheet. Back: the next one", 26, art.INK_DIM, caption.center, "center", width=caption.width - 20)

    def draw_end(self, surface) -> None:
        event, table = self.final, self.table
        heading = "Game over: " + scoresheet.reason_text(event["reason"], self.view.get("sheets", []), table.name)
        progress = table.anim.get("score", 1.0)
        area = AREA.inflate(0, 8)
        side = None
        if self.table.high_scores is not None:
            side = pygame.Rect(area.right - 520, area.top, 520, area.height)
            area.width -= 540
        scoresheet.draw(surface, area, heading, list(table.model.names),
                        [table.colour(p) for p in range(table.players)], event["scores"], event["winners"], progress)
        if side is not None:
            scoresheet.draw_highscores(surface, side, self.table.high_scores, event["totals"][0])

    # --- results --------------------------------------------------------------------------------
    def standings(self) -> Standings:
        table, view = self.table, self.view
        result = view.get("game_result") or {}
        sheets = view.get("sheets") or []
        parts = [sheet["score"] for sheet in sheets]
        cells = [[s["parks"], s["tracks"], s["groups"], s["churches"], -s["tumbleweeds"], -s["aces"]] for s in parts]
        note = scoresheet.reason_text(view.get("end_reason"), sheets, table.name)
        note = note[:1].upper() + note[1:]
        standings = self.standings_of(
            [s["total"] for s in parts], list(result.get("winners", [])),
            columns=["Parks", "Track", "Groups", "Churches", "Tumbleweeds", "Aces"], cells=cells, note=note)
        board = table.high_scores
        if board is not None:
            standings.ranking_title = "High scores"
            standings.ranking = [(f"{place}. {e['name']}", str(e["score"]))
                                 for place, e in zip(highscores.places(board.entries), board.entries, strict=True)]
            standings.ranking_mark = None if board.place is None else board.place - 1
            if board.place is not None:
                standings.note = f"{note}. New high score: place {board.rank}"
        return standings

    def high_score(self) -> tuple[int, dict] | None:
        """Solo, played by a person at this screen (not a demo or a bot), once the game is
        over: its total, the round it ended in and the speed option."""
        if self.final is None or not self.solo_here():
            return None
        return self.final["totals"][0], {"round": self.view.get("round", 0), "timer": self.view.get("timer", 0)}

    @classmethod
    def emblem(cls, height: int) -> pygame.Surface:
        width = round(height * 1.6)
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        size = (round(height * 0.62), round(height * 0.86))
        back = ww.card_back(size)
        face = ww.number_card("7S", size)
        top = ww.action_card("JC", size)
        surface.blit(back, (0, height - size[1]))
        surface.blit(face, (round(width * 0.3), height - size[1] - 6))
        surface.blit(top, (width - size[0], 0))
        return surface

