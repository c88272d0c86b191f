"""Wie Waldi's phone words (`engines.words`): piles in one row, dogs one target at a time."""

from typing import Any

from ..types import Action, View
from ..words import ChoiceWords, HandLine, PhoneWords, Translator
from .cards import card_name


def choice(action: Action, view: View, tr: Translator) -> ChoiceWords | None:
    kind = action["type"]
    if kind == "draw":
        pile, sizes, you = action["pile"], view.get("pile_sizes"), view.get("you")
        left = "" if sizes is None or you is None else f" ({sizes[you][pile]})"  # cards left in it
        return {"group": "Draw from a pile", "label": f"Pile {pile + 1}{left}", "layout": "row"}
    if kind == "put_back":
        return {"group": "Your card", "label": "Put back"}
    if kind == "start":
        return {"group": "Your card", "label": f"Start a dog: {_card(action['card'])}"}
    # WA-3: the held card fits these dogs; the first one in the table's order is shown first
    return {"group": f"Play your {_card(action['card'])}", "label": _dog(view, action["dog"]),
            "target": {"act": "Play", "next": "Next dog"}}


def hand(view: View, seat: int, tr: Translator) -> list[HandLine]:
    card = view.get("hand")
    lines = [{"label": "Your card", "value": "none: draw from a pile" if card is None else _card(card)}]
    piles = view["pile_sizes"][seat]
    lines.append({"label": "Your piles", "value": "  ".join(f"{k + 1}: {n}" for k, n in enumerate(piles))
                  + f"  ({sum(piles)} cards)"})
    totals = view.get("totals")
    if isinstance(totals, list) and seat < len(totals):
        lines.append({"label": "Your bone points", "value": str(totals[seat])})
    return lines


def _card(code: Any) -> str:
    """A card's name; an odd code from the view is shown as it is."""
    try:
        return card_name(code)
    except (KeyError, IndexError, TypeError):
        return str(code)


def _dog(view: View, dog_id: int) -> str:
    for dog in view.get("dogs", []):
        if dog.get("id") == dog_id and dog.get("cards"):
            return (f"Dog {dog_id + 1}: {_card(dog['cards'][0]['card'])}, {len(dog['cards'])} "
                    + ("card" if len(dog["cards"]) == 1 else "cards"))
    return f"Dog {dog_id + 1}"


WORDS = PhoneWords(choice=choice, hand=hand)
