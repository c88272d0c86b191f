"""Architekton's moments (`engines.moments`): an enclosure that makes a player pay (AR-4: a
building surrounded on all four sides with mismatching sides costs its owner chips, and a
player who cannot pay loses at once), a photo finish and the biggest swing in the standings."""

from collections.abc import Sequence
from typing import Any

from ..moments import Moment, best_first, biggest_swing, clamp, name, photo_finish, shared_words
from ..steps import Step
from ..words import Translator

ENCLOSURE_PAYS = "enclosure_pays"
PHOTO_MARGIN = 1


def find(steps: Sequence[Step], players: int) -> list[Moment]:
    return best_first(enclosures(steps) + photo_finish(steps, players, PHOTO_MARGIN) + biggest_swing(steps, players))


def enclosures(steps: Sequence[Step]) -> list[Moment]:
    """Each enclosed building whose owner paid (or could not pay), from the placement that
    closed it to the payment; ``by``: whoever placed the closing tile (the owner's opponent
    makes the better story)."""
    found = []
    pending: dict[str, Any] | None = None  # the enclosure waiting for its owner's decision
    for step in steps:
        for event in step.events:
            kind = event.get("type")
            if kind == "surrounded" and event.get("owner") is not None and event.get("mismatches", 0) > 0:
                pending = {"start": step.index, "owner": event["owner"], "by": step.player,
                           "mismatches": event["mismatches"]}
            elif kind in ("settled", "cannot_pay") and pending is not None:
                lost = kind == "cannot_pay"
                paid = event["owed"] if lost else event["paid"]
                if paid > 0 or lost:
                    by_opponent = pending["by"] is not None and pending["by"] != pending["owner"]
                    weight = clamp(0.45 + 0.1 * paid + (0.1 if by_opponent else 0.0) + (0.3 if lost else 0.0))
                    data = {"owner": pending["owner"], "by": pending["by"], "paid": paid, "lost": lost,
                            "take_back": bool(event.get("take_back", False))}
                    found.append(Moment(ENCLOSURE_PAYS, pending["start"], step.index, weight, data))
                pending = None
    return found


def words(moment: Moment, names: list[str], tr: Translator) -> str:
    """The moment's title in ``tr``'s language."""
    shared = shared_words(moment, names, tr)
    if shared is not None:
        return shared
    data = moment.data
    said = {"owner": name(names, data["owner"]), "by": name(names, data["by"]), "chips": data["paid"]}
    if data["lost"]:
        return tr.gettext("Enclosed! {owner} cannot pay and loses the game").format(**said)
    if data["by"] is not None and data["by"] != data["owner"]:
        return tr.ngettext("Enclosed by {by}: {owner} pays {chips} chip",
                           "Enclosed by {by}: {owner} pays {chips} chips", data["paid"]).format(**said)
    return tr.ngettext("Enclosed: {owner} pays {chips} chip",
                       "Enclosed: {owner} pays {chips} chips", data["paid"]).format(**said)
