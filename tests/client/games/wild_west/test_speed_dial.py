"""Wild West's speed mode on a busy machine: the dial shows the host's remaining time to
the second, however few frames the window manages (WW-10), and across a pause."""

import math

from client.games.wild_west.layout import TIMER_CENTRE, TIMER_RADIUS
from client.scenes.title import TitleScene
from tests.client.conftest import drawn_lines, frames, local_table, shoot

GAME = "wild_west"


def dial_reads(app) -> int:
    """The number drawn in the timer's dial in one frame."""
    drawn = drawn_lines(app)
    near = [line.words for line in drawn if line.words.isdigit()
            and math.dist(line.rect.center, TIMER_CENTRE) < TIMER_RADIUS]
    assert len(near) == 1, near
    return int(near[0])


def host_left(app) -> float:
    host = app.top.hosting.host
    due = host.next_due()  # nobody but the timer wants the clock: two people, no bots
    assert due is not None
    return due - app.clock


def test_the_dial_shows_the_hosts_time_left_at_four_frames_a_second(make_app):
    app = make_app()
    app.push(TitleScene(app))
    table = local_table(app, [("Anna", "mouse"), ("Ben", "keys1")], seed=4, game_id=GAME, options={"timer": 20})
    frames(app, 5)
    assert dial_reads(app) == 20
    frames(app, 48, dt=0.25)  # twelve seconds at four frames a second
    left = host_left(app)
    assert 7 < left < 8.1
    shoot(app, "wild_west_speed_dial_slow_machine")
    assert dial_reads(app) == math.ceil(left), (dial_reads(app), left)
    assert abs(table.game.seconds_left() - left) < 0.3


def test_the_dial_stands_still_while_the_game_is_paused(make_app):
    app = make_app()
    app.push(TitleScene(app))
    table = local_table(app, [("Anna", "mouse"), ("Ben", "keys1")], seed=4, game_id=GAME, options={"timer": 20})
    frames(app, 5)
    frames(app, 20, dt=0.25)
    host = table.hosting.host
    host.pause(app.clock)
    frames(app, 40, dt=0.25)  # ten seconds paused
    host.unpause(app.clock)
    frames(app, 30, dt=0.1)  # the countdown, then the game goes on
    left = host_left(app)
    assert dial_reads(app) == math.ceil(left), (dial_reads(app), left)
    assert abs(table.game.seconds_left() - left) < 0.3
