"""Crash benchmark: kill the host at random moments and count the accepted actions lost;
then what saving costs per action early and late in a long game. Prints one JSON object.

Run: `.venv/bin/python tools/bench_crash.py [--kills 30] [--no-cost] [--no-kills]`

Kills: each round starts `spielabend host` in a child process (Die Mauer, six seats: four
peers here and two bots that act at once, saving into a temporary folder), lets the four
peers play as fast as the host's intent limit allows (45 intents a second each), and
kills the host with SIGKILL at a random moment 0.05 to ``--max-after`` seconds into the
game. Then it restores the save as `Host.resume` does and compares it with what the
peers heard: ``lost`` counts actions that some peer got an update for (and so perhaps
an accept) that the save does not hold; ``own_lost`` counts a peer's own accepted
actions missing from its seat's actions in the save. Both must be 0. Loopback only.

Cost: a Wie Waldi game (four local seats, ten rounds, players who draw and put back
often, so it passes 5,000 actions) saving as in play; the time of the save work for
each action (its journal record, and now and then a snapshot with fsync), as medians
around action 10 and action 5,000, beside the old way (rewriting the whole save as JSON
through a temporary file and a rename) measured at the same two points in the same run.
"""

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines import Rng  # noqa: E402
from netplay.errors import SaveError  # noqa: E402
from netplay.host import Host  # noqa: E402
from netplay.protocol import PROTOCOL_VERSION, TO_HOST, TO_PEER, FrameDecoder, encode  # noqa: E402

LOOPBACK = "127.0.0.1"
PEERS, BOTS = 4, 2
HOST_COMMAND = "import sys; from client.cli.net import main; sys.exit(main(sys.argv[1:]))"


# --- kills ---------------------------------------------------------------------------------
class CrashPeer(asyncio.Protocol):
    """A seat that plays a seeded random legal action whenever it may, at 45 a second."""

    PACE = 1 / 45

    def __init__(self, index: int, started: asyncio.Event):
        self.rng = Rng(index)
        self.started = started
        self.decoder = FrameDecoder(TO_PEER)
        self.transport = None
        self.seat: int | None = None
        self.updates = 0
        self.legal: list = []
        self.pending: dict[int, dict] = {}  # seq -> the action sent
        self.accepted: list = []  # own actions the host accepted, in order
        self.seq = 0
        self.last_sent = 0.0
        self.lost = asyncio.get_running_loop().create_future()

    def connection_made(self, transport):
        self.transport = transport

    def data_received(self, data):
        for message in self.decoder.feed(data):
            kind = message["t"]
            if kind == "challenge":
                self.transport.write(encode({"t": "hello", "version": PROTOCOL_VERSION, "name": "crash",
                                             "proof": "", "token": None}, TO_HOST))
            elif kind == "welcome":
                self.seat = message["seat"]
            elif kind == "update":
                self.updates += 1
                self.legal = message["legal"]
                self.started.set()
            elif kind == "accept":
                self.accepted.append(self.pending.pop(message["seq"]))
            elif kind == "reject":
                self.pending.pop(message["seq"], None)
        self.act()

    def act(self):
        if self.pending or not self.legal or self.transport is None or self.transport.is_closing():
            return
        now = time.perf_counter()
        if now - self.last_sent < self.PACE:
            asyncio.get_running_loop().call_later(self.PACE - (now - self.last_sent), self.act)
            return
        self.seq += 1
        action = self.rng.choice(self.legal)
        self.legal = []
        self.pending[self.seq] = action
        self.last_sent = now
        self.transport.write(encode({"t": "intent", "seq": self.seq, "action": action}, TO_HOST))

    def connection_lost(self, exc):
        if not self.lost.done():
            self.lost.set_result(True)


async def start_host(save: Path) -> tuple[asyncio.subprocess.Process, int]:
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-c", HOST_COMMAND, "host", "--game", "die_mauer", "--players", str(PEERS + BOTS),
        "--bots", str(BOTS), "--port", "0", "--interface", LOOPBACK, "--no-advertise", "--bot-delay", "0",
        "--option", "rounds=10", "--save", str(save), cwd=ROOT, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    async with asyncio.timeout(30):
        while True:
            line = (await child.stdout.readline()).decode()
            if not line:
                raise RuntimeError("the host ended before it listened")
            if " on port " in line:
                return child, int(line.split(" on port ")[1].split()[0])


async def one_kill(save: Path, after: float) -> dict:
    child, port = await start_host(save)
    loop = asyncio.get_running_loop()
    started = asyncio.Event()
    peers = []
    try:
        for index in range(PEERS):
            _, peer = await loop.create_connection(lambda i=index: CrashPeer(i, started), LOOPBACK, port)
            peers.append(peer)
        async with asyncio.timeout(30):
            await started.wait()
            await asyncio.sleep(after)
        child.send_signal(signal.SIGKILL)
        async with asyncio.timeout(10):
            await child.wait()
            await asyncio.gather(*(p.lost for p in peers))
    finally:
        if child.returncode is None:
            child.kill()
            await child.wait()
        await child.stdout.read()  # let the pipe go before the loop ends
        for peer in peers:
            if peer.transport is not None:
                peer.transport.abort()
    seen = max(peer.updates for peer in peers) - 1  # an update per action, after the one at the start
    try:
        resumed = Host.resume(save)
        log, note = resumed.log, resumed.resume_note
    except SaveError as error:  # killed before anything was saved
        if error.code != "no_save":
            raise
        log, note = [], None
    own_lost = 0
    for peer in peers:
        saved_own = [action for seat, action in log if seat == peer.seat]
        own_lost += sum(1 for i, action in enumerate(peer.accepted)
                        if i >= len(saved_own) or saved_own[i] != action)
    return {"after_s": round(after, 3), "seen": seen, "saved": len(log), "lost": max(0, seen - len(log)),
            "own_accepted": sum(len(p.accepted) for p in peers), "own_lost": own_lost, "dropped": note}


async def kills(count: int, max_after: float, seed: int) -> dict:
    chooser = random.Random(seed)
    rounds = []
    with tempfile.TemporaryDirectory(prefix="bench-crash-") as folder:
        for index in range(count):
            rounds.append(await one_kill(Path(folder) / f"kill-{index}.save", chooser.uniform(0.05, max_after)))
    return {
        "kills": count,
        "actions_seen_by_peers": sum(r["seen"] for r in rounds),
        "own_accepts_seen": sum(r["own_accepted"] for r in rounds),
        "lost": sum(r["lost"] for r in rounds),
        "own_lost": sum(r["own_lost"] for r in rounds),
        "most_lost_in_one_kill": max(r["lost"] for r in rounds),
        "saves_with_a_dropped_tail": sum(1 for r in rounds if r["dropped"]),
        "saved_beyond_what_peers_saw_median": statistics.median(r["saved"] - r["seen"] for r in rounds),
        "rounds": rounds,
    }


# --- cost -------------------------------------------------------------------------------------
def long_wie_waldi(path: Path, target: int) -> tuple[Host, dict[int, float]]:
    """Play Wie Waldi past ``target`` actions, timing the save work of every action."""
    from netplay import saves

    costs: dict[int, float] = {}
    host: Host | None = None
    clock = time.perf_counter

    def timed(method):
        def wrapper(self, *args):
            start = clock()
            try:
                return method(self, *args)
            finally:
                key = len(host.log) if host is not None else 0
                costs[key] = costs.get(key, 0.0) + clock() - start
        return wrapper

    originals = saves.Journal.append, saves.Journal.sync
    saves.Journal.append, saves.Journal.sync = timed(originals[0]), timed(originals[1])
    try:
        host = Host("wie_waldi", 4, seed=2026, options={"rounds": 10}, save_path=path)
        sessions = [host.session(seat) for seat in range(4)]
        chooser = Rng(1)
        now = 0.0
        while len(host.log) < target + 20 and not host.is_over():
            now += 0.01
            host.tick(now)
            active = host.state.active_players()
            if not active:
                continue
            seat = chooser.choice(active)
            legal = host.state.legal_actions(seat)
            slow = [a for a in legal if a["type"] in ("draw", "put_back")]
            sessions[seat].send(chooser.choice(slow if slow and chooser.random() < 0.85 else legal))
            for session in sessions:
                session.poll()
    finally:
        saves.Journal.append, saves.Journal.sync = originals
    return host, costs


def rewrite_whole_save(host: Host, upto: int, path: Path) -> float:
    """The old way, for comparison: the whole save as one JSON document after action
    ``upto`` (log and state), written to a temporary file and renamed over the save."""
    start = time.perf_counter()
    text = json.dumps({"format": "spielabend-save", "version": 1, "game": host.game_id, "players": host.players,
                       "seed": host.seed, "options": host.options, "log": host.log[:upto],
                       "state": host.state.to_dict()}, separators=(",", ":"))
    temp = path.with_suffix(".tmp")
    temp.write_text(text)
    os.replace(temp, path)
    return time.perf_counter() - start


def cost(target: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-save-") as folder:
        host, costs = long_wie_waldi(Path(folder) / "long.save", target)
        actions = len(host.log)
        if actions < target:
            raise RuntimeError(f"the game ended after {actions} actions, before {target}")
        old = {at: [rewrite_whole_save(host, at, Path(folder) / "old.json") * 1e6 for _ in range(21)]
               for at in (10, target)}
        size = (Path(folder) / "long.save").stat().st_size

    def around(at: int) -> list[float]:
        return [costs[n] * 1e6 for n in range(max(1, at - 10), at + 11) if n in costs]

    early, late = statistics.median(around(10)), statistics.median(around(target))
    per_action = [costs.get(n, 0.0) * 1e6 for n in range(1, actions + 1)]
    return {
        "game": "wie_waldi, 4 seats, 10 rounds",
        "actions": actions,
        "save_us_per_action_at_10_median": round(early, 2),
        f"save_us_per_action_at_{target}_median": round(late, 2),
        "late_over_early": round(late / early, 2),
        "save_us_per_action_mean_with_snapshots": round(statistics.fmean(per_action), 2),
        "save_us_per_action_max": round(max(per_action), 1),
        "save_bytes": size,
        "old_rewrite_us_at_10_median": round(statistics.median(old[10]), 1),
        f"old_rewrite_us_at_{target}_median": round(statistics.median(old[target]), 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument("--max-after", type=float, default=1.0, help="latest kill, seconds into the game")
    parser.add_argument("--seed", type=int, default=1, help="seed of the kill moments")
    parser.add_argument("--actions", type=int, default=5000, help="the late point of the cost measure")
    parser.add_argument("--no-kills", action="store_true")
    parser.add_argument("--no-cost", action="store_true")
    args = parser.parse_args()
    result: dict = {}
    if not args.no_kills:
        result["kills"] = asyncio.run(kills(args.kills, args.max_after, args.seed))
    if not args.no_cost:
        result["cost"] = cost(args.actions)
    print(json.dumps(result, indent=1))
    return 0 if result.get("kills", {}).get("lost", 0) == 0 and result.get("kills", {}).get("own_lost", 0) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
