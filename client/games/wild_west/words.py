"""Wild West in words: every sentence the table says (rulings WW-1 to WW-10): the log, the
header and phase lines, captions, a seat's status, labels of choices and pad buttons, the
pick panel, the score sheet and the high-score tables. Pure functions; names come in
already spelled (``name(seat)`` where a seat is named)."""

import math
from collections.abc import Callable

from client.games.wild_west.art import building, rank_text
from client.games.wild_west.state import Pair, Pick, Score, Sheet, Task
from client.i18n import N_, _, ngettext
from client.table.game import and_list
from client.table.types import Event
from engines.wild_west.rules import ACTION_NAMES

Name = Callable[[int], str]

LOCKED_IN = N_("LOCKED IN")  # a seat's status while its pick is locked in (a badge under a full sheet)
STANDINGS_COLUMNS = [N_("Parks"), N_("Track"), N_("Groups"), N_("Churches"), N_("Tumbleweeds"), N_("Aces")]
GROUPS_HEADING = N_("Groups")
HIGH_SCORES = N_("High scores")
STEP_WORDS = {"write": N_("choose a tile"), "upgrade": N_("upgrade a group size"), "track": N_("lay one track"),
              "grave": N_("dig a grave"), "park": N_("a park here?")}
LOG_LINES = {  # the log's words for the simpler events
    "locked": N_("{who} is locked in"),
    "tumbleweed": N_("{who} takes a Tumbleweed ({count} of 3)"),
    "upgrade": N_("{who} upgrades group size {size} ({upgrades} of 3)"),
    "track": N_("{who} lays track in row {row}"),
    "track_complete": N_("{who} completes the track of row {row}"),
    "grave": N_("{who} digs a grave in row {row}"),
    "extension": N_("A completed track: one more round"),
}
REASONS = {  # WW-7, with who did it
    "tumbleweeds": N_("{who} took a third Tumbleweed"),
    "full_sheet": N_("{who} filled the whole sheet"),
    "mines": N_("{who} filled every mine tile"),
    "tracks": N_("the extra round brought no new completed track"),
}
GROUP_KINDS = (("R", N_("Ranch groups (sizes)")), ("S", N_("Saloon groups (sizes)")), ("C", N_("Church groups (sizes)")))


def standings_columns() -> list[str]:
    return [_(column) for column in STANDINGS_COLUMNS]


def rank(value: int | None) -> str:
    """A written value as the cards say it (A, 2..10, J), "?" when unknown."""
    return rank_text(value) if isinstance(value, int) else "?"


def action_name(action: str) -> str:
    """An action's building in the window's language ("Gold Mine")."""
    return _(ACTION_NAMES[action])


def pair_words(column: Pair) -> str:
    """A column's pair: "Ranch 7"."""
    return f"{action_name(column['action'])} {rank_text(column['value'])}"


def deal_words(columns: list[Pair]) -> str:
    """"1 Ranch 7, 2 Church J, 3 Saloon A"."""
    return ", ".join(f"{i + 1} {pair_words(column)}" for i, column in enumerate(columns))


def pick_words(pick: Pick, columns: list[Pair] | None) -> str:
    """A revealed pick in the log: "2 (Ranch 7)", "Tumbleweed", "missed"."""
    if pick == "tumbleweed":
        return _("Tumbleweed")
    if pick == "missed":
        return _("missed")
    if isinstance(pick, int) and pick < len(columns or []):
        return f"{pick + 1} ({pair_words((columns or [])[pick])})"
    return f"{pick + 1}" if isinstance(pick, int) else str(pick)


def chip_words(pick: Pick) -> str:
    """A revealed pick on the chip under a seat's sheet."""
    if pick == "tumbleweed":
        return _("Tumbleweed")
    if pick == "missed":
        return _("missed")
    return _("column {column}").format(column=pick + 1)


def reason_text(reason: str | None, sheets: list[Sheet], name: Name) -> str:
    """The game-end reason in words, naming who caused it (WW-7)."""
    def full(sheet: Sheet) -> bool:
        return all(tile["value"] for row in sheet["rows"] for tile in row)

    def mines(sheet: Sheet) -> bool:
        return all(tile["value"] for row in sheet["rows"] for tile in row if tile["mine"])

    tests: dict[str, Callable[[Sheet], bool]] = {"tumbleweeds": lambda s: s["tumbleweeds"] >= 3, "full_sheet": full,
                                                 "mines": mines}
    test = tests.get(reason or "")
    who = [name(p) for p, sheet in enumerate(sheets) if test is not None and test(sheet)]
    template = REASONS.get(reason or "")
    if template is None:
        return _("the game is over")
    return _(template).format(who=and_list(who) if who else _("a player"))


def game_over(reason: str) -> str:
    return _("Game over: {reason}").format(reason=reason)


# --- the log ---------------------------------------------------------------------------------
def describe(event: Event, name: Name, reveal_columns: list[Pair] | None) -> str | None:
    """The log line for ``event``; a reveal names the columns of ``reveal_columns``."""
    kind = event["type"]
    who = name(event["player"]) if "player" in event else ""
    if kind == "round":
        return _("Round {round}: {cards}").format(round=event["round"], cards=deal_words(event["columns"]))
    if kind == "mulligan":
        return _("Mulligan: {cards}").format(cards=deal_words(event["columns"]))
    if kind == "reshuffle":
        return _("Reshuffle: {cards} cards make a new deck").format(cards=event["cards"])
    if kind in LOG_LINES:
        row = event.get("row", -1) + 1
        return _(LOG_LINES[kind]).format(who=who, row=row, **{k: v for k, v in event.items() if k != "row"})
    if kind == "timeout":
        missed = [name(p) for p in event["missed"]]
        return _("Time is up: {names} missed the pick").format(names=and_list(missed)) if missed else _("Time is up")
    if kind == "reveal":
        picks = ", ".join(f"{name(p)} {pick_words(pick, reveal_columns)}" for p, pick in enumerate(event["picks"]))
        return _("Reveal: {picks}").format(picks=picks)
    if kind == "write":
        return _("{who} writes {building} {value} in row {row}").format(
            who=who, building=building(event["kind"]), value=rank(event["value"]), row=event["row"] + 1)
    if kind == "graves_lost":
        return ngettext("{who} loses {count} grave: no empty section left",
                        "{who} loses {count} graves: no empty section left", event["count"]).format(
            who=who, count=event["count"])
    if kind == "park":
        return _("{who} plants a park").format(who=who) if event["park"] else None
    if kind == "game_over":  # the view still shows the sheets before the last step: no names yet
        return game_over(reason_text(event["reason"], [], name))
    return None


# --- the header and the phase line -------------------------------------------------------------
def status_line(round_number: int, extension: bool, timer: int) -> str:
    """The header's second line: the round, whether it is the extra one, the speed option."""
    if extension and timer:
        return _("Round {round}, an extra one   speed {seconds} s").format(round=round_number, seconds=timer)
    if extension:
        return _("Round {round}, an extra one").format(round=round_number)
    if timer:
        return _("Round {round}   speed {seconds} s").format(round=round_number, seconds=timer)
    return _("Round {round}").format(round=round_number)


def pick_phase(solo: bool, mulligans_left: int, seconds_left: float | None) -> str:
    """What the pick asks of everyone; ``seconds_left`` with the speed option (WW-10)."""
    if solo and mulligans_left:
        words = _("Pick a column, or take a mulligan ({left} left): six new cards for a Tumbleweed").format(
            left=mulligans_left)
    elif solo:
        words = _("Pick a column. A Tumbleweed now counts, and a third ends the game")
    else:
        words = _("Everyone picks a column or a Tumbleweed in secret")
    if seconds_left is None:
        return words
    return _("{words}. {seconds} s left: a missed pick writes nothing (no Tumbleweed)").format(
        words=words, seconds=math.ceil(seconds_left))


NEW_CARDS = N_("Everyone has written: new cards turn over")
GAME_OVER = N_("Game over")


def writing(names: list[str]) -> str:
    return _("Writing: {names}").format(names=and_list(names)) if names else _("Everyone has written")


# --- captions and notes ------------------------------------------------------------------------
def mulligan_caption(left: int) -> str:
    return _("Mulligan: six new cards ({left} left)").format(left=left)


def reshuffle_caption(cards: int) -> str:
    return _("The deck runs low: every card is shuffled into a new deck of {cards}").format(cards=cards)


def timeout_caption(missed: list[str]) -> str:
    return _("Time is up: {names} missed the pick: nothing written this round, no Tumbleweed").format(
        names=and_list(missed))


REVEAL_CAPTION = N_("All picks turn over at once")
EXTENSION_CAPTION = N_("A row's track is complete: one more round is played")


def track_complete_caption(who: str, row: int) -> str:
    return _("{who} completes the track of row {row}").format(who=who, row=row)


def graves_lost_note(who: str, count: int) -> str:
    return ngettext("{who}: no empty right section left, {count} grave lost",
                    "{who}: no empty right section left, {count} graves lost", count).format(who=who, count=count)


PUBLIC_REFUSAL = N_("that pick is not open to them now")


def looking_caption(by: str, at: str) -> str:
    return _("{by} looks at {at}'s sheet. Back: the next one").format(by=by, at=at)


# --- a seat's status -----------------------------------------------------------------------------
def task_words(task: Task) -> str:
    """The step a seat is at: "Ranch 7: choose a tile"."""
    return f"{action_name(task['action'])} {rank(task['value'])}: {_(STEP_WORDS[task['step']])}"


def choosing(here: bool) -> str:
    return _("choosing...") if here else _("thinking...")


def took_tumbleweed(count: int) -> str:
    return _("took a Tumbleweed ({count} of 3)").format(count=count)


MISSED_THE_PICK = N_("missed the pick: nothing to write")


def took_column(pick: Pick | None, short: bool) -> str:
    return _("took column {column}").format(column=pick + 1) if short and isinstance(pick, int) else _("done")


def points(total: int) -> str:
    return ngettext("{total} pt", "{total} pts", total).format(total=total)


# --- the board -----------------------------------------------------------------------------------
def deck_count(left: int) -> str:
    return _("{left} in the deck").format(left=left)


def mulligans_note(left: int) -> str:
    return ngettext("{left} mulligan left", "{left} mulligans left", left).format(left=left)


SECONDS = N_("seconds")


def roster_heading(phase: str, done: int, players: int) -> str:
    if phase == "pick":
        return _("Locked in {done} of {players}").format(done=done, players=players)
    return _("Written {done} of {players}").format(done=done, players=players)


# --- choices and the pick panel --------------------------------------------------------------------
def tumbleweed_label(mulligan: bool) -> str:
    return _("Mulligan") if mulligan else _("Tumbleweed")


def column_label(column: int, pair: Pair) -> str:
    return _("column {column}: {pair}").format(column=column + 1, pair=pair_words(pair))


def slot_label(column: int, pair: Pair) -> str:
    return f"{column + 1}: {pair_words(pair)}"


def tile_label(step: str, row: int, col: int) -> str:
    return _("{step}: row {row}, tile {tile}").format(step=_(STEP_WORDS[step]), row=row + 1, tile=col + 1)


def upgrade_label(size: int, full: bool) -> str:
    return _("upgrade size {size}").format(size=size) if full else _("size {size}").format(size=size)


def park_label(park: bool) -> str:
    return _("Park") if park else _("Leave empty")


def blind_label(column: int, columns: list[Pair], open_: bool) -> str:
    """A pad button's column in the blind-pick legend."""
    if not open_:
        return _("{column} no fit").format(column=column + 1)
    return f"{column + 1} {pair_words(columns[column])}" if column < len(columns) else str(column + 1)


FITS_NOWHERE = N_("fits nowhere")
YOUR_SHEET = N_("Your sheet")


def you_picked(column: int | None, columns: list[Pair]) -> str:
    if column is None:
        return _("You picked a Tumbleweed")
    return _("You picked column {column}: {pair}").format(column=column + 1, pair=pair_words(columns[column]))


def fits(pair: Pair, places: int) -> str:
    return ngettext("{pair} fits in {places} place", "{pair} fits in {places} places", places).format(
        pair=pair_words(pair), places=places)


# --- the score sheet and the high scores ------------------------------------------------------------
def score_lines(scores: list[Score]) -> list[tuple[str, list[str], str]]:
    """(label, one value per player, style) for each line of the score sheet; styles:
    ``row`` a line of a part, ``part`` a part's sum, ``minus`` a penalty, ``total``."""
    out: list[tuple[str, list[str], str]] = []
    for r in range(4):
        out.append((_("Parks, row {row}").format(row=r + 1), [str(s["parks_by_row"][r]) for s in scores], "row"))
    out.append((_("Parks"), [str(s["parks"]) for s in scores], "part"))
    for r in range(4):
        out.append((_("Track, row {row}").format(row=r + 1), [str(s["tracks_by_row"][r]) for s in scores], "row"))
    out.append((_("Track"), [str(s["tracks"]) for s in scores], "part"))
    for kind, label in GROUP_KINDS:
        values = []
        for s in scores:
            groups = [g for g in s["group_list"] if g["kind"] == kind]
            total = sum(g["points"] for g in groups)
            sizes = ", ".join(str(g["size"]) for g in groups)
            values.append(f"{total}  ({sizes})" if groups else "0")
        out.append((_(label), values, "row"))
    out.append((_("Groups"), [str(s["groups"]) for s in scores], "part"))
    out.append((_("Churches"), [church_value(s) for s in scores], "part"))
    out.append((_("Tumbleweeds"), [f"-{s['tumbleweeds']}" for s in scores], "minus"))
    out.append((_("Aces"), [f"-{s['aces']}" for s in scores], "minus"))
    out.append((_("Total"), [str(s["total"]) for s in scores], "total"))
    return out


def church_value(score: Score) -> str:
    """A player's churches on the score sheet: their points and the graves they count."""
    if not score["church_list"]:
        return "0"
    graves = sum(c["graves"] for c in score["church_list"])
    return ngettext("{points}  ({graves} grave)", "{points}  ({graves} graves)", graves).format(
        points=score["churches"], graves=graves)


def standings_note(reason: str, rank_reached: int | None) -> str:
    """The results' line under the heading: why the game ended, and a new high score's place."""
    note = reason[:1].upper() + reason[1:]
    return note if rank_reached is None else _("{reason}. New high score: place {place}").format(
        reason=note, place=rank_reached)


def high_score_verdict(score: int, kept: int, rank_reached: int | None, recorded: bool, lost: bool) -> str:
    """Under the high-score table: where the new score stands."""
    if not recorded:
        return _("Keeping score...")
    if rank_reached is not None:
        return _("Your {score} takes place {place}!").format(score=score, place=rank_reached)
    if lost:
        return _("The table could not be kept this time.")
    return _("Your {score} is not in the best {kept}.").format(score=score, kept=kept)


NO_HIGH_SCORE_YET = N_("Solo: no high score yet. Set the first one!")
TO_BEAT = N_("High scores to beat")
