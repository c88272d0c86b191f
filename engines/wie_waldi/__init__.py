"""Wie Waldi: a real-time card race to build and complete dachshunds (WA-1 to WA-8).

`cards` holds the card table, `rules` the state and notation, `bot` the bot; the rules
in English are in docs/rules/wie_waldi.md.
"""

from ..errors import N_
from ..registry import GameInfo, Option
from .bot import BOTS, bot
from .rules import COUNTDOWN, ROUNDS, WieWaldiState, notation, parse_action
from .sampling import sample_state
from .words import WORDS

GAME = GameInfo(
    id="wie_waldi",
    name="Wie Waldi",
    min_players=2,
    max_players=4,
    state_class=WieWaldiState,
    bot=bot,
    bots=BOTS,
    sample_state=sample_state,
    summary=N_(
        "A real-time card race: everyone flips through their own three piles at once, "
        "starting dachshunds with heads and growing any dog on the table with middles "
        "whose coat colour matches its open end. A plain tail gives the finished dog to "
        "whoever played its head, a cat tail to whoever played the tail. The first to "
        'place six markers shouts "Stop!"; the most dog cards wins gold, and emptying '
        "a pile earns a bronze bone. Three rounds, most bone points wins."
    ),
    options={
        "rounds": Option(ROUNDS, N_("rounds to play (the rules say 3)"), minimum=1, maximum=10),
        "round_timer": Option(
            0, N_("round timer in seconds, run by the host; 0 = off"), minimum=0, maximum=600
        ),
        "countdown": Option(
            COUNTDOWN, N_('seconds of "Ready - Wuff!" before each round'), minimum=1, maximum=10
        ),
    },
    realtime=True,
    event_types=frozenset({
        "wuff", "round", "drew", "drawn", "put_back", "dog_started", "played", "dog_completed", "round_over",
        "game_over",
    }),
    # Per action (a draw, a play, a put-back): a real-time race needs quick bots.
    bot_reaction_seconds={"easy": 1.6, "normal": 1.0, "hard": 0.55},
    # Short tables keep the shared garbage-probing test within Hypothesis's data budget.
    test_configs=((2, {}), (3, {"rounds": 1}), (4, {"rounds": 1, "round_timer": 90})),
    bench_config=(4, {"rounds": 1}),
    parse_action=parse_action,
    notation=notation,
    words=WORDS,
)
