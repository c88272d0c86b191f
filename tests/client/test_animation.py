"""Tweens, pymunk moments and sounds; and drawing never changes any state."""

import pytest

from client.ui.physics import Moments
from client.ui.sound import RECIPES
from client.ui.tween import Tween, Tweens, ease_out_back
from tests.client.conftest import frames, local_table


def test_a_tween_eases_from_start_to_end_after_its_delay():
    tween = Tween((0.0, 10.0), (100.0, 20.0), 0.5, delay=0.25)
    tween.update(0.2)
    assert tween.value == (0.0, 10.0) and not tween.done
    tween.update(0.3)
    assert 0 < tween.value[0] < 100
    tween.update(1.0)
    assert tween.done and tween.value == (100.0, 20.0)
    group = Tweens()
    group.start("pop", 0.2, 1.0, 0.5, ease_out_back)
    group.update(0.4)
    assert group.get("pop") > 1.0  # back-easing overshoots before it settles
    assert group.get("missing", 7) == 7


def test_a_dropped_piece_settles_on_its_place_and_goes():
    moments = Moments()
    moments.drop("T", (0, 0, 0), (60, 100), (500, 400), upright=True)
    for _ in range(60):  # one second at 60 Hz
        moments.step(1 / 60)
    body = moments.drops[0]["body"]
    assert abs(body.position.y - 400) < 3 and abs(body.position.x - 500) < 15
    for _ in range(30):
        moments.step(1 / 60)
    assert not moments.drops


def test_scattered_bits_fall_to_the_floor_and_vanish():
    moments = Moments()
    moments.scatter((960, 500), [(1, 2, 3)], count=30)
    for _ in range(150):
        moments.step(1 / 60)
    assert all(bit["body"].position.y < 1100 for bit in moments.bits)
    for _ in range(100):
        moments.step(1 / 60)
    assert not moments.busy()


@pytest.mark.parametrize("name", sorted(RECIPES))
def test_every_sound_is_synthesised(name):
    samples = RECIPES[name]()
    assert len(samples) > 500 and max(samples) > 1000


def test_drawing_changes_nothing(make_app):
    app = make_app()
    table = local_table(app, [("Anna", "keys1"), ("Ben", "bot:hard"), ("Cleo", "bot:easy")], seed=6, bot_delay=0.1)
    frames(app, 40)
    def state():
        anim = table.anim
        return (table.hosting.host.state.digest(), {k: t.elapsed for k, t in anim.tweens.tweens.items()},
                [tuple(d["body"].position) for d in anim.moments.drops], list(table.model.log), table.clock,
                table.model.shown, [c.key for c in table.live[0]], table.choosers[0].cursor)

    before = state()
    for _ in range(5):
        app.draw()
    after = state()
    assert before == after
    assert "lock" in app.sounds.played
