"""What the Architekton table mirrors from events equals the engine's board once synced."""


from client.games.architekton.layout import TILE
from client.games.architekton.state import Shown
from engines import new_game
from tests.client.games.architekton.situations import (
    GAME,
    find,
)


def test_the_shown_board_follows_events_then_equals_the_view():
    """What the table keeps from events matches the engine's board once synced."""
    seed, log = find(done=lambda s: not s.results[-1]["early"] and s.final["removed"])
    shown = Shown()
    replay = new_game(GAME, 2, seed)
    shown.sync(replay.view(None))
    for seat, action in log:
        for event in replay.apply(seat, action):
            if event["type"] == "placed":
                shown.put(event["tile"], event["x"], event["y"], event["rot"])
            elif event["type"] == "house":
                if event["from"] is not None:
                    shown.set_house(*event["from"], None)
                shown.set_house(event["x"], event["y"], event["player"])
            elif event["type"] == "settled" and event["take_back"]:
                shown.set_house(event["x"], event["y"], None)
            elif event["type"] == "final_scoring":
                shown.remove([tuple(sq) for sq in event["removed"]])
        view = replay.view(None)
        board = {(c["x"], c["y"]): (c["tile"], c["rot"], c["house"]) for c in view["board"]}
        assert {xy: (c["tile"], c["rot"], c["house"]) for xy, c in shown.cells.items()} == board
    assert [len(shown.largest_group(p)) for p in range(2)] == replay.final["groups"]
    left, top, width, height = shown.bounds(0)
    xs = [x for x, _ in shown.cells]
    assert (left, width) == (min(xs) * TILE, (max(xs) - min(xs) + 1) * TILE)
