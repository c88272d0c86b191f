"""A phone whose seat a LAN player holds: the page says plainly that the seat is taken
(never "Waiting for the game to start...", never the holder's name) and offers the open
seats, one tap each; mid-game, with none open, it says so. Headless Chromium."""

from pathlib import Path

import pytest

from netplay.host import Host
from netplay.peer import RemoteSession
from netplay.phones import serve_phones_in_thread
from tests.phone_browser import status, wait_until

pytestmark = pytest.mark.timeout(120)
SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"  # git-ignored
SMALL_PHONE = (360, 740)


@pytest.fixture
def lan_table(serve):
    opened = []

    def start(seats):
        host = Host("die_mauer", len(seats), seed=3, options={"rounds": 1}, seats=seats, bot_delay=60.0)
        handle = serve(host)
        service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"])
        opened.append(service)
        ada = RemoteSession("127.0.0.1", handle.port, "Ada")
        opened.append(ada)
        assert ada.wait_welcome(5) == 0  # Ada, on the LAN, holds seat 1
        return host, service

    yield start
    for thing in opened:
        thing.close()


def open_seat_links(phone) -> list:
    from selenium.webdriver.common.by import By

    return phone.find_elements(By.CSS_SELECTOR, "a.open-seat")


def test_a_refused_phone_hears_its_seat_is_taken_and_takes_an_open_one(browsers, lan_table):
    host, service = lan_table([{"kind": "remote"}, {"kind": "remote"}, {"kind": "bot"}])
    phone = browsers.new(phone=SMALL_PHONE)
    phone.get(service.link(0))  # Ada's seat: its link was shown before she took it on the LAN
    wait_until(lambda: status(phone) == "This seat is taken", what="the refusal")
    links = wait_until(lambda: open_seat_links(phone), what="the open seats")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.save_screenshot(str(SCREENSHOTS / "phone_refused_open_seats.png"))
    page = phone.find_element("tag name", "body").text
    assert "Ada" not in page and "Waiting" not in page, page
    assert [link.text for link in links] == ["Seat 2"]
    links[0].click()
    wait_until(lambda: status(phone) == "Your move", what="the open seat, taken from the page")
    assert host.seats[1].taken and host.seats[1].by_phone


def test_mid_game_a_refused_phone_hears_no_seat_is_open(browsers, lan_table):
    host, service = lan_table([{"kind": "remote"}, {"kind": "bot"}])
    wait_until(lambda: host.phase == "playing", what="the game")
    phone = browsers.new(phone=SMALL_PHONE, language="de")
    phone.get(service.link(0))
    wait_until(lambda: status(phone) == "Dieser Platz ist vergeben", what="the refusal")
    wait_until(lambda: "kein Platz frei" in phone.find_element("id", "choices").text, what="no open seat: "
               + phone.find_element("tag name", "body").text + str(phone.execute_script("return window.__heard")))
    phone.save_screenshot(str(SCREENSHOTS / "phone_refused_mid_game_de.png"))
    page = phone.find_element("tag name", "body").text
    assert "Ada" not in page and "Warte" not in page, page
