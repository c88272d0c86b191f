"""A bot seat plays with the strength it was given (issue 17): from the set-up screen's
seat specs or the host command's --bot-strength, the host asks GameInfo.bots[strength]."""

from types import SimpleNamespace

import pytest

from client.cli.net import make_host
from engines import GAMES
from netplay.host import Host

pytestmark = pytest.mark.timeout(60)


def recording(monkeypatch, game_id: str) -> list:
    """Wrap every strength's bot of ``game_id`` to record (strength, seat) per move."""
    calls = []
    bots = GAMES[game_id].bots
    for strength, bot in list(bots.items()):
        def recorded(view, legal, rng, strength=strength, bot=bot):
            calls.append((strength, view["you"]))
            return bot(view, legal, rng)
        monkeypatch.setitem(bots, strength, recorded)
    return calls


def play_out(host: Host) -> None:
    now = 0.0
    while not host.is_over() and now < 10_000:
        now += 1.0
        host.tick(now)


def test_each_bot_seat_plays_its_own_strength(monkeypatch):
    calls = recording(monkeypatch, "die_mauer")
    host = Host("die_mauer", 3, 5, {"rounds": 1}, bot_delay=0.0,
                seats=[{"kind": "bot", "strength": s} for s in ("easy", "hard", "normal")])
    play_out(host)
    assert host.is_over()
    assert {seat: strength for strength, seat in calls} == {0: "easy", 1: "hard", 2: "normal"}


def test_bot_strength_from_the_host_command_reaches_the_bots(monkeypatch, tmp_path):
    calls = recording(monkeypatch, "die_mauer")
    args = SimpleNamespace(resume=None, game="die_mauer", players=2, bots=2, seed=4, option=["rounds=1"],
                           bot_strength="hard", bot_delay=0.0, save=str(tmp_path / "game.json"))
    play_out(make_host(args))
    assert calls and {strength for strength, _ in calls} == {"hard"}
