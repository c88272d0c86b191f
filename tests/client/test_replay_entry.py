"""The ways into the replay viewer: the results' Watch again, the Hall of fame's past games
and the night's best moments, and Continue's finished games; a clip exported from the viewer."""

import pygame
import pytest

from client.replay.choose import WatchScene
from client.replay.scene import ReplayScene
from client.scenes.halloffame import HallOfFameScene
from client.scenes.title import ContinueScene
from client.table.results import ResultsScene
from tests.client.conftest import drawn_lines, frames, local_table, post, shoot

pytestmark = pytest.mark.timeout(180)


def finished_game(app) -> ResultsScene:
    """A game of three bots played to its results at instant speed, as the set-up starts it."""
    app.settings.animation = "instant"
    table = local_table(app, [("Ada", "bot:easy"), ("Bo", "bot:easy"), ("Cy", "bot:easy")], seed=3, bot_delay=0.05)
    for _ in range(1200):
        frames(app, 1)
        if app.top is not table:
            break
    results = app.top
    assert isinstance(results, ResultsScene)
    app.settings.animation = "normal"
    for _ in range(20):  # one press chooses once the results have settled
        if results.settled:
            break
        frames(app, 30)
    return results


def choose(app, menu, words: str) -> None:
    labels = [item.text() for item in menu.items]
    menu.focus = next(i for i, label in enumerate(labels) if label.startswith(words))
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    frames(app, 3)


def test_watch_again_from_the_results_the_hall_of_fame_and_continue(make_app):
    app = make_app()
    results = finished_game(app)
    choose(app, results.menu, "Watch again")
    viewer = app.top
    assert isinstance(viewer, ReplayScene) and viewer.replay.finished and viewer.replay.names == ["Ada", "Bo", "Cy"]
    assert viewer.player.tables[0].colour_ids == [0, 1, 2]
    shoot(app, "replay_from_results")
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    frames(app, 3)
    assert app.top is results
    # the Hall of fame: the night's best moments, then the past games
    app.flow.hall_of_fame()
    frames(app, 3)
    assert isinstance(app.top, HallOfFameScene)
    choose(app, app.top.menu, "Watch again")
    reel = app.top
    assert isinstance(reel, WatchScene) and reel.kind == "reel"
    moments = [item.text() for item in reel.menu.items[1:-1]]
    assert moments and all(line.endswith("(Die Mauer)") for line in moments)
    shoot(app, "replay_reel")
    choose(app, reel.menu, moments[0])
    viewer = app.top
    assert isinstance(viewer, ReplayScene) and viewer.focus == 0 and viewer.playing
    start = viewer.replay.moments()[0].start
    assert start - 1 <= viewer.index <= start
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    frames(app, 3)
    choose(app, reel.menu, "Showing")  # the other list: past games
    assert reel.kind == "games"
    games = [item.text() for item in reel.menu.items[1:-1]]
    assert len(games) == 1 and "Die Mauer" in games[0] and "before replays" not in games[0]
    choose(app, reel.menu, games[0])
    assert isinstance(app.top, ReplayScene) and app.top.index == 0
    # Continue: the finished game's save, to watch again
    app.flow.title()
    frames(app, 3)
    app.push(ContinueScene(app, []))
    frames(app, 3)
    choose(app, app.top.menu, "Watch again: Die Mauer")
    assert isinstance(app.top, ReplayScene) and len(app.top.replay.steps) == len(viewer.replay.steps)


def test_a_past_game_without_a_journal_says_it_was_played_before_replays(make_app):
    app = make_app()
    finished_game(app)
    history = app.evening.history
    game = history.games()[-1]
    history.connection.execute("UPDATE games SET journal = NULL WHERE id = ?", (game.id,))  # as an old row has
    app.flow.watch_list("games")
    frames(app, 3)
    line = app.top.menu.items[1].text()
    assert line.endswith("(played before replays were kept)")
    choose(app, app.top.menu, line)
    said = " ".join(drawn.words for drawn in drawn_lines(app))
    assert "This game was played before replays were kept." in said


def test_a_moment_exports_as_a_gif_and_an_mp4_from_its_button(make_app, config_home):
    from PIL import Image

    from client.replay import moments as listed

    app = make_app()
    choose(app, finished_game(app).menu, "Watch again")
    viewer = app.top
    button = listed.export_rect(0)
    pos = app.viewport.to_window(button.center)
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frames(app, 1)
    assert "Making the clip\u2026" in [drawn.words for drawn in drawn_lines(app)]  # said before the wait
    frames(app, 2)
    from client.evening.exports import export_folder

    made = sorted(path.name for path in export_folder().iterdir())
    assert [name.rsplit(".", 1)[1] for name in made] == ["gif", "mp4"]
    with Image.open(export_folder() / made[0]) as gif:
        assert gif.size == (640, 360) and gif.n_frames > 1
    said = " ".join(drawn.words for drawn in drawn_lines(app))
    assert "Saved " in said
    assert isinstance(app.top, ReplayScene) and app.top is viewer
