"""Languages (`netplay.language`, `client.i18n`): the catalogues a player reads, the
pseudo-language of the layout tests, and how a language is chosen."""

import datetime
import importlib.util
import json
import sys
from pathlib import Path

import pytest

from client import i18n
from client.settings import Settings
from netplay import language
from netplay.language import Words, fill, from_system, negotiate, pseudo

ROOT = Path(__file__).resolve().parents[1]


def _catalogues():
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogues"] = module
    spec.loader.exec_module(module)
    return module


def test_the_german_catalogue_words_every_message_the_code_marks():
    """Complete: every marked message of every room is translated, none fuzzy, and no
    translation loses or invents a {field}."""
    found = _catalogues().problems("de")
    assert found == [], f"{len(found)} problems, first: {json.dumps(found[:15], ensure_ascii=False, indent=1)}"


def test_german_reads_german_and_english_reads_the_code():
    assert Words("de").gettext("Language: {name}") == "Sprache: {name}"
    assert Words("en").gettext("Language: {name}") == "Language: {name}"
    assert Words("xx").code == "en"  # an unknown language reads English


def test_a_source_catalogue_never_compiled_is_read_all_the_same(tmp_path):
    po = (ROOT / "assets/locale/de/LC_MESSAGES/menus.po").read_bytes()
    mo = language.compile_po(po)
    import gettext
    import io

    assert gettext.GNUTranslations(io.BytesIO(mo)).gettext("Language: {name}") == "Sprache: {name}"


def test_a_missing_message_is_marked_only_when_asked():
    assert Words("de").gettext("No such message anywhere") == "No such message anywhere"
    assert Words("de", mark_missing=True).gettext("No such message anywhere") == "\u27e6No such message anywhere\u27e7"
    assert Words("de", mark_missing=True).ngettext("a dog", "{n} dogs", 3) == "\u27e6{n} dogs\u27e7"


def test_pseudo_is_accented_padded_by_forty_percent_and_keeps_its_fields():
    text = pseudo("Anna builds the Tower at the {end} end")
    assert "{end}" in text
    assert not any("a" <= char <= "z" for char in text.replace("{end}", ""))
    letters = len("Anna builds the Tower at the  end")
    assert len(text) - len("{end}") >= letters * 1.4
    assert Words("pseudo").ngettext("one card", "{n} cards", 4).startswith("{n} ")


def test_numbers_and_dates_follow_the_language():
    when = datetime.date(2026, 11, 26)
    assert Words("de").number(1234.5, 1) == "1.234,5"
    assert Words("en").number(1234.5, 1) == "1,234.5"
    assert Words("de").date(when) == "26.11.2026"
    assert Words("en").date(when) == "26 Nov 2026"


def test_a_message_off_the_wire_never_raises_while_it_is_filled():
    assert fill("{name} wins", {"name": "Anna"}) == "Anna wins"
    assert fill("{name} wins by {points}", {"name": "Anna"}) == "Anna wins by {points}"
    assert fill("{0.__class__} {", {}) == "{0.__class__} {"


@pytest.mark.parametrize(("header", "chosen"), [
    ("de-DE,de;q=0.9,en;q=0.8", "de"),
    ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7", "en"),
    ("fr, de;q=0.5", "de"),
    ("en;q=0, de;q=0.1", "de"),
    ("ja", None),
    ("", None),
    ("de;q=abc", "de"),
])
def test_a_phone_s_accept_language_picks_among_our_languages(header, chosen):
    assert negotiate(header) == chosen


@pytest.mark.parametrize(("environ", "chosen"), [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "de_AT.UTF-8", "LC_ALL": "en_US.UTF-8"}, "en"),
    ({"LANGUAGE": "de:en", "LANG": "en_GB.UTF-8"}, "de"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
])
def test_the_first_start_follows_the_system_locale(environ, chosen):
    assert from_system(environ) == chosen


def test_the_chosen_language_is_saved_and_a_bad_one_is_refused(tmp_path):
    path = tmp_path / "settings.json"
    settings = Settings.load(path)
    settings.language = "de"
    assert settings.save()
    assert Settings.load(path).language == "de"
    with pytest.raises(ValueError, match="language"):
        settings.language = "klingon"
    path.write_text(json.dumps({"language": "klingon"}), encoding="utf-8")
    loaded = Settings.load(path)
    assert loaded.language in ("en", "de") and "language" in (loaded.problem or "")


def test_the_window_s_words_change_at_once():
    try:
        i18n.use("de")
        assert i18n._("Language: {name}") == "Sprache: {name}"
        i18n.use("en")
        assert i18n._("Language: {name}") == "Language: {name}"
    finally:
        i18n.use("en")


def test_a_message_reads_the_same_in_every_room():
    """A language's rooms are merged into one lookup, so one English message (in one context)
    has one translation: otherwise the title's "Play" could read as a game's "Legen"."""
    from babel.messages.pofile import read_po

    seen: dict = {}
    for path in sorted((ROOT / "assets/locale/de/LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            for message in read_po(handle):
                if message.id:
                    key = (message.context, message.id)
                    seen.setdefault(key, {})[path.stem] = message.string
    differing = {key: rooms for key, rooms in seen.items()
                 if len({str(text) for text in rooms.values()}) > 1}
    assert differing == {}
