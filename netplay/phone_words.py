"""What a phone shows of a seat's hand: labels for its legal actions and a few lines of
what only it holds. Sans I/O; built from the seat's own update, so it can tell nothing
the update does not (`Host.seat_message` already chose what the seat may know).

One generic page renders every game from these words: a choice is ``{"group", "label"}``
in the order of the legal actions, and the hand is a list of ``{"label", "value"}``
lines. A game without words of its own gets its notation (or the action's fields).
"""

from collections.abc import Callable

from engines import GAMES


def _die_mauer_choice(action: dict) -> dict:
    from engines.die_mauer import END_NAMES, PIECE_NAMES

    kind, piece = action.get("type"), action.get("piece")
    name = "Empty fist" if piece is None else PIECE_NAMES.get(piece, str(piece))
    if kind == "plan":
        return {"group": "Your secret plan", "label": name}
    if kind == "build":
        return {"group": "Build", "label": f"{name} at the {END_NAMES.get(action.get('end'), '?')} end"}
    return {"group": "Donate a piece", "label": name}


def _die_mauer_hand(view: dict, seat: int) -> list[dict]:
    from engines.die_mauer import PIECE_NAMES

    hand = [{"label": "Your pieces",
             "value": ", ".join(PIECE_NAMES.get(p, str(p)) for p in view.get("stock", [])) or "none"}]
    plans = view.get("plans") or {}
    if "mine" in plans:
        mine = plans["mine"]
        hand.append({"label": "Your plan", "value": "Empty fist" if mine is None else PIECE_NAMES.get(mine, str(mine))})
    totals = view.get("totals")
    if isinstance(totals, list) and seat < len(totals):
        hand.append({"label": "Your penalty so far", "value": str(totals[seat])})
    return hand


def _drunter_druber_choice(action: dict) -> dict:
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


def _drunter_druber_hand(view: dict, seat: int) -> list[dict]:
    hand = [{"label": "Your building cards", "value": ", ".join(c.replace("_", " ") for c in view["cards"]) or "none"}]
    people = view.get("people")
    if isinstance(people, list) and seat < len(people):
        hand.append({"label": "Your vote cards", "value": ", ".join(people[seat]) or "none"})
    return hand


def _wild_west_choice(action: dict) -> dict:
    if action["type"] == "pick":
        column = action.get("column")
        return {"group": "Your pick (secret)",
                "label": "Tumbleweed" if column is None or column >= 3 else f"Column {column + 1}"}
    raise KeyError(action["type"])


def _wie_waldi_choice(action: dict) -> dict:
    kind = action["type"]
    if kind == "draw":
        return {"group": "Draw", "label": f"Pile {action['pile'] + 1}"}
    if kind == "put_back":
        return {"group": "Your card", "label": "Put back"}
    if kind == "start":
        return {"group": "Your card", "label": f"Start a dog: {action['card']}"}
    return {"group": "Play onto a dog", "label": f"{action['card']} on dog {action['dog']}"}


def _architekton_choice(action: dict) -> dict:
    if action["type"] == "take":
        return {"group": "Take tiles", "label": " + ".join(action["tiles"])}
    raise KeyError(action["type"])  # the rest: its notation


CHOICE_WORDS: dict[str, Callable[[dict], dict]] = {
    "die_mauer": _die_mauer_choice,
    "drunter_druber": _drunter_druber_choice,
    "wild_west": _wild_west_choice,
    "wie_waldi": _wie_waldi_choice,
    "architekton": _architekton_choice,
}
HAND_WORDS: dict[str, Callable[[dict, int], list[dict]]] = {
    "die_mauer": _die_mauer_hand,
    "drunter_druber": _drunter_druber_hand,
}


def choice_words(game_id: str, action) -> dict:
    """``{"group", "label"}`` for one legal action of ``game_id``."""
    words = CHOICE_WORDS.get(game_id)
    if words is not None and isinstance(action, dict):
        try:
            return words(action)
        except (KeyError, TypeError, ValueError):
            pass  # an odd action still gets a button, with generic words
    info = GAMES.get(game_id)
    group = str(action.get("type", "Choose")).replace("_", " ").capitalize() if isinstance(action, dict) else "Choose"
    if info is not None and info.notation is not None:
        try:
            return {"group": group, "label": info.notation(action)}
        except Exception:  # noqa: BLE001 - notation of an odd action must not stop the page
            pass
    if isinstance(action, dict):
        return {"group": group, "label": " ".join(f"{k} {v}" for k, v in action.items() if k != "type") or group}
    return {"group": group, "label": str(action)}


def hand_words(game_id: str, view: dict, seat: int) -> list[dict]:
    """A few ``{"label", "value"}`` lines of what ``seat``'s own view holds."""
    words = HAND_WORDS.get(game_id)
    if words is None:
        return []
    try:
        return words(view, seat)
    except (KeyError, TypeError, ValueError, IndexError):
        return []
