"""Die Mauer: build one shared wall by outguessing the master builder.

Rulings DM-1 to DM-9 (../shared/RULINGS.md); notation in docs/rules/die_mauer.md.
Each turn is a secret simultaneous plan (one piece or an empty fist), a reveal, and the
builds, choices or donation the reveal calls for.
"""

from .errors import IllegalAction
from .events import private
from .registry import GameInfo, Option
from .simultaneous import SecretChoices
from .state import OVER, GameState, best_seats

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


def _by_penalty(pieces) -> list[str]:
    return sorted(pieces, key=_RANK.__getitem__)


# --- the state ----------------------------------------------------------------------
class DieMauerState(GameState):
    GAME_ID = "die_mauer"

    def __init__(self, players: int, seed: int, options: dict):
        super().__init__(players, seed, options)
        self.rounds = options["rounds"]
        self.round = 0
        self.turn = 0
        self.totals = [0] * players
        self.round_penalties: list[list[int]] = []
        self._start_round()

    def _start_round(self) -> None:
        self.stocks = [list(PIECES) for _ in range(self.players)]
        self.built: list[list[str]] = [[] for _ in range(self.players)]
        self.wall: list[str] = []
        self.master = self.round % self.players  # DM-8: first master moves left each round
        self.turn = 1
        self.last_reveal = None
        self._start_turn()

    def _start_turn(self) -> None:
        self.phase = PLAN
        self.plans = SecretChoices(self.players, range(self.players))
        self.builders: list[list] = []
        self.donor = None

    # --- who acts, and what they may do ----------------------------------------------
    def active_players(self) -> list[int]:
        if self.phase == PLAN:
            return self.plans.pending()
        if self.phase == BUILD:
            return [self.builders[0][0]]
        if self.phase == CHOOSE:
            return [self.master]
        if self.phase == DONATE:
            return [self.donor]
        return []

    def legal_actions(self, player: int) -> list:
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
    def _apply(self, player: int, action) -> list[dict]:
        if self.phase == PLAN:
            return self._plan(player, action["piece"])
        if self.phase in (BUILD, CHOOSE):
            if self.phase == BUILD:
                self.builders.pop(0)
            return self._build(player, action["piece"], action["end"]) + self._continue_building()
        return self._donate(player, action["piece"])

    def _plan(self, player: int, piece) -> list[dict]:
        events = self.plans.commit(player, piece, "planned", "piece")
        if self.plans.complete():
            events += self._reveal()
        return events

    def _reveal(self) -> list[dict]:
        """Resolve a complete set of plans (DM-4, DM-5)."""
        plans = self.plans.revealed()
        self.last_reveal = [plans[p] for p in range(self.players)]
        events = [{"type": "reveal", "master": self.master, "plans": list(self.last_reveal)}]
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

    def _continue_building(self) -> list[dict]:
        """Place queued pieces that have one legal end; stop where a builder must choose."""
        events: list[dict] = []
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

    def _build(self, player: int, piece: str, end: str) -> list[dict]:
        self.stocks[player].remove(piece)
        self.built[player].append(piece)
        if end == LEFT:
            self.wall.insert(0, piece)
        else:
            self.wall.append(piece)
        events = [{"type": "built", "player": player, "piece": piece, "end": end, "wall": list(self.wall)}]
        if not self.stocks[player]:
            events += self._end_round()  # DM-7: the moment a stock is empty
        return events

    def _donate(self, giver: int, piece: str) -> list[dict]:
        self.stocks[giver].remove(piece)
        self.stocks[self.master] = _by_penalty(self.stocks[self.master] + [piece])
        events = [
            {"type": "donation", "giver": giver, "master": self.master},
            private({"type": "donated", "giver": giver, "master": self.master, "piece": piece}, [giver, self.master]),
        ]
        if not self.stocks[giver]:
            return events + self._end_round()
        return events + self._end_turn()

    def _end_turn(self) -> list[dict]:
        if not any(legal_ends(self.wall, piece) for stock in self.stocks for piece in stock):
            return self._end_round()  # DM-7: nobody can ever build again this round
        self.master = (self.master + 1) % self.players  # DM-6
        self.turn += 1
        self._start_turn()
        return [{"type": "turn", "master": self.master, "turn": self.turn}]

    def _end_round(self) -> list[dict]:
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
    def view(self, player: int | None) -> dict:
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
            "last_reveal": None if self.last_reveal is None else list(self.last_reveal),
            "builders": [list(b) for b in self.builders],
            "donor": self.donor,
        }
        if self.phase == PLAN:
            view["plans"] = self.plans.view_for(player)
        if player is not None:
            view["stock"] = list(self.stocks[player])
        return view

    def describe(self, action) -> str:
        kind, piece = action["type"], action.get("piece")
        if kind == "plan":
            return "empty fist" if piece is None else f"plans the {PIECE_NAMES[piece]}"
        if kind == "build":
            return f"builds the {PIECE_NAMES[piece]} at the {END_NAMES[action['end']]} end"
        return f"donates the {PIECE_NAMES[piece]}"

    # --- helpers ----------------------------------------------------------------------
    def _seating_from_master(self) -> list[int]:
        return [(self.master + i) % self.players for i in range(self.players)]

    def _check(self, player: int, action) -> None:
        # Checked field by field rather than against legal_actions(): it is the hot path.
        expected = _ACTION_TYPE[self.phase]
        self._check_type(action, expected)
        fields = _FIELDS[expected]
        if len(action) != len(fields) or any(key not in action for key in fields):
            raise IllegalAction("malformed", f"a {expected} action has the fields {', '.join(fields)}")
        piece = action["piece"]
        if piece is None and expected == "plan":
            return  # an empty fist is always allowed (DM-5)
        if not isinstance(piece, str) or piece not in PENALTY:
            raise IllegalAction("no_such_piece", f"{piece!r} is not a Die Mauer piece")
        if piece not in self.stocks[player]:
            raise IllegalAction("piece_not_held", f"you do not hold the {PIECE_NAMES[piece]}")
        if self.phase == BUILD and piece != self.builders[0][1]:
            raise IllegalAction("wrong_piece", f"you build the {PIECE_NAMES[self.builders[0][1]]} you planned")
        if expected == "build":
            end = action["end"]
            if not isinstance(end, str) or end not in END_NAMES:
                raise IllegalAction("no_such_end", "the end must be L or R")
            if end not in legal_ends(self.wall, piece):
                raise IllegalAction(
                    "building_order",
                    f"the {PIECE_NAMES[piece]} may not go at the {END_NAMES[end]} end (building order §2, DM-3)",
                )


_ACTION_TYPE = {PLAN: "plan", BUILD: "build", CHOOSE: "build", DONATE: "donate"}
_FIELDS = {"plan": ("type", "piece"), "build": ("type", "piece", "end"), "donate": ("type", "piece")}


# --- notation (docs/rules/die_mauer.md) -------------------------------------------------
def notation(action) -> str:
    kind, piece = action["type"], action.get("piece")
    if kind == "plan":
        return f"plan {piece or '-'}"
    if kind == "build":
        return f"build {piece} {action['end']}"
    return f"donate {piece}"


def parse_action(text: str):
    words = text.split()
    if len(words) == 2 and words[0] == "plan":
        return {"type": "plan", "piece": None if words[1] == "-" else words[1]}
    if len(words) == 3 and words[0] == "build":
        return {"type": "build", "piece": words[1], "end": words[2]}
    if len(words) == 2 and words[0] == "donate":
        return {"type": "donate", "piece": words[1]}
    raise ValueError(f"not Die Mauer notation: {text!r}")


# --- the bot ----------------------------------------------------------------------------
def _may_hold(view: dict, player: int, piece: str) -> bool:
    """Whether ``player`` might still hold ``piece``, judged from public builds."""
    return view["built"][player].count(piece) < 1


def _guess_chance(view: dict, player: int, piece: str) -> float:
    if not _may_hold(view, player, piece):
        return 0.0
    return 1.0 / (view["stock_counts"][player] + 1)


def bot(view: dict, legal: list, rng):
    """Plays to shed high-penalty pieces: hides them from copycats as master, copies the
    master's likely piece as competitor, donates its worst piece, and builds where its
    remaining Towers and Gates keep room."""
    me, kind = view["you"], legal[0]["type"]
    if kind == "plan":
        return _bot_plan(view, legal, rng, me)
    if kind == "donate":
        return max(legal, key=lambda a: (PENALTY[a["piece"]], rng.random()))
    return max(legal, key=lambda a: (PENALTY[a["piece"]], _room_after(view, a), rng.random()))


def _bot_plan(view: dict, legal: list, rng, me: int):
    wall, master = view["wall"], view["master"]
    others = [p for p in range(view["players"]) if p != me]

    def value(action) -> float:
        piece = action["piece"]
        if me == master:
            if piece is None:
                buildable = [PENALTY[p] for p in view["stock"] if legal_ends(wall, p)]
                sole_empty = 1.0
                for p in others:
                    sole_empty *= 1 - 1 / (view["stock_counts"][p] + 1)
                return max(buildable, default=0) * sole_empty
            if not legal_ends(wall, piece):
                return -1.0
            unguessed = 1.0
            for p in others:
                unguessed *= 1 - _guess_chance(view, p, piece)
            return PENALTY[piece] * unguessed
        if piece is None:
            return max(PENALTY[p] for p in view["stock"]) * 0.5 / (view["stock_counts"][master] + 1)
        if not legal_ends(wall, piece):
            return -1.0
        return PENALTY[piece] * _guess_chance(view, master, piece)

    if rng.random() < 0.1:  # a little unpredictability keeps opponents guessing
        return rng.choice(legal)
    return max(legal, key=lambda a: (value(a), rng.random()))


def _room_after(view: dict, action) -> int:
    """How many legal ends the bot's remaining Towers and Gates have after this build."""
    wall = list(view["wall"])
    if action["end"] == LEFT:
        wall.insert(0, action["piece"])
    else:
        wall.append(action["piece"])
    rest = list(view["stock"])
    rest.remove(action["piece"])
    return sum(len(legal_ends(wall, piece)) for piece in set(rest) if piece in CLOSED)


GAME = GameInfo(
    id="die_mauer",
    name="Die Mauer",
    min_players=2,
    max_players=6,
    state_class=DieMauerState,
    bot=bot,
    summary=(
        "Everyone builds one shared wall. Each turn the master builder secretly picks a "
        "piece and the others try to guess it: guess right and you build instead. Towers "
        "and Gates may not touch. Shed your pieces first: what is left in hand counts "
        "against you."
    ),
    options={"rounds": Option(4, "rounds to play", minimum=1, maximum=10)},
    lower_score_wins=True,
    secret_action_types=("plan",),
    test_configs=((2, {"rounds": 2}), (3, {"rounds": 1}), (4, {"rounds": 1}), (6, {"rounds": 1})),
    bench_config=(4, {"rounds": 4}),
    parse_action=parse_action,
    notation=notation,
)
