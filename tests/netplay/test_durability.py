"""Nothing lost on a crash: an action is in the save before anyone hears of it."""

import json
import subprocess
import sys

import pytest

from client.cli.seat_player import SeatPlayer
from netplay.host import Host, Listener
from netplay.saves import read_save

from .conftest import ROOT, caught_up, drive, seated

pytestmark = pytest.mark.timeout(60)


def test_no_one_hears_of_an_action_before_it_is_saved(serve, connect, tmp_path):
    """A spectator on the server's own loop reads the save whenever it is told something:
    every action it hears of is already there (and so for every seat, told after it)."""
    save = tmp_path / "ahead.save"
    host = Host("die_mauer", 4, seed=5, options={"rounds": 2}, save_path=save,
                seats=[{"kind": "remote"}] * 2 + [{"kind": "bot"}] * 2, bot_delay=0.0)
    told, behind = [], []

    def check(message):
        if message["t"] == "update":
            told.append(len(host.log))
            if len(read_save(save).log) < len(host.log):
                behind.append(len(host.log))

    handle = serve(host)
    handle.call(lambda: host.attach(Listener(None, check)))
    pairs = [(connect(handle.port, f"p{i}"), SeatPlayer(bot_seed=i)) for i in range(2)]
    for session, player in pairs:
        seated(session, player)
    drive(pairs, caught_up(host, [p for _, p in pairs]), timeout=40)
    assert len(told) > 50 and behind == []


@pytest.mark.timeout(90)
def test_a_host_killed_at_random_moments_loses_no_accepted_action():
    """The short version of tools/bench_crash.py: three SIGKILLs mid-game."""
    run = subprocess.run([sys.executable, "tools/bench_crash.py", "--kills", "3", "--max-after", "0.6",
                          "--seed", "7", "--no-cost"], cwd=ROOT, capture_output=True, text=True, timeout=80)
    result = json.loads(run.stdout)["kills"]
    assert result["kills"] == 3 and result["actions_seen_by_peers"] > 30
    assert (result["lost"], result["own_lost"]) == (0, 0), result["rounds"]
    assert run.returncode == 0
