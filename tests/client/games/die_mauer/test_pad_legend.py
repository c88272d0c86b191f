"""A pad's blind legend at Die Mauer offers only what the seat can pick: a piece it built
this round in front of everyone is gone from its legend, and its button picks nothing
(no refusal shows over the seat's panel)."""

import pytest

from client.scenes.title import TitleScene
from client.table.game import BLIND_BUTTONS
from tests.client.conftest import drawn_lines, frames, local_table, shoot
from tests.client.drive import play_each_seat, run_until
from tests.sdl_pads import KINDS


def legend_pieces(app, table, seat: int) -> list[str]:
    """The choices ``seat``'s legend names, as drawn in one frame."""
    box = table.view.legend_box(seat)
    assert box is not None
    drawn = drawn_lines(app)
    rows = [line.words for line in drawn if box.contains(line.rect) and line.rect.top < box.top + 70]
    return [part.split(" ", 1)[1] for row in rows for part in row.split("   ")]


@pytest.mark.timeout(240)
def test_a_piece_built_this_round_leaves_the_pads_legend(make_app, pads):
    app = make_app()
    app.push(TitleScene(app))
    plugged = [pads.plug(kind, app) for kind in KINDS]
    seats = [(name, pad.device(app)) for name, pad in zip(("Anna", "Ben", "Clara", "David"), plugged, strict=True)]
    table = local_table(app, seats, seed=11, rounds=2)
    state: dict = {}

    def a_builder_plans_again():
        built = table.game.view.get("built") or []
        return next((seat for seat in table.choosers if seat < len(built) and built[seat]
                     and table.choosing_blind(seat) and table.model.pending.get(seat) is None
                     and not table.pacer.busy()), None)

    seat = run_until(app, lambda: (a_builder_plans_again() is not None and a_builder_plans_again() + 1),
                     seconds=120, each=lambda: play_each_seat(app, table, state)) - 1
    spent = table.game.view["built"][seat]
    shown = legend_pieces(app, table, seat)
    shoot(app, "die_mauer_pad_legend_spent")
    assert shown and not set(spent) & set(shown), (spent, shown)
    # the spent piece's button twice: nothing is sent, and the host refuses nothing
    index = [piece for piece, _action in table.game.blind_actions(seat)].index(spent[0])
    sent = []
    real_send = table.send
    table.send = lambda s, choice: (sent.append((s, choice.action)), real_send(s, choice))
    button = BLIND_BUTTONS[index]
    from tests.sdl_pads import INTENT_BUTTONS
    pad = plugged[seat]
    pad.press(app, INTENT_BUTTONS.get(button, button))
    pad.press(app, INTENT_BUTTONS.get(button, button))
    frames(app, 10)
    assert sent == []
