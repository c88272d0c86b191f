"""`spielabend host | join | browse`: clear one-line errors, and whole games in processes."""

import secrets
import signal
import socket
import time

import pytest

from client.cli.net import host_port, main, parse_address
from engines import load_state, replay
from netplay.host import Host
from netplay.saves import read_save

from .conftest import LOOPBACK

pytestmark = pytest.mark.timeout(60)  # the process tests below set their own

def run_cli(argv, capsys):
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(("argv", "needle"), [
    (["host", "--game", "nope"], "unknown game 'nope'"),
    (["host", "--game", "die_mauer", "--players", "9"], "takes 2-6 players, not 9"),
    (["host", "--game", "die_mauer", "--players", "3", "--bots", "4"], "--bots must be between 0 and 3"),
    (["host", "--game", "die_mauer", "--port", "70000"], "port must be between 0 and 65535"),
    (["host", "--game", "die_mauer", "--option", "rounds=99"], "option rounds must be between 1 and 10"),
    (["host", "--game", "die_mauer", "--option", "rounds"], "KEY=VALUE"),
    (["host"], "--game is required"),
    (["join", "127.0.0.1:abc"], "must be a number, not 'abc'"),
    (["join", "127.0.0.1:99999"], "port must be between 1 and 65535"),
    (["join", "kitchen table:4000"], "'kitchen table' is neither a host name nor an IP address"),
    (["host", "--game", "architekton", "--players", "3"], "Architekton takes 2 players, not 3"),
    (["browse", "--interface", "kitchen", "--seconds", "0.1"],
     "an IP address such as 192.168.1.20 or fd00::20, not 'kitchen'"),
    (["join", "--interface", "eth0", "--wait", "0.1"], "not 'eth0'"),
    (["host", "--game", "die_mauer", "--interface", "::zz", "--no-advertise"], "not '::zz'"),
    (["host", "--game", "die_mauer", "--bot-delay", "-1"], "--bot-delay must be a number of seconds, 0 or more"),
    (["host", "--game", "die_mauer", "--bot-after", "nan"], "--bot-after must be"),
    (["join", "--wait", "-2"], "--wait must be"),
    (["browse", "--seconds", "-1"], "--seconds must be"),
])
def test_bad_input_is_one_line_and_exit_2(argv, needle, capsys):
    code, out, err = run_cli(argv, capsys)
    assert code == 2
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err + out


def test_bad_interface_in_the_environment_is_exit_2(monkeypatch, capsys):
    monkeypatch.setenv("SPIELABEND_INTERFACES", "127.0.0.1,lan")
    code, out, err = run_cli(["browse", "--seconds", "0.1"], capsys)
    assert code == 2 and "not 'lan'" in err and err.count("\n") == 1 and "Traceback" not in err + out


@pytest.mark.parametrize(("content", "needle"), [
    ("{broken", "is corrupt (not a Spielabend save journal)"),
    ('{"format": "chess-save"}', "is not a Spielabend save"),
    ('{"format": "spielabend-save", "version": 1, "game": "die_mauer", "players": 2}', "saved by an older Spielabend"),
    ("0badc0de {}\n", "is not a whole Spielabend save (its first record is damaged)"),
])
def test_corrupt_or_foreign_save_exits_2(tmp_path, content, needle, capsys):
    path = tmp_path / "game.save"
    path.write_text(content)
    code, out, err = run_cli(["host", "--resume", str(path), "--interface", "127.0.0.1", "--no-advertise"], capsys)
    assert code == 2 and needle in err and "Traceback" not in err + out


@pytest.mark.timeout(30)
def test_unreachable_host_and_busy_port(capsys):
    with socket.socket() as listener:
        listener.bind((LOOPBACK, 0))
        port = listener.getsockname()[1]
        code, _, err = run_cli(["join", f"{LOOPBACK}:{port}"], capsys)  # bound, not listening
        assert code == 1 and "cannot reach a host" in err
        listener.listen()
        code, _, err = run_cli(["host", "--game", "die_mauer", "--port", str(port),
                                "--interface", "127.0.0.1", "--no-advertise"], capsys)
        assert code == 1 and f"cannot listen on port {port}" in err and "Traceback" not in err


@pytest.mark.timeout(30)
def test_no_table_of_that_name_is_exit_1(capsys):
    code, out, err = run_cli(["join", "--interface", "127.0.0.1", "--table", "Nowhere", "--wait", "0.3"], capsys)
    assert code == 1 and "found no table named 'Nowhere' with an open seat within 0.3 s" in err
    assert err.count("\n") == 1 and "Traceback" not in err + out


def test_addresses():
    assert parse_address("10.0.0.5:4000") == ("10.0.0.5", 4000)
    assert parse_address("kitchen")[0] == "kitchen"
    assert parse_address("[::1]:4000") == ("::1", 4000)
    assert parse_address(host_port("fd00::2", 4000)) == ("fd00::2", 4000)
    assert parse_address(host_port("10.0.0.5", 4000)) == ("10.0.0.5", 4000)


@pytest.mark.timeout(60)
def test_headless_match_host_and_two_bot_peers(cli_env, tmp_path):
    save = tmp_path / "match.save"
    table = f"Test table {secrets.token_hex(3)}"  # other test runs on this machine advertise too
    host = cli_env("host", "--game", "die_mauer", "--players", "4", "--bots", "2", "--port", "0",
                   "--interface", "127.0.0.1", "--seed", "3", "--option", "rounds=1", "--bot-delay", "0",
                   "--name", table, "--save", str(save))
    port = int(host.wait_for(r"on port (\d+)").group(1))
    by_address = cli_env("join", f"{LOOPBACK}:{port}", "--bot", "--name", "Ada")
    by_discovery = cli_env("join", "--bot", "--name", "Bo", "--interface", "127.0.0.1", "--table", table)
    codes = [by_address.finish(), by_discovery.finish(), host.finish()]
    assert codes == [0, 0, 0], [proc.lines[-5:] for proc in (by_address, by_discovery, host)]
    by_discovery.wait_for(rf"Found '{table}' at 127\.0\.0\.1")
    host.wait_for(r"^Winner: ")
    scores = host.wait_for(r"^Final scores \(lower is better\): P1 (\w+) \d+, P2 (\w+) \d+")
    assert sorted(scores.groups()) == ["Ada", "Bo"]  # seated in the order they arrived
    for peer in (by_address, by_discovery):
        peer.wait_for(r"^P\d (plan|build|donate) ")
        peer.wait_for(r"Game over")
        # peers print the same result as the host
        assert peer.wait_for(r"^Final scores .*").group(0) == host.wait_for(r"^Final scores .*").group(0)
        assert peer.wait_for(r"^Winner: .*").group(0) == host.wait_for(r"^Winner: .*").group(0)
    saved = read_save(save)
    state = load_state(saved.latest_state())
    assert state.is_over()
    assert replay("die_mauer", 4, 3, saved.head["options"], saved.log).digest() == state.digest()


@pytest.mark.timeout(90)
def test_host_killed_and_resumed_from_the_command_line(cli_env, tmp_path):
    save = tmp_path / "kill.save"
    host = cli_env("host", "--game", "die_mauer", "--players", "3", "--bots", "1", "--port", "0",
                   "--interface", "127.0.0.1", "--no-advertise", "--seed", "9", "--option", "rounds=3",
                   "--bot-delay", "0.05", "--save", str(save))
    port = int(host.wait_for(r"on port (\d+)").group(1))
    peers = [cli_env("join", f"{LOOPBACK}:{port}", "--bot", "--name", name) for name in ("Ada", "Bo")]
    tokens = [peer.wait_for(r"Seated as P(\d); rejoin token (\w+)").groups() for peer in peers]
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if save.exists() and len(read_save(save).log) >= 10:
            break
        time.sleep(0.05)
    host.popen.send_signal(signal.SIGKILL)
    host.finish()
    assert all(peer.finish() == 1 for peer in peers)  # they lost the host mid-game
    before = read_save(save)
    assert not Host.resume(save).is_over()

    resumed = cli_env("host", "--resume", str(save), "--port", "0", "--interface", "127.0.0.1",
                      "--no-advertise", "--bot-delay", "0.05")
    port = int(resumed.wait_for(r"on port (\d+)").group(1))
    rejoined = [cli_env("join", f"{LOOPBACK}:{port}", "--bot", "--token", token) for _, token in tokens]
    for (seat, _), peer in zip(tokens, rejoined, strict=True):
        peer.wait_for(rf"Seated as P{seat};")
    assert [peer.finish(40) for peer in rejoined] == [0, 0]
    assert resumed.finish() == 0
    resumed.wait_for("^Winner: ")
    after = read_save(save)
    assert after.log[: len(before.log)] == before.log
    state = load_state(after.latest_state())
    assert state.is_over()
    assert replay("die_mauer", 3, 9, after.head["options"], after.log).digest() == state.digest()
    assert Host.resume(save).state.digest() == state.digest()


# --- issue 28: the command lines speak the system's language ------------------------------------
def _german_env(tmp_path, **extra):
    import os

    env = {key: value for key, value in os.environ.items() if key not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(LANG="de_DE.UTF-8", XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"),
               SDL_VIDEODRIVER="dummy", **extra)
    return env


def test_a_command_line_error_reads_german_in_a_german_locale(tmp_path):
    """LANG=de_DE.UTF-8 and no language chosen in Settings: the error line, argparse's own
    words and a help text are German; the exit codes are the same."""
    import subprocess
    import sys

    from .conftest import ROOT

    env = _german_env(tmp_path)

    def run(*argv):
        return subprocess.run([sys.executable, "-m", "client", *argv], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=60)

    players = run("host", "--game", "die_mauer", "--players", "9", "--no-advertise")
    assert players.returncode == 2
    assert players.stderr.strip() == "spielabend host: Fehler: Die Mauer braucht 2–6 Spieler, nicht 9"
    unknown = run("host", "--game", "nope")  # the engine's own refusal, worded from its template and data
    assert unknown.returncode == 2 and unknown.stderr.startswith("spielabend host: Fehler: unbekanntes Spiel 'nope'; ")
    flag = run("host", "--bogus")
    assert flag.returncode == 2
    assert "Aufruf: spielabend" in flag.stderr and "Fehler: unbekannte Argumente: --bogus" in flag.stderr
    helped = run("join", "--help")
    assert helped.returncode == 0 and "dein Name am Tisch" in helped.stdout and "Optionen" in helped.stdout
    english = subprocess.run([sys.executable, "-m", "client", "host", "--game", "die_mauer", "--players", "9"],
                             cwd=ROOT, env={**env, "LANG": "C.UTF-8"}, capture_output=True, text=True, timeout=60)
    assert english.stderr.strip() == "spielabend host: error: Die Mauer takes 2-6 players, not 9"


def test_the_language_chosen_in_settings_wins_over_the_system(tmp_path):
    import json
    import subprocess
    import sys

    from .conftest import ROOT

    env = _german_env(tmp_path)
    folder = tmp_path / "config" / "spielabend"
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text(json.dumps({"language": "en"}))
    run = subprocess.run([sys.executable, "-m", "client", "host", "--game", "die_mauer", "--players", "9"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stderr.strip() == "spielabend host: error: Die Mauer takes 2-6 players, not 9"
