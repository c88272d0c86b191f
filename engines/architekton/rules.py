"""Architekton's rules: the state machine (turns, legal actions, apply, scoring) and views.

Rulings AR-1 to AR-7, quoted in full in docs/rules/architekton.md with the notation.
A turn is: take two supply tiles that can both be placed, or one that fits when no
pair can (``take``, AR-2), place them one after the other in either order, the first
so that the second still fits (``place``, AR-5), for a building with no house left in
stock move one of your houses onto it (``move_house``, AR-3), and when a building is
enclosed its owner settles mismatches (``settle``, AR-4), even during the opponent's
turn. Then the supply is refilled, from the face-down reserve once a stack runs short
(last round, AR-5). A supply where nothing fits is put under the stacks and drawn
anew (AR-2). The board (where tiles fit, why one is refused) is `board.TileBoard`;
the stacks, reserve and supply are `supply.TileSupply`.
"""

from typing import Any

from ..errors import N_, IllegalAction
from ..plain import encode
from ..state import OVER, GameState, best_seats, check_fields
from ..types import Action, Event, Options, View
from ..words import Translator
from .board import HOUSE, ROT, SCORED, TILE, TileBoard, X, Y, is_bounded_whole
from .supply import TileSupply
from .tiles import (
    FACING,
    HOUSES_PER_PLAYER,
    MASK_ROTS,
    START_CHIPS,
    STEPS,
    is_building,
    key,
    tile_name,
)

TAKE, PLACE, MOVE_HOUSE, SETTLE = "take", "place", "move_house", "settle"
ACTION_FIELDS = {
    "take": ("type", "tiles"),
    "place": ("type", "tile", "x", "y", "rot"),
    "move_house": ("type", "x", "y"),
    "settle": ("type", "take_back"),
}
PHASE_ACTION = {TAKE: "take", PLACE: "place", MOVE_HOUSE: "move_house", SETTLE: "settle"}


class ArchitektonState(TileBoard, TileSupply, GameState):
    GAME_ID = "architekton"
    ACTION_TYPES = frozenset({"move_house", "place", "settle", "take"})  # any other type: unknown_action (GameState.check_known)
    UNKNOWN_ACTION = N_("{type} is not an Architekton action")

    def __init__(self, players: int, seed: int, options: Options):
        super().__init__(players, seed, options)
        self.revenge = options["revenge"]
        self.victory_points = [0] * players
        self.results: list[dict[str, Any]] = []  # one summary per finished game (AR-7)
        self.game_number = 0
        self.starter = 0  # the seed's "oldest player" is seat 0
        self._start_game()

    # --- set-up (seed: game and tile preparation, starting placement) ----------------
    def _start_game(self) -> list[Event]:
        self.game_number += 1
        self._deal(self.rng)
        self.board = {}
        self.open_land, self.open_build = {}, {}  # see TileBoard
        self.houses = [HOUSES_PER_PLAYER] * self.players
        self.chips = [START_CHIPS] * self.players
        self.hand = []
        self.scoring: list[list[int]] = []  # enclosed buildings still to score, in order
        self.settling: list[int] | None = None  # [x, y, owner, mismatches] while the owner decides
        self.moving: list[int] | None = None  # [x, y] of a new building waiting for a moved house
        self.turns_left: int | None = None  # turns still to play once the last round began (AR-5)
        self.final: dict[str, Any] | None = None
        self.turn = 0
        start = [self.landscape_stack.pop(), self.landscape_stack.pop()]
        self._put(start[0], 0, 0, 0)
        self._put(start[1], 1, 1, 0)  # corners touching (starting placement)
        events = [{
            "type": "new_game",
            "game": self.game_number,
            "starter": self.starter,
            "start": [[0, 0, start[0]], [1, 1, start[1]]],
            "supply": self.supply_buildings + self.supply_landscapes,
        }]
        return events + self._start_turn(self.starter)

    def _start_turn(self, player: int) -> list[Event]:
        self.current = player
        self.turn += 1
        self.phase = TAKE
        self.hand = []
        events = [{"type": "turn", "player": player, "turn": self.turn}]
        if self._supply_fits():
            return events
        # AR-2: when no supply tile fits anywhere, the supply goes under its stacks and
        # a new one is turned up from them, until a tile fits. The tiles stay in the
        # game and the reserve is untouched, so the game still lasts as long as the
        # seed says (AR-5). Only when every stacked tile has been face up without
        # fitting is the game scored as it stands.
        for _ in range(self._redraws_to_see_every_stacked_tile()):
            events.append(self._redraw_supply(player))
            if self._supply_fits():
                return events
        events.append({"type": "no_placement", "player": player, "rule": "AR-2"})
        return events + self._final_scoring()

    # --- who acts, and what they may do ----------------------------------------------
    def active_players(self) -> list[int]:
        if self.phase == SETTLE:
            return [self._settling_now()[2]]  # AR-4: the owner decides, even on the other's turn
        if self.phase == OVER:
            return []
        return [self.current]

    def legal_actions(self, player: int) -> list[Action]:
        if not self.is_seat(player) or player not in self.active_players():
            return []
        if self.phase == TAKE:
            return [{"type": "take", "tiles": tiles} for tiles in self.take_options()]
        if self.phase == PLACE:
            spots = self.hand_spots()
            return [
                {"type": "place", "tile": tile, "x": x, "y": y, "rot": rot}
                for tile in sorted(spots)
                for x, y, mask in spots[tile]
                for rot in MASK_ROTS[mask]
            ]
        if self.phase == MOVE_HOUSE:
            return [
                {"type": "move_house", "x": x, "y": y} for x, y in self._movable_houses(player)
            ]
        return [{"type": "settle", "take_back": take_back} for take_back in self._settle_options()]

    def _movable_houses(self, player: int) -> list[list[int]]:
        target = key(*self._moving_now())
        found = [
            [cell[X], cell[Y]] for k, cell in self.board.items()
            if cell[HOUSE] == player and k != target
        ]
        return sorted(found, key=lambda c: (c[1], c[0]))

    def _settling_now(self) -> list[int]:
        """``[x, y, owner, mismatches]`` of the building being settled (phase SETTLE)."""
        if self.settling is None:
            raise RuntimeError("no building is being settled")
        return self.settling

    def _moving_now(self) -> list[int]:
        """``[x, y]`` of the new building waiting for a moved house (phase MOVE_HOUSE)."""
        if self.moving is None:
            raise RuntimeError("no house is being moved")
        return self.moving

    def _settle_options(self) -> list[bool]:
        """AR-4: keep the house and pay all, or take it back and pay one less; only
        what the owner can pay is offered."""
        _, _, owner, owed = self._settling_now()
        return [take_back for take_back in (False, True) if owed - take_back <= self.chips[owner]]

    # --- applying actions -------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> list[Event]:
        kind = action["type"]
        if kind == "take":
            return self._take(player, action["tiles"])
        if kind == "place":
            return self._place(player, action["tile"], action["x"], action["y"], action["rot"])
        if kind == "move_house":
            return self._move_house(player, action["x"], action["y"])
        return self._settle(player, action["take_back"])

    def _take(self, player: int, tiles: list[str]) -> list[Event]:
        for tile in tiles:
            (self.supply_buildings if is_building(tile) else self.supply_landscapes).remove(tile)
        self.hand = list(tiles)
        self.phase = PLACE
        return [{"type": "took", "player": player, "tiles": list(tiles)}]

    def _place(self, player: int, tile: str, x: int, y: int, rot: int) -> list[Event]:
        self.hand.remove(tile)
        self._put(tile, x, y, rot)
        events = [{
            "type": "placed", "player": player, "tile": tile, "x": x, "y": y, "rot": rot,
            "sides": list(FACING[tile][rot]),
        }]
        if is_building(tile):
            if not self.houses[player]:
                self.moving = [x, y]  # AR-3: all houses are out, one must move here
                self.phase = MOVE_HOUSE
                return events
            self.houses[player] -= 1
            self.board[key(x, y)][HOUSE] = player
            events.append({"type": "house", "player": player, "x": x, "y": y, "from": None})
            if self._enclosed(x, y):
                self.scoring.append([x, y])
        else:
            for dx, dy in STEPS:  # several enclosed buildings score clockwise from north
                cell = self.board.get(key(x + dx, y + dy))
                if cell is not None and self._enclosed(cell[X], cell[Y]):
                    self.scoring.append([cell[X], cell[Y]])
        return events + self._resolve()

    def _move_house(self, player: int, x: int, y: int) -> list[Event]:
        tx, ty = self._moving_now()
        self.board[key(x, y)][HOUSE] = None
        self.board[key(tx, ty)][HOUSE] = player
        self.moving = None
        events = [{"type": "house", "player": player, "x": tx, "y": ty, "from": [x, y]}]
        if self._enclosed(tx, ty):
            self.scoring.append([tx, ty])
        return events + self._resolve()

    def _resolve(self) -> list[Event]:
        """Score enclosed buildings one after another (AR-4); stop for a decision."""
        events: list[Event] = []
        while self.scoring:
            x, y = self.scoring.pop(0)
            cell = self.board[key(x, y)]
            cell[SCORED] = True
            owner, owed = cell[HOUSE], self.mismatches(x, y)
            event = {"type": "surrounded", "x": x, "y": y, "owner": owner, "mismatches": owed, "rule": "AR-4"}
            events.append(event)
            if owner is None:
                continue
            if owed == 0:
                self.chips[owner] += 1
                event["chips"] = list(self.chips)
                continue
            if self.chips[owner] < owed - 1:
                return events + self._early_end(owner, owed)
            self.settling = [x, y, owner, owed]
            self.phase = SETTLE
            return events
        return events + self._continue_turn()

    def _settle(self, player: int, take_back: bool) -> list[Event]:
        x, y, _, owed = self._settling_now()
        paid = owed - 1 if take_back else owed
        self.chips[player] -= paid
        if take_back:
            self.board[key(x, y)][HOUSE] = None
            self.houses[player] += 1
        self.settling = None
        events = [{
            "type": "settled", "player": player, "x": x, "y": y, "take_back": take_back,
            "paid": paid, "chips": list(self.chips),
        }]
        return events + self._resolve()

    def _continue_turn(self) -> list[Event]:
        events = []
        for tile in list(self.hand):
            if not self._placeable(tile):  # AR-5: place what can be placed
                self.hand.remove(tile)
                supply = self.supply_buildings if is_building(tile) else self.supply_landscapes
                supply.append(tile)
                supply.sort()
                events.append({"type": "returned", "player": self.current, "tile": tile, "rule": "AR-5"})
        if self.hand:
            self.phase = PLACE
            return events
        return events + self._end_turn()

    def _end_turn(self) -> list[Event]:
        events: list[Event] = []
        if self.turns_left is not None:
            self.turns_left -= 1
            if self.turns_left == 0:
                return self._final_scoring()
        refill, from_reserve = self._refill()
        events.append({"type": "refill", "tiles": refill, "from_reserve": from_reserve})
        if from_reserve and self.turns_left is None:
            # AR-5: after the first player's turn only the other still plays; after
            # the second player's turn (a round is complete) both play once more.
            self.turns_left = 1 if self.current == self.starter else 2
            events.append({"type": "last_round", "turns_left": self.turns_left, "rule": "AR-5"})
        return events + self._start_turn(1 - self.current)

    # --- the end of a game (AR-4 early end, AR-6 final scoring, AR-7 match) --------
    def _early_end(self, debtor: int, owed: int) -> list[Event]:
        winner = 1 - debtor
        events = [{
            "type": "cannot_pay", "player": debtor, "owed": owed, "chips": self.chips[debtor],
            "rule": "AR-4",
        }]
        return events + self._finish_game([winner], early=True, scores=list(self.chips))

    def _final_scoring(self) -> list[Event]:
        removed = sorted(
            ([cell[X], cell[Y]] for cell in self.board.values()
             if is_building(cell[TILE]) and self.landscape_neighbours(cell[X], cell[Y]) <= 2),
            key=lambda c: (c[1], c[0]),
        )
        for x, y in removed:
            del self.board[key(x, y)]
        groups = [self.largest_group(p) for p in range(self.players)]
        houses = [self.houses_on_board(p) for p in range(self.players)]
        scores = [self.chips[p] + groups[p] for p in range(self.players)]
        leaders = best_seats(scores)
        most = max(houses[p] for p in leaders)
        winners = [p for p in leaders if houses[p] == most]  # AR-6: houses after the removal; else a draw
        self.final = {"removed": removed, "groups": groups, "houses": houses, "scores": scores}
        events = [{"type": "final_scoring", "rule": "AR-6", **encode(self.final), "chips": list(self.chips)}]
        return events + self._finish_game(winners, early=False, scores=scores)

    def _finish_game(self, winners: list[int], early: bool, scores: list[int]) -> list[Event]:
        self.phase, self.hand, self.scoring, self.settling, self.moving = OVER, [], [], None, None
        result = {
            "game": self.game_number, "starter": self.starter, "winners": winners,
            "early": early, "scores": scores, "chips": list(self.chips),
        }
        self.results.append(result)
        events = [{"type": "game_over", **encode(result)}]
        if not self.revenge:
            return events
        if len(winners) == 1:  # AR-7: an early-end win is worth 2, any other win 1
            self.victory_points[winners[0]] += 2 if early else 1
        events.append({"type": "match", "victory_points": list(self.victory_points), "rule": "AR-7"})
        if max(self.victory_points) >= 2:
            return events
        self.starter = 1 - self.starter  # AR-7: each game is started by the other player
        return events + self._start_game()

    # --- results ----------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Victory points in a revenge match; else the final score (AR-6), or the
        chips while the game runs or when it ended early."""
        if self.revenge:
            return list(self.victory_points)
        if self.results:
            return list(self.results[-1]["scores"])
        return list(self.chips)

    def winners(self) -> list[int]:
        if self.revenge:
            return best_seats(self.victory_points)
        if self.results:
            return list(self.results[-1]["winners"])
        return best_seats(self.chips)

    # --- what each player may know ----------------------------------------------------
    def view(self, player: int | None) -> View:
        """Everything is public except the order of the stacks and the face-down
        reserve, which nobody knows (only their sizes). IllegalAction for no such seat."""
        view = {
            **self._view_header(player),
            "current": self.current,
            "turn": self.turn,
            "game_number": self.game_number,
            "starter": self.starter,
            "revenge": self.revenge,
            "victory_points": list(self.victory_points),
            "results": encode(self.results),
            "board": [
                {
                    "x": c[X], "y": c[Y], "tile": c[TILE], "rot": c[ROT],
                    "building": is_building(c[TILE]), "sides": list(FACING[c[TILE]][c[ROT]]),
                    "house": c[HOUSE], "scored": c[SCORED],
                }
                for c in sorted(self.board.values(), key=lambda c: (c[Y], c[X]))
            ],
            "supply": [
                {"tile": t, "sides": list(FACING[t][0])}
                for t in self.supply_buildings + self.supply_landscapes
            ],
            "stacks": {"buildings": len(self.building_stack), "landscapes": len(self.landscape_stack)},
            "reserve": {"buildings": len(self.reserve_buildings), "landscapes": len(self.reserve_landscapes)},
            "houses": list(self.houses),
            "houses_on_board": [self.houses_on_board(p) for p in range(self.players)],
            "chips": list(self.chips),
            "hand": list(self.hand),
            "spots": {},
            "takeable": [],
            "moving": None if self.moving is None else list(self.moving),
            "settling": None,
            "last_round": self.turns_left is not None,
            "turns_left": self.turns_left,
            "final": encode(self.final),
        }
        if self.phase == TAKE:
            view["takeable"] = sorted({tile for tiles in self.take_options() for tile in tiles})
        elif self.phase == PLACE:
            view["spots"] = {
                tile: [{"x": x, "y": y, "rots": MASK_ROTS[mask]} for x, y, mask in spots]
                for tile, spots in sorted(self.hand_spots().items())
            }
        elif self.phase == SETTLE:
            x, y, owner, owed = self._settling_now()
            view["settling"] = {
                "x": x, "y": y, "owner": owner, "mismatches": owed,
                "options": self._settle_options(),
            }
        return view

    def describe(self, action: Action, tr: Translator | None = None) -> str:
        """The move in words, in ``tr``'s language (English without one)."""
        _ = tr.gettext if tr is not None else str
        kind = action["type"]
        if kind == "take":
            names = [tile_name(t, tr) for t in action["tiles"]]
            tiles = names[0] if names else ""
            for name in names[1:]:
                tiles = _("{first} and {second}").format(first=tiles, second=name)
            return _("takes {tiles}").format(tiles=tiles)
        if kind == "place":
            data = {"tile": tile_name(action["tile"], tr), "x": action["x"], "y": action["y"]}
            if action["rot"]:
                return _("places {tile} at {x},{y}, turned {degrees}°").format(degrees=action["rot"] * 90, **data)
            return _("places {tile} at {x},{y}").format(**data)
        if kind == "move_house":
            return _("moves the house from {x},{y} to the new building").format(x=action["x"], y=action["y"])
        if action["take_back"]:
            return _("takes the house back and pays one chip less")
        return _("keeps the house and pays in full")

    # --- validation ---------------------------------------------------------------------
    def _check(self, player: int, action: Action) -> None:
        self._check_type(action, PHASE_ACTION[self.phase])
        kind = action["type"]
        check_fields(action, ACTION_FIELDS[kind])
        if kind == "take":
            self._check_take(action["tiles"])
        elif kind == "place":
            self._check_place(action)
        elif kind == "move_house":
            x, y = action["x"], action["y"]
            if not (is_bounded_whole(x) and is_bounded_whole(y)):
                raise IllegalAction("malformed", N_("x and y must be whole numbers"))
            if [x, y] not in self._movable_houses(player):
                raise IllegalAction("no_house_there", N_("you have no house to move at {x},{y}"), {"x": x, "y": y})
        else:
            take_back = action["take_back"]
            if not isinstance(take_back, bool):
                raise IllegalAction("malformed", N_("take_back must be true or false"))
            if take_back not in self._settle_options():
                raise IllegalAction("cannot_pay", N_("you cannot pay that many chips"))
