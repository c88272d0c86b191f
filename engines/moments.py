"""Moments: the parts of a finished game people talk about, found in its recorded steps.

Each game names its own in ``engines/<id>/moments.py`` with the same two functions:
``find(steps, players) -> list[Moment]`` (best first) and ``words(moment, names, tr) -> str``
(its title in ``tr``'s language). They read only the steps' events and scores (every event,
private ones too: a replay is watched once the game is over), never a clock or a random
number, so the same game always has the same moments.

Two moments every game shares live here: a photo finish (the winner ahead by a hair, or a
shared win) and the biggest swing in the standings (the one action after which a player
stood ahead of another they had trailed, by the largest turn of points). A game whose scores
say neither simply has neither.
"""

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .steps import Step
from .types import Event
from .words import Translator

PHOTO_FINISH, BIGGEST_SWING = "photo_finish", "biggest_swing"


@dataclass(frozen=True)
class Moment:
    """One moment of a recorded game: steps ``start..end`` (1-based step indices)."""

    kind: str  # the game's name for it: "photo_finish", "empty_fist_donation", ...
    start: int  # the first step of the moment (a clip starts a little before)
    end: int  # its last step
    weight: float  # how good it is, 0..1, comparable across games (the night's reel)
    data: dict[str, Any] = field(default_factory=dict)  # what its words need: seats, points


def events(steps: Sequence[Step]) -> Iterator[tuple[Step, Event]]:
    """Every event of ``steps`` with the step it happened in, in order."""
    for step in steps:
        for event in step.events:
            yield step, event


def best_first(moments: list[Moment]) -> list[Moment]:
    """Highest weight first; equal weights in the order they happened."""
    return sorted(moments, key=lambda m: (-m.weight, m.start, m.end, m.kind))


def clamp(value: float) -> float:
    return max(0.0, min(1.0, value))


def game_ended(steps: Sequence[Step]) -> bool:
    """Whether the last step ended the game (its events hold ``game_over``)."""
    return bool(steps) and any(event.get("type") == "game_over" for event in steps[-1].events)


def _better(a: int, b: int, lower_wins: bool) -> bool:
    return a < b if lower_wins else a > b


def photo_finish(steps: Sequence[Step], players: int, margin: int, lower_wins: bool = False,
                 lead_in: int = 4) -> list[Moment]:
    """The game's end when the winner is at most ``margin`` points ahead of the next player
    (a tie broken by the game's own rule counts too), or the win is shared; none for one
    player or a game that did not end. The winners are the game's (its ``game_over``)."""
    if players < 2 or not game_ended(steps) or len(steps[-1].scores) < 2:
        return []
    scores = steps[-1].scores
    over = next(e for e in steps[-1].events if e.get("type") == "game_over")
    winners = [seat for seat in over.get("winners", []) if isinstance(seat, int) and 0 <= seat < len(scores)]
    if not winners:
        best = min(scores) if lower_wins else max(scores)
        winners = [seat for seat, score in enumerate(scores) if score == best]
    others = sorted((seat for seat in range(len(scores)) if seat not in winners),
                    key=lambda seat: (scores[seat] if lower_wins else -scores[seat], seat))
    runner_up = others[0] if others and len(winners) == 1 else None
    gap = 0 if runner_up is None else abs(scores[runner_up] - scores[winners[0]])
    if len(winners) == 1 and (runner_up is None or gap > margin):
        return []
    end = steps[-1].index
    weight = 0.95 if runner_up is None else clamp(0.9 - 0.3 * max(0, gap - 1) / max(1, margin))
    data = {"winners": winners, "runner_up": runner_up, "points": gap, "scores": list(scores)}
    return [Moment(PHOTO_FINISH, max(steps[0].index, end - lead_in), end, weight, data)]


def biggest_swing(steps: Sequence[Step], players: int, lower_wins: bool = False) -> list[Moment]:
    """The one step after which a player stood ahead of another they had trailed, with the
    largest turn of points between the two (the lead changing hands counts more); none when
    the standings never turned."""
    if players < 2:
        return []
    best: tuple[float, int, int, int, int, bool, int] | None = None  # (size, -index, index, ahead, behind, lead, turn)
    for before, step in zip(steps, steps[1:], strict=False):
        old, new = before.scores, step.scores
        if len(old) != len(new) or len(new) < 2 or old == new:
            continue
        for a in range(len(new)):
            for b in range(len(new)):
                if a == b or not (_better(old[b], old[a], lower_wins) and _better(new[a], new[b], lower_wins)):
                    continue
                turn = abs((new[a] - new[b]) - (old[a] - old[b]))
                # the lead changing hands: b led before, a leads now (ties shared)
                lead = _leads(old, b, lower_wins) and _leads(new, a, lower_wins)
                size = turn + (0.5 if lead else 0.0)  # wins a tie of points
                if best is None or (size, -step.index) > (best[0], best[1]):
                    best = (size, -step.index, step.index, a, b, lead, turn)
    if best is None:
        return []
    _, _, index, ahead, behind, lead, turn = best
    spread = max(1, max(max(step.scores) - min(step.scores) for step in steps if step.scores))
    weight = clamp(0.45 + (0.25 if lead else 0.0) + 0.25 * min(1.0, turn / spread))
    data = {"player": ahead, "over": behind, "points": turn, "lead": lead}
    return [Moment(BIGGEST_SWING, index, index, weight, data)]


def _leads(scores: Sequence[int], seat: int, lower_wins: bool) -> bool:
    return all(not _better(other, scores[seat], lower_wins) for other in scores)


def name(names: Sequence[str], seat: Any) -> str:
    """A seat's name (its number, 1-based, when the list has none for it)."""
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"{seat + 1}" if isinstance(seat, int) else "?"


def shared_words(moment: Moment, names: Sequence[str], tr: Translator) -> str | None:
    """The title of a moment every game shares, in ``tr``'s language; None for a game's own."""
    _, ngettext = tr.gettext, tr.ngettext
    data = moment.data
    if moment.kind == PHOTO_FINISH:
        if data["runner_up"] is None:
            together = ", ".join(name(names, seat) for seat in data["winners"])
            return _("Photo finish: {names} share the win").format(names=together)
        said = {"winner": name(names, data["winners"][0]), "runner_up": name(names, data["runner_up"])}
        if data["points"] == 0:
            return _("Photo finish: {winner} wins the tie-break against {runner_up}").format(**said)
        return ngettext("Photo finish: {winner} wins by {points} point over {runner_up}",
                        "Photo finish: {winner} wins by {points} points over {runner_up}",
                        data["points"]).format(points=data["points"], **said)
    if moment.kind == BIGGEST_SWING:
        said = dict(player=name(names, data["player"]), over=name(names, data["over"]), points=data["points"])
        if data["lead"]:
            return ngettext("Biggest swing: {player} takes the lead from {over} ({points} point)",
                            "Biggest swing: {player} takes the lead from {over} ({points} points)",
                            data["points"]).format(**said)
        return ngettext("Biggest swing: {player} overtakes {over} ({points} point)",
                        "Biggest swing: {player} overtakes {over} ({points} points)",
                        data["points"]).format(**said)
    return None


Find = Callable[[Sequence[Step], int], list[Moment]]
