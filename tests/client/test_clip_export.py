"""Clips (client/replay/export.py): a stretch of a finished game exported as a GIF, WebP and
MP4 decodes (Pillow, PyAV), has the frames and the duration asked for, opens on the table at
its first action (the same picture `ReplayFrames` draws there, caption in the corner), and
every refusal (a bad range, size or format, a moment out of range, a folder that is missing
or cannot be written) is worded and leaves no file behind, nor does a failure half way."""

import os
from fractions import Fraction
from pathlib import Path

import av
import pygame
import pytest
from PIL import Image, ImageChops, ImageSequence

from client.replay.export import FPS, ExportError, encode_clip, export_clip, moment_range
from client.replay.frames import ReplayFrames, caption_of
from netplay.replays import Replay
from tests.replay_saves import finished_records

START, END = 40, 43  # a few steps of Die Mauer: plans, a reveal, builds


@pytest.fixture(scope="module")
def replay():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    return Replay.from_records(finished_records("die_mauer", 3, seed=3))


def image_of(surface: pygame.Surface) -> Image.Image:
    return Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))


def changed(a: Image.Image, b: Image.Image, by: int = 48) -> float:
    """The share of pixels whose colour differs by more than ``by`` in some channel: what a
    lossy encoding blurs stays under it, a piece or a line of words that is not there does not."""
    red, green, blue = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).split()
    most = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return most.point(lambda value: 255 if value > by else 0).histogram()[255] / (a.size[0] * a.size[1])


def opens_on(frame: Image.Image, first: Image.Image, last: Image.Image, lossy: float) -> bool:
    """``frame`` is the table at ``first`` (up to a lossy encoding's ``lossy`` share), not at ``last``."""
    return changed(frame, first) < lossy and changed(frame, first) * 2 < changed(frame, last)


def durations_of(image: Image.Image) -> list[int]:
    """Each stored frame's milliseconds (a WebP tells them once a frame is loaded)."""
    durations = []
    for frame in ImageSequence.Iterator(image):
        frame.load()
        durations.append(frame.info["duration"])
    return durations


def mp4_frames(path: Path) -> tuple[list[Image.Image], float]:
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        frames = [frame.to_image() for frame in container.decode(video=0)]
        return frames, float(stream.duration * stream.time_base)


def test_gif_webp_and_mp4_have_the_frames_and_duration_asked_for_and_open_on_the_table_at_that_action(
        replay, tmp_path):
    drawn = ReplayFrames(replay, (640, 360), False, caption_of(replay))
    expected = sum(1 for _ in drawn.frames(START, END, FPS))  # the table's own pace, at 1x
    first = image_of(drawn.still(START))
    last = image_of(drawn.still(END))
    assert changed(first, last) > 0.005  # the stretch changes the table: a wrong first frame would show
    results = {kind: export_clip(replay, tmp_path / f"clip.{kind}", START, END) for kind in ("gif", "webp", "mp4")}
    for result in results.values():
        assert (result.frames, result.size, result.start, result.end, result.cut_short) == (
            expected, (640, 360), START, END, False)
        assert result.bytes == result.path.stat().st_size > 0

    gif = Image.open(tmp_path / "clip.gif")
    assert sum(durations_of(gif)) == expected * 1000 // FPS  # runs of equal frames are stored once, longer
    gif.seek(0)
    assert gif.size == (640, 360)
    assert opens_on(gif, first, last, 0.001)

    webp = Image.open(tmp_path / "clip.webp")
    assert webp.size == (640, 360) and getattr(webp, "is_animated", False)
    assert sum(durations_of(webp)) == expected * 1000 // FPS
    webp.seek(0)
    assert opens_on(webp, first, last, 0.005)

    frames, seconds = mp4_frames(tmp_path / "clip.mp4")
    assert len(frames) == expected and seconds == pytest.approx(expected / FPS, abs=1 / FPS)
    assert frames[0].size == (640, 360)
    assert opens_on(frames[0], first, last, 0.005)
    assert sorted(os.listdir(tmp_path)) == ["clip.gif", "clip.mp4", "clip.webp"]  # no temporary file left


def test_the_corner_names_the_game_and_its_players(replay, tmp_path):
    assert caption_of(replay) == "Die Mauer: Anna, Ben and Cleo"
    result = export_clip(replay, tmp_path / "big.mp4", START, START, size=(1280, 720), max_seconds=0.1)
    frames, _ = mp4_frames(result.path)
    plain = image_of(ReplayFrames(replay, (1280, 720)).still(START))
    corner = (12, 672, 280, 708)  # bottom left, where the caption's band is
    assert changed(frames[0].crop(corner), plain.crop(corner)) > 0.08
    assert changed(frames[0].crop((700, 0, 1280, 400)), plain.crop((700, 0, 1280, 400))) < 0.005


def test_a_clip_longer_than_asked_is_cut_at_its_seconds(replay, tmp_path):
    result = export_clip(replay, tmp_path / "short.mp4", 0, len(replay.steps), max_seconds=1.5)
    assert result.cut_short and result.frames == 30 and result.seconds == 1.5
    frames, seconds = mp4_frames(result.path)
    assert len(frames) == 30 and seconds == pytest.approx(1.5, abs=0.05)


def test_a_moment_clip_starts_a_little_before_the_moment_and_ends_with_it(replay):
    found = replay.moments()
    assert found
    start, end = moment_range(replay, 1)
    assert (start, end) == (max(0, found[0].start - 3), found[0].end)


@pytest.mark.parametrize(("start", "end", "words"), [
    (5, 2, "from 5 to 2"), (-1, 3, "from -1 to 3"), (0, 10_000, "between 0 and"), (True, 3, "from True to 3"),
    ("1", 3, "from '1' to 3"),
])
def test_a_bad_range_is_refused_in_words_and_writes_nothing(replay, tmp_path, start, end, words):
    with pytest.raises(ExportError) as refused:
        export_clip(replay, tmp_path / "clip.gif", start, end)
    assert refused.value.code == "bad_range" and words in refused.value.reason
    assert os.listdir(tmp_path) == []


def test_a_moment_out_of_range_is_refused_in_words(replay):
    count = len(replay.moments())
    for number in (0, count + 1, 99, -1):
        with pytest.raises(ExportError) as refused:
            moment_range(replay, number)
        assert refused.value.reason == f"There is no moment {number}: this game has {count}."

    class Quiet:  # a game that has no moments at all
        steps = replay.steps

        def moments(self):
            return []

    with pytest.raises(ExportError, match="no moments") as refused:
        moment_range(Quiet(), 1)
    assert refused.value.code == "no_moments"


@pytest.mark.parametrize(("name", "size", "code"), [
    ("clip.png", (640, 360), "unknown_format"), ("clip", (640, 360), "unknown_format"),
    ("clip.gif", (800, 600), "bad_size"), ("clip.gif", "640x360", "bad_size"),
])
def test_a_bad_format_or_size_is_refused_in_words(replay, tmp_path, name, size, code):
    with pytest.raises(ExportError) as refused:
        export_clip(replay, tmp_path / name, START, END, size=size)
    assert refused.value.code == code and refused.value.reason.startswith("A clip is")
    assert os.listdir(tmp_path) == []


def test_a_missing_or_unwritable_folder_is_refused_in_words_and_nothing_is_left(replay, tmp_path):
    with pytest.raises(ExportError) as refused:
        export_clip(replay, tmp_path / "nowhere" / "clip.gif", START, END)
    assert refused.value.code == "no_folder" and "nowhere" in refused.value.reason
    with pytest.raises(ExportError) as refused:
        export_clip(replay, tmp_path, START, END)  # a folder's name, not a file's
    assert refused.value.code in ("unknown_format", "is_folder")
    (tmp_path / "folder.gif").mkdir()
    with pytest.raises(ExportError) as refused:
        export_clip(replay, tmp_path / "folder.gif", START, END)
    assert refused.value.code == "is_folder"
    if os.geteuid() == 0:  # root writes anywhere a mode allows nobody: /proc takes no new files
        locked = Path("/proc")
    else:
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
    try:
        with pytest.raises(ExportError) as refused:
            export_clip(replay, locked / "clip.mp4", START, END)
        assert refused.value.reason == f"The clip cannot be saved in {locked}: it may not be written to."
        assert not (locked / "clip.mp4").exists()
    finally:
        if locked != Path("/proc"):
            locked.chmod(0o700)
    assert sorted(os.listdir(tmp_path)) == ["folder.gif"] + (["locked"] if locked != Path("/proc") else [])


def coloured(count: int):
    for shade in range(count):
        surface = pygame.Surface((640, 360))
        surface.fill((shade * 3 % 256, 80, 120))
        pygame.draw.circle(surface, (250, 250, 250), (shade * 7 % 640, 180), 40)
        yield surface


@pytest.mark.parametrize("kind", ["gif", "webp", "mp4"])
def test_a_failure_half_way_leaves_no_half_written_clip(tmp_path, kind):
    def surfaces():
        yield from coloured(80)  # an MP4 has written much of itself by now
        raise RuntimeError("the table broke")

    (tmp_path / f"clip.{kind}").write_bytes(b"an older clip")
    with pytest.raises(RuntimeError):
        encode_clip(surfaces(), tmp_path / f"clip.{kind}", kind, (640, 360), FPS)
    assert os.listdir(tmp_path) == [f"clip.{kind}"]
    assert (tmp_path / f"clip.{kind}").read_bytes() == b"an older clip"  # the old one is untouched


@pytest.mark.parametrize("kind", ["gif", "webp"])
def test_a_full_disk_while_saving_is_worded_and_leaves_nothing(tmp_path, kind, monkeypatch):
    def save_half(image, fp, *args, **kwargs):
        Path(fp).write_bytes(b"GIF89a half a clip")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Image.Image, "save", save_half)
    with pytest.raises(ExportError) as refused:
        encode_clip(coloured(5), tmp_path / f"clip.{kind}", kind, (640, 360), FPS)
    assert refused.value.code == "cannot_write"
    assert refused.value.reason == f"The clip {tmp_path / f'clip.{kind}'} could not be written (No space left on device)."
    assert os.listdir(tmp_path) == []


def test_mp4_frames_are_timed_one_frame_apart(tmp_path):
    surfaces = []
    for shade in range(10):
        surface = pygame.Surface((640, 360))
        surface.fill((shade * 20, 0, 0))
        surfaces.append(surface)
    count, cut = encode_clip(surfaces, tmp_path / "c.mp4", "mp4", (640, 360), 10)
    with av.open(str(tmp_path / "c.mp4")) as container:
        times = [frame.time for frame in container.decode(video=0)]
    assert (count, cut) == (10, False)
    assert [Fraction(t).limit_denominator(100) for t in times] == [Fraction(i, 10) for i in range(10)]


@pytest.mark.parametrize(("kind", "bytes_each"), [("gif", 1), ("webp", 3)])
def test_a_gif_or_webp_too_big_to_hold_ends_where_it_fits_and_says_so(tmp_path, monkeypatch, kind, bytes_each):
    from client.replay import export

    monkeypatch.setattr(export, "FRAME_BUDGET", 640 * 360 * bytes_each * 4)  # four different pictures
    grey = pygame.Surface((640, 360))
    grey.fill((90, 90, 90))
    still = [grey] * 3  # a table standing still for three frames is held once
    later = list(coloured(10))
    count, cut = encode_clip(still + later, tmp_path / f"clip.{kind}", kind, (640, 360), FPS,
                             colours_of=later[-1:])  # a GIF's palette: the first frame's and the last's colours
    assert (count, cut) == (6, True)
    assert durations_of(Image.open(tmp_path / f"clip.{kind}")) == [150, 50, 50, 50]
