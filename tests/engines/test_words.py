"""Every game's phone words (`engines.words`): registered on GameInfo, one signature for all,
and rendered by netplay.phone_words without it naming any game."""

import ast
import inspect
from pathlib import Path

import pytest

from engines import GAMES, Rng, new_game
from engines.words import PhoneWords
from netplay.language import words as language

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_registers_words_with_the_one_signature(game_id):
    words = GAMES[game_id].words
    assert isinstance(words, PhoneWords)
    assert list(inspect.signature(words.choice).parameters) == ["action", "view", "tr"]
    assert list(inspect.signature(words.hand).parameters) == ["view", "seat", "tr"]
    assert words.choice.__module__ == words.hand.__module__ == f"engines.{game_id}.words"


@pytest.mark.parametrize("code", ["en", "de"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_words_name_every_legal_action_and_the_hand_of_a_fresh_game(game_id, code):
    tr = language(code)
    info = GAMES[game_id]
    players, options = info.test_configs[0]
    state = new_game(game_id, players, 1, **options)
    rng = Rng(2)
    for _ in range(6):  # a few moves in, so later phases show too
        active = [p for p in state.active_players() if state.legal_actions(p)]
        if not active:
            break
        seat = active[0]
        view = state.view(seat)
        for action in state.legal_actions(seat):
            words = info.words.choice(action, view, tr)
            assert words is None or (isinstance(words["group"], str) and isinstance(words["label"], str))
        for line in info.words.hand(view, seat, tr):
            assert isinstance(line["label"], str) and isinstance(line["value"], str)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])


def test_phone_words_import_no_game_module():
    """netplay.phone_words reaches each game only through GAMES[game_id].words."""
    tree = ast.parse((ROOT / "netplay" / "phone_words.py").read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
            imported.update(f"{node.module}.{alias.name}" for alias in node.names)
    assert [name for name in imported if name.startswith("engines.") and name.split(".")[1] in GAMES] == []
    assert "engines" in imported  # its one way in: engines.GAMES
