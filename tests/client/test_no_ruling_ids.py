"""No ruling id (DM-2, WA-7, AR-4, WW-10...) in anything a player reads. Every piece of
text goes through `client.ui.art.text`, so each screen is drawn with it recorded.

Two parts: the menus, set-up, how-to pages, settings, LAN screens and results (the first
tests), and the tables themselves (`test_no_ruling_id_at_a_table`, which covers the
games' own words in client/games/**, their logs and their results' notes)."""

import re

import pygame
import pytest

from client.games import TABLES
from client.hosting.seats import SeatPlan
from client.howto import pages
from client.scenes.howto import HowToScene
from client.scenes.join import JoinScene
from client.scenes.lan import HostTableScene
from client.scenes.picker import PickerScene
from client.scenes.settings import BindingsScene, SettingsScene
from client.scenes.setup import SetupScene
from client.scenes.title import TitleScene
from client.table.game import Standings
from client.table.results import ResultsScene
from client.ui import art
from client.ui.keyboard import FieldScene
from client.ui.scene import ConfirmScene, MessageScene
from engines import GAMES
from tests.client.conftest import frames, local_table, shoot
from tests.client.drawn_text import drawn_text

pytestmark = pytest.mark.timeout(300)
RULING_ID = re.compile(r"\b(?:DM|DD|WA|WW|AR)-\d+\b")


def ids_in(seen) -> list[str]:
    return sorted({words for words, _ in seen if RULING_ID.search(words)})


def drawn(app, scene) -> list[tuple[str, int]]:
    """What ``scene`` shows when it is on top."""
    app.push(scene)
    frames(app, 2)
    with drawn_text() as seen:
        app.draw()
    app.pop()
    return seen


def test_no_ruling_id_in_the_menus_set_up_settings_and_lan_screens(make_app):
    app = make_app()
    app.push(TitleScene(app))
    seen = drawn(app, TitleScene(app))
    picker = PickerScene(app)
    app.push(picker)
    for focus in range(len(picker.menu.items)):
        picker.menu.focus = focus
        frames(app, 1)
        with drawn_text() as shown:
            app.draw()
        seen += shown
    app.pop()
    for game_id in GAMES:
        setup = SetupScene(app, game_id)
        seen += drawn(app, setup)
        shoot(app, f"no_ids_setup_{game_id}")
        assert not any(art.ELLIPSIS in words for words, _ in seen if "Revenge" in words)  # not cut
    seen += drawn(app, SettingsScene(app))
    for device in ("keys1", "keys2", "pad"):
        seen += drawn(app, BindingsScene(app, device))
    seen += drawn(app, JoinScene(app, browse=False))
    plans = [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)]
    seen += drawn(app, HostTableScene(app, "die_mauer", plans, {}))
    seen += drawn(app, FieldScene(app, "Table name", "How join screens list it", "Den", lambda text: None))
    seen += drawn(app, ConfirmScene(app, "Quit Spielabend?", lambda: None))
    seen += drawn(app, MessageScene(app, "Cannot start", "Nothing to see."))
    assert len(seen) > 200
    assert ids_in(seen) == []


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_ruling_id_on_any_how_to_page(make_app, game_id):
    app = make_app()
    app.push(TitleScene(app))
    howto = HowToScene(app, game_id)
    app.push(howto)
    seen = []
    for page in range(len(pages(game_id))):
        howto.page = page
        with drawn_text() as shown:
            app.draw()
        seen += shown
    assert len(seen) > 10 * len(pages(game_id))
    assert ids_in(seen) == []


def test_no_ruling_id_on_the_results_screen_itself(make_app):
    app = make_app()
    app.push(TitleScene(app))
    standings = Standings("Die Mauer", ["Anna", "Ben"], art.SEAT_COLOURS[:2], [3, 7], [0], lower_wins=True,
                          columns=["Round 1"], cells=[[3], [7]], total_label="Penalty")
    results = ResultsScene(app, standings, again=lambda: None)
    app.push(results)
    seen = []
    for _ in range(6):  # while it settles and after: both hint lines
        frames(app, 40)
        with drawn_text() as shown:
            app.draw()
        seen += shown
    assert ids_in(seen) == []


# --- the tables (client/games/**): their boards, prompts, logs and results' notes ----------------


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_no_ruling_id_at_a_table(make_app, game_id):
    """One keyboard seat against bots, played to the results with every frame's text
    recorded; then the log and the results."""
    from tests.client.drive import play_to_results

    info = GAMES[game_id]
    seats = [("Anna", "keys1")] + [(f"Bot {i}", "bot:easy") for i in range(1, max(2, info.min_players))]
    options = {"rounds": 1} if "rounds" in info.options else {}
    app = make_app()
    table = local_table(app, seats, seed=3, bot_delay=0.05, game_id=game_id, options=options)
    with drawn_text() as seen:
        play_to_results(app, table)
        log = "\n".join(str(line) for line in table.model.log)
        assert isinstance(app.top, ResultsScene)
        frames(app, 200)
        app.draw()
    assert ids_in(seen) == [], f"{game_id}: {ids_in(seen)}"
    assert not RULING_ID.search(log), log
    pygame.event.clear()
