"""Synthetic mouse, keyboard and controller events play Die Mauer from the title screen
to the results: a mouse seat, a keyboard seat, a gamepad seat and a bot."""

import pygame

from client.scenes.picker import PickerScene
from client.scenes.setup import SetupScene
from client.scenes.title import TitleScene
from client.table.results import ResultsScene
from client.table.scene import TableScene
from tests.client.conftest import click, frames, key, post, shoot
from tests.client.drive import play_to_results

PAD = 7


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


def test_a_full_game_from_title_to_results(make_app):
    app = make_app((1280, 720))  # scaled window: every click goes through the viewport
    app.push(TitleScene(app))
    frames(app, 2)
    set_up_table(app)
    table = app.top
    assert isinstance(table, TableScene) and table.info.id == "die_mauer"
    table.hosting.host.bot_delay = 0.1
    done = play_to_results(app, table, shots="flow")
    assert isinstance(app.top, ResultsScene)
    frames(app, 90)
    shoot(app, "flow_results")
    assert done.get("pad-blind") and done.get("keys") and done.get("mouse"), done
    results = app.top.standings
    assert results.totals == table.hosting.host.state.scores()
    assert sorted(results.winners) == sorted(table.hosting.host.state.winners())
    assert results.lower_wins and results.columns == ["Round 1"]
    assert len(table.model.log) > 3
