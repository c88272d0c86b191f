"""Phones as private hands in a real browser (headless Chromium, Selenium): a whole Die
Mauer game played by tapping the page, what a second phone sees, and a malformed message.
Skipped, with the reason, where no browser can be started."""

import json
import random
from pathlib import Path

import pytest

from netplay.host import Host
from netplay.phones import serve_phones_in_thread
from tests.phone_browser import (
    click_choice,
    enabled_choices,
    heard,
    said,
    status,
    wait_until,
)

pytestmark = pytest.mark.timeout(120)
SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"  # git-ignored
SMALL_PHONE = (360, 740)  # CSS pixels, portrait


@pytest.fixture
def game_table(serve):
    """game_table(game_id, seats, ...) -> (host, phone service), on 127.0.0.1, closed after."""
    services = []

    def start(game_id, seats, seed=11, options=None, bot_delay=0.0):
        host = Host(game_id, len(seats), seed=seed, options=options or {}, seats=seats, bot_delay=bot_delay)
        handle = serve(host)
        service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"])
        services.append(service)
        return host, service

    yield start
    for service in services:
        service.close()


@pytest.fixture
def phone_table(game_table):
    """A Die Mauer table: phone_table(seats, bot_delay, rounds) -> (host, phone service)."""
    return lambda seats, bot_delay=0.0, rounds=1: game_table("die_mauer", seats, options={"rounds": rounds},
                                                             bot_delay=bot_delay)


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


# --- a small phone in portrait: every game's hand, Wie Waldi's targets -------------------
def hand_text(phone) -> str:
    return phone.find_element("id", "hand").text


def fits_a_small_phone(phone) -> None:
    """Nothing sticks out sideways at 360 px, and every button is a thumb's size."""
    width = phone.execute_script("return window.innerWidth;")
    assert width == 360
    assert phone.execute_script("return document.documentElement.scrollWidth;") <= width
    for button in phone.find_elements("css selector", "button:not([hidden])"):
        if button.is_displayed():
            assert button.size["height"] >= 44 and button.rect["x"] + button.size["width"] <= width, button.text


def shoot(phone, game_id: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    phone.execute_script("window.scrollTo(0, 0);")  # the page as it opens: status, hand, first choices
    phone.save_screenshot(str(SCREENSHOTS / f"phone_{game_id}.png"))


def settled(condition):
    """``condition`` as a wait_until poll that looks again when the page re-rendered under it
    (the page renders afresh on every message the table sends, probes and pongs aside)."""
    from selenium.common.exceptions import StaleElementReferenceException

    def poll():
        try:
            return condition()
        except StaleElementReferenceException:
            return False

    return poll


def on_page(action, tries: int = 20):
    """Run ``action`` (reads or a tap), again if the page re-rendered under it."""
    from selenium.common.exceptions import StaleElementReferenceException

    for _ in range(tries):
        try:
            return action()
        except StaleElementReferenceException:
            continue
    raise AssertionError("the page kept re-rendering")


def tap_once(phone, rng, prefer=()) -> bool:
    """Tap one enabled choice (one whose group is in ``prefer`` first); False if none."""
    buttons = enabled_choices(phone)
    chosen = [b for b in buttons if b.get_attribute("data-group") in prefer] or buttons
    if not chosen:
        return False
    try:
        rng.choice(chosen).click()
    except Exception:  # noqa: BLE001 - the page re-rendered under the tap
        return False
    return True


def test_wie_waldi_on_a_small_phone_draws_and_plays_onto_the_dog_it_taps(browsers, game_table):
    """Seat 0 races alone (the bot waits): draw from the piles in turn, start a dog with a head,
    play onto the one lit dog, put back what fits nowhere, until the card fits two dogs: both
    light up on the board (issue 40), and the card goes to the one tapped, not the first."""
    host, service = game_table("wie_waldi", [{"kind": "remote"}, {"kind": "bot"}],
                               options={"rounds": 1, "countdown": 1}, bot_delay=600.0)
    phone = browsers.new(phone=SMALL_PHONE)
    phone.get(service.link(0))
    by_css = phone.find_elements
    draws = {"n": 0}

    def lit(prefix=""):
        return [p for p in by_css("css selector", ".board button.place.lit:not([disabled])")
                if p.get_attribute("data-place").startswith(prefix)]

    def step():
        wait_until(settled(lambda: status(phone) == "Your move" and enabled_choices(phone)), 10,
                   what="the page's next move")
        dogs = lit("dog")
        if len(dogs) >= 2:
            return True  # two or more dogs fit: the test goes on below
        if dogs or lit("new"):
            (dogs or lit("new"))[0].click()
            return False
        piles = [b for b in enabled_choices(phone) if b.get_attribute("data-group") == "Draw from a pile"]
        if piles:
            tops = {b.rect["y"] for b in piles}
            assert len(tops) == 1 and all(b.size["height"] >= 90 for b in piles)  # one row of big buttons
            piles[draws["n"] % len(piles)].click()
            draws["n"] += 1
            return False
        assert lit("back"), "a card in hand always may be put back"
        lit("back")[0].click()
        return False

    wait_until(settled(step), 60, what="a card that fits two dogs")
    held = on_page(lambda: hand_text(phone)).split("Your card")[1].splitlines()[1]
    assert not held.startswith("none")
    sizes = on_page(lambda: [p.size for p in lit("dog")])
    assert all(size["height"] >= 48 and size["width"] >= 48 for size in sizes)  # one-tap targets
    on_page(lambda: fits_a_small_phone(phone))
    shoot(phone, "wie_waldi")
    place = on_page(lambda: lit("dog")[1].get_attribute("data-place"))
    dog = int(place.removeprefix("dog"))
    on_page(lambda: phone.find_element("css selector", f".board button.place.lit[data-place='{place}']").click())
    wait_until(lambda: any(m["t"] == "accept" for m in heard(phone)[-3:]), what="the play's answer")
    played = [action for seat, action in list(host.log) if seat == 0][-1]
    assert played["type"] == "play" and played["dog"] == dog  # the dog tapped, not the first
    assert not [m for m in heard(phone) if m["t"] in ("refuse", "reject")]


@pytest.mark.parametrize(("game_id", "players", "line", "prefer"), [
    ("wild_west", 2, "Your sheet", ("Your pick (secret)",)),
    ("architekton", 2, "Tiles you took", ()),
    ("die_mauer", 3, "Your pieces", ()),
    ("drunter_druber", 3, "Your building cards", ()),
])
def test_each_games_hand_reads_on_a_small_phone_in_portrait(browsers, game_table, game_id, players, line, prefer):
    host, service = game_table(game_id, [{"kind": "remote"}] + [{"kind": "bot"}] * (players - 1))
    phone = browsers.new(phone=SMALL_PHONE)
    phone.get(service.link(0))
    rng, taps = random.Random(2), {"n": 0}

    def ready():
        if not (status(phone) == "Your move" and line in hand_text(phone)):
            if status(phone) == "Your move" and tap_once(phone, rng, prefer):
                taps["n"] += 1
            return False
        if game_id == "wild_west" and taps["n"] < 12:  # a few rounds: something written on the sheet
            taps["n"] += tap_once(phone, rng, prefer)
            return False
        return True

    wait_until(settled(ready), 60, what=f"{game_id}'s hand line {line!r}")
    on_page(lambda: fits_a_small_phone(phone))
    shoot(phone, game_id)
    if game_id == "wild_west":
        cells = on_page(lambda: [(c.text, c.size["width"]) for c in phone.find_elements("css selector", ".cell")])
        assert len(cells) == 30 and any(text[:1] in "RGCS" for text, _ in cells), cells
        assert all(width >= 24 for _, width in cells)
    assert not [m for m in heard(phone) if m["t"] == "refuse"]


def test_a_phone_says_the_host_paused_and_counts_down(browsers, serve):
    """Issue 23: the host's pause of a race shows on the phone, which offers nothing to tap
    until the countdown is over."""
    host = Host("wie_waldi", 2, seed=3, seats=[{"kind": "remote"}, {"kind": "bot"}], bot_delay=60.0)
    handle = serve(host)
    service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"])
    try:
        phone = browsers.new()
        phone.get(service.link(0))
        wait_until(lambda: host.seats[0].connected, 10, what="the phone's seat")
        handle.call(lambda: host.pause(handle.server.loop.time()))
        wait_until(lambda: status(phone) == "Paused by the host", 10, what="the pause")
        assert not enabled_choices(phone)
        handle.call(lambda: (host.unpause(handle.server.loop.time()), handle.server.wake()))
        wait_until(lambda: status(phone).startswith("Ready\u2026 "), 10, what="the countdown")
        wait_until(lambda: not status(phone).startswith(("Ready", "Paused")), 10, what="the end of the countdown")
    finally:
        service.close()


def test_a_phone_hears_a_photo_finish_it_won_or_watched(browsers, serve):
    """Issue 26: a race won by under 50 ms reaches every phone (the host's `photo` message):
    the winner's page says by how much, another seat's page who was first."""
    host = Host("wie_waldi", 3, seed=3, seats=[{"kind": "remote"}, {"kind": "remote"}, {"kind": "bot"}],
                bot_delay=60.0)
    handle = serve(host)
    service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"])
    try:
        winner, watcher = browsers.new(), browsers.new()
        winner.get(service.link(0))
        watcher.get(service.link(1))
        wait_until(lambda: host.seats[0].connected and host.seats[1].connected, 10, what="both phones' seats")
        handle.call(lambda: host.tell_everyone({"t": "photo", "winner": 0, "loser": 2, "ms": 12, "action": None}))
        notice = 'return document.getElementById("notice").textContent;'
        wait_until(lambda: winner.execute_script(notice) == "Photo finish: you were first, by 12 ms", 10,
                   what="the winner's photo finish")
        first = host.seats[0].name or "Player 1"
        wait_until(lambda: watcher.execute_script(notice) == f"Photo finish: {first} was first, by 12 ms", 10,
                   what="the watcher's photo finish")
    finally:
        service.close()



@pytest.mark.parametrize(("language", "heading"), [("en", "Who plays here?"), ("de", "Wer spielt hier?")])
def test_who_plays_here_the_page_offers_the_windows_people_until_one_is_picked(browsers, serve, language, heading):
    """Protocol 6: a seat still called "Player 1" ("Spieler 1" on a German phone) shows the
    hosting window's people as buttons before the game; a tap names the seat for everyone."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    host = Host("die_mauer", 3, seed=11, options={"rounds": 1},
                seats=[{"kind": "local"}, {"kind": "remote"}, {"kind": "bot"}], bot_delay=0.0)
    handle = serve(host)
    service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"], profiles=["Anna", "Ben"])
    try:
        phone = browsers.new(language=language)
        phone.get(service.link(0))
        offered = "return [...document.querySelectorAll('button.profile')].map((b) => b.textContent);"
        wait_until(lambda: phone.execute_script(offered) == ["Anna", "Ben"], what="the names")
        assert phone.execute_script("return document.querySelector('#choices h2').textContent;") == heading

        def tap_ben():  # the page may re-render between finding the button and the tap: find it again
            try:
                next(b for b in phone.find_elements(By.CSS_SELECTOR, "button.profile") if b.text == "Ben").click()
            except (StaleElementReferenceException, StopIteration):
                return False
            return True

        wait_until(tap_ben, what="the tap")
        wait_until(lambda: host.seats[0].name == "Ben", what="the host")
        wait_until(lambda: phone.find_element(By.ID, "name").text == "Ben"
                   and phone.execute_script(offered) == [], what="the page")
        assert {"t": "name", "name": "Ben"} in [message for _, message in said(phone)]
    finally:
        service.close()
