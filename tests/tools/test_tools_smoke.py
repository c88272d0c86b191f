"""Every benchmark, the tournament and the Architekton audit still run: each tool is started
as a user would start it (a subprocess, on loopback), with its smallest parameters, and
must exit 0 and print its JSON with the keys its docstring promises. A tool that rots (an
API it uses moved, a protocol rule it breaks) fails here, not the day someone needs its
figures. The figures themselves mean nothing at these sizes and are not checked.

Times on the shared 2-core machine (issue 36), per tool: bench_client 13-19 s,
bench_race 10 s, bench_door 6 s, bench_fairness 5.5 s, bench_net 5 s, bench_phone 2 s,
bench_crash 1.5 s, bench_clips 4 s, bench_engines 1 s, audit_architekton and tournament under 0.5 s each.
bench_relay and bench_fairness's relay phases run in tests/netplay/test_relay_bench.py."""

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# tool: (its smallest arguments, the keys of each JSON value it prints, in order; the last
# set is repeated for any further value). Catalogues and make_golden are no benchmarks.
TOOLS = {
    "bench_client": (["--frames", "1", "--idle-seconds", "0.2"],
                     [{"scenes", "first_frame_s", "peak_memory_mb", "worst_p99_ms", "idle_menu", "targets"}]),
    "bench_clips": (["--games", "die_mauer", "--seconds", "1"],
                    [{"clip", "games", "worst", "targets", "meets_targets"}]),
    "bench_crash": (["--kills", "1", "--actions", "50"], [{"kills", "cost"}]),
    "bench_door": (["--idle", "10", "--seconds", "1", "--guess-seconds", "1"], [{"idle", "guessing"}]),
    "bench_engines": (["--game", "die_mauer", "--seconds", "0.2", "--generator-repeats", "1"],
                      [{"game", "games_per_second", "legal_actions_us_median", "apply_us_median"}, {"generator"}]),
    "bench_fairness": (["--races", "20", "--loopback-races", "2", "--relay-races", "0"],
                       [{"loopback", "simulated", "window_cap_ms"}]),
    "bench_net": (["--games", "1", "--rounds", "1", "--discovery-repeats", "1"],
                  [{"latency_ms_p50", "latency_ms_p99", "host_cpu_us_per_action", "cpu_ratio_to_baseline",
                    "accepted_actions", "targets"}]),
    "bench_phone": (["--samples", "2", "--animation", "instant", "--timeout", "60"],
                    [{"phone", "keyboard_seat", "target_p99_ms", "meets_target"}]),
    "bench_replay": (["--rounds", "1", "--seeks", "5"],
                     [{"actions", "build_s", "seek_ms", "view_ms", "peak_rss_mb", "targets", "meets_targets"}]),
    "bench_race": (["--presses", "3", "--seconds", "10", "--races", "3", "--bot-matches", "1"],
                   [{"couch", "lan", "races_at_the_host", "bots", "targets"}]),
    "tournament": (["--game", "die_mauer", "--players", "3", "--games", "1", "--pairing", "normal_vs_easy"],
                   [{"game", "players", "pairings", "decision_time"}]),
    "audit_architekton": (["--scale", "0.01"], [{"hands", "bot_games", "bot_strength", "timing"}]),
}
# Run, with its relay phases, by the relay's own tests (tests/netplay/test_relay_bench.py),
# which check its figures are real too; not run twice.
SMOKED_ELSEWHERE = {"bench_relay"}
TIME_LIMIT = 90  # seconds per tool; each takes far less (above)


def json_values(text: str) -> list:
    """Every JSON value printed, one after another (one per line, or indented)."""
    decoder, values, at = json.JSONDecoder(), [], 0
    while (at := len(text) - len(text[at:].lstrip())) < len(text):
        value, at = decoder.raw_decode(text, at)
        values.append(value)
    return values


def test_every_benchmark_tournament_and_audit_has_a_smoke_test():
    tools = {path.stem for pattern in ("bench_*.py", "tournament.py", "audit_*.py")
             for path in (ROOT / "tools").glob(pattern)}
    assert tools == set(TOOLS) | SMOKED_ELSEWHERE


@pytest.mark.slow
@pytest.mark.timeout(TIME_LIMIT + 30)
@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_the_tool_runs_with_its_smallest_parameters_and_prints_its_json(tool):
    arguments, keys = TOOLS[tool]
    started = time.monotonic()
    try:
        done = subprocess.run([sys.executable, str(ROOT / "tools" / f"{tool}.py"), *arguments], cwd=ROOT,
                              capture_output=True, text=True, timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired as expired:
        pytest.fail(f"{tool} did not finish within {TIME_LIMIT} s: {str(expired.stderr)[-2000:]}")
    said = f"{tool} (exit {done.returncode}, {time.monotonic() - started:.1f} s):\n{done.stderr[-3000:]}"
    assert done.returncode == 0, said
    values = json_values(done.stdout)
    assert len(values) >= len(keys), said + done.stdout[-1000:]
    for number, value in enumerate(values):
        wanted = keys[min(number, len(keys) - 1)]
        assert isinstance(value, dict) and "error" not in value, value
        assert wanted <= set(value), f"{tool}'s JSON value {number} lacks {sorted(wanted - set(value))}"
