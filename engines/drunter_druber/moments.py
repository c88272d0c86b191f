"""Drunter & Drüber's moments (`engines.moments`): a toilet vote that flips the town (DD-6:
the tile goes back to its placer's hand, or a Jein declared after the reveal turned the
result), a photo finish and the biggest swing in the standings."""

from collections.abc import Sequence

from ..moments import (
    Moment,
    best_first,
    biggest_swing,
    clamp,
    name,
    photo_finish,
    shared_words,
)
from ..steps import Step
from ..words import Translator

VOTE_FLIPS_TOWN = "vote_flips_town"
PHOTO_MARGIN = 1


def find(steps: Sequence[Step], players: int) -> list[Moment]:
    return best_first(votes(steps) + photo_finish(steps, players, PHOTO_MARGIN) + biggest_swing(steps, players))


def votes(steps: Sequence[Step]) -> list[Moment]:
    """Each toilet vote that sent the tile back or that the Jein declarations turned, from
    the placement to the result."""
    found = []
    started: int | None = None
    before: list[int] | None = None  # the scores before the placement
    revealed: tuple[int, int] | None = None  # (yes, no) at the reveal, before any Jein counts
    previous: list[int] | None = None
    for step in steps:
        for event in step.events:
            kind = event.get("type")
            if kind == "vote_started":
                started, before = step.index, previous
            elif kind == "vote_revealed":
                revealed = (event["yes"], event["no"])
            elif kind == "vote_result" and started is not None and revealed is not None:
                stays = bool(event["stays"])
                jein_turned = (revealed[0] >= revealed[1]) != stays
                if not stays or jein_turned:
                    moved = 0 if before is None else max(abs(a - b) for a, b in zip(step.scores, before, strict=False))
                    weight = clamp(0.5 + (0.15 if not stays else 0.0) + (0.15 if jein_turned else 0.0)
                                   + 0.15 * min(1.0, moved / 5))
                    data = {"placer": event["placer"], "yes": event["yes"], "no": event["no"], "stays": stays,
                            "jein_turned": jein_turned}
                    found.append(Moment(VOTE_FLIPS_TOWN, started, step.index, weight, data))
                started = revealed = None
        previous = step.scores
    return found


def words(moment: Moment, names: list[str], tr: Translator) -> str:
    """The moment's title in ``tr``'s language."""
    shared = shared_words(moment, names, tr)
    if shared is not None:
        return shared
    _ = tr.gettext
    data = moment.data
    said = {"placer": name(names, data["placer"]), "yes": data["yes"], "no": data["no"]}
    if data["stays"]:
        return _("Jein! The vote turns and {placer}'s tile stays ({yes} to {no})").format(**said)
    if data["jein_turned"]:
        return _("Jein! The vote turns and {placer}'s tile goes back ({no} to {yes})").format(**said)
    return _("The town votes {placer}'s tile back ({no} to {yes})").format(**said)
