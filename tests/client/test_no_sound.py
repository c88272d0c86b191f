"""A computer with no sound device: the window starts silently with one line in words (not
the sound library's "ALSA lib ... Unknown PCM default"), and Settings tries again."""

import os
import subprocess
import sys

import pygame
import pytest

from client.scenes.settings import SettingsScene
from client.scenes.title import TitleScene
from tests.client.conftest import frames, key
from tests.netplay.conftest import ROOT

pytestmark = pytest.mark.timeout(120)
NO_SOUND = "No sound: this computer has no sound device Spielabend can use. Settings can try again."


def no_sound_device(tmp_path) -> dict[str, str]:
    """SDL's ALSA driver with an empty ALSA configuration: no device to open, and ALSA says so
    on stderr (as on a computer without a sound card)."""
    empty = tmp_path / "alsa.conf"
    empty.write_text("")
    return {"SDL_AUDIODRIVER": "alsa", "ALSA_CONFIG_PATH": str(empty)}


def test_a_window_without_a_sound_device_starts_with_one_line_in_words(tmp_path):
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "PYGAME_HIDE_SUPPORT_PROMPT")}
    env.update(SDL_VIDEODRIVER="dummy", XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"), PYTHONPATH=str(ROOT))
    env.update(no_sound_device(tmp_path))
    result = subprocess.run([sys.executable, "-m", "client", "demo", "die_mauer", "--frames", "5"], cwd=ROOT,
                            capture_output=True, text=True, timeout=90, env=env)
    assert result.returncode == 0, result.stderr
    assert "ALSA" not in result.stderr and "PCM" not in result.stderr, result.stderr
    assert result.stderr.strip().splitlines() == [NO_SOUND], result.stderr
    assert result.stdout == "", result.stdout  # nor pygame's greeting


def test_settings_try_the_sound_device_again(make_app, monkeypatch, tmp_path):
    app = make_app()
    app.push(TitleScene(app))
    for name, value in no_sound_device(tmp_path).items():  # the device goes
        monkeypatch.setenv(name, value)
    assert not app.sounds.retry() and app.sounds.problem
    settings = SettingsScene(app)
    app.push(settings)
    frames(app, 2)
    labels = [item.text() for item in settings.menu.items]
    volume = next(i for i, label in enumerate(labels) if label.startswith("Volume"))
    assert "no sound device: confirm to try again" in labels[volume]
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")  # a device is there now
    for _ in range(volume):
        key("down")
    key("return")
    frames(app, 2)
    assert not app.sounds.problem and app.sounds.sounds and pygame.mixer.get_init()
    assert any(toast.words == "Sound is on." for toast in app.toasts.toasts)
    assert "no sound" not in settings.menu.items[volume].text()
