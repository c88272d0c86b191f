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
from netplay.host import Host, Listener
from netplay.phone_words import hand_words
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
    assert plans and {"group": "Your secret plan", "label": "Empty fist", "sprite": "fist", "hidden": True} in (
        plans[0]["choices"])


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
    ('{"t": "hello", "version": 4, "name": "x", "proof": "", "token": null}', "malformed"),
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
            assert {"group", "label"} <= set(words) <= {"group", "label", "layout", "target", "sprite", "badge",
                                                        "place", "first", "hidden"}
            assert words["group"] and words["label"]
        for line in update["hand"]:
            assert {"label", "value"} <= set(line) <= {"label", "value", "rows", "sprites", "badges"}
            assert isinstance(line["value"], str)
            assert all(isinstance(cell, str) for row in line.get("rows", []) for cell in row)
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


# --- hand lines: what only this seat holds, from its own view alone --------------------
def _lines(game_id: str, state, seat: int) -> dict:
    return {line["label"]: line for line in hand_words(game_id, state.view(seat), seat)}


def _advance(state, rng, steps: int, seat=None) -> None:
    """Random legal moves (``seat``'s only, if given); host actions when nobody may move."""
    for _ in range(steps):
        active = [p for p in state.active_players() if state.legal_actions(p) and seat in (None, p)]
        if not active:
            if state.is_over() or not state.host_actions():
                return
            state.apply(None, state.host_actions()[0])
            continue
        player = rng.choice(active)
        state.apply(player, rng.choice(state.legal_actions(player)))


def test_wild_west_hand_shows_the_seats_own_pick_and_its_sheet():
    state, rng = new_game("wild_west", 2, 3), random.Random(1)
    _advance(state, rng, 25)
    for _ in range(50):  # to the start of a round: neither seat has picked yet
        if state.phase == "pick" and state.active_players() == [0, 1]:
            break
        _advance(state, rng, 1)
    assert state.phase == "pick" and state.active_players() == [0, 1]
    sheet = state.view(0)["sheets"][0]
    rows = _lines("wild_west", state, 0)["Your sheet"]["rows"]
    assert [len(row) for row in rows] == [7, 8, 7, 8]  # the brick-laid sheet, row by row (WW-2)
    written = [(tile, cell) for tiles, cells in zip(sheet["rows"], rows, strict=True)
               for tile, cell in zip(tiles, cells, strict=True) if tile["kind"]]
    assert written, "the random game wrote something"
    for tile, cell in written:
        assert cell.startswith(tile["kind"] + ("A" if tile["value"] == 1 else str(tile["value"])))
    assert all(cell in ("\u00b7", "\u25c7") for tiles, cells in zip(sheet["rows"], rows, strict=True)
               for tile, cell in zip(tiles, cells, strict=True) if not tile["kind"] and not tile["track"]
               and not tile["right"])
    before = _lines("wild_west", state, 1)
    assert "Your pick" not in _lines("wild_west", state, 0)
    column = state.legal_actions(0)[0]["column"]
    state.apply(0, {"type": "pick", "column": column})
    pick = _lines("wild_west", state, 0)["Your pick"]
    assert pick["value"] == "hidden until the reveal" and pick["sprites"] == ["back"]  # face down (issue 40)
    assert _lines("wild_west", state, 1) == before  # seat 0's secret pick tells seat 1 nothing
    assert "Your pick" not in _lines("wild_west", state, 1)


def test_wie_waldi_hand_shows_the_card_held_and_own_piles_never_anothers_card():
    from engines.wie_waldi.cards import card_name

    state = new_game("wie_waldi", 2, 5, rounds=1)
    state.apply(None, state.host_actions()[0])  # Wuff!
    assert _lines("wie_waldi", state, 0)["Your card"]["value"].startswith("none")
    seen_by_one = _lines("wie_waldi", state, 1)
    state.apply(0, {"type": "draw", "pile": 1})
    held = state.view(0)["hand"]
    mine = _lines("wie_waldi", state, 0)
    assert mine["Your card"]["value"] == card_name(held)
    assert mine["Your piles"]["value"] == "1: 10  2: 9  3: 10  (29 cards)"
    # Seat 1 learns nothing from seat 0's draw: not the card, not even seat 0's pile sizes.
    assert _lines("wie_waldi", state, 1) == seen_by_one
    assert card_name(held) not in json.dumps(hand_words("wie_waldi", state.view(1), 1))
    state.apply(1, {"type": "draw", "pile": 0})
    assert _lines("wie_waldi", state, 0) == mine  # and the other way round
    assert _lines("wie_waldi", state, 1)["Your card"]["value"] == card_name(state.view(1)["hand"])


def test_wie_waldi_play_targets_are_one_group_with_a_play_button_and_a_next_dog():
    from engines.wie_waldi.cards import card_name

    state = new_game("wie_waldi", 2, 11, rounds=1, countdown=1)
    state.apply(None, state.host_actions()[0])
    pile = 0
    for _ in range(200):  # seat 0 alone, as the browser test plays it, until 2+ dogs fit
        legal = state.legal_actions(0)
        plays = [a for a in legal if a["type"] == "play"]
        if len(plays) >= 2:
            break
        draws = [a for a in legal if a["type"] == "draw"]
        if draws:
            action, pile = draws[pile % len(draws)], pile + 1
        else:
            action = (plays or [a for a in legal if a["type"] == "start"] or [{"type": "put_back"}])[0]
        state.apply(0, action)
    view = state.view(0)
    update = phone_view({"t": "update", "events": [], "view": view, "legal": legal}, "wie_waldi", 0)
    targets = [(words, action) for words, action in zip(update["choices"], legal, strict=True) if "target" in words]
    assert len(targets) >= 2 and len({words["group"] for words, _ in targets}) == 1
    assert all(words["target"] == {"act": "Play", "next": "Next dog"} for words, _ in targets)
    for words, action in targets:
        dog = next(d for d in view["dogs"] if d["id"] == action["dog"])
        head = card_name(dog["cards"][0]["card"])  # e.g. "red head"
        size = len(dog["cards"])
        assert words["label"] == f"Dog {action['dog']}: {head}, {size} card{'s' if size > 1 else ''}"
        assert words["group"] == f"Play your {card_name(view['hand'])}"
    state.apply(0, {"type": "put_back"})
    draws = phone_view({"t": "update", "events": [], "view": state.view(0), "legal": state.legal_actions(0)},
                       "wie_waldi", 0)["choices"]
    sizes = state.view(0)["pile_sizes"][0]
    assert draws == [{"group": "Draw from a pile", "label": f"Pile {k + 1} ({n})", "layout": "row", "sprite": "pile",
                      "badge": str(n)} for k, n in enumerate(sizes) if n]


def test_architekton_hand_shows_taken_tiles_to_the_player_to_move_and_own_chips_and_houses():
    state, rng = new_game("architekton", 2, 3), random.Random(4)
    for _ in range(100):
        if state.phase == "place" and state.view(0)["current"] == 0:
            break
        _advance(state, rng, 1)
    view = state.view(0)
    assert view["hand"], "seat 0 took tiles"
    mine, theirs = _lines("architekton", state, 0), _lines("architekton", state, 1)
    assert all(tile in mine["Tiles you took"]["value"] for tile in view["hand"])
    assert "Tiles you took" not in theirs
    assert mine["Your chips"]["value"] == str(view["chips"][0])
    assert theirs["Your chips"]["value"] == str(view["chips"][1])
    assert mine["Your houses"]["value"] == f"{view['houses'][0]} in stock, {view['houses_on_board'][0]} on the board"


def test_a_wie_waldi_phone_hears_its_own_card_and_never_another_seats(phones):
    from engines.wie_waldi.cards import card_name

    host = Host("wie_waldi", 2, seed=5, options={"rounds": 1, "countdown": 1},
                seats=[{"kind": "remote"}, {"kind": "bot"}], bot_delay=0.0)
    _, service = phones(host)
    phone = PhoneClient(service.link(0))
    held, other_held, targets = set(), 0, 0
    try:
        phone.until("hand")
        rng, pending = random.Random(3), None
        for _ in range(400):
            message = phone.receive(5.0)
            assert message is not None and message["t"] not in ("refuse", "bye"), message
            if message["t"] in ("accept", "reject") and message["seq"] == pending:
                pending = None
            if message["t"] != "update":
                continue
            view, lines = message["view"], {line["label"]: line["value"] for line in message["hand"]}
            card = view["hand"]
            assert lines["Your card"] == ("none: draw from a pile" if card is None else card_name(card))
            assert lines["Your piles"].startswith(f"1: {view['pile_sizes'][0][0]}  ")
            held.add(card)
            other_held += view["holding"][1] is not None  # seat 1 held a card: its face never comes
            targets += any("target" in words for words in message["choices"])
            if pending is None and message["legal"]:
                pending = phone.intent(rng.choice(message["legal"]))
            if len(held) > 6 and other_held and targets:
                break
    finally:
        phone.close()
    assert len(held) > 6 and other_held and targets, (held, other_held, targets)
    for message in phone.heard:  # the hand lines come from seat 0's own view, which holds one card
        if message["t"] == "update":
            assert message["view"]["hand"] is None or isinstance(message["view"]["hand"], str)
            assert message["hand"] == hand_words("wie_waldi", message["view"], 0)


def test_a_phone_picks_who_plays_from_the_windows_people(phones):
    """Protocol 6: the hosting window offers its people's names; a phone whose seat has no
    name of its own says who plays it, and everyone hears the lobby with that name."""
    host = die_mauer([{"kind": "local"}, {"kind": "remote"}, {"kind": "bot"}])
    handle, service = phones(host, profiles=["Anna", "Ben\n", "Anna", ""])
    watcher = []
    handle.call(lambda: host.attach(Listener(None, watcher.append)))  # a spectator, as the window is
    phone = PhoneClient(service.link(0))
    try:
        hand = phone.until("hand")
        assert hand["profiles"] == ["Anna", "Ben"] and hand["name"] == "Player 1"
        assert phone.until("lobby")["seats"][0]["via"] == "phone"  # a local seat while its phone is here
        phone.send({"t": "name", "name": "Ben"})
        lobby = phone.until("lobby")
        assert lobby["seats"][0]["name"] == "Ben" and host.seats[0].name == "Ben"
        assert [m for m in watcher if m["t"] == "lobby"][-1]["seats"][0]["name"] == "Ben"  # everyone hears it
    finally:
        phone.close()
    other = PhoneClient(service.link(1))  # an open remote seat: the phone claims it, then names it
    try:
        assert other.until("hand")["profiles"] == ["Anna", "Ben"]
        other.until("lobby")
        other.send({"t": "name", "name": "Zed"})  # not one the table offered
        assert other.until("refuse")["code"] == "malformed"
    finally:
        other.close()


@pytest.mark.parametrize("frame", ['{"t": "name"}', '{"t": "name", "name": 5}', '{"t": "name", "name": "Anna", "x": 1}'])
def test_a_bad_name_message_is_refused_malformed(phones, frame):
    host = die_mauer([{"kind": "local"}, {"kind": "remote"}, {"kind": "bot"}])
    _, service = phones(host, profiles=["Anna"])
    phone = PhoneClient(service.link(0))
    try:
        phone.until("lobby")
        phone.send(frame)
        assert phone.until("refuse")["code"] == "malformed"
    finally:
        phone.close()


def test_once_the_game_runs_a_phone_names_nobody_and_stays(phones):
    host = die_mauer([{"kind": "local"}, {"kind": "bot"}, {"kind": "bot"}])
    _, service = phones(host, profiles=["Anna"])
    phone = PhoneClient(service.link(0))
    try:
        phone.until("update")  # the game runs
        phone.send({"t": "name", "name": "Anna"})
        late = phone.until("reject")
        assert (late["seq"], late["code"]) == (-1, "not_lobby") and late["text"]
        assert host.seats[0].name == "Player 1"
        phone.intent({"type": "plan", "piece": None})
        assert phone.until("accept")["seq"] == 1  # still connected, still playing
    finally:
        phone.close()
