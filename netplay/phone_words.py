"""What a phone shows of a seat's hand: labels for its legal actions and a few lines of
what only it holds. Sans I/O; built from the seat's own update, so it can tell nothing
the update does not (`Host.seat_message` already chose what the seat may know).

One generic page renders every game from these words: a choice is ``{"group", "label"}``
in the order of the legal actions, and the hand is a list of ``{"label", "value"}``
lines. A game without words of its own gets its notation (or the action's fields).

Presentation hints, all optional, so the page stays free of game rules:
- a choice's ``"layout": "row"``: its group's buttons share one row, big (Wie Waldi's piles);
- a choice's ``"target": {"act", "next"}``: its group is one target at a time, highlighted,
  with a big ``act`` button and a small ``next`` button to cycle; the group's first target
  (the first legal one) shows first;
- a hand line's ``"rows"``: a small grid of short cell texts, shorter rows centred (Wild
  West's brick-laid sheet), under the line's ``value``.
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


WILD_WEST_TILE_STEPS = {"write": "Write it in", "track": "Lay a track", "grave": "Dig a grave"}


def _wild_west_choice(action: dict, view: dict) -> dict:
    kind = action["type"]
    if kind == "pick":
        column = action.get("column")
        if column is None or not view.get("columns"):
            return {"group": "Your pick (secret)", "label": "Tumbleweed" if column is None else f"Column {column + 1}"}
        return {"group": "Your pick (secret)", "label": _wild_west_pick(view, column)}
    if kind in WILD_WEST_TILE_STEPS:
        return {"group": WILD_WEST_TILE_STEPS[kind], "label": f"Row {action['row'] + 1}, tile {action['col'] + 1}"}
    if kind == "upgrade":
        return {"group": "Upgrade a group size", "label": f"Size {action['size']}"}
    if kind == "park":
        return {"group": "The right section", "label": "Plant a park" if action["park"] else "Leave it empty"}
    raise KeyError(kind)


WILD_WEST_KEY = "R Ranch, G Gold Mine, C Church, S Saloon, A Ace; = track, \u2020 grave, \u2663 park, \u25c7 mine site"


def _wild_west_cell(tile: dict) -> str:
    """One sheet tile in a few characters: what is written, then its marks."""
    if tile.get("kind"):
        value = tile.get("value")
        text = tile["kind"] + ("A" if value == 1 else str(value or ""))
    else:
        text = "\u25c7" if tile.get("mine") else "\u00b7"
    if tile.get("track"):
        text += "="
    return text + {"grave": "\u2020", "park": "\u2663"}.get(tile.get("right"), "")


def _wild_west_card(action: str, value) -> str:
    from engines.wild_west.rules import ACTION_NAMES

    return f"{ACTION_NAMES.get(action, action)} {'Ace' if value == 1 else value}"


def _wild_west_pick(view: dict, mine) -> str:
    if isinstance(mine, int) and not isinstance(mine, bool):
        column = view["columns"][mine]
        return f"Column {mine + 1}: {_wild_west_card(column['action'], column['value'])}"
    return "none (the timer ran out)" if mine == "missed" else "Tumbleweed"


def _wild_west_hand(view: dict, seat: int) -> list[dict]:
    hand = []
    picks = view.get("picks") or {}
    if "mine" in picks:  # the seat's own secret pick, until the reveal (WW-3)
        hand.append({"label": "Your pick", "value": _wild_west_pick(view, picks["mine"])})
    sheet = view["sheets"][seat]
    score = sheet.get("score") or {}
    task = sheet.get("task")
    if task:  # what this seat is writing now, and where (WW-5)
        where = f" at row {task['tile'][0] + 1}, tile {task['tile'][1] + 1}" if task.get("tile") else ""
        hand.append({"label": "Now", "value": f"{_wild_west_card(task['action'], task['value'])}{where}, "
                                              f"next step: {task['step']}"})
    hand.append({"label": "Your sheet", "value": WILD_WEST_KEY,
                 "rows": [[_wild_west_cell(tile) for tile in row] for row in sheet["rows"]]})
    hand.append({"label": "Tumbleweeds, aces, score",
                 "value": f"{sheet.get('tumbleweeds', 0)} tumbleweeds, {sheet.get('aces', 0)} aces, "
                          f"{score.get('total', 0)} points"})
    return hand


def _wie_waldi_card(code) -> str:
    from engines.wie_waldi.cards import card_name

    try:
        return card_name(code)
    except (KeyError, IndexError, TypeError):
        return str(code)


def _wie_waldi_dog(view: dict, dog_id) -> str:
    for dog in view.get("dogs", []):
        if dog.get("id") == dog_id and dog.get("cards"):
            return (f"Dog {dog_id + 1}: {_wie_waldi_card(dog['cards'][0]['card'])}, {len(dog['cards'])} "
                    + ("card" if len(dog["cards"]) == 1 else "cards"))
    return f"Dog {dog_id + 1}"


def _wie_waldi_choice(action: dict, view: dict) -> dict:
    kind = action["type"]
    if kind == "draw":
        pile, sizes, you = action["pile"], view.get("pile_sizes"), view.get("you")
        left = "" if sizes is None or you is None else f" ({sizes[you][pile]})"  # cards left in it
        return {"group": "Draw from a pile", "label": f"Pile {pile + 1}{left}", "layout": "row"}
    if kind == "put_back":
        return {"group": "Your card", "label": "Put back"}
    if kind == "start":
        return {"group": "Your card", "label": f"Start a dog: {_wie_waldi_card(action['card'])}"}
    # WA-3: the held card fits these dogs; the first one in the table's order is shown first
    return {"group": f"Play your {_wie_waldi_card(action['card'])}", "label": _wie_waldi_dog(view, action["dog"]),
            "target": {"act": "Play", "next": "Next dog"}}


def _wie_waldi_hand(view: dict, seat: int) -> list[dict]:
    card = view.get("hand")
    hand = [{"label": "Your card", "value": "none: draw from a pile" if card is None else _wie_waldi_card(card)}]
    piles = view["pile_sizes"][seat]
    hand.append({"label": "Your piles", "value": "  ".join(f"{k + 1}: {n}" for k, n in enumerate(piles))
                 + f"  ({sum(piles)} cards)"})
    totals = view.get("totals")
    if isinstance(totals, list) and seat < len(totals):
        hand.append({"label": "Your bone points", "value": str(totals[seat])})
    return hand


def _architekton_choice(action: dict) -> dict:
    if action["type"] == "take":
        return {"group": "Take tiles", "label": " + ".join(action["tiles"])}
    raise KeyError(action["type"])  # the rest: its notation


def _architekton_hand(view: dict, seat: int) -> list[dict]:
    from engines.architekton.rules import tile_name

    hand = []
    if view.get("current") == seat and view.get("hand"):  # the hand is the player to move's
        hand.append({"label": "Tiles you took", "value": ", ".join(tile_name(t) for t in view["hand"])})
    hand.append({"label": "Your chips", "value": str(view["chips"][seat])})
    hand.append({"label": "Your houses",
                 "value": f"{view['houses'][seat]} in stock, {view['houses_on_board'][seat]} on the board"})
    if view.get("revenge"):
        hand.append({"label": "Your victory points", "value": str(view["victory_points"][seat])})
    return hand


CHOICE_WORDS: dict[str, Callable[[dict], dict]] = {
    "die_mauer": _die_mauer_choice,
    "drunter_druber": _drunter_druber_choice,
    "architekton": _architekton_choice,
}
# Words that also read the seat's own view (a dog's head, a pile's size).
CHOICE_WORDS_IN_VIEW: dict[str, Callable[[dict, dict], dict]] = {
    "wild_west": _wild_west_choice,
    "wie_waldi": _wie_waldi_choice,
}
HAND_WORDS: dict[str, Callable[[dict, int], list[dict]]] = {
    "die_mauer": _die_mauer_hand,
    "drunter_druber": _drunter_druber_hand,
    "wild_west": _wild_west_hand,
    "wie_waldi": _wie_waldi_hand,
    "architekton": _architekton_hand,
}


def choice_words(game_id: str, action, view: dict | None = None) -> dict:
    """``{"group", "label"}`` (plus any presentation hints) for one legal action of
    ``game_id``; ``view`` is the seat's own view, for words that name what it shows."""
    if isinstance(action, dict) and (game_id in CHOICE_WORDS or game_id in CHOICE_WORDS_IN_VIEW):
        try:
            if game_id in CHOICE_WORDS_IN_VIEW:
                return CHOICE_WORDS_IN_VIEW[game_id](action, view or {})
            return CHOICE_WORDS[game_id](action)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
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
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return []
