"""The host against docs/netplay.md, *Wire protocol*, spoken with raw frames.

Nothing here comes from `netplay.peer` or `netplay.protocol`: framing, msgpack and the
password proof are written from the docs alone, as an independent client would. The
host itself is started in-process on 127.0.0.1 (`netplay.host`, `netplay.server`)."""

import hashlib
import hmac
import socket
import time

import msgpack
import pytest

from netplay.host import Host
from netplay.server import serve_in_thread

pytestmark = pytest.mark.timeout(60)


class Wire:
    """A TCP connection that speaks frames: a 4-byte big-endian length, one msgpack map."""

    def __init__(self, port: int):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.buffer, self.heard = b"", []

    def send(self, message: dict) -> None:
        self.raw(self.frame(message))

    @staticmethod
    def frame(message: dict) -> bytes:
        body = msgpack.packb(message, use_bin_type=True)
        return len(body).to_bytes(4, "big") + body

    def raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def next(self, timeout: float = 5.0) -> dict | None:
        """The next message, or None once the host has closed the connection."""
        deadline = time.monotonic() + timeout
        while True:
            if len(self.buffer) >= 4:
                length = int.from_bytes(self.buffer[:4], "big")
                if len(self.buffer) >= 4 + length:
                    body, self.buffer = self.buffer[4:4 + length], self.buffer[4 + length:]
                    message = msgpack.unpackb(body, raw=False)
                    assert isinstance(message, dict) and isinstance(message["t"], str)
                    self.heard.append(message)
                    return message
            left = deadline - time.monotonic()
            assert left > 0, f"nothing more within {timeout} s; heard {[m['t'] for m in self.heard]}"
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(65536)
            except ConnectionResetError:
                data = b""
            if not data:
                return None
            self.buffer += data

    def until(self, kind: str) -> dict:
        while (message := self.next()) is not None:
            if message["t"] == kind:
                return message
        raise AssertionError(f"closed before a {kind}; heard {[m['t'] for m in self.heard]}")

    def kinds_until(self, kind: str) -> list[str]:
        start = len(self.heard)
        self.until(kind)
        return [m["t"] for m in self.heard[start:]]

    def refused(self) -> dict:
        """The refusal, then the host closes."""
        refusal = self.until("refuse")
        assert set(refusal) == {"t", "code", "reason", "say", "data"} and refusal["reason"]
        assert isinstance(refusal["say"], str) and isinstance(refusal["data"], dict)
        assert self.next() is None, "the host kept the connection open after a refusal"
        return refusal

    def close(self) -> None:
        self.sock.close()


def proof(password: str, nonce: str) -> str:
    """docs: HMAC-SHA256, key the password in UTF-8, message the nonce's hex text, hex digest."""
    return hmac.new(password.encode("utf-8"), nonce.encode("ascii"), hashlib.sha256).hexdigest()


@pytest.fixture
def table():
    """table(players=.., seats=.., password=..) -> the port of a served host; closed after."""
    handles = []

    def start(seats, password=None, **options):
        host = Host("die_mauer", len(seats), seed=4, options={"rounds": 1}, seats=seats, bot_delay=0.0, **options)
        handle = serve_in_thread(host, password=password, interfaces=["127.0.0.1"], advertise=False,
                                 check_outgoing=True)
        handles.append(handle)
        return handle.port, host

    yield start
    for handle in handles:
        handle.close()


def joined(port, name="raw", token=None, password=None) -> tuple[Wire, dict]:
    wire = Wire(port)
    challenge = wire.next()
    assert challenge["t"] == "challenge" and set(challenge) == {"t", "version", "nonce", "password"}
    assert len(challenge["nonce"]) == 32 and int(challenge["nonce"], 16) >= 0
    wire.send({"t": "hello", "version": 6, "name": name,
               "proof": proof(password, challenge["nonce"]) if password else "", "token": token})
    return wire, wire.until("welcome")


TWO = [{"kind": "remote"}, {"kind": "remote"}, {"kind": "bot"}]


def test_handshake_lowest_open_seat_and_message_order(table):
    port, _ = table(TWO)
    first, welcome = joined(port, "Ada")
    assert welcome["seat"] == 0 and len(welcome["token"]) == 32
    assert first.kinds_until("lobby") == ["lobby"]  # welcome, lobby: once
    second, welcome = joined(port, "Bo")
    assert welcome["seat"] == 1
    # the joiner that starts the game: welcome, start, update, lobby, once each
    assert second.kinds_until("lobby") == ["start", "update", "lobby"]
    # everyone else: one lobby for the join ... and start, update, lobby for the start
    assert first.kinds_until("lobby") == ["start", "update", "lobby"]
    assert not [m for m in first.heard if m["t"] == "lobby" and m["phase"] == "lobby" and m["seats"][1]["kind"] != "open"]
    lobby = first.heard[-1]
    assert lobby["phase"] == "playing" and [s["kind"] for s in lobby["seats"]] == ["human", "human", "bot"]
    # version 6: the table's name, and how each seat is played (TCP peers: lan; the host's bot: "")
    assert lobby["table"] == "" and [s["via"] for s in lobby["seats"]] == ["lan", "lan", ""]
    assert set(lobby) == {"t", "game", "players", "phase", "table", "seats"}
    assert all(set(seat) == {"name", "kind", "ready", "away", "via"} for seat in lobby["seats"])
    first.close()
    second.close()


def test_a_seats_token_stands_for_the_password(table):
    """docs: *The handshake*: a hello whose token is a seat's token at this table is seated
    without the proof (the group follows its host to a next table with a password); a wrong
    token still needs the proof, and its address is slowed down as for any wrong password."""
    port, host = table(TWO, password="sesame", meta={"table": "Den"})
    kept = host.seats[1].token  # the open seat Next game kept for Bo: told to him alone (next_table)
    stranger = Wire(port)
    stranger.next()
    stranger.send({"t": "hello", "version": 6, "name": "Eve", "proof": "", "token": "0" * 32})
    assert stranger.refused()["code"] == "password"
    bo, welcome = joined(port, "Bo", token=kept)  # no proof
    assert welcome == {"t": "welcome", "seat": 1, "token": kept}
    lobby = bo.until("lobby")
    assert lobby["table"] == "Den" and lobby["seats"][1] == {
        "name": "Bo", "kind": "human", "ready": True, "away": False, "via": "lan"}
    ada, welcome = joined(port, "Ada", password="sesame")  # without a token: the proof, as before
    assert welcome["seat"] == 0
    bo.close()
    ada.close()


def test_password_proof_as_documented(table):
    port, _ = table(TWO, password="Grüße")
    wire, welcome = joined(port, password="Grüße")
    assert welcome["seat"] == 0
    wire.close()
    wrong = Wire(port)
    wrong.next()
    wrong.send({"t": "hello", "version": 6, "name": "x", "proof": proof("grüße", "0" * 32), "token": None})
    assert wrong.refused()["code"] == "password"


def test_seq_is_echoed_for_every_intent_duplicates_included(table):
    port, host = table([{"kind": "remote"}, {"kind": "bot"}])
    wire, _ = joined(port)
    update = wire.until("update")
    action = update["legal"][0]
    wire.send({"t": "intent", "seq": 7, "action": action})
    wire.send({"t": "intent", "seq": 7, "action": action})  # the same seq again: another intent
    answers = []
    while len(answers) < 2:
        message = wire.next()
        assert message is not None
        if message["t"] in ("accept", "reject"):
            answers.append(message)
    assert [a["seq"] for a in answers] == [7, 7]
    assert answers[0]["t"] == "accept"
    wire.close()


@pytest.mark.parametrize(("frame", "code"), [
    (Wire.frame({"t": "intent", "seq": 1, "action": [[[[[[[[[1]]]]]]]]]}), "malformed"),  # 9 deep
    (Wire.frame({"seq": 1, "action": 5}), "unknown_type"),  # no t
    (Wire.frame({"t": "dance"}), "unknown_type"),
    (Wire.frame({"t": "ping", "sent": 1.0}), "malformed"),  # a field missing
    (Wire.frame({"t": "ping", "sent": 1.0, "rtt": None, "x": 1}), "malformed"),  # one extra
    ((70000).to_bytes(4, "big"), "frame_too_large"),
    (Wire.frame({"t": "hello", "version": 6, "name": "", "proof": "", "token": None}), "malformed"),  # twice
], ids=["action_9_deep", "no_t", "unknown_t", "field_missing", "field_extra", "frame_over_64k", "second_hello"])
def test_the_envelope_broken_is_refused_and_the_seat_kept(table, frame, code):
    port, host = table(TWO)
    wire, welcome = joined(port)
    wire.until("lobby")
    wire.raw(frame)
    assert wire.refused()["code"] == code
    # the seat is kept for its token (the lobby grace): the same player comes back
    back, again = joined(port, token=welcome["token"])
    assert again["seat"] == welcome["seat"]
    back.close()


def test_the_actions_content_is_the_games_a_reject_and_the_connection_stays(table):
    port, _ = table([{"kind": "remote"}, {"kind": "bot"}])
    wire, _ = joined(port)
    wire.until("update")
    for seq, action, code in ((1, 5, "malformed"), (2, {"type": "dance"}, "unknown_action"),
                              (3, {"type": "plan"}, "malformed"), (4, {"type": "build", "piece": "T", "end": "L"},
                                                                   "wrong_phase")):
        wire.send({"t": "intent", "seq": seq, "action": action})
        reject = wire.until("reject")
        assert (reject["seq"], reject["code"]) == (seq, code)
    wire.send({"t": "ping", "sent": 1.5, "rtt": None})
    assert wire.until("pong")["sent"] == 1.5  # still connected


@pytest.mark.parametrize("message", [{"t": "ping", "sent": 1.0, "rtt": None},
                                     {"t": "intent", "seq": 1, "action": {"type": "plan", "piece": None}}])
def test_before_hello_only_hello(table, message):
    port, _ = table(TWO)
    wire = Wire(port)
    assert wire.next()["t"] == "challenge"
    wire.send(message)
    assert wire.refused()["code"] == "not_joined"


def test_rejoin_by_token_takes_over_the_older_connection(table):
    port, _ = table([{"kind": "remote"}, {"kind": "bot"}])
    old, welcome = joined(port, "Ada")
    old.until("update")
    new, again = joined(port, "whoever", token=welcome["token"])
    assert again == welcome  # same seat, same token
    assert new.kinds_until("lobby") == ["start", "update", "lobby"]
    assert "taken over" in old.until("bye")["reason"]
    assert old.next() is None
    new.close()


def test_tokens_empty_values_and_refusals(table):
    port, _ = table(TWO)
    stranger = Wire(port)
    stranger.next()
    stranger.send({"t": "hello", "version": 6, "name": "eve", "proof": "", "token": "0" * 32})
    assert stranger.refused()["code"] == "bad_token"
    old = Wire(port)
    old.next()
    old.send({"t": "hello", "version": 4, "name": "x", "proof": "", "token": None})  # before say and data
    refused = old.refused()
    assert refused["code"] == "version" and "protocol 6" in refused["reason"] and "update the older one" in refused["reason"]
    empty, welcome = joined(port, "", token="")  # "" counts as no token; "" as name gets Player N
    assert welcome["seat"] == 0
    assert empty.until("lobby")["seats"][0]["name"] == "Player 1"


def test_bye_in_the_lobby_frees_the_seat_at_once(table):
    port, host = table(TWO)
    wire, welcome = joined(port)
    wire.until("lobby")
    wire.send({"t": "bye", "reason": "going home"})
    assert wire.next() is None
    stranger = Wire(port)
    stranger.next()
    stranger.send({"t": "hello", "version": 6, "name": "x", "proof": "", "token": welcome["token"]})
    assert stranger.refused()["code"] == "bad_token"


def test_a_stand_in_bot_shows_as_bot_and_away_and_the_player_takes_the_seat_back(table):
    port, host = table(TWO)
    host.bot_after = 0.2  # spielabend host --bot-after 0.2
    leaver, welcome = joined(port, "Ada")
    watcher, _ = joined(port, "Bo")
    watcher.until("update")
    leaver.close()  # dropped, no bye: the seat waits, then a bot stands in
    while True:
        lobby = watcher.until("lobby")
        if lobby["seats"][0]["kind"] == "bot":
            break
    # a stand-in bot keeps its player's way in (via); the host's own bot has none
    assert lobby["seats"][0] == {"name": "Ada", "kind": "bot", "ready": False, "away": True, "via": "lan"}
    assert lobby["seats"][2]["kind"] == "bot" and not lobby["seats"][2]["away"]  # a bot seat from the start
    back, again = joined(port, "Ada", token=welcome["token"])
    assert again["seat"] == 0
    while (lobby := watcher.until("lobby"))["seats"][0]["kind"] != "human":
        pass
    assert lobby["seats"][0]["away"] is False
    back.close()
    watcher.close()


def _wait_for(check, seconds: float = 5.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if (value := check()) is not None:
            return value
        time.sleep(0.01)
    raise AssertionError("not within the time")


def test_a_profile_after_the_welcome_is_kept_and_its_colour_taken_only_where_free(table):
    """docs: *The game night*: a peer says who plays its seat; two people never share a colour."""
    port, host = table(TWO, meta={"colours": [0, 1, 2]})
    first, _ = joined(port, "Ada")
    first.send({"t": "profile", "id": "a1b2c3d4", "name": "Ada", "colour": 2, "emblem": 3})  # the bot's seat wears 2
    second, _ = joined(port, "Bo")
    second.send({"t": "profile", "id": "e5f6", "name": "Bo", "colour": 5, "emblem": 1})
    assert _wait_for(lambda: host.profiles.get(0)) == {"id": "a1b2c3d4", "name": "Ada", "colour": 0, "emblem": 3}
    assert _wait_for(lambda: host.profiles.get(1)) == {"id": "e5f6", "name": "Bo", "colour": 5, "emblem": 1}
    assert host.meta["colours"] == [0, 5, 2]
    assert first.until("colours")["colours"] == [0, 1, 2]  # Ada's 2 is the bot's: her seat keeps 0
    assert first.until("colours")["colours"] == [0, 5, 2]  # Bo's 5 was free
    second.send({"t": "profile", "id": "x", "name": "Bo", "colour": "red", "emblem": 1})  # a field of the wrong type
    assert second.refused()["code"] == "malformed"
    first.close()


def test_the_evening_goes_to_its_own_seat_only():
    """docs: *The game night*: each peer hears its own standings row marked and its own ratings."""
    host = Host("die_mauer", 3, seed=4, options={"rounds": 1}, seats=TWO, bot_delay=0.0)
    handle = serve_in_thread(host, interfaces=["127.0.0.1"], advertise=False, check_outgoing=True)
    try:
        first, _ = joined(handle.port, "Ada")
        second, _ = joined(handle.port, "Bo")
        first.until("lobby")
        second.until("lobby")
        evening = {"t": "evening", "standings": [
            {"name": "Ada", "colour": 0, "points": 3.0, "games": 1, "wins": 1, "you": True},
            {"name": "Bo", "colour": 1, "points": 1.0, "games": 1, "wins": 0, "you": False}],
            "ratings": [{"scope": "overall", "before": 0, "after": 60}]}
        handle.call(lambda: host.tell_evening(0, evening))
        assert first.until("evening") == evening
        second.send({"t": "ping", "sent": 1.0, "rtt": None})
        assert "evening" not in second.kinds_until("pong")
        first.close()
        second.close()
    finally:
        handle.close()


def test_a_parked_table_keeps_its_peers_frees_its_port_and_ends_the_group_in_words():
    """docs: *The game night*: a finished table parked for Next game stops listening (the next
    table takes its port at once), keeps its peers, and, closed with `GROUP_ENDED`, says bye
    with that sentence to each of them."""
    group_ended = "the host ended the group: there is no next game"  # the docs' words
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    host = Host("die_mauer", 3, seed=4, options={"rounds": 1}, seats=TWO, bot_delay=0.0)
    handle = serve_in_thread(host, port=port, interfaces=["127.0.0.1"], advertise=False, check_outgoing=True)
    nxt = None
    try:
        kept, _ = joined(port, "Ada")
        kept.until("lobby")
        handle.park()
        with pytest.raises(OSError):
            Wire(port)  # nothing listens there any more ...
        nxt = serve_in_thread(Host("die_mauer", 3, seed=5, seats=TWO, bot_delay=0.0), port=port,
                              interfaces=["127.0.0.1"], advertise=False)  # ... so the next table takes it
        assert nxt.port == port
        handle.call(lambda: host.tell_next_table(0, "die_mauer", port, None))
        assert kept.until("next_table")["port"] == port  # the parked table still reaches its peer
        handle.close(group_ended)
        bye = kept.until("bye")
        assert (bye["say"], bye["data"], bye["reason"]) == (group_ended, {}, group_ended)
        assert kept.next() is None
    finally:
        handle.close()
        if nxt is not None:
            nxt.close()


def test_next_table_reaches_its_own_seat_only_and_a_peer_without_a_profile_is_let_go():
    """docs: *The game night*, Next game: each kept peer hears the next table's port and its
    own kept seat's token, nobody else's; a connection without a profile hears bye."""
    host = Host("die_mauer", 3, seed=4, options={"rounds": 1}, seats=TWO, bot_delay=0.0)
    handle = serve_in_thread(host, interfaces=["127.0.0.1"], advertise=False, check_outgoing=True)
    try:
        first, _ = joined(handle.port, "Ada")
        first.send({"t": "profile", "id": "a1", "name": "Ada", "colour": 0, "emblem": 0})
        second, _ = joined(handle.port, "Bo")  # brings no profile
        _wait_for(lambda: host.profiles.get(0))
        handle.call(lambda: host.keep_profiles_only("the game is over"))
        assert second.until("bye")["reason"] == "the game is over"
        assert second.next() is None  # and the host closes that connection
        handle.call(lambda: host.tell_next_table(0, "die_mauer", 47000, "f" * 32))
        message = first.until("next_table")
        assert message == {"t": "next_table", "game": "die_mauer", "port": 47000, "token": "f" * 32, "invite": None}
        first.close()
    finally:
        handle.close()
