"""ReplayFrames: the game's own table drawn off screen at any size, played in real time,
with the corner caption; the first frame is the table at the step asked for."""

import pygame
import pytest

from client.replay.frames import ReplayFrames, caption_of
from client.replay.player import grid
from netplay.replays import Replay
from tests.client.conftest import SCREENSHOTS
from tests.client.test_replay_viewer import played_save

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def replay(tmp_path):
    pygame.init()
    return Replay.open(played_save(tmp_path, "wild_west", 3, {}))


def test_a_stretch_plays_in_real_time_at_the_size_asked(replay):
    frames = ReplayFrames(replay, (640, 360), caption=caption_of(replay))
    shots = list(frames.frames(10, 13, 20))
    assert all(shot.get_size() == (640, 360) for shot in shots)
    still = ReplayFrames(replay, (640, 360), caption=caption_of(replay)).still(10)
    assert pygame.image.tobytes(shots[0], "RGB") == pygame.image.tobytes(still, "RGB")
    # three steps with their animations and a gap between each: more than a second, less than the bound
    assert 20 < len(shots) < 20 * 60
    assert frames.player.index == 13 and frames.player.tables[0].model.view == replay.view(13, None)
    assert len({pygame.image.tobytes(shot, "RGB") for shot in shots}) > 3  # it moves
    pygame.image.save(shots[len(shots) // 2], str(SCREENSHOTS / "replay_frames_wild_west.png"))
    with pytest.raises(ValueError):
        next(frames.frames(5, len(replay.steps) + 1, 20))


def test_every_seat_side_by_side(replay):
    frames = ReplayFrames(replay, (960, 540), reveal=True)
    picture = frames.still(len(replay.steps))
    assert [table.feed.seat for table in frames.player.tables] == [0, 1, 2, None]
    cells = grid(4, pygame.Rect(0, 0, 1920, 1080))
    assert len(cells) == 4 and all(cell.size == (960, 540) for cell in cells)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(picture, str(SCREENSHOTS / "replay_frames_all_seats.png"))


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("architekton", 2, {}), ("die_mauer", 3, {"rounds": 1}), ("drunter_druber", 3, {}), ("wie_waldi", 2, {}),
    ("wild_west", 3, {})])
def test_every_game_plays_again_on_its_own_table(tmp_path, game_id, players, options):
    """Each game's table takes a replay's feed: it plays steps, and each seat's own table
    holds that seat's view (its secrets) at the end."""
    pygame.init()
    replay = Replay.open(played_save(tmp_path, game_id, players, options))
    frames = ReplayFrames(replay, (320, 180))
    shots = list(frames.frames(0, 3, 10))
    assert frames.player.index == 3 and frames.player.tables[0].model.view == replay.view(3, None)
    assert len(shots) > 3
    last = len(replay.steps)
    every = ReplayFrames(replay, (640, 360), reveal=True)
    every.still(last)
    assert [table.model.seat_views[seat] for seat, table in enumerate(every.player.tables[:players])] == \
        [replay.view(last, seat) for seat in range(players)]
