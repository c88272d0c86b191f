"""Every game, on the couch and over the LAN, played to its end by bots and watched again:
each update a seat (and a spectator) received is what the replay shows at that step, the
events too, and the final digest is the host's; a replay from the history's kept records is
the same game."""

import json
import time

import pytest

from client.cli.seat_player import SeatPlayer
from engines import GAMES, events_for
from netplay.host import Host
from netplay.replays import Replay, kept_records

from .conftest import decode_all, seated

pytestmark = pytest.mark.timeout(60)


def table_config(game_id):
    """A short game of ``game_id`` for three (or its only count), realtime ones in one quick round."""
    info = GAMES[game_id]
    players = max(3, info.min_players) if info.max_players >= 3 else info.min_players
    options = dict(info.test_configs[0][1] if info.test_configs else {})
    if info.realtime:  # bots react like people (netplay.bots): one short round
        options.update({key: value for key, value in (("rounds", 1), ("countdown", 1)) if key in info.options})
    return players, options


def updates_of(messages):
    return [m for m in messages if m.get("t") == "update"]


def assert_replay_shows_what_was_seen(replay, seat, updates):
    """Each update ``seat`` (None: a spectator) received: the replay's view at its step, and
    the events of that step as the one filter lets that seat see them."""
    assert updates, "the seat received no update"
    steps = {update["n"] for update in updates}
    assert steps == set(range(len(replay.steps) + 1)), "an update for the start and for every step"
    for update in updates:
        n = update["n"]
        assert replay.view(n, seat) == update["view"], f"seat {seat}'s view at step {n}"
        if n and update["events"]:  # an update for a step carries that step's events
            assert events_for(replay.steps[n - 1].events, seat) == update["events"], f"seat {seat}'s events at {n}"


def assert_same_game(replay, host):
    assert replay.finished and replay.problem is None
    assert len(replay.steps) == len(host.log)
    assert [[step.player, step.action] for step in replay.steps] == host.log
    assert replay.digest(len(replay.steps)) == host.state.digest()
    assert replay.steps[-1].scores == host.state.scores()
    assert [step.index for step in replay.steps] == list(range(1, len(host.log) + 1))
    kept = Replay.from_kept(kept_records(host.journal.records()))  # as the history keeps it
    assert kept.digest(len(kept.steps)) == host.state.digest() and kept.names == replay.names


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_couch_game_replays_every_step_as_each_seat_and_a_spectator_saw_it(game_id, tmp_path):
    players, options = table_config(game_id)
    save = tmp_path / "couch.save"
    seats = [{"kind": "local"}] * 2 + [{"kind": "bot"}] * (players - 2)
    host = Host(game_id, players, seed=None, options=options, seats=seats, names=["Anna", "Ben"], bot_delay=0.0,
                save_path=save)  # a fresh seed: large enough to look for
    sessions = [host.session(seat) for seat in range(2)] + [host.session(None)]
    players_at = [SeatPlayer(bot_seed=seat) for seat in range(2)]
    received = [[] for _ in sessions]
    deadline = time.monotonic() + 40
    while not host.is_over():
        assert time.monotonic() < deadline, "the couch game did not end"
        now = time.monotonic()
        host.tick(now)
        for index, session in enumerate(sessions):
            messages = session.poll()
            received[index] += messages
            if index < 2:
                player = players_at[index]
                player.absorb(messages)
                if player.may_act(now):
                    player.sent(session.send(player.bot_action()), now)
        time.sleep(0.001)
    for index, session in enumerate(sessions):
        received[index] += session.poll()
    host.close_save()

    replay = Replay.open(save)
    assert replay.game_id == game_id and replay.players == players and replay.names[:2] == ["Anna", "Ben"]
    assert_same_game(replay, host)
    for seat, messages in zip([0, 1, None], received, strict=True):
        assert_replay_shows_what_was_seen(replay, seat, updates_of(messages))
    # after the end every secret may be shown: each seat's own view is in it, and no seed
    final = replay.full_view(len(replay.steps))
    assert final["seats"] == [host.state.view(seat) for seat in range(players)]
    assert final["public"] == host.state.view(None)
    assert "seed" not in final["state"] and "rng" not in final["state"]
    shown = json.dumps(final)
    assert str(host.seed) not in shown and f"{host.seed:x}" not in shown
    assert host.state.rng.to_plain()[0] not in shown  # nor the generator's key


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_lan_game_replays_every_step_as_each_peer_saw_it(game_id, serve, connect, tmp_path):
    players, options = table_config(game_id)
    save = tmp_path / "lan.save"
    remote = min(2, players)
    seats = [{"kind": "remote"}] * remote + [{"kind": "bot"}] * (players - remote)
    host = Host(game_id, players, seed=8, options=options, seats=seats, bot_delay=0.0, save_path=save)
    handle = serve(host)
    records = [[] for _ in range(remote)]
    sessions = [connect(handle.port, f"peer{i}", record=records[i]) for i in range(remote)]
    pairs = [(session, SeatPlayer(bot_seed=i)) for i, session in enumerate(sessions)]
    for session, player in pairs:
        seated(session, player)
    deadline = time.monotonic() + 40
    while not (host.is_over() and all(p.last_update is not None and p.last_update["n"] == len(host.log)
                                      for _, p in pairs)):
        assert time.monotonic() < deadline, "the LAN game did not end"
        for session, player in pairs:
            player.absorb(session.poll())
            now = time.monotonic()
            if player.may_act(now):
                player.sent(session.send(player.bot_action()), now)
        time.sleep(0.002)
    handle.close()

    replay = Replay.open(save)
    assert replay.names[:remote] == [seat.name for seat in host.seats[:remote]]  # the seat records name the peers
    assert sorted(replay.names[:remote]) == [f"peer{i}" for i in range(remote)]
    assert_same_game(replay, host)
    for (_, player), chunks in zip(pairs, records, strict=True):
        assert_replay_shows_what_was_seen(replay, player.seat, updates_of(decode_all(chunks)))
