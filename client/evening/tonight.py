"""Where the window meets the history (no pygame): the app's one open `History`, a
finished table turned into a `FinishedGame`, and the exports of an evening.

The window keeps the evening of the history in its data folder; a demo is not recorded,
and neither is a game joined on the LAN: its host keeps that evening, and after each game
tells every LAN peer tonight's standings and that peer's own rating changes (an ``evening``
message, docs/netplay.md), which its results screen shows. A peer brings its profile (a
``profile`` message) so the host's evening knows the person, not just the name."""

import csv
import time
from pathlib import Path

from client import i18n
from client.evening import night
from client.evening.history import FinishedGame, History, Recorded, SeatResult
from client.evening.points import plain, show, signed
from client.i18n import _

EXPORTS = "evenings"  # the folder in the data folder where exports go


def history_of(app) -> History:
    """The app's history, opened the first time it is asked for."""
    history = getattr(app, "evening_history", None)
    if history is None:
        history = History.open()
        app.evening_history = history
    return history


def finished_game(table) -> FinishedGame | None:
    """What ``table`` (a finished TableScene) leaves in the history; None for a demo, a
    joined table or a game without a result."""
    result = table.model.result()
    if result is None or table.demo or (table.host is None and table.server is None):
        return None
    host = table.host or getattr(table.server, "host", None)
    host_seats = list(getattr(host, "seats", []) or [])
    kinds = list(table.model.seat_kinds)
    seats = []
    for index in range(table.players):
        kind = kinds[index] if index < len(kinds) else ""
        spec = host_seats[index] if index < len(host_seats) else None
        is_bot = kind == "bot" or (spec is not None and spec.kind == "bot")
        chooser = table.choosers.get(index)
        colour = table.colour_ids[index] if index < len(table.colour_ids) else index
        brought = getattr(host, "profiles", {}).get(index) if not is_bot else None  # a LAN peer's profile
        if brought is not None:
            colour = brought["colour"]
        seats.append(SeatResult(table.name(index), "bot" if is_bot else "human",
                                getattr(spec, "strength", "normal") if is_bot else "", int(colour) % 6,
                                profile=brought["id"] if brought is not None else "",
                                device=chooser.device if chooser is not None else "lan" if brought else ""))
    save = getattr(host, "save_path", None)
    options = dict(getattr(host, "options", {}) or {})
    return FinishedGame(table.info.id, seats, list(result["scores"]), list(result["winners"]),
                        bool(table.info.lower_score_wins), options, str(save or ""))


def record_table(app, table) -> Recorded | None:
    """Record a finished table in the app's history (a note says so if it cannot be)."""
    game = finished_game(table)
    if game is None:
        return None
    history = history_of(app)
    recorded = history.record(game)
    if recorded is None and history.problem:
        app.note(history.problem, 8)
    app.evening_last = (game, recorded)
    return recorded


def standings_now(app) -> list[night.Standing]:
    """The standings of the evening going on (empty if none)."""
    history = history_of(app)
    evening = history.current_evening()
    rows = night.standings(history.games(evening)) if evening is not None else []
    game, recorded = getattr(app, "evening_last", (None, None))
    if game is not None and recorded is not None and recorded.evening == evening:  # the game just finished moved these ratings
        by_player = {row.player: row for row in rows}
        for seat, (before, after) in zip(game.seats, recorded.overall, strict=False):
            if seat.player in by_player:
                by_player[seat.player].rating_change = after.shown - before.shown
    return rows


def summary_line(rows: list[night.Standing]) -> str:
    """The evening's standings in one line ("" if none)."""
    if not rows:
        return ""
    chips = "   ".join(f"{i + 1}. {row.name} {show(row.points)}" for i, row in enumerate(rows[:6]))
    return _("Tonight: {standings}.   {leader}.").format(standings=chips, leader=night.leader_line(rows))


def export_csv(history: History, evening: int, folder: Path) -> Path:
    """The evening's standings and every game's points as a CSV; OSError if it cannot be written."""
    games = history.games(evening)
    rows = night.standings(games)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"evening-{_stamp(history, evening)}.csv"
    with target.open("w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["place", "name", "points", "games", "wins", "best game"])
        for place, row in enumerate(rows, 1):
            out.writerow([place, row.name, plain(row.points), row.games, row.wins, night._game_name(row.best_game)])
        out.writerow([])
        out.writerow(["game", "finished", "seat", "name", "kind", "score", "place", "points", "winner"])
        for number, game in enumerate(games, 1):
            finished = time.strftime("%Y-%m-%d %H:%M", time.localtime(game.finished))
            for index, seat in enumerate(game.seats):
                out.writerow([f"{number}. {game.game}", finished, index + 1, seat.name, seat.kind, seat.score,
                              seat.place, plain(seat.points), "yes" if seat.winner else ""])
    return target


def export_folder() -> Path:
    from netplay.folders import data_dir

    return data_dir() / EXPORTS


def export_name(history: History, evening: int) -> str:
    return f"evening-{_stamp(history, evening)}"


def _stamp(history: History, evening: int) -> str:
    started = history.evening_started(evening) or time.time()
    return time.strftime("%Y-%m-%d-%H%M", time.localtime(started)) + f"-{evening}"


# --- the group that stays: Next game ---------------------------------------------------------
class Group:
    """The seats of the last game started at this screen, kept for Next game."""

    def __init__(self, seat_plans, host):
        from client.hosting.seats import SeatPlan

        self.plans = [SeatPlan(plan.name, plan.control, plan.colour) for plan in seat_plans]
        self.host = host  # the game they sat down to
        self.wanted = False  # Next game was chosen: the next set-up seats them
        self.parked = None  # a LAN table's server, kept open for its peers until the next table opens
        self.turn = -1  # whose turn it is to choose the next game, among `choosers()`

    def choosers(self) -> list:
        """The people at this screen who take turns choosing the next game (each with a device
        here: bots, LAN peers and phones do not choose at this screen's picker)."""
        return [plan for plan in self.plans
                if not plan.is_bot and plan.control not in ("open", "phone") and not plan.control.startswith("bot")]


def remember_group(app, seat_plans, host) -> None:
    """The flow started a game at this screen with ``seat_plans``."""
    app.evening_group = Group(seat_plans, host)


def group_after(app, table) -> Group | None:
    """The group that played ``table``, if it sat at this screen or at a table this screen
    hosted on the LAN (Next game may keep it)."""
    group = getattr(app, "evening_group", None)
    host = table.host or getattr(table.server, "host", None)
    return group if group is not None and host is not None and group.host is host else None


def remember_lan_group(app, lobby) -> None:
    """A table hosted on the LAN started: its group, LAN peers as open seats under their names."""
    from client.hosting.seats import SeatPlan

    names = list(lobby.names)
    plans = [SeatPlan(names[i] if plan.control == "open" and i < len(names) else plan.name, plan.control, plan.colour)
             for i, plan in enumerate(lobby.seat_plans)]
    remember_group(app, plans, lobby.host)


def park_server(app, table) -> bool:
    """After a LAN game with Next game offered: keep the table's server (and so its peers'
    connections) open while the group goes to the picker and the set-up; its next lobby tells
    them where to go (`lobby_opened`), Back to the title closes it (`drop_parked`)."""
    group = getattr(app, "evening_group", None)
    server = getattr(table, "server", None)
    if group is None or server is None or not server.host.profiles:  # only window peers can follow
        return False
    from netplay.server import GAME_OVER

    drop_parked(app)
    host = server.host
    server.call(lambda: host.keep_profiles_only(GAME_OVER))  # a command-line peer is done: it hears bye
    table.server = None  # the table closes without it
    group.parked = server
    return True


def drop_parked(app) -> None:
    """Close a parked server: its peers hear bye."""
    from client.scenes.base import close_soon

    group = getattr(app, "evening_group", None)
    server = getattr(group, "parked", None)
    if group is not None and server is not None:
        group.parked = None
        close_soon(server)


def lobby_opened(app, lobby) -> int:
    """The group's next table is open on the LAN: the parked server tells its peers its port
    (a ``next_table`` message: they join it by themselves), then closes. How many were told."""
    group = getattr(app, "evening_group", None)
    server = getattr(group, "parked", None)
    if server is None or lobby.handle_ is None:
        return 0
    host, port, game = server.host, lobby.handle_.port, lobby.game_id
    peers = [i for i, seat in enumerate(host.seats) if seat.kind == "remote" and seat.taken and not seat.by_phone]
    taken: set[int] = set()
    for seat in peers:
        # the open seat the set-up kept under this peer's name is this peer's: its token goes to it alone
        name = host.seats[seat].name.casefold()
        mine = next((i for i, plan in enumerate(lobby.seat_plans) if i not in taken and plan.control == "open"
                     and plan.name.casefold() == name), None)
        token = None
        if mine is not None and lobby.host is not None:
            taken.add(mine)
            token = lobby.host.seats[mine].token
        server.call(lambda seat=seat, token=token: host.tell_next_table(seat, game, port, token))
    drop_parked(app)
    return len(peers)


def want_group(app) -> None:
    group = getattr(app, "evening_group", None)
    if group is not None:
        group.wanted = True
        if len(group.choosers()) > 1:  # taking turns: the next person chooses this time
            group.turn = (group.turn + 1) % len(group.choosers())


def picker_turn(app):
    """After Next game: the seat plan of the person whose turn it is to choose the game
    (None: anyone may, as without a group)."""
    group = getattr(app, "evening_group", None)
    if group is None or not group.wanted or group.turn < 0:
        return None
    choosers = group.choosers()
    return choosers[group.turn % len(choosers)] if len(choosers) > 1 else None


def fit_group(plans, min_players: int, max_players: int):
    """``plans`` fitted to a game's seats: bots leave first when there are too many (then the
    last seats), bots fill up when there are too few."""
    from client.hosting.seats import NAMES, SeatPlan

    plans = list(plans)
    while len(plans) > max_players:
        bots = [i for i, plan in enumerate(plans) if plan.is_bot]
        plans.pop(bots[-1] if bots else -1)
    used = {plan.colour for plan in plans}
    while len(plans) < min_players:
        colour = next(c for c in range(6) if c not in used)
        used.add(colour)
        plans.append(SeatPlan(NAMES[colour], "bot:normal", colour))
    return plans


def seat_group(app, setup) -> bool:
    """After Next game: the set-up ``setup`` seats the kept group (names, devices, colours);
    nobody enters anything again. False when there is no group to seat."""
    group = getattr(app, "evening_group", None)
    if group is None or not group.wanted:
        return False
    group.wanted = False
    from client.hosting.seats import SeatPlan

    fitted = fit_group(group.plans, setup.info.min_players, setup.info.max_players)
    setup.seats = [SeatPlan(plan.name, plan.control, plan.colour) for plan in fitted]
    setup.rebuild()
    return True


# --- profiles at the set-up -----------------------------------------------------------------
def profile_names(app, limit: int = 8) -> list[str]:
    """This machine's profiles' names, newest first (a pad picks from them at the set-up)."""
    from client.evening import profiles

    return [profile.name for profile in profiles.recent(history_of(app), limit)]


def adopt_profile(app, seats, seat) -> bool:
    """``seat`` (a set-up seat plan) took a profile's name: it takes the profile's colour too,
    unless another seat wears it. True when the name is a profile's."""
    from client.evening import profiles

    if seat.is_bot:
        return False
    profile = profiles.find(history_of(app), seat.name)
    if profile is None:
        return False
    seat.name = profile.name
    colour = profiles.free_colour(profile.colour, {other.colour for other in seats if other is not seat})
    if colour is not None:
        seat.colour = colour
    return True


# --- the evening over the LAN -----------------------------------------------------------------
def peer_profile(app, name: str) -> dict:
    """The profile a LAN peer brings to a host's table as ``name``: this machine's profile of
    that name, else a new one (a random id, kept here so the next join brings the same)."""
    from client.evening import profiles

    history = history_of(app)
    profile = profiles.find(history, name) or profiles.make(history, name)
    return {"id": profile.id, "name": profile.name, "colour": profile.colour, "emblem": profile.emblem}


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


def tell_peers(app, table) -> int:
    """After ``table`` (hosted on the LAN by this window) was recorded: each LAN peer's
    ``evening`` message, sent on the server's thread before the table closes. How many."""
    server = getattr(table, "server", None)
    host = getattr(server, "host", None)
    game, recorded = getattr(app, "evening_last", (None, None))
    if server is None or host is None or recorded is None or game is None:
        return 0
    rows = standings_now(app)
    told = 0
    for seat, spec in enumerate(host.seats):
        if spec.kind == "remote" and spec.taken and not spec.by_phone and seat < len(game.seats):
            message = evening_for_seat(game, recorded, rows, seat)
            server.call(lambda seat=seat, message=message: host.tell_evening(seat, message))
            told += 1
    return told


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
