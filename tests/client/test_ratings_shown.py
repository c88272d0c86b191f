"""Ratings as a person reads them: a familiar scale where a newcomer starts at 1000 and
nobody reads below zero, in the Hall of fame a player opens from the title."""

import time

from client.evening.history import FinishedGame, History, SeatResult
from client.scenes.halloffame import HallOfFameScene
from client.scenes.title import TitleScene
from client.ui import art
from tests.client.conftest import frames, key


def test_the_hall_of_fame_reads_ratings_from_1000_and_never_below_zero(make_app):
    history = History.open(None)
    start = time.time() - 3 * 3600
    for i in range(12):  # Clara loses every game; Eve has not played yet
        seats = [SeatResult("Anna", colour=0), SeatResult("Ben", colour=1), SeatResult("Clara", colour=2)]
        history.record(FinishedGame("die_mauer", seats, [9, 5, 0], [0], False, {}, "", start + i * 600))
    history.close()
    app = make_app()
    app.push(TitleScene(app))
    frames(app, 5)
    labels = [item.text() for item in app.top.menu.items]
    app.top.menu.focus = labels.index("Hall of fame")
    drawn: list[art.DrawnText] = []
    stop = art.watch(drawn.append)
    try:
        key("return")
        frames(app, 30)
        assert isinstance(app.top, HallOfFameScene) and app.top.page == "ratings"
    finally:
        stop()
    numbers = {line.words for line in drawn if line.words.lstrip("-").isdigit()}
    ratings = {line.name: line.rating.shown for line in app.top.ratings}
    assert set(ratings) == {"Anna", "Ben", "Clara"}
    assert all(str(value) in numbers for value in ratings.values())
    assert not [n for n in numbers if n.startswith("-")], numbers  # nobody reads a negative rating
    assert ratings["Anna"] > 1000 > ratings["Clara"] >= 0  # a newcomer's 1000 is the middle of the scale


def test_a_newcomer_reads_1000():
    from client.evening.ratings import Rating, shown_rating

    assert Rating().shown == 1000
    assert shown_rating(-1e6) == 0
