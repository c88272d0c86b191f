"""Wie Waldi's moments (`engines.moments`): a last-card Stop! (WA-5: a player completes a
dog with their sixth and last marker and the round stops at once), a photo finish and the
biggest swing in the standings."""

from collections.abc import Sequence

from ..moments import Moment, best_first, biggest_swing, clamp, name, photo_finish, shared_words
from ..steps import Step
from ..words import Translator

LAST_CARD_STOP = "last_card_stop"
PHOTO_MARGIN = 1
LEAD_IN = 12  # steps of the race before the Stop! (the dog's own start, if it was later)


def find(steps: Sequence[Step], players: int) -> list[Moment]:
    return best_first(stops(steps) + photo_finish(steps, players, PHOTO_MARGIN) + biggest_swing(steps, players))


def stops(steps: Sequence[Step]) -> list[Moment]:
    """Each round a player stopped with their last marker, from the completed dog's start
    (at most `LEAD_IN` steps back) to the Stop!; ``close``: someone else had one marker left."""
    found = []
    dog_start: dict[int, int] = {}  # dog id -> the step it was started in
    for step in steps:
        completed = None
        for event in step.events:
            kind = event.get("type")
            if kind == "dog_started":
                dog_start[event["dog"]] = step.index
            elif kind == "dog_completed":
                completed = event
            elif kind == "round_over" and event.get("reason") == "stop" and completed is not None:
                seat = completed["player"]
                markers = completed.get("markers", [])
                close = any(left <= 1 for other, left in enumerate(markers) if other != seat)
                last_round = any(e.get("type") == "game_over" for e in step.events)
                start = max(dog_start.get(completed["dog"], step.index), step.index - LEAD_IN, 1)
                weight = clamp(0.55 + (0.2 if close else 0.0) + (0.15 if last_round else 0.0))
                data = {"player": seat, "round": event["round"], "cards": completed.get("cards", 0),
                        "close": close}
                found.append(Moment(LAST_CARD_STOP, start, step.index, weight, data))
    return found


def words(moment: Moment, names: list[str], tr: Translator) -> str:
    """The moment's title in ``tr``'s language."""
    shared = shared_words(moment, names, tr)
    if shared is not None:
        return shared
    data = moment.data
    said = {"player": name(names, data["player"]), "round": data["round"]}
    if data["close"]:
        return tr.gettext("Stop! {player} lays the last marker one dog ahead of the others (round {round})").format(**said)
    return tr.gettext("Stop! {player} lays the last marker (round {round})").format(**said)
