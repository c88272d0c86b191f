"""Rejected actions show the engine's reason on screen; the log tells what happened."""

from client.scenes.title import TitleScene
from tests.client.conftest import frames, key, local_table, shoot
from tests.client.drive import act, key_event


def pick(app, table, seat: int, **fields) -> None:
    """``seat`` confirms the choice whose action has ``fields``, with its own device."""
    choice = next(c for c in table.live[seat] if all(c.action.get(k) == v for k, v in fields.items()))
    act(app, table, seat, choice)


def settle(app, table) -> None:
    for _ in range(600):  # let every beat show (reveals dwell a while)
        frames(app, 1)
        if not table.pacer.busy():
            return


def test_an_illegal_end_shows_the_building_order_reason(make_app):
    app = make_app()
    table = local_table(app, [("Anna", "keys1"), ("Ben", "keys2")], seed=1)
    frames(app, 2)
    # turn 1: master Anna plans the Tower, Ben the 6-wall: nobody guessed, Anna builds the Tower
    pick(app, table, 0, piece="T")
    pick(app, table, 1, piece="6")
    settle(app, table)
    assert table.model.view["wall"] == ["T"]
    # turn 2: master Ben shows an empty fist, Anna a 4-wall: Ben may build any piece
    pick(app, table, 1, piece=None)
    pick(app, table, 0, piece="4")
    settle(app, table)
    assert table.model.phase == "choose"
    options = table.live[1]
    assert options[0].action == {"type": "build", "piece": "T", "end": "L"}
    assert not options[0].legal  # a Tower may not touch the Tower
    shoot(app, "feedback_choose_waits_for_peek")
    assert not table.panel_open(1) and not table.usable(1)  # Ben's free choice would show his stock
    key_event("right shift", True)
    frames(app, 1)
    assert table.usable(1)
    key("return")  # Ben tries the Tower at the left end anyway
    frames(app, 3)
    assert table.model.view["wall"] == ["T"]
    toast = next(t for t in app.toasts.toasts if t.words.startswith("Ben"))
    assert "Tower" not in toast.words  # the shared screen does not name his piece...
    assert "may not go at the left end" in table.choosers[1].private_note  # ...his own panel says why
    shoot(app, "feedback_rejected_build")
    key("right")
    key("right")
    key("right")  # the Gate at the right end: also illegal next to the Tower
    key("return")
    frames(app, 2)
    assert table.model.view["wall"] == ["T"]
    key("right")  # the 6-wall at the left end
    key("return")
    key_event("right shift", False)
    settle(app, table)
    assert table.model.view["wall"] == ["6", "T"]
    assert any("builds the 6-wall at the left end" in line for line in table.model.log)
    assert any(line.startswith("Refused (Ben)") for line in table.model.log)


def test_f11_toggles_fullscreen_and_back(make_app):
    app = make_app((1280, 720))
    app.push(TitleScene(app))
    key("f11")
    frames(app, 2)
    assert app.settings.fullscreen
    key("f11")
    frames(app, 2)
    assert not app.settings.fullscreen
    assert app.window.get_size() == (1280, 720)
