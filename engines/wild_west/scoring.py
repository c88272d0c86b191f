"""Scoring a town sheet (WW-8), part by part, so a client can draw the score sheet."""

from typing import Any

from .sheet import NEIGHBOURS, ROW_LENGTHS, ROW_TILES, TILE_COL, TILE_ROW, TILES

# index = parks (or tracks) in the row; 7-rows and 8-rows differ (WW-8)
PARK_POINTS = {7: (0, 0, 1, 4, 10, 18, 22, 26), 8: (0, 0, 1, 4, 10, 18, 22, 26, 30)}
TRACK_POINTS = {7: (0, 0, 3, 7, 12, 15, 18, 25), 8: (0, 0, 0, 1, 2, 8, 16, 24, 32)}
UPGRADE_BONUS = (0, 2, 5, 9)  # extra points for a size row with 0..3 upgrades
MAX_UPGRADES = 3
GROUP_CAP = 6
GROUP_ADJUST = {"R": 1, "S": -1, "C": 0}  # ranch groups count one bigger, saloons one smaller
CHURCH_POINTS = (0, 1, 3, 9, 16, 25, 30, 35)  # 0..7+ graves on and next to a church
TUMBLEWEED_PENALTY = (0, 1, 3, 6)
GRAVE, PARK = "grave", "park"


def group_points(size: int, upgrades: list[int]) -> int:
    """Points of one group of (adjusted, capped) ``size``: n(n+1)/2 plus its row's bonus."""
    if size <= 0:
        return 0
    return size * (size + 1) // 2 + UPGRADE_BONUS[upgrades[size - 1]]


def ace_penalty(aces: int) -> int:
    """0, 1, 5 for 0-2 Aces, then 5 more for each further Ace (WW-8)."""
    return 0 if aces == 0 else 1 if aces == 1 else 5 * (aces - 1)


def tumbleweed_penalty(count: int) -> int:
    return TUMBLEWEED_PENALTY[min(count, 3)]


def groups(kinds: list[str]) -> list[list[int]]:
    """Connected groups of Ranch, Saloon and Church tiles of one type, in tile order."""
    seen = [False] * TILES
    found = []
    for start in range(TILES):
        kind = kinds[start]
        if seen[start] or kind not in GROUP_ADJUST:
            continue
        seen[start] = True
        members, frontier = [start], [start]
        while frontier:
            t = frontier.pop()
            for n in NEIGHBOURS[t]:
                if not seen[n] and kinds[n] == kind:
                    seen[n] = True
                    members.append(n)
                    frontier.append(n)
        found.append(sorted(members))
    return found


def score_sheet(kinds: list[str], rights: list[str], tracks: list[bool], upgrades: list[int], tumbleweeds: int,
                aces: int) -> dict[str, Any]:
    """Every part of one sheet's score (WW-8); ``total`` = parks + tracks + groups +
    churches - penalties."""
    parks_by_row, tracks_by_row = [], []
    for row, tiles in enumerate(ROW_TILES):
        length = ROW_LENGTHS[row]
        parks_by_row.append(PARK_POINTS[length][sum(1 for t in tiles if rights[t] == PARK)])
        tracks_by_row.append(TRACK_POINTS[length][sum(1 for t in tiles if tracks[t])])
    group_list: list[dict[str, Any]] = []
    for members in groups(kinds):
        kind = kinds[members[0]]
        size = max(0, min(GROUP_CAP, len(members) + GROUP_ADJUST[kind]))
        group_list.append({
            "kind": kind,
            "tiles": [[TILE_ROW[t], TILE_COL[t]] for t in members],
            "size": size,
            "points": group_points(size, upgrades),
        })
    church_list: list[dict[str, Any]] = []
    for t in range(TILES):
        if kinds[t] == "C":
            graves = (rights[t] == GRAVE) + sum(1 for n in NEIGHBOURS[t] if rights[n] == GRAVE)
            church_list.append({
                "tile": [TILE_ROW[t], TILE_COL[t]],
                "graves": graves,
                "points": CHURCH_POINTS[min(graves, 7)],
            })
    parts: dict[str, Any] = {
        "parks": sum(parks_by_row),
        "parks_by_row": parks_by_row,
        "tracks": sum(tracks_by_row),
        "tracks_by_row": tracks_by_row,
        "groups": sum(g["points"] for g in group_list),
        "group_list": group_list,
        "churches": sum(c["points"] for c in church_list),
        "church_list": church_list,
        "tumbleweeds": tumbleweed_penalty(tumbleweeds),
        "aces": ace_penalty(aces),
    }
    parts["penalties"] = parts["tumbleweeds"] + parts["aces"]
    parts["total"] = (parts["parks"] + parts["tracks"] + parts["groups"] + parts["churches"]
                      - parts["penalties"])
    return parts
