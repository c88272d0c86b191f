"""Die Mauer's picture hints for a phone (issue 40; the fields are `engines.words`'s): the
pieces to plan (a secret pick: the page shows only a piece's back until the reveal), to
build and to donate, the seat's own pieces, and the wall's two ends as places to build at.

Every sprite key named here is drawn by ``client/games/die_mauer/phone_sprites.py`` (a test
checks the two agree). Pure: reads the seat's own view only.
"""

from typing import Any

from ..types import Action, View
from ..words import Translator
from .rules import GATE, LEFT, PIECES, RIGHT, TOWER

PIECE_KEYS = {TOWER: "tower", GATE: "gate", **{wall: f"wall{wall}" for wall in PIECES if wall not in (TOWER, GATE)}}
FIST = "fist"  # an empty fist: the plan of no piece
BACK = "back"  # a piece face down: a plan kept secret, on the phone too, until the reveal
# A piece's proportions, for the table (client/games/die_mauer/art.py) and the phone's board
# alike: its width is height * PIECE_ASPECT * its units.
PIECE_ASPECT = 0.62
PIECE_WIDTH_UNITS = {TOWER: 1.0, GATE: 1.15, "6": 1.3, "4": 1.1, "3": 1.0, "2": 0.9, "1": 0.8}
END_PLACES = {LEFT: "left", RIGHT: "right"}
END_W, GAP, MORE_W = 1.0, 0.08, 0.7
SHOWN_AT_EACH_END = 2  # a longer wall shows its two pieces at each end and how many between


def piece_key(piece: str | None) -> str:
    """The sprite of ``piece`` face up; None (an empty fist) is the open fist."""
    return FIST if piece is None else PIECE_KEYS[piece]


def choice_hints(action: Action, view: View, tr: Translator, name: str) -> dict[str, Any]:
    """The picture fields of one legal action (``name``: the piece's words). A plan is a
    hidden pick; a build is a place at an end of the wall, reached through its piece."""
    kind, piece = action["type"], action.get("piece")
    if kind == "plan":
        return {"sprite": piece_key(piece), "hidden": True}
    if kind == "build":  # the piece is also the choice's sprite: the page's echo of the tap shows it
        return {"place": END_PLACES[action["end"]], "sprite": piece_key(piece),
                "first": {"id": piece_key(piece), "sprite": piece_key(piece), "label": name}}
    return {"sprite": piece_key(piece)}


def hand_sprites(view: View) -> dict[str, list[Any]]:
    """The seat's own pieces, highest penalty first (as the view holds them)."""
    stock = view.get("stock", [])
    return {"sprites": [piece_key(piece) for piece in stock], "badges": [None] * len(stock)}


def board(view: View, seat: int, tr: Translator) -> dict[str, Any] | None:
    """The wall between its two ends while a round runs: a long wall shows the pieces at
    each end (what a Tower or Gate may not touch) and how many lie between."""
    if view.get("phase") not in ("plan", "build", "choose", "donate"):
        return None
    wall = list(view.get("wall", []))
    hidden = 0
    if len(wall) > 2 * SHOWN_AT_EACH_END + 1:
        hidden = len(wall) - 2 * SHOWN_AT_EACH_END
    shown = wall if not hidden else wall[:SHOWN_AT_EACH_END] + [None] + wall[-SHOWN_AT_EACH_END:]
    places: list[dict[str, Any]] = [{"id": END_PLACES[LEFT], "text": "\u25c0", "w": END_W}]
    for index, piece in enumerate(shown):
        if piece is None:
            places.append({"id": "between", "text": f"+{hidden}", "w": MORE_W})
        else:
            places.append({"id": f"piece{index}", "sprite": PIECE_KEYS[piece],
                           "w": round(PIECE_ASPECT * PIECE_WIDTH_UNITS[piece], 2)})
    places.append({"id": END_PLACES[RIGHT], "text": "\u25b6", "w": END_W})
    x = 0.0
    for place in places:
        place.update(x=round(x, 2), y=0, h=1)
        x += place["w"] + GAP
    return {"w": round(x - GAP, 2), "h": 1, "places": places}
