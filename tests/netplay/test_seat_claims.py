"""Who may take a seat: a phone's link and a LAN peer's token, in every order (issue 24).

A seat belongs to whoever claimed it last. A phone's link opens a remote seat only while
the phone's claim holds; once a LAN peer has the seat (or it was freed), the old link
is refused `seat_taken`, in the lobby and in the game. A phone never hears a TCP token."""

import itertools
import time

import pytest

from netplay.errors import Refused
from netplay.host import LOBBY_GRACE, Host
from tests.netplay.conftest import RawPeer
from tests.netplay.phone_play import PhoneClient

pytestmark = pytest.mark.timeout(120)

EVENTS = ("phone_open", "phone_drop", "phone_bye", "a_join", "a_drop", "a_bye", "a_rejoin", "b_join", "grace")


class Table:
    """Seat 0 of a die_mauer table (remote, remote, bot) and who may hold it."""

    def __init__(self):
        self.host = Host("die_mauer", 3, seed=3, seats=[{"kind": "remote"}, {"kind": "remote"}, {"kind": "bot"}])
        self.now = 0.0
        self.host.tick(self.now)
        self.owner = None  # who claimed seat 0 last: None, "phone", "a" or "b"
        self.phone, self.phone_heard = None, []
        self.peers = {"a": None, "b": None}  # peer -> its listener (None: not connected)
        self.tokens = {}  # peer -> (seat, token) from its last welcome

    def step(self, event: str) -> None:
        getattr(self, event)()
        self.check()

    # --- the phone of seat 0's link --------------------------------------------------------
    def phone_open(self):
        if self.phone is not None:
            return
        try:
            self.phone = self.host.connect_phone(0, self.phone_heard.append)
        except Refused as refusal:
            assert refusal.code == "seat_taken" and self.owner in ("a", "b")
            return
        assert self.owner in (None, "phone"), f"a phone took seat 0 from LAN peer {self.owner}"
        self.owner = "phone"

    def phone_drop(self, leaving=False):
        if self.phone is not None:
            self.host.detach(self.phone, leaving=leaving)
            self.phone = None
            if leaving and self.host.phase == "lobby":
                self.owner = None

    def phone_bye(self):
        self.phone_drop(leaving=True)

    # --- LAN peers a and b -----------------------------------------------------------------
    def _join(self, peer, token=None):
        heard = []
        try:
            listener = self.host.claim(peer, token, heard.append)
        except Refused as refusal:
            return refusal.code
        self.peers[peer] = listener
        self.tokens[peer] = (listener.seat, heard[0]["token"])
        return listener

    def a_join(self):
        self.join("a")

    def b_join(self):
        self.join("b")

    def join(self, peer):
        if self.peers[peer] is not None:
            return
        was_open = self.owner is None and self.host.phase == "lobby"
        listener = self._join(peer)
        if isinstance(listener, str):
            assert listener == "table_full"
            return
        if listener.seat == 0:
            assert was_open, f"peer {peer} got seat 0 from {self.owner}"
            self.owner = peer

    def a_drop(self, leaving=False):
        if self.peers["a"] is not None:
            seat = self.peers["a"].seat
            self.host.detach(self.peers["a"], leaving=leaving)
            self.peers["a"] = None
            if leaving and self.host.phase == "lobby" and seat == 0:
                self.owner = None

    def a_bye(self):
        self.a_drop(leaving=True)

    def a_rejoin(self):
        if "a" not in self.tokens or self.peers["a"] is not None:
            return
        seat, token = self.tokens["a"]
        result = self._join("a", token)
        if seat == 0:
            assert (result == "bad_token") == (self.owner != "a"), (result, self.owner)

    def grace(self):
        """Time passes: a lobby seat whose connection dropped is freed."""
        self.now += LOBBY_GRACE + 1
        self.host.tick(self.now)
        record = self.host.seats[0]
        if self.host.phase == "lobby" and not record.taken:
            self.owner = None

    # --- always ----------------------------------------------------------------------------
    def check(self):
        assert all(m["token"] == "" for m in self.phone_heard if m["t"] == "welcome"), "a phone heard a TCP token"
        seat0 = [lst for lst in self.host.listeners if lst.seat == 0]
        phones = [lst for lst in seat0 if lst.meta.get("phone")]
        lan = [lst for lst in seat0 if not lst.meta.get("phone")]
        assert not (phones and lan), "a phone and a LAN peer share seat 0"
        if phones:
            assert self.owner == "phone"
        if lan:
            assert self.owner in ("a", "b")
        if self.phone is not None and self.phone not in self.host.listeners:
            self.phone = None  # told bye: a LAN peer took the seat over by token
            assert self.phone_heard[-1]["t"] == "bye"


@pytest.mark.parametrize("first", EVENTS)
def test_every_order_of_phone_and_lan_claims_on_one_seat(first):
    """All 9**4 orders of four events (in the lobby, and in the game once b fills the
    table): a phone never takes seat 0 from a LAN peer, nor a peer from a phone."""
    for rest in itertools.product(EVENTS, repeat=3):
        table = Table()
        for event in (first, *rest):
            table.step(event)


def test_an_old_phone_link_cannot_take_a_seat_a_lan_player_claimed_since(phones_and_server):
    """The issue's report: seat 1's link opened in the lobby and closed, a LAN peer takes
    seat 1, the game starts, the old link is opened again."""
    host = Host("die_mauer", 3, seed=5, seats=[{"kind": "remote"}, {"kind": "remote"}, {"kind": "bot"}],
                bot_delay=0.0)
    handle, service = phones_and_server(host)
    link = service.link(0)
    phone = PhoneClient(link)
    assert phone.until("welcome")["token"] == ""  # its link is its credential
    phone.send({"t": "bye", "reason": "closing the page"})
    phone.until("bye")
    phone.close()
    deadline = time.monotonic() + 5  # the phone hears bye before the host's thread frees its seat
    while host.seats[0].taken and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not host.seats[0].taken
    first, second = RawPeer(handle.port), RawPeer(handle.port)
    try:
        first.hello("Ada")
        (welcome,) = first.read_until(lambda m: m["t"] == "welcome")
        assert welcome["seat"] == 0
        second.hello("Bo")
        second.read_until(lambda m: m["t"] == "update")
        first.read_until(lambda m: m["t"] == "update")
        again = PhoneClient(link)
        try:
            refusal = again.until("refuse")
            assert refusal["code"] == "seat_taken"
            assert not [m for m in again.heard if m["t"] in ("welcome", "start", "update")]
        finally:
            again.close()
        assert [lst.seat for lst in host.listeners if not lst.meta.get("phone")].count(0) == 1
    finally:
        first.close()
        second.close()


def test_a_phone_seat_in_the_game_reopens_for_its_link_and_never_for_a_lan_peer():
    host = Host("die_mauer", 2, seed=5, seats=[{"kind": "remote"}, {"kind": "bot"}], bot_delay=0.0)
    heard = []
    phone = host.connect_phone(0, heard.append)
    assert host.phase == "playing" and heard[0] == {"t": "welcome", "seat": 0, "token": ""}
    host.detach(phone)
    assert host.seats[0].away
    with pytest.raises(Refused) as refused:
        host.claim("Eve", None, [].append)
    assert refused.value.code == "table_full"
    again = []
    host.connect_phone(0, again.append)
    assert [m["t"] for m in again] == ["welcome", "start", "update", "lobby"]


@pytest.fixture
def phones_and_server(serve):
    from netplay.phones import serve_phones_in_thread

    services = []

    def start(host):
        handle = serve(host)
        service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"])
        services.append(service)
        return handle, service

    yield start
    for service in services:
        service.close()


def test_a_resumed_game_reopens_a_phones_seat_for_a_phone_and_a_lan_seat_for_its_token_only(tmp_path):
    path = tmp_path / "table.save"
    host = Host("die_mauer", 3, seed=5, seats=[{"kind": "remote"}, {"kind": "remote"}, {"kind": "bot"}],
                bot_delay=0.0, save_path=path)
    host.connect_phone(0, [].append)
    lan = []
    host.claim("Bo", None, lan.append)
    assert host.phase == "playing"
    host.close_save()
    resumed = Host.resume(path, bot_delay=0.0)
    with pytest.raises(Refused) as refused:
        resumed.connect_phone(1, [].append)  # Bo's seat: a phone's link never opens it
    assert refused.value.code == "seat_taken"
    heard = []
    resumed.connect_phone(0, heard.append)
    assert heard[0] == {"t": "welcome", "seat": 0, "token": ""} and heard[2]["view"] == resumed.state.view(0)
    assert resumed.claim("Bo", lan[0]["token"], [].append).seat == 1
