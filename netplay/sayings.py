"""What the host tells people in words, so that each reader words it in its own language.

A refusal, a reject or a bye carries a stable ``code`` for programs, ``reason`` (the
sentence in English, filled, for older peers, logs and tests), and, from protocol 5,
``say`` (the English template: a catalogue message id, marked with `N_`) and ``data`` (the
plain values its ``{fields}`` are filled with: numbers, seats, codes; never English
words). A reader words it with `worded` (or `netplay.language.Words.say`) in its own
language; a message without ``say`` (an older host) is shown as its ``reason``.

A reject of a race lost by under 50 ms also carries ``data.by_ms`` (int; 0: under 1 ms),
and its English reason ends ``(by 12 ms)``; `worded` adds that in the reader's language.
"""

from collections.abc import Mapping
from typing import Any

from engines.errors import N_

from .language import Words, fill

Message = dict[str, Any]

PLAYER_NAME = N_("Player {n}")  # a seat nobody named: sent in English, worded by each reader
BY_MS = N_("{reason} (by {ms} ms)")
BY_UNDER_1_MS = N_("{reason} (by under 1 ms)")
# The game night ends: a table parked for Next game closes with this (`ServerHandle.close`).
GROUP_ENDED = N_("the host ended the group: there is no next game")


def whole(value: float) -> int | float:
    """A number of seconds as data: an int where it is whole (``10``, not ``10.0``)."""
    return int(value) if float(value).is_integer() else value


def default_name(seat: int, words: Words | None = None) -> str:
    """The name of seat ``seat`` (from 0) that nobody named: in English as the host sends
    it, or with ``words`` in that reader's language."""
    return words.say(PLAYER_NAME, {"n": seat + 1}) if words is not None else fill(PLAYER_NAME, {"n": seat + 1})


def seat_name(name: Any, seat: int, words: Words) -> Any:
    """``name``, sent for seat ``seat``, as a reader in ``words`` reads it: the host's
    default name in the reader's language, any name a person chose as it is."""
    return default_name(seat, words) if name == default_name(seat) else name


def said(template: str, data: Mapping[str, Any] | None = None, reason: str | None = None) -> Message:
    """The fields ``reason``, ``say`` and ``data`` of a message that words ``template``
    filled with ``data`` (``reason``: the English sentence, if it says more than the
    template, e.g. a detail in English for the log)."""
    values = dict(data or {})
    return {"reason": fill(template, values) if reason is None else reason, "say": template, "data": values}


def reject(seq: int, code: str, template: str, data: Mapping[str, Any] | None = None,
           reason: str | None = None) -> Message:
    return {"t": "reject", "seq": seq, "code": code, **said(template, data, reason)}


def refuse(code: str, template: str, data: Mapping[str, Any] | None = None, reason: str | None = None) -> Message:
    return {"t": "refuse", "code": code, **said(template, data, reason)}


def bye(template: str, data: Mapping[str, Any] | None = None, reason: str | None = None) -> Message:
    return {"t": "bye", **said(template, data, reason)}


def worded(message: Mapping[str, Any], words: Words) -> str:
    """A reject's, refuse's or bye's sentence in ``words``' language: its ``say`` filled
    with its ``data``; without ``say``, its ``reason`` (looked up: it may be a message id)."""
    say, data = message.get("say"), message.get("data")
    if not isinstance(data, Mapping):
        data = {}
    if isinstance(say, str) and say:
        text = words.say(say, data)
    else:
        reason = message.get("reason")
        return words.gettext(reason) if isinstance(reason, str) else ""
    by = data.get("by_ms")
    if isinstance(by, int) and not isinstance(by, bool):
        text = words.say(BY_MS if by else BY_UNDER_1_MS, {"reason": text, "ms": by})
    return text
