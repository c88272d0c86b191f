"""The town sheet (WW-2) and the deck (WW-1): layout data and pure helpers.

A sheet has 30 tiles in four brick-laid rows of 7, 8, 7 and 8. Tiles are numbered
0..29 row by row; `TILE_ROW` / `TILE_COL` map a number back to its (0-based) row and
column. Everything here is constant data or a pure function of plain lists, so the
rules, the scoring and the bot share one reading of the sheet.
"""

# --- the deck (WW-1) ----------------------------------------------------------------
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J")
RANK_COUNTS = (2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 2)
RANK_VALUE = {rank: (1 if rank == "A" else 11 if rank == "J" else int(rank)) for rank in RANKS}
ACE = 1  # a written Ace: wild, ignored by the row order (WW-4)
SUITS = ("S", "D", "H", "C")  # dealt cycling spade, diamond, heart, club in rank order
RANCH, MINE, CHURCH, SALOON = "ranch", "mine", "church", "saloon"
SUIT_ACTION = {"S": RANCH, "D": MINE, "H": CHURCH, "C": SALOON}
ACTION_KIND = {RANCH: "R", MINE: "G", CHURCH: "C", SALOON: "S"}
ACTIONS = (RANCH, MINE, CHURCH, SALOON)


def full_deck() -> list[str]:
    """The 42 cards in rank order, suits cycling S, D, H, C from the first Ace (WW-1)."""
    deck: list[str] = []
    for rank, count in zip(RANKS, RANK_COUNTS, strict=True):
        for _ in range(count):
            deck.append(rank + SUITS[len(deck) % 4])
    return deck


def card_value(card: str) -> int:
    """The number a card writes (Ace 1 = wild, Jack 11)."""
    return RANK_VALUE[card[:-1]]


def card_action(card: str) -> str:
    return SUIT_ACTION[card[-1]]


# --- the sheet layout (WW-2) ------------------------------------------------------
ROW_LENGTHS = (7, 8, 7, 8)
ROW_START = (0, 7, 15, 22)
TILES = 30
TILE_ROW = tuple(r for r, length in enumerate(ROW_LENGTHS) for _ in range(length))
TILE_COL = tuple(c for length in ROW_LENGTHS for c in range(length))
ROW_TILES = tuple(tuple(range(ROW_START[r], ROW_START[r] + ROW_LENGTHS[r])) for r in range(4))
MINES = (ROW_START[0] + 3, ROW_START[1] + 1, ROW_START[1] + 6, ROW_START[2] + 3,
         ROW_START[3] + 1, ROW_START[3] + 6)
IS_MINE = tuple(t in MINES for t in range(TILES))


def tile_at(row: int, col: int) -> int:
    return ROW_START[row] + col


def _neighbours(t: int) -> tuple[int, ...]:
    r, c = TILE_ROW[t], TILE_COL[t]
    found = [tile_at(r, c + d) for d in (-1, 1) if 0 <= c + d < ROW_LENGTHS[r]]
    for other in (r - 1, r + 1):
        if not 0 <= other < 4:
            continue
        # a 7-row tile j touches tiles j and j+1 of the 8-rows above and below
        cols = (c, c + 1) if ROW_LENGTHS[r] == 7 else (c - 1, c)
        found += [tile_at(other, k) for k in cols if 0 <= k < ROW_LENGTHS[other]]
    return tuple(sorted(found))


NEIGHBOURS = tuple(_neighbours(t) for t in range(TILES))


def _distances(start: int) -> tuple[int, ...]:
    dist = [-1] * TILES
    dist[start] = 0
    frontier = [start]
    while frontier:
        following = []
        for t in frontier:
            for n in NEIGHBOURS[t]:
                if dist[n] < 0:
                    dist[n] = dist[t] + 1
                    following.append(n)
        frontier = following
    return tuple(dist)


DISTANCE = tuple(_distances(t) for t in range(TILES))
"""DISTANCE[a][b]: steps between two tiles over touching tiles (for saloon graves, WW-5)."""


# --- writing (WW-4) and track (WW-6) ------------------------------------------------
def fitting_tiles(values: list[int], row: int, value: int) -> list[int]:
    """Empty tiles of ``row`` where ``value`` keeps the row strictly increasing (WW-4).

    ``values`` is a sheet's 30 centre values (0 empty, 1 Ace). Aces fit any empty tile
    and are ignored when comparing.
    """
    tiles = ROW_TILES[row]
    if value == ACE:
        return [t for t in tiles if not values[t]]
    lo, hi = 0, len(tiles)
    for i, t in enumerate(tiles):
        written = values[t]
        if written > ACE:
            if written < value:
                lo = i + 1
            elif written == value:
                return []
            else:
                hi = i
                break
    return [t for t in tiles[lo:hi] if not values[t]]


def writable_tiles(values: list[int], value: int, mine_only: bool) -> list[int]:
    """Every tile where ``value`` may be written; Gold Mines only on mine tiles (WW-5)."""
    found: list[int] = []
    for row in range(4):
        found += fitting_tiles(values, row, value)
    if mine_only:
        return [t for t in found if IS_MINE[t]]
    return found


def track_spots(values: list[int], tracks: list[bool]) -> list[int]:
    """Tiles that can take track now (WW-6): filled, no track yet, and at a row's edge or
    beside a row neighbour with track, so track grows inward from both edges."""
    spots = []
    for tiles in ROW_TILES:
        last = len(tiles) - 1
        for i, t in enumerate(tiles):
            if not values[t] or tracks[t]:
                continue
            if i == 0 or i == last or tracks[t - 1] or tracks[t + 1]:
                spots.append(t)
    return spots
