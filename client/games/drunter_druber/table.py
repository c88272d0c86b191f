"""The Drunter & Drüber table: the town, four growing stretches, public hands, toilet
votes and secret building cards (rulings DD-1 to DD-9, docs/rules/drunter_druber.md).

Laying a tile takes two steps of the seat's own: pick a tile in the hand (its zone),
then one of its places, shown as a ghost on the board (directions move between the
places, the mouse points at them, Back returns to the hand, X or the wheel takes the
next tile). The vote (DD-6) is private to each voter: cards are toggled in the seat's
panel, or one card is put down blind from a gamepad; the shared screen shows only how
many cards each voter put down until all are revealed. Building cards (DD-9) and the
variant's pick (DD-8) show only in a seat's own panel until the end.

The hooks delegate: drawing to `paint` and `paint_seats`, sentences to `words`, geometry
to `layout`, what the events told to `state`.
"""

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from client.games.drunter_druber import art as dart
from client.games.drunter_druber import paint, paint_seats
from client.games.drunter_druber import words as say
from client.games.drunter_druber.layout import (
    FRAME,
    PHASE,
    TRAY,
    TRAY_HOLD,
    entry_side,
    finale_seconds,
    hand_entry,
    hint_rect,
    jein_rects,
    peek_rect,
    pick_rect,
    place_rect,
    placement_cells,
    seat_zones,
    vote_rects,
)
from client.games.drunter_druber.state import TownState
from client.games.drunter_druber.town import BoardPainter
from client.i18n import _
from client.input.router import Intent
from client.table.choices import DIRECTIONS, Choice, navigate
from client.table.game import HINT_HEIGHT, GameTable, Standings
from client.table.handle import TableHandle
from client.table.layout import Layout
from client.table.model import Beat
from client.table.types import Action, Event
from client.ui import art
from client.ui.tween import linear
from engines.drunter_druber.board import KINDS, STRETCH_KIND
from engines.drunter_druber.rules import PEOPLE

SOUNDS = {"wall": "stone", "street": "cobble", "river": "splash"}


class DrunterDruberTable(GameTable):
    game_id = "drunter_druber"
    paint = paint
    private_types = ("vote",)  # the pick is secret by GameInfo.secret_action_types
    panel_heading = "{name}"
    dwell = {"turn": 0.15, "vote_started": 1.0, "vote_committed": 0.45, "jein_declared": 0.9,
             "picks_complete": 0.9, "pick_started": 1.2, "locked": 0.1}
    # a seat's own pick and vote are told in its panel (`on_seat_event`)
    silent_events = frozenset({"picked", "voted"})

    def __init__(self, table: TableHandle):
        super().__init__(table)
        self.state = TownState()
        # drawing caches: the town with its tiles, each seat's still picture (paint's and paint_seats')
        self.town = BoardPainter()
        self.seat_pictures: dict[int, tuple[paint_seats.SeatLook, pygame.Surface]] = {}

    # --- layout -------------------------------------------------------------------------
    def layout(self) -> Layout:
        seats = dict(enumerate(seat_zones(self.table.players)))
        private = {seat: TRAY.copy() for seat in self.table.local_seats}
        return Layout(FRAME.copy(), seats, private, phase=PHASE.copy())

    def private_rect(self, seat: int, count: int) -> pygame.Rect:
        return TRAY.copy() if count else peek_rect()

    def prompt_rect(self, seat: int, height: int) -> pygame.Rect:
        """Over the seat's own hand of tiles, which a vote or a pick does not use."""
        return hint_rect(self.table.layout.seats[seat], height, blind_legend=height != HINT_HEIGHT)

    # --- reading the view ---------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.table.name(seat)

    def prompting(self, seat: int) -> bool:
        """Whether the shared table stands a peek hint or blind legend over this seat's hand."""
        table = self.table
        return (seat in table.local_seats and not table.seat(seat).panel_open
                and any(choice.private for choice in table.choices(seat)))

    # --- words --------------------------------------------------------------------------
    def status_text(self) -> str:
        view = self.view
        left = sum(sum(counts) for hand in view.get("hands", []) for counts in hand.values())
        return say.status_words(view.get("turn", 1), left, bool(view.get("variant")))

    def phase_text(self) -> str:
        if self.caption_on():
            return self.caption
        view, name = self.view, self.name
        phase = view.get("phase")
        if phase == "place":
            current = view["current"]
            who, placer = name(current), self.table.seat(current)
            if not placer.here or self.table.model.pending.get(current) is not None:
                return say.lays_a_tile(who)
            if not self.stage.get(current):
                return say.pick_from_hand(who)
            return say.how_to_place(who, placer.device)
        if phase == "vote" and view.get("vote"):
            vote = view["vote"]
            tray = self.state.tray
            told = tray["counts"] if tray is not None else {}  # put down by events the view does not hold yet
            done = sum(count is not None or p in told for p, count in enumerate(vote["committed"]))
            voter = view["active"][0] if view.get("active") else vote["placer"]
            return say.voting(name(vote["placer"]), name(voter), done, len(vote["order"]))
        if phase == "jein" and view.get("active"):
            return say.declaring(name(view["active"][0]))
        return {"pick": _(say.PICKING), "over": _(say.REVEALED)}.get(str(phase), "")

    rewords_log = True  # describe words an event from it and the names alone: again on a language change

    def describe(self, event: Event) -> str | None:
        return say.describe(event, self.name)

    def public_refusal(self, code: str) -> str:
        return say.refusal(code)

    # --- choices ------------------------------------------------------------------------
    def choices(self, seat: int, legal: list[Action]) -> list[Choice]:
        kind = legal[0]["type"]
        if kind == "place":
            return self.place_choices(seat, legal)
        if kind == "vote":
            return self.vote_choices(seat)
        if kind == "jein":
            return self.jein_choices(seat, legal)
        return self.pick_choices(seat, legal)

    def held_tiles(self, legal: list[Action]) -> list[tuple[str, int]]:
        """The (kind, size) of each tile that has at least one place, in hand order (none
        in a vote or a pick, whose actions are no places)."""
        fits = {(STRETCH_KIND[a["stretch"]], a["size"]) for a in legal if a.get("type") == "place"}
        return [(kind, size) for kind in KINDS for size in (1, 2, 3) if (kind, size) in fits]

    def place_choices(self, seat: int, legal: list[Action]) -> list[Choice]:
        """Step one: a tile from the hand; step two: one of the picked tile's places."""
        stage = self.steps(seat)
        tiles = self.held_tiles(legal)
        picked = stage.get("tile")
        if picked is not None and tuple(picked) not in tiles:
            stage.pop("tile")
            picked = None
        if picked is None:
            return [Choice(None, hand_entry(self.table.layout.seats[seat], kind, size), say.tile_words(kind, size),
                           key=("tile", kind, size), then=self.picks_tile(seat, kind, size), data=("tile", kind, size))
                    for kind, size in tiles]
        kind, size = picked
        tokens = self.view.get("tokens", {})
        notation = self.table.info.notation or str
        out = []
        for action in legal:
            if action["size"] != size or STRETCH_KIND[action["stretch"]] != kind:
                continue
            cells = placement_cells(action)
            entry = entry_side(tokens[action["stretch"]], cells[0])
            out.append(Choice(action, place_rect(action, cells, entry), notation(action),
                              data=("place", kind, tuple(cells), entry, action["stretch"])))
        return out

    def steer(self, choices: Sequence[Choice], current: int, direction: str) -> int:
        """Directions move the ghost the way pressed: to the nearest place whose middle lies
        that way (within 45 degrees, else anywhere ahead), never round to the far side of
        the board; with nothing that way it stays. Other choices move as anywhere else."""
        if not all(choice.data and choice.data[0] == "place" for choice in choices):
            return navigate([choice.rect for choice in choices], current, direction)
        dx, dy = DIRECTIONS[direction]
        here = choices[current].rect.center
        ahead = []
        for index, choice in enumerate(choices):
            x, y = choice.rect.centerx - here[0], choice.rect.centery - here[1]
            along, across = x * dx + y * dy, abs(x * dy) + abs(y * dx)
            if along > 0:
                ahead.append((across > along, along + across, index))
        return min(ahead)[2] if ahead else current

    def picks_tile(self, seat: int, kind: str, size: int) -> Callable[[], None]:
        """What confirming a tile of the hand does: it becomes the tile to lay."""
        def pick() -> None:
            self.steps(seat)["tile"] = (kind, size)
        return pick

    def next_tile(self, seat: int, step: int) -> bool:
        """X on a pad or the mouse wheel: the next tile that fits, without going back."""
        stage = self.steps(seat)
        tiles = self.held_tiles(self.table.model.legal.get(seat, []))
        picked = stage.get("tile")
        if not tiles or picked is None or self.table.model.pending.get(seat) is not None:
            return False
        index = tiles.index(tuple(picked)) if tuple(picked) in tiles else 0
        stage["tile"] = tiles[(index + step) % len(tiles)]  # the table makes the seat's choices again
        self.sound("move")
        return True

    def vote_choices(self, seat: int) -> list[Choice]:
        """Each held people card toggles in or out of the vote; the last choice puts the
        chosen ones down (all of it private to the seat)."""
        stage = self.steps(seat)
        held = self.seat_view(seat).get("people", [[]] * (seat + 1))[seat]
        chosen = [card for card in PEOPLE if card in stage.get("vote", ()) and card in held]
        cards = [card for card in PEOPLE if card in held]
        rects, put = vote_rects(self.private_rect(seat, len(held) + 1), len(cards))
        out = [Choice(None, rect, say.people_name(card), key=("card", card), private=True,
                      then=self.toggles(seat, card), data=("card", card, card in chosen))
               for card, rect in zip(cards, rects, strict=True)]
        if chosen:
            out.append(Choice({"type": "vote", "cards": chosen}, put, say.put_down_label(chosen), key="put",
                              private=True, data=("put", len(chosen))))
        else:
            out.append(Choice(None, put, _(say.NO_CARDS_LABEL), key="put", private=True, then=self.nothing(seat),
                              data=("put", 0)))
        return out

    def toggles(self, seat: int, card: str) -> Callable[[], None]:
        """What confirming a people card in a vote does: it goes in, or out again."""
        def toggle() -> None:
            stage = self.steps(seat)
            chosen = list(stage.get("vote", ()))
            stage["vote"] = [c for c in chosen if c != card] if card in chosen else chosen + [card]
        return toggle

    def nothing(self, seat: int) -> Callable[[], None]:
        """What confirming "put down" with no card chosen does: it says what to do."""
        def say_so() -> None:
            self.table.note_privately(seat, _(say.CHOOSE_CARDS_FIRST))
        return say_so

    def jein_choices(self, seat: int, legal: list[Action]) -> list[Choice]:
        actions = sorted(legal, key=lambda a: a["side"] != "yes")
        rects = jein_rects(self.table.layout.seats[seat], len(actions))
        return [Choice(action, rect, say.jein_label(action["side"]), data=("jein", action["side"]))
                for action, rect in zip(actions, rects, strict=True)]

    def pick_choices(self, seat: int, legal: list[Action]) -> list[Choice]:
        panel = self.private_rect(seat, len(legal))
        return [Choice(action, pick_rect(panel, i), say.pick_label(action["card"]), data=("pick", action["card"]))
                for i, action in enumerate(legal)]

    def blind_actions(self, seat: int) -> list[tuple[str, object]]:
        """A gamepad's blind pick, the same legend for every pad: in a vote one button per
        people card (one card, put down alone; hold LB to put down several); in the
        variant's pick, the seat's first or second card (in its panel's order)."""
        legal = self.table.model.legal.get(seat) or [{}]
        kind = legal[0].get("type")
        if kind == "vote":
            held = self.seat_view(seat).get("people", [[]] * (seat + 1))[seat]
            return [(say.people_name(card), {"type": "vote", "cards": [card]} if card in held else None)
                    for card in PEOPLE]
        if kind == "pick":
            return [(say.blind_card_label(i), action) for i, action in enumerate(legal)]
        return []

    def on_seat_input(self, seat: int, intent: Intent) -> bool:
        action = intent.action
        if action == "alt" and intent.pressed:
            return self.next_tile(seat, 1)
        if action == "wheel":
            return self.next_tile(seat, -1 if intent.amount > 0 else 1)
        if action == "confirm" and intent.pressed and intent.pos is not None and intent.device == "mouse":
            # a click on another tile of the hand while placing takes that tile instead
            for kind, size in self.held_tiles(self.table.model.legal.get(seat, [])):
                if hand_entry(self.table.layout.seats[seat], kind, size).collidepoint(intent.pos):
                    stage = self.steps(seat)
                    if stage.get("tile") is not None and self.table.model.pending.get(seat) is None:
                        stage["tile"] = (kind, size)  # the table makes the seat's choices again
                        self.sound("move")
                        return True
        return self.asked_to_wait(seat, intent)

    # --- events: animations and how long to dwell ------------------------------------------
    def on_placed(self, event: Event) -> float:
        self.state.land(event, self.view.get("tokens", {}))
        self.table.tween("land", 0.0, 1.0, 0.55, linear)
        self.sound(SOUNDS[event["kind"]])
        return 0.75

    def on_vote_started(self, event: Event) -> float | None:
        self.state.start_vote(event)
        self.sound("reveal")
        self.show_caption(say.vote_called(self.name(event["placer"])), 1.0)
        return None

    def on_vote_committed(self, event: Event) -> float | None:
        self.state.commit_vote(event)
        self.table.tween(f"down{event['player']}", 0.0, 1.0, 0.35)
        self.sound("lock")
        return None

    def on_vote_revealed(self, event: Event) -> float:
        self.state.reveal_vote(event)
        self.table.tween("flip", 0.0, 1.0, 0.8)
        self.sound("flip")
        self.show_caption(say.revealed(event["yes"], event["no"], len(event.get("jein", []))), 1.6)
        return 1.6

    def on_jein_declared(self, event: Event) -> float | None:
        self.state.declare_jein(event)
        self.table.tween(f"jein{event['player']}", 0.0, 1.0, 0.4)
        self.sound("flip")
        return None

    def on_vote_result(self, event: Event) -> float:
        self.state.decide_vote(event)
        self.table.tween("tally", 0.0, 1.0, TRAY_HOLD)
        self.sound("gavel")
        self.show_caption(say.vote_words(event, self.name), 1.8)
        return 1.8

    def on_tile_returned(self, event: Event) -> float:
        self.state.send_back(event, self.view.get("tiles", []))
        self.table.tween("return", 0.0, 1.0, 0.9)
        self.sound("whoosh")
        tray = self.state.tray
        if tray is not None and tray["result"] is not None:
            self.show_caption(say.vote_words(tray["result"], self.name), 1.0)
        return 1.0

    def on_stretch_closed(self, event: Event) -> float:
        self.state.close(event)
        self.table.tween(f"close{event['stretch']}", 0.0, 1.0, 0.5)
        self.sound("thud")
        self.show_caption(say.stretch_closed(event["stretch"]), 1.0)
        return 1.0

    def on_passed(self, event: Event) -> float:
        self.table.tween(f"pass{event['player']}", 0.0, 1.0, 1.8)
        self.sound("reject")
        self.show_caption(say.passes(self.name(event["player"])), 1.1)
        return 1.1

    def on_locked(self, event: Event) -> float | None:
        self.state.locked_now.add(event["player"])
        self.table.tween(f"lock{event['player']}", 0.0, 1.0, 0.5)
        self.sound("lock")
        return None

    def on_picks_complete(self, event: Event) -> float | None:
        self.show_caption(_(say.ALL_PICKED), 0.9)
        return None

    def on_game_over(self, event: Event) -> float:
        self.show_caption(_(say.GAME_OVER), 1.0)
        return 1.0

    def on_seat_event(self, seat: int, event: Event) -> None:
        if event.get("type") == "picked":
            self.table.note_privately(seat, say.picked_note(event["card"]))
        elif event.get("type") == "voted":
            self.table.note_privately(seat, say.voted_note(event["cards"]))

    def on_shown(self, beat: Beat) -> None:
        view, table = self.view, self.table
        self.state.catch_up(view)
        self.state.drop_arrived(view, landed=not table.running("land"), returned=not table.running("return"))
        if self.state.new_moment(view):  # a new step of the game: every seat's own steps start afresh
            self.stage.clear()
            if view.get("phase") not in ("vote", "pick"):
                for seat in table.local_seats:
                    table.note_privately(seat, "")
        if self.state.reach_finale(view):
            seconds = finale_seconds(self.table.players)
            table.tween("finale", 0.0, seconds, seconds, linear)
            self.table.hold(seconds)

    def update(self, dt: float) -> None:
        table = self.table
        self.state.drop_arrived(self.view, landed=table.finished("land"), returned=table.finished("return"))

    # --- drawing (reads only) -------------------------------------------------------------





    def draw_seat(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        paint_seats.seat(self, surface, seat, rect)  # the seats have a paint module of their own

    # --- results --------------------------------------------------------------------------
    def standings(self) -> Standings:
        players, view = self.table.players, self.view
        result = view.get("game_result") or {"scores": [0] * players, "winners": []}
        cards = view.get("all_cards", [[] for _seat in range(players)])
        points = view.get("points", [[0] for _seat in range(players)])
        people = [len(p) for p in view.get("people", [[] for _seat in range(players)])]
        variant = bool(view.get("variant"))
        columns = ([_(say.SECOND_CARD)] if variant else []) + [_(say.PEOPLE_CARDS)]
        cells = [([points[p][1]] if variant and len(points[p]) > 1 else []) + [people[p]] for p in range(players)]
        shown = say.cards_shown([(self.name(p), cards[p]) for p in range(players) if p < len(cards)])
        ties = say.tie_rule(variant)
        # the results' footer line: the cards if they fit beside the ties' rule, else the rule alone
        note = f"{shown}. {ties}"
        if art.text_width(say.results_footer(self.table.info.name, note), 34) > art.W - 80:
            note = ties
        return self.standings_of(result["scores"], result["winners"], columns=columns, cells=cells,
                                 total_label=_(say.POINTS), note=note)

    @classmethod
    def emblem(cls, height: int) -> pygame.Surface:
        return dart.emblem(height)


if TYPE_CHECKING:  # drawing reads this table as a `paint.GameReading`: mypy checks that it is one
    _drawn: type[paint.GameReading] = DrunterDruberTable
