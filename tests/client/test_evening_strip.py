"""Tonight's standings strip on the results screen names every person whole, six of them
too, with or without their rating's move (never "1. Play...")."""

import pygame

from client.evening import charts
from client.evening.night import Standing
from client.ui import art
from tests.client.words_on_screen import reading


def test_six_people_are_named_whole_in_the_strip(make_app):
    make_app()
    rows = [Standing(f"name:p{i}", f"Player {i + 1}", i % 6, points=10 - i, games=3, wins=1,
                     rating_change=(12 if i % 2 else None)) for i in range(6)]
    surface = pygame.Surface((art.W, art.H))
    with reading("en") as screen:
        charts.evening_strip(surface, rows, 200, 200 + charts.STRIP_HEIGHT)
    names = [line for line in screen.lines if line.words.endswith(tuple(f"Player {i + 1}" for i in range(6)))]
    assert len(names) == 6
    assert screen.overflowing() == []
