"""Wild West played from a phone by tapping its pictures (issue 40), in headless Chromium
at 360 px: a whole game in German against a bot (a pair's cards as the secret pick, echoed
as the backs; then the tile on the seat's own brick-laid sheet; group sizes and parks as
pictures), and in English a refused tap flying back with its reason. The page never
shows the other seat's pick before the reveal, nor this seat's own face up."""

import pytest

from tests.phone_browser import said, wait_until

from .phone_tapping import SMALL_PHONE, PhonePlayer, refuse_the_next_tap, wait_for_refusal

pytestmark = pytest.mark.timeout(120)
SECRET = ("Your pick (secret)", "Deine Wahl (geheim)")


@pytest.fixture
def table(phone_table):
    """table(seats, seed=4, bot_delay=0) -> (host, phone service)."""
    return lambda seats, seed=4, bot_delay=0.0: phone_table("wild_west", seats, seed, {}, bot_delay)


def few_tumbleweeds(words: str) -> float:
    """Mostly a column's pair (three Tumbleweeds end the game early)."""
    return 0.15 if words in ("Tumbleweed", "Steppenläufer") else 1.0


def test_a_whole_game_tapped_on_the_pictures_in_german(browsers, table):
    host, service = table([{"kind": "remote"}, {"kind": "bot"}], bot_delay=0.1)  # the bot picks after a look
    phone = browsers.new(phone=SMALL_PHONE, language="de")
    phone.get(service.link(0))
    player = PhonePlayer(phone, "wild_west_de", seed=3, prefer=few_tumbleweeds, secret_groups=SECRET)
    player.play(lambda: host.is_over() and player.result_shown(), 45)
    player.shoot("end")
    kinds = {kind for kind, _ in player.taps}
    assert "place" in kinds and player.secrets, player.taps[:10]
    written = [a for seat, a in list(host.log) if seat == 0 and a["type"] in ("write", "track", "grave")]
    sent = [m["action"] for _, m in said(phone) if m.get("t") == "intent" and m["action"]["type"] in
            ("write", "track", "grave")]
    assert written == sent and sent  # every cell the phone sent from its sheet was written, in order
    # WebDriver's tap on a sheet cell now and then sends nothing (about one in fifteen, cause
    # not found yet; the player taps again, as the harness does): most taps send
    assert len(sent) >= 0.8 * sum(1 for kind, _ in player.taps if kind == "place"), player.taps
    assert {k: v for k, v in player.screens.items() if v} == {}  # every word fits at 360 px
    sheet = phone.find_elements("css selector", ".board .place")
    assert len(sheet) == 30 and any(p.text for p in sheet)  # the seat's sheet, its tiles' letters and numbers
    for update in player.updates():  # what reached the page: the other seat's pick never, before the reveal
        picks = update["view"].get("picks") or {}
        assert set(picks) <= {"choosers", "locked", "mine"}, picks


def test_a_refused_tap_flies_back_with_its_reason(browsers, table):
    host, service = table([{"kind": "remote"}, {"kind": "bot"}], bot_delay=0.1)
    phone = browsers.new(phone=SMALL_PHONE, language="en")
    phone.get(service.link(0))
    player = PhonePlayer(phone, "wild_west_en", seed=6, prefer=few_tumbleweeds, secret_groups=SECRET)
    player.play(lambda: sum(1 for kind, _ in player.taps if kind == "place") >= 2, 30)
    refused = refuse_the_next_tap(host, 0)
    notice = wait_for_refusal(player, refused)
    assert notice.startswith("Refused: "), notice
    player.shoot("refused")
    wait_until(lambda: not phone.find_element("id", "echo").is_displayed(), what="the echo gone")
    player.play(lambda: sum(1 for kind, _ in player.taps if kind == "place") >= 4, 30)
    assert {k: v for k, v in player.screens.items() if v} == {}
