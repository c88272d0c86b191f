"""Wie Waldi's phone words (`engines.words`): piles in one row, dogs one target at a time,
with the pictures of `picture` (sprites, the board of places) where the view has them."""

from typing import Any

from ..types import Action, View
from ..words import ChoiceWords, HandLine, PhoneWords, Translator
from . import picture
from .cards import card_name, dog_mark

# What odd data in a view may raise while picturing it: the words then go without pictures.
ODD_VIEW = (KeyError, TypeError, ValueError, IndexError, AttributeError)


def choice(action: Action, view: View, tr: Translator) -> ChoiceWords | None:
    words = _choice_words(action, view, tr)
    try:
        return {**words, **picture.choice_hints(action, view, tr)}
    except ODD_VIEW:
        return words


def _choice_words(action: Action, view: View, tr: Translator) -> ChoiceWords:
    _ = tr.gettext
    kind = action["type"]
    if kind == "draw":
        pile, sizes, you = action["pile"], view.get("pile_sizes"), view.get("you")
        if sizes is None or you is None:
            label = _("Pile {pile}").format(pile=pile + 1)
        else:  # the cards left in it
            label = _("Pile {pile} ({left})").format(pile=pile + 1, left=sizes[you][pile])
        return {"group": _("Draw from a pile"), "label": label, "layout": "row"}
    if kind == "put_back":
        return {"group": _("Your card"), "label": _("Put back")}
    if kind == "start":
        return {"group": _("Your card"), "label": _("Start a dog: {card}").format(card=_card(action["card"], tr))}
    # WA-3: the held card fits these dogs; the first one in the table's order is shown first
    return {"group": _("Play your {card}").format(card=_card(action["card"], tr)),
            "label": _dog(view, action["dog"], tr),
            "target": {"act": tr.pgettext("a card", "Play"), "next": _("Next dog")}}


def hand(view: View, seat: int, tr: Translator) -> list[HandLine]:
    _ = tr.gettext
    card = view.get("hand")
    lines: list[HandLine] = [
        {"label": _("Your card"), "value": _("none: draw from a pile") if card is None else _card(card, tr)}]
    piles = view["pile_sizes"][seat]
    total = sum(piles)
    lines.append({"label": _("Your piles"),
                  "value": "  ".join(f"{k + 1}: {n}" for k, n in enumerate(piles)) + "  "
                  + tr.ngettext("({n} card)", "({n} cards)", total).format(n=total)})
    try:
        pictures = picture.hand_pictures(view, seat)
    except ODD_VIEW:
        pictures = {}
    if "card" in pictures:
        lines[0].update(pictures["card"])
        lines[1].update(pictures["piles"])
    totals = view.get("totals")
    if isinstance(totals, list) and seat < len(totals):
        lines.append({"label": _("Your bone points"), "value": str(totals[seat])})
    return lines


def _card(code: Any, tr: Translator) -> str:
    """A card's name; an odd code from the view is shown as it is."""
    try:
        return card_name(code, tr)
    except (KeyError, IndexError, TypeError):
        return str(code)


def _dog(view: View, dog_id: int, tr: Translator) -> str:
    for dog in view.get("dogs", []):
        if dog.get("id") == dog_id and dog.get("cards"):
            count = len(dog["cards"])
            return tr.ngettext("Dog {dog}: {card}, {n} card", "Dog {dog}: {card}, {n} cards", count).format(
                dog=dog_mark(dog_id), card=_card(dog["cards"][0]["card"], tr), n=count)
    return tr.gettext("Dog {dog}").format(dog=dog_mark(dog_id))  # the number the table shows beside it


def board(view: View, seat: int, tr: Translator) -> dict[str, Any] | None:
    try:
        return picture.board(view, seat, tr)
    except ODD_VIEW:
        return None


WORDS = PhoneWords(choice=choice, hand=hand, board=board)
