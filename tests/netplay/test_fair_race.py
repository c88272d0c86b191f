"""Fair races (issue 26): a contested Wie Waldi end goes to whoever pressed first on the
timeline their own screen showed, not to whose network is fastest; a claim earlier than
the host can believe is clamped (netplay.arbiter)."""

import time

import pytest

from engines.wie_waldi.cards import SET, SET_SIZE
from netplay.arbiter import PRESENT_SLACK, Arbiter
from netplay.host import Host
from netplay.protocol import TO_PEER, check_message

from .delay_proxy import DelayProxy

pytestmark = pytest.mark.timeout(60)

# Piles' tops (the last card on top): seat 0 opens a red dog, then both seats hold a card
# for its red end.
TOPS = {0: [["Hr"], ["Mrg"], ["Hy"]], 1: [["Mry"], ["Mrr"], ["Myg"]]}


def rigged_host(seats, names=None) -> Host:
    host = Host("wie_waldi", 2, seed=4, options={"countdown": 1}, seats=seats, names=names)
    for player, tops in TOPS.items():
        piles = host.state.piles[player]
        cards = [c for pile in piles for c in pile]
        wanted = [[next(c for c in cards if SET[c % SET_SIZE] == code) for code in codes] for codes in tops]
        rest = [c for c in cards if all(c not in w for w in wanted)]
        for k in range(3):
            piles[k][:] = rest[k * 9:(k + 1) * 9] + wanted[k]
    return host


class Seats:
    """Both seats' sessions, polled together; answers by (seat, seq)."""

    def __init__(self, sessions):
        self.sessions = sessions
        self.answers: dict = {}
        self.views: dict = {}

    def pump(self, until, seconds: float = 10.0) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.poll()
            if until():
                return
            time.sleep(0.001)
        raise AssertionError("timed out")

    def poll(self) -> None:
        for seat, session in enumerate(self.sessions):
            for message in session.poll():
                if message["t"] in ("accept", "reject"):
                    self.answers[(seat, message["seq"])] = message
                elif message["t"] == "update":
                    self.views[seat] = message["view"]

    def act(self, seat: int, action) -> dict:
        seq = self.sessions[seat].send(action)
        self.pump(lambda: (seat, seq) in self.answers)
        return self.answers[(seat, seq)]


@pytest.mark.parametrize("window", [True, False], ids=["arbiter", "arrival_order"])
def test_a_lan_seat_that_pressed_30_ms_earlier_wins_against_the_couch(serve, connect, window):
    """The LAN seat behind a 40 ms (one way) proxy presses 30 ms of wall time before the
    couch seat: it arrives 10 ms later, yet wins the end; with no window (arrival order,
    as before) the couch would have won it."""
    host = rigged_host([{"kind": "local"}, {"kind": "remote"}])
    if not window:
        host.arbiter.cap = 0.0
    handle = serve(host)
    proxy = DelayProxy(handle.port, 0.040)
    try:
        couch = host.session(0)
        lan = connect(proxy.port, "Lan")
        assert lan.wait_welcome() == 1
        seats = Seats([couch, lan])
        seats.pump(lambda: seats.views.get(0, {}).get("phase") == "race" and seats.views.get(1, {}).get("phase")
                   == "race" and len(host.arbiter.rtts.get(1, ())) >= 2)  # the host has measured the LAN seat
        assert seats.act(0, {"type": "draw", "pile": 0})["t"] == "accept"
        assert seats.act(0, {"type": "start", "card": "Hr"})["t"] == "accept"
        assert seats.act(0, {"type": "draw", "pile": 1})["t"] == "accept"
        assert seats.act(1, {"type": "draw", "pile": 0})["t"] == "accept"
        seats.pump(lambda: couch.shown.n == lan.shown.n == len(host.log))  # both screens show the open end
        dog = seats.views[1]["dogs"][-1]["id"]
        lan_press = lan.shown.at + 0.100
        couch_press = lan_press + 0.030
        sent: dict = {}
        deadline = time.monotonic() + 5.0
        while len(sent) < 2 and time.monotonic() < deadline:
            now = time.monotonic()
            for seat, session, press, card in ((1, lan, lan_press, "Mry"), (0, couch, couch_press, "Mrg")):
                if seat not in sent and now >= press:
                    sent[seat] = session.send({"type": "play", "card": card, "dog": dog, "end": 1})
            time.sleep(0.0005)
        seats.pump(lambda: all((seat, seq) in seats.answers for seat, seq in sent.items()))
        answers = {seat: seats.answers[(seat, seq)] for seat, seq in sent.items()}
        winner = 1 if window else 0
        assert answers[winner]["t"] == "accept", answers
        assert answers[1 - winner]["code"] == "end_taken"
        assert f"Player {winner + 1} played on that end first" in answers[1 - winner]["reason"]
        seats.pump(lambda: seats.views.get(0, {}).get("dogs", [{}])[-1].get("cards", [None, None])[1:] ==
                   [{"card": ["Mrg", "Mry"][winner], "player": winner}])  # the couch's screen shows it too
        couch.close()
    finally:
        proxy.close()


def race_ready_host() -> tuple[Host, list, float]:
    """Two remote-timed seats holding cards for the same red end; the update that showed it
    went to both at the returned time."""
    host = rigged_host([{"kind": "local"}, {"kind": "local"}])
    sessions = [host.session(0), host.session(1)]
    host.tick(0.0)
    host.tick(1.5)  # Wuff!
    answers: list = []
    for seat, action in ((0, {"type": "draw", "pile": 0}), (0, {"type": "start", "card": "Hr"}),
                         (0, {"type": "draw", "pile": 1}), (1, {"type": "draw", "pile": 0})):
        host.intent(seat, 0, action, answers.append)
    assert [a["t"] for a in answers] == ["accept"] * 4
    for session in sessions:
        session.poll()
    return host, sessions, 1.5


def test_a_forged_claim_is_clamped_to_what_its_round_trip_allows():
    """Seat 1 (a 2 ms round trip) claims it pressed at once (0 ms) though its play arrives
    30 ms after the race opened... and after seat 0 (a slow 100 ms round trip) had honestly
    pressed: the claim is clamped to its arrival minus its round trip and the slack, so
    seat 0 wins; believed as sent, the forgery would have won."""
    host, sessions, shown = race_ready_host()
    host.race_round_trip(0, 0.100)
    host.race_round_trip(1, 0.002)
    seen = len(host.log)
    dog = host.state.dogs[-1]["id"]
    answers: dict = {}
    forged_arrival = shown + 0.232
    host.intent(1, 7, {"type": "play", "card": "Mry", "dog": dog, "end": 1}, lambda a: answers.setdefault(1, a),
                seen=seen, ms=0.0, now=forged_arrival, remote=True)
    assert answers == {}  # held: seat 0 could still contest
    host.intent(0, 8, {"type": "play", "card": "Mrg", "dog": dog, "end": 1}, lambda a: answers.setdefault(0, a),
                seen=seen, ms=200.0, now=shown + 0.300, remote=True)
    host.tick(shown + 0.400)
    assert answers[0]["t"] == "accept"
    assert answers[1]["code"] == "end_taken" and "ms" not in answers[1]["reason"]  # not told how much
    assert not [m for session in sessions for m in session.poll() if m["t"] == "photo"]  # nor is anyone
    clamped = host.arbiter.effective(1, seen, 0.0, forged_arrival)
    assert clamped == pytest.approx(forged_arrival - 0.002 - PRESENT_SLACK)


def test_a_claim_is_never_later_than_its_arrival_nor_earlier_than_its_update():
    arbiter = Arbiter()
    arbiter.presented(0, 5, 10.0)
    assert arbiter.effective(0, 5, 900.0, 10.050) == 10.050  # a press after its own arrival: the arrival
    assert arbiter.effective(0, 6, 1.0, 10.050) == 10.050  # an update never sent: no credit
    assert arbiter.effective(0, 5, 30.0, 10.040) == pytest.approx(10.030)  # a couch press, believed
    arbiter.remote.add(0)
    assert arbiter.effective(0, 5, 0.0, 10.500) == pytest.approx(10.500 - PRESENT_SLACK)  # unmeasured: slack only


def test_an_uncontested_play_applies_at_once():
    """A play no other seat can make goes through without waiting for any window."""
    host, sessions, shown = race_ready_host()
    answers: list = []
    host.intent(1, 3, {"type": "put_back"}, answers.append, now=shown + 0.1)  # seat 1 no longer contests
    host.intent(0, 4, {"type": "play", "card": "Mrg", "dog": host.state.dogs[-1]["id"], "end": 1}, answers.append,
                seen=len(host.log), ms=50.0, now=shown + 0.2)
    assert [a["t"] for a in answers] == ["accept", "accept"]


@pytest.mark.parametrize(("apart", "told"), [(0.012, " (by 12 ms)"), (0.0002, " (by under 1 ms)"), (0.060, "")])
def test_a_race_lost_by_under_50_ms_tells_its_loser_by_how_much(apart, told):
    host, sessions, shown = race_ready_host()
    spectator = host.session(None)
    spectator.poll()
    seen, dog = len(host.log), host.state.dogs[-1]["id"]
    answers: dict = {}
    for seat, card, ms in ((0, "Mrg", 200.0), (1, "Mry", 200.0 + apart * 1000)):
        host.intent(seat, 1, {"type": "play", "card": card, "dog": dog, "end": 1},
                    lambda a, seat=seat: answers.setdefault(seat, a), seen=seen, ms=ms, now=shown + ms / 1000)
    host.tick(shown + 0.5)
    assert answers[0]["t"] == "accept"
    assert answers[1]["reason"] == "Player 1 played on that end first; dog 0 now ends in green" + told
    # every seat and the spectator hear the photo finish: who, by how much, the winner's (public) play
    photos = [[m for m in session.poll() if m["t"] == "photo"] for session in [*sessions, spectator]]
    if told:
        photo = {"t": "photo", "winner": 0, "loser": 1, "ms": round(apart * 1000),
                 "action": {"type": "play", "card": "Mrg", "dog": dog, "end": 1}}
        assert photos == [[photo]] * 3
        check_message(photo, TO_PEER)
    else:
        assert photos == [[], [], []]


def test_the_photo_finish_never_names_the_losers_card():
    """The loser's card stays in its hand, seen by its holder only (WA-8): no photo carries it."""
    host, sessions, shown = race_ready_host()
    seen, dog = len(host.log), host.state.dogs[-1]["id"]
    for seat, card, ms in ((0, "Mrg", 200.0), (1, "Mry", 210.0)):
        host.intent(seat, 1, {"type": "play", "card": card, "dog": dog, "end": 1}, lambda a: None, seen=seen, ms=ms,
                    now=shown + ms / 1000)
    host.tick(shown + 0.5)
    photos = [m for session in sessions for m in session.poll() if m["t"] == "photo"]
    assert len(photos) == 2 and all("Mry" not in repr(photo) for photo in photos)
