"""Engine benchmark: complete random games per second and per-call costs.

Prints one JSON line per game, then one for the generator. Run:
`.venv/bin/python tools/bench_engines.py [--game ID] [--seconds 3] [--generator-repeats 7]`.
Random play picks a random active player and a random legal action each step, on one
core. Medians are quoted because this machine is shared and noisy.

The generator line times `engines.Rng` (keyed BLAKE2b in counter mode) beside SplitMix64
(the generator it replaced, kept here only as a yardstick), in the same run: per draw
of ``below(52)``, per ``shuffle`` of 52 cards, and per new generator (``Rng(seed)``).
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


_MASK = (1 << 64) - 1


class SplitMix64:
    """The generator engines.Rng replaced (predictable from one output): a yardstick only."""

    def __init__(self, seed: int):
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return (self.next64() * n) >> 64

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def generator_costs(repeats: int = 7) -> dict:
    """Median ns per call of each generator, measured alternately in this run."""
    import timeit

    def per_call(statement, number):
        return statistics.median(timeit.repeat(statement, number=number, repeat=repeats)) / number * 1e9

    result = {}
    for name, cls in (("rng", Rng), ("splitmix64", SplitMix64)):
        gen, deck = cls(2**200 + 1), list(range(52))
        result[name] = {"below_ns": round(per_call(lambda g=gen: g.below(52), 200_000), 1),
                        "shuffle_52_us": round(per_call(lambda g=gen, d=deck: g.shuffle(d), 5_000) / 1000, 2),
                        "new_ns": round(per_call(lambda c=cls: c(12345), 50_000), 1)}
    result["rng_over_splitmix64"] = {key: round(result["rng"][key] / result["splitmix64"][key], 2)
                                     for key in result["rng"]}
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="game id (repeatable; default all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game for the throughput run")
    parser.add_argument("--players", type=int, help="override the benchmark's player count")
    parser.add_argument("--generator-repeats", type=int, default=7,
                        help="timing repeats of each generator figure (their median is printed)")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    if args.generator_repeats < 1:
        parser.error("--generator-repeats must be at least 1")
    for game_id in args.game or list(GAMES):
        print(json.dumps(bench(game_id, args.seconds, args.players)), flush=True)
    print(json.dumps({"generator": generator_costs(args.generator_repeats)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
