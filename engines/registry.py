"""Which games exist, their metadata and options, and how to start or replay one."""

import importlib
import importlib.util
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import N_, SetupError, shown
from .rng import Rng
from .state import GameState
from .types import Action, Options, View
from .words import PhoneWords, Translator

# Each game module defines ``GAME = GameInfo(...)``. A game appears in GAMES once its
# module exists and defines GAME, so games land one at a time without touching this file.
GAME_MODULES = {
    "die_mauer": "engines.die_mauer",
    "drunter_druber": "engines.drunter_druber",
    "architekton": "engines.architekton",
    "wild_west": "engines.wild_west",
    "wie_waldi": "engines.wie_waldi",
}


@dataclass(frozen=True)
class Option:
    """One game option: an int range, or a fixed set of choices."""

    default: Any
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Any, ...] = ()

    def check(self, name: str, value: Any) -> Any:
        if self.choices:
            if value not in self.choices:
                raise SetupError(N_("option {name} must be one of {choices}, not {value}"),
                                 {"name": name, "choices": str(list(self.choices)), "value": shown(value)})
            return value
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise SetupError(N_("option {name} must be true or false, not {value}"),
                                 {"name": name, "value": shown(value)})
            return value
        if not isinstance(value, int) or isinstance(value, bool):
            raise SetupError(N_("option {name} must be a whole number, not {value}"),
                             {"name": name, "value": shown(value)})
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            raise SetupError(N_("option {name} must be between {minimum} and {maximum}"),
                             {"name": name, "minimum": self.minimum, "maximum": self.maximum})
        return value


Bot = Callable[[View, list[Action], Rng], Action]
"""A bot: (its player's view, its legal actions, an engines.Rng) -> one of the actions.

A bot is a pure function of its arguments (no shared mutable state), so it may think in
a worker thread while the host or the window goes on."""

STRENGTHS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class GameInfo:
    id: str
    name: str
    min_players: int
    max_players: int
    state_class: type[GameState]
    bot: Bot  # the default bot (headless runner, golden playthroughs, a remote --bot peer)
    summary: str
    options: dict[str, Option] = field(default_factory=dict)
    lower_score_wins: bool = False
    realtime: bool = False
    # Action types that are secret simultaneous commitments: while A has not committed,
    # nothing B commits with these may change view(A) (checked by the contract tests).
    secret_action_types: tuple[str, ...] = ()
    # Every event type the game's `apply` may emit (an event's "type"), private ones too: a
    # table shows each one, or says it has nothing to show (tests/client/games/test_events.py).
    event_types: frozenset[str] = frozenset()
    # Seconds a bot of each strength waits before acting; the host's clock schedules it.
    bot_reaction_seconds: dict[str, float] = field(default_factory=lambda: {"easy": 1.2, "normal": 0.7, "hard": 0.35})
    # (players, options) pairs the shared property tests run on.
    test_configs: tuple[tuple[int, Options], ...] = ()
    # (players, options) the benchmark plays.
    bench_config: tuple[int, Options] = (4, {})
    # Parse a line of the game's action notation (docs/rules/<id>.md) into an action.
    parse_action: Callable[[str], Action] | None = None
    notation: Callable[[Action], str] | None = None
    # The bot of each strength ("easy", "normal", "hard"; docs/bots.md); every strength
    # falls back to ``bot`` when a game gives none.
    bots: dict[str, Bot] = field(default_factory=dict)
    # sample_state(view, rng) -> a full state whose view for the viewer equals ``view``,
    # its hidden parts drawn at random among what is still possible (for search bots).
    sample_state: Callable[[View, Rng], GameState] | None = None
    # How a phone names the legal actions and the hand (engines/<id>/words.py); None: the
    # phone shows the notation.
    words: PhoneWords | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "bots", {strength: self.bots.get(strength, self.bot) for strength in STRENGTHS})

    @property
    def players_text(self) -> str:
        """How many play, in English words: "2 players", "2-4 players" (`players_in` words it)."""
        low, high = self.min_players, self.max_players
        return f"{low} player{'s' if low != 1 else ''}" if low == high else f"{low}-{high} players"

    def players_in(self, tr: Translator) -> str:
        """How many play, in ``tr``'s language (`netplay.language.Words`)."""
        low, high = self.min_players, self.max_players
        if low == high:
            return tr.ngettext("{n} player", "{n} players", low).format(n=low)
        return tr.gettext("{low}-{high} players").format(low=low, high=high)

    def resolve_options(self, options: Options) -> Options:
        unknown = set(options) - set(self.options)
        if unknown:
            raise SetupError(N_("{game} has no option {option}"), {"game": self.name, "option": shown(sorted(unknown)[0])})
        return {name: spec.check(name, options.get(name, spec.default)) for name, spec in self.options.items()}


def _load_games() -> dict[str, GameInfo]:
    games: dict[str, GameInfo] = {}
    for game_id, module_name in GAME_MODULES.items():
        if importlib.util.find_spec(module_name) is None:
            continue
        info = getattr(importlib.import_module(module_name), "GAME", None)
        if info is not None:  # a module without GAME is a game still being built
            games[game_id] = info
    return games


GAMES: dict[str, GameInfo] = _load_games()


def game_info(game_id: object) -> GameInfo:
    if game_id not in GAMES:
        raise SetupError(N_("unknown game {game}; games: {games}"), {"game": shown(game_id), "games": ", ".join(GAMES)})
    return GAMES[game_id]


def new_game(game_id: str, players: int, seed: int = 0, **options: Any) -> GameState:
    """A fresh state of ``game_id``; SetupError for a bad id, player count or option."""
    info = game_info(game_id)
    if not isinstance(players, int) or not info.min_players <= players <= info.max_players:
        said = {"game": info.name, "low": info.min_players, "high": info.max_players, "players": shown(players)}
        if info.min_players == info.max_players:  # every game's fixed count is 2 or more
            raise SetupError(N_("{game} takes {low} players, not {players}"), said)
        raise SetupError(N_("{game} takes {low}-{high} players, not {players}"), said)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SetupError(N_("seed must be a whole number, not {seed}"), {"seed": shown(seed)})
    return info.state_class(players, seed, info.resolve_options(options))


def replay(game_id: str, players: int, seed: int, options: Options, log: Iterable[Sequence[Any]]) -> GameState:
    """Rebuild a state from its action log, a list of ``[player, action]`` pairs."""
    state = new_game(game_id, players, seed, **options)
    for player, action in log:
        state.apply(player, action)
    return state


def load_state(data: Any) -> GameState:
    """Rebuild any game's state from `GameState.to_dict` output."""
    if not isinstance(data, dict):
        raise SetupError("not a Spielabend game state")
    return game_info(data.get("game")).state_class.from_dict(data)
