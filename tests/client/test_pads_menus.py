"""Menus driven by real (virtual SDL) pads where a group of four met traps and runaways:
the results and the Hall of fame, a text field a pad reaches, a race's pause. Every press
goes through SDL (tests.sdl_pads)."""

import pytest

from client.scenes.halloffame import HallOfFameScene
from client.scenes.title import TitleScene
from client.table.game import Standings
from client.table.results import ResultsScene
from client.ui import art
from client.ui.scene import ConfirmScene
from tests.client.conftest import frames
from tests.client.test_evening_screens import seed_history

pytestmark = pytest.mark.timeout(120)
KINDS = ("xbox", "ps4", "switch")


def settled_results(make_app, pads, kinds=KINDS):
    """Settled results of a four-player game with tonight's standings, pads plugged in."""
    app = make_app()
    seed_history().close()
    app.push(TitleScene(app))
    plugged = [pads.plug(kind, app) for kind in kinds]
    names = ["Anna", "Ben", "Clara", "David"]
    standings = Standings("Die Mauer", names, art.SEAT_COLOURS[:4], [3, 1, 2, 0], [0], True)
    results = ResultsScene(app, standings, again=lambda: None)
    app.push(results)
    results.offer_next_game(lambda: None)
    frames(app, 240)
    assert results.settled
    return app, results, plugged


def focus_on(app, pad, menu, label: str) -> None:
    labels = [item.text() for item in menu.items]
    for _ in range(len(labels)):
        if labels[menu.focus] == label:
            return
        pad.press(app, "down")
    assert labels[menu.focus] == label


@pytest.mark.parametrize("kind", KINDS)
def test_back_from_the_hall_of_fame_stays_on_the_results(make_app, pads, kind):
    app, results, plugged = settled_results(make_app, pads, (kind,))
    pad = plugged[0]
    focus_on(app, pad, results.menu, "Tonight's standings")
    pad.press(app, "confirm")
    assert isinstance(app.top, HallOfFameScene)
    frames(app, 30)
    pad.press(app, "back")
    assert app.top is results
    frames(app, 120)  # far longer than a hold
    assert app.top is results, "the press that opened the Hall of fame counted as held on the results"
    assert not results.held


def test_start_on_the_results_asks_before_the_title_and_mashing_never_gets_there(make_app, pads):
    app, results, plugged = settled_results(make_app, pads)
    assert "Esc / Start / Options / +: back to the title" in results.hint()  # what each pad presses
    plugged[0].press(app, "menu")
    assert isinstance(app.top, ConfirmScene), "one Start left the results without asking"
    assert "Next game" in app.top.question
    plugged[1].press(app, "confirm")  # a stray A lands on "No"
    assert app.top is results
    for _ in range(6):  # every pad mashes Start
        for pad in plugged:
            pad.press(app, "menu", hold_frames=1)
        assert isinstance(app.top, ResultsScene | ConfirmScene)
        assert "Quit" not in getattr(app.top, "question", "")
    if isinstance(app.top, ConfirmScene):
        plugged[0].press(app, "back")
    assert app.top is results and [item.text() for item in results.menu.items][1] == "Next game"
    focus_on(app, plugged[2], results.menu, "Back to the title")
    plugged[2].press(app, "confirm")
    assert isinstance(app.top, ConfirmScene)
    plugged[2].press(app, "down")
    plugged[2].press(app, "confirm")  # Yes
    assert isinstance(app.top, TitleScene)


def paused_race(make_app, pads):
    """A Wie Waldi race of three pads and a bot, paused by the PS4 pad's Options."""
    from client.table.pause import PauseScene
    from tests.client.conftest import local_table
    from tests.client.drive import run_until

    app = make_app()
    app.push(TitleScene(app))
    plugged = [pads.plug(kind, app) for kind in KINDS]
    seats = [(name, pad.device(app)) for name, pad in zip(("Anna", "Ben", "Clara"), plugged, strict=True)]
    table = local_table(app, [*seats, ("Bot", "bot:hard")], seed=4, game_id="wie_waldi")
    run_until(app, lambda: table.model.view["phase"] == "race")
    plugged[1].press(app, "menu")
    pause = app.top
    assert isinstance(pause, PauseScene) and table.pause_stops_game()
    return app, table, pause, plugged


def test_a_paused_race_is_not_resumed_by_another_racer_mashing_a(make_app, pads):
    app, table, pause, plugged = paused_race(make_app, pads)
    assert pause.menu.items[pause.menu.focus].text() == "Resume"
    for _ in range(8):  # the Xbox and Switch racers still mash their race buttons
        for button in ("confirm", "back", "down", "confirm", "left"):
            plugged[0].press(app, button, hold_frames=1)
            plugged[2].press(app, button, hold_frames=1)
    assert app.top is pause, "another racer's A resumed the race"
    assert pause.menu.items[pause.menu.focus].text() == "Resume"
    assert "PS4 pad paused" in pause.hold_words()
    plugged[1].press(app, "confirm")  # the pad that paused resumes with one press
    assert app.top is table


def test_another_racer_resumes_a_paused_race_by_holding_a(make_app, pads):
    from tests.client.conftest import shoot

    app, table, pause, plugged = paused_race(make_app, pads)
    plugged[0].set_button("a", True)
    frames(app, 30)
    assert app.top is pause  # not yet: a hold, not a press
    shoot(app, "pause_race_holding")
    frames(app, 30)
    plugged[0].set_button("a", False)
    frames(app, 2)
    assert app.top is table


@pytest.mark.parametrize("ends_with", ["confirm", "back"])
def test_a_pad_picks_its_name_on_the_join_screen_and_is_never_trapped(make_app, pads, ends_with):
    from client.scenes.join import JoinScene

    app = make_app()
    app.push(TitleScene(app))
    pad = pads.plug("xbox", app)
    join = JoinScene(app, player_name="Player", browse=False)
    app.push(join)
    frames(app, 2)
    labels = [item.text() for item in join.menu.items]
    row = next(i for i, label in enumerate(labels) if label.startswith("Your name"))
    for _ in range(len(labels)):
        if join.menu.focus == row:
            break
        pad.press(app, "down")
    pad.press(app, "confirm")
    assert join.editing and join.menu.items[row].text() == "Your name: Player_"
    assert "left/right to pick one" in footer(app)  # the foot says how a pad picks and leaves
    pad.press(app, "right")  # a pad picks a name from the list
    picked = join.player_name
    assert picked != "Player" and picked in app.evening.name_choices()
    pad.press(app, ends_with)  # and its confirm or back ends the field
    assert not join.editing and app.input.text_input is False and app.top is join
    assert app.settings.data["name"] == picked
    pad.press(app, "down")  # the menu moves again
    assert join.menu.focus != row


SEAT_WORDS = {"en": "{name}'s seat", "de": "Platz von {name}"}


@pytest.mark.parametrize("language", ["en", "de"])
def test_two_identical_pads_replugged_are_each_offered_a_seat_of_their_own(make_app, pads, language):
    from client import i18n
    from tests.client.conftest import shoot
    from tests.client.test_pads import blind_table

    app = make_app()
    app.settings.language = language
    i18n.use(language)
    try:
        app.push(TitleScene(app))
        plugged = [pads.plug(kind, app) for kind in ("xbox", "xbox", "switch", "ps4")]
        table, devices = blind_table(app, plugged)
        frames(app, 30)
        plugged[0].unplug()
        plugged[1].unplug()
        frames(app, 2)
        first, second = pads.plug("xbox", app), pads.plug("xbox", app)
        names = {pad: app.input.device_name(pad.device(app)) for pad in (first, second)}
        seat_words = {name: SEAT_WORDS[language].format(name=name) for name in ("Anna", "Ben")}

        def prompt(pad):
            said = [t for t in app.toasts.toasts if t.key == f"claim{pad.device(app)}"]
            return said[0] if said else None

        assert prompt(first) is not None and prompt(second) is not None
        offered = {pad: "Anna" if seat_words["Anna"] in prompt(pad).words else "Ben" for pad in (first, second)}
        assert set(offered.values()) == {"Anna", "Ben"}, [prompt(first).words, prompt(second).words]
        assert all(names[pad] in prompt(pad).words for pad in (first, second))
        shoot(app, f"pads_claim_two_prompts_{language}")
        for pad in (first, second):  # each prompt stands over its own seat, and no card is under it
            toast = prompt(pad)
            seat = ("Anna", "Ben").index(offered[pad])
            assert toast.at == table.layout.seats[seat]
            box, _ = app.toasts.seat_box(toast)
            zone = table.layout.seats[seat]
            assert zone.contains(box) and box.bottom <= zone.centery, "the prompt covers the seat's cards"
        second.press(app, "confirm")  # the second pad takes the seat its prompt named
        taken = ("Anna", "Ben").index(offered[second])
        assert table.choosers[taken].device == second.device(app)
        left = 1 - taken
        assert seat_words[("Anna", "Ben")[left]] in prompt(first).words  # the other prompt names its own seat
        assert prompt(first).at == table.layout.seats[left]
        first.press(app, "confirm")
        assert table.choosers[left].device == first.device(app)
        assert prompt(first) is None and prompt(second) is None
    finally:
        i18n.use("en")


def footer(app) -> str:
    """The hint line at the foot of the screen on top, as drawn."""
    from client.ui import scene

    drawn: list[str] = []
    real = scene.title_bar
    scene.title_bar = lambda surface, heading, hint="": (drawn.append(hint), real(surface, heading, hint))[1]
    app.toasts.toasts.clear()
    try:
        app.draw()
    finally:
        scene.title_bar = real
    return drawn[-1]


def test_menu_footers_name_what_each_present_pad_presses(make_app, pads):
    from client.scenes.howto import HowToScene
    from client.scenes.join import JoinScene
    from client.scenes.picker import PickerScene
    from client.scenes.settings import SettingsScene
    from client.scenes.setup import SetupScene
    from tests.client.conftest import shoot

    app = make_app()
    seed_history().close()
    app.push(TitleScene(app))
    screens = {"set-up": lambda: SetupScene(app, "die_mauer"), "picker": lambda: PickerScene(app),
               "settings": lambda: SettingsScene(app), "hall of fame": lambda: HallOfFameScene(app),
               "how to play": lambda: HowToScene(app, "wie_waldi"), "join": lambda: JoinScene(app, browse=False)}
    alone = {}
    for name, make in screens.items():  # the keyboard and the mouse alone: Esc
        app.push(make())
        frames(app, 2)
        alone[name] = footer(app)
        assert "Esc" in alone[name], (name, alone[name])
        app.pop()
    for kind in ("xbox", "ps4", "switch"):
        pads.plug(kind, app)
    frames(app, 2)
    for name, make in screens.items():
        app.push(make())
        frames(app, 30)  # the fade is over (the picture is shot)
        words = footer(app)
        # each pad's back button as printed on it (the Xbox pad's B, the PS4's circle, the Switch's A)
        assert "Esc / B / \u25cb / A" in words, (name, words)
        if name not in ("hall of fame", "join"):  # their footers name no confirm
            assert "A / \u2715 / B" in words, (name, words)
        assert words != alone[name]
        shoot(app, f"pads_footer_{name.replace(' ', '_')}")
        app.pop()
