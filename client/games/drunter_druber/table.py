"""The Drunter & Drüber table: the town, four growing stretches, public hands, toilet
votes and secret building cards (rulings DD-1 to DD-9, docs/rules/drunter_druber.md).

Laying a tile takes two steps of the seat's own: pick a tile in the hand (its zone),
then one of its places, shown as a ghost on the board (directions move between the
places, the mouse points at them, Back returns to the hand, X or the wheel takes the
next tile). The vote (DD-6) is private to each voter: cards are toggled in the seat's
panel, or one card is put down blind from a gamepad; the shared screen shows only how
many cards each voter put down until all are revealed. Building cards (DD-9) and the
variant's pick (DD-8) show only in a seat's own panel until the end.
"""

import pygame

from client import art
from client.games.drunter_druber import art as dart
from client.games.drunter_druber import scoring
from client.games.drunter_druber.draw import Drawing
from client.games.drunter_druber.layout import (
    FINALE_INTRO,
    FINALE_OUTRO,
    FINALE_PER_SEAT,
    PEEK,
    PHASE,
    TRAY,
    TRAY_HOLD,
    seat_zones,
)
from client.games.drunter_druber.town import (
    FRAME,
    START_XY,
    cells_rect,
    entry_side,
    placement_cells,
    tile_key,
)
from client.table.choices import DIRECTIONS, Choice, navigate
from client.table.game import HINT_HEIGHT, GameTable, Standings, and_list
from client.table.layout import Layout
from engines.drunter_druber.board import KINDS, STEP, STRETCH_KIND
from engines.drunter_druber.rules import PEOPLE, PEOPLE_NAMES, SIZE_NAMES

PANEL_CARD = (94, 84)
REFUSALS = {
    "card_not_held": "that card is not in their hand",
    "no_such_card": "that is not a people card",
    "no_cards": "a vote needs at least one card",
    "card_order": "that vote was malformed",
}
SOUNDS = {"wall": "stone", "street": "cobble", "river": "splash"}
PLACE_HINTS = {  # how to lay the picked tile, by device
    "mous": "point at its place and click; the wheel takes another tile, the middle button goes back",
    "keys": "move the ghost to its place and confirm; back returns to the hand",
    "pad:": "move the ghost with the d-pad, A lays it, X takes another tile, B goes back",
}


def tile_words(kind: str, size: int) -> str:
    return f"{kind} {SIZE_NAMES[size]}"


class DrunterDruberTable(GameTable):
    game_id = "drunter_druber"
    private_types = ("vote",)  # the pick is secret by GameInfo.secret_action_types
    panel_heading = "{name}"
    dwell = {"turn": 0.15, "vote_started": 1.0, "vote_committed": 0.45, "jein_declared": 0.9,
             "picks_complete": 0.9, "pick_started": 1.2, "locked": 0.1}

    def __init__(self, table):
        super().__init__(table)
        self.draw = Drawing(self)
        self.landing: dict | None = None  # the tile being laid (event), until the view holds it
        self.returning: dict | None = None  # a tile flying back to its placer after a lost vote
        self.closing: dict[str, tuple] = {}  # stretches closing now -> the cell their barrier drops on
        self.tray: dict | None = None  # the running (or just decided) toilet vote, as the events told it
        self.locked_now: set[int] = set()  # picked, by an event the shown view does not hold yet
        self.finale: dict | None = None
        self._moment = None
        for chooser in table.choosers.values():
            chooser.steer = self.steer

    # --- layout -------------------------------------------------------------------------
    def layout(self) -> Layout:
        zones = seat_zones(self.table.players)
        seats = dict(enumerate(zones))
        private = {seat: TRAY.copy() for seat in self.table.local_seats}
        return Layout(FRAME.copy(), seats, private, phase=PHASE.copy())

    def private_rect(self, seat: int, count: int) -> pygame.Rect:
        if count:
            return TRAY.copy()
        return pygame.Rect(TRAY.right - PEEK, TRAY.top, PEEK, TRAY.height)

    def prompt_rect(self, seat: int, height: int) -> pygame.Rect:
        """Over the seat's own hand of tiles, which a vote or a pick does not use."""
        hand = self.draw.parts(seat)["hand"]
        if height == HINT_HEIGHT:
            return pygame.Rect(hand.left, hand.centery - height // 2, hand.width, height)
        zone = self.table.layout.seats[seat]
        return pygame.Rect(hand.left - 8, zone.bottom - 6 - height, hand.width + 16, height)

    # --- reading the view ---------------------------------------------------------------
    def name(self, seat) -> str:
        return self.table.name(seat)

    def prompting(self, seat: int) -> bool:
        """Whether the shared table stands a peek hint or blind legend over this seat's hand."""
        table = self.table
        return (seat in table.choosers and not table.panel_open(seat)
                and any(choice.private for choice in table.live.get(seat, [])))

    def shown_tiles(self) -> list[dict]:
        """The laid tiles as the board shows them now: the view's, less a tile still landing
        or flying back (drawn on their own)."""
        tiles = list(self.view.get("tiles", []))
        moving = {tile_key(t["tile"]) for t in (self.landing, self.returning) if t is not None}
        return [tile for tile in tiles if tile_key(tile) not in moving]

    def tokens(self) -> dict:
        """Where each construction token stands now (None: its stretch is closed)."""
        tokens = {stretch: None if cell is None else tuple(cell) for stretch, cell in self.view.get("tokens", {}).items()}
        if self.landing is not None:
            tokens[self.landing["tile"]["stretch"]] = tuple(self.landing["tile"]["cells"][-1])
        if self.returning is not None:
            tokens[self.returning["tile"]["stretch"]] = self.returning["back_to"]
        for stretch in self.closing:
            tokens[stretch] = None
        return tokens

    # --- words --------------------------------------------------------------------------
    def status_text(self) -> str:
        view = self.view
        left = sum(sum(counts) for hand in view.get("hands", []) for counts in hand.values())
        variant = "   variant" if view.get("variant") else ""
        return f"Turn {view.get('turn', 1)}   {left} tiles left{variant}"

    def phase_text(self) -> str:
        if self.caption_on():
            return self.caption
        view, name = self.view, self.name
        phase = view.get("phase")
        if phase == "place":
            who, chooser = name(view["current"]), self.table.choosers.get(view["current"])
            if chooser is None or self.table.model.pending.get(view["current"]) is not None:
                return f"{who} lays a tile"
            if not chooser.stage:
                return f"{who} lays a tile: pick one from the hand"
            return f"{who}: {PLACE_HINTS.get(chooser.device[:4], PLACE_HINTS['keys'])}"
        if phase == "vote" and view.get("vote"):
            vote = view["vote"]
            told = (self.tray or {}).get("counts", {})  # put down by events the view does not hold yet
            done = sum(count is not None or p in told for p, count in enumerate(vote["committed"]))
            voter = view["active"][0] if view.get("active") else vote["placer"]
            return f"Toilet vote on {name(vote['placer'])}'s tile: {name(voter)} puts down cards " \
                   f"in secret ({done} of {len(vote['order'])} have)"
        if phase == "jein" and view.get("active"):
            return f"{name(view['active'][0])} says what the Jein counts: yes or no?"
        if phase == "pick":
            return "Everyone picks in secret which building card counts first"
        if phase == "over":
            return "The building cards are revealed"
        return ""

    def describe(self, event: dict) -> str | None:
        name, kind = self.name, event["type"]
        if kind == "placed":
            over = f", covering {scoring.plural(len(event['toilets']), 'toilet')}" if event["toilets"] else ""
            return f"{name(event['player'])} lays a {tile_words(event['kind'], event['size'])} on the " \
                   f"{dart.STRETCH_NAMES[event['stretch']].lower()}{over}"
        if kind == "vote_committed":
            return f"{name(event['player'])} puts down {scoring.plural(event['count'], 'card')}"
        if kind == "vote_revealed":
            return "Revealed: " + "; ".join(
                f"{name(p)} {'+'.join(PEOPLE_NAMES[c] for c in cards)}" for p, cards in enumerate(event["cards"]) if cards)
        if kind == "jein_declared":
            return f"{name(event['player'])} counts the Jein as {event['side']}"
        if kind == "vote_result":
            return vote_words(event, name)
        if kind == "stretch_closed":
            return f"The {dart.STRETCH_NAMES[event['stretch']].lower()} is closed: no tile fits at its end"
        if kind == "passed":
            return f"{name(event['player'])} has no tile that fits and passes"
        if kind == "pick_started":
            return "A stretch has closed: everyone picks which card counts first"
        if kind == "locked":
            return f"{name(event['player'])} has picked"
        if kind == "game_over":
            winners = event.get("winners", [])
            return f"Game over: {and_list([name(p) for p in winners])} win{'s' if len(winners) == 1 else ''}"
        return None

    def public_refusal(self, code: str) -> str:
        return REFUSALS.get(code, "that choice is not allowed now")

    # --- choices ------------------------------------------------------------------------
    def choices(self, seat: int, legal: list) -> list[Choice]:
        kind = legal[0]["type"]
        if kind == "place":
            return self.place_choices(seat, legal)
        if kind == "vote":
            return self.vote_choices(seat)
        if kind == "jein":
            return self.jein_choices(seat, legal)
        return self.pick_choices(seat, legal)

    def held_tiles(self, legal: list) -> list[tuple[str, int]]:
        """The (kind, size) of each tile that has at least one place, in hand order (none
        in a vote or a pick, whose actions are no places)."""
        fits = {(STRETCH_KIND[a["stretch"]], a["size"]) for a in legal if a.get("type") == "place"}
        return [(kind, size) for kind in KINDS for size in (1, 2, 3) if (kind, size) in fits]

    def place_choices(self, seat: int, legal: list) -> list[Choice]:
        stage = self.table.choosers[seat].stage
        tiles = self.held_tiles(legal)
        picked = stage.get("tile")
        if picked is not None and tuple(picked) not in tiles:
            stage.pop("tile")
            picked = None
        if picked is None:  # step one: a tile from the hand
            return [Choice(None, self.draw.hand_entry(seat, kind, size), tile_words(kind, size), key=("tile", kind, size),
                           then=lambda k=kind, s=size: self.pick_tile(seat, k, s), data=("tile", kind, size))
                    for kind, size in tiles]
        kind, size = picked
        tokens = self.view.get("tokens", {})
        out = []
        for action in legal:  # step two: the tile's places on the board
            if action["size"] != size or STRETCH_KIND[action["stretch"]] != kind:
                continue
            cells = placement_cells(action)
            rect = cells_rect(cells).inflate(-2, -2)
            entry = entry_side(tokens[action["stretch"]], cells[0])
            # nudged towards its docking field and the stretch it joins, so a tile and its mirror
            # image, or the same cells reached from both walls, never share a rect
            dx, dy = STEP[action["dir"]] if size > 1 else (0, 0)
            ex, ey = STEP[entry]
            rect.move_ip(ex * 2 - dx * 3, ey * 2 - dy * 3)
            out.append(Choice(action, rect, self.table.info.notation(action),
                              data=("place", kind, tuple(cells), entry, action["stretch"])))
        return out

    def steer(self, choices: list[Choice], current: int, direction: str) -> int:
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

    def pick_tile(self, seat: int, kind: str, size: int) -> None:
        self.table.choosers[seat].stage["tile"] = (kind, size)

    def next_tile(self, seat: int, step: int) -> bool:
        """X on a pad or the mouse wheel: the next tile that fits, without going back."""
        chooser = self.table.choosers[seat]
        tiles = self.held_tiles(self.table.model.legal.get(seat, []))
        picked = chooser.stage.get("tile")
        if not tiles or picked is None or self.table.model.pending.get(seat) is not None:
            return False
        index = tiles.index(tuple(picked)) if tuple(picked) in tiles else 0
        chooser.stage["tile"] = tiles[(index + step) % len(tiles)]
        self.sound("move")
        self.table.refresh()
        return True

    def vote_choices(self, seat: int) -> list[Choice]:
        """Each held people card toggles in or out of the vote; the last choice puts the
        chosen ones down (all of it private to the seat)."""
        stage = self.table.choosers[seat].stage
        held = self.seat_view(seat).get("people", [[]] * (seat + 1))[seat]
        chosen = [card for card in PEOPLE if card in stage.get("vote", ()) and card in held]
        panel = self.private_rect(seat, len(held) + 1)
        top = panel.top + 88
        out = []
        x = panel.left + 20
        for card in [c for c in PEOPLE if c in held]:
            rect = pygame.Rect(x, top, *PANEL_CARD)
            out.append(Choice(None, rect, PEOPLE_NAMES[card], key=("card", card), private=True,
                              then=lambda c=card: self.toggle(seat, c), data=("card", card, card in chosen)))
            x += PANEL_CARD[0] + 8
        put = pygame.Rect(panel.right - 20 - 190, top, 190, PANEL_CARD[1])
        if chosen:
            out.append(Choice({"type": "vote", "cards": chosen}, put, "Put down " + "+".join(PEOPLE_NAMES[c] for c in chosen),
                              key="put", private=True, data=("put", len(chosen))))
        else:
            out.append(Choice(None, put, "Choose cards first", key="put", private=True, then=lambda: self.nothing(seat),
                              data=("put", 0)))
        return out

    def toggle(self, seat: int, card: str) -> None:
        stage = self.table.choosers[seat].stage
        chosen = list(stage.get("vote", ()))
        stage["vote"] = [c for c in chosen if c != card] if card in chosen else chosen + [card]

    def nothing(self, seat: int) -> None:
        self.table.choosers[seat].private_note = "Choose one or more cards first, then put them down"

    def jein_choices(self, seat: int, legal: list) -> list[Choice]:
        hand = self.draw.parts(seat)["hand"]
        out = []
        for i, action in enumerate(sorted(legal, key=lambda a: a["side"] != "yes")):
            rect = pygame.Rect(0, 0, 190, min(64, hand.height - 8))
            rect.center = (hand.centerx + (i * 2 - 1) * 105, hand.centery)
            out.append(Choice(action, rect, f"Jein: {action['side']}", data=("jein", action["side"])))
        return out

    def pick_choices(self, seat: int, legal: list) -> list[Choice]:
        panel = self.private_rect(seat, len(legal))
        out = []
        for i, action in enumerate(legal):
            rect = pygame.Rect(panel.left + 24 + i * 270, panel.top + 56, 250, 94)
            out.append(Choice(action, rect, f"{scoring.card_name(action['card'])} first", data=("pick", action["card"])))
        return out

    def blind_actions(self, seat: int) -> list[tuple[str, object]]:
        """A gamepad's blind pick, the same legend for every pad: in a vote one button per
        people card (one card, put down alone; hold LB to put down several); in the
        variant's pick, the seat's first or second card (in its panel's order)."""
        legal = self.table.model.legal.get(seat) or [{}]
        kind = legal[0].get("type")
        if kind == "vote":
            held = self.seat_view(seat).get("people", [[]] * (seat + 1))[seat]
            return [(PEOPLE_NAMES[card], {"type": "vote", "cards": [card]} if card in held else None)
                    for card in PEOPLE]
        if kind == "pick":
            return [(f"card {i + 1}", action) for i, action in enumerate(legal)]
        return []

    def on_seat_input(self, seat: int, intent) -> bool:
        action = intent.action
        if action == "alt" and intent.pressed:
            return self.next_tile(seat, 1)
        if action == "wheel":
            return self.next_tile(seat, -1 if intent.amount > 0 else 1)
        if action == "confirm" and intent.pressed and intent.pos is not None and intent.device == "mouse":
            # a click on another tile of the hand while placing takes that tile instead
            for kind, size in self.held_tiles(self.table.model.legal.get(seat, [])):
                if self.draw.hand_entry(seat, kind, size).collidepoint(intent.pos):
                    stage = self.table.choosers[seat].stage
                    if stage.get("tile") is not None and self.table.model.pending.get(seat) is None:
                        stage["tile"] = (kind, size)
                        self.sound("move")
                        self.table.refresh()
                        return True
        return self.asked_to_wait(seat, intent)

    # --- events: animations and how long to dwell ------------------------------------------
    def on_placed(self, event: dict) -> float:
        tokens = self.view.get("tokens", {})
        cells = [tuple(c) for c in event["cells"]]
        token = tokens.get(event["stretch"])
        entry = entry_side(token, cells[0]) if token is not None else None
        tile = {"stretch": event["stretch"], "kind": event["kind"], "size": event["size"], "cells": [list(c) for c in cells]}
        self.landing = {"tile": tile, "entry": entry, "player": event["player"], "toilets": event["toilets"],
                        "from": None if token is None else tuple(token)}
        self.table.anim.tween("land", 0.0, 1.0, 0.55, linear_ease)
        self.sound(SOUNDS[event["kind"]])
        return 0.75

    def on_vote_started(self, event: dict) -> float | None:
        self.tray = {"placer": event["placer"], "toilets": [tuple(c) for c in event["toilets"]],
                     "order": list(event["order"]), "counts": {}, "cards": None, "jein": {}, "result": None}
        self.sound("reveal")
        self.show_caption(f"{self.name(event['placer'])}'s tile covers a toilet: a vote", 1.0)
        return None

    def on_vote_committed(self, event: dict) -> float | None:
        if self.tray is not None:
            self.tray["counts"][event["player"]] = event["count"]
        self.table.anim.tween(f"down{event['player']}", 0.0, 1.0, 0.35)
        self.sound("lock")
        return None

    def on_vote_revealed(self, event: dict) -> float:
        if self.tray is not None:
            self.tray["cards"] = [list(c) for c in event["cards"]]
        self.table.anim.tween("flip", 0.0, 1.0, 0.8)
        self.sound("flip")
        waiting = event.get("jein", [])
        words = f"Revealed: yes {event['yes']}, no {event['no']}"
        if waiting:
            words += f", and {scoring.plural(len(waiting), 'Jein')} to declare"
        self.show_caption(words, 1.6)
        return 1.6

    def on_jein_declared(self, event: dict) -> float | None:
        if self.tray is not None:
            self.tray["jein"][event["player"]] = event["side"]
        self.table.anim.tween(f"jein{event['player']}", 0.0, 1.0, 0.4)
        self.sound("flip")
        return None

    def on_vote_result(self, event: dict) -> float:
        if self.tray is not None:
            self.tray["result"] = dict(event)
            for seat, side in enumerate(event.get("jein", [])):
                if side is not None:
                    self.tray["jein"][seat] = side
        self.table.anim.tween("tally", 0.0, 1.0, TRAY_HOLD)
        self.sound("gavel")
        self.show_caption(vote_words(event, self.name), 1.8)
        return 1.8

    def on_tile_returned(self, event: dict) -> float:
        cells = [list(c) for c in event["cells"]]
        tile = {"stretch": event["stretch"], "kind": STRETCH_KIND[event["stretch"]], "size": event["size"],
                "cells": cells}
        previous = [t for t in self.view.get("tiles", []) if t["stretch"] == event["stretch"]
                    and tile_key(t) != tile_key(tile)]
        back_to = tuple(previous[-1]["cells"][-1]) if previous else START_XY[event["stretch"]]
        self.landing = None
        self.returning = {"tile": tile, "player": event["player"], "back_to": back_to}
        self.table.anim.tween("return", 0.0, 1.0, 0.9)
        self.sound("whoosh")
        if self.tray is not None and self.tray["result"] is not None:
            self.show_caption(vote_words(self.tray["result"], self.name), 1.0)
        return 1.0

    def on_stretch_closed(self, event: dict) -> float:
        self.closing[event["stretch"]] = tuple(event["cell"])
        self.table.anim.tween(f"close{event['stretch']}", 0.0, 1.0, 0.5)
        self.sound("thud")
        self.show_caption(f"The {dart.STRETCH_NAMES[event['stretch']].lower()} is closed", 1.0)
        return 1.0

    def on_passed(self, event: dict) -> float:
        self.table.anim.tween(f"pass{event['player']}", 0.0, 1.0, 1.8)
        self.sound("reject")
        self.show_caption(f"{self.name(event['player'])} has no tile that fits: passes", 1.1)
        return 1.1

    def on_locked(self, event: dict) -> float | None:
        self.locked_now.add(event["player"])
        self.table.anim.tween(f"lock{event['player']}", 0.0, 1.0, 0.5)
        self.sound("lock")
        return None

    def on_picks_complete(self, event: dict) -> float | None:
        self.show_caption("Everyone has picked the card that counts first", 0.9)
        return None

    def on_game_over(self, event: dict) -> float:
        self.show_caption("No tile fits any more: the game is over", 1.0)
        return 1.0

    def finale_seconds(self) -> float:
        return FINALE_INTRO + FINALE_PER_SEAT * self.table.players + FINALE_OUTRO

    def on_seat_event(self, seat: int, event: dict) -> None:
        if event.get("type") == "picked":
            self.table.choosers[seat].private_note = f"You picked: {scoring.card_name(event['card'])} counts first"
        elif event.get("type") == "voted":
            self.table.choosers[seat].private_note = "You put down " + ", ".join(
                PEOPLE_NAMES[c] for c in event["cards"])

    def on_shown(self, beat) -> None:
        self.locked_now.clear()
        view = self.view
        tiles = {tile_key(t) for t in view.get("tiles", [])}
        anim = self.table.anim
        if self.landing is not None and tile_key(self.landing["tile"]) in tiles and not anim.running("land"):
            self.landing = None
        if self.returning is not None and tile_key(self.returning["tile"]) not in tiles and not anim.running("return"):
            self.returning = None
        self.closing = {s: c for s, c in self.closing.items() if view.get("tokens", {}).get(s) is not None}
        if view.get("vote") and (self.tray is None or self.tray["result"] is not None):
            self.tray = tray_from_view(view["vote"])
        vote = view.get("vote") or {}
        moment = (view.get("phase"), view.get("turn"), tuple(c is None for c in vote.get("committed", ())))
        if moment != self._moment:  # a new step of the game: every seat's own steps start afresh
            self._moment = moment
            for chooser in self.table.choosers.values():
                chooser.stage.clear()
                if view.get("phase") not in ("vote", "pick"):
                    chooser.private_note = ""
        if view.get("phase") == "over" and self.finale is None:
            self.finale = {"cards": view.get("all_cards", []), "points": view.get("points", []),
                           "winners": view.get("winners", []), "people": [len(p) for p in view.get("people", [])]}
            seconds = self.finale_seconds()
            self.table.anim.tween("finale", 0.0, seconds, seconds, linear_ease)
            self.table.hold(seconds)

    def update(self, dt: float) -> None:
        anim = self.table.anim
        if self.landing is not None and anim.finished("land"):
            keys = {tile_key(t) for t in self.view.get("tiles", [])}
            if tile_key(self.landing["tile"]) in keys:
                self.landing = None
        if self.returning is not None and anim.finished("return"):
            keys = {tile_key(t) for t in self.view.get("tiles", [])}
            if tile_key(self.returning["tile"]) not in keys:
                self.returning = None

    # --- drawing (reads only) -------------------------------------------------------------
    def draw_board(self, surface) -> None:
        self.draw.board(surface)

    def draw_seat(self, surface, seat: int, rect: pygame.Rect) -> None:
        self.draw.seat(surface, seat, rect)

    def draw_choice(self, surface, seat: int, choice: Choice, focused: bool) -> None:
        self.draw.choice(surface, seat, choice, focused)

    def draw_private(self, surface, seat: int, rect: pygame.Rect, choices: list[Choice]) -> None:
        self.draw.private(surface, seat, rect, choices)

    def draw_overlay(self, surface) -> None:
        self.draw.overlay(surface)

    # --- results --------------------------------------------------------------------------
    def standings(self) -> Standings:
        table, view = self.table, self.view
        result = view.get("game_result") or {"scores": [0] * table.players, "winners": []}
        cards = view.get("all_cards", [[] for _ in range(table.players)])
        points = view.get("points", [[0] for _ in range(table.players)])
        people = [len(p) for p in view.get("people", [[] for _ in range(table.players)])]
        variant = bool(view.get("variant"))
        columns = (["2nd card"] if variant else []) + ["People cards"]
        cells = [([points[p][1]] if variant and len(points[p]) > 1 else []) + [people[p]] for p in range(table.players)]
        shown = ", ".join(f"{self.name(p)} {' / '.join(scoring.card_name(c) for c in cards[p])}"
                          for p in range(table.players) if p < len(cards))
        ties = f"Ties: {'the second card, then ' if variant else ''}most people cards left"
        # the results' footer line: the cards if they fit beside the ties' rule, else the rule alone
        note = f"{shown}. {ties}"
        if art.text_width(f"{table.info.name}: highest points wins.  {note}", 34) > art.W - 80:
            note = ties
        return self.standings_of(result["scores"], result["winners"], columns=columns, cells=cells,
                                 total_label="Points", note=note)

    @classmethod
    def emblem(cls, height: int) -> pygame.Surface:
        return dart.emblem(height)


def linear_ease(t: float) -> float:
    return t


def vote_words(event: dict, name) -> str:
    """The seed's way: "No wins 7:5", and what happens to the tile."""
    yes, no = event["yes"], event["no"]
    if event["stays"]:
        tie = " (a tie keeps it)" if yes == no else ""
        return f"Yes wins {yes}:{no}: {name(event['placer'])}'s tile stays{tie}"
    return f"No wins {no}:{yes}: the tile goes back to {name(event['placer'])}"


def tray_from_view(vote: dict) -> dict:
    """The tray of a vote already running when this table first saw it (a late join)."""
    committed = vote.get("committed", [])
    return {"placer": vote["placer"], "toilets": [tuple(c) for c in vote.get("toilets", [])],
            "order": list(vote.get("order", [])),
            "counts": {seat: count for seat, count in enumerate(committed) if count is not None},
            "cards": vote.get("cards"), "jein": {seat: side for seat, side in enumerate(vote.get("jein") or [])
                                                  if side is not None},
            "result": None}
