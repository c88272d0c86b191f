"""A real window under Xvfb: xdotool presses both keyboard halves at once, as two people
on one keyboard would, and both race at a Wie Waldi table (X11 keys through SDL, the real
frame loop). Needs Xvfb and xdotool (installed here; a machine without them skips this
one test and says why)."""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from tests.client.conftest import SCREENSHOTS

pytestmark = [pytest.mark.timeout(90), pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("xdotool") and shutil.which("import")),
    reason="needs Xvfb, xdotool and ImageMagick's import")]
ROOT = Path(__file__).resolve().parents[2]
TABLE = """
import json, sys
from client.app import run
from client.hosting.seats import SeatPlan

def start(app):
    plans = [SeatPlan("Anna", "keys1", 0), SeatPlan("Ben", "keys2", 1), SeatPlan("Clara", "bot:normal", 2)]
    app.table = app.flow.start_local("wie_waldi", plans, {"rounds": 1, "countdown": 1}, seed=3)
    app.report = sys.argv[1]

import client.app as app_module
real_quit = app_module.App.quit
def quit_and_report(self):
    if getattr(self, "table", None) is not None and getattr(self, "report", None):
        host = self.table.hosting.host
        open(self.report, "w").write(json.dumps({"log": host.log, "phase": host.state.phase}))
        self.report = None
    real_quit(self)
app_module.App.quit = quit_and_report
sys.exit(run(start=start, seconds=float(sys.argv[2])))
"""


def test_two_keyboard_halves_race_at_once_in_a_real_window(tmp_path):
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    game = None
    try:
        display = ":" + xvfb.stdout.readline().strip()
        env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy",
               "XDG_CONFIG_HOME": str(tmp_path / "config")}
        report = tmp_path / "log.json"
        shot = SCREENSHOTS / "xvfb_wie_waldi_race.png"
        # 60 s bounds the game; it is ended (SIGTERM: it reports and quits) once the keys are pressed.
        game = subprocess.Popen([sys.executable, "-c", TABLE, str(report), "60"], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def x(*args):
            subprocess.run(["xdotool", *args], env=env, check=False, timeout=10)

        time.sleep(3.0)  # the window opens; the countdown (1 s) runs
        x("mousemove", "640", "360", "click", "1")  # the pointer gives the window the keyboard
        halves = (("a", "w", "d"), ("Left", "Up", "Right"))
        for turn in range(18):
            first, second = halves[0][turn % 3], halves[1][(turn + 1) % 3]
            x("keydown", first, "keydown", second)  # both players press at the same moment
            x("keyup", first, "keyup", second)
            time.sleep(0.2)
            x("keydown", "space", "keydown", "Return")
            x("keyup", "space", "keyup", "Return")
            time.sleep(0.2)
            if turn % 3 == 2:
                x("keydown", "q", "keydown", "BackSpace")
                x("keyup", "q", "keyup", "BackSpace")
                time.sleep(0.1)
            if turn == 9:  # mid-race, while the window is surely open
                SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                subprocess.run(["import", "-window", "root", str(shot)], env=env, check=False, timeout=20)
        game.terminate()
        game.wait(30)
        log = json.loads(report.read_text())["log"]
    finally:
        for process in (game, xvfb):
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(10)
    picture = pygame.image.load(str(shot))
    colours = {tuple(picture.get_at((x, y))) for x in range(0, picture.get_width(), 16)
               for y in range(0, picture.get_height(), 16)}
    assert len(colours) > 50, "the window showed no table"  # not a black screen
    by_seat = {seat: [action["type"] for s, action in log if s == seat] for seat in (0, 1)}
    for seat, actions in by_seat.items():
        assert actions.count("draw") >= 5, (seat, actions)  # a pile key drew
        assert {"start", "play", "put_back"} & set(actions), (seat, actions)  # and the card went on
