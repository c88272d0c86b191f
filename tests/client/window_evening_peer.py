"""A window peer for the game night over the LAN, in a process of its own.

    python -m tests.client.window_evening_peer NAME COLOUR ADDRESS

It makes this machine's profile NAME in colour COLOUR, joins the table at ADDRESS by typing
it on the join screen, plays its seat by synthetic key presses to the results, and waits
there for the host's evening: it prints ``EVENING <json>`` (the standings and rating changes
its results screen shows). Then it stays on the results until the host's Next game brings it
to the next table by itself, and plays that one the same way; ``DONE`` on stdin (or its end)
ends it. Every wait is
bounded: it exits 3 if a step does not happen in time. Screenshots go to
``$SPIELABEND_SHOTS`` (if set) as ``evening_<name>_<game>.png``.
"""

import json
import os
import sys
import threading

import pygame

from client.app import App
from client.evening import profiles
from client.table.results import ResultsScene
from client.table.scene import TableScene
from tests.client.conftest import click, frames, key, post
from tests.client.drive import play_each_seat as play
from tests.client.drive import run_until

STEP_SECONDS = 60.0


def say(words: str) -> None:
    print(words, flush=True)


def join_by_address(app, address: str) -> None:
    app.flow.join()
    join = app.top
    frames(app, 2)
    index = next(i for i, item in enumerate(join.menu.items) if item.text().startswith("Type an address"))
    click(app, join.menu.rects[index].center)
    frames(app, 2)
    app.top.text = ""  # the last address typed is offered again: this one replaces it
    for letter in address:
        post(pygame.TEXTINPUT, text=letter)
    frames(app, 5)
    key("return")


def play_to_results(app) -> ResultsScene:
    table = run_until(app, lambda: app.top if isinstance(app.top, TableScene) else None, STEP_SECONDS)
    say(f"SEATED {next(iter(table.choosers))}")
    state: dict = {}
    results = run_until(app, lambda: app.top if isinstance(app.top, ResultsScene) else None, STEP_SECONDS,
                        lambda: play(app, table, state))
    say(f"COLOURS {json.dumps(table.colour_ids)}")  # what this window's table wore
    return results


def main(name: str, colour: int, address: str) -> int:
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
    games = 0
    try:
        while True:
            results = play_to_results(app)
            games += 1
            run_until(app, lambda: results.evening, STEP_SECONDS)  # noqa: B023 - used at once
            frames(app, 30)
            folder = os.environ.get("SPIELABEND_SHOTS")
            if folder:
                app.screenshot(os.path.join(folder, f"evening_{name.lower()}_{games}.png"))
            rows = [{"name": row.name, "points": row.points, "games": row.games, "wins": row.wins,
                     "colour": row.colour, "rating_change": row.rating_change} for row in results.evening]
            say("EVENING " + json.dumps({"standings": rows, "ratings": results.ratings,
                                         "menu": [item.text() for item in results.menu.items]}))
            # the next table comes by itself, or the test says it is done
            run_until(app, lambda: "DONE" in commands or not isinstance(app.top, ResultsScene), 2 * STEP_SECONDS)
            if "DONE" in commands:
                return 0
    except AssertionError as stuck:  # a step that did not happen in time
        say(f"STUCK {stuck}")
        return 3
    finally:
        app.quit()
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
