"""The Die Mauer table, what players notice: seat badges that follow the reveal, presses
during a reveal that are answered, the ghost at a wall end that takes a click, the
private panel's counts and whose pick it shows."""

import pygame
import pytest

from client.games.die_mauer.words import piece_name
from client.ui import art
from tests.client.conftest import frames, local_table, shoot
from tests.client.drive import act, first_legal, key_event, mouse_event

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
        if game.shown.reveal is not None and not game.revealing() and table.pacer.beat is not None:
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


def ends_for(table, seat: int) -> list:
    return [c for c in table.live[seat] if isinstance(c.action, dict) and c.action["type"] == "build"
            and not c.private]


def test_a_click_on_the_ghost_at_a_wall_end_builds_there(make_app):
    app, table = table_of(make_app, [("Anna", "mouse"), ("Ben", "bot:easy")], seed=4, bot_delay=0.05)
    moves = {}
    for _ in range(2000):
        ends = ends_for(table, 0)
        if len(ends) == 2 and all(end.legal for end in ends):
            break
        if table.live[0] and not ends:
            act(app, table, 0, first_legal(table, 0, table.live[0], moves.get(0, 0)))
            moves[0] = moves.get(0, 0) + 1
        frames(app, 1, 3 / 60)
    right = next(end for end in ends_for(table, 0) if end.action["end"] == "R")
    ghost = table.game.ghost_rect(0, right.action)
    assert not right.rect.colliderect(ghost)  # the ghost stands on the wall, far from the end's card
    mouse_event(app, pygame.MOUSEMOTION, ghost.center)
    frames(app, 2)
    assert table.choosers[0].cursor == right.key  # pointing at the end shows its ghost
    shoot(app, "table_die_mauer_ghost_pointed")
    wall = list(table.hosting.host.state.wall)
    mouse_event(app, pygame.MOUSEBUTTONDOWN, ghost.center, 1)
    mouse_event(app, pygame.MOUSEBUTTONUP, ghost.center, 1)
    frames(app, 10)
    assert table.hosting.host.state.wall[:len(wall)] == wall and len(table.hosting.host.state.wall) == len(wall) + 1
    assert table.hosting.host.state.wall[-1] == right.action["piece"]


def panel_words(table, seat: int, monkeypatch) -> set[str]:
    """The words drawn while ``seat`` peeks at its panel."""
    drawn, render = set(), art.text

    def reading(words, *args, **kwargs):
        drawn.add(words)
        return render(words, *args, **kwargs)

    monkeypatch.setattr(art, "text", reading)
    table.choosers[seat].peeking = True
    table.draw(pygame.Surface((1920, 1080)))
    table.choosers[seat].peeking = False
    monkeypatch.setattr(art, "text", render)
    return drawn


def test_the_panel_counts_pieces_held_twice(make_app, monkeypatch):
    app, table = table_of(make_app, [("Anna", "keys1"), ("Ben", "keys2")], bot_delay=30)
    stock = table.model.seat_views[0]["stock"]
    assert "x2" not in panel_words(table, 0, monkeypatch)
    stock.append(stock[0])  # as after a donation of a piece Anna holds already
    words = panel_words(table, 0, monkeypatch)
    assert "x2" in words and f"x{len(stock)}" not in words
    table.choosers[0].peeking = True
    frames(app, 2)
    shoot(app, "table_die_mauer_panel_counts")


def test_a_pick_this_screen_did_not_make_is_not_called_yours(make_app, monkeypatch):
    app, table = table_of(make_app, [("Anna", "keys1"), ("Ben", "keys2")], bot_delay=30)
    plans = table.model.seat_views[0]["plans"]
    plans["mine"] = "3"  # a rejoined seat: a bot picked for it while it was away
    words = panel_words(table, 0, monkeypatch)
    assert not any(w.startswith("You picked") for w in words) and f"In your fist: {piece_name('3')}" in words
    plans["mine"] = "none"
    act(app, table, 0, next(c for c in table.live[0] if c.action["piece"] == "2"))
    frames(app, 5)
    assert table.model.seat_views[0]["plans"]["mine"] == "2"
    assert f"You picked: {piece_name('2')}" in panel_words(table, 0, monkeypatch)


def test_while_the_outcome_plays_the_phase_line_never_asks_for_picks_again(make_app):
    app, table = table_of(make_app, [("Anna", "keys1"), ("Ben", "keys2"), ("Cleo", "bot:easy")], bot_delay=0.05)
    both_pick(app, table)
    game, lines = table.game, []
    for _ in range(600):
        frames(app, 1)
        if game.shown.reveal is not None and table.pacer.beat is not None:
            lines.append(game.phase_text())
        elif lines:
            break
    assert lines
    assert not [line for line in lines if "picks a piece in secret" in line], sorted(set(lines))
