"""Wild West's picture hints for a phone (issue 40, `netplay.phone_words`): the secret pick
as the pairs' cards (and the Tumbleweed), the seat's own town sheet as a board of
brick-laid tiles (rows of 7 sit half a tile in), tapped to write, lay track or dig a
grave, and the group sizes and the park as pictures.

Sprite keys name pictures in `client.games.wild_west.phone_sprites` (drawn from the same
lists below). A tile's picture carries no letter or number: the place's ``text`` says
them in the phone's language (a Church is C in English, K in German).
"""

from typing import Any

from ..types import Action, View
from ..words import Translator
from .sheet import ACTIONS, ROW_LENGTHS

VALUES = tuple(range(1, 12))  # Ace (1, wild) to Jack (11)
TILE_KINDS = ("", "R", "G", "C", "S")
RIGHTS = ("", "grave", "park")
TILE_STEPS = ("write", "track", "grave")
EDGE = 0.125  # the paper round the tiles: room for a tapped tile's target at the sheet's edge


def pair_key(action: str, value: int) -> str:
    """A column's pair: its action card over its number card."""
    return f"pair.{action}.{value}"


def tile_key(kind: str | None, mine: bool, track: bool, right: str | None) -> str:
    """``tile.R.m.t.park``: a sheet tile by what is written on it (``-`` for nothing)."""
    return f"tile.{(kind or '-').lower()}.{'m' if mine else '-'}.{'t' if track else '-'}.{right or '-'}"


def all_tile_keys() -> list[str]:
    return [tile_key(kind, mine, track, right) for kind in TILE_KINDS for mine in (False, True)
            for track in (False, True) for right in RIGHTS]


def all_keys() -> list[str]:
    """Every key the hints can name (the sprite sheet draws exactly these)."""
    return (["back", "tumbleweed", "park.yes", "park.no"] + [f"size.{n}" for n in range(1, 7)]
            + [pair_key(action, value) for action in ACTIONS for value in VALUES] + all_tile_keys())


def place_id(row: int, col: int) -> str:
    return f"r{row}c{col}"


def rank(value: int | None, tr: Translator) -> str:
    if not value:
        return ""
    return tr.pgettext("card rank", "A") if value == 1 else "J" if value == 11 else str(value)


# --- the hints --------------------------------------------------------------------------
def choice_hints(action: Action, view: View, tr: Translator) -> dict[str, Any]:
    kind = action["type"]
    if kind == "pick":
        column = action.get("column")
        if column is None:
            return {"sprite": "tumbleweed", "hidden": True}
        pair = view["columns"][column]
        return {"sprite": pair_key(pair["action"], pair["value"]), "hidden": True}
    if kind in TILE_STEPS:
        return {"place": place_id(action["row"], action["col"])}
    if kind == "upgrade":
        return {"sprite": f"size.{action['size']}"}
    if kind == "park":
        return {"sprite": "park.yes" if action["park"] else "park.no"}
    return {}


def board(view: View, seat: int, tr: Translator) -> dict[str, Any]:
    """The seat's own town sheet: 4 rows, 8 tiles wide, rows of 7 half a tile in, on paper
    an eighth of a tile wide all round."""
    from .words import letter  # the sheet's letters, in the phone's language

    places = []
    for row, tiles in enumerate(view["sheets"][seat]["rows"]):
        inset = EDGE + (0.5 if ROW_LENGTHS[row] == 7 else 0.0)
        for col, tile in enumerate(tiles):
            place: dict[str, Any] = {
                "id": place_id(row, col), "x": col + inset, "y": row + EDGE, "w": 1, "h": 1,
                "sprite": tile_key(tile.get("kind"), bool(tile.get("mine")), bool(tile.get("track")), tile.get("right")),
            }
            if tile.get("kind"):
                place["text"] = letter(tile["kind"], tr) + rank(tile.get("value"), tr)
            places.append(place)
    return {"w": 8 + 2 * EDGE, "h": 4 + 2 * EDGE, "places": places}

