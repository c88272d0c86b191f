"""Replay benchmark: the longest game watched again. Prints one JSON object.

Run: `.venv/bin/python tools/bench_replay.py [--rounds 10] [--seeks 500] [--seed 2026]`

The game: four-player Wie Waldi, ten rounds, played to its end at four local seats of a
host that saves as in play, by players who draw or put back half the time (``--slow-share``,
as tools/bench_crash.py's players do) and otherwise play as the game's bot does: about 5,000
actions. Then, in a fresh process (so its peak memory is the replay's alone): `Replay.open` on the save (``build_s``),
seeks to random steps of the whole game (``seek_ms``: `Replay.at`, p50/p99/max) and the
public view at each (``view_ms``), one step forward from each (``step_ms``, what playing on
costs), and the process's peak resident memory (``peak_rss_mb``). Targets (issue 38):
a seek in at most 100 ms, at most 300 MB while replaying.
"""

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGETS = {"seek_ms": 100.0, "peak_rss_mb": 300.0}
SLOW_SHARE = 0.5  # draws and put-backs instead of the bot's move: a ten-round game of about 5,000 actions


def play_longest(path: Path, rounds: int, seed: int, slow_share: float) -> dict:
    """Wie Waldi for four, ``rounds`` rounds, played to its end and saved at ``path``."""
    from engines import GAMES, Rng
    from netplay.host import Host

    bot = GAMES["wie_waldi"].bot
    started = time.perf_counter()
    host = Host("wie_waldi", 4, seed=seed, options={"rounds": rounds}, save_path=path)
    sessions = [host.session(seat) for seat in range(4)]
    chooser = Rng(seed + 1)
    now = 0.0
    while not host.is_over():
        now += 0.01
        host.tick(now)
        active = host.state.active_players()
        if active:
            seat = chooser.choice(active)
            legal = host.state.legal_actions(seat)
            slow = [a for a in legal if a["type"] in ("draw", "put_back")]
            if slow and chooser.random() < slow_share:
                action = chooser.choice(slow)
            else:
                action = bot(host.state.view(seat), legal, chooser)
            sessions[seat].send(action)
        for session in sessions:
            session.poll()
        if now > 100_000:
            raise SystemExit("the game did not end")
    host.close_save()
    return {"game": "wie_waldi", "players": 4, "rounds": rounds, "slow_share": slow_share, "actions": len(host.log),
            "play_s": round(time.perf_counter() - started, 2), "save_kb": round(path.stat().st_size / 1024, 1)}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summary(values: list[float]) -> dict:
    return {"p50": round(statistics.median(values), 3), "p99": round(percentile(values, 0.99), 3),
            "max": round(max(values), 3)}


def measure(path: Path, seeks: int, seed: int) -> dict:
    """The replay's costs (run in a process of its own: its peak memory is the replay's)."""
    from netplay.replays import SNAPSHOT_EVERY, Replay

    started = time.perf_counter()
    replay = Replay.open(path)
    build = time.perf_counter() - started
    last = len(replay.steps)
    picks = random.Random(seed)
    seek, view, step = [], [], []
    for _ in range(seeks):
        index = picks.randint(0, last)
        started = time.perf_counter()
        replay.at(index)
        seek.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        replay.view(index, None)
        view.append((time.perf_counter() - started) * 1000)
        if index < last:
            started = time.perf_counter()
            replay.view(index + 1, None)
            step.append((time.perf_counter() - started) * 1000)
    replay.full_view(last)
    return {"steps": last, "finished": replay.finished, "rounds_found": len(replay.rounds()),
            "snapshot_every": SNAPSHOT_EVERY, "build_s": round(build, 3), "seeks": seeks,
            "seek_ms": summary(seek), "view_ms": summary(view), "step_ms": summary(step or [0.0]),
            "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="Wie Waldi's rounds (1-10)")
    parser.add_argument("--seeks", type=int, default=500, help="random steps to seek to")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--slow-share", type=float, default=SLOW_SHARE,
                        help="how often a player draws or puts back rather than plays as the bot would")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # the replay's own process
    args = parser.parse_args()
    if args.measure is not None:
        print(json.dumps(measure(args.measure, args.seeks, args.seed)))
        return 0
    with tempfile.TemporaryDirectory(prefix="bench-replay-") as folder:
        save = Path(folder) / "longest.save"
        result = play_longest(save, args.rounds, args.seed, args.slow_share)
        done = subprocess.run([sys.executable, __file__, "--measure", str(save), "--seeks", str(args.seeks),
                               "--seed", str(args.seed)], capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            print(done.stderr, file=sys.stderr)
            return 1
        result.update(json.loads(done.stdout))
    result["targets"] = TARGETS
    result["meets_targets"] = result["seek_ms"]["max"] <= TARGETS["seek_ms"] and \
        result["peak_rss_mb"] <= TARGETS["peak_rss_mb"]
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
