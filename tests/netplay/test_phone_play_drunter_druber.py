"""Drunter & Drüber played from a phone by tapping its pictures (issue 40), in headless
Chromium at 360 px: a whole game in English against a bot (tiles as a tile, then its lit
spot on the town; secret votes as the people cards, echoed as the back), and in German
a refused tap flying back with its reason. The page shows only the seat's own cards."""

import pytest

from tests.phone_browser import status, wait_until

from .phone_tapping import SMALL_PHONE, PhonePlayer, refuse_the_next_tap, wait_for_refusal

pytestmark = pytest.mark.timeout(120)
SECRET = ("Your vote (secret)", "Several cards (secret)", "Deine Stimme (geheim)", "Mehrere Karten (geheim)")


@pytest.fixture
def table(phone_table):
    """table(seats, seed=3, bot_delay=0) -> (host, phone service)."""
    return lambda seats, seed=3, bot_delay=0.0: phone_table("drunter_druber", seats, seed, {"variant": False}, bot_delay)


def one_card(words: str) -> float:
    """Vote mostly with one card (a set of several is offered one at a time)."""
    return 0.2 if "+" in words else 1.0


def test_a_whole_game_tapped_on_the_pictures(browsers, table):
    host, service = table([{"kind": "remote"}, {"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}],
                          bot_delay=0.1)  # the bots vote after a look

    phone = browsers.new(phone=SMALL_PHONE, language="en")
    phone.get(service.link(0))
    player = PhonePlayer(phone, "drunter_druber_en", seed=2, prefer=one_card, secret_groups=SECRET)
    player.play(lambda: host.is_over() and player.result_shown(), 40)
    wait_until(lambda: "win" in status(phone).lower() or "game over" in status(phone).lower(), what="the result")
    player.shoot("end")
    kinds = {kind for kind, _ in player.taps}
    assert {"first", "place"} <= kinds, player.taps[:10]
    assert player.secrets, "a secret vote was tapped"
    laid = [action for seat, action in list(host.log) if seat == 0 and action["type"] == "place"]
    assert len(laid) == sum(1 for kind, _ in player.taps if kind == "place")
    assert {k: v for k, v in player.screens.items() if v} == {}  # every word fits at 360 px
    mine = host.state.cards[0]
    theirs = [card for seat in (1, 2, 3) for card in host.state.cards[seat]]
    hand = phone.find_element("id", "hand")
    assert {e.get_attribute("data-sprite") for e in hand.find_elements("css selector", "[data-sprite^='card.']")} \
        == {f"card.{c}" for c in mine}
    assert not set(theirs) & set(mine) and not hand.find_elements(
        "css selector", ", ".join(f"[data-sprite='card.{c}']" for c in theirs))


def test_a_refused_tap_flies_back_with_its_reason_in_german(browsers, table):
    host, service = table([{"kind": "remote"}, {"kind": "bot"}])
    phone = browsers.new(phone=SMALL_PHONE, language="de")
    phone.get(service.link(0))
    player = PhonePlayer(phone, "drunter_druber_de", seed=5, secret_groups=SECRET)
    player.play(lambda: len([t for t in player.taps if t[0] == "place"]) >= 3, 30)
    said = refuse_the_next_tap(host, 0)
    notice = wait_for_refusal(player, said)
    assert notice.startswith("Abgelehnt") or "abgelehnt" in notice.lower(), notice
    echo = phone.find_element("id", "echo")
    assert "back" in (echo.get_attribute("class") or "") or not echo.is_displayed()
    player.shoot("refused")
    wait_until(lambda: not phone.find_element("id", "echo").is_displayed(), what="the echo gone")
    player.play(lambda: len([t for t in player.taps if t[0] == "place"]) >= 6, 30)
    assert {k: v for k, v in player.screens.items() if v} == {}
