"""The input module: keys, mouse, controllers (hot-plug, buttons, stick dead zone, hats),
rebinding saved to the settings file, and hit-testing through a resized window."""

import json

import pygame

from client.input.router import InputRouter, Intent, Viewport
from client.scenes.settings import BindingsScene, SettingsScene
from client.scenes.title import TitleScene
from client.settings import Settings
from tests.client.conftest import click, frames, key, pad_button, post, shoot


def event(kind, **fields):
    return pygame.event.Event(kind, **fields)


def router(config_home) -> InputRouter:
    pygame.init()
    return InputRouter(Settings.load(config_home / "settings.json"))


def test_two_keyboard_halves_are_two_devices(config_home):
    inputs = router(config_home)
    assert Intent("keys1", "up") in inputs.translate(event(pygame.KEYDOWN, key=pygame.K_w))
    assert Intent("keys2", "confirm") in inputs.translate(event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert Intent("keys1", "peek", False) in inputs.translate(event(pygame.KEYUP, key=pygame.K_LSHIFT))
    assert Intent("keyboard", "escape") in inputs.translate(event(pygame.KEYDOWN, key=pygame.K_ESCAPE))


def test_controllers_are_tracked_by_instance_id(config_home):
    inputs = router(config_home)
    assert inputs.translate(event(pygame.CONTROLLERDEVICEADDED, instance_id=4, device_index=0)) == [
        Intent("pad:4", "connected")]
    assert "pad:4" in inputs.devices()
    intents = inputs.translate(event(pygame.CONTROLLERBUTTONDOWN, instance_id=4, button=pygame.CONTROLLER_BUTTON_A))
    assert Intent("pad:4", "confirm") in intents
    assert Intent("pad:4", "escape") in inputs.translate(
        event(pygame.CONTROLLERBUTTONDOWN, instance_id=4, button=pygame.CONTROLLER_BUTTON_START))
    assert inputs.translate(event(pygame.CONTROLLERBUTTONDOWN, instance_id=9, button=0)) == []  # unknown pad
    inputs.translate(event(pygame.CONTROLLERDEVICEREMOVED, instance_id=4))
    assert "pad:4" not in inputs.devices()


def test_the_stick_has_a_dead_zone_and_hats_work(config_home):
    inputs = router(config_home)
    inputs.translate(event(pygame.CONTROLLERDEVICEADDED, instance_id=2, device_index=0))
    axis = pygame.CONTROLLER_AXIS_LEFTX
    assert inputs.translate(event(pygame.CONTROLLERAXISMOTION, instance_id=2, axis=axis, value=9000)) == []
    assert inputs.translate(event(pygame.CONTROLLERAXISMOTION, instance_id=2, axis=axis, value=30000)) == [
        Intent("pad:2", "right", True)]
    assert inputs.translate(event(pygame.CONTROLLERAXISMOTION, instance_id=2, axis=axis, value=31000)) == []
    assert inputs.translate(event(pygame.CONTROLLERAXISMOTION, instance_id=2, axis=axis, value=0)) == [
        Intent("pad:2", "right", False)]
    # a plain joystick (not a game controller) moves with its hat
    assert Intent("pad:8", "up", True) in inputs.translate(event(pygame.JOYHATMOTION, instance_id=8, value=(0, 1)))
    # the right stick is a vector for panning a camera, with the same dead zone
    right = pygame.CONTROLLER_AXIS_RIGHTX
    assert inputs.translate(event(pygame.CONTROLLERAXISMOTION, instance_id=2, axis=right, value=9000)) == []
    look = inputs.translate(event(pygame.CONTROLLERAXISMOTION, instance_id=2, axis=right, value=-32767))
    assert look == [Intent("pad:2", "look", True, vector=(-1.0, 0.0))]
    assert inputs.translate(event(pygame.CONTROLLERAXISMOTION, instance_id=2, axis=right, value=0))[0].vector == (0, 0)
    # the mouse wheel says how far it turned
    wheel = inputs.translate(event(pygame.MOUSEWHEEL, x=0, y=2))
    assert wheel[0].action == "wheel" and wheel[0].amount == 2.0


def test_viewport_maps_window_to_logical():
    viewport = Viewport.fit((1000, 900))  # letterboxed: bars above and below
    assert viewport.offset == (0, round((900 - 1080 * 1000 / 1920) / 2))
    for pos in [(0, 0), (960, 540), (1919, 1079), (300, 800)]:
        back = viewport.to_logical(viewport.to_window(pos))
        assert abs(back[0] - pos[0]) <= 2 and abs(back[1] - pos[1]) <= 2


def test_clicks_hit_the_same_button_after_resizing(make_app):
    app = make_app((1280, 720))
    title = TitleScene(app)
    app.push(title)
    frames(app, 1)
    for size in [(1000, 900), (2560, 1440), (800, 600)]:
        app.resize(size)
        post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        frames(app, 1)
        settings = next(i for i, item in enumerate(title.menu.items) if item.text() == "Settings")
        click(app, title.menu.rects[settings].center)
        frames(app, 2)
        assert isinstance(app.top, SettingsScene), size
        shoot(app, f"resize_settings_{size[0]}x{size[1]}")
        key("escape")
        frames(app, 2)
        assert app.top is title
    # a click in the letterbox bar above the picture hits nothing
    app.resize((1000, 900))
    post(pygame.MOUSEBUTTONDOWN, pos=(500, 10), button=1)
    frames(app, 2)
    assert app.top is title


def test_rebinding_a_key_is_saved_and_used(make_app, config_home):
    app = make_app()
    app.push(TitleScene(app))
    bindings = BindingsScene(app, "keys1")
    app.push(bindings)
    frames(app, 1)
    key("return")  # keys2 confirm on the first row ("up")
    frames(app, 1)
    assert bindings.waiting == "up"
    shoot(app, "scene_bindings_waiting")
    key("i")
    frames(app, 1)
    assert bindings.waiting is None
    saved = json.loads((config_home / "spielabend" / "settings.json").read_text())
    assert saved["keys"]["keys1"]["up"] == "i"
    assert Intent("keys1", "up") in app.input.translate(event(pygame.KEYDOWN, key=pygame.K_i))
    # a pad button rebinds the pad
    pads = BindingsScene(app, "pad")
    app.push(pads)
    post(pygame.CONTROLLERDEVICEADDED, instance_id=5, device_index=0)
    frames(app, 1)
    pads.waiting = "peek"
    pad_button(5, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    frames(app, 1)
    assert app.settings.data["pad"]["peek"] == "rightshoulder"


def test_volume_and_fullscreen_are_saved(make_app, config_home):
    app = make_app()
    app.push(TitleScene(app))
    settings = SettingsScene(app)
    app.push(settings)
    key("down")  # past the language row, to the volume
    key("right")  # volume up (arrow keys move the focused item)
    frames(app, 1)
    saved = json.loads((config_home / "spielabend" / "settings.json").read_text())
    assert saved["volume"] == 0.8
    assert Settings.load(config_home / "spielabend" / "settings.json").volume == 0.8


def test_a_seat_is_renamed_by_typing(make_app):
    from client.scenes.setup import SetupScene

    app = make_app()
    app.push(TitleScene(app))
    setup = SetupScene(app, "die_mauer")
    app.push(setup)
    key("return")  # confirm on the first seat: edit its name
    frames(app, 1)
    assert setup.editing == 0
    for _ in range(4):
        key("backspace")
    for letter in "Zoe":
        post(pygame.TEXTINPUT, text=letter)
    key("return")
    frames(app, 1)
    assert setup.editing is None and setup.seats[0].name == "Zoe"


def test_run_opens_the_window_and_saves_settings_on_quit(config_home, monkeypatch):
    from client import app as app_module

    loop = app_module.App.loop
    monkeypatch.setattr(app_module.App, "loop", lambda self, **kwargs: loop(self, 3))
    assert app_module.run(fullscreen=False) == 0
    assert (config_home / "spielabend" / "settings.json").exists()


def test_a_seat_changes_colour_but_never_to_a_taken_one(make_app):
    from client.scenes.setup import SetupScene

    app = make_app()
    app.push(TitleScene(app))
    setup = SetupScene(app, "die_mauer")
    app.push(setup)
    assert [seat.colour for seat in setup.seats] == [0, 1]
    click(app, setup.swatch_rect(0).center)
    frames(app, 1)
    assert setup.seats[0].colour == 2  # 1 is Ben's
    shift = pygame.key.key_code("right shift")
    post(pygame.KEYDOWN, key=shift, mod=0, unicode="", scancode=0)
    frames(app, 1)
    assert setup.seats[0].colour == 3


def test_binding_a_key_in_use_swaps_the_two_jobs(make_app):
    app = make_app()
    app.push(TitleScene(app))
    bindings = BindingsScene(app, "keys1")
    app.push(bindings)
    bindings.waiting = "up"
    key("d")  # "d" is keys1 right
    frames(app, 1)
    keys1 = app.settings.data["keys"]["keys1"]
    assert keys1["up"] == "d" and keys1["right"] == "w"
    assert Intent("keys1", "right") in app.input.translate(event(pygame.KEYDOWN, key=pygame.K_w))
