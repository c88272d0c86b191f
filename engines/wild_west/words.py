"""Wild West's phone words (`engines.words`): picks by their card, steps by their tile, and
the seat's brick-laid sheet as a small grid, in the phone's language (``tr``)."""

from typing import Any

from ..errors import N_
from ..types import Action, View
from ..words import ChoiceWords, HandLine, PhoneWords, Translator
from .picture import board, choice_hints
from .rules import ACTION_NAMES

TILE_STEPS = {"write": N_("Write it in"), "track": N_("Lay a track"), "grave": N_("Dig a grave")}
NEXT_STEPS = {  # the step a seat is at, as the hand's "Now" line names it
    "write": N_("choose a tile"), "upgrade": N_("upgrade a group size"), "track": N_("lay one track"),
    "grave": N_("dig a grave"), "park": N_("a park here?"),
}


def choice(action: Action, view: View, tr: Translator) -> ChoiceWords | None:
    words = choice_words(action, view, tr)
    return None if words is None else {**words, **choice_hints(action, view, tr)}


def choice_words(action: Action, view: View, tr: Translator) -> ChoiceWords | None:
    _ = tr.gettext
    kind = action["type"]
    if kind == "pick":
        column = action.get("column")
        group = _("Your pick (secret)")
        if column is None or not view.get("columns"):
            label = _("Tumbleweed") if column is None else _("Column {column}").format(column=column + 1)
            return {"group": group, "label": label}
        return {"group": group, "label": _pick(view, column, tr)}
    if kind in TILE_STEPS:
        return {"group": _(TILE_STEPS[kind]),
                "label": _("Row {row}, tile {tile}").format(row=action["row"] + 1, tile=action["col"] + 1)}
    if kind == "upgrade":
        return {"group": _("Upgrade a group size"), "label": _("Size {size}").format(size=action["size"])}
    if kind == "park":
        return {"group": _("The right section"), "label": _("Plant a park") if action["park"] else _("Leave it empty")}
    return None  # no other step: its notation


def hand(view: View, seat: int, tr: Translator) -> list[HandLine]:
    _ = tr.gettext
    lines: list[HandLine] = []
    picks = view.get("picks") or {}
    if "mine" in picks:  # the seat's own secret pick (WW-3): face down on the page until the reveal
        lines.append({"label": _("Your pick"), "value": _("hidden until the reveal"), "sprites": ["back"],
                      "badges": [None]})
    sheet = view["sheets"][seat]
    score = sheet.get("score") or {}
    task = sheet.get("task")
    if task:  # what this seat is writing now, and where (WW-5)
        card = _card(task["action"], task["value"], tr)
        step_words = NEXT_STEPS.get(task["step"])
        step = _(step_words) if step_words else task["step"]
        if task.get("tile"):
            now = _("{card} at row {row}, tile {tile}, next step: {step}").format(
                card=card, row=task["tile"][0] + 1, tile=task["tile"][1] + 1, step=step)
        else:
            now = _("{card}, next step: {step}").format(card=card, step=step)
        lines.append({"label": _("Now"), "value": now})
    lines.append({"label": _("Your sheet"), "value": _sheet_key(tr),
                  "rows": [[_cell(tile, tr) for tile in row] for row in sheet["rows"]]})
    tumbleweeds, aces = sheet.get("tumbleweeds", 0), sheet.get("aces", 0)
    lines.append({"label": _("Tumbleweeds, aces, score"),
                  "value": ", ".join((tr.ngettext("{n} tumbleweed", "{n} tumbleweeds", tumbleweeds).format(n=tumbleweeds),
                                      tr.ngettext("{n} ace", "{n} aces", aces).format(n=aces),
                                      tr.ngettext("{n} point", "{n} points", score.get("total", 0)).format(
                                          n=score.get("total", 0))))})
    return lines


def _sheet_key(tr: Translator) -> str:
    """What the grid's letters and marks mean (the letters are the phone's language's)."""
    return tr.gettext("{ranch} Ranch, {mine} Gold Mine, {church} Church, {saloon} Saloon, {ace} Ace; "
                      "= track, \u2020 grave, \u2663 park, \u25c7 mine site").format(
        ranch=letter("R", tr), mine=letter("G", tr), church=letter("C", tr), saloon=letter("S", tr),
        ace=tr.pgettext("card rank", "A"))


def letter(kind: str, tr: Translator) -> str:
    """A building's letter on a sheet (R, G, C, S in English)."""
    letters = {"R": tr.pgettext("building letter", "R"), "G": tr.pgettext("building letter", "G"),
               "C": tr.pgettext("building letter", "C"), "S": tr.pgettext("building letter", "S")}
    return letters[kind]


def _cell(tile: dict[str, Any], tr: Translator) -> str:
    """One sheet tile in a few characters: what is written, then its marks."""
    text: str
    if tile.get("kind"):
        value = tile.get("value")
        text = letter(tile["kind"], tr) + (tr.pgettext("card rank", "A") if value == 1 else str(value or ""))
    else:
        text = "\u25c7" if tile.get("mine") else "\u00b7"
    if tile.get("track"):
        text += "="
    marks: dict[Any, str] = {"grave": "\u2020", "park": "\u2663"}  # keyed by the right section's content
    return text + marks.get(tile.get("right"), "")


def _card(action: str, value: object, tr: Translator) -> str:
    name = tr.gettext(ACTION_NAMES[action]) if action in ACTION_NAMES else action
    if value == 1:
        return tr.gettext("{building} Ace").format(building=name)
    return f"{name} {value}"


def _pick(view: View, mine: object, tr: Translator) -> str:
    if isinstance(mine, int) and not isinstance(mine, bool):
        column = view["columns"][mine]
        return tr.gettext("Column {column}: {card}").format(column=mine + 1,
                                                             card=_card(column["action"], column["value"], tr))
    return tr.gettext("none (the timer ran out)") if mine == "missed" else tr.gettext("Tumbleweed")


WORDS = PhoneWords(choice=choice, hand=hand, board=board)
