"""Drunter & Drüber's sprites for the phone page (issue 40): every key the phone hints name
(`engines.drunter_druber.picture.all_keys`), drawn with the table's own art at twice their
CSS size (the page draws a sprite at half its pixels, sharp on a phone's dense screen).

No words are drawn on a sprite except the people cards' own (Ja, Ne, Jein: the same in
every language here): the page writes each choice's label beside its picture, in the
phone's language.
"""

import pygame

from client.games.drunter_druber import art as dart
from engines.drunter_druber.picture import (
    BUILDING_CARDS,
    PEOPLE,
    all_keys,
    all_tile_keys,
    building_card_key,
    ground_keys,
    people_key,
)
from engines.drunter_druber.words import PEOPLE_WORDS

SCALE = 2
CARD = (52, 72)  # a people card, CSS pixels: a one-tap target
BUILDING_CARD = (56, 80)
TILE = 36  # a hand tile's cell, CSS pixels (its button, with the caption, is the 48-px target)
CELL = 32  # a town cell on the phone's board, CSS pixels (the page scales the board)
BAND_SHARE = 30 / 70  # the table's band across its 70-pixel cells


def px(css: int) -> int:
    return css * SCALE


def people(card: str, side: str | None = None) -> pygame.Surface:
    """A people card face; the blank card without a word (the page says it)."""
    name = "" if card == "blank" else PEOPLE_WORDS[card]  # Ja, Jaa, Ne, Jein read the same in German
    return dart.worded_people_card(card, name, px(CARD[0]), px(CARD[1]), True, False, side).copy()


def back() -> pygame.Surface:
    return dart.worded_people_card("blank", "", px(CARD[0]), px(CARD[1]), False, False, None).copy()


def hand_tile(key: str) -> pygame.Surface:
    """``tile.<kind>.<size>[.h|.v]``: the tile as the hand shows it, turned upright for v."""
    parts = key.split(".")
    kind, size = parts[1], int(parts[2])
    image = dart.hand_tile_image(kind, px(TILE) * size, px(TILE), False).copy()
    if len(parts) == 4 and parts[3] == "v":
        image = pygame.transform.rotate(image, 90)
    return image


def cell(key: str) -> pygame.Surface:
    """A town cell: grass, a building plate, a toilet, a start corner, or a laid tile's
    band through it (joined towards its sides) or its bridge."""
    size = px(CELL)
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surface.get_rect()
    dart.ground_cell(surface, rect, 0, 0)
    parts = key.split(".")
    band = max(6, round(size * BAND_SHARE))
    if parts[0] == "building":
        dart.building_cell(surface, rect, parts[1], int(parts[2]))
    elif parts[0] == "toilet":
        dart.toilet_cell(surface, rect)
    elif parts[0] == "corner":
        dart.corner_cell(surface, rect, parts[1])
    elif parts[0] == "band":
        dart.tile_plate(surface, parts[1], rect.inflate(-4, -4))
        sides = "" if parts[2] == "o" else parts[2]
        dart.paint_band(surface, parts[1], rect, list(sides), band)
    elif parts[0] == "bridge":
        look, axis = parts[1], parts[2]
        dart.tile_plate(surface, look, rect.inflate(-4, -4))
        if len(parts) == 4:  # another stretch passes under the bridge, across it
            dart.paint_band(surface, parts[3], rect, ["n", "s"] if axis == "h" else ["e", "w"], band)
        dart.bridge_deck(surface, look, rect, axis, band - 4)
    return surface


def sprites() -> dict[str, pygame.Surface]:
    """Every sprite the phone hints can name, keyed as they name it."""
    drawn: dict[str, pygame.Surface] = {"back": back()}
    for card in PEOPLE:
        drawn[people_key(card)] = people(card)
    drawn["jein.yes"], drawn["jein.no"] = people("jein", "yes"), people("jein", "no")
    for card in BUILDING_CARDS:
        drawn[building_card_key(card)] = dart.worded_building_card(card, "", px(BUILDING_CARD[0]),
                                                                   px(BUILDING_CARD[1])).copy()
    for key in all_tile_keys():
        drawn[key] = hand_tile(key)
    for key in ground_keys():
        drawn[key] = cell(key)
    missing = set(all_keys()) - set(drawn)
    if missing:  # a key the hints can name must be on the sheet
        raise ValueError(f"no sprite drawn for {sorted(missing)}")
    return drawn
