"""Architekton in words: every sentence and label its table shows (rulings AR-1 to AR-7):
tile names, the log lines, the status and phase lines, captions and banners, what a
seat is told when a click cannot be done, the choices' labels, the zones' and the
supply's labels, the final scoring, the standings.

Pure functions of what they are given; a player's name comes in as a string, or
``name`` turns a seat into one.
"""

from collections.abc import Callable

from client.table.game import and_list
from engines.architekton.tiles import BUILDING_SIDES, LANDSCAPE_TERRAIN, TERRAIN_NAMES

Name = Callable[[int], str]  # a seat's name (`TableHandle.name`)


def tile_words(tile: str) -> str:
    """"a forest", "a water building", "a building of water, forest and hill"."""
    if tile in LANDSCAPE_TERRAIN:
        return f"a {TERRAIN_NAMES[LANDSCAPE_TERRAIN[tile]]}"
    terrains = list(dict.fromkeys(BUILDING_SIDES[tile]))
    if len(terrains) == 1:
        return f"a {TERRAIN_NAMES[terrains[0]]} building"
    names = [TERRAIN_NAMES[t] for t in terrains]
    return "a building of " + and_list(names)


def the(tile: str) -> str:
    words = tile_words(tile)
    return "the " + words[2:] if words.startswith("a ") else words


def chips(count: int) -> str:
    """"1 chip", "2 chips"; paying none is "nothing"."""
    if count == 0:
        return "nothing"
    return f"{count} chip" + ("" if count == 1 else "s")


def sides(count: int) -> str:
    return f"{count} side" + ("" if count == 1 else "s")


def last_round_words(turns_left: int, next_player: str = "") -> str:
    """AR-5: who still plays once the reserve is used."""
    if turns_left == 2:
        return "both players have one more turn"
    return f"{next_player or 'the other player'} has the last turn"


# --- the log ---------------------------------------------------------------------------------
def describe(event: dict, name: Name) -> str | None:
    """The log line for ``event`` (None: no line)."""
    kind = event["type"]
    if kind == "took":
        return f"{name(event['player'])} takes " + " and ".join(tile_words(t) for t in event["tiles"])
    if kind == "placed":
        turned = f", turned {event['rot'] * 90}°" if event["rot"] else ""
        return f"{name(event['player'])} places {tile_words(event['tile'])}{turned}"
    if kind == "house" and event.get("from") is not None:
        return f"{name(event['player'])} has no house left and moves one onto the new building"
    if kind == "surrounded":
        if event["owner"] is None:
            return "A building without a house is enclosed: nothing to score"
        if event["mismatches"] == 0:
            return f"{name(event['owner'])}'s building is enclosed, every side matches: +1 chip"
        return (f"{name(event['owner'])}'s building is enclosed: {sides(event['mismatches'])} "
                f"{'does' if event['mismatches'] == 1 else 'do'} not match")
    if kind == "settled":
        if event["take_back"]:
            return f"{name(event['player'])} takes the house back and pays {chips(event['paid'])}"
        return f"{name(event['player'])} keeps the house and pays {chips(event['paid'])}"
    if kind == "refill" and event.get("from_reserve"):
        return "The stacks run short: the reserve fills the supply"
    if kind == "last_round":
        return "Last round: " + last_round_words(event["turns_left"])
    if kind == "supply_redrawn":
        return "No supply tile fits: the supply goes under the stacks and new tiles are turned up"
    if kind == "no_placement":
        return "No tile fits anywhere: the game is scored as it stands"
    if kind == "returned":
        return f"{the(event['tile']).capitalize()} fits nowhere and goes back to the supply"
    if kind == "cannot_pay":
        return (f"{name(event['player'])} cannot pay {chips(event['owed'] - 1)} "
                f"(has {event['chips']}): early end")
    if kind == "final_scoring":
        parts = [f"{name(p)} {event['chips'][p]} + {event['groups'][p]} = {event['scores'][p]}"
                 for p in range(len(event["scores"]))]
        return "Final scoring: " + ", ".join(parts)
    if kind == "game_over":
        winners = [name(p) for p in event["winners"]]
        result = f"{and_list(winners)} {'wins' if len(winners) == 1 else 'draw'}" if len(winners) == 1 else "a draw"
        return f"Game {event['game']} over: {result}" + (" (early end)" if event["early"] else "")
    if kind == "match":
        return "Victory points: " + ", ".join(f"{name(p)} {vp}" for p, vp in enumerate(event["victory_points"]))
    if kind == "new_game":
        return f"Game {event['game']} begins: {name(event['starter'])} starts"
    return None


# --- the header ------------------------------------------------------------------------------
def status_line(game: int, turn: int, revenge: bool, last_round: bool) -> str:
    parts = []
    if revenge:
        parts.append(f"Game {game}")
    parts.append(f"Turn {turn}")
    if last_round:
        parts.append("last round")
    return "   ".join(parts)


def next_game_line(game: int, starter: str) -> str:
    return f"Game {game} begins: {starter} starts"


def early_end_line(debtor: str, winner: str) -> str:
    return f"Early end: {debtor} cannot pay, so {winner} wins"


def final_score_line(event: dict, name: Name) -> str:
    return "Final score: " + ", ".join(
        f"{name(p)} {event['chips'][p]} + {event['groups'][p]} = {event['scores'][p]}"
        for p in range(len(event["scores"])))


def phase_line(view: dict, name: Name, lifted: bool, single_take: bool) -> str:
    """What the player to move does now, from the shown ``view``: ``lifted`` when a supply
    tile is lifted, ``single_take`` when no two supply tiles can both be placed (AR-2)."""
    phase = view.get("phase")
    who = name(view.get("current", 0))
    if phase == "take":
        if lifted:
            return f"{who}: now a second tile to go with the lifted one (the lifted one again puts it back)"
        if len(view.get("takeable", [])) and single_take:
            return f"{who}: no two tiles can both be placed, so take one tile that fits"
        return f"{who}: take two tiles from the supply that can both be placed"
    if phase == "place":
        spots = view.get("spots", {})
        hand = view.get("hand", [])
        waiting = [t for t in hand if not spots.get(t)]
        if len(hand) == 2 and waiting:
            first = next(t for t in hand if t not in waiting)
            return f"{who} places {the(first)} first: {the(waiting[0])} fits only once it lies"
        return f"{who} places " + and_list([tile_words(t) for t in hand])
    if phase == "move_house":
        return f"{who} has no house left: pick one of their houses to move onto the new building"
    if phase == "settle":
        settling = view.get("settling") or {}
        owner, owed = name(settling.get("owner", 0)), settling.get("mismatches", 1)
        options = settling.get("options", [False, True])
        if options == [True]:
            return (f"{owner}'s building is enclosed, {sides(owed)} not matching: {owner} cannot pay "
                    f"{chips(owed)}, so takes the house back and pays {chips(owed - 1)}")
        return (f"{owner}'s building is enclosed, {sides(owed)} not matching: pay {chips(owed)}, "
                f"or take the house back and pay {chips(owed - 1)}")
    return "Game over"


# --- what events show ---------------------------------------------------------------------------
def surround_caption(owner: str | None, mismatches: int) -> str:
    """AR-4: a building enclosed, scored."""
    if owner is None:
        return "A building without a house is enclosed: nothing to score"
    if mismatches == 0:
        return f"{owner}'s building is enclosed and every side matches: +1 chip"
    return f"{owner}'s building is enclosed: {sides(mismatches)} {'does' if mismatches == 1 else 'do'} not match"


PLUS_CHIP = "+1 chip"


def wrong_sides(count: int) -> str:
    return f"{sides(count)} wrong"


def paid(count: int) -> str:
    return f"-{chips(count)}"


LAST_ROUND = "Last round"
REDRAWN = ("Nothing in the supply fits", "it goes under the stacks; new tiles are turned up")
NO_PLACEMENT = ("No tile fits anywhere", "the game is scored as it stands")
REMOVING = "Final scoring: buildings with one or two landscape neighbours are removed"


# --- a seat told why not --------------------------------------------------------------------------
def why_not_take(tile: str, first: str | None, takeable: list[str]) -> str:
    """AR-2: why a supply tile cannot be taken (with ``first`` lifted)."""
    if first is not None and tile != first:
        return f"{the(first).capitalize()} and {the(tile)} cannot both be placed"
    if tile not in takeable:
        return f"{the(tile).capitalize()} cannot be placed with any other supply tile"
    return "pick another tile"


def place_first(waiting: str, first: str) -> str:
    """AR-5: a tile that fits only once the other one lies."""
    return f"Place the other tile first: {the(waiting)} fits only once {the(first)} lies"


# --- the choices' labels ------------------------------------------------------------------------------
def take_label(tiles: list[str]) -> str:
    return "take " + " and ".join(tile_words(t) for t in tiles)


def lift_label(tile: str) -> str:
    return f"lift {tile_words(tile)}"


PUT_BACK = "put it back"
MOVE_HOUSE = "move this house"


def place_label(tile: str, turn_next: bool) -> str:
    return f"place {tile_words(tile)} here" + (", then turn it" if turn_next else "")


def hand_label(waits: bool) -> str:
    return "place the other tile first" if waits else "place this one"


def turned_label(rot: int) -> str:
    return f"turned {rot * 90}°"


def settle_label(take_back: bool, owed: int) -> str:
    """AR-4: keep the house and pay all, or take it back and pay one less."""
    return f"Take the house back: pay {chips(owed - 1)}" if take_back else f"Keep the house: pay {chips(owed)}"


# --- the supply, the board and the zones -------------------------------------------------------------------
SUPPLY = "Supply"
SUPPLY_ROWS = ("Buildings", "Landscapes")
STACKS = "Stacks"
RESERVE = "Reserve, face down"
LAST_ROUND_BOX = "LAST ROUND"
REVENGE_LINES = ("Revenge match: first to", "2 victory points")
HINT = "Zoom: wheel, + -    Pan: I J K L, right stick    Whole board: Home, Y"
OWN_VIEW = "Your own view.    "  # before HINT once a player steered the camera
DECIDING = "deciding..."
PLACING = "placing this one"
PLACE_OTHER_FIRST = ("place the", "other tile", "first")  # on a tile in hand, one line each
OR_THIS = "or this one"
TURN_IT = "turn it, then confirm"
VICTORY_POINTS = "victory points"


def tile_counts(counts: dict) -> str:
    """A stack's or the reserve's tiles."""
    return f"{counts.get('buildings', 0)} buildings   {counts.get('landscapes', 0)} landscapes"


def turns_left(count: int) -> str:
    return f"{count} turn{'s' if count != 1 else ''} left"


def chip_label(count: int) -> str:
    return "chip" if count == 1 else "chips"


def in_stock(count: int) -> str:
    return f"{count} in stock"


def on_the_board(count: int) -> str:
    return f"{count} on the board"


def enclosed(mismatches: int) -> str:
    return f"Enclosed, {sides(mismatches)} not matching:"


def settled(take_back: bool, paid_chips: int) -> str:
    return f"{'Took the house back' if take_back else 'Kept the house'}: paid {chips(paid_chips)}"


# --- the ends of a game -------------------------------------------------------------------------------------
EARLY_END = "Early end"
FINAL_SCORE = "Final score"
FINAL_SUM = "chips + largest group"


def cannot_pay(debtor: str, owed: int, has: int) -> str:
    """AR-4: a player who cannot pay one less than the mismatches."""
    return f"{debtor} cannot pay {chips(owed - 1)} (has {has})"


def wins_at_once(winner: str) -> str:
    return f"{winner} wins at once"


def score_sum(chip_count: int, group: int, score: int) -> str:
    return f"{chip_count} + {group} = {score}"


def removed(count: int) -> str:
    return f"{count} building{'s' if count != 1 else ''} removed"


def game_result(game: int, winner: str | None, early: bool) -> str:
    """AR-7: a game of a revenge match won (``winner``) or drawn (None)."""
    if winner is None:
        return f"Game {game}: a draw, no victory points"
    points = 2 if early else 1
    how = " (early end)" if early else ""
    return f"Game {game}: {winner} wins{how}, +{points} victory point{'s' * (points > 1)}"


def victory_points(points: list[int], name: Name) -> str:
    return "Victory points: " + and_list([f"{name(p)} {vp}" for p, vp in enumerate(points)])


def starts(game: int, starter: str) -> str:
    return f"Game {game}: {starter} starts"


# --- the standings ---------------------------------------------------------------------------------------------
def game_column(game: int) -> str:
    return f"Game {game}"


VICTORY_POINTS_TOTAL = "Victory points"
REVENGE_NOTE = "Revenge match: first to 2 victory points; an early-end win counts 2"
SCORE = "Score"
CHIPS = "Chips"
FINAL_COLUMNS = ["Chips", "Largest group", "Houses"]
TIED_NOTE = "Tied: more houses on the board wins"


def early_note(debtor: str) -> str:
    return f"Early end: {debtor} could not pay"


def game_cell(result: dict, seat: int) -> str:
    """One game of a revenge match in a results cell: its score, and the victory points won."""
    won = seat in result["winners"] and len(result["winners"]) == 1
    points = (2 if result["early"] else 1) if won else 0
    return f"{result['scores'][seat]}  (+{points})"
