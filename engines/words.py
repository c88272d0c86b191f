"""Phone words: how a game names its legal actions and a seat's hand on a phone's page.

Each game writes them next to its notation, in ``engines/<id>/words.py``, and registers them
as `GameInfo.words`; `netplay.phone_words` renders any game through them and falls back to
the notation. Words read only the seat's own view (what `Host.seat_message` let it know), so
they can tell nothing the view does not.

A choice is ``{"group", "label"}`` plus optional presentation hints (``"layout": "row"``,
``"target": {"act", "next"}``); a hand line is ``{"label", "value"}`` plus optional
``"rows"`` (a small grid of short cell texts). See `netplay.phone_words` for the hints.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias

from .types import Action, View

ChoiceWords: TypeAlias = dict[str, Any]
"""``{"group", "label"}`` for one legal action, plus optional presentation hints."""

HandLine: TypeAlias = dict[str, Any]
"""``{"label", "value"}`` (plus optional ``"rows"``): one line of what a seat holds."""


class Translator(Protocol):
    """The phone's language (`netplay.language.Words`): words mark their English message
    ids for extraction by calling these (``_ = tr.gettext``), and gettext looks them up."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, count: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...


@dataclass(frozen=True)
class PhoneWords:
    """A game's phone words: the same two functions for every game.

    Both take the phone's `Translator` last and word everything in its language.
    ``choice(action, view, tr)``: words for one of the seat's legal actions, given the seat's
    own view; None where the game's notation says it well enough. ``hand(view, seat, tr)``: a
    few lines of what ``seat``'s own view holds. Either may raise KeyError, TypeError,
    ValueError, IndexError or AttributeError on odd data; the caller then uses generic words.
    """

    choice: Callable[[Action, View, Translator], ChoiceWords | None]
    hand: Callable[[View, int, Translator], list[HandLine]]
