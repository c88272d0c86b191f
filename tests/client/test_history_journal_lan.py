"""A game the window hosted on the LAN is kept with its journal too: the history gives back the
game the peer played, under the peer's name, and without its token."""

import pytest

from client.hosting.seats import SeatPlan
from client.table.results import ResultsScene
from client.table.scene import TableScene
from netplay.replays import Replay
from tests.client.conftest import frames
from tests.client.drive import play_each_seat as play
from tests.client.drive import run_until
from tests.client.test_lan_party import host_window, spawn, top_is  # noqa: F401 - spawn is a fixture


@pytest.mark.timeout(90)
def test_a_lan_game_comes_back_from_the_history_as_it_was_played(make_app, spawn):  # noqa: F811
    app, lobby = host_window(make_app, [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)])
    frames(app, 3)
    host = lobby.hosted.host
    peer = spawn("join", f"127.0.0.1:{lobby.hosted.handle.port}", "--bot", "--name", "Cli")
    table = run_until(app, top_is(app, TableScene))
    run_until(app, top_is(app, ResultsScene), 60, lambda: play(app, table, {}))
    assert peer.finish(20) == 0
    kept = app.evening.history
    [game] = kept.games(kept.current_evening())
    assert game.has_replay
    lines = kept.journal(game.id)
    watched = Replay.from_kept(lines)
    assert watched.finished and watched.problem is None and watched.names == ["Anna", "Cli"]
    assert [[step.player, step.action] for step in watched.steps] == host.log
    assert watched.digest(len(watched.steps)) == host.state.digest()
    assert watched.view(len(watched.steps), 1) == host.state.view(1)
    assert host.seats[1].token and host.seats[1].token not in "\n".join(lines)
