"""Errors raised by engines. Every rule violation is an IllegalAction."""

from collections.abc import Mapping
from typing import Any


def N_(message: str) -> str:  # noqa: N802 - gettext's name for "mark for extraction"
    """Mark an English message id for the catalogues; the reader's client looks it up."""
    return message


class WordedError(ValueError):
    """An error whose sentence a reader words in its own language: ``template`` is an
    English message id marked with `N_`, with ``{fields}`` that ``data`` fills (numbers,
    names, codes; never English words glued in: a sentence per case instead), and
    ``message`` (``str(error)``) is it filled in English."""

    def __init__(self, template: str, data: Mapping[str, Any] | None = None):
        self.template = template
        self.data: dict[str, Any] = dict(data or {})
        try:
            message = template.format(**self.data) if self.data else template
        except (KeyError, IndexError, ValueError):
            message = template
        super().__init__(message)
        self.message = message


class IllegalAction(WordedError):
    """An action the rules do not allow right now.

    ``code`` is a stable machine-readable reason (``"not_your_turn"``); the sentence is a
    template and data (`WordedError`). The host sends code, template and data, and each
    viewer's client words them in its own language. The state is unchanged when this is
    raised.
    """

    def __init__(self, code: str, template: str, data: Mapping[str, Any] | None = None):
        self.code = code
        super().__init__(template, data)

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"


class SetupError(WordedError):
    """A game cannot be created or restored: unknown game, bad options, corrupt save. Its
    sentence is a template and data (`WordedError`) where it was raised with them."""


def shown(value: object) -> str:
    """A short, safe rendering of untrusted input for an error message: never huge, never
    recursive (a 5000-digit int or a deeply nested list must not break the error itself)."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int) and -10**12 < value < 10**12:
        return repr(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str) and len(value) <= 40:
        return repr(value)
    return f"a {type(value).__name__}"
