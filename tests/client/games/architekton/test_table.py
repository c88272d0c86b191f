"""The Architekton table's events and ends: a surround is scored with its sides marked
(AR-4), the last round is announced (AR-5), an early end and the final scoring show as
such (AR-6), a revenge match plays to one results screen with two seats at the screen
and against a bot, and shows the score and the next starter between games (AR-7); the
revenge option shows at set-up."""

import pytest

from client.table.results import ResultsScene
from tests.client.conftest import frames, local_table, shoot
from tests.client.drive import play_to_results
from tests.client.games.architekton.situations import (
    GAME,
    first_event,
    last_move,
    replayed,
    watch,
)


def test_the_revenge_option_shows_whether_it_is_on_at_set_up(make_app):
    """Its words are long; the menu shortens them, never the value."""
    from client.scenes.setup import MENU_SIZE, MENU_WIDTH, SetupScene
    from client.ui import art

    app = make_app()
    setup = SetupScene(app, GAME)
    app.push(setup)
    option = next(item for item in setup.menu.items if "Revenge" in item.text())
    assert option.text().endswith(": off")
    option.on_right()
    assert option.text().endswith(": on") and setup.options["revenge"] is True
    assert art.text_width(option.text(), MENU_SIZE) <= MENU_WIDTH - 120


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
    state = table.hosting.host.state
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
    state = table.hosting.host.state
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
    result = table.hosting.host.state.results[0]
    assert interlude["result"]["winners"] == result["winners"]
    assert interlude["vp"] == [sum(1 + r["early"] for r in [result] if p in r["winners"]) for p in range(2)] or \
        len(result["winners"]) != 1
    assert interlude["starter"] == 1 and interlude["game"] == 2  # AR-7: the other player starts game 2
    frames(app, 10, 0.05)
    shoot(app, "table_architekton_revenge_next_game")
    assert game.shown.cells.keys() == {(0, 0), (1, 1)}  # a fresh board behind it
