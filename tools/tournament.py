"""Bot tournament: are the strengths ordered, and how long does each think?

Plays many all-bot games per game and player count, seats rotated, and prints one JSON
line per game and player count: for each pairing (hard vs normal, normal vs easy, each
vs random, and for Die Mauer each vs an always-empty-fist competitor) the first side's
win share with a 95% Wilson interval, both sides' average scores, whether the target is
met, and each strength's decision time (wall clock and thread CPU, median and p99; only
decisions with a choice). For Drunter & Drüber it adds the buildings left standing and
the ties at the top, over all pairings and in all-normal and all-hard games.

Two players: the first side holds one seat, the second the other; target: at least 60%
of wins. More players: the first side holds one seat (rotated) against the second on all
others; target: at least 1.5 times the fair share 1/players. A tie shares the win.

Run: `.venv/bin/python tools/tournament.py [--game ID] [--players N] [--games N]
[--pairing hard_vs_normal] [--jobs 2]` (`make tournament ARGS=...`); `--pairing
hard_vs_hard_ucb` pits the search's two root methods against each other. Every series
is seeded, so a run repeats exactly. The bots never read the clock; this tool times them.
"""

import argparse
import functools
import json
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import GAMES, Rng, new_game  # noqa: E402

PLAYER_COUNTS = {  # the player counts each game is measured at (its smallest and a full table)
    "die_mauer": (2, 4),
    "drunter_druber": (2, 4),
    "architekton": (2,),
    "wild_west": (2, 4),
    "wie_waldi": (2, 4),
}
PAIRINGS = (
    ("hard", "normal"),
    ("normal", "easy"),
    ("hard", "random"),
    ("normal", "random"),
    ("easy", "random"),
)
EXTRA_PAIRINGS = {"die_mauer": (("hard", "empty_fist"), ("normal", "empty_fist"))}
# Asked for by name only (--pairing hard_vs_hard_ucb): sequential halving against UCB1.
ON_REQUEST = (("hard", "hard_ucb"),)
SELF_PLAY = {"drunter_druber": ("normal", "hard")}  # all-bot tables for the board statistics
MAX_STEPS = 30_000  # far beyond any real game (a four-player Wie Waldi game takes ~1,600)
TWO_PLAYER_TARGET = 0.6
MANY_PLAYER_FACTOR = 1.5


def random_bot(view, legal, rng):
    return rng.choice(legal)


def empty_fist_bot(view, legal, rng):
    """Die Mauer's exploiter (issue 17): always an empty fist as competitor; as master
    and everywhere else it plays like the normal bot."""
    if legal[0]["type"] == "plan" and view["you"] != view["master"]:
        return legal[0]
    return GAMES["die_mauer"].bots["normal"](view, legal, rng)


def bot_of(game_id: str, kind: str):
    if kind == "random":
        return random_bot
    if kind == "empty_fist":
        return empty_fist_bot
    if kind == "hard_ucb":  # the hard bot with the classic IS-MCTS root (docs/bots.md)
        return functools.partial(GAMES[game_id].bots["hard"], method="ucb")
    return GAMES[game_id].bots[kind]


def play_game(game_id: str, seats: list[str], seed: int, times: dict) -> dict:
    """One game with the bot kind of each seat; returns scores, winners and the state."""
    state = new_game(game_id, len(seats), seed)
    scheduler = Rng(seed ^ 0x70A7)
    bots = [bot_of(game_id, kind) for kind in seats]
    rngs = [Rng(seed * 31 + seat) for seat in range(len(seats))]
    clock, cpu_clock = time.perf_counter, time.thread_time
    for _ in range(MAX_STEPS):
        if state.is_over():
            break
        active = state.active_players()
        if not active:
            state.apply(None, state.host_actions()[0])
            continue
        player = active[scheduler.below(len(active))]
        legal = state.legal_actions(player)
        view = state.view(player)
        started, started_cpu = clock(), cpu_clock()
        action = bots[player](view, legal, rngs[player])
        elapsed, elapsed_cpu = clock() - started, cpu_clock() - started_cpu
        if len(legal) > 1:
            times.setdefault(seats[player], []).append((elapsed, elapsed_cpu))
        state.apply(player, action)
    # A pair of policies that never ends a real-time round (say, both putting back every
    # card) is cut off and scored as it stands; the report counts such games.
    return {"scores": state.scores(), "winners": state.winners(), "state": state, "unfinished": not state.is_over()}


def wilson(successes: float, n: int, z: float = 1.96) -> list[float]:
    """95% Wilson score interval of a share (ties count as fractions of a win)."""
    if n == 0:
        return [0.0, 1.0]
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)]


def board_stats(game_id: str, result: dict) -> dict:
    """Drunter & Drüber: buildings left standing, ties at the top, a best score of 0."""
    if game_id != "drunter_druber":
        return {}
    from engines.drunter_druber.board import BUILDING_CELLS, FREE

    state = result["state"]
    scores = state.scores()
    return {
        "standing": sum(1 for cell in BUILDING_CELLS if state.ground[cell] == FREE),
        "tied_top": scores.count(max(scores)) > 1,
        "shared_win": len(result["winners"]) > 1,
        "best_zero": max(scores) == 0,
    }


def summarise_board(stats: list[dict]) -> dict:
    if not stats:
        return {}
    n = len(stats)
    return {
        "games": n,
        "standing_mean": round(statistics.mean(s["standing"] for s in stats), 2),
        "standing_median": statistics.median(s["standing"] for s in stats),
        "tied_top_share": round(sum(s["tied_top"] for s in stats) / n, 3),
        "shared_win_share": round(sum(s["shared_win"] for s in stats) / n, 3),
        "best_zero_share": round(sum(s["best_zero"] for s in stats) / n, 3),
    }


def pairing(game_id: str, players: int, first: str, second: str, games: int, seed: int,
            times: dict, board: list) -> dict:
    """``first`` on one seat (rotated) against ``second`` on every other seat."""
    wins, first_scores, second_scores, unfinished = 0.0, [], [], 0
    for game in range(games):
        seat = game % players
        seats = [second] * players
        seats[seat] = first
        result = play_game(game_id, seats, seed + game, times)
        unfinished += result["unfinished"]
        winners = result["winners"]
        if seat in winners:
            wins += 1 / len(winners)
        scores = result["scores"]
        first_scores.append(scores[seat])
        second_scores.append(statistics.mean(s for p, s in enumerate(scores) if p != seat))
        board.append(board_stats(game_id, result))
    target = TWO_PLAYER_TARGET if players == 2 else MANY_PLAYER_FACTOR / players
    share = wins / games
    return {
        "win_share": round(share, 3),
        "ci95": wilson(wins, games),
        "target": round(target, 3),
        "met": share >= target,
        "clearly": wilson(wins, games)[0] > 1 / players,  # better than a fair share, beyond chance
        "score": round(statistics.mean(first_scores), 2),
        "opponent_score": round(statistics.mean(second_scores), 2),
        "unfinished": unfinished,
    }


def timing(times: dict) -> dict:
    """Per bot kind: wall-clock milliseconds per decision (what a player waits) and the
    thread's CPU milliseconds (the same work without the waits a busy shared machine
    adds), median, p99 and max."""
    out = {}
    for kind, samples in sorted(times.items()):
        out[kind] = {"decisions": len(samples)}
        for label, index in (("", 0), ("cpu_", 1)):
            ordered = sorted(sample[index] for sample in samples)
            out[kind][f"{label}median_ms"] = round(statistics.median(ordered) * 1000, 2)
            out[kind][f"{label}p99_ms"] = round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 2)
            out[kind][f"{label}max_ms"] = round(ordered[-1] * 1000, 2)
    return out


def series(task: tuple) -> dict:
    """One pairing (or one all-``kind`` self-play series) of a game at a player count:
    its result, decision times and board statistics. A task for a worker process."""
    game_id, players, first, second, games, seed = task
    times: dict = {}
    board: list = []
    started = time.perf_counter()
    if second is None:  # self-play: every seat the same bot, for the board statistics
        for game in range(games):
            board.append(board_stats(game_id, play_game(game_id, [first] * players, seed + game, times)))
        result = summarise_board(board)
    else:
        result = pairing(game_id, players, first, second, games, seed, times, board)
    result["seconds"] = round(time.perf_counter() - started, 1)
    name = f"all_{first}" if second is None else f"{first}_vs_{second}"
    print(f"# {game_id} {players}p {name}: {json.dumps(result)}", file=sys.stderr, flush=True)
    return {"name": name, "result": result, "times": times, "board": board, "self_play": second is None}


def tasks_for(game_id: str, players: int, games: int, seed: int, only) -> list[tuple]:
    tasks = []
    for first, second in PAIRINGS + EXTRA_PAIRINGS.get(game_id, ()) + ON_REQUEST:
        if second == "empty_fist" and players != 2:
            continue  # the exploit is a two-player one
        if (first, second) in ON_REQUEST and (GAMES[game_id].realtime or not (only and f"{first}_vs_{second}" in only)):
            continue  # Wie Waldi's hard bot does not search
        if not only or f"{first}_vs_{second}" in only:
            tasks.append((game_id, players, first, second, games, seed))
    for kind in SELF_PLAY.get(game_id, ()):
        if not only or f"all_{kind}" in only:
            tasks.append((game_id, players, kind, None, games, seed))
    return tasks


def report(game_id: str, players: int, games: int, done: list[dict]) -> dict:
    """The JSON line for one game and player count from its finished series."""
    out = {"game": game_id, "players": players, "games_per_series": games, "pairings": {}}
    times: dict = {}
    board: list = []
    for part in done:
        for kind, samples in part["times"].items():
            times.setdefault(kind, []).extend(samples)
        if part["self_play"]:
            out.setdefault("board_self_play", {})[part["name"]] = part["result"]
        else:
            out["pairings"][part["name"]] = part["result"]
            board += [b for b in part["board"] if b]
    if board:
        out["board_all_pairings"] = summarise_board(board)
    out["decision_time"] = timing(times)
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="game id (repeatable; default all)")
    parser.add_argument("--players", type=int, action="append", help="player count (repeatable; default per game)")
    parser.add_argument("--games", type=int, default=40, help="games per pairing (default 40)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--pairing", action="append",
                        help="only these pairings, e.g. hard_vs_normal or all_hard (repeatable)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes (default 1; the machine is shared, timings get noisier)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    tables = []
    for game_id in args.game or list(GAMES):
        info = GAMES[game_id]
        for players in args.players or PLAYER_COUNTS.get(game_id, (info.min_players,)):
            if not info.min_players <= players <= info.max_players:
                parser.error(f"{info.name} takes {info.min_players}-{info.max_players} players, not {players}")
            tables.append((game_id, players))
    tasks = [task for game_id, players in tables for task in tasks_for(game_id, players, args.games, args.seed, args.pairing)]
    if args.jobs == 1:
        done = [series(task) for task in tasks]
    else:
        with multiprocessing.Pool(args.jobs) as pool:
            done = pool.map(series, tasks, chunksize=1)
    for game_id, players in tables:
        parts = [part for task, part in zip(tasks, done, strict=True) if task[:2] == (game_id, players)]
        print(json.dumps(report(game_id, players, args.games, parts)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
