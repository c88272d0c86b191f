"""Architekton played from a phone by tapping its pictures (issue 40), in headless
Chromium at 360 px, the phone holding one of the two seats: a whole game in English
against a bot (a supply tile, then its partner on the supply; a tile as it turns, then
its square on the board; a house to move by its square), and in German a refused tap
flying back with its reason. Nothing secret reaches the page: the stacks' order never."""

import pytest

from tests.phone_browser import wait_until

from .phone_tapping import SMALL_PHONE, PhonePlayer, refuse_the_next_tap, wait_for_refusal

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def table(phone_table):
    """table(seats, seed=5, bot_delay=0) -> (host, phone service)."""
    return lambda seats, seed=5, bot_delay=0.0: phone_table("architekton", seats, seed, {"revenge": False}, bot_delay)


def test_a_whole_game_tapped_on_the_pictures(browsers, table):
    host, service = table([{"kind": "remote"}, {"kind": "bot"}])
    phone = browsers.new(phone=SMALL_PHONE, language="en")
    phone.get(service.link(0))
    player = PhonePlayer(phone, "architekton_en", seed=4)
    player.play(lambda: host.is_over() and player.result_shown(), 45)
    player.shoot("end")
    mine = [a for seat, a in list(host.log) if seat == 0]
    taken = [a for a in mine if a["type"] == "take"]
    placed = [a for a in mine if a["type"] == "place"]
    assert taken and len(placed) >= len(taken), mine[:6]
    firsts = [words for kind, words in player.taps if kind == "first"]
    assert any("turned" in words for words in firsts), firsts  # a building chosen as it turns
    on_board = sum(1 for kind, _ in player.taps if kind == "place")
    assert on_board == len(placed) + sum(1 for a in mine if a["type"] in ("take", "move_house"))
    assert {k: v for k, v in player.screens.items() if v} == {}  # every word fits at 360 px
    for update in player.updates():  # the stacks and the reserve: their sizes only
        view = update["view"]
        assert set(view["stacks"]) == {"buildings", "landscapes"} and all(
            isinstance(n, int) for n in [*view["stacks"].values(), *view["reserve"].values()])


def test_a_refused_tap_flies_back_with_its_reason_in_german(browsers, table):
    host, service = table([{"kind": "remote"}, {"kind": "bot"}])
    phone = browsers.new(phone=SMALL_PHONE, language="de")
    phone.get(service.link(0))
    player = PhonePlayer(phone, "architekton_de", seed=7)
    player.play(lambda: sum(1 for kind, _ in player.taps if kind == "place") >= 3, 30)
    said = refuse_the_next_tap(host, 0)
    notice = wait_for_refusal(player, said)
    assert notice.startswith("Abgelehnt: "), notice
    player.shoot("refused")
    wait_until(lambda: not phone.find_element("id", "echo").is_displayed(), what="the echo gone")
    player.play(lambda: sum(1 for kind, _ in player.taps if kind == "place") >= 6, 30)
    assert {k: v for k, v in player.screens.items() if v} == {}
