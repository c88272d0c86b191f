"""A window peer for the game night over the LAN or a relay, in a process of its own.

    python -m tests.client.window_evening_peer NAME COLOUR ADDRESS [PASSWORD]

It makes this machine's profile NAME in colour COLOUR, joins the table at ADDRESS (a
``host:port``, or a seat's relay invite ``SA-...``) by typing it on the join screen (and
PASSWORD when the table asks: it prints ``PASSWORD``), says the table's name as its wait
screen shows it (``TABLE <name>``), plays its seat by synthetic key presses to the results,
and waits there for the host's evening: it prints ``EVENING <json>`` (the standings and
rating changes its results screen shows). Then it stays on the results until the host's
Next game brings it to the next table by itself, and plays that one the same way; when the
host ends the group instead it prints ``HOST_LEFT <words>`` (what its results then say).
``DONE`` on stdin (or its end) ends it. Every wait is bounded: it exits 3 if a step does not
happen in time. Screenshots go to ``$SPIELABEND_SHOTS`` (if set) as ``evening_<name>_<game>.png``.
"""

import json
import os
import sys
import threading

import pygame

from client.app import App
from client.evening import profiles
from client.scenes.join import JoinWaitScene, PasswordScene
from client.table.results import ResultsScene
from client.table.scene import TableScene
from tests.client.conftest import click, frames, key, post
from tests.client.drive import play_each_seat as play
from tests.client.drive import run_until

STEP_SECONDS = 60.0


def say(words: str) -> None:
    print(words, flush=True)


def type_line(app, text: str) -> None:
    app.top.text = ""  # a field may offer what was typed last: this replaces it
    for letter in text:
        post(pygame.TEXTINPUT, text=letter)
    frames(app, 5)
    key("return")


def join_by_address(app, address: str) -> None:
    app.flow.join()
    join = app.top
    frames(app, 2)
    index = next(i for i, item in enumerate(join.menu.items) if item.text().startswith("Type an address"))
    click(app, join.menu.rects[index].center)
    frames(app, 2)
    type_line(app, address)


class Seating:
    """Watches the way to a seat: a password asked for (typed once more each time), and the
    table's name on the wait screen."""

    def __init__(self, password: str | None):
        self.password = password
        self.named: str | None = None

    def step(self, app) -> None:
        top = app.top
        if isinstance(top, PasswordScene) and self.password is not None:
            say("PASSWORD")
            type_line(app, self.password)
        elif isinstance(top, JoinWaitScene) and top.lobby and top.table_name() != self.named:
            self.named = top.table_name()
            say(f"TABLE {self.named}")


def play_to_results(app, seating: Seating) -> ResultsScene:
    table = run_until(app, lambda: app.top if isinstance(app.top, TableScene) else None, STEP_SECONDS,
                      lambda: seating.step(app))
    say(f"SEATED {next(iter(table.choosers))}")
    state: dict = {}
    results = run_until(app, lambda: app.top if isinstance(app.top, ResultsScene) else None, STEP_SECONDS,
                        lambda: play(app, table, state))
    say(f"COLOURS {json.dumps(table.colour_ids)}")  # what this window's table wore
    return results


def main(name: str, colour: int, address: str, password: str | None = None) -> int:
    commands: list[str] = []

    def listen() -> None:
        for line in sys.stdin:
            commands.append(line.strip())
        commands.append("DONE")

    threading.Thread(target=listen, daemon=True).start()
    app = App(window_size=(1280, 720))
    app.settings.animation = os.environ.get("SPIELABEND_ANIMATION", "instant")
    app.settings.data["name"] = name
    app.flow.start_title(app)
    profiles.make(app.evening.history, name, colour)
    frames(app, 2)
    join_by_address(app, address)  # the first table only: the host's Next game brings this window to the next
    seating = Seating(password)
    games = 0
    try:
        while True:
            results = play_to_results(app, seating)
            games += 1
            run_until(app, lambda: results.evening, STEP_SECONDS)  # noqa: B023 - used at once
            frames(app, 30)
            folder = os.environ.get("SPIELABEND_SHOTS")
            if folder:
                app.screenshot(os.path.join(folder, f"evening_{name.lower()}_{games}.png"))
            rows = [{"name": row.name, "points": row.points, "games": row.games, "wins": row.wins,
                     "colour": row.colour, "rating_change": row.rating_change} for row in results.evening]
            say("EVENING " + json.dumps({"standings": rows, "ratings": results.ratings,
                                         "menu": [item.text() for item in results.menu.items],
                                         "waiting": results.evening_session is not None}))
            # the next table comes by itself, the host ends the group, or the test says it is done
            run_until(app, lambda results=results: "DONE" in commands or not isinstance(app.top, ResultsScene)
                      or bool(results.host_left), 2 * STEP_SECONDS)
            if results.host_left:
                frames(app, 10)
                if folder:
                    app.screenshot(os.path.join(folder, f"evening_{name.lower()}_host_left.png"))
                say(f"HOST_LEFT {results.host_left}")
                run_until(app, lambda: "DONE" in commands, 2 * STEP_SECONDS)
            if "DONE" in commands:
                return 0
    except AssertionError as stuck:  # a step that did not happen in time
        say(f"STUCK {stuck}")
        return 3
    finally:
        app.quit()
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else None))
