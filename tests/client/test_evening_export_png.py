"""The evening exported as a PNG is a picture to share: nothing in it looks like the
screen's focus ring (a gold outline around a row or a button)."""

import pygame

from client.evening import exports
from client.scenes import halloffame
from client.ui import art
from tests.client.conftest import frames
from tests.client.test_evening_screens import seed_history


def gold(colour) -> bool:
    return all(abs(a - b) <= 40 for a, b in zip(colour[:3], art.GOLD[:3], strict=True))


def outline(picture: pygame.Surface, rect: pygame.Rect) -> list:
    """The pixels just inside ``rect``'s edges (where a ring is drawn), corners left out."""
    inner = rect.inflate(-2, -2)
    top_bottom = [(x, y) for x in range(inner.left + 14, inner.right - 14) for y in (inner.top, inner.bottom - 1)]
    sides = [(x, y) for y in range(inner.top + 12, inner.bottom - 12) for x in (inner.left + 1, inner.right - 2)]
    return [picture.get_at(point) for point in top_bottom + sides]


def test_the_exported_png_has_no_focus_ring_around_the_leader(make_app):
    app = make_app()
    seed_history().close()
    app.flow.hall_of_fame("evening")
    frames(app, 5)
    fame = app.top
    fame.export()
    [png] = list(exports.export_folder().glob("evening-*.png"))
    picture = pygame.image.load(str(png))
    first_row = halloffame.LIST.top + 72 + halloffame.ROW
    row = pygame.Rect(halloffame.LIST.left + 12, first_row - 20, halloffame.LIST.width - 24, halloffame.ROW - 4)
    edge = outline(picture, row)
    assert sum(map(gold, edge)) < len(edge) // 4, "the leader's row is drawn with a ring like the focus"
    inside = [picture.get_at((x, row.centery)) for x in range(row.left, row.left + 8)]
    assert any(gold(colour) for colour in inside), "the leader still stands out (a gold mark)"
