"""`spielabend replay` as a user runs it (a subprocess, no display): a finished game's moments
listed, clips exported with no window, the viewer opened, and every bad input one worded line
on stderr, exit status 2, no traceback and no file written."""

import os
import subprocess
import sys
from pathlib import Path

import av
import pytest
from PIL import Image

from tests.replay_saves import write_save


def run_replay(*args, cwd=None):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["SDL_AUDIODRIVER"] = "dummy"
    return subprocess.run([sys.executable, "-m", "client", "replay", *map(str, args)], capture_output=True,
                          text=True, timeout=120, env=env, cwd=cwd)


@pytest.fixture(scope="module")
def save(tmp_path_factory):
    return write_save(tmp_path_factory.mktemp("saves") / "mauer.save", "die_mauer", 3, seed=3)


def test_moments_are_listed_numbered_best_first(save):
    done = run_replay(save, "--moments")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("1. ") and "(actions " in lines[0]
    assert any("Anna" in line or "Ben" in line or "Cleo" in line for line in lines)


def test_a_moment_exports_as_a_gif_and_a_range_as_a_720p_mp4_with_no_display(save, tmp_path):
    done = run_replay(save, "--export", tmp_path / "best.gif", "--moment", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Saved {tmp_path / 'best.gif'}: ")
    gif = Image.open(tmp_path / "best.gif")
    assert gif.size == (640, 360) and gif.n_frames > 1

    done = run_replay(save, "--export", tmp_path / "range.mp4", "--from", "10", "--to", "12", "--size", "1280x720")
    assert done.returncode == 0, done.stderr
    assert "actions 10 to 12" in done.stdout
    with av.open(str(tmp_path / "range.mp4")) as container:
        frames = list(container.decode(video=0))
    assert frames and (frames[0].width, frames[0].height) == (1280, 720)
    assert sorted(os.listdir(tmp_path)) == ["best.gif", "range.mp4"]


def test_the_viewer_opens_in_the_window(save, tmp_path):
    done = run_replay(save, "--moment", "1", "--frames", "3", "--screenshot", tmp_path / "viewer.png")
    assert done.returncode == 0, done.stderr
    assert Image.open(tmp_path / "viewer.png").size == (1920, 1080)


def test_the_window_opens_the_viewer_at_the_moment_asked(save, monkeypatch, tmp_path):
    import client.app
    from client.cli import replay as command
    from client.replay.scene import ReplayScene

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    opened = []

    def run(fullscreen=False, start=None, frames=None, seconds=None, screenshot=None):
        app = client.app.App(window_size=(1280, 720))
        try:
            start(app)
            opened.append(app.top)
        finally:
            app.quit()
        return 0

    monkeypatch.setattr(client.app, "run", run)
    assert command.main([str(save), "--moment", "1"], lambda: True) == 0
    [viewer] = opened
    assert isinstance(viewer, ReplayScene) and viewer.focus == 0
    first = viewer.found[0]
    assert viewer.index == first.start - 1 and viewer.playing  # just before the moment, playing


@pytest.fixture(scope="module")
def unfinished(tmp_path_factory):
    return write_save(tmp_path_factory.mktemp("saves") / "running.save", "die_mauer", 3, seed=3, finish=False)


@pytest.mark.parametrize(("args", "message"), [
    (["{save}", "--export", "{out}/clip.png"], "A clip is a .gif, .webp or .mp4 file, not clip.png."),
    (["{save}", "--export", "{out}/clip.gif", "--moment", "99"], "There is no moment 99: this game has"),
    (["{save}", "--export", "{out}/clip.gif", "--moment", "0"], "--moment counts from 1"),
    (["{save}", "--export", "{out}/clip.gif", "--from", "5", "--to", "2"],
     "A clip runs from action A to a later action B, both between 0 and 247; not from 5 to 2."),
    (["{save}", "--export", "{out}/clip.gif", "--from", "5"], "--from A and --to B go together"),
    (["{save}", "--export", "{out}/clip.gif", "--moment", "1", "--from", "1", "--to", "2"], "not allowed with"),
    (["{save}", "--export", "{out}/clip.gif", "--size", "800x600"], "invalid choice: '800x600'"),
    (["{save}", "--export", "{out}/clip.gif", "--from", "x", "--to", "2"], "invalid int value: 'x'"),
    (["{save}", "--from", "1", "--to", "2"], "--from, --to and --size go with --export CLIP"),
    (["{save}", "--export", "{out}/nowhere/clip.gif"], "There is no folder {out}/nowhere to save the clip in."),
    (["{save}", "--export", "{out}/clip.gif", "--frames", "3"], "--frames and --screenshot are for the window"),
    (["{save}", "--moments", "--export", "{out}/clip.gif"], "--moments lists the moments"),
    (["{save}"], "no display to open the window on"),
    (["{out}/missing.save", "--moments"], "There is no save at {out}/missing.save."),
    (["{garbage}", "--moments"], "This journal is damaged at its start: no game can be read from it."),
    (["{unfinished}", "--export", "{out}/clip.gif"], "This game is not over yet"),
    ([], "the following arguments are required: PATH"),
])
def test_bad_input_gets_one_worded_line_exit_2_and_no_file(save, unfinished, tmp_path, args, message):
    out = tmp_path / "out"
    out.mkdir()
    garbage = tmp_path / "garbage.save"
    garbage.write_bytes(b"\x00not a journal\n")
    fill = {"save": save, "out": out, "garbage": garbage, "unfinished": unfinished}
    done = run_replay(*(arg.format(**fill) for arg in args))
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert message.format(**fill) in done.stderr
    assert "Traceback" not in done.stderr
    assert os.listdir(out) == []


def test_an_unwritable_folder_is_refused_in_words(save, tmp_path):
    locked = Path("/proc") if os.geteuid() == 0 else tmp_path / "locked"  # root writes anywhere a mode allows
    if locked != Path("/proc"):
        locked.mkdir()
        locked.chmod(0o500)
    try:
        done = run_replay(save, "--export", locked / "clip.mp4")
    finally:
        if locked != Path("/proc"):
            locked.chmod(0o700)
    assert done.returncode == 2
    assert f"The clip cannot be saved in {locked}: it may not be written to." in done.stderr
    assert not (locked / "clip.mp4").exists()


def test_a_journal_cut_short_says_so_and_still_exports_what_was_kept(save, tmp_path):
    cut = tmp_path / "cut.save"
    cut.write_bytes(save.read_bytes()[:-300])  # the host stopped while writing
    done = run_replay(cut, "--export", tmp_path / "kept.mp4", "--from", "10", "--to", "11")
    assert done.returncode == 0, done.stderr
    assert "spielabend replay: The journal was cut short after action" in done.stderr
    assert (tmp_path / "kept.mp4").stat().st_size > 0
