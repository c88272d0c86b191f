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
    assert [table.feed.seat for table in frames.player.tables] == [0, 1, 2]
    cells = grid(3, pygame.Rect(0, 0, 1920, 1080))
    assert len(cells) == 3 and all(cell.size == (960, 540) for cell in cells)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(picture, str(SCREENSHOTS / "replay_frames_all_seats.png"))
