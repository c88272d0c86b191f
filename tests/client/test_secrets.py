"""A secret pick never shows on the shared screen before the reveal: the screen is
pixel-identical whichever piece a gamepad (or a keyboard seat not peeking) picked."""

import pygame

from client.scenes.title import TitleScene
from client.table.game import BLIND_BUTTONS
from tests.client.conftest import frames, key, local_table, pad_button, post, shoot

PAD = 3
CODES = {"up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
         "secret": pygame.CONTROLLER_BUTTON_Y, "alt": pygame.CONTROLLER_BUTTON_X,
         "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT, "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
         "confirm": pygame.CONTROLLER_BUTTON_A, "back": pygame.CONTROLLER_BUTTON_B}


def table_with_pad(make_app):

    app = make_app()
    app.push(TitleScene(app))
    post(pygame.CONTROLLERDEVICEADDED, instance_id=PAD, device_index=0)
    frames(app, 1)
    table = local_table(app, [("Anna", "keys1"), ("Ben", f"pad:{PAD}"), ("Clara", "keys2")], seed=11)
    frames(app, 20)  # past the cross-fade from the title (which differs once a game is unfinished)
    return app, table


def pad_pick(make_app, piece):
    """Screens after Ben's first press (armed) and second press (locked in)."""
    app, table = table_with_pad(make_app)
    before = pygame.image.tobytes(app.logical, "RGB")
    blind = [action["piece"] for _, action in table.game.blind_actions(1)]
    button = BLIND_BUTTONS[blind.index(piece)]
    pad_button(PAD, CODES[button])
    frames(app, 4)
    armed = pygame.image.tobytes(app.logical, "RGB")
    pad_button(PAD, CODES[button])
    frames(app, 30)
    assert table.hosting.host.state.plans.choices[1] == piece  # the pick really reached the engine
    assert 1 in table.model.view["plans"]["locked"]
    locked = pygame.image.tobytes(app.logical, "RGB")
    shoot(app, f"secret_pad_locked_{piece or 'fist'}")
    return before, armed, locked


def test_a_gamepad_pick_is_invisible_until_the_reveal(make_app):
    before_t, armed_t, locked_t = pad_pick(make_app, "T")
    before_6, armed_6, locked_6 = pad_pick(make_app, "6")
    _, armed_fist, locked_fist = pad_pick(make_app, None)
    assert before_t == before_6
    assert armed_t != before_t  # the screen does react (the same way for every button)
    assert armed_t == armed_6 == armed_fist
    assert locked_t != armed_t
    assert locked_t == locked_6 == locked_fist


def keyboard_pick(make_app, presses: int):
    app, table = table_with_pad(make_app)
    shift = pygame.key.key_code("left shift")
    post(pygame.KEYDOWN, key=shift, mod=0, unicode="", scancode=0)
    for _ in range(presses):
        key("d")
    frames(app, 2)
    shoot(app, f"secret_keys_peeking_{presses}")
    key("space")
    post(pygame.KEYUP, key=shift, mod=0, unicode="", scancode=0)
    frames(app, 30)
    assert 0 in table.model.view["plans"]["locked"]
    return table.hosting.host.state.plans.choices[0], pygame.image.tobytes(app.logical, "RGB")


def test_a_keyboard_pick_hides_when_the_peek_key_is_released(make_app):
    pick_a, screen_a = keyboard_pick(make_app, 0)
    pick_b, screen_b = keyboard_pick(make_app, 3)
    assert pick_a != pick_b
    assert screen_a == screen_b
