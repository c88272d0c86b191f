"""Wie Waldi's picture hints for a phone (issue 40; the fields are `engines.words`'s):
the piles to tap, the card drawn, and a board of the places it may go, each dog marked
with the number and the open end's coat the table shows beside it.

Every sprite key named here is drawn by ``client/games/wie_waldi/phone_sprites.py`` (a
test checks the two agree). Pure: reads the seat's own view only.
"""

from typing import Any

from ..types import Action, View
from ..words import Translator
from .cards import COLOUR_OF, SET, card_name, coat_hex, dog_mark

PILE = "pile"  # a face-down pile (a card back)
EMPTY = "empty"  # a played-out pile's place
NEW_DOG = "new"  # where a head starts a new dog (the table's open socket)
CARD_KEYS = {code: code.lower() for code in SET}  # "Mrg" -> "mrg": keys are lower case
# The board: places one card big, in rows of COLUMNS; put-back and a new dog first, then
# the open dogs in the order they were started (a dog keeps its place while it grows).
COLUMNS = 4
CARD_W, CARD_H, GAP = 1.0, 1.28, 0.16
BACK_PLACE, NEW_PLACE = "back", "new"


def card_key(code: str) -> str:
    """The sprite of card ``code`` face up (KeyError for anything but a card code)."""
    return CARD_KEYS[code]


def dog_place(dog_id: int) -> str:
    return f"dog{dog_id}"


def choice_hints(action: Action, view: View, tr: Translator) -> dict[str, Any]:
    """The picture fields of one legal action: a pile is a sprite with its count; the
    held card's plays are places on the board, reached through the card (one `first`)."""
    kind = action["type"]
    if kind == "draw":
        left = _pile_sizes(view)[action["pile"]]
        return {"sprite": PILE if left else EMPTY, "badge": str(left)}
    code = view["hand"]
    # the card is also the choice's sprite: the page's echo of the tap shows the card
    first, face = {"id": "card", "sprite": card_key(code), "label": card_name(code, tr)}, card_key(code)
    if kind == "put_back":
        return {"place": BACK_PLACE, "first": first, "sprite": face}
    if kind == "start":
        return {"place": NEW_PLACE, "first": first, "sprite": face}
    return {"place": dog_place(action["dog"]), "first": first, "sprite": face}


def hand_pictures(view: View, seat: int) -> dict[str, dict[str, list[Any]]]:
    """The sprites of the hand's lines, by line: the card held, at a glance at the top; and
    while it is held (no pile to tap, so none drawn as a button) the piles with their counts."""
    code = view.get("hand")
    if not code:
        return {}
    sizes = view["pile_sizes"][seat]
    return {"card": {"sprites": [card_key(code)], "badges": [None]},
            "piles": {"sprites": [PILE if n else EMPTY for n in sizes], "badges": [str(n) for n in sizes]}}


def board(view: View, seat: int, tr: Translator) -> dict[str, Any] | None:
    """While a round is raced: put-back, a new dog, and every open dog (its last card, its
    number and its open end's colour); the page lights those the held card may go to."""
    if view.get("phase") != "race":
        return None
    places: list[dict[str, Any]] = [
        # words short enough for a place one card wide (German "zurücklegen" is not)
        {"id": BACK_PLACE, "sprite": PILE, "label": tr.pgettext("a phone's place", "put back")},
        {"id": NEW_PLACE, "sprite": NEW_DOG, "label": tr.pgettext("a phone's place", "new dog")},
    ]
    for dog in view.get("dogs", []):
        if dog.get("complete") or not dog.get("cards") or dog.get("end") is None:
            continue
        places.append({"id": dog_place(dog["id"]), "sprite": card_key(dog["cards"][-1]["card"]),
                       "label": dog_mark(dog["id"]), "colour": coat_hex(COLOUR_OF[dog["end"]])})
    for index, place in enumerate(places):
        row, column = divmod(index, COLUMNS)
        place.update(x=round(column * (CARD_W + GAP), 2), y=round(row * (CARD_H + GAP), 2), w=CARD_W, h=CARD_H)
    rows = (len(places) + COLUMNS - 1) // COLUMNS
    return {"w": round(COLUMNS * CARD_W + (COLUMNS - 1) * GAP, 2),
            "h": round(rows * CARD_H + (rows - 1) * GAP, 2), "places": places}


def _pile_sizes(view: View) -> list[int]:
    return list(view["pile_sizes"][view["you"]])
