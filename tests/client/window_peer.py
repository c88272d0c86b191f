"""A window peer in a process of its own, for tests of two windows at one table.

    python -m tests.client.window_peer ADDRESS MOVES [--language CODE] [--refuse]

It opens the window (on whatever SDL video driver the environment names), joins the
table at ADDRESS by typing it on the join screen, plays MOVES moves of its own through
synthetic key presses, then leaves the table through the pause menu and prints ``LEFT``.
When a line ``REJOIN`` arrives on stdin it goes back to the join screen, picks "Rejoin",
sits down again (``BACK <seat>``) and plays to the results (``RESULTS``). Every wait is
bounded: it exits 3 if a step does not happen in time. Screenshots go to
``$SPIELABEND_SHOTS`` (if set) as ``peer_<step>.png``.

``--language CODE`` reads the window in that language (as if chosen in Settings).
``--refuse`` (issue 28) plays another script: once seated, while its seat may not act, it
sends an action out of turn (playing its own moves first while it may act); it prints ``REFUSED <code> <json of say and data>`` for the
host's reject and ``TOLD <words>`` for what its table said about it, then plays on until
it has made MOVES moves of its own (``PLAYED``) and closes.
"""

import json
import os
import sys
import threading

import pygame

from client import i18n
from client.app import App
from client.scenes.title import TitleScene
from client.table.results import ResultsScene
from client.table.scene import TableScene
from tests.client.conftest import click, frames, key, post
from tests.client.drive import play_each_seat as play
from tests.client.drive import run_until

STEP_SECONDS = 40.0


def say(words: str) -> None:
    print(words, flush=True)


def shoot(app, name: str) -> None:
    folder = os.environ.get("SPIELABEND_SHOTS")
    if folder:
        app.screenshot(os.path.join(folder, f"peer_{name}.png"))


def menu_item(scene, starts: str) -> int:
    return next(i for i, item in enumerate(scene.menu.items) if item.text().startswith(starts))


def open_window(language: str | None) -> App:
    app = App(window_size=(1280, 720))
    app.settings.animation = os.environ.get("SPIELABEND_ANIMATION", "fast")
    if language:
        app.settings.language = language
        i18n.use(language)
    app.flow.start_title(app)
    frames(app, 2)
    return app


def join_by_address(app, address: str) -> TableScene:
    app.flow.join()
    join = app.top
    click(app, join.menu.rects[join.row_keys.index("address")].center)  # in any language
    frames(app, 2)
    for letter in address:
        post(pygame.TEXTINPUT, text=letter)
    frames(app, 20)
    shoot(app, "address")
    key("return")
    return run_until(app, lambda: app.top if isinstance(app.top, TableScene) else None, STEP_SECONDS)


def refuse_then_play(address: str, moves: int, language: str | None) -> int:
    """The ``--refuse`` script (see the module docstring)."""
    app = open_window(language)
    told: list[str] = []
    add = app.toasts.add

    def noted(words: str, **options):
        told.append(words)
        return add(words, **options)

    app.toasts.add = noted  # type: ignore[method-assign]
    try:
        table = join_by_address(app, address)
        seat = next(iter(table.choosers))
        say(f"SEATED {seat}")
        session = table.sessions[seat]
        rejects: list[dict] = []
        poll = session.poll

        def polled() -> list[dict]:
            messages = poll()
            rejects.extend(m for m in messages if m.get("t") == "reject")
            return messages

        session.poll = polled  # type: ignore[method-assign]
        state: dict = {}
        run_until(app, lambda: table.model.latest_view() is not None and not table.live.get(seat)
                  and table.model.pending.get(seat) is None, STEP_SECONDS, lambda: play(app, table, state))
        # out of turn (the host's seat has not planned yet): a Die Mauer action, so the host
        # judges the turn (a type no game takes would be unknown_action whenever it is sent)
        session.send({"type": "plan", "piece": None})
        run_until(app, lambda: rejects and told, STEP_SECONDS)
        frames(app, 10)
        shoot(app, "refused")
        said = {key: rejects[0].get(key) for key in ("say", "data", "reason")}
        say(f"REFUSED {rejects[0]['code']} {json.dumps(said, ensure_ascii=False)}")
        say(f"TOLD {told[-1]}")
        run_until(app, lambda: sum(state.values()) >= moves, 60, lambda: play(app, table, state))
        say("PLAYED")
        return 0
    except AssertionError as stuck:  # a step that did not happen in time
        say(f"STUCK {stuck}")
        return 3
    finally:
        app.quit()
        pygame.quit()


def main(address: str, moves: int, language: str | None = None) -> int:
    commands: list[str] = []
    threading.Thread(target=lambda: commands.extend(line.strip() for line in sys.stdin), daemon=True).start()
    app = open_window(language)
    try:
        table = join_by_address(app, address)
        seat = next(iter(table.choosers))
        say(f"SEATED {seat}")
        state: dict = {}
        run_until(app, lambda: sum(state.values()) >= moves, STEP_SECONDS, lambda: play(app, table, state))
        frames(app, 10)
        shoot(app, "before_leaving")
        key("escape")
        frames(app, 2)
        pause = app.top
        click(app, pause.menu.rects[menu_item(pause, "Leave")].center)
        frames(app, 20)
        shoot(app, "leave_prompt")
        say(f"PROMPT {app.top.question}")
        click(app, app.top.menu.rects[1].center)  # "Yes"
        run_until(app, lambda: isinstance(app.top, TitleScene), STEP_SECONDS)
        say("LEFT")
        run_until(app, lambda: "REJOIN" in commands, 60)
        app.flow.join()
        join = app.top
        frames(app, 20)  # past the cross-fade
        shoot(app, "rejoin")
        click(app, join.menu.rects[menu_item(join, "Rejoin")].center)
        table = run_until(app, lambda: app.top if isinstance(app.top, TableScene) else None, STEP_SECONDS)
        say(f"BACK {next(iter(table.choosers))}")
        frames(app, 10)
        shoot(app, "back")
        run_until(app, lambda: isinstance(app.top, ResultsScene), 60, lambda: play(app, table, state))
        frames(app, 30)
        shoot(app, "results")
        say("RESULTS")
        return 0
    except AssertionError as stuck:  # a step that did not happen in time
        say(f"STUCK {stuck}")
        return 3
    finally:
        app.quit()
        pygame.quit()


if __name__ == "__main__":
    arguments = sys.argv[1:]
    chosen = arguments[arguments.index("--language") + 1] if "--language" in arguments else None
    if "--refuse" in arguments:
        sys.exit(refuse_then_play(arguments[0], int(arguments[1]), chosen))
    sys.exit(main(arguments[0], int(arguments[1]), chosen))
