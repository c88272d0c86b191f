"""The in-process host and LocalSession: the session interface the client plays through."""

import pytest

from engines import GAMES, Rng, SetupError, events_for, new_game, replay
from netplay.errors import Refused, SaveError
from netplay.host import AWAY_AFTER, LOBBY_GRACE, Host, Listener

pytestmark = pytest.mark.timeout(60)

GAME_IDS = sorted(GAMES)


def kinds(messages):
    return [m["t"] for m in messages]


def play_locally(host, sessions, rng, now=0.0, limit=20_000):
    """Drive local sessions with bot moves until the game ends; returns the last updates."""
    last = {}
    for _ in range(limit):
        now += 0.05
        host.tick(now)
        for session in sessions:
            for message in session.poll():
                if message["t"] == "update":
                    last[session.seat] = message
                elif message["t"] == "reject":
                    raise AssertionError(f"rejected: {message}")
        if host.is_over():
            return last, now
        for session in sessions:
            update = last.get(session.seat)
            if update and update["legal"]:
                info = GAMES[host.game_id]
                session.send(info.bot(update["view"], update["legal"], rng))
                last[session.seat] = dict(update, legal=[])  # wait for the next update
    raise AssertionError("the game did not end")


def test_local_session_starts_with_welcome_start_and_update():
    host = Host("die_mauer", 3, seed=4, options={"rounds": 1})
    session = host.session(1)
    messages = session.poll()
    assert kinds(messages) == ["welcome", "start", "update", "lobby"]
    welcome, start, update, lobby = messages
    assert welcome["seat"] == 1 and isinstance(welcome["token"], str) and welcome["token"]
    assert lobby["phase"] == "playing" and [s["kind"] for s in lobby["seats"]] == ["human"] * 3
    assert start == {"t": "start", "game": "die_mauer", "players": 3, "seat": 1,
                     "names": ["Player 1", "Player 2", "Player 3"]}
    assert update["view"] == host.state.view(1)
    assert update["legal"] == host.state.legal_actions(1) and update["events"] == []
    assert session.poll() == []


def test_accept_reject_and_every_session_updated():
    host = Host("die_mauer", 2, seed=1, options={"rounds": 1}, names=["Ada", "Bo"])
    ada, bo, watcher = host.session(0), host.session(1), host.session(None)
    for s in (ada, bo, watcher):
        s.poll()
    seq = ada.send({"type": "plan", "piece": "T"})
    assert seq == 1
    messages = ada.poll()
    assert kinds(messages) == ["update", "accept"] and messages[1]["seq"] == 1
    assert messages[0]["view"]["plans"]["mine"] == "T"
    assert any(e["type"] == "planned" for e in messages[0]["events"])
    for other in (bo, watcher):
        (update,) = other.poll()
        assert update["t"] == "update"
        assert not any(e["type"] == "planned" for e in update["events"])
        assert "mine" not in update["view"]["plans"]
    assert watcher.seat is None
    seq = ada.send({"type": "plan", "piece": "G"})
    assert ada.poll() == [{"t": "reject", "seq": 2, "code": "not_your_turn", "reason": "it is not player 1's turn",
                           "say": "it is not player {player}'s turn", "data": {"player": 1}}]
    seq = bo.send({"type": "flap"})
    (reject,) = bo.poll()
    assert reject["t"] == "reject" and reject["seq"] == 1 and reject["code"] == "unknown_action"  # not a matter of phase
    assert watcher.send({"type": "plan", "piece": None}) == 1
    assert watcher.poll()[0]["code"] == "spectator"
    assert bo.send({"type": "plan", "piece": object()}) == 2
    assert bo.poll()[0]["code"] == "malformed"
    assert host.log == [[0, {"type": "plan", "piece": "T"}]]


def test_sent_action_is_copied():
    host = Host("die_mauer", 2, seed=1)
    session = host.session(0)
    action = {"type": "plan", "piece": "T"}
    session.send(action)
    action["piece"] = "G"
    assert host.log[0][1]["piece"] == "T"


def test_closed_session_gets_nothing_more():
    host = Host("die_mauer", 2, seed=1)
    a, b = host.session(0), host.session(1)
    b.close()
    a.send({"type": "plan", "piece": None})
    assert kinds(b.poll()) == ["welcome", "start", "update", "lobby"]  # queued before close only
    assert b.poll() == []
    b.send({"type": "plan", "piece": None})
    assert b.poll()[0]["code"] == "closed"


def test_bad_setups_are_refused():
    with pytest.raises(SetupError):
        Host("no_such_game", 2)
    with pytest.raises(SetupError):
        Host("die_mauer", 9)
    with pytest.raises(SetupError):
        Host("die_mauer", 2, seats=[{"kind": "local"}])
    with pytest.raises(SetupError):
        Host("die_mauer", 2, seats=[{"kind": "local"}, {"kind": "bot", "strength": "godlike"}])
    host = Host("die_mauer", 2, seats=[{"kind": "local"}, {"kind": "bot"}])
    with pytest.raises(ValueError, match="bot seat"):
        host.session(1)


def test_bots_wait_for_their_reaction_time():
    info = GAMES["die_mauer"]
    host = Host("die_mauer", 2, seed=3, seats=[{"kind": "local"}, {"kind": "bot", "strength": "hard"}])
    me = host.session(0)
    host.tick(10.0)
    assert host.log == []
    host.tick(10.0 + info.bot_reaction_seconds["hard"] - 0.01)
    assert host.log == []
    assert host.next_due() == pytest.approx(10.0 + info.bot_reaction_seconds["hard"])
    host.tick(10.0 + info.bot_reaction_seconds["hard"])
    assert [player for player, _ in host.log] == [1]
    update = [m for m in me.poll() if m["t"] == "update"][-1]
    assert 1 in update["view"]["plans"]["locked"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_all_bot_game_plays_to_the_end_and_replays(game_id):
    info = GAMES[game_id]
    players, options = info.test_configs[0] if info.test_configs else (info.min_players, {})
    host = Host(game_id, players, seed=7, options=options, seats=[{"kind": "bot"}] * players, bot_delay=0.0)
    watcher = host.session(None)
    now = 0.0
    while not host.is_over() and now < 10_000:
        now += 1.0
        host.tick(now)
    assert host.is_over()
    assert replay(game_id, players, 7, host.options, host.log).digest() == host.state.digest()
    last = [m for m in watcher.poll() if m["t"] == "update"][-1]
    assert last["view"] == host.state.view(None) and last["legal"] == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_local_seats_and_bots_play_a_match(game_id):
    info = GAMES[game_id]
    players, options = info.test_configs[0] if info.test_configs else (info.min_players, {})
    seats = [{"kind": "local"}] + [{"kind": "bot", "strength": "easy"}] * (players - 1)
    host = Host(game_id, players, seed=11, options=options, seats=seats)
    sessions = [host.session(0), host.session(None)]
    last, _ = play_locally(host, sessions, Rng(5))
    for session in sessions:
        assert last[session.seat]["view"] == host.state.view(session.seat)


def test_private_events_reach_only_their_seats():
    host = Host("die_mauer", 3, seed=2, options={"rounds": 2}, seats=[{"kind": "bot"}] * 3, bot_delay=0.0)
    sessions = {seat: host.session(seat) for seat in (None,)}
    seen = []
    sessions[None]._listener.deliver = seen.append  # a spectator records what it is sent
    host.tick(1.0)
    assert host.is_over()
    for message in seen:
        if message["t"] == "update":
            assert all("only" not in e and e["type"] != "planned" and e["type"] != "donated"
                       for e in message["events"])
    # and the filter used is the engine's own
    assert events_for([{"type": "x", "only": [1]}], None) == []


def test_remote_seats_claim_lobby_start_and_tokens():
    host = Host("die_mauer", 3, seed=1, seats=[{"kind": "remote"}, {"kind": "remote"}, {"kind": "bot"}])
    box_a, box_b = [], []
    a = host.claim("Ada", None, box_a.append)
    assert host.phase == "lobby" and kinds(box_a) == ["welcome", "lobby"]
    token_a = box_a[0]["token"]
    assert [s["kind"] for s in box_a[-1]["seats"]] == ["human", "open", "bot"]
    host.claim("Bo", None, box_b.append)
    assert host.phase == "playing"
    assert kinds(box_b) == ["welcome", "start", "update", "lobby"]  # once each (docs/netplay.md)
    assert kinds(box_a) == ["welcome", "lobby", "start", "update", "lobby"]
    with pytest.raises(Refused) as refused:
        host.claim("Eve", None, [].append)
    assert refused.value.code == "table_full"
    with pytest.raises(Refused) as refused:
        host.claim("Eve", "0" * 32, [].append)
    assert refused.value.code == "bad_token"
    host.tick(0.0)
    host.heard(0, 0.0)
    host.detach(a)
    assert box_b[-1]["t"] == "lobby" and box_b[-1]["seats"][0]["away"]
    box_a2 = []
    host.claim("whoever", token_a, box_a2.append)
    assert kinds(box_a2) == ["welcome", "start", "update", "lobby"]
    assert box_a2[0]["seat"] == 0 and box_a2[2]["view"] == host.state.view(0)
    assert not box_b[-1]["seats"][0]["away"]


def test_reconnect_replaces_the_old_connection():
    host = Host("die_mauer", 2, seats=[{"kind": "remote"}, {"kind": "local"}])
    old = []
    host.claim("Ada", None, old.append)
    new = []
    host.claim("Ada", old[0]["token"], new.append)
    assert old[-1]["t"] == "bye"
    assert [lst.seat for lst in host.listeners if lst.remote] == [0]


def test_silent_peer_is_away_and_can_be_handed_to_a_bot():
    host = Host("die_mauer", 2, seed=5, options={"rounds": 1},
                seats=[{"kind": "remote"}, {"kind": "bot"}], bot_delay=0.1)
    box = []
    host.tick(100.0)
    host.claim("Ada", None, box.append)
    host.heard(0, 100.0)
    watcher = host.session(None)
    host.tick(100.0 + AWAY_AFTER - 0.1)
    assert not host.seats[0].away
    host.tick(100.0 + AWAY_AFTER + 0.1)
    lobby = [m for m in watcher.poll() if m["t"] == "lobby"][-1]
    assert lobby["seats"][0]["away"]
    # a turn-based game waits for the away seat ...
    length = len(host.log)
    host.tick(200.0)
    host.tick(300.0)
    assert len(host.log) == length + 0 or all(p == 1 for p, _ in host.log[length:])
    assert not host.is_over()
    # ... until the host hands it to a bot
    host.hand_to_bot(0, "easy")
    now = 300.0
    while not host.is_over() and now < 400:
        now += 0.2
        host.tick(now)
    assert host.is_over()


def test_a_lobby_seat_left_with_bye_is_free_at_once():
    host = Host("die_mauer", 3, seats=[{"kind": "remote"}] * 2 + [{"kind": "bot"}])
    box = []
    listener = host.claim("Ada", None, box.append)
    token = box[0]["token"]
    host.detach(listener, leaving=True)
    assert host.seats_open() == 2
    with pytest.raises(Refused):
        host.claim("Ada", token, [].append)


def test_a_lobby_seat_dropped_abruptly_waits_for_its_token_then_is_freed():
    host = Host("die_mauer", 4, seats=[{"kind": "remote"}] * 3 + [{"kind": "bot"}])
    host.tick(10.0)
    box, watcher = [], host.session(None)
    listener = host.claim("Ada", None, box.append)
    token = box[0]["token"]
    host.detach(listener)  # a Wi-Fi blip
    seat = watcher.poll()[-1]["seats"][0]
    assert seat["kind"] == "human" and seat["away"] and seat["name"] == "Ada"
    newcomer = []
    assert host.claim("Bo", None, newcomer.append).seat == 1  # the away seat is not given away
    host.tick(10.0 + LOBBY_GRACE - 1)
    back = []
    assert host.claim("Ada", token, back.append).seat == 0 and not host.seats[0].away
    host.detach(host.listeners[-1])
    host.tick(10.0 + LOBBY_GRACE)  # away again from here
    host.tick(10.0 + 2 * LOBBY_GRACE + 0.5)
    assert host.seats_open() == 2 and watcher.poll()[-1]["seats"][0]["kind"] == "open"
    with pytest.raises(Refused) as refused:
        host.claim("Ada", token, [].append)
    assert refused.value.code == "bad_token"


def test_save_and_resume(tmp_path):
    path = tmp_path / "game.save"
    host = Host("die_mauer", 3, seed=9, options={"rounds": 1},
                seats=[{"kind": "remote"}, {"kind": "bot"}, {"kind": "bot"}], bot_delay=0.0, save_path=path)
    box = []
    host.claim("Ada", None, box.append)
    token = box[0]["token"]
    host.tick(1.0)
    assert path.exists() and host.log
    resumed = Host.resume(path, bot_delay=0.0)
    assert resumed.state.digest() == host.state.digest() and resumed.log == host.log
    assert resumed.phase == "playing" and resumed.seats[0].away and resumed.resume_note is None
    with pytest.raises(Refused):
        resumed.claim("Eve", None, [].append)
    again = []
    resumed.claim("Ada", token, again.append)
    assert again[2]["view"] == host.state.view(0)


@pytest.mark.parametrize(("content", "code"), [
    ("{not json", "corrupt_save"),
    ('{"format": "something-else"}', "foreign_save"),
    ('{"format": "spielabend-save", "version": 1, "game": "die_mauer"}', "foreign_save"),  # an older save
    ("[1, 2]", "foreign_save"),
    ("", "corrupt_save"),
    ("hello world\n", "corrupt_save"),
])
def test_corrupt_or_foreign_saves_are_refused(tmp_path, content, code):
    path = tmp_path / "bad.save"
    path.write_text(content)
    with pytest.raises(SaveError) as error:
        Host.resume(path)
    assert error.value.code == code


def test_save_with_tampered_log_is_refused(tmp_path):
    path = tmp_path / "game.save"
    host = Host("die_mauer", 2, seed=9, seats=[{"kind": "bot"}] * 2, bot_delay=0.0, save_path=path)
    host.tick(1.0)
    lines = path.read_bytes().splitlines(keepends=True)
    acts = [i for i, line in enumerate(lines) if b'"k":"act"' in line]
    del lines[acts[-1]]  # an action gone, checksums all whole: the final snapshot no longer matches
    path.write_bytes(b"".join(lines))
    with pytest.raises(SaveError, match="does not match"):
        Host.resume(path)


def test_returning_owner_takes_the_seat_back_from_its_stand_in():
    host = Host("die_mauer", 2, seats=[{"kind": "remote"}, {"kind": "bot"}], bot_delay=0.5)
    host.bot_after = 10.0
    box = []
    host.tick(0.0)
    host.claim("Ada\n\x1b[31m", None, box.append)
    assert host.seats[0].name == "Ada[31m"  # no control characters reach anyone's console
    host.tick(AWAY_AFTER + 1)
    assert host.seats[0].away and host.seats[0].robot is None
    host.tick(AWAY_AFTER + 12)
    assert host.seats[0].robot == "normal"  # away too long: a bot plays on
    assert box[-1]["t"] in ("lobby", "update")
    host.heard(0, AWAY_AFTER + 13)
    assert host.seats[0].robot is None and not host.seats[0].away
    assert [m for m in box if m["t"] == "lobby"][-1]["seats"][0] == {
        "name": "Ada[31m", "kind": "human", "ready": True, "away": False, "via": "lan"}


def test_a_copy_saved_elsewhere_resumes_the_same_game(tmp_path):
    host = Host("die_mauer", 3, seed=4, seats=[{"kind": "bot"}] * 3, bot_delay=0.0)
    host.tick(1.0)
    host.save(tmp_path / "s.save")
    resumed = Host.resume(tmp_path / "s.save", save_path=tmp_path / "t.save")
    assert resumed.log == host.log and resumed.state.digest() == host.state.digest()
    assert Host.resume(tmp_path / "t.save").state.digest() == host.state.digest()


TIMED = [
    pytest.param(game_id, players, options, id=f"{game_id}-{options}")
    for game_id, info in GAMES.items()
    for players, options in info.test_configs
    if new_game(game_id, players, 1, **options).host_timer() is not None
]


@pytest.mark.parametrize(("game_id", "players", "options"), TIMED)
def test_engine_timers_run_on_the_host_clock(game_id, players, options):
    host = Host(game_id, players, seed=1, options=options)
    watcher = host.session(None)
    seconds = host.state.host_timer()["seconds"]
    host.tick(100.0)
    assert host.next_due() == pytest.approx(100.0 + seconds)
    host.tick(100.0 + seconds - 0.01)
    assert host.log == []
    host.tick(100.0 + seconds)
    assert host.log and host.log[0][0] is None  # the host's own action: time is up
    assert [m for m in watcher.poll() if m["t"] == "update"][-1]["view"] == host.state.view(None)
    timer = host.state.host_timer()
    if timer is not None:  # a new deal or round: a fresh count from now
        host.tick(100.0 + seconds + timer["seconds"] - 0.01)
        assert len(host.log) == 1


def test_a_host_without_a_seed_draws_a_fresh_one_from_the_system():
    seeds = [Host("die_mauer", 2).seed, Host("die_mauer", 2, seed=None).seed, Host("wie_waldi", 2).seed]
    assert len(set(seeds)) == 3
    assert all(seed.bit_length() > 128 for seed in seeds)  # 256 bits drawn; 128 is the floor
    assert Host("die_mauer", 2, seed=5).seed == 5  # chosen by hand, for tests and replays


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_message_view_or_event_holds_the_seed(game_id):
    info = GAMES[game_id]
    players, options = info.test_configs[0] if info.test_configs else (info.min_players, {})
    host = Host(game_id, players, options=options, seats=[{"kind": "bot"}] * players, bot_delay=0.0)
    boxes = {seat: [] for seat in [None, *range(players)]}
    for seat, box in boxes.items():
        host.attach(Listener(seat, box.append))
    now = 1.0
    while not host.is_over() and now < 10_000:  # a real-time game's bots react like people
        host.tick(now)
        now += 0.25
    assert host.is_over()
    key = host.state.rng.to_plain()[0]
    for seat, box in boxes.items():
        text = repr(box)
        assert str(host.seed) not in text and f"{host.seed:x}" not in text and key not in text, seat
        assert "'seed'" not in text and "'rng'" not in text
        assert len([m for m in box if m["t"] == "update"]) == len(host.log) + 1


def _vias(box):
    return [seat["via"] for seat in [m for m in box if m["t"] == "lobby"][-1]["seats"]]


def test_the_lobby_says_the_tables_name_and_how_each_seat_is_played():
    """Protocol 6: a group sees at the lobby who plays at the host, from a phone, from
    a LAN window or from afar through the relay; a stand-in bot keeps its player's way in."""
    host = Host("die_mauer", 6, seats=[{"kind": "local"}, {"kind": "local"}, {"kind": "remote"},
                                       {"kind": "remote"}, {"kind": "remote"}, {"kind": "bot"}],
                meta={"table": "Kitchen"}, bot_delay=0.0)
    box = []
    spectator = Listener(None, box.append)
    host.attach(spectator)
    assert host.lobby_message()["table"] == "Kitchen"
    assert _vias(box) == ["couch", "couch", "", "", "", ""]
    phone_on_couch = host.connect_phone(1, [].append)
    host.claim("Ada", None, [].append)  # a LAN window (the server's default)
    host.claim("Bo", None, [].append, via="relay", seat=3)
    host.connect_phone(4, [].append)
    assert _vias(box) == ["couch", "phone", "lan", "relay", "phone", ""]
    host.detach(phone_on_couch)  # its last phone went: played at the host again
    assert _vias(box) == ["couch", "couch", "lan", "relay", "phone", ""]
    host.tick(0.0)
    host.hand_to_bot(2)
    lobby = [m for m in box if m["t"] == "lobby"][-1]
    assert lobby["seats"][2]["kind"] == "bot" and lobby["seats"][2]["via"] == "lan"
    assert Host("die_mauer", 2).lobby_message()["table"] == ""


def test_a_set_up_name_for_an_open_seat_is_planned_and_a_phone_takes_it(tmp_path):
    """The set-up names a remote seat for Anna: while it is open the lobby says no name; a
    phone that claims it plays as Anna (before protocol 6: "Player 3"), a LAN peer under its
    own name; freeing the seat keeps the plan, and so does the save."""
    path = tmp_path / "plan.save"
    host = Host("die_mauer", 5, seats=[{"kind": "local"}, {"kind": "remote"}, {"kind": "remote"},
                                       {"kind": "bot"}, {"kind": "remote"}],
                names=["Cleo", "Ben", "Anna", "", ""], save_path=path, bot_delay=0.0)
    assert [s["name"] for s in host.lobby_message()["seats"]] == ["Cleo", "", "", "Bot 4", ""]
    box = []
    peer = host.claim("Bo", None, box.append)
    assert peer.seat == 1 and host.seats[1].name == "Bo"  # a LAN peer takes its own name
    phone = host.connect_phone(2, [].append)
    assert host.seats[2].name == "Anna"
    resumed = Host.resume(path, save_path=tmp_path / "again.save")  # a table in its lobby opens again
    assert [(s.name, s.planned) for s in resumed.seats[1:3]] == [("", "Ben"), ("", "Anna")]
    host.detach(phone, leaving=True)
    assert (host.seats[2].name, host.seats[2].planned, host.seats[2].taken) == ("", "Anna", False)
    host.connect_phone(2, [].append)
    assert host.seats[2].name == "Anna"
    host.claim("Dora", None, [].append)
    assert host.phase == "playing"
    assert host.start_message(None)["names"] == ["Cleo", "Bo", "Anna", "Bot 4", "Dora"]
