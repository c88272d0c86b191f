"""The Die Mauer table, what players notice: seat badges that follow the reveal, presses
during a reveal that are answered."""

import pytest

from tests.client.conftest import frames, local_table, shoot
from tests.client.drive import act, first_legal, key_event

pytestmark = pytest.mark.timeout(60)


def table_of(make_app, seats, seed=3, **kwargs):
    app = make_app()
    app.settings.animation = "normal"
    table = local_table(app, seats, seed=seed, game_id="die_mauer", options={"rounds": 1}, **kwargs)
    frames(app, 5)
    return app, table


def both_pick(app, table) -> None:
    for seat in (0, 1):
        act(app, table, seat, first_legal(table, seat, table.live[seat], seat))
        frames(app, 2)


def test_after_the_fists_open_no_seat_is_still_choosing_or_locked_in(make_app):
    app, table = table_of(make_app, [("Anna", "keys1"), ("Ben", "keys2"), ("Cleo", "bot:easy")], bot_delay=0.05)
    both_pick(app, table)
    game, statuses = table.game, []
    for _ in range(400):
        frames(app, 1)
        if game.reveal is not None and not game.revealing() and table.pacer.beat is not None:
            statuses.append([game.seat_status(seat)[0] for seat in range(table.players)])
            if len(statuses) == 10:
                shoot(app, "table_die_mauer_after_the_reveal")
        elif statuses:
            break
    assert statuses, "the outcome never showed"
    assert all(status == ["", "", ""] for status in statuses), statuses[0]


def test_a_press_while_the_reveal_shows_is_answered(make_app):
    app, table = table_of(make_app, [("Anna", "keys1"), ("Ben", "keys2"), ("Cleo", "bot:easy")], bot_delay=0.05)
    both_pick(app, table)
    for _ in range(200):
        frames(app, 1)
        if table.game.revealing():
            break
    assert table.game.revealing() and not table.live[0]
    key_event("space", True)
    key_event("space", False)
    frames(app, 2)
    assert any("one moment" in toast.words and toast.words.startswith("Anna") for toast in app.toasts.toasts)
