"""The `spielabend` command as a user runs it: headless bot matches and clear errors."""

import os
import subprocess
import sys

import pytest

from client.cli.headless import play_bot_match
from client.cli.main import display_available
from engines import GAMES


def run_cli(*args, env_extra=None):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(env_extra or {})
    return subprocess.run(
        [sys.executable, "-m", "client", *args], capture_output=True, text=True, timeout=60, env=env
    )


def test_headless_match_prints_moves_in_notation_and_final_scores():
    result = run_cli("--headless", "--game", "die_mauer", "--players", "3", "--seed", "4")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[0] == "== Die Mauer: 3 bots, seed 4 =="
    assert any(line.split()[1:3] == ["plan", "T"] for line in lines if line.startswith("  P"))
    assert any(" build " in f" {line} " for line in lines)
    assert lines[-2].startswith("Final scores (lower is better): P1 ")
    assert lines[-1].startswith("Winner: P")


def test_without_a_display_the_command_plays_a_bot_match_in_the_terminal():
    result = run_cli("--game", "die_mauer", "--players", "2", env_extra={"SDL_VIDEODRIVER": ""})
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("No display found")
    assert "Winner:" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--headless", "--players", "9", "--game", "die_mauer"], "takes 2-6 players"),
        (["--headless", "--game", "schach"], "invalid choice: 'schach'"),
        (["--headless", "--seed", "abc"], "invalid int value"),
    ],
)
def test_bad_arguments_get_a_clear_error_and_no_traceback(args, message):
    result = run_cli(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_display_detection_follows_the_sdl_driver(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert not display_available()
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    assert display_available()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_finishes_a_headless_bot_match(game_id):
    lines = []
    winners = play_bot_match(game_id, None, 7, out=lines.append)
    assert winners and lines[-1].startswith("Winner:")
    assert len(lines) > 3


def test_demo_runs_exactly_the_frames_asked_and_saves_the_last_one(tmp_path):
    shot = tmp_path / "demo.png"
    result = run_cli("demo", "die_mauer", "--players", "3", "--frames", "240", "--screenshot", str(shot),
                     "--seed", "2", env_extra={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                                               "XDG_CONFIG_HOME": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    import pygame

    image = pygame.image.load(str(shot))
    assert image.get_size() == (1920, 1080)
    colours = {image.get_at((x, y))[:3] for x in range(0, 1920, 97) for y in range(0, 1080, 89)}
    assert len(colours) > 8


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["demo", "die_mauer", "--players", "9", "--frames", "5"], "takes 2-6 players"),
        (["demo", "schach"], "invalid choice: 'schach'"),
        (["demo", "die_mauer", "--screenshot", "x.png"], "--screenshot needs --frames"),
        (["demo", "die_mauer", "--frames", "0"], "--frames must be at least 1"),
    ],
)
def test_demo_refuses_what_it_cannot_do_in_one_line(args, message, tmp_path):
    result = run_cli(*args, env_extra={"SDL_VIDEODRIVER": "dummy", "XDG_CONFIG_HOME": str(tmp_path)})
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_demo_of_a_game_without_a_table_says_so_in_one_line(monkeypatch, capsys):
    """Every game has a table today; a new game added without one is refused in words."""
    import client.games
    from client.cli.main import demo_main

    monkeypatch.delitem(client.games.TABLES, "wie_waldi")
    assert demo_main(["wie_waldi", "--frames", "5"]) == 2
    err = capsys.readouterr().err
    assert "Wie Waldi has no table in this window yet" in err and "--headless --game wie_waldi" in err
    assert len(err.strip().splitlines()) == 1


def test_sigterm_closes_the_window_even_during_a_game(tmp_path):
    """A window close asks first while a game runs; a SIGTERM (logout, kill) does not."""
    import signal
    import time

    script = (
        "from client.app import run\n"
        "from client.hosting.seats import SeatPlan\n"
        "def start(app):\n"
        "    app.flow.start_title(app)\n"
        "    app.flow.start_local('die_mauer', [SeatPlan('Anna', 'keys1', 0), SeatPlan('Ben', 'bot:easy', 1)], {}, 1)\n"
        "    print('started', flush=True)\n"
        "raise SystemExit(run(start=start))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "XDG_CONFIG_HOME": str(tmp_path)})
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=env)
    try:
        assert process.stdout.readline().strip() == "started"
        time.sleep(0.5)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0
        assert (tmp_path / "spielabend" / "settings.json").exists()  # saved on the way out
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=5)
