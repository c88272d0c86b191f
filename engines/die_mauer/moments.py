"""Die Mauer's moments (`engines.moments`): an empty fist that wins a donation (DM-5: the
master and exactly one competitor showed empty fists, and that competitor hands the master
a piece), a photo finish and the biggest swing in the penalty standings (lower is better)."""

from collections.abc import Sequence

from ..moments import (
    Moment,
    best_first,
    biggest_swing,
    clamp,
    events,
    name,
    photo_finish,
    shared_words,
)
from ..steps import Step
from ..words import Translator
from .rules import GATE, PENALTY, TOWER

EMPTY_FIST_DONATION = "empty_fist_donation"
PHOTO_MARGIN = 2  # penalty points between the winner and the next: a photo finish


def find(steps: Sequence[Step], players: int) -> list[Moment]:
    return best_first(donations(steps) + photo_finish(steps, players, PHOTO_MARGIN, lower_wins=True)
                      + biggest_swing(steps, players, lower_wins=True))


def donations(steps: Sequence[Step]) -> list[Moment]:
    """Each reveal whose outcome is a donation (DM-5.2), to the step the piece changes hands."""
    found = []
    reveal_at: int | None = None
    for step, event in events(steps):
        kind = event.get("type")
        if kind == "outcome" and event.get("case") == "donation":
            reveal_at = step.index
        elif kind == "donated" and reveal_at is not None:  # the private event names the piece
            piece = event["piece"]
            # the giver emptied their stock by giving: the round ends on it (DM-7)
            ends_round = any(e.get("type") == "round_over" for e in step.events)
            weight = clamp(0.55 + 0.3 * PENALTY[piece] / PENALTY[TOWER] + (0.1 if ends_round else 0.0))
            data = {"giver": event["giver"], "master": event["master"], "piece": piece, "ends_round": ends_round}
            found.append(Moment(EMPTY_FIST_DONATION, reveal_at, step.index, weight, data))
            reveal_at = None
    return found


def words(moment: Moment, names: list[str], tr: Translator) -> str:
    """The moment's title in ``tr``'s language."""
    shared = shared_words(moment, names, tr)
    if shared is not None:
        return shared
    _ = tr.gettext
    data = moment.data
    piece = data["piece"]
    said = {"master": name(names, data["master"]), "giver": name(names, data["giver"])}
    if piece == TOWER:  # a sentence per piece: German declines each differently
        return _("Empty fists: {giver} hands {master} the Tower").format(**said)
    if piece == GATE:
        return _("Empty fists: {giver} hands {master} the Gate").format(**said)
    return _("Empty fists: {giver} hands {master} the {n}-wall").format(n=piece, **said)
