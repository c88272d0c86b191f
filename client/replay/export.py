"""Clips: a stretch of a replay (a moment, or a range of steps) as an animated GIF or WebP
(Pillow) or an MP4 (PyAV), drawn off screen by `client.replay.frames.ReplayFrames` at
640x360 or 1280x720 with the game's name and the players' in the corner.

Everything that can be checked is checked before a frame is drawn (the format, the size,
the range, the folder), each refusal an `ExportError` in words. The clip is written to a
hidden temporary file beside its target and renamed into place only once whole, so a
failure (or Ctrl+C) never leaves half a clip behind.

MP4 goes through PyAV, not imageio-ffmpeg: its wheels carry FFmpeg's libraries (x264
among them) and it encodes in this process, frame by frame from memory, with each frame's
time set exactly; imageio-ffmpeg would run an ffmpeg program and pipe raw frames to it.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from engines.errors import N_
from netplay.errors import NetplayError

if TYPE_CHECKING:
    from PIL import Image

FORMATS = {".gif": "gif", ".webp": "webp", ".mp4": "mp4"}
SIZES = ((640, 360), (1280, 720))
FPS = 20  # a GIF counts time in hundredths of a second: 20 frames a second is exactly 5 each
LEAD_IN = 2  # steps a moment's clip shows before the moment itself
MAX_SECONDS = 30.0  # a clip to share is short; a longer stretch is cut here (ExportResult says so)
UNWRITABLE = N_("The clip cannot be saved in {folder}: it may not be written to.")
# Pillow holds a GIF's or WebP's pictures until it saves them (1 byte a pixel for a GIF, 3 for
# a WebP): a clip ends where they would take more than this.
FRAME_BUDGET = 160_000_000
GIF_COLOURS = 255  # one palette for the whole clip (a still table keeps its colours: small frames)


class ExportError(NetplayError):
    """A clip that cannot be made: ``code`` for programs, ``say`` (an English message id) and
    ``data`` for a reader's own language, ``reason`` in English."""


@dataclass(frozen=True)
class ExportResult:
    path: Path
    kind: str  # "gif", "webp" or "mp4"
    size: tuple[int, int]
    fps: int
    frames: int  # frames drawn (a GIF or WebP merges runs of equal ones: same duration, fewer stored)
    start: int  # the clip opens on the table after this many steps
    end: int  # and plays up to this step
    bytes: int
    cut_short: bool  # the stretch ran longer than MAX_SECONDS (or FRAME_BUDGET): the clip stops there

    @property
    def seconds(self) -> float:
        return self.frames / self.fps


# --- the checks, before anything is drawn --------------------------------------------------------
def clip_kind(path: str | os.PathLike[str]) -> str:
    """"gif", "webp" or "mp4" from the file name; ExportError for another ending."""
    kind = FORMATS.get(Path(path).suffix.lower())
    if kind is None:
        raise ExportError("unknown_format", N_("A clip is a .gif, .webp or .mp4 file, not {name}."),
                          {"name": Path(path).name or str(path)})
    return kind


def check_size(size: Any) -> tuple[int, int]:
    if not isinstance(size, tuple | list) or tuple(size) not in SIZES:
        raise ExportError("bad_size", N_("A clip is 640x360 or 1280x720, not {size}."),
                          {"size": "x".join(str(part) for part in size) if isinstance(size, tuple | list)
                           else repr(size)[:40]})
    return int(size[0]), int(size[1])


def check_range(replay: Any, start: Any, end: Any) -> tuple[int, int]:
    """``start`` and ``end`` as a clip's range of ``replay``: whole steps, 0 <= start <= end <= last."""
    last = len(replay.steps)
    if not _whole(start) or not _whole(end) or not 0 <= start <= end <= last:
        raise ExportError("bad_range", N_("A clip runs from action A to a later action B, both between 0 and "
                                          "{last}; not from {start} to {end}."),
                          {"last": last, "start": _shown(start), "end": _shown(end)})
    return start, end


def moment_range(replay: Any, number: Any) -> tuple[int, int]:
    """The range of the replay's moment ``number`` (1-based, best first, as `Replay.moments`
    lists them): from `LEAD_IN` steps before it to its last step."""
    moments = replay.moments()
    if not _whole(number) or not 1 <= number <= len(moments):
        if not moments:
            raise ExportError("no_moments", N_("This game has no moments to make a clip of; choose a range of "
                                               "actions instead."))
        raise ExportError("no_such_moment", N_("There is no moment {number}: this game has {count}."),
                          {"number": _shown(number), "count": len(moments)})
    moment = moments[number - 1]
    last = len(replay.steps)
    end = max(0, min(moment.end, last))
    return max(0, min(moment.start - 1 - LEAD_IN, end)), end


def check_folder(path: str | os.PathLike[str]) -> Path:
    """``path`` made absolute, its folder there and writable; ExportError otherwise."""
    path = Path(path).expanduser().absolute()
    folder = path.parent
    if not folder.is_dir():
        raise ExportError("no_folder", N_("There is no folder {folder} to save the clip in."), {"folder": str(folder)})
    if path.is_dir():
        raise ExportError("is_folder", N_("{path} is a folder, not a file name for the clip."), {"path": str(path)})
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ExportError("unwritable", UNWRITABLE, {"folder": str(folder)})
    return path


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: Any) -> str:
    return str(value) if _whole(value) else repr(value)[:40]


# --- drawing and encoding ------------------------------------------------------------------------------
def export_clip(replay: Any, path: str | os.PathLike[str], start: int, end: int, size: tuple[int, int] = SIZES[0],
                fps: int = FPS, reveal: bool | int = False, caption: str | None = None,
                max_seconds: float = MAX_SECONDS) -> ExportResult:
    """Steps ``start..end`` of ``replay`` (a `netplay.replays.Replay`) as a clip at ``path``:
    the table after ``start`` steps, then each step to ``end`` played in real time at 1x.
    ``caption``: the corner's words (default: the game's name and the players'); ``reveal``
    as `ReplayFrames` takes it. ExportError for a bad format, size, range or folder."""
    kind = clip_kind(path)
    size = check_size(size)
    start, end = check_range(replay, start, end)
    if not _whole(fps) or not 1 <= fps <= 60:
        raise ExportError("bad_fps", N_("A clip has 1 to 60 frames a second, not {fps}."), {"fps": _shown(fps)})
    target = check_folder(path)
    # the table's drawing is imported only once everything is checked
    from client.replay.frames import ReplayFrames, caption_of

    drawing = ReplayFrames(replay, size, reveal, caption_of(replay) if caption is None else caption)
    last = drawing.still(end) if kind == "gif" else None  # its colours join the GIF's palette
    drawn, cut_short = encode_clip(drawing.frames(start, end, fps), target, kind, size, fps,
                                   max_frames=max(1, round(max_seconds * fps)), colours_of=[last] if last is not None else [])
    return ExportResult(target, kind, size, fps, drawn, start, end, target.stat().st_size, cut_short)


def encode_clip(surfaces: Iterable[pygame.Surface], path: Path, kind: str, size: tuple[int, int], fps: int,
                max_frames: int | None = None, colours_of: Sequence[pygame.Surface] = ()) -> tuple[int, bool]:
    """Encode ``surfaces`` (each ``size``) as a ``kind`` clip at ``path``, written whole or not
    at all; (frames encoded, whether `max_frames` cut it short). ExportError if it cannot be
    written; a surface of another size is scaled to ``size``. ``colours_of``: pictures whose
    colours a GIF's one palette takes in besides the first frame's (the clip's last one)."""
    counted = _Counted(surfaces, size, max_frames, colours_of)
    try:
        fd, temp_name = tempfile.mkstemp(prefix=f".{path.stem[:40]}-", suffix=f".part{path.suffix}", dir=path.parent)
    except OSError:  # a folder its mode let through (root's) that still takes no file: /proc, a full disk
        raise ExportError("unwritable", UNWRITABLE, {"folder": str(path.parent)}) from None
    os.close(fd)
    temp = Path(temp_name)
    try:
        ENCODERS[kind](counted, temp, size, fps)
        if counted.count == 0:
            raise ExportError("no_frames", N_("There was nothing to draw for this clip."))
        os.replace(temp, path)
    except OSError as error:
        raise _unwritable(path, error) from None
    finally:
        with contextlib.suppress(OSError):
            temp.unlink()
    return counted.count, counted.cut_short


def _unwritable(path: Path, error: OSError) -> ExportError:
    return ExportError("cannot_write", N_("The clip {path} could not be written ({why})."),
                       {"path": str(path), "why": str(error.strerror or error)})


class _Counted:
    """The surfaces to encode, counted, scaled to the clip's size, and cut at ``limit``."""

    def __init__(self, surfaces: Iterable[pygame.Surface], size: tuple[int, int], limit: int | None,
                 colours_of: Sequence[pygame.Surface] = ()):
        self.surfaces, self.size, self.limit, self.colours_of = surfaces, size, limit, colours_of
        self.count, self.cut_short = 0, False

    def __iter__(self) -> Iterator[pygame.Surface]:
        for surface in self.surfaces:
            if self.limit is not None and self.count >= self.limit:
                self.cut_short = True
                return
            if surface.get_size() != self.size:
                surface = pygame.transform.smoothscale(surface.convert_alpha() if surface.get_bitsize() != 32
                                                       else surface, self.size)
            self.count += 1
            yield surface

    def cut_before_last(self) -> None:
        """The frame just handed out is not kept: the clip ends before it."""
        self.count -= 1
        self.cut_short = True


def _held(frames: _Counted, fps: int, keep: Callable[[bytes], Image.Image], bytes_each: int
          ) -> tuple[list[Image.Image], list[int]]:
    """The pictures a GIF or WebP is saved from, each run of equal frames held once, and each
    one's milliseconds (summing to exactly the frames' time). Pillow holds every picture until
    it saves: past `FRAME_BUDGET` bytes of them, the clip ends there."""
    images: list[Image.Image] = []
    runs: list[int] = []
    previous = b""
    for surface in frames:
        data = pygame.image.tobytes(surface, "RGB")
        if data == previous:
            runs[-1] += 1
            continue
        if (len(images) + 1) * bytes_each > FRAME_BUDGET:
            frames.cut_before_last()
            break
        images.append(keep(data))
        runs.append(1)
        previous = data
    durations, shown = [], 0
    for run in runs:  # whole milliseconds that add up to the frames' own time
        durations.append(round((shown + run) * 1000 / fps) - round(shown * 1000 / fps))
        shown += run
    return images, durations


def _encode_gif(frames: _Counted, path: Path, size: tuple[int, int], fps: int) -> None:
    """One palette for every frame (from the first frame and the `colours_of` pictures), no
    dithering: a table standing still stays the same bytes, so Pillow stores only what moved."""
    from PIL import Image

    palette: list[Image.Image] = []

    def keep(data: bytes) -> Image.Image:
        image = Image.frombytes("RGB", size, data)
        if not palette:
            sheet = Image.new("RGB", (size[0], size[1] * (1 + len(frames.colours_of))))
            for row, picture in enumerate([image] + [_picture(s, size) for s in frames.colours_of]):
                sheet.paste(picture, (0, row * size[1]))
            palette.append(sheet.quantize(GIF_COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE))
        return image.quantize(palette=palette[0], dither=Image.Dither.NONE)

    images, durations = _held(frames, fps, keep, size[0] * size[1])
    if images:
        images[0].save(path, format="GIF", save_all=True, append_images=images[1:], duration=durations,
                       loop=0, optimize=False, disposal=1)


def _picture(surface: pygame.Surface, size: tuple[int, int]) -> Image.Image:
    from PIL import Image

    if surface.get_size() != size:
        surface = pygame.transform.smoothscale(surface.convert_alpha(), size)
    return Image.frombytes("RGB", size, pygame.image.tobytes(surface, "RGB"))


def _encode_webp(frames: _Counted, path: Path, size: tuple[int, int], fps: int) -> None:
    from PIL import Image

    images, durations = _held(frames, fps, lambda data: Image.frombytes("RGB", size, data), size[0] * size[1] * 3)
    if images:
        images[0].save(path, format="WEBP", save_all=True, append_images=images[1:], duration=durations,
                       loop=0, quality=80, method=2, minimize_size=False)


def _encode_mp4(frames: _Counted, path: Path, size: tuple[int, int], fps: int) -> None:
    """H.264 in yuv420p (what every phone and browser plays), each frame 1/fps long."""
    import av

    with av.open(str(path), mode="w", format="mp4", options={"movflags": "+faststart"}) as container:
        stream = container.add_stream("libx264", rate=fps, options={"crf": "28", "preset": "veryfast"})
        stream.width, stream.height = size
        stream.pix_fmt = "yuv420p"
        stream.time_base = Fraction(1, fps)
        for index, surface in enumerate(frames):
            frame = av.VideoFrame.from_bytes(pygame.image.tobytes(surface, "RGBA"), size[0], size[1], format="rgba")
            frame.pts = index
            frame.time_base = Fraction(1, fps)
            container.mux(stream.encode(frame))
        container.mux(stream.encode(None))


ENCODERS: dict[str, Callable[[_Counted, Path, tuple[int, int], int], None]] = {
    "gif": _encode_gif, "webp": _encode_webp, "mp4": _encode_mp4,
}
