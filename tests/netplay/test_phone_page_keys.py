"""Every picture a game's phone words name exists in that game's shipped sheet, for every seat,
all through bot games (issue 40): a choice's ``sprite``, its ``first``'s sprite, a hand line's
``sprites``, a board place's ``sprite``, and ``back`` when a choice is ``hidden``. Also the
hints' shapes the page relies on (docs/phones.md, "Picture hints"). Generic over
`engines.GAMES`; a game that ships no sheet yet is checked for shapes only."""

import json
import re
from pathlib import Path

import pytest

from engines import GAMES, new_game
from netplay.phone_words import board_words, choice_words, hand_words
from tests.engines.play import bot_chooser, play, roundtrip

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "phone"
KEY = re.compile(r"^[a-z0-9_.-]+$")
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def atlas_keys(game_id: str) -> set[str] | None:
    path = ASSETS / f"{game_id}.json"
    return set(json.loads(path.read_text())["sprites"]) if path.exists() else None


def named_keys(choices: list[dict], hand: list[dict], board: dict | None) -> set[str]:
    """Every sprite key the hints name, checking their shapes on the way."""
    keys: set[str] = set()
    places = set()
    if board is not None:
        assert board["w"] > 0 and board["h"] > 0 and isinstance(board["places"], list), board
        for place in board["places"]:
            assert isinstance(place["id"], str) and place["id"] not in places, place
            places.add(place["id"])
            assert all(isinstance(place[k], int | float) for k in ("x", "y", "w", "h")), place
            assert place["w"] > 0 and place["h"] > 0, place
            assert 0 <= place["x"] and place["x"] + place["w"] <= board["w"] + 1e-9, (place, board["w"])
            assert 0 <= place["y"] and place["y"] + place["h"] <= board["h"] + 1e-9, (place, board["h"])
            assert "colour" not in place or COLOUR.match(place["colour"]), place
            if "sprite" in place:
                keys.add(place["sprite"])
    for choice in choices:
        assert isinstance(choice["group"], str) and isinstance(choice["label"], str) and choice["label"], choice
        if "sprite" in choice:
            keys.add(choice["sprite"])
        if "badge" in choice:
            assert isinstance(choice["badge"], str), choice
        if "first" in choice:
            assert "place" in choice, f"a choice with a first needs a place: {choice}"
            assert isinstance(choice["first"]["id"], str) and isinstance(choice["first"]["label"], str), choice
            if "sprite" in choice["first"]:
                keys.add(choice["first"]["sprite"])
        if "place" in choice:
            assert choice["place"] in places, f"{choice} names a place its update's board lacks"
        if choice.get("hidden"):
            keys.add("back")
    for line in hand:
        if "sprites" in line:
            keys.update(line["sprites"])
            assert len(line.get("badges", line["sprites"])) == len(line["sprites"]), line
    for key in keys:
        assert isinstance(key, str) and KEY.match(key), f"sprite key {key!r} is not [a-z0-9_.-]+"
    return keys


@pytest.mark.timeout(240)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_sprite_a_game_names_is_in_its_sheet(game_id):
    info = GAMES[game_id]
    sheet = atlas_keys(game_id)
    configs = list(info.test_configs) or [(info.min_players, {})]
    named: set[str] = set()
    for index, (players, options) in enumerate(configs[:2]):
        state = new_game(game_id, players, 7 + index, **options)
        steps = [0]

        def look(state, player, action, steps=steps):
            steps[0] += 1
            if steps[0] % 3:
                return  # every third step, for every seat: enough to meet every kind of screen
            for seat in range(state.players):
                view, legal = roundtrip(state.view(seat)), roundtrip(state.legal_actions(seat))
                choices = [choice_words(game_id, action, view) for action in legal]
                named.update(named_keys(choices, hand_words(game_id, view, seat), board_words(game_id, view, seat)))

        play(state, bot_chooser(game_id, index), on_step=look)
    if sheet is None:
        assert not named, f"{game_id} names sprites {sorted(named)[:5]} but ships no assets/phone/{game_id}.json"
        return
    missing = named - sheet
    assert not missing, f"{game_id}'s sheet lacks {sorted(missing)}"


def test_the_check_finds_a_place_no_board_has_and_a_key_no_sheet_has(monkeypatch, tmp_path):
    board = {"w": 2, "h": 1, "places": [{"id": "a", "x": 0, "y": 0, "w": 1, "h": 1, "sprite": "cell"}]}
    assert named_keys([{"group": "g", "label": "x", "place": "a", "first": {"id": "f", "label": "F"}}], [], board) == {
        "cell"}
    with pytest.raises(AssertionError, match="lacks"):
        named_keys([{"group": "g", "label": "x", "place": "b"}], [], board)
    with pytest.raises(AssertionError, match="needs a place"):
        named_keys([{"group": "g", "label": "x", "first": {"id": "f", "label": "F"}}], [], board)
    assert named_keys([{"group": "g", "label": "x", "hidden": True}], [{"label": "l", "value": "v",
                                                                        "sprites": ["p_1"]}], None) == {"back", "p_1"}
    monkeypatch.setattr("tests.netplay.test_phone_page_keys.ASSETS", tmp_path)
    (tmp_path / "die_mauer.json").write_text('{"scale": 2, "sprites": {"nothing": [0, 0, 1, 1]}}')
    from tests.netplay import picture_fakes

    monkeypatch.setattr("tests.netplay.test_phone_page_keys.choice_words", picture_fakes.pictured_choice)
    monkeypatch.setattr("tests.netplay.test_phone_page_keys.board_words", picture_fakes.pictured_board)
    with pytest.raises(AssertionError, match="sheet lacks"):
        test_every_sprite_a_game_names_is_in_its_sheet("die_mauer")


def test_docs_name_exactly_the_hint_fields_engines_words_types():
    """docs/phones.md's picture hint tables and the TypedDicts in engines/words.py agree."""
    from engines import words
    from tests.netplay.test_phone_docs import fields, tables

    choice, _ = fields(tables("#### Picture hints")[0])
    line, _ = fields(tables("#### Picture hints")[1])
    place, optional_place = fields(tables("#### Picture hints")[2])
    base_choice, _ = fields(tables("#### `update`")[1])
    base_line, _ = fields(tables("#### `update`")[2])
    assert set(words.Choice.__annotations__) == choice | base_choice
    assert set(words.Line.__annotations__) == line | base_line
    assert set(words.Place.__annotations__) == place
    assert set(words.Place.__required_keys__) == place - optional_place
    assert set(words.Board.__annotations__) == {"w", "h", "places"}
