"""Wild West: a flip-and-write town builder for 1-6 players (rulings WW-1 to WW-10).

Every player fills an own public town sheet from one shared deck. Rules: rules.py; the
sheet layout and the deck: sheet.py; scoring: scoring.py; the bot: bot.py; the action
notation: docs/rules/wild_west.md.
"""

from ..errors import N_
from ..registry import GameInfo, Option
from ..types import Action
from .bot import BOTS, bot
from .rules import WildWestState
from .sampling import sample_state
from .sheet import ROW_LENGTHS
from .words import WORDS

__all__ = ["GAME", "WildWestState", "notation", "parse_action"]

TILE_TYPES = ("write", "track", "grave")


def notation(action: Action) -> str:
    """``pick 2`` / ``tumbleweed`` / ``write 3 5`` / ``track 1 7`` / ``grave 2 4`` /
    ``upgrade 3`` / ``park yes`` / ``park no`` / ``timeout 12``; rows, tiles and columns
    count from 1."""
    kind = action["type"]
    if kind == "pick":
        return "tumbleweed" if action["column"] is None else f"pick {action['column'] + 1}"
    if kind in TILE_TYPES:
        return f"{kind} {action['row'] + 1} {action['col'] + 1}"
    if kind == "upgrade":
        return f"upgrade {action['size']}"
    if kind == "park":
        return "park yes" if action["park"] else "park no"
    return f"timeout {action['deal']}"


def parse_action(text: str) -> Action:
    """The action a line of notation names; ValueError for anything else (a word it does
    not know, a column, row, tile or size off the sheet)."""
    words = text.split()
    if words == ["tumbleweed"]:
        return {"type": "pick", "column": None}
    if len(words) == 2 and words[0] == "park" and words[1] in ("yes", "no"):
        return {"type": "park", "park": words[1] == "yes"}
    if not all(w.isascii() and w.isdigit() for w in words[1:]):
        raise ValueError(f"not Wild West notation: {text!r}")
    numbers = [int(w) for w in words[1:]]
    if len(words) == 2 and words[0] == "pick" and 1 <= numbers[0] <= 3:
        return {"type": "pick", "column": numbers[0] - 1}
    if len(words) == 2 and words[0] == "upgrade" and 1 <= numbers[0] <= 6:
        return {"type": "upgrade", "size": numbers[0]}
    if len(words) == 2 and words[0] == "timeout" and numbers[0] >= 1:
        return {"type": "timeout", "deal": numbers[0]}
    if (len(words) == 3 and words[0] in TILE_TYPES and 1 <= numbers[0] <= len(ROW_LENGTHS)
            and 1 <= numbers[1] <= ROW_LENGTHS[numbers[0] - 1]):
        return {"type": words[0], "row": numbers[0] - 1, "col": numbers[1] - 1}
    raise ValueError(f"not Wild West notation: {text!r}")


GAME = GameInfo(
    id="wild_west",
    name="Wild West",
    min_players=1,
    max_players=6,
    state_class=WildWestState,
    bot=bot,
    bots=BOTS,
    sample_state=sample_state,
    summary=N_(
        "A flip-and-write town builder for 1-6 players. Each round six cards pair three "
        "buildings with three numbers; everyone secretly picks one pair (or a Tumbleweed) "
        "and writes it on an own town sheet, keeping every row in rising order. Ranches "
        "and gold mines lay railway track inward from the edges, saloons start duels that "
        "dig graves, churches collect those graves, and parks fill the margins. Biggest "
        "town wins; solo players chase a high score."
    ),
    options={"timer": Option(0, N_("speed mode: seconds to pick each round, 0 = off"),
                             minimum=0, maximum=300)},
    secret_action_types=("pick",),
    event_types=frozenset({
        "round", "mulligan", "reshuffle", "locked", "picked", "timeout", "reveal", "tumbleweed",
        "write", "track", "grave", "park", "upgrade", "track_complete", "graves_lost", "extension",
        "round_over", "game_over",
    }),
    test_configs=((2, {}), (1, {}), (6, {}), (3, {"timer": 30})),
    bench_config=(4, {}),
    parse_action=parse_action,
    notation=notation,
    words=WORDS,
)
