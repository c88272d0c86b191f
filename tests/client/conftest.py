"""Fixtures for client tests: a real App on the dummy video driver, settings in a tmp dir,
and helpers that post synthetic pygame events (the input module reads them)."""

from pathlib import Path

import pygame
import pytest

SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"


@pytest.fixture
def config_home(tmp_path, monkeypatch):
    home = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # saves, seats to rejoin, high scores: this test's own
    return home


@pytest.fixture
def make_app(config_home):
    from client.app import App

    apps = []

    def make(size=(1920, 1080)):
        app = App(window_size=size)
        app.bots_think_apart = False  # frames here are simulated time (the worker: tests/netplay/test_bots.py)
        pygame.event.clear()
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.quit()


def drawn_lines(app) -> list:
    """Every line of words one frame of ``app`` draws (`art.DrawnText`: words, rect, box)."""
    from client.ui import art

    drawn: list[art.DrawnText] = []
    stop = art.watch(drawn.append)
    try:
        app.draw()
    finally:
        stop()
    return drawn


def shoot(app, name: str) -> None:
    """Write the logical surface as tests/screenshots/<name>.png (git-ignored)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    app.screenshot(SCREENSHOTS / f"{name}.png")


def post(kind, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def key(name: str) -> None:
    code = pygame.key.key_code(name)
    post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)


def click(app, logical_pos, button: int = 1) -> None:
    pos = app.viewport.to_window(logical_pos)
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def pad_button(instance_id: int, button: int) -> None:
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=instance_id, button=button)
    post(pygame.CONTROLLERBUTTONUP, instance_id=instance_id, button=button)


def frames(app, count: int, dt: float = 1 / 60) -> None:
    for _ in range(count):
        app.frame(dt)


def local_table(app, seats: list[tuple[str, str]], seed: int, bot_delay: float | None = None, rounds: int = 1,
                game_id: str = "die_mauer", options: dict | None = None):
    """A table for ``seats`` ((name, device or "bot:<strength>") pairs, colours in order)
    pushed over a title screen, as the set-up screen would start it; returns it."""
    from client.hosting.seats import SeatPlan
    from client.scenes.title import TitleScene

    if not app.scenes:
        app.push(TitleScene(app))
    plans = [SeatPlan(name, control, colour) for colour, (name, control) in enumerate(seats)]
    if options is None:
        options = {"rounds": rounds} if game_id == "die_mauer" else {}
    return app.flow.start_local(game_id, plans, options, seed=seed, bot_delay=bot_delay)


@pytest.fixture
def pads():
    """Virtual game controllers in pygame-ce's own SDL (tests.sdl_pads); every pad still
    plugged in is unplugged afterwards. Make the app first: SDL must be running."""
    from tests.sdl_pads import VirtualPads

    plugged = VirtualPads()
    yield plugged
    plugged.close()


def host_lobby(app, game_id: str, seats, options: dict, *, seed=None, bot_delay=None, port=0, password="", relay="",
               name="", advertise=False):
    """A table hosted on the LAN from the window, as the host form opens it (on loopback, a
    free port and no zeroconf unless asked): its lobby, pushed."""
    from client.hosting.table_settings import TableSettings

    return app.flow.open_hosted(game_id, seats, options, TableSettings(name, password, port, relay), seed=seed,
                                bot_delay=bot_delay, advertise=advertise)


def controls_for(app, host, handle=None):
    """The host controls of a table whose host a test built by hand: driven by ``app``'s
    frames, or served by ``handle`` (a `netplay.server.ServerHandle`)."""
    from client.hosting.hosted import HostedTable
    from client.hosting.seats import SeatPlan
    from client.hosting.table_settings import TableSettings

    plans = [SeatPlan(seat.name, {"local": "keys1", "remote": "open"}.get(seat.kind, f"bot:{seat.strength}"), i)
             for i, seat in enumerate(host.seats)]
    return HostedTable(app, host, plans, settings=TableSettings() if handle is not None else None, handle=handle)
