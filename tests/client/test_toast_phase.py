"""A notice at the top of a table never stands over its phase line, where both would be
half hidden: while it shows, the phase line waits, and comes back when it goes."""

from client.scenes.title import TitleScene
from tests.client.conftest import drawn_lines, frames, local_table, shoot


def phase_lines_under_notices(app, table) -> tuple[list[str], int]:
    """The phase line's pieces drawn under a notice in one frame, and how many were drawn."""
    drawn = drawn_lines(app)
    phase = table.game.phase_text()
    pieces = [line for line in drawn if line.words and line.words in phase and len(line.words) > 6
              and table.layout.phase.colliderect(line.rect)]
    boxes = [box for _toast, box, _width in app.toasts.stacked(app.toasts.visible([table]), "top")]
    return [line.words for line in pieces if any(box.colliderect(line.rect) for box in boxes)], len(pieces)


def test_a_tables_notice_and_its_phase_line_are_never_drawn_over_each_other(make_app):
    app = make_app()
    app.push(TitleScene(app))
    table = local_table(app, [("Anna", "keys1"), ("Ben", "bot:normal")], seed=3, bot_delay=60, game_id="architekton")
    frames(app, 60)
    app.note("A notice at the top of the table, long enough to take two lines of the stack up there")
    frames(app, 20)
    under, _drawn = phase_lines_under_notices(app, table)
    shoot(app, "toast_over_phase")
    assert under == []
    frames(app, 60 * 7)  # the notice goes; the phase line is back
    under, drawn = phase_lines_under_notices(app, table)
    assert under == [] and drawn > 0
