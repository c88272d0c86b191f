"""Letting bots play a whole state: used by the headless runner, golden playthroughs and tools."""

from .registry import game_info
from .rng import Rng
from .state import GameState
from .types import Action


def next_bot_move(state: GameState, rng: Rng) -> tuple[int | None, Action]:
    """(player, action) for the next move of an all-bot table: a random active player's bot
    move, or the host's action (a timer) when nobody may act."""
    active = state.active_players()
    if not active:
        return None, state.host_actions()[0]
    player = active[rng.below(len(active))]
    bot = game_info(state.GAME_ID).bot
    return player, bot(state.view(player), state.legal_actions(player), rng)
