"""Every piece of text drawn while a block runs, as (words, size) pairs: all text goes
through `client.ui.art.text`, so wrapping it sees what a player reads."""

from contextlib import contextmanager

from client.ui import art


@contextmanager
def drawn_text():
    seen: list[tuple[str, int]] = []
    original = art.text

    def recording(words, size, *rest, **named):
        seen.append((words, size))
        return original(words, size, *rest, **named)

    art.text = recording
    try:
        yield seen
    finally:
        art.text = original
