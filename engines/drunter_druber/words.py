"""Drunter & Drüber's phone words (`engines.words`): votes, Jein sides, picks and placements."""

from ..types import Action, View
from ..words import ChoiceWords, HandLine, PhoneWords, Translator


def choice(action: Action, view: View, tr: Translator) -> ChoiceWords | None:
    kind = action["type"]
    if kind == "vote":
        return {"group": "Your vote (secret)", "label": " + ".join(card.capitalize() for card in action["cards"])}
    if kind == "jein":
        return {"group": "Jein: which side", "label": action["side"].capitalize()}
    if kind == "pick":
        return {"group": "Your pick (secret)", "label": action["card"].replace("_", " ").capitalize()}
    column, row = action["cell"]
    way = f" {action['dir']}" if action.get("dir") else ""
    return {"group": "Place a stretch", "label": f"{action['stretch'].replace('_', ' ')} {action['size']} "
                                                  f"at {chr(ord('a') + column)}{row + 1}{way}"}


def hand(view: View, seat: int, tr: Translator) -> list[HandLine]:
    lines = [{"label": "Your building cards",
              "value": ", ".join(c.replace("_", " ") for c in view["cards"]) or "none"}]
    people = view.get("people")
    if isinstance(people, list) and seat < len(people):
        lines.append({"label": "Your vote cards", "value": ", ".join(people[seat]) or "none"})
    return lines


WORDS = PhoneWords(choice=choice, hand=hand)
