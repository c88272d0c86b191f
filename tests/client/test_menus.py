"""The menus around the tables as a new player meets them: the picker's How to play, the
idle rule of every scene, the settings' key bindings and the join screen."""

import pytest

from client.scenes.howto import HowToScene
from client.scenes.picker import PickerScene
from client.scenes.title import TitleScene
from netplay.protocol import PROTOCOL_VERSION
from tests.client.conftest import frames, key

pytestmark = pytest.mark.timeout(120)


def test_the_pickers_how_to_play_reaches_every_games_rules_by_keys(make_app):
    app = make_app()
    app.push(TitleScene(app))
    picker = PickerScene(app)
    app.push(picker)
    frames(app, 2)
    for wanted in picker.games:
        for _ in range(len(picker.games)):  # walk down to "How to play ..." (past every game)
            key("down")
        frames(app, 2)
        row = picker.menu.items[picker.menu.focus]
        for _ in range(len(picker.games)):  # right until the row names the game wanted
            if row.text() == f"How to play {wanted.name}":
                break
            key("right")
            frames(app, 1)
        assert row.text() == f"How to play {wanted.name}"
        assert picker.games[picker.chosen] is wanted  # the card shows that game too
        key("return")
        frames(app, 2)
        assert isinstance(app.top, HowToScene) and app.top.info.id == wanted.id
        key("escape")
        frames(app, 2)
        assert app.top is picker
        picker.menu.focus = 0


def test_focusing_a_game_puts_it_on_the_card_and_the_how_to_row(make_app):
    app = make_app()
    app.push(TitleScene(app))
    picker = PickerScene(app)
    app.push(picker)
    key("down")
    key("down")
    frames(app, 2)
    assert picker.menu.items[-2].text() == f"How to play {picker.games[2].name}"


def bindings_of(app, device: str):
    from client.scenes.settings import BindingsScene

    app.push(TitleScene(app))
    scene = BindingsScene(app, device)
    app.push(scene)
    frames(app, 1)
    return scene


def test_a_key_the_other_keyboard_half_uses_is_refused_and_the_note_says_why(make_app):
    app = make_app()
    bindings = bindings_of(app, "keys1")
    keys = app.settings.data["keys"]
    bindings.waiting = "confirm"
    key("return")  # the right half's confirm
    frames(app, 1)
    assert keys["keys2"]["confirm"] == "return" and keys["keys1"]["confirm"] == "space"  # nobody's key moved
    assert bindings.waiting == "confirm"  # still waiting for another key
    notes = [toast.words for toast in app.toasts.toasts]
    assert any("Enter" in words and "right keys" in words for words in notes), notes
    key("e")
    frames(app, 1)
    assert keys["keys1"]["confirm"] == "e" and bindings.waiting is None


def test_resetting_the_controls_asks_first(make_app):
    from client.scenes.settings import SettingsScene
    from client.ui.scene import ConfirmScene

    app = make_app()
    app.push(TitleScene(app))
    app.settings.data["keys"]["keys1"]["confirm"] = "e"
    settings = SettingsScene(app)
    app.push(settings)
    settings.menu.focus = next(i for i, item in enumerate(settings.menu.items) if item.text() == "Reset controls")
    key("return")
    frames(app, 1)
    assert isinstance(app.top, ConfirmScene) and app.settings.data["keys"]["keys1"]["confirm"] == "e"
    key("return")  # "No" has the focus
    frames(app, 1)
    assert app.top is settings and app.settings.data["keys"]["keys1"]["confirm"] == "e"
    key("return")
    frames(app, 1)
    key("down")
    key("return")  # "Yes"
    frames(app, 1)
    assert app.top is settings and app.settings.data["keys"]["keys1"]["confirm"] == "space"


def test_a_closed_tables_rejoin_is_marked_offline_under_the_live_tables(make_app):
    from client.hosting.rejoin import RejoinBook
    from tests.client.test_lan_party import join_screen_finding

    RejoinBook().remember("Gone", "die_mauer", "127.0.0.1", 6000, 1, "Zoe", "1" * 32)  # that table closed
    app, join = join_screen_finding(make_app, [("Attic", 5001, 1, 1, "lobby")])
    labels = [item.text() for item in join.menu.items]
    assert labels[0] == "Attic  -  Die Mauer  -  1 open, 1 taken"
    assert labels[1].startswith("Rejoin Gone") and "offline" in labels[1]
    assert join.menu.focus == 0  # the live table has the focus
    key("down")  # the player moves to the kept seat; a new table appearing does not move the focus
    frames(app, 2)
    join.browser.hosts = lambda: [dict(h, port=h["port"]) for h in type(join.browser)().hosts()] + [
        {"name": "Barn", "address": "127.0.0.1", "port": 5002, "game": "die_mauer", "seats_open": 2,
         "seats_taken": 0, "phase": "lobby", "password": False, "version": PROTOCOL_VERSION}]
    frames(app, 40)
    assert len(join.menu.items) == len(labels) + 1
    assert join.menu.items[join.menu.focus].text().startswith("Rejoin Gone")


def test_an_unfinished_game_is_deleted_from_the_continue_list_after_asking(make_app):
    from client.scenes.title import ContinueScene
    from client.ui.scene import ConfirmScene
    from tests.client.conftest import local_table

    app = make_app()
    app.flow.start_title(app)
    for seed, seats in ((2, [("Anna", "keys1"), ("Ben", "bot:easy")]), (3, [("Clara", "mouse"), ("Dora", "bot:hard")])):
        app.flow.leave_table(local_table(app, seats, seed=seed))
    frames(app, 2)
    app.flow.continue_menu()
    frames(app, 2)
    listing = app.top
    assert isinstance(listing, ContinueScene)
    labels = [item.text() for item in listing.menu.items]
    listing.menu.focus = labels.index("Delete a game...")
    key("return")
    frames(app, 2)
    assert listing.menu.items[0].text().startswith("Delete: Die Mauer with Clara")
    doomed = listing.unfinished[0].path
    key("return")
    frames(app, 2)
    assert isinstance(app.top, ConfirmScene) and doomed.exists()
    key("return")  # "No"
    frames(app, 2)
    assert app.top is listing and doomed.exists()
    key("return")
    key("down")
    key("return")  # "Yes"
    frames(app, 2)
    assert not doomed.exists() and app.top is listing
    assert [s.path for s in app.flow.unfinished()] == [s.path for s in listing.unfinished] != []
    assert listing.menu.items[0].text().startswith("Delete: Die Mauer with Anna")
    key("return")
    key("down")
    key("return")  # the last one: nothing left to continue
    frames(app, 2)
    assert isinstance(app.top, TitleScene) and app.flow.unfinished() == []
    assert app.top.menu.items[0].text() == "Play"
