"""How a test seat plays Architekton through the table's choices: it decides as the
engine's bot would from the seat's own view, then takes the table's steps to get there
(lift a supply tile, then its partner; pick the tile in hand, its square, its rotation)."""

from client.games.architekton.choices import placing
from engines import Rng
from engines.architekton import bot

_aims: dict = {}  # (table, seat) -> (the beat shown, the action aimed at)


def target(table, seat: int):
    """The action this seat is after: the bot's pick from its view and legal actions, made
    once per shown beat (every step of one decision aims at the same action)."""
    legal = table.model.legal.get(seat) or []
    if not legal:
        return None
    shown, aim = _aims.get((id(table), seat), (None, None))
    if shown != table.model.shown or aim not in legal:
        view = table.model.seat_views[seat]
        aim = bot(view, legal, Rng(view.get("turn", 0) * 7 + seat))
        _aims.clear()  # one table at a time
        _aims[(id(table), seat)] = (table.model.shown, aim)
    return aim


def step_towards(choices, action, shown_tile: str | None):
    """The choice that is, or leads to, ``action``."""
    for choice in choices:
        if choice.action == action:
            return choice
    keys = {choice.key: choice for choice in choices}
    kind = action["type"]
    if kind == "take":
        lifted = next((c for c in choices if c.data and c.data[0] == "lifted"), None)
        if lifted is not None:
            return lifted  # the wrong tile is lifted: put it back
        return keys.get(("supply", action["tiles"][0]))
    if kind == "place":
        if shown_tile != action["tile"] and ("hand", action["tile"]) in keys:
            return keys[("hand", action["tile"])]
        return keys.get(("spot", action["tile"], action["x"], action["y"]))
    return None


def pick(table, seat: int, choices, turn: int):
    action = target(table, seat)
    if action is None:
        return None
    choice = step_towards(choices, action, placing(table.game, seat))
    assert choice is not None, f"no way to {action} from {[c.key for c in choices]}"
    return choice
