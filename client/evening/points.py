"""Placement points: the evening's standings across games of any size.

The scheme, for a game with ``n`` seats (1 to 6; bots count as seats):

- last place gets 1 point, each place above it one more, and the winner one extra:
  2 players 3-1, 3 players 4-2-1, 4 players 5-3-2-1, 5 players 6-4-3-2-1,
  6 players 7-5-4-3-2-1; a solo game is worth 1 point (nobody was beaten).
- Seats that tie share the points of the places they cover equally: two tied winners
  of four get (5 + 3) / 2 = 4 each, and the next seat is third (2 points).
- Places come from the game's own verdict: its winners share first place, then the
  others by score (higher or lower wins, as the game says); equal scores tie.
- Bots take their places and points like anyone (so beating a bot is worth something),
  but the standings list people only.

>>> placement_points(4)
[5, 3, 2, 1]
>>> points_for_places([1, 1, 3, 4])
[4.0, 4.0, 2.0, 1.0]
"""

from collections.abc import Sequence

MAX_SEATS = 6


def placement_points(seats: int) -> list[int]:
    """Points for places 1..``seats`` with no ties (ValueError outside 1 to 6 seats)."""
    if not 1 <= seats <= MAX_SEATS:
        raise ValueError(f"placement points are for 1 to {MAX_SEATS} seats, not {seats}")
    if seats == 1:
        return [1]
    return [seats + 1] + [seats - place for place in range(1, seats)]


def places(scores: Sequence[float], winners: Sequence[int], lower_wins: bool = False) -> list[int]:
    """Each seat's place (1 = best; tied seats share the best place they cover, so two
    tied winners are both 1 and the next is 3)."""
    sign = 1 if lower_wins else -1
    keys = [(0 if seat in winners else 1, sign * _number(score)) for seat, score in enumerate(scores)]
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def points_for_places(seat_places: Sequence[int]) -> list[float]:
    """Each seat's points for its place, ties sharing the points of the places they cover."""
    table = placement_points(len(seat_places))
    out = []
    for place in seat_places:
        tied = sum(1 for other in seat_places if other == place)
        covered = table[place - 1:place - 1 + tied]
        out.append(sum(covered) / tied)
    return out


def game_points(scores: Sequence[float], winners: Sequence[int], lower_wins: bool = False) -> list[float]:
    """A finished game's points per seat."""
    return points_for_places(places(scores, winners, lower_wins))


def show(points: float) -> str:
    """Points as the window's language writes them: whole points plain, shared ones to one
    decimal ("4", "3.3"; "3,3" in German)."""
    from client import i18n

    return i18n.number(points, 0 if float(points).is_integer() else 1)


def signed(change: int) -> str:
    """A rating's move with its sign, as the window's language writes numbers ("+1,234")."""
    from client import i18n

    return ("+" if change >= 0 else "-") + i18n.number(abs(change))


def plain(points: float) -> str:
    """Points for a file (a CSV export): "4", "3.3" whatever the language."""
    return str(int(points)) if float(points).is_integer() else f"{points:.1f}"


def _number(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0
