"""Pure game rules. Imports nothing but the standard library (no pygame, sockets, clock
or global random); see docs/architecture.md for the contract every game follows."""

from .errors import IllegalAction, SetupError
from .events import events_for, private
from .registry import GAMES, GameInfo, Option, game_info, load_state, new_game, replay
from .rng import Rng
from .simultaneous import SecretChoices
from .state import GameState

__all__ = [
    "GAMES",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "Option",
    "Rng",
    "SecretChoices",
    "SetupError",
    "events_for",
    "game_info",
    "load_state",
    "new_game",
    "private",
    "replay",
]
