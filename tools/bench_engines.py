"""Engine benchmark: complete random games per second and per-call costs.

Prints one JSON line per game. Run: `.venv/bin/python tools/bench_engines.py [--game ID]`.
Random play picks a random active player and a random legal action each step, on one
core. Medians are quoted because this machine is shared and noisy.
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import GAMES, Rng, new_game  # noqa: E402


def random_game(game_id, players, options, seed, timed=None):
    """Play one random game; with ``timed`` (a dict of lists), time each call."""
    state = new_game(game_id, players, seed, **options)
    rng = Rng(seed ^ 0xBEEF)
    actions = 0
    clock = time.perf_counter_ns
    while not state.is_over():
        active = state.active_players()
        if not active:
            state.apply(None, state.host_actions()[0])
            actions += 1
            continue
        player = rng.choice(active)
        if timed is None:
            state.apply(player, rng.choice(state.legal_actions(player)))
        else:
            t0 = clock()
            legal = state.legal_actions(player)
            t1 = clock()
            state.apply(player, rng.choice(legal))
            t2 = clock()
            timed["legal"].append((t1 - t0) / 1000)
            timed["apply"].append((t2 - t1) / 1000)
        actions += 1
    return actions


def bench(game_id, seconds, players=None):
    info = GAMES[game_id]
    bench_players, options = info.bench_config
    players = players or bench_players
    game_times, action_counts, seed = [], [], 1
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or len(game_times) < 5:
        t0 = time.perf_counter()
        action_counts.append(random_game(game_id, players, options, seed))
        game_times.append(time.perf_counter() - t0)
        seed += 1
    timed = {"legal": [], "apply": []}
    for extra in range(min(len(game_times), 20)):
        random_game(game_id, players, options, 10_000 + extra, timed)
    median_game = statistics.median(game_times)
    return {
        "game": game_id,
        "players": players,
        "options": options,
        "games": len(game_times),
        "games_per_second": round(1 / median_game, 1),
        "games_per_second_mean": round(len(game_times) / sum(game_times), 1),
        "actions_per_game": statistics.median(action_counts),
        "legal_actions_us_median": round(statistics.median(timed["legal"]), 2),
        "apply_us_median": round(statistics.median(timed["apply"]), 2),
        "legal_actions_us_p99": round(sorted(timed["legal"])[int(len(timed["legal"]) * 0.99)], 2),
        "apply_us_p99": round(sorted(timed["apply"])[int(len(timed["apply"]) * 0.99)], 2),
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="game id (repeatable; default all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game for the throughput run")
    parser.add_argument("--players", type=int, help="override the benchmark's player count")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    for game_id in args.game or list(GAMES):
        print(json.dumps(bench(game_id, args.seconds, args.players)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
