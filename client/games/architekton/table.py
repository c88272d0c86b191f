"""The Architekton table (rulings AR-1 to AR-7, docs/rules/architekton.md).

An unbounded board under a camera that frames it whole and glides as it grows (`camera`:
a player may zoom and pan). The supply of 3 + 3 stands on the left, each seat's chips,
houses and taken tiles in its zone below the board. A turn is a few steps of choices
(`choices`). Nothing at this table is secret, so it has no private panel.

The hooks here delegate: geometry to `layout`, what events change to `state`, drawing
to `paint`, sentences to `words`.
"""

from typing import Any

import pygame

from client.games.architekton import art as pieces
from client.games.architekton import choices as steps
from client.games.architekton import layout, paint, words
from client.games.architekton.camera import BoardCamera
from client.games.architekton.reading import BoardImage, BoardView
from client.games.architekton.state import Effects, Shown
from client.i18n import _
from client.input.router import Intent
from client.table.choices import Choice
from client.table.game import GameTable, Standings
from client.table.handle import TableHandle
from client.table.layout import Layout
from client.table.model import Beat
from client.table.types import Action, Event
from client.ui import art


class ArchitektonTable(GameTable):
    game_id = "architekton"
    paint = paint
    dwell = {"turn": 0.25, "refill": 0.3, "house": 0.35, "game_over": 1.6, "match": 0.0}

    def __init__(self, table: TableHandle):
        super().__init__(table)
        self.shown = Shown()
        self.effects = Effects()
        self.camera = BoardCamera()
        self.board_image: BoardImage | None = None  # (what it shows, the whole board drawn; see paint.board)
        self.board_view: BoardView | None = None  # (what it shows, the board's part of the screen at rest)

    # --- layout and the camera ----------------------------------------------------------------
    def layout(self) -> Layout:
        return layout.table_layout(self.table.players)

    def private_rect(self, seat: int, count: int) -> pygame.Rect:
        return pygame.Rect(0, 0, 0, 0)  # nothing is private at this table

    def update(self, dt: float) -> None:
        self.camera.follow(self.shown.bounds(1), dt, self.table.speed())
        self.effects.prune(self.table)

    def choices_version(self, seat: int) -> tuple[float, float, float]:
        return self.camera.version()

    # --- input --------------------------------------------------------------------------------
    def on_input(self, intent: Intent) -> bool:
        """Zoom and pan, by anyone at the screen (the view is shared)."""
        return self.camera.steer(intent) or super().on_input(intent)

    def on_seat_input(self, seat: int, intent: Intent) -> bool:
        action = intent.action
        if action == "alt" and intent.pressed:  # a pad's X turns the tile being placed
            turns = self.table.choices(seat)  # nothing here is private: all of them are usable
            if turns and turns[0].data and turns[0].data[0] == "rot":
                if self.table.move_cursor(seat, "right"):
                    self.sound("move")
                return True
        if action == "confirm" and intent.pressed and intent.pos is not None:
            return steps.clicked_beside(self, seat, intent.pos) or self.asked_to_wait(seat, intent)
        return self.on_input(intent) or self.asked_to_wait(seat, intent)

    # --- choices -----------------------------------------------------------------------------------
    def choices(self, seat: int, legal: list[Action]) -> list[Choice]:
        return steps.choices(self, seat, legal)

    def preferred(self, seat: int, choices: list[Choice]) -> int:
        return steps.preferred(choices)

    # --- words ------------------------------------------------------------------------------------
    def status_text(self) -> str:
        shown = self.shown
        return words.status_line(shown.game, shown.turn, bool(self.view.get("revenge")), shown.turns_left is not None)

    def phase_text(self) -> str:
        if self.caption_on():
            return self.caption
        name, effects = self.table.name, self.effects
        interlude = effects.interlude
        if interlude is not None and "tween" in interlude and self.table.running(interlude["tween"]):
            return words.next_game_line(interlude["game"], name(interlude["starter"]))
        if effects.early is not None:
            debtor = effects.early["player"]
            return words.early_end_line(name(debtor), name(1 - debtor))
        if effects.final is not None:
            return words.final_score_line(effects.final["event"], name)
        return words.phase_line(self.view, name, bool(steps.lifted(self)), steps.single_take(self))

    rewords_log = True  # describe words an event from it and the names alone: again on a language change

    def describe(self, event: Event) -> str | None:
        return words.describe(event, self.table.name)

    # --- events: what moves, and how long to dwell -------------------------------------------------
    def on_shown(self, beat: Beat) -> None:
        first = not self.shown.cells
        self.shown.sync(self.view)
        if first:  # the table opens on the board framed, not gliding to it
            self.camera.open_on(self.shown.bounds(1))
        effects = self.effects
        effects.answered, effects.fresh_game = None, False
        settling = self.view.get("settling")
        if settling is None:
            if self.view.get("phase") != "over":
                effects.scoring = None
            return
        x, y = settling["x"], settling["y"]
        matches: list[bool | None] = self.shown.side_matches(x, y) if (x, y) in self.shown.cells else [None] * 4
        scoring = effects.scoring
        if scoring is None or (scoring["x"], scoring["y"]) != (x, y):
            effects.score_surround(self.table, x, y, settling["owner"], matches)
        else:
            scoring["matches"] = matches

    def on_took(self, event: Event) -> float:
        rects = layout.supply_rects(self.shown.supply)
        seat = event["player"]
        for index, tile in enumerate(event["tiles"]):
            if tile in rects:
                self.effects.fly(self.table, "tile", rects[tile], ("hand", seat, index), 0.45, 0.08 * index,
                                 tile=tile, rot=0)
        self.shown.take(event["tiles"])
        self.sound("move")
        return 0.5

    def on_placed(self, event: Event) -> float:
        seat, tile, taken = event["player"], event["tile"], self.shown.taken
        zone = self.table.layout.seats[seat]
        start = layout.hand_slot(zone, taken.index(tile)) if tile in taken else zone
        self.shown.put(tile, event["x"], event["y"], event["rot"])
        self.effects.fly(self.table, "tile", start, (event["x"], event["y"]), 0.45, tile=tile, rot=event["rot"])
        self.sound("thud")
        return 0.5

    def on_house(self, event: Event) -> float:
        seat, x, y, source = event["player"], event["x"], event["y"], event.get("from")
        if source is None:
            self.shown.house_from_stock(seat, x, y)
            start = layout.stock_box(self.table.layout.seats[seat])
        else:
            self.shown.house_moved(seat, source, x, y)
            start = self.camera.square(*source)
        self.effects.fly(self.table, "house", start, (x, y), 0.35 if source is None else 0.45, seat=seat)
        return 0.4 if source is None else 0.55

    def on_surrounded(self, event: Event) -> float:
        x, y, owner, owed = event["x"], event["y"], event["owner"], event["mismatches"]
        table, effects = self.table, self.effects
        matches: list[bool | None] = self.shown.side_matches(x, y) if (x, y) in self.shown.cells else [None] * 4
        effects.score_surround(table, x, y, owner, matches)
        caption = words.surround_caption(None if owner is None else self.table.name(owner), owed)
        if owner is None:
            self.show_caption(caption, 1.0)
            return 1.0
        if owed == 0:
            self.shown.chips = list(event.get("chips", self.shown.chips))
            effects.float_words(table, _(words.PLUS_CHIP), (x, y), art.GOOD)
        else:
            effects.float_words(table, words.wrong_sides(owed), (x, y), art.DANGER)
        self.show_caption(caption, 1.6)
        self.sound("round" if owed == 0 else "reject")
        return 1.6

    def on_settled(self, event: Event) -> float:
        seat, x, y = event["player"], event["x"], event["y"]
        table, effects = self.table, self.effects
        effects.answered = dict(event)
        self.shown.chips = list(event["chips"])
        if event["paid"]:
            effects.float_words(table, words.paid(event["paid"]), ("zone", seat), art.DANGER)
        if event["take_back"]:
            self.shown.house_back(seat, x, y)
            effects.fly(table, "house", self.camera.square(x, y), layout.stock_box(self.table.layout.seats[seat]),
                        0.5, seat=seat)
        self.sound("thud")
        return 1.0

    def on_refill(self, event: Event) -> float:
        self.shown.refill(event["tiles"])
        return self.dwell["refill"]

    def on_last_round(self, event: Event) -> float:
        self.shown.last_round(event["turns_left"])
        after = self.table.name(1 - self.view.get("current", 0))
        more = words.last_round_words(event["turns_left"], after)
        self.effects.announce(self.table, _(words.LAST_ROUND), more, 2.2)
        self.sound("round")
        return 2.2

    def on_supply_redrawn(self, event: Event) -> float:
        self.shown.supply = list(event["supply"])
        self.effects.announce(self.table, _(words.REDRAWN[0]), _(words.REDRAWN[1]), 1.8)
        return 1.8

    def on_no_placement(self, event: Event) -> float:
        self.effects.announce(self.table, _(words.NO_PLACEMENT[0]), _(words.NO_PLACEMENT[1]), 2.0)
        return 2.0

    def on_returned(self, event: Event) -> float:
        self.shown.give_back(event["tile"])
        return 0.6

    def on_cannot_pay(self, event: Event) -> float:
        self.effects.early = dict(event)
        self.sound("scatter")
        return 3.0

    def on_final_scoring(self, event: Event) -> float:
        table, effects = self.table, self.effects
        gone = self.shown.remove_buildings(event["removed"])
        removal = 0.5 + 0.22 * len(gone)
        groups = [self.shown.largest_group(p) for p in range(len(event["scores"]))]
        effects.final = {"gone": gone, "groups": groups, "event": dict(event), "removal_seconds": removal,
                         "removal": effects.tween(table, "removal", removal),
                         "trace": effects.tween(table, "trace", 1.6, delay=removal)}
        self.show_caption(_(words.REMOVING), removal)
        self.sound("round")
        return removal + 2.6

    def on_game_over(self, event: Event) -> float:
        self.effects.interlude = {"result": dict(event), "vp": None}
        return self.dwell["game_over"]

    def on_match(self, event: Event) -> float:
        self.shown.victory_points = list(event["victory_points"])
        if self.effects.interlude is not None:
            self.effects.interlude["vp"] = list(event["victory_points"])
        return 0.0

    def on_new_game(self, event: Event) -> float:
        self.shown.start(event["game"], event["start"], event["supply"], self.table.players)
        effects = self.effects
        effects.final = effects.early = effects.scoring = None
        effects.fresh_game = True
        self.camera.following = True
        if effects.interlude is None:
            return 0.0
        interlude = effects.interlude
        interlude["starter"], interlude["game"] = event["starter"], event["game"]
        interlude["tween"] = effects.tween(self.table, "interlude", 3.4)
        self.sound("round")
        return 3.4

    def on_turn(self, event: Event) -> float:
        self.camera.following = True
        self.shown.next_turn(event["turn"])
        return self.dwell["turn"]

    # --- results ---------------------------------------------------------------------------------
    def standings(self) -> Standings:
        players, view = self.table.players, self.view
        result = view.get("game_result") or {"scores": [0] * players, "winners": []}
        scores, winners = result["scores"], result["winners"]
        results = view.get("results") or []
        if view.get("revenge"):  # AR-7
            return self.standings_of(scores, winners, columns=[words.game_column(r["game"]) for r in results],
                                     cells=[[words.game_cell(r, p) for r in results] for p in range(players)],
                                     total_label=_(words.VICTORY_POINTS_TOTAL), note=_(words.REVENGE_NOTE))
        last: dict[str, Any] = results[-1] if results else {"early": False, "chips": [0] * players}
        if last["early"]:  # AR-4
            loser = next((p for p in range(players) if p not in last.get("winners", [])), 0)
            return self.standings_of(scores, winners, columns=[_(words.CHIPS)], cells=[[c] for c in last["chips"]],
                                     total_label=_(words.SCORE), note=words.early_note(self.table.name(loser)))
        final = view.get("final") or {"groups": [0] * players, "houses": [0] * players}
        tied = len(set(scores)) == 1 and len(winners) == 1  # AR-6: more houses on the board wins
        return self.standings_of(scores, winners, columns=[_(column) for column in words.FINAL_COLUMNS],
                                 cells=[[last["chips"][p], final["groups"][p], final["houses"][p]]
                                        for p in range(players)],
                                 total_label=_(words.SCORE), note=_(words.TIED_NOTE) if tied else "")

    @classmethod
    def emblem(cls, height: int) -> pygame.Surface:
        return pieces.emblem(height)
