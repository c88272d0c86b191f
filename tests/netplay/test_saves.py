"""Saves: under the user's data directory, written atomically, refused when broken."""

import json
import os
from types import SimpleNamespace

import pytest

from netplay import saves
from netplay.cli import make_host
from netplay.errors import SaveError
from netplay.host import Host

pytestmark = pytest.mark.timeout(60)


def test_a_new_game_saves_under_the_user_data_directory(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    args = SimpleNamespace(resume=None, game="die_mauer", players=2, bots=2, seed=4, option=[],
                           bot_strength="easy", bot_delay=0.0, save=None)
    host = make_host(args)
    assert host.save_path.parent == tmp_path / "data" / "spielabend" / "saves"
    host.tick(1.0)
    saved = json.loads(host.save_path.read_text())
    assert saved["format"] == "spielabend-save" and saved["log"] == host.log
    assert str(host.save_path) in capsys.readouterr().out


def test_a_failed_write_leaves_the_previous_save_whole(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    saves.write_atomic(path, {"format": "spielabend-save", "turn": 1})

    def crash(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        saves.write_atomic(path, {"format": "spielabend-save", "turn": 2})
    assert json.loads(path.read_text()) == {"format": "spielabend-save", "turn": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left behind


def test_a_truncated_save_is_refused(tmp_path):
    path = tmp_path / "game.json"
    host = Host("die_mauer", 2, seed=9, seats=[{"kind": "bot"}] * 2, bot_delay=0.0, save_path=path)
    host.tick(1.0)
    text = path.read_text()
    for cut in (1, len(text) // 2, len(text) - 1):
        path.write_text(text[:cut])
        with pytest.raises(SaveError) as error:
            Host.resume(path)
        assert error.value.code == "corrupt_save"
    path.write_bytes(b"\xff\xfe\x00binary")
    with pytest.raises(SaveError):
        Host.resume(path)
    with pytest.raises(SaveError) as error:
        Host.resume(tmp_path / "missing.json")
    assert error.value.code == "no_save"
