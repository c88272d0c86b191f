"""Malformed frames against a live host: the offender is refused and dropped, the
game and the other peers go on, and the state digest does not move."""

import contextlib
import itertools
import socket

import msgpack
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from client.cli.seat_player import SeatPlayer
from netplay.errors import ProtocolError
from netplay.host import Host
from netplay.protocol import MAX_FRAME, SCHEMAS, TO_HOST, check_message

from ..engines.play import garbage
from .conftest import RawPeer, caught_up, drive, seated

pytestmark = pytest.mark.timeout(90)


def framed(body: bytes) -> bytes:
    return len(body).to_bytes(4, "big") + body


def packable(value) -> bool:
    try:
        msgpack.packb(value, use_bin_type=True)
    except (OverflowError, ValueError, TypeError):
        return False
    return True


def wire_plain(value) -> bool:
    """Whether ``value`` can travel as an action at all (bytes never can: no bin type)."""
    if isinstance(value, bytes):
        return False
    if isinstance(value, list):
        return all(wire_plain(v) for v in value)
    if isinstance(value, dict):
        return all(wire_plain(v) for v in value.values())
    return packable(value)


def is_valid(body: bytes) -> bool:
    try:
        check_message(msgpack.unpackb(body, raw=False), TO_HOST)
    except (ProtocolError, ValueError, TypeError, msgpack.UnpackException):
        return False
    return True


message_types = st.sampled_from(sorted({t for direction in SCHEMAS.values() for t in direction} | {"x", ""}))
wrong_types = st.builds(
    lambda kind, fields: {"t": kind, **fields},
    message_types,
    st.dictionaries(st.sampled_from(["seq", "action", "version", "name", "proof", "token", "sent", "rtt",
                                     "reason", "seat", "view"]), garbage, max_size=5),
)
for_another_seat = st.builds(
    lambda seat, seq: {"t": "intent", "seq": seq, "action": {"type": "plan", "piece": None}, "seat": seat},
    st.integers(0, 2), st.integers(0, 2**31))

attacks = st.one_of(
    st.tuples(st.just("bytes"), st.binary(min_size=1, max_size=200)),
    st.tuples(st.just("framed"), st.binary(min_size=1, max_size=200).map(framed)),
    st.tuples(st.just("huge"), st.integers(MAX_FRAME + 1, 2**32 - 1).map(lambda n: n.to_bytes(4, "big") + b"x" * 16)),
    st.tuples(st.just("framed"), garbage.filter(packable).map(lambda g: framed(msgpack.packb(g, use_bin_type=True)))),
    st.tuples(st.just("framed"), wrong_types.filter(packable).map(lambda m: framed(msgpack.packb(m, use_bin_type=True)))),
    st.tuples(st.just("framed"), for_another_seat.map(lambda m: framed(msgpack.packb(m)))),
)


def test_malformed_frames_against_a_live_host(serve, connect):
    host = Host("die_mauer", 3, seed=17, options={"rounds": 1},
                seats=[{"kind": "remote"}, {"kind": "remote"}, {"kind": "bot"}], bot_delay=0.0)
    handle = serve(host)
    pairs = [(connect(handle.port, f"p{i}"), SeatPlayer(i)) for i in range(2)]
    for session, player in pairs:
        seated(session, player)
    drive(pairs, lambda: len(host.log) >= 6 and all(p.last_update for _, p in pairs), timeout=10)
    # now the table waits for the two peers; nobody acts while the fuzzer runs (and no intent
    # of theirs is still on its way: one landing mid-fuzz would change the digest)
    drive(pairs, lambda: host.state.active_players() and all(not player.pending for _, player in pairs) and all(
        s.robot is None or s.bot_due is None for s in host.seats), timeout=5, act=False)
    digest, log_length = host.state.digest(), len(host.log)
    refusals = set()
    sources = itertools.cycle(f"127.0.2.{i}" for i in range(1, 251))  # one address would be cut for reconnecting fast

    @settings(max_examples=120, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(attack=attacks, after_hello=st.booleans())
    # one of each refusal whatever the random draws: a run of 120 may miss one (it did, once)
    @example(attack=("huge", (MAX_FRAME + 1).to_bytes(4, "big") + b"x" * 16), after_hello=False)
    @example(attack=("framed", framed(b"\xc1")), after_hello=False)  # 0xc1: a byte msgpack never uses
    @example(attack=("framed", framed(msgpack.packb({"t": "dance"}))), after_hello=False)
    @example(attack=("bytes", b"\x00"), after_hello=True)
    def attack_once(attack, after_hello):
        kind, payload = attack
        peer = RawPeer(handle.port, source=next(sources))
        try:
            if after_hello:  # the table is full: a hello alone is already refused
                peer.hello()
                peer.read_until(lambda m: m["t"] == "refuse")
            with contextlib.suppress(OSError):  # the host may already have hung up
                peer.send_raw(payload)
                peer.sock.shutdown(socket.SHUT_WR)  # a half frame must not keep the host waiting
            assert peer.closed_by_host(), "the host must drop the offender"
            refused = [m for m in peer.inbox + peer.seen if m["t"] == "refuse"]
            if after_hello or kind == "huge" or (kind == "framed" and not is_valid(payload[4:])):
                assert refused, f"no refusal for {kind} {payload[:40]!r}"
            for message in refused:
                assert message["reason"]
                refusals.add(message["code"])
        finally:
            peer.close()
        assert host.state.digest() == digest and len(host.log) == log_length
        assert all(seat.connected and not seat.away for seat in host.seats[:2])

    attack_once()
    assert {"malformed", "frame_too_large", "unknown_type", "table_full"} <= refusals
    # the game goes on for the peers that behaved
    drive(pairs, caught_up(host, [p for _, p in pairs]), timeout=30)


def test_garbage_actions_from_a_seated_peer_are_rejected_and_change_nothing(serve, connect):
    host = Host("die_mauer", 3, seed=23, options={"rounds": 1}, seats=[{"kind": "remote"}] * 3, bot_delay=0.0)
    handle = serve(host, intent_limit=100_000)  # the fuzzer is fast on purpose; throttling is tested elsewhere
    rogue = RawPeer(handle.port)
    rogue.hello(name="rogue")
    (welcome,) = rogue.read_until(lambda m: m["t"] == "welcome")
    pairs = [(connect(handle.port, f"p{i}"), SeatPlayer(i)) for i in range(2)]
    for session, player in pairs:
        seated(session, player)
    rogue.read_until(lambda m: m["t"] == "start")
    digest = host.state.digest()

    @settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
    @given(action=garbage.filter(wire_plain), seq=st.integers(0, 2**31))
    def send_garbage(action, seq):
        nonlocal digest
        rogue.send({"t": "intent", "seq": seq, "action": action})
        (answer,) = rogue.read_until(lambda m: m["t"] in ("accept", "reject") and m["seq"] == seq)
        if answer["t"] == "reject":
            assert answer["code"] and answer["reason"]
            assert host.state.digest() == digest
        else:  # garbage that happens to be a legal move is simply a move
            digest = host.state.digest()

    send_garbage()
    assert host.seats[welcome["seat"]].connected
    rogue.close()
    # the others play on; the rogue's seat is away, and a bot takes it over
    handle.call(lambda: host.hand_to_bot(welcome["seat"]))
    drive(pairs, caught_up(host, [p for _, p in pairs]), timeout=30)
