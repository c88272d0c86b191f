"""The command lines in German leave nothing in English: a bad invite's reason, and a seat
nobody named ("Player 1" is the host's English default: a German terminal reads "Spieler 1")."""

import subprocess
import sys

import pytest

from netplay.relay_invite import Invite

from .conftest import LOOPBACK, ROOT, Proc
from .test_cli import _german_env
from .test_relay_cli import _typo

SEAT = Invite("relay.example.org", 4222, "abcdefgh", 2, bytes(range(10)))


def test_a_bad_invite_is_refused_in_german(tmp_path):
    run = subprocess.run([sys.executable, "-m", "client", "join", _typo(SEAT.code())], cwd=ROOT,
                         env=_german_env(tmp_path), capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert run.stderr.strip() == ("spielabend join: Fehler: ungültige Einladung: diese Einladung hat einen Tippfehler "
                                  "(ihre Prüfsumme stimmt nicht); kopiere sie noch einmal")


@pytest.mark.timeout(90)
def test_a_peer_in_german_names_an_unnamed_seat_in_german(tmp_path):
    env = _german_env(tmp_path, PYTHONPATH=str(ROOT), SPIELABEND_INTERFACES=LOOPBACK)
    host = Proc("host", "--game", "die_mauer", "--players", "2", "--bots", "1", "--port", "0", "--interface",
                "127.0.0.1", "--no-advertise", "--seed", "3", "--option", "rounds=1", "--bot-delay", "0", env=env)
    try:
        port = int(host.wait_for(r"(?:on port|Port) (\d+)").group(1))
        peer = Proc("join", f"{LOOPBACK}:{port}", "--bot", "--name", " ", env=env)
        try:
            assert peer.finish(60) == 0, peer.lines[-10:]
            started = peer.wait_for(r"^Das Spiel beginnt: .*").group(0)
            assert "Spieler 1" in started, started
            assert not [line for line in peer.lines if "Player" in line], peer.lines
        finally:
            peer.kill()
        host.finish(30)
    finally:
        host.kill()
