"""Phone benchmark: a phone's tap to the shared screen showing "locked in", on loopback.

A couch table of Die Mauer runs in this process's pygame loop at 60 frames a second
(SDL's dummy video driver, 1920x1080): seat 0 is played from a phone (a WebSocket
client on its own thread speaking the page's protocol to the host's phone server on
127.0.0.1), seat 1 by this screen's keyboard seat (its session, driven by the bench),
seat 2 by a bot, and seat 3 by a second keyboard seat that plans only once seats 0 and 1
show locked in (so neither of them is ever the last: the last plan comes with the reveal,
which the table dwells on before it shows). Each turn, once the table has shown everything (nothing queued), the
phone waits a random part of a frame and taps its plan; the time runs until the frame
whose picture shows seat 0 locked in has been drawn and presented. For comparison, in
the same run, the keyboard seat's plan is sent at a frame's start (where the input
module hands a key press over) and timed the same way to its own "locked in".

Prints JSON: samples, median / p99 / max in milliseconds for the phone and the keyboard
seat, the five slowest phone samples, their ratio of medians, and the target (p99 <= 2
frames + 10 ms).

Then, under "page", the phone page itself in headless Chromium with 4x CPU throttling
(tools/phone_page_timing.py): tap to the page's own echo p50 / p99 (target p99 <= 50 ms),
tap to the host having applied it p99 (what the big screen draws next), the bytes the
page loads for a game with its sprite sheet (target <= 400 KB) and first paint after
opening the link (target <= 1 s); {"skipped": why} where no Chromium is installed.

    .venv/bin/python tools/bench_phone.py [--samples 40] [--animation fast] [--page-taps N] [--page-loads 5]
"""

import json
import math
import os
import random
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

FRAME = 1 / 60
TARGET = 2 * FRAME + 0.010
STALL_SECONDS = 20.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def summary(values: list[float]) -> dict:
    return {"samples": len(values), "median_ms": round(1000 * percentile(values, 0.5), 2),
            "p99_ms": round(1000 * percentile(values, 0.99), 2), "max_ms": round(1000 * max(values), 2)}


class Phone(threading.Thread):
    """Plays seat 0 from its link: any legal action at once, except a plan, which it taps
    only when the bench says the table is idle, after a random part of a frame."""

    def __init__(self, link: str, seed: int):
        super().__init__(daemon=True, name="bench-phone")
        from websockets.sync.client import connect

        self.link = link
        self.socket = connect(link.replace("http://", "ws://") + "/ws", open_timeout=5).__enter__()
        self.rng = random.Random(seed)
        self.idle = threading.Event()  # set by the bench: the table shows everything
        self.tapped_at: float | None = None
        self.stop = False
        self.seq = 0
        self.error: str | None = None  # why the phone stopped playing, if it failed

    def run(self) -> None:
        try:
            self._play()
        except Exception as error:  # noqa: BLE001 - reported by the bench, not lost in a thread
            self.error = f"{type(error).__name__}: {error}"
            raise

    def _play(self) -> None:
        from engines import Rng, game_info

        bot = game_info("die_mauer").bot  # the game's default bot (engines.die_mauer.bot is its module)
        rng = Rng(1)
        legal, view, pending = [], {}, False
        while not self.stop:
            try:
                message = json.loads(self.socket.recv(timeout=0.05))
            except TimeoutError:
                message = None
            except Exception:  # noqa: BLE001 - the table closed
                return
            if message is not None:
                if message["t"] == "update":
                    legal, view = message["legal"], message["view"]
                elif message["t"] in ("accept", "reject"):
                    pending = False
            if pending or not legal:
                continue
            if legal[0]["type"] == "plan":
                if not self.idle.wait(0.05):
                    continue
                self.idle.clear()
                self.tapped_at = math.inf  # about to tap: the bench must not call the table idle again
                time.sleep(self.rng.uniform(0, FRAME))
                self.tapped_at = time.perf_counter()
            self.seq += 1
            self.socket.send(json.dumps({"t": "intent", "seq": self.seq, "action": bot(view, legal, rng)}))
            pending, legal = True, []

    def state(self) -> str:
        return f"alive {self.is_alive()}, idle {self.idle.is_set()}, tapped {self.tapped_at}, seq {self.seq}"

    def close(self) -> None:
        self.stop = True
        self.join(5)
        self.socket.close()


def main(argv=None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--animation", default="fast", choices=("slow", "normal", "fast", "instant"),
                        help="animation speed: only how long the table takes between samples")
    parser.add_argument("--timeout", type=float, default=240.0)
    parser.add_argument("--page-taps", type=int, default=None, help="taps on the page in Chromium (default: --samples)")
    parser.add_argument("--page-loads", type=int, default=None, help="page loads for first paint (default: 5, at most "
                        "--samples)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["SPIELABEND_INTERFACES"] = "127.0.0.1"  # loopback only
    import tempfile

    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="spielabend-bench-")
    import pygame

    from client.app import App
    from client.hosting.seats import SeatPlan
    from client.scenes.title import TitleScene
    from engines import Rng, game_info

    bot = game_info("die_mauer").bot
    app = App(window_size=(1920, 1080))
    app.settings.animation = args.animation
    app.push(TitleScene(app))
    phone_times: list[float] = []
    key_times: list[float] = []
    deadline = time.monotonic() + args.timeout
    games, failure = 0, None
    while len(phone_times) < args.samples and time.monotonic() < deadline:
        games += 1
        plans = [SeatPlan("Anna", "phone", 0), SeatPlan("Ben", "keys1", 1), SeatPlan("Clara", "bot:normal", 2),
                 SeatPlan("David", "keys2", 3)]
        table = app.flow.start_local("die_mauer", plans, {"rounds": 4}, seed=games, bot_delay=0.3)
        phone = Phone(table.hosting.phones.link(0), games)
        phone.start()
        keys_rng, key_sent = Rng(games), None
        counted, last_sample = len(phone_times), time.monotonic()
        waited = 0  # frames the table has been idle (the keyboard seat waits a few after the phone's lock)
        clock = pygame.time.Clock()
        try:
            while len(phone_times) < args.samples and time.monotonic() < deadline and not table.closed:
                app.frame(clock.tick(60) / 1000)
                shown = time.perf_counter()
                view = table.model.view or {}
                locked = (view.get("plans") or {}).get("locked", [])
                if phone.tapped_at is not None and 0 in locked:
                    phone_times.append(shown - phone.tapped_at)
                    phone.tapped_at = None
                if key_sent is not None and 1 in locked:
                    key_times.append(shown - key_sent)
                    key_sent = None
                idle = not table.model.behind() and not table.pacer.busy()
                waited = waited + 1 if idle else 0
                if idle and view.get("phase") == "plan" and 0 not in locked and phone.tapped_at is None:
                    phone.idle.set()
                else:
                    phone.idle.clear()  # the phone taps only while the table shows all there is
                for seat in (1, 3):
                    legal = table.model.legal.get(seat, [])
                    if not (idle and waited > 3 and legal and table.model.pending.get(seat) is None):
                        continue
                    planning = legal[0]["type"] == "plan"
                    if planning and (0 not in locked or (seat == 3 and 1 not in locked)):
                        continue  # the phone first, then the timed keyboard seat, then the closer
                    if planning and seat == 1:
                        key_sent = time.perf_counter()  # a frame's start: where a key press is handed over
                    action = bot(table.model.seat_views[seat], legal, keys_rng)
                    table.model.sent(seat, table.sessions[seat].send(action), action, None, planning)
                if view.get("game_result") is not None:
                    break
                if phone_times and time.monotonic() - last_sample > STALL_SECONDS or not phone.is_alive():
                    print(f"bench_phone: no sample for {STALL_SECONDS:g} s (phase {view.get('phase')}, locked "
                          f"{locked}, legal {[len(table.model.legal.get(s, [])) for s in (1, 3)]}, phone "
                          f"{phone.state()}); starting a new game", file=sys.stderr)
                    break
                if len(phone_times) != counted:
                    counted, last_sample = len(phone_times), time.monotonic()
        finally:
            phone.close()
            app.flow.leave_table(table)
        failure = phone.error
        if failure:
            break  # a broken phone would fail the same way in every game
    app.quit()
    pygame.quit()
    if failure:
        print(json.dumps({"error": f"the phone failed: {failure}"}))
        return 1
    if not phone_times:
        print(json.dumps({"error": "no samples within the time limit"}))
        return 1
    phone_summary, key_summary = summary(phone_times), summary(key_times) if key_times else None
    report = {
        "bench": "phone tap -> shared screen shows 'locked in' (loopback, 60 fps, dummy video 1920x1080)",
        "phone": phone_summary,
        "phone_slowest_ms": [round(1000 * t, 1) for t in sorted(phone_times)[-5:]],
        "keyboard_seat": key_summary,
        "phone_over_keyboard_median": (round(phone_summary["median_ms"] / key_summary["median_ms"], 2)
                                       if key_summary else None),
        "target_p99_ms": round(1000 * TARGET, 2),
        "meets_target": phone_summary["p99_ms"] <= 1000 * TARGET,
        "games": games,
    }
    from tools.phone_page_timing import run as time_the_page

    taps = args.page_taps if args.page_taps is not None else args.samples
    report["page"] = time_the_page(taps, args.page_loads if args.page_loads is not None else min(5, args.samples))
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
