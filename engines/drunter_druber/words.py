"""Drunter & Drüber's phone words (`engines.words`): votes, Jein sides, picks and placements.

The names of the building cards and people cards are marked here once (`N_`) and shared
with the table's words (`client.games.drunter_druber.words`)."""

from ..errors import N_
from ..types import Action, View
from ..words import ChoiceWords, HandLine, PhoneWords, Translator
from .picture import board, building_card_key, choice_hints, people_key, tile_line

# The building cards (DD-2, DD-8), as a player names them.
CARD_WORDS = {
    "town_hall": N_("town hall"),
    "school": N_("school"),
    "fire_station": N_("fire station"),
    "inn": N_("inn"),
    "museum": N_("museum"),
    "church": N_("church"),
    "all_3s": N_("all 3s"),
    "all_4s": N_("all 4s"),
    "lowest_each": N_("lowest of each type"),
    "one_each": N_("1 per building"),
}
# The people cards (DD-6): the edition's own words, and the blank card.
PEOPLE_WORDS = {
    "ja": N_("Ja"), "jaa": N_("Jaa"), "jaaa": N_("Jaaa"), "ne": N_("Ne"), "nee": N_("Nee"), "neee": N_("Neee"),
    "jein": N_("Jein"), "blank": N_("blank"),
}
SIDE_WORDS = {"yes": N_("Yes"), "no": N_("No")}
# A placement on the phone: the stretch, the tile's size, the docking cell and the way it runs.
PLACE_WORDS = {
    "wall_nw": N_("wall nw {size} at {cell}{way}"),
    "wall_se": N_("wall se {size} at {cell}{way}"),
    "street": N_("street {size} at {cell}{way}"),
    "river": N_("river {size} at {cell}{way}"),
}


def upper_first(words: str) -> str:
    return words[:1].upper() + words[1:]


def choice(action: Action, view: View, tr: Translator) -> ChoiceWords | None:
    words = choice_words(action, tr)
    return {**words, **choice_hints(action, view, tr)}


def choice_words(action: Action, tr: Translator) -> ChoiceWords:
    _ = tr.gettext
    kind, side, card, stretch = action["type"], action.get("side"), action.get("card"), action.get("stretch")
    if kind == "vote":  # one card a picture of its own; several, one set at a time
        cards = action["cards"]
        label = " + ".join(_(PEOPLE_WORDS[card]) for card in cards)
        if len(cards) == 1:
            return {"group": _("Your vote (secret)"), "label": label}
        return {"group": _("Several cards (secret)"), "label": label,
                "target": {"act": _("Vote with these"), "next": _("Other cards")}}
    if kind == "jein":
        return {"group": _("Jein: which side"), "label": _(SIDE_WORDS[side])}
    if kind == "pick":
        return {"group": _("Your pick (secret)"), "label": upper_first(_(CARD_WORDS[card]))}
    column, row = action["cell"]
    way = f" {action['dir']}" if action.get("dir") else ""
    return {"group": _("Place a stretch"),
            "label": _(PLACE_WORDS[stretch]).format(size=action["size"], cell=f"{chr(ord('a') + column)}{row + 1}",
                                                    way=way)}


def hand(view: View, seat: int, tr: Translator) -> list[HandLine]:
    _ = tr.gettext
    cards = list(view["cards"])
    lines = [{"label": _("Your building cards"),
              "value": ", ".join(_(CARD_WORDS[c]) for c in cards) or _("none"),
              "sprites": [building_card_key(c) for c in cards], "badges": [None] * len(cards)}]
    people = view.get("people")
    if isinstance(people, list) and seat < len(people):
        lines.append({"label": _("Your vote cards"),
                      "value": ", ".join(_(PEOPLE_WORDS[c]) for c in people[seat]) or _("none"),
                      "sprites": [people_key(c) for c in people[seat]], "badges": [None] * len(people[seat])})
    tiles = tile_line(view, seat, tr)
    return lines + ([tiles] if tiles else [])


WORDS = PhoneWords(choice=choice, hand=hand, board=board)
