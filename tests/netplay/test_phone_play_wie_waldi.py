"""Wie Waldi on a phone, played by tapping what the page draws (issue 40): a headless Chromium
phone at 360 CSS px taps its piles, then a lit place of the board (a dog marked with the
number and coat the big screen shows beside it, a new dog, put back), against a bot, a whole
game in English; in German it loses a race and its card flies back with the reason. The page
never shows another seat's card; every screen's words fit. Screenshots go to
tests/screenshots/phone_play_wie_waldi_*.png. 127.0.0.1 only; skipped without a browser."""

import time
from pathlib import Path

import pytest

from engines.wie_waldi.cards import COAT_RGB, COLOURS
from netplay.host import Host
from netplay.phones import serve_phones_in_thread
from tests.phone_browser import heard, overflowing, small_targets, status, wait_until

from .delay_proxy import DelayProxy
from .test_fair_race import rigged_host

pytestmark = pytest.mark.timeout(90)
SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"  # git-ignored
PHONE = (360, 740)
PILES = "#choices .grid.row button.choice:not([disabled])"
LIT = ".board button.place.lit:not([disabled])"
# What the page shows now, with the last updates it heard (it draws once per frame, so what
# it shows may be one or two of them behind): the sprites of the hand and of the first
# buttons, the board's places with their markers.
LOOK = """
const updates = (window.__heard || []).map((t) => JSON.parse(t)).filter((m) => m.t === "update").slice(-4);
const last = updates[updates.length - 1] || null;
const sprites = (css) => Array.from(document.querySelectorAll(css)).map((e) => e.dataset.sprite);
return {
  hand: sprites("#hand [data-sprite]"), firsts: sprites("#choices .first [data-sprite]"),
  places: Array.from(document.querySelectorAll(".board .place")).map((p) => {
    const mark = p.querySelector(".marker");
    return {id: p.dataset.place, lit: p.classList.contains("lit"), mark: mark ? mark.textContent : null,
            colour: mark ? getComputedStyle(mark).backgroundColor : null};
  }),
  owns: updates.map((m) => m.view.hand), dogs: updates.flatMap((m) => m.view.dogs || []),
  own: last ? last.view.hand : null, phase: last ? last.view.phase : null,
};
"""
# Each class the echo (the tapped picture's answer) wears, as it changes: "back" is the fly-back.
WATCH_ECHO = """
window.__echoes = [];
new MutationObserver(() => window.__echoes.push(document.getElementById("echo").className))
  .observe(document.getElementById("echo"), {attributes: true, attributeFilter: ["class"]});
"""


@pytest.fixture
def phone_service():
    services = []

    def start(host, handle):
        service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"])
        services.append(service)
        return service

    yield start
    for service in services:
        service.close()


def tap(phone, css: str, pick=lambda found: found[0]) -> bool:
    """Tap one of the enabled things ``css`` finds (the page redraws on every message: a tap
    on a drawing just replaced is tried again next time); False if there is none now."""
    from selenium.common.exceptions import (
        ElementClickInterceptedException,
        ElementNotInteractableException,
        StaleElementReferenceException,
    )

    try:
        found = phone.find_elements("css selector", css)
        if not found:
            return False
        pick(found).click()
        return True
    except (StaleElementReferenceException, ElementClickInterceptedException, ElementNotInteractableException):
        return False


def rgb(code: str) -> str:
    return "rgb({}, {}, {})".format(*COAT_RGB[COLOURS.index(code)])


def shoot(phone, name: str, shots: set) -> None:
    """A screenshot of this screen (once per name); its words must fit at 360 px, its
    buttons be 48 px or more."""
    if name in shots:
        return
    shots.add(name)
    assert not overflowing(phone), (name, overflowing(phone))
    assert not small_targets(phone), (name, small_targets(phone))  # every tap a thumb's size
    SCREENSHOTS.mkdir(exist_ok=True)
    phone.save_screenshot(str(SCREENSHOTS / f"phone_play_wie_waldi_{name}.png"))


def check_shown(look: dict) -> None:
    """Only the seat's own card is drawn (never the other seat's), and each open dog's place
    is marked as the big screen marks it: its number, in its open end's coat."""
    owns = {code.lower() for code in look["owns"] if code}
    cards = [key for key in look["hand"] + look["firsts"] if key not in ("pile", "empty")]
    assert set(cards) <= owns, look
    ends = {}
    for dog in look["dogs"]:
        if not dog["complete"] and dog["end"]:
            ends.setdefault(f"dog{dog['id']}", set()).add(rgb(dog["end"]))
    for place in look["places"]:
        if place["id"].startswith("dog"):
            assert place["mark"] == place["id"].removeprefix("dog"), place
            assert place["colour"] in ends.get(place["id"], {place["colour"]}), (place, ends)


def test_a_phone_plays_a_whole_wie_waldi_game_by_tapping_its_piles_and_the_lit_dogs(browsers, serve, phone_service):
    host = Host("wie_waldi", 2, seed=8, options={"rounds": 1, "countdown": 1},
                seats=[{"kind": "remote"}, {"kind": "bot"}], bot_delay=0.3)
    handle = serve(host)
    service = phone_service(host, handle)
    phone = browsers.new(phone=PHONE, language="en")
    phone.get(service.link(0))
    shots: set = set()
    taps = {"pile": 0, "dog": 0, "new": 0, "back": 0}

    def step() -> bool:
        if host.is_over():
            return True
        look = phone.execute_script(LOOK)
        check_shown(look)
        if look["phase"] == "ready":
            shoot(phone, "countdown", shots)
            return False
        lit = {place["id"] for place in look["places"] if place["lit"]}
        if lit:  # a card in hand: a dog it fits, else a new dog, else put it back
            shoot(phone, "card_fits" if any(i.startswith("dog") for i in lit) else "card", shots)
            where = next((i for i in sorted(lit) if i.startswith("dog")), "new" if "new" in lit else "back")
            if tap(phone, f"{LIT}[data-place='{where}']"):
                taps[where if where in ("new", "back") else "dog"] += 1
            return False
        if phone.find_elements("css selector", PILES):
            shoot(phone, "piles", shots)
            if tap(phone, PILES, lambda found: found[taps["pile"] % len(found)]):
                taps["pile"] += 1
        return False

    wait_until(step, 60, step=lambda: time.sleep(0.05), what="the whole game")
    wait_until(lambda: status(phone).startswith("Game over"), 10, what="the page's end")
    shoot(phone, "over", shots)
    mine = [action["type"] for seat, action in host.log if seat == 0]
    assert mine.count("play") >= 2 and mine.count("start") >= 1 and mine.count("draw") >= 5, mine
    assert taps["dog"] >= 2 and taps["pile"] >= 5, taps
    assert {"piles", "card_fits", "over"} <= shots
    assert not [m for m in heard(phone) if m["t"] == "refuse"]


def test_a_race_lost_on_a_german_phone_flies_the_card_back_with_the_reason(browsers, serve):
    """Both seats hold a card for the red end of dog 0; the other seat's play reaches the host
    first (the phone's Wi-Fi is slow, and the host takes plays in arrival order): the phone's
    tap is refused, its card flies back to where it was tapped, and it reads why in German."""
    from tests.netplay.phone_play import PhoneClient

    host = rigged_host([{"kind": "remote"}, {"kind": "remote"}])
    host.arbiter.cap = 0.0  # arrival order
    handle = serve(host)
    service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"])
    proxy = DelayProxy(service.server.port, 0.25)
    other = PhoneClient(service.link(0))
    try:
        phone = browsers.new(phone=PHONE, language="de")
        phone.get(service.link(1).replace(f":{service.server.port}/", f":{proxy.port}/"))
        wait_until(lambda: phone.execute_script(LOOK)["phase"] == "race", 20, what="Wuff!")

        def answer(seq):
            message = other.until("accept")
            assert message["seq"] == seq, message
        for action in ({"type": "draw", "pile": 0}, {"type": "start", "card": "Hr"}, {"type": "draw", "pile": 1}):
            answer(other.intent(action))
        wait_until(lambda: tap(phone, PILES), 10, what="the first pile")  # the phone's red/yellow middle
        wait_until(lambda: "dog0" in {p["id"] for p in phone.execute_script(LOOK)["places"] if p["lit"]}, 10,
                   what="dog 0 lit for the held card")
        look = phone.execute_script(LOOK)
        check_shown(look)
        assert look["own"] == "Mry" and look["hand"][0] == "mry"
        shots: set = set()
        shoot(phone, "de_card_fits", shots)
        phone.execute_script(WATCH_ECHO)  # watches only: the tap below is the test's finger
        assert tap(phone, f"{LIT}[data-place='dog0']")
        other.intent({"type": "play", "card": "Mrg", "dog": 0, "end": 1})  # no delay: it is there first
        wait_until(lambda: [m for m in heard(phone) if m["t"] == "reject"], 10, what="the refusal")
        refused = [m for m in heard(phone) if m["t"] == "reject"][-1]
        assert refused["code"] == "end_taken"
        assert refused["text"] == "Spieler 1 war zuerst an diesem Ende; Dackel 0 endet jetzt grün"
        wait_until(lambda: refused["text"] in phone.find_element("id", "notice").text, 5, what="the reason")
        wait_until(lambda: "back" in phone.execute_script("return window.__echoes;"), 5, what="the fly-back")
        shoot(phone, "de_race_lost", shots)
        # the card is still the phone's: its one place now is put back
        wait_until(lambda: [p["id"] for p in phone.execute_script(LOOK)["places"] if p["lit"]] == ["back"], 5,
                   what="put back alone lit")
        look = phone.execute_script(LOOK)
        check_shown(look)
        assert look["own"] == "Mry" and look["hand"][0] == "mry"
        assert host.log[-1] == [0, {"type": "play", "card": "Mrg", "dog": 0, "end": 1}]
    finally:
        other.close()
        proxy.close()
        service.close()
