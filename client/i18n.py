"""The window's language: ``_``, ``ngettext``, ``pgettext`` and ``N_`` for every module
that words something a player reads.

Words are looked up when they are drawn, not when a module is imported, so a change in
Settings shows at once: a module-level constant is marked with ``N_`` (for extraction)
and passed through ``_`` where it is drawn. Sentences are written whole, with ``{fields}``
for names and numbers (``_("{name} wins").format(name=...)``), never glued from pieces:
German orders its words differently. See `netplay.language` for the catalogues.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from netplay import language
from netplay.language import LANGUAGES, PSEUDO, Words

__all__ = ["LANGUAGES", "PSEUDO", "N_", "_", "and_list", "current", "ngettext", "pgettext", "say", "use"]

_words: Words = language.words(language.DEFAULT)


def use(code: str, mark_missing: bool = False) -> Words:
    """Read everything in ``code`` from now on (an unknown code reads English)."""
    global _words
    _words = language.words(language.choose(code), mark_missing)
    return _words


def current() -> Words:
    return _words


def _(message: str) -> str:
    return _words.gettext(message)


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for "mark, do not look up"
    """Mark ``message`` for extraction; it is looked up later, where it is drawn."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    return _words.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    return _words.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    return _words.npgettext(context, singular, plural, count)


def say(message: str, data: Mapping[str, Any] | None = None) -> str:
    """A message that came with data (a refusal off the wire): looked up, then filled."""
    return _words.say(message, data)


def and_list(words) -> str:
    """"A", "A and B", "A, B and C" (in the window's language); every list a player reads
    is made here, so a language words its "and" once."""
    words = [str(word) for word in words]
    if len(words) <= 1:
        return "".join(words)
    # Translators: the end of a list of names or things: "Anna, Ben and Cleo"
    return _words.gettext("{list} and {last}").format(list=", ".join(words[:-1]), last=words[-1])


def number(value: float, digits: int | None = None) -> str:
    return _words.number(value, digits)


def day(when: date | datetime, form: str = "medium") -> str:
    return _words.date(when, form)


def clock(when: datetime, form: str = "short") -> str:
    return _words.time(when, form)
