"""An evening's standings from its games (no pygame, no database): people only, bots
took their places and points but are not listed.

>>> from client.evening.history import PlayedGame, PlayedSeat
>>> seat = lambda who, points, won: PlayedSeat(who, who, "human", 0, "0", 1, points, won)
>>> games = [PlayedGame(1, 1, "some_game", 0.0, [seat("Anna", 3, True), seat("Ben", 1, False)])]
>>> [(s.name, s.points, s.wins) for s in standings(games)]
[('Anna', 3.0, 1), ('Ben', 1.0, 0)]
"""

from dataclasses import dataclass
from datetime import datetime

from client import i18n
from client.evening.history import PlayedGame
from client.i18n import _, and_list, ngettext, npgettext


@dataclass
class Standing:
    player: str
    name: str
    colour: int
    points: float = 0.0
    games: int = 0
    wins: int = 0
    best_game: str = ""  # the game that brought the most points a play
    rating_change: int | None = None  # how the last game moved their overall rating (shown points)

    @property
    def key(self) -> tuple:
        return (-self.points, -self.wins, self.games, self.name.casefold())


def standings(games: list[PlayedGame]) -> list[Standing]:
    """Everyone who played, best first: most points, then most wins, then fewer games."""
    table: dict[str, Standing] = {}
    best: dict[str, dict[str, list[float]]] = {}
    for game in games:
        for seat in game.seats:
            if seat.kind == "bot":
                continue
            row = table.setdefault(seat.player, Standing(seat.player, seat.name, seat.colour))
            row.name, row.colour = seat.name, seat.colour  # the latest name and colour
            row.points += seat.points
            row.games += 1
            row.wins += int(seat.winner)
            best.setdefault(seat.player, {}).setdefault(game.game, []).append(seat.points)
    for player, row in table.items():  # the best average; level ones: the first played
        row.best_game = max(best[player].items(), key=lambda item: sum(item[1]) / len(item[1]))[0]
    return sorted(table.values(), key=lambda row: row.key)


def leaders(rows: list[Standing]) -> list[Standing]:
    """Who leads (several when they are level on points and wins)."""
    if not rows:
        return []
    top = rows[0]
    return [row for row in rows if (row.points, row.wins) == (top.points, top.wins)]


def points_through(games: list[PlayedGame]) -> dict[str, list[float]]:
    """Each person's running total after every game of the evening (the line chart): one
    value per game, flat where they sat out."""
    people = [row.player for row in standings(games)]
    totals = dict.fromkeys(people, 0.0)
    lines: dict[str, list[float]] = {player: [] for player in people}
    for game in games:
        for seat in game.seats:
            if seat.player in totals:
                totals[seat.player] += seat.points
        for player in people:
            lines[player].append(totals[player])
    return lines


def wins_per_game(games: list[PlayedGame]) -> dict[str, dict[str, int]]:
    """For each game played (in the order first played), each person's wins in it."""
    out: dict[str, dict[str, int]] = {}
    for game in games:
        row = out.setdefault(game.game, {})
        for seat in game.seats:
            if seat.kind != "bot":
                row[seat.player] = row.get(seat.player, 0) + int(seat.winner)
    return out


def finished_words(finished: float) -> str:
    """When a game finished, for the history: "26 Nov 2026 21:05" ("26.11.2026 21:05")."""
    moment = datetime.fromtimestamp(finished)
    return _("{day} {time}").format(day=i18n.day(moment), time=i18n.clock(moment))


def evening_title(started: float | None, going_on: bool) -> str:
    """An evening's heading: "Tonight (26 Nov 2026, from 19:30)", "The last evening (...)"."""
    if started is None:
        return _("No evening yet")
    moment = datetime.fromtimestamp(started)
    day, time = i18n.day(moment), i18n.clock(moment)
    if going_on:
        return _("Tonight ({day}, from {time})").format(day=day, time=time)
    return _("The last evening ({day}, from {time})").format(day=day, time=time)


def leader_line(rows: list[Standing]) -> str:
    """The evening in one line: "Anna leads with 12 points after 3 games"."""
    top = leaders(rows)
    if not top:
        return _("No games yet tonight.")
    from client.evening.points import show

    games = max(row.games for row in rows)
    after = npgettext("leads with", "after {count} game", "after {count} games", games).format(count=games)
    points = npgettext("leads with", "{points} point", "{points} points", 1 if top[0].points == 1 else 2).format(
        points=show(top[0].points))
    if len(top) == 1:
        return _("{name} leads the evening with {points} {after}").format(name=top[0].name, points=points,
                                                                          after=after)
    return _("{names} share the lead with {points} {after}").format(names=and_list([row.name for row in top]),
                                                                    points=points, after=after)


def place_after_each_game(games: list[PlayedGame]) -> dict[str, list[int]]:
    """Each person's place in the standings after every game (1 = leading; level rows share)."""
    people = [row.player for row in standings(games)]
    out: dict[str, list[int]] = {player: [] for player in people}
    for count in range(1, len(games) + 1):
        rows = standings(games[:count])
        keys = {row.player: (-row.points, -row.wins) for row in rows}
        for player in people:
            if player in keys:
                out[player].append(1 + sum(1 for other in keys.values() if other < keys[player]))
            else:  # not played yet: behind everyone who has
                out[player].append(len(rows) + 1)
    return out


def summary(games: list[PlayedGame]) -> list[str]:
    """The night in a few lines: its winner, each person's best game, the closest race and
    the biggest comeback (lines that have nothing to say are left out)."""
    from client.evening.points import show

    rows = standings(games)
    if not rows:
        return []
    top = leaders(rows)
    names = and_list([row.name for row in top])
    lines = [ngettext("{names} wins the night with {points} points.", "{names} win the night with {points} points.",
                      len(top)).format(names=names, points=show(top[0].points))]
    best = ", ".join(_("{name} in {game}").format(name=row.name, game=_game_name(row.best_game)) for row in rows)
    lines.append(_("Best games: {list}.").format(list=best))
    closest = None
    for number, game in enumerate(games, 1):
        scores = sorted((_number(seat.score), seat.place) for seat in game.seats)
        firsts = [s for s in game.seats if s.place == 1]
        seconds = [s for s in game.seats if s.place == 2]
        if len(game.seats) < 2 or not firsts or not seconds or not scores:
            continue
        margin = abs(_number(firsts[0].score) - _number(seconds[0].score))
        if closest is None or margin < closest[0]:
            closest = (margin, number, game, firsts[0].name)
    if closest is not None:
        margin, number, game, winner = closest
        lines.append(_("Closest race: game {number}, {game}, won by {winner} by {margin}.").format(
            number=number, game=_game_name(game.game), winner=winner, margin=i18n.number(margin)))
    climbs = []
    for player, places in place_after_each_game(games).items():
        worst = max(places[:-1], default=places[-1])
        climbs.append((worst - places[-1], player, worst, places[-1]))
    climb, player, worst, final = max(climbs, key=lambda c: c[0])
    if climb > 0:
        name = next(row.name for row in rows if row.player == player)
        lines.append(_("Biggest comeback: {name}, from {worst} to {final}.").format(
            name=name, worst=_ordinal(worst), final=_ordinal(final)))
    return lines


def _ordinal(place: int) -> str:
    """A place as the window's language counts it: "2nd" in English, "2." in German."""
    if i18n.current().code == "de":
        return f"{place}."
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place if place < 20 else place % 10, 'th')}"


def _game_name(game_id: str) -> str:
    from engines import GAMES

    return GAMES[game_id].name if game_id in GAMES else game_id


def _number(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0
