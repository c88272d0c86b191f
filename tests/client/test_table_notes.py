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
