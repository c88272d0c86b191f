"""The Architekton table (AR-1 to AR-7): its pieces read without colour, the camera frames
a growing board and answers the wheel, keys and a pad's stick; a take, a turn and a
forced order go through the seat's own steps; a surround's choice reaches its owner on
the other player's turn; an early end and the final scoring show as such; a revenge
match plays to one results screen, with two seats at the screen and against a bot.

Situations that come up only in some games (a forced order, a surround on the other
player's turn, an early end, a removal) are found by playing the engine's bot (its view
only) and replaying that game at the table; the step under test is made by synthetic
input."""

import pygame
import pytest

from client.games.architekton import art as pieces
from client.games.architekton.choices import placing
from client.games.architekton.layout import BOARD, TILE
from client.games.architekton.state import Shown
from client.table.results import ResultsScene
from engines import Rng, new_game
from engines.architekton import bot
from engines.architekton.tiles import BUILDINGS, FACING, ROTATIONS, TERRAINS
from tests.client.conftest import SCREENSHOTS, frames, key, local_table, post, shoot
from tests.client.drive import act, play_to_results

GAME = "architekton"
PAD = 6


# --- finding a situation by playing the engine ----------------------------------------------
def bot_game(seed: int, stop=None, options=None):
    """Bots play ``seed`` (each from its own view) until ``stop(state)`` or the end;
    returns (state, log)."""
    state, log = new_game(GAME, 2, seed, **(options or {})), []
    while not state.is_over():
        if stop is not None and stop(state):
            break
        seat = state.active_players()[0]
        action = bot(state.view(seat), state.legal_actions(seat), Rng(len(log)))
        state.apply(seat, action)
        log.append([seat, action])
    return state, log


def find(stop=None, done=None, seeds=range(1, 120), options=None):
    """The first seed whose bot game reaches ``stop`` (or ends with ``done(state)``)."""
    for seed in seeds:
        state, log = bot_game(seed, stop, options)
        if (stop is not None and not state.is_over()) or (done is not None and state.is_over() and done(state)):
            return seed, log
    raise AssertionError("no such game in the seeds tried")


def replayed(make_app, seed: int, log: list, options=None, devices=("keys1", "keys2")):
    """A table of two seats at this screen that has played ``log`` (sent straight to the
    host at instant speed, then back to normal speed)."""
    app = make_app()
    app.settings.animation = "instant"
    table = local_table(app, [("Anna", devices[0]), ("Ben", devices[1])], seed=seed, game_id=GAME,
                        options=options or {})
    for seat, action in log:
        table.sessions[seat].send(action)
        frames(app, 1)
    frames(app, 2)
    app.settings.animation = "normal"
    return app, table


def choice_for(table, seat, action):
    return next(c for c in table.live[seat] if c.action == action)


# --- the pieces -------------------------------------------------------------------------------
def test_every_side_of_every_building_shows_its_terrain_at_every_rotation():
    colours = {t: pieces.TERRAIN_COLOURS[t] for t in TERRAINS}
    for tile in BUILDINGS:
        for rot in ROTATIONS[tile]:
            image = pieces.tile_image(tile, rot, 96)
            for side, (x, y) in enumerate(((48, 14), (82, 48), (48, 82), (14, 48))):
                # the most common terrain colour in a patch by the side's middle
                counts = {t: 0 for t in TERRAINS}
                for dx in range(-4, 5):
                    for dy in range(-4, 5):
                        pixel = image.get_at((x + dx, y + dy))[:3]
                        for t, colour in colours.items():
                            if sum(abs(a - b) for a, b in zip(pixel, colour, strict=True)) < 30:
                                counts[t] += 1
                assert max(counts, key=counts.get) == FACING[tile][rot][side], (tile, rot, side)


def test_terrains_and_players_differ_without_colour():
    """Colour-blind players: in grey, every terrain's pattern and each player's house differ."""
    def grey(surface):
        return pygame.transform.grayscale(surface)

    def difference(a, b):
        a, b = grey(a), grey(b)
        return sum(abs(a.get_at((x, y))[0] - b.get_at((x, y))[0]) for x in range(0, 96, 3) for y in range(0, 96, 3))

    squares = {t: pieces.terrain_square(t, 96) for t in TERRAINS}
    for a in TERRAINS:
        for b in TERRAINS:
            if a < b:
                assert difference(squares[a], squares[b]) > 20 * 32 * 32, (a, b)
    same = (120, 120, 120)
    first, second = pieces.house_image(same, 0, 96), pieces.house_image(same, 1, 96)
    assert difference(first, second) > 0


def test_the_revenge_option_shows_whether_it_is_on_at_set_up(make_app):
    """Its words are long; the menu shortens them, never the value."""
    from client import art
    from client.scenes.setup import MENU_SIZE, MENU_WIDTH, SetupScene

    app = make_app()
    setup = SetupScene(app, GAME)
    app.push(setup)
    option = next(item for item in setup.menu.items if "Revenge" in item.text())
    assert option.text().endswith(": off")
    option.on_right()
    assert option.text().endswith(": on") and setup.options["revenge"] is True
    assert art.text_width(option.text(), MENU_SIZE) <= MENU_WIDTH - 120


# --- the camera -------------------------------------------------------------------------------
def test_the_camera_frames_a_big_board_and_zooms_out_smoothly_as_it_grows(make_app):
    seed, log = find(done=lambda s: not s.results[-1]["early"] and len(s.board) >= 34)
    grows = last_growth(seed, log)
    app, table = replayed(make_app, seed, [])
    game = table.game
    start = game.camera.zoom
    app.settings.animation = "instant"
    for seat, action in log[:grows]:
        table.sessions[seat].send(action)
        frames(app, 1)
    app.settings.animation = "normal"
    frames(app, 30)
    assert len(game.shown.cells) >= 30
    assert game.camera.zoom < start * 0.6, (start, game.camera.zoom)
    for x, y in game.shown.cells:
        assert BOARD.contains(game.camera.square(x, y)), (x, y)
    shoot(app, "table_architekton_big_board")
    seat, action = log[grows]
    before = game.camera.framing(game.shown.bounds(1))
    table.sessions[seat].send(action)
    seen = []
    for _ in range(90):
        frames(app, 1)
        seen.append((game.camera.centre, game.camera.zoom))
    after = game.camera.framing(game.shown.bounds(1))
    assert after != before
    assert (*game.camera.centre, game.camera.zoom) == pytest.approx((*after[0], after[1]), abs=0.5)
    glide = [(round(x), round(y), round(zoom, 3)) for (x, y), zoom in seen]
    assert len(set(glide)) > 6  # it glided there over many frames, it did not jump
    assert glide[0] != glide[-1]


def last_growth(seed: int, log: list) -> int:
    """The index of the last placement in ``log`` that lays a tile outside the board so far."""
    state, found = new_game(GAME, 2, seed), None
    for index, (seat, action) in enumerate(log):
        if action["type"] == "place":
            squares = [(c[0], c[1]) for c in state.board.values()]
            xs, ys = [x for x, _ in squares], [y for _, y in squares]
            if not (min(xs) <= action["x"] <= max(xs) and min(ys) <= action["y"] <= max(ys)):
                found = index
        state.apply(seat, action)
    return found


def test_wheel_keys_and_stick_zoom_and_pan_and_home_frames_the_board_again(make_app):
    app, table = replayed(make_app, *find(stop=lambda s: s.turn >= 14))
    game, camera = table.game, table.game.camera
    framed = (camera.centre, camera.zoom)
    assert framed[1] * 1.3 < camera.max_zoom  # a board framed small enough to zoom into
    point = (BOARD.centerx + 200, BOARD.centery + 50)
    under = camera.to_world(point)
    post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0)
    frames(app, 2)
    assert camera.zoom > framed[1] * 1.3  # no mouse seat: the wheel still zooms the shared view
    assert camera.to_world(point) == pytest.approx(under, abs=1.0)
    key("-")
    frames(app, 2)
    zoomed = camera.zoom
    key("l")
    frames(app, 60)
    assert camera.zoom == pytest.approx(zoomed)
    assert camera.centre[0] > framed[0][0] + 50
    post(pygame.CONTROLLERDEVICEADDED, instance_id=PAD, device_index=0)
    frames(app, 1)
    before = camera.centre
    post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_RIGHTY, value=32000)
    frames(app, 20)
    post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_RIGHTY, value=0)
    frames(app, 2)
    assert camera.centre[1] > before[1] + 100  # the right stick pans down
    assert not game.camera.following
    key("home")
    frames(app, 90)
    assert game.camera.following
    assert camera.zoom == pytest.approx(framed[1], rel=0.02)


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
    assert table.host.state.phase == "place" and sorted(table.host.state.hand) == take.action["tiles"]


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
    assert table.host.state.board[f"{x},{y}"][3] == chosen.action["rot"]
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
    assert placing(table.game, seat) == first and table.host.state.hand == state.hand  # nothing sent
    shoot(app, "table_architekton_other_tile_first")


def test_with_no_house_in_stock_one_of_yours_moves_onto_the_new_building(make_app):
    """AR-3 (rare in play: a position set up by hand, the player's stock emptied)."""
    def building_next(state):
        return (state.phase == "place" and state.turn >= 6 and state.houses_on_board(state.current) >= 2
                and any(a["tile"].startswith("B") for a in state.legal_actions(state.current)))
    seed, log = find(stop=building_next)
    app, table = replayed(make_app, seed, log)
    state = table.host.state
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


# --- surrounds, the end, the match ------------------------------------------------------------
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
    assert table.host.state.settling is None or table.host.state.settling[:2] != state.settling[:2]
    assert any("pays" in line or "cannot pay" in line for line in table.model.log)


def first_event(kind: str, check=lambda event: True):
    """A bot game and the index of its first action whose events include ``kind``."""
    for seed in range(1, 60):
        state, log = bot_game(seed)
        replay = new_game(GAME, 2, seed)
        for index, (seat, action) in enumerate(log):
            if any(e["type"] == kind and check(e) for e in replay.apply(seat, action)):
                return seed, log, index
    raise AssertionError(f"no {kind} event in the seeds tried")


def watch(app, table, seconds: float, until) -> bool:
    """Frames of 1/20 s until ``until()`` or ``seconds`` have passed."""
    for _ in range(round(seconds * 20)):
        frames(app, 1, 0.05)
        if until():
            return True
    return False


@pytest.mark.parametrize("matching", [True, False], ids=["plus_one_chip", "sides_owed"])
def test_a_surround_is_scored_with_its_sides_marked(make_app, matching):
    """AR-4: a ring round the building, a tick or a cross on every side, +1 chip or what it owes."""
    seed, log, index = first_event("surrounded", lambda e: e["owner"] is not None and (e["mismatches"] == 0) == matching)
    app, table = replayed(make_app, seed, log[:index])
    seat, action = log[index]
    table.sessions[seat].send(action)
    game = table.game
    assert watch(app, table, 6, lambda: game.effects.scoring is not None)
    frames(app, 6, 0.05)
    marks = [m for m in game.effects.scoring["matches"] if m is not None]
    assert len(marks) == 4 and (all(marks) if matching else not all(marks))
    words = [f["words"] for f in game.effects.floats]
    assert words == ["+1 chip"] if matching else words[0].endswith("wrong"), words
    shoot(app, f"table_architekton_surround_{'plus' if matching else 'owed'}")


def test_the_last_round_is_announced_when_it_begins(make_app):
    seed, log, index = first_event("last_round")
    app, table = replayed(make_app, seed, log[:index])
    assert "last round" not in table.game.status_text()
    seat, action = log[index]
    table.sessions[seat].send(action)
    game = table.game
    assert watch(app, table, 8, lambda: game.effects.banner is not None and game.effects.banner["words"] == "Last round")
    frames(app, 4, 0.05)
    assert "turn" in game.effects.banner["more"] and game.shown.turns_left in (1, 2)
    assert "last round" in game.status_text()
    shoot(app, "table_architekton_last_round")


def last_move(make_app, done=None, stop=None, options=None):
    """A table one move before the end of a bot game that ends with ``done`` (or reaches
    ``stop``); the last move is made by the mover's keys."""
    seed, log = find(stop=stop, done=done, options=options)
    app, table = replayed(make_app, seed, log[:-1], options=options)
    seat, action = log[-1]
    if action["type"] == "place" and placing(table.game, seat) != action["tile"]:
        act(app, table, seat, next(c for c in table.live[seat] if c.key == ("hand", action["tile"])))
        frames(app, 2)
    spot = next((c for c in table.live[seat] if c.action == action), None)
    if spot is None:  # a turn of several rotations: the square first
        act(app, table, seat, next(c for c in table.live[seat] if c.key == ("spot", action["tile"], action["x"],
                                                                          action["y"])))
        frames(app, 2)
        spot = choice_for(table, seat, action)
    act(app, table, seat, spot)
    return app, table


def test_an_early_end_is_shown_as_such(make_app):
    app, table = last_move(make_app, lambda s: s.results[-1]["early"])
    for _ in range(200):
        frames(app, 1, 0.05)
        if table.game.effects.early is not None:
            break
    assert table.game.effects.early is not None
    frames(app, 20, 0.05)
    shoot(app, "table_architekton_early_end")
    debtor = table.game.effects.early["player"]
    app.settings.animation = "fast"
    play_to_results(app, table)
    assert isinstance(app.top, ResultsScene)
    assert "Early end" in app.top.standings.note and table.name(debtor) in app.top.standings.note


def test_final_scoring_removes_buildings_then_traces_each_largest_group(make_app):
    app, table = last_move(make_app, lambda s: not s.results[-1]["early"] and s.final["removed"])
    game = table.game
    for _ in range(200):
        frames(app, 1, 0.05)
        if game.effects.final is not None:
            break
    final = game.effects.final
    assert final is not None and final["gone"]
    state = table.host.state
    assert {tuple(sq) for sq in state.final["removed"]} == set(final["gone"])
    assert [len(g) for g in final["groups"]] == state.final["groups"]
    frames(app, 8, 0.05)
    shoot(app, "table_architekton_final_removal")
    frames(app, 60, 0.05)
    shoot(app, "table_architekton_final_traced")
    assert any(line.startswith("Final scoring: ") for line in table.model.log)
    app.settings.animation = "fast"
    play_to_results(app, table)
    standings = app.top.standings
    assert standings.columns == ["Chips", "Largest group", "Houses"]
    assert standings.totals == state.scores()


@pytest.mark.parametrize("seats", [(("Anna", "mouse"), ("Ben", "keys2")), (("Anna", "keys1"), ("Ben", "bot:hard"))],
                         ids=["two_local_seats", "against_a_bot"])
def test_a_revenge_match_plays_to_one_results_screen(make_app, seats):
    app = make_app()
    app.settings.animation = "instant"  # the match is under test here; its pacing in the next test
    table = local_table(app, list(seats), seed=21, bot_delay=0.0, game_id=GAME, options={"revenge": True})
    announced = []
    original = table.game.on_new_game

    def new_game_shown(event):
        announced.append(event["starter"])
        return original(event)

    table.game.on_new_game = new_game_shown
    play_to_results(app, table, limit=9000)
    assert isinstance(app.top, ResultsScene)
    state = table.host.state
    results = state.results
    assert max(state.victory_points) >= 2 and (len(results) >= 2 or results[0]["early"])
    assert [r["starter"] for r in results] == [g % 2 for g in range(len(results))]  # AR-7: starters alternate
    assert announced == [r["starter"] for r in results[1:]]  # every next game was shown starting
    standings = app.top.standings
    assert standings.columns == [f"Game {g + 1}" for g in range(len(results))]
    assert standings.totals == state.victory_points and standings.total_label == "Victory points"
    frames(app, 60)
    shoot(app, f"table_architekton_revenge_results_{seats[1][1].replace(':', '_')}")


def test_between_revenge_games_the_score_and_the_next_starter_are_shown(make_app):
    app, table = last_move(make_app, stop=lambda s: len(s.results) == 1, options={"revenge": True})
    game = table.game
    for _ in range(300):
        frames(app, 1, 0.05)
        if game.effects.interlude is not None and "tween" in game.effects.interlude:
            break
    interlude = game.effects.interlude
    result = table.host.state.results[0]
    assert interlude["result"]["winners"] == result["winners"]
    assert interlude["vp"] == [sum(1 + r["early"] for r in [result] if p in r["winners"]) for p in range(2)] or \
        len(result["winners"]) != 1
    assert interlude["starter"] == 1 and interlude["game"] == 2  # AR-7: the other player starts game 2
    frames(app, 10, 0.05)
    shoot(app, "table_architekton_revenge_next_game")
    assert game.shown.cells.keys() == {(0, 0), (1, 1)}  # a fresh board behind it


def test_the_shown_board_follows_events_then_equals_the_view():
    """What the table keeps from events matches the engine's board once synced."""
    seed, log = find(done=lambda s: not s.results[-1]["early"] and s.final["removed"])
    shown = Shown()
    replay = new_game(GAME, 2, seed)
    shown.sync(replay.view(None))
    for seat, action in log:
        for event in replay.apply(seat, action):
            if event["type"] == "placed":
                shown.put(event["tile"], event["x"], event["y"], event["rot"])
            elif event["type"] == "house":
                if event["from"] is not None:
                    shown.set_house(*event["from"], None)
                shown.set_house(event["x"], event["y"], event["player"])
            elif event["type"] == "settled" and event["take_back"]:
                shown.set_house(event["x"], event["y"], None)
            elif event["type"] == "final_scoring":
                shown.remove([tuple(sq) for sq in event["removed"]])
        view = replay.view(None)
        board = {(c["x"], c["y"]): (c["tile"], c["rot"], c["house"]) for c in view["board"]}
        assert {xy: (c["tile"], c["rot"], c["house"]) for xy, c in shown.cells.items()} == board
    assert [len(shown.largest_group(p)) for p in range(2)] == replay.final["groups"]
    left, top, width, height = shown.bounds(0)
    xs = [x for x, _ in shown.cells]
    assert (left, width) == (min(xs) * TILE, (max(xs) - min(xs) + 1) * TILE)


def test_the_zoom_hint_reads_at_1280x720(make_app, monkeypatch):
    from client import art
    from client.games.architekton.words import HINT

    seed, log = find(stop=lambda state: len(state.board) >= 8)
    app, table = replayed(make_app, seed, log)
    drawn, render = [], art.text
    monkeypatch.setattr(art, "text", lambda words, size, *a, **k: drawn.append((words, size)) or
                        render(words, size, *a, **k))
    table.draw(app.logical)
    hint = [(words, size) for words, size in drawn if words.endswith(HINT)]
    assert hint and all(size >= 26 for _, size in hint), hint  # at least 17 pixels on a 1280x720 window
    key("l")  # pan: the players' own view, said in full
    frames(app, 3)
    drawn.clear()
    table.draw(app.logical)
    assert any(words == "Your own view.    " + HINT for words, _ in drawn)
    monkeypatch.setattr(art, "text", render)
    small = pygame.transform.smoothscale(app.logical, (1280, 720))
    pygame.image.save(small, str(SCREENSHOTS / "table_architekton_hint_720p.png"))
