"""Client benchmark: every table in client.games.TABLES (bots playing, animations running)
and every other scene, each drawn for --frames frames at 1920x1080; then the CPU share
of the real frame loop on an idle menu.

Prints JSON: per scene the median and p99 frame time (input, fixed-step update, draw and
flip of one frame) and the pygame thread's CPU time per frame; the time from process
start to the first frame shown; peak memory; and the idle menu's CPU share (process CPU
seconds per wall second) in the default 1280x720 window once the menu has come to rest,
next to the same menu drawn every frame (the old loop) and their ratio. Runs with SDL's
dummy video and audio drivers; settings go to a temporary dir.

    .venv/bin/python tools/bench_client.py [--frames 600] [--idle-seconds 6]
"""

import os
import sys
import time

_SCRIPT_START = time.perf_counter()


def process_age() -> float:
    """Seconds since this process started (from /proc), else since the script started."""
    try:
        with open("/proc/self/stat") as stat:
            ticks = int(stat.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime") as uptime:
            now = float(uptime.read().split()[0])
        return now - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return time.perf_counter() - _SCRIPT_START


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def main(argv=None) -> int:
    import argparse
    import json
    import resource
    import statistics
    import tempfile
    from pathlib import Path

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--idle-seconds", type=float, default=6.0)
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="spielabend-bench-")
    os.environ["SPIELABEND_INTERFACES"] = "127.0.0.1"  # the hosted lobby and the phones: loopback only
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

    import pygame

    from client.app import App
    from client.games import TABLES
    from client.hosting.seats import NAMES, SeatPlan
    from client.hosting.table_settings import TableSettings
    from client.scenes.howto import HowToScene
    from client.scenes.join import JoinScene, PasswordScene
    from client.scenes.picker import PickerScene
    from client.scenes.settings import BindingsScene, SettingsScene
    from client.scenes.setup import SetupScene
    from client.scenes.title import TitleScene
    from client.table.game import Standings
    from client.table.pause import PauseScene
    from client.table.results import ResultsScene
    from client.ui import art
    from client.ui.scene import ConfirmScene, MessageScene
    from engines import GAMES

    app = App(window_size=(1920, 1080))
    app.push(TitleScene(app))
    app.frame(1 / 60)
    first_frame = process_age()

    def table(game_id: str, bots_only: bool):
        """A table at its largest: one keyboard seat playing along and bots, or bots alone
        and fast (many pieces moving at once)."""
        info = GAMES[game_id]
        strengths = ["bot:hard", "bot:easy", "bot:normal"]
        seats = [SeatPlan(NAMES[i], strengths[i % 3], i) for i in range(info.max_players)]
        if not bots_only:
            seats[0] = SeatPlan(NAMES[0], "keys1", 0)
        options = dict(info.bench_config[1])
        if "rounds" in info.options:
            options["rounds"] = info.options["rounds"].maximum
        app.flow.start_local(game_id, seats, options, seed=1, bot_delay=0.03 if bots_only else 0.25)
        return None

    lobbies = []

    def host_lobby():  # a LAN table waiting for a peer, served on loopback only
        game_id = sorted(TABLES)[0]
        seats = [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1), SeatPlan("Bot", "bot:easy", 2)]
        seats = seats[:GAMES[game_id].max_players]  # a two-player game has no room for the bot
        lobby = app.flow.open_hosted(game_id, seats, {}, TableSettings(port=0), advertise=False)  # pushes it
        lobbies.append(lobby)
        return None

    def results():
        standings = Standings("Die Mauer", NAMES, art.SEAT_COLOURS, [12, 0, 48, 20, 4, 36], [1], lower_wins=True,
                              columns=[f"Round {r + 1}" for r in range(10)], cells=[[3, 0, 12, 5, 1, 9] * 2] * 6)
        return ResultsScene(app, standings)

    def paused():
        table(sorted(TABLES)[0], bots_only=False)
        return PauseScene(app, app.top)

    scenes = {"title": lambda: None}
    for game_id in sorted(TABLES):
        scenes[f"table:{game_id}"] = lambda game_id=game_id: table(game_id, False)
        scenes[f"table:{game_id}:bots"] = lambda game_id=game_id: table(game_id, True)
    scenes.update({
        "picker": lambda: PickerScene(app),
        "setup": lambda: SetupScene(app, sorted(TABLES)[0]),
        "settings": lambda: SettingsScene(app),
        "bindings": lambda: BindingsScene(app, "pad"),
        "join": lambda: JoinScene(app, browse=False),
        "host_lobby": host_lobby,
        "password": lambda: PasswordScene(app, {"name": "Kitchen", "address": "127.0.0.1", "port": 1}, "Bench"),
        "pause": paused,
        "confirm": lambda: ConfirmScene(app, "Leave the game? It ends for everyone at this table.", lambda: None),
        "message": lambda: MessageScene(app, "Cannot start", "The game host is missing (netplay.host)."),
        "results": results,
    })
    for game_id in sorted(GAMES):
        scenes[f"howto:{game_id}"] = lambda game_id=game_id: HowToScene(app, game_id)
    scenes["attract"] = lambda: app.flow.demo(sorted(TABLES)[0], attract=True) and None

    report: dict = {"frames_per_scene": args.frames, "scenes": {}}
    keys = [pygame.K_d, pygame.K_SPACE]
    for name, make in scenes.items():
        app.flow.title()
        scene = make()
        if scene is not None:
            app.push(scene)
        times: list[float] = []
        cpu: list[float] = []
        for frame in range(args.frames):
            if name.startswith("table:") and frame % 20 == 0:  # the local seat plays along by keyboard
                code = keys[(frame // 20) % 2]
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
            elif name != "attract" and frame % 30 == 0:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="",
                                                     scancode=0))
            app.dirty = True  # a whole frame every time, even where a resting menu would skip drawing
            start, cpu_start = time.perf_counter(), time.thread_time()
            app.frame(1 / 60)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.thread_time() - cpu_start) * 1000)
        report["scenes"][name] = {
            "median_ms": round(statistics.median(times), 2),
            "p99_ms": round(percentile(times, 0.99), 2),
            "max_ms": round(max(times), 2),
            # CPU time of the pygame thread: what the frame costs, whatever else the machine runs
            "cpu_median_ms": round(statistics.median(cpu), 2),
            "cpu_p99_ms": round(percentile(cpu, 0.99), 2),
        }
    app.flow.title()
    for lobby in lobbies:
        lobby.close()
    app.quit()
    report["first_frame_s"] = round(first_frame, 3)
    report["peak_memory_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    report["worst_median_ms"] = max(s["median_ms"] for s in report["scenes"].values())
    report["worst_p99_ms"] = max(s["p99_ms"] for s in report["scenes"].values())
    report["idle_menu"] = idle_menu(args.idle_seconds)
    report["load_average_1min"] = round(os.getloadavg()[0], 2)  # other work on the machine skews p99
    report["targets"] = {"median_ms": 6, "p99_ms": 12, "first_frame_s": 1.5, "peak_memory_mb": 250,
                         "idle_menu_cpu_share": "small"}
    print(json.dumps(report, indent=2))
    return 0


def idle_menu(seconds: float) -> dict:
    """The title in the default 1280x720 window, run by the real frame loop: CPU seconds per
    wall second once it has come to rest, and the same menu drawn every frame."""
    from client.app import App
    from client.scenes.title import TitleScene
    from client.ui.scene import SETTLE_AFTER

    def share(app, rest: bool) -> float:
        if not rest:
            app.resting = lambda: False  # the old loop: draw and scale every frame
        app.loop(seconds=app.clock + SETTLE_AFTER + 0.5)  # let it settle
        wall, cpu = time.perf_counter(), time.process_time()
        app.loop(seconds=app.clock + seconds)
        return (time.process_time() - cpu) / (time.perf_counter() - wall)

    shares = {}
    for rest in (True, False):
        app = App(window_size=(1280, 720))
        title = TitleScene(app)
        title.attract_after = 1e9  # measure the menu, not the attract mode
        app.push(title)
        shares[rest] = share(app, rest)
        app.quit()
    return {"cpu_share_resting": round(shares[True], 4), "cpu_share_drawing_every_frame": round(shares[False], 4),
            "ratio": round(shares[True] / shares[False], 4) if shares[False] else None, "seconds": seconds,
            "window": "1280x720"}


if __name__ == "__main__":
    sys.exit(main())
