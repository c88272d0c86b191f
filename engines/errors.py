"""Errors raised by engines. Every rule violation is an IllegalAction."""


class IllegalAction(ValueError):
    """An action the rules do not allow right now.

    ``code`` is a stable machine-readable reason (``"not_your_turn"``); ``message`` is
    a sentence a player would understand. The state is unchanged when this is raised.
    """

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"


class SetupError(ValueError):
    """A game cannot be created or restored: unknown game, bad options, corrupt save."""


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
