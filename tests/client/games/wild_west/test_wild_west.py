"""Wild West at the table, driven by synthetic mouse, keyboard and gamepad events: a whole
game with three seats on three devices and a bot, a solo game with a mulligan and a high
score, a speed game where a pick is missed, secret picks that never show, forced steps
that animate, any sheet looked at, and screenshots with 1, 4 and 6 sheets."""

import json

import pygame
import pytest

from client.games.wild_west import paint, words
from client.games.wild_west.layout import (
    AREA,
    BOARD,
    COMPACT,
    FULL,
    TIMER_CENTRE,
    TIMER_RADIUS,
    Geometry,
    arrange,
)
from client.games.wild_west.state import mulligans_left
from client.scenes.title import TitleScene
from client.table.choices import action_key
from client.table.results import ResultsScene
from tests.client.conftest import (
    SCREENSHOTS,
    drawn_lines,
    frames,
    key,
    local_table,
    pad_button,
    post,
    shoot,
)
from tests.client.drive import act, first_legal, key_event, play_each_seat, play_to_results

PAD = 6
GAME = "wild_west"


def start(make_app, seats, seed: int, options=None, bot_delay=0.1, pad: bool = False):
    app = make_app()
    app.push(TitleScene(app))
    if pad:
        post(pygame.CONTROLLERDEVICEADDED, instance_id=PAD, device_index=0)
        frames(app, 1)
    table = local_table(app, seats, seed=seed, bot_delay=bot_delay, game_id=GAME, options=options or {})
    frames(app, 5)
    return app, table


def screen(app) -> bytes:
    return pygame.image.tobytes(app.logical, "RGB")


def filled(state, player: int) -> int:
    return sum(1 for value in state.values[player] if value)


# --- a whole game -----------------------------------------------------------------------------
def test_three_seats_on_three_devices_and_a_bot_play_a_whole_game(make_app):
    seats = [("Anna", "mouse"), ("Ben", "keys1"), ("Clara", f"pad:{PAD}"), ("David", "bot:normal")]
    app, table = start(make_app, seats, seed=8, pad=True)
    steps: dict[int, set] = {0: set(), 1: set(), 2: set()}
    at_once = []

    def pick(table, seat, choices, turn):
        legal = table.model.legal[seat]
        # only what the engine allows is offered, and all of it
        assert sorted(action_key(c.action) for c in choices) == sorted(action_key(a) for a in legal)
        kind = legal[0]["type"]
        steps[seat].add(kind)
        if kind != "pick":  # each seat writes on its own sheet, with its own cursor
            zone = table.layout.seats[seat]
            assert all(zone.contains(c.rect) for c in choices), (seat, kind)
            writing = [s for s in table.choosers if table.live.get(s) and not table.live[s][0].private]
            at_once.append(len(writing))
        return first_legal(table, seat, choices, turn)

    done = play_to_results(app, table, pick, shots="table_wild_west_three_devices")
    assert isinstance(app.top, ResultsScene), done
    assert done.get("mouse") and done.get("keys") and (done.get("pad") or done.get("pad-blind"))
    for seat in (0, 1, 2):
        assert "pick" in steps[seat] and "write" in steps[seat], steps
        assert filled(table.hosting.host.state, seat) > 0
    assert max(at_once) >= 2  # several seats were writing at the same time
    assert table.game.shown.end_shown  # the score sheet was up before the results
    log = list(table.model.log)
    assert any(line.startswith("Reveal: Anna") for line in log)
    assert log[-1].startswith("Game over: ")
    state = table.hosting.host.state
    standings = app.top.standings
    assert standings.columns == ["Parks", "Track", "Groups", "Churches", "Tumbleweeds", "Aces"]
    assert list(standings.totals) == state.scores()
    for p in range(4):
        parts = state.final[p]
        assert standings.cells[p] == [parts["parks"], parts["tracks"], parts["groups"], parts["churches"],
                                      -parts["tumbleweeds"], -parts["aces"]]
        assert sum(standings.cells[p]) == standings.totals[p]
    frames(app, 40)
    shoot(app, "table_wild_west_three_devices_results")


# --- solo: a mulligan and the high-score table ---------------------------------------------------
def test_a_solo_game_with_a_mulligan_ends_in_the_high_score_table(make_app, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    scores = tmp_path / "spielabend" / "highscores"
    scores.mkdir(parents=True)
    old = [{"name": "Zed", "score": 900, "when": "2024-01-01 20:00"}, {"name": "Yan", "score": -50, "when": "x"}]
    (scores / "wild_west.json").write_text(json.dumps({"version": 1, "game": GAME, "entries": old}))
    app, table = start(make_app, [("Anna", "keys1")], seed=21)
    assert table.game.private_rect(0, 4).left > table.layout.seats[0].right  # the panel stands beside the sheet
    picks = []
    seen = {}

    def pick(table, seat, choices, turn):
        if choices[0].action["type"] != "pick":
            return first_legal(table, seat, choices, turn)
        view = table.model.view
        if len(picks) == 1:  # just after the mulligan: same round, six new cards, one mulligan left
            seen.update(round=view["round"], deal=view["deal"], cards=view["cards"], phase=table.game.phase_text(),
                        tumbleweeds=view["sheets"][0]["tumbleweeds"])
        else:
            seen.setdefault("first_cards", view["cards"])
        tumble = len(picks) == 0 or len(picks) >= 4  # a mulligan first; the last ones end the game
        picks.append(tumble)
        wanted = [c for c in choices if (c.action["column"] is None) == tumble]
        assert wanted[0].label == ("Mulligan" if tumble and mulligans_left(table.model.view) else wanted[0].label)
        return wanted[0]

    play_to_results(app, table, pick, shots="table_wild_west_solo_game")
    assert isinstance(app.top, ResultsScene)
    assert seen["round"] == 1 and seen["deal"] == 2 and seen["tumbleweeds"] == 1
    assert seen["cards"] != seen["first_cards"]
    assert "ulligan" in seen["phase"] and "(1 left)" in seen["phase"]
    assert any(line.startswith("Mulligan: ") for line in table.model.log)
    state = table.hosting.host.state
    assert state.end_reason == "tumbleweeds" and state.tumbleweeds[0] == 3
    total = state.scores()[0]
    saved = json.loads((scores / "wild_west.json").read_text())["entries"]
    assert [e["score"] for e in saved] == [900, total, -50] and saved[1]["name"] == "Anna"
    standings = app.top.standings
    assert standings.ranking[1] == ("2. Anna", str(total)) and standings.ranking_mark == 1
    assert "New high score: place 2" in standings.note
    frames(app, 40)
    shoot(app, "table_wild_west_solo_results")


def test_a_corrupt_high_score_file_is_moved_aside_and_the_player_told(make_app, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    scores = tmp_path / "spielabend" / "highscores"
    scores.mkdir(parents=True)
    (scores / "wild_west.json").write_bytes(b"\x00 not a table")
    app, table = start(make_app, [("Anna", "keys1")], seed=2)
    event = {"type": "game_over", "reason": "tumbleweeds", "totals": [31], "winners": [0], "scores": []}
    table.game.on_event(event)  # the game is over: the table records its high score once
    table.record_high_score()
    assert table.high_scores.place == 1 and table.game.high_score() == (31, {"round": 1, "timer": 0})
    aside = [p for p in scores.iterdir() if "-unreadable-" in p.name]
    assert aside and aside[0].read_bytes() == b"\x00 not a table"
    words = [toast.words for toast in app.toasts.toasts]
    assert any("moved aside" in w for w in words), words


# --- the speed option: a missed pick ----------------------------------------------------------------
def test_a_speed_game_counts_down_and_a_missed_pick_writes_nothing(make_app):
    seats = [("Anna", "mouse"), ("Ben", "keys1"), ("Clara", "bot:normal")]
    app, table = start(make_app, seats, seed=4, options={"timer": 3})
    game = table.game
    assert 2.5 < game.seconds_left() <= 3.0
    timer = pygame.Rect(0, 0, 2 * TIMER_RADIUS, 2 * TIMER_RADIUS)
    timer.center = TIMER_CENTRE
    before = app.logical.subsurface(timer).copy()
    frames(app, 60)  # one second
    assert 1.5 < game.seconds_left() <= 2.0
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(app.logical.subsurface(timer), "RGB")
    assert "a missed pick writes nothing (no Tumbleweed)" in game.phase_text()
    shoot(app, "table_wild_west_speed_countdown")
    column = next(c for c in table.live[0] if c.data is not None)
    act(app, table, 0, column)  # Anna picks; Ben lets the time run out
    captions = []
    for _ in range(400):
        frames(app, 1)
        captions.append(game.phase_text())
        if table.model.view.get("last_picks"):
            break
    state = table.hosting.host.state
    assert state.last_picks[1] == "missed" and state.last_picks[0] == column.action["column"]
    assert state.tumbleweeds[1] == 0 and filled(state, 1) == 0
    assert any("Ben missed the pick: nothing written this round, no Tumbleweed" in c for c in captions)
    assert "Time is up: Ben missed the pick" in table.model.log
    frames(app, 30)
    assert paint.status(game, 1)[0] == "missed the pick: nothing to write"
    shoot(app, "table_wild_west_speed_missed")


# --- secrecy ------------------------------------------------------------------------------------------
def secret_round(make_app, moves: int, blind: str, lock: bool) -> bytes:
    """Anna (keys) moves her pick cursor ``moves`` times while peeking; Ben (pad) presses
    ``blind`` once (or twice: ``lock``); Anna locks in too if ``lock``. Clara has not picked."""
    seats = [("Anna", "keys1"), ("Ben", f"pad:{PAD}"), ("Clara", "keys2")]
    app, table = start(make_app, seats, seed=9, pad=True)
    frames(app, 20)
    key_event("left shift", True)
    frames(app, 1)
    for _ in range(moves):
        key("d")
        frames(app, 1)
    if lock:
        key("space")
    frames(app, 1)
    key_event("left shift", False)
    codes = {"up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
             "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT}
    pad_button(PAD, codes[blind])
    if lock:
        pad_button(PAD, codes[blind])
    frames(app, 40)
    state = table.hosting.host.state
    assert state.picks.locked[:2] == [lock, lock] and not state.picks.locked[2]
    if lock:
        assert table.model.view["picks"]["locked"] == [0, 1]
    return screen(app), state.picks.choices[:2]


def test_the_shared_screen_is_the_same_whatever_a_pick_is(make_app):
    quiet_a, _ = secret_round(make_app, 0, "up", lock=False)
    quiet_b, _ = secret_round(make_app, 2, "left", lock=False)
    assert quiet_a == quiet_b  # cursors moved and a pad armed: nothing shows
    locked_a, picks_a = secret_round(make_app, 0, "up", lock=True)
    locked_b, picks_b = secret_round(make_app, 3, "down", lock=True)
    assert picks_a != picks_b  # the engine holds different picks...
    assert locked_a == locked_b  # ...and the screen shows only that both are locked in
    assert locked_a != quiet_a


# --- forced steps, looking at sheets ------------------------------------------------------------
def test_a_forced_track_is_laid_by_itself_and_animated(make_app):
    from engines import new_game

    seed = next(s for s in range(200) if new_game(GAME, 1, s).columns[0][0] == "ranch")
    app, table = start(make_app, [("Anna", "keys1")], seed=seed)
    act(app, table, 0, next(c for c in table.live[0] if c.data == 0))  # column 1: a Ranch
    for _ in range(200):
        frames(app, 1)
        if table.live[0] and table.live[0][0].data == "write":
            break
    corner = next(c for c in table.live[0] if c.action == {"type": "write", "row": 0, "col": 0})
    act(app, table, 0, corner)  # the only tile track can reach: the engine lays it at once (WW-6)
    fx = []
    for _ in range(120):
        frames(app, 1)
        fx += [e["fx"] for e in table.game.shown.effects]
        if table.live[0]:
            break
    assert "write" in fx and "track" in fx
    assert table.hosting.host.state.tracks[0][0]
    assert [c.action["type"] for c in table.live[0]] == ["park", "park"]  # the next real choice


def test_back_looks_at_the_other_sheets_in_turn(make_app):
    seats = [("Anna", "keys1"), ("Ben", "bot:easy"), ("Clara", "bot:easy")]
    app, table = start(make_app, seats, seed=3, bot_delay=60.0)
    zone = table.layout.seats[0]
    own = pygame.image.tobytes(app.logical.subsurface(zone), "RGB")
    key("q")
    frames(app, 2)
    assert table.game.shown.looking == {"by": 0, "at": 1, "since": pytest.approx(table.game.shown.looking["since"])}
    ben = pygame.image.tobytes(app.logical.subsurface(zone), "RGB")
    assert ben != own
    shoot(app, "table_wild_west_looking")
    key("q")
    frames(app, 2)
    assert table.game.shown.looking["at"] == 2
    key("q")
    frames(app, 2)
    assert table.game.shown.looking is None  # past the last: one's own sheet again


# --- one to six sheets on one screen ----------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 4, 6])
def test_one_four_and_six_sheets_fit_the_screen(make_app, players):
    seats = [("Anna", "mouse")] + [(name, "bot:easy") for name in ["Ben", "Clara", "David", "Emma", "Felix"]]
    app, table = start(make_app, seats[:players], seed=players, bot_delay=0.3)
    frames(app, 120)
    shoot(app, f"table_wild_west_{players}_sheets")
    sheets = table.game.arrangement.sheets
    assert sheets[0].mode == FULL and sheets[0].u >= 100  # the seat playing here: large and full
    for seat in range(1, players):
        assert sheets[seat].mode == COMPACT and 30 <= sheets[seat].u < sheets[0].u
    zones = list(table.layout.seats.values())
    for i, zone in enumerate(zones):
        assert AREA.contains(zone) and not zone.colliderect(BOARD)
        assert not any(zone.colliderect(other) for other in zones[i + 1:])


@pytest.mark.parametrize(("players", "local"), [(p, n) for p in range(1, 7) for n in range(0, p + 1)])
def test_every_arrangement_keeps_sheets_apart_and_the_playing_ones_larger(players, local):
    arrangement = arrange(players, list(range(local)), lone=local == 1)
    featured = list(range(local)) or [0]
    zones = [arrangement.zones[s] for s in range(players)]
    for i, zone in enumerate(zones):
        assert AREA.contains(zone), (players, local, zone)
        assert not any(zone.colliderect(other) for other in zones[i + 1:])
        sheet = arrangement.sheets[i]
        assert zone.contains(sheet.rect) and sheet.u >= 30
        assert (sheet.mode == FULL) == (i in featured)
    if arrangement.panel is not None:
        assert AREA.contains(arrangement.panel) and not any(arrangement.panel.colliderect(z) for z in zones)
    big = min(arrangement.sheets[s].u for s in featured)
    assert all(arrangement.sheets[s].u < big for s in range(players) if s not in featured)


def test_rows_of_seven_sit_between_the_tiles_of_the_rows_of_eight():
    geometry = Geometry(0, 0, 80, FULL)
    for row in (0, 2):  # WW-2: tile j of a 7-row touches tiles j and j+1 of the 8-rows beside it
        for col in range(7):
            tile = geometry.tile(row, col)
            for other in (row - 1, row + 1):
                if 0 <= other < 4:
                    left, right = geometry.tile(other, col), geometry.tile(other, col + 1)
                    assert left.centerx < tile.centerx < right.centerx
                    assert tile.left < left.right and tile.right > right.left


def test_rarer_events_are_told_in_the_log_and_shown(make_app):
    """Graves with nowhere to go, a completed track and its extra round, a missed pick."""
    app, table = start(make_app, [("Anna", "keys1"), ("Ben", "bot:easy")], seed=6, bot_delay=60.0)
    game = table.game
    lines = {kind: game.describe(event) for kind, event in {
        "graves_lost": {"type": "graves_lost", "player": 1, "count": 2},
        "track_complete": {"type": "track_complete", "player": 0, "row": 2},
        "extension": {"type": "extension", "round": 5},
        "timeout": {"type": "timeout", "deal": 3, "missed": [0, 1]},
    }.items()}
    assert lines == {"graves_lost": "Ben loses 2 graves: no empty section left",
                     "track_complete": "Anna completes the track of row 3",
                     "extension": "A completed track: one more round",
                     "timeout": "Time is up: Anna and Ben missed the pick"}
    assert game.on_event({"type": "track_complete", "player": 0, "row": 2}) > 0
    assert "completes the track of row 3" in game.phase_text()
    game.on_event({"type": "graves_lost", "player": 1, "count": 2})
    assert any("2 graves lost" in toast.words for toast in app.toasts.toasts)
    assert game.on_event({"type": "extension", "round": 5}) > 0
    frames(app, 3)
    assert "one more round is played" in game.phase_text()


def test_new_cards_turn_over_without_the_last_rounds_pick_discs(make_app):
    app, table = start(make_app, [("Anna", "keys1"), ("Ben", "bot:easy")], seed=5, bot_delay=0.05)
    game, moves = table.game, {}
    for _ in range(600):
        if game.shown.dealt is not None and table.model.phase == "write":  # the deal plays; the view is last round's
            break
        play_each_seat(app, table, moves)
        frames(app, 1)
    assert game.shown.dealt is not None and table.model.phase == "write"
    assert table.model.view.get("last_picks")  # what the stale view would show
    assert game.shown.revealed_picks(table.model.view) is None
    assert not paint.status(game, 0)[0] and "Writing" not in game.phase_text()
    shoot(app, "table_wild_west_new_cards")


def test_the_side_tables_read_at_1280x720_with_four_sheets(make_app, monkeypatch):
    """Four players at one screen: the score and group tables beside each sheet keep type of
    at least 22 logical pixels (about 15 on a 1280x720 window); their small notes 20."""
    from client.games.wild_west import scoresheet
    from client.ui import art

    app, table = start(make_app, [("Anna", "mouse"), ("Ben", "keys1"), ("Clara", "keys2"), ("Dan", "bot:easy")],
                       seed=3, bot_delay=60.0)
    u = arrange(4, [0, 1, 2, 3]).sheets[0].u
    geometry = Geometry(0, 0, u, FULL)
    drawn, render = [], art.text
    monkeypatch.setattr(art, "text", lambda words, size, *a, **k: drawn.append((words, size)) or
                        render(words, size, *a, **k))
    surface = pygame.Surface(geometry.rect.size)
    for r in range(4):
        scoresheet.draw_row_score(surface, geometry, r, [3, 0, 10, 0], [1, 0, 4, 0], r == 2)
    scoresheet.draw_group_heading(surface, geometry)
    for n in range(1, 7):
        scoresheet.draw_size_row(surface, geometry, n, n % 3, 2)
    scoresheet.draw_penalties(surface, geometry, 2, 1)
    notes = {f"x{2}", "-1", "-3"}
    assert min(size for words, size in drawn if words not in notes) >= 22, drawn
    assert min(size for words, size in drawn if words in notes) >= 20, drawn
    monkeypatch.setattr(art, "text", render)
    assert table.game.arrangement.sheets[0].u == u
    frames(app, 5)
    small = pygame.transform.smoothscale(app.logical, (1280, 720))  # what a 1280x720 window shows
    pygame.image.save(small, str(SCREENSHOTS / "table_wild_west_side_tables_720p.png"))


def test_after_time_up_a_seat_never_reads_missed_and_choosing_at_once(make_app):
    """Played with four pads: after "Time is up: ... missed the pick" was on screen, the panels
    still read "choosing..." for seconds, beside a chip saying "missed"; then that chip was
    drawn over the start of "missed the pick: nothing to write"."""
    seats = [("Anna", "mouse"), ("Ben", "keys1"), ("Clara", "bot:normal")]
    app, table = start(make_app, seats, seed=4, options={"timer": 3})
    game = table.game
    column = next(c for c in table.live[0] if c.data is not None)
    act(app, table, 0, column)  # Anna picks; Ben lets the time run out
    both, late = [], []
    for _ in range(500):
        frames(app, 1)
        revealed = game.shown.revealed_picks(game.view) or []
        chip = words.chip_words(revealed[1]) if len(revealed) > 1 else ""
        said = paint.status(game, 1)[0]
        if said in ("choosing...", "thinking..."):
            if chip == "missed":
                both.append((table.model.shown, game.view.get("phase")))
            if "Time is up" in game.phase_text():
                late.append(game.phase_text())
        if table.model.view.get("last_picks") and table.model.view.get("phase") == "write":
            break
    frames(app, 30)
    assert both == []  # the chip under Ben's sheet says "missed": its status never says "choosing..."
    assert late == []  # ... nor once the table says his time is up
    strip = table.game.arrangement.zones[1]
    said = [line for line in drawn_lines(app) if line.words == "missed the pick: nothing to write"]
    assert said, "Ben's band says he missed the pick"
    chip_right = strip.left + 10 + 150
    assert all(line.rect.left >= chip_right for line in said)  # beside the "missed" chip, not under it
    shoot(app, "table_wild_west_missed_beside_its_chip")
