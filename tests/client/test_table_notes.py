"""Notes over a seat (issue 23): a refusal box stands at the top of its seat's zone, never
over the seat's legend, hint, stock or hand at its foot."""

import pytest

from client.table.game import HINT_HEIGHT, LEGEND_HEIGHT
from tests.client.conftest import frames, local_table, shoot

GAMES = ["die_mauer", "drunter_druber", "architekton", "wild_west", "wie_waldi"]
WORDS = "Anna: refused, that pick is not open to them now. Pick again."


@pytest.mark.timeout(60)
@pytest.mark.parametrize("game_id", GAMES)
def test_a_refusal_box_leaves_the_seats_legend_and_stock_free(make_app, game_id):
    from client.scenes.title import TitleScene

    app = make_app()
    app.push(TitleScene(app))
    table = local_table(app, [("Anna", "keys1"), ("Ben", "keys2")], seed=3, game_id=game_id,
                        options={"rounds": 1} if game_id == "die_mauer" else {})
    frames(app, 30)
    for seat in (0, 1):
        zone = table.layout.seats[seat]
        toast = app.toasts.add(WORDS, owner=table, at=zone, colour=table.colour(seat), key=f"refused{seat}")
        box, _ = app.toasts.seat_box(toast)
        assert zone.contains(box)
        for height in (LEGEND_HEIGHT, HINT_HEIGHT):
            assert not box.colliderect(table.game.prompt_rect(seat, height)), (seat, height)
        assert box.bottom <= zone.top + zone.height // 2  # the foot (stock, hand, legend) stays free
    frames(app, 2)
    shoot(app, f"table_notes_{game_id}")
    for toast in [toast for toast in app.toasts.toasts if toast.at is not None]:
        box, _ = app.toasts.seat_box(toast)
        # the box is solid: the name row under it (which it repeats) does not show through
        assert tuple(app.logical.get_at((box.left + 10, box.bottom - 9)))[:3] == (90, 46, 40)


@pytest.mark.timeout(60)
def test_a_joined_table_whose_host_went_away_rejoins_in_one_press(make_app):
    from client.table.scene import TableScene
    from netplay.host import Host
    from netplay.server import serve_in_thread
    from tests.client.conftest import key
    from tests.client.drive import run_until

    host = Host("die_mauer", 2, options={"rounds": 2}, seats=[{"kind": "bot"}, {"kind": "remote"}], bot_delay=0.05)
    handle = serve_in_thread(host, 0, interfaces=["127.0.0.1"], advertise=False)
    port = handle.port
    app = make_app()
    app.flow.start_title(app)
    try:
        app.flow.connect({"address": "127.0.0.1", "port": port, "name": "Kitchen"}, "Zoe")
        table = run_until(app, lambda: app.top if isinstance(app.top, TableScene) else None, 10)
        handle.close()  # the host's window closed
        run_until(app, lambda: table.model.goodbye, 10)
        banner = [toast.words for toast in app.toasts.toasts if toast.key == "bye"]
        assert banner and banner[0].endswith("press Enter or click to rejoin it.")
        frames(app, 10)
        shoot(app, "joined_table_disconnected")
        handle = serve_in_thread(host, port, interfaces=["127.0.0.1"], advertise=False)  # the host is back
        key("return")
        again = run_until(app, lambda: app.top if isinstance(app.top, TableScene) and app.top is not table else None,
                          10)
        assert table.closed and again.model.names[1] == "Zoe" and again.model.goodbye is None
        assert host.seats[1].connected  # the same seat, by its token
    finally:
        handle.close()


@pytest.mark.timeout(60)
def test_a_seats_refusal_box_does_not_stand_over_the_pause_menu(make_app):
    from client.scenes.title import TitleScene
    from client.table.pause import PauseScene
    from tests.client.conftest import key

    app = make_app()
    app.push(TitleScene(app))
    table = local_table(app, [("Anna", "keys1"), ("Ben", "keys2")], seed=3, options={"rounds": 1})
    frames(app, 5)
    app.toasts.add(WORDS, owner=table, at=table.layout.seats[0], key="refused0", seconds=30)
    assert [t.words for t in app.toasts.visible(app.drawn_scenes())] == [WORDS]
    key("escape")
    frames(app, 5)
    assert isinstance(app.top, PauseScene)
    assert app.toasts.visible(app.drawn_scenes()) == []  # dimmed with its seat under the menu
    shoot(app, "table_notes_under_pause")
    key("escape")
    frames(app, 5)
    assert [t.words for t in app.toasts.visible(app.drawn_scenes())] == [WORDS]
