"""An evening's standings from its games (no pygame, no database): people only, bots
took their places and points but are not listed.

>>> from client.evening.history import PlayedGame, PlayedSeat
>>> seat = lambda who, points, won: PlayedSeat(who, who, "human", 0, "0", 1, points, won)
>>> games = [PlayedGame(1, 1, "some_game", 0.0, [seat("Anna", 3, True), seat("Ben", 1, False)])]
>>> [(s.name, s.points, s.wins) for s in standings(games)]
[('Anna', 3.0, 1), ('Ben', 1.0, 0)]
"""

from dataclasses import dataclass

from client.evening.history import PlayedGame


@dataclass
class Standing:
    player: str
    name: str
    colour: int
    points: float = 0.0
    games: int = 0
    wins: int = 0
    best_game: str = ""  # the game that brought the most points

    @property
    def key(self) -> tuple:
        return (-self.points, -self.wins, self.games, self.name.casefold())


def standings(games: list[PlayedGame]) -> list[Standing]:
    """Everyone who played, best first: most points, then most wins, then fewer games."""
    table: dict[str, Standing] = {}
    best: dict[str, dict[str, float]] = {}
    for game in games:
        for seat in game.seats:
            if seat.kind == "bot":
                continue
            row = table.setdefault(seat.player, Standing(seat.player, seat.name, seat.colour))
            row.name, row.colour = seat.name, seat.colour  # the latest name and colour
            row.points += seat.points
            row.games += 1
            row.wins += int(seat.winner)
            per_game = best.setdefault(seat.player, {})
            per_game[game.game] = per_game.get(game.game, 0.0) + seat.points
    for player, row in table.items():
        row.best_game = max(best[player].items(), key=lambda item: item[1])[0]
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


def leader_line(rows: list[Standing]) -> str:
    """The evening in one line: "Anna leads with 12 points after 3 games"."""
    top = leaders(rows)
    if not top:
        return "No games yet tonight."
    from client.evening.points import show

    games = max(row.games for row in rows)
    after = f"after {games} game{'s' if games != 1 else ''}"
    points = f"{show(top[0].points)} point{'' if top[0].points == 1 else 's'}"
    if len(top) == 1:
        return f"{top[0].name} leads the evening with {points} {after}"
    names = ", ".join(row.name for row in top[:-1]) + f" and {top[-1].name}"
    return f"{names} share the lead with {points} {after}"
