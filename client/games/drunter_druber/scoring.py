"""Which buildings a building card counts at the end (DD-7, DD-8), cell by cell, so the
table can light them up one after another; the points add up to the engine's
`card_points`. And the words for how a tie was broken."""

from client.table.game import and_list
from engines.drunter_druber.board import BUILDINGS, CARD_NAMES, xy

BUILDING_LIST = sorted((tuple(xy(cell)), kind, value) for cell, (kind, value) in BUILDINGS.items())


def counted(card: str, covered: set) -> list[tuple[tuple[int, int], int]]:
    """(cell, points) of every uncovered building ``card`` scores, in reading order."""
    standing = [(cell, kind, value) for cell, kind, value in BUILDING_LIST if cell not in covered]
    if card == "all_3s":
        return [(cell, 3) for cell, _, value in standing if value == 3]
    if card == "all_4s":
        return [(cell, 4) for cell, _, value in standing if value == 4]
    if card == "one_each":
        return [(cell, 1) for cell, _, _ in standing]
    if card == "lowest_each":
        lowest: dict = {}
        for cell, kind, value in standing:
            if kind not in lowest or value < lowest[kind][1]:
                lowest[kind] = (cell, value)
        return sorted(lowest.values(), key=lambda item: (item[0][1], item[0][0]))
    return sorted(((cell, value) for cell, kind, value in standing if kind == card),
                  key=lambda item: (item[0][1], item[0][0]))


def covered_cells(tiles: list[dict]) -> set:
    return {tuple(cell) for tile in tiles for cell in tile["cells"]}


def tie_words(points: list[list[int]], people_left: list[int], winners: list[int], name) -> str:
    """How the winner was found, in a sentence: a clear win, or a tie and what broke it
    (the second card, DD-8; most people cards left, DD-7; else a shared win)."""
    firsts = [p[0] for p in points]
    best = max(firsts)
    tied = [seat for seat, score in enumerate(firsts) if score == best]
    names = [name(seat) for seat in winners]
    if len(tied) == 1:
        return f"{names[0]} wins with {best} points"
    who = and_list([name(seat) for seat in tied])
    if len(points[0]) > 1:
        seconds = [points[seat][1] for seat in tied]
        if len(set(seconds)) > 1:
            return f"{who} tie on {best}; the second card breaks it: {and_list(names)} ({max(seconds)})"
    if len(winners) == 1:
        left = people_left[winners[0]]
        return f"{who} tie on {best}; {names[0]} has the most people cards left ({left})"
    return f"{who} tie on {best} and hold as many people cards: a shared win"


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def card_name(card: str) -> str:
    return CARD_NAMES.get(card, card)
