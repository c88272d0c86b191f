"""Play any table through synthetic mouse, keyboard and controller events, as players would.

`act` makes one local seat confirm one of its choices with the device it is bound to: the
mouse clicks it (holding the right button first if it is private), a keyboard half walks
its cursor there with direction keys (holding Shift to peek) and confirms, a gamepad
either picks blind (a button twice) or walks the d-pad (holding LB to peek) and presses A.
`play_to_results` drives every local seat until the results show. A new table plugs in
with no code here: at most a ``pick`` strategy (which choice a seat takes).
"""

import itertools
import time

import pygame

from client.table.choices import DIRECTIONS, navigate
from client.table.game import BLIND_BUTTONS
from client.table.results import ResultsScene
from client.table.scene import TableScene
from tests import sdl_pads
from tests.client.conftest import frames, post, shoot
from tests.client.games.architekton import drive as architekton_drive
from tests.client.games.drunter_druber import drive as drunter_druber_drive
from tests.client.games.wie_waldi import drive as wie_waldi_drive

KEYS = {
    "keys1": {"up": "w", "down": "s", "left": "a", "right": "d", "confirm": "space", "peek": "left shift",
              "back": "q"},
    "keys2": {"up": "up", "down": "down", "left": "left", "right": "right", "confirm": "return", "peek": "right shift",
              "back": "backspace"},
}
PAD = {
    "up": pygame.CONTROLLER_BUTTON_DPAD_UP, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
    "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN, "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    "confirm": pygame.CONTROLLER_BUTTON_A, "back": pygame.CONTROLLER_BUTTON_B,
    "alt": pygame.CONTROLLER_BUTTON_X, "secret": pygame.CONTROLLER_BUTTON_Y,
    "peek": pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
}


def key_event(name: str, down: bool) -> None:
    code = pygame.key.key_code(name)
    post(pygame.KEYDOWN if down else pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)


def press_button(app, device: str, button: str, pos=None) -> None:
    """One press and release of ``device``'s virtual ``button`` (the mouse moved to ``pos``
    first, if given)."""
    if device == "mouse":
        if pos is not None:
            mouse_event(app, pygame.MOUSEMOTION, pos)
        mouse_event(app, pygame.MOUSEBUTTONDOWN, app.input.mouse_pos if pos is None else pos, MOUSE_BUTTONS[button])
        mouse_event(app, pygame.MOUSEBUTTONUP, app.input.mouse_pos if pos is None else pos, MOUSE_BUTTONS[button])
    elif device.startswith("pad:"):
        pad_press(app, device, button)
    else:
        key_event(KEYS[device][button], True)
        key_event(KEYS[device][button], False)


def pad_event(instance: int, button: str, down: bool) -> None:
    post(pygame.CONTROLLERBUTTONDOWN if down else pygame.CONTROLLERBUTTONUP, instance_id=instance, button=PAD[button])


def virtual_pad(app, device: str):
    """The virtual SDL pad behind ``device`` (tests.sdl_pads), or None for a synthetic one."""
    pad = app.input.pads.by_device(device)
    return sdl_pads.LIVE.get(pad.instance_id) if pad is not None and pad.controller is not None else None


def pad_hold(app, device: str, button: str, down: bool) -> None:
    """``device``'s ``button`` goes down or up: on a virtual pad SDL sees it at the next frame."""
    virtual = virtual_pad(app, device)
    if virtual is not None:
        virtual.set_button(sdl_pads.INTENT_BUTTONS[button], down)
    else:
        pad_event(app.input.pads.by_device(device).instance_id, button, down)


def pad_press(app, device: str, button: str) -> None:
    """One press and release; a virtual pad holds it a frame, so SDL sees both."""
    pad_hold(app, device, button, True)
    if virtual_pad(app, device) is not None:
        frames(app, 1)
    pad_hold(app, device, button, False)
    if virtual_pad(app, device) is not None:
        frames(app, 1)


def mouse_event(app, kind, pos, button: int | None = None) -> None:
    window = app.viewport.to_window(pos)
    if kind == pygame.MOUSEMOTION:
        post(kind, pos=window, rel=(0, 0), buttons=(0, 0, 0))
    else:
        post(kind, pos=window, button=button)


def path(choices, start: int, goal: int, steer=None) -> list[str]:
    """The shortest list of directions that walks a cursor from ``start`` to ``goal``
    (moving as the seat's chooser does: the game's ``steer``, else `navigate`)."""
    rects = [c.rect for c in choices]
    seen, frontier = {start: []}, [start]
    for _ in range(len(rects) + 1):
        following = []
        for index in frontier:
            for direction in DIRECTIONS:
                nxt = steer(choices, index, direction) if steer else navigate(rects, index, direction)
                if nxt not in seen:
                    seen[nxt] = seen[index] + [direction]
                    following.append(nxt)
        frontier = following
    return seen[goal]


MOUSE_BUTTONS = {"confirm": 1, "back": 2, "peek": 3}


def shortcut_for(table: TableScene, seat: int, device: str, choice) -> str | None:
    """The button of ``device`` that confirms ``choice`` in one press, if the game has one."""
    for button, target in table.game.shortcuts(seat, device).items():
        if target.key == choice.key and (device != "mouse" or button in MOUSE_BUTTONS):
            return button
    return None


def seat_choices(table: TableScene, seat: int) -> list:
    """What ``seat`` can confirm now: its choices, and choices only a shortcut reaches."""
    chooser = table.choosers[seat]
    device = "keys1" if chooser.device == "any" else chooser.device
    live = list(table.live.get(seat, []))
    keys = {choice.key for choice in live}
    return live + [c for c in table.game.shortcuts(seat, device).values() if c.key not in keys]


def act(app, table: TableScene, seat: int, choice) -> str:
    """Post what ``seat``'s device does to confirm ``choice``; returns how it was done."""
    chooser = table.choosers[seat]
    device = "keys1" if chooser.device == "any" else chooser.device
    private = choice.private and not table.solo
    button = shortcut_for(table, seat, device, choice)
    if button is not None and not (device == "mouse" and button == "confirm"):
        press_button(app, device, button)
        frames(app, 1)
        return f"{device.split(':')[0]}-shortcut"
    if device == "mouse":
        if private:
            mouse_event(app, pygame.MOUSEBUTTONDOWN, choice.rect.center, 3)
            frames(app, 1)
        mouse_event(app, pygame.MOUSEMOTION, choice.rect.center)
        mouse_event(app, pygame.MOUSEBUTTONDOWN, choice.rect.center, 1)
        mouse_event(app, pygame.MOUSEBUTTONUP, choice.rect.center, 1)
        frames(app, 1)
        if private:
            mouse_event(app, pygame.MOUSEBUTTONUP, choice.rect.center, 3)
        return "mouse"
    if device.startswith("pad:"):
        if table.choosing_blind(seat):
            blind = [action for _, action in table.game.blind_actions(seat)]
            button = BLIND_BUTTONS[blind.index(choice.action)]
            pad_press(app, device, button)
            pad_press(app, device, button)
            frames(app, 1)
            return "pad-blind"
        if private:
            pad_hold(app, device, "peek", True)
            frames(app, 1)
        walk(app, table, seat, choice, lambda d: pad_press(app, device, d))
        pad_press(app, device, "confirm")
        frames(app, 1)
        if private:
            pad_hold(app, device, "peek", False)
        return "pad"
    keys = KEYS[device]
    if private:
        key_event(keys["peek"], True)
        frames(app, 1)
    walk(app, table, seat, choice, lambda d: (key_event(keys[d], True), key_event(keys[d], False)))
    key_event(keys["confirm"], True)
    key_event(keys["confirm"], False)
    frames(app, 1)
    if private:
        key_event(keys["peek"], False)
    return "keys"


def check_panels(table) -> None:
    """No open private panel covers the board or any seat's public choices."""
    for seat in table.choosers:
        if not table.panel_open(seat):
            continue
        panel = table.game.private_rect(seat, sum(c.private for c in table.live.get(seat, [])))
        assert not panel.colliderect(table.layout.board)
        for other in table.choosers:
            for choice in table.live.get(other, []):
                assert choice.private or not panel.colliderect(choice.rect), f"{seat}'s panel covers {choice.label}"


def walk(app, table, seat, choice, press) -> None:
    """Move ``seat``'s cursor onto ``choice`` with direction presses."""
    choices = table.usable(seat)
    start = table.choosers[seat].focus(choices) or 0
    goal = next(i for i, c in enumerate(choices) if c.key == choice.key)
    for direction in path(choices, start, goal, table.game.steer):
        press(direction)
        frames(app, 1)
    assert table.choosers[seat].cursor == choice.key, "the cursor did not reach the choice"


def first_legal(table, seat, choices, turn: int):
    """A default strategy: the legal choices in turn (so different pieces get played)."""
    legal = [choice for choice in choices if choice.legal and choice.action is not None]
    return legal[turn % len(legal)] if legal else None


# A table whose seats need a smarter choice than the first legal one adds its driver here.
# A game whose first legal choice does not move it forward has `tests/client/games/<id>/drive.py`
# with a `pick(table, seat, choices, turn)`.
DRIVERS: dict = {"architekton": architekton_drive.pick, "drunter_druber": drunter_druber_drive.pick,
                 "wie_waldi": wie_waldi_drive.pick}


def play_each_seat(app, table: TableScene, state: dict | None = None) -> None:
    """Each local seat that may move now makes its next move through its device (first
    legal choice, in turn); ``state`` counts each seat's moves."""
    if app.top is not table:
        return
    state = state if state is not None else {}
    for seat in table.choosers:
        choices = table.live.get(seat, [])
        if choices and table.model.pending.get(seat) is None and not table.pacer.busy():
            choice = first_legal(table, seat, choices, state.get(seat, 0))
            if choice is not None:
                act(app, table, seat, choice)
                state[seat] = state.get(seat, 0) + 1


def run_until(app, done, seconds: float = 30.0, each=None):
    """Frames (the network answers meanwhile) until ``done()`` is true, returning it;
    AssertionError after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        result = done()
        if result:
            return result
        if each is not None:
            each()
        frames(app, 2, dt=3 / 60)
        time.sleep(0.004)
    raise AssertionError(f"timed out; top scene is {type(app.top).__name__}")


def driver(game_id: str):
    return DRIVERS.get(game_id, first_legal)


def play_to_results(app, table: TableScene, pick=None, dt: float = 3 / 60, limit: int = 6000,
                    shots: str | None = None, each=None) -> dict:
    """Drive every local seat through its device until the results show; returns how
    often each way of choosing was used. With ``shots``, the first frame of every new
    phase is saved as ``<shots>_<phase>``; ``each()`` runs before every step at the table."""
    pick = pick or driver(table.info.id)
    done: dict[str, int] = {}
    seen_phases: set = set()
    for turn in itertools.count():
        assert turn < limit, f"no results after {limit} steps; did {done}"
        if isinstance(app.top, ResultsScene):
            break
        if app.top is table and each is not None:
            each()
        if app.top is table:
            seats = list(table.choosers)
            for seat in seats[turn % len(seats):] + seats[:turn % len(seats)]:  # each seat in turn
                choices = seat_choices(table, seat)
                if not choices or table.model.pending.get(seat) is not None or table.pacer.busy():
                    continue
                choice = pick(table, seat, choices, turn)
                if choice is not None:
                    how = act(app, table, seat, choice)
                    done[how] = done.get(how, 0) + 1
                    break
        frames(app, 1, dt)
        check_panels(table)
        phase = table.model.phase
        if shots and phase not in seen_phases and app.top is table:
            seen_phases.add(phase)
            shoot(app, f"{shots}_{phase}")
    return done
