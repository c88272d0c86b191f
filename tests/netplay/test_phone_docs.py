"""docs/phones.md says what a phone hears and may say: its tables are checked here against
what real phone connections (WebSockets on 127.0.0.1) hear, both ways, so a client written
from the page meets no field it does not explain and misses none it was promised."""

import re
import time
from pathlib import Path

import pytest

from engines import Rng, game_info
from netplay.host import Host
from netplay.phones import serve_phones_in_thread
from netplay.protocol import SCHEMAS, TO_HOST, TO_PEER
from tests.netplay.phone_play import PhoneClient
from tests.netplay.test_codes_documented import codes_in

pytestmark = pytest.mark.timeout(90)
ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "phones.md"


def section(heading: str) -> str:
    """The text under ``heading`` of docs/phones.md, up to the next heading."""
    text = DOC.read_text(encoding="utf-8")
    assert text.count(f"\n{heading}\n") == 1, f"docs/phones.md has no single {heading!r}"
    rest = text[text.index(f"\n{heading}\n") + len(heading) + 2:]
    end = re.search(r"^#{2,4} ", rest, re.MULTILINE)
    return rest[:end.start()] if end else rest


def tables(heading: str) -> list[list[list[str]]]:
    """The tables under ``heading``: each a list of rows (cells), header and rule left out."""
    found, rows = [], []
    for line in section(heading).splitlines() + [""]:
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
        elif rows:
            found.append(rows[2:])
            rows = []
    return found


def names(cell: str) -> set[str]:
    return set(re.findall(r"`([a-z_]+)`", cell))


def fields(table: list[list[str]]) -> tuple[set[str], set[str]]:
    """(every field named in the first column, those whose description says optional)."""
    every, optional = set(), set()
    for row in table:
        every |= names(row[0])
        if row[-1].startswith("optional"):
            optional |= names(row[0])
    return every, optional


# --- real phones ---------------------------------------------------------------------------
@pytest.fixture
def phones(serve):
    services = []

    def start(host, **options):
        handle = serve(host)
        service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"], **options)
        services.append(service)
        return service

    yield start
    for service in services:
        service.close()


def play_until(phone: PhoneClient, done, seconds: float = 30.0, seed: int = 1, pick=None) -> dict:
    """Play the phone's seat (with the game's bot, or ``pick(update)`` when it returns an
    index of ``legal``) until ``done(update)``; every intent waits for its answer. Answers
    each probe as the page does. Returns the update that was done."""
    hand = next(m for m in phone.heard if m["t"] == "hand")
    bot, rng = game_info(hand["game"]).bot, Rng(seed)
    deadline, pending, last = time.monotonic() + seconds, None, None
    while time.monotonic() < deadline:
        message = phone.receive(max(0.01, deadline - time.monotonic()))
        assert message is not None and message["t"] not in ("refuse", "bye"), phone.heard[-3:]
        if message["t"] == "probe":
            phone.send({"t": "probe", "n": message["n"]})
        elif message["t"] == "update":
            last = message
            if done(message):
                return message
        elif message["t"] in ("accept", "reject") and message["seq"] == pending:
            pending = None
        if pending is None and last is not None and last["legal"] and message["t"] in ("update", "accept", "reject"):
            index = pick(last) if pick else None
            action = last["legal"][index] if index is not None else bot(last["view"], last["legal"], rng)
            pending = phone.intent(action)
            last = None  # the next move waits for the update this one brings
    raise AssertionError(f"not done within {seconds} s: heard {[m['t'] for m in phone.heard[-8:]]}")


@pytest.fixture
def die_mauer_phone(phones):
    """A phone that lived through a whole Die Mauer game on a local seat: picked its name in
    the lobby, pinged, played, was rejected, and said bye; its `heard` holds every message."""
    host = Host("die_mauer", 3, seed=7, options={"rounds": 1}, bot_delay=0.0,
                seats=[{"kind": "local"}, {"kind": "remote"}, {"kind": "bot"}])
    service = phones(host, profiles=["Anna"])
    phone = PhoneClient(service.link(0))
    other = None
    try:
        phone.until("lobby")
        phone.send({"t": "name", "name": "Anna"})
        assert phone.until("lobby")["seats"][0]["name"] == "Anna"
        phone.send({"t": "profile", "id": "x", "name": "Zed", "colour": 1, "emblem": 0})  # accepted, ignored
        phone.send({"t": "ping", "sent": 1.5, "rtt": None})
        assert phone.until("pong")["sent"] == 1.5
        other = PhoneClient(service.link(1))  # the open remote seat's phone: the game starts
        other.until("hand")
        phone.until("start")
        phone.send({"t": "intent", "seq": 100, "action": {"type": "plan", "piece": "X"}})
        assert phone.until("reject")["code"] == "no_such_piece"
        other.send({"t": "bye", "reason": "done"})
        assert other.until("bye")
        service.door(lambda: host.hand_to_bot(1))  # as the window's host does for a seat that left
        play_until(phone, lambda update: update["view"].get("game_result") is not None, seconds=60)
        probe = phone.until("probe")  # every 0.5 s; the page echoes it at once
        phone.send({"t": "probe", "n": probe["n"]})
        phone.send({"t": "name", "name": "Anna"})  # too late
        assert phone.until("reject")["seq"] == -1
        phone.send({"t": "bye", "reason": "good night"})
        phone.until("bye")
        assert phone.receive(3.0) is None  # the host closed it
    finally:
        phone.close()
        if other is not None:
            other.close()
    return phone


def test_the_hand_message_has_the_documented_fields(die_mauer_phone):
    hand = die_mauer_phone.heard[0]
    assert hand["t"] == "hand"  # first, before anything else
    documented, _ = fields(tables("#### `hand`")[0])
    assert set(hand) - {"t"} == documented
    assert re.fullmatch(r"#[0-9a-f]{6}", hand["colour"])  # a CSS string, as documented: not 0-5
    assert hand["game_name"] == "Die Mauer" and hand["realtime"] is False and hand["profiles"] == ["Anna"]


def test_an_updates_fields_are_the_documented_ones(die_mauer_phone):
    documented, optional = fields(tables("#### `update`")[0])
    updates = [m for m in die_mauer_phone.heard if m["t"] == "update"]
    assert updates and all(documented - optional <= set(m) - {"t"} <= documented for m in updates)
    assert optional == {"board"}  # a game's picture hints (docs/phones.md, *Picture hints*)
    assert all(len(m["choices"]) == len(m["legal"]) for m in updates)  # one item per legal entry


def test_words_refusals_and_byes_carry_the_documented_text(die_mauer_phone):
    documented, _ = fields(tables("#### `reject`, `refuse` and `bye`")[0])
    worded = [m for m in die_mauer_phone.heard if m["t"] in ("reject", "bye")]
    assert {m["t"] for m in worded} == {"reject", "bye"}
    for message in worded:
        tcp = set(SCHEMAS[TO_PEER][message["t"]]) | {"t", "say", "data"}  # docs/netplay.md, *Words for people*
        assert set(message) - tcp == documented, message
        assert isinstance(message["text"], str) and message["text"]


def test_a_phone_hears_the_documented_messages_and_none_it_is_told_it_never_hears(die_mauer_phone):
    text = section("### What a phone hears")
    hears = names(text[:text.index("A phone hears no")])
    never = names(text[text.index("A phone hears no"):].split(".")[0])
    heard = {m["t"] for m in die_mauer_phone.heard}
    assert heard <= hears, sorted(heard - hears)
    assert not heard & never
    assert {"hand", "welcome", "lobby", "start", "update", "accept", "reject", "pong", "probe", "bye"} <= heard
    assert next(m for m in die_mauer_phone.heard if m["t"] == "welcome")["token"] == ""


def test_what_a_phone_may_send_is_the_documented_list(die_mauer_phone):
    """The table names every message the phone server takes (a TCP peer's, but no hello,
    and `name`) with its fields; the fixture sent each of them and was not refused."""
    documented = {row[0].strip("`"): names(row[1]) for row in tables("### What a phone sends")[0]}
    taken = {kind: set(schema) for kind, schema in SCHEMAS[TO_HOST].items() if kind not in ("hello", "profile")}
    taken["intent"] |= {"seen", "ms"}  # the optional pair of fair races
    taken["name"] = {"name"}
    assert documented == taken
    assert "`profile` message is accepted and ignored" in section("### What a phone sends")


def test_a_hello_is_refused_as_documented(phones):
    host = Host("die_mauer", 3, seed=7, options={"rounds": 1}, bot_delay=0.0,
                seats=[{"kind": "local"}, {"kind": "bot"}, {"kind": "bot"}])
    phone = PhoneClient(phones(host).link(0))
    try:
        phone.until("update")
        phone.send({"t": "hello", "version": 6, "name": "x", "proof": "", "token": None})
        assert phone.until("refuse")["code"] == "malformed"
    finally:
        phone.close()
    assert "**A phone sends no `hello`.**" in section("## Messages")
    refusals = {row[0].strip("`"): row[1] for row in tables("## Refusals")[0]}
    assert refusals["malformed"] == "refuse" and "a `hello`" in section("## Refusals")


def test_every_code_the_phone_server_sends_is_in_its_refusals_table():
    sent = codes_in([ROOT / "netplay" / "phones.py"])
    assert {"malformed", "stale_link", "not_joined"} <= sent  # the collector works
    documented = {row[0].strip("`") for row in tables("## Refusals")[0]}
    assert sent <= documented, sorted(sent - documented)


def _wie_waldi_pick(update: dict) -> int | None:
    """Draw, start a dog with a head, else put the card back: until a play is offered."""
    kinds = [action["type"] for action in update["legal"]]
    for kind in ("start", "draw", "put_back"):
        if kind in kinds:
            return kinds.index(kind)
    return None


def test_choice_items_and_hand_lines_have_the_documented_fields(phones, die_mauer_phone):
    """Over a Die Mauer game, the first Wild West update (its sheet is a grid of rows) and
    Wie Waldi (its piles are a row) until a dog is a target: every field an item or a
    line has is documented, each documented one is met, and the ones not called optional
    are always there."""
    updates = [m for m in die_mauer_phone.heard if m["t"] == "update"]
    for game_id, options, done, pick in (
        ("wild_west", {}, lambda u: any("rows" in line for line in u["hand"]), None),
        ("wie_waldi", {"rounds": 1, "countdown": 1},
         lambda u: any("target" in c for c in u["choices"]), _wie_waldi_pick),
    ):
        host = Host(game_id, 2, seed=3, options=options, bot_delay=0.0, seats=[{"kind": "local"}, {"kind": "bot"}])
        service = phones(host)
        phone = PhoneClient(service.link(0))
        try:
            phone.until("hand")
            updates += [m for m in phone.heard if m["t"] == "update"]
            play_until(phone, done, pick=pick)
            updates += [m for m in phone.heard if m["t"] == "update"]
        finally:
            phone.close()
    item_fields, item_optional = fields(tables("#### `update`")[1])
    line_fields, line_optional = fields(tables("#### `update`")[2])
    items = [item for update in updates for item in update["choices"]]
    lines = [line for update in updates for line in update["hand"]]
    # every field a game's words may add is documented: the base ones (all seen here) and
    # the picture hints (*Picture hints*: a game may give any subset, or none yet)
    picture_item, _ = fields(tables("#### Picture hints")[0])
    picture_line, _ = fields(tables("#### Picture hints")[1])
    assert item_fields <= {key for item in items for key in item} <= item_fields | picture_item
    assert line_fields <= {key for line in lines for key in line} <= line_fields | picture_line
    assert all(item_fields - item_optional <= set(item) for item in items)
    assert all(line_fields - line_optional <= set(line) for line in lines)
    assert item_optional == {"layout", "target"} and line_optional == {"rows"}
