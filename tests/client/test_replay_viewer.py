"""The replay viewer, driven as players drive it: the mouse drags the timeline, SDL virtual
pads step back past a reveal and show every secret once the game is over, the keyboard plays
it on; a damaged journal shows what it can and says what it could not read."""

from functools import partial

import pygame
import pytest

from client.replay import bar
from client.replay.scene import ReplayScene
from netplay.host import Host
from netplay.replays import Replay
from tests.client.conftest import drawn_lines, frames, post, shoot

pytestmark = pytest.mark.timeout(120)
NAMES = ["Anna", "Ben", "Clara"]


def played_save(folder, game_id: str = "die_mauer", players: int = 3, options=None, seed: int = 3):
    """A game played to its end by bots, saved as the host saves it: its path."""
    path = folder / f"{game_id}.save"
    host = Host(game_id, players, seed=seed, options=options if options is not None else {"rounds": 1},
                seats=[{"kind": "bot"}] * players, names=NAMES[:players], bot_delay=0, save_path=path)
    now = 0.0
    for _ in range(100_000):
        if host.is_over():
            break
        now += 0.05
        host.tick(now)
    assert host.is_over()
    host.close_save()
    return path


@pytest.fixture
def replay(tmp_path):
    return Replay.open(played_save(tmp_path))


def viewer(make_app, replay, **where) -> tuple:
    app = make_app()
    from client.scenes.title import TitleScene

    app.push(TitleScene(app))
    scene = app.flow.watch(partial(lambda r: r, replay), **where)
    frames(app, 2)
    assert app.top is scene and isinstance(scene, ReplayScene)
    return app, scene


def mouse(app, kind, pos) -> None:
    window = app.viewport.to_window(pos)
    if kind == pygame.MOUSEMOTION:
        post(kind, pos=window, rel=(0, 0), buttons=(1, 0, 0))
    else:
        post(kind, pos=window, button=1)


def shown_view(scene, number: int = 0):
    return scene.player.tables[number].model.view


def test_the_mouse_drags_the_timeline_and_the_table_follows(make_app, replay):
    app, scene = viewer(make_app, replay)
    last = len(replay.steps)
    y = bar.TIMELINE.centery
    mouse(app, pygame.MOUSEBUTTONDOWN, (bar.x_of(0, last), y))
    frames(app, 2)
    assert scene.dragging
    for share in (0.2, 0.5, 0.7):  # the table follows the knob while it is dragged
        x = bar.TIMELINE.left + round(bar.TIMELINE.width * share)
        mouse(app, pygame.MOUSEMOTION, (x, y))
        frames(app, 2)
        assert scene.index == bar.index_at(x, last)
        assert shown_view(scene) == replay.view(scene.index, None)
    mouse(app, pygame.MOUSEBUTTONUP, (x, y))
    frames(app, 2)
    assert not scene.dragging and scene.index == bar.index_at(x, last) > 0
    shoot(app, "replay_scrubbed")
    # a click on a button: one action back
    back = next(button for button in scene.buttons if button.key == "back")
    before = scene.index
    mouse(app, pygame.MOUSEMOTION, back.rect.center)
    mouse(app, pygame.MOUSEBUTTONDOWN, back.rect.center)
    mouse(app, pygame.MOUSEBUTTONUP, back.rect.center)
    frames(app, 2)
    assert scene.index == before - 1


def test_a_pad_steps_back_past_a_reveal_and_the_view_is_as_before_it(make_app, pads, replay):
    reveal = next(step.index for step in replay.steps if any(e["type"] == "reveal" for e in step.events))
    app, scene = viewer(make_app, replay, start=reveal - 1)
    pad = pads.plug("xbox", app)
    pad.press(app, "right")  # the reveal plays on the table
    assert scene.index == reveal
    assert scene.player.showing()  # its animation runs
    frames(app, 30)
    shoot(app, "replay_reveal")
    for _ in range(3):  # 8x: the reveal plays on sooner
        pad.press(app, "up")
    assert scene.speed == 8.0 and scene.index == reveal
    for _ in range(20):  # the table shows the reveal's view once its animations have played
        if not scene.player.showing():
            break
        frames(app, 30)
    assert shown_view(scene) == replay.view(reveal, None)
    pad.press(app, "left")  # back past it: the table as it was before, nothing revealed
    frames(app, 2)
    assert scene.index == reveal - 1
    assert shown_view(scene) == replay.view(reveal - 1, None)
    assert shown_view(scene)["last_reveal"] != replay.view(reveal, None)["last_reveal"]
    assert not scene.player.showing()  # no reveal played backwards
    # the right stick sweeps the timeline, the shoulders go a round at a time (one round
    # here: back to its start, then on to the end)
    pad.set_axis("rightx", 32767)
    frames(app, 30)
    pad.set_axis("rightx", 0)
    frames(app, 2)
    swept = scene.index
    assert swept > reveal + 3 and shown_view(scene) == replay.view(swept, None)
    pad.press(app, "leftshoulder")
    assert scene.index == max(start for start in replay.rounds() if start < swept)
    pad.press(app, "rightshoulder")
    later = [start for start in replay.rounds() if start > scene.index]
    assert scene.index == (later[0] if later else len(replay.steps))


def test_a_pad_shows_every_seats_secrets_once_over_then_one_seat_at_a_time(make_app, pads, replay):
    app, scene = viewer(make_app, replay)
    pad = pads.plug("ps4", app)
    post(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)
    frames(app, 2)
    last = len(replay.steps)
    assert scene.index == last
    hidden = [table.model.view for table in scene.player.tables]
    assert hidden == [replay.view(last, None)]
    pad.press(app, "secret")  # every seat's own table: all their pieces
    assert [table.feed.seat for table in scene.player.tables] == [0, 1, 2, None]  # and the shared screen
    assert scene.player.tables[3].model.view == replay.view(last, None)
    for seat, table in enumerate(scene.player.tables[:3]):
        assert table.model.seat_views[seat] == replay.view(last, seat)
        assert table.panel_open(seat)  # its secrets show, as on that seat's own screen
    words = [line.words for line in drawn_lines(app)]
    assert "Secrets: every seat" in words
    shoot(app, "replay_secrets_all")
    pad.press(app, "secret")  # one seat at a time
    assert [table.feed.seat for table in scene.player.tables] == [0]
    assert "Secrets: Anna" in [line.words for line in drawn_lines(app)]
    pad.press(app, "left")  # and it stays shown while stepping
    assert scene.player.tables[0].model.seat_views[0] == replay.view(last - 1, 0)
    shoot(app, "replay_secrets_anna")
    for _ in range(3):
        pad.press(app, "secret")
    assert [table.feed.seat for table in scene.player.tables] == [None]


def test_the_keyboard_plays_at_eight_times_and_jumps_to_a_moment(make_app, replay):
    app, scene = viewer(make_app, replay)
    for _ in range(3):  # up: faster, to 8x
        post(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode="", scancode=0)
        post(pygame.KEYUP, key=pygame.K_UP, mod=0, unicode="", scancode=0)
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    frames(app, 2)
    assert scene.speed == 8.0 and scene.playing
    frames(app, 120)
    assert scene.index >= 4 and shown_view(scene) is not None
    shoot(app, "replay_playing")
    found = replay.moments()
    assert found, "a Die Mauer game of bots names its moments"
    post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0)
    frames(app, 1)
    assert scene.focus == 0 and scene.playing
    assert found[0].start - 1 <= scene.index <= found[0].start


def test_a_damaged_journal_shows_what_it_can_and_says_what_it_could_not_read(make_app, tmp_path):
    path = played_save(tmp_path)
    lines = path.read_bytes().split(b"\n")
    acts = [i for i, line in enumerate(lines) if b'"k":"act"' in line]
    broken = lines[:acts[20]] + [lines[acts[20]][:-7] + b"garbage"] + lines[acts[20] + 1:]
    path.write_bytes(b"\n".join(broken))
    replay = Replay.open(path)
    assert replay.problem and len(replay.steps) == 20
    app, scene = viewer(make_app, replay)
    post(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)
    frames(app, 2)
    assert scene.index == 20 and shown_view(scene) == replay.view(20, None)
    said = " ".join(line.words for line in drawn_lines(app))
    assert "Only part of this game could be read" in said
    shoot(app, "replay_damaged")


def test_a_game_from_before_replays_were_kept_says_so(make_app):
    from client.ui.scene import MessageScene

    app = make_app()
    from client.scenes.title import TitleScene

    app.push(TitleScene(app))
    assert app.flow.watch(partial(Replay.from_kept, None)) is None
    frames(app, 2)
    assert isinstance(app.top, MessageScene)
    said = " ".join(line.words for line in drawn_lines(app))
    assert "This game was played before replays were kept." in said
