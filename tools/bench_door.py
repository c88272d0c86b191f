"""The host's door under attack, on loopback: idle connections and password guessing.
Prints one JSON object.

Run: `.venv/bin/python tools/bench_door.py [--idle 1000] [--seconds 20] [--guess-seconds 30]`

Idle: `spielabend host` (a child process: two peer seats and a bot) while this process
holds ``--idle`` connections from 100 loopback addresses (127.0.1.1, ...) that never say
hello, each reopened as soon as the host cuts it. Two peers sit down, then for
``--seconds`` one of them leaves and rejoins by token every half second; every rejoin
must get in (the issue's measure: 38 of 38 refused with `busy` behind 32 such sockets).

Guessing: a host with a password; from 127.0.0.1 a guesser sends wrong passwords as fast
as the host answers for ``--guess-seconds``, each on a fresh connection (the issue's
measure: 1,000 wrong proofs in 0.51 s). Meanwhile the right player at 127.0.0.2 sits
down; afterwards the right player at the guesser's own address tries until let in.
Everything binds to 127.0.0.x only, and every wait is bounded.
"""

import argparse
import json
import os
import selectors
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import msgpack  # noqa: E402

from netplay.limits import FIRST_WAIT, FREE_FAILURES, LONGEST_WAIT  # noqa: E402
from netplay.peer import RemoteSession  # noqa: E402
from netplay.protocol import PROTOCOL_VERSION, TO_PEER, FrameDecoder, password_proof  # noqa: E402

LOOPBACK = "127.0.0.1"
HOST_COMMAND = "import sys; from client.cli.net import main; sys.exit(main(sys.argv[1:]))"


class IdleCrowd:
    """``count`` connections to 127.0.0.1:``port`` from ``addresses`` loopback addresses
    (127.0.1.1, 127.0.1.2, ...) that never say hello, each reopened as soon as the host
    cuts it, from a thread of its own until `stop` (or ``seconds``, whichever is first)."""

    def __init__(self, port: int, count: int = 1000, addresses: int = 100, seconds: float = 60.0):
        self.port, self.count, self.seconds = port, count, seconds
        self.sources = [f"127.0.{1 + i // 250}.{1 + i % 250}" for i in range(addresses)]
        self.selector = selectors.DefaultSelector()
        self.reopened = 0
        self._stop = threading.Event()
        for index in range(count):
            self._open(self.sources[index % addresses])
        self._thread = threading.Thread(target=self._run, name="idle-crowd", daemon=True)
        self._thread.start()

    def _open(self, source: str) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        sock.bind((source, 0))
        sock.connect_ex((LOOPBACK, self.port))
        self.selector.register(sock, selectors.EVENT_READ, source)

    def _run(self) -> None:
        deadline = time.monotonic() + self.seconds
        while not self._stop.is_set() and time.monotonic() < deadline:
            for key, _ in self.selector.select(0.05):
                try:
                    data = key.fileobj.recv(65536)  # they read (a challenge, a refusal) but never answer
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    data = b""
                if not data:
                    self.selector.unregister(key.fileobj)
                    key.fileobj.close()
                    if not self._stop.is_set():
                        self._open(key.data)
                        self.reopened += 1

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(10.0)
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()
        self.selector.close()


def raise_descriptor_limit(needed: int) -> None:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(needed, hard), hard))


class HostProcess:
    """`spielabend host` in a child process on 127.0.0.1, two peer seats and a bot."""

    def __init__(self, folder: Path, *extra: str):
        self.popen = subprocess.Popen(
            [sys.executable, "-c", HOST_COMMAND, "host", "--game", "die_mauer", "--players", "3", "--bots", "1",
             "--port", "0", "--interface", LOOPBACK, "--no-advertise", "--bot-delay", "60",
             "--save", str(folder / "door.save"), *extra],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            env=dict(os.environ, PYTHONPATH=str(ROOT)))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = self.popen.stdout.readline()
            if " on port " in line:
                self.port = int(line.split(" on port ")[1].split()[0])
                return
            if not line:
                break
        self.close()
        raise RuntimeError("the host did not start")

    def close(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
        self.popen.wait(10)


def seated(session: RemoteSession, timeout: float = 10.0) -> float:
    """Seconds until ``session`` was welcomed (ConnectError if refused)."""
    started = time.perf_counter()
    session.wait_welcome(timeout)
    return time.perf_counter() - started


def idle(folder: Path, count: int, seconds: float) -> dict:
    raise_descriptor_limit(count + 512)
    host = HostProcess(folder)
    crowd = IdleCrowd(host.port, count=count, addresses=100, seconds=seconds + 60)
    sessions: list[RemoteSession] = []
    try:
        time.sleep(2.0)  # let the crowd settle in
        ada, bo = RemoteSession(LOOPBACK, host.port, "Ada"), RemoteSession(LOOPBACK, host.port, "Bo")
        sessions += [ada, bo]
        first = [seated(ada), seated(bo)]
        times, refused = [], []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            ada.close()
            ada = RemoteSession(LOOPBACK, host.port, "Ada", token=ada.token)
            sessions.append(ada)
            try:
                times.append(seated(ada))
            except Exception as error:  # noqa: BLE001 - a refusal is what we count
                refused.append(getattr(error, "code", type(error).__name__))
            time.sleep(0.5)
    finally:
        for session in sessions:
            session.close()
        crowd.stop()
        host.close()
    return {"idle_connections": count, "from_addresses": 100, "reopened_after_cut": crowd.reopened,
            "new_players_seated_s": [round(t, 3) for t in first],
            "rejoins": len(times) + len(refused), "rejoins_refused": len(refused), "refusals": sorted(set(refused)),
            "rejoin_s_median": round(statistics.median(times), 3) if times else None,
            "rejoin_s_max": round(max(times), 3) if times else None}


def guess(port: int, password: str, source: str = LOOPBACK) -> str:
    """One hello with ``password`` on a fresh connection: "welcome" or the refusal code."""
    with socket.create_connection((LOOPBACK, port), timeout=5, source_address=(source, 0)) as sock:
        decoder, messages = FrameDecoder(TO_PEER), []
        while True:
            while messages:
                message = messages.pop(0)
                if message["t"] == "challenge":
                    hello = {"t": "hello", "version": PROTOCOL_VERSION, "name": "guess",
                             "proof": password_proof(password, message["nonce"]), "token": None}
                    body = msgpack.packb(hello)
                    sock.sendall(len(body).to_bytes(4, "big") + body)
                elif message["t"] in ("welcome", "refuse"):
                    return message["t"] if message["t"] == "welcome" else message["code"]
            data = sock.recv(65536)
            if not data:
                return "closed"
            messages += decoder.feed(data)


def guessing(folder: Path, seconds: float) -> dict:
    host = HostProcess(folder, "--password", "sesame")
    answers: dict[str, int] = {}
    try:
        started = time.perf_counter()
        other = None
        while time.perf_counter() - started < seconds:
            code = guess(host.port, f"guess-{sum(answers.values())}")
            answers[code] = answers.get(code, 0) + 1
            if other is None and time.perf_counter() - started > seconds / 2:
                at = time.perf_counter()
                other = (guess(host.port, "sesame", source="127.0.0.2"), time.perf_counter() - at)
        elapsed = time.perf_counter() - started
        at = time.perf_counter()
        while (code := guess(host.port, "sesame")) != "welcome" and time.perf_counter() - at < 30:
            time.sleep(0.05)
        right_player_wait = time.perf_counter() - at
    finally:
        host.close()
    checked = answers.get("password", 0)
    schedule = [min(LONGEST_WAIT, FIRST_WAIT * 2 ** n) for n in range(1000 - FREE_FAILURES)]
    return {"seconds": round(elapsed, 1), "wrong_passwords_checked": checked,
            "refused_unchecked_slow_down": answers.get("slow_down", 0), "other_answers": {
                k: v for k, v in answers.items() if k not in ("password", "slow_down")},
            "checked_per_minute": round(checked / elapsed * 60, 1),
            "another_address_meanwhile": {"answer": other[0], "s": round(other[1], 3)} if other else None,
            "right_player_at_the_guessing_address_waited_s": round(right_player_wait, 2),
            "right_player_let_in": code == "welcome",
            "1000_wrong_passwords_take_at_least_s": round(sum(schedule), 1)}


def main() -> int:
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--guess-seconds", type=float, default=30.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-door-") as folder:
        result = {"idle": idle(Path(folder), args.idle, args.seconds),
                  "guessing": guessing(Path(folder), args.guess_seconds)}
    print(json.dumps(result, indent=1))
    return 0 if result["idle"]["rejoins_refused"] == 0 and result["guessing"]["right_player_let_in"] else 1


if __name__ == "__main__":
    sys.exit(main())
