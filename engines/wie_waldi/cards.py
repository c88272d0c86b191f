"""Wie Waldi card data (WA-1): one set of 30 cards, identical for every player but the back.

A dog faces left: head, then middles, then a tail. Each card shows a two-coloured coat
split at the card's middle; the dog grows only at its open right end, and a card fits
when its left colour equals the colour of that open end.

A card is named by a short code: ``H`` + colour (head), ``M`` + left + right colour
(middle), ``T`` + colour (plain tail), ``C`` + colour (cat tail). On the table a card is
an int ``owner * 30 + index`` into `SET`, so the back colour (who played it) is implicit.
"""

from ..errors import N_
from ..words import Translator

RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3
COLOURS = ("r", "y", "g", "b")
COLOUR_NAMES = ("red", "yellow", "green", "blue")  # English; a reader's words: `colour_name`
# WA-1: each coat colour is also drawn with its own pattern, for colour-blind players.
COLOUR_PATTERNS = ("dots", "stripes", "checks", "waves")
COLOUR_OF = {letter: index for index, letter in enumerate(COLOURS)}
# The coats as the table draws them (red, yellow, green, blue): the window paints the cards
# and each dog's open end in these, and a phone marks the dogs with the same (issue 40).
COAT_RGB = ((206, 74, 62), (234, 190, 56), (84, 170, 92), (70, 118, 214))

HEAD, MIDDLE, TAIL, CAT = "H", "M", "T", "C"
KIND_NAMES = {HEAD: "head", MIDDLE: "middle", TAIL: "tail", CAT: "cat tail"}

SET_SIZE = 30
PILES = 3
PILE_SIZE = 10
MARKERS = 6

# WA-1: 7 heads and 3 cat tails spread as evenly as possible (red, yellow and green get
# two heads, blue one; the cat tails go to red, yellow and green), so every colour is
# started as often as it is closed: heads 2/2/2/1, tails (plain + cat) 2/2/2/1.
HEADS = ("Hr", "Hr", "Hy", "Hy", "Hg", "Hg", "Hb")
MIDDLES = tuple(f"M{left}{right}" for left in COLOURS for right in COLOURS)  # all 16 pairs
PLAIN_TAILS = ("Tr", "Ty", "Tg", "Tb")
CAT_TAILS = ("Cr", "Cy", "Cg")
SET = HEADS + MIDDLES + PLAIN_TAILS + CAT_TAILS
CODES = frozenset(SET)

# Per set index: kind, left colour (-1 for a head), right colour (-1 for a tail).
KIND = tuple(code[0] for code in SET)
LEFT = tuple(-1 if code[0] == HEAD else COLOUR_OF[code[1]] for code in SET)
RIGHT = tuple(
    COLOUR_OF[code[1]] if code[0] == HEAD else COLOUR_OF[code[2]] if code[0] == MIDDLE else -1
    for code in SET
)
# Reserve slot of a card for deadlock counting: its left colour, or 4 for a head.
HEAD_SLOT = 4
SLOT = tuple(HEAD_SLOT if left < 0 else left for left in LEFT)


def coat_hex(colour: int) -> str:
    """Coat ``colour`` (0-3) as CSS writes it: ``"#ce4a3e"``."""
    return "#{:02x}{:02x}{:02x}".format(*COAT_RGB[colour])


def dog_mark(dog_id: int) -> str:
    """What the table writes beside a dog, and a phone beside the same dog: its number
    (the engine's id, as the refusals say it: "dog 0 ends in green")."""
    return str(dog_id)


def code_of(card: int) -> str:
    """The code of table card ``card`` (``owner * 30 + index``)."""
    return SET[card % SET_SIZE]


def owner_of(card: int) -> int:
    """Who played ``card``: its back colour."""
    return card // SET_SIZE


# Every card's name, whole (German inflects the colour by the part: "roter Kopf",
# "rot/grünes Mittelstück"), as English message ids.
CARD_NAMES = {
    "Hr": N_("red head"), "Hy": N_("yellow head"), "Hg": N_("green head"), "Hb": N_("blue head"),
    "Mrr": N_("red/red middle"), "Mry": N_("red/yellow middle"), "Mrg": N_("red/green middle"),
    "Mrb": N_("red/blue middle"), "Myr": N_("yellow/red middle"), "Myy": N_("yellow/yellow middle"),
    "Myg": N_("yellow/green middle"), "Myb": N_("yellow/blue middle"), "Mgr": N_("green/red middle"),
    "Mgy": N_("green/yellow middle"), "Mgg": N_("green/green middle"), "Mgb": N_("green/blue middle"),
    "Mbr": N_("blue/red middle"), "Mby": N_("blue/yellow middle"), "Mbg": N_("blue/green middle"),
    "Mbb": N_("blue/blue middle"),
    "Tr": N_("red tail"), "Ty": N_("yellow tail"), "Tg": N_("green tail"), "Tb": N_("blue tail"),
    "Cr": N_("red cat tail"), "Cy": N_("yellow cat tail"), "Cg": N_("green cat tail"), "Cb": N_("blue cat tail"),
}


def colour_name(colour: int, tr: Translator | None = None) -> str:
    """A coat colour (0-3) as an adjective standing alone ("red"; German "rot"), in
    ``tr``'s language (English without one)."""
    if tr is None:
        return COLOUR_NAMES[colour]
    return (tr.pgettext("coat", "red"), tr.pgettext("coat", "yellow"), tr.pgettext("coat", "green"),
            tr.pgettext("coat", "blue"))[colour]


def card_name(code: str, tr: Translator | None = None) -> str:
    """Human words for a card code: ``"Mrg"`` -> ``"red/green middle"``, in ``tr``'s
    language (English without one). KeyError or TypeError for anything but a card code."""
    name = CARD_NAMES[code]
    return name if tr is None else tr.gettext(name)
