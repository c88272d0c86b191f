"""Architekton's phone words (`engines.words`): takes by tile; placements, house moves and
settling by their notation; the pictures from `picture`."""

from ..types import Action, View
from ..words import ChoiceWords, HandLine, PhoneWords, Translator
from .picture import board, choice_hints, hand_pictures
from .tiles import tile_name


def choice(action: Action, view: View, tr: Translator) -> ChoiceWords | None:
    _ = tr.gettext
    if action["type"] == "take":
        return {"group": _("Take tiles"), "label": " + ".join(action["tiles"]), **choice_hints(action, view, tr)}
    hints = choice_hints(action, view, tr)
    if not hints:
        return None  # the rest: its notation
    from . import notation  # the words the page showed before its pictures

    group = {"place": _("Place a tile"), "move_house": _("Move a house")}[action["type"]]
    return {"group": group, "label": notation(action), **hints}


def hand(view: View, seat: int, tr: Translator) -> list[HandLine]:
    _ = tr.gettext
    pictures = hand_pictures(view, seat)
    lines = []
    if "hand" in pictures:  # the hand is the player to move's
        lines.append({"label": _("Tiles you took"), "value": ", ".join(tile_name(t, tr) for t in view["hand"]),
                      **pictures["hand"]})
    lines.append({"label": _("Your chips"), "value": str(view["chips"][seat]), **pictures["chips"]})
    lines.append({"label": _("Your houses"),
                  "value": _("{stock} in stock, {board} on the board").format(
                      stock=view["houses"][seat], board=view["houses_on_board"][seat]), **pictures["houses"]})
    if view.get("revenge"):
        lines.append({"label": _("Your victory points"), "value": str(view["victory_points"][seat])})
    return lines


WORDS = PhoneWords(choice=choice, hand=hand, board=board)
