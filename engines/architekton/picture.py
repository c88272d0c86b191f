"""Architekton's picture hints for a phone (issue 40, `netplay.phone_words`), for a phone
that holds one of the two seats: the supply's tiles to take (a tile, then its partner on
the supply), each tile in hand with each way it may turn (a first each), then its square
on the board; a house to move by its square.

Sprite keys name pictures in `client.games.architekton.phone_sprites` (drawn from the
same lists below). A house on the board is the place's ``text``: a round window for the
first seat, a square one for the second, as the table draws them.
"""

from typing import Any

from ..errors import N_
from ..types import Action, View
from ..words import Translator
from .tiles import BUILDINGS, LANDSCAPE_TERRAIN, ROTATIONS, TERRAINS, is_building, tile_name

HOUSE_MARKS = ("\u25cf", "\u25a0")  # the window on a house: round (first seat), square (second)
TURNED = N_("turned {degrees}\u00b0")


def tile_key(tile: str, rot: int = 0) -> str:
    """``tile.B09.1`` (a building as it lies), ``land.W`` (a landscape: one terrain all round)."""
    if is_building(tile):
        return f"tile.{tile.lower()}.{rot if rot in ROTATIONS[tile] else 0}"
    return f"land.{LANDSCAPE_TERRAIN[tile].lower()}"


def all_keys() -> list[str]:
    """Every key the hints can name (the sprite sheet draws exactly these)."""
    return (["chip", "house.0", "house.1", "square.building", "square.landscape"]
            + [f"land.{terrain.lower()}" for terrain in TERRAINS]
            + [tile_key(tile, rot) for tile in BUILDINGS for rot in ROTATIONS[tile]])


def square_id(x: int, y: int) -> str:
    return f"sq.{x}.{y}"


def supply_id(tile: str) -> str:
    return f"supply.{tile}"


def tile_words(tile: str, rot: int, tr: Translator) -> str:
    name = tile_name(tile, tr)
    return f"{name}, {tr.gettext(TURNED).format(degrees=rot * 90)}" if rot else name


# --- the hints --------------------------------------------------------------------------
def choice_hints(action: Action, view: View, tr: Translator) -> dict[str, Any]:
    kind = action["type"]
    if kind == "take":  # a tile of the supply, then its partner (or a lone tile at once)
        tiles = action["tiles"]
        if len(tiles) == 1:
            return {"place": supply_id(tiles[0])}
        first = tiles[0]
        return {"first": {"id": first, "sprite": tile_key(first), "label": tile_name(first, tr)},
                "place": supply_id(tiles[1])}
    if kind == "place":  # the tile as it turns, then its square
        tile, rot = action["tile"], action["rot"]
        return {"first": {"id": f"{tile}.{rot}", "sprite": tile_key(tile, rot), "label": tile_words(tile, rot, tr)},
                "place": square_id(action["x"], action["y"])}
    if kind == "move_house":
        return {"place": square_id(action["x"], action["y"])}
    return {}


def board(view: View, seat: int, tr: Translator) -> dict[str, Any] | None:
    """The supply while the seat takes tiles; the board (and the squares to fill) while it
    places them or moves a house; nothing while it only waits."""
    if view.get("current") != seat and not (view.get("settling") or {}).get("owner") == seat:
        return None
    if view.get("phase") == "take":
        return supply_board(view)
    return town_board(view)


def supply_board(view: View) -> dict[str, Any]:
    """The supply: buildings over landscapes, as the table lays them out."""
    places = []
    buildings = [item["tile"] for item in view["supply"] if is_building(item["tile"])]
    landscapes = [item["tile"] for item in view["supply"] if not is_building(item["tile"])]
    for row, tiles in enumerate((buildings, landscapes)):
        for col, tile in enumerate(tiles):
            places.append({"id": supply_id(tile), "x": col, "y": row, "w": 1, "h": 1, "sprite": tile_key(tile)})
    return {"w": max(3, len(buildings), len(landscapes)), "h": 2, "places": places}


def town_board(view: View) -> dict[str, Any]:
    """The laid tiles and every square a tile in hand may go, in one rectangle."""
    laid = {(cell["x"], cell["y"]): cell for cell in view["board"]}
    squares = set(laid) | {(spot["x"], spot["y"]) for spots in (view.get("spots") or {}).values() for spot in spots}
    xs, ys = [x for x, _ in squares], [y for _, y in squares]
    left, top = min(xs), min(ys)
    width, height = max(xs) - left + 1, max(ys) - top + 1
    places = []
    for y in range(top, top + height):
        for x in range(left, left + width):
            place: dict[str, Any] = {"id": square_id(x, y), "x": x - left, "y": y - top, "w": 1, "h": 1}
            cell = laid.get((x, y))
            if cell is not None:
                place["sprite"] = tile_key(cell["tile"], cell["rot"])
                if cell.get("house") is not None:
                    place["text"] = HOUSE_MARKS[cell["house"] % 2]
            else:
                place["sprite"] = "square.building" if (x + y) % 2 else "square.landscape"
            places.append(place)
    return {"w": width, "h": height, "places": places}


def hand_pictures(view: View, seat: int) -> dict[str, dict[str, Any]]:
    """Pictures for the hand's lines, by line: the tiles taken, the chips, the houses."""
    pictures: dict[str, dict[str, Any]] = {
        "chips": {"sprites": ["chip"], "badges": [str(view["chips"][seat])]},
        "houses": {"sprites": [f"house.{seat % 2}"], "badges": [str(view["houses"][seat])]},
    }
    if view.get("current") == seat and view.get("hand"):
        pictures["hand"] = {"sprites": [tile_key(tile) for tile in view["hand"]], "badges": [None] * len(view["hand"])}
    return pictures
