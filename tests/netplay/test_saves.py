"""Saves: a journal under the user's data directory, written ahead, damaged ends dropped."""

import os
from types import SimpleNamespace

import pytest

from client.cli.net import make_host
from engines import load_state
from netplay import saves
from netplay.errors import SaveError
from netplay.host import Host
from netplay.saves import SNAPSHOT_EVERY, Journal, read_save

pytestmark = pytest.mark.timeout(60)


def bot_table(path, seed=9, **kwargs):
    return Host("die_mauer", 2, seed=seed, seats=[{"kind": "bot"}] * 2, bot_delay=0.0, save_path=path, **kwargs)


def test_a_new_game_saves_under_the_user_data_directory(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    args = SimpleNamespace(resume=None, game="die_mauer", players=2, bots=2, seed=None, option=[],
                           bot_strength="easy", bot_delay=0.0, save=None)
    host = make_host(args)
    assert host.save_path.parent == tmp_path / "data" / "spielabend" / "saves"
    host.tick(1.0)
    saved = read_save(host.save_path)
    assert saved.head["format"] == "spielabend-save" and saved.log == host.log
    out = capsys.readouterr().out
    assert str(host.save_path) in out
    # a fresh seed is drawn, kept in the save, and shown to nobody
    assert saved.head["seed"] == host.seed and host.seed.bit_length() > 128 and str(host.seed) not in out


def test_a_failed_write_leaves_the_previous_save_whole(tmp_path, monkeypatch):
    path = tmp_path / "game.save"
    host = bot_table(path)
    host.tick(1.0)
    before = path.read_bytes()

    def crash(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        host.save(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.save"]  # no temporary file left behind


def test_a_full_disk_stops_saving_but_not_the_game(tmp_path, monkeypatch, capsys):
    path = tmp_path / "game.save"
    host = Host("die_mauer", 2, seed=3, seats=[{"kind": "local"}, {"kind": "bot"}], bot_delay=0.0, save_path=path)
    me = host.session(0)

    def full(self, body):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Journal, "append", full)
    me.send(me.poll()[2]["legal"][0])
    assert [m["t"] for m in me.poll()] == ["update", "accept"]
    assert "No space left on device" in host.save_error and "playing on without saving" in capsys.readouterr().err
    monkeypatch.undo()
    host.tick(1.0)
    assert host.log and not read_save(path).log  # nothing written since: said, not pretended


def test_a_record_cut_short_is_dropped_and_said(tmp_path):
    path = tmp_path / "game.save"
    host = Host("die_mauer", 2, seed=9, seats=[{"kind": "local"}, {"kind": "bot"}], bot_delay=0.0, save_path=path)
    me = host.session(0)
    host.tick(1.0)
    me.send(me.poll()[-1]["legal"][0])
    whole = read_save(path)
    with open(path, "ab") as handle:  # the host was killed in the middle of a write
        handle.write(b'7a3f09c1 {"k":"act","n":2,"p":1,"a":{"type":"pl')
    resumed = Host.resume(path)
    assert resumed.log == whole.log == host.log
    assert resumed.resume_note == f"dropped 47 bytes after record {len(whole.records) + 1}: a record cut short as the host stopped"
    # the resumed host rewrote the save whole and plays on into it
    assert read_save(path).dropped is None
    resumed.session(0)
    resumed.tick(2.0)
    assert read_save(path).log == resumed.log


def test_a_damaged_record_keeps_the_whole_ones_before_it(tmp_path):
    path = tmp_path / "game.save"
    host = bot_table(path, options={"rounds": 2})
    host.tick(1.0)
    lines = path.read_bytes().splitlines(keepends=True)
    acts = [i for i, line in enumerate(lines) if b'"k":"act"' in line]
    damaged = acts[5]
    lines[damaged] = lines[damaged].replace(b'"type"', b'"tyqe"')  # one bit flipped on the disk
    path.write_bytes(b"".join(lines))
    saved = read_save(path)
    assert saved.log == host.log[:5]
    assert saved.dropped.endswith(f"a damaged record and {len(lines) - damaged - 1} after it")
    assert Host.resume(path).log == host.log[:5]


def test_snapshots_come_now_and_then_and_at_the_end(tmp_path):
    path = tmp_path / "game.save"
    host = Host("wie_waldi", 4, seed=2, options={"rounds": 10}, seats=[{"kind": "bot"}] * 4, bot_delay=0.0,
                save_path=path)
    now = 1.0
    while not host.is_over() and now < 20_000:  # its bots react like people (a real-time game)
        host.tick(now)
        now += 0.25
    assert host.is_over() and len(host.log) > SNAPSHOT_EVERY
    saved = read_save(path)
    snaps = [r["n"] for r in saved.records if r["k"] == "snap"]
    assert snaps == [n for n in range(SNAPSHOT_EVERY, len(host.log), SNAPSHOT_EVERY)] + [len(host.log)]
    assert load_state(saved.latest_state()).digest() == host.state.digest()
    # every action costs one short record, however long the game has run
    sizes = [len(line) for line in path.read_bytes().splitlines() if b'"k":"act"' in line]
    assert max(sizes) < 120 and max(sizes[-50:]) <= max(sizes[:50]) + 10


def test_a_lobby_save_opens_its_table_again(tmp_path):
    path = tmp_path / "lobby.save"
    host = Host("die_mauer", 3, seats=[{"kind": "remote"}] * 2 + [{"kind": "bot"}], save_path=path)
    box = []
    host.claim("Ada", None, box.append)
    assert read_save(path).records[-1] == {"k": "seat", "i": 0, "name": "Ada", "token": box[0]["token"],
                                           "taken": True, "via": "lan"}  # saved before the token went out
    resumed = Host.resume(path)
    assert resumed.phase == "lobby" and resumed.seats_open() == 2


def test_a_truncated_or_unreadable_save_is_refused(tmp_path):
    path = tmp_path / "game.save"
    bot_table(path).tick(1.0)
    data = path.read_bytes()
    first = data.index(b"\n")
    for cut in (1, first // 2, first - 1):
        path.write_bytes(data[:cut])
        with pytest.raises(SaveError) as error:
            Host.resume(path)
        assert error.value.code == "corrupt_save"
    path.write_bytes(b"\xff\xfe\x00binary")
    with pytest.raises(SaveError):
        Host.resume(path)
    with pytest.raises(SaveError) as error:
        Host.resume(tmp_path / "missing.save")
    assert error.value.code == "no_save"


def test_a_save_that_cannot_be_written_is_said_at_once(tmp_path):
    (tmp_path / "file").write_text("")
    with pytest.raises(SaveError) as error:
        bot_table(tmp_path / "file" / "game.save")
    assert error.value.code == "cannot_save"


def test_records_are_checksummed_lines():
    line = saves.record_line('{"k":"start"}')
    assert line.endswith(b' {"k":"start"}\n') and len(line) == 9 + 13 + 1
    assert saves._parse_line(line[:-1]) == {"k": "start"}
    assert saves._parse_line(line[:-1].replace(b"start", b"stark")) is None


def test_saving_over_its_own_save_goes_on_appending_to_the_new_file(tmp_path):
    path = tmp_path / "game.save"
    host = Host("die_mauer", 2, seed=3, seats=[{"kind": "local"}, {"kind": "bot"}], bot_delay=0.0, save_path=path)
    me = host.session(0)
    host.tick(1.0)
    host.save(path)
    saved_then = len(host.log)
    me.send([m for m in me.poll() if m["t"] == "update"][-1]["legal"][0])
    host.tick(2.0)
    assert len(host.log) > saved_then and read_save(path).log == host.log


def test_games_saved_in_one_clock_tick_are_listed_newest_begun_first(tmp_path):
    # File times are coarse (a kernel tick), so a game left and another begun at once can
    # share one: the one begun later is still the newer.
    names = ["die_mauer-20261126-063000-41.save", "die_mauer-20261126-063000-41-2.save",
             "die_mauer-20261126-063001-41.save", "die_mauer-20261126-063000-41-3.save"]
    for name in names:
        host = Host("die_mauer", 2, seed=4, seats=[{"kind": "bot"}] * 2, bot_delay=60.0,
                    save_path=tmp_path / name, meta={"origin": "window"})
        host.tick(0.1)
        host.close_save()
        os.utime(tmp_path / name, ns=(1_700_000_000_000_000_000,) * 2)
    listed = [summary.path.name for summary in saves.unfinished_saves("window", tmp_path)]
    assert listed == [names[2], names[3], names[1], names[0]]
