"""Architekton's phone words (`engines.words`): takes by tile; placements, house moves and
settling by their notation."""

from ..types import Action, View
from ..words import ChoiceWords, HandLine, PhoneWords, Translator
from .tiles import tile_name


def choice(action: Action, view: View, tr: Translator) -> ChoiceWords | None:
    _ = tr.gettext
    if action["type"] == "take":
        return {"group": _("Take tiles"), "label": " + ".join(action["tiles"])}
    return None  # the rest: its notation


def hand(view: View, seat: int, tr: Translator) -> list[HandLine]:
    _ = tr.gettext
    lines = []
    if view.get("current") == seat and view.get("hand"):  # the hand is the player to move's
        lines.append({"label": _("Tiles you took"), "value": ", ".join(tile_name(t, tr) for t in view["hand"])})
    lines.append({"label": _("Your chips"), "value": str(view["chips"][seat])})
    lines.append({"label": _("Your houses"),
                  "value": _("{stock} in stock, {board} on the board").format(
                      stock=view["houses"][seat], board=view["houses_on_board"][seat])})
    if view.get("revenge"):
        lines.append({"label": _("Your victory points"), "value": str(view["victory_points"][seat])})
    return lines


WORDS = PhoneWords(choice=choice, hand=hand)
