"""A replay of what is not a whole finished game: a journal cut short or damaged keeps what
reads whole and says what it lost; another version's save, a game not over, a file that is no
save at all: each a ReplayError in words. And what a replay never gives away: its seed."""

import json
import sys
import types
import zlib
from importlib.machinery import ModuleSpec

import pytest

from engines import events_for, replay
from netplay.host import Host
from netplay.replays import SNAPSHOT_EVERY, Replay, ReplayError
from netplay.saves import record_line
from tests.replay_saves import write_save

pytestmark = pytest.mark.timeout(60)


def played(path, over=True, seed=3, game_id="die_mauer", players=3, options=None):
    """An all-bot game saved at ``path``, played to its end (or stopped halfway); its host."""
    host = Host(game_id, players, seed=seed, options=options or {"rounds": 1}, seats=[{"kind": "bot"}] * players,
                bot_delay=0.0 if over else 0.2, save_path=path)  # stopped halfway: bots that take their time
    now = 0.0
    while not host.is_over() and (over or len(host.log) < 20):
        host.tick(now)
        now += 0.05
        assert now < 5_000
    host.close_save()
    return host


def lines_of(path):
    return path.read_bytes().split(b"\n")[:-1]


def write_lines(path, lines, tail=b""):
    path.write_bytes(b"".join(line + b"\n" for line in lines) + tail)


def body(line):
    return json.loads(line[9:])


def refused(code, call, *arguments):
    with pytest.raises(ReplayError) as caught:
        call(*arguments)
    error = caught.value
    assert error.code == code, error.reason
    assert error.words and "Traceback" not in error.reason
    assert error.reason == error.words.format(**error.data)  # its words, filled: what a reader is shown
    return error


@pytest.fixture
def finished(tmp_path):
    path = tmp_path / "game.save"
    return path, played(path)


def test_a_journal_cut_short_keeps_every_whole_action_and_says_where_it_stops(finished, tmp_path):
    path, host = finished
    lines = lines_of(path)
    acts = [i for i, line in enumerate(lines) if body(line)["k"] == "act"]
    cut = acts[9]  # the tenth action is cut short as the host stopped
    short = tmp_path / "short.save"
    write_lines(short, lines[:cut], lines[cut][: len(lines[cut]) // 2])
    watched = Replay.open(short)
    assert len(watched.steps) == 9 and not watched.finished
    assert watched.problem_error.code == "cut_short" and watched.problem_error.data == {"n": 9}
    assert "cut short after action 9" in watched.problem
    assert watched.digest(9) == replay("die_mauer", 3, 3, {"rounds": 1}, host.log[:9]).digest()
    assert watched.view(9, 0) == replay("die_mauer", 3, 3, {"rounds": 1}, host.log[:9]).view(0)
    refused("not_over", watched.full_view, 9)  # the secrets wait for a game that ended


def test_a_damaged_record_keeps_what_came_before_and_counts_what_was_lost(finished, tmp_path):
    path, host = finished
    lines = lines_of(path)
    acts = [i for i, line in enumerate(lines) if body(line)["k"] == "act"]
    bad = acts[12]
    damaged = bytearray(lines[bad])
    damaged[-3] ^= 0x20  # one flipped bit: its checksum no longer matches
    broken = tmp_path / "broken.save"
    write_lines(broken, [*lines[:bad], bytes(damaged), *lines[bad + 1:]])
    watched = Replay.open(broken)
    assert len(watched.steps) == 12 and not watched.finished
    assert watched.problem_error.code == "damaged_tail"
    assert watched.problem_error.data == {"n": 12, "count": len(lines) - bad}
    assert [[s.player, s.action] for s in watched.steps] == host.log[:12]


def test_a_move_that_does_not_follow_shows_the_game_up_to_it(finished, tmp_path):
    """A save whose moves the engines of this version do not take (another version's rules)."""
    path, host = finished
    lines = lines_of(path)
    acts = [i for i, line in enumerate(lines) if body(line)["k"] == "act"]
    record = body(lines[acts[5]])
    record["a"] = {"type": "dance"}
    lines[acts[5]] = record_line(json.dumps(record, separators=(",", ":"))).rstrip(b"\n")
    odd = tmp_path / "odd.save"
    write_lines(odd, lines)
    watched = Replay.open(odd)
    assert len(watched.steps) == 5 and watched.problem_error.code == "does_not_follow"
    assert watched.problem_error.data == {"n": 6, "kept": 5}


def test_a_saved_state_that_does_not_match_its_moves_is_said(finished, tmp_path):
    path, host = finished
    lines = lines_of(path)
    snap = max(i for i, line in enumerate(lines) if body(line)["k"] == "snap")
    record = body(lines[snap])
    record["digest"] = "0" * 64
    lines[snap] = record_line(json.dumps(record, separators=(",", ":"))).rstrip(b"\n")
    other = tmp_path / "other.save"
    write_lines(other, lines)
    watched = Replay.open(other)
    assert watched.problem_error.code == "does_not_match"  # the moves are all there; the game as they make it
    assert watched.problem_error.data == {"n": len(host.log)} and len(watched.steps) == len(host.log)


def test_a_save_of_another_version_is_refused_in_words(finished, tmp_path):
    path, _ = finished
    lines = lines_of(path)
    head = body(lines[0])
    head["version"] = 3
    newer = tmp_path / "newer.save"
    write_lines(newer, [record_line(json.dumps(head)).rstrip(b"\n"), *lines[1:]])
    error = refused("other_version", Replay.open, newer)
    assert error.data == {"version": "3"} and "another version" in error.reason
    old = tmp_path / "old.save"  # version 1 was one JSON document
    old.write_text(json.dumps({"format": "spielabend-save", "version": 1, "game": "die_mauer", "log": []}))
    assert refused("other_version", Replay.open, old).data == {"version": "1"}
    refused("other_version", Replay.from_records, [json.dumps(head), *[line.decode() for line in lines[1:]]])


def test_a_game_still_running_is_refused(tmp_path):
    path = tmp_path / "running.save"
    host = played(path, over=False)
    assert not host.is_over() and len(host.log) >= 20
    error = refused("still_running", Replay.open, path)
    assert "not over yet" in error.reason
    refused("still_running", Replay.from_records, host.journal.records())


@pytest.mark.parametrize(("content", "code"), [
    (b"", "empty"),
    (b"\x00\x01garbage\n" * 3, "damaged"),
    (b'{"some": "json"}', "not_a_save"),
    (b"{not json", "not_a_save"),
    (record_line('{"k":"head","format":"something-else","version":2}'), "not_a_save"),
    (record_line('{"k":"head","format":"spielabend-save","version":2,"game":"chess","players":2,"seed":1,'
                 '"options":{}}'), "unknown_game"),
    (record_line('{"k":"head","format":"spielabend-save","version":2,"game":"die_mauer","players":"3",'
                 '"seed":1,"options":{}}'), "bad_head"),
    (record_line('{"k":"head","format":"spielabend-save","version":2,"game":"die_mauer","players":9,'
                 '"seed":1,"options":{}}'), "bad_head"),
])
def test_what_is_no_replayable_save_is_said_in_words(tmp_path, content, code):
    path = tmp_path / "x.save"
    path.write_bytes(content)
    refused(code, Replay.open, path)


def test_a_missing_file_is_said(tmp_path):
    assert refused("no_file", Replay.open, tmp_path / "nowhere.save").data["path"].endswith("nowhere.save")


def test_a_game_from_before_replays_were_kept_is_said():
    error = refused("not_kept", Replay.from_kept, None)
    assert error.reason == "This game was played before replays were kept."


def test_seeking_is_by_snapshot_gives_private_copies_and_refuses_a_step_or_seat_out_of_range(finished):
    path, host = finished
    watched = Replay.open(path)
    last = len(watched.steps)
    assert last > 2 * SNAPSHOT_EVERY
    assert len(watched._snapshots) == last // SNAPSHOT_EVERY + 1  # kept every SNAPSHOT_EVERY steps, no more
    for index in (last, 0, SNAPSHOT_EVERY + 3, 1, last - 1, SNAPSHOT_EVERY, SNAPSHOT_EVERY - 1, last):  # back and forth
        assert watched.digest(index) == replay("die_mauer", 3, 3, {"rounds": 1}, host.log[:index]).digest()
    state = watched.at(5)
    state.totals[0] += 100  # a copy: the replay's own states are untouched
    assert watched.digest(5) == replay("die_mauer", 3, 3, {"rounds": 1}, host.log[:5]).digest()
    for index in (-1, last + 1, "3", True, 2.0):
        refused("no_such_step", watched.at, index)
    for seat in (3, -1, "0", True):
        refused("no_seat", watched.view, 1, seat)
    assert watched.view(last, None) == host.state.view(None)


def test_the_seed_stays_inside(tmp_path):
    path = tmp_path / "big.save"
    host = Host("die_mauer", 3, options={"rounds": 1}, seats=[{"kind": "bot"}] * 3, bot_delay=0.0, save_path=path)
    now = 0.0
    while not host.is_over():
        host.tick(now)
        now += 0.05
    host.close_save()
    watched = Replay.open(path)
    key = host.state.rng.to_plain()[0]
    assert watched.seed_hidden and not any(host.seed == value for value in vars(watched).values())
    shown = json.dumps([watched.full_view(i) for i in (0, len(watched.steps))]
                       + [watched.view(len(watched.steps), seat) for seat in (0, 1, 2, None)]
                       + [[s.action, s.events, s.scores] for s in watched.steps])
    assert str(host.seed) not in shown and f"{host.seed:x}" not in shown and key not in shown


def test_rounds_open_where_each_games_round_begins(tmp_path):
    # Die Mauer's round is the game's own (DM-8: each has its master builder), the one its
    # header counts ("Round 2 of 4"), so the viewer's "Round 2 of 4" says the same
    watched = Replay.open(write_save(tmp_path / "mauer.save", "die_mauer", 3, seed=3))
    starts = watched.rounds()
    over = watched.at(len(watched.steps))
    assert starts[0] == 0 and starts == sorted(set(starts)) and len(starts) == over.rounds > 1
    for number, start in enumerate(starts):
        assert watched.at(start).round == number
        assert watched.steps[start].round == number  # its first step is the round's
        if start:
            assert watched.steps[start - 1].round == number - 1
    assert [step.round for step in watched.steps] == sorted(step.round for step in watched.steps)


def test_each_step_keeps_its_events_and_the_scores_after_it(finished):
    path, host = finished
    watched = Replay.open(path)
    state = replay("die_mauer", 3, 3, {"rounds": 1}, [])
    for step, (player, action) in zip(watched.steps, host.log, strict=True):
        events = state.apply(player, action)
        assert step.events == events and step.scores == state.scores()
        assert events_for(step.events, None) == events_for(events, None)


def test_moments_come_from_the_games_own_module_best_first(finished, monkeypatch):
    path, _ = finished
    found = [types.SimpleNamespace(kind="a", weight=0.2), types.SimpleNamespace(kind="b", weight=0.9)]
    seen = []
    module = types.ModuleType("engines.die_mauer.moments")
    module.__spec__ = ModuleSpec("engines.die_mauer.moments", None)
    module.find = lambda steps, players: seen.append((len(steps), players)) or list(found)
    monkeypatch.setitem(sys.modules, "engines.die_mauer.moments", module)
    watched = Replay.open(path)
    assert [moment.kind for moment in watched.moments()] == ["b", "a"]
    assert seen == [(len(watched.steps), 3)]
    watched.game_id = "no_such_game"  # a game that names no moments
    watched._moments = None
    assert watched.moments() == []


def test_a_damaged_history_journal_replays_what_it_can(finished):
    """The history packs the records (client.evening.journals); what survives damage reads."""
    from client.evening import journals

    _, host = finished
    packed = journals.pack(host.journal.records())
    assert Replay.from_records(journals.unpack(packed)).finished
    cut = journals.unpack(packed[: len(packed) * 2 // 3])
    watched = Replay.from_records(cut)
    assert 0 < len(watched.steps) < len(host.log) and watched.problem_error is not None
    assert zlib.decompress(packed).count(b"\n") == len(host.journal.records())
