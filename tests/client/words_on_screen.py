"""What a player reads, checked: every line drawn while a block runs, in a chosen language.

    with reading("de") as screen:      # German, words the catalogue lacks marked ⟦ ⟧
        ...play...
    assert screen.untranslated() == []
    assert screen.overflowing() == []

    with reading("pseudo") as screen:  # every looked-up word accented and 40% longer
        ...
    assert screen.english(allowed=names) == []   # drawn words that never went through _()
    assert screen.overflowing() == []             # and none spills out of its box or is cut

All text goes through `client.ui.art.text`; `client.ui.art.blit_text` also reports where each line
went (`art.watch`), so a line is checked against the surface it is drawn on (its box) and
the width it was fitted to, and against the other lines drawn on that surface in the same
frame (`overlapping`: two lines drawn over each other are both unreadable). A frame is one
`App.draw`; a test that draws scenes itself marks frames with `Screen.new_frame`. A scene
drawn over another (a menu over the table) covers it: lines are compared within one
scene, and the toasts with the top scene's lines.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial

import pygame

from client import i18n
from client.ui import art
from netplay.language import MISSING_OPEN

# Words that read the same in every language: the games' and the arcade's names, key
# caps, pad buttons and brands, units. A drawn line may hold these without a lookup.
SAME_EVERYWHERE = {
    "Spielabend", "Die", "Mauer", "Wie", "Waldi", "Architekton", "Wild", "West", "Drunter",
    "Drüber", "WASD", "Esc", "Shift", "Enter", "Space", "Backspace", "Tab", "F11", "Xbox",
    "PlayStation", "DualSense", "DualShock", "Switch", "Pro", "Joy", "Con", "LB", "RB", "L1",
    "R1", "LT", "RT", "L2", "R2", "ZL", "ZR", "Start", "Options", "Select", "Back", "Guide",
    "OK", "ms", "px", "LAN", "TCP", "IP", "QR", "URL", "http", "https", "www", "Inter",
    "Schilda", "Elo",
}
WORD = re.compile(r"[^\W\d_]+")  # a run of letters, accented ones included ("Drüber" is one word)
ELLIPSIS = art.ELLIPSIS


def _on_root(line: art.DrawnText) -> tuple[pygame.Surface | None, pygame.Rect]:
    """The surface a line is really on (a subsurface's parent) and its rect there."""
    surface = line.surface() if line.surface is not None else None
    if surface is None:
        return None, line.rect
    root = surface.get_abs_parent()
    return root, line.rect.move(surface.get_abs_offset())


def _ink(image: pygame.Surface | None, size: tuple[int, int]) -> bytes | None:
    """A line's glyphs as alpha bytes (RGBA), if its image is the size it was drawn at."""
    return pygame.image.tobytes(image, "RGBA") if image is not None and image.get_size() == size else None


def _covered(root: pygame.Surface, rect: pygame.Rect, picture: pygame.Surface, ink: bytes | None,
             later: pygame.Rect, later_ink: bytes | None) -> bool:
    """Whether the line drawn at ``rect`` (``picture``: that place just after, ``ink``: its
    glyphs) has since been covered (a panel, a menu over it): most of its glyph pixels that
    the later line's own glyphs left alone no longer look the same."""
    seen = rect.clip(root.get_rect())
    if seen.width <= 0 or seen.height <= 0:
        return False
    now = pygame.image.tobytes(root.subsurface(seen), "RGB")
    then = pygame.image.tobytes(picture.subsurface(seen.move(-rect.left, -rect.top)), "RGB")
    compared = changed = 0
    for y in range(seen.height):
        for x in range(seen.width):
            ex, ey = seen.left + x - rect.left, seen.top + y - rect.top
            if ink is not None and not ink[(ey * rect.width + ex) * 4 + 3]:
                continue  # not a glyph of the earlier line
            lx, ly = seen.left + x - later.left, seen.top + y - later.top
            if later_ink is not None and 0 <= lx < later.width and 0 <= ly < later.height and \
                    later_ink[(ly * later.width + lx) * 4 + 3]:
                continue  # the later line's own ink
            at = (y * seen.width + x) * 3
            compared += 1
            changed += now[at:at + 3] != then[at:at + 3]
    return compared > 0 and changed / compared > 0.5


def _over_each_other(first: pygame.Rect, second: pygame.Rect) -> bool:
    """Whether two lines' boxes share more than their blank margins: glyph boxes carry some
    room above and below, so neighbouring lines of a paragraph may touch."""
    common = first.clip(second)
    least = min(first.height, second.height)
    return common.width > 4 and common.height > max(3, least // 3)


@dataclass
class Screen:
    texts: list[str] = field(default_factory=list)  # every line, as drawn
    lines: list[art.DrawnText] = field(default_factory=list)  # those drawn with blit_text
    overlaps: set[str] = field(default_factory=set)  # two lines drawn over each other (`overlapping`)
    layer: int = 0  # which scene of the frame is drawing (a scene drawn over another covers it)
    last_image: pygame.Surface | None = None  # the words last set (what blit_text is about to draw)
    # this frame's lines so far: (layer, line, rect on its root surface, the picture there just after,
    # its glyphs)
    frame_lines: list[tuple[int, art.DrawnText, pygame.Rect, pygame.Surface, bytes | None]] = field(
        default_factory=list)

    def new_frame(self) -> None:
        """What is drawn from now on is a new picture: earlier lines are gone."""
        self.frame_lines.clear()
        self.layer = 0

    def saw(self, line: art.DrawnText) -> None:
        self.lines.append(line)
        root, rect = _on_root(line)
        if root is None or not line.shown.strip():
            return
        for layer, earlier, where, picture, ink in self.frame_lines:
            if layer != self.layer or _on_root(earlier)[0] is not root:
                continue
            if earlier.shown == line.shown and abs(where.x - rect.x) <= 8 and abs(where.y - rect.y) <= 8:
                continue  # the same words again in place (a shadow, a redraw)
            if _over_each_other(where, rect) and not _covered(root, where, picture, ink, rect,
                                                              _ink(self.last_image, rect.size)):
                self.overlaps.add(f"overlap: {earlier.shown!r} at {tuple(where)} and {line.shown!r} at {tuple(rect)}")
        seen = rect.clip(root.get_rect())
        if seen.width > 0 and seen.height > 0:
            picture = pygame.Surface(rect.size)
            picture.blit(root, (seen.left - rect.left, seen.top - rect.top), seen)
            self.frame_lines.append((self.layer, line, rect, picture, _ink(self.last_image, rect.size)))

    def overlapping(self) -> list[str]:
        """Pairs of lines drawn over each other on one surface in one frame."""
        return sorted(self.overlaps)

    def untranslated(self) -> list[str]:
        """Lines holding a message the catalogue lacks (marked ⟦ ⟧)."""
        return sorted({text for text in self.texts if MISSING_OPEN in text})

    def english(self, allowed=()) -> list[str]:
        """In the pseudo-language: lines with a plain ASCII word that is not a name or one
        of `SAME_EVERYWHERE`: words drawn without a lookup."""
        keep = set(SAME_EVERYWHERE)
        for name in allowed:
            keep.update(WORD.findall(name))
        return sorted({text for text in self.texts if any(
            word not in keep and word.isascii() and len(word) >= 3 for word in WORD.findall(text))})

    def overflowing(self, names=(), slack: int = 2) -> list[str]:
        """Lines that spill out of the surface they are drawn on, go past the width they
        were fitted to, were cut with an ellipsis although they are not a name, or are
        drawn over another line (`overlapping`)."""
        found = set(self.overlaps)
        for line in self.lines:
            box = line.bounds.inflate(2 * slack, 2 * slack)
            what = f"{line.shown!r} at {tuple(line.rect)} in {tuple(line.bounds)}"
            if line.rect.width and not box.contains(line.rect):
                found.add(f"spills: {what}")
            elif line.width is not None and line.rect.width > line.width + slack:
                found.add(f"wider than its {line.width} px: {what}")
            elif line.shown != line.words and line.words not in names:
                found.add(f"cut: {line.words!r} shown as {what}")
        return sorted(found)


@contextmanager
def reading(code: str, mark_missing: bool = True):
    """The window reads ``code`` while the block runs (back to English after), and every
    line drawn is recorded in the yielded `Screen`."""
    screen = Screen()
    original = art.text

    def recording(words, size, *rest, **named):
        screen.texts.append(words)
        screen.last_image = original(words, size, *rest, **named)
        return screen.last_image

    art.text = recording
    stop = art.watch(screen.saw)
    i18n.use(code, mark_missing=mark_missing)
    from client.app import App

    app_draw = App.draw

    def layered(scene, index: int, draw, surface) -> None:
        screen.layer = index
        draw(surface)

    def draw(app) -> None:  # one frame; each scene on screen a layer of its own
        screen.new_frame()
        scenes = app.drawn_scenes()
        for index, scene in enumerate(scenes):
            scene.draw = partial(layered, scene, index, scene.draw)
        try:
            app_draw(app)
        finally:
            for scene in scenes:
                vars(scene).pop("draw", None)
        screen.new_frame()

    App.draw = draw
    try:
        yield screen
    finally:
        App.draw = app_draw
        i18n.use("en")
        stop()
        art.text = original
