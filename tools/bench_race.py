"""Wie Waldi race benchmark: press to pixels on a couch and across the LAN, simultaneous
races at the host, and how fair bots race. Prints one JSON object.

    .venv/bin/python tools/bench_race.py [--presses 300] [--races 10000] [--bot-matches 40]

- **couch**: the window with an in-process host (SDL's dummy drivers), a 60 Hz frame clock
  run in real time. A keyboard seat's key event is posted into pygame's queue at a random
  moment between two frames; the time until the end of the first frame that shows its
  effect (the drawn card in the seat's zone, the card on the table or back under its
  pile, or a refusal) is measured, in milliseconds and in frames. A second keyboard seat
  races the first onto the same open end now and then, so refusals are measured too.
- **lan**: a host process and three peer processes on loopback: the measuring peer runs
  the same window and table over a `RemoteSession`, two racing peers play as fast as
  the host's intent limit lets them, onto the same open ends. With the optimistic echo
  (issue 26) the first frame that shows a press's effect is its tentative one (the play
  on its end, the drawn card face down in the hand, the hand emptied by a put-back), in
  both sections; ``answered`` gives, apart, how long a play took until the host's answer
  showed (settled, or taken back). The couch and the LAN are measured at the same time
  (``--apart``: one after the other), so a loaded machine slows both alike.
- **races**: games at a `Host` whose four seats, every step, all send their plays at once
  (in a random order), onto the lowest open end their card fits: each contested place
  must have exactly one winner, every seat's final table must be the same (a digest of
  each seat's last view without its own hand), and the host's state must equal a replay
  of its log.
- **bots**: all-bot matches (four equal bots, the host's own bot driver on a simulated
  clock): who wins contested ends by seat, and how often bots are refused as too late.

Targets: couch p99 <= 2 frames; LAN p99 <= 2 frames + 5 ms, and within 2 ms of the couch's p99
measured in the same run (issue 26). Everything binds to 127.0.0.1.
"""

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FRAME = 1 / 60
LOOPBACK = "127.0.0.1"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def summary(samples: list[tuple[float, int]]) -> dict:
    """Median and p99 of (milliseconds, frames) samples."""
    if not samples:
        return {"count": 0}
    ms = [s[0] for s in samples]
    frames = [s[1] for s in samples]
    return {"count": len(samples), "median_ms": round(statistics.median(ms), 2), "p99_ms": round(percentile(ms, 0.99), 2),
            "max_ms": round(max(ms), 2), "median_frames": statistics.median(frames),
            "p99_frames": percentile(frames, 0.99)}


# --- press to pixels ---------------------------------------------------------------------------
def quiet_sdl() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="spielabend-race-")


class Presser:
    """Posts one seat's key presses into pygame's queue and knows when each one shows."""

    def __init__(self, app, table, seat: int, device: str, rng: random.Random):
        from tests.client.drive import KEYS

        self.app, self.table, self.seat, self.device, self.rng = app, table, seat, device, rng
        self.keys = KEYS[device]
        self.waiting: dict | None = None  # the press being measured
        # first pixels of each press, by what they showed (a play: its tentative echo or the play itself)
        self.samples: dict[str, list] = {"draw": [], "play": [], "put_back": [], "refusal": []}
        # after a play's first pixels: until the host's answer shows (the play settled, or taken back)
        self.answers: dict[str, list] = {"play_settled": [], "play_taken_back": []}
        self.settling: dict | None = None

    def next_press(self) -> str | None:
        """The button to press now (None: nothing to do, or the last press not yet shown)."""
        table, seat = self.table, self.seat
        if self.waiting is not None or self.settling is not None or table.model.pending.get(seat) is not None \
                or table.pacer.busy():
            return None
        game = table.game
        shortcuts = game.shortcuts(seat, self.device)
        draws = [b for b, c in shortcuts.items() if c.action["type"] == "draw"]
        if draws:
            return self.rng.choice(draws)
        plays = [c for c in table.live.get(seat, []) if c.action["type"] in ("start", "play")]
        if plays and table.choosers[seat].cursor in {c.key for c in plays}:
            return "confirm"
        return "back" if "back" in shortcuts else None

    def press(self, button: str, now: float, frame: int) -> None:
        import pygame

        view = self.table.model.view
        self.waiting = {"button": button, "t0": now, "frame": frame, "refusals": self.refusal_count(),
                        "stops": self.table.game.race.stopped_at,
                        "dogs": sum(len(d["cards"]) for d in view["dogs"]), "holding": view["holding"][self.seat]}
        code = pygame.key.key_code(self.keys[button])
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))

    def refusal_count(self) -> int:
        return self.table.game.race.refusals.get(self.seat, 0)

    def check(self, now: float, frame: int) -> None:
        """After a frame is shown: did it show the waiting press's effect? With the
        optimistic echo the first frame that does is the tentative one (the play on its
        end, the drawn card face down in the hand, the hand emptied by a put-back: what
        the table's `tentative` says it draws); else the host's answer itself."""
        self.check_settled(now, frame)
        wait = self.waiting
        if wait is None:
            return
        view = self.table.model.view
        shown = None
        if self.table.game.race.stopped_at != wait["stops"]:  # a round ended meanwhile: its dwell is no latency
            self.waiting = None
            return
        tentative = self.table.game.tentative(self.seat)
        kind = tentative["type"] if tentative is not None else None
        if self.refusal_count() > wait["refusals"]:
            shown = "refusal"
        elif wait["button"] == "confirm" and (kind in ("start", "play") or (
                self.table.model.pending.get(self.seat) is None and view["holding"][self.seat] is None
                and sum(len(d["cards"]) for d in view["dogs"]) > wait["dogs"])):
            shown = "play"
        elif wait["button"] == "back" and (kind == "put_back" or view["holding"][self.seat] is None):
            shown = "put_back"
        elif wait["button"] not in ("confirm", "back") and (kind == "draw" or view["holding"][self.seat] is not None):
            shown = "draw"
        elif frame - wait["frame"] > 120 or view.get("phase") != "race":  # lost in a round's end
            self.waiting = None
            return
        if shown is not None:
            self.samples[shown].append(((now - wait["t0"]) * 1000, frame - wait["frame"]))
            self.waiting = None
            if shown == "play" and self.table.model.pending.get(self.seat) is not None:
                self.settling = wait  # shown as tentative: measure until the host's answer shows too

    def check_settled(self, now: float, frame: int) -> None:
        """A play shown as tentative: did this frame show the host's answer (the play
        settled on its end, or the card taken back to the hand)?"""
        wait = self.settling
        if wait is None:
            return
        if self.refusal_count() > wait["refusals"]:
            kind = "play_taken_back"
        elif self.table.model.pending.get(self.seat) is None:
            kind = "play_settled"
        elif frame - wait["frame"] > 120:
            self.settling = None
            return
        else:
            return
        self.answers[kind].append(((now - wait["t0"]) * 1000, frame - wait["frame"]))
        self.settling = None


def run_presses(app, pressers: list[Presser], presses: int, seconds: float, race_pair=None) -> dict:
    """The real frame loop at 60 Hz: each press enters the queue at a random moment
    between two frames; after every frame, whatever it shows is checked."""
    rng = random.Random(5)
    frame, deadline = 0, time.perf_counter() + seconds
    boundary = time.perf_counter()
    work: list[float] = []  # milliseconds each frame took (input, update, draw, present)
    cpu: list[float] = []  # the same frames in this thread's CPU time: what the load of others adds is not in it
    while sum(sum(len(v) for v in p.samples.values()) for p in pressers) < presses and time.perf_counter() < deadline:
        boundary += FRAME
        table = pressers[0].table
        racing = race_pair(table) if race_pair is not None else None
        if racing is not None:  # two seats onto the same open end in the same instant
            lag = rng.uniform(0.0, 0.8) * max(0.0, boundary - time.perf_counter())
            time.sleep(lag)
            now = time.perf_counter()
            for presser in racing:
                presser.press("confirm", now, frame)
        else:
            for presser in pressers:
                button = presser.next_press()
                if button is not None and rng.random() < 0.5:
                    time.sleep(rng.uniform(0.0, 0.9) * max(0.0, boundary - time.perf_counter()))
                    presser.press(button, time.perf_counter(), frame)
        time.sleep(max(0.0, boundary - time.perf_counter()))
        begun, begun_cpu = time.perf_counter(), time.thread_time()
        app.frame(FRAME)
        frame += 1
        now = time.perf_counter()
        work.append((now - begun) * 1000)
        cpu.append((time.thread_time() - begun_cpu) * 1000)
        for presser in pressers:
            presser.check(now, frame)
        if boundary < now - FRAME:  # a slow frame: the clock starts again from now
            boundary = now
    return {"wall": work, "cpu": cpu}


def same_end_race(pressers):
    """Two seats holding cards for the same open end, their cursors on it: a race."""
    def pick(table):
        if any(p.waiting is not None or table.model.pending.get(p.seat) is not None for p in pressers):
            return None
        targets = []
        for presser in pressers:
            live = {c.key: c for c in table.live.get(presser.seat, [])}
            choice = live.get(table.choosers[presser.seat].cursor)
            if choice is None or choice.action["type"] != "play":
                return None
            targets.append((choice.action["dog"], choice.action["end"]))
        return pressers if len(set(targets)) == 1 else None
    return pick


def couch(presses: int, seconds: float) -> dict:
    import pygame

    from client.app import App
    from client.hosting.seats import SeatPlan
    from client.scenes.title import TitleScene

    app = App(window_size=(1920, 1080))
    app.push(TitleScene(app))
    plans = [SeatPlan("Anna", "keys1", 0), SeatPlan("Ben", "keys2", 1), SeatPlan("Clara", "bot:hard", 2),
             SeatPlan("David", "bot:hard", 3)]
    table = app.flow.start_local("wie_waldi", plans, {"rounds": 10}, seed=11)
    while table.model.view is None or table.model.view["phase"] != "race":
        app.frame(FRAME)
        time.sleep(FRAME / 4)
    rng = random.Random(1)
    pressers = [Presser(app, table, 0, "keys1", rng), Presser(app, table, 1, "keys2", rng)]
    work = run_presses(app, pressers, presses, seconds, same_end_race(pressers))
    app.quit()
    pygame.quit()
    return press_report(pressers, work)


def press_report(pressers, work: dict) -> dict:
    kinds: dict[str, list] = {}
    answers: dict[str, list] = {}
    for presser in pressers:
        for kind, samples in presser.samples.items():
            kinds.setdefault(kind, []).extend(samples)
        for kind, samples in presser.answers.items():
            answers.setdefault(kind, []).extend(samples)
    everything = [s for samples in kinds.values() for s in samples]
    return {"all": summary(everything), **{kind: summary(samples) for kind, samples in kinds.items()},
            # not in "all": a play's answer after its first (tentative) pixels
            "answered": {kind: summary(samples) for kind, samples in answers.items()},
            # what one frame costs here (a press waits for the next frame, then this): wall
            # clock, and the frame loop's own CPU time (a wall p99 far above the CPU p99 is
            # time this process waited for a core)
            **{f"frame_{kind}_ms": {"median": round(statistics.median(values), 2),
                                    "p99": round(percentile(values, 0.99), 2)}
               for kind, values in (("work", work["wall"]), ("cpu", work["cpu"]))}}


# --- the LAN: a host and three peers, each in its own process ---------------------------------
def serve(port_file: str) -> None:
    from netplay.host import Host
    from netplay.server import serve_in_thread

    host = Host("wie_waldi", 3, seed=12, options={"rounds": 10}, seats=[{"kind": "remote"}] * 3)
    handle = serve_in_thread(host, interfaces=[LOOPBACK], advertise=False)
    Path(port_file).write_text(str(handle.port))
    deadline = time.monotonic() + 600
    while not host.is_over() and time.monotonic() < deadline and not Path(port_file + ".stop").exists():
        time.sleep(0.2)
    handle.close()


def racer(port: int, seconds: float, seed: int) -> None:
    """A peer that plays as fast as the host's intent limit allows, onto the lowest open
    end its card fits (so it races the others there)."""
    from client.cli.seat_player import SeatPlayer
    from netplay.peer import RemoteSession

    session = RemoteSession(LOOPBACK, port, f"racer{seed}")
    player = SeatPlayer(bot_seed=seed)
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not player.ended:
        player.absorb(session.poll())
        now = time.monotonic()
        if player.may_act(now):
            player.sent(session.send(race_choice(player.last_update["legal"], rng)), now)
        time.sleep(0.001)
    session.close()


def race_choice(legal: list, rng: random.Random):
    """Play on the lowest open end the card fits, else start a dog, else put back; or draw
    from any pile."""
    if legal[0]["type"] == "draw":
        return rng.choice(legal)
    plays = [a for a in legal if a["type"] == "play"]
    if plays:
        return min(plays, key=lambda a: a["dog"])
    starts = [a for a in legal if a["type"] == "start"]
    return starts[0] if starts else legal[0]


def measure_peer(port: int, presses: int, seconds: float, out: str) -> None:
    quiet_sdl()
    import pygame

    from client.app import App
    from client.games import TABLES
    from client.scenes.title import TitleScene
    from client.table.scene import TableScene
    from netplay.peer import RemoteSession

    app = App(window_size=(1920, 1080))
    app.push(TitleScene(app))
    session = RemoteSession(LOOPBACK, port, "Anna")
    session.wait_welcome(10.0)
    start = None
    deadline = time.monotonic() + 20
    backlog = []
    while start is None and time.monotonic() < deadline:
        for message in session.poll():
            if message.get("t") == "start":
                start = message
            elif start is not None:
                backlog.append(message)
        time.sleep(0.01)
    seat = start["seat"]
    table = TableScene(app, TABLES["wie_waldi"], {seat: session}, {seat: "keys1"}, list(range(3)), players=3,
                       names=start.get("names", []))
    for message in backlog:
        table.model.receive(seat, message)
    app.push(table)
    while table.model.view is None or table.model.view["phase"] != "race":
        app.frame(FRAME)
        time.sleep(FRAME / 2)
    presser = Presser(app, table, seat, "keys1", random.Random(2))
    work = run_presses(app, [presser], presses, seconds)
    Path(out).write_text(json.dumps(press_report([presser], work)))
    session.close()
    app.quit()
    pygame.quit()


def lan(presses: int, seconds: float) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-race-") as folder:
        port_file, out = str(Path(folder) / "port"), str(Path(folder) / "lan.json")
        script = [sys.executable, __file__]
        host = subprocess.Popen(script + ["--role", "serve", "--file", port_file])
        measuring, racers = None, []
        try:
            for _ in range(300):
                if Path(port_file).exists() and Path(port_file).read_text():
                    break
                time.sleep(0.05)
            port = Path(port_file).read_text()
            measuring = subprocess.Popen(script + ["--role", "measure", "--port", port, "--file", out,
                                                   "--presses", str(presses), "--seconds", str(seconds)])
            time.sleep(1.0)  # the measuring peer takes seat 1
            racers = [subprocess.Popen(script + ["--role", "racer", "--port", port, "--seed", str(i),
                                                 "--seconds", str(seconds + 30)]) for i in range(2)]
            measuring.wait(seconds + 120)
            Path(port_file + ".stop").write_text("")
            for process in racers:
                process.wait(60)
            host.wait(60)
            if not Path(out).exists():
                raise SystemExit(f"bench_race: the measuring peer failed (exit status {measuring.returncode})")
            return json.loads(Path(out).read_text())
        finally:
            for process in [host, measuring, *racers]:
                if process is not None and process.poll() is None:
                    process.kill()


def couch_and_lan_at_once(presses: int, seconds: float) -> dict:
    """The couch (this process) and the LAN (its own processes) measured at the same time,
    so both see the same load on a shared machine: their p99s are compared (issue 26)."""
    found: dict = {}

    def measure_lan() -> None:
        try:
            found["lan"] = lan(presses, seconds)
        except (SystemExit, OSError, ValueError, subprocess.SubprocessError) as error:
            found["lan"] = {"error": str(error)}

    thread = threading.Thread(target=measure_lan, name="bench-lan", daemon=True)
    thread.start()
    found["couch"] = couch(presses, seconds)
    thread.join(seconds + 300)
    found.setdefault("lan", {"error": "the LAN section did not finish"})
    found["measured"] = "couch and LAN at once"
    return found


# --- simultaneous races at the host -------------------------------------------------------------
def public(view: dict) -> str:
    """A digest of what every seat's last view shares (not who it is, not its hand)."""
    shared = {k: v for k, v in view.items() if k not in ("you", "hand")}
    return hashlib.sha256(json.dumps(shared, sort_keys=True).encode()).hexdigest()


def races(target: int) -> dict:
    from engines import replay
    from netplay.host import Host

    rng = random.Random(3)
    contested = games = races_run = ended = 0
    wins_by_seat = [0, 0, 0, 0]
    bad_spots: list = []
    digests_match = replay_match = True
    started = time.perf_counter()
    while races_run < target:
        host = Host("wie_waldi", 4, seed=1000 + games, options={"rounds": 10, "countdown": 1},
                    seats=[{"kind": "local"}] * 4)
        sessions = [host.session(i) for i in range(4)]
        latest: dict = {}
        spots: dict = {}  # (dog, end) -> [(seat, accepted)]
        now = 0.0
        for _ in range(200_000):
            host.tick(now)
            now += 0.05
            for seat, session in enumerate(sessions):
                for message in session.poll():
                    if message["t"] == "update":
                        latest[seat] = message
            if host.is_over():
                break
            intents = []
            for seat in range(4):
                legal = latest.get(seat, {}).get("legal") or []
                if legal:
                    intents.append((seat, race_choice(legal, rng)))
            rng.shuffle(intents)  # they arrive at once, in any order
            targets: dict = {}
            for seat, action in intents:
                if action["type"] == "play":
                    targets.setdefault((action["dog"], action["end"]), []).append(seat)
            for seat, action in intents:
                answer = host.submit(seat, 0, action)
                if action["type"] == "play":
                    spots.setdefault((action["dog"], action["end"]), []).append(
                        (seat, answer["t"] == "accept", answer.get("code")))
            for spot, seats in targets.items():
                if len(seats) > 1:
                    races_run += 1
                    winner = [s for s, ok, _ in spots[spot] if ok]
                    if len(winner) == 1:
                        wins_by_seat[winner[0]] += 1
        for spot, tries in spots.items():
            winners = sum(ok for _, ok, _ in tries)
            if len(tries) > 1:
                contested += 1
            if winners == 0 and all(code in ("old_round", "countdown", "game_over") for _, _, code in tries):
                ended += 1  # a place whose round was over before any play for it arrived
            elif winners != 1:
                bad_spots.append([spot, tries])
        for session in sessions:
            for message in session.poll():
                if message["t"] == "update":
                    latest[sessions.index(session)] = message
        final = [public(latest[seat]["view"]) for seat in range(4)]
        digests_match &= len(set(final + [public(host.state.view(None))])) == 1
        replay_match &= replay("wie_waldi", 4, host.seed, host.options, host.log).digest() == host.state.digest()
        games += 1
    return {"races": races_run, "games": games, "contested_places": contested,
            "places_without_exactly_one_winner": len(bad_spots), "examples_of_bad_places": bad_spots[:3], "every_race_one_winner": not bad_spots,
            "places_lost_to_a_rounds_end": ended,
            "wins_by_seat": wins_by_seat, "final_digests_match": digests_match,
            "host_state_equals_replay": replay_match, "seconds": round(time.perf_counter() - started, 1)}


# --- how fair bots race ----------------------------------------------------------------------------
def bot_fairness(matches: int, strength: str = "normal") -> dict:
    """All-bot matches of four equal bots (the host's own driver, a simulated 60 Hz clock):
    who wins contested ends by seat, how often a bot is refused as too late."""
    from netplay.host import Host

    wins, tries_by_seat, late_by_seat = [0] * 4, [0] * 4, [0] * 4
    contested = plays = too_late = 0
    reactions: list[float] = []
    match_wins = [0.0] * 4
    started = time.perf_counter()
    for match in range(matches):
        host = Host("wie_waldi", 4, seed=5000 + match, seats=[{"kind": "bot", "strength": strength}] * 4)
        now = 0.0
        while not host.is_over() and now < 5_000:
            host.tick(now)
            now += FRAME
        for winner in host.state.winners():
            match_wins[winner] += 1 / len(host.state.winners())
        spots: dict = {}
        for outcome in host.bots.outcomes:
            reactions.append(outcome.reacted)
            action = outcome.action
            if isinstance(action, dict) and action.get("type") == "play":
                plays += 1
                tries_by_seat[outcome.seat] += 1
                if outcome.code in ("end_taken", "dog_completed"):
                    too_late += 1
                    late_by_seat[outcome.seat] += 1
                spots.setdefault((action["dog"], action["end"]), []).append(outcome)
        for tries in spots.values():
            winners = [o.seat for o in tries if o.code is None]
            if len({o.seat for o in tries}) > 1 and len(winners) == 1:
                contested += 1
                wins[winners[0]] += 1
    return {"matches": matches, "strength": strength, "contested_ends": contested,
            "contested_wins_by_seat": wins,
            "contested_win_share_by_seat": [round(w / max(1, contested), 3) for w in wins],
            "plays": plays, "too_late_refusals": too_late, "too_late_rate": round(too_late / max(1, plays), 4),
            "too_late_rate_by_seat": [round(late / max(1, n), 4) for late, n in zip(late_by_seat, tries_by_seat,
                                                                                     strict=True)],
            "match_wins_by_seat": [round(w, 1) for w in match_wins],
            "reaction_s": {"min": round(min(reactions), 3), "median": round(statistics.median(reactions), 3),
                           "p99": round(percentile(reactions, 0.99), 3)},
            "seconds": round(time.perf_counter() - started, 1)}


def verdicts(report: dict) -> dict:
    """Each press target against this run's figures, as a ratio (<= 1 meets it) in frames
    and in milliseconds; a slow frame on a loaded machine shows in milliseconds first."""
    out: dict = {"couch_p99": "2 frames", "lan_p99": "2 frames + 5 ms"}
    for name, extra_ms in (("couch", 0.0), ("lan", 5.0)):
        figures = report.get(name, {}).get("all", {})
        if not figures.get("count"):
            continue
        budget_ms = 2 * FRAME * 1000 + extra_ms
        out[name] = {"p99_frames_over_target": round(figures["p99_frames"] / 2, 2),
                     "p99_ms_over_target": round(figures["p99_ms"] / budget_ms, 2),
                     "met_in_frames": figures["p99_frames"] <= 2,
                     "met_in_ms": figures["p99_ms"] <= budget_ms}
    if report.get("couch", {}).get("all", {}).get("count") and report.get("lan", {}).get("all", {}).get("count"):
        lan_all, couch_all = report["lan"]["all"], report["couch"]["all"]
        out["lan_median_over_couch_median"] = round(lan_all["median_ms"] / couch_all["median_ms"], 2)
        # issue 26: with the optimistic echo a LAN window's p99 is within 2 ms of the couch's (same run)
        out["lan_p99_minus_couch_p99_ms"] = round(lan_all["p99_ms"] - couch_all["p99_ms"], 2)
        out["lan_p99_within_2_ms_of_couch"] = lan_all["p99_ms"] - couch_all["p99_ms"] <= 2.0
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=90.0, help="at most this long per press section")
    parser.add_argument("--races", type=int, default=10_000)
    parser.add_argument("--bot-matches", type=int, default=100)
    parser.add_argument("--skip", action="append", default=[], choices=["couch", "lan", "races", "bots"])
    parser.add_argument("--apart", action="store_true",
                        help="measure the couch, then the LAN (default: both at once, under the same load)")
    parser.add_argument("--role", default="main", choices=["main", "serve", "racer", "measure"])
    parser.add_argument("--port", type=int)
    parser.add_argument("--file")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.role == "serve":
        serve(args.file)
        return 0
    if args.role == "racer":
        racer(args.port, args.seconds, args.seed)
        return 0
    if args.role == "measure":
        measure_peer(args.port, args.presses, args.seconds, args.file)
        return 0
    quiet_sdl()
    report: dict = {"frame_hz": 60}
    if "couch" not in args.skip and "lan" not in args.skip and not args.apart:
        report.update(couch_and_lan_at_once(args.presses, args.seconds))
    else:
        if "couch" not in args.skip:
            report["couch"] = couch(args.presses, args.seconds)
        if "lan" not in args.skip:
            report["lan"] = lan(args.presses, args.seconds)
    if "races" not in args.skip:
        report["races_at_the_host"] = races(args.races)
    if "bots" not in args.skip:
        report["bots"] = bot_fairness(args.bot_matches)
    report["targets"] = verdicts(report)
    report["load_average_1min"] = round(os.getloadavg()[0], 2)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
