"""Die Mauer's phone words (`engines.words`): plans, builds and donations by piece name,
in the phone's language (``tr``)."""

from typing import Any

from ..types import Action, View
from ..words import ChoiceWords, HandLine, PhoneWords, Translator
from .rules import CLOSED, GATE, LEFT, PENALTY, RIGHT, TOWER


def _piece(piece: Any, tr: Translator) -> str:
    """A piece (from the wire or a view) by name; None is an empty fist."""
    _ = tr.gettext
    if piece is None:
        return _("Empty fist")
    if piece == TOWER:
        return _("Tower")
    if piece == GATE:
        return _("Gate")
    if piece in PENALTY and piece not in CLOSED:
        return _("{n}-wall").format(n=piece)
    return str(piece)


def choice(action: Action, view: View, tr: Translator) -> ChoiceWords | None:
    _ = tr.gettext
    kind, piece = action.get("type"), action.get("piece")
    name = _piece(piece, tr)
    if kind == "plan":
        return {"group": _("Your secret plan"), "label": name}
    if kind == "build":
        end = action.get("end")
        if end == LEFT:
            label = _("{piece} at the left end").format(piece=name)
        elif end == RIGHT:
            label = _("{piece} at the right end").format(piece=name)
        else:
            label = name
        return {"group": _("Build"), "label": label}
    return {"group": _("Donate a piece"), "label": name}


def hand(view: View, seat: int, tr: Translator) -> list[HandLine]:
    _ = tr.gettext
    lines = [{"label": _("Your pieces"),
              "value": ", ".join(_piece(p, tr) for p in view.get("stock", [])) or _("none")}]
    plans = view.get("plans") or {}
    if "mine" in plans:
        lines.append({"label": _("Your plan"), "value": _piece(plans["mine"], tr)})
    totals = view.get("totals")
    if isinstance(totals, list) and seat < len(totals):
        lines.append({"label": _("Your penalty so far"), "value": str(totals[seat])})
    return lines


WORDS = PhoneWords(choice=choice, hand=hand)
