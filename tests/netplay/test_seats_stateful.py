"""The host's seats in any order: join, leave, rejoin by token, hand to a bot and back,
act, let time pass, save and resume (hypothesis stateful testing)."""

import secrets
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from engines import replay
from netplay.errors import Refused
from netplay.host import AWAY_AFTER, LOBBY_GRACE, Host
from netplay.saves import read_save

pytestmark = pytest.mark.timeout(120)

REMOTE = (0, 1)  # seats 0 and 1 are for peers; 2 is played here, 3 by a bot
SEATS = [{"kind": "remote"}, {"kind": "remote"}, {"kind": "local"}, {"kind": "bot", "strength": "easy"}]


class Connection:
    """One peer's connection as the host sees it: what it was sent, checked as it arrives."""

    def __init__(self, machine: "Seats"):
        self.machine, self.messages, self.listener, self.closed = machine, [], None, False

    def deliver(self, message: dict) -> None:
        if message["t"] == "welcome":  # its own seat's token, and only that
            assert message["token"] == self.machine.host.seats[message["seat"]].token
        if message["t"] == "update" and self.listener is not None:
            assert message["view"] == self.machine.host.state.view(self.listener.seat)
        if message["t"] == "bye":
            self.closed = True
        self.messages.append(message)

    def last_update(self):
        updates = [m for m in self.messages if m["t"] == "update"]
        return updates[-1] if updates else None


class Seats(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="seats-"))
        self.path = self.folder / "table.save"
        self.host = Host("die_mauer", 4, seed=7, options={"rounds": 1}, seats=SEATS, bot_delay=0.5,
                         save_path=self.path)
        self.now = 0.0
        self.host.tick(self.now)
        self.local = self.host.session(2)
        self.connections: list[Connection] = []
        self.tokens: dict[int, str] = {}  # what each remote seat's peer was told

    def teardown(self):
        self.host.close_save()
        shutil.rmtree(self.folder, ignore_errors=True)

    def live(self, seat=None):
        return [c for c in self.connections if not c.closed and c.listener is not None
                and (seat is None or c.listener.seat == seat)]

    # --- peers come and go ---------------------------------------------------------------
    @rule(name=st.text(max_size=8))
    def join(self, name):
        connection = Connection(self)
        open_seats = [i for i in REMOTE if not self.host.seats[i].taken]
        try:
            connection.listener = self.host.claim(name, None, connection.deliver)
        except Refused as refusal:
            assert refusal.code == "table_full" and (not open_seats or self.host.phase != "lobby")
            return
        assert self.host.phase in ("lobby", "playing") and connection.listener.seat == open_seats[0]
        self.tokens[connection.listener.seat] = connection.messages[0]["token"]
        self.connections.append(connection)

    @rule(data=st.data(), bye=st.booleans())
    @precondition(lambda self: self.live())
    def leave(self, data, bye):
        connection = data.draw(st.sampled_from(self.live()))
        seat = connection.listener.seat
        self.host.detach(connection.listener, leaving=bye)
        connection.closed = True
        if self.host.phase == "lobby" and bye:  # said goodbye: the seat is open again at once
            assert not self.host.seats[seat].taken
            self.tokens.pop(seat, None)
        else:  # dropped (or in the game): kept for its token, away
            assert self.host.seats[seat].away and self.host.seats[seat].taken

    @rule(seat=st.sampled_from(REMOTE))
    @precondition(lambda self: self.tokens)
    def rejoin_by_token(self, seat):
        token = self.tokens.get(seat)
        if token is None:
            return
        older = self.live(seat)
        connection = Connection(self)
        connection.listener = self.host.claim("again", token, connection.deliver)
        assert connection.listener.seat == seat and not self.host.seats[seat].away
        assert self.host.seats[seat].robot is None  # the owner takes the seat back from a stand-in
        assert all(old.closed and old.messages[-1]["t"] == "bye" for old in older)
        if self.host.phase == "playing":
            assert connection.last_update()["view"] == self.host.state.view(seat)
        self.connections.append(connection)

    @rule()
    def a_stranger_guesses_a_token(self):
        with pytest.raises(Refused) as refused:
            self.host.claim("eve", secrets.token_hex(16), Connection(self).deliver)
        assert refused.value.code == "bad_token"

    # --- bots stand in -------------------------------------------------------------------
    @rule(seat=st.sampled_from(REMOTE))
    @precondition(lambda self: self.host.phase == "playing")
    def hand_to_bot(self, seat):
        self.host.hand_to_bot(seat, "easy")
        assert self.host.lobby_message()["seats"][seat]["kind"] == "bot"
        for connection in self.live(seat):
            update = connection.last_update()
            if update and update["legal"]:
                answer = self.host.submit(seat, 99, update["legal"][0])
                assert answer["code"] == "bot_seat"

    @rule(seat=st.sampled_from(REMOTE))
    def owner_speaks(self, seat):
        record = self.host.seats[seat]
        was_away = record.away and record.connected
        self.host.heard(seat, self.now)
        if self.live(seat):
            assert not record.away
        if was_away:  # back after being away: the stand-in bot steps aside
            assert record.robot is None

    # --- play ----------------------------------------------------------------------------
    @rule(data=st.data())
    @precondition(lambda self: self.host.phase == "playing" and not self.host.is_over())
    def act(self, data):
        seat = data.draw(st.sampled_from([*REMOTE, 2]))
        legal = self.host.state.legal_actions(seat)
        if not legal:
            return
        action = data.draw(st.sampled_from(legal))
        before = len(self.host.log)
        answer = self.host.submit(seat, 1, action)
        if self.host.seats[seat].robot is not None:
            assert answer["code"] == "bot_seat" and len(self.host.log) == before
        else:
            assert answer == {"t": "accept", "seq": 1} and self.host.log[-1] == [seat, action]

    @rule(seconds=st.sampled_from([0.1, 1.0, AWAY_AFTER + 0.5, LOBBY_GRACE + 0.5]))
    def time_passes(self, seconds):
        self.now += seconds
        self.host.tick(self.now)
        for seat in REMOTE:  # a lobby seat away past its grace is freed: its token is dead
            if not self.host.seats[seat].taken:
                self.tokens.pop(seat, None)

    # --- the host goes down and comes back -----------------------------------------------
    @rule()
    def save_and_resume(self):
        before, log, phase = self.host.state.digest(), list(self.host.log), self.host.phase
        tokens = {i: self.host.seats[i].token for i in REMOTE if self.host.seats[i].taken}
        self.host.close_save()
        self.host = Host.resume(self.path, bot_delay=0.5)
        for connection in self.connections:  # the old host's connections are gone
            connection.closed = True
        assert self.host.state.digest() == before and self.host.log == log and self.host.resume_note is None
        assert self.host.phase == phase
        if phase == "playing":
            assert {i: self.host.seats[i].token for i in tokens} == tokens
            assert all(self.host.seats[i].away for i in tokens)
        else:
            assert self.host.seats_open() == len(REMOTE)
            self.tokens.clear()
        self.now += 1.0
        self.host.tick(self.now)
        self.local = self.host.session(2)

    # --- always ----------------------------------------------------------------------------
    @invariant()
    def one_connection_per_seat(self):
        seats = [listener.seat for listener in self.host.listeners if listener.remote]
        assert len(seats) == len(set(seats))

    @invariant()
    def the_lobby_tells_the_truth(self):
        lobby = self.host.lobby_message()
        for index, (seat, entry) in enumerate(zip(self.host.seats, lobby["seats"], strict=True)):
            assert (entry["kind"] == "open") == (seat.kind == "remote" and not seat.taken), index
        if self.host.phase == "lobby":
            assert not all(seat.ready() for seat in self.host.seats)

    @invariant()
    def peers_hold_the_current_view(self):
        if self.host.phase != "playing":
            return
        for connection in self.live():
            assert connection.last_update()["view"] == self.host.state.view(connection.listener.seat)

    @invariant()
    def the_save_holds_every_action_and_token(self):
        saved = read_save(self.path)
        assert saved.log == self.host.log and saved.dropped is None
        assert replay("die_mauer", 4, 7, self.host.options, saved.log).digest() == self.host.state.digest()
        tokens = [seat["token"] for seat in saved.head["seats"]]
        for record in saved.records:
            if record["k"] == "seat":
                tokens[record["i"]] = record["token"]
        for index in REMOTE:  # every token a peer holds is in the save before the peer has it
            if self.host.seats[index].taken:
                assert tokens[index] == self.host.seats[index].token


Seats.TestCase.settings = settings(max_examples=60, stateful_step_count=30, deadline=None,
                                   suppress_health_check=[HealthCheck.too_slow])
test_seats_in_any_order = Seats.TestCase
