"""Settings that are never lost: a file that cannot be read is moved aside and kept byte
for byte, said in words with where it went, and never written over; one folder rule for
settings and data; and a rebound key does not also do the job it had."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from client.scenes.settings import BindingsScene, SettingsScene
from client.scenes.title import TitleScene
from client.settings import Settings
from tests.client.conftest import frames, key, shoot

ROOT = Path(__file__).resolve().parents[2]
BROKEN = b'{\n  "volume": 0.4,\n  "keys": {"keys1": {"up": "i",}}\n}\n'  # one typo: a comma too many


@pytest.mark.timeout(60)
def test_a_corrupt_settings_file_survives_a_session_byte_for_byte_beside_the_new_one(tmp_path):
    """A whole window session (start, change the volume, quit) in a process of its own."""
    folder = tmp_path / "config" / "spielabend"
    folder.mkdir(parents=True)
    (folder / "settings.json").write_bytes(BROKEN)
    script = (
        "import pygame\n"
        "from client.app import run\n"
        "def start(app):\n"
        "    app.flow.start_title(app)\n"
        "    print('NOTICE', type(app.top).__name__, app.settings.kept, flush=True)\n"
        "    app.settings.volume = 0.3\n"
        "    app.settings.save()\n"
        "raise SystemExit(run(start=start, frames=30))\n"
    )
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=40)
    assert done.returncode == 0, done.stderr[-2000:]
    (kept,) = folder.glob("settings-unreadable-*.json")
    assert f"NOTICE NoticeScene {kept}" in done.stdout
    assert kept.read_bytes() == BROKEN  # untouched, beside the new one
    saved = json.loads((folder / "settings.json").read_text())
    assert saved["volume"] == 0.3 and saved["keys"]["keys1"]["up"] == "w"


def test_the_notice_says_what_happened_in_words_and_where_the_old_file_is(make_app, config_home):
    folder = config_home / "spielabend"
    folder.mkdir(parents=True)
    (folder / "settings.json").write_bytes(BROKEN)
    app = make_app()
    app.flow.start_title(app)
    frames(app, 20)
    notice = app.top
    words = " ".join(notice.lines)
    assert words == ("Your settings file could not be read, so the default settings are in use: line 3, column 32 "
                     "has a mistake (expecting property name enclosed in double quotes).")
    assert "".join(notice.path) == str(app.settings.kept)
    shoot(app, "settings_notice")
    key("return")
    frames(app, 2)
    assert isinstance(app.top, TitleScene)


def test_settings_partly_wrong_keep_what_was_right_and_the_whole_old_file(tmp_path):
    path = tmp_path / "settings.json"
    text = json.dumps({"volume": "loud", "name": "Zoe", "keys": {"keys1": {"up": "i", "jump": "j"}},
                       "from_a_newer_version": [1, 2]})
    path.write_text(text)
    settings = Settings.load(path)
    assert settings.data["name"] == "Zoe" and settings.data["keys"]["keys1"]["up"] == "i"
    assert settings.data["volume"] == 0.7 and settings.data["from_a_newer_version"] == [1, 2]
    assert settings.reason.startswith("Some of your settings could not be used")
    assert "The volume must be a number, not 'loud'." in settings.reason and "'jump'" in settings.reason
    assert settings.kept.read_text() == text and not path.exists()
    assert settings.save() and json.loads(path.read_text())["from_a_newer_version"] == [1, 2]


def test_a_file_that_cannot_be_moved_aside_is_never_written_over(tmp_path, monkeypatch):
    import client.settings

    path = tmp_path / "settings.json"
    path.write_bytes(BROKEN)

    def refuse(_path, why="unreadable"):
        raise OSError(13, "Permission denied")

    monkeypatch.setattr(client.settings, "move_aside", refuse)
    settings = Settings.load(path)
    assert not settings.writable and "nothing you change now will be saved" in settings.problem
    settings.volume = 0.1
    assert settings.save() is False
    assert path.read_bytes() == BROKEN


def test_one_folder_rule_for_settings_and_data(monkeypatch, tmp_path):
    from netplay.folders import config_dir, data_dir
    from netplay.saves import new_save_path

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "c"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "d"))
    assert config_dir() == tmp_path / "c" / "spielabend" and data_dir() == tmp_path / "d" / "spielabend"
    assert Settings().path == tmp_path / "c" / "spielabend" / "settings.json"
    assert new_save_path("die_mauer").parent == tmp_path / "d" / "spielabend" / "saves"


def test_rebinding_a_key_that_had_a_job_does_not_also_do_that_job(make_app):
    app = make_app()
    app.push(TitleScene(app))
    bindings = BindingsScene(app, "keys2")
    app.push(bindings)
    frames(app, 1)
    focus = bindings.menu.focus
    keys2 = app.settings.data["keys"]["keys2"]
    bindings.waiting = "up"
    key("down")  # this half's own "down": the jobs swap, and the menu must not move down as well
    frames(app, 1)
    assert keys2["up"] == "down" and keys2["down"] == "up"
    assert bindings.menu.focus == focus and bindings.waiting is None
    bindings.menu.focus = 1  # "down"
    bindings.waiting = "down"
    key("return")  # keys2's "confirm": must not start waiting for another key
    frames(app, 1)
    assert keys2["down"] == "return" and bindings.waiting is None
    key("down")  # later presses do their (new) job again: the arrow down is "up" now
    frames(app, 1)
    assert bindings.menu.focus == 0
    bindings.waiting = "up"
    key("s")  # the other half's "down": refused, and it does not move the menu either
    frames(app, 1)
    assert keys2["up"] == "down" and bindings.menu.focus == 0 and bindings.waiting == "up"


def test_settings_pick_the_lan_interface_and_the_away_bot_time(make_app, monkeypatch):
    monkeypatch.delenv("SPIELABEND_INTERFACES")
    app = make_app()
    app.push(TitleScene(app))
    scene = SettingsScene(app)
    app.push(scene)
    scene.interfaces = [("192.168.1.20", "eth0"), ("127.0.0.1", "lo")]  # this machine's would do as well
    labels = [item.text() for item in scene.menu.items]
    interface, away = labels.index("LAN interface: all"), labels.index("Away LAN players: wait for them")
    scene.menu.focus = interface
    key("right")
    frames(app, 1)
    assert scene.menu.items[interface].text() == "LAN interface: 192.168.1.20 (eth0)"
    assert Settings.load(app.settings.path).data["interface"] == "192.168.1.20"
    scene.menu.focus = away
    key("right")
    key("right")
    frames(app, 1)
    assert scene.menu.items[away].text() == "Away LAN players: a bot plays after 1 min"
    assert Settings.load(app.settings.path).data["bot_after"] == 60
    frames(app, 10)
    shoot(app, "settings_lan")
    monkeypatch.setenv("SPIELABEND_INTERFACES", "127.0.0.1")
    assert scene.menu.items[interface].text() == "LAN interface: 127.0.0.1 (from the environment)"


def test_player_counts_read_as_words_and_headless_refuses_zero_players():
    from client.cli.main import main
    from engines import GAMES

    assert GAMES["architekton"].players_text == "2 players"
    assert GAMES["die_mauer"].players_text == "2-6 players"
    for argv in (["--headless", "--players", "0", "--game", "die_mauer"], ["--headless", "--players", "0"]):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 2


def test_the_picker_says_2_players_for_architekton(make_app, monkeypatch):
    import client.ui.art
    from client.scenes.picker import PickerScene

    app = make_app()
    app.push(TitleScene(app))
    picker = PickerScene(app)
    app.push(picker)
    picker.menu.focus = [info.id for info in picker.games].index("architekton")
    frames(app, 20)
    shoot(app, "picker_architekton")
    drawn = []
    real = client.ui.art.blit_text
    monkeypatch.setattr(client.ui.art, "blit_text", lambda surface, words, *a, **k: drawn.append(words) or
                        real(surface, words, *a, **k))
    app.draw()
    assert "2 players" in drawn and not any("2-2" in words for words in drawn)
