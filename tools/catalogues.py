"""The translation catalogues: extract, update, check and compile (Babel).

    python tools/catalogues.py update [--domain D]  # extract every marked message; add new
                                         # ones to each language's .po, drop those the code lost
    python tools/catalogues.py check     # every message translated, fields kept (prints JSON)
    python tools/catalogues.py compile [PO...]   # .po -> .mo (all of them by default)

Messages are marked in the code with ``_``, ``N_``, ``ngettext``, ``pgettext`` and
``npgettext`` (and ``tr.gettext`` and the like in the engines' phone words), and grouped in
one domain per room so that each game's words stay with it: ``<game id>`` (its client
package and its engine), ``menus`` (the screens before and around a table), ``lan`` (the
LAN screens: host, join, lobby), ``table`` (the
table every game shares, the evening) and ``netplay`` (the network, the command lines and
the engines' shared words). Catalogues live in ``assets/locale/<language>/LC_MESSAGES/``.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "assets" / "locale"
LANGUAGES = ("de",)
GAMES = ("architekton", "die_mauer", "drunter_druber", "wie_waldi", "wild_west")
# Files whose words belong to another room than their folder's (paths under client/).
TABLE_FILES = {("highscores.py",), ("ui", "delay_meter.py"), ("hosting", "rejoin.py")}
LAN_FILES = {("ui", "keyboard.py")}
DOMAINS = (*GAMES, "menus", "lan", "table", "netplay")
KEYWORDS = dict(DEFAULT_KEYWORDS)
FIELD = re.compile(r"\{[^{}]*\}")


def domain_of(path: Path) -> str | None:
    """The catalogue a source file's messages belong to (None: not a player's words)."""
    parts = path.relative_to(ROOT).parts
    if parts[0] == "client":
        if len(parts) > 3 and parts[1] == "games" and parts[2] in GAMES:
            return parts[2]
        if parts[1] in ("table", "evening") or parts[1:] in TABLE_FILES:
            return "table"
        if parts[1] == "cli":  # the command lines speak the network's words
            return "netplay"
        if parts[1:] in LAN_FILES or (parts[1] == "scenes" and parts[2].startswith("lan")) or (
                parts[1] == "hosting" and parts[2] != "seats.py"):
            return "lan"
        return "menus"
    if parts[0] == "engines":
        return parts[1] if len(parts) > 2 and parts[1] in GAMES else "netplay"
    if parts[0] == "netplay":
        return "netplay"
    return None


def sources() -> Iterator[Path]:
    for room in ("client", "engines", "netplay"):
        yield from sorted((ROOT / room).rglob("*.py"))


def extract() -> dict[str, Catalog]:
    """Every marked message in the code, by domain."""
    catalogs = {domain: Catalog(domain=domain, project="Spielabend") for domain in DOMAINS}
    for path in sources():
        domain = domain_of(path)
        if domain is None:
            continue
        for line, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=("Translators:",)):
            where = (str(path.relative_to(ROOT)), line)
            catalogs[domain].add(message, locations=[where], auto_comments=comments, context=context)
    return catalogs


def po_path(language: str, domain: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{domain}.po"


def read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def write(path: Path, catalog: Catalog) -> None:
    out = io.BytesIO()
    write_po(out, catalog, width=100, ignore_obsolete=True, include_previous=False, sort_output=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def update(only: set[str] | None = None) -> dict[str, int]:
    """Each language's catalogues (of the ``only`` domains, if given) brought in line with
    the code; new messages untranslated."""
    added: dict[str, int] = {}
    known = {language: translations(language) for language in LANGUAGES}  # before any room changes
    for domain, template in extract().items():
        if only and domain not in only:
            continue
        for language in LANGUAGES:
            path = po_path(language, domain)
            if path.exists():
                catalog = read(path)
            else:
                catalog = Catalog(locale=language, domain=domain, project="Spielabend")
            before = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
            catalog.update(template, no_fuzzy_matching=True)
            for message in catalog:  # a message that moved to this room keeps its translation
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                if message.id and not any(strings) and (message.id, message.context) in known[language]:
                    message.string = known[language][(message.id, message.context)]
            now = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
            added[f"{language}/{domain}"] = len(now - before)
            write(path, catalog)
    return added


def translations(language: str) -> dict[tuple, object]:
    """Every translated message of ``language``, from all its rooms: (id, context) -> string."""
    found: dict[tuple, object] = {}
    for path in sorted((LOCALE / language / "LC_MESSAGES").glob("*.po")):
        for message in read(path):
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.id and all(strings) and not message.fuzzy:
                found.setdefault((message.id, message.context), message.string)
    return found


def problems(language: str) -> list[str]:
    """What keeps ``language`` from being complete: messages the code marks that its
    catalogue lacks or leaves empty or fuzzy, and translations that lose a ``{field}``."""
    found: list[str] = []
    for domain, template in extract().items():
        path = po_path(language, domain)
        catalog = read(path) if path.exists() else Catalog(locale=language)
        for message in template:
            if not message.id:
                continue
            have = catalog.get(message.id, context=message.context)
            english = message.id if isinstance(message.id, tuple) else (message.id,)
            label = f"{domain}: {english[0]!r}"
            if have is None:
                found.append(f"{label} is not in {path.relative_to(ROOT)}")
                continue
            strings = have.string if isinstance(have.string, tuple) else (have.string,)
            if have.fuzzy or not all(strings):
                found.append(f"{label} is not translated")
                continue
            fields = {field for text in english for field in FIELD.findall(text)}
            for text in strings:
                if set(FIELD.findall(text)) - fields:
                    found.append(f"{label}: the translation names a field the English lacks: {text!r}")
                elif not all(field in text for field in FIELD.findall(english[-1])) and len(strings) == 1:
                    found.append(f"{label}: the translation drops a field: {text!r}")
    return found


def compile_po(path: Path) -> Path:
    target = path.with_suffix(".mo")
    catalog = read(path)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    target.write_bytes(out.getvalue())
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("update", "check", "compile"))
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--domain", action="append", choices=DOMAINS,
                        help="update only this domain's catalogues (repeatable)")
    args = parser.parse_args(argv)
    if args.command == "update":
        print(json.dumps({"added": update(set(args.domain or ()))}, indent=1))
        return 0
    if args.command == "check":
        report = {language: problems(language) for language in LANGUAGES}
        print(json.dumps({language: {"problems": len(found), "first": found[:20]}
                          for language, found in report.items()}, indent=1, ensure_ascii=False))
        return 1 if any(report.values()) else 0
    files = args.files or sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))
    for path in files:
        compile_po(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
