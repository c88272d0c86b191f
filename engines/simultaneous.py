"""Secret simultaneous choices: commit now, reveal when everyone has committed.

Shared by every game with hidden simultaneous picks (Die Mauer plans, Drunter & Drüber
variant picks, Wild West column picks). A choice is locked once made (DM-2).
"""

from collections.abc import Iterable
from typing import Any

from .events import private
from .types import Event


class SecretChoices:
    KIND = "secret_choices"

    def __init__(self, players: int, choosers: Iterable[int]):
        self.locked = [False] * players
        self.choices: list[Any] = [None] * players
        self.choosers = sorted(choosers)

    def pending(self) -> list[int]:
        return [p for p in self.choosers if not self.locked[p]]

    def has_chosen(self, player: int) -> bool:
        return self.locked[player]

    def choose(self, player: int, choice: Any) -> None:
        if player not in self.choosers or self.locked[player]:
            raise ValueError("player may not choose now")
        self.locked[player] = True
        self.choices[player] = choice

    def commit(self, player: int, choice: Any, kind: str, field: str) -> list[Event]:
        """Lock in ``player``'s secret ``choice`` and return its two events: the public
        ``locked`` (who, not what) and ``{"type": kind, "player": player, field: choice}``,
        private to ``player``. ValueError if ``player`` may not choose now."""
        self.choose(player, choice)
        return [
            {"type": "locked", "player": player},
            private({"type": kind, "player": player, field: choice}, [player]),
        ]

    def complete(self) -> bool:
        return all(self.locked[p] for p in self.choosers)

    def revealed(self) -> dict[int, Any]:
        if not self.complete():
            raise ValueError("choices are revealed only when everyone has chosen")
        return {p: self.choices[p] for p in self.choosers}

    def view_for(self, player: int | None) -> dict[str, Any]:
        """Who has locked in, plus ``player``'s own choice; never another's choice."""
        view = {"choosers": list(self.choosers), "locked": [p for p in self.choosers if self.locked[p]]}
        if player is not None and player in self.choosers and self.locked[player]:
            view["mine"] = self.choices[player]
        return view

    def to_plain(self) -> dict[str, list[Any]]:
        return {"locked": list(self.locked), "choices": list(self.choices), "choosers": list(self.choosers)}

    @classmethod
    def from_plain(cls, plain: dict[str, Any]) -> "SecretChoices":
        obj = cls.__new__(cls)
        obj.locked = list(plain["locked"])
        obj.choices = list(plain["choices"])
        obj.choosers = list(plain["choosers"])
        return obj
