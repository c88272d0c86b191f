"""Each how-to example that shows a rule is checked against the engine's rule, so a
wrong drawing fails here."""

import re

import pygame
import pytest

from client.games.die_mauer import howto as die_mauer_howto
from client.games.wild_west import howto as wild_west_howto
from client.howto import pages
from client.scenes.howto import EXAMPLE
from engines.die_mauer.rules import legal_ends
from engines.wild_west.scoring import PARK_POINTS
from tests.client.drawn_text import drawn_text

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def surface(make_app):
    make_app()
    return pygame.Surface((1920, 1080))


def page(game_id: str, title: str):
    return next(p for p in pages(game_id) if p.title == title)


def test_die_mauer_building_order_marks_each_end_as_the_engine_rules(surface, monkeypatch):
    marks = []
    monkeypatch.setattr(die_mauer_howto, "tick", lambda _surface, _centre, good: marks.append(good))
    walls = []
    real_wall = die_mauer_howto.pieces.wall_image
    monkeypatch.setattr(die_mauer_howto.pieces, "wall_image", lambda code, *a: walls.append(code) or real_wall(code, *a))
    pieces = []
    real_piece = die_mauer_howto.pieces.piece_image
    monkeypatch.setattr(die_mauer_howto.pieces, "piece_image",
                        lambda piece, *a, **k: pieces.append(piece) or real_piece(piece, *a, **k))
    page("die_mauer", "Building order").example(surface, EXAMPLE)
    (wall,) = walls
    piece = pieces[0]
    legal = legal_ends(list(wall), piece)
    assert marks == ["L" in legal, "R" in legal]  # left end drawn first, then right
    assert False in marks and True in marks  # it shows one of each


def test_wild_west_parks_say_what_the_engine_scores(surface):
    with drawn_text() as seen:
        page("wild_west", "Parks").example(surface, EXAMPLE)
    words = [w for w, _ in seen]
    claim = next(re.match(r"Row (\d) has (\d) parks: (\d+) points", w) for w in words if w.startswith("Row "))
    row, count, points = (int(g) for g in claim.groups())
    sheet = wild_west_howto.example_sheet(wild_west_howto.PARKS_TILES)
    assert sum(1 for tile in sheet["rows"][row - 1] if tile["right"] == "park") == count
    assert sheet["score"]["parks_by_row"][row - 1] == points == PARK_POINTS[len(sheet["rows"][row - 1])][count]
    assert any(w.endswith("7 tiles: " + " ".join(map(str, PARK_POINTS[7]))) for w in words)
    assert any(w.endswith("8 tiles: " + " ".join(map(str, PARK_POINTS[8]))) for w in words)


def test_wild_west_speed_clock_shows_the_seconds_its_words_say(surface):
    with drawn_text() as seen:
        page("wild_west", "Solo and the speed option").example(surface, EXAMPLE)
    said = next(re.search(r"(\d+) s left", w) for w, _ in seen if "s left" in w)
    shown = [w for w, size in seen if size == 70]  # the clock face's numeral
    assert shown == [said.group(1)]


def test_wild_west_solo_says_a_mulligan_costs_a_tumbleweed(surface, make_app):
    solo = page("wild_west", "Solo and the speed option")
    with drawn_text() as seen:
        solo.example(surface, EXAMPLE)
    assert re.search(r"mulligan.*costs a Tumbleweed", solo.caption, re.I)
    assert any(re.search(r"mulligans?.*costs a Tumbleweed", w, re.I) for w, _ in seen)


def test_wild_west_solo_prompt_says_a_mulligan_costs_a_tumbleweed(make_app):
    from tests.client.conftest import frames, local_table

    app = make_app()
    table = local_table(app, [("Anna", "keys1")], seed=21, game_id="wild_west", options={})
    for _ in range(200):
        if table.model.phase == "pick" and not table.game.caption_on():
            break
        frames(app, 1, 1 / 10)
    words = table.game.phase_text()
    assert "mulligan" in words and "Tumbleweed" in words
