"""Die Mauer rules: the state, legal actions, apply, results and views.

Rulings DM-1 to DM-9 (../shared/RULINGS.md); notation in docs/rules/die_mauer.md.
Each turn is a secret simultaneous plan (one piece or an empty fist), a reveal, and the
builds, choices or donation the reveal calls for.
"""

from collections.abc import Iterable
from typing import Any

from ..errors import N_, IllegalAction, shown
from ..events import private
from ..simultaneous import SecretChoices
from ..state import OVER, GameState, best_seats, check_fields
from ..types import Action, Event, Options, View
from ..words import Translator

# --- constants (DM-1) -------------------------------------------------------------
TOWER, GATE = "T", "G"
PIECES = (TOWER, GATE, "6", "4", "3", "2", "1")  # highest penalty first
PENALTY = {TOWER: 15, GATE: 10, "6": 6, "4": 4, "3": 3, "2": 2, "1": 1}
PIECE_NAMES = {TOWER: "Tower", GATE: "Gate", **{w: f"{w}-wall" for w in "12346"}}
CLOSED = (TOWER, GATE)  # pieces restricted by building order §2
LEFT, RIGHT = "L", "R"
END_NAMES = {LEFT: "left", RIGHT: "right"}

PLAN, BUILD, CHOOSE, DONATE = "plan", "build", "choose", "donate"


def legal_ends(wall: list[str], piece: str) -> list[str]:
    """The ends where ``piece`` may go now (DM-3); an empty wall has one place."""
    if not wall:
        return [LEFT]
    if piece not in CLOSED:
        return [LEFT, RIGHT]
    return [end for end, neighbour in ((LEFT, wall[0]), (RIGHT, wall[-1])) if neighbour not in CLOSED]


def penalty(stock: list[str]) -> int:
    return sum(PENALTY[piece] for piece in stock)


_RANK = {piece: rank for rank, piece in enumerate(PIECES)}


def _by_penalty(pieces: Iterable[str]) -> list[str]:
    return sorted(pieces, key=_RANK.__getitem__)


# --- the state ----------------------------------------------------------------------
class DieMauerState(GameState):
    GAME_ID = "die_mauer"
    ACTION_TYPES = frozenset({"build", "donate", "plan"})  # any other type: unknown_action (GameState.check_known)
    UNKNOWN_ACTION = N_("{type} is not a Die Mauer action")

    def __init__(self, players: int, seed: int, options: Options):
        super().__init__(players, seed, options)
        self.rounds = options["rounds"]
        self.round = 0
        self.turn = 0
        self.totals = [0] * players
        self.round_penalties: list[list[int]] = []
        # Public memory of every reveal (what a person at the table remembers, so bots
        # can read it from their view): per seat [turns as competitor, empty fists as
        # competitor, turns as master, empty fists as master].
        self.fist_counts = [[0, 0, 0, 0] for _ in range(players)]
        self._start_round()

    def _start_round(self) -> None:
        self.stocks = [list(PIECES) for _ in range(self.players)]
        self.built: list[list[str]] = [[] for _ in range(self.players)]
        self.wall: list[str] = []
        # This round's builds and donations in order: ["build", player, piece] and
        # ["donate", giver, master, piece]; views hide a donated piece (DM-9).
        self.round_moves: list[list[Any]] = []
        self.master = self.round % self.players  # DM-8: first master moves left each round
        self.turn = 1
        self.last_reveal: list[str | None] | None = None  # each seat's plan at the last reveal
        self._start_turn()

    def _start_turn(self) -> None:
        self.phase = PLAN
        self.plans = SecretChoices(self.players, range(self.players))
        self.builders: list[list[Any]] = []
        self.donor: int | None = None

    # --- who acts, and what they may do ----------------------------------------------
    def active_players(self) -> list[int]:
        if self.phase == PLAN:
            return self.plans.pending()
        if self.phase == BUILD:
            return [self.builders[0][0]]
        if self.phase == CHOOSE:
            return [self.master]
        if self.phase == DONATE:
            return [] if self.donor is None else [self.donor]
        return []

    def legal_actions(self, player: int) -> list[Action]:
        if not self.is_seat(player) or player not in self.active_players():
            return []
        stock = self.stocks[player]
        if self.phase == PLAN:
            return [{"type": "plan", "piece": None}] + [
                {"type": "plan", "piece": piece} for piece in _by_penalty(set(stock))
            ]
        if self.phase == BUILD:
            piece = self.builders[0][1]
            return [{"type": "build", "piece": piece, "end": end} for end in legal_ends(self.wall, piece)]
        if self.phase == CHOOSE:
            return [
                {"type": "build", "piece": piece, "end": end}
                for piece in _by_penalty(set(stock))
                for end in legal_ends(self.wall, piece)
            ]
        return [{"type": "donate", "piece": piece} for piece in _by_penalty(set(stock))]

    # --- applying actions -------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> list[Event]:
        if self.phase == PLAN:
            return self._plan(player, action["piece"])
        if self.phase in (BUILD, CHOOSE):
            if self.phase == BUILD:
                self.builders.pop(0)
            return self._build(player, action["piece"], action["end"]) + self._continue_building()
        return self._donate(player, action["piece"])

    def _plan(self, player: int, piece: str | None) -> list[Event]:
        events = self.plans.commit(player, piece, "planned", "piece")
        if self.plans.complete():
            events += self._reveal()
        return events

    def _reveal(self) -> list[Event]:
        """Resolve a complete set of plans (DM-4, DM-5)."""
        plans = self.plans.revealed()
        self.last_reveal = last_reveal = [plans[p] for p in range(self.players)]
        for player, piece in plans.items():
            counts = self.fist_counts[player]
            slot = 2 if player == self.master else 0
            counts[slot] += 1
            counts[slot + 1] += piece is None
        events = [{"type": "reveal", "master": self.master, "plans": list(last_reveal)}]
        master_piece = plans[self.master]
        competitors = self._seating_from_master()[1:]
        if master_piece is not None:
            guessers = [c for c in competitors if plans[c] == master_piece]
            places = len(legal_ends(self.wall, master_piece))
            if not guessers:
                case, rule = ("master_builds", "DM-4a") if places else ("nobody_builds", "DM-4a")
                builders = [self.master] if places else []
            elif master_piece not in CLOSED:
                case, rule, builders = "competitors_build", "DM-4b", guessers
            elif len(guessers) <= places:
                case, rule, builders = "competitors_build", "DM-4c", guessers
            elif places:
                case, rule, builders = "master_builds_instead", "DM-4c", [self.master]
            else:
                case, rule, builders = "nobody_builds", "DM-4c", []
            self.builders = [[b, master_piece] for b in builders]
            events.append({"type": "outcome", "case": case, "rule": rule, "builders": builders})
            self.phase = BUILD
            return events + self._continue_building()
        empty = [c for c in competitors if plans[c] is None]
        if not empty:
            if any(legal_ends(self.wall, piece) for piece in self.stocks[self.master]):
                self.phase = CHOOSE
                events.append({"type": "outcome", "case": "master_chooses", "rule": "DM-5.1", "builders": [self.master]})
                return events
            events.append({"type": "outcome", "case": "nobody_builds", "rule": "DM-5.1", "builders": []})
        elif len(empty) == 1:
            self.phase, self.donor = DONATE, empty[0]
            events.append({"type": "outcome", "case": "donation", "rule": "DM-5.2", "builders": [], "donor": self.donor})
            return events
        else:
            events.append({"type": "outcome", "case": "nothing", "rule": "DM-5.3", "builders": []})
        return events + self._end_turn()

    def _continue_building(self) -> list[Event]:
        """Place queued pieces that have one legal end; stop where a builder must choose."""
        events: list[Event] = []
        while self.phase == BUILD and self.builders:
            player, piece = self.builders[0]
            ends = legal_ends(self.wall, piece)
            if len(ends) > 1:
                return events
            self.builders.pop(0)
            if ends:  # DM-4: a builder whose piece has one legal end gets that end
                events += self._build(player, piece, ends[0])
        if self.phase in (BUILD, CHOOSE):
            events += self._end_turn()
        return events

    def _build(self, player: int, piece: str, end: str) -> list[Event]:
        self.stocks[player].remove(piece)
        self.built[player].append(piece)
        self.round_moves.append(["build", player, piece])
        if end == LEFT:
            self.wall.insert(0, piece)
        else:
            self.wall.append(piece)
        events = [{"type": "built", "player": player, "piece": piece, "end": end, "wall": list(self.wall)}]
        if not self.stocks[player]:
            events += self._end_round()  # DM-7: the moment a stock is empty
        return events

    def _donate(self, giver: int, piece: str) -> list[Event]:
        self.stocks[giver].remove(piece)
        self.round_moves.append(["donate", giver, self.master, piece])
        self.stocks[self.master] = _by_penalty(self.stocks[self.master] + [piece])
        events = [
            {"type": "donation", "giver": giver, "master": self.master},
            private({"type": "donated", "giver": giver, "master": self.master, "piece": piece}, [giver, self.master]),
        ]
        if not self.stocks[giver]:
            return events + self._end_round()
        return events + self._end_turn()

    def _end_turn(self) -> list[Event]:
        if not any(legal_ends(self.wall, piece) for stock in self.stocks for piece in stock):
            return self._end_round()  # DM-7: nobody can ever build again this round
        self.master = (self.master + 1) % self.players  # DM-6
        self.turn += 1
        self._start_turn()
        return [{"type": "turn", "master": self.master, "turn": self.turn}]

    def _end_round(self) -> list[Event]:
        penalties = [penalty(stock) for stock in self.stocks]
        self.totals = [t + p for t, p in zip(self.totals, penalties, strict=True)]
        self.round_penalties.append(penalties)
        events = [{
            "type": "round_over",
            "round": self.round + 1,
            "wall": list(self.wall),
            "stocks": [list(stock) for stock in self.stocks],
            "penalties": penalties,
            "totals": list(self.totals),
        }]
        self.round += 1
        if self.round >= self.rounds:
            self.phase, self.builders, self.donor = OVER, [], None
            return events + [{"type": "game_over", "totals": list(self.totals), "winners": self.winners()}]
        self._start_round()
        return events + [{"type": "round", "round": self.round + 1, "master": self.master}]

    # --- results ----------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Total penalty points so far (DM-8: lower is better)."""
        return list(self.totals)

    def winners(self) -> list[int]:
        return best_seats(self.totals, lowest=True)

    # --- what each player may know (DM-9) ---------------------------------------------
    def view(self, player: int | None) -> View:
        """What ``player`` may know (None: a spectator); IllegalAction for no such seat."""
        view = {
            **self._view_header(player),
            "round": min(self.round + 1, self.rounds),
            "rounds": self.rounds,
            "turn": self.turn,
            "master": self.master,
            "wall": list(self.wall),
            "stock_counts": [len(stock) for stock in self.stocks],
            "built": [list(b) for b in self.built],
            "totals": list(self.totals),
            "round_penalties": [list(r) for r in self.round_penalties],
            "fist_counts": [
                {"competitor": c, "competitor_empty": ce, "master": m, "master_empty": me}
                for c, ce, m, me in self.fist_counts
            ],
            "round_moves": [self._move_seen_by(move, player) for move in self.round_moves],
            "last_reveal": None if self.last_reveal is None else list(self.last_reveal),
            "builders": [list(b) for b in self.builders],
            "donor": self.donor,
        }
        if self.phase == PLAN:
            view["plans"] = self.plans.view_for(player)
        if player is not None:
            view["stock"] = list(self.stocks[player])
        return view

    def describe(self, action: Action, tr: Translator | None = None) -> str:
        """The move in words, in ``tr``'s language (English without one)."""
        _ = tr.gettext if tr is not None else str
        kind, piece = action["type"], action.get("piece")
        if kind == "plan":
            if piece is None:
                return _("empty fist")
            if piece == TOWER:
                return _("plans the Tower")
            if piece == GATE:
                return _("plans the Gate")
            return _("plans the {n}-wall").format(n=piece)
        if kind == "build":
            left = action["end"] == LEFT
            if piece == TOWER:
                return _("builds the Tower at the left end") if left else _("builds the Tower at the right end")
            if piece == GATE:
                return _("builds the Gate at the left end") if left else _("builds the Gate at the right end")
            if left:
                return _("builds the {n}-wall at the left end").format(n=piece)
            return _("builds the {n}-wall at the right end").format(n=piece)
        if piece == TOWER:
            return _("donates the Tower")
        if piece == GATE:
            return _("donates the Gate")
        return _("donates the {n}-wall").format(n=piece)

    # --- helpers ----------------------------------------------------------------------
    @staticmethod
    def _move_seen_by(move: list[Any], player: int | None) -> list[Any]:
        """A round move as ``player`` saw it: a donated piece only for giver and master (DM-9)."""
        if move[0] == "donate" and player not in move[1:3]:
            return move[:3] + [None]
        return list(move)

    def _seating_from_master(self) -> list[int]:
        return [(self.master + i) % self.players for i in range(self.players)]

    def _check(self, player: int, action: Action) -> None:
        # Checked field by field rather than against legal_actions(): it is the hot path.
        expected = _ACTION_TYPE[self.phase]
        self._check_type(action, expected)
        check_fields(action, _FIELDS[expected])
        piece = action["piece"]
        if piece is None and expected == "plan":
            return  # an empty fist is always allowed (DM-5)
        if not isinstance(piece, str) or piece not in PENALTY:
            raise IllegalAction("no_such_piece", N_("{piece} is not a Die Mauer piece"), {"piece": shown(piece)})
        if piece not in self.stocks[player]:
            raise IllegalAction("piece_not_held", *_said(_NOT_HELD, piece))
        if self.phase == BUILD and piece != self.builders[0][1]:
            raise IllegalAction("wrong_piece", *_said(_NOT_PLANNED, self.builders[0][1]))
        if expected == "build":
            end = action["end"]
            if not isinstance(end, str) or end not in END_NAMES:
                raise IllegalAction("no_such_end", N_("the end must be L or R"))
            if end not in legal_ends(self.wall, piece):
                # building order §2, DM-3
                raise IllegalAction("building_order", *_said(_NOT_THERE[end], piece))


# --- refusals that name a piece: a sentence per kind of piece (German: den Turm, das Tor,
# die Mauer), a wall's merlons as {n} -------------------------------------------------------
_NOT_HELD = {
    TOWER: N_("you do not hold the Tower"),
    GATE: N_("you do not hold the Gate"),
    "wall": N_("you do not hold the {n}-wall"),
}
_NOT_PLANNED = {
    TOWER: N_("you build the Tower you planned"),
    GATE: N_("you build the Gate you planned"),
    "wall": N_("you build the {n}-wall you planned"),
}
_NOT_THERE = {
    LEFT: {
        TOWER: N_("the Tower may not go at the left end (building order)"),
        GATE: N_("the Gate may not go at the left end (building order)"),
        "wall": N_("the {n}-wall may not go at the left end (building order)"),
    },
    RIGHT: {
        TOWER: N_("the Tower may not go at the right end (building order)"),
        GATE: N_("the Gate may not go at the right end (building order)"),
        "wall": N_("the {n}-wall may not go at the right end (building order)"),
    },
}


def _said(templates: dict[str, str], piece: str) -> tuple[str, dict[str, Any]]:
    """A refusal's template and data for ``piece`` (a wall's merlons as the number ``n``)."""
    if piece in CLOSED:
        return templates[piece], {}
    return templates["wall"], {"n": int(piece)}


_ACTION_TYPE = {PLAN: "plan", BUILD: "build", CHOOSE: "build", DONATE: "donate"}
_FIELDS = {"plan": ("type", "piece"), "build": ("type", "piece", "end"), "donate": ("type", "piece")}
