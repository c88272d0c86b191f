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
the width it was fitted to.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field

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


@dataclass
class Screen:
    texts: list[str] = field(default_factory=list)  # every line, as drawn
    lines: list[art.DrawnText] = field(default_factory=list)  # those drawn with blit_text

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
        were fitted to, or were cut with an ellipsis although they are not a name."""
        found = set()
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
        return original(words, size, *rest, **named)

    art.text = recording
    stop = art.watch(screen.lines.append)
    i18n.use(code, mark_missing=mark_missing)
    try:
        yield screen
    finally:
        i18n.use("en")
        stop()
        art.text = original
