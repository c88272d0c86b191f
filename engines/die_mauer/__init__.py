"""Die Mauer: build one shared wall by outguessing the master builder.

Rulings DM-1 to DM-9 (../shared/RULINGS.md); rules and notation in docs/rules/die_mauer.md.
The package: `rules` (the state), `bot` (three strengths, docs/bots.md), `sampling` (a
state drawn from one player's view, for the search bot), and here the notation and the
game's registration.
"""

from ..errors import N_
from ..registry import GameInfo, Option
from ..types import Action
from .bot import BOTS
from .rules import (
    CLOSED,
    END_NAMES,
    GATE,
    LEFT,
    PENALTY,
    PIECE_NAMES,
    PIECES,
    RIGHT,
    TOWER,
    DieMauerState,
    legal_ends,
    penalty,
)
from .sampling import sample_state
from .words import WORDS

__all__ = [
    "CLOSED", "END_NAMES", "GAME", "GATE", "LEFT", "PENALTY", "PIECES", "PIECE_NAMES", "RIGHT", "TOWER",
    "DieMauerState", "legal_ends", "notation", "parse_action", "penalty", "sample_state",
]


# --- notation (docs/rules/die_mauer.md) -------------------------------------------------
def notation(action: Action) -> str:
    kind, piece = action["type"], action.get("piece")
    if kind == "plan":
        return f"plan {piece or '-'}"
    if kind == "build":
        return f"build {piece} {action['end']}"
    return f"donate {piece}"


def parse_action(text: str) -> Action:
    words = text.split()
    if len(words) == 2 and words[0] == "plan":
        return {"type": "plan", "piece": None if words[1] == "-" else words[1]}
    if len(words) == 3 and words[0] == "build":
        return {"type": "build", "piece": words[1], "end": words[2]}
    if len(words) == 2 and words[0] == "donate":
        return {"type": "donate", "piece": words[1]}
    raise ValueError(f"not Die Mauer notation: {text!r}")


GAME = GameInfo(
    id="die_mauer",
    name="Die Mauer",
    min_players=2,
    max_players=6,
    state_class=DieMauerState,
    bot=BOTS["normal"],
    bots=BOTS,
    sample_state=sample_state,
    summary=N_(
        "Everyone builds one shared wall. Each turn the master builder secretly picks a "
        "piece and the others try to guess it: guess right and you build instead. Towers "
        "and Gates may not touch. Shed your pieces first: what is left in hand counts "
        "against you."
    ),
    options={"rounds": Option(4, N_("rounds to play"), minimum=1, maximum=10)},
    lower_score_wins=True,
    secret_action_types=("plan",),
    event_types=frozenset({
        "locked", "planned",  # a plan locked in: who (public), what (the planner only)
        "reveal", "outcome", "built", "donation", "donated", "turn", "round", "round_over", "game_over",
    }),
    test_configs=((2, {"rounds": 2}), (3, {"rounds": 1}), (4, {"rounds": 1}), (6, {"rounds": 1})),
    bench_config=(4, {"rounds": 4}),
    parse_action=parse_action,
    notation=notation,
    words=WORDS,
)
