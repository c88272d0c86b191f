"""The phone page draws a game's picture hints (issue 40): sprites from the game's sheet served
at /sprites/, badges, a board of places lit for the selected first, a secret pick echoed as
the sheet's back until the reveal (with a press-and-hold peek), the hand's row of sprites.
The hints here are the test's own (tests/netplay/picture_fakes.py), on Die Mauer; each game's
real ones are tested by its owner. Headless Chromium, 127.0.0.1; skipped without a browser."""

import json
import random
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.netplay import picture_fakes
from tests.phone_browser import heard, overflowing, small_targets, status, tap, wait_until

pytestmark = pytest.mark.timeout(150)
SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"  # git-ignored
SMALL_PHONE = (360, 740)


@pytest.fixture
def pictured_table(phone_table, monkeypatch, tmp_path):
    """pictured_table(seats, bot_delay=0) -> (host, phone service): Die Mauer with the test's pictures."""
    picture_fakes.install(monkeypatch, tmp_path)
    return lambda seats, bot_delay=0.0, rounds=1: phone_table("die_mauer", seats, 3, {"rounds": rounds}, bot_delay)


def fetch(url: str, headers: dict | None = None):
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=5) as reply:  # noqa: S310 - 127.0.0.1 only
            return reply.status, dict(reply.headers), reply.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_the_sheet_and_atlas_are_served_cacheable_and_nothing_else_is(pictured_table, tmp_path):
    host, service = pictured_table([{"kind": "remote"}, {"kind": "bot"}, {"kind": "bot"}], bot_delay=60.0)
    base = service.link(0).split("/p/")[0]
    code, headers, body = fetch(base + "/sprites/die_mauer.json")
    assert code == 200 and headers["Content-Type"] == "application/json"
    assert json.loads(body)["sprites"]["back"] and "max-age" in headers["Cache-Control"]
    code, headers, png = fetch(base + "/sprites/die_mauer.png")
    assert code == 200 and headers["Content-Type"] == "image/png" and png == (tmp_path / "die_mauer.png").read_bytes()
    code, _, empty = fetch(base + "/sprites/die_mauer.png", {"If-None-Match": headers["ETag"]})
    assert code == 304 and empty == b""
    (tmp_path / "secret.json").write_text("{}")
    for path in ("/sprites/../phones.py", "/sprites/%2e%2e/die_mauer.json", "/sprites/secret.json",
                 "/sprites/wie_waldi.png", "/sprites/die_mauer.txt", "/sprites/die_mauer.json/", "/sprites//etc/passwd",
                 "/sprites/DIE_MAUER.png", "/awake.txt"):
        code, headers, body = fetch(base + path)
        assert code == 404 and headers["Content-Type"].startswith("text/html"), path  # a readable refusal page
        assert b"{}" not in body


def drawn(phone, css: str) -> list:
    return phone.find_elements("css selector", css)


def test_a_game_played_by_tapping_the_pictures(browsers, pictured_table):
    """A whole Die Mauer game on a small phone: secret plans tapped as pictures and echoed as
    the back (peek by holding), builds as a piece then a lit end of the board, donations."""
    host, service = pictured_table([{"kind": "remote"}, {"kind": "bot"}, {"kind": "bot"}])
    phone = browsers.new(phone=SMALL_PHONE)
    phone.get(service.link(0))
    rng = random.Random(4)
    seen = {"plan": 0, "build": 0, "donate": 0, "shot": False}

    def step():
        try:
            return play_one(phone, rng, seen)
        except Exception as error:  # noqa: BLE001 - the page redrew under a find or a tap: look again
            if type(error).__name__ in ("StaleElementReferenceException", "ElementClickInterceptedException",
                                        "ElementNotInteractableException"):
                return False
            raise

    wait_until(step, 120, what="the game")
    assert host.is_over()
    assert seen["plan"] and seen["build"], seen
    assert not [m for m in heard(phone) if m["t"] in ("reject", "refuse")]


def play_one(phone, rng, seen) -> bool:
    text = status(phone)
    if text.startswith("Game over"):
        return True
    plans = drawn(phone, "button.choice.pic-choice:not([disabled])[data-group='Your secret plan']")
    if plans:
        assert drawn(phone, "#hand .sprites .sprite"), "the hand's pieces are drawn"
        assert not overflowing(phone), overflowing(phone)
        if not seen["shot"]:
            SCREENSHOTS.mkdir(exist_ok=True)
            phone.save_screenshot(str(SCREENSHOTS / "phone_pictures_plan.png"))
        choice = rng.choice(plans)
        label = choice.get_attribute("aria-label")
        choice.click()
        seen["plan"] += 1
        if not seen["shot"]:
            phone.save_screenshot(str(SCREENSHOTS / "phone_pictures_sent.png"))
            seen["shot"] = True
        assert label not in status(phone) and label not in phone.find_element("id", "echo").text
        return False
    firsts = drawn(phone, "button.choice.first:not([disabled])")
    if firsts:
        first = rng.choice(firsts)
        if first.get_attribute("aria-pressed") != "true":
            first.click()
        lit = drawn(phone, ".board button.place.lit:not([disabled])")
        assert lit, "the selected piece lights its places"
        for place in lit:
            assert place.size["width"] >= 48 and place.size["height"] >= 48
        if seen["build"] == 0:
            phone.save_screenshot(str(SCREENSHOTS / "phone_pictures_build.png"))
        rng.choice(lit).click()
        seen["build"] += 1
        return False
    others = drawn(phone, "button.choice:not([disabled])")
    if others:
        rng.choice(others).click()
        seen["donate"] += 1
    return False


def test_a_secret_pick_shows_the_back_until_the_reveal_and_peeks_while_held(browsers, pictured_table):
    from selenium.webdriver.common.action_chains import ActionChains

    from tests.netplay.phone_play import PhoneClient

    host, service = pictured_table([{"kind": "remote"}, {"kind": "remote"}, {"kind": "remote"}])
    others = [PhoneClient(service.link(seat)) for seat in (1, 2)]
    try:
        phone = browsers.new(phone=SMALL_PHONE)
        phone.get(service.link(0))
        wait_until(lambda: drawn(phone, "button.choice.pic-choice:not([disabled])"), what="the plans")
        tap(phone, "button.choice[aria-label='Tower']")
        echo = phone.find_element("id", "echo")
        assert echo.is_displayed() and echo.find_elements("css selector", "[data-sprite='back']")
        wait_until(lambda: "Locked in" in status(phone), what="the lock")
        assert status(phone) == "Locked in: hidden until the reveal \u2713"
        words = phone.find_element("tag name", "main").text
        assert "hidden until the reveal" in echo.text and "Tower" not in words.split("Your pieces")[0]
        assert not phone.find_elements("css selector", "#echo [data-sprite='p_t']")
        SCREENSHOTS.mkdir(exist_ok=True)
        phone.save_screenshot(str(SCREENSHOTS / "phone_pictures_locked.png"))
        ActionChains(phone).click_and_hold(echo).perform()  # press and hold: the face, while held
        assert phone.find_elements("css selector", "#echo [data-sprite='p_t']")
        phone.save_screenshot(str(SCREENSHOTS / "phone_pictures_peek.png"))
        ActionChains(phone).release().perform()
        assert phone.find_elements("css selector", "#echo [data-sprite='back']")
        assert not phone.find_elements("css selector", "#echo [data-sprite='p_t']")
        for other in others:  # the others plan: the reveal
            update = other.until("update")
            while not update["legal"]:
                update = other.until("update")
            other.intent(update["legal"][0])
        wait_until(lambda: "Locked in" not in status(phone), what="the reveal")
        wait_until(lambda: not phone.find_element("id", "echo").is_displayed(), what="the echo gone")
    finally:
        for other in others:
            other.close()


@pytest.mark.parametrize("size", [SMALL_PHONE, (740, 360)], ids=["portrait", "landscape"])
def test_the_board_and_its_pieces_fit_portrait_and_landscape_with_thumb_sized_targets(browsers, pictured_table, size):
    host, service = pictured_table([{"kind": "remote"}, {"kind": "bot"}, {"kind": "bot"}])
    phone = browsers.new(phone=size)
    phone.get(service.link(0))

    def at_the_board():
        if drawn(phone, "button.choice.first:not([disabled])"):
            return True
        plans = drawn(phone, "button.choice.pic-choice:not([disabled])")
        if plans:
            try:
                plans[0].click()
            except Exception:  # noqa: BLE001 - redrawn under the tap
                pass
        return False

    wait_until(at_the_board, 30, what="a build")
    tap(phone, "button.choice.first")
    wait_until(lambda: drawn(phone, ".board button.place.lit"), 5, what="the lit places")
    assert not overflowing(phone) and not small_targets(phone), (overflowing(phone), small_targets(phone))
    board = phone.find_element("css selector", ".board").rect
    hand = phone.find_element("id", "hand").rect
    if size[0] > size[1]:  # landscape: the things to do beside what you hold, the board within the screen's height
        assert board["x"] > hand["x"] + hand["width"] - 1 and board["height"] <= size[1]
    else:
        assert board["y"] > hand["y"] and board["width"] <= size[0]
    SCREENSHOTS.mkdir(exist_ok=True)
    phone.save_screenshot(str(SCREENSHOTS / f"phone_pictures_board_{size[0]}x{size[1]}.png"))


def crowded_choice(game_id, action, view=None, tr=None):
    """Die Mauer's plans played on a board: each piece a place of its own."""
    words = picture_fakes.pictured_choice(game_id, action, view, tr)
    if action.get("type") == "plan":
        return {**words, "place": picture_fakes.key(action.get("piece"))}
    return words


def crowded_board(game_id, view, seat, tr=None):
    """The seven pieces as neighbouring cells of a row of sixteen: at 360 px each is under half a
    thumb wide (as a town's cells are when the whole town is shown)."""
    return {"w": 16, "h": 1, "places": [{"id": picture_fakes.key(piece), "x": 2 + x, "y": 0, "w": 1, "h": 1,
                                         "label": str(piece)} for x, piece in enumerate(picture_fakes.PIECES[:-1])]}


LIT_UNDER_THEIR_CENTRES = """
return [...document.querySelectorAll(".board button.place.lit")].map((el) => {
  el.scrollIntoView({block: "center", inline: "center"});
  const box = el.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return [el.dataset.place, Math.round(box.width), Math.round(box.height),
          hit && hit.closest(".place") ? hit.closest(".place").dataset.place : null];
});
"""


def test_neighbouring_places_too_small_for_a_thumb_pan_instead_of_overlapping(browsers, pictured_table, monkeypatch):
    # Grown to 48 px where they were drawn, neighbouring lit places overlapped: a tap on one
    # played its neighbour. The board is drawn bigger and pans in its own box instead.
    monkeypatch.setattr(picture_fakes.phones, "choice_words", crowded_choice)
    monkeypatch.setattr(picture_fakes.phones, "board_words", crowded_board)
    host, service = pictured_table([{"kind": "remote"}, {"kind": "bot"}, {"kind": "bot"}])
    phone = browsers.new(phone=(360, 740))
    phone.get(service.link(0))
    lit = wait_until(lambda: len(phone.execute_script(LIT_UNDER_THEIR_CENTRES)) > 2 and
                     phone.execute_script(LIT_UNDER_THEIR_CENTRES), 20, what="the plans lit on the board")
    for place, width, height, hit in lit:
        assert width >= 48 and height >= 48, lit
        assert hit == place, lit  # a tap at its middle lands on it, not on a neighbour
    assert not overflowing(phone), overflowing(phone)
    assert phone.execute_script("return document.documentElement.scrollWidth <= innerWidth")
    second = lit[1][0]
    piece = next(p for p in picture_fakes.PIECES if picture_fakes.key(p) == second)
    tap(phone, f".board button.place.lit[data-place='{second}']")
    wait_until(lambda: any(player == 0 and action == {"type": "plan", "piece": piece} for player, action in host.log),
               10, what="the tapped piece planned")
