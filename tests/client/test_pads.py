"""Gamepads through SDL itself: virtual controllers in pygame-ce's own SDL library
(tests.sdl_pads), no synthetic controller event anywhere in this module."""

import pygame
import pytest

from client.input.buttons import label_for
from client.scenes.setup import SetupScene
from client.scenes.title import TitleScene
from client.table.game import BLIND_BUTTONS
from tests.client.conftest import frames, local_table, shoot
from tests.client.drive import pad_hold, pad_press

KINDS = ("xbox", "ps4", "switch", "dualsense")


def setup_with_pads(make_app, pads, game_id="die_mauer"):
    app = make_app()
    app.push(TitleScene(app))
    plugged = [pads.plug(kind, app) for kind in KINDS]
    setup = SetupScene(app, game_id)
    app.push(setup)
    frames(app, 2)
    return app, setup, plugged


def test_the_controller_subsystem_runs_once_the_app_starts(make_app):
    from pygame._sdl2 import controller

    make_app()
    assert controller.get_init()


def test_plugged_pads_are_listed_by_their_kind(make_app, pads):
    app, setup, plugged = setup_with_pads(make_app, pads)
    devices = [pad.device(app) for pad in plugged]
    assert [app.input.device_name(d) for d in devices] == ["Xbox 360 pad", "PS4 pad", "Switch Pro", "DualSense"]
    assert app.input.devices()[3:] == devices
    lines = [setup.device_line(d) for d in devices]
    assert lines == ["Xbox 360 pad: press A to play", "PS4 pad: press \u2715 to play",
                     "Switch Pro: press B to play", "DualSense: press \u2715 to play"]
    shoot(app, "pads_setup_unseated")


def test_four_pads_take_seats_with_four_presses_and_back_leaves(make_app, pads):
    app, setup, plugged = setup_with_pads(make_app, pads)
    for pad in plugged:
        pad.press(app, "confirm")
    devices = [pad.device(app) for pad in plugged]
    assert [seat.control for seat in setup.seats] == ["mouse", *devices]  # the bot's seat, then new ones
    assert "Switch Pro" in setup._seat_text(3)
    shoot(app, "pads_setup_seated")
    plugged[2].press(app, "back")
    assert setup.seats[3].control.startswith("bot:")
    assert app.top is setup  # leaving a seat does not leave the screen
    plugged[2].press(app, "confirm")
    assert setup.seats[3].control == devices[2]


def test_a_pad_names_its_seat_from_a_list_and_is_never_trapped(make_app, pads):
    app, setup, plugged = setup_with_pads(make_app, pads)
    pad = plugged[0]
    pad.press(app, "confirm")  # sits down on seat 1 (Ben), the menu's focus with it
    assert setup.menu.focus == 1
    pad.press(app, "confirm")  # rename its seat
    assert setup.editing == 1
    before = setup.seats[1].name
    pad.press(app, "right")
    assert setup.seats[1].name != before
    pad.press(app, "back")
    assert setup.editing is None and app.top is setup and app.input.text_input is False


def test_labels_are_in_each_pads_own_language(make_app, pads):
    app, setup, plugged = setup_with_pads(make_app, pads)
    devices = [pad.device(app) for pad in plugged]
    confirm = [label_for(app, d, "confirm") for d in devices]
    assert confirm == ["A", "\u2715", "B", "\u2715"]
    assert [label_for(app, d, "back") for d in devices] == ["B", "\u25cb", "A", "\u25cb"]
    assert [label_for(app, d, "peek") for d in devices] == ["LB", "L1", "L", "L1"]
    assert [label_for(app, d, "menu") for d in devices] == ["Start", "Options", "+", "Options"]


def test_the_playstation_symbols_are_drawn_not_missing_glyphs(make_app):
    from client.ui import art
    make_app()
    cross = art.text("\u2715", 40, (255, 255, 255))
    missing = art.font(40).render("\u2715", True, (255, 255, 255))
    square = art.text("\u25a1", 40, (255, 255, 255))
    assert pygame.image.tobytes(cross, "RGBA") != pygame.image.tobytes(square, "RGBA")
    assert cross.get_size() != missing.get_size() or \
        pygame.image.tobytes(cross, "RGBA") != pygame.image.tobytes(missing.convert_alpha(), "RGBA")
    assert art.text_width("A \u2715 B", 40) == art.text("A \u2715 B", 40, (255, 255, 255)).get_width()


def blind_table(app, plugged):
    devices = [pad.device(app) for pad in plugged]
    seats = [(name, device) for name, device in zip(("Anna", "Ben", "Clara", "David"), devices, strict=True)]
    return local_table(app, seats, seed=11), devices


def four_pads_at_die_mauer(make_app, pads, kinds=KINDS):
    """A Die Mauer table of four pads (one per kind), over the title."""
    app = make_app()
    app.push(TitleScene(app))
    plugged = [pads.plug(kind, app) for kind in kinds]
    table, devices = blind_table(app, plugged)
    return app, table, plugged, devices


def test_a_switch_player_pressing_the_printed_button_picks_what_the_legend_says(make_app, pads):
    app, table, plugged, devices = four_pads_at_die_mauer(make_app, pads)
    frames(app, 120)
    switch = 2
    assert table.choosing_blind(switch)
    actions = table.game.blind_actions(switch)
    legend = words_drawn(table, app)
    piece, action = actions[BLIND_BUTTONS.index("confirm")]
    assert any(f"B {piece}" in words for words in legend), legend  # the Switch prints B on its bottom button
    shoot(app, "pads_die_mauer_legends")
    sent = []
    real_send = table.send
    table.send = lambda seat, choice: (sent.append((seat, choice.action)), real_send(seat, choice))
    plugged[switch].press(app, "a")  # SDL's "a" is the bottom button, whatever is printed on it
    plugged[switch].press(app, "a")
    assert sent == [(switch, action)], "pressing B twice locks in the piece the legend names for B"


def test_a_replugged_pad_comes_back_to_its_own_seat_at_the_table(make_app, pads):
    app, table, plugged, devices = four_pads_at_die_mauer(make_app, pads, ("xbox", "dualsense", "switch", "ps4"))
    frames(app, 30)
    plugged[1].unplug()
    frames(app, 2)
    assert any("unplugged" in toast.words for toast in app.toasts.toasts)
    again = pads.plug("dualsense", app)
    assert again.device(app) == devices[1]  # the same seat's device, whatever SDL numbered it
    assert table.choosers[1].device == devices[1]
    assert not any("unplugged" in toast.words for toast in app.toasts.toasts)


def test_pads_replugged_in_the_other_order_keep_their_seats_even_during_pause(make_app, pads):
    app, table, plugged, devices = four_pads_at_die_mauer(make_app, pads)
    frames(app, 30)
    plugged[3].press(app, "menu")  # DualSense's Options: pause
    assert app.top is not table
    plugged[0].unplug()
    plugged[3].unplug()
    frames(app, 2)
    dualsense = pads.plug("dualsense", app)
    xbox = pads.plug("xbox", app)
    assert (xbox.device(app), dualsense.device(app)) == (devices[0], devices[3])
    dualsense.press(app, "back")  # closes the pause menu
    frames(app, 10)
    assert app.top is table
    assert [table.choosers[s].device for s in range(4)] == devices


def test_a_pad_nobody_can_tell_apart_asks_before_taking_a_seat(make_app, pads):
    app, table, plugged, devices = four_pads_at_die_mauer(make_app, pads, ("xbox", "xbox", "switch", "ps4"))
    frames(app, 30)
    plugged[0].unplug()
    plugged[1].unplug()
    frames(app, 2)
    stranger = pads.plug("xbox", app)
    device = stranger.device(app)
    assert device not in devices  # not silently handed Anna's or Ben's secrets
    assert all(table.choosers[s].device == devices[s] for s in range(4))
    assert any("press A to take back Anna's seat" in toast.words for toast in app.toasts.toasts)
    shoot(app, "pads_claim_prompt")
    stranger.press(app, "confirm")
    assert table.choosers[0].device == device


def test_same_frame_presses_of_two_pads_are_not_ordered_by_plugging(make_app, pads):
    app = make_app()
    first, second = pads.plug("xbox", app), pads.plug("ps4", app)
    devices = (first.device(app), second.device(app))
    orders = set()
    for _ in range(40):
        first.set_button("a", True)
        second.set_button("a", True)
        intents = [i for i in app.input.poll() if i.action == "confirm"]
        orders.add(tuple(i.device for i in intents))
        first.set_button("a", False)
        second.set_button("a", False)
        app.input.poll()
    assert orders == {devices, devices[::-1]}


@pytest.mark.parametrize("kind", KINDS)
def test_the_header_names_the_pads_pause_button(make_app, pads, kind):
    app = make_app()
    app.push(TitleScene(app))
    pad = pads.plug(kind, app)
    table = local_table(app, [("Anna", pad.device(app)), ("Ben", "bot:easy")], seed=3)
    expected = {"xbox": "Start", "ps4": "Options", "switch": "+", "dualsense": "Options"}[kind]
    assert table.pause_buttons() == expected
    pad.press(app, "menu")
    assert app.top is not table


def test_held_peek_opens_one_pads_panel_over_the_others_legends(make_app, pads):
    app, table, plugged, devices = four_pads_at_die_mauer(make_app, pads)
    frames(app, 120)
    pad_hold(app, devices[0], "peek", True)
    frames(app, 3)
    assert table.panel_open(0)
    drawn = []
    real_legend, real_panel = table.draw_blind_legend, table.draw_panel
    table.draw_blind_legend = lambda surface, seat, box: (drawn.append(("legend", seat)), real_legend(surface, seat, box))
    table.draw_panel = lambda surface, seat: (drawn.append(("panel", seat)), real_panel(surface, seat))
    table.draw(app.logical)
    assert drawn[-1] == ("panel", 0) and ("legend", 1) in drawn
    shoot(app, "pads_peek_over_legends")
    pad_hold(app, devices[0], "peek", False)
    pad_press(app, devices[0], "up")


def words_drawn(table, app) -> list[str]:
    """Every string the table draws in one frame."""
    from client.ui import art
    drawn: list[str] = []
    real_text = art.text
    art.text = lambda words, *rest, **named: (drawn.append(words), real_text(words, *rest, **named))[1]
    try:
        table.draw(app.logical)
    finally:
        art.text = real_text
    return drawn


@pytest.mark.timeout(240)
@pytest.mark.parametrize("game_id", ["die_mauer", "drunter_druber", "wild_west", "wie_waldi", "architekton"])
def test_every_tables_legends_name_each_pads_own_buttons(make_app, pads, game_id):
    """Each table played by pads of every kind: whenever a seat's blind legend or its
    buttons show, they name that pad's buttons as printed on it (screenshots per table)."""
    from client.table.results import ResultsScene
    from engines import game_info
    from tests.client.drive import act, driver, seat_choices

    app = make_app()
    app.push(TitleScene(app))
    kinds = KINDS[:game_info(game_id).max_players]
    plugged = [pads.plug(kind, app) for kind in kinds]
    devices = [pad.device(app) for pad in plugged]
    seats = list(zip(("Anna", "Ben", "Clara", "David"), devices, strict=False))
    options = {"rounds": 1} if game_id in ("die_mauer", "wie_waldi") else {}
    table = local_table(app, seats, seed=5, game_id=game_id, options=options)
    pick, checked, shot = driver(game_id), set(), False
    for turn in range(400):
        if isinstance(app.top, ResultsScene) or len(checked) == len(devices):
            break
        frames(app, 1, 1 / 20)
        if app.top is not table:
            continue
        drawn = words_drawn(table, app)
        for seat, device in enumerate(devices):
            if table.choosing_blind(seat):
                actions = table.game.blind_actions(seat)
                parts = [f"{label_for(app, device, b)} {label}" for b, (label, _) in zip(BLIND_BUTTONS, actions,
                                                                                          strict=False)
                         if b in ("confirm", "back", "alt", "secret")]
                for part in parts[:1]:  # a short legend may use the d-pad only
                    assert any(part in words for words in drawn), (device, part, drawn)
                checked.add(seat)
        if checked and not shot:
            shoot(app, f"pads_legends_{game_id}")
            shot = True
        for seat in table.choosers:
            choices = seat_choices(table, seat)
            if choices and table.model.pending.get(seat) is None and not table.pacer.busy():
                choice = pick(table, seat, choices, turn)
                if choice is not None:
                    act(app, table, seat, choice)
                    break
    if game_info(game_id).secret_action_types and game_id != "drunter_druber":
        assert checked, "no seat ever chose blind"
    if not shot:
        shoot(app, f"pads_legends_{game_id}")


def test_a_pad_rebinds_its_buttons_and_the_settings_name_them_as_printed(make_app, pads):
    from client.scenes.settings import BindingsScene

    app = make_app()
    app.push(TitleScene(app))
    pad = pads.plug("switch", app)
    bindings = BindingsScene(app, "pad")
    app.push(bindings)
    rows = [item.text() for item in bindings.menu.items]
    assert any(row.endswith("A / \u2715 / B") for row in rows), rows  # confirm: the bottom button on each kind
    peek = next(i for i, row in enumerate(rows) if row.endswith("LB / L1 / L"))
    for _ in range(peek):
        pad.press(app, "down")
    pad.press(app, "confirm")
    assert bindings.waiting is not None
    pad.press(app, "rightshoulder")
    assert bindings.menu.items[peek].text().endswith("RB / R1 / R")
    assert app.settings.data["pad"]["peek"] == "rightshoulder"
    shoot(app, "pads_settings_bindings")
