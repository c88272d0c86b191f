"""Drunter & Drüber in words (rulings DD-1 to DD-9): the log lines, the phase and status
lines, captions, refusals, the seats' and the tray's words, the private panels' lines and
the standings' labels. Pure functions: names come in already written."""

from collections.abc import Callable

from client.table.game import and_list
from engines.drunter_druber.board import CARD_NAMES
from engines.drunter_druber.rules import PEOPLE_NAMES, SIZE_NAMES

Namer = Callable[[int], str]

KIND_NAMES = {"wall": "wall", "street": "street", "river": "river"}
STRETCH_NAMES = {"wall_nw": "North wall", "wall_se": "South wall", "street": "Street", "river": "River"}
THE_STRETCH = {"wall_nw": "the north wall", "wall_se": "the south wall", "street": "the street", "river": "the river"}
REFUSALS = {
    "card_not_held": "that card is not in their hand",
    "no_such_card": "that is not a people card",
    "no_cards": "a vote needs at least one card",
    "card_order": "that vote was malformed",
}
NOT_NOW = "that choice is not allowed now"
PLACE_HINTS = {  # how to lay the picked tile, by device
    "mous": "point at its place and click; the wheel takes another tile, the middle button goes back",
    "keys": "move the ghost to its place and confirm; back returns to the hand",
    "pad:": "move the ghost with the d-pad, A lays it, X takes another tile, B goes back",
}


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def card_name(card: str) -> str:
    return CARD_NAMES.get(card, card)


def people_names(cards: list[str], joiner: str = "+") -> str:
    return joiner.join(PEOPLE_NAMES[c] for c in cards)


def tile_words(kind: str, size: int) -> str:
    """"wall single", "river triple"."""
    return f"{kind} {SIZE_NAMES[size]}"


# --- the header and the phase line ------------------------------------------------------------
def status_words(turn: int, tiles_left: int, variant: bool) -> str:
    return f"Turn {turn}   {tiles_left} tiles left" + ("   variant" if variant else "")


def lays_a_tile(who: str) -> str:
    return f"{who} lays a tile"


def pick_from_hand(who: str) -> str:
    return f"{who} lays a tile: pick one from the hand"


def how_to_place(who: str, device: str) -> str:
    """How ``who`` lays the picked tile with ``device``."""
    return f"{who}: {PLACE_HINTS.get(device[:4], PLACE_HINTS['keys'])}"


def voting(placer: str, voter: str, done: int, voters: int) -> str:
    return f"Toilet vote on {placer}'s tile: {voter} puts down cards in secret ({done} of {voters} have)"


def declaring(who: str) -> str:
    return f"{who} says what the Jein counts: yes or no?"


PICKING = "Everyone picks in secret which building card counts first"
REVEALED = "The building cards are revealed"


# --- the log -------------------------------------------------------------------------------------
def describe(event: dict, name: Namer) -> str | None:
    """The log line for ``event`` (None: no line)."""
    kind = event["type"]
    if kind == "placed":
        tile, stretch = tile_words(event["kind"], event["size"]), THE_STRETCH[event["stretch"]]
        if event["toilets"]:
            return f"{name(event['player'])} lays a {tile} on {stretch}, covering {plural(len(event['toilets']), 'toilet')}"
        return f"{name(event['player'])} lays a {tile} on {stretch}"
    if kind == "vote_committed":
        return f"{name(event['player'])} puts down {plural(event['count'], 'card')}"
    if kind == "vote_revealed":
        return "Revealed: " + "; ".join(f"{name(p)} {people_names(cards)}" for p, cards in enumerate(event["cards"])
                                        if cards)
    if kind == "jein_declared":
        return f"{name(event['player'])} counts the Jein as {event['side']}"
    if kind == "vote_result":
        return vote_words(event, name)
    if kind == "stretch_closed":
        return f"{THE_STRETCH[event['stretch']].capitalize()} is closed: no tile fits at its end"
    if kind == "passed":
        return f"{name(event['player'])} has no tile that fits and passes"
    if kind == "pick_started":
        return "A stretch has closed: everyone picks which card counts first"
    if kind == "locked":
        return f"{name(event['player'])} has picked"
    if kind == "game_over":
        winners = event.get("winners", [])
        who = and_list([name(p) for p in winners])
        return f"Game over: {who} wins" if len(winners) == 1 else f"Game over: {who} win"
    return None


def vote_words(event: dict, name: Namer) -> str:
    """The seed's way: "No wins 7:5", and what happens to the tile."""
    yes, no = event["yes"], event["no"]
    placer = name(event["placer"])
    if event["stays"]:
        if yes == no:
            return f"Yes wins {yes}:{no}: {placer}'s tile stays (a tie keeps it)"
        return f"Yes wins {yes}:{no}: {placer}'s tile stays"
    return f"No wins {no}:{yes}: the tile goes back to {placer}"


# --- captions ------------------------------------------------------------------------------------
def vote_called(placer: str) -> str:
    return f"{placer}'s tile covers a toilet: a vote"


def revealed(yes: int, no: int, jeins_waiting: int) -> str:
    if jeins_waiting:
        return f"Revealed: yes {yes}, no {no}, and {plural(jeins_waiting, 'Jein')} to declare"
    return f"Revealed: yes {yes}, no {no}"


def stretch_closed(stretch: str) -> str:
    return f"{THE_STRETCH[stretch].capitalize()} is closed"


def passes(who: str) -> str:
    return f"{who} has no tile that fits: passes"


ALL_PICKED = "Everyone has picked the card that counts first"
GAME_OVER = "No tile fits any more: the game is over"


# --- a seat's own panel ------------------------------------------------------------------------
CHOOSE_CARDS_FIRST = "Choose one or more cards first, then put them down"


def picked_note(card: str) -> str:
    return f"You picked: {card_name(card)} counts first"


def voted_note(cards: list[str]) -> str:
    return f"You put down {people_names(cards, ', ')}"


def put_down_label(cards: list[str]) -> str:
    return f"Put down {people_names(cards)}"


NO_CARDS_LABEL = "Choose cards first"


def jein_label(side: str) -> str:
    return f"Jein: {side}"


def pick_label(card: str) -> str:
    return f"{card_name(card)} first"


def blind_card_label(index: int) -> str:
    """A pad's button for the seat's first or second building card."""
    return f"card {index + 1}"


def cards_now(cards_points: list[tuple[str, int]]) -> str:
    """In a vote: how the seat's building card(s) stand now."""
    return "Your card: " + "  ".join(f"{card_name(card)}: {points} now" for card, points in cards_points)


PICK_EXPLAINED = "The card you pick counts; the other breaks a tie"


def points_now(points: int) -> str:
    return f"{points} points now"


def standing(count: int, of_a_type: bool) -> str:
    """How many buildings a lone card counts: of its type's five, or of a special card's."""
    return f"{count} of 5 standing" if of_a_type else f"{count} buildings count"


def card_role(points: int, first: bool | None) -> str:
    """The variant's card in a seat's panel: its points, and whether it counts first or
    breaks ties (None: not picked yet)."""
    if first is None:
        return f"{points} now"
    return f"{points} now  first" if first else f"{points} now  ties"


# --- the seats ---------------------------------------------------------------------------------
def peek_reminder(peek: str) -> str:
    return f"hold {peek} to see your card"


def people_cards(count: int) -> str:
    return plural(count, "people card")


LOCKED_IN = "LOCKED IN"
CHOOSING = "choosing..."
THINKING = "thinking..."
DECLARES_JEIN = "declares the Jein"
VOTES = "votes"
LAYS_A_TILE = "lays a tile"
PASS_STAMP = "PASS: no tile fits"


def cards_down(count: int) -> str:
    return f"{plural(count, 'card')} down"


def put_down_lines(count: int) -> list[str]:
    """The button that puts the chosen cards down, in two lines."""
    return ["Put down", plural(count, "card")] if count else ["Choose", "cards first"]


def jein_side(side: str) -> str:
    """A Jein button, or what a revealed Jein card counts as."""
    return f"Jein = {side}"


def counts_as(side: str) -> str:
    return f"= {side}"


CHOSEN_MARK = "IN"


# --- the band under the board: the vote's tray, the legend, the finale ------------------------
def tray_title(placer: str, kind: str | None, size: int | None, wide: bool) -> str:
    """The vote tray's heading; ``wide``: with what yes and no mean."""
    tile = f"{kind} {SIZE_NAMES[size]}" if kind and size else "tile"
    if wide:
        return f"Toilet vote on {placer}'s {tile}: yes keeps it, no sends it back"
    return f"Toilet vote on {placer}'s {tile}"


WAITING = "waiting"
CARDS_DOWN = "cards down"
FACE_DOWN = "face down until all have"
JEIN_TO_DECLARE = "Jein still to declare"


def voters_done(done: int, voters: int) -> str:
    return f"{done} of {voters} voters"


def yes_count(yes: int) -> str:
    return f"Yes {yes}"


def no_count(no: int) -> str:
    return f"No {no}"


def who_won(yes: int, no: int, stays: bool) -> str:
    return f"Yes wins {yes}:{no}" if stays else f"No wins {no}:{yes}"


def tile_fate(placer: str, stays: bool) -> str:
    return "the tile stays" if stays else f"back to {placer}"


STRETCH_OPEN, STRETCH_CLOSED = "open", "closed"
LEGEND_TOILET = "toilet: covering one calls a vote"
LEGEND_END = "a stretch's end: tiles dock next to it"
LEGEND_BRIDGE = "The middle of a triple is a bridge: a stretch may pass under it.  Hold your peek button to see " \
                "your own building card."


def whose_card(who: str, card: str | None) -> str:
    return f"{who}'s card: {card_name(card) if card else '?'}"


CARD_COUNTS = "its uncovered buildings count"


def tie_words(points: list[list[int]], people_left: list[int], winners: list[int], name: Namer) -> str:
    """How the winner was found, in a sentence: a clear win, or a tie and what broke it
    (the second card, DD-8; most people cards left, DD-7; else a shared win)."""
    firsts = [p[0] for p in points]
    best = max(firsts)
    tied = [seat for seat, score in enumerate(firsts) if score == best]
    names = [name(seat) for seat in winners]
    if len(tied) == 1:
        return f"{names[0]} wins with {best} points"
    who = and_list([name(seat) for seat in tied])
    if len(points[0]) > 1:
        seconds = [points[seat][1] for seat in tied]
        if len(set(seconds)) > 1:
            return f"{who} tie on {best}; the second card breaks it: {and_list(names)} ({max(seconds)})"
    if len(winners) == 1:
        left = people_left[winners[0]]
        return f"{who} tie on {best}; {names[0]} has the most people cards left ({left})"
    return f"{who} tie on {best} and hold as many people cards: a shared win"


# --- the results -------------------------------------------------------------------------------
SECOND_CARD, PEOPLE_CARDS, POINTS = "2nd card", "People cards", "Points"


def cards_shown(seat_cards: list[tuple[str, list[str]]]) -> str:
    """Everyone's building cards, for the results' footer: "Anna Inn / School, Ben Church"."""
    return ", ".join(f"{who} {' / '.join(card_name(c) for c in cards)}" for who, cards in seat_cards)


def tie_rule(variant: bool) -> str:
    return f"Ties: {'the second card, then ' if variant else ''}most people cards left"


def results_footer(game_name: str, note: str) -> str:
    """The results scene's footer line, to measure whether ``note`` fits in it."""
    return f"{game_name}: highest points wins.  {note}"
