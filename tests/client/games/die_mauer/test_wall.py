"""The Die Mauer wall as players see it: however long it grows, every piece (at rest or
still falling) is drawn on the shelf, in its own place, never on top of another."""

import itertools

import pygame

from client.games.die_mauer import art as pieces_art
from client.games.die_mauer.layout import SHELF, wall_layout
from client.table.layout import LOG, SEAT_STRIP
from client.table.results import ResultsScene
from client.ui import art
from tests.client.conftest import frames, local_table, shoot


class PieceSpy(pygame.Surface):
    """A screen that remembers where piece images were blitted."""

    def __init__(self, pieces: set):
        super().__init__((art.W, art.H))
        self.pieces = pieces
        self.drawn: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):
        rect = super().blit(source, dest, *args, **kwargs)
        if id(source) in self.pieces:
            self.drawn.append(pygame.Rect(dest if isinstance(dest, pygame.Rect) else (dest, source.get_size())))
        return rect


def drawn_wall(table, pieces: set) -> list[pygame.Rect]:
    spy = PieceSpy(pieces)
    table.draw(spy)
    # with only bots at the table, the pieces above the seat panels are the wall's
    return [rect for rect in spy.drawn if rect.top < SEAT_STRIP.top]


def test_a_table_of_six_bots_keeps_its_long_wall_on_the_shelf_to_the_end(make_app, monkeypatch):
    pieces: set[int] = set()
    keep = []  # the images themselves, so no id is reused while the test runs

    def remember(make):
        def wrapper(*args, **kwargs):
            image = make(*args, **kwargs)
            if id(image) not in pieces:
                pieces.add(id(image))
                keep.append(image)
            return image
        return wrapper

    monkeypatch.setattr(pieces_art, "piece_image", remember(pieces_art.piece_image))
    original_rotate = pygame.transform.rotate  # a piece drawn tilted is still a piece

    def rotate(surface, angle):
        rotated = original_rotate(surface, angle)
        if id(surface) in pieces:
            pieces.add(id(rotated))
            keep.append(rotated)
        return rotated

    monkeypatch.setattr(pygame.transform, "rotate", rotate)
    assert not SHELF.colliderect(LOG) and SHELF.bottom <= SEAT_STRIP.top

    app = make_app()
    app.settings.animation = "fast"
    table = local_table(app, [(name, "bot:easy") for name in ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]], seed=3,
                        bot_delay=0.02)
    longest, checked = 0, 0
    for _ in range(900):
        if isinstance(app.top, ResultsScene):
            break
        frames(app, 1, dt=2 / 60)
        rects = drawn_wall(table, pieces)
        for rect in rects:
            assert SHELF.contains(rect), f"{rect} is off the shelf {SHELF} ({len(table.game.shown.wall.items)} pieces)"
        for a, b in itertools.combinations(rects, 2):
            assert not a.colliderect(b), f"{a} overlaps {b} ({len(table.game.shown.wall.items)} pieces)"
        checked += bool(rects)
        if len(table.game.shown.wall.items) > longest:
            longest = len(table.game.shown.wall.items)
            shoot(app, "scene_table_six_bots")
    assert isinstance(app.top, ResultsScene)
    assert longest >= 25 and checked >= 30
    frames(app, 90)  # the score rows have slid in
    shoot(app, "scene_results_six")


def test_the_whole_forty_two_piece_wall_and_its_ghosts_fit_the_shelf():
    items = [(piece, uid) for uid, piece in enumerate("TG64321" * 6)]
    layout = wall_layout(tuple(items))
    rects = [layout.slots[uid] for _, uid in items]
    ghost = pieces_art.piece_size("6", layout.height)[0] + layout.gap
    assert SHELF.contains(pygame.Rect(rects[0].left - ghost, rects[0].top, rects[-1].right - rects[0].left + 2 * ghost,
                                      layout.height))
    assert all(a.right < b.left for a, b in itertools.pairwise(rects))
    assert layout.height >= 50  # still readable
