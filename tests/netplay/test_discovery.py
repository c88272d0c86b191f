"""Discovery over multicast DNS on 127.0.0.1 only: a host appears, updates and leaves."""

import asyncio
import secrets
import time
import types

import pytest
from zeroconf import IPVersion, ServiceStateChange

import netplay.discovery
from client.cli.seat_player import SeatPlayer
from netplay.discovery import (
    SERVICE_TYPE,
    AsyncHostBrowser,
    HostBrowser,
    choose_interfaces,
    host_properties,
)
from netplay.host import Host
from netplay.peer import RemoteSession
from netplay.protocol import PROTOCOL_VERSION

from .conftest import LOOPBACK, seated

pytestmark = pytest.mark.timeout(60)
UNGUARDED_ZEROCONF = netplay.discovery._zeroconf  # before the loopback guard wraps it (conftest)


def wait_for(check, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.02)
    return None


def test_interfaces_come_from_flags_then_environment():
    assert choose_interfaces(["10.0.0.2"], {"SPIELABEND_INTERFACES": "1.2.3.4"}) == ["10.0.0.2"]
    assert choose_interfaces(None, {"SPIELABEND_INTERFACES": "127.0.0.1, 10.0.0.2"}) == ["127.0.0.1", "10.0.0.2"]
    assert choose_interfaces(None, {}) is None
    assert SERVICE_TYPE == "_spielabend._tcp.local."


def test_browser_finds_a_host_sees_it_change_and_leave(serve, connect):
    host = Host("die_mauer", 2, seats=[{"kind": "remote"}, {"kind": "bot"}], bot_delay=0.0)
    table = f"Kitchen table {secrets.token_hex(3)}"  # other test runs on this machine advertise too
    handle = serve(host, name=table, password="pw", advertise=True)
    browser = HostBrowser(interfaces=["127.0.0.1"]).start()
    try:
        def mine():
            return [h for h in browser.hosts() if h["port"] == handle.port and h["name"] == table]

        (entry,) = wait_for(mine, 5.0)
        assert entry["address"] == LOOPBACK
        assert entry["game"] == "die_mauer" and entry["phase"] == "lobby" and entry["password"] is True
        assert (entry["seats_open"], entry["seats_taken"]) == (1, 1)

        session = connect(handle.port, "Ada", password="pw")
        seated(session, SeatPlayer())
        assert wait_for(lambda: [h for h in mine() if h["phase"] == "playing" and h["seats_open"] == 0], 5.0)

        handle.close()
        assert wait_for(lambda: not mine(), 10.0), "a closed host must vanish from the browser"
    finally:
        browser.close()


def test_a_parked_table_vanishes_from_browsers_and_keeps_its_peer(serve, connect):
    """The game night's Next game parks a finished table (`ServerHandle.park`): browsers stop
    listing it at once, while the peer it kept is still connected to it."""
    host = Host("die_mauer", 2, seats=[{"kind": "remote"}, {"kind": "bot"}], bot_delay=0.0)
    table = f"Parked {secrets.token_hex(3)}"
    handle = serve(host, name=table, advertise=True)
    browser = HostBrowser(interfaces=["127.0.0.1"]).start()
    try:
        def mine():
            return [h for h in browser.hosts() if h["port"] == handle.port and h["name"] == table]

        wait_for(mine, 5.0)
        session = connect(handle.port, "Ada")
        seated(session, SeatPlayer())
        handle.park()
        assert handle.server.advertiser is None
        assert wait_for(lambda: not mine(), 10.0), "a parked table must vanish from the browser"
        handle.call(lambda: host.tell_next_table(0, "die_mauer", 47000, None))
        assert wait_for(lambda: [m for m in session.poll() if m["t"] == "next_table"], 5.0)
    finally:
        browser.close()


def test_the_advertisement_holds_no_seat_token():
    host = Host("die_mauer", 3, seats=[{"kind": "remote"}] * 2 + [{"kind": "bot"}])
    host.claim("Ada", None, [].append)
    properties = host_properties(host, "Den", password=True)
    assert properties == {"v": str(PROTOCOL_VERSION), "game": "die_mauer", "name": "Den", "open": "1", "taken": "2",
                          "phase": "lobby", "pw": "1"}
    text = repr(properties)
    assert not any(seat.token in text for seat in host.seats)


def test_a_host_that_leaves_while_being_resolved_stays_gone(monkeypatch):
    """A resolution still in flight when the host says goodbye must not bring it back."""
    name = f"Den 4000.{SERVICE_TYPE}"
    gate = None

    class SlowInfo:  # an AsyncServiceInfo whose answer comes when the test says so
        def __init__(self, service_type, service_name):
            self.name, self.port = service_name, 4000
            self.properties = {b"v": b"1", b"game": b"die_mauer", b"name": b"Den", b"open": b"1",
                               b"taken": b"1", b"phase": b"lobby", b"pw": b"0"}

        async def async_request(self, zeroconf, timeout):
            await gate.wait()
            return True

        def parsed_scoped_addresses(self):
            return [LOOPBACK]

    monkeypatch.setattr(netplay.discovery, "AsyncServiceInfo", SlowInfo)

    async def scenario():
        nonlocal gate
        gate = asyncio.Event()
        changes = []
        browser = AsyncHostBrowser(on_change=lambda kind, entry: changes.append(kind))
        browser._zc = types.SimpleNamespace(zeroconf=None)  # never started: no sockets at all
        browser._handler(None, SERVICE_TYPE, name, ServiceStateChange.Added)
        await asyncio.sleep(0)
        browser._handler(None, SERVICE_TYPE, name, ServiceStateChange.Removed)  # goodbye, mid-resolve
        gate.set()
        await asyncio.gather(*browser._tasks)
        gone = dict(browser.found)
        browser._handler(None, SERVICE_TYPE, name, ServiceStateChange.Added)  # it comes back later
        await asyncio.gather(*browser._tasks)
        return gone, browser.found, changes

    gone, back, changes = asyncio.run(scenario())
    assert gone == {}
    assert back[name]["name"] == "Den" and changes == ["added"]


def test_a_closing_host_says_goodbye_last(monkeypatch):
    """Announcements still under way (after start or a TXT update) must not follow the
    goodbye: a browser would take the host back and never see it leave."""
    sent = []

    class FakeAnnouncer:  # stands in for AsyncZeroconf (sends nothing); announcing goes on in the background
        async def async_register_service(self, info, allow_name_change=False):
            return asyncio.ensure_future(self._announce("register"))

        async def async_update_service(self, info):
            return asyncio.ensure_future(self._announce("update"))

        async def _announce(self, what):
            for _ in range(3):
                await asyncio.sleep(0.05)
                sent.append(what)

        async def async_unregister_service(self, info):
            sent.append("goodbye")
            return asyncio.ensure_future(asyncio.sleep(0))

        async def async_close(self):
            sent.append("closed")

    monkeypatch.setattr(netplay.discovery, "_zeroconf", lambda interfaces: FakeAnnouncer())

    async def scenario():
        host = Host("die_mauer", 2, seats=[{"kind": "remote"}, {"kind": "bot"}])
        advertiser = netplay.discovery.Advertiser("Den", 4000, ["127.0.0.1"])
        await advertiser.async_start(host_properties(host, "Den", password=False))
        advertiser.update(dict(host_properties(host, "Den", password=False), phase="playing"))
        await asyncio.sleep(0.12)  # the update is being announced
        await advertiser.async_close()
        await asyncio.sleep(0.3)  # anything still scheduled would be sent by now

    asyncio.run(scenario())
    assert "update" in sent and sent[-2:] == ["goodbye", "closed"], sent


def test_a_host_on_ipv4_and_ipv6_is_announced_with_both_and_joined_over_ipv6(serve, connect):
    """mDNS itself runs over 127.0.0.1 here (this machine's loopback has no IPv6 multicast),
    but the announcement carries the ::1 address too, and peers join over it."""
    host = Host("die_mauer", 3, seats=[{"kind": "remote"}] * 2 + [{"kind": "bot"}], bot_delay=0.0)
    table = f"Both families {secrets.token_hex(3)}"
    handle = serve(host, name=table, advertise=True, interfaces=["127.0.0.1", "::1"])
    browser = HostBrowser(interfaces=["127.0.0.1", "::1"]).start()
    try:
        (entry,) = wait_for(lambda: [h for h in browser.hosts() if h["name"] == table], 5.0)
        assert entry["addresses"] == [LOOPBACK, "::1"] and entry["address"] == LOOPBACK
        ada = connect(handle.port, "Ada")  # over IPv4 ...
        bo = RemoteSession("::1", entry["port"], "Bo")  # ... and IPv6, on the same port
        try:
            assert sorted([ada.wait_welcome(), bo.wait_welcome()]) == [0, 1]
            assert wait_for(lambda: host.phase == "playing", 5.0)
        finally:
            bo.close()
    finally:
        browser.close()


def test_interfaces_of_either_family_choose_the_mdns_versions(monkeypatch):
    made = []
    monkeypatch.setattr(netplay.discovery, "AsyncZeroconf", lambda **kwargs: made.append(kwargs))
    for interfaces, version in ((["127.0.0.1"], IPVersion.V4Only), (["127.0.0.1", "::1"], IPVersion.All),
                                (["::1"], IPVersion.V6Only)):
        netplay.discovery._zeroconf(interfaces)
        assert made[-1] == {"interfaces": interfaces, "ip_version": version}
    assert netplay.discovery.check_interfaces(["fe80::1%eth0", "10.0.0.2"]) == ["fe80::1%eth0", "10.0.0.2"]
    assert netplay.discovery.local_addresses(["fd00::2", "10.0.0.2"]) == ["10.0.0.2", "fd00::2"]


def test_a_machine_without_ipv6_announces_over_ipv4(monkeypatch):
    made = []

    def zeroconf(**kwargs):
        if kwargs["ip_version"] is not IPVersion.V4Only:
            raise OSError(97, "Address family not supported by protocol")
        made.append(kwargs)

    monkeypatch.setattr(netplay.discovery, "AsyncZeroconf", zeroconf)
    UNGUARDED_ZEROCONF(None)  # all interfaces: safe only because AsyncZeroconf is a stand-in here
    assert made == [{"ip_version": IPVersion.V4Only}]
