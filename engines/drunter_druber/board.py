"""The Drunter & Drüber board as data (DD-1), the tile supply (DD-2) and the geometry of
placing (DD-3, DD-4).

Cells are numbered ``y * WIDTH + x`` (x = column 0-14 from the left, y = row 0-9 from the
top); actions, views and events show them as ``[x, y]``. Everything here is constant
module data, never game state.
"""

# --- the map (DD-1) -------------------------------------------------------------------
# Two characters per cell: ".." open ground, "WC" toilet, "@w"/"@s"/"@r" the start
# corners (watchtower: wall, coaching inn: street, waterworks: river), and otherwise a
# building: its type letter (see BUILDING_TYPES) and its value 1-5. Value v lies on ring
# v - 1 counted from the border (1s on the border, 5s in the two middle rows); the five
# buildings of a type sit 72 degrees apart around the centre and the six types are
# turned 60 degrees against each other, so no type crowds one quadrant. The 17 toilets
# are spread the same way over the rings. See docs/rules/drunter_druber.md.
MAP = """
@w .. WC .. .. .. .. I1 .. .. .. .. WC .. @s
.. S2 .. .. .. .. .. WC F2 .. .. .. .. .. ..
F1 .. .. .. H3 .. .. .. S3 WC .. .. .. .. M1
.. .. WC .. .. .. C4 WC .. H4 .. .. .. I2 ..
.. WC .. M4 I5 .. WC M5 C5 .. .. .. F3 WC ..
.. .. C3 .. .. .. F5 S5 WC .. H5 S4 .. .. ..
.. H2 .. WC .. I4 .. .. F4 .. WC .. WC .. ..
S1 .. .. .. .. WC M3 .. .. .. I3 .. .. .. C1
.. .. .. .. .. .. C2 WC .. .. .. .. .. M2 ..
@r .. WC .. .. .. .. H1 .. .. .. .. WC .. @w
"""
WIDTH, HEIGHT = 15, 10
CELLS = WIDTH * HEIGHT

BUILDING_TYPES = {
    "H": "town_hall",
    "S": "school",
    "F": "fire_station",
    "I": "inn",
    "M": "museum",
    "C": "church",
}
TYPES = tuple(BUILDING_TYPES.values())
TYPE_NAMES = {
    "town_hall": "town hall",
    "school": "school",
    "fire_station": "fire station",
    "inn": "inn",
    "museum": "museum",
    "church": "church",
}

# The four stretches (DD-3) and the corner each starts from.
STRETCHES = ("wall_nw", "wall_se", "street", "river")
STRETCH_KIND = {"wall_nw": "wall", "wall_se": "wall", "street": "street", "river": "river"}
KINDS = ("wall", "street", "river")
START = {"wall_nw": 0, "street": WIDTH - 1, "river": CELLS - WIDTH, "wall_se": CELLS - 1}
CORNERS = tuple(sorted(START.values()))

# The tile supply (DD-2): [singles, doubles, triples] per kind, 60 tiles in all.
SUPPLY = {"wall": [12, 12, 6], "street": [6, 6, 3], "river": [6, 6, 3]}
# Tiles dealt to each player: [singles, doubles, triples] (the seed's table).
DEAL = {2: [12, 12, 6], 3: [8, 8, 4], 4: [6, 6, 3]}


def _parse_map() -> tuple[dict[int, tuple[str, int]], list[int]]:
    rows = [line.split() for line in MAP.strip().splitlines()]
    if len(rows) != HEIGHT or any(len(row) != WIDTH for row in rows):
        raise ValueError("the map must have 10 rows of 15 cells")
    buildings: dict[int, tuple[str, int]] = {}
    toilets: list[int] = []
    for y, row in enumerate(rows):
        for x, code in enumerate(row):
            cell = y * WIDTH + x
            if code == "WC":
                toilets.append(cell)
            elif code[0] in BUILDING_TYPES:
                buildings[cell] = (BUILDING_TYPES[code[0]], int(code[1]))
            elif code != ".." and not code.startswith("@"):
                raise ValueError(f"bad map code {code!r}")
    return buildings, toilets


BUILDINGS, TOILETS = _parse_map()
"""BUILDINGS: cell -> (type, value); TOILETS: the toilet cells, ascending."""
IS_TOILET = [cell in set(TOILETS) for cell in range(CELLS)]
BUILDING_AT = [BUILDINGS.get(cell) for cell in range(CELLS)]
BUILDINGS_OF = {t: sorted(c for c, (bt, _) in BUILDINGS.items() if bt == t) for t in TYPES}


def xy(cell: int) -> list[int]:
    return [cell % WIDTH, cell // WIDTH]


def cell_of(x: int, y: int) -> int:
    return y * WIDTH + x


# --- geometry (DD-3, DD-4) --------------------------------------------------------------
DIRS = ("n", "e", "s", "w")
STEP = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
# A tile docked by moving in direction d runs forward (d) or to either side, never back.
RUNS = {"n": ("n", "e", "w"), "e": ("e", "n", "s"), "s": ("s", "e", "w"), "w": ("w", "n", "s")}


def _ray(cell: int, d: str, length: int) -> list[int]:
    """Up to ``length`` cells beyond ``cell`` in direction ``d``, stopping at the border."""
    x, y = xy(cell)
    dx, dy = STEP[d]
    out = []
    for _ in range(length):
        x, y = x + dx, y + dy
        if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
            break
        out.append(y * WIDTH + x)
    return out


# RAY[cell][d]: the next two cells from ``cell`` in direction d (fewer at the border).
RAY = [{d: _ray(cell, d, 2) for d in DIRS} for cell in range(CELLS)]
# DOCKS[cell]: (direction, neighbour, cell beyond the neighbour or -1) for each direction.
DOCKS = [
    [(d, RAY[cell][d][0], RAY[cell][d][1] if len(RAY[cell][d]) > 1 else -1) for d in DIRS if RAY[cell][d]]
    for cell in range(CELLS)
]

# Cell marks in the state's ``cells`` list.
FREE, COVERED, BRIDGE, CORNER = 0, 1, 2, 3


def cell_name(cell: int) -> str:
    """``a1`` is the top-left corner, ``o10`` the bottom-right (docs/rules)."""
    return f"{chr(ord('a') + cell % WIDTH)}{cell // WIDTH + 1}"


def parse_cell(text: str) -> int:
    if len(text) < 2 or not "a" <= text[0] <= chr(ord("a") + WIDTH - 1) or not text[1:].isdigit():
        raise ValueError(f"not a cell: {text!r}")
    y = int(text[1:]) - 1
    if not 0 <= y < HEIGHT:
        raise ValueError(f"not a cell: {text!r}")
    return y * WIDTH + ord(text[0]) - ord("a")


def docks(ground: list[int], token: int) -> list[tuple[str, int]]:
    """Where a tile may dock at ``token``: (direction of travel, docking cell) pairs.

    A free orthogonal neighbour is a docking field (DD-3); a bridge field next to the
    token with a free cell beyond it lets the tile dock on that far cell (DD-4).
    """
    out = []
    for d, near, far in DOCKS[token]:
        mark = ground[near]
        if mark == FREE:
            out.append((d, near))
        elif mark == BRIDGE and far >= 0 and ground[far] == FREE:
            out.append((d, far))
    return out


def can_dock(ground: list[int], token: int) -> bool:
    """Whether any tile at all could still extend the stretch at ``token`` (DD-5)."""
    for _, near, far in DOCKS[token]:
        mark = ground[near]
        if mark == FREE or (mark == BRIDGE and far >= 0 and ground[far] == FREE):
            return True
    return False


def placements(ground: list[int], token: int, max_size: int = 3) -> list[tuple[int, int, str | None, list[int]]]:
    """Every tile position at ``token`` as (size, docking cell, run direction, cells).

    Cells run from the docking field to the end-field. Singles have no direction; longer
    tiles run forward or to either side of the way they docked (DD-3).
    """
    out: list[tuple[int, int, str | None, list[int]]] = []
    for d, dock in docks(ground, token):
        out.append((1, dock, None, [dock]))
        if max_size < 2:
            continue
        for run in RUNS[d]:
            ray = RAY[dock][run]
            if not ray or ground[ray[0]] != FREE:
                continue
            out.append((2, dock, run, [dock, ray[0]]))
            if max_size >= 3 and len(ray) > 1 and ground[ray[1]] == FREE:
                out.append((3, dock, run, [dock, ray[0], ray[1]]))
    return out


def max_fit(ground: list[int], token: int) -> int:
    """The longest tile (0-3) that fits at ``token``; every shorter one fits too."""
    best = 0
    for d, dock in docks(ground, token):
        best = max(best, 1)
        for run in RUNS[d]:
            ray = RAY[dock][run]
            if ray and ground[ray[0]] == FREE:
                if len(ray) > 1 and ground[ray[1]] == FREE:
                    return 3
                best = 2
    return best


# --- scoring (DD-7, DD-8) ---------------------------------------------------------------
SPECIALS = ("all_3s", "all_4s", "lowest_each", "one_each")
SPECIAL_NAMES = {
    "all_3s": "all 3s",
    "all_4s": "all 4s",
    "lowest_each": "lowest of each type",
    "one_each": "1 per building",
}
CARD_NAMES = {**TYPE_NAMES, **SPECIAL_NAMES}
BUILDING_CELLS = sorted(BUILDINGS)


def card_points(card: str, ground: list[int]) -> int:
    """Points ``card`` earns on ``ground``: only uncovered buildings count."""
    standing = [BUILDINGS[c] for c in BUILDING_CELLS if ground[c] == FREE]
    if card in BUILDINGS_OF:
        return sum(v for t, v in standing if t == card)
    if card == "all_3s":
        return sum(v for _, v in standing if v == 3)
    if card == "all_4s":
        return sum(v for _, v in standing if v == 4)
    if card == "lowest_each":
        lowest: dict[str, int] = {}
        for t, v in standing:
            lowest[t] = min(v, lowest.get(t, v))
        return sum(lowest.values())
    if card == "one_each":
        return len(standing)
    raise ValueError(f"no such building card {card!r}")
