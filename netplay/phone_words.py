"""What a phone shows of a seat's hand: labels for its legal actions and a few lines of
what only it holds. Sans I/O; built from the seat's own update, so it can tell nothing
the update does not (`Host.seat_message` already chose what the seat may know).

One generic page renders every game from these words: a choice is ``{"group", "label"}``
in the order of the legal actions, and the hand is a list of ``{"label", "value"}``
lines. Each game writes its words next to its notation (``engines/<id>/words.py``,
registered as `GameInfo.words`); an action its words leave out, or a game without words,
gets its notation (or the action's fields).

Presentation hints, all optional, so the page stays free of game rules:
- a choice's ``"layout": "row"``: its group's buttons share one row, big (Wie Waldi's piles);
- a choice's ``"target": {"act", "next"}``: its group is one target at a time, highlighted,
  with a big ``act`` button and a small ``next`` button to cycle; the group's first target
  (the first legal one) shows first;
- a hand line's ``"rows"``: a small grid of short cell texts, shorter rows centred (Wild
  West's brick-laid sheet), under the line's ``value``;
- picture hints (issue 40): a choice's ``sprite``, ``badge``, ``place``, ``first`` and
  ``hidden``, a hand line's ``sprites`` and ``badges``, and the update's ``board`` (from
  ``GameInfo.words.board``); `engines.words` types them and docs/phones.md says how the
  page draws each.
"""

from typing import Any

from engines import GAMES
from engines.words import Translator

from .language import words as language_words

# What a game's words may raise on odd data: the page then shows generic words.
ODD_DATA = (KeyError, TypeError, ValueError, IndexError, AttributeError)


def choice_words(game_id: str, action: Any, view: dict[str, Any] | None = None,
                 tr: Translator | None = None) -> dict[str, Any]:
    """``{"group", "label"}`` (plus any presentation hints) for one legal action of
    ``game_id``; ``view`` is the seat's own view, for words that name what it shows; ``tr``
    the phone's language (English if not given)."""
    info = GAMES.get(game_id)
    tr = tr if tr is not None else language_words("en")
    if isinstance(action, dict) and info is not None and info.words is not None:
        try:
            words = info.words.choice(action, view or {}, tr)
        except ODD_DATA:
            words = None  # an odd action still gets a button, with generic words
        if words is not None:
            return dict(words)
    choose = tr.gettext("Choose")
    group = (str(action["type"]).replace("_", " ").capitalize() if isinstance(action, dict) and "type" in action
             else choose)
    if info is not None and info.notation is not None:
        try:
            return {"group": group, "label": info.notation(action)}
        except Exception:  # noqa: BLE001 - notation of an odd action must not stop the page
            pass
    if isinstance(action, dict):
        return {"group": group, "label": " ".join(f"{k} {v}" for k, v in action.items() if k != "type") or group}
    return {"group": group, "label": str(action)}


def hand_words(game_id: str, view: dict[str, Any], seat: int,
               tr: Translator | None = None) -> list[dict[str, Any]]:
    """A few ``{"label", "value"}`` lines of what ``seat``'s own view holds."""
    info = GAMES.get(game_id)
    if info is None or info.words is None:
        return []
    try:
        return [dict(line) for line in info.words.hand(view, seat, tr if tr is not None else language_words("en"))]
    except ODD_DATA:
        return []


def board_words(game_id: str, view: dict[str, Any], seat: int,
                tr: Translator | None = None) -> dict[str, Any] | None:
    """``seat``'s own board of places (picture hints), or None: the game draws none now."""
    info = GAMES.get(game_id)
    if info is None or info.words is None or info.words.board is None:
        return None
    try:
        board = info.words.board(view, seat, tr if tr is not None else language_words("en"))
    except ODD_DATA:
        return None
    return dict(board) if board is not None else None
