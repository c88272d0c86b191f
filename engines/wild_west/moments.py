"""Wild West's moments (`engines.moments`): a duel that fills a graveyard (WW-5: a saloon
written beside other saloons brings one grave for itself and one more per saloon touching
it), a photo finish and the biggest swing in the standings."""

from collections.abc import Sequence
from typing import Any

from ..moments import Moment, best_first, biggest_swing, clamp, name, photo_finish, shared_words
from ..steps import Step
from ..words import Translator

DUEL_FILLS_GRAVEYARD = "duel_fills_graveyard"
PHOTO_MARGIN = 3
SALOON = "S"
MOST_DUELS = 3  # saloons beside saloons are common: the bloodiest few are the moments


def find(steps: Sequence[Step], players: int) -> list[Moment]:
    return best_first(duels(steps) + photo_finish(steps, players, PHOTO_MARGIN) + biggest_swing(steps, players))


def duels(steps: Sequence[Step]) -> list[Moment]:
    """The saloons that brought two graves or more (the bloodiest few), each from its
    writing to its last grave; ``points``: what its player's score gained meanwhile."""
    found = []
    open_duels: dict[int, dict[str, Any]] = {}  # seat -> the saloon whose graves are still coming
    previous: list[int] | None = None

    def close(seat: int) -> None:
        duel = open_duels.pop(seat, None)
        if duel is None or duel["graves"] < 2:
            return
        points = duel["after"][seat] - duel["before"][seat] if duel["before"] is not None else 0
        weight = clamp(0.4 + 0.1 * duel["graves"] + min(0.2, 0.01 * max(0, points)))
        data = {"player": seat, "graves": duel["graves"], "lost": duel["lost"], "points": points}
        found.append(Moment(DUEL_FILLS_GRAVEYARD, duel["start"], duel["end"], weight, data))

    for step in steps:
        for event in step.events:
            kind, seat = event.get("type"), event.get("player")
            if kind in ("round_over", "game_over"):
                for duelling in list(open_duels):
                    close(duelling)
            elif not isinstance(seat, int):
                continue
            elif kind == "write":
                close(seat)
                if event.get("kind") == SALOON:
                    open_duels[seat] = {"start": step.index, "end": step.index, "graves": 0, "lost": 0,
                                        "before": previous, "after": step.scores}
            elif kind in ("grave", "graves_lost") and seat in open_duels:
                duel = open_duels[seat]
                if kind == "grave":
                    duel["graves"] += 1
                else:  # no empty right section was left for these (WW-5)
                    duel["lost"] += event.get("count", 0)
                duel["end"], duel["after"] = step.index, step.scores
        previous = step.scores
    for duelling in list(open_duels):
        close(duelling)
    return best_first(found)[:MOST_DUELS]


def words(moment: Moment, names: list[str], tr: Translator) -> str:
    """The moment's title in ``tr``'s language."""
    shared = shared_words(moment, names, tr)
    if shared is not None:
        return shared
    data = moment.data
    return tr.ngettext("A duel in {player}'s saloon fills the graveyard: {graves} grave",
                       "A duel in {player}'s saloon fills the graveyard: {graves} graves",
                       data["graves"]).format(player=name(names, data["player"]), graves=data["graves"])
