"""The LAN screens in German and in the pseudo-language: hosting form, lobby, join list,
the wait, the typed prompts. No word left in English, nothing spilling out of its box."""

import time

import pytest

from client.hosting.seats import SeatPlan
from client.scenes.join import (
    AddressScene,
    JoinScene,
    JoinWaitScene,
    PasswordScene,
    host_line,
    not_joinable,
    rejoin_line,
)
from client.scenes.lan import HostTableScene
from client.scenes.title import TitleScene
from client.table.model import TableModel
from client.ui.keyboard import FieldScene
from netplay.host import Host
from tests.client.conftest import frames, host_lobby, shoot
from tests.client.words_on_screen import reading

pytestmark = pytest.mark.timeout(60)
NAMES = ("Anna", "Zoe", "Den", "Attic")


class QuietSession:
    """A join in progress that has heard nothing yet (and one that was told goodbye)."""

    def __init__(self, messages=()):
        self.messages = list(messages)

    def poll(self):
        out, self.messages = self.messages, []
        return out

    def close(self):
        pass


def lan_screens(app):
    """Each LAN screen a player reaches without a network, pushed in turn (yields a name)."""
    plans = [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)]
    app.push(TitleScene(app))
    app.push(HostTableScene(app, "die_mauer", plans, {"rounds": 1}))
    yield "host form"
    app.top.edit("port")
    yield "port field"
    app.pop()
    app.pop()
    join = JoinScene(app, player_name="Zoe", browse=False)
    join.hosts = [{"name": "Attic", "game": "die_mauer", "address": "127.0.0.1", "port": 47474, "seats_open": 1,
                   "seats_taken": 1, "password": True},
                  {"name": "Den", "game": "wie_waldi", "address": "127.0.0.1", "port": 47475, "seats_open": 0,
                   "phase": "playing"}]
    join._rebuild()
    app.push(join)
    yield "join list"
    app.push(PasswordScene(app, join.hosts[0], "Zoe"))
    yield "password"
    app.pop()
    app.push(AddressScene(app, "Zoe"))
    yield "address"
    app.pop()
    app.push(JoinWaitScene(app, QuietSession(), {"name": "Attic", "address": "127.0.0.1", "port": 1}, "Zoe"))
    yield "connecting"
    app.pop()
    # the host's sentence comes as a template and data: the window words it in its language
    bye = {"t": "refuse", "code": "full", "reason": "Attic is full: every seat is taken.",
           "say": "{name} is full: every seat is taken.", "data": {"name": "Attic"}}
    app.push(JoinWaitScene(app, QuietSession([bye]), {"name": "Attic", "address": "127.0.0.1", "port": 1}, "Zoe"))
    yield "refused"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("code", ["de", "pseudo"])
def test_every_lan_screen_reads_in_the_language_and_fits(make_app, code, size):
    app = make_app(size)
    with reading(code) as screen:
        for name in lan_screens(app):
            screen.texts.clear()
            screen.lines.clear()
            app.dirty = True
            frames(app, 18)  # past the cross-fade: the screenshot shows this screen alone
            if code == "de":
                assert screen.untranslated() == [], name
                if name == "refused":
                    assert "Beitritt nicht möglich: Attic ist voll: Alle Plätze sind besetzt." in screen.texts
                shoot(app, f"lan_de_{name.replace(' ', '_')}_{size[0]}")
            else:
                assert screen.english(allowed=NAMES) == [], name
            assert screen.overflowing(names=NAMES) == [], name


def test_a_hosted_lobby_reads_german(make_app):
    app = make_app()
    app.push(TitleScene(app))
    plans = [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)]
    with reading("de") as screen:
        lobby = host_lobby(app, "die_mauer", plans, {"rounds": 1}, name="Attic")
        deadline = time.monotonic() + 10  # the host's thread sends its lobby when it gets its turn
        while not lobby.lobby and time.monotonic() < deadline:
            frames(app, 1)
            time.sleep(0.005)
        frames(app, 2)
        shoot(app, "lan_de_lobby")
    try:
        assert lobby.error is None and lobby.lobby
        assert screen.untranslated() == []
        assert "Du hostest im LAN" in screen.texts
        assert any(text.startswith("Attic: Beitritt unter 127.0.0.1") for text in screen.texts)
        assert "wartet auf jemanden ..." in screen.texts
    finally:
        lobby.close()


def test_the_join_list_words_tables_and_seats_in_german():
    from client import i18n

    try:
        i18n.use("de")
        entry = {"name": "Attic", "game": "die_mauer", "seats_open": 2, "seats_taken": 1, "password": True}
        assert host_line(entry) == "Attic  -  Die Mauer  -  2 frei, 1 besetzt  (Passwort)"
        assert not_joinable(dict(entry, seats_open=0)) == "Attic ist voll: Alle Plätze sind besetzt."
        seat = {"table": "Den", "game": "die_mauer", "name": "Zoe", "address": "127.0.0.1", "port": 1}
        assert rejoin_line(seat) == "Zurück an Den  -  Die Mauer  -  als Zoe  (offline: nicht im LAN zu sehen)"
    finally:
        i18n.use("en")


def test_a_form_field_s_heading_is_worded_once(make_app):
    """The hosting form words a field's heading itself: the field shows it as given."""
    app = make_app()
    app.push(TitleScene(app))
    app.push(HostTableScene(app, "die_mauer", [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)], {}))
    with reading("de") as screen:
        app.top.edit("name")
        frames(app, 2)
    assert isinstance(app.top, FieldScene)
    assert "Tischname" in screen.texts and screen.untranslated() == []


def test_a_seat_nobody_named_reads_in_the_windows_language(make_app):
    # the host names an unnamed seat in English ("Player 2"); a German window says "Spieler 2",
    # and a player who chose the name "Player 1" for seat 3 keeps it
    host = Host("die_mauer", 3, seed=1, names=["Anna", "", "Player 1"])
    lobby, start = host.lobby_message(), host.start_message(None)
    assert [seat["name"] for seat in lobby["seats"]] == start["names"] == ["Anna", "Player 2", "Player 1"]
    app = make_app()
    with reading("de") as screen:
        app.push(JoinWaitScene(app, QuietSession([lobby]), {"name": "Attic", "address": "127.0.0.1", "port": 1}, "Zoe"))
        frames(app, 3)
        model = TableModel(3, [], True)
        model.receive(None, start)
    assert {"Anna", "Spieler 2", "Player 1"} <= set(screen.texts), screen.texts
    assert "Player 2" not in screen.texts
    assert model.names == ["Anna", "Spieler 2", "Player 1"]
