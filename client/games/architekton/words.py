"""Architekton in words: every sentence and label its table shows (rulings AR-1 to AR-7):
tile names, the log lines, the status and phase lines, captions and banners, what a
seat is told when a click cannot be done, the choices' labels, the zones' and the
supply's labels, the final scoring, the standings.

Pure functions of what they are given, worded in the window's language when called
(`client.i18n`); constants are marked with ``N_`` and looked up where they are drawn. A
player's name comes in as a string, or ``name`` turns a seat into one. Sentences are whole,
a sentence per case (one tile or two, a draw or a win): German orders its words otherwise.
"""

from collections.abc import Callable
from typing import Any

from client.i18n import N_, _, ngettext, pgettext
from client.table.types import Event, View
from engines.architekton.tiles import BUILDING_SIDES, LANDSCAPE_TERRAIN

Name = Callable[[int], str]  # a seat's name (`TableHandle.name`)


def upper_first(words: str) -> str:
    """``words`` with its first letter a capital (the rest as it is: German nouns stay)."""
    return words[:1].upper() + words[1:]


def terrain_name(terrain: str) -> str:
    """"water", "forest", "hill", "field"."""
    return {"W": pgettext("terrain", "water"), "F": pgettext("terrain", "forest"),
            "H": pgettext("terrain", "hill"), "A": pgettext("terrain", "field")}[terrain]


def _mixed(terrains: list[str], definite: bool) -> str:
    names = [terrain_name(t) for t in terrains]
    if len(names) == 2:
        template = _("the building of {a} and {b}") if definite else _("a building of {a} and {b}")
    elif len(names) == 3:
        template = _("the building of {a}, {b} and {c}") if definite else _("a building of {a}, {b} and {c}")
    else:
        template = _("the building of {a}, {b}, {c} and {d}") if definite else _("a building of {a}, {b}, {c} and {d}")
    return template.format(**dict(zip("abcd", names, strict=False)))


def tile_words(tile: str) -> str:
    """"a forest", "a water building", "a building of water, forest and hill"."""
    if tile in LANDSCAPE_TERRAIN:
        terrain = LANDSCAPE_TERRAIN[tile]
        return {"W": _("a water"), "F": _("a forest"), "H": _("a hill"), "A": _("a field")}[terrain]
    terrains = list(dict.fromkeys(BUILDING_SIDES[tile]))
    if len(terrains) == 1:
        return {"W": _("a water building"), "F": _("a forest building"), "H": _("a hill building"),
                "A": _("a field building")}[terrains[0]]
    return _mixed(terrains, definite=False)


def the(tile: str) -> str:
    """"the forest", "the water building", "the building of water and forest"."""
    if tile in LANDSCAPE_TERRAIN:
        terrain = LANDSCAPE_TERRAIN[tile]
        return {"W": _("the water"), "F": _("the forest"), "H": _("the hill"), "A": _("the field")}[terrain]
    terrains = list(dict.fromkeys(BUILDING_SIDES[tile]))
    if len(terrains) == 1:
        return {"W": _("the water building"), "F": _("the forest building"), "H": _("the hill building"),
                "A": _("the field building")}[terrains[0]]
    return _mixed(terrains, definite=True)


def chips(count: int) -> str:
    """"1 chip", "2 chips"; paying none is "nothing"."""
    if count == 0:
        return _("nothing")
    return ngettext("{n} chip", "{n} chips", count).format(n=count)


def sides(count: int) -> str:
    return ngettext("{n} side", "{n} sides", count).format(n=count)


def last_round_words(turns_left: int, next_player: str = "") -> str:
    """AR-5: who still plays once the reserve is used (a sentence of its own)."""
    if turns_left == 2:
        return _("Both players have one more turn")
    if next_player:
        return _("{name} has the last turn").format(name=next_player)
    return _("The other player has the last turn")


def _does_not_match(owner: str, mismatches: int) -> str:
    return ngettext("{name}'s building is enclosed: {n} side does not match",
                    "{name}'s building is enclosed: {n} sides do not match", mismatches).format(
        name=owner, n=mismatches)


def _pair(one: str, two: str, tiles: list[str], words: Callable[[str], str] = tile_words, **more: str) -> str:
    """``one`` for a single tile, ``two`` for a pair, filled with the tiles' words."""
    if len(tiles) == 1:
        return one.format(tile=words(tiles[0]), **more)
    return two.format(tile=words(tiles[0]), other=words(tiles[1]), **more)


# --- the log ---------------------------------------------------------------------------------
def describe(event: Event, name: Name) -> str | None:
    """The log line for ``event`` (None: no line)."""
    kind = event["type"]
    if kind == "took":
        return _pair(_("{name} takes {tile}"), _("{name} takes {tile} and {other}"), event["tiles"],
                     name=name(event["player"]))
    if kind == "placed":
        if event["rot"]:
            return _("{name} places {tile}, turned {degrees}°").format(
                name=name(event["player"]), tile=tile_words(event["tile"]), degrees=event["rot"] * 90)
        return _("{name} places {tile}").format(name=name(event["player"]), tile=tile_words(event["tile"]))
    if kind == "house" and event.get("from") is not None:
        return _("{name} has no house left and moves one onto the new building").format(name=name(event["player"]))
    if kind == "surrounded":
        if event["owner"] is None:
            return _("A building without a house is enclosed: nothing to score")
        if event["mismatches"] == 0:
            return _("{name}'s building is enclosed, every side matches: +1 chip").format(name=name(event["owner"]))
        return _does_not_match(name(event["owner"]), event["mismatches"])
    if kind == "settled":
        if event["take_back"]:
            return _("{name} takes the house back and pays {chips}").format(
                name=name(event["player"]), chips=chips(event["paid"]))
        return _("{name} keeps the house and pays {chips}").format(name=name(event["player"]), chips=chips(event["paid"]))
    if kind == "refill" and event.get("from_reserve"):
        return _("The stacks run short: the reserve fills the supply")
    if kind == "last_round":
        if event["turns_left"] == 2:
            return _("Last round: both players have one more turn")
        return _("Last round: the other player has the last turn")
    if kind == "supply_redrawn":
        return _("No supply tile fits: the supply goes under the stacks and new tiles are turned up")
    if kind == "no_placement":
        return _("No tile fits anywhere: the game is scored as it stands")
    if kind == "returned":
        return _("{tile} fits nowhere and goes back to the supply").format(tile=upper_first(the(event["tile"])))
    if kind == "cannot_pay":
        return _("{name} cannot pay {chips} (has {has}): early end").format(
            name=name(event["player"]), chips=chips(event["owed"] - 1), has=event["chips"])
    if kind == "final_scoring":
        return _("Final scoring: {scores}").format(scores=_scores(event, name))
    if kind == "game_over":
        winners = event["winners"]
        if len(winners) == 1:
            template = _("Game {game} over: {name} wins (early end)") if event["early"] else \
                _("Game {game} over: {name} wins")
            return template.format(game=event["game"], name=name(winners[0]))
        if event["early"]:
            return _("Game {game} over: a draw (early end)").format(game=event["game"])
        return _("Game {game} over: a draw").format(game=event["game"])
    if kind == "match":
        return _("Victory points: {points}").format(
            points=", ".join(f"{name(p)} {vp}" for p, vp in enumerate(event["victory_points"])))
    if kind == "new_game":
        return next_game_line(event["game"], name(event["starter"]))
    return None


def _scores(event: Event, name: Name) -> str:
    """"Anna 3 + 4 = 7, Ben 2 + 5 = 7": names and sums, the same in every language."""
    return ", ".join(f"{name(p)} {event['chips'][p]} + {event['groups'][p]} = {event['scores'][p]}"
                     for p in range(len(event["scores"])))


# --- the header ------------------------------------------------------------------------------
def status_line(game: int, turn: int, revenge: bool, last_round: bool) -> str:
    parts = []
    if revenge:
        parts.append(_("Game {game}").format(game=game))
    parts.append(_("Turn {turn}").format(turn=turn))
    if last_round:
        parts.append(_("last round"))
    return "   ".join(parts)


def next_game_line(game: int, starter: str) -> str:
    return _("Game {game} begins: {name} starts").format(game=game, name=starter)


def early_end_line(debtor: str, winner: str) -> str:
    return _("Early end: {debtor} cannot pay, so {winner} wins").format(debtor=debtor, winner=winner)


def final_score_line(event: Event, name: Name) -> str:
    return _("Final score: {scores}").format(scores=_scores(event, name))


def phase_line(view: View, name: Name, lifted: bool, single_take: bool) -> str:
    """What the player to move does now, from the shown ``view``: ``lifted`` when a supply
    tile is lifted, ``single_take`` when no two supply tiles can both be placed (AR-2)."""
    phase = view.get("phase")
    who = name(view.get("current", 0))
    if phase == "take":
        if lifted:
            return _("{name}: now a second tile to go with the lifted one (the lifted one again puts it back)").format(
                name=who)
        if len(view.get("takeable", [])) and single_take:
            return _("{name}: no two tiles can both be placed, so take one tile that fits").format(name=who)
        return _("{name}: take two tiles from the supply that can both be placed").format(name=who)
    if phase == "place":
        spots = view.get("spots", {})
        hand = view.get("hand", [])
        waiting = [t for t in hand if not spots.get(t)]
        if len(hand) == 2 and waiting:
            first = next(t for t in hand if t not in waiting)
            return _("{name} places {first} first: {waiting} fits only once it lies").format(
                name=who, first=the(first), waiting=the(waiting[0]))
        if not hand:
            return ""
        return _pair(_("{name} places {tile}"), _("{name} places {tile} and {other}"), hand, name=who)
    if phase == "move_house":
        return _("{name} has no house left: pick one of their houses to move onto the new building").format(name=who)
    if phase == "settle":
        settling = view.get("settling") or {}
        owner, owed = name(settling.get("owner", 0)), settling.get("mismatches", 1)
        options = settling.get("options", [False, True])
        if options == [True]:
            return ngettext(
                "{name}'s building is enclosed, {n} side not matching: {name} cannot pay {owed}, so takes the "
                "house back and pays {less}",
                "{name}'s building is enclosed, {n} sides not matching: {name} cannot pay {owed}, so takes the "
                "house back and pays {less}", owed).format(name=owner, n=owed, owed=chips(owed), less=chips(owed - 1))
        return ngettext(
            "{name}'s building is enclosed, {n} side not matching: pay {owed}, or take the house back and pay {less}",
            "{name}'s building is enclosed, {n} sides not matching: pay {owed}, or take the house back and pay {less}",
            owed).format(name=owner, n=owed, owed=chips(owed), less=chips(owed - 1))
    return _("Game over")


# --- what events show ---------------------------------------------------------------------------
def surround_caption(owner: str | None, mismatches: int) -> str:
    """AR-4: a building enclosed, scored."""
    if owner is None:
        return _("A building without a house is enclosed: nothing to score")
    if mismatches == 0:
        return _("{name}'s building is enclosed and every side matches: +1 chip").format(name=owner)
    return _does_not_match(owner, mismatches)


PLUS_CHIP = N_("+1 chip")


def wrong_sides(count: int) -> str:
    return ngettext("{n} side wrong", "{n} sides wrong", count).format(n=count)


def paid(count: int) -> str:
    return ngettext("-{n} chip", "-{n} chips", count).format(n=count)


LAST_ROUND = N_("Last round")
REDRAWN = (N_("Nothing in the supply fits"), N_("it goes under the stacks; new tiles are turned up"))
NO_PLACEMENT = (N_("No tile fits anywhere"), N_("the game is scored as it stands"))
REMOVING = N_("Final scoring: buildings with one or two landscape neighbours are removed")


# --- a seat told why not --------------------------------------------------------------------------
def why_not_take(tile: str, first: str | None, takeable: list[str]) -> str:
    """AR-2: why a supply tile cannot be taken (with ``first`` lifted)."""
    if first is not None and tile != first:
        return _("{first} and {tile} cannot both be placed").format(first=upper_first(the(first)), tile=the(tile))
    if tile not in takeable:
        return _("{tile} cannot be placed with any other supply tile").format(tile=upper_first(the(tile)))
    return _("pick another tile")


def place_first(waiting: str, first: str) -> str:
    """AR-5: a tile that fits only once the other one lies."""
    return _("Place the other tile first: {waiting} fits only once {first} lies").format(
        waiting=the(waiting), first=the(first))


# --- the choices' labels ------------------------------------------------------------------------------
def take_label(tiles: list[str]) -> str:
    return _pair(_("take {tile}"), _("take {tile} and {other}"), tiles)


def lift_label(tile: str) -> str:
    return _("lift {tile}").format(tile=tile_words(tile))


PUT_BACK = N_("put it back")
MOVE_HOUSE = N_("move this house")


def place_label(tile: str, turn_next: bool) -> str:
    if turn_next:
        return _("place {tile} here, then turn it").format(tile=tile_words(tile))
    return _("place {tile} here").format(tile=tile_words(tile))


def hand_label(waits: bool) -> str:
    return _("place the other tile first") if waits else _("place this one")


def turned_label(rot: int) -> str:
    return _("turned {degrees}°").format(degrees=rot * 90)


def settle_label(take_back: bool, owed: int) -> str:
    """AR-4: keep the house and pay all, or take it back and pay one less."""
    if take_back:
        return _("Take the house back: pay {chips}").format(chips=chips(owed - 1))
    return _("Keep the house: pay {chips}").format(chips=chips(owed))


# --- the supply, the board and the zones -------------------------------------------------------------------
SUPPLY = N_("Supply")
SUPPLY_ROWS = (N_("Buildings"), N_("Landscapes"))
STACKS = N_("Stacks")
RESERVE = N_("Reserve, face down")
LAST_ROUND_BOX = N_("LAST ROUND")
REVENGE_LINE = N_("Revenge match: first to 2 victory points")  # wrapped in the supply's foot
HINT = N_("Zoom: wheel, + -    Pan: I J K L, right stick    Whole board: Home, Y")
OWN_VIEW = N_("Your own view.")  # before HINT once a player steered the camera
DECIDING = N_("deciding...")
PLACING = N_("placing this one")
PLACE_OTHER_FIRST = N_("place the other tile first")  # on a tile in hand, wrapped
OR_THIS = N_("or this one")
TURN_IT = N_("turn it, then confirm")
VICTORY_POINTS = N_("victory points")


def hint_line(following: bool) -> str:
    """How to steer the camera; once a player steered it, that this is their own view."""
    if following:
        return _(HINT)
    return _(OWN_VIEW) + "    " + _(HINT)


def tile_counts(counts: dict[str, int]) -> list[str]:
    """A stack's or the reserve's tiles: how many buildings, how many landscapes."""
    buildings, landscapes = counts.get("buildings", 0), counts.get("landscapes", 0)
    return [ngettext("{n} building", "{n} buildings", buildings).format(n=buildings),
            ngettext("{n} landscape", "{n} landscapes", landscapes).format(n=landscapes)]


def turns_left(count: int) -> str:
    return ngettext("{n} turn left", "{n} turns left", count).format(n=count)


def chip_label(count: int) -> str:
    return ngettext("chip", "chips", count)


def in_stock(count: int) -> str:
    return _("{n} in stock").format(n=count)


def on_the_board(count: int) -> str:
    return _("{n} on the board").format(n=count)


def enclosed(mismatches: int) -> str:
    return ngettext("Enclosed, {n} side not matching:", "Enclosed, {n} sides not matching:", mismatches).format(
        n=mismatches)


def settled(take_back: bool, paid_chips: int) -> str:
    if take_back:
        return _("Took the house back: paid {chips}").format(chips=chips(paid_chips))
    return _("Kept the house: paid {chips}").format(chips=chips(paid_chips))


# --- the ends of a game -------------------------------------------------------------------------------------
EARLY_END = N_("Early end")
FINAL_SCORE = N_("Final score")
FINAL_SUM = N_("chips + largest group")


def cannot_pay(debtor: str, owed: int, has: int) -> str:
    """AR-4: a player who cannot pay one less than the mismatches."""
    return _("{name} cannot pay {chips} (has {has})").format(name=debtor, chips=chips(owed - 1), has=has)


def wins_at_once(winner: str) -> str:
    return _("{name} wins at once").format(name=winner)


def score_sum(chip_count: int, group: int, score: int) -> str:
    return f"{chip_count} + {group} = {score}"


def removed(count: int) -> str:
    return ngettext("{n} building removed", "{n} buildings removed", count).format(n=count)


def game_result(game: int, winner: str | None, early: bool) -> str:
    """AR-7: a game of a revenge match won (``winner``) or drawn (None)."""
    if winner is None:
        return _("Game {game}: a draw, no victory points").format(game=game)
    if early:
        return _("Game {game}: {name} wins (early end), +2 victory points").format(game=game, name=winner)
    return _("Game {game}: {name} wins, +1 victory point").format(game=game, name=winner)


def victory_points(points: list[int], name: Name) -> str:
    shown = [f"{name(p)} {vp}" for p, vp in enumerate(points)]
    if len(shown) == 2:
        return _("Victory points: {first} and {second}").format(first=shown[0], second=shown[1])
    return _("Victory points: {points}").format(points=", ".join(shown))


def starts(game: int, starter: str) -> str:
    return _("Game {game}: {name} starts").format(game=game, name=starter)


# --- the standings (worded when the results are made) ---------------------------------------------------------
def game_column(game: int) -> str:
    return _("Game {game}").format(game=game)


VICTORY_POINTS_TOTAL = N_("Victory points")
REVENGE_NOTE = N_("Revenge match: first to 2 victory points; an early-end win counts 2")
SCORE = N_("Score")
CHIPS = N_("Chips")
FINAL_COLUMNS = [N_("Chips"), N_("Largest group"), N_("Houses")]
TIED_NOTE = N_("Tied: more houses on the board wins")


def early_note(debtor: str) -> str:
    return _("Early end: {name} could not pay").format(name=debtor)


def game_cell(result: dict[str, Any], seat: int) -> str:
    """One game of a revenge match in a results cell: its score, and the victory points won."""
    won = seat in result["winners"] and len(result["winners"]) == 1
    points = (2 if result["early"] else 1) if won else 0
    return f"{result['scores'][seat]}  (+{points})"
