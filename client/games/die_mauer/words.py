"""Die Mauer in words: piece names, the log lines, the phase and status lines, captions,
refusals and the seats' badges (rulings DM-1 to DM-9). Names come in already said
(``name(seat)``), so every sentence here is whole.

Every sentence is looked up in the window's language when it is said (`client.i18n`). A
sentence that names a piece comes once per kind of piece (the Tower, the Gate, a wall of
``{n}`` merlons, the empty fist): German says "den Turm", "das Tor", "die 6er-Mauer".
"""

from collections.abc import Callable
from typing import Any

from client.i18n import N_, _, ngettext, pgettext
from client.table.game import and_list
from client.table.types import Event, View
from engines.die_mauer import GATE, LEFT, TOWER

Name = Callable[[int], str]  # a seat's name at this table
Piece = str | None  # a piece's code ("T", "G", "6" ...); None is an empty fist

FIST, WALL = "fist", "wall"


def kind(piece: Piece) -> str:
    """Which sentence a piece takes: the Tower, the Gate, a wall or an empty fist."""
    return FIST if piece is None else piece if piece in (TOWER, GATE) else WALL


def said(templates: dict[str, str], piece: Piece, **fields: Any) -> str:
    """The sentence for ``piece``'s kind, looked up and filled (a wall's merlons as ``{n}``)."""
    return _(templates[kind(piece)]).format(n=piece, **fields)


# The pieces by name, as a card or a list says them (no article).
PIECE_NAMES = {TOWER: N_("Tower"), GATE: N_("Gate"), WALL: N_("{n}-wall"), FIST: N_("empty fist")}


def piece_name(piece: Piece) -> str:
    return said(PIECE_NAMES, piece)


PANEL_HEADING = N_("{name}'s pieces")  # the table looks it up where it draws the panel
REFUSALS = {  # the shared screen's words for a refused private pick (never names a piece)
    "piece_not_held": N_("that piece is not in their stock"),
    "no_such_piece": N_("that is not a piece"),
}
SEAT_STATUS = {  # a seat's badge by its state (see DieMauerTable.seat_state)
    "locked": N_("LOCKED IN"),
    "choosing": N_("choosing..."),
    "away": N_("waiting: away"),
    "thinking": N_("thinking..."),
    "to_act": N_("to act"),
    "": "",
}
EMPTY_WALL = N_("The wall starts here")
EMPTY_FIST = N_("empty")  # beside a fist opened on nothing
PENALTY_LABEL = N_("Penalty")


def seat_status(state: str) -> str:
    """A seat's badge in words ("" for none)."""
    return _(SEAT_STATUS[state]) if SEAT_STATUS[state] else ""


def public_refusal(code: str) -> str:
    return _(REFUSALS.get(code, N_("that choice is not allowed now")))


def status_text(view: View) -> str:
    return _("Round {round} of {rounds}   Turn {turn}").format(
        round=view.get("round", 1), rounds=view.get("rounds", 1), turn=view.get("turn", 1))


CHOOSES_END = {
    TOWER: N_("{name} chooses an end for the Tower"),
    GATE: N_("{name} chooses an end for the Gate"),
    WALL: N_("{name} chooses an end for the {n}-wall"),
}


def phase_text(view: View, name: Name) -> str:
    """What the view asks for now."""
    phase = view.get("phase")
    if phase == "plan":
        return _("Master builder: {name}. Everyone picks a piece in secret.").format(name=name(view["master"]))
    if phase == "build" and view["builders"]:
        seat, piece = view["builders"][0]
        return said(CHOOSES_END, piece, name=name(seat))
    if phase == "choose":
        return _("{name} builds any piece of their choice").format(name=name(view["master"]))
    if phase == "donate":
        return _("{giver} gives {master} a piece in secret").format(giver=name(view["donor"]),
                                                                       master=name(view["master"]))
    return _("Game over")


BUILT = {
    LEFT: {
        TOWER: N_("{name} builds the Tower at the left end"),
        GATE: N_("{name} builds the Gate at the left end"),
        WALL: N_("{name} builds the {n}-wall at the left end"),
    },
    "R": {
        TOWER: N_("{name} builds the Tower at the right end"),
        GATE: N_("{name} builds the Gate at the right end"),
        WALL: N_("{name} builds the {n}-wall at the right end"),
    },
}


def describe(event: Event, name: Name) -> str | None:
    """The log line for ``event`` (None: no line)."""
    kind_ = event["type"]
    if kind_ == "locked":
        return _("{name} is locked in").format(name=name(event["player"]))
    if kind_ == "reveal":
        # Translators: one seat's pick in the list after "Reveal:" (a name, then a piece's name)
        picks = ", ".join(pgettext("reveal", "{name} {piece}").format(name=name(p), piece=piece_name(piece))
                          for p, piece in enumerate(event["plans"]))
        return _("Reveal: {picks}").format(picks=picks)
    if kind_ == "outcome":
        return outcome_text(event, name)
    if kind_ == "built":
        return said(BUILT[event["end"]], event["piece"], name=name(event["player"]))
    if kind_ == "donation":
        return _("{name} gives the master builder a piece in secret").format(name=name(event["giver"]))
    if kind_ == "turn":
        return _("{name} is the master builder").format(name=name(event["master"]))
    if kind_ == "round_over":
        penalties = ", ".join(f"{name(p)} +{penalty}" for p, penalty in enumerate(event["penalties"]))
        return _("Round {round} over: {penalties}").format(round=event["round"], penalties=penalties)
    if kind_ == "round":
        return _("Round {round} begins; {name} is the master builder").format(round=event["round"],
                                                                                name=name(event["master"]))
    if kind_ == "game_over":
        return _("Game over")
    return None


OUTCOMES = {
    "master_builds": N_("Nobody guessed: {who} builds"),
    "nobody_builds": N_("Nobody can build"),
    "master_builds_instead": N_("Too many guessed: {who} builds instead"),
    "master_chooses": N_("{who} may build any piece"),
    "nothing": N_("Several empty fists: nothing happens"),
}


def outcome_text(event: Event, name: Name) -> str:
    """The reveal's outcome in words (DM-4, DM-5), one verb for one builder or several."""
    case: str = event["case"]
    builders = [name(b) for b in event.get("builders", [])]
    who = and_list(builders) if builders else _("nobody")
    if case == "competitors_build":
        return ngettext("Guessed right: {who} builds", "Guessed right: {who} build", len(builders)).format(who=who)
    if case == "donation":
        return _("{name} must give the master a piece").format(name=name(event["donor"]))
    if case in OUTCOMES:
        return _(OUTCOMES[case]).format(who=who)
    return case


HOLDS = {
    TOWER: N_("The fists open: {master}, the master builder, holds the Tower"),
    GATE: N_("The fists open: {master}, the master builder, holds the Gate"),
    WALL: N_("The fists open: {master}, the master builder, holds the {n}-wall"),
    FIST: N_("The fists open: {master}, the master builder, holds an empty fist"),
}


def reveal_caption(master: str, piece: str | None) -> str:
    """The phase line while the fists open: what the master builder holds."""
    return said(HOLDS, piece, master=master)


GAVE = {
    TOWER: N_("{giver} gave {master} the Tower"),
    GATE: N_("{giver} gave {master} the Gate"),
    WALL: N_("{giver} gave {master} the {n}-wall"),
}


def donated_note(giver: str, master: str, piece: str) -> str:
    """The private note the giver and the master read after a donation (DM-9)."""
    return said(GAVE, piece, giver=giver, master=master)


BUILD_LABELS = {LEFT: N_("{piece}, left end"), "R": N_("{piece}, right end")}


def build_label(action: dict[str, Any]) -> str:
    template = BUILD_LABELS[action["end"]]
    return _(template).format(piece=piece_name(action["piece"]))


def end_card(end: str) -> str:
    """A public end choice's card, pointing at its end of the wall."""
    return _("< left") if end == LEFT else _("right >")


def held_count(count: int) -> str:
    """A card's badge: the stock holds this piece ``count`` times."""
    return _("x{count}").format(count=count)


def penalty_line(total: int) -> str:
    return _("penalty {total}").format(total=total)


def fist_note(piece: str | None, picked_here: bool) -> str:
    """What the seat's fist holds this turn: its own pick, or one a bot made while it was away."""
    if picked_here:
        return _("You picked: {piece}").format(piece=piece_name(piece))
    return _("In your fist: {piece}").format(piece=piece_name(piece))


def summary_title(round_number: int) -> str:
    return _("Round {round} is over").format(round=round_number)


def summary_line(player: str, penalty: int, total: int) -> str:
    return _("{player}: +{penalty}  (total {total})").format(player=player, penalty=penalty, total=total)


def round_column(round_index: int) -> str:
    """The results' column of round ``round_index`` (counting from 0)."""
    return _("Round {round}").format(round=round_index + 1)


def penalty_label() -> str:
    """The results' total column."""
    return _(PENALTY_LABEL)
