"""The host's window keeps the evening of a game it hosts on the LAN: the peer's seat is a
person in the standings (over loopback, with a command-line peer)."""

import pytest

from client.evening import tonight
from client.seats import SeatPlan
from client.table.results import ResultsScene
from client.table.scene import TableScene
from tests.client.conftest import frames
from tests.client.drive import play_each_seat as play
from tests.client.drive import run_until
from tests.client.test_lan_party import host_window, spawn, top_is  # noqa: F401 - spawn is a fixture


@pytest.mark.timeout(90)
def test_a_game_hosted_on_the_lan_goes_into_the_host_windows_evening(make_app, spawn):  # noqa: F811
    app, lobby = host_window(make_app, [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)])
    frames(app, 3)
    peer = spawn("join", f"127.0.0.1:{lobby.handle_.port}", "--bot", "--name", "Cli")
    table = run_until(app, top_is(app, TableScene))
    run_until(app, top_is(app, ResultsScene), 60, lambda: play(app, table, {}))
    assert peer.finish(20) == 0
    results = app.top
    history = tonight.history_of(app)
    [game] = history.games(history.current_evening())
    assert [(seat.name, seat.kind) for seat in game.seats] == [("Anna", "human"), ("Cli", "human")]
    assert sorted(row.name for row in results.evening) == ["Anna", "Cli"]
    assert "Next game" not in [item.text() for item in results.menu.items]  # LAN peers are not kept (yet)
