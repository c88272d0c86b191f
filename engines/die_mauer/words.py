"""Die Mauer's phone words (`engines.words`): plans, builds and donations by piece name."""

from typing import Any

from ..types import Action, View
from ..words import ChoiceWords, HandLine, PhoneWords, Translator
from .rules import END_NAMES, PIECE_NAMES


def _piece(piece: Any) -> str:
    """A piece (from the wire or a view) by name; None is an empty fist."""
    return "Empty fist" if piece is None else PIECE_NAMES.get(piece, str(piece))


def choice(action: Action, view: View, tr: Translator) -> ChoiceWords | None:
    kind, piece = action.get("type"), action.get("piece")
    name = _piece(piece)
    if kind == "plan":
        return {"group": "Your secret plan", "label": name}
    if kind == "build":
        return {"group": "Build", "label": f"{name} at the {END_NAMES.get(action.get('end'), '?')} end"}
    return {"group": "Donate a piece", "label": name}


def hand(view: View, seat: int, tr: Translator) -> list[HandLine]:
    lines = [{"label": "Your pieces",
              "value": ", ".join(PIECE_NAMES.get(p, str(p)) for p in view.get("stock", [])) or "none"}]
    plans = view.get("plans") or {}
    if "mine" in plans:
        lines.append({"label": "Your plan", "value": _piece(plans["mine"])})
    totals = view.get("totals")
    if isinstance(totals, list) and seat < len(totals):
        lines.append({"label": "Your penalty so far", "value": str(totals[seat])})
    return lines


WORDS = PhoneWords(choice=choice, hand=hand)
