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
VERSION = 8  # docs/netplay.md, *Wire protocol (version 8)*


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
        """The refusal, then the host closes. docs: *Words for people*: its ``say`` is the
        template of its ``reason``, which ``data`` fills."""
        refusal = self.until("refuse")
        assert set(refusal) == {"t", "code", "reason", "say", "data"} and refusal["reason"]
        assert isinstance(refusal["say"], str) and isinstance(refusal["data"], dict)
        assert refusal["say"].format(**refusal["data"]) == refusal["reason"], refusal
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
    wire.send({"t": "hello", "version": VERSION, "name": name,
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
    stranger.send({"t": "hello", "version": VERSION, "name": "Eve", "proof": "", "token": "0" * 32})
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
    wrong.send({"t": "hello", "version": VERSION, "name": "x", "proof": proof("grüße", "0" * 32), "token": None})
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
    (Wire.frame({"t": "hello", "version": VERSION, "name": "", "proof": "", "token": None}), "malformed"),  # twice
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
    stranger.send({"t": "hello", "version": VERSION, "name": "eve", "proof": "", "token": "0" * 32})
    assert stranger.refused()["code"] == "bad_token"
    old = Wire(port)
    old.next()
    old.send({"t": "hello", "version": 4, "name": "x", "proof": "", "token": None})  # before say and data
    refused = old.refused()
    assert refused["code"] == "version" and f"protocol {VERSION}" in refused["reason"] and "update the older one" in refused["reason"]
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
    stranger.send({"t": "hello", "version": VERSION, "name": "x", "proof": "", "token": welcome["token"]})
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


# --- issue 36: the host does what this document says -----------------------------------
@pytest.fixture
def served():
    """served(game, seats, **options) -> (port, host) of a served host of any game; closed after."""
    handles = []

    def start(game, seats, seed=4, **options):
        host = Host(game, len(seats), seed=seed, options=options, seats=seats, bot_delay=0.0)
        handle = serve_in_thread(host, interfaces=["127.0.0.1"], advertise=False, check_outgoing=True)
        handles.append(handle)
        return handle.port, host

    yield start
    for handle in handles:
        handle.close()


@pytest.mark.parametrize("timing", [{"seen": 1}, {"ms": 12.5}, {"seen": None, "ms": None}, {"seen": 1, "ms": None}],
                         ids=["seen_alone", "ms_alone", "both_nil", "ms_nil"])
def test_an_intents_seen_and_ms_come_whole_or_not_at_all(table, timing):
    """docs: *Frames and messages*: [seen, ms] both or neither, never nil; else `malformed`."""
    port, _ = table(TWO)
    wire, _ = joined(port)
    wire.until("lobby")
    wire.send({"t": "intent", "seq": 1, "action": None, **timing})
    refusal = wire.refused()
    assert refusal["code"] == "malformed"
    assert refusal["data"]["kind"] == "intent" and ("seen" in refusal["reason"] or "ms" in refusal["reason"])


@pytest.mark.parametrize("colour", [9, -1, 6])
def test_a_profiles_colour_outside_0_to_5_is_malformed(table, colour):
    """docs: `profile`: colour (int, 0 to 5; any other is `malformed`)."""
    port, host = table(TWO, meta={"colours": [0, 1, 2]})
    wire, _ = joined(port, "Ada")
    wire.until("lobby")
    wire.send({"t": "profile", "id": "a1", "name": "Ada", "colour": colour, "emblem": 0})
    refusal = wire.refused()
    assert refusal["code"] == "malformed" and refusal["data"] == {"kind": "profile", "field": "colour"}
    assert host.profiles.get(0) is None and host.meta["colours"] == [0, 1, 2]


@pytest.mark.parametrize(("frame", "code", "data"), [
    (Wire.frame({"t": "dance"}), "unknown_type", {"type": "'dance'"}),
    (Wire.frame({"t": "ping", "sent": 1.0}), "malformed", {"kind": "ping", "fields": "sent, rtt", "given": "sent"}),
    (Wire.frame({"t": "ping", "sent": "now", "rtt": None}), "malformed", {"kind": "ping", "field": "sent"}),
    ((70000).to_bytes(4, "big"), "frame_too_large", {"bytes": 70000, "limit": 65536}),
    ((0).to_bytes(4, "big"), "malformed", {}),
    ((2).to_bytes(4, "big") + b"\xc1\xc1", "malformed", {"error": "FormatError"}),
], ids=["unknown_type", "field_missing", "wrong_type", "too_large", "empty", "not_msgpack"])
def test_an_envelope_refusal_says_what_was_wrong_as_the_template_of_its_reason(table, frame, code, data):
    """docs: *Words for people*: `reason` is `say` filled from `data`, the envelope's refusals
    included, with the protocol's own words (types, fields, sizes) in `data`."""
    port, _ = table(TWO)
    wire, _ = joined(port)
    wire.until("lobby")
    wire.raw(frame)
    refusal = wire.refused()  # checks say.format(**data) == reason
    assert refusal["code"] == code and refusal["data"] == data
    assert refusal["say"] != "the host could not read a message from you"


@pytest.mark.parametrize(("game", "option", "field"), [("wild_west", "timer", "timer"),
                                                      ("wie_waldi", "round_timer", "round_timer")])
def test_a_timer_that_is_off_is_nil_in_the_view(served, game, option, field):
    """docs/rules/wild_west.md and wie_waldi.md, *The view*: the timer option's seconds, or None."""
    for value, shown in ((0, None), (30, 30)):
        port, _ = served(game, [{"kind": "remote"}, {"kind": "bot"}], **{option: value})
        wire, _ = joined(port)
        assert wire.until("update")["view"][field] == shown
        wire.close()


def test_a_stand_in_bot_seat_is_not_ready_while_its_silent_player_is_still_connected(table):
    """docs: the lobby's `ready`: false under a stand-in, even while a silent connection of
    its player is still open (the seat went away by silence, not by a drop)."""
    port, host = table(TWO)
    host.bot_after = 0.2
    silent, _ = joined(port, "Ada")
    watcher, _ = joined(port, "Bo")
    deadline = time.monotonic() + 20
    message = None
    while message is None:  # Bo pings as a window does; Ada says nothing and keeps her connection
        assert time.monotonic() < deadline, "no stand-in bot for the silent seat"
        time.sleep(0.5)
        watcher.send({"t": "ping", "sent": 1.0, "rtt": None})
        start = len(watcher.heard)
        watcher.until("pong")
        for heard in watcher.heard[start:]:
            if heard["t"] == "lobby" and heard["seats"][0]["kind"] == "bot":
                message = heard
    seat = message["seats"][0]
    assert (seat["kind"], seat["away"], seat["ready"]) == ("bot", True, False)
    assert message["seats"][1]["ready"] is True and message["seats"][2]["ready"] is True
    silent.close()
    watcher.close()


def test_a_name_is_cut_to_40_printable_characters(table):
    """docs: `hello.name`: its printable characters, at most 40 of them."""
    port, _ = table(TWO)
    wire, _ = joined(port, "\x00\x01\x07 " + "A" * 45)
    assert wire.until("lobby")["seats"][0]["name"] == "A" * 40
    wire.close()


@pytest.mark.parametrize("game", ["architekton", "die_mauer", "drunter_druber", "wie_waldi", "wild_west"])
def test_every_game_answers_a_type_it_never_takes_with_unknown_action(served, game):
    """docs: *Refusal and reject codes*: `unknown_action` with data {"type": the type quoted},
    in every game, whoever's turn it is and whatever the phase (Wie Waldi's countdown too)."""
    port, _ = served(game, [{"kind": "remote"}, {"kind": "bot"}])
    wire, _ = joined(port)
    wire.until("update")
    for seq, kind in ((1, "dance"), (2, "wuff")):  # wuff: the host's own, never a player's
        wire.send({"t": "intent", "seq": seq, "action": {"type": kind}})
        reject = wire.until("reject")
        assert (reject["seq"], reject["code"], reject["data"]) == (seq, "unknown_action", {"type": repr(kind)})
        assert reject["say"].format(**reject["data"]) == reject["reason"]
    wire.close()


def _race_to_the_last_play(seed: int):
    """A Wie Waldi game of three (one round), played at random from ``seed`` until seat 0
    holds a play that ends the game while seat 1 may draw and seat 2 holds a play on another
    dog that seat 0's card would fit too: the moves to get there, and those three plays.
    (The engine picks the moves; the wire carries them as any client's.)"""
    from engines import Rng, new_game

    state, rng, path = new_game("wie_waldi", 3, seed, rounds=1, countdown=1), Rng(seed * 7 + 1), []
    state.apply(None, state.host_actions()[0])  # the countdown's wuff: the host applies it, too
    while not state.is_over():
        ending = [a for a in state.legal_actions(0) if a["type"] == "play" and _ends(state, 0, a)]
        draws = [a for a in state.legal_actions(1) if a["type"] == "draw"]
        fits = {b["dog"] for b in state.legal_actions(0) if b["type"] == "play"}  # dogs Ada's card fits
        others = [a for a in state.legal_actions(2) if a["type"] == "play" and ending and a["dog"] in fits
                  and a["dog"] != ending[0]["dog"] and not _ends(state, 2, a)]
        if ending and draws and others:
            return path, ending[0], draws[0], others[0]
        seat = (active := state.active_players())[rng.below(len(active))]
        legal = state.legal_actions(seat)
        plays = [a for a in legal if a["type"] != "put_back"]
        action = plays[rng.below(len(plays))] if plays and rng.below(10) else legal[rng.below(len(legal))]
        state.apply(seat, action)
        path.append((seat, action))
    raise AssertionError("no such end in this game")


def _ends(state, seat, action) -> bool:
    after = state.clone()
    after.apply(seat, action)
    return after.is_over()


def test_a_draw_at_a_races_end_applies_at_once_and_only_a_race_lost_for_the_same_place_has_a_margin(served):
    """docs: *Fair races*: plays nobody can contest (a draw) apply at once, even while a play
    that ends the game is held; a play refused for another reason than losing the same place
    (here: the game is over) hears no margin and makes no photo."""
    path, last, draw, other = _race_to_the_last_play(32)
    port, host = served("wie_waldi", [{"kind": "remote"}] * 3, seed=32, rounds=1, countdown=1)
    wires = [joined(port, name)[0] for name in ("Ada", "Bo", "Cy")]
    for wire in wires:
        wire.until("update")
    _wait_for(lambda: 1 if host.state.phase == "race" else None)  # the countdown (1 s), then the host's wuff
    for seq, (seat, action) in enumerate(path, start=1):  # the game as the engine played it, over the wire
        wires[seat].send({"t": "intent", "seq": seq, "action": action})
        assert wires[seat].until("accept")["seq"] == seq
        for wire in wires:  # every table follows (an update's n counts the host's wuff too)
            while not [m for m in wire.heard[-4:] if m["t"] == "update" and m["n"] == seq + 1]:
                wire.next()
    # Bo and Cy answer the host's probes slowly (150 ms): Ada's last play waits that long for them
    for wire in wires[1:]:
        wire.until("probe")
    time.sleep(0.15)
    for wire in wires[1:]:
        wire.send({"t": "probe", "n": wire.heard[-1]["n"]})
    _wait_for(lambda: 1 if all(len(host.arbiter.rtts.get(s, ())) for s in (1, 2)) else None)
    wires[0].send({"t": "intent", "seq": 1000, "action": last})  # ends the game: held for Bo's and Cy's presses
    wires[2].send({"t": "intent", "seq": 1001, "action": other})  # another dog: Ada's card fits it too
    wires[1].send({"t": "intent", "seq": 1002, "action": draw})  # nobody can contest a draw
    drawn = wires[1].until("accept")
    assert drawn["seq"] == 1002  # at once, not refused `game_over` behind Ada's play
    assert wires[0].until("accept")["seq"] == 1000
    refused = wires[2].until("reject")
    assert (refused["seq"], refused["code"]) == (1001, "game_over")
    assert refused["reason"] == "the game is over" and "by_ms" not in refused["data"]  # no race lost: no margin
    wires[2].send({"t": "ping", "sent": 1.0, "rtt": None})
    assert "photo" not in wires[2].kinds_until("pong")  # a photo would come right after the reject
    for wire in wires:
        wire.close()
