"""The engine contract every game state follows (see docs/architecture.md).

A game subclasses `GameState` and keeps all of its mutable state in plain attributes
(see `engines.plain`). The base class supplies validation of the acting player,
all-or-nothing `apply`, saving, cloning and digests, so each game writes only its rules.
"""

import pickle
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeGuard

from .errors import N_, IllegalAction, SetupError, shown
from .plain import decode, digest_of, encode
from .rng import Rng
from .types import Action, Event, Options, View

if TYPE_CHECKING:
    from .words import Translator

SAVE_FORMAT = 1
OVER = "over"  # the phase of every finished game


def best_seats(results: Sequence[Any], lowest: bool = False) -> list[int]:
    """The seats whose result is best (highest, or lowest with ``lowest``), all of them on a tie;
    results are numbers, or tuples that break ties.

    >>> best_seats([3, 5, 5]), best_seats([3, 5, 3], lowest=True)
    ([1, 2], [0, 2])
    """
    best = min(results) if lowest else max(results)
    return [seat for seat, result in enumerate(results) if result == best]


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` from the wire is a whole number: an int, and not True or False.

    >>> is_whole(3), is_whole(True), is_whole(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


_FIELD_SETS: dict[tuple[str, ...], frozenset[str]] = {}  # each checked tuple of fields, as a set


def check_fields(action: dict[str, Any], fields: tuple[str, ...], sentence: str = "") -> None:
    """IllegalAction ``malformed`` unless ``action`` (a dict with a type) has exactly
    ``fields``, its ``type`` among them; ``sentence`` says what the action looks like
    (by default: the fields it has, in the order given). The one field checker every
    game's ``_check`` starts with, before it checks each field's type and range.
    """
    wanted = _FIELD_SETS.get(fields)
    if wanted is None:  # a dict's keys compare with a set in one step: every action is checked
        wanted = _FIELD_SETS[fields] = frozenset(fields)
    if action.keys() != wanted:
        if sentence:
            raise IllegalAction("malformed", sentence)
        raise IllegalAction("malformed", N_("a {type} action has the fields {fields}"),
                            {"type": str(action["type"])[:40], "fields": ", ".join(fields)})


class GameState:
    GAME_ID: ClassVar[str] = ""
    # Every action type a player may ever send in this game, whatever the phase or step: any
    # other type is refused `unknown_action`, the one rule of all games (docs/netplay.md).
    ACTION_TYPES: ClassVar[frozenset[str]] = frozenset()
    # Its sentence, a message id in the game's own catalogue, filled with {type}.
    UNKNOWN_ACTION: ClassVar[str] = N_("{type} is not an action of this game")
    phase: str  # each game's own phases; OVER once the game has ended

    def __init__(self, players: int, seed: int, options: Options):
        self.players = players
        self.seed = seed
        self.options = dict(options)
        self.rng = Rng(seed)

    # --- what each game provides -------------------------------------------------
    def active_players(self) -> list[int]:
        raise NotImplementedError

    def legal_actions(self, player: int) -> list[Action]:
        raise NotImplementedError

    def _apply(self, player: int, action: Action) -> list[Event]:
        """Carry out an action already known to be legal; return its events."""
        raise NotImplementedError

    def view(self, player: int | None) -> View:
        raise NotImplementedError

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        raise NotImplementedError

    def describe(self, action: Action, tr: "Translator | None" = None) -> str:
        """The move in a few words ("plans the Tower"), in ``tr``'s language (an
        `engines.words.Translator`); English without one."""
        raise NotImplementedError

    def host_actions(self) -> list[Action]:
        """Actions only the host may take, as player ``None`` (a round timer running
        out in a clockless engine). None by default."""
        return []

    def host_timer(self) -> dict[str, Any] | None:
        """The running timer the host must keep, if any: ``{"seconds": s, "key": k}``.

        Engines read no clock. The host starts counting when it first sees ``key`` and,
        once ``seconds`` have passed with the same key, applies ``host_actions()[0]``. A new
        key (a new deal, a new round) restarts the count. None: no timer now.
        """
        return None

    def _apply_host(self, action: Action) -> list[Event]:
        raise NotImplementedError

    def _check(self, player: int, action: Action) -> None:
        """Raise IllegalAction unless ``action`` is legal for ``player`` now.

        The default compares against `legal_actions`; games override it to give more
        specific reasons or to avoid building a long list.
        """
        if action not in self.legal_actions(player):
            raise IllegalAction("illegal_action", N_("{action} is not allowed now"), {"action": self._show(action)})

    @staticmethod
    def _check_type(action: Action, expected: str, code: str = "wrong_phase") -> None:
        """IllegalAction unless ``action`` is a dict whose type is ``expected``, the one
        action type the acting player may send now (``code`` names the mismatch)."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("malformed", N_("an action must be a dict with a type"))
        if action["type"] != expected:
            raise IllegalAction(code, N_("now is the time to {expected}, not {type}"),
                                {"expected": expected, "type": repr(action["type"])[:40]})

    # --- shared machinery ----------------------------------------------------------
    def apply(self, player: int | None, action: Action) -> list[Event]:
        """Apply ``player``'s action and return the events it caused.

        ``player`` None is the host, limited to `host_actions`. Raises IllegalAction
        (state unchanged) for a wrong player, an action of another phase, or malformed
        data of any type or shape.
        """
        if self.is_over():
            raise IllegalAction("game_over", N_("the game is over"))
        if player is None:  # the host itself, e.g. a timer (see host_actions)
            if action not in self.host_actions():
                raise IllegalAction("not_host_action", N_("{action} is not a host action now"),
                                    {"action": self._show(action)})
            return self._apply_host(action)
        self.check_player(player)
        self.check_known(action)
        if player not in self.active_players():
            raise IllegalAction("not_your_turn", N_("it is not player {player}'s turn"), {"player": player + 1})
        self._check(player, action)
        return self._apply(player, action)

    def check_known(self, action: Action) -> None:
        """IllegalAction ``unknown_action`` for a map whose string ``type`` is none of
        `ACTION_TYPES`: no action of this game at all, so not a matter of whose turn it is
        or of the phase (those come after). Its data is always ``{"type": "'dance'"}``
        (the type as sent, quoted, at most 40 characters)."""
        if type(action) is dict:
            kind = action.get("type")
            if type(kind) is str and kind not in self.ACTION_TYPES:
                raise IllegalAction("unknown_action", self.UNKNOWN_ACTION, {"type": repr(kind[:40])})

    def is_seat(self, player: object) -> TypeGuard[int]:
        """Whether ``player`` is a seat at this table: an int in range (True and 1.0 are not)."""
        return isinstance(player, int) and not isinstance(player, bool) and 0 <= player < self.players

    def check_player(self, player: object) -> None:
        if not self.is_seat(player):
            raise IllegalAction("no_such_player", N_("there is no player {player} at this table"),
                                {"player": shown(player)})

    def _view_header(self, player: int | None) -> View:
        """The fields every game's `view` starts with (plus ``game_result``: scores and winners once
        the game is over); IllegalAction for a ``player`` that is
        neither None (a spectator) nor a seat, so no other value can read a seat's secrets."""
        if player is not None:
            self.check_player(player)
        header: View = {
            "game": self.GAME_ID,
            "you": player,
            "players": self.players,
            "phase": self.phase,
            "active": self.active_players(),
        }
        if self.is_over():  # the result is public once the game has ended
            header["game_result"] = {"scores": self.scores(), "winners": self.winners()}
        return header

    def clone(self) -> Self:
        copy: Self = pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        return copy

    def to_dict(self) -> dict[str, Any]:
        return {"format": SAVE_FORMAT, "game": self.GAME_ID, "state": encode(vars(self))}

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Rebuild a state saved by `to_dict`; SetupError for a corrupt or foreign one."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SetupError("not a Spielabend game state (unknown format)")
        if data.get("game") != cls.GAME_ID:
            raise SetupError(f"state is for game {data.get('game')!r}, not {cls.GAME_ID!r}")
        attributes = decode(data.get("state"))
        if not isinstance(attributes, dict) or not {"players", "seed", "options", "rng"} <= set(attributes):
            raise SetupError("game state is missing its core fields")
        state = cls.__new__(cls)
        state.__dict__.update(attributes)
        return state

    def digest(self) -> str:
        return digest_of(self.to_dict())

    def _show(self, action: Action) -> str:
        try:
            return repr(self.describe(action))
        except Exception:  # describing garbage must never mask the real error
            return shown(action)
