"""Bots at the host race like people (netplay.bots): reaction times with a spread and a
floor, decisions on what they saw (so they can be too late), no seat-order ties, thinking
off the loop, and remote players never starved."""

import statistics
import threading
import time

import pytest

from client.cli.seat_player import SeatPlayer
from engines import GAMES
from netplay.bots import FLOOR, BotDriver
from netplay.bots import worker as bot_worker
from netplay.host import Host

from .conftest import seated

pytestmark = pytest.mark.timeout(60)


def all_bot_match(seed: int, strength="normal", bot_delay=None, rounds=1, players=4, step=1 / 60):
    """A Wie Waldi match of bots only on a simulated 60 Hz clock; returns the host."""
    host = Host("wie_waldi", players, seed=seed, options={"rounds": rounds},
                seats=[{"kind": "bot", "strength": strength}] * players, bot_delay=bot_delay)
    now = 0.0
    while not host.is_over() and now < 3_000:
        host.tick(now)
        now += step
    assert host.is_over()
    return host


def test_real_time_bots_are_never_quicker_than_a_person_whatever_the_delay_says():
    host = all_bot_match(1, bot_delay=0.0)
    reactions = [o.reacted for o in host.bots.outcomes]
    assert min(reactions) >= FLOOR
    assert statistics.pstdev(reactions) > 0.03  # not a metronome
    assert host.log[0] == [None, {"type": "wuff"}]  # nobody draws before the countdown ends


def test_reaction_times_spread_around_each_strengths_median():
    medians = {}
    for strength in ("easy", "normal", "hard"):
        host = all_bot_match(2, strength)
        reactions = [o.reacted for o in host.bots.outcomes]
        medians[strength] = statistics.median(reactions)
        assert medians[strength] == pytest.approx(GAMES["wie_waldi"].bot_reaction_seconds[strength], rel=0.2)
        assert max(reactions) > 1.5 * min(reactions)
    assert medians["hard"] < medians["normal"] < medians["easy"]


def test_bots_decide_on_what_they_saw_and_are_refused_when_too_late():
    """Contested ends are lost like people lose them: refusals happen, and the winners of
    contested ends are spread over every seat (equal bots, no seat-order ties)."""
    wins = [0, 0, 0, 0]
    too_late = plays = 0
    for seed in range(6):
        host = all_bot_match(100 + seed, "hard")
        outcomes = host.bots.outcomes
        spots: dict = {}
        for outcome in outcomes:
            action = outcome.action
            if isinstance(action, dict) and action.get("type") == "play":
                plays += 1
                too_late += outcome.code in ("end_taken", "dog_completed")
                spots.setdefault((action["dog"], action["end"]), []).append(outcome)
        for tries in spots.values():
            winners = [o.seat for o in tries if o.code is None]
            if len(tries) > 1 and len(winners) == 1:
                wins[winners[0]] += 1
    assert too_late > 0 and too_late / plays < 0.5
    assert sum(wins) >= 20
    assert min(wins) > 0 and max(wins) < sum(wins) / 2, wins  # fairness in numbers: tools/bench_race.py


def test_exact_ties_are_broken_at_random_never_by_seat():
    firsts = [0, 0, 0]
    for salt in range(300):
        host = Host("die_mauer", 3, seed=salt, seats=[{"kind": "bot"}] * 3, bot_delay=0.5)
        host.tick(0.0)  # all three start reacting at 0 with the same fixed delay
        ready = host.bots.ready(0.5)
        assert [plan.due for plan in ready] == [0.5] * 3
        firsts[ready[0].seat] += 1
    assert all(count > 60 for count in firsts), firsts


def test_thinking_in_the_background_never_holds_up_a_tick(monkeypatch):
    host = Host("wie_waldi", 2, seed=3, seats=[{"kind": "local"}, {"kind": "bot"}], bot_delay=0.0)
    host.bots.think_in_background()
    release = threading.Event()
    real = host.bots.bots

    def slow(strength):
        bot = real(strength)

        def think(view, legal, rng):
            release.wait(5.0)  # a bot thinking hard
            return bot(view, legal, rng)
        return think

    monkeypatch.setattr(host.bots, "bots", slow)
    now = 0.0
    while host.state.phase != "race":
        host.tick(now)
        now += 0.5
    started = time.perf_counter()
    for _ in range(20):
        now += 0.1
        host.tick(now)  # due, but still thinking: nothing waits
    assert time.perf_counter() - started < 0.2
    assert [seat for seat, _ in host.log[1:]] == []
    release.set()
    for _ in range(200):
        time.sleep(0.005)
        host.tick(now)
        if len(host.log) > 1:
            break
    assert host.log[1][0] == 1  # decided: applied at the next tick


def test_a_closed_tables_queued_thinking_is_skipped(monkeypatch):
    """The worker serves every table of the process: a table left while its bots' thinking
    waits in the queue must not keep the next screen's frames waiting on that work."""
    host = Host("die_mauer", 3, seed=2, seats=[{"kind": "bot", "strength": "hard"}] * 3, bot_delay=0.0)
    host.bots.think_in_background()
    gate, asked = threading.Event(), []
    real = host.bots.bots

    def counted(strength):
        bot = real(strength)

        def think(view, legal, rng):
            asked.append(strength)
            return bot(view, legal, rng)
        return think

    monkeypatch.setattr(host.bots, "bots", counted)
    worker = bot_worker()
    worker.jobs.put(lambda: gate.wait(5.0))  # the worker is busy with another table
    host.tick(0.0)
    assert host.bots.plans  # the seats are reacting, their thinking queued
    host.bots.forget_all()  # the table is left
    done = threading.Event()
    worker.jobs.put(done.set)
    gate.set()
    assert done.wait(5.0)
    assert asked == []  # the queued search never ran


def test_a_remote_player_racing_hard_bots_is_never_starved(serve, connect):
    host = Host("wie_waldi", 4, seed=8, options={"rounds": 1},
                seats=[{"kind": "remote"}] + [{"kind": "bot", "strength": "hard"}] * 3, bot_delay=0.0)
    handle = serve(host)
    session = connect(handle.port, "peer")
    player = SeatPlayer(bot_seed=1)
    seated(session, player)
    answers: list[float] = []
    sent_at: dict[int, float] = {}
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not host.is_over():
        messages = session.poll()
        now = time.monotonic()
        for message in messages:
            if message["t"] in ("accept", "reject") and message["seq"] in sent_at:
                answers.append(now - sent_at.pop(message["seq"]))
        player.absorb(messages)
        if player.may_act(now):
            seq = session.send(player.bot_action())
            sent_at[seq] = now
            player.sent(seq, now)
        time.sleep(0.002)
    mine = [entry for entry in host.log if entry[0] == 0]
    assert len(mine) >= 20, "the peer hardly got to play"
    assert statistics.median(answers) < 0.05 and max(answers) < 0.5


def test_a_driver_without_background_thinks_at_once_and_repeats_itself():
    from engines import Rng

    def make():
        return BotDriver(lambda strength: (lambda view, legal, rng: rng.choice(legal)), True, {"normal": 1.0},
                         [Rng(1)], Rng(2))

    a, b = make(), make()
    message = {"view": {}, "legal": [1, 2, 3, 4, 5]}
    plans = [driver.react(0, "normal", message, 10.0) for driver in (a, b)]
    assert plans[0].decided and plans[0].decision == plans[1].decision and plans[0].due == plans[1].due
    assert plans[0].due >= 10.0 + FLOOR
