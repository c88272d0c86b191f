"""Die Mauer in words: piece names, the log lines, the phase and status lines, captions,
refusals and the seats' badges (rulings DM-1 to DM-9). Names come in already said
(``name(seat)``), so every sentence here is whole."""

from collections.abc import Callable
from typing import Any

from client.table.game import and_list
from engines.die_mauer import END_NAMES, LEFT, PIECE_NAMES

Name = Callable[[int], str]  # a seat's name at this table

NAMES: dict[str | None, str] = {piece: name for piece, name in PIECE_NAMES.items()}
NAMES[None] = "empty fist"
PANEL_HEADING = "{name}'s pieces"
REFUSALS = {  # the shared screen's words for a refused private pick (never names a piece)
    "piece_not_held": "that piece is not in their stock",
    "no_such_piece": "that is not a piece",
}
SEAT_STATUS = {  # a seat's badge by its state (see DieMauerTable.seat_state)
    "locked": "LOCKED IN",
    "choosing": "choosing...",
    "away": "waiting: away",
    "thinking": "thinking...",
    "to_act": "to act",
    "": "",
}
EMPTY_WALL = "The wall starts here"
EMPTY_FIST = "empty"  # beside a fist opened on nothing
PENALTY_LABEL = "Penalty"


def public_refusal(code: str) -> str:
    return REFUSALS.get(code, "that choice is not allowed now")


def status_text(view: dict[str, Any]) -> str:
    return f"Round {view.get('round', 1)} of {view.get('rounds', 1)}   Turn {view.get('turn', 1)}"


def phase_text(view: dict[str, Any], name: Name) -> str:
    """What the view asks for now."""
    phase = view.get("phase")
    if phase == "plan":
        return f"Master builder: {name(view['master'])}. Everyone picks a piece in secret."
    if phase == "build" and view["builders"]:
        seat, piece = view["builders"][0]
        return f"{name(seat)} chooses an end for the {NAMES[piece]}"
    if phase == "choose":
        return f"{name(view['master'])} builds any piece of their choice"
    if phase == "donate":
        return f"{name(view['donor'])} gives {name(view['master'])} a piece in secret"
    return "Game over"


def describe(event: dict[str, Any], name: Name) -> str | None:
    """The log line for ``event`` (None: no line)."""
    kind = event["type"]
    if kind == "locked":
        return f"{name(event['player'])} is locked in"
    if kind == "reveal":
        return "Reveal: " + ", ".join(f"{name(p)} {NAMES[piece]}" for p, piece in enumerate(event["plans"]))
    if kind == "outcome":
        return outcome_text(event, name)
    if kind == "built":
        return f"{name(event['player'])} builds the {NAMES[event['piece']]} at the {END_NAMES[event['end']]} end"
    if kind == "donation":
        return f"{name(event['giver'])} gives the master builder a piece in secret"
    if kind == "turn":
        return f"{name(event['master'])} is the master builder"
    if kind == "round_over":
        return f"Round {event['round']} over: " + ", ".join(
            f"{name(p)} +{penalty}" for p, penalty in enumerate(event["penalties"]))
    if kind == "round":
        return f"Round {event['round']} begins; {name(event['master'])} is the master builder"
    if kind == "game_over":
        return "Game over"
    return None


def outcome_text(event: dict[str, Any], name: Name) -> str:
    """The reveal's outcome in words (DM-4, DM-5), one verb for one builder or several."""
    case = event["case"]
    builders = [name(b) for b in event.get("builders", [])]
    who = and_list(builders) if builders else "nobody"
    if case == "competitors_build":
        return f"Guessed right: {who} builds" if len(builders) == 1 else f"Guessed right: {who} build"
    if case == "donation":
        return f"{name(event['donor'])} must give the master a piece"
    return {
        "master_builds": f"Nobody guessed: {who} builds",
        "nobody_builds": "Nobody can build",
        "master_builds_instead": f"Too many guessed: {who} builds instead",
        "master_chooses": f"{who} may build any piece",
        "nothing": "Several empty fists: nothing happens",
    }.get(case, case)


def reveal_caption(master: str, piece: str | None) -> str:
    """The phase line while the fists open: what the master builder holds."""
    if piece is None:
        return f"The fists open: {master}, the master builder, holds an empty fist"
    return f"The fists open: {master}, the master builder, holds the {NAMES[piece]}"


def donated_note(giver: str, master: str, piece: str) -> str:
    """The private note the giver and the master read after a donation (DM-9)."""
    return f"{giver} gave {master} the {NAMES[piece]}"


def build_label(action: dict[str, Any]) -> str:
    return f"{NAMES[action['piece']]}, {END_NAMES[action['end']]} end"


def end_card(end: str) -> str:
    """A public end choice's card, pointing at its end of the wall."""
    return "< left" if end == LEFT else "right >"


def held_count(count: int) -> str:
    """A card's badge: the stock holds this piece ``count`` times."""
    return f"x{count}"


def penalty_line(total: int) -> str:
    return f"penalty {total}"


def fist_note(piece: str | None, picked_here: bool) -> str:
    """What the seat's fist holds this turn: its own pick, or one a bot made while it was away."""
    if picked_here:
        return f"You picked: {NAMES[piece]}"
    return f"In your fist: {NAMES[piece]}"


def summary_title(round_number: int) -> str:
    return f"Round {round_number} is over"


def summary_line(player: str, penalty: int, total: int) -> str:
    return f"{player}: +{penalty}  (total {total})"


def round_column(round_index: int) -> str:
    """The results' column of round ``round_index`` (counting from 0)."""
    return f"Round {round_index + 1}"
