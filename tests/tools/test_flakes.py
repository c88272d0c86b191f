"""tools/flakes.py names a test that fails only sometimes, and only that one."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A test that fails on every second run (its count kept in a file beside it), one that always
# passes and one that always fails: the runner must tell the three apart.
SUITE = '''
from pathlib import Path

COUNT = Path(__file__).with_name("count.txt")


def test_sometimes():
    runs = int(COUNT.read_text()) if COUNT.exists() else 0
    COUNT.write_text(str(runs + 1))
    assert runs % 2 == 0


def test_always_fine():
    assert True


def test_always_broken():
    assert False
'''


def test_a_test_that_fails_once_in_two_runs_is_named_flaky_and_the_always_failing_one_apart(tmp_path):
    suite = tmp_path / "test_suite.py"
    suite.write_text(SUITE)
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "flakes.py"), "--runs", "2", "--", str(suite)],
                          cwd=ROOT, capture_output=True, text=True, timeout=90)
    result = json.loads(done.stdout)
    assert done.returncode == 1
    assert list(result["flaky"]) == ["test_suite::test_sometimes"]
    assert result["flaky"]["test_suite::test_sometimes"] == "1 of 2"
    assert result["always_failed"] == ["test_suite::test_always_broken"]
    assert result["tests_per_run"] == [3, 3]
    assert result["clean"] is False


def test_a_bad_run_count_is_refused_in_words():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "flakes.py"), "--runs", "0"],
                          cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert done.returncode == 2
    assert "--runs must be at least 1" in done.stderr
