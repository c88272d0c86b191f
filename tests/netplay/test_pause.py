"""The host's pause (issue 23): a race or a timed choice stands still for everyone while
the host pauses, and goes on after a countdown every screen sees; a choice's timer counts
from when the choice is on the hosting screen; a table that comes (back) gets the log."""

import pytest

from netplay.host import RESUME_COUNTDOWN, Host, Listener

pytestmark = pytest.mark.timeout(60)


def listen(host, seat=None, remote=False):
    inbox: list[dict] = []
    host.attach(Listener(seat, inbox.append, remote=remote))
    return inbox


def tick_until(host, now, until, step=0.05):
    while now < until:
        now += step
        host.tick(now)
    return now


def test_a_paused_race_stands_still_for_bots_timers_and_players_until_the_countdown_ends():
    host = Host("wie_waldi", 2, seed=7, seats=[{"kind": "local"}, {"kind": "bot", "strength": "hard"}])
    me = host.session(0)
    inbox = listen(host)
    now = tick_until(host, 0.0, 6.0)  # past "Ready - Wuff!": the race is on
    assert host.state.phase == "race"
    moves = len(host.log)
    host.pause(now)
    assert inbox[-1] == {"t": "pause", "paused": True, "resume_in": None}
    now = tick_until(host, now, now + 30)
    assert len(host.log) == moves  # the bot waits
    me.poll()
    seq = me.send(host.state.legal_actions(0)[0])
    assert [m for m in me.poll() if m["t"] == "reject"] == [
        {"t": "reject", "seq": seq, "code": "paused", "reason": "the host paused the game: wait for the countdown",
         "say": "the host paused the game: wait for the countdown", "data": {}}]
    host.unpause(now)
    assert inbox[-1]["t"] == "pause" and inbox[-1]["paused"] and inbox[-1]["resume_in"] == RESUME_COUNTDOWN
    assert host.next_due() == pytest.approx(now + RESUME_COUNTDOWN)
    now = tick_until(host, now, now + RESUME_COUNTDOWN - 0.2)
    assert len(host.log) == moves and host.paused  # still counting down
    now = tick_until(host, now, now + 5)
    assert not host.paused and inbox.count({"t": "pause", "paused": False, "resume_in": None}) == 1
    assert len(host.log) > moves  # the bot plays on


def test_a_timed_pick_keeps_its_seconds_through_a_pause():
    host = Host("wild_west", 2, seed=3, options={"timer": 5})
    host.tick(0.0)
    deal = host.state.deal
    host.tick(2.0)
    host.pause(2.0)
    tick_until(host, 2.0, 60.0)
    assert host.state.deal == deal and host.state.phase == "pick"  # nobody lost the pick meanwhile
    host.unpause(60.0, countdown=1.0)
    tick_until(host, 60.0, 61.0 + 2.9)
    assert host.state.phase == "pick" and not host.state.last_picks  # 3 of the 5 seconds were left
    tick_until(host, 63.9, 64.5)
    assert host.state.last_picks == ["missed", "missed"]


def test_a_choice_timer_counts_from_when_the_hosting_screen_shows_the_choice():
    host = Host("wild_west", 2, seed=3, options={"timer": 5})
    host.timers_wait_for_screen = True
    host.tick(0.0)
    tick_until(host, 0.0, 7.0)
    assert host.state.phase == "pick" and not host.state.last_picks  # the screen was busy: no clock yet
    host.screen_caught_up(7.0)
    tick_until(host, 7.0, 11.9)
    assert not host.state.last_picks
    tick_until(host, 11.9, 12.2)
    assert host.state.last_picks == ["missed", "missed"]


def test_a_screen_that_never_catches_up_does_not_stop_the_game():
    host = Host("wild_west", 1, seed=3, options={"timer": 5})
    host.timers_wait_for_screen = True
    host.tick(0.0)
    tick_until(host, 0.0, 14.0)
    assert host.state.last_picks == ["missed"]


def test_a_table_that_comes_back_gets_the_public_log_and_a_peer_the_pause(tmp_path):
    save = tmp_path / "t.save"
    host = Host("die_mauer", 2, seed=5, options={"rounds": 1},
                seats=[{"kind": "bot"}, {"kind": "remote"}], bot_delay=0, save_path=save)
    inbox: list[dict] = []
    listener = host.claim("Zoe", None, inbox.append)
    token = host.seats[1].token
    host.tick(0.0)
    host.submit(1, 1, host.state.legal_actions(1)[0])
    host.tick(0.1)
    assert host.history
    host.detach(listener)
    host.pause(0.2)
    again: list[dict] = []
    host.claim("Zoe", token, again.append)
    kinds = [m["t"] for m in again]
    assert kinds[:6] == ["welcome", "start", "update", "lobby", "history", "pause"]
    history = again[4]["events"]
    assert history == list(host.history) and not any("only" in event for event in history)
    host.close_save()
    resumed = Host.resume(save)
    assert list(resumed.history) == list(host.history)  # Continue has the log too
    back: list[dict] = []
    resumed.attach(Listener(None, back.append))
    assert [m["t"] for m in back] == ["welcome", "start", "update", "lobby", "history"]


def test_a_phone_hears_the_pause_and_the_countdown():
    host = Host("wie_waldi", 2, seed=7, seats=[{"kind": "local"}, {"kind": "bot"}])
    host.tick(0.0)
    host.pause(1.0)
    phone: list[dict] = []
    host.connect_phone(0, phone.append)
    assert {"t": "pause", "paused": True, "resume_in": None} in phone  # a phone that comes sees it
    assert not any(m["t"] == "history" for m in phone)  # a phone shows its hand, not the log
    host.unpause(2.0)
    assert phone[-1] == {"t": "pause", "paused": True, "resume_in": RESUME_COUNTDOWN}
