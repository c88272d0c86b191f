"""Golden playthroughs: a seeded game replayed action by action ends in the same digest.

A failure means a rule or the state layout changed; if that was intended, regenerate with
`tools/make_golden.py` and say so in the change.
"""

import json
from pathlib import Path

import pytest

from engines import GAMES, replay

GOLDEN_DIR = Path(__file__).parent / "golden"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_golden_playthrough_replays_to_the_same_digest(game_id):
    path = GOLDEN_DIR / f"{game_id}.json"
    assert path.exists(), f"no golden playthrough for {game_id}: run tools/make_golden.py --game {game_id}"
    golden = json.loads(path.read_text())
    state = replay(game_id, golden["players"], golden["seed"], golden["options"], golden["log"])
    assert state.is_over()
    assert state.scores() == golden["scores"]
    assert state.digest() == golden["digest"]
