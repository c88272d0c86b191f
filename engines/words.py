"""Phone words: how a game names its legal actions and a seat's hand on a phone's page.

Each game writes them next to its notation, in ``engines/<id>/words.py``, and registers them
as `GameInfo.words`; `netplay.phone_words` renders any game through them and falls back to
the notation. Words read only the seat's own view (what `Host.seat_message` let it know), so
they can tell nothing the view does not.

A choice is ``{"group", "label"}`` plus optional presentation and picture hints (`Choice`);
a hand line is ``{"label", "value"}`` plus optional ``"rows"``, ``"sprites"`` and ``"badges"``
(`Line`); a game may also give a seat's board of places (`Board`). docs/phones.md says
precisely how the page draws each hint; `netplay.phone_words` sends them.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NotRequired, Protocol, TypeAlias, TypedDict

from .types import Action, View


# --- picture hints (issue 40; docs/phones.md "Picture hints"): all optional -------------------
class Target(TypedDict):
    """A choice's ``target``: its group is shown one target at a time."""

    act: str
    next: str


class First(TypedDict):
    """A two-tap choice's first tap: a big button (the thing to play), then a lit place."""

    id: str
    label: str
    sprite: NotRequired[str]


class Choice(TypedDict):
    """Words and picture hints for one legal action (keys: ``[a-z0-9_.-]+`` of the game's sheet)."""

    group: str
    label: str  # the caption, the aria-label, the echo's words: always there
    layout: NotRequired[Literal["row"]]
    target: NotRequired[Target]
    sprite: NotRequired[str]  # the button's face
    badge: NotRequired[str]  # a short text on the sprite's corner (a pile's count)
    place: NotRequired[str]  # played by tapping this place of the update's board
    first: NotRequired[First]  # a two-tap choice (always with a place)
    hidden: NotRequired[bool]  # a secret pick: echoed as the sheet's "back" until the reveal


class Place(TypedDict):
    """A place on a seat's board, in grid units (fractions allowed)."""

    id: str
    x: float
    y: float
    w: float
    h: float
    sprite: NotRequired[str]  # what lies there now
    label: NotRequired[str]  # the big screen's marker beside it ...
    colour: NotRequired[str]  # ... in its colour, "#rrggbb"
    text: NotRequired[str]  # a short word drawn on it (a cell's number)


class Board(TypedDict):
    """A seat's own board: ``w`` x ``h`` grid units, scaled by the page to its room."""

    w: float
    h: float
    places: list[Place]


class Line(TypedDict):
    """One hand line with its optional pictures."""

    label: str
    value: str
    rows: NotRequired[list[list[str]]]  # a small grid of short cell texts
    sprites: NotRequired[list[str]]  # a row of pictures under the label ...
    badges: NotRequired[list[str | None]]  # ... with their badges (same length)


# A game's words may build plain dicts or the TypedDicts above (which mypy then checks).
ChoiceWords: TypeAlias = dict[str, Any]
"""``{"group", "label"}`` for one legal action, plus optional hints (the fields of `Choice`)."""

HandLine: TypeAlias = dict[str, Any]
"""``{"label", "value"}`` plus optional ``"rows"``, ``"sprites"``, ``"badges"`` (`Line`)."""

BoardWords: TypeAlias = dict[str, Any]
"""A seat's board of places (the fields of `Board`)."""


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
    few lines of what ``seat``'s own view holds. ``board(view, seat, tr)`` (optional): the
    seat's own board of places, or None when there is none to show now. Any may raise KeyError, TypeError,
    ValueError, IndexError or AttributeError on odd data; the caller then uses generic words.
    """

    choice: Callable[[Action, View, Translator], ChoiceWords | Choice | None]
    hand: Callable[[View, int, Translator], Sequence[HandLine | Line]]
    board: Callable[[View, int, Translator], BoardWords | Board | None] | None = None
