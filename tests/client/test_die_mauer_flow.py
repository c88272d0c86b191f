"""Synthetic mouse, keyboard and controller events play Die Mauer from the title screen
to the results: a mouse seat, a keyboard seat, a gamepad seat and a bot."""

import pygame

from client.scenes.game import BLIND_BUTTONS, DieMauerScene
from client.scenes.picker import PickerScene
from client.scenes.results import ResultsScene
from client.scenes.setup import SetupScene
from client.scenes.title import TitleScene
from tests.client.conftest import click, frames, key, pad_button, post, shoot

PAD = 7
PAD_CODES = {
    "up": pygame.CONTROLLER_BUTTON_DPAD_UP, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
    "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN, "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    "confirm": pygame.CONTROLLER_BUTTON_A, "back": pygame.CONTROLLER_BUTTON_B,
    "alt": pygame.CONTROLLER_BUTTON_X, "secret": pygame.CONTROLLER_BUTTON_Y,
}


def set_up_table(app) -> None:
    """Title -> picker -> set-up -> table, by mouse and arrow keys only."""
    title = app.top
    click(app, title.menu.rects[0].center)  # "Play"
    frames(app, 2)
    assert isinstance(app.top, PickerScene)
    key("return")
    frames(app, 2)
    setup = app.top
    assert isinstance(setup, SetupScene)
    post(pygame.CONTROLLERDEVICEADDED, instance_id=PAD, device_index=0)
    frames(app, 1)
    # seat 2 (Ben): bot:normal -> bot:easy -> pad -> keys2 -> keys1
    key("down")
    for _ in range(4):
        key("left")
    key("down")
    key("return")  # add a seat (Clara, bot:normal), focus stays on her row
    frames(app, 1)
    key("left")
    key("left")  # Clara: bot:easy -> pad
    key("down")
    key("return")  # add Dora, a normal bot
    frames(app, 1)
    for _ in range(3):
        key("down")
    for _ in range(4):
        key("left")  # rounds down to 1
    key("down")
    frames(app, 2)
    assert [seat.control for seat in setup.seats] == ["mouse", "keys1", f"pad:{PAD}", "bot:normal"]
    assert setup.options["rounds"] == 1
    shoot(app, "flow_setup")
    key("return")  # start at this screen
    frames(app, 2)


def drive(app, table: DieMauerScene, turn: int) -> str | None:
    """Post the events one local seat needs to act now; returns what it did."""
    for seat, control in table.controls.items():
        secret = table.secret_options(seat)
        if secret:
            choice = secret[turn % len(secret)]
            if control.device.startswith("pad:"):
                button = next(b for b, piece in BLIND_BUTTONS.items() if piece == choice["piece"])
                pad_button(PAD, PAD_CODES[button])
                pad_button(PAD, PAD_CODES[button])
                return "pad-secret"
            if control.device == "keys1":
                shift = pygame.key.key_code("left shift")
                post(pygame.KEYDOWN, key=shift, mod=0, unicode="", scancode=0)
                for _ in range(secret.index(choice)):
                    key("d")
                key("space")
                post(pygame.KEYUP, key=shift, mod=0, unicode="", scancode=0)
                return "keys-secret"
            rects = table.peek_option_rects(seat, len(secret))
            window = app.viewport.to_window(rects[secret.index(choice)].center)
            post(pygame.MOUSEBUTTONDOWN, pos=window, button=3)
            click(app, rects[secret.index(choice)].center)
            post(pygame.MOUSEBUTTONUP, pos=window, button=3)
            return "mouse-secret"
        options = table.build_options(seat)
        if options:
            legal = table.legal[seat]
            focus = options[min(control.cursor, len(options) - 1)]
            if control.device == "mouse":
                pick = next(i for i, option in enumerate(options) if option in legal)
                window = app.viewport.to_window(table.option_rects(len(options))[pick].center)
                post(pygame.MOUSEBUTTONDOWN, pos=window, button=3)  # the master's free choice needs peek
                click(app, table.option_rects(len(options))[pick].center)
                post(pygame.MOUSEBUTTONUP, pos=window, button=3)
            elif control.device == "keys1":
                shift = pygame.key.key_code("left shift")
                post(pygame.KEYDOWN, key=shift, mod=0, unicode="", scancode=0)
                key("space" if focus in legal else "d")
                post(pygame.KEYUP, key=shift, mod=0, unicode="", scancode=0)
            else:
                post(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=pygame.CONTROLLER_BUTTON_LEFTSHOULDER)
                pad_button(PAD, PAD_CODES["confirm"] if focus in legal else PAD_CODES["right"])
                post(pygame.CONTROLLERBUTTONUP, instance_id=PAD, button=pygame.CONTROLLER_BUTTON_LEFTSHOULDER)
            return "build" if table.view["phase"] == "build" else "choose"
    return None


def test_a_full_game_from_title_to_results(make_app):
    app = make_app((1280, 720))  # scaled window: every click goes through the viewport
    app.push(TitleScene(app))
    frames(app, 2)
    set_up_table(app)
    table = app.top
    assert isinstance(table, DieMauerScene)
    table.host.bot_delay = 0.1
    done: dict[str, int] = {}
    shots = set()
    for turn in range(3000):
        if isinstance(app.top, ResultsScene):
            break
        if isinstance(app.top, DieMauerScene):
            did = drive(app, table, turn)
            if did:
                done[did] = done.get(did, 0) + 1
                if did not in shots:
                    shots.add(did)
                    frames(app, 1)
                    shoot(app, f"flow_{did}")
        frames(app, 1, dt=3 / 60)
        if table.reveal is not None and "reveal" not in shots and table.clock - table.reveal_until > -2.6:
            shots.add("reveal")
            shoot(app, "flow_reveal")
        if len(table.wall_items) >= 5 and not any("uid" in d for d in table.moments.drops) and "wall" not in shots:
            shots.add("wall")
            shoot(app, "flow_wall")
        if table.round_summary is not None and "round" not in shots:
            frames(app, 4)
            shots.add("round")
            shoot(app, "flow_round_over")
    assert isinstance(app.top, ResultsScene), f"no results after the loop; did {done}"
    frames(app, 90)
    shoot(app, "flow_results")
    assert done.get("pad-secret") and done.get("keys-secret") and done.get("mouse-secret")
    results = app.top
    assert results.totals == table.host.state.scores()
    assert sorted(results.winners) == sorted(table.host.state.winners())
    assert len(table.log) > 3
