"""Words that fit (issue 40): on a 360-px-wide phone, in English and in German, no word or
button of the page overflows its box (every element's scrollWidth within its clientWidth)
and every button is at least 48 CSS pixels each way,
on every kind of screen a whole game of each game shows: the phone taps its way through the
game (bots at the other seats) and checks each new screen (its status, headings, hand lines
and kinds of things to tap). Headless Chromium on 127.0.0.1; skipped without a browser."""

import random
from pathlib import Path

import pytest

from engines import GAMES
from netplay.host import Host
from netplay.phones import serve_phones_in_thread
from tests.phone_browser import enabled_choices, overflowing, small_targets, status, wait_until

pytestmark = pytest.mark.timeout(150)
SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"  # git-ignored
SMALL_PHONE = (360, 740)
PLAYERS = {"wie_waldi": 2, "die_mauer": 3, "drunter_druber": 3, "wild_west": 2, "architekton": 2}
OPTIONS = {"wie_waldi": {"rounds": 1, "countdown": 1}, "die_mauer": {"rounds": 1}}
SECONDS = 35  # per game: most end sooner; a long one is checked on the screens it reached
# What tells one kind of screen from another: not the numbers in it, the shape of it.
SCREEN = """
const texts = (css) => [...document.querySelectorAll(css)].map((e) => e.textContent.replace(/[0-9]+/g, "#"));
return JSON.stringify([document.getElementById("status").className, texts("#choices h2"), texts("#hand dt"),
  [...document.querySelectorAll("#choices button")].map((b) => b.className).sort().filter((c, i, all) => all[i - 1] !== c),
  !!document.querySelector("#echo:not([hidden])"), !document.getElementById("notice").hidden]);
"""


def test_the_list_is_every_game():
    assert set(PLAYERS) == set(GAMES)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_every_screen_of_a_game_fits_a_small_phone(browsers, serve, game_id, language):
    players = PLAYERS[game_id]
    host = Host(game_id, players, seed=9, options=OPTIONS.get(game_id, {}), bot_delay=0.05,
                seats=[{"kind": "remote"}] + [{"kind": "bot"}] * (players - 1))
    handle = serve(host)
    service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"])
    try:
        phone = browsers.new(phone=SMALL_PHONE, language=language)
        phone.get(service.link(0))
        rng = random.Random(1)
        screens: dict[str, list[str]] = {}
        looks_after_the_end: list[str] = []

        def look_and_tap():
            try:
                screen = phone.execute_script(SCREEN)
                if screen not in screens:
                    screens[screen] = overflowing(phone) + small_targets(phone)
                    if len(screens) <= 3:
                        SCREENSHOTS.mkdir(exist_ok=True)
                        phone.save_screenshot(str(SCREENSHOTS / f"fit_{game_id}_{language}_{len(screens)}.png"))
                if host.is_over():  # a few more looks: the page's last screen is checked too
                    looks_after_the_end.append(status(phone))
                    return len(looks_after_the_end) > 3
                buttons = enabled_choices(phone)
                if buttons:
                    rng.choice(buttons).click()
            except Exception as error:  # noqa: BLE001 - the page redrew under a look or a tap: again
                if "Stale" in type(error).__name__ or "Intercepted" in type(error).__name__:
                    return False
                raise
            return False

        try:
            wait_until(look_and_tap, SECONDS, what=f"{game_id}'s end")
        except AssertionError:
            assert len(screens) >= 3, f"{game_id} showed only {len(screens)} screens in {SECONDS} s"
        bad = {screen: problems for screen, problems in screens.items() if problems}
        assert not bad, f"{game_id} in {language}: {bad}"
    finally:
        service.close()
