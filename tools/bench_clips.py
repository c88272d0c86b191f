"""Clip benchmark: a 5-second clip of each game, drawn off screen and saved as a GIF, a WebP
and an MP4 (`client.replay.export.export_clip`), as `spielabend replay PATH --export` does.

Each game is played to its end by bots (seeded), replayed from its journal, and clipped from
its best moment on (to the game's end, cut at --seconds). Per game and format: the seconds the
export took (drawing the frames and encoding them) and the file's size. Then the worst of each
next to the issue's targets: a 5-second 640x360 clip in at most 10 s, its GIF at most 3 MB,
its MP4 at most 1 MB. Runs with SDL's offscreen (or dummy) video driver; no window.

    .venv/bin/python tools/bench_clips.py [--seconds 5] [--size 640x360] [--games die_mauer ...]

Prints JSON: {"clip", "games", "worst", "targets", "meets_targets"}.
"""

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGETS = {"export_seconds": 10.0, "gif_bytes": 3_000_000, "mp4_bytes": 1_000_000}
PLAYERS = {"die_mauer": 4, "drunter_druber": 4, "architekton": 2, "wild_west": 4, "wie_waldi": 4}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each clip")
    parser.add_argument("--size", choices=("640x360", "1280x720"), default="640x360")
    parser.add_argument("--games", nargs="+", choices=sorted(PLAYERS), default=sorted(PLAYERS))
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from client.cli.replay import offscreen

    offscreen()
    from client.replay.export import FPS, export_clip, moment_range
    from netplay.replays import Replay
    from tests.replay_saves import finished_records

    size = tuple(int(part) for part in args.size.split("x"))
    games: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="bench-clips-") as folder:
        for game_id in args.games:
            replay = Replay.from_records(finished_records(game_id, PLAYERS[game_id], args.seed))
            start = moment_range(replay, 1)[0] if replay.moments() else 0
            end = len(replay.steps)
            report: dict[str, object] = {"steps": [start, end]}
            for kind in ("gif", "webp", "mp4"):
                began = time.perf_counter()
                result = export_clip(replay, Path(folder) / f"{game_id}.{kind}", start, end, size,
                                     max_seconds=args.seconds)
                report[kind] = {"export_seconds": round(time.perf_counter() - began, 2), "bytes": result.bytes,
                                "frames": result.frames, "clip_seconds": result.seconds}
            games[game_id] = report
    worst = {
        "export_seconds": max(games[g][k]["export_seconds"] for g in games for k in ("gif", "webp", "mp4")),
        "gif_bytes": max(games[g]["gif"]["bytes"] for g in games),
        "webp_bytes": max(games[g]["webp"]["bytes"] for g in games),
        "mp4_bytes": max(games[g]["mp4"]["bytes"] for g in games),
    }
    meets = all(worst[key] <= limit for key, limit in TARGETS.items())
    print(json.dumps({"clip": {"seconds": args.seconds, "size": args.size, "fps": FPS}, "games": games,
                      "worst": worst, "targets": TARGETS, "meets_targets": meets}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
