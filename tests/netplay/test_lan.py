"""LAN play on loopback: full matches, refusals, reconnects, leaks, resume."""

import socket
import time

import pytest

from client.cli.seat_player import SeatPlayer
from engines import GAMES, replay
from netplay.host import Host
from netplay.protocol import PROTOCOL_VERSION
from netplay.saves import read_save

from .conftest import (
    LOOPBACK,
    RawPeer,
    caught_up,
    decode_all,
    drive,
    expected_updates,
    saved_log,
    seated,
)

pytestmark = pytest.mark.timeout(60)


def remote_table(players, remote, seed=1, options=None, **kwargs):
    seats = [{"kind": "remote"}] * remote + [{"kind": "bot", "strength": "hard"}] * (players - remote)
    return Host("die_mauer", players, seed=seed, options=options or {"rounds": 1}, seats=seats,
                bot_delay=kwargs.pop("bot_delay", 0.0), **kwargs)


def assert_no_foreign_secrets(chunks, host, seat):
    """Nothing in the bytes a seat got belongs to another seat: no token, no update
    that the one filter would not have made for this seat."""
    raw = b"".join(chunks)
    for index, other in enumerate(host.seats):
        if index != seat:
            assert other.token.encode() not in raw, f"seat {seat} received seat {index}'s token"
    for secret in seed_forms(host):
        assert secret not in raw, f"seat {seat} received the seed or the generator's key"
    updates = [m for m in decode_all(chunks) if m["t"] == "update"]
    allowed = expected_updates(host.game_id, host.players, host.seed, host.options, host.log, seat)
    assert updates == allowed[len(allowed) - len(updates):] if updates else True
    assert updates and updates[0] == allowed[0], "the first update is the start of the game"
    for update in updates:
        for event in update["events"]:
            assert "only" not in event
            if host.game_id == "die_mauer":  # DM-2, DM-9: plans and donations stay private
                if event["type"] == "planned":
                    assert event["player"] == seat
                if event["type"] == "donated":
                    assert seat in (event["giver"], event["master"])
        if host.game_id == "die_mauer" and update["view"]["phase"] == "plan":
            assert set(update["view"]["plans"]) <= {"choosers", "locked", "mine"}


def seed_forms(host):
    """Every form in which the host's seed or its generator's key could be written (a
    small seed chosen by hand is only checked through its key)."""
    seed, key = host.seed, host.state.rng.to_plain()[0]
    forms = [key.encode(), bytes.fromhex(key)]
    if seed.bit_length() > 64:
        size = (seed.bit_length() + 7) // 8
        forms += [str(seed).encode(), f"{seed:x}".encode(), seed.to_bytes(size, "big"), seed.to_bytes(size, "little")]
    return forms


def test_full_die_mauer_match_two_bots_two_peers(serve, connect, tmp_path):
    save = tmp_path / "match.save"
    host = remote_table(4, 2, seed=21, options={"rounds": 2}, save_path=save)
    handle = serve(host)
    records = [[], []]
    sessions = [connect(handle.port, f"peer{i}", record=records[i]) for i in range(2)]
    players = [SeatPlayer(bot_seed=i) for i in range(2)]
    pairs = list(zip(sessions, players, strict=True))
    assert sorted(seated(s, p) for s, p in pairs) == [0, 1]

    drive(pairs, caught_up(host, players), timeout=40)
    names = [host.seats[0].name, host.seats[1].name]
    assert sorted(names) == ["peer0", "peer1"]
    for player in players:
        assert player.start == {"t": "start", "game": "die_mauer", "players": 4, "seat": player.seat,
                                "names": names + ["Bot 3", "Bot 4"]}
        assert player.last_update["view"] == host.state.view(player.seat)
        assert player.last_update["legal"] == []
        assert player.rejected == []
    saved = saved_log(save, host)
    assert replay("die_mauer", 4, 21, saved.head["options"], saved.log).digest() == host.state.digest()
    for chunks, player in zip(records, players, strict=True):
        assert_no_foreign_secrets(chunks, host, player.seat)
    # an intent after the game is over is rejected and changes nothing
    digest = host.state.digest()
    player = players[0]
    player.sent(sessions[0].send({"type": "plan", "piece": None}), 0.0)
    drive(pairs, lambda: player.rejected, timeout=10, act=False)
    assert player.rejected[-1]["code"] == "game_over" and host.state.digest() == digest


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_leak_scan_over_whole_bot_matches(serve, connect, game_id):
    info = GAMES[game_id]
    players = max(3, info.min_players) if info.max_players >= 3 else info.min_players
    options = dict(info.test_configs[0][1] if info.test_configs else {})
    if info.realtime:  # its bots react like people (netplay.bots) and it counts down: one short round
        options.update({key: value for key, value in (("rounds", 1), ("countdown", 1)) if key in info.options})
    for seed in (5, 6):
        remote = min(2, players)
        seats = [{"kind": "remote"}] * remote + [{"kind": "bot"}] * (players - remote)
        host = Host(game_id, players, seed=None, options=options, seats=seats, bot_delay=0.0)  # a fresh seed
        assert host.seed.bit_length() > 128
        handle = serve(host)
        records = [[] for _ in range(remote)]
        sessions = [connect(handle.port, f"p{i}", record=records[i]) for i in range(remote)]
        pairs = [(s, SeatPlayer(bot_seed=seed + i)) for i, s in enumerate(sessions)]
        for s, p in pairs:
            seated(s, p)
        drive(pairs, caught_up(host, [p for _, p in pairs]), timeout=40)
        for (_, player), chunks in zip(pairs, records, strict=True):
            assert_no_foreign_secrets(chunks, host, player.seat)
        handle.close()


def test_refusals_are_readable_and_disturb_nobody(serve, connect):
    host = remote_table(3, 2)
    handle = serve(host, password="sesame")
    ada = connect(handle.port, "Ada", password="sesame")
    assert ada.wait_welcome() == 0

    wrong_version = RawPeer(handle.port)
    wrong_version.hello(version=PROTOCOL_VERSION + 1, password="sesame")
    (refuse,) = wrong_version.read_until(lambda m: m["t"] == "refuse")
    assert refuse["code"] == "version" and "protocol" in refuse["reason"]
    assert wrong_version.closed_by_host()

    for password in ("wrong", None):
        peer = RawPeer(handle.port)
        assert peer.challenge["password"] is True
        peer.hello(password=password)
        (refuse,) = peer.read_until(lambda m: m["t"] == "refuse")
        assert refuse["code"] == "password" and "password" in refuse["reason"]
        assert peer.closed_by_host()

    bad = connect(handle.port, "Bo", password="nope")
    with pytest.raises(Exception, match="password"):
        bad.wait_welcome()
    no_password = connect(handle.port, "Bo")
    with pytest.raises(Exception, match="password"):
        no_password.wait_welcome()

    garbage = RawPeer(handle.port)
    garbage.send_raw(b"\x00\x00\x00\x03abc")
    (refuse,) = garbage.read_until(lambda m: m["t"] == "refuse")
    assert refuse["code"] == "malformed" and "not msgpack" in refuse["reason"]  # the reason says what was wrong
    assert garbage.closed_by_host()

    # three wrong passwords came from this address: the next try waits a moment (netplay.limits)
    slowed = connect(handle.port, "Bo", password="sesame")
    with pytest.raises(Exception, match="too many wrong passwords from your address; try again in 1 s"):
        slowed.wait_welcome()
    time.sleep(0.5)
    bo = connect(handle.port, "Bo", password="sesame")
    assert bo.wait_welcome() == 1
    full = RawPeer(handle.port)
    full.hello(password="sesame")
    (refuse,) = full.read_until(lambda m: m["t"] == "refuse")
    assert refuse["code"] == "table_full" and "taken" in refuse["reason"]
    assert full.closed_by_host()

    assert host.phase == "playing" and host.seats[0].connected and host.seats[1].connected
    pairs = [(ada, SeatPlayer(1)), (bo, SeatPlayer(2))]
    drive(pairs, host.is_over, timeout=30)


def test_reconnect_with_token_and_stolen_seats(serve, connect):
    host = remote_table(3, 2, seed=8, options={"rounds": 2})
    handle = serve(host)
    ada, bo = connect(handle.port, "Ada"), connect(handle.port, "Bo")
    pa, pb = SeatPlayer(1), SeatPlayer(2)
    seated(ada, pa), seated(bo, pb)
    token, mine = ada.token, pa.seat  # seats go in order of arrival
    drive([(ada, pa), (bo, pb)], lambda: len(host.log) >= 12, timeout=20)

    # a seated peer that tries to act for another seat is refused and dropped
    ada.close()
    thief = RawPeer(handle.port)
    thief.hello(token=token)
    (welcome,) = thief.read_until(lambda m: m["t"] == "welcome")
    assert welcome["seat"] == mine
    before = len(host.log)
    thief.send({"t": "intent", "seq": 1, "action": {"type": "plan", "piece": None}, "seat": 1 - mine})
    (refuse,) = thief.read_until(lambda m: m["t"] == "refuse")
    assert refuse["code"] == "malformed"
    assert thief.closed_by_host()
    # nothing was played for either remote seat (the bot may still move on its own meanwhile)
    assert [seat for seat, _ in host.log[before:] if host.seats[seat].kind == "remote"] == []

    # a wrong token, and no token at a full table, are refused
    for bad_token, code in (("f" * 32, "bad_token"), (None, "table_full")):
        stranger = RawPeer(handle.port)
        stranger.hello(token=bad_token)
        (refuse,) = stranger.read_until(lambda m: m["t"] == "refuse")
        assert refuse["code"] == code
        assert stranger.closed_by_host()

    deadline = time.monotonic() + 5
    while not host.seats[mine].away and time.monotonic() < deadline:
        time.sleep(0.01)
    assert host.seats[mine].away and not host.seats[1 - mine].away
    back = connect(handle.port, "Ada again", token=token)
    pback = SeatPlayer(3)
    assert seated(back, pback) == mine
    drive([(back, pback)], lambda: pback.last_update is not None, timeout=5, act=False)
    assert pback.last_update["view"] == host.state.view(mine)
    assert not host.seats[mine].away
    drive([(back, pback), (bo, pb)], caught_up(host, [pback, pb]), timeout=30)
    assert replay("die_mauer", 3, 8, host.options, host.log).digest() == host.state.digest()


def test_host_killed_and_resumed_from_its_save(serve, connect, tmp_path):
    save = tmp_path / "resume.save"
    host = remote_table(4, 2, seed=13, options={"rounds": 2}, save_path=save)
    handle = serve(host)
    sessions = [connect(handle.port, f"p{i}") for i in range(2)]
    players = [SeatPlayer(i) for i in range(2)]
    pairs = list(zip(sessions, players, strict=True))
    for s, p in pairs:
        seated(s, p)
    tokens = {p.seat: s.token for s, p in pairs}
    drive(pairs, lambda: len(host.log) >= 20, timeout=20)
    handle.close()  # the host goes away mid-game
    drive(pairs, lambda: all(p.bye for p in players), timeout=5, act=False)
    log_at_kill = read_save(save).log

    resumed = Host.resume(save, bot_delay=0.0)
    assert resumed.log == log_at_kill and resumed.phase == "playing"
    handle = serve(resumed)
    sessions = [connect(handle.port, f"p{seat}", token=tokens[seat]) for seat in (0, 1)]
    players = [SeatPlayer(10 + seat) for seat in (0, 1)]
    pairs = list(zip(sessions, players, strict=True))
    assert [seated(s, p) for s, p in pairs] == [0, 1]
    drive(pairs, caught_up(resumed, players), timeout=30)
    saved = saved_log(save, resumed)
    assert saved.log[: len(log_at_kill)] == log_at_kill
    assert replay("die_mauer", 4, 13, saved.head["options"], saved.log).digest() == resumed.state.digest()


def test_unreachable_host_is_reported(connect):
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]  # bound, not listening: nobody answers there
        session = connect(port, "lost", connect_timeout=2.0)
        with pytest.raises(Exception, match="cannot reach"):
            session.wait_welcome(5.0)
        assert session.poll()[-1]["t"] == "bye"
