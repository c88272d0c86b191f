"""Client benchmark: every scene drawn for 600 frames at 1920x1080 with animations running.

Prints JSON: per scene the median and p99 frame time (input, fixed-step update, draw and
flip of one frame), the time from process start to the first frame shown, and peak
memory. Runs with SDL's dummy video and audio drivers; settings go to a temporary dir.

    .venv/bin/python tools/bench_client.py [--frames 600]
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


def main(argv=None) -> int:
    import argparse
    import json
    import resource
    import statistics
    import tempfile
    from pathlib import Path

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="spielabend-bench-")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

    import pygame

    from client.app import App
    from client.scenes.title import TitleScene

    app = App(window_size=(1920, 1080))
    app.push(TitleScene(app))
    app.frame(1 / 60)
    first_frame = process_age()

    from client import art
    from client.scenes.game import start_local_game
    from client.scenes.lan import JoinScene, PasswordScene
    from client.scenes.picker import PickerScene
    from client.scenes.results import ResultsScene
    from client.scenes.settings import SettingsScene
    from client.scenes.setup import SeatPlan, SetupScene

    def table():
        seats = [SeatPlan("Anna", "keys1", 0)] + [
            SeatPlan(name, f"bot:{strength}", i + 1)
            for i, (name, strength) in enumerate([("Ben", "hard"), ("Clara", "easy"), ("David", "normal"),
                                                  ("Emma", "hard"), ("Felix", "easy")])]
        start_local_game(app, "die_mauer", seats, {"rounds": 10}, seed=1, bot_delay=0.25)
        return None

    def bots_table():  # six fast bots: a long wall with many pieces falling at once
        seats = [SeatPlan(name, "bot:easy", i) for i, name in enumerate(["Ada", "Bo", "Cy", "Di", "Ed", "Flo"])]
        start_local_game(app, "die_mauer", seats, {"rounds": 10}, seed=8, bot_delay=0.03)
        return None

    lobbies = []

    def host_lobby():  # a LAN table waiting for a peer, served on loopback only
        from client.scenes.lan import HostLobbyScene

        seats = [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1), SeatPlan("Bot", "bot:easy", 2)]
        lobby = HostLobbyScene(app, "die_mauer", seats, {"rounds": 1},
                               serve_options={"interfaces": ["127.0.0.1"], "advertise": False})
        lobbies.append(lobby)
        return lobby

    def password():
        return PasswordScene(app, {"name": "Kitchen", "address": "127.0.0.1", "port": 1}, "Bench")

    def results():
        names = ["Anna", "Ben", "Clara", "David", "Emma", "Felix"]
        return ResultsScene(app, "Die Mauer", names, art.SEAT_COLOURS, [[3, 0, 12, 5, 1, 9]] * 4,
                            [12, 0, 48, 20, 4, 36], [1])

    scenes = {
        "title": lambda: None,
        "picker": lambda: PickerScene(app),
        "setup": lambda: SetupScene(app, "die_mauer"),
        "settings": lambda: SettingsScene(app),
        "join": lambda: JoinScene(app, browse=False),
        "host_lobby": host_lobby,
        "table": table,
        "table_six_bots": bots_table,
        "password": password,
        "results": results,
    }
    report: dict = {"frames_per_scene": args.frames, "scenes": {}}
    keys = [pygame.K_d, pygame.K_SPACE]
    for name, make in scenes.items():
        while len(app.scenes) > 1:
            app.pop()
        scene = make()
        if scene is not None:
            app.push(scene)
        times: list[float] = []
        cpu: list[float] = []
        longest_wall = 0
        for frame in range(args.frames):
            if name == "table" and frame % 20 == 0:  # the local seat plays along by keyboard
                code = keys[(frame // 20) % 2]
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
            elif name != "table" and frame % 30 == 0:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="",
                                                     scancode=0))
            start, cpu_start = time.perf_counter(), time.thread_time()
            app.frame(1 / 60)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.thread_time() - cpu_start) * 1000)
            longest_wall = max(longest_wall, len(getattr(app.top, "wall_items", [])))
        times.sort()
        cpu.sort()
        p99 = min(len(times) - 1, int(len(times) * 0.99))
        report["scenes"][name] = {
            "median_ms": round(statistics.median(times), 2),
            "p99_ms": round(times[p99], 2),
            "max_ms": round(times[-1], 2),
            # CPU time of the pygame thread: what the frame costs, whatever else the machine runs
            "cpu_median_ms": round(statistics.median(cpu), 2),
            "cpu_p99_ms": round(cpu[p99], 2),
        }
        if name.startswith("table"):
            report["scenes"][name]["longest_wall"] = longest_wall
    for lobby in lobbies:
        lobby.close()
    report["first_frame_s"] = round(first_frame, 3)
    report["peak_memory_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    report["worst_median_ms"] = max(s["median_ms"] for s in report["scenes"].values())
    report["worst_p99_ms"] = max(s["p99_ms"] for s in report["scenes"].values())
    report["load_average_1min"] = round(os.getloadavg()[0], 2)  # other work on the machine skews p99
    report["targets"] = {"median_ms": 6, "p99_ms": 12, "first_frame_s": 1.5, "peak_memory_mb": 250}
    app.quit()
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
