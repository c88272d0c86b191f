"""A Wie Waldi race across the LAN: a host in its own process, three peers on loopback.
Two peers send plays onto the same open end at the same moment, three times over: each
race has exactly one winner, the loser is told who was first and keeps its card, and
every peer's table ends the same (WA-3, WA-8)."""

import hashlib
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from client.cli.seat_player import SeatPlayer

from .conftest import seated

pytestmark = pytest.mark.timeout(60)
ROOT = Path(__file__).resolve().parents[2]
# The host deals as if shuffled so (piles' tops, the last card on top): player 1 opens red
# and yellow dogs, players 2 and 3 then hold cards for the same ends.
SERVE = """
import sys
from engines.wie_waldi.cards import SET, SET_SIZE
from netplay.host import Host
from netplay.server import serve_in_thread

TOPS = {0: [["Hr"], ["Hr"], ["Hy"]], 1: [["Mrg"], ["Mrb"], ["Myb"]], 2: [["Mry"], ["Mrr"], ["Myg"]]}
host = Host("wie_waldi", 3, seed=4, options={"countdown": 1}, seats=[{"kind": "remote"}] * 3)
for player, tops in TOPS.items():
    piles = host.state.piles[player]
    cards = [c for pile in piles for c in pile]
    wanted = [[next(c for c in cards if SET[c % SET_SIZE] == code) for code in codes] for codes in tops]
    rest = [c for c in cards if all(c not in w for w in wanted)]
    for k in range(3):
        piles[k][:] = rest[k * 9:(k + 1) * 9] + wanted[k]
handle = serve_in_thread(host, interfaces=["127.0.0.1"], advertise=False)
print(handle.port, flush=True)
sys.stdin.readline()  # the test says when it is done
print(len(host.log), flush=True)
handle.close()
"""


def public(view: dict) -> str:
    return hashlib.sha256(json.dumps({k: v for k, v in view.items() if k not in ("you", "hand")},
                                     sort_keys=True).encode()).hexdigest()


class Peers:
    def __init__(self, pairs):
        self.pairs = pairs
        self.by_seat = {player.seat: (session, player) for session, player in pairs}
        self.answers: dict = {}  # (seat, seq) -> answer

    def pump(self, until, seconds: float = 10.0) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for session, player in self.pairs:
                messages = session.poll()
                player.absorb(messages)
                for message in messages:
                    if message["t"] in ("accept", "reject"):
                        self.answers[(player.seat, message["seq"])] = message
            if until():
                return
            time.sleep(0.002)
        raise AssertionError("timed out")

    def view(self, seat: int) -> dict:
        return self.by_seat[seat][1].last_update["view"]

    def act(self, seat: int, action) -> dict:
        session, player = self.by_seat[seat]
        seq = session.send(action)
        self.pump(lambda: (seat, seq) in self.answers)
        return self.answers[(seat, seq)]

    def race(self, dog: int, end: int, seats) -> dict:
        """Every seat in ``seats`` sends its play onto ``dog``'s end at the same moment."""
        sent = {}
        for seat in seats:
            session, _ = self.by_seat[seat]
            sent[seat] = session.send({"type": "play", "card": self.view(seat)["hand"], "dog": dog, "end": end})
        self.pump(lambda: all((seat, seq) in self.answers for seat, seq in sent.items()))
        return {seat: self.answers[(seat, seq)] for seat, seq in sent.items()}


def test_two_peers_race_for_one_end_through_a_host_in_another_process(connect):
    host = subprocess.Popen([sys.executable, "-c", SERVE], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)
    try:
        port = int(host.stdout.readline())
        pairs = [(connect(port, f"peer{i}"), SeatPlayer(bot_seed=i)) for i in range(3)]
        for session, player in pairs:
            seated(session, player)
        peers = Peers(pairs)
        peers.pump(lambda: all(p.last_update and p.last_update["view"]["phase"] == "race" for _, p in pairs))
        for pile, colour in ((0, "r"), (1, "r"), (2, "y")):
            for seat in (1, 2):
                if peers.view(seat)["hand"] is not None:  # the last race's loser: back under its pile
                    assert peers.act(seat, {"type": "put_back"})["t"] == "accept"
            for seat in (0, 1, 2):
                assert peers.act(seat, {"type": "draw", "pile": pile})["t"] == "accept"
            assert peers.view(0)["hand"][:2] == f"H{colour}"
            assert peers.act(0, {"type": "start", "card": peers.view(0)["hand"]})["t"] == "accept"
            # seat 0 heard its own update before its accept; seat 1 may not have heard it yet
            peers.pump(lambda: len(peers.view(1)["dogs"]) == len(peers.view(0)["dogs"]))
            dog = peers.view(1)["dogs"][-1]["id"]
            peers.pump(lambda dog=dog: all(any(d["id"] == dog for d in p.last_update["view"]["dogs"])
                                           for _, p in pairs))
            cards = {seat: peers.view(seat)["hand"] for seat in (1, 2)}
            answers = peers.race(dog, 1, (1, 2))
            winners = [seat for seat, answer in answers.items() if answer["t"] == "accept"]
            assert len(winners) == 1, answers  # exactly one winner
            loser = 3 - winners[0]
            assert answers[loser]["code"] == "end_taken" and f"Player {winners[0] + 1} played" in \
                answers[loser]["reason"]
            assert peers.view(loser)["hand"] == cards[loser]  # the card stays in the loser's hand
            assert peers.view(loser)["dogs"][-1]["cards"][1] == {"card": cards[winners[0]], "player": winners[0]}
        peers.pump(lambda: len({public(p.last_update["view"]) for _, p in pairs}) == 1)  # every table the same
        host.stdin.write("done\n")
        host.stdin.flush()
        assert int(host.stdout.readline()) == 1 + 3 * 5 + 2  # wuff; draws, heads, winners; put-backs
    finally:
        if host.poll() is None:
            host.kill()
        host.wait(10)
