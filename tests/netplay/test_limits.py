"""netplay.limits, sans I/O: one rate policy, connects per address, the waiting room, the password guard."""

import pytest

from netplay import limits
from netplay.limits import (
    ConnectRate,
    PasswordGuard,
    RateLimit,
    WaitingRoom,
    address_key,
    intent_limit,
    message_limit,
)

pytestmark = pytest.mark.timeout(30)


def send(limit, per_second, seconds):
    """Verdicts for a peer sending ``per_second`` evenly for ``seconds`` (until dropped)."""
    verdicts = []
    for i in range(int(per_second * seconds)):
        verdicts.append(limit.check(100.0 + i / per_second))
        if verdicts[-1] == "drop":
            break
    return verdicts


def test_a_burst_is_answered_then_throttled_then_dropped():
    limit = intent_limit()
    verdicts = [limit.check(10.0) for _ in range(120)]  # all in one read
    assert verdicts[:50] == ["ok"] * 50
    assert verdicts[50:100] == ["throttle"] * 50
    assert verdicts[100] == "drop"


@pytest.mark.parametrize(("rate", "refused", "dropped_after"), [
    (45, 0.0, None),     # a bot at its pace: nothing refused, ever
    (50, 0.0, None),
    (54, 0.059, None),   # a little over: only the excess refused, never dropped
    (60, 0.11, 14.7),    # keeps pushing: refused in proportion, then dropped
    (90, 0.24, 2.7),
])
def test_one_coherent_policy_at_any_steady_rate(rate, refused, dropped_after):
    verdicts = send(intent_limit(), rate, 60)
    answered = [v for v in verdicts if v != "drop"]
    assert answered.count("throttle") / len(answered) == pytest.approx(refused, abs=0.01)
    if dropped_after is None:
        assert "drop" not in verdicts
    else:
        assert verdicts[-1] == "drop" and len(verdicts) / rate == pytest.approx(dropped_after, abs=0.2)


def test_refusals_are_forgiven_over_time():
    limit = intent_limit()
    for second in range(60):  # a burst of 55 every second: the 5 over are refused, for ever
        verdicts = [limit.check(float(second)) for _ in range(55)]
        assert verdicts == ["ok"] * 50 + ["throttle"] * 5


def test_any_message_past_the_burst_is_dropped():
    limit = message_limit()
    verdicts = [limit.check(5.0) for _ in range(201)]
    assert verdicts == ["ok"] * 200 + ["drop"]
    with pytest.raises(ValueError):
        RateLimit(0)


def test_addresses_count_as_machines():
    assert address_key("192.168.1.20") == "192.168.1.20"
    assert address_key("::ffff:192.168.1.20") == "192.168.1.20"
    assert address_key("2001:db8::1") == address_key("2001:db8::ffff:1") == "2001:db8::/64"
    assert address_key("2001:db8:0:1::1") != address_key("2001:db8::1")
    assert address_key("fe80::1%eth0") == "fe80::/64"
    assert address_key("::1") == "::1" and address_key("127.0.0.5") == "127.0.0.5"


def test_the_waiting_room_always_has_room_for_a_newcomer():
    room = WaitingRoom(limit=10, per_address=3)
    evicted = []
    for i in range(5):
        evicted += room.admit(f"a{i}", "A")  # one address: its oldest make room
    assert evicted == ["a0", "a1"] and room.count("A") == 3
    for i in range(8):
        evicted += room.admit(f"m{i}", f"M{i}")
    # full: the address holding the most gives up its oldest
    assert evicted[2:] == ["a2"] and len(room) == 10
    assert room.admit("player", "P") == ["a3"]
    assert room.admit("other", "Q") == ["a4"]
    assert room.admit("late", "R") == ["m0"]  # everyone holds one: the oldest goes
    room.leave("player")
    room.leave("player")  # leaving twice is harmless
    assert len(room) == 9 and room.count("P") == 0


def test_wrong_passwords_slow_their_address_down_and_are_forgotten():
    guard = PasswordGuard()
    now = 1000.0
    for _ in range(limits.FREE_FAILURES):
        assert guard.wait("A", now) == 0
        guard.failed("A", now)
    waits = []
    for _ in range(6):
        wait = guard.wait("A", now)
        waits.append(wait)
        now += wait
        guard.failed("A", now)
    assert waits == [0.5, 1.0, 2.0, 4.0, 5.0, 5.0]  # doubling, never more than LONGEST_WAIT
    assert guard.wait("B", now) == 0  # other addresses are not slowed down
    assert guard.wait("A", now + limits.FORGET_AFTER) == 0
    guard.failed("C", now)
    guard.succeeded("C")
    assert guard.wait("C", now) == 0


def test_an_address_may_open_a_burst_then_ten_connections_a_second():
    rate = ConnectRate()
    opened = [rate.allow("A", 1.0) for _ in range(30)]
    assert opened == [True] * limits.CONNECT_BURST + [False] * (30 - limits.CONNECT_BURST)
    assert rate.allow("B", 1.0)  # others are not held back
    assert [rate.allow("A", 1.0 + i / 20) for i in range(1, 21)].count(True) == limits.CONNECTS_PER_SECOND
