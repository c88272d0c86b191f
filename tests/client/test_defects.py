"""What a new player tripped over, each pinned by a test that would have caught it:
long names spilling, equal names, a results table off screen, the piece panel's 1-wall
outside it, a screen ahead of its reveal, cut log lines, stale toasts, four bullets of
rules, uneven letter spacing, cuts without transitions."""

import pygame
import pytest

from client.games.die_mauer import art as pieces_art
from client.scenes.howto import HowToScene
from client.scenes.picker import PickerScene
from client.scenes.setup import SetupScene
from client.scenes.title import TitleScene
from client.table.game import Standings
from client.table.pause import PauseScene
from client.table.results import ResultsScene
from client.ui import art
from tests.client.conftest import frames, key, local_table, shoot
from tests.client.drive import act

LONG = ["Maximilianusss", "Bartholomäus X", "Konstantinopel", "Wolfgangamadeu", "Friedrichshain", "Charlottenburg"]
SCREEN = pygame.Rect(0, 0, 1920, 1080)


class Spy(pygame.Surface):
    """A screen that remembers where tagged images (text, pieces) were drawn."""

    def __init__(self, tags: dict):
        super().__init__((1920, 1080))
        self.tags = tags
        self.drawn: list[tuple[str, pygame.Rect]] = []

    def blit(self, source, dest, *args, **kwargs):
        rect = super().blit(source, dest, *args, **kwargs)
        tag = self.tags.get(id(source))
        if tag is not None:
            where = dest.topleft if isinstance(dest, pygame.Rect) else dest
            self.drawn.append((tag, pygame.Rect(where, source.get_size())))
        return rect


@pytest.fixture
def tags(monkeypatch):
    """Tag every text image with its words and every piece image with "piece:<piece>"."""
    found: dict = {}
    keep = []

    def tagging(make, tag):
        def made(*args, **kwargs):
            image = make(*args, **kwargs)
            found[id(image)] = tag(args)
            keep.append(image)
            return image
        return made

    monkeypatch.setattr(art, "text", tagging(art.text, lambda args: args[0]))
    monkeypatch.setattr(pieces_art, "piece_image", tagging(pieces_art.piece_image, lambda args: f"piece:{args[0]}"))
    return found


def drawn(scene, tags) -> list[tuple[str, pygame.Rect]]:
    spy = Spy(tags)
    scene.draw(spy)
    return spy.drawn


def test_long_names_stay_inside_their_seat_and_the_log(make_app, tags):
    app = make_app()
    app.settings.animation = "fast"
    seats = [(LONG[0], "mouse"), (LONG[1], "keys1"), (LONG[2], "keys2")] + [(name, "bot:easy") for name in LONG[3:]]
    table = local_table(app, seats, seed=4, bot_delay=0.05)
    checked = 0
    for step in range(400):
        frames(app, 1, 3 / 60)
        if app.top is not table:
            break
        if step % 5:
            continue
        for words, rect in drawn(table, tags):
            assert SCREEN.contains(rect), words
            for zone in table.layout.seats.values():
                if rect.colliderect(zone):
                    assert zone.contains(rect), f"{words!r} spills out of its seat"
                    checked += 1
            if rect.colliderect(table.layout.log):
                assert table.layout.log.contains(rect), f"{words!r} spills out of the log"
        for seat in table.choosers:
            for choice in table.live[seat]:
                if choice.legal:
                    act(app, table, seat, choice)
                    break
    shoot(app, "defect_long_names")
    assert checked > 100


def test_names_at_a_table_are_made_unique_before_it_starts(make_app):
    app = make_app()
    app.push(TitleScene(app))
    setup = SetupScene(app, "die_mauer")
    app.push(setup)
    setup.seats[1].name = setup.seats[0].name
    assert [plan.name for plan in setup.plans()] == ["Anna", "Anna 2"]


def test_ten_rounds_of_six_long_names_fit_the_results(make_app, tags):
    app = make_app()
    app.push(TitleScene(app))
    standings = Standings("Die Mauer", LONG, art.SEAT_COLOURS, [141, 88, 9, 200, 70, 41], [2], lower_wins=True,
                          columns=[f"Round {r + 1}" for r in range(10)],
                          cells=[[41, 15, 0, 6, 1, 10, 3, 2, 41, 22] for _ in LONG], total_label="Penalty")
    results = ResultsScene(app, standings)
    app.push(results)
    frames(app, 90)
    table = results.table_rect()
    assert SCREEN.contains(table) and table.bottom < results.menu.rects[0].top
    name_width, column, _ = results.columns()
    first_column = table.left + 20 + name_width
    for words, rect in drawn(results, tags):
        assert SCREEN.contains(rect), words
        if any(name[:6] in words for name in LONG) and rect.colliderect(table):
            assert rect.right <= first_column, f"{words!r} runs into the scores"
    shoot(app, "defect_results_ten_rounds")


def test_after_locking_in_the_pieces_and_words_stay_inside_the_piece_panel(make_app, tags):
    app = make_app()
    table = local_table(app, [("Anna", "keys1"), ("Bot", "bot:easy"), ("Cleo", "bot:easy")], seed=2, bot_delay=30)
    frames(app, 3)
    act(app, table, 0, next(c for c in table.live[0] if c.action["piece"] == "T"))
    frames(app, 5)
    assert 0 in table.model.view["plans"]["locked"] and not table.live[0]
    panel = table.game.private_rect(0, 0)
    inside = panel.inflate(-8, -8)
    shown = [(tag, rect) for tag, rect in drawn(table, tags) if rect.colliderect(panel)]
    stock = [tag for tag, _ in shown if tag.startswith("piece:")]
    assert sorted(stock) == sorted(f"piece:{p}" for p in "TG64321")  # the whole stock, the 1-wall too
    for tag, rect in shown:
        assert inside.contains(rect), f"{tag} crosses the panel's border"
    words = [rect for tag, rect in shown if not tag.startswith("piece:")]
    for a in words:
        for b in words:
            assert a is b or not a.colliderect(b), "two lines of the panel overlap"
    shoot(app, "defect_locked_panel")
    # a refusal's whole reason fits the panel beside the choices, over them nowhere
    table.choosers[0].private_note = "Refused: the Tower may not go at the right end (building order §2, DM-3)"
    table.model.pending[0] = None
    table.model.legal[0] = [{"type": "plan", "piece": p} for p in "TG64321"] + [{"type": "plan", "piece": None}]
    table.refresh()
    panel = table.game.private_rect(0, len(table.live[0]))
    inside = panel.inflate(-8, -8)
    shown = [(tag, rect) for tag, rect in drawn(table, tags) if rect.colliderect(panel)]
    lines = [(tag, rect) for tag, rect in shown if not tag.startswith("piece:") and rect.top < panel.top + 90]
    assert "the right end (building order §2, DM-3)" in " ".join(tag for tag, _ in lines)
    for tag, rect in lines:
        assert inside.contains(rect)
        assert not any(rect.colliderect(choice.rect) for choice in table.live[0]), tag
    shoot(app, "defect_refusal_in_panel")


def test_the_reveal_is_seen_before_the_next_turn_is_shown(make_app):
    app = make_app()
    table = local_table(app, [("Anna", "keys1"), ("Ben", "bot:hard"), ("Cleo", "bot:hard"), ("Dan", "bot:hard")],
                        seed=9, bot_delay=0.2)
    frames(app, 30)  # the bots lock in
    act(app, table, 0, table.live[0][0])
    frames(app, 2)
    assert table.game.revealing()
    assert table.model.view["turn"] == 1 and table.game.status_text().endswith("Turn 1")
    frames(app, 60)  # a second into the reveal the bots have already chosen for turn 2...
    assert table.hosting.host.state.turn == 2 and table.hosting.host.state.plans.locked.count(True) == 3
    assert table.game.revealing() and table.model.view["turn"] == 1  # ...but the screen still shows turn 1
    shoot(app, "defect_reveal_first")
    log = list(table.model.log)
    assert not any("locked in" in line for line in log[log.index(next(x for x in log if x.startswith("Reveal"))):])
    for _ in range(400):
        frames(app, 1)
        if not table.pacer.busy():
            break
    assert not table.game.revealing() and table.model.view["turn"] == 2
    assert table.game.status_text().endswith("Turn 2")


def test_the_log_says_who_builds_in_good_grammar():
    from client.games.die_mauer.words import outcome_text

    names = ["Anna", "Ben", "Clara"].__getitem__
    assert outcome_text({"case": "competitors_build", "builders": [1]}, names) == "Guessed right: Ben builds"
    assert outcome_text({"case": "competitors_build", "builders": [1, 2]}, names) == \
        "Guessed right: Ben and Clara build"
    assert outcome_text({"case": "master_builds", "builders": [0]}, names) == "Nobody guessed: Anna builds"


def test_log_lines_wrap_and_nothing_is_cut(make_app, tags):
    app = make_app()
    table = local_table(app, [(name, "bot:easy") for name in LONG], seed=1, bot_delay=30)
    frames(app, 2)
    entry = "Reveal: " + ", ".join(f"{name} 6-wall" for name in LONG)
    table.model.add_log(entry)
    lines = [(words, rect) for words, rect in drawn(table, tags) if rect.colliderect(table.layout.log)]
    text = " ".join(words for words, _ in lines if words != "What happened")
    assert text.endswith(entry) and art.ELLIPSIS not in text and "..." not in text
    assert all(table.layout.log.contains(rect) for _, rect in lines)
    assert sum(1 for words, _ in lines if words != "What happened") >= 3  # wrapped, not cut


def test_the_whole_log_stays_readable_from_the_pause_menu(make_app):
    from client.table.logview import LogScene

    app = make_app()
    table = local_table(app, [("Anna", "keys1"), ("Ben", "bot:easy")], seed=1, bot_delay=30)
    for i in range(60):
        table.model.add_log(f"Line {i}: " + ", ".join(LONG * 2))
    key("escape")
    frames(app, 1)
    key("down")
    key("down")
    key("return")  # "What happened so far"
    frames(app, 2)
    log = app.top
    assert isinstance(log, LogScene) and len(log.lines) >= 120  # every entry, wrapped
    shoot(app, "defect_whole_log")
    for _ in range(200):
        key("w")  # keys1 up: back to the first line
    frames(app, 2)
    assert log.top == 0 and log.lines[0].startswith("Line 0")


def test_a_fixed_problem_takes_its_toast_with_it(make_app):
    app = make_app()
    app.push(TitleScene(app))
    setup = SetupScene(app, "die_mauer")
    app.push(setup)
    setup.seats[1].control = "mouse"  # two seats share the mouse
    setup.start()
    assert any("share one device" in toast.words for toast in app.toasts.toasts)
    assert app.top is setup
    setup._cycle(1, 1)  # Ben gets another device
    assert not any("share one device" in toast.words for toast in app.toasts.toasts)
    setup.seats[1].control = "mouse"
    setup.start()
    setup.seats[1].control = "bot:easy"
    setup.start()  # started anyway after a fix the set-up did not see: the toast stays behind
    frames(app, 2)
    assert app.top is not setup
    assert not app.toasts.visible(app.drawn_scenes())
    shoot(app, "defect_no_stale_toast")


def test_how_to_play_is_reachable_from_the_picker_and_from_pause(make_app):
    app = make_app()
    app.push(TitleScene(app))
    picker = PickerScene(app)
    app.push(picker)
    picker.menu.focus = len(picker.games)  # "How to play ..."
    picker.menu.activate()
    assert isinstance(app.top, HowToScene) and app.top.info.id == picker.games[0].id
    key("escape")
    frames(app, 2)
    table = local_table(app, [("Anna", "keys1"), ("Ben", "bot:easy")], seed=1)
    key("escape")
    frames(app, 2)
    assert isinstance(app.top, PauseScene)
    key("down")
    key("return")
    frames(app, 2)
    assert isinstance(app.top, HowToScene) and app.top.info.id == table.info.id
    assert len(app.top.pages) >= 5  # more than four bullets: every rule a first game meets
    text = " ".join(" ".join(page.text) for page in app.top.pages).lower()
    for rule in ("empty fist", "donation", "tower", "gate", "master builder", "penalty", "peek"):
        assert rule in text


def test_text_is_set_in_inter_with_kerning(make_app):
    make_app()
    assert "Inter" in art.font(40).name
    for pair in ("AV", "To", "Wa"):
        assert art.text_width(pair, 60) < art.text_width(pair[0], 60) + art.text_width(pair[1], 60)
    assert (art.FONT_DIR / "OFL.txt").read_text().count("SIL OPEN FONT LICENSE") >= 1


def test_scenes_fade_into_each_other_unless_animations_are_instant(make_app):
    app = make_app()
    app.push(TitleScene(app))
    frames(app, 2)
    app.flow.picker()
    assert app.fade is not None
    frames(app, 30)
    assert app.fade is None
    app.settings.animation = "instant"
    app.flow.settings()
    assert app.fade is None


def test_at_instant_speed_a_table_never_dwells(make_app):
    app = make_app()
    app.settings.animation = "instant"
    table = local_table(app, [("Ada", "bot:easy"), ("Bo", "bot:easy"), ("Cy", "bot:easy")], seed=3, bot_delay=0.05)
    for _ in range(600):
        frames(app, 1)
        if app.top is not table:
            break
        assert table.pacer.wait <= 0 and not table.anim.tweens.running() and not table.anim.moments.busy()
    assert isinstance(app.top, ResultsScene)


def test_a_long_session_of_log_lines_keeps_rendered_words_within_their_byte_budget(monkeypatch):
    """A night of play writes thousands of distinct log lines; their images must not pile up."""
    pygame.font.init()
    monkeypatch.setattr(art.text, "budget", 2 * 1024 * 1024)
    art.text.cache_clear()
    first = art.text("Turn 1: Anna places a wall", 28)
    for turn in range(2, 3000):
        art.text(f"Turn {turn}: Anna places a wall of {turn % 7} and a gate", 28)
    assert art.text.bytes <= art.text.budget
    assert 10 < len(art.text.images) < 3000
    recent = art.text("Turn 2999: Anna places a wall of 3 and a gate", 28)
    assert art.text("Turn 2999: Anna places a wall of 3 and a gate", 28) is recent  # still served from memory
    assert art.text("Turn 1: Anna places a wall", 28) is not first  # the oldest was let go and drawn again
    art.text.cache_clear()
