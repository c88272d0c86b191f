"""The window drives its hosts whatever is on top; the title falls into the attract mode
after a minute alone and leaves it on any input; a menu nobody touches comes to rest."""

import pygame

from client.scenes.title import ATTRACT_AFTER, TitleScene
from client.table.pause import PauseScene
from client.table.scene import TableScene
from tests.client.conftest import frames, key, local_table, post, shoot


def test_the_host_runs_on_while_the_pause_menu_is_up_and_the_table_behind_it_follows(make_app):
    """Die Mauer goes on while the pause menu is up (issue 23: only a race or a timed
    choice stands still): the table behind the menu shows what the bots do."""
    app = make_app()
    table = local_table(app, [("Anna", "keys1"), ("Ben", "bot:hard"), ("Cleo", "bot:hard")], seed=2, bot_delay=0.3)
    frames(app, 2)
    key("escape")
    frames(app, 2)
    assert isinstance(app.top, PauseScene)
    shown = table.model.shown
    frames(app, 60)
    assert table.hosting.host.now == app.clock  # ticked every frame with the app's clock
    assert table.hosting.host.state.plans.locked.count(True) == 2  # the bots chose meanwhile...
    assert table.model.shown >= shown + 2 and 1 in table.model.view["plans"]["locked"]  # ...and it shows


def test_the_title_falls_into_the_attract_mode_and_any_input_leaves_it(make_app):
    app = make_app()
    title = TitleScene(app)
    app.push(title)
    frames(app, int(ATTRACT_AFTER) - 2, dt=1.0)
    assert app.top is title
    frames(app, 4, dt=1.0)
    demo = app.top
    assert isinstance(demo, TableScene) and demo.demo and not demo.choosers  # bots at every seat
    assert app.hosts == [demo.hosting.host]
    frames(app, 240)
    assert len(demo.model.log) > 0  # they play
    shoot(app, "attract_mode")
    post(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    key("w")
    frames(app, 2)
    assert app.top is title and not app.hosts and demo.closed


def test_a_demo_plays_game_after_game(make_app):
    app = make_app()
    app.settings.animation = "instant"
    app.flow.demo("die_mauer", players=3, seed=4)
    first = app.top
    first.hosting.host.bot_delay = 0.02
    for _ in range(3000):
        frames(app, 1)
        if isinstance(app.top, TableScene) and app.top is not first:
            break
    assert isinstance(app.top, TableScene) and app.top.demo and app.top is not first


def test_a_menu_nobody_touches_comes_to_rest(make_app):
    app = make_app()
    app.push(TitleScene(app))
    frames(app, 30)
    assert not app.resting()
    frames(app, 300)
    assert app.resting()  # nothing moves: the loop may sleep until input
    key("down")
    frames(app, 1)
    assert not app.resting()
