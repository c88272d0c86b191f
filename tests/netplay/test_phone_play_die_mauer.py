"""Die Mauer on a phone, played by tapping what the page draws (issue 40): a headless Chromium
phone at 360 CSS px taps a piece to plan (its secret pick shows as the piece's back, never
its name, until the reveal), a piece and then a lit end of the wall to build, a piece to
donate, against two bots, a whole game in German; in English a plan tapped while the host
pauses the game is refused and flies back with the reason. The page never shows another
seat's plan; every screen's words fit. Screenshots go to
tests/screenshots/phone_play_die_mauer_*.png. 127.0.0.1 only; skipped without a browser."""

import random
import time
from pathlib import Path

import pytest

from engines.die_mauer.picture import piece_key
from netplay.host import Host
from netplay.phones import serve_phones_in_thread
from tests.phone_browser import heard, overflowing, small_targets, status, wait_until

from .delay_proxy import DelayProxy
from .test_phone_play_wie_waldi import WATCH_ECHO, tap

pytestmark = pytest.mark.timeout(90)
SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"  # git-ignored
PHONE = (360, 740)
BUTTONS = "#choices button.choice.pic-choice:not(.first):not(.place):not([disabled])"
FIRSTS = "#choices button.choice.first:not([disabled])"
LIT = ".board button.place.lit:not([disabled])"
# What the page shows now, with the last updates it heard (it draws once per frame, so what it
# shows may be one or two of them behind) and every plan any update told it.
LOOK = """
const all = (window.__heard || []).map((t) => JSON.parse(t)).filter((m) => m.t === "update");
const updates = all.slice(-4);  // the page draws once per frame: it may show one of these
const last = updates[updates.length - 1] || null;
const sprites = (css) => Array.from(document.querySelectorAll(css)).map((e) => e.dataset.sprite);
return {
  drawn: !!document.querySelector("[data-sprite]"),
  hand: sprites("#hand [data-sprite]"), echo: sprites("#echo [data-sprite]"),
  echoText: document.getElementById("echo").hidden ? "" : document.getElementById("echo").innerText,
  status: document.getElementById("status").innerText,
  wall: Array.from(document.querySelectorAll(".board .place")).map((p) => p.dataset.place),
  legal: last ? last.legal.map((a) => a.type) : [], view: last ? last.view : null,
  stocks: updates.map((m) => m.view.stock || []),
  plans: all.map((m) => m.view.plans).filter((p) => p),
};
"""


def shoot(phone, name: str, shots: set) -> None:
    """A screenshot of this screen (once per name); its words must fit at 360 px, its
    buttons be 48 px or more."""
    if name in shots:
        return
    shots.add(name)
    assert not overflowing(phone), (name, overflowing(phone))
    assert not small_targets(phone), (name, small_targets(phone))  # every tap a thumb's size
    SCREENSHOTS.mkdir(exist_ok=True)
    phone.save_screenshot(str(SCREENSHOTS / f"phone_play_die_mauer_{name}.png"))


def check_shown(look: dict) -> None:
    """The seat's own pieces, drawn; its own plan only as a back; nobody else's plan ever
    reached the page (a plan the view tells is only the seat's own, "mine")."""
    view = look["view"]
    if view is None or not look["drawn"]:
        return  # the sheet is still on its way: words only
    pieces = [key for key in look["hand"] if key != "back"]
    assert pieces in [[piece_key(p) for p in stock] for stock in look["stocks"]], look
    assert "back" not in look["hand"] or len(look["hand"]) == len(pieces) + 1  # a plan: face down, once
    for plans in look["plans"]:
        assert set(plans) <= {"choosers", "locked", "mine"}, plans


def test_a_german_phone_plays_a_whole_die_mauer_game_by_tapping_pieces_and_the_walls_ends(browsers, serve):
    host = Host("die_mauer", 3, seed=5, options={"rounds": 1}, seats=[{"kind": "remote"}] + [{"kind": "bot"}] * 2,
                bot_delay=0.05)
    handle = serve(host)
    service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"])
    try:
        phone = browsers.new(phone=PHONE, language="de")
        phone.get(service.link(0))
        rng, shots = random.Random(2), set()
        taps = {"plan": 0, "build": 0, "donate": 0}

        def step() -> bool:
            if host.is_over():
                return True
            look = phone.execute_script(LOOK)
            check_shown(look)
            legal = set(look["legal"])
            if legal == {"plan"} and phone.find_elements("css selector", BUTTONS):
                shoot(phone, "plan", shots)
                # an empty fist often: a master's lets it choose a piece, a competitor's may donate
                fist = phone.find_elements("css selector", f"{BUTTONS} [data-sprite='fist']")
                if fist and rng.random() < 0.5:
                    label = "Leere Faust"
                else:
                    label = rng.choice(phone.find_elements("css selector", BUTTONS)).get_attribute("aria-label")
                if not tap(phone, f"{BUTTONS}[aria-label='{label}']"):
                    return False
                taps["plan"] += 1
                if secret_kept(phone, label):
                    shoot(phone, "locked", shots)
                return False
            if legal == {"build"}:
                lit = phone.find_elements("css selector", LIT)
                if not lit:  # choose a piece first (one piece alone is chosen by the page)
                    shoot(phone, "build_pieces", shots)
                    tap(phone, FIRSTS, rng.choice)
                    return False
                shoot(phone, "build_ends", shots)
                if tap(phone, LIT, rng.choice):
                    taps["build"] += 1
                return False
            if legal == {"donate"} and phone.find_elements("css selector", BUTTONS):
                shoot(phone, "donate", shots)
                if tap(phone, BUTTONS, rng.choice):
                    taps["donate"] += 1
            return False

        wait_until(step, 60, step=lambda: time.sleep(0.05), what="the whole game")
        wait_until(lambda: status(phone).startswith("Spiel vorbei"), 10, what="the page's end")
        shoot(phone, "over", shots)
        mine = [action["type"] for seat, action in host.log if seat == 0]
        assert taps["plan"] >= 3 and mine.count("plan") >= 3, (taps, mine)
        assert taps["build"] >= 1 and "build" in mine, (taps, mine)
        assert {"plan", "build_ends", "over"} <= shots, shots
        assert not [m for m in heard(phone) if m["t"] in ("refuse", "reject")]
    finally:
        service.close()


def secret_kept(phone, label: str) -> bool:
    """Right after the plan's tap (and while it waits for the reveal): the page shows the
    piece's back and "hidden until the reveal", never the piece's name or face. True while
    the status says the plan is locked in (False once the reveal came)."""
    deadline = time.monotonic() + 1.0  # the echo is painted on the next frame
    look = phone.execute_script(LOOK)
    while not look["echoText"] and time.monotonic() < deadline:
        time.sleep(0.02)
        look = phone.execute_script(LOOK)
    if not look["echoText"]:
        return False
    assert label not in look["echoText"] and label not in look["status"], look
    assert look["echo"] == ["back"], look["echo"]  # no face: neither the piece's nor an empty fist's
    assert "verdeckt bis zum Aufdecken" in look["echoText"], look
    return "verdeckt bis zum Aufdecken" in look["status"]  # locked in, waiting for the others


def test_a_plan_tapped_while_the_host_pauses_flies_back_with_the_reason_in_english(browsers, serve):
    """The phone's Wi-Fi is slow (300 ms each way); the host pauses the game while the tap is
    on its way: the plan is refused, its back flies back to the button, the reason is read
    in English. After the countdown the phone plans again, still face down."""
    host = Host("die_mauer", 3, seed=5, options={"rounds": 1}, seats=[{"kind": "remote"}] + [{"kind": "bot"}] * 2,
                bot_delay=0.05)
    handle = serve(host)
    service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"])
    proxy = DelayProxy(service.server.port, 0.3)
    try:
        phone = browsers.new(phone=PHONE, language="en")
        phone.get(service.link(0).replace(f":{service.server.port}/", f":{proxy.port}/"))
        wait_until(lambda: phone.find_elements("css selector", BUTTONS), 20, what="the plans")
        wait_until(lambda: host.state.plans.pending() == [0], 10, what="the bots' plans")
        phone.execute_script(WATCH_ECHO)  # watches only: the tap below is the test's finger
        assert tap(phone, f"{BUTTONS}[aria-label='Tower']")
        handle.call(lambda: host.pause(handle.server.loop.time()))  # before the tap arrives
        wait_until(lambda: [m for m in heard(phone) if m["t"] == "reject"], 10, what="the refusal")
        refused = [m for m in heard(phone) if m["t"] == "reject"][-1]
        assert refused["code"] == "paused"
        said = "Refused: the host paused the game: wait for the countdown"
        wait_until(lambda: said in phone.find_element("id", "notice").text, 5, what="the reason")
        wait_until(lambda: "back secret" in phone.execute_script("return window.__echoes;"), 5, what="the fly-back")
        assert "Tower" not in phone.find_element("id", "echo").text
        assert 0 in host.state.plans.pending()  # nothing was planned
        shots: set = set()
        shoot(phone, "en_refused", shots)
        handle.call(lambda: host.unpause(handle.server.loop.time(), 0.2))
        wait_until(lambda: tap(phone, f"{BUTTONS}[aria-label='Gate']"), 15, what="the plans again")
        # the tap's echo (the answer takes 600 ms on this Wi-Fi): the back, with no name
        look = wait_until(lambda: (lambda look: look if look["echo"] else None)(phone.execute_script(LOOK)), 2,
                          what="the echo")
        assert look["echo"] == ["back"] and "hidden until the reveal" in look["echoText"], look
        assert "Gate" not in look["echoText"] and "Gate" not in look["status"], look
        wait_until(lambda: [0, {"type": "plan", "piece": "G"}] in host.log, 10, what="the plan taken")
        shoot(phone, "en_locked", shots)
    finally:
        proxy.close()
        service.close()
