"""Every scene builds and draws at 1920x1080 and leaves a screenshot."""

import pygame
import pytest

from client.hosting.seats import SeatPlan
from client.scenes.howto import HowToScene
from client.scenes.join import JoinScene
from client.scenes.picker import PickerScene
from client.scenes.settings import BindingsScene, SettingsScene
from client.scenes.setup import SetupScene
from client.scenes.title import TitleScene
from client.table.game import Standings
from client.table.pause import PauseScene
from client.table.results import ResultsScene
from client.ui import art
from client.ui.scene import ConfirmScene, MessageScene
from engines import GAMES
from tests.client.conftest import frames, host_lobby, key, local_table, shoot


def not_blank(surface) -> bool:
    colours = {surface.get_at((x, y))[:3] for x in range(0, 1920, 97) for y in range(0, 1080, 89)}
    return len(colours) > 8


@pytest.mark.parametrize("name", ["title", "picker", "setup", "settings", "bindings_keys1", "bindings_pad",
                                  "join", "message", "confirm"])
def test_menu_scenes_build_and_draw(make_app, name):
    app = make_app()
    app.push(TitleScene(app))
    scene = {
        "title": lambda: None,
        "picker": lambda: PickerScene(app),
        "setup": lambda: SetupScene(app, "die_mauer"),
        "settings": lambda: SettingsScene(app),
        "bindings_keys1": lambda: BindingsScene(app, "keys1"),
        "bindings_pad": lambda: BindingsScene(app, "pad"),
        "join": lambda: JoinScene(app),
        "message": lambda: MessageScene(app, "Cannot start", "A piece of the LAN is missing."),
        "confirm": lambda: ConfirmScene(app, "Leave the game?", lambda: None),
    }[name]()
    if scene is not None:
        app.push(scene)
    frames(app, 20)
    assert app.top is (scene or app.scenes[0])
    assert not_blank(app.logical)
    shoot(app, f"scene_{name}")
    if isinstance(scene, JoinScene):
        scene.close()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_has_how_to_pages_that_draw(make_app, game_id):
    app = make_app()
    app.push(TitleScene(app))
    howto = HowToScene(app, game_id)
    app.push(howto)
    assert len(howto.pages) >= 3
    for page in range(len(howto.pages)):
        frames(app, 20)
        assert not_blank(app.logical)
        shoot(app, f"howto_{game_id}_{page + 1}")
        key("right")
    frames(app, 2)
    assert howto.page == len(howto.pages) - 1


def test_host_lobby_builds_and_draws(make_app):
    app = make_app()
    app.push(TitleScene(app))
    seats = [SeatPlan("Anna", "mouse", 0), SeatPlan("", "open", 1), SeatPlan("Bot", "bot:easy", 2)]
    lobby = host_lobby(app, "die_mauer", seats, {"rounds": 1})
    frames(app, 20)
    assert app.top is lobby
    shoot(app, "scene_host_lobby")
    lobby.close()


def test_table_pause_and_results_build_and_draw(make_app):
    app = make_app()
    table = local_table(app, [("Anna", "keys1"), ("Ben", "bot:hard"), ("Clara", "bot:easy")], seed=5, bot_delay=0.2)
    frames(app, 30)
    assert table.model.phase == "plan"
    shoot(app, "scene_table")
    app.push(PauseScene(app, table))
    frames(app, 5)
    shoot(app, "scene_pause")
    app.pop()
    results = ResultsScene(app, Standings("Die Mauer", ["Anna", "Ben", "Clara"], art.SEAT_COLOURS[:3], [3, 7, 16], [0],
                                          lower_wins=True, columns=["Round 1", "Round 2"],
                                          cells=[[3, 0], [0, 7], [12, 4]]))
    app.push(results)
    frames(app, 90)
    assert not_blank(app.logical)
    shoot(app, "scene_results")


def test_corrupt_settings_file_gives_defaults_and_a_notice_saying_where_it_went(make_app, config_home):
    from client.scenes.title import NoticeScene

    (config_home / "spielabend").mkdir(parents=True)
    (config_home / "spielabend" / "settings.json").write_text("{not json", encoding="utf-8")
    app = make_app()
    app.flow.start_title(app)
    frames(app, 2)
    assert app.settings.data["volume"] == 0.7
    notice = app.top
    assert isinstance(notice, NoticeScene)
    words = " ".join(notice.lines + notice.where)
    assert "could not be read" in words and "line 1, column 2" in words and "Error" not in words
    (kept,) = (config_home / "spielabend").glob("settings-unreadable-*.json")
    assert "".join(notice.path) == str(kept)
    shoot(app, "scene_title_corrupt_settings")
    key("return")
    frames(app, 2)
    assert isinstance(app.top, TitleScene)


def test_window_close_during_a_game_asks_first(make_app):
    app = make_app()
    local_table(app, [("Anna", "keys1"), ("Ben", "bot:hard")], seed=2)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 2)
    assert app.running and isinstance(app.top, ConfirmScene)


def test_the_join_browser_lists_tables_and_keeps_the_name(make_app):
    class Browser:  # stands in for netplay.discovery.HostBrowser
        def hosts(self):
            return [{"name": "Anna's table", "address": "192.168.1.20", "port": 40001, "game": "die_mauer",
                     "seats_open": 2, "seats_taken": 1, "phase": "lobby", "password": False},
                    {"name": "Kitchen", "address": "192.168.1.31", "port": 40002, "game": "die_mauer",
                     "seats_open": 0, "seats_taken": 4, "phase": "playing", "password": True}]

        def close(self):
            pass

    app = make_app()
    app.push(TitleScene(app))
    join = JoinScene(app, browse=False)
    join.error, join.browser = None, Browser()
    app.push(join)
    frames(app, 3)
    labels = [item.text() for item in join.menu.items]
    assert len(labels) == 5  # two tables, type an address, your name, back
    assert "2 open, 1 taken" in labels[0] and "playing: not joinable" in labels[1]
    shoot(app, "scene_join_tables")
    join.menu.focus = 3
    join.menu.activate()  # edit "Your name"
    for letter in "Zed":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    frames(app, 2)
    assert join.player_name == "PlayerZed" and app.settings.data["name"] == "PlayerZed"


def test_missing_netplay_pieces_give_a_message_not_a_crash(make_app, monkeypatch):
    import sys

    for name in ("netplay.server", "netplay.discovery", "netplay.peer", "netplay.host"):
        monkeypatch.setitem(sys.modules, name, None)  # importing it now raises ImportError
    app = make_app()
    app.push(TitleScene(app))
    lobby = host_lobby(app, "die_mauer", [SeatPlan("Anna", "mouse", 0), SeatPlan("", "open", 1)], {})
    frames(app, 2)
    assert "netplay.server" in lobby.error
    shoot(app, "scene_host_lobby_missing_netplay")
    app.pop()
    join = JoinScene(app)
    app.push(join)
    frames(app, 2)
    assert "netplay.discovery" in join.error
    app.pop()
    app.flow.start_local("die_mauer", [SeatPlan("Anna", "mouse", 0), SeatPlan("Ben", "bot:easy", 1)], {}, 1)
    frames(app, 2)
    assert isinstance(app.top, MessageScene)
    shoot(app, "scene_message_missing_host")


def test_back_to_the_title_closes_what_the_screens_on_the_way_hold_open(make_app):
    closed = []

    class Browser:
        def hosts(self):
            return []

        def close(self):
            closed.append(True)

    app = make_app()
    app.push(TitleScene(app))
    join = JoinScene(app, browse=False)
    join.browser = Browser()
    app.push(join)
    table = local_table(app, [("Anna", "keys1"), ("Ben", "bot:easy")], seed=1)
    frames(app, 2)
    app.flow.title()
    frames(app, 2)
    assert isinstance(app.top, TitleScene) and table.closed and not app.hosts
    for _ in range(100):  # sessions and browsers close off the pygame thread
        if closed:
            break
        frames(app, 1)
    assert closed


@pytest.mark.parametrize(("game_id", "peek"), [("die_mauer", True), ("wie_waldi", False), ("architekton", False)])
def test_the_set_up_explains_peek_only_for_games_with_secret_choices(make_app, monkeypatch, game_id, peek):
    app = make_app()
    app.push(TitleScene(app))
    setup = SetupScene(app, game_id)
    app.push(setup)
    drawn = []
    real = art.text
    monkeypatch.setattr(art, "text", lambda words, *rest, **kw: drawn.append(words) or real(words, *rest, **kw))
    frames(app, 1)
    words = " ".join(drawn)
    assert ("Hold peek" in words) is peek
    assert ("Nothing is chosen in secret here" in words) is not peek
