"""The evening over the LAN (no pygame): what the hosting window tells each peer after a
game (its ``evening`` message: tonight's standings with its own row marked, and its own
rating changes), and how a peer's results read it (docs/netplay.md, The game night)."""

from client import i18n
from client.evening import night
from client.evening.history import FinishedGame, Recorded
from client.evening.points import signed
from client.i18n import _


def evening_for_seat(game: FinishedGame, recorded: Recorded, rows: list[night.Standing], seat: int) -> dict:
    """The ``evening`` message for seat ``seat`` of ``game``: tonight's standings (its own row
    marked) and its own rating changes, overall and in this game; nobody else's."""
    player = game.seats[seat].player
    standings = [{"name": row.name, "colour": int(row.colour), "points": float(row.points), "games": row.games,
                  "wins": row.wins, "you": row.player == player} for row in rows[:12]]
    ratings = []
    for scope, changes in (("overall", recorded.overall), (game.game, recorded.per_game)):
        if seat < len(changes):
            before, after = changes[seat]
            ratings.append({"scope": scope, "before": int(before.shown), "after": int(after.shown)})
    return {"t": "evening", "standings": standings, "ratings": ratings}


def heard_evening(message: dict) -> tuple[list[night.Standing], list[dict]]:
    """A peer's side: the standings and its own rating changes from an ``evening`` message."""
    rows = []
    ratings = [dict(change) for change in message.get("ratings", [])]
    overall = next((change for change in ratings if change.get("scope") == "overall"), None)
    for index, entry in enumerate(message.get("standings", [])):
        row = night.Standing(f"lan:{index}", str(entry["name"]), int(entry["colour"]), float(entry["points"]),
                             int(entry["games"]), int(entry["wins"]))
        if entry.get("you") and overall is not None:
            row.rating_change = int(overall["after"]) - int(overall["before"])
        rows.append(row)
    return rows, ratings


def rating_words(ratings: list[dict]) -> str:
    """A peer's own rating changes in words ("" if none)."""
    from engines import GAMES

    parts = []
    for change in ratings:
        scope = change.get("scope", "")
        numbers = {"before": i18n.number(change["before"]), "after": i18n.number(change["after"]),
                   "change": signed(change["after"] - change["before"])}
        if scope == "overall":
            parts.append(_("Your rating {before} \u2192 {after} ({change})").format(**numbers))
        else:
            game = GAMES[scope].name if scope in GAMES else scope
            parts.append(_("in {game} {before} \u2192 {after} ({change})").format(game=game, **numbers))
    return ",  ".join(parts)
