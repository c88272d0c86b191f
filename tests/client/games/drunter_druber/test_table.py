"""Drunter & Drüber at the table (DD-1 to DD-9): a whole variant game by mouse, keyboard,
gamepad and a bot with a Jein, a lost vote, a pass and the secret pick; laying tiles by
pointing and by directions; a toilet vote seen from the shared screen; secrets that never
reach it (compared pixel by pixel); the finale's counting."""

import random

import pygame
import pytest

import netplay.host
from client.games.drunter_druber import layout, paint_seats
from client.games.drunter_druber.table import SOUNDS
from client.scenes.title import TitleScene
from client.table.choices import Choice
from client.table.results import ResultsScene
from engines.drunter_druber.rules import PEOPLE
from tests.client.conftest import frames, local_table, post, shoot
from tests.client.drive import KEYS, act, key_event, mouse_event, play_to_results, walk
from tests.client.games.drunter_druber.drive import pick

PAD = 6
pytestmark = pytest.mark.timeout(120)


def screen(app) -> bytes:
    return pygame.image.tobytes(app.logical, "RGB")


def pad_to(app, frame: int) -> None:
    """Run frames up to the app's ``frame``-th: two runs compared pixel by pixel must have
    run as long (pulses and glows follow the clock)."""
    assert app.frames <= frame
    frames(app, frame - app.frames)


def until(app, condition, limit: int = 400, dt: float = 3 / 60) -> None:
    for _ in range(limit):
        if condition():
            return
        frames(app, 1, dt)
    assert condition()


def press(app, device: str, button: str) -> None:
    name = {"keys1": "q", "keys2": "backspace"}[device] if button == "back" else KEYS[device][button]
    key_event(name, True)
    key_event(name, False)
    frames(app, 1)


def starting_at(monkeypatch, reached, cards: dict | None = None, seed: int = 0) -> None:
    """Tables made from now on start where random play from their deal first ``reached(state)``
    (a vote, the variant's pick), with ``cards`` replacing seats' building cards."""
    made = netplay.host.new_game

    def played(game_id, players, seed_, play_seed, **options):
        state = made(game_id, players, seed_, **options)
        rng = random.Random(play_seed)
        while not reached(state) and state.active_players():
            player = state.active_players()[0]
            legal = state.legal_actions(player)
            state.apply(player, rng.choice(legal[:8]))  # votes: small ones
        return state

    def new(game_id, players, seed_, **options):
        # The first random play (from ``seed`` on) that gets there: a new deal never breaks the set-up.
        for play_seed in range(seed, seed + 200):
            state = played(game_id, players, seed_, play_seed, **options)
            if reached(state):
                break
        assert reached(state)
        for seat, held in (cards or {}).items():
            state.cards[seat] = list(held)
        return state

    monkeypatch.setattr(netplay.host, "new_game", new)


# --- a whole game ---------------------------------------------------------------------------
PLAN = {"vote": {0: ["neee"], 1: ["jein"]}, "jein": "no", "blind": "nee"}


def test_a_whole_variant_game_with_a_jein_a_lost_vote_a_pass_and_the_secret_pick(make_app):
    app = make_app()
    app.settings.animation = "fast"
    app.push(TitleScene(app))
    post(pygame.CONTROLLERDEVICEADDED, instance_id=PAD, device_index=0)
    frames(app, 1)
    seats = [("Anna", "mouse"), ("Ben", "keys1"), ("Clara", f"pad:{PAD}"), ("David", "bot:normal")]
    table = local_table(app, seats, seed=3, bot_delay=0.05, game_id="drunter_druber", options={"variant": True})
    frames(app, 3)
    done = play_to_results(app, table, pick=lambda t, s, c, turn: pick(t, s, c, turn, PLAN),
                           shots="table_drunter_druber_game")
    assert isinstance(app.top, ResultsScene)
    assert done.get("mouse") and done.get("keys") and done.get("pad") and done.get("pad-blind"), done
    log = list(table.model.log)
    assert any("counts the Jein as no" in line for line in log), log
    assert any(line.startswith("No wins") and "goes back" in line for line in log), log
    assert any("has no tile that fits and passes" in line for line in log), log
    assert sum("has picked" in line for line in log) == 4
    assert any(name.startswith("pass") for name in table.anim.tweens.tweens)  # the pass was stamped on a seat
    state = table.hosting.host.state
    assert state.is_over() and state.first_cards is not None
    standings = app.top.standings
    assert standings.totals == state.scores() and sorted(standings.winners) == sorted(state.winners())
    assert standings.columns == ["2nd card", "People cards"]
    assert [row[1] for row in standings.cells] == [len(p) for p in state.people]
    frames(app, 60)
    shoot(app, "table_drunter_druber_game_results")


# --- laying tiles -------------------------------------------------------------------------
def placements_of(table, seat):
    return [c for c in table.live[seat] if c.data and c.data[0] == "place"]


def test_a_tile_is_picked_then_pointed_at_with_the_mouse_and_laid_with_a_sound(make_app):
    app = make_app()
    table = local_table(app, [("Anna", "mouse"), ("Ben", "keys1"), ("Cleo", "bot:easy")], seed=8, bot_delay=30,
                        game_id="drunter_druber", options={"variant": False})
    frames(app, 20)
    tiles = [c for c in table.live[0] if c.data[0] == "tile"]
    assert tiles and not placements_of(table, 0)  # step one: a tile from the hand
    first = tiles[0]
    mouse_event(app, pygame.MOUSEMOTION, first.rect.center)
    mouse_event(app, pygame.MOUSEBUTTONDOWN, first.rect.center, 1)
    mouse_event(app, pygame.MOUSEBUTTONUP, first.rect.center, 1)
    frames(app, 2)
    assert table.game.stage[0]["tile"] == first.data[1:]
    places = placements_of(table, 0)
    assert places and all(c.data[1] == first.data[1] and c.action["size"] == first.data[2] for c in places)
    # the wheel takes the next tile that fits; a click on another tile of the hand takes that one
    post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    frames(app, 2)
    assert table.game.stage[0]["tile"] == tiles[1].data[1:]
    other = tiles[-1]
    mouse_event(app, pygame.MOUSEMOTION, other.rect.center)
    mouse_event(app, pygame.MOUSEBUTTONDOWN, other.rect.center, 1)
    mouse_event(app, pygame.MOUSEBUTTONUP, other.rect.center, 1)
    frames(app, 2)
    assert table.game.stage[0]["tile"] == other.data[1:]
    mouse_event(app, pygame.MOUSEBUTTONDOWN, (960, 540), 2)  # the middle button: back to the hand
    mouse_event(app, pygame.MOUSEBUTTONUP, (960, 540), 2)
    frames(app, 2)
    assert not table.game.stage.get(0) and not placements_of(table, 0)
    # the longest tile, pointed at: the ghost lies where the pointer is
    longest = max(tiles, key=lambda c: c.data[2])
    act(app, table, 0, longest)
    frames(app, 2)
    places = placements_of(table, 0)
    dry = [c for c in places if not set(c.data[2]) & layout.TOILET_XY] or places
    target = dry[len(dry) // 2]
    far = layout.cell_rect(target.data[2][-1]).center
    mouse_event(app, pygame.MOUSEMOTION, far)
    frames(app, 2)
    focused = next(c for c in table.live[0] if c.key == table.choosers[0].cursor)
    assert target.data[2][-1] in focused.data[2]
    shoot(app, "table_drunter_druber_ghost_mouse")
    laid = focused.action
    mouse_event(app, pygame.MOUSEBUTTONDOWN, far, 1)
    mouse_event(app, pygame.MOUSEBUTTONUP, far, 1)
    frames(app, 3)
    assert SOUNDS[focused.data[1]] in app.sounds.played
    assert table.game.state.landing is not None  # it settles...
    shoot(app, "table_drunter_druber_landing")
    frames(app, 90)
    tile = table.hosting.host.state.tiles[-1]  # ...where it was pointed at
    assert tile["stretch"] == laid["stretch"] and tile["size"] == laid["size"]
    assert tile["cells"][0] == laid["cell"][1] * 15 + laid["cell"][0]


def test_directions_cycle_the_ghost_through_the_places_and_confirm_lays_it(make_app):
    app = make_app()
    table = local_table(app, [("Anna", "keys1"), ("Bot", "bot:easy")], seed=4, bot_delay=30,
                        game_id="drunter_druber", options={"variant": False})
    frames(app, 20)
    triples = [c for c in table.live[0] if c.data[0] == "tile" and c.data[2] > 1]
    act(app, table, 0, triples[0])
    frames(app, 2)
    places = placements_of(table, 0)
    assert len(places) > 1
    seen = {table.choosers[0].cursor}
    for direction in ("right", "down", "left", "up", "right", "right"):
        press(app, "keys1", direction)
        seen.add(table.choosers[0].cursor)
    assert len(seen) > 2  # the ghost moved from place to place
    press(app, "keys1", "back")
    assert not placements_of(table, 0)
    act(app, table, 0, triples[0])
    frames(app, 2)
    choice = next(c for c in table.live[0] if c.key == table.choosers[0].cursor)
    press(app, "keys1", "confirm")
    frames(app, 60)
    assert table.hosting.host.state.tiles and table.hosting.host.state.tiles[0]["size"] == choice.action["size"]


# --- the toilet vote ----------------------------------------------------------------------------
def voting(state) -> bool:
    return state.phase == "vote" and state.vote["placer"] == 0 and state.vote["step"] == 0 and len(state.people[0]) == 8


def vote_table(app, monkeypatch, toggles: list[str]):
    """Anna votes first in a vote (random play got there); she toggles ``toggles`` in her
    panel while peeking, then lets go. Returns the table."""
    starting_at(monkeypatch, voting, seed=21)
    post(pygame.CONTROLLERDEVICEADDED, instance_id=PAD, device_index=0)
    frames(app, 1)
    seats = [("Anna", "keys1"), ("Ben", "keys2"), ("Clara", f"pad:{PAD}"), ("Dan", "bot:normal")]
    table = local_table(app, seats, seed=9, bot_delay=0.05, game_id="drunter_druber", options={"variant": False})
    frames(app, 20)
    assert table.model.phase == "vote" and table.live[0] and all(c.private for c in table.live[0])
    key_event("left shift", True)
    frames(app, 1)
    for card in toggles:
        walk(app, table, 0, next(c for c in table.usable(0) if c.key == ("card", card)),
             lambda d: (key_event(KEYS["keys1"][d], True), key_event(KEYS["keys1"][d], False)))
        press(app, "keys1", "confirm")
    pad_to(app, 60)
    return table


def anna_votes(make_app, monkeypatch, toggles: list[str]):
    """Anna toggles ``toggles`` in her panel, lets go of peek (the shared screen then),
    puts them down and lets go again (the shared screen then)."""
    app = make_app()
    table = vote_table(app, monkeypatch, toggles)
    assert table.game.stage[0]["vote"] == toggles
    shoot(app, f"table_drunter_druber_vote_panel_{toggles[0]}")
    key_event("left shift", False)
    frames(app, 3)
    uncommitted = screen(app)
    key_event("left shift", True)
    frames(app, 1)
    walk(app, table, 0, next(c for c in table.usable(0) if c.key == "put"),
         lambda d: (key_event(KEYS["keys1"][d], True), key_event(KEYS["keys1"][d], False)))
    press(app, "keys1", "confirm")
    key_event("left shift", False)
    pad_to(app, 100)
    assert table.hosting.host.state.vote["cards"][0] == [card for card in PEOPLE if card in toggles]
    assert table.model.view["vote"]["committed"][0] == 2
    return app, table, uncommitted, screen(app)


def test_a_vote_is_secret_until_the_reveal_then_shown_with_its_tally(make_app, monkeypatch):
    app, table, uncommitted, committed = anna_votes(make_app, monkeypatch, ["ja", "jaa"])
    voted_on = table.model.view["vote"]["tile"]
    held = sum(sum(counts) for counts in table.model.view["hands"][0].values())
    _, _, uncommitted_other, committed_other = anna_votes(make_app, monkeypatch, ["neee", "jein"])
    assert uncommitted == uncommitted_other  # cards toggled in the panel never show on the shared screen
    assert committed == committed_other  # put down: only how many
    # Ben by keyboard, Clara blind from her pad (its legend over her own hand), Dan the bot
    shoot(app, "table_drunter_druber_vote_counts")
    act(app, table, 1, next(c for c in table.live[1] if c.key == ("card", "nee")))
    act(app, table, 1, next(c for c in table.live[1] if c.key == "put"))
    until(app, lambda: table.live[2])
    assert table.choosing_blind(2)
    shoot(app, "table_drunter_druber_vote_blind_legend")
    act(app, table, 2, Choice({"type": "vote", "cards": ["neee"]}, pygame.Rect(0, 0, 1, 1), "", private=True))
    until(app, lambda: table.game.state.tray and table.game.state.tray["cards"])
    assert table.game.state.tray["cards"][2] == ["neee"]
    frames(app, 12)
    shoot(app, "table_drunter_druber_vote_revealed")
    until(app, lambda: table.game.state.tray["result"])
    result = table.game.state.tray["result"]
    assert result["no"] >= 5 and not result["stays"]
    assert table.game.phase_text().startswith(f"No wins {result['no']}:{result['yes']}")
    shoot(app, "table_drunter_druber_vote_tally")
    until(app, lambda: table.game.state.returning is not None, dt=1 / 60)
    frames(app, 20)
    shoot(app, "table_drunter_druber_vote_tile_flies_back")
    assert "whoosh" in app.sounds.played
    until(app, lambda: table.model.view["phase"] == "place")
    assert all(tile["cells"] != voted_on for tile in table.model.view["tiles"])  # back in Anna's hand:
    assert sum(sum(counts) for counts in table.model.view["hands"][0].values()) == held + 1


# --- secret building cards ---------------------------------------------------------------------------
def shared_screens(app, table, shot: str | None = None) -> list[bytes]:
    out = [screen(app)]
    key_event("left shift", True)  # Anna peeks: her card shows in her panel
    frames(app, 2)
    peeking = screen(app)
    if shot:
        shoot(app, shot)
    key_event("left shift", False)
    frames(app, 2)
    out.append(screen(app))
    return out + [peeking]


def test_building_cards_never_reach_the_shared_screen(make_app, monkeypatch):
    results = []
    for card in ("church", "museum"):
        starting_at(monkeypatch, lambda state: True, cards={0: [card], 1: ["inn"]})
        app = make_app()
        seats = [("Anna", "keys1"), ("Ben", "keys2"), ("Cleo", "bot:easy")]
        table = local_table(app, seats, seed=2, bot_delay=30, game_id="drunter_druber", options={"variant": False})
        frames(app, 20)
        assert table.game.seat_view(0)["cards"] == [card]
        results.append(shared_screens(app, table, f"table_drunter_druber_peek_{card}"))
    (before_a, after_a, peek_a), (before_b, after_b, peek_b) = results
    assert before_a == before_b and after_a == after_b
    assert peek_a != peek_b  # the panel does show the card: the comparison can tell


def picking(state) -> bool:
    return state.phase == "pick"


def test_the_variants_pick_is_secret_until_the_end(make_app, monkeypatch):
    results = []
    for index in (0, 1):
        starting_at(monkeypatch, picking, seed=5)
        app = make_app()
        seats = [("Anna", "keys1"), ("Ben", "keys2"), ("Cleo", "bot:easy")]
        table = local_table(app, seats, seed=6, bot_delay=30, game_id="drunter_druber", options={"variant": True})
        frames(app, 20)
        assert table.model.phase == "pick"
        picks = [c for c in table.live[0] if c.data and c.data[0] == "pick"]
        assert len(picks) == 2 and all(c.private for c in picks)
        key_event("left shift", True)
        frames(app, 1)
        shoot(app, "table_drunter_druber_pick_panel")
        key_event("left shift", False)
        act(app, table, 0, picks[index])
        pad_to(app, 60)
        assert table.hosting.host.state.picks.choices[0] == picks[index].action["card"]
        assert 0 in table.model.view["pick"]["locked"]
        results.append(screen(app))
    assert results[0] == results[1]


def test_clicks_and_the_wheel_during_the_seats_own_vote_and_pick_change_nothing(make_app, monkeypatch):
    """Issue 23's crash: the mouse seat clicked on the board during its own toilet vote."""
    for reached, variant in ((voting, False), (picking, True)):
        starting_at(monkeypatch, reached, seed=5 if variant else 21)
        app = make_app()
        seats = [("Anna", "mouse"), ("Ben", "keys1"), ("Cleo", "bot:easy")]
        table = local_table(app, seats, seed=9, bot_delay=30, game_id="drunter_druber", options={"variant": variant})
        frames(app, 20)
        assert table.live[0] and all(c.private for c in table.live[0])
        for spot in (table.layout.board.center, layout.seat_parts(table.layout.seats[0])["hand"].center, (5, 5)):
            mouse_event(app, pygame.MOUSEMOTION, spot)
            mouse_event(app, pygame.MOUSEBUTTONDOWN, spot, 1)
            mouse_event(app, pygame.MOUSEBUTTONUP, spot, 1)
            post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
            frames(app, 2)
        assert table.model.pending.get(0) is None and table.app.top is table
        assert table.model.phase == ("pick" if variant else "vote")


def test_a_voter_who_has_put_down_cards_no_longer_shows_as_voting(make_app, monkeypatch):
    app = make_app()
    table = vote_table(app, monkeypatch, ["ja"])
    walk(app, table, 0, next(c for c in table.usable(0) if c.key == "put"),
         lambda d: (key_event(KEYS["keys1"][d], True), key_event(KEYS["keys1"][d], False)))
    press(app, "keys1", "confirm")
    key_event("left shift", False)
    after = []
    for _ in range(90):
        frames(app, 1)
        if 0 in table.game.state.tray["counts"]:  # her cards went down on the table
            after.append(paint_seats.status(table.game, 0)[0])
    assert after and "votes" not in after, after
    assert after[0] == "1 card down"


def test_directions_move_the_ghost_the_way_pressed_and_never_round_the_board(make_app):
    app = make_app()
    table = local_table(app, [("Anna", "keys1"), ("Bot", "bot:easy")], seed=4, bot_delay=30,
                        game_id="drunter_druber", options={"variant": False})
    frames(app, 20)
    moved = 0
    for tile in [c for c in table.live[0] if c.data[0] == "tile"]:
        act(app, table, 0, tile)
        frames(app, 2)
        places = placements_of(table, 0)
        for start in places:
            for direction, (dx, dy) in (("right", (1, 0)), ("left", (-1, 0)), ("down", (0, 1)), ("up", (0, -1))):
                table.choosers[0].cursor = start.key
                press(app, "keys1", direction)
                now = next(c for c in table.live[0] if c.key == table.choosers[0].cursor)
                x, y = now.rect.centerx - start.rect.centerx, now.rect.centery - start.rect.centery
                assert now is start or x * dx + y * dy > 0, (direction, start.label, now.label)
                moved += now is not start
        press(app, "keys1", "back")
    assert moved > 10
