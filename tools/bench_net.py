"""LAN benchmark on loopback: a host with 6 peers playing scripted intents as fast as
they are accepted, then discovery timings. Prints one JSON object.

Run: `.venv/bin/python tools/bench_net.py [--games 3] [--paced]`

The host runs in a child process (`--serve`), so its CPU share is its own; like a real
host it saves after every accepted action (into a temporary folder). The six peers share
one asyncio loop in this process (`--peer-processes`: one process each) and speak
netplay.protocol, like RemoteSession.
Latency is from writing an intent to the moment the last of the six peers has decoded
the update it caused. Without --paced the host's intent limit is raised (peers send far
more than 50 intents per second); with --paced every peer keeps to 45 per second and
the host runs with its default limit. Everything binds and advertises on 127.0.0.1 only.
"""

import argparse
import asyncio
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import Rng  # noqa: E402
from netplay.discovery import AsyncHostBrowser  # noqa: E402
from netplay.host import Host  # noqa: E402
from netplay.protocol import (  # noqa: E402
    PROTOCOL_VERSION,
    TO_HOST,
    TO_PEER,
    FrameDecoder,
    encode,
)
from netplay.server import Server  # noqa: E402

LOOPBACK = "127.0.0.1"
PEERS = 6


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# --- the host, in a child process -------------------------------------------------------
async def serve(seed: int, rounds: int, intent_limit: int, save: bool) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-net-") as folder:  # saved after every action, as in play
        await serve_saving(seed, rounds, intent_limit, Path(folder) / "bench.json" if save else None)


async def serve_saving(seed: int, rounds: int, intent_limit: int, save: Path | None) -> None:
    host = Host("die_mauer", PEERS, seed=seed, options={"rounds": rounds}, seats=[{"kind": "remote"}] * PEERS,
                save_path=save)
    server = Server(host, 0, "bench", None, interfaces=["127.0.0.1"], advertise=False,
                    intent_limit=intent_limit)
    await server.async_start()
    print(json.dumps({"port": server.port}), flush=True)
    while host.phase != "playing":
        await asyncio.sleep(0.001)
    wall, cpu = time.perf_counter(), cpu_seconds()
    assert server.finished is not None
    await server.finished.wait()
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    await server.async_close("the game is over")
    print(json.dumps({"wall": wall, "cpu": cpu, "actions": len(host.log), "digest": host.state.digest()}), flush=True)


# --- the peers ----------------------------------------------------------------------------
class BenchPeer(asyncio.Protocol):
    def __init__(self, index: int, shared: dict, pace: float):
        self.index, self.shared, self.pace = index, shared, pace
        self.decoder = FrameDecoder(TO_PEER)
        self.decoder.frame_sizes = []
        self.transport = None
        self.update_times: list[float] = []  # receive time of the n-th update after the first
        self.update_sizes: list[int] = []
        self.bytes_in = 0
        self.legal: list = []
        self.pending: dict[int, float] = {}  # seq -> send time
        self.seq = 0
        self.last_sent = 0.0
        self.rng = Rng(index)
        self.done = asyncio.get_running_loop().create_future()

    def connection_made(self, transport):
        self.transport = transport

    def data_received(self, data):
        now = time.perf_counter()
        self.bytes_in += len(data)
        sizes = self.decoder.frame_sizes
        messages = self.decoder.feed(data)
        for message, size in zip(messages, sizes[len(sizes) - len(messages):], strict=True):
            kind = message["t"]
            if kind == "challenge":
                self.transport.write(encode({"t": "hello", "version": PROTOCOL_VERSION, "name": f"b{self.index}",
                                             "proof": "", "token": None}, TO_HOST))
            elif kind == "update":
                self.update_sizes.append(size)
                self.update_times.append(now)
                self.legal = message["legal"]
            elif kind == "accept":
                sent = self.pending.pop(message["seq"])
                # the update just before our accept is our own action's (host order)
                self.shared["actions"].append((len(self.update_times) - 1, sent))
            elif kind == "reject":
                self.pending.pop(message["seq"], None)
                self.shared["rejects"] += 1
            elif kind == "bye" and not self.done.done():
                self.done.set_result(True)
        self.maybe_act()

    def maybe_act(self):
        if self.pending or not self.legal or self.transport is None:
            return
        now = time.perf_counter()
        if now - self.last_sent < self.pace:
            asyncio.get_running_loop().call_later(self.pace - (now - self.last_sent), self.maybe_act)
            return
        self.seq += 1
        action = self.rng.choice(self.legal)  # scripted: a seeded choice among the legal actions
        self.legal = []
        self.pending[self.seq] = now
        self.last_sent = now
        self.transport.write(encode({"t": "intent", "seq": self.seq, "action": action}, TO_HOST))

    def connection_lost(self, exc):
        if not self.done.done():
            self.done.set_result(False)


async def run_peer(port: int, index: int, paced: bool) -> None:
    """One peer in a process of its own; prints what it saw as JSON when the game ends."""
    shared = {"actions": [], "rejects": 0}
    loop = asyncio.get_running_loop()
    _, peer = await loop.create_connection(lambda: BenchPeer(index, shared, 1 / 45 if paced else 0.0),
                                           LOOPBACK, port)
    async with asyncio.timeout(600):
        await peer.done
    print(json.dumps({"update_times": peer.update_times, "update_sizes": peer.update_sizes,
                      "bytes_in": peer.bytes_in, **shared}), flush=True)


async def play_one(seed: int, rounds: int, paced: bool, processes: bool, save: bool) -> dict:
    limit = 50 if paced else 100_000
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--serve", "--seed", str(seed), "--rounds", str(rounds),
        "--intent-limit", str(limit), *([] if save else ["--no-save"]), stdout=subprocess.PIPE)
    port = json.loads(await child.stdout.readline())["port"]
    loop = asyncio.get_running_loop()
    shared = {"actions": [], "rejects": 0}
    async with asyncio.timeout(600):
        if processes:  # perf_counter is the system-wide monotonic clock: comparable across processes
            children = [await asyncio.create_subprocess_exec(
                sys.executable, __file__, "--peer", "--port", str(port), "--seed", str(index),
                *(["--paced"] if paced else []), stdout=subprocess.PIPE) for index in range(PEERS)]
            peers = [json.loads((await c.communicate())[0]) for c in children]
            for seen in peers:
                shared["actions"] += [tuple(a) for a in seen["actions"]]
                shared["rejects"] += seen["rejects"]
        else:
            protocols = []
            for index in range(PEERS):
                _, peer = await loop.create_connection(
                    lambda i=index: BenchPeer(i, shared, 1 / 45 if paced else 0.0), LOOPBACK, port)
                protocols.append(peer)
            await asyncio.gather(*(p.done for p in protocols))
            peers = [{"update_times": p.update_times, "update_sizes": p.update_sizes, "bytes_in": p.bytes_in}
                     for p in protocols]
        report = json.loads(await child.stdout.readline())
        await child.wait()
    latencies, first = [], []
    for index, sent in shared["actions"]:
        if index >= 1 and all(len(p["update_times"]) > index for p in peers):
            latencies.append(max(p["update_times"][index] for p in peers) - sent)
            first.append(min(p["update_times"][index] for p in peers) - sent)
    sizes = [size for p in peers for size in p["update_sizes"][1:]]
    return {"latencies": latencies, "first": first, "sizes": sizes, "bytes_in": [p["bytes_in"] for p in peers],
            "rejects": shared["rejects"], **report}


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# --- discovery ------------------------------------------------------------------------------
class Sighting:
    """Events for one host port as a browser sees it come and go."""

    def __init__(self):
        self.port: int | None = None
        self.added, self.removed = asyncio.Event(), asyncio.Event()

    def __call__(self, kind: str, entry: dict) -> None:
        if entry["port"] == self.port:
            (self.added if kind == "added" else self.removed if kind == "removed" else asyncio.Event()).set()


async def discovery_times(repeats: int) -> dict:
    found_late, appear, vanish = [], [], []
    for _ in range(repeats):
        server = Server(Host("die_mauer", 2, seats=[{"kind": "remote"}] * 2), 0, "bench-a", None, interfaces=["127.0.0.1"])
        await server.async_start()  # registered and announced
        first = Sighting()
        first.port = server.port
        start = time.perf_counter()
        browser = AsyncHostBrowser(interfaces=["127.0.0.1"], on_change=first)
        await browser.async_start()
        async with asyncio.timeout(10):
            await first.added.wait()
        found_late.append(time.perf_counter() - start)

        other = Server(Host("die_mauer", 2, seats=[{"kind": "remote"}] * 2), 0, "bench-b", None, interfaces=["127.0.0.1"])
        second = Sighting()
        browser.on_change = second
        start = time.perf_counter()
        starting = asyncio.get_running_loop().create_task(other.async_start())
        while not other.port:
            await asyncio.sleep(0)
        second.port = other.port
        async with asyncio.timeout(10):
            await second.added.wait()
        appear.append(time.perf_counter() - start)
        await starting

        start = time.perf_counter()
        await other.async_close()
        async with asyncio.timeout(10):
            await second.removed.wait()
        vanish.append(time.perf_counter() - start)
        await browser.async_close()
        await server.async_close()
    return {"browser_after_host_s": found_late, "new_host_appears_s": appear, "closed_host_vanishes_s": vanish}


async def bench(args) -> dict:
    games = [await play_one(seed, args.rounds, args.paced, args.peer_processes, not args.no_save)
             for seed in range(1, args.games + 1)]
    latencies = [x for g in games for x in g["latencies"]]
    sizes = [x for g in games for x in g["sizes"]]
    actions = sum(g["actions"] for g in games)
    wall, cpu = sum(g["wall"] for g in games), sum(g["cpu"] for g in games)
    result = {
        "peers": PEERS,
        "games": args.games,
        "paced_45_per_s": args.paced,
        "peers_in": "six processes" if args.peer_processes else "one process",
        "host_saves_every_action": not args.no_save,
        "accepted_actions": actions,
        "rejects": sum(g["rejects"] for g in games),
        "actions_per_s": round(actions / wall, 1),
        "latency_ms_p50": round(statistics.median(latencies) * 1000, 3),
        "latency_ms_p99": round(percentile(latencies, 0.99) * 1000, 3),
        "latency_samples": len(latencies),
        "first_peer_latency_ms_p50": round(statistics.median(x for g in games for x in g["first"]) * 1000, 3),
        "update_bytes_per_peer_per_action_median": statistics.median(sizes),
        "all_bytes_per_peer_per_action_mean": round(sum(sum(g["bytes_in"]) for g in games) / PEERS / actions, 1),
        "host_cpu_share": round(cpu / wall, 3),
        "host_cpu_us_per_action": round(cpu / actions * 1e6, 1),
    }
    if not args.no_discovery:
        times = await discovery_times(args.discovery_repeats)
        result.update({key: [round(t, 3) for t in values] for key, values in times.items()})
    result["targets"] = {"latency_ms_p50": 1, "latency_ms_p99": 8, "update_bytes_per_peer_per_action_median": 1024,
                         "browser_after_host_s": 0.5, "new_host_appears_s": 2.5, "closed_host_vanishes_s": 3}
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--paced", action="store_true", help="peers keep to 45 intents per second")
    parser.add_argument("--peer-processes", action="store_true",
                        help="each peer in a process of its own (slower on 2 cores: 7 busy processes)")
    parser.add_argument("--no-discovery", action="store_true")
    parser.add_argument("--no-save", action="store_true", help="the host does not save (to see what saving costs)")
    parser.add_argument("--peer", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--discovery-repeats", type=int, default=3)
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--intent-limit", type=int, default=50, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.seed, args.rounds, args.intent_limit, not args.no_save))
        return 0
    if args.peer:
        asyncio.run(run_peer(args.port, args.seed, args.paced))
        return 0
    print(json.dumps(asyncio.run(bench(args)), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
