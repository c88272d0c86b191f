"""Wild West in words: every sentence the table says (rulings WW-1 to WW-10): the log, the
header and phase lines, captions, a seat's status, labels of choices and pad buttons, the
pick panel, the score sheet and the high-score tables. Pure functions; names come in
already spelled (``name(seat)`` where a seat is named)."""

import math
from collections.abc import Callable

from client.games.wild_west.art import KINDS, rank_text
from client.table.game import and_list
from engines.wild_west.rules import ACTION_NAMES

Name = Callable[[int], str]

LOCKED_IN = "LOCKED IN"  # a seat's status while its pick is locked in (a badge under a full sheet)
STANDINGS_COLUMNS = ["Parks", "Track", "Groups", "Churches", "Tumbleweeds", "Aces"]
GROUPS_HEADING = "Groups"
HIGH_SCORES = "High scores"
STEP_WORDS = {"write": "choose a tile", "upgrade": "upgrade a group size", "track": "lay one track",
              "grave": "dig a grave", "park": "a park here?"}
LOG_LINES = {  # the log's words for the simpler events
    "locked": "{who} is locked in",
    "tumbleweed": "{who} takes a Tumbleweed ({count} of 3)",
    "upgrade": "{who} upgrades group size {size} ({upgrades} of 3)",
    "track": "{who} lays track in row {row}",
    "track_complete": "{who} completes the track of row {row}",
    "grave": "{who} digs a grave in row {row}",
    "extension": "A completed track: one more round",
}
REASONS = {  # WW-7, with who did it
    "tumbleweeds": "{who} took a third Tumbleweed",
    "full_sheet": "{who} filled the whole sheet",
    "mines": "{who} filled every mine tile",
    "tracks": "the extra round brought no new completed track",
}
GROUP_KINDS = (("R", "Ranch groups (sizes)"), ("S", "Saloon groups (sizes)"), ("C", "Church groups (sizes)"))


def rank(value) -> str:
    """A written value as the cards say it (A, 2..10, J), "?" when unknown."""
    return rank_text(value) if isinstance(value, int) else "?"


def pair_words(column: dict) -> str:
    """A column's pair: "Ranch 7"."""
    return f"{ACTION_NAMES[column['action']]} {rank_text(column['value'])}"


def deal_words(columns: list[dict]) -> str:
    """"1 Ranch 7, 2 Church J, 3 Saloon A"."""
    return ", ".join(f"{i + 1} {pair_words(column)}" for i, column in enumerate(columns))


def pick_words(pick, columns: list | None) -> str:
    """A revealed pick in the log: "2 (Ranch 7)", "Tumbleweed", "missed"."""
    if pick == "tumbleweed":
        return "Tumbleweed"
    if pick == "missed":
        return "missed"
    if isinstance(pick, int) and pick < len(columns or []):
        return f"{pick + 1} ({pair_words((columns or [])[pick])})"
    return f"{pick + 1}" if isinstance(pick, int) else str(pick)


def chip_words(pick) -> str:
    """A revealed pick on the chip under a seat's sheet."""
    if pick == "tumbleweed":
        return "Tumbleweed"
    if pick == "missed":
        return "missed"
    return f"column {pick + 1}"


def reason_text(reason: str | None, sheets: list[dict], name: Name) -> str:
    """The game-end reason in words, naming who caused it (WW-7)."""
    def full(sheet):
        return all(tile["value"] for row in sheet["rows"] for tile in row)

    def mines(sheet):
        return all(tile["value"] for row in sheet["rows"] for tile in row if tile["mine"])

    test = {"tumbleweeds": lambda s: s["tumbleweeds"] >= 3, "full_sheet": full, "mines": mines}.get(reason or "")
    who = [name(p) for p, sheet in enumerate(sheets) if test is not None and test(sheet)]
    return REASONS.get(reason or "", "the game is over").format(who=and_list(who) if who else "a player")


def game_over(reason: str) -> str:
    return f"Game over: {reason}"


# --- the log ---------------------------------------------------------------------------------
def describe(event: dict, name: Name, reveal_columns: list | None) -> str | None:
    """The log line for ``event``; a reveal names the columns of ``reveal_columns``."""
    kind = event["type"]
    who = name(event["player"]) if "player" in event else ""
    if kind == "round":
        return f"Round {event['round']}: {deal_words(event['columns'])}"
    if kind == "mulligan":
        return f"Mulligan: {deal_words(event['columns'])}"
    if kind == "reshuffle":
        return f"Reshuffle: {event['cards']} cards make a new deck"
    if kind in LOG_LINES:
        row = event.get("row", -1) + 1
        return LOG_LINES[kind].format(who=who, row=row, **{k: v for k, v in event.items() if k != "row"})
    if kind == "timeout":
        missed = [name(p) for p in event["missed"]]
        return f"Time is up: {and_list(missed)} missed the pick" if missed else "Time is up"
    if kind == "reveal":
        picks = ", ".join(f"{name(p)} {pick_words(pick, reveal_columns)}" for p, pick in enumerate(event["picks"]))
        return f"Reveal: {picks}"
    if kind == "write":
        return f"{who} writes {KINDS[event['kind']][0]} {rank(event['value'])} in row {event['row'] + 1}"
    if kind == "graves_lost":
        if event["count"] == 1:
            return f"{who} loses 1 grave: no empty section left"
        return f"{who} loses {event['count']} graves: no empty section left"
    if kind == "park":
        return f"{who} plants a park" if event["park"] else None
    if kind == "game_over":  # the view still shows the sheets before the last step: no names yet
        return game_over(reason_text(event["reason"], [], name))
    return None


# --- the header and the phase line -------------------------------------------------------------
def status_line(round_number: int, extension: bool, timer: int) -> str:
    """The header's second line: the round, whether it is the extra one, the speed option."""
    if extension and timer:
        return f"Round {round_number}, an extra one   speed {timer} s"
    if extension:
        return f"Round {round_number}, an extra one"
    if timer:
        return f"Round {round_number}   speed {timer} s"
    return f"Round {round_number}"


def pick_phase(solo: bool, mulligans_left: int, seconds_left: float | None) -> str:
    """What the pick asks of everyone; ``seconds_left`` with the speed option (WW-10)."""
    if solo and mulligans_left:
        words = f"Pick a column, or take a mulligan ({mulligans_left} left): six new cards for a Tumbleweed"
    elif solo:
        words = "Pick a column. A Tumbleweed now counts, and a third ends the game"
    else:
        words = "Everyone picks a column or a Tumbleweed in secret"
    if seconds_left is None:
        return words
    return f"{words}. {math.ceil(seconds_left)} s left: a missed pick writes nothing (no Tumbleweed)"


NEW_CARDS = "Everyone has written: new cards turn over"
GAME_OVER = "Game over"


def writing(names: list[str]) -> str:
    return f"Writing: {and_list(names)}" if names else "Everyone has written"


# --- captions and notes ------------------------------------------------------------------------
def mulligan_caption(left: int) -> str:
    return f"Mulligan: six new cards ({left} left)"


def reshuffle_caption(cards: int) -> str:
    return f"The deck runs low: every card is shuffled into a new deck of {cards}"


def timeout_caption(missed: list[str]) -> str:
    return f"Time is up: {and_list(missed)} missed the pick: nothing written this round, no Tumbleweed"


REVEAL_CAPTION = "All picks turn over at once"
EXTENSION_CAPTION = "A row's track is complete: one more round is played"


def track_complete_caption(who: str, row: int) -> str:
    return f"{who} completes the track of row {row}"


def graves_lost_note(who: str, count: int) -> str:
    if count == 1:
        return f"{who}: no empty right section left, 1 grave lost"
    return f"{who}: no empty right section left, {count} graves lost"


PUBLIC_REFUSAL = "that pick is not open to them now"


def looking_caption(by: str, at: str) -> str:
    return f"{by} looks at {at}'s sheet. Back: the next one"


# --- a seat's status -----------------------------------------------------------------------------
def task_words(task: dict) -> str:
    """The step a seat is at: "Ranch 7: choose a tile"."""
    return f"{ACTION_NAMES[task['action']]} {rank(task['value'])}: {STEP_WORDS[task['step']]}"


def choosing(here: bool) -> str:
    return "choosing..." if here else "thinking..."


def took_tumbleweed(count: int) -> str:
    return f"took a Tumbleweed ({count} of 3)"


MISSED_THE_PICK = "missed the pick: nothing to write"


def took_column(pick, short: bool) -> str:
    return f"took column {pick + 1}" if short and isinstance(pick, int) else "done"


def points(total: int) -> str:
    return f"{total} pts"


# --- the board -----------------------------------------------------------------------------------
def deck_count(left: int) -> str:
    return f"{left} in the deck"


def mulligans_note(left: int) -> str:
    return "1 mulligan left" if left == 1 else f"{left} mulligans left"


SECONDS = "seconds"


def roster_heading(phase: str, done: int, players: int) -> str:
    if phase == "pick":
        return f"Locked in {done} of {players}"
    return f"Written {done} of {players}"


# --- choices and the pick panel --------------------------------------------------------------------
def tumbleweed_label(mulligan: bool) -> str:
    return "Mulligan" if mulligan else "Tumbleweed"


def column_label(column: int, pair: dict) -> str:
    return f"column {column + 1}: {pair_words(pair)}"


def slot_label(column: int, pair: dict) -> str:
    return f"{column + 1}: {pair_words(pair)}"


def tile_label(step: str, row: int, col: int) -> str:
    return f"{STEP_WORDS[step]}: row {row + 1}, tile {col + 1}"


def upgrade_label(size: int, full: bool) -> str:
    return f"upgrade size {size}" if full else f"size {size}"


def park_label(park: bool) -> str:
    return "Park" if park else "Leave empty"


def blind_label(column: int, columns: list, open_: bool) -> str:
    """A pad button's column in the blind-pick legend."""
    if not open_:
        return f"{column + 1} no fit"
    return f"{column + 1} {pair_words(columns[column])}" if column < len(columns) else str(column + 1)


FITS_NOWHERE = "fits nowhere"
YOUR_SHEET = "Your sheet"


def you_picked(column, columns: list) -> str:
    if column is None:
        return "You picked a Tumbleweed"
    return f"You picked column {column + 1}: {pair_words(columns[column])}"


def fits(pair: dict, places: int) -> str:
    if places == 1:
        return f"{pair_words(pair)} fits in 1 place"
    return f"{pair_words(pair)} fits in {places} places"


# --- the score sheet and the high scores ------------------------------------------------------------
def score_lines(scores: list[dict]) -> list[tuple[str, list[str], str]]:
    """(label, one value per player, style) for each line of the score sheet; styles:
    ``row`` a line of a part, ``part`` a part's sum, ``minus`` a penalty, ``total``."""
    out: list[tuple[str, list[str], str]] = []
    for r in range(4):
        out.append((f"Parks, row {r + 1}", [str(s["parks_by_row"][r]) for s in scores], "row"))
    out.append(("Parks", [str(s["parks"]) for s in scores], "part"))
    for r in range(4):
        out.append((f"Track, row {r + 1}", [str(s["tracks_by_row"][r]) for s in scores], "row"))
    out.append(("Track", [str(s["tracks"]) for s in scores], "part"))
    for kind, label in GROUP_KINDS:
        values = []
        for s in scores:
            groups = [g for g in s["group_list"] if g["kind"] == kind]
            total = sum(g["points"] for g in groups)
            sizes = ", ".join(str(g["size"]) for g in groups)
            values.append(f"{total}  ({sizes})" if groups else "0")
        out.append((label, values, "row"))
    out.append(("Groups", [str(s["groups"]) for s in scores], "part"))
    out.append(("Churches", [f"{s['churches']}  ({sum(c['graves'] for c in s['church_list'])} graves)"
                             if s["church_list"] else "0" for s in scores], "part"))
    out.append(("Tumbleweeds", [f"-{s['tumbleweeds']}" for s in scores], "minus"))
    out.append(("Aces", [f"-{s['aces']}" for s in scores], "minus"))
    out.append(("Total", [str(s["total"]) for s in scores], "total"))
    return out


def standings_note(reason: str, rank_reached: int | None) -> str:
    """The results' line under the heading: why the game ended, and a new high score's place."""
    note = reason[:1].upper() + reason[1:]
    return note if rank_reached is None else f"{note}. New high score: place {rank_reached}"


def high_score_verdict(score: int, kept: int, rank_reached: int | None, recorded: bool, lost: bool) -> str:
    """Under the high-score table: where the new score stands."""
    if not recorded:
        return "Keeping score..."
    if rank_reached is not None:
        return f"Your {score} takes place {rank_reached}!"
    if lost:
        return "The table could not be kept this time."
    return f"Your {score} is not in the best {kept}."


NO_HIGH_SCORE_YET = "Solo: no high score yet. Set the first one!"
TO_BEAT = "High scores to beat"
