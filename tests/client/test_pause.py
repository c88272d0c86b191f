"""The pause menu does what it says (issue 23): at a race or a timed choice the host's pause
stops the game for everyone (bots, timers, LAN peers) and a countdown on every screen
starts it again; at any other game the game goes on, live behind the menu, and its results
show when the menu closes. A Wild West pick's clock counts from when the pick is on screen."""

import time

import pygame
import pytest

from client.games import TABLES
from client.hosting.seats import SeatPlan
from client.scenes.howto import HowToScene
from client.scenes.title import TitleScene
from client.table.pause import PauseScene
from client.table.results import ResultsScene
from client.table.scene import TableScene
from tests.client.conftest import SCREENSHOTS, frames, host_lobby, key, local_table, shoot
from tests.client.drive import act, run_until

pytestmark = pytest.mark.timeout(120)


def start(make_app, game_id, seats, options, bot_delay=None, animation="fast"):
    app = make_app()
    app.settings.animation = animation
    app.push(TitleScene(app))
    table = local_table(app, seats, seed=4, game_id=game_id, options=options, bot_delay=bot_delay)
    frames(app, 5)
    return app, table


def menu_pick(app, words: str) -> None:
    pause = app.top
    assert isinstance(pause, PauseScene)
    labels = [item.text() for item in pause.menu.items]
    for _ in range(labels.index(words)):
        key("down")
    key("return")
    frames(app, 2)


def test_a_paused_race_stands_still_for_the_bots_and_starts_again_after_a_countdown(make_app):
    app, table = start(make_app, "wie_waldi", [("Anna", "keys1"), ("Bot", "bot:hard")], {})
    host = table.hosting.host
    run_until(app, lambda: table.model.view["phase"] == "race" and len(host.log) > 3)
    key("escape")
    frames(app, 2)
    assert isinstance(app.top, PauseScene)
    moves = len(host.log)
    frames(app, 300, dt=1 / 30)  # ten seconds in the menu
    assert len(host.log) == moves  # the bot waited
    assert app.top.what_happens() == "The game stands still for everyone until you resume."
    assert table.model.paused
    shoot(app, "pause_race_menu")
    key("escape")  # resume
    frames(app, 30)
    assert app.top is table and table.model.paused and len(host.log) == moves
    shoot(app, "pause_race_countdown")
    assert table.resume_at is not None and 2.0 < table.resume_at - app.clock <= 3.0
    frames(app, 180)
    assert not table.model.paused
    run_until(app, lambda: len(host.log) > moves, 10)  # the race is on again


def test_the_pick_clock_stands_still_in_the_pause_menu_and_its_how_to_play(make_app):
    seats = [("Anna", "mouse"), ("Ben", "keys1")]
    app, table = start(make_app, "wild_west", seats, {"timer": 4}, bot_delay=0.1)
    game, host = table.game, table.hosting.host
    frames(app, 60)  # a second of the four
    left = game.seconds_left()
    assert 2.5 < left < 3.2
    key("escape")
    frames(app, 2)
    menu_pick(app, "How to play")
    assert isinstance(app.top, HowToScene)
    frames(app, 600)  # ten seconds reading the rules
    key("escape")
    frames(app, 2)
    assert isinstance(app.top, PauseScene)
    key("escape")
    frames(app, 200)  # the countdown, and a little more
    assert host.state.phase == "pick" and not host.state.last_picks and not table.model.paused
    assert game.seconds_left() == pytest.approx(left - 20 / 60, abs=0.2)  # the clock stood still
    column = next(c for c in table.live[0] if c.data is not None)
    act(app, table, 0, column)  # Anna still has her pick; Ben lets his time run out
    run_until(app, lambda: host.state.last_picks, 10)
    assert host.state.last_picks == [column.action["column"], "missed"]


def test_the_pick_clock_counts_from_when_the_pick_is_on_screen(make_app):
    """After a round's writing, the host's timer starts when the new pick shows on the
    hosting screen, not while the writing is still being animated there."""
    app, table = start(make_app, "wild_west", [("Anna", "keys1")], {"timer": 3}, animation="normal")
    host = table.hosting.host
    first = host.state.deal
    column = next(c for c in table.live[0] if c.data is not None)
    act(app, table, 0, column)
    shown_at = timeout_at = None
    for _ in range(60 * 40):
        frames(app, 1)
        if table.live.get(0) and host.state.phase == "write" and table.model.pending.get(0) is None \
                and not table.pacer.busy():
            act(app, table, 0, table.live[0][0])  # write the pair anywhere
        view = table.model.view
        if shown_at is None and view.get("phase") == "pick" and view.get("deal") != first:
            shown_at = app.clock
        if timeout_at is None and host.state.deal != first and host.state.last_picks == ["missed"]:
            timeout_at = app.clock
            break
    assert shown_at is not None and timeout_at is not None
    assert timeout_at - shown_at >= 3.0 - 0.1  # the whole three seconds, on screen


def test_a_game_that_goes_on_stays_live_behind_the_menu_and_shows_its_results_after(make_app):
    app, table = start(make_app, "die_mauer", [("Anna", "keys1"), ("Ben", "bot:easy")], {"rounds": 1},
                       bot_delay=0.05)
    key("escape")
    frames(app, 2)
    pause = app.top
    table.hosting.host.hand_to_bot(0)  # Anna's seat plays by itself meanwhile
    shown = table.model.shown
    run_until(app, lambda: table.model.shown > shown + 3, 20)  # the table behind the menu follows
    assert pause.what_happens() == "The game goes on while this menu is open."
    shoot(app, "pause_goes_on")
    run_until(app, lambda: table.model.result() is not None and not table.pacer.busy(), 60)
    frames(app, 60)
    assert app.top is pause  # the results wait for the menu to close
    key("escape")
    run_until(app, lambda: isinstance(app.top, ResultsScene), 10)


def test_a_hosted_race_pauses_the_lan_peer_too(make_app):
    from netplay.peer import RemoteSession

    app = make_app()
    app.settings.animation = "fast"
    app.flow.start_title(app)
    lobby = host_lobby(app, "wie_waldi", [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)], {})
    zoe = RemoteSession("127.0.0.1", lobby.hosted.handle.port, "Zoe")
    try:
        assert zoe.wait_welcome(5) == 1
        table = run_until(app, lambda: app.top if isinstance(app.top, TableScene) else None, 10)
        peer = TableScene(app, TABLES["wie_waldi"], {1: zoe}, {1: "any"}, [0, 1], players=2, names=["Anna", "Zoe"])
        host = table.hosting.host
        run_until(app, lambda: host.state.phase == "race", 20)
        key("escape")
        frames(app, 2)

        def peer_until(done) -> None:  # Zoe's window, a frame at a time (it is not this app's top)
            deadline = time.monotonic() + 5
            while not done() and time.monotonic() < deadline:
                peer.update(1 / 60)
                time.sleep(0.01)

        peer_until(lambda: peer.model.paused)
        clock = peer.clock
        for _ in range(30):  # half a second of Zoe's frames
            peer.update(1 / 60)
        assert peer.model.paused and peer.resume_at is None and peer.clock == clock  # Zoe's table stands still
        key("escape")
        frames(app, 2)
        peer_until(lambda: peer.resume_at is not None)
        assert peer.model.paused and 2.0 < peer.resume_at - app.clock <= 3.0  # and counts down
        picture = pygame.Surface((1920, 1080))
        peer.draw(picture)
        pygame.image.save(picture, str(SCREENSHOTS / "pause_lan_peer_countdown.png"))
        peer_until(lambda: not peer.model.paused)
        assert not peer.model.paused  # then the race goes on for Zoe too
    finally:
        zoe.close()
        app.flow.title()
