"""A seat's steps at the Architekton table: a take lifts a tile then offers its partners
(AR-2), a building with several rotations is turned then laid, a forced order says to
place the other tile first (AR-5), a house moves when none is in stock (AR-3), and a
surround's choice reaches its owner on the other player's turn (AR-4)."""

import pygame

from client.games.architekton.choices import placing
from tests.client.conftest import frames, post, shoot
from tests.client.drive import act
from tests.client.games.architekton.situations import (
    PAD,
    bot_game,
    find,
    replayed,
    watch,
)


# --- taking and placing ---------------------------------------------------------------------
def test_a_take_lifts_one_tile_then_offers_only_its_partners(make_app):
    app, table = replayed(make_app, 5, [], devices=("mouse", "keys2"))
    legal = table.model.legal[0]
    first = table.live[0][0]
    assert first.action is None and first.data == ("supply", first.key[1])
    act(app, table, 0, first)
    frames(app, 2)
    tile = first.key[1]
    partners = {c.data[1] for c in table.live[0] if c.action is not None}
    assert partners == {t for a in legal if tile in a["tiles"] for t in a["tiles"] if t != tile}
    assert "second tile" in table.game.phase_text()
    shoot(app, "table_architekton_lifted")
    take = next(c for c in table.live[0] if c.action is not None)
    act(app, table, 0, take)
    frames(app, 40)
    assert table.hosting.host.state.phase == "place" and sorted(table.hosting.host.state.hand) == take.action["tiles"]


def test_a_building_with_several_rotations_is_turned_then_laid(make_app):
    """Pick its square, turn it (a pad's X), confirm: it lies turned that way."""
    def several(state):
        return state.phase == "place" and any(
            sum(1 for b in state.legal_actions(state.current) if (b["tile"], b["x"], b["y"]) == (a["tile"], a["x"], a["y"])) > 1
            for a in state.legal_actions(state.current))
    seed, log = find(stop=several)
    state, _ = bot_game(seed, several)
    seat = state.current
    app = make_app()
    post(pygame.CONTROLLERDEVICEADDED, instance_id=PAD, device_index=0)
    frames(app, 1)
    devices = [f"pad:{PAD}", "keys2"] if seat == 0 else ["keys1", f"pad:{PAD}"]
    app, table = replayed(lambda: app, seed, log, devices=devices)
    legal = table.model.legal[seat]
    counts = {}
    for a in legal:
        counts[(a["tile"], a["x"], a["y"])] = counts.get((a["tile"], a["x"], a["y"]), 0) + 1
    (tile, x, y), count = next((k, n) for k, n in counts.items() if n > 1)
    if placing(table.game, seat) != tile:
        act(app, table, seat, next(c for c in table.live[seat] if c.key == ("hand", tile)))
        frames(app, 2)
    spot = next(c for c in table.live[seat] if c.key == ("spot", tile, x, y))
    act(app, table, seat, spot)
    frames(app, 2)
    turns = table.live[seat]
    assert [c.key[0] for c in turns] == ["rot"] * count
    shoot(app, "table_architekton_turning")
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=pygame.CONTROLLER_BUTTON_X)
    post(pygame.CONTROLLERBUTTONUP, instance_id=PAD, button=pygame.CONTROLLER_BUTTON_X)
    frames(app, 2)
    chosen = next(c for c in table.live[seat] if c.key == table.choosers[seat].cursor)
    assert chosen.action["rot"] == turns[1].action["rot"]  # X turned the ghost one step
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=pygame.CONTROLLER_BUTTON_A)
    post(pygame.CONTROLLERBUTTONUP, instance_id=PAD, button=pygame.CONTROLLER_BUTTON_A)
    frames(app, 10)
    assert table.hosting.host.state.board[f"{x},{y}"][3] == chosen.action["rot"]
    frames(app, 20)
    assert (x, y) in table.game.shown.cells


def test_a_tile_that_may_only_go_second_says_place_the_other_tile_first(make_app):
    def waiting(state):
        return state.phase == "place" and len(state.hand) == 2 and not all(state.hand_spots()[t] for t in state.hand)
    seed, log = find(stop=waiting)
    state, _ = bot_game(seed, waiting)
    seat = state.current
    app, table = replayed(make_app, seed, log, devices=("mouse", "keys2") if seat == 0 else ("keys1", "mouse"))
    late = next(t for t in state.hand if not state.hand_spots()[t])
    first = next(t for t in state.hand if t != late)
    assert placing(table.game, seat) == first
    held = next(c for c in table.live[seat] if c.key == ("hand", late))
    assert not held.legal and held.label == "place the other tile first"
    assert "first" in table.game.phase_text()
    act(app, table, seat, held)
    frames(app, 2)
    words = [toast.words for toast in app.toasts.visible([table])]
    assert any(w.startswith("Place the other tile first") for w in words), words
    assert placing(table.game, seat) == first and table.hosting.host.state.hand == state.hand  # nothing sent
    shoot(app, "table_architekton_other_tile_first")


def test_with_no_house_in_stock_one_of_yours_moves_onto_the_new_building(make_app):
    """AR-3 (rare in play: a position set up by hand, the player's stock emptied)."""
    def building_next(state):
        return (state.phase == "place" and state.turn >= 6 and state.houses_on_board(state.current) >= 2
                and any(a["tile"].startswith("B") for a in state.legal_actions(state.current)))
    seed, log = find(stop=building_next)
    app, table = replayed(make_app, seed, log)
    state = table.hosting.host.state
    seat = state.current
    state.houses[seat] = 0
    place = next(a for a in table.model.legal[seat] if a["tile"].startswith("B"))
    if placing(table.game, seat) != place["tile"]:
        act(app, table, seat, next(c for c in table.live[seat] if c.key == ("hand", place["tile"])))
        frames(app, 2)
    square = next(c for c in table.live[seat] if c.key == ("spot", place["tile"], place["x"], place["y"]))
    act(app, table, seat, square)
    frames(app, 2)
    if table.live[seat] and table.live[seat][0].key[0] == "rot":
        act(app, table, seat, table.live[seat][0])
    assert watch(app, table, 6, lambda: table.model.phase == "move_house")
    frames(app, 2)
    moves = table.live[seat]
    houses = {(x, y) for (x, y), cell in table.game.shown.cells.items() if cell["house"] == seat}
    assert {(c.action["x"], c.action["y"]) for c in moves} == houses - {(place["x"], place["y"])}
    assert "no house left" in table.game.phase_text()
    shoot(app, "table_architekton_move_house")
    moved = moves[0].action
    act(app, table, seat, moves[0])
    assert watch(app, table, 6, lambda: table.game.shown.cells[(moved["x"], moved["y"])]["house"] is None)
    assert table.game.shown.cells[(place["x"], place["y"])]["house"] == seat


# --- a surround's choice (AR-4) ------------------------------------------------------------------
def test_the_owner_settles_a_surround_on_the_other_players_turn_on_their_own_keys(make_app):
    def owner_waits(state):
        return state.phase == "settle" and state.settling[2] != state.current
    seed, log = find(stop=owner_waits)
    state, _ = bot_game(seed, owner_waits)
    owner = state.settling[2]
    app, table = replayed(make_app, seed, log)
    assert table.model.legal[state.current] == []
    settles = table.live[owner]
    assert settles and all(c.action["type"] == "settle" for c in settles)
    assert all(table.layout.seats[owner].contains(c.rect) for c in settles)  # in the owner's own zone
    shoot(app, "table_architekton_settle")
    back = next((c for c in settles if c.action["take_back"]), settles[0])
    assert act(app, table, owner, back) == "keys"
    frames(app, 30)
    assert table.hosting.host.state.settling is None or table.hosting.host.state.settling[:2] != state.settling[:2]
    assert any("pays" in line or "cannot pay" in line for line in table.model.log)
