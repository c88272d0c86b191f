"""The sans-I/O protocol, tested with bytes alone: framing, limits, schema."""

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from netplay.errors import ProtocolError
from netplay.protocol import (
    MAX_FRAME,
    TO_HOST,
    TO_PEER,
    ClockSync,
    FrameDecoder,
    check_message,
    encode,
    password_proof,
    proof_ok,
)

pytestmark = pytest.mark.timeout(60)

HELLO = {"t": "hello", "version": 6, "name": "Ada", "proof": "", "token": None}
INTENT = {"t": "intent", "seq": 3, "action": {"type": "plan", "piece": "T"}}
UPDATE = {"t": "update", "events": [{"type": "built", "player": 0, "wall": ["T"]}],
          "view": {"wall": ["T"], "stock": ["G", "6"], "plans": {"locked": [0, 1]}},
          "legal": [{"type": "plan", "piece": None}]}


def frame(body: bytes) -> bytes:
    return len(body).to_bytes(4, "big") + body


def packed(message) -> bytes:
    return frame(msgpack.packb(message, use_bin_type=True))


def test_round_trip_in_both_directions():
    for message in (HELLO, INTENT, {"t": "ping", "sent": 1.5, "rtt": None}, {"t": "bye", "reason": "x"}):
        assert FrameDecoder(TO_HOST).feed(encode(message, TO_HOST)) == [message]
    for message in (UPDATE, {"t": "welcome", "seat": None, "token": ""}, {"t": "accept", "seq": 1},
                    {"t": "lobby", "game": "die_mauer", "players": 2, "phase": "lobby", "table": "Den",
                     "seats": [{"name": "", "kind": "open", "ready": False, "away": False, "via": ""}]}):
        assert FrameDecoder(TO_PEER).feed(encode(message, TO_PEER)) == [message]


def test_frames_split_anywhere_and_joined():
    stream = encode(HELLO, TO_HOST) + encode(INTENT, TO_HOST) + encode(INTENT, TO_HOST)
    for cut in range(len(stream)):
        decoder = FrameDecoder(TO_HOST)
        assert decoder.feed(stream[:cut]) + decoder.feed(stream[cut:]) == [HELLO, INTENT, INTENT]
    decoder = FrameDecoder(TO_HOST)
    assert [m for byte in stream for m in decoder.feed(bytes([byte]))] == [HELLO, INTENT, INTENT]


def test_huge_length_refused_from_the_header_alone():
    decoder = FrameDecoder(TO_HOST)
    assert decoder.feed((MAX_FRAME + 1).to_bytes(4, "big")[:3]) == []
    with pytest.raises(ProtocolError) as error:
        decoder.feed((MAX_FRAME + 1).to_bytes(4, "big")[3:])  # no body sent at all
    assert error.value.code == "frame_too_large"
    assert decoder.buffered() == 0
    with pytest.raises(ProtocolError):
        FrameDecoder(TO_PEER).feed(b"\xff\xff\xff\xff" + b"x" * 100)
    assert FrameDecoder(TO_HOST).feed(encode(HELLO, TO_HOST)) == [HELLO]


def test_a_frame_of_exactly_the_limit_is_read():
    # a host message padded to exactly MAX_FRAME bytes of body
    message = {"t": "bye", "reason": ""}
    base = len(msgpack.packb(message))
    message["reason"] = "x" * (MAX_FRAME - base - 2)  # str16 header: 2 bytes more
    body = msgpack.packb(message)
    assert len(body) == MAX_FRAME
    assert FrameDecoder(TO_PEER).feed(frame(body)) == [message]


@pytest.mark.parametrize("message", [
    {"t": "nope"},
    {"t": 5},
    {"seq": 1},
    [1, 2, 3],
    "hello",
    {"t": "intent", "seq": "1", "action": {}},
    {"t": "intent", "seq": True, "action": {}},
    {"t": "intent", "seq": 1, "action": {}, "seat": 2},  # acting for another seat
    {"t": "intent", "seq": 1},
    {"t": "intent", "seq": 1, "action": {"a": [[[[[[[1]]]]]]]}},  # too deep
    {"t": "hello", "version": 6, "name": ["Ada"], "proof": "", "token": None},
    {"t": "hello", "version": 6, "name": "Ada", "proof": "", "token": 7},
    {"t": "ping", "sent": "now", "rtt": None},
    {"t": "update", "events": [], "view": {}, "legal": []},  # host-only message
])
def test_valid_msgpack_that_is_not_our_schema(message):
    with pytest.raises(ProtocolError):
        FrameDecoder(TO_HOST).feed(packed(message))


@pytest.mark.parametrize("message", [
    {"t": "update", "events": [1], "view": {}, "legal": []},
    {"t": "update", "events": [], "view": [], "legal": []},
    {"t": "update", "events": [], "view": {1: 2}, "legal": []},
    {"t": "lobby", "game": "x", "players": 2, "phase": "lobby", "table": "", "seats": [{"name": "a"}]},
    {"t": "lobby", "game": "x", "players": 2, "phase": "lobby", "table": "",  # a version 5 seat: no via
     "seats": [{"name": "a", "kind": "human", "ready": True, "away": False}]},
    {"t": "welcome", "seat": 1.5, "token": ""},
    {"t": "hello", "version": 6, "name": "Ada", "proof": "", "token": None},  # peer-only message
])
def test_peer_side_schema(message):
    with pytest.raises(ProtocolError):
        FrameDecoder(TO_PEER).feed(packed(message))


@pytest.mark.parametrize("body", [
    b"\xc1",  # never used
    msgpack.packb(INTENT) + b"\x00",  # trailing data
    msgpack.packb({"t": "intent", "seq": 1, "action": b"bytes"}, use_bin_type=True),
    msgpack.packb({"t": "intent", "seq": 1, "action": list(range(300))}),  # over array limit
    msgpack.packb({"t": "intent", "seq": 1, "action": {str(i): i for i in range(70)}}),
    msgpack.packb({"t": "hello", "version": 6, "name": "x" * 5000, "proof": "", "token": None}),
    msgpack.packb({"t": "intent", "seq": 1, "action": msgpack.ExtType(1, b"x")}),
    msgpack.packb({1: 2}),
    b"\x91" * 5000 + b"\xc0",  # deeply nested arrays
    # declared lengths far beyond the frame: refused from the header, nothing allocated
    b"\xdd\xff\xff\xff\xff",  # array32 of 4 G items
    b"\xdf\xff\xff\xff\xff",  # map32 of 4 G pairs
    b"\xdb\xff\xff\xff\xff",  # str32 of 4 GB
    b"\x83\xa1t\xa6intent\xa3seq\x01\xa6action\xdd\x7f\xff\xff\xff",  # inside an intent
    msgpack.packb(INTENT)[:-1],  # truncated
])
def test_bad_bodies_are_refused(body):
    with pytest.raises(ProtocolError):
        FrameDecoder(TO_HOST).feed(frame(body))


def test_empty_frame_is_refused():
    with pytest.raises(ProtocolError):
        FrameDecoder(TO_HOST).feed(b"\x00\x00\x00\x00")


def test_good_messages_before_a_bad_frame_are_kept_and_decoder_is_fresh():
    decoder = FrameDecoder(TO_HOST)
    with pytest.raises(ProtocolError) as error:
        decoder.feed(encode(HELLO, TO_HOST) + packed({"t": "nope"}) + encode(INTENT, TO_HOST))
    assert error.value.messages == [HELLO]
    assert decoder.buffered() == 0
    assert decoder.feed(encode(INTENT, TO_HOST)) == [INTENT]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=200))
def test_random_bytes_never_crash_the_decoder(data):
    decoder = FrameDecoder(TO_HOST)
    try:
        for message in decoder.feed(data):
            check_message(message, TO_HOST)
    except ProtocolError as error:
        assert error.code and error.reason


def test_encode_refuses_what_it_would_not_accept():
    with pytest.raises(ProtocolError):
        encode({"t": "intent", "seq": 1, "action": object()}, TO_HOST)
    with pytest.raises(ProtocolError):
        encode({"t": "bye", "reason": "x" * (MAX_FRAME + 1)}, TO_PEER)
    with pytest.raises(ProtocolError):
        encode({"t": "accept", "seq": 1}, TO_HOST)


def test_password_proof():
    proof = password_proof("sesame", "abc")
    assert proof and proof != "sesame" and proof_ok("sesame", "abc", proof)
    assert not proof_ok("sesame", "abd", proof)
    assert not proof_ok("sesame", "abc", "")
    assert proof_ok(None, "abc", "") and password_proof(None, "abc") == ""


def test_clock_sync():
    clock = ClockSync()
    clock.pong(sent=10.0, host=105.0, now=10.2)
    assert clock.rtt == pytest.approx(0.2) and clock.offset == pytest.approx(94.9)


def test_a_message_that_cannot_be_encoded_leaves_the_next_one_whole():
    """Frames come from one reused packer per thread: a failure must not leave half a
    message in it for the next frame."""
    for bad in (object(), {"x": [1, 2, 3, 2**70]}):  # a 256-bit seed would fail like this too
        with pytest.raises(ProtocolError):
            encode({"t": "bye", "reason": bad}, TO_PEER, check=False)
        frame = encode({"t": "bye", "reason": "ok"}, TO_PEER)
        assert FrameDecoder(TO_PEER).feed(frame) == [{"t": "bye", "reason": "ok"}]
