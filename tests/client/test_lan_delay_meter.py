"""The host's lobby shows each networked seat's delay (issue 26): a LAN window next door in
green, a phone on ordinary Wi-Fi in amber, a sleepy phone in red; a couch seat and an open
seat show none. The delays are the host's own measures of their round trips."""

import threading
import time

import pytest

from client.hosting.seats import SeatPlan
from client.scenes.title import TitleScene
from client.ui import art
from client.ui.delay_meter import BAR_GAP, BAR_HEIGHTS, BAR_WIDTH, delay_level, delay_words
from tests.client.conftest import frames, host_lobby, shoot
from tests.netplay.delay_proxy import DelayProxy
from tests.netplay.phone_play import PhoneClient

peer = pytest.importorskip("netplay.peer")
pytest.importorskip("websockets")
pytestmark = pytest.mark.timeout(60)
SERVE = {"advertise": False, "interfaces": ["127.0.0.1"]}


class AnsweringPhone(PhoneClient):
    """A phone whose page answers the host's probes at once, from a thread of its own."""

    def __init__(self, link: str):
        super().__init__(link)
        self.stopped = False
        self.thread = threading.Thread(target=self.listen, daemon=True)
        self.thread.start()

    def listen(self) -> None:
        while not self.stopped:
            try:
                message = self.receive(0.1)
            except TimeoutError:
                continue
            if message is None:
                return
            if message["t"] == "probe":
                self.send({"t": "probe", "n": message["n"]})

    def close(self) -> None:
        self.stopped = True
        self.thread.join(2.0)
        super().close()


def through(link: str, proxy: DelayProxy, port: int) -> str:
    return link.replace(f":{port}/", f":{proxy.port}/")


def test_the_lobby_shows_each_networked_seats_delay_as_a_coloured_meter(make_app):
    app = make_app()
    app.push(TitleScene(app))
    seats = [SeatPlan("Anna", "keys1", 0), SeatPlan("", "open", 1), SeatPlan("", "open", 2), SeatPlan("", "open", 3)]
    lobby = host_lobby(app, "wie_waldi", seats, {}, seed=4)
    assert lobby.error is None and lobby.hosted.phones is not None, lobby.error
    port = lobby.hosted.phones.server.port
    wifi, sleepy = DelayProxy(port, 0.045), DelayProxy(port, 0.160)
    opened = []
    try:
        opened.append(peer.RemoteSession("127.0.0.1", lobby.hosted.handle.port, "Zoe"))  # a LAN window: seat 1
        opened.append(AnsweringPhone(through(lobby.hosted.phones.link(0), wifi, port)))  # Anna's own phone
        opened.append(AnsweringPhone(through(lobby.hosted.phones.link(2), sleepy, port)))  # an open seat's phone
        deadline = time.monotonic() + 20

        def measured() -> bool:
            delays = lobby.shown_round_trips
            return (set(delays) == {0, 1, 2} and delays[0] >= 0.090 and delays[2] >= 0.320
                    and lobby.lobby is not None and [s["kind"] for s in lobby.lobby["seats"]]
                    == ["human", "human", "human", "open"])

        while not measured():
            assert time.monotonic() < deadline, (lobby.shown_round_trips, lobby.lobby)
            frames(app, 1, dt=1 / 20)
            time.sleep(0.01)
        frames(app, 2)
        delays = {seat: rtt / 2 for seat, rtt in lobby.shown_round_trips.items()}
        assert [delay_level(delays[seat])[1] for seat in (1, 0, 2)] == [art.GOOD, art.GOLD, art.DANGER]
        assert delay_words(delays[2]).endswith(" ms") and int(delay_words(delays[2])[:-3]) >= 160
        shoot(app, "lan_host_delay_meter")
        picture = app.logical
        for seat, lit in ((0, 2), (1, 3), (2, 1), (3, 0)):  # the bars, lit from the left
            row = (art.W // 2 + 450 - 330, 260 + seat * 86 + 36)
            bottom = row[1] + BAR_HEIGHTS[-1] // 2
            colours = [picture.get_at((row[0] + k * (BAR_WIDTH + BAR_GAP) + BAR_WIDTH // 2, bottom - 4))[:3]
                       for k in range(len(BAR_HEIGHTS))]
            if seat == 3:  # an open seat: no meter at all
                assert art.INK_FAINT not in colours and art.GOOD not in colours
                continue
            colour = delay_level(delays[seat])[1]
            assert colours == [colour] * lit + [art.INK_FAINT] * (3 - lit), (seat, colours)
    finally:
        for connection in opened:
            connection.close()
        wifi.close()
        sleepy.close()
        lobby.close()
