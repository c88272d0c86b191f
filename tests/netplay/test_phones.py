"""Phones as private hands (issue 19), without a browser: the page's WebSocket protocol
end to end against a host on 127.0.0.1, its checks and limits, and its links."""

import json
import random
import urllib.error
import urllib.request

import pytest
from websockets.exceptions import ConnectionClosed

from engines import GAMES, new_game
from netplay.errors import ProtocolError
from netplay.host import Host
from netplay.phones import (
    MAX_PHONE_MESSAGE,
    PhoneLinks,
    decode_phone_message,
    phone_view,
    serve_phones_in_thread,
)
from tests.netplay.phone_play import PhoneClient, play_whole_game

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def phones(serve):
    """phones(host) -> (ServerHandle, PhoneService), both on 127.0.0.1, closed after."""
    services = []

    def start(host, **options):
        handle = serve(host)
        service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"], **options)
        services.append(service)
        return handle, service

    yield start
    for service in services:
        service.close()


def die_mauer(seats, rounds=1, players=3):
    return Host("die_mauer", players, seed=7, options={"rounds": rounds}, seats=seats, bot_delay=0.0)


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as reply:
            return reply.status, reply.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def test_a_phone_plays_a_whole_die_mauer_game_as_a_remote_seat_against_bots(phones):
    host = die_mauer([{"kind": "remote"}, {"kind": "bot"}, {"kind": "bot"}])
    _, service = phones(host)
    phone = PhoneClient(service.link(0))
    try:
        final = play_whole_game(phone)
    finally:
        phone.close()
    result = final["view"]["game_result"]
    assert len(result["scores"]) == 3
    assert host.is_over()
    hands = [m for m in phone.heard if m["t"] == "update" and m["hand"]]
    assert hands and hands[0]["hand"][0]["label"] == "Your pieces"
    accepted = [m for m in phone.heard if m["t"] == "accept"]
    assert accepted, "the phone's own intents were accepted"
    plans = [m for m in phone.heard if m["t"] == "update" and any(c["group"] == "Your secret plan"
                                                                   for c in m["choices"])]
    assert plans and {"group": "Your secret plan", "label": "Empty fist"} in plans[0]["choices"]


def test_a_phone_hears_only_its_own_seat(phones):
    host = die_mauer([{"kind": "local"}, {"kind": "local"}, {"kind": "bot"}], rounds=1)
    _, service = phones(host)
    first, second = PhoneClient(service.link(0)), PhoneClient(service.link(1))
    try:
        assert first.until("hand")["seat"] == 0 and second.until("hand")["seat"] == 1
        first.until("update")
        second.until("update")
        first.intent({"type": "plan", "piece": "T"})
        first.until("accept")
        seen = second.until("update")  # the first phone's lock, as the second seat sees it
        assert 0 in seen["view"]["plans"]["locked"]
        assert "mine" not in seen["view"]["plans"]
        assert "T" not in json.dumps([m for m in second.heard if m["t"] == "update"][-1]["events"])
        assert all(m.get("seat") in (None, 1) for m in second.heard if m["t"] in ("hand", "welcome"))
    finally:
        first.close()
        second.close()


@pytest.mark.parametrize(("frame", "code"), [
    ("not json", "malformed"),
    ('{"t": "intent", "seq": 1}', "malformed"),
    ('{"t": "hello", "version": 1, "name": "x", "proof": "", "token": null}', "malformed"),
    ('{"t": "launch"}', "unknown_type"),
    ('{"t": "intent", "seq": 1, "action": ' + "[" * 40 + "]" * 40 + "}", "malformed"),
    ("x" * (MAX_PHONE_MESSAGE + 1), "frame_too_large"),
])
def test_a_malformed_message_is_refused_and_the_game_goes_on(phones, frame, code):
    host = die_mauer([{"kind": "local"}, {"kind": "bot"}, {"kind": "bot"}])
    _, service = phones(host)
    phone = PhoneClient(service.link(0))
    try:
        phone.until("update")
        phone.send(frame)
        refusal = phone.until("refuse")
        assert refusal["code"] == code and refusal["reason"]
        assert phone.receive(2.0) is None  # then the phone is closed
    finally:
        phone.close()
    again = PhoneClient(service.link(0))  # the same link seats the phone again
    try:
        again.until("update")
        again.intent({"type": "plan", "piece": None})
        assert again.until("accept")["seq"] == 1
    finally:
        again.close()


def test_a_flood_of_intents_is_throttled_then_refused(phones):
    host = die_mauer([{"kind": "local"}, {"kind": "bot"}, {"kind": "bot"}])
    _, service = phones(host, intent_rate=5)
    phone = PhoneClient(service.link(0))
    try:
        phone.until("update")
        for _ in range(40):
            try:
                phone.send({"t": "intent", "seq": 99, "action": {"type": "plan", "piece": "X"}})
            except ConnectionClosed:  # refused before the flood was all out: what it heard says why
                break
        kinds = []
        while (message := phone.receive(3.0)) is not None:
            kinds.append((message["t"], message.get("code")))
        assert ("reject", "throttled") in kinds
        assert kinds[-1] == ("refuse", "flooding")
    finally:
        phone.close()


def test_links_open_the_page_and_bad_or_stale_links_get_a_readable_page(phones):
    host = die_mauer([{"kind": "local"}, {"kind": "local"}, {"kind": "bot"}])
    _, service = phones(host)
    link = service.link(0)
    status, page = fetch(link)
    assert status == 200 and "/phone.js" in page
    status, script = fetch(link.rsplit("/p/", 1)[0] + "/phone.js")
    assert status == 200 and "WebSocket" in script
    status, page = fetch(link.rsplit("/", 1)[0] + "/" + "0" * 32)
    assert status == 404 and "Not a seat at this table" in page and "Traceback" not in page
    status, page = fetch(service.link(2))  # a bot's seat
    assert status == 409
    old = PhoneClient(link)
    old.until("update")
    service.server.loop.call_soon_threadsafe(service.server.renew, 0)
    assert old.until("refuse")["code"] == "stale_link"
    old.close()
    status, page = fetch(link)
    assert status == 410 and "expired" in page
    assert fetch(service.link(0))[0] == 200


def test_a_second_phone_takes_the_seat_over_and_the_first_hears_why(phones):
    host = die_mauer([{"kind": "local"}, {"kind": "bot"}, {"kind": "bot"}])
    _, service = phones(host)
    first = PhoneClient(service.link(0))
    first.until("update")
    second = PhoneClient(service.link(0))
    try:
        second.until("update")
        assert "another phone" in first.until("bye")["reason"]
        second.intent({"type": "plan", "piece": "G"})
        assert second.until("accept")
    finally:
        first.close()
        second.close()


def test_a_dropped_phone_shows_its_seat_away_until_it_is_back(phones):
    host = die_mauer([{"kind": "local"}, {"kind": "bot"}, {"kind": "bot"}])
    _, service = phones(host)
    assert service.status(0) == "none"
    phone = PhoneClient(service.link(0))
    phone.until("update")
    _wait_for(lambda: service.status(0) == "connected")  # the server thread may note it a moment later
    phone.close()
    _wait_for(lambda: service.status(0) == "away")
    back = PhoneClient(service.link(0))
    back.until("update")
    _wait_for(lambda: service.status(0) == "connected")
    back.close()


def _wait_for(condition, seconds: float = 5.0) -> None:
    import time

    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not within 5 s"
        time.sleep(0.01)


@pytest.mark.parametrize("text", ["[]", '{"t": 1}', '"t"', "{" * 3000, '{"t": "ping", "sent": "now", "rtt": null}'])
def test_phone_messages_are_checked_like_tcp_frames(text):
    with pytest.raises(ProtocolError):
        decode_phone_message(text)
    with pytest.raises(ProtocolError):
        decode_phone_message(text.encode())


def test_a_renewed_link_is_retired():
    links = PhoneLinks(2)
    old = links.tokens[1]
    assert links.seat_of(old) == 1
    links.renew(1)
    assert links.seat_of(old) is None and old in links.retired
    assert links.seat_of(links.tokens[1]) == 1 and links.seat_of("") is None


@pytest.mark.timeout(60)
def test_the_command_line_host_prints_each_open_seats_link_and_a_phone_plays_it(cli_env):
    host = cli_env("host", "--game", "die_mauer", "--players", "3", "--bots", "2", "--port", "0",
                   "--interface", "127.0.0.1", "--no-advertise", "--option", "rounds=1", "--bot-delay", "0")
    link = host.wait_for(r"^  P1: (http://127\.0\.0\.1:\d+/p/[0-9a-f]{32})$").group(1)
    phone = PhoneClient(link)
    try:
        play_whole_game(phone)
    finally:
        phone.close()
    assert host.finish() == 0
    host.wait_for(r"^Winner: ")
    assert not [line for line in host.lines if line.startswith("  P2: http") or line.startswith("  P3: http")]


@pytest.mark.timeout(30)
def test_no_phones_serves_no_links(cli_env):
    host = cli_env("host", "--game", "die_mauer", "--players", "2", "--port", "0", "--interface", "127.0.0.1",
                   "--no-advertise", "--no-phones")
    host.wait_for(r"^Seats: ")  # printed after the phones' links would be
    host.kill()
    assert not [line for line in host.lines if "/p/" in line or line.startswith("Phones:")]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_games_choices_get_words_for_the_page(game_id):
    """One page for every game: each legal action of a random playthrough gets a group and
    a label, and each seat's hand lines are short words, never an error."""
    info = GAMES[game_id]
    players = max(2, info.min_players)
    state, rng = new_game(game_id, players, 3), random.Random(3)
    for _ in range(300):
        if state.is_over():
            break
        active = state.active_players()
        if not active:
            if not state.host_actions():
                break
            state.apply(None, state.host_actions()[0])
            continue
        seat = active[0]
        legal = state.legal_actions(seat)
        update = phone_view({"t": "update", "events": [], "view": state.view(seat), "legal": legal}, game_id, seat)
        assert len(update["choices"]) == len(legal)
        for words in update["choices"]:
            assert set(words) == {"group", "label"} and words["group"] and words["label"]
        for line in update["hand"]:
            assert set(line) == {"label", "value"} and isinstance(line["value"], str)
        state.apply(seat, rng.choice(legal))


def test_a_lan_players_seat_is_not_a_phones(phones, serve):
    host = die_mauer([{"kind": "remote"}, {"kind": "remote"}, {"kind": "bot"}])
    handle, service = phones(host)
    from netplay.peer import RemoteSession

    peer = RemoteSession("127.0.0.1", handle.port, "Ada")
    try:
        assert peer.wait_welcome(5) == 0
        intruder = PhoneClient(service.link(0))
        try:
            assert intruder.until("refuse")["code"] == "seat_taken"
        finally:
            intruder.close()
        phone = PhoneClient(service.link(1))  # the open seat is the phone's to take
        try:
            assert phone.until("welcome")["seat"] == 1
            phone.until("update")  # both seats filled: the game runs
        finally:
            phone.close()
    finally:
        peer.close()
