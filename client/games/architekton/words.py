"""Architekton in words: tile names, the log lines, the phase line (rulings AR-1 to AR-7)."""

from client.table.game import and_list
from engines.architekton.tiles import BUILDING_SIDES, LANDSCAPE_TERRAIN, TERRAIN_NAMES


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


def describe(event: dict, name) -> str | None:
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
