"""Wie Waldi in words: the log lines, the header and phase lines, refusals, the labels
drawn at the table and the standings' (rulings WA-1 to WA-8). Pure functions; names are
passed in (``name(seat)``), never looked up here.

Every sentence is looked up in the window's language when it is worded (`client.i18n`):
constants are English message ids marked with ``N_``, passed through ``_`` where drawn.
Where a word would change with the case (why a round ended, who was first), there is a
sentence per case."""

from collections.abc import Callable

from client import i18n
from client.i18n import N_, _, and_list, ngettext
from client.table.types import Event
from engines.wie_waldi.cards import card_name, colour_name

Name = Callable[[int], str]

REASONS = {"stop": N_("Stop!"), "deadlock": N_("nobody can play"), "timer": N_("time is up")}


def reason(code: str) -> str:
    """Why a round ended, as a player says it."""
    return _(REASONS[code]) if code in REASONS else code


def card(code: str) -> str:
    """A card's name in the window's language ("red/green middle")."""
    try:
        return card_name(code, i18n.current())
    except (KeyError, TypeError):
        return str(code)


def colour(index: int) -> str:
    """A coat colour (0-3) standing alone, in the window's language ("green")."""
    return colour_name(index, i18n.current())


# --- the header and the phase line -----------------------------------------------------------
def status(round_no: int, rounds: int, seconds_left: float | None) -> str:
    """The header's second line: the round, and the round timer's time left (WA-5)."""
    if seconds_left is None:
        return _("Round {round} of {rounds}").format(round=round_no, rounds=rounds)
    clock = f"{int(seconds_left) // 60}:{int(seconds_left) % 60:02d}"
    return _("Round {round} of {rounds}   {time} left").format(round=round_no, rounds=rounds, time=clock)


READY = N_("Ready...")
RACE = N_("Race! Draw, and play where the coat fits")
GAME_OVER = N_("Game over")


def tallying(round_no: int) -> str:
    return _("Round {round} is over: who owns what").format(round=round_no)


def stop(reason_code: str, completer: str | None) -> str:
    """How a round stopped: the sixth marker's placer (WA-4), or why else."""
    if reason_code == "stop" and completer is not None:
        return _("Stop! {name} placed the sixth marker").format(name=completer)
    if reason_code == "stop":
        return _("Round over: Stop!")
    if reason_code == "deadlock":
        return _("Round over: nobody can play")
    if reason_code == "timer":
        return _("Round over: time is up")
    return _("Round over")


# --- why a seat cannot act now ---------------------------------------------------------------
ROUND_OVER = N_("the round is over")
TALLY_ON = N_("the tally is on; the next round follows")
WAIT_FOR_WUFF = N_("wait for Wuff!")


# --- the log ----------------------------------------------------------------------------------
def describe(event: Event, name: Name) -> str | None:
    """The log line for ``event`` (None: no line)."""
    kind = event["type"]
    if kind == "wuff":
        return _("Wuff! Round {round} begins").format(round=event["round"])
    if kind == "dog_started":
        return _("{name} starts dog {dog} with a {card}").format(
            name=name(event["player"]), dog=event["dog"], card=card(event["card"]))
    if kind == "played" and event["card"][0] == "M":
        return _("{name} grows dog {dog} with a {card}").format(
            name=name(event["player"]), dog=event["dog"], card=card(event["card"]))
    if kind == "dog_completed":
        fields = {"name": name(event["player"]), "dog": event["dog"], "owner": name(event["owner"]),
                  "n": event["cards"]}
        if event["cat"]:
            return ngettext("{name} completes dog {dog} with a cat tail: {owner}'s, {n} card",
                            "{name} completes dog {dog} with a cat tail: {owner}'s, {n} cards",
                            event["cards"]).format(**fields)
        return ngettext("{name} completes dog {dog} with a tail: {owner}'s, {n} card",
                        "{name} completes dog {dog} with a tail: {owner}'s, {n} cards",
                        event["cards"]).format(**fields)
    if kind == "round_over":
        points = ", ".join(f"{name(p)} +{n}" for p, n in enumerate(event["points"]))
        said = {"stop": N_("Round {round} over (Stop!): {points}"),
                "deadlock": N_("Round {round} over (nobody can play): {points}"),
                "timer": N_("Round {round} over (time is up): {points}")}
        template = said.get(event["reason"], N_("Round {round} over: {points}"))
        return _(template).format(round=event["round"], points=points)
    if kind == "game_over":
        winners = and_list([name(p) for p in event["winners"]])
        if len(event["winners"]) == 1:
            return _("Game over: {names} wins").format(names=winners)
        return _("Game over: {names} share the win").format(names=winners)
    return None


# --- refusals: a race lost ---------------------------------------------------------------------
def _margin_words(margin: str) -> str:
    """The host's margin ("12", "under 1") as a player reads it ("12 ms")."""
    return _("under 1 ms") if margin.startswith("under") else _("{ms} ms").format(ms=margin)


def too_late_on_end(first: str | None, dog: int, margin: str | None, end_colour: str | None) -> str:
    """Another play reached this dog's open end first: ``first`` played it (None: the seat
    itself, an earlier press), by ``margin`` ms ("12", "under 1"; None: not close), and the
    dog now ends in ``end_colour`` (a worded colour, `colour`; None: it ended)."""
    if first is None and margin:
        words = _("too late: you were first by {margin} on dog {dog}").format(margin=_margin_words(margin), dog=dog)
    elif first is None:
        words = _("too late: you were first on dog {dog}").format(dog=dog)
    elif margin:
        words = _("too late: {name} was first by {margin} on dog {dog}").format(
            name=first, margin=_margin_words(margin), dog=dog)
    else:
        words = _("too late: {name} was first on dog {dog}").format(name=first, dog=dog)
    if end_colour:
        words = _("{refusal}; it now ends in {colour}").format(refusal=words, colour=end_colour)
    return words


def too_late_completed(completer: str | None, dog: int, margin: str | None) -> str:
    """Another play completed this dog first: ``completer`` (None: the seat itself)."""
    if completer is None and margin:
        return _("too late: you completed dog {dog} first by {margin}").format(dog=dog, margin=_margin_words(margin))
    if completer is None:
        return _("too late: you completed dog {dog} first").format(dog=dog)
    if margin:
        return _("too late: {name} completed dog {dog} first by {margin}").format(
            name=completer, dog=dog, margin=_margin_words(margin))
    return _("too late: {name} completed dog {dog} first").format(name=completer, dog=dog)


TOO_LATE_ROUND = N_("too late: that round is over")


# --- a photo finish: a race decided by under 50 ms ------------------------------------------------
PHOTO_FINISH = N_("Photo finish")


def margin(ms: int) -> str:
    """A race's margin as players say it: "12 ms", "under 1 ms" (0)."""
    return _("{ms} ms").format(ms=ms) if ms > 0 else _("under 1 ms")


def photo_finish(winner: str, ms: int) -> str:
    """Who won a close race, and by how much: "Anna by 12 ms"."""
    return _("{name} by {margin}").format(name=winner, margin=margin(ms))


FIRST = N_("first")


def later(ms: int) -> str:
    """Under the second card of a photo finish: "12 ms later"."""
    return _("{margin} later").format(margin=margin(ms))


def behind(winner: str, ms: int) -> str:
    """In the loser's zone (another machine's seat): "12 ms behind Anna"."""
    return _("{margin} behind {name}").format(margin=margin(ms), name=winner)


# --- choices -------------------------------------------------------------------------------------
def pile(index: int) -> str:
    return _("pile {pile}").format(pile=index + 1)


def dog(dog_id: int) -> str:
    return _("dog {dog}").format(dog=dog_id)


NEW_DOG = N_("new dog")
PUT_BACK = N_("put back")


# --- drawn at the table -----------------------------------------------------------------------------
HEAD_STARTS = N_("A head starts a new dog")
PLAYED_OUT = N_("played out")
PLAY = N_("play")
MOUSE_LEGEND = (N_("click a pile, then a dog"), N_("right click: put back"))  # one line, or two
RIGHT_CLICK = N_("right click")
PAD_MOVES = N_("D-pad")
KENNEL = N_("Done")
KENNEL_KEY = (N_("disc: owner"), N_("paw: completer"))  # one line, or two
CARDS_OWNED = N_("cards owned")
TALLY_HEADS = (N_("cards owned"), N_("bones"), N_("points"), N_("total"))
PILE_BONUS = N_("pile!")
WUFF = N_("Wuff!")


def fits_nowhere(back: str) -> str:
    """The card in hand fits no dog, and ``back`` (a button's name) puts it back."""
    return _("fits nowhere: {button} puts it back").format(button=back)


def next_dog(moves: str) -> str:
    """``moves`` (the direction buttons' names) move the cursor to the card's next place."""
    return _("{buttons}: next dog").format(buttons=moves)


def countdown(seconds: int) -> str:
    return _("Ready... {seconds}").format(seconds=seconds)


def tally_heading(round_no: int, reason_code: str) -> str:
    said = {"stop": N_("Round {round}: Stop!"), "deadlock": N_("Round {round}: nobody can play"),
            "timer": N_("Round {round}: time is up")}
    return _(said.get(reason_code, N_("Round {round}"))).format(round=round_no)


# --- the results ----------------------------------------------------------------------------------
def round_column(round_no: int) -> str:
    return _("Round {round}").format(round=round_no)


TOTAL = N_("Bones")
SCORING_NOTE = N_("Gold 3, silver 2, bronze 1 for the most dog cards owned; a played-out pile: one more bronze")
