"""The host's window keeps the evening of a game it hosts on the LAN: the peer's seat is a
person in the standings (over loopback, with a command-line peer)."""

import json
import os
import subprocess
import sys
import threading

import pytest

from client.hosting.seats import SeatPlan
from client.table.results import ResultsScene
from client.table.scene import TableScene
from tests.client.conftest import SCREENSHOTS, frames, shoot
from tests.client.drive import play_each_seat as play
from tests.client.drive import run_until
from tests.client.test_lan_party import host_window, spawn, top_is  # noqa: F401 - spawn is a fixture
from tests.netplay.conftest import ROOT


@pytest.mark.timeout(90)
def test_a_game_hosted_on_the_lan_goes_into_the_host_windows_evening(make_app, spawn):  # noqa: F811
    app, lobby = host_window(make_app, [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)])
    frames(app, 3)
    peer = spawn("join", f"127.0.0.1:{lobby.hosted.handle.port}", "--bot", "--name", "Cli")
    table = run_until(app, top_is(app, TableScene))
    run_until(app, top_is(app, ResultsScene), 60, lambda: play(app, table, {}))
    assert peer.finish(20) == 0
    results = app.top
    history = app.evening.history
    [game] = history.games(history.current_evening())
    assert [(seat.name, seat.kind) for seat in game.seats] == [("Anna", "human"), ("Cli", "human")]
    assert sorted(row.name for row in results.evening) == ["Anna", "Cli"]
    # Next game keeps the group; the command-line peer, which brought no profile and cannot follow, was let go
    assert "Next game" in [item.text() for item in results.menu.items]


def _peer_window(name: str, colour: int, address: str, env: dict):
    proc = subprocess.Popen([sys.executable, "-m", "tests.client.window_evening_peer", name, str(colour), address],
                            cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(line.rstrip() for line in proc.stdout), daemon=True).start()
    return proc, lines


def _evenings(lines: list[str]) -> list[dict]:
    return [json.loads(line.split(" ", 1)[1]) for line in lines if line.startswith("EVENING ")]


THREE = [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1), SeatPlan("", "open", 2)]


def _next_game_on_the_lan(app) -> None:
    from client.scenes.lan import HostTableScene
    from client.scenes.picker import PickerScene
    from client.scenes.setup import SetupScene
    from tests.client.test_evening_screens import press

    results = app.top
    frames(app, 240)  # the results settle before one press chooses
    press(app, results.menu, "Next game")
    assert isinstance(app.top, PickerScene)
    press(app, app.top.menu, "Die Mauer")
    setup = app.top
    assert isinstance(setup, SetupScene)
    assert [(plan.name, plan.control) for plan in setup.seats] == [("Anna", "keys1"), ("Ben", "open"),
                                                                  ("Cleo", "open")]
    press(app, setup.menu, "Host on the LAN")
    assert isinstance(app.top, HostTableScene)
    press(app, app.top.menu, "Open the table")


def _host_plays(app, game: int) -> dict:
    """The hosting window plays its seat to the results; tonight's standings there, by name."""
    table = run_until(app, top_is(app, TableScene), 40)
    assert [table.name(seat) for seat in range(3)] == ["Anna", "Ben", "Cleo"]
    run_until(app, lambda: table.colour_ids == [0, 1, 4], 20)  # Ben's 0 is Anna's: he keeps 1; Cleo's 4 is free
    state: dict = {}
    results = run_until(app, top_is(app, ResultsScene), 120, lambda: play(app, table, state))
    frames(app, 20)
    shoot(app, f"evening_lan_host_{game}")
    return {row.name: (row.points, row.games, row.wins, row.colour) for row in results.evening}


@pytest.mark.timeout(300)
def test_one_evening_across_a_host_window_and_two_lan_windows(make_app, tmp_path):
    """Two games hosted on the LAN by this window, both with the same two LAN windows (each in a
    process of its own, joining the first table by typed address): each brings its profile; a
    colour another seat wears stays the seat's; after each game each peer's results show
    tonight's standings as the host keeps them, and its own rating changes; Next game on the
    host keeps the peers: they come to its next table by themselves; the second game adds to the
    same evening (the peers are the same people, by their profile ids)."""
    shots = SCREENSHOTS / "evening_lan"
    shots.mkdir(parents=True, exist_ok=True)
    app, lobby = host_window(make_app, THREE)
    app.settings.animation = "instant"
    peers = []
    try:
        host = lobby.hosted.host
        for name, colour in (("Ben", 0), ("Cleo", 4)):
            env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / f"{name}-data"),
                       XDG_CONFIG_HOME=str(tmp_path / f"{name}-config"), PYTHONPATH=str(ROOT),
                       SPIELABEND_INTERFACES="127.0.0.1", SPIELABEND_SHOTS=str(shots), SPIELABEND_ANIMATION="instant")
            peers.append(_peer_window(name, colour, f"127.0.0.1:{lobby.hosted.handle.port}", env))
            seat = len(peers)
            run_until(app, lambda: host.profiles.get(seat), 40)  # seated in this order  # noqa: B023
        for game in (1, 2):
            if game == 2:  # Next game: the picker, the set-up with the group seated, the LAN table again
                _next_game_on_the_lan(app)  # the peers come by themselves, nobody typing anything
            host_rows = _host_plays(app, game)
            assert sorted(host_rows) == ["Anna", "Ben", "Cleo"]
            assert {row[1] for row in host_rows.values()} == {game}  # games played tonight
            assert host_rows["Ben"][3] == 1 and host_rows["Cleo"][3] == 4
            for (_, lines), name in zip(peers, ("Ben", "Cleo"), strict=True):
                run_until(app, lambda: len(_evenings(lines)) == game, 60)  # noqa: B023
                heard = _evenings(lines)[-1]
                worn = [line for line in lines if line.startswith("COLOURS ")]
                assert json.loads(worn[-1].split(" ", 1)[1]) == [0, 1, 4]  # the peer's table wore the host's colours
                rows = {row["name"]: (row["points"], row["games"], row["wins"], row["colour"])
                        for row in heard["standings"]}
                assert rows == host_rows  # the peer's results show the host's evening
                changed = [row for row in heard["standings"] if row["rating_change"] is not None]
                assert [row["name"] for row in changed] == [name]  # its own rating change, nobody else's
                assert [change["scope"] for change in heard["ratings"]] == ["overall", "die_mauer"]
                assert changed[0]["rating_change"] == heard["ratings"][0]["after"] - heard["ratings"][0]["before"]
        history = app.evening.history
        games = history.games(history.current_evening())
        assert len(games) == 2
        players = [{seat.name: seat.player for seat in game.seats} for game in games]
        assert players[0] == players[1] and players[0]["Ben"].startswith("profile:")
        for proc, _ in peers:
            proc.stdin.write("DONE\n")
            proc.stdin.flush()
        for proc, lines in peers:
            assert proc.wait(30) == 0, lines[-10:]
    except AssertionError:
        for _, lines in peers:
            print("\n".join(lines[-8:]))
        raise
    finally:
        for proc, _ in peers:
            if proc.poll() is None:
                proc.kill()
                proc.wait(5)
