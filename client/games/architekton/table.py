"""The Architekton table (rulings AR-1 to AR-7, docs/rules/architekton.md).

An unbounded board under a camera that frames it whole and glides as it grows (a
player may zoom and pan: the wheel, + and -, I J K L, a pad's right stick; Home or a
pad's Y frames the whole board again). The supply of 3 + 3 stands on the left, each
seat's chips, houses and taken tiles in its zone below the board.

A turn in choices: pick two supply tiles (the first lifts, then its partners show), or
one when no pair can both be placed (AR-2); then the legal squares of the tile in hand
show as ghosts. Point or move to one and confirm; a building with several legal
rotations then offers them in a row under the square (left and right turn it, a pad's
X too), and confirm lays it. With two tiles in hand, a tile that may only go second has
no squares (AR-5): picking it says "place the other tile first". A surround's choice
(AR-4) goes to the owner's own device, even on the other player's turn.

Nothing at this table is secret, so it has no private panel.
"""

import math

import pygame

from client import art
from client.games.architekton import art as pieces
from client.games.architekton import paint
from client.games.architekton.layout import (
    BOARD,
    HAND_TILE,
    LOG,
    PHASE,
    PREVIEW,
    SEATS,
    SUPPLY,
    SUPPLY_TILE,
    TILE,
    square_rect,
)
from client.games.architekton.state import Shown
from client.games.architekton.words import (
    chips,
    describe,
    last_round_words,
    sides,
    the,
    tile_words,
)
from client.table.camera import Camera
from client.table.choices import Choice
from client.table.game import GameTable, Standings, and_list
from client.table.layout import Layout, seat_strip
from engines.architekton.tiles import is_building

ZOOM_KEYS = {"=": 1.25, "+": 1.25, "[+]": 1.25, "page up": 1.25, "-": 0.8, "[-]": 0.8, "page down": 0.8}
PAN_KEYS = {"i": (0, -1), "k": (0, 1), "j": (-1, 0), "l": (1, 0)}
FRAME_KEYS = ("home", "0", "[0]")
PAN_STEP = 180  # screen pixels per pan key
STICK_SPEED = 900  # screen pixels per second at a full right stick
TWEEN_NAMES = 24  # per kind of tween


class ArchitektonTable(GameTable):
    game_id = "architekton"
    dwell = {"turn": 0.25, "refill": 0.3, "house": 0.35, "game_over": 1.6, "match": 0.0}

    def __init__(self, table):
        super().__init__(table)
        self.shown = Shown()
        self.camera = Camera(BOARD.copy(), min_zoom=0.1, max_zoom=1.3)
        self.following = True  # the camera frames the whole board until a player pans or zooms
        self.sticks: dict[str, tuple[float, float]] = {}
        self.flights: list[dict] = []  # tiles and houses on their way (see `fly`)
        self.floats: list[dict] = []  # words rising over a square or a zone ("+1 chip")
        self.scoring: dict | None = None  # the surround being scored (AR-4)
        self.banner: dict | None = None  # a big line over the board (last round, a redraw)
        self.final: dict | None = None  # final scoring (AR-6): removed buildings, traced groups
        self.early: dict | None = None  # a player could not pay (AR-4)
        self.interlude: dict | None = None  # between games of a revenge match (AR-7)
        self.answered: dict | None = None  # a surround settled, its view not yet shown
        self.last_round_began = False
        self.fresh_game = False  # a revenge game began; its first view is not yet shown
        self.board_image = None  # (what it shows, the whole board drawn; see paint.board)
        self.board_view = None  # (what it shows, the board's part of the screen at rest)
        self._count: dict[str, int] = {}

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> Layout:
        zones = seat_strip(self.table.players, SEATS, gap=20, widest=920)
        return Layout(BOARD.copy(), dict(enumerate(zones)), {}, phase=PHASE.copy(), log=LOG.copy())

    def private_rect(self, seat: int, count: int) -> pygame.Rect:
        return pygame.Rect(0, 0, 0, 0)  # nothing is private at this table

    def supply_rects(self) -> dict[str, pygame.Rect]:
        """Where each supply tile stands: buildings in one row, landscapes in the next."""
        rects = {}
        rows = ([t for t in self.shown.supply if is_building(t)], [t for t in self.shown.supply if not is_building(t)])
        for row, tiles in enumerate(rows):
            for index, tile in enumerate(tiles):
                rects[tile] = self.supply_slot(row, index)
        return rects

    @staticmethod
    def supply_slot(row: int, index: int) -> pygame.Rect:
        gap = 16
        left = SUPPLY.centerx - (3 * SUPPLY_TILE + 2 * gap) // 2
        return pygame.Rect(left + index * (SUPPLY_TILE + gap), SUPPLY.top + 88 + row * 150, SUPPLY_TILE, SUPPLY_TILE)

    def zone(self, seat: int) -> pygame.Rect:
        return self.table.layout.seats[seat]

    def hand_slot(self, seat: int, index: int) -> pygame.Rect:
        """Where the ``index``-th tile ``seat`` took lies, in the right half of its zone."""
        zone = self.zone(seat)
        return pygame.Rect(zone.centerx + 30 + min(index, 1) * (HAND_TILE + 90), zone.top + 26, HAND_TILE, HAND_TILE)

    def stock_point(self, seat: int) -> tuple[int, int]:
        """Where a seat's houses in stock are drawn (a house flies from and to there)."""
        zone = self.zone(seat)
        return zone.left + 40, zone.top + 140

    def square(self, x: int, y: int) -> pygame.Rect:
        return self.camera.rect_to_screen(square_rect(x, y))

    def visible(self, rect: pygame.Rect) -> bool:
        return self.camera.view.collidepoint(rect.center)

    # --- the camera ---------------------------------------------------------------------------
    def frame_board(self) -> None:
        """Glide to show the whole board and the squares around it (at a whole number of
        pixels a square)."""
        centre, zoom = self.camera.framing(self.shown.bounds(1))
        zoom = max(math.floor(zoom * TILE), 1) / TILE
        if self.camera.goal != (centre, zoom) and (self.camera.centre, self.camera.zoom) != (centre, zoom):
            self.camera.glide_to(centre, zoom)

    def update(self, dt: float) -> None:
        speed = self.table.speed()
        for vector in self.sticks.values():
            if vector != (0.0, 0.0):
                self.camera.pan(vector[0] * STICK_SPEED * dt, vector[1] * STICK_SPEED * dt)
        if self.following:
            self.frame_board()
        self.camera.update(math.inf if math.isinf(speed) else dt * max(speed, 0.5))
        anim = self.table.anim
        self.flights = [f for f in self.flights if anim.running(f["tween"])]
        self.floats = [f for f in self.floats if anim.running(f["tween"])]

    def choices_version(self, seat: int):
        return (round(self.camera.centre[0], 1), round(self.camera.centre[1], 1), round(self.camera.zoom, 4))

    def zoom(self, factor: float, point=None) -> None:
        """Zoom by about ``factor`` about ``point``, to a whole number of pixels a square (so the
        board at rest is one image, see paint.board)."""
        self.following = False
        point = point if point is not None and BOARD.collidepoint(point) else None
        camera = self.camera
        goal = min(camera.max_zoom, max(camera.min_zoom, camera.zoom * factor))
        size = max(round(camera.min_zoom * TILE + 0.5), min(int(camera.max_zoom * TILE), round(goal * TILE)))
        camera.zoom_at(size / TILE / camera.zoom, point)

    def pan(self, dx: float, dy: float) -> None:
        self.following = False
        (x, y), zoom = self.camera.goal or (self.camera.centre, self.camera.zoom)
        self.camera.glide_to((x + dx / zoom, y + dy / zoom), zoom)

    def on_input(self, intent) -> bool:
        """Zoom and pan, by anyone at the screen (the view is shared)."""
        action = intent.action
        if action == "wheel":
            self.zoom(1.2 ** max(-3.0, min(3.0, intent.amount)), intent.pos)
            return True
        if action == "look":
            self.sticks[intent.device] = intent.vector
            if intent.vector != (0.0, 0.0):
                self.following = False
            return True
        if action == "secret" and intent.pressed:  # a pad's Y: the whole board, or close up
            if self.following:
                self.zoom(1.0 / self.camera.zoom)
            else:
                self.following = True
            return True
        if action == "raw" and intent.device == "keyboard":
            name = intent.text
            if name in ZOOM_KEYS:
                self.zoom(ZOOM_KEYS[name])
            elif name in PAN_KEYS:
                dx, dy = PAN_KEYS[name]
                self.pan(dx * PAN_STEP, dy * PAN_STEP)
            elif name in FRAME_KEYS:
                self.following = True
            else:
                return False
            return True
        return super().on_input(intent)

    def on_seat_input(self, seat: int, intent) -> bool:
        action = intent.action
        if action == "alt" and intent.pressed:  # a pad's X turns the tile being placed
            choices = self.table.usable(seat)
            if choices and choices[0].key[0] == "rot":
                if self.table.choosers[seat].move(choices, "right"):
                    self.sound("move")
                return True
        if action == "confirm" and intent.pressed and intent.pos is not None:
            return self.clicked_beside(seat, intent.pos) or self.asked_to_wait(seat, intent)
        return self.on_input(intent) or self.asked_to_wait(seat, intent)

    def clicked_beside(self, seat: int, pos) -> bool:
        """A click that hit no choice: say why a supply tile cannot be taken, or put the
        tile being turned back."""
        stage = self.stage(seat)
        if "spot" in stage:
            stage.pop("spot")
            self.table.refresh()
            return True
        for tile, rect in self.supply_rects().items():
            if rect.collidepoint(pos) and self.view.get("phase") == "take" and seat in self.view.get("active", []):
                self.say(seat, self.why_not_take(tile, stage.get("first")))
                return True
        return False

    def why_not_take(self, tile: str, first: str | None) -> str:
        if first is not None and tile != first:
            return f"{the(first).capitalize()} and {the(tile)} cannot both be placed"
        if tile not in self.view.get("takeable", []):
            return f"{the(tile).capitalize()} cannot be placed with any other supply tile"
        return "pick another tile"

    def say(self, seat: int, words: str) -> None:
        self.sound("reject")
        self.toast(words, seat, seconds=3.5, key=f"say{seat}", problem=True)

    # --- a seat's own steps ---------------------------------------------------------------------
    def moment(self) -> tuple:
        view = self.view
        return (view.get("game_number"), view.get("turn"), view.get("phase"), tuple(view.get("hand", [])))

    def stage(self, seat: int) -> dict:
        """The seat's steps (a lifted supply tile, the tile in hand, the square being
        turned), forgotten as soon as the game moves on."""
        stage = self.table.choosers[seat].stage
        if stage and stage.get("at") != self.moment():
            stage.clear()
        return stage

    def step(self, seat: int, **values):
        def then():
            stage = self.stage(seat)
            for name, value in values.items():
                if value is None:
                    stage.pop(name, None)
                else:
                    stage[name] = value
            stage["at"] = self.moment()
        return then

    # --- choices ----------------------------------------------------------------------------------
    def choices(self, seat: int, legal: list) -> list[Choice]:
        kind = legal[0]["type"]
        if kind == "take":
            return self.take_choices(seat, legal)
        if kind == "place":
            return self.place_choices(seat, legal)
        if kind == "move_house":
            return [Choice(a, self.square(a["x"], a["y"]), "move this house", data=("move", a["x"], a["y"]))
                    for a in legal if self.visible(self.square(a["x"], a["y"]))]
        return self.settle_choices(seat, legal)

    def take_choices(self, seat: int, legal: list) -> list[Choice]:
        """Lift one supply tile, then pick its partner (AR-2); one tile at once when no two
        can both be placed."""
        rects = self.supply_rects()
        sets = [a["tiles"] for a in legal if all(t in rects for t in a["tiles"])]
        if sets and len(sets[0]) == 1:
            return [Choice({"type": "take", "tiles": tiles}, rects[tiles[0]], f"take {tile_words(tiles[0])}",
                           data=("supply", tiles[0])) for tiles in sets]
        stage = self.stage(seat)
        first = stage.get("first")
        partners = [t for tiles in sets if first in tiles for t in tiles if t != first]
        if not partners:
            takeable = [t for t in self.shown.supply if any(t in tiles for tiles in sets)]
            return [Choice(None, rects[t], f"lift {tile_words(t)}", key=("supply", t), then=self.step(seat, first=t),
                           data=("supply", t), extra={"forward": True}) for t in takeable]
        out = [Choice(None, rects[first], "put it back", key=("supply", first), then=self.step(seat, first=None),
                      data=("lifted", first))]
        for other in partners:
            tiles = sorted([first, other])
            out.append(Choice({"type": "take", "tiles": tiles}, rects[other],
                              f"take {tile_words(first)} and {tile_words(other)}", data=("supply", other)))
        return out

    def place_choices(self, seat: int, legal: list) -> list[Choice]:
        spots: dict[str, dict] = {}
        for action in legal:
            spots.setdefault(action["tile"], {}).setdefault((action["x"], action["y"]), []).append(action["rot"])
        hand = list(self.seat_view(seat).get("hand", [])) or list(spots)
        stage = self.stage(seat)
        tile = stage.get("tile") if spots.get(stage.get("tile")) else next((t for t in hand if spots.get(t)), None)
        if tile is None:
            return []
        spot = stage.get("spot")
        if spot is not None and len(spots[tile].get(tuple(spot), [])) > 1:
            return self.rotation_choices(tile, tuple(spot), spots[tile][tuple(spot)])
        out = []
        for (x, y), rots in spots[tile].items():
            rect = self.square(x, y)
            if not self.visible(rect):
                continue
            if len(rots) == 1:
                out.append(Choice({"type": "place", "tile": tile, "x": x, "y": y, "rot": rots[0]}, rect,
                                  f"place {tile_words(tile)} here", key=("spot", tile, x, y),
                                  data=("spot", tile, x, y, rots[0])))
            else:
                out.append(Choice(None, rect, f"place {tile_words(tile)} here, then turn it", key=("spot", tile, x, y),
                                  then=self.step(seat, tile=tile, spot=(x, y)), data=("spot", tile, x, y, rots[0]),
                                  extra={"forward": True}))
        rects = {t: self.hand_slot(seat, i) for i, t in enumerate(self.shown.taken) if t in hand}
        for other in hand:
            if other != tile and other in rects:
                waits = not spots.get(other)
                then = (lambda o=other: self.say(seat, self.wait_words(o, tile))) if waits else \
                    self.step(seat, tile=other, spot=None)
                out.append(Choice(None, rects[other], "place the other tile first" if waits else "place this one",
                                  key=("hand", other), then=then, data=("hand", other), legal=not waits))
        return out

    def placing(self, seat: int) -> str | None:
        """The tile whose squares ``seat`` is shown now."""
        for choice in self.table.live.get(seat, []):
            if choice.data and choice.data[0] in ("spot", "rot"):
                return choice.data[1]
        return None

    def wait_words(self, waiting: str, first: str) -> str:
        return f"Place the other tile first: {the(waiting)} fits only once {the(first)} lies"

    def rotation_choices(self, tile: str, spot: tuple, rots: list) -> list[Choice]:
        """The legal rotations of ``tile`` at ``spot``, in a row under the square (over it
        near the board's foot)."""
        x, y = spot
        square = self.square(x, y)
        gap = 12
        width = len(rots) * PREVIEW + (len(rots) - 1) * gap
        row = pygame.Rect(0, 0, width, PREVIEW)
        row.midtop = (square.centerx, square.bottom + 40)
        if row.bottom > BOARD.bottom - 16:
            row.midbottom = (square.centerx, square.top - 16)
        row.clamp_ip(BOARD.inflate(-24, -60))
        return [Choice({"type": "place", "tile": tile, "x": x, "y": y, "rot": rot},
                       pygame.Rect(row.left + i * (PREVIEW + gap), row.top, PREVIEW, PREVIEW),
                       f"turned {rot * 90}°", key=("rot", tile, x, y, rot), data=("rot", tile, x, y, rot))
                for i, rot in enumerate(rots)]

    def settle_choices(self, seat: int, legal: list) -> list[Choice]:
        """AR-4: keep the house and pay all, or take it back and pay one less."""
        settling = self.view.get("settling") or {}
        owed = settling.get("mismatches", 1)
        zone = self.zone(seat)
        out = []
        for index, action in enumerate(sorted(legal, key=lambda a: a["take_back"])):
            back = action["take_back"]
            words = (f"Take the house back: pay {chips(owed - 1)}" if back else f"Keep the house: pay {chips(owed)}")
            rect = pygame.Rect(zone.left + zone.width // 2 + 20, zone.top + 52 + index * 66, zone.width // 2 - 50, 58)
            out.append(Choice(action, rect, words, data=("settle", back)))
        return out

    def preferred(self, seat: int, choices: list[Choice]) -> int:
        """A lifted tile's first partner; on the board, the square nearest the middle."""
        if not choices:
            return 0
        if choices[0].data and choices[0].data[0] == "lifted" and len(choices) > 1:
            return 1
        if not choices[0].data or choices[0].data[0] not in ("spot", "move"):
            return 0
        centre = BOARD.center
        return min(range(len(choices)), key=lambda i: (choices[i].rect.centerx - centre[0]) ** 2
                   + (choices[i].rect.centery - centre[1]) ** 2 if choices[i].legal else 1e12)

    # --- words ------------------------------------------------------------------------------------
    def status_text(self) -> str:
        shown = self.shown
        parts = []
        if self.view.get("revenge"):
            parts.append(f"Game {shown.game}")
        parts.append(f"Turn {shown.turn}")
        if shown.turns_left is not None:
            parts.append("last round")
        return "   ".join(parts)

    def phase_text(self) -> str:
        # Only while its own time runs (not `caption_on`'s whole beat): the final
        # scoring's caption gives way to the score once the buildings are gone.
        if self.caption and self.table.anim.running("caption"):
            return self.caption
        name = self.table.name
        interlude = self.interlude
        if interlude is not None and "tween" in interlude and self.table.anim.running(interlude["tween"]):
            return f"Game {interlude['game']} begins: {name(interlude['starter'])} starts"
        if self.early is not None:
            debtor = self.early["player"]
            return f"Early end: {name(debtor)} cannot pay, so {name(1 - debtor)} wins"
        if self.final is not None:
            event = self.final["event"]
            return "Final score: " + ", ".join(
                f"{name(p)} {event['chips'][p]} + {event['groups'][p]} = {event['scores'][p]}"
                for p in range(len(event["scores"])))
        view = self.view
        phase = view.get("phase")
        who = name(view.get("current", 0))
        if phase == "take":
            if any(c.data and c.data[0] == "lifted" for s in self.table.choosers for c in self.table.live.get(s, [])):
                return f"{who}: now a second tile to go with the lifted one (the lifted one again puts it back)"
            if len(view.get("takeable", [])) and self.single_take():
                return f"{who}: no two tiles can both be placed, so take one tile that fits"
            return f"{who}: take two tiles from the supply that can both be placed"
        if phase == "place":
            spots = view.get("spots", {})
            hand = view.get("hand", [])
            waiting = [t for t in hand if not spots.get(t)]
            if len(hand) == 2 and waiting:
                first = next(t for t in hand if t not in waiting)
                return f"{who} places {the(first)} first: {the(waiting[0])} fits only once it lies"
            return f"{who} places " + and_list([tile_words(t) for t in hand])
        if phase == "move_house":
            return f"{who} has no house left: pick one of their houses to move onto the new building"
        if phase == "settle":
            settling = view.get("settling") or {}
            owner, owed = name(settling.get("owner", 0)), settling.get("mismatches", 1)
            options = settling.get("options", [False, True])
            if options == [True]:
                return (f"{owner}'s building is enclosed, {sides(owed)} not matching: {owner} cannot pay "
                        f"{chips(owed)}, so takes the house back and pays {chips(owed - 1)}")
            return (f"{owner}'s building is enclosed, {sides(owed)} not matching: pay {chips(owed)}, "
                    f"or take the house back and pay {chips(owed - 1)}")
        return "Game over"

    def single_take(self) -> bool:
        for seat in self.table.local_seats:
            legal = self.table.model.legal.get(seat) or []
            if legal and legal[0]["type"] == "take":
                return len(legal[0]["tiles"]) == 1
        return False

    def describe(self, event: dict) -> str | None:
        return describe(event, self.table.name)

    # --- events: what moves, and how long to dwell -------------------------------------------------
    def tween(self, prefix: str, seconds: float, delay: float = 0.0) -> str:
        """A 0-to-1 tween under a fresh name (names come round again after TWEEN_NAMES, long
        after their tween ended, so the animator's table stays small)."""
        self._count[prefix] = (self._count.get(prefix, 0) + 1) % TWEEN_NAMES
        name = f"{prefix}{self._count[prefix]}"
        self.table.anim.tween(name, 0.0, 1.0, seconds, delay=delay)
        return name

    def fly(self, kind: str, start: pygame.Rect, end, seconds: float, delay: float = 0.0, **what) -> None:
        """Something moving from ``start`` (a screen rect) to ``end`` (a screen rect, or a
        board square (x, y), followed as the camera moves); it hides at its end meanwhile."""
        self.flights.append({"kind": kind, "start": pygame.Rect(start), "end": end,
                             "tween": self.tween("fly", seconds, delay), **what})

    def float_words(self, words: str, at, colour, seconds: float = 1.6) -> None:
        self.floats.append({"words": words, "at": at, "colour": colour, "tween": self.tween("float", seconds)})

    def on_shown(self, beat) -> None:
        first = not self.shown.cells
        self.shown.sync(self.view)
        if first:  # the table opens on the board framed, not gliding to it
            self.frame_board()
            if self.camera.goal is not None:
                self.camera.centre, self.camera.zoom = self.camera.goal
                self.camera.goal = None
        self.answered, self.fresh_game = None, False
        settling = self.view.get("settling")
        if settling is None:
            if self.view.get("phase") != "over":
                self.scoring = None
            return
        x, y = settling["x"], settling["y"]
        if self.scoring is None or (self.scoring["x"], self.scoring["y"]) != (x, y):
            self.scoring = {"x": x, "y": y, "owner": settling["owner"], "tween": self.tween("ring", 1.4)}
        self.scoring["matches"] = self.shown.side_matches(x, y) if (x, y) in self.shown.cells else [None] * 4

    def on_took(self, event: dict) -> float:
        rects = self.supply_rects()
        seat = event["player"]
        for index, tile in enumerate(event["tiles"]):
            if tile in rects:
                self.fly("tile", rects[tile], ("hand", seat, index), 0.45, 0.08 * index, tile=tile, rot=0)
        self.shown.take(event["tiles"])
        self.sound("move")
        return 0.5

    def on_placed(self, event: dict) -> float:
        seat, tile = event["player"], event["tile"]
        taken = self.shown.taken
        start = self.hand_slot(seat, taken.index(tile)) if tile in taken else self.zone(seat)
        self.shown.put(tile, event["x"], event["y"], event["rot"])
        self.fly("tile", start, (event["x"], event["y"]), 0.45, tile=tile, rot=event["rot"])
        self.sound("thud")
        return 0.5

    def on_house(self, event: dict) -> float:
        seat, x, y = event["player"], event["x"], event["y"]
        source = event.get("from")
        if source is None:
            start = pygame.Rect(0, 0, 40, 40)
            start.center = self.stock_point(seat)
            self.shown.houses[seat] = max(0, self.shown.houses[seat] - 1)
            self.fly("house", start, (x, y), 0.35, seat=seat)
        else:
            self.shown.set_house(source[0], source[1], None)
            self.fly("house", self.square(*source), (x, y), 0.45, seat=seat)
        self.shown.set_house(x, y, seat)
        return 0.4 if source is None else 0.55

    def on_surrounded(self, event: dict) -> float:
        x, y, owner, owed = event["x"], event["y"], event["owner"], event["mismatches"]
        cell = self.shown.cells.get((x, y))
        matches = self.shown.side_matches(x, y) if cell else [None] * 4
        self.scoring = {"x": x, "y": y, "owner": owner, "matches": matches, "tween": self.tween("ring", 1.4)}
        if owner is None:
            self.show_caption("A building without a house is enclosed: nothing to score", 1.0)
            return 1.0
        name = self.table.name(owner)
        if owed == 0:
            self.shown.chips = list(event.get("chips", self.shown.chips))
            self.float_words("+1 chip", (x, y), art.GOOD)
            self.show_caption(f"{name}'s building is enclosed and every side matches: +1 chip", 1.6)
            self.sound("round")
            return 1.6
        self.float_words(f"{sides(owed)} wrong", (x, y), art.DANGER)
        self.show_caption(f"{name}'s building is enclosed: {sides(owed)} "
                          f"{'does' if owed == 1 else 'do'} not match", 1.6)
        self.sound("reject")
        return 1.6

    def on_settled(self, event: dict) -> float:
        seat, x, y = event["player"], event["x"], event["y"]
        self.answered = dict(event)
        self.shown.chips = list(event["chips"])
        if event["paid"]:
            self.float_words(f"-{chips(event['paid'])}", ("zone", seat), art.DANGER)
        if event["take_back"]:
            self.shown.set_house(x, y, None)
            self.shown.houses[seat] += 1
            end = pygame.Rect(0, 0, 40, 40)
            end.center = self.stock_point(seat)
            self.fly("house", self.square(x, y), end, 0.5, seat=seat)
        self.sound("thud")
        return 1.0

    def on_refill(self, event: dict) -> float:
        self.shown.refill(event["tiles"])
        return self.dwell["refill"]

    def on_last_round(self, event: dict) -> float:
        self.shown.turns_left = event["turns_left"]
        self.last_round_began = True
        after = self.table.name(1 - self.view.get("current", 0))
        self.announce("Last round", last_round_words(event["turns_left"], after).capitalize(), 2.2)
        self.sound("round")
        return 2.2

    def on_supply_redrawn(self, event: dict) -> float:
        self.shown.supply = list(event["supply"])
        self.announce("Nothing in the supply fits", "it goes under the stacks; new tiles are turned up", 1.8)
        return 1.8

    def on_no_placement(self, event: dict) -> float:
        self.announce("No tile fits anywhere", "the game is scored as it stands", 2.0)
        return 2.0

    def on_returned(self, event: dict) -> float:
        if event["tile"] in self.shown.hand:
            self.shown.hand.remove(event["tile"])
        self.shown.supply.append(event["tile"])
        return 0.6

    def announce(self, words: str, more: str, seconds: float) -> None:
        self.banner = {"words": words, "more": more, "tween": self.tween("banner", seconds)}

    def on_cannot_pay(self, event: dict) -> float:
        self.early = dict(event)
        self.sound("scatter")
        return 3.0

    def on_final_scoring(self, event: dict) -> float:
        gone = {tuple(sq): self.shown.cells[tuple(sq)] for sq in event["removed"] if tuple(sq) in self.shown.cells}
        self.shown.remove(gone)
        removal = 0.5 + 0.22 * len(gone)
        groups = [self.shown.largest_group(p) for p in range(len(event["scores"]))]
        self.final = {"gone": gone, "groups": groups, "event": dict(event), "removal": self.tween("removal", removal),
                      "removal_seconds": removal,
                      "trace": self.tween("trace", 1.6, delay=removal)}
        self.show_caption("Final scoring: buildings with one or two landscape neighbours are removed", removal)
        self.sound("round")
        return removal + 2.6

    def on_game_over(self, event: dict) -> float:
        self.interlude = {"result": dict(event), "vp": None}
        return self.dwell["game_over"]

    def on_match(self, event: dict) -> float:
        self.shown.victory_points = list(event["victory_points"])
        if self.interlude is not None:
            self.interlude["vp"] = list(event["victory_points"])
        return 0.0

    def on_new_game(self, event: dict) -> float:
        self.shown.start(event["game"], event["start"], event["supply"], self.table.players)
        self.final = self.early = self.scoring = None
        self.fresh_game = True
        self.following = True
        if self.interlude is None:
            return 0.0
        self.interlude.update(starter=event["starter"], game=event["game"], tween=self.tween("interlude", 3.4))
        self.sound("round")
        return 3.4

    def on_turn(self, event: dict) -> float:
        self.following = True
        self.shown.turn = event["turn"]
        if self.shown.turns_left is not None and not self.last_round_began:
            self.shown.turns_left -= 1  # AR-5: a turn of the last round was played
        self.last_round_began = False
        return self.dwell["turn"]

    # --- drawing ---------------------------------------------------------------------------------
    def draw_board(self, surface) -> None:
        paint.board(self, surface)

    def draw_seat(self, surface, seat: int, rect: pygame.Rect) -> None:
        paint.seat(self, surface, seat, rect)

    def draw_choice(self, surface, seat: int, choice: Choice, focused: bool) -> None:
        paint.choice(self, surface, seat, choice, focused)

    def draw_overlay(self, surface) -> None:
        paint.overlay(self, surface)

    # --- results ---------------------------------------------------------------------------------
    def standings(self) -> Standings:
        table, view = self.table, self.view
        result = view.get("game_result") or {"scores": [0] * table.players, "winners": []}
        results = view.get("results") or []
        if view.get("revenge"):
            columns = [f"Game {r['game']}" for r in results]
            cells = [[game_cell(r, p) for r in results] for p in range(table.players)]
            return self.standings_of(result["scores"], result["winners"], columns=columns, cells=cells,
                                     total_label="Victory points",
                                     note="Revenge match: first to 2 victory points; an early-end win counts 2")
        last = results[-1] if results else {"early": False, "chips": [0] * table.players}
        if last["early"]:
            loser = next((p for p in range(table.players) if p not in last.get("winners", [])), 0)
            return self.standings_of(result["scores"], result["winners"], columns=["Chips"],
                                     cells=[[c] for c in last["chips"]], total_label="Score",
                                     note=f"Early end: {table.name(loser)} could not pay")
        final = view.get("final") or {"groups": [0] * table.players, "houses": [0] * table.players}
        note = ""
        scores = list(result["scores"])
        if len(set(scores)) == 1 and len(result["winners"]) == 1:
            note = "Tied: more houses on the board wins"
        return self.standings_of(scores, result["winners"], columns=["Chips", "Largest group", "Houses"],
                                 cells=[[last["chips"][p], final["groups"][p], final["houses"][p]]
                                        for p in range(table.players)],
                                 total_label="Score", note=note)

    @classmethod
    def emblem(cls, height: int) -> pygame.Surface:
        return pieces.emblem(height)


def game_cell(result: dict, seat: int) -> str:
    """One game of a revenge match in a results cell: its score, and the victory points won."""
    won = seat in result["winners"] and len(result["winners"]) == 1
    points = (2 if result["early"] else 1) if won else 0
    return f"{result['scores'][seat]}  (+{points})"

