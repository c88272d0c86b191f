"""Fair races from a phone (issue 26), in a real browser (headless Chromium): a phone's tap
is judged by the phone's own timeline, and the page keeps the phone awake while a race's
round runs. Skipped, with the reason, where no browser can be started."""

import threading
import time

import pytest

from netplay.host import Host
from netplay.phones import serve_phones_in_thread
from tests.phone_browser import heard, said, wait_until

from .delay_proxy import DelayProxy
from .test_fair_race import rigged_host

pytestmark = pytest.mark.timeout(120)
ONE_WAY = 0.060  # the phone's Wi-Fi, one way
TAP_AT = 'window.__tapAt = arguments[0]; window.__tapped = null;' \
    'const at = arguments[0] - performance.timeOrigin;' \
    'const tap = () => {' \
    '  const left = at - performance.now();' \
    '  if (left > 3) { setTimeout(tap, left - 3); return; }' \
    '  while (performance.now() < at) {}' \
    '  const button = document.querySelector(".board button.place.lit[data-place^=dog]");' \
    '  window.__tapped = performance.timeOrigin + performance.now();' \
    '  button.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}));' \
    '  button.click();' \
    '};' \
    'tap();'


@pytest.fixture
def phone_service():
    """phone_service(host, handle) -> the phone server's service for a served host; closed after."""
    services = []

    def start(host, handle):
        service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"])
        services.append(service)
        return service

    yield start
    for service in services:
        service.close()


def record_arrivals(host: Host) -> list:
    """(seat, action, wall-clock time) of each intent as the host's thread takes it."""
    arrivals: list = []
    real_intent = host.intent

    def intent(seat, seq, action, reply, *args, **options):
        arrivals.append((seat, action, time.time()))
        real_intent(seat, seq, action, reply, *args, **options)

    host.intent = intent
    return arrivals


def latest_update(phone) -> dict:
    return ([m for m in heard(phone) if m["t"] == "update"] or [{}])[-1]


@pytest.mark.parametrize("window", [True, False], ids=["arbiter", "arrival_order"])
def test_a_phones_tap_wins_a_race_by_its_own_timeline_over_a_couch_whose_play_arrived_first(
        browsers, serve, phone_service, window):
    """The phone (60 ms each way to the host) taps; the couch presses 30 ms later in true time,
    so the couch's play reaches the host first. The phone's play says it was pressed about
    100 ms after its screen showed the open end, the couch's about 200 ms after its own did:
    the phone wins the end. By arrival alone (no window) the couch takes it."""
    host = rigged_host([{"kind": "local"}, {"kind": "remote"}])
    if not window:
        host.arbiter.cap = 0.0
    arrivals = record_arrivals(host)
    handle = serve(host)
    service = phone_service(host, handle)
    proxy = DelayProxy(service.server.port, ONE_WAY)
    couch = host.session(0)
    couch_answers: dict = {}
    lock = threading.Lock()

    def couch_act(action) -> int:
        seq = couch.send(action)
        wait_until(lambda: poll_couch(seq), 10, what="the couch's answer")
        return seq

    def poll_couch(seq):
        with lock:
            for message in couch.poll():
                if message["t"] in ("accept", "reject"):
                    couch_answers[message["seq"]] = message
            return couch_answers.get(seq)

    try:
        phone = browsers.new()
        phone.get(service.link(1).replace(f":{service.server.port}/", f":{proxy.port}/"))
        wait_until(lambda: latest_update(phone).get("view", {}).get("phase") == "race", 20, what="the race")
        wait_until(lambda: len(host.arbiter.rtts.get(1, ())) >= 2, 10, what="the phone's round trips")
        assert min(host.arbiter.rtts[1]) >= 2 * ONE_WAY  # the host timed the phone's round trip itself

        for action in ({"type": "draw", "pile": 0}, {"type": "start", "card": "Hr"}, {"type": "draw", "pile": 1}):
            assert poll_couch(couch_act(action))["t"] == "accept"
        wait_until(lambda: couch.shown.n == latest_update(phone).get("n") == len(host.log), 10,
                   what="the phone's piles")
        phone.execute_script('document.querySelector(\'button.choice[data-index="0"]\').click();')  # Mry
        wait_until(lambda: phone.find_elements(
            "css selector", ".board button.place.lit[data-place^='dog']:not([disabled])"), 10,
            what="the phone's dog lit for the open red end")
        wait_until(lambda: latest_update(phone).get("n") == len(host.log) == couch.shown.n, 10,
                   what="both screens showing the open end")
        dog = host.state.dogs[-1]["id"]
        shown_n = len(host.log)

        tap = time.time() + 0.400  # both screens have shown the end for a while by then
        phone.execute_script(TAP_AT, tap * 1000)
        couch_press = tap + 0.030
        while time.time() < couch_press:
            time.sleep(0.0005 if couch_press - time.time() > 0.002 else 0)
        couch_press = time.time()
        couch_seq = couch.send({"type": "play", "card": "Mrg", "dog": dog, "end": 1})

        wait_until(lambda: poll_couch(couch_seq), 10, what="the couch's answer")
        wait_until(lambda: [m for m in heard(phone) if m["t"] in ("accept", "reject") and m["seq"] == 2], 10,
                   what="the phone's answer")
        answers = {0: couch_answers[couch_seq],
                   1: [m for m in heard(phone) if m["t"] in ("accept", "reject") and m["seq"] == 2][-1]}
        winner = 1 if window else 0
        assert answers[winner]["t"] == "accept", answers
        assert answers[1 - winner]["code"] == "end_taken", answers
        assert host.log[-1] == [winner, {"type": "play", "card": ["Mrg", "Mry"][winner], "dog": dog, "end": 1}]

        tapped = phone.execute_script("return window.__tapped;") / 1000
        assert tapped < couch_press - 0.010  # the couch pressed later, in true time...
        plays = {seat: at for seat, action, at in arrivals if action.get("type") == "play"}
        assert plays[0] < plays[1]  # ...and its play reached the host first
        intent = next(m for _, m in said(phone) if m["t"] == "intent" and m["seq"] == 2)
        assert intent["seen"] == shown_n  # the update the phone had painted, and ms from its paint
        assert 0.350 < intent["ms"] / 1000 < 2.0, intent
        couch.close()
    finally:
        proxy.close()


def test_the_page_pings_every_100_ms_while_a_race_runs_and_every_2_s_otherwise(browsers, serve, phone_service):
    """Counted at the host: the countdown before the race, the race, then the host's pause."""
    host = Host("wie_waldi", 2, seed=3, options={"countdown": 4}, seats=[{"kind": "remote"}, {"kind": "bot"}],
                bot_delay=600.0)
    handle = serve(host)
    service = phone_service(host, handle)
    pings: list[float] = []
    server = service.server
    real_handle = server._handle

    def counting(connection, message, now):
        if message["t"] == "ping":
            pings.append(now)
        real_handle(connection, message, now)

    server._handle = counting
    phone = browsers.new()
    phone.get(service.link(0))

    def phase():
        return latest_update(phone).get("view", {}).get("phase")

    def count(seconds: float) -> list[float]:
        start = server.loop.time()
        time.sleep(seconds)
        return [at for at in list(pings) if start <= at <= start + seconds]

    wait_until(lambda: phase() == "ready", 10, what="the countdown")
    calm = count(2.5)
    assert phase() == "ready"
    assert len(calm) <= 2, calm  # every 2 s before the round runs

    wait_until(lambda: phase() == "race", 10, what="Wuff!")
    time.sleep(0.3)
    racing = count(2.0)
    assert 14 <= len(racing) <= 22, len(racing)  # every 100 ms while it runs
    gaps = sorted(b - a for a, b in zip(racing, racing[1:], strict=False))
    assert 0.07 <= gaps[len(gaps) // 2] <= 0.14, gaps

    handle.call(lambda: host.pause(handle.server.loop.time()))
    wait_until(lambda: any(m["t"] == "pause" and m["paused"] for m in heard(phone)), 10, what="the pause")
    time.sleep(0.3)
    assert len(count(2.5)) <= 2  # the race stands still: back to every 2 s
