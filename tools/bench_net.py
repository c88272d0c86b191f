"""LAN benchmark on loopback: a host with 6 peers playing scripted intents as fast as
they are accepted, beside a bare asyncio + msgpack broadcast to the same peers, then
discovery timings. Prints one JSON object.

Run: `.venv/bin/python tools/bench_net.py [--games 3] [--paced] [--profile FILE]`

The baseline: after each game the same six peers play against a bare server (another
child process) that does only what any broadcast must: decode each intent, then msgpack
and write an update to every peer and an accept to the sender, replaying the messages
the real game sent (built before its clock starts: no engine, no schema check, no save,
no rate limits). The host's latency and CPU per action are printed as ratios of the
baseline's, measured in the same run on the same machine, so they say how much the host
adds to the work that cannot be avoided whatever the load on the machine.

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
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import msgpack  # noqa: E402

from engines import Rng, events_for, new_game  # noqa: E402
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


def system_seconds() -> float:
    """The kernel's share (socket writes and reads, the save's writes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_stime


# --- the host, in a child process -------------------------------------------------------
async def serve(seed: int, rounds: int, intent_limit: int, save: bool, log: str | None) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-net-") as folder:  # saved after every action, as in play
        await serve_saving(seed, rounds, intent_limit, Path(folder) / "bench.save" if save else None, log)


async def serve_saving(seed: int, rounds: int, intent_limit: int, save: Path | None, log: str | None) -> None:
    host = Host("die_mauer", PEERS, seed=seed, options={"rounds": rounds}, seats=[{"kind": "remote"}] * PEERS,
                save_path=save)
    server = Server(host, 0, "bench", None, interfaces=["127.0.0.1"], advertise=False,
                    intent_limit=intent_limit)
    await server.async_start()
    print(json.dumps({"port": server.port}), flush=True)
    while host.phase != "playing":
        await asyncio.sleep(0.001)
    wall, cpu, system = time.perf_counter(), cpu_seconds(), system_seconds()
    assert server.finished is not None
    await server.finished.wait()
    wall, cpu, system = time.perf_counter() - wall, cpu_seconds() - cpu, system_seconds() - system
    await server.async_close("the game is over")
    if log:
        Path(log).write_text(json.dumps(host.log))
    print(json.dumps({"wall": wall, "cpu": cpu, "system": system, "actions": len(host.log),
                      "digest": host.state.digest()}), flush=True)


# --- the baseline: a bare asyncio + msgpack broadcast, in a child process ----------------------
class BareConnection(asyncio.Protocol):
    def __init__(self, bare: "BareServer"):
        self.bare = bare
        self.buffer = b""
        self.transport = None
        self.seat = -1

    def connection_made(self, transport):
        self.transport = transport
        transport.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.write({"t": "challenge", "version": PROTOCOL_VERSION, "nonce": "00", "password": False})

    def write(self, message):
        body = msgpack.packb(message)
        self.transport.write(len(body).to_bytes(4, "big") + body)

    def data_received(self, data):
        buffer = self.buffer + data
        while len(buffer) >= 4 and len(buffer) >= 4 + (length := int.from_bytes(buffer[:4], "big")):
            self.bare.handle(self, msgpack.unpackb(buffer[4:4 + length]))
            buffer = buffer[4 + length:]
        self.buffer = buffer


class BareServer:
    """Replays a finished game's updates: one per intent, to every peer, then an accept."""

    def __init__(self, updates: list[list[dict]]):
        self.updates, self.next = updates, 1  # updates[n][seat]: what seat saw after n actions
        self.connections: list[BareConnection] = []
        self.finished = asyncio.get_running_loop().create_future()

    def handle(self, connection: BareConnection, message: dict) -> None:
        kind = message["t"]
        if kind == "hello":
            connection.seat = len(self.connections)
            self.connections.append(connection)
            connection.write({"t": "welcome", "seat": connection.seat, "token": "t"})
            if len(self.connections) == PEERS:
                for other in self.connections:
                    other.write(self.updates[0][other.seat])
        elif kind == "intent" and self.next < len(self.updates):
            updates, self.next = self.updates[self.next], self.next + 1
            for other in self.connections:
                body = msgpack.packb(updates[other.seat])
                frame = len(body).to_bytes(4, "big") + body
                if other is connection:
                    body = msgpack.packb({"t": "accept", "seq": message["seq"]})
                    frame += len(body).to_bytes(4, "big") + body
                other.transport.write(frame)
            if self.next == len(self.updates):
                for other in self.connections:
                    other.write({"t": "bye", "reason": "the game is over"})
                self.finished.set_result(True)


def game_updates(seed: int, rounds: int, log: list) -> list[list[dict]]:
    """Every update each seat got in the game with this log (built once, before timing)."""
    state = new_game("die_mauer", PEERS, seed, rounds=rounds)
    updates = [[{"t": "update", "events": [], "view": state.view(s), "legal": state.legal_actions(s)}
                for s in range(PEERS)]]
    for seat, action in log:
        events = state.apply(seat, action)
        updates.append([{"t": "update", "events": events_for(events, s), "view": state.view(s),
                         "legal": state.legal_actions(s)} for s in range(PEERS)])
    return updates


async def serve_baseline(seed: int, rounds: int, log: str) -> None:
    loop = asyncio.get_running_loop()
    bare = BareServer(game_updates(seed, rounds, json.loads(Path(log).read_text())))
    listener = await loop.create_server(lambda: BareConnection(bare), LOOPBACK, 0)
    print(json.dumps({"port": listener.sockets[0].getsockname()[1]}), flush=True)
    while len(bare.connections) < PEERS:
        await asyncio.sleep(0.001)
    wall, cpu, system = time.perf_counter(), cpu_seconds(), system_seconds()
    await bare.finished
    wall, cpu, system = time.perf_counter() - wall, cpu_seconds() - cpu, system_seconds() - system
    await asyncio.sleep(0.05)  # let the byes go out
    listener.close()
    print(json.dumps({"wall": wall, "cpu": cpu, "system": system, "actions": len(bare.updates) - 1}), flush=True)


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


async def play_one(seed: int, rounds: int, paced: bool, processes: bool, save: bool, profile=None,
                   log: str | None = None, baseline: bool = False) -> dict:
    """One game with six peers against the host (or, with ``baseline``, the bare server
    replaying the game in ``log``)."""
    limit = 50 if paced else 100_000
    mode = ["--serve-baseline"] if baseline else ["--serve", "--intent-limit", str(limit),
                                                  *([] if save else ["--no-save"]),
                                                  *(["--profile", f"{profile}.{seed}"] if profile else [])]
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, *mode, "--seed", str(seed), "--rounds", str(rounds),
        *(["--log", log] if log else []), stdout=subprocess.PIPE)
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
    games, bare = [], []
    with tempfile.TemporaryDirectory(prefix="bench-net-log-") as folder:
        for seed in range(1, args.games + 1):  # each game, then its baseline, in turn
            log = str(Path(folder) / f"game-{seed}.json")
            games.append(await play_one(seed, args.rounds, args.paced, args.peer_processes, not args.no_save,
                                        args.profile, log))
            bare.append(await play_one(seed, args.rounds, args.paced, args.peer_processes, False, log=log,
                                       baseline=True))
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
        "host_kernel_us_per_action": round(sum(g["system"] for g in games) / actions * 1e6, 1),
    }
    bare_latencies = [x for g in bare for x in g["latencies"]]
    bare_cpu = sum(g["cpu"] for g in bare) / sum(g["actions"] for g in bare) * 1e6
    result.update({
        "baseline_latency_ms_p50": round(statistics.median(bare_latencies) * 1000, 3),
        "baseline_latency_ms_p99": round(percentile(bare_latencies, 0.99) * 1000, 3),
        "baseline_cpu_us_per_action": round(bare_cpu, 1),
        "baseline_kernel_us_per_action": round(sum(g["system"] for g in bare) / sum(g["actions"] for g in bare) * 1e6, 1),
        "latency_p50_ratio_to_baseline": round(statistics.median(latencies) / statistics.median(bare_latencies), 2),
        "latency_p99_ratio_to_baseline": round(percentile(latencies, 0.99) / percentile(bare_latencies, 0.99), 2),
        "cpu_ratio_to_baseline": round(cpu / actions * 1e6 / bare_cpu, 2),
    })
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
    parser.add_argument("--serve-baseline", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--log", help=argparse.SUPPRESS)
    parser.add_argument("--profile", metavar="FILE", help="profile the host (cProfile stats to FILE)")
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--intent-limit", type=int, default=50, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_baseline:
        asyncio.run(serve_baseline(args.seed, args.rounds, args.log))
        return 0
    if args.serve:
        if args.profile:  # where the host's time goes: cProfile stats into this file
            import cProfile

            cProfile.runctx("asyncio.run(serve(args.seed, args.rounds, args.intent_limit, not args.no_save, args.log))",
                            globals(), {"args": args}, args.profile)
        else:
            asyncio.run(serve(args.seed, args.rounds, args.intent_limit, not args.no_save, args.log))
        return 0
    if args.peer:
        asyncio.run(run_peer(args.port, args.seed, args.paced))
        return 0
    print(json.dumps(asyncio.run(bench(args)), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
