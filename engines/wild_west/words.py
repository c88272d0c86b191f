"""Wild West's phone words (`engines.words`): picks by their card, steps by their tile, and
the seat's brick-laid sheet as a small grid."""

from typing import Any

from ..types import Action, View
from ..words import ChoiceWords, HandLine, PhoneWords, Translator
from .rules import ACTION_NAMES

TILE_STEPS = {"write": "Write it in", "track": "Lay a track", "grave": "Dig a grave"}
SHEET_KEY = "R Ranch, G Gold Mine, C Church, S Saloon, A Ace; = track, \u2020 grave, \u2663 park, \u25c7 mine site"


def choice(action: Action, view: View, tr: Translator) -> ChoiceWords | None:
    kind = action["type"]
    if kind == "pick":
        column = action.get("column")
        if column is None or not view.get("columns"):
            return {"group": "Your pick (secret)", "label": "Tumbleweed" if column is None else f"Column {column + 1}"}
        return {"group": "Your pick (secret)", "label": _pick(view, column)}
    if kind in TILE_STEPS:
        return {"group": TILE_STEPS[kind], "label": f"Row {action['row'] + 1}, tile {action['col'] + 1}"}
    if kind == "upgrade":
        return {"group": "Upgrade a group size", "label": f"Size {action['size']}"}
    if kind == "park":
        return {"group": "The right section", "label": "Plant a park" if action["park"] else "Leave it empty"}
    return None  # no other step: its notation


def hand(view: View, seat: int, tr: Translator) -> list[HandLine]:
    lines: list[HandLine] = []
    picks = view.get("picks") or {}
    if "mine" in picks:  # the seat's own secret pick, until the reveal (WW-3)
        lines.append({"label": "Your pick", "value": _pick(view, picks["mine"])})
    sheet = view["sheets"][seat]
    score = sheet.get("score") or {}
    task = sheet.get("task")
    if task:  # what this seat is writing now, and where (WW-5)
        where = f" at row {task['tile'][0] + 1}, tile {task['tile'][1] + 1}" if task.get("tile") else ""
        lines.append({"label": "Now", "value": f"{_card(task['action'], task['value'])}{where}, "
                                               f"next step: {task['step']}"})
    lines.append({"label": "Your sheet", "value": SHEET_KEY,
                  "rows": [[_cell(tile) for tile in row] for row in sheet["rows"]]})
    lines.append({"label": "Tumbleweeds, aces, score",
                  "value": f"{sheet.get('tumbleweeds', 0)} tumbleweeds, {sheet.get('aces', 0)} aces, "
                           f"{score.get('total', 0)} points"})
    return lines


def _cell(tile: dict[str, Any]) -> str:
    """One sheet tile in a few characters: what is written, then its marks."""
    text: str
    if tile.get("kind"):
        value = tile.get("value")
        text = tile["kind"] + ("A" if value == 1 else str(value or ""))
    else:
        text = "\u25c7" if tile.get("mine") else "\u00b7"
    if tile.get("track"):
        text += "="
    marks: dict[Any, str] = {"grave": "\u2020", "park": "\u2663"}  # keyed by the right section's content
    return text + marks.get(tile.get("right"), "")


def _card(action: str, value: object) -> str:
    return f"{ACTION_NAMES.get(action, action)} {'Ace' if value == 1 else value}"


def _pick(view: View, mine: object) -> str:
    if isinstance(mine, int) and not isinstance(mine, bool):
        column = view["columns"][mine]
        return f"Column {mine + 1}: {_card(column['action'], column['value'])}"
    return "none (the timer ran out)" if mine == "missed" else "Tumbleweed"


WORDS = PhoneWords(choice=choice, hand=hand)
