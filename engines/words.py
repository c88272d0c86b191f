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
from typing import Any, TypeAlias

from .types import Action, View

ChoiceWords: TypeAlias = dict[str, Any]
"""``{"group", "label"}`` for one legal action, plus optional presentation hints."""

HandLine: TypeAlias = dict[str, Any]
"""``{"label", "value"}`` (plus optional ``"rows"``): one line of what a seat holds."""


@dataclass(frozen=True)
class PhoneWords:
    """A game's phone words: the same two functions for every game.

    ``choice(action, view)``: words for one of the seat's legal actions, given the seat's
    own view; None where the game's notation says it well enough. ``hand(view, seat)``: a
    few lines of what ``seat``'s own view holds. Either may raise KeyError, TypeError,
    ValueError, IndexError or AttributeError on odd data; the caller then uses generic words.
    """

    choice: Callable[[Action, View], ChoiceWords | None]
    hand: Callable[[View, int], list[HandLine]]
