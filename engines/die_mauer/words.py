"""Die Mauer's phone words (`engines.words`): plans, builds and donations by piece name,
in the phone's language (``tr``), with the pictures of `picture` (sprites, the wall's ends)."""

from typing import Any

from ..types import Action, View
from ..words import ChoiceWords, HandLine, PhoneWords, Translator
from . import picture
from .rules import CLOSED, GATE, LEFT, PENALTY, RIGHT, TOWER

# What odd data in a view may raise while picturing it: the words then go without pictures.
ODD_VIEW = (KeyError, TypeError, ValueError, IndexError, AttributeError)


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
    words = _choice_words(action, view, tr)
    try:
        return {**words, **picture.choice_hints(action, view, tr, _piece(action.get("piece"), tr))}
    except ODD_VIEW:
        return words


def _choice_words(action: Action, view: View, tr: Translator) -> ChoiceWords:
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
    lines: list[HandLine] = [{"label": _("Your pieces"),
                              "value": ", ".join(_piece(p, tr) for p in view.get("stock", [])) or _("none")}]
    try:
        lines[0].update(picture.hand_sprites(view))
    except ODD_VIEW:
        pass
    plans = view.get("plans") or {}
    if "mine" in plans:  # a secret pick: face down on the page too, until the reveal
        lines.append({"label": _("Your plan"), "value": _("hidden until the reveal"),
                      "sprites": [picture.BACK], "badges": [None]})
    totals = view.get("totals")
    if isinstance(totals, list) and seat < len(totals):
        lines.append({"label": _("Your penalty so far"), "value": str(totals[seat])})
    return lines


def board(view: View, seat: int, tr: Translator) -> dict[str, Any] | None:
    try:
        return picture.board(view, seat, tr)
    except ODD_VIEW:
        return None


WORDS = PhoneWords(choice=choice, hand=hand, board=board)
