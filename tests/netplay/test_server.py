"""Hostile peers against a live host on 127.0.0.1: slow, silent, crowding, flooding or
early. Each is refused and dropped; the seated peers and the game carry on."""

import contextlib
import socket
import time

import pytest

import netplay.limits
import netplay.server
from client.cli.seat_player import SeatPlayer
from netplay.host import Host
from netplay.protocol import PROTOCOL_VERSION, TO_HOST, encode, password_proof
from tools.bench_door import IdleCrowd

from .conftest import RawPeer, descriptors, seated

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
    frame = encode({"t": "hello", "version": PROTOCOL_VERSION, "name": "trickle", "proof": "", "token": None}, TO_HOST)
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
    monkeypatch.setattr(netplay.limits, "MAX_WAITING", 8)
    monkeypatch.setattr(netplay.limits, "MAX_WAITING_PER_ADDRESS", 2)
    host = two_peer_table()
    handle = serve(host)
    ada = connect(handle.port, "Ada")
    ada.wait_welcome()
    hog = [RawPeer(handle.port, source="127.0.0.2") for _ in range(3)]  # connected, challenged, silent
    (refuse,) = hog[0].read_until(lambda m: m["t"] == "refuse")  # one address cannot take it all
    assert refuse["code"] == "busy" and "try again" in refuse["reason"] and hog[0].closed_by_host()
    crowd = [RawPeer(handle.port, source=f"127.0.0.{3 + i}") for i in range(7)]
    assert hog[1].closed_by_host()  # the room was full: the address holding the most made room
    assert sum(not peer.closed_by_host(timeout=0.2) for peer in hog + crowd) == 8
    bo = RawPeer(handle.port, source="127.0.0.99")  # a newcomer is never turned away ...
    bo.hello(name="Bo")
    (welcome,) = bo.read_until(lambda m: m["t"] in ("welcome", "refuse"))
    assert welcome["t"] == "welcome" and welcome["seat"] == 1  # ... and gets in
    for peer in hog + crowd:
        peer.close()
    assert wait_until(lambda: len(connections_of(handle)) == 2)
    assert wait_until(lambda: host.phase == "playing")


@pytest.mark.timeout(120)
def test_a_thousand_idle_connections_lock_out_no_one(serve, connect):
    """1,000 connections from 100 addresses that never say hello, reopened as each is cut;
    meanwhile a player rejoins by token again and again, and a new player sits down."""
    with descriptors(4096):
        host = two_peer_table()
        handle = serve(host)
        crowd = IdleCrowd(handle.port, count=1000, addresses=100)
        try:
            assert wait_until(lambda: crowd.reopened > 500, timeout=30), "the host never cut the crowd"
            ada, bo = connect(handle.port, "Ada"), connect(handle.port, "Bo")  # new players at an open table
            seats = sorted([ada.wait_welcome(10.0), bo.wait_welcome(10.0)])
            assert seats == [0, 1] and wait_until(lambda: host.phase == "playing")
            waiting, mine = [len(handle.server.waiting)], ada.seat
            for attempt in range(8):
                ada.close()
                ada = connect(handle.port, f"Ada {attempt}", token=ada.token)
                assert ada.wait_welcome(10.0) == mine
                waiting.append(len(handle.server.waiting))
            assert wait_until(lambda: crowd.reopened > 1000, timeout=30)  # the crowd kept coming all along
            assert max(waiting) <= netplay.limits.MAX_WAITING
            assert max(handle.server.waiting.count(a) for a in crowd.sources) <= netplay.limits.MAX_WAITING_PER_ADDRESS
        finally:
            crowd.stop()


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
    limit = netplay.limits.MESSAGES_PER_INTENT * netplay.limits.INTENTS_PER_SECOND  # its hello too
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
    replay.send({"t": "hello", "version": PROTOCOL_VERSION, "name": "eve", "proof": proof, "token": None})
    (refuse,) = replay.read_until(lambda m: m["t"] in ("refuse", "welcome"))
    assert refuse["t"] == "refuse" and refuse["code"] == "password"
    overheard.send({"t": "hello", "version": PROTOCOL_VERSION, "name": "ada", "proof": proof, "token": None})
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


def try_password(port, password, source="127.0.0.1"):
    """One connection's answer to a hello with ``password``: welcome, a refusal (one in
    place of the challenge when it connects too fast), or ``{"t": "cut"}`` when the host
    cut the connection unanswered."""
    peer = RawPeer(port, source=source, challenge=False)
    try:
        (peer.challenge,) = peer.read_until(lambda m: m["t"] in ("challenge", "refuse"), timeout=2.0)
        if peer.challenge["t"] == "refuse":
            peer.close()
            return peer.challenge
        peer.hello(password=password)
        (answer,) = peer.read_until(lambda m: m["t"] in ("welcome", "refuse"))
    except (AssertionError, OSError):
        answer = {"t": "cut"}
    peer.close()
    return answer


def test_password_guessing_is_slowed_down_per_address(serve, monkeypatch):
    monkeypatch.setattr(netplay.limits, "FIRST_WAIT", 0.1)
    monkeypatch.setattr(netplay.limits, "LONGEST_WAIT", 0.4)
    host = two_peer_table()
    handle = serve(host, password="sesame")
    answers = []
    deadline = time.monotonic() + 1.5
    while time.monotonic() < deadline:  # a guesser as fast as the host answers
        answers.append(try_password(handle.port, f"guess{len(answers)}"))
    checked = sum(1 for a in answers if a.get("code") == "password")
    waited = [a for a in answers if a.get("code") == "slow_down"]
    cut = sum(1 for a in answers if a["t"] == "cut")  # connecting more than 10 times a second
    assert checked + len(waited) + cut == len(answers)
    assert all("try again in 1 s" in a["reason"] for a in waited)
    # 3 free tries, then one each 0.1, 0.2, 0.4, 0.4, ... s: a handful in 1.5 s (before: hundreds)
    assert netplay.limits.FREE_FAILURES < checked <= netplay.limits.FREE_FAILURES + 5 and len(waited) + cut > 20
    # the right player at another address is not slowed at all ...
    assert try_password(handle.port, "sesame", source="127.0.0.2")["t"] == "welcome"
    # ... and at the guesser's address waits at most LONGEST_WAIT
    started = time.monotonic()
    while (answer := try_password(handle.port, "sesame"))["t"] != "welcome":
        assert answer["t"] == "cut" or answer["code"] == "slow_down"
        assert time.monotonic() - started < 2.0
        time.sleep(0.05)
    assert time.monotonic() - started <= netplay.limits.LONGEST_WAIT + 0.3


def test_an_address_that_reconnects_too_fast_is_told_to_slow_down_before_any_work(serve):
    host = two_peer_table()
    handle = serve(host)
    answers = [try_password(handle.port, None, source="127.0.0.9") for _ in range(40)]
    burst = netplay.limits.CONNECT_BURST
    assert [a["t"] for a in answers[:burst]] == ["welcome"] * 2 + ["refuse"] * (burst - 2)  # table_full
    slowed = [a for a in answers[burst:] if a.get("code") == "slow_down"]  # a burst, then 10 a second
    assert slowed and all(a["t"] in ("welcome", "refuse") for a in answers)  # answered, never cut silently
    assert all(a["reason"].endswith("try again in 1 s") for a in slowed)
    assert len(handle.server.waiting) == 0
    # others are answered at once (the two seats wait for the peers that dropped: table_full)
    assert try_password(handle.port, None, source="127.0.0.10").get("code") == "table_full"


@pytest.mark.timeout(30)
def test_a_peer_steadily_over_the_limit_is_dropped_and_one_under_it_never_refused(serve, connect):
    host = Host("die_mauer", 2, seed=1, options={"rounds": 1}, seats=[{"kind": "remote"}] * 2)
    handle = serve(host)
    calm = RawPeer(handle.port)
    calm.hello(name="calm")
    calm.read_until(lambda m: m["t"] == "welcome")
    eager = RawPeer(handle.port)
    eager.hello(name="eager")
    eager.read_until(lambda m: m["t"] == "welcome")
    nope = {"type": "nope"}  # judged (and rejected) by the game when let through
    started, sent = time.monotonic(), {calm: 0, eager: 0}
    while time.monotonic() - started < 6.0 and not eager.closed_by_host(timeout=0.001):
        elapsed = time.monotonic() - started
        for peer, rate in ((calm, 45), (eager, 90)):
            while sent[peer] < elapsed * rate:
                sent[peer] += 1
                with contextlib.suppress(OSError):  # the eager one may be cut off meanwhile
                    peer.send({"t": "intent", "seq": sent[peer], "action": nope})
        time.sleep(0.005)
    refusal = [m for m in eager.inbox + eager.seen if m["t"] == "refuse"]
    assert refusal and refusal[0]["code"] == "flooding"
    assert 1.5 < time.monotonic() - started < 5.0  # ~2.7 s at 90 a second (netplay.limits)
    answers = calm.read_until(lambda m: m["t"] == "reject" and m["seq"] == sent[calm])
    assert not [m for m in calm.seen + answers if m.get("code") == "throttled"]
    assert host.seats[0].connected


def test_a_peer_with_a_seats_token_follows_to_a_table_with_a_password(serve, connect):
    """Protocol 6: the group follows its host to a next table that has a password; each peer
    holds only the token of the seat kept for it, and is seated with it (before: the peer
    stopped at "this table needs a password"). A wrong token still needs the password."""
    from netplay.errors import ConnectError

    host = two_peer_table(names=["Ada", "Bo", ""])
    handle = serve(host, password="sesame")
    kept = host.seats[1].token  # what next_table told Bo
    bo = connect(handle.port, "Bo", token=kept)
    assert bo.wait_welcome(5.0) == 1 and bo.token == kept
    assert wait_until(lambda: host.seats[1].taken) and host.seats[1].name == "Bo"
    eve = connect(handle.port, "Eve", token="0" * 32)
    with pytest.raises(ConnectError) as refused:
        eve.wait_welcome(5.0)
    assert refused.value.code == "password"
    ada = connect(handle.port, "Ada", password="sesame")
    assert ada.wait_welcome(5.0) == 0
