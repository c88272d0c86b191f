"""Fair races from a phone (issue 26), without a browser: the phone server times a phone's
round trips itself, passes a tap's seen / ms on, and a forged claim is clamped."""

import time

import pytest

from netplay.arbiter import PRESENT_SLACK
from netplay.host import Host
from netplay.limits import INTENTS_PER_SECOND
from netplay.link import PROBES_KEPT, Act, Heard, Other, Probes, SeatLink, Send
from netplay.phones import serve_phones_in_thread
from netplay.racing import FRESH_ROUND_TRIP
from tests.netplay.phone_play import PhoneClient

pytestmark = pytest.mark.timeout(60)


class ProbedPhone(PhoneClient):
    """A phone that answers the host's probes at once, as the page does."""

    def receive(self, timeout: float = 5.0) -> dict | None:
        message = super().receive(timeout)
        if message is not None and message["t"] == "probe":
            self.send({"t": "probe", "n": message["n"]})
        return message

    def pump(self, until, seconds: float = 10.0) -> None:
        """Hear (and answer probes) until ``until()`` holds."""
        deadline = time.monotonic() + seconds
        while not until():
            if time.monotonic() > deadline:
                raise AssertionError("timed out")
            try:
                self.receive(0.1)
            except TimeoutError:
                pass

    def race_update(self, timeout: float = 10.0) -> dict:
        """The first update of the running race that offers this seat a play."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            message = self.until("update", deadline - time.monotonic())
            if message["view"].get("phase") == "race" and message["legal"]:
                return message
        raise AssertionError("no race")


@pytest.fixture
def race_with_a_phone(serve):
    """A Wie Waldi race: seat 0 a phone (answering probes), seat 1 a bot that waits."""
    services, phones = [], []

    def start():
        host = Host("wie_waldi", 2, seed=3, options={"countdown": 1}, seats=[{"kind": "remote"}, {"kind": "bot"}],
                    bot_delay=600.0)
        handle = serve(host)
        service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"])
        services.append(service)
        phone = ProbedPhone(service.link(0))
        phones.append(phone)
        return host, handle, phone

    yield start
    for phone in phones:
        phone.close()
    for service in services:
        service.close()


def record_claims(host: Host) -> list:
    """(seat, seen, ms, arrival, effective, clamped, credit) of every claim the arbiter judges
    (its credit then: probes go on meanwhile)."""
    claims: list = []
    arbiter = host.arbiter
    judge = arbiter.effective

    def effective(seat, seen, ms, arrival):
        result = judge(seat, seen, ms, arrival)
        claims.append((seat, seen, ms, arrival, result, arbiter.clamped, arbiter.credit(seat)))
        return result

    arbiter.effective = effective
    return claims


def test_the_host_times_a_phones_round_trips_itself_and_the_hand_says_it_is_a_race(race_with_a_phone):
    host, handle, phone = race_with_a_phone()
    assert phone.until("hand")["realtime"] is True
    phone.pump(lambda: len(host.arbiter.rtts.get(0, ())) >= 3)
    rtts = list(host.arbiter.rtts[0])
    assert len(rtts) >= 3 and all(0 <= rtt < 0.5 for rtt in rtts)  # loopback, measured by the host
    assert 0 in host.arbiter.remote
    probes = [m for m in phone.heard if m["t"] == "probe"]
    assert [m["n"] for m in probes] == list(range(1, len(probes) + 1))


def test_a_phones_tap_carries_its_timeline_to_the_arbiter(race_with_a_phone):
    host, handle, phone = race_with_a_phone()
    claims = record_claims(host)
    update = phone.race_update()
    phone.send({"t": "intent", "seq": 1, "action": update["legal"][0], "seen": update["n"], "ms": 40.0})
    assert phone.until("accept")["seq"] == 1
    seat, seen, ms, arrival, effective, clamped, credit = claims[-1]
    assert (seat, seen, ms) == (0, update["n"], 40.0)
    sent = host.arbiter.sent[0][update["n"]]
    assert sent < arrival < sent + 5.0  # on the host's race clock, from when the frame reached the server


def test_a_phones_forged_ms_claiming_an_impossible_early_press_is_clamped(race_with_a_phone):
    """The phone waits 500 ms after its update, then claims it pressed at once (ms 0): the
    claim is clamped to its arrival minus its measured round trip and the slack."""
    host, handle, phone = race_with_a_phone()
    claims = record_claims(host)
    update = phone.race_update()
    phone.pump(lambda: len(host.arbiter.rtts.get(0, ())) >= 2)
    update = [m for m in phone.heard if m["t"] == "update"][-1]
    time.sleep(0.500)
    phone.send({"t": "intent", "seq": 1, "action": update["legal"][0], "seen": update["n"], "ms": 0.0})
    assert phone.until("accept")["seq"] == 1
    seat, seen, ms, arrival, effective, clamped, credit = claims[-1]
    sent = host.arbiter.sent[0][update["n"]]
    assert clamped and ms == 0.0
    assert PRESENT_SLACK < credit < 0.250  # its slowest measured round trip (loopback) plus the slack
    assert effective == pytest.approx(arrival - credit, abs=1e-9)  # not sent + 0 ms
    assert effective - sent > 0.250  # the press the phone could have made, not the one it claimed
    phone.send({"t": "intent", "seq": 2, "action": {"type": "put_back"}, "seen": update["n"] + 50, "ms": -9e9})
    phone.pump(lambda: any(m.get("seq") == 2 for m in phone.heard if m["t"] in ("accept", "reject")))
    assert claims[-1][4] == claims[-1][3]  # an update never sent: no credit, pressed at its arrival


def test_probes_time_only_what_was_sent_once():
    probes = Probes()
    first = probes.probe(10.0)
    second = probes.probe(10.5)
    assert (first, second) == ({"t": "probe", "n": 1}, {"t": "probe", "n": 2})
    assert probes.answered(2, 10.52) == pytest.approx(0.02)
    assert probes.answered(2, 10.60) is None  # answered already
    assert probes.answered(7, 10.60) is None  # never sent
    assert probes.answered(1, 10.60) == pytest.approx(0.6)
    for k in range(PROBES_KEPT + 1):
        probes.probe(20.0 + k)
    assert probes.answered(3, 40.0) is None  # long forgotten


def test_round_trips_for_the_lobby_are_the_slowest_recent_and_only_fresh_ones():
    host = Host("wie_waldi", 3, seed=3, seats=[{"kind": "remote"}, {"kind": "remote"}, {"kind": "local"}])
    clock = [100.0]
    host.race_clock = lambda: clock[0]
    for rtt in (0.010, 0.240, 0.012):
        host.race_round_trip(0, rtt)
    host.race_round_trip(1, 0.004)
    assert host.races.round_trips() == {0: 0.240, 1: 0.004}  # the couch seat 2 has none
    clock[0] += FRESH_ROUND_TRIP - 0.5
    host.race_round_trip(1, 0.006)
    clock[0] += 1.0
    assert host.races.round_trips() == {1: 0.006}  # seat 0 stopped answering


def test_a_racing_phones_pings_and_probe_answers_never_cost_it_an_intent():
    """A minute of pings every 100 ms and probe answers every 0.5 s: no refusal, and the
    phone's whole burst of intents is still there."""
    link = SeatLink(joined=True)
    now = 0.0
    for tick in range(600):
        now = tick * 0.1
        assert link.arrived(now) is None
        steps = link.receive({"t": "ping", "sent": now, "rtt": None}, now)
        assert [type(step) for step in steps] == [Heard, Send]
        if tick % 5 == 0:
            assert link.arrived(now) is None
            assert [type(step) for step in link.receive({"t": "probe", "n": tick}, now)] == [Heard, Other]
    burst = [link.receive({"t": "intent", "seq": k, "action": {}, "seen": 1, "ms": 5.0}, now)[-1]
             for k in range(INTENTS_PER_SECOND)]
    assert all(isinstance(step, Act) for step in burst)
    assert burst[0] == Act(0, {}, 1, 5.0)
