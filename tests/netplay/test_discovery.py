"""Discovery over multicast DNS on 127.0.0.1 only: a host appears, updates and leaves."""

import time

import pytest

from netplay.discovery import SERVICE_TYPE, HostBrowser, choose_interfaces
from netplay.headless import SeatPlayer
from netplay.host import Host

from .conftest import LOOPBACK, seated

pytestmark = pytest.mark.timeout(60)


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
    handle = serve(host, name="Kitchen table", password="pw", advertise=True)
    browser = HostBrowser(interfaces=["127.0.0.1"]).start()
    try:
        def mine():
            return [h for h in browser.hosts() if h["port"] == handle.port]

        (entry,) = wait_for(mine, 5.0)
        assert entry["name"] == "Kitchen table" and entry["address"] == LOOPBACK
        assert entry["game"] == "die_mauer" and entry["phase"] == "lobby" and entry["password"] is True
        assert (entry["seats_open"], entry["seats_taken"]) == (1, 1)

        session = connect(handle.port, "Ada", password="pw")
        seated(session, SeatPlayer())
        assert wait_for(lambda: [h for h in mine() if h["phase"] == "playing" and h["seats_open"] == 0], 5.0)

        handle.close()
        assert wait_for(lambda: not mine(), 5.0), "a closed host must vanish from the browser"
    finally:
        browser.close()
