"""Rejected actions show the engine's reason on screen; the log tells what happened."""

import pygame

from client.scenes.title import TitleScene
from tests.client.conftest import frames, key, local_table, post, shoot


def peek_pick(shift: str, moves: int, right: str, confirm: str) -> None:
    code = pygame.key.key_code(shift)
    post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    for _ in range(moves):
        key(right)
    key(confirm)
    post(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)


def test_an_illegal_end_shows_the_building_order_reason(make_app):
    app = make_app()
    table = local_table(app, [("Anna", "keys1"), ("Ben", "keys2")], seed=1)
    frames(app, 2)
    # turn 1: master Anna plans the Tower, Ben the 6-wall: nobody guessed, Anna builds the Tower
    peek_pick("left shift", 1, "d", "space")
    peek_pick("right shift", 3, "right", "return")
    frames(app, 3)
    assert table.view["wall"] == ["T"]
    # turn 2: master Ben shows an empty fist, Anna a 4-wall: Ben may build any piece
    peek_pick("right shift", 0, "right", "return")
    peek_pick("left shift", 4, "d", "space")
    frames(app, 3)
    assert table.view["phase"] == "choose"
    options = table.build_options(1)
    assert options[0] == {"type": "build", "piece": "T", "end": "L"}
    assert options[0] not in table.legal[1]  # a Tower may not touch the Tower
    frames(app, 1)
    shoot(app, "feedback_choose_waits_for_peek")
    assert not table.options_shown(1)  # Ben's free choice would show his stock: it waits for peek
    shift = pygame.key.key_code("right shift")
    post(pygame.KEYDOWN, key=shift, mod=0, unicode="", scancode=0)
    key("return")  # Ben tries it anyway
    frames(app, 3)
    assert table.view["wall"] == ["T"]
    assert any("may not go at the left end" in toast[0] and toast[0].startswith("Ben") for toast in table.toasts)
    shoot(app, "feedback_rejected_build")
    key("right")
    key("right")
    key("right")  # the Gate at the right end: also illegal next to the Tower
    key("return")
    key("right")  # the 6-wall at the left end
    key("return")
    post(pygame.KEYUP, key=shift, mod=0, unicode="", scancode=0)
    frames(app, 3)
    assert table.view["wall"] == ["6", "T"]
    assert any("builds the 6-wall at the left end" in line for line in table.log)
    assert any(line.startswith("Refused (Ben)") for line in table.log)


def test_f11_toggles_fullscreen_and_back(make_app):
    app = make_app((1280, 720))
    app.push(TitleScene(app))
    key("f11")
    frames(app, 2)
    assert app.settings.fullscreen
    key("f11")
    frames(app, 2)
    assert not app.settings.fullscreen
    assert app.window.get_size() == (1280, 720)
