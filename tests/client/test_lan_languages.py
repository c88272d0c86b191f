"""Issue 28 at a LAN table: an English and a German window at one table, each reading
its own language. This process hosts Die Mauer in an English window; a second window
(tests/client/window_peer.py, in a process of its own) joins it in German. Each sends an
action out of turn: the host refuses both with a code, an English template (``say``) and
its data, and each window words its own refusal in its own language; both play on.
Loopback only, every wait bounded, the peer's process group killed at the end."""

import json
import os
import signal
import subprocess
import sys
import threading

import pytest

from client.hosting.seats import SeatPlan
from client.table.scene import TableScene
from netplay.language import words
from tests.client.conftest import SCREENSHOTS, frames, host_lobby, shoot
from tests.client.drive import play_each_seat as play
from tests.client.drive import run_until
from tests.netplay.conftest import ROOT

NOT_YOUR_TURN = "it is not player {player}'s turn"


def top_is(app, kind):
    return lambda: app.top if isinstance(app.top, kind) else None


@pytest.mark.timeout(150)
def test_an_english_host_window_and_a_german_peer_window_each_read_their_own_refusal(make_app, tmp_path):
    shots = SCREENSHOTS / "lan_languages"
    shots.mkdir(parents=True, exist_ok=True)
    app = make_app()
    assert app.settings.language == "en"  # the tests' system language (tests/conftest.py)
    app.settings.animation = "instant"  # two windows on a busy machine: no time spent pacing
    told: list[str] = []
    add = app.toasts.add

    def noted(words_: str, **options):
        told.append(words_)
        return add(words_, **options)

    app.toasts.add = noted
    app.flow.start_title(app)
    lobby = host_lobby(app, "die_mauer", [SeatPlan("Anna", "keys2", 0), SeatPlan("", "open", 1)], {"rounds": 2},
                       bot_delay=0.05)
    assert lobby.error is None, lobby.error
    host = lobby.hosted.host
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "peer-data"), XDG_CONFIG_HOME=str(tmp_path / "peer-config"),
               PYTHONPATH=str(ROOT), SPIELABEND_INTERFACES="127.0.0.1", SPIELABEND_SHOTS=str(shots),
               SPIELABEND_ANIMATION="instant", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    peer = subprocess.Popen([sys.executable, "-m", "tests.client.window_peer", f"127.0.0.1:{lobby.hosted.handle.port}", "3",
                             "--language", "de", "--refuse"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(line.rstrip() for line in peer.stdout), daemon=True).start()

    def said(prefix):
        return lambda: next((line for line in lines if line.startswith(prefix)), None)

    def peer_alive():
        assert not any(line.startswith("STUCK") for line in lines), lines[-10:]
        return True

    try:
        table = run_until(app, top_is(app, TableScene), 40)
        # the peer (seat 2, German) plans, then is refused a play out of turn
        refused = run_until(app, lambda: peer_alive() and said("REFUSED")(), 60)
        _, code, raw = refused.split(" ", 2)
        wire = json.loads(raw)
        assert code == "not_your_turn"
        assert wire["say"] == NOT_YOUR_TURN and wire["data"] == {"player": 2}
        assert wire["reason"] == "it is not player 2's turn"  # English, for older peers and logs
        peer_told = run_until(app, said("TOLD"), 20)[len("TOLD "):]
        # this window plays until it may not act, then sends a play out of turn itself
        session = table.sessions[0]
        rejects: list[dict] = []
        poll = session.poll

        def polled():
            messages = poll()
            rejects.extend(m for m in messages if m.get("t") == "reject")
            return messages

        session.poll = polled
        state: dict = {}
        run_until(app, lambda: state.get(0, 0) >= 1 and not table.live.get(0) and table.model.pending.get(0) is None,
                  60, lambda: play(app, table, state))
        before = len(told)
        session.send({"type": "pass"})
        run_until(app, lambda: rejects and len(told) > before, 20)
        frames(app, 5)
        shoot(app, "lan_languages_host_refused_english")
        mine = rejects[0]
        # "pass" is no Die Mauer action: unknown_action whoever's turn it is (docs/netplay.md); a
        # worded refusal all the same (the game may be over on a busy machine)
        assert (mine["code"], mine["say"]) in {("not_your_turn", NOT_YOUR_TURN), ("game_over", "the game is over"),
                                               ("unknown_action", "{type} is not a Die Mauer action")}, mine
        english = words("en").say(mine["say"], mine["data"])
        assert english == mine["reason"]  # English reads as the host's own sentence
        assert any(english in words_ for words_ in told[before:]), told[before:]
        # both play on: the peer makes its moves, this window answers
        run_until(app, lambda: peer_alive() and said("PLAYED")(), 90, lambda: play(app, table, state))
        # the peer counts the moves it sent: the host takes its last one a moment later
        run_until(app, lambda: sum(1 for seat, _ in host.log if seat == 1) >= 3, 20, lambda: play(app, table, state))
        assert sum(1 for seat, _ in host.log if seat == 0) >= 1
        assert peer.wait(30) == 0, lines[-10:]
        german = words("de").say(NOT_YOUR_TURN, {"player": 2})
        assert german == "Spieler 2 ist nicht am Zug"
        assert german in peer_told, peer_told  # the German window words the host's refusal itself
        assert "not player" not in peer_told
    finally:
        if peer.poll() is None:
            try:
                os.killpg(peer.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                peer.kill()
            peer.wait(5)
