"""Write a golden playthrough per game: seed, options, a bot-played action log, final digest.

tests/engines/test_golden.py replays each one; a changed digest means the rules or the
state changed. Re-run this on purpose after an intended rule change:
`.venv/bin/python tools/make_golden.py [--game ID]`.
"""

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines import GAMES, Rng, new_game  # noqa: E402
from engines.botplay import next_bot_move  # noqa: E402

GOLDEN_DIR = ROOT / "tests" / "engines" / "golden"


def bot_playthrough(game_id: str, seed: int = 2026) -> dict:
    info = GAMES[game_id]
    players, options = info.test_configs[0]
    state, rng, log = new_game(game_id, players, seed, **options), Rng(seed), []
    while not state.is_over():
        player, action = next_bot_move(state, rng)
        state.apply(player, action)
        log.append([player, action])
    return {
        "game": game_id, "players": players, "seed": seed, "options": options,
        "log": log, "scores": state.scores(), "digest": state.digest(),
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    args = parser.parse_args(argv)
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for game_id in args.game or list(GAMES):
        path = GOLDEN_DIR / f"{game_id}.json"
        path.write_text(json.dumps(bot_playthrough(game_id), separators=(",", ":")) + "\n")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
