"""Drunter & Drüber's picture hints for a phone (issue 40, `netplay.phone_words`): the
people cards of a secret vote, the Jein sides, the variant's secret pick, and the tile to
lay as a two-tap choice (the tile and the way it lies first, then its spot on the town).

Sprite keys name pictures in `client.games.drunter_druber.phone_sprites` (the sheet is
drawn from the same lists, so a key named here is always in it). The town on the phone is
the part of the board around the legal spots (a whole 15 x 10 town is too small to tap at
phone width); each cell a place with what lies on it, each legal spot a place covering
the cells the tile would cover.
"""

from typing import Any

from ..errors import N_
from ..types import Action, View
from ..words import HandLine, Translator
from .board import BRIDGE as BRIDGE_MARK
from .board import (
    BUILDINGS,
    CELLS,
    COVERED,
    FREE,
    HEIGHT,
    IS_TOILET,
    KINDS,
    START,
    STRETCH_KIND,
    WIDTH,
    placements,
)
from .board import CORNER as CORNER_MARK

PEOPLE = ("ja", "jaa", "jaaa", "ne", "nee", "neee", "jein", "blank")
LOOKS = ("wall_nw", "wall_se", "street", "river")  # a laid tile is drawn in its stretch's look
SIDE_SETS = tuple("".join(side for i, side in enumerate("ensw") if mask >> i & 1) for mask in range(16))
TILE_WORDS = {  # a tile in words (the table's words say them the same)
    ("wall", 1): N_("wall single"), ("wall", 2): N_("wall double"), ("wall", 3): N_("wall triple"),
    ("street", 1): N_("street single"), ("street", 2): N_("street double"), ("street", 3): N_("street triple"),
    ("river", 1): N_("river single"), ("river", 2): N_("river double"), ("river", 3): N_("river triple"),
}
WALL_WORDS = {"wall_nw": N_("North wall"), "wall_se": N_("South wall")}  # the table's words for them
LIES = {"h": "\u2194", "v": "\u2195"}  # how a longer tile lies: across or up and down
STEP = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
MARGIN = 1  # cells shown around the legal spots
NARROWEST = 6  # columns at least, so the town around a spot still reads


# --- sprite keys ------------------------------------------------------------------------
def people_key(card: str) -> str:
    return f"people.{card}"


def building_card_key(card: str) -> str:
    return f"card.{card}"


def tile_key(kind: str, size: int, lie: str | None) -> str:
    """A tile in the hand: ``tile.river.3.h`` (a single has no way it lies)."""
    return f"tile.{kind}.{size}" if size == 1 else f"tile.{kind}.{size}.{lie}"


def lie_of(size: int, run: str | None) -> str | None:
    return None if size == 1 or run is None else ("h" if run in ("e", "w") else "v")


def all_tile_keys() -> list[str]:
    return [tile_key(kind, size, lie) for kind in KINDS for size in (1, 2, 3)
            for lie in ((None,) if size == 1 else ("h", "v"))]


def ground_keys() -> list[str]:
    """Every key a town cell can name."""
    keys = ["grass", "toilet"] + [f"corner.{stretch}" for stretch in START]
    keys += [f"building.{kind}.{value}" for kind, value in sorted(set(BUILDINGS.values()))]
    keys += [f"band.{look}.{sides or 'o'}" for look in LOOKS for sides in SIDE_SETS]
    keys += [f"bridge.{look}.{axis}" for look in LOOKS for axis in "hv"]
    keys += [f"bridge.{look}.{axis}.{under}" for look in LOOKS for axis in "hv" for under in LOOKS]
    return keys


def all_keys() -> list[str]:
    """Every key the hints below can name (the sprite sheet draws exactly these)."""
    return (["back"] + [people_key(c) for c in PEOPLE] + ["jein.yes", "jein.no"]
            + [building_card_key(c) for c in BUILDING_CARDS] + all_tile_keys() + ground_keys())


BUILDING_CARDS = ("town_hall", "school", "fire_station", "inn", "museum", "church",
                  "all_3s", "all_4s", "lowest_each", "one_each")


# --- the town as the view shows it ------------------------------------------------------
def ground_of(view: View) -> list[int]:
    """The board's marks (free, covered, bridge, corner) rebuilt from the view's tiles."""
    ground = [FREE] * CELLS
    for cell in START.values():
        ground[cell] = CORNER_MARK
    for tile in view["tiles"]:
        cells = [x + y * WIDTH for x, y in tile["cells"]]
        for cell in cells:
            ground[cell] = COVERED
        if len(cells) == 3:
            ground[cells[1]] = BRIDGE_MARK
    return ground


def legal_places(view: View, seat: int) -> list[tuple[str, int, int, str | None, list[int]]]:
    """Every (stretch, size, dock, run, cells) the seat may lay now (as the rules list them)."""
    if view.get("phase") != "place" or view.get("current") != seat:
        return []
    ground, hand, found = ground_of(view), view["hands"][seat], []
    for stretch, token in view["tokens"].items():
        if token is None:
            continue
        held = hand[STRETCH_KIND[stretch]]
        for size, dock, run, cells in placements(ground, token[0] + token[1] * WIDTH):
            if held[size - 1]:
                found.append((stretch, size, dock, run, cells))
    return found


def window(view: View, seat: int) -> tuple[int, int, int, int]:
    """The part of the town the phone shows: (left, top, columns, rows) around the legal
    spots and the open tokens, at least NARROWEST columns, inside the board."""
    cells = [cell for *_, spot in legal_places(view, seat) for cell in spot]
    if not cells:
        return 0, 0, WIDTH, HEIGHT
    xs, ys = [c % WIDTH for c in cells], [c // WIDTH for c in cells]
    left, right = max(0, min(xs) - MARGIN), min(WIDTH - 1, max(xs) + MARGIN)
    top, bottom = max(0, min(ys) - MARGIN), min(HEIGHT - 1, max(ys) + MARGIN)
    while right - left + 1 < NARROWEST:
        if left > 0:
            left -= 1
        if right - left + 1 < NARROWEST and right < WIDTH - 1:
            right += 1
    return left, top, right - left + 1, bottom - top + 1


def side_towards(a: tuple[int, int], b: tuple[int, int]) -> str:
    dx, dy = b[0] - a[0], b[1] - a[1]
    return "e" if dx > 0 else "w" if dx < 0 else "s" if dy > 0 else "n"


def cell_looks(view: View) -> dict[tuple[int, int], str]:
    """The sprite key of every covered cell: bands joined to their neighbours along each
    stretch (the client's `town.Links` reading), bridges with what passes under them."""
    sides: dict[tuple[int, int], set[str]] = {}
    look_at: dict[tuple[int, int], str] = {}
    bridges: dict[tuple[int, int], str] = {}
    unders: dict[tuple[int, int], str] = {}
    ends = {stretch: (cell % WIDTH, cell // WIDTH) for stretch, cell in START.items()}
    for tile in view["tiles"]:
        cells = [(c[0], c[1]) for c in tile["cells"]]
        look = tile["stretch"]
        for cell in cells:
            look_at[cell] = look
            sides.setdefault(cell, set())
        previous, dock = ends[tile["stretch"]], cells[0]
        if abs(previous[0] - dock[0]) + abs(previous[1] - dock[1]) == 2:  # under a bridge (DD-4)
            middle = ((previous[0] + dock[0]) // 2, (previous[1] + dock[1]) // 2)
            unders[middle] = look
            if previous in sides:
                sides[previous].add(side_towards(previous, middle))
        elif previous in sides:
            sides[previous].add(side_towards(previous, dock))
        sides[dock].add(side_towards(dock, previous))
        for a, b in zip(cells, cells[1:], strict=False):
            sides[a].add(side_towards(a, b))
            sides[b].add(side_towards(b, a))
        if len(cells) == 3:
            bridges[cells[1]] = "h" if cells[0][1] == cells[2][1] else "v"
        ends[tile["stretch"]] = cells[-1]
    looks = {}
    for cell, look in look_at.items():
        if cell in bridges:
            under = unders.get(cell)
            looks[cell] = f"bridge.{look}.{bridges[cell]}" + (f".{under}" if under else "")
        else:
            looks[cell] = f"band.{look}.{''.join(s for s in 'ensw' if s in sides[cell]) or 'o'}"
    return looks


def ground_key(x: int, y: int) -> str:
    cell = x + y * WIDTH
    for stretch, start in START.items():
        if start == cell:
            return f"corner.{stretch}"
    if cell in BUILDINGS:
        kind, value = BUILDINGS[cell]
        return f"building.{kind}.{value}"
    return "toilet" if IS_TOILET[cell] else "grass"


def spot_id(x: int, y: int) -> str:
    """A spot is the cell a tile ends on (where the token moves, DD-3): given the token and
    the way the tile lies, it says which cells the tile covers (its docking field is beside
    the token). One place per cell, so no spot hides another."""
    return f"end.{x}.{y}"


# --- the hints --------------------------------------------------------------------------
def choice_hints(action: Action, view: View, tr: Translator) -> dict[str, Any]:
    """The picture hints of one legal action (merged into its words)."""
    kind = action["type"]
    if kind == "vote":
        cards = action["cards"]
        return {"sprite": people_key(cards[0]), "hidden": True} if len(cards) == 1 else {"hidden": True}
    if kind == "jein":
        return {"sprite": f"jein.{action['side']}"}
    if kind == "pick":
        return {"sprite": building_card_key(action["card"]), "hidden": True}
    stretch, size, run = action["stretch"], action["size"], action.get("dir")
    lie = lie_of(size, run)
    tile = STRETCH_KIND[stretch]
    words = tr.gettext(TILE_WORDS[tile, size]) + (f" {LIES[lie]}" if lie else "")
    end = end_cell(action)
    first = {"id": tile_key(tile, size, lie), "sprite": tile_key(tile, size, lie), "label": words}
    if shares_its_end(action, view, end):  # both walls end here: the tile says which wall it extends
        first["id"] += f".{stretch}"
        first["label"] += f" ({tr.gettext(WALL_WORDS[stretch])})"
    return {"first": first, "place": spot_id(end % WIDTH, end // WIDTH)}


def shares_its_end(action: Action, view: View, end: int) -> bool:
    """Whether the other wall could take the same tile, lying the same way, ending on the same cell."""
    if STRETCH_KIND[action["stretch"]] != "wall":
        return False
    lie = lie_of(action["size"], action.get("dir"))
    return any(stretch != action["stretch"] and STRETCH_KIND[stretch] == "wall" and size == action["size"]
               and lie_of(size, run) == lie and cells[-1] == end
               for stretch, size, _, run, cells in legal_places(view, view["you"]))


def end_cell(action: Action) -> int:
    """The cell a placement ends on: ``size - 1`` steps from its docking cell along its run."""
    x, y = int(action["cell"][0]), int(action["cell"][1])
    dx, dy = STEP[action["dir"]] if action.get("dir") else (0, 0)
    steps = int(action["size"]) - 1
    return x + dx * steps + (y + dy * steps) * WIDTH


def board(view: View, seat: int, tr: Translator) -> dict[str, Any] | None:
    """The part of the town around the seat's legal spots, while it is to lay a tile."""
    spots = legal_places(view, seat)
    if not spots:
        return None
    left, top, columns, rows = window(view, seat)
    looks = cell_looks(view)
    ends = {cells[-1] for *_, cells in spots}
    places: list[dict[str, Any]] = []
    for y in range(top, top + rows):
        for x in range(left, left + columns):
            places.append({"id": spot_id(x, y) if x + y * WIDTH in ends else f"cell.{x}.{y}",
                           "x": x - left, "y": y - top, "w": 1, "h": 1,
                           "sprite": looks.get((x, y)) or ground_key(x, y)})
    return {"w": columns, "h": rows, "places": places}


def tile_line(view: View, seat: int, tr: Translator) -> HandLine | None:
    """The seat's tiles as pictures with their counts (None when it holds none)."""
    hand = view["hands"][seat]
    held = [(kind, size, hand[kind][size - 1]) for kind in KINDS for size in (1, 2, 3) if hand[kind][size - 1]]
    if not held:
        return None
    return {"label": tr.gettext("Your tiles"),
            "value": ", ".join(f"{count} \u00d7 {tr.gettext(TILE_WORDS[kind, size])}" for kind, size, count in held),
            "sprites": [tile_key(kind, size, "h") for kind, size, _ in held],
            "badges": [str(count) for *_, count in held]}
