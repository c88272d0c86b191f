"""Phones at a couch table (issue 19): the seats' QR codes, a phone seat's status, and a
shared screen that shows nothing of what the phone chose until the reveal."""

import time

import pygame
import pytest

from client.table.phones import PhonesScene
from client.table.scene import TableScene
from client.ui.qr import qr_surface
from tests.client.conftest import drawn_lines, frames, local_table, shoot
from tests.netplay.phone_play import PhoneClient
from tests.phone_browser import (
    Browsers,
    browser_or_skip,
    click_choice,
    playable_choices,
    status,
    wait_until,
)

pytestmark = pytest.mark.timeout(120)
SETTLED_FRAME = 600  # every tween, toast and fade of the lock-in is over by now (10 s of table time)


def run_frames(app, count: int = 1) -> None:
    frames(app, count)
    time.sleep(0.004)  # the phone server's thread gets its turn


def phone_table(app, bot_delay: float = 60.0):
    return local_table(app, [("Anna", "phone"), ("Ben", "bot:normal"), ("Clara", "bot:normal")], seed=3,
                       bot_delay=bot_delay)


def test_a_phone_seat_shows_its_code_until_its_phone_joins_then_away_while_it_is_gone(make_app):
    app = make_app()
    table = phone_table(app)
    frames(app, 20)
    assert isinstance(app.top, PhonesScene)
    shoot(app, "phones_codes")
    link = table.hosting.phones.link(0)
    code = qr_surface(link, 400)
    assert code.get_width() >= 300 and code.get_at((0, 0))[:3] == (255, 255, 255)
    phone = PhoneClient(link)
    try:
        wait_until(lambda: isinstance(app.top, TableScene), step=lambda: run_frames(app), what="the table")
        assert table.seat_label(0) == "phone"
        phone.until("update")
        phone.intent({"type": "plan", "piece": "G"})  # the table's frames run the phone's calls
        wait_until(lambda: 0 in table.model.view["plans"]["locked"], step=lambda: run_frames(app), what="the lock")
        shoot(app, "phones_locked_in")
    finally:
        phone.close()
    wait_until(lambda: table.seat_label(0) == "phone away", step=lambda: run_frames(app), what="away")

    drawn = drawn_lines(app)
    shoot(app, "phones_away")
    label = [line for line in drawn if line.words == "phone away"]
    assert label and all(line.shown == line.words for line in label)  # the seat card says it whole


def test_the_pause_menu_shows_every_local_seats_code(make_app):
    app = make_app()
    local_table(app, [("Anna", "mouse"), ("Ben", "keys1"), ("Clara", "bot:normal")], seed=3, bot_delay=60)
    frames(app, 5)
    assert isinstance(app.top, TableScene)  # no phone seat: no codes in the way
    app.flow.pause(app.top)
    items = [item.text() for item in app.top.menu.items]
    assert "Phones: QR codes" in items
    app.top.menu.items[items.index("Phones: QR codes")].on_confirm()
    frames(app, 5)
    assert isinstance(app.top, PhonesScene) and app.top.seats() == [0, 1]
    shoot(app, "phones_pause_codes")


def test_the_shared_screen_is_the_same_whatever_the_phone_chose_until_the_reveal(make_app):
    browsers = Browsers(*browser_or_skip())
    pictures = {}
    try:
        for label in ("Tower", "Empty fist"):
            app = make_app()
            table = phone_table(app)
            browser = browsers.new(record=False)
            browser.get(table.hosting.phones.link(0))
            wait_until(lambda browser=browser: status(browser) == "Your move", step=lambda app=app: run_frames(app))
            click_choice(browser, label)
            wait_until(lambda table=table: 0 in table.model.view["plans"]["locked"],
                       step=lambda app=app: run_frames(app), what="the lock on the shared screen")
            assert app.frames < SETTLED_FRAME
            frames(app, SETTLED_FRAME - app.frames)
            assert table.model.view["phase"] == "plan" and table.model.view["last_reveal"] is None
            pictures[label] = pygame.image.tobytes(app.logical, "RGB")
            shoot(app, f"phones_shared_{label.replace(' ', '_').lower()}")
            app.flow.leave_table(table)
            app.quit()
    finally:
        browsers.close_all()
    assert pictures["Tower"] == pictures["Empty fist"]


@pytest.mark.parametrize(("window", "browser", "reads"), [
    ("de", None, "de"),  # a phone that names no language reads the window's
    ("de", "en-GB,en;q=0.9", "en"),  # a phone's own language comes first
    ("en", "de-AT,de;q=0.8", "de"),
])
def test_a_phone_page_reads_the_phone_s_language_else_the_window_s(make_app, window, browser, reads):
    import urllib.request

    from client import i18n
    from netplay.language import words

    app = make_app()
    i18n.use(window)
    try:
        table = phone_table(app)
        frames(app, 2)
        request = urllib.request.Request(table.hosting.phones.link(0), headers={"Accept-Language": browser} if browser else {})
        with urllib.request.urlopen(request, timeout=5) as answer:  # noqa: S310 - the phone server on 127.0.0.1
            page = answer.read().decode("utf-8")
    finally:
        i18n.use("en")
    secret = "Keep this page to yourself: it shows your secrets."
    assert words(reads).gettext(secret) in page
    if reads == "de":
        assert secret not in page


def test_a_phone_on_a_lan_seat_the_set_up_named_keeps_that_name_on_the_lobby_the_phone_and_the_evening(make_app):
    """The set-up named an open LAN seat Clara; a phone takes it: it is Clara in the lobby,
    on the phone's page and in the host's evening, not "Player 3", a person of its own."""
    from client.hosting.seats import SeatPlan
    from client.table.results import ResultsScene
    from tests.client.conftest import host_lobby
    from tests.client.drive import play_each_seat, run_until

    browsers = Browsers(*browser_or_skip())
    try:
        app = make_app()
        app.settings.animation = "instant"
        app.flow.start_title(app)
        lobby = host_lobby(app, "die_mauer", [SeatPlan("Anna", "keys1", 0), SeatPlan("Clara", "open", 1)],
                           {"rounds": 1}, bot_delay=0.05)
        assert lobby.error is None, lobby.error
        run_until(app, lambda: lobby.lobby)
        assert lobby.seat_name(1) == "Open seat"  # open: nobody has it yet
        phone = browsers.new()
        phone.get(lobby.hosted.phones.link(1))
        table = run_until(app, lambda: app.top if isinstance(app.top, TableScene) else None, 20)
        assert table.model.names == ["Anna", "Clara"]
        wait_until(lambda: phone.find_element("id", "name").text == "Clara", step=lambda: run_frames(app),
                   what="the phone's name")
        state: dict = {}

        def both_play() -> None:
            play_each_seat(app, table, state)
            try:
                for button in playable_choices(phone)[:1]:
                    button.click()
            except Exception:  # noqa: BLE001 - the page re-rendered under the look or the tap
                pass

        run_until(app, lambda: isinstance(app.top, ResultsScene), 90, both_play)
        history = app.evening.history
        [game] = history.games(history.current_evening())
        assert [(seat.name, seat.kind) for seat in game.seats] == [("Anna", "human"), ("Clara", "human")]
        assert game.seats[1].player.startswith("profile:")  # the person Clara, by her profile
    finally:
        browsers.close_all()


def test_the_links_under_the_codes_read_from_the_couch(make_app):
    """Each seat's link is drawn whole, at a size read across a room and in the light ink
    (not set small and faint to fit one line), for three seats side by side."""
    from client.ui import art

    app = make_app()
    local_table(app, [("Anna", "mouse"), ("Ben", "keys1"), ("Clara", "keys2"), ("Dora", "bot:normal")], seed=3,
                bot_delay=60)
    frames(app, 5)
    app.flow.pause(app.top)
    items = [item.text() for item in app.top.menu.items]
    app.top.menu.items[items.index("Phones: QR codes")].on_confirm()
    frames(app, 5)
    codes = app.top
    assert isinstance(codes, PhonesScene) and codes.seats() == [0, 1, 2]
    drawn: list[art.DrawnText] = []
    colours: dict[str, tuple] = {}
    real_text = art.text

    def text(words, size, colour=art.INK, *rest, **named):
        colours[words] = tuple(colour)[:3]
        return real_text(words, size, colour, *rest, **named)

    art.text = text
    stop = art.watch(drawn.append)
    try:
        app.draw()
    finally:
        stop()
        art.text = real_text
    shoot(app, "phones_links_readable")
    for seat in codes.seats():
        link = codes.phones.link(seat)
        address, token = link.split("/p/")
        lines = [next(line for line in drawn if line.words == address)]
        lines += [line for line in drawn if len(line.words) >= 8 and line.words.removeprefix("/p/") in token]
        assert "".join(line.shown for line in lines) == link, [line.shown for line in lines]
        for line in lines:
            assert line.size >= 28, (line.words, line.size)
            assert colours[line.shown] == tuple(art.INK)[:3], (line.words, colours[line.shown])
