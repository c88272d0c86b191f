"""Wie Waldi in words: the log lines, the header and phase lines, refusals, the labels
drawn at the table and the standings' (rulings WA-1 to WA-8). Pure functions; names are
passed in (``name(seat)``), never looked up here."""

from collections.abc import Callable

from client.table.game import and_list
from engines.wie_waldi.cards import card_name

Name = Callable[[int], str]

REASONS = {"stop": "Stop!", "deadlock": "nobody can play", "timer": "time is up"}


def reason(code: str) -> str:
    """Why a round ended, as a player says it."""
    return REASONS.get(code, code)


# --- the header and the phase line -----------------------------------------------------------
def status(round_no: int, rounds: int, seconds_left: float | None) -> str:
    """The header's second line: the round, and the round timer's time left (WA-5)."""
    if seconds_left is None:
        return f"Round {round_no} of {rounds}"
    return f"Round {round_no} of {rounds}   {int(seconds_left) // 60}:{int(seconds_left) % 60:02d} left"


READY = "Ready..."
RACE = "Race! Draw, and play where the coat fits"
GAME_OVER = "Game over"


def tallying(round_no: int) -> str:
    return f"Round {round_no} is over: who owns what"


def stop(reason_code: str, completer: str | None) -> str:
    """How a round stopped: the sixth marker's placer (WA-4), or why else."""
    if reason_code == "stop" and completer is not None:
        return f"Stop! {completer} placed the sixth marker"
    return f"Round over: {reason(reason_code)}"


# --- why a seat cannot act now ---------------------------------------------------------------
ROUND_OVER = "the round is over"
TALLY_ON = "the tally is on; the next round follows"
WAIT_FOR_WUFF = "wait for Wuff!"


# --- the log ----------------------------------------------------------------------------------
def describe(event: dict, name: Name) -> str | None:
    """The log line for ``event`` (None: no line)."""
    kind = event["type"]
    if kind == "wuff":
        return f"Wuff! Round {event['round']} begins"
    if kind == "dog_started":
        return f"{name(event['player'])} starts dog {event['dog']} with a {card_name(event['card'])}"
    if kind == "played" and event["card"][0] == "M":
        return f"{name(event['player'])} grows dog {event['dog']} with a {card_name(event['card'])}"
    if kind == "dog_completed":
        if event["cat"]:
            return (f"{name(event['player'])} completes dog {event['dog']} with a cat tail: "
                    f"{name(event['owner'])}'s, {event['cards']} cards")
        return (f"{name(event['player'])} completes dog {event['dog']} with a tail: "
                f"{name(event['owner'])}'s, {event['cards']} cards")
    if kind == "round_over":
        points = ", ".join(f"{name(p)} +{n}" for p, n in enumerate(event["points"]))
        return f"Round {event['round']} over ({reason(event['reason'])}): {points}"
    if kind == "game_over":
        winners = and_list([name(p) for p in event["winners"]])
        if len(event["winners"]) == 1:
            return f"Game over: {winners} wins"
        return f"Game over: {winners} share the win"
    return None


# --- refusals: a race lost ---------------------------------------------------------------------
def too_late_on_end(first: str | None, dog: int, margin: str | None, end_colour: str | None) -> str:
    """Another play reached this dog's open end first: ``first`` played it (None: the seat
    itself, an earlier press), by ``margin`` ms ("12", "under 1"; None: not close), and the
    dog now ends in ``end_colour`` (None: it ended)."""
    by = f" by {margin} ms" if margin else ""
    if first is None:
        words = f"too late: you were first{by} on dog {dog}"
    else:
        words = f"too late: {first} was first{by} on dog {dog}"
    if end_colour:
        words += f"; it now ends in {end_colour}"
    return words


def too_late_completed(completer: str | None, dog: int, margin: str | None) -> str:
    """Another play completed this dog first: ``completer`` (None: the seat itself)."""
    by = f" by {margin} ms" if margin else ""
    if completer is None:
        return f"too late: you completed dog {dog} first{by}"
    return f"too late: {completer} completed dog {dog} first{by}"


TOO_LATE_ROUND = "too late: that round is over"


# --- a photo finish: a race decided by under 50 ms ------------------------------------------------
PHOTO_FINISH = "Photo finish"


def margin(ms: int) -> str:
    """A race's margin as players say it: "12 ms", "under 1 ms" (0)."""
    return f"{ms} ms" if ms > 0 else "under 1 ms"


def photo_finish(winner: str, ms: int) -> str:
    """Who won a close race, and by how much: "Anna by 12 ms"."""
    return f"{winner} by {margin(ms)}"


FIRST = "first"


def later(ms: int) -> str:
    """Under the second card of a photo finish: "12 ms later"."""
    return f"{margin(ms)} later"


def behind(winner: str, ms: int) -> str:
    """In the loser's zone (another machine's seat): "12 ms behind Anna"."""
    return f"{margin(ms)} behind {winner}"


# --- choices -------------------------------------------------------------------------------------
def pile(index: int) -> str:
    return f"pile {index + 1}"


def dog(dog_id: int) -> str:
    return f"dog {dog_id}"


NEW_DOG = "new dog"
PUT_BACK = "put back"


# --- drawn at the table -----------------------------------------------------------------------------
HEAD_STARTS = "A head starts a new dog"
PLAYED_OUT = "played out"
PLAY = "play"
MOUSE_LEGEND = "click a pile, then a dog   right click: put back"
RIGHT_CLICK = "right click"
PAD_MOVES = "D-pad"
KENNEL = "Done"
KENNEL_KEY = "disc: owner   paw: completer"
CARDS_OWNED = "cards owned"
TALLY_HEADS = ("cards owned", "bones", "points", "total")
PILE_BONUS = "pile!"
WUFF = "Wuff!"


def fits_nowhere(back: str) -> str:
    """The card in hand fits no dog, and ``back`` (a button's name) puts it back."""
    return f"fits nowhere: {back} puts it back"


def next_dog(moves: str) -> str:
    """``moves`` (the direction buttons' names) move the cursor to the card's next place."""
    return f"{moves}: next dog"


def countdown(seconds: int) -> str:
    return f"Ready... {seconds}"


def tally_heading(round_no: int, reason_code: str) -> str:
    return f"Round {round_no}: {REASONS.get(reason_code, '')}"


# --- the results ----------------------------------------------------------------------------------
def round_column(round_no: int) -> str:
    return f"Round {round_no}"


TOTAL = "Bones"
SCORING_NOTE = "Gold 3, silver 2, bronze 1 for the most dog cards owned; a played-out pile: one more bronze"
