"""A phone's screen stays awake during a game and is let go after it, and the phone buzzes on
its turn, at the game's end and on a lost race (issue 40). Both wake-lock paths: the Screen
Wake Lock API where the browser offers it (here a stand-in that records requests and
releases), and the muted, looping, inline video where it does not or refuses. The browser's
own objects are replaced before the page loads (CDP); the page's functions are never called.
Headless Chromium on 127.0.0.1; skipped without a browser."""

import random

import pytest

from netplay.phones import serve_phones_in_thread
from tests.phone_browser import enabled_choices, heard, playable_choices, status, wait_until

from .delay_proxy import DelayProxy
from .test_fair_race import rigged_host

pytestmark = pytest.mark.timeout(150)

BUZZ = """
window.__buzz = [];
Navigator.prototype.vibrate = function (pattern) { window.__buzz.push(pattern); return true; };
"""
# A wake lock API that grants every request and records it (a secure page on a phone).
LOCK_GRANTED = BUZZ + """
window.__wake = [];
const api = { request(kind) {
  window.__wake.push("request " + kind);
  const sentinel = new EventTarget();
  sentinel.type = kind; sentinel.released = false;
  sentinel.release = () => { if (!sentinel.released) { sentinel.released = true; window.__wake.push("release");
    sentinel.dispatchEvent(new Event("release")); } return Promise.resolve(); };
  return Promise.resolve(sentinel);
} };
Object.defineProperty(Navigator.prototype, "wakeLock", { get: () => api, configurable: true });
"""
# No wake lock API at all (a plain http:// page on the LAN).
NO_LOCK = BUZZ + "delete Navigator.prototype.wakeLock; window.__wake = [];"
# The API is there but refuses (no permission, battery saver).
LOCK_REFUSED = BUZZ + """
window.__wake = [];
const api = { request(kind) { window.__wake.push("refused " + kind);
  return Promise.reject(new DOMException("not allowed", "NotAllowedError")); } };
Object.defineProperty(Navigator.prototype, "wakeLock", { get: () => api, configurable: true });
"""
VIDEO = """
const video = document.getElementById("awake");
return video && {paused: video.paused, loop: video.loop, muted: video.muted, inline: video.playsInline,
                 time: video.currentTime, source: video.currentSrc};
"""


@pytest.fixture
def mauer(phone_table):
    """mauer(bot_delay=0.15) -> (host, phone service): a one-round Die Mauer, the phone on seat 0."""
    return lambda bot_delay=0.15: phone_table("die_mauer", [{"kind": "remote"}, {"kind": "bot"}, {"kind": "bot"}],
                                              5, {"rounds": 1}, bot_delay)


def phone_with(browsers, script: str):
    phone = browsers.new()
    phone.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})
    return phone


def play_to_the_end(phone, host, during) -> None:
    """Tap random choices until the game is over; ``during()`` is checked after each tap."""
    rng = random.Random(2)

    def step():
        if status(phone).startswith("Game over"):
            return True
        try:
            buttons = playable_choices(phone)
            if not buttons:
                return False
            rng.choice(buttons).click()
        except Exception:  # noqa: BLE001 - the page redrew under the look or the tap: look again
            return False
        during()
        return False

    wait_until(step, 120, what="the game's end")
    assert host.is_over()


def buzzes(phone) -> list:
    return phone.execute_script("return window.__buzz;")


def wake(phone) -> list:
    return phone.execute_script("return window.__wake;")


def test_the_wake_lock_api_holds_the_screen_during_the_game_and_lets_go_after(browsers, mauer):
    host, service = mauer()
    phone = phone_with(browsers, LOCK_GRANTED)
    phone.get(service.link(0))
    wait_until(lambda: wake(phone) == ["request screen"], what="the wake lock")
    play_to_the_end(phone, host, lambda: None)
    wait_until(lambda: wake(phone)[-1:] == ["release"], what="the lock let go")
    assert wake(phone).count("release") == 1
    assert phone.execute_script(VIDEO) is None  # the API sufficed: no video
    # buzzed on its turns (not on every update) and once at the end
    turns = [b for b in buzzes(phone) if b == 40]
    assert turns and buzzes(phone).count([100, 60, 200]) == 1, buzzes(phone)
    updates = [m for m in heard(phone) if m["t"] == "update"]
    assert len(turns) < len(updates)


@pytest.mark.parametrize("script", [NO_LOCK, LOCK_REFUSED], ids=["no_api", "api_refuses"])
def test_without_a_wake_lock_a_muted_looping_inline_video_plays_during_the_game(browsers, mauer, script):
    host, service = mauer()
    phone = phone_with(browsers, script)
    phone.get(service.link(0))
    wait_until(lambda: enabled_choices(phone), what="the first choices")
    assert phone.execute_script(VIDEO) is None  # nothing plays before the first tap
    checked = []

    def during():
        if checked or status(phone).startswith("Game over"):
            return
        video = wait_until(lambda: phone.execute_script(VIDEO), 5, what="the video")
        assert video["loop"] and video["muted"] and video["inline"], video
        first = wait_until(lambda: (v := phone.execute_script(VIDEO)) and not v["paused"] and v["time"] > 0 and v,
                           5, what="the video playing")
        wait_until(lambda: phone.execute_script(VIDEO)["time"] != first["time"], 5, what="the video's time moving")
        assert phone.execute_script(VIDEO)["source"].endswith("/awake.webm")
        checked.append(True)

    play_to_the_end(phone, host, during)
    assert checked
    wait_until(lambda: phone.execute_script(VIDEO)["paused"], what="the video stopped after the game")
    if script is LOCK_REFUSED:
        assert wake(phone) and all(w == "refused screen" for w in wake(phone))


def test_a_lost_race_buzzes_and_its_tap_flies_back_with_the_reason(browsers, serve):
    """Wie Waldi: the couch takes the open end a moment before the phone's play of it reaches
    the host (arrival order): the phone's tap is refused, it buzzes, its echo flies back and
    the reason shows in the phone's language."""
    host = rigged_host([{"kind": "local"}, {"kind": "remote"}])
    host.arbiter.cap = 0.0  # first come, first served: the couch's earlier arrival wins
    handle = serve(host)
    service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"])
    proxy = DelayProxy(service.server.port, 0.080)
    couch = host.session(0)
    try:
        phone = phone_with(browsers, BUZZ)
        phone.get(service.link(1).replace(f":{service.server.port}/", f":{proxy.port}/") + "?lang=de")
        latest = lambda: ([m for m in heard(phone) if m["t"] == "update"] or [{}])[-1]  # noqa: E731
        wait_until(lambda: latest().get("view", {}).get("phase") == "race", 20, what="the race")
        for action in ({"type": "draw", "pile": 0}, {"type": "start", "card": "Hr"}, {"type": "draw", "pile": 1}):
            seq = couch.send(action)
            wait_until(lambda seq=seq: any(m["t"] == "accept" and m["seq"] == seq for m in couch.poll()) or
                       latest().get("n") == len(host.log), 10, what="the couch's play")
        wait_until(lambda: latest().get("n") == len(host.log), 10, what="the phone's update")
        phone.find_element("css selector", 'button.choice[data-index="0"]').click()
        wait_until(lambda: latest().get("n") == len(host.log), 10, what="the open end on the phone")
        act = wait_until(lambda: phone.find_elements(  # the dog lit on the phone's board (issue 40's pictures)
            "css selector", ".board button.place.lit[data-place^='dog']:not([disabled])"), 10, what="the phone's dog")[0]
        dog = host.state.dogs[-1]["id"]
        # the board lies at this window's fold: scrolled to, as a thumb would, before the tap
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", act)
        act.click()  # reaches the host 80 ms later...
        couch.send({"type": "play", "card": "Mrg", "dog": dog, "end": 1})  # ...the couch's at once
        echo = phone.find_element("id", "echo")
        assert echo.is_displayed()  # the tap shows at once
        wait_until(lambda: any(m["t"] == "reject" for m in heard(phone)), 10, what="the refusal")
        reject = next(m for m in heard(phone) if m["t"] == "reject")
        assert reject["code"] == "end_taken"
        assert [30, 40, 30] in buzzes(phone)
        assert "back" in (echo.get_attribute("class") or "").split()  # flying back
        notice = wait_until(lambda: phone.find_element("id", "notice").text, 5, what="the reason")
        assert notice.startswith("Abgelehnt") and reject["text"] in notice, notice
        wait_until(lambda: not phone.find_element("id", "echo").is_displayed(), 5, what="the echo gone")
    finally:
        couch.close()
        proxy.close()
        service.close()
