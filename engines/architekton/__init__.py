"""Architekton: two builders lay building and landscape tiles like a chessboard.

Rulings AR-1 to AR-7, quoted in full in docs/rules/architekton.md with the notation.
``tiles`` holds the components as data, ``board`` the board's geometry (where tiles
fit), ``supply`` the stacks and supply, ``rules`` the state machine, ``bot`` the bots,
``words`` the phone's words.
"""

from ..errors import N_
from ..registry import GameInfo, Option
from ..types import Action
from .bot import BOTS, bot
from .rules import ArchitektonState
from .sampling import sample_state
from .tiles import is_building
from .words import WORDS


# --- notation (docs/rules/architekton.md) -------------------------------------------------
def notation(action: Action) -> str:
    kind = action["type"]
    if kind == "take":
        return "take " + " ".join(action["tiles"])
    if kind == "place":
        turn = f" r{action['rot']}" if is_building(action["tile"]) else ""
        return f"place {action['tile']} {action['x']},{action['y']}{turn}"
    if kind == "move_house":
        return f"move {action['x']},{action['y']}"
    return "settle back" if action["take_back"] else "settle keep"


def _square(text: str) -> tuple[int, int]:
    x, y = text.split(",")
    return int(x), int(y)


def parse_action(text: str) -> Action:
    """The action written as ``text``; ValueError when it is not Architekton notation."""
    words = text.split()
    try:
        if words and words[0] == "take" and len(words) in (2, 3):
            return {"type": "take", "tiles": words[1:]}
        if words and words[0] == "place" and len(words) in (3, 4):
            x, y = _square(words[2])
            rot = 0
            if len(words) == 4:
                if not words[3].startswith("r"):
                    raise ValueError(words[3])
                rot = int(words[3][1:])
            return {"type": "place", "tile": words[1], "x": x, "y": y, "rot": rot}
        if len(words) == 2 and words[0] == "move":
            x, y = _square(words[1])
            return {"type": "move_house", "x": x, "y": y}
        if len(words) == 2 and words[0] == "settle" and words[1] in ("keep", "back"):
            return {"type": "settle", "take_back": words[1] == "back"}
    except ValueError:
        pass
    raise ValueError(f"not Architekton notation: {text!r}")


GAME = GameInfo(
    id="architekton",
    name="Architekton",
    min_players=2,
    max_players=2,
    state_class=ArchitektonState,
    bot=bot,
    bots=BOTS,
    sample_state=sample_state,
    summary=N_(
        "Two builders lay building and landscape tiles in a growing chessboard. Every "
        "building gets one of your houses; once four landscapes enclose it, its owner "
        "gains a chip if every side matches its terrain and pays for each side that does "
        "not, so you enclose your own buildings carefully and the opponent's spitefully. "
        "Whoever cannot pay loses at once; otherwise chips plus the largest group of "
        "diagonally linked houses win. Optional revenge match: first to 2 victory points."
    ),
    options={
        "revenge": Option(False, N_("revenge match: first to 2 victory points")),
    },
    test_configs=((2, {}), (2, {"revenge": True})),
    event_types=frozenset({
        "took", "placed", "returned", "no_placement", "house", "surrounded", "settled", "cannot_pay", "refill",
        "supply_redrawn", "last_round", "turn", "final_scoring", "game_over",
        "match", "new_game",  # a revenge match (AR-7)
    }),
    bench_config=(2, {}),
    parse_action=parse_action,
    notation=notation,
    words=WORDS,
)
