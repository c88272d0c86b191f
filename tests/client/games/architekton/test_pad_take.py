"""A pad takes a pair from the supply with two presses of A: the first lifts the focused
tile and moves the cursor to a tile that pairs with it, so the second takes the pair
rather than putting the lifted tile back (AR-2)."""

from client.scenes.title import TitleScene
from tests.client.conftest import frames, local_table, shoot
from tests.client.drive import run_until


def test_a_then_a_takes_a_pair_rather_than_putting_the_lifted_tile_back(make_app, pads):
    app = make_app()
    app.push(TitleScene(app))
    pad = pads.plug("xbox", app)
    table = local_table(app, [("Anna", pad.device(app)), ("Ben", "bot:easy")], seed=3, bot_delay=30.0,
                        game_id="architekton")

    def supply_to_take():
        choices = table.live.get(0) or []
        return choices and all(c.data and c.data[0] == "supply" and c.action is None for c in choices)

    run_until(app, supply_to_take, seconds=30)
    frames(app, 10)
    sent = []
    real_send = table.send
    table.send = lambda seat, choice: (sent.append((seat, choice.action)), real_send(seat, choice))
    pad.press(app, "a")  # lift the focused tile
    frames(app, 5)
    lifted = [c for c in table.live.get(0, []) if c.data and c.data[0] == "lifted"]
    assert lifted, "the first A lifts a tile"
    focused = table.choosers[0].focus(table.live[0])
    assert focused is not None and table.live[0][focused].action is not None, \
        "the cursor moved from the lifted tile to a tile it pairs with"
    shoot(app, "architekton_pad_lifted")
    pad.press(app, "a")
    frames(app, 5)
    assert [(seat, action["type"]) for seat, action in sent if action] == [(0, "take")], sent
    assert lifted[0].data[1] in sent[-1][1]["tiles"]


def test_the_camera_hint_never_covers_a_square(make_app):
    """The whole board framed, the hint ("Zoom: wheel ...") stands in a band under the
    squares; zoomed in, squares are clipped above that band."""
    from client.games.architekton import paint, words
    from client.games.architekton.layout import BOARD

    app = make_app()
    app.push(TitleScene(app))
    table = local_table(app, [("Anna", "bot:easy"), ("Ben", "bot:easy")], seed=5, bot_delay=0.01,
                        game_id="architekton")
    checked = []

    def check():
        game = table.game
        hint = paint.hint_rect(BOARD, words.hint_line(game.camera.following))
        clip = paint.squares_clip(BOARD)
        assert not clip.colliderect(hint)
        x0, y0, w, h = game.shown.bounds(2)
        for x in range(x0 // 100, (x0 + w) // 100):
            for y in range(y0 // 100, (y0 + h) // 100):
                square = game.camera.square(x, y).clip(clip)
                assert not square.colliderect(hint), (x, y)
        checked.append(True)
        if len(checked) == 4:
            shoot(app, "architekton_hint_band")

    for _ in range(40):
        frames(app, 30, dt=0.1)
        if app.top is not table:
            break
        check()
    assert len(checked) > 5
