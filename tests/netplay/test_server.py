"""Hostile peers against a live host on 127.0.0.1: slow, silent, crowding, flooding or
early. Each is refused and dropped; the seated peers and the game carry on."""

import socket
import time

import pytest

import netplay.server
from netplay.headless import SeatPlayer
from netplay.host import Host
from netplay.protocol import TO_HOST, encode, password_proof

from .conftest import RawPeer, caught_up, drive, seated

pytestmark = pytest.mark.timeout(60)


def two_peer_table(**kwargs):
    return Host("die_mauer", 3, seed=31, options={"rounds": 1},
                seats=[{"kind": "remote"}, {"kind": "remote"}, {"kind": "bot"}], bot_delay=0.0, **kwargs)


def connections_of(handle, timeout=5.0):
    """The server's connections, read on its own thread."""
    box = []
    handle.call(lambda: box.append(list(handle.server.connections)))
    deadline = time.monotonic() + timeout
    while not box and time.monotonic() < deadline:
        time.sleep(0.01)
    assert box, "the server's loop did not answer"
    return box[0]


def wait_until(check, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.02)
    return False


def test_a_peer_that_never_reads_is_cut_off_and_its_backlog_freed(serve, connect, monkeypatch):
    monkeypatch.setattr(netplay.server, "MAX_WRITE_BUFFER", 16 * 1024)
    host = Host("die_mauer", 2, seed=3, options={"rounds": 1},
                seats=[{"kind": "remote"}, {"kind": "remote"}], bot_delay=0.0)
    handle = serve(host, intent_limit=1_000_000)  # the pings below are not a flood here
    calm = connect(handle.port, "calm")
    calm.wait_welcome()
    deaf = RawPeer(handle.port, receive_buffer=4096)
    deaf.hello(name="deaf")
    deaf.read_until(lambda m: m["t"] == "welcome")  # the last thing it ever reads
    seated_deaf = []
    assert wait_until(lambda: seated_deaf.extend(
        c for c in connections_of(handle) if c.listener and c.listener.seat == 1) or seated_deaf)
    (connection,) = seated_deaf
    # a pong for every ping; the deaf peer reads none of them
    pings = b"".join(encode({"t": "ping", "sent": float(i), "rtt": None}, TO_HOST) for i in range(2000))
    for _ in range(40):
        if connection.closed:
            break
        try:
            deaf.send_raw(pings)
        except OSError:
            break
    assert wait_until(lambda: connection.closed), "the host kept a peer that reads nothing"
    # cut off, not politely closed: nothing waits in the host's memory for a reader that never comes
    assert connection.transport.get_write_buffer_size() == 0
    assert wait_until(lambda: not host.seats[1].connected)
    assert host.seats[0].connected and host.phase == "playing"
    deaf.close()


def test_a_frame_that_never_completes_is_refused(serve, connect, monkeypatch):
    monkeypatch.setattr(netplay.server, "FRAME_TIMEOUT", 0.3)
    host = two_peer_table()
    handle = serve(host)
    calm = connect(handle.port, "calm")
    pcalm = SeatPlayer(1)
    seated(calm, pcalm)
    slow = RawPeer(handle.port)
    slow.hello(name="slow")
    slow.read_until(lambda m: m["t"] == "start")
    assert wait_until(lambda: len(host.log) == 1)  # the bot has planned; now the table waits for us
    digest = host.state.digest()
    slow.send_raw(encode({"t": "ping", "sent": 1.0, "rtt": None}, TO_HOST)[:-3])  # and then nothing more
    (refuse,) = slow.read_until(lambda m: m["t"] == "refuse", timeout=10)
    assert refuse["code"] == "timeout" and "whole" in refuse["reason"]
    assert slow.closed_by_host()
    assert host.state.digest() == digest and host.seats[0].connected


def test_a_frame_trickled_within_the_limit_is_read(serve, monkeypatch):
    monkeypatch.setattr(netplay.server, "FRAME_TIMEOUT", 5.0)
    host = two_peer_table()
    handle = serve(host)
    peer = RawPeer(handle.port)
    frame = encode({"t": "hello", "version": 1, "name": "trickle", "proof": "", "token": None}, TO_HOST)
    for byte in frame:
        peer.send_raw(bytes([byte]))
    (welcome,) = peer.read_until(lambda m: m["t"] == "welcome")
    assert welcome["seat"] == 0


def test_no_hello_in_time_is_refused(serve, monkeypatch):
    monkeypatch.setattr(netplay.server, "HELLO_TIMEOUT", 0.3)
    handle = serve(two_peer_table())
    mute = RawPeer(handle.port)
    (refuse,) = mute.read_until(lambda m: m["t"] == "refuse", timeout=10)
    assert refuse["code"] == "timeout" and "hello" in refuse["reason"]
    assert mute.closed_by_host()


def test_a_crowd_that_never_says_hello_cannot_starve_the_table(serve, connect, monkeypatch):
    monkeypatch.setattr(netplay.server, "MAX_UNSEATED", 4)
    host = two_peer_table()
    handle = serve(host)
    ada = connect(handle.port, "Ada")
    ada.wait_welcome()
    crowd = [RawPeer(handle.port) for _ in range(4)]  # connected, challenged, silent
    extra = RawPeer(handle.port, challenge=False)
    (refuse,) = extra.read_until(lambda m: m["t"] in ("refuse", "challenge"))
    assert refuse["t"] == "refuse" and refuse["code"] == "busy" and "try again" in refuse["reason"]
    assert extra.closed_by_host()
    for peer in crowd:
        peer.close()
    assert wait_until(lambda: len(connections_of(handle)) == 1)  # only Ada's
    bo = connect(handle.port, "Bo")
    assert bo.wait_welcome() == 1
    assert wait_until(lambda: host.phase == "playing")  # the welcome goes out just before the start
    pairs = [(ada, SeatPlayer(1)), (bo, SeatPlayer(2))]
    drive(pairs, caught_up(host, [p for _, p in pairs]), timeout=30)


def seated_flooder(serve, connect, host):
    """A host with one calm peer and one raw peer about to flood it."""
    handle = serve(host)
    connect(handle.port, "calm").wait_welcome()
    flood = RawPeer(handle.port)
    flood.hello(name="flood")
    flood.read_until(lambda m: m["t"] == "welcome")
    return flood


def test_a_flood_of_intents_is_throttled_then_dropped(serve, connect):
    host = Host("die_mauer", 2, seed=1, options={"rounds": 1}, seats=[{"kind": "remote"}] * 2)
    flood = seated_flooder(serve, connect, host)
    flood.send_raw(b"".join(encode({"t": "intent", "seq": i, "action": {"type": "nope"}}, TO_HOST)
                            for i in range(150)))
    (refuse,) = flood.read_until(lambda m: m["t"] == "refuse")
    assert refuse["code"] == "flooding"
    answers = [m for m in flood.seen if m["t"] in ("accept", "reject")]
    throttled = [m for m in answers if m.get("code") == "throttled"]
    assert len(answers) == 100 and len(throttled) == 50  # 50 judged by the game, 50 throttled, then dropped
    assert [m["seq"] for m in throttled] == list(range(50, 100))
    assert flood.closed_by_host()
    assert host.seats[0].connected and host.log == []


def test_a_flood_of_pings_is_dropped(serve, connect):
    host = two_peer_table()
    flood = seated_flooder(serve, connect, host)
    flood.send_raw(b"".join(encode({"t": "ping", "sent": float(i), "rtt": None}, TO_HOST) for i in range(1000)))
    (refuse,) = flood.read_until(lambda m: m["t"] == "refuse")
    assert refuse["code"] == "flooding"
    pongs = [m for m in flood.seen if m["t"] == "pong"]
    limit = 4 * netplay.server.IntentThrottle.LIMIT  # messages of any kind per second, its hello too
    assert limit - 1 <= len(pongs) <= limit  # (the hello may be over a second old); the rest is never read
    assert flood.closed_by_host()
    assert host.seats[0].connected


def test_intents_before_hello_are_refused(serve):
    host = two_peer_table()
    handle = serve(host)
    early = RawPeer(handle.port)
    early.send_raw(encode({"t": "intent", "seq": 1, "action": {"type": "plan", "piece": None}}, TO_HOST))
    (refuse,) = early.read_until(lambda m: m["t"] == "refuse")
    assert refuse["code"] == "not_joined" and "hello" in refuse["reason"]
    assert early.closed_by_host()
    assert host.seats_open() == 2 and host.log == []


def test_a_password_proof_cannot_be_replayed_on_another_connection(serve):
    host = two_peer_table()
    handle = serve(host, password="sesame")
    overheard = RawPeer(handle.port)
    proof = password_proof("sesame", overheard.challenge["nonce"])
    replay = RawPeer(handle.port)
    assert replay.challenge["nonce"] != overheard.challenge["nonce"]
    replay.send({"t": "hello", "version": 1, "name": "eve", "proof": proof, "token": None})
    (refuse,) = replay.read_until(lambda m: m["t"] in ("refuse", "welcome"))
    assert refuse["t"] == "refuse" and refuse["code"] == "password"
    overheard.send({"t": "hello", "version": 1, "name": "ada", "proof": proof, "token": None})
    (welcome,) = overheard.read_until(lambda m: m["t"] in ("refuse", "welcome"))
    assert welcome["t"] == "welcome"
    for peer in (overheard, replay):
        peer.close()


def test_both_ends_turn_off_nagle(serve, connect):
    host = two_peer_table()
    handle = serve(host)
    ada = connect(handle.port, "Ada")
    ada.wait_welcome()
    (connection,) = connections_of(handle)
    for transport in (connection.transport, ada._protocol.transport):
        sock = transport.get_extra_info("socket")
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
