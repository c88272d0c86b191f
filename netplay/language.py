"""Languages: the catalogues that word everything a player reads, and who reads which.

Every sentence a player reads is an English message id in the code, marked for Babel's
extraction (`_`, `ngettext`, `pgettext`, `N_`), and looked up in the reader's language at
the moment it is shown. The catalogues are gettext `.po` files, one per domain (a game, the
menus, the table, the network), in ``assets/locale/<language>/LC_MESSAGES/``;
`tools/catalogues.py` extracts, updates, checks and compiles them, and the install
(``make``) compiles them to `.mo`. Where a `.mo` is missing or older than its `.po` (a
source checkout that was never compiled), the `.po` is compiled here in memory instead,
so the words are never silently English.

A `Words` is one reader's language. The client keeps one for its window (`client.i18n`);
the host words each phone in the phone's own language. Besides English (``en``) and
German (``de``) there is a pseudo-language (``pseudo``) for layout tests: every string
accented and padded by 40%, so a box that holds it holds German too.

Nothing here draws or touches the network: it is shared by the client and the host.
"""

from __future__ import annotations

import gettext
import io
import locale
import os
import re
from collections.abc import Mapping
from datetime import date, datetime, time
from functools import lru_cache
from importlib import resources
from typing import Any

LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}
"""The languages a player can choose, each named in its own language."""
PSEUDO = "pseudo"
"""The layout-test language: English accented and padded by 40%."""
DEFAULT = "en"

MISSING_OPEN, MISSING_CLOSE = "\u27e6", "\u27e7"
"""A catalogue built with ``mark_missing`` wraps a message it lacks in ⟦ ⟧ (tests)."""

_BABEL_LOCALES = {"en": "en_GB", "de": "de_DE", PSEUDO: "en_GB"}


def _locale_dir() -> Any:
    return resources.files("spielabend_assets") / "locale"


def _domains(language: str) -> dict[str, tuple[bytes | None, bytes | None]]:
    """Each domain's compiled and source catalogue for ``language`` (either may be None)."""
    folder = _locale_dir() / language / "LC_MESSAGES"
    found: dict[str, tuple[bytes | None, bytes | None]] = {}
    if not folder.is_dir():
        return found
    entries = {entry.name: entry for entry in folder.iterdir()}
    for name in sorted(entries):
        stem, _, suffix = name.rpartition(".")
        if suffix not in ("po", "mo") or stem in found:
            continue
        mo, po = entries.get(f"{stem}.mo"), entries.get(f"{stem}.po")
        found[stem] = (_fresh_mo(mo, po), po.read_bytes() if po is not None else None)
    return found


def _fresh_mo(mo: Any, po: Any) -> bytes | None:
    """The compiled catalogue, unless its source is newer (an edited, uncompiled `.po`)."""
    if mo is None:
        return None
    try:
        if po is not None and os.path.getmtime(str(po)) > os.path.getmtime(str(mo)):
            return None
    except OSError:  # not a plain file (a zipped install): trust what was shipped
        pass
    data: bytes = mo.read_bytes()
    return data


def compile_po(source: bytes) -> bytes:
    """A `.po` file's bytes compiled to `.mo` bytes (fuzzy entries left out, as gettext does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(source))
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


class _Catalogue(gettext.GNUTranslations):
    """gettext's catalogue, with every domain of a language merged into one lookup."""

    def merge(self, other: gettext.GNUTranslations) -> None:
        self._catalog.update(other._catalog)  # type: ignore[attr-defined]


@lru_cache(maxsize=8)
def _catalogue(language: str) -> gettext.NullTranslations:
    merged: _Catalogue | None = None
    for _domain, (mo, po) in _domains(language).items():
        data = mo if mo is not None else compile_po(po) if po is not None else None
        if data is None:
            continue
        part = _Catalogue(io.BytesIO(data))
        if merged is None:
            merged = part
        else:
            merged.merge(part)
    return merged if merged is not None else gettext.NullTranslations()


_PLACEHOLDER = re.compile(r"(\{[^{}]*\}|%\([a-z_]+\)[sd]|%[sd])")
_ACCENTED = dict(zip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                     "åƀçđéƒĝĥîĵķĺɱñöþǫŕŝţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĹḾÑÖÞǪŔŜŢÛṼŴẊÝŽ", strict=True))
_PADDING = "ëñţåîöû"


def pseudo(message: str) -> str:
    """``message`` in the pseudo-language: letters accented, placeholders kept, and padded
    with accented letters by 40% of its length (German runs 30-40% longer than English)."""
    if not message:
        return message
    parts = _PLACEHOLDER.split(message)
    shown = "".join(part if _PLACEHOLDER.fullmatch(part) else
                    "".join(_ACCENTED.get(char, char) for char in part) for part in parts)
    letters = sum(len(part) for part in parts if not _PLACEHOLDER.fullmatch(part))
    extra = (letters * 2 + 4) // 5
    pad = (_PADDING * (extra // len(_PADDING) + 1))[:extra]
    return f"{shown} {pad}" if extra else shown


def _is_message(text: Any) -> bool:
    return isinstance(text, str) and text != ""


class Words:
    """One reader's language: lookups and Babel's number and date formats.

    ``mark_missing`` (tests only) wraps a message the catalogue lacks in ⟦ ⟧, so a screen
    rendered with it shows at once which words would have stayed English.
    """

    def __init__(self, code: str, mark_missing: bool = False):
        self.code = code if code in LANGUAGES or code == PSEUDO else DEFAULT
        self.mark_missing = mark_missing and self.code not in (DEFAULT, PSEUDO)
        self._catalogue = _catalogue(self.code) if self.code not in (DEFAULT, PSEUDO) else None
        self.babel_locale = _BABEL_LOCALES[self.code]

    def __repr__(self) -> str:
        return f"Words({self.code!r})"

    # -- lookups -------------------------------------------------------------------------
    def _lookup(self, context: str | None, message: str) -> str:
        if self.code == PSEUDO:
            return pseudo(message)
        if self._catalogue is None or not _is_message(message):
            return message
        key = f"{context}\x04{message}" if context else message
        found = self._catalogue._catalog.get(key)  # type: ignore[attr-defined]
        if isinstance(found, str) and found:
            return found
        return f"{MISSING_OPEN}{message}{MISSING_CLOSE}" if self.mark_missing else message

    def gettext(self, message: str) -> str:
        return self._lookup(None, message)

    def pgettext(self, context: str, message: str) -> str:
        return self._lookup(context, message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.npgettext(None, singular, plural, count)

    def npgettext(self, context: str | None, singular: str, plural: str, count: int) -> str:
        english = singular if count == 1 else plural
        if self.code == PSEUDO:
            return pseudo(english)
        if self._catalogue is None:
            return english
        key = f"{context}\x04{singular}" if context else singular
        catalog = self._catalogue._catalog  # type: ignore[attr-defined]
        index = self._catalogue.plural(count)  # type: ignore[attr-defined]
        found = catalog.get((key, index))
        if isinstance(found, str) and found:
            return found
        return f"{MISSING_OPEN}{english}{MISSING_CLOSE}" if self.mark_missing else english

    def has(self, message: str, context: str | None = None) -> bool:
        """Whether the catalogue words ``message`` (English and pseudo word everything)."""
        if self._catalogue is None:
            return True
        key = f"{context}\x04{message}" if context else message
        catalog = self._catalogue._catalog  # type: ignore[attr-defined]
        return bool(catalog.get(key) or catalog.get((key, 0)))

    def say(self, message: str, data: Mapping[str, Any] | None = None) -> str:
        """``message`` looked up, then its ``{fields}`` filled from ``data``. A field the
        data lacks stays as it is written rather than raising (a newer host's message)."""
        return fill(self.gettext(message), data or {})

    # -- Babel's formats -----------------------------------------------------------------
    def number(self, value: float, digits: int | None = None) -> str:
        from babel.numbers import format_decimal

        if digits is not None:
            pattern = "#,##0" + ("." + "0" * digits if digits else "")
            return str(format_decimal(value, format=pattern, locale=self.babel_locale))
        return str(format_decimal(value, locale=self.babel_locale))

    def percent(self, fraction: float) -> str:
        from babel.numbers import format_percent

        return str(format_percent(fraction, locale=self.babel_locale))

    def date(self, when: date | datetime, form: str = "medium") -> str:
        from babel.dates import format_date

        return str(format_date(when, format=form, locale=self.babel_locale))

    def time(self, when: time | datetime, form: str = "short") -> str:
        from babel.dates import format_time

        return str(format_time(when, format=form, locale=self.babel_locale))

    def datetime(self, when: datetime, form: str = "medium") -> str:
        from babel.dates import format_datetime

        return str(format_datetime(when, format=form, locale=self.babel_locale))


class _Blanks(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill(template: str, data: Mapping[str, Any]) -> str:
    """``template``'s ``{fields}`` filled from ``data``; an unknown field is left as written
    and a malformed template is shown as it is, never raised (it may come off the wire)."""
    try:
        return template.format_map(_Blanks(data))
    except (ValueError, IndexError, AttributeError, TypeError, KeyError):
        return template


@lru_cache(maxsize=16)
def words(code: str, mark_missing: bool = False) -> Words:
    """The shared `Words` for ``code`` (an unknown code reads English)."""
    return Words(code, mark_missing)


def choose(requested: str | None) -> str:
    """``requested`` if it is a language we speak (``de``, ``de-AT``, ``de_DE.UTF-8``), or
    the default. ``pseudo`` is kept: tests and translators ask for it."""
    if not requested or not isinstance(requested, str):
        return DEFAULT
    if requested == PSEUDO:
        return PSEUDO
    base = re.split(r"[-_.@]", requested.strip().lower(), maxsplit=1)[0]
    return base if base in LANGUAGES else DEFAULT


def negotiate(accept_language: str | None) -> str | None:
    """The language we speak that an HTTP ``Accept-Language`` header prefers most, or None
    when it names none of ours (the caller then uses the table's)."""
    if not accept_language or not isinstance(accept_language, str):
        return None
    ranked: list[tuple[float, int, str]] = []
    for order, item in enumerate(accept_language[:500].split(",")):
        name, _, params = item.strip().partition(";")
        weight = 1.0
        match = re.search(r"q\s*=\s*([0-9.]+)", params)
        if match:
            try:
                weight = float(match.group(1))
            except ValueError:
                weight = 0.0
        code = re.split(r"[-_]", name.strip().lower(), maxsplit=1)[0]
        if code in LANGUAGES and weight > 0:
            ranked.append((-weight, order, code))
    return min(ranked)[2] if ranked else None


def from_system(environ: Mapping[str, str] | None = None) -> str:
    """The operating system's language, as gettext reads it (``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``), else the locale module's; the default if we do not speak it."""
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable)
        if value:
            for candidate in value.split(":"):
                if choose(candidate) != DEFAULT or candidate.lower().startswith("en"):
                    return choose(candidate)
            return DEFAULT
    try:
        found = locale.getlocale(locale.LC_MESSAGES)[0]
    except (ValueError, AttributeError):
        found = None
    return choose(found)
