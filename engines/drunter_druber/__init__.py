"""Drunter & Drüber (Klaus Teuber, 1991): build walls, streets and a river over a town,
and keep them off your own secret building type.

Rulings DD-1 to DD-9 (../shared/RULINGS.md); rules, map and notation in
docs/rules/drunter_druber.md. The package: `board` (the map and the geometry), `rules`
(the state), `bot`, and here the notation and the game's registration.
"""

from ..errors import N_
from ..registry import GameInfo, Option
from ..types import Action
from .board import CARD_NAMES, STRETCH_KIND, WIDTH, cell_name, parse_cell
from .bot import BOTS, bot
from .rules import PEOPLE_INDEX, SIDES, DrunterDruberState
from .sampling import sample_state
from .words import WORDS

__all__ = ["GAME", "DrunterDruberState", "bot", "notation", "parse_action"]


# --- notation (docs/rules/drunter_druber.md) ------------------------------------------------
def notation(action: Action) -> str:
    kind = action["type"]
    if kind == "place":
        x, y = action["cell"]
        text = f"place {action['stretch']} {action['size']} {cell_name(y * WIDTH + x)}"
        return text if action["dir"] is None else f"{text} {action['dir']}"
    if kind == "vote":
        return "vote " + "+".join(action["cards"])
    if kind == "jein":
        return f"jein {action['side']}"
    return f"pick {action['card']}"


def parse_action(text: str) -> Action:
    """The action written as ``text``; ValueError for anything that is not notation."""
    words = text.split()
    if words and words[0] == "place" and len(words) in (4, 5) and words[1] in STRETCH_KIND:
        if words[2] not in ("1", "2", "3") or (len(words) == 4) != (words[2] == "1"):
            raise ValueError(f"not Drunter & Drüber notation: {text!r}")
        cell = parse_cell(words[3])
        run = words[4] if len(words) == 5 else None
        if run is not None and run not in ("n", "e", "s", "w"):
            raise ValueError(f"not a direction: {run!r}")
        return {"type": "place", "stretch": words[1], "size": int(words[2]),
                "cell": [cell % WIDTH, cell // WIDTH], "dir": run}
    if len(words) == 2 and words[0] == "vote":
        cards = words[1].split("+")
        if all(card in PEOPLE_INDEX for card in cards):
            return {"type": "vote", "cards": cards}
    if len(words) == 2 and words[0] == "jein" and words[1] in SIDES:
        return {"type": "jein", "side": words[1]}
    if len(words) == 2 and words[0] == "pick" and words[1] in CARD_NAMES:
        return {"type": "pick", "card": words[1]}
    raise ValueError(f"not Drunter & Drüber notation: {text!r}")


_CONFIGS = tuple((players, {"variant": variant}) for variant in (False, True) for players in (2, 3, 4))

GAME = GameInfo(
    id="drunter_druber",
    name="Drunter & Drüber",
    min_players=2,
    max_players=4,
    state_class=DrunterDruberState,
    bot=bot,
    bots=BOTS,
    sample_state=sample_state,
    summary=N_(
        "The citizens of Schilda build their town's walls, streets and river, tile by tile, "
        "straight across the town's buildings. Each player secretly favours one building "
        "type and tries to steer the stretches away from it, without giving it away. "
        "Covering a toilet needs a vote, and the people cards spent in votes are gone for "
        "good. When no tile fits any more, the buildings still standing score."
    ),
    options={"variant": Option(False, N_("variant: two secret cards each, incl. 4 special cards"))},
    secret_action_types=("pick",),
    event_types=frozenset({
        "turn", "placed", "passed", "stretch_closed", "tile_returned",
        "vote_started", "vote_committed", "voted", "vote_revealed", "jein_declared", "vote_result",
        "pick_started", "locked", "picked", "picks_complete",  # the variant's pick (DD-8)
        "game_over",
    }),
    test_configs=_CONFIGS,
    bench_config=(4, {"variant": False}),
    parse_action=parse_action,
    notation=notation,
    words=WORDS,
)
