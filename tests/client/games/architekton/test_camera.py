"""The camera over Architekton's board: it frames a growing board and zooms out smoothly,
answers the wheel, keys and a pad's stick, Home frames the whole board again, and its
hint reads at 1280x720."""

import pygame
import pytest

from client.games.architekton.layout import BOARD
from engines import new_game
from tests.client.conftest import SCREENSHOTS, frames, key, post, shoot
from tests.client.games.architekton.situations import (
    GAME,
    PAD,
    find,
    replayed,
)


# --- the camera -------------------------------------------------------------------------------
def test_the_camera_frames_a_big_board_and_zooms_out_smoothly_as_it_grows(make_app):
    seed, log = find(done=lambda s: not s.results[-1]["early"] and len(s.board) >= 34)
    grows = last_growth(seed, log)
    app, table = replayed(make_app, seed, [])
    game = table.game
    start = game.camera.zoom
    app.settings.animation = "instant"
    for seat, action in log[:grows]:
        table.sessions[seat].send(action)
        frames(app, 1)
    app.settings.animation = "normal"
    frames(app, 30)
    assert len(game.shown.cells) >= 30
    assert game.camera.zoom < start * 0.6, (start, game.camera.zoom)
    for x, y in game.shown.cells:
        assert BOARD.contains(game.camera.square(x, y)), (x, y)
    shoot(app, "table_architekton_big_board")
    seat, action = log[grows]
    before = game.camera.framing(game.shown.bounds(1))
    table.sessions[seat].send(action)
    seen = []
    for _ in range(90):
        frames(app, 1)
        seen.append((game.camera.centre, game.camera.zoom))
    after = game.camera.framing(game.shown.bounds(1))
    assert after != before
    assert (*game.camera.centre, game.camera.zoom) == pytest.approx((*after[0], after[1]), abs=0.5)
    glide = [(round(x), round(y), round(zoom, 3)) for (x, y), zoom in seen]
    assert len(set(glide)) > 6  # it glided there over many frames, it did not jump
    assert glide[0] != glide[-1]


def last_growth(seed: int, log: list) -> int:
    """The index of the last placement in ``log`` that lays a tile outside the board so far."""
    state, found = new_game(GAME, 2, seed), None
    for index, (seat, action) in enumerate(log):
        if action["type"] == "place":
            squares = [(c[0], c[1]) for c in state.board.values()]
            xs, ys = [x for x, _ in squares], [y for _, y in squares]
            if not (min(xs) <= action["x"] <= max(xs) and min(ys) <= action["y"] <= max(ys)):
                found = index
        state.apply(seat, action)
    return found


def test_wheel_keys_and_stick_zoom_and_pan_and_home_frames_the_board_again(make_app):
    app, table = replayed(make_app, *find(stop=lambda s: s.turn >= 14))
    game, camera = table.game, table.game.camera
    framed = (camera.centre, camera.zoom)
    assert framed[1] * 1.3 < camera.max_zoom  # a board framed small enough to zoom into
    point = (BOARD.centerx + 200, BOARD.centery + 50)
    under = camera.to_world(point)
    post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0)
    frames(app, 2)
    assert camera.zoom > framed[1] * 1.3  # no mouse seat: the wheel still zooms the shared view
    assert camera.to_world(point) == pytest.approx(under, abs=1.0)
    key("-")
    frames(app, 2)
    zoomed = camera.zoom
    key("l")
    frames(app, 60)
    assert camera.zoom == pytest.approx(zoomed)
    assert camera.centre[0] > framed[0][0] + 50
    post(pygame.CONTROLLERDEVICEADDED, instance_id=PAD, device_index=0)
    frames(app, 1)
    before = camera.centre
    post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_RIGHTY, value=32000)
    frames(app, 20)
    post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_RIGHTY, value=0)
    frames(app, 2)
    assert camera.centre[1] > before[1] + 100  # the right stick pans down
    assert not game.camera.following
    key("home")
    frames(app, 90)
    assert game.camera.following
    assert camera.zoom == pytest.approx(framed[1], rel=0.02)


def test_the_zoom_hint_reads_at_1280x720(make_app, monkeypatch):
    from client.games.architekton.words import HINT
    from client.ui import art

    seed, log = find(stop=lambda state: len(state.board) >= 8)
    app, table = replayed(make_app, seed, log)
    drawn, render = [], art.text
    monkeypatch.setattr(art, "text", lambda words, size, *a, **k: drawn.append((words, size)) or
                        render(words, size, *a, **k))
    table.draw(app.logical)
    hint = [(words, size) for words, size in drawn if words.endswith(HINT)]
    assert hint and all(size >= 26 for _, size in hint), hint  # at least 17 pixels on a 1280x720 window
    key("l")  # pan: the players' own view, said in full
    frames(app, 3)
    drawn.clear()
    table.draw(app.logical)
    assert any(words == "Your own view.    " + HINT for words, _ in drawn)
    monkeypatch.setattr(art, "text", render)
    small = pygame.transform.smoothscale(app.logical, (1280, 720))
    pygame.image.save(small, str(SCREENSHOTS / "table_architekton_hint_720p.png"))
