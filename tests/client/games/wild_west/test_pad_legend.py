"""A pad's blind-pick legend at Wild West stands in the band under its own sheet and
never covers the sheet's bottom row; it still names each button's pick."""

from client.scenes.title import TitleScene
from tests.client.conftest import drawn_lines, frames, local_table, shoot
from tests.client.drive import run_until


def test_the_pads_legend_leaves_its_sheet_whole(make_app, pads):
    app = make_app()
    app.push(TitleScene(app))
    plugged = [pads.plug(kind, app) for kind in ("xbox", "ps4")]
    seats = [(name, pad.device(app)) for name, pad in zip(("Anna", "Ben"), plugged, strict=True)]
    table = local_table(app, seats, seed=4, game_id="wild_west", bot_delay=30.0)
    run_until(app, lambda: table.choosing_blind(0) and table.choosing_blind(1), seconds=30)
    frames(app, 10)
    drawn = drawn_lines(app)
    shoot(app, "wild_west_pad_legends")
    for seat in (0, 1):
        legend = table.view.legend_box(seat)
        sheet = table.game.arrangement.sheets[seat].rect
        assert legend is not None and not legend.colliderect(sheet), (legend, sheet)
        inside = [line for line in drawn if legend.contains(line.rect)]
        assert any("Tumbleweed" in line.words for line in inside), [line.words for line in inside]
        assert all(line.shown == line.words for line in inside)
