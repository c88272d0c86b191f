"""Phones as private hands in a real browser (headless Chromium, Selenium): a whole Die
Mauer game played by tapping the page, what a second phone sees, and a malformed message.
Skipped, with the reason, where no browser can be started."""

import json
import random

import pytest

from netplay.host import Host
from netplay.phones import serve_phones_in_thread
from tests.phone_browser import (
    Browsers,
    browser_or_skip,
    click_choice,
    enabled_choices,
    heard,
    status,
    wait_until,
)

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def browsers():
    found = Browsers(*browser_or_skip())
    yield found
    found.close_all()


@pytest.fixture
def phone_table(serve):
    services = []

    def start(seats, bot_delay=0.0, rounds=1):
        host = Host("die_mauer", len(seats), seed=11, options={"rounds": rounds}, seats=seats, bot_delay=bot_delay)
        handle = serve(host)
        service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"])
        services.append(service)
        return host, service

    yield start
    for service in services:
        service.close()


def test_a_whole_die_mauer_game_played_from_the_page(browsers, phone_table):
    host, service = phone_table([{"kind": "remote"}, {"kind": "bot"}, {"kind": "bot"}])
    phone = browsers.new()
    phone.get(service.link(0))
    rng = random.Random(5)
    taps: list[tuple[str, str]] = []

    def step():
        text = status(phone)
        if text.startswith("Game over"):
            return True
        buttons = enabled_choices(phone)
        if buttons:
            button = rng.choice(buttons)
            try:
                tap = (button.get_attribute("data-group"), button.text)
                button.click()
            except Exception:  # noqa: BLE001 - the page re-rendered under the tap: look again
                return False
            taps.append(tap)
        return False

    wait_until(step, 90, what="the game")
    assert host.is_over()
    assert any(group == "Your secret plan" for group, _ in taps), taps
    answers = [m for m in heard(phone) if m["t"] in ("accept", "reject")]
    assert answers and all(m["t"] == "accept" for m in answers), answers[-3:]
    assert not [m for m in heard(phone) if m["t"] == "refuse"]


def test_a_second_phone_sees_nothing_of_the_first_seat(browsers, phone_table):
    host, service = phone_table([{"kind": "remote"}, {"kind": "remote"}, {"kind": "bot"}], bot_delay=60.0)
    first, second = browsers.new(), browsers.new()
    first.get(service.link(0))
    second.get(service.link(1))
    wait_until(lambda: status(first) == "Your move" and status(second) == "Your move")
    click_choice(first, "Tower")
    wait_until(lambda: status(first).startswith("Locked in"), what="the first phone")
    wait_until(lambda: any(0 in (m["view"].get("plans") or {}).get("locked", [])
                           for m in heard(second) if m["t"] == "update"), what="the second phone")
    mine = [m["view"]["plans"].get("mine") for m in heard(first) if m["t"] == "update" and "plans" in m["view"]]
    assert mine[-1] == "T"  # the first phone knows its own plan...
    theirs = [m for m in heard(second) if m["t"] in ("update", "welcome", "hand", "accept")]
    assert all("mine" not in (m.get("view", {}).get("plans") or {}) for m in theirs)  # ...the second does not
    assert all(m.get("seat", 1) == 1 for m in theirs)
    assert '"piece": "T"' not in json.dumps([e for m in theirs for e in m.get("events", [])])
    assert "Your plan" not in second.find_element("id", "hand").text
    assert "Tower" in first.find_element("id", "hand").text


def test_a_malformed_message_from_the_page_is_refused_and_the_game_goes_on(browsers, phone_table):
    host, service = phone_table([{"kind": "remote"}, {"kind": "bot"}, {"kind": "bot"}])
    phone = browsers.new()
    phone.get(service.link(0))
    wait_until(lambda: status(phone) == "Your move")
    phone.execute_script("window.__sockets[window.__sockets.length - 1].send('{\"t\": \"intent\", \"seq\": 1}');")
    notice = wait_until(lambda: phone.find_element("id", "notice").text, what="the refusal")
    assert "refused" in notice and "malformed" in notice
    phone.find_element("id", "again").click()  # the player taps "Connect again"
    wait_until(lambda: status(phone) == "Your move", what="the reconnected page")
    click_choice(phone, "Empty fist")
    wait_until(lambda: not status(phone).startswith("Sending"), what="the answer")
    assert any(m["t"] == "accept" for m in heard(phone))
    assert [action for seat, action in list(host.log) if seat == 0] == [{"type": "plan", "piece": None}]


def test_a_page_whose_link_was_renewed_says_so_and_stops_trying(browsers, phone_table):
    host, service = phone_table([{"kind": "remote"}, {"kind": "bot"}, {"kind": "bot"}], bot_delay=60.0)
    phone = browsers.new()
    old_link = service.link(0)
    phone.get(old_link)
    wait_until(lambda: status(phone) == "Your move")
    service.server.loop.call_soon_threadsafe(service.server.renew, 0)
    notice = wait_until(lambda: phone.find_element("id", "notice").text, what="the refusal")
    assert "replaced by a new code" in notice
    phone.find_element("id", "again").click()  # the old link cannot open the seat any more
    wait_until(lambda: "no longer opens a seat" in phone.find_element("id", "notice").text, what="the page's word")
    phone.get(old_link)
    assert "This link has expired" in phone.page_source
    phone.get(service.link(0))  # the new code works
    wait_until(lambda: status(phone) == "Your move", what="the new link")
