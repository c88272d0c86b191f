"""Run the test suite (or part of it) several times and name every test that failed even once.
Prints one JSON object.

Run: `.venv/bin/python tools/flakes.py [--runs 3] [--beside] [-- PYTEST ARGS...]`

Each run is `python -m pytest` with the given arguments (the whole suite if none) and its own
JUnit XML report, read afterwards: a flake is a test that failed or erred in some runs and
passed in others; a test that failed in every run is a plain failure, reported apart.
``--beside`` starts a second copy of the same command at the same time as each run, the way
CI can meet a busy machine; its failures count too (the copy's are named under ``beside``), so
tests that share a port, a folder or a display with themselves show up here.
"""

import argparse
import json
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def failed_tests(report: Path) -> tuple[set[str], int]:
    """The ids of the tests a JUnit XML report says failed or erred, and how many ran.
    A report that was never written (pytest died) reads as one failure of the run itself."""
    try:
        tree = ElementTree.parse(report)
    except (OSError, ElementTree.ParseError):
        return {"<the run itself: no report>"}, 0
    failed, ran = set(), 0
    for case in tree.iter("testcase"):
        ran += 1
        if case.find("failure") is not None or case.find("error") is not None:
            failed.add(f"{case.get('classname', '')}::{case.get('name', '')}")
    return failed, ran


def start(pytest_args: list[str], report: Path) -> subprocess.Popen:
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", f"--junitxml={report}", *pytest_args]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="how many times to run (default 3)")
    parser.add_argument("--beside", action="store_true", help="run a second copy beside each run")
    parser.add_argument("pytest_args", nargs="*", help="what to pass to pytest (after --)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    failures: Counter[str] = Counter()
    beside: Counter[str] = Counter()
    seconds, counted = [], []
    with tempfile.TemporaryDirectory(prefix="spielabend-flakes-") as folder:
        for run in range(args.runs):
            began = time.monotonic()
            main_report, copy_report = Path(folder, f"run-{run}.xml"), Path(folder, f"beside-{run}.xml")
            runs = [start(args.pytest_args, main_report)]
            if args.beside:
                runs.append(start(args.pytest_args, copy_report))
            for process in runs:
                process.wait()
            seconds.append(round(time.monotonic() - began, 1))
            failed, ran = failed_tests(main_report)
            failures.update(failed)
            counted.append(ran)
            if args.beside:
                beside.update(failed_tests(copy_report)[0])
    runs_with = args.runs
    result = {
        "runs": args.runs,
        "beside": args.beside,
        "pytest_args": args.pytest_args,
        "tests_per_run": counted,
        "seconds_per_run": seconds,
        "flaky": {test: f"{n} of {runs_with}" for test, n in sorted(failures.items()) if n < runs_with},
        "always_failed": sorted(test for test, n in failures.items() if n == runs_with),
        "beside_failed": {test: f"{n} of {runs_with}" for test, n in sorted(beside.items())},
    }
    result["clean"] = not (result["flaky"] or result["always_failed"] or result["beside_failed"])
    print(json.dumps(result, indent=2))
    return 0 if result["clean"] else 1


if __name__ == "__main__":
    sys.exit(main())
