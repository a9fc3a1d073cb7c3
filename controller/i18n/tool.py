"""Extract, update, compile and check every package's catalogue (``python -m controller.i18n ...``).

- ``extract``: the messages of a package's Python (``msg(...)``, ``msg_n(...)``), its Jinja
  templates (``_()``, ``{% trans %}``) and its browser scripts (``t(...)``, ``tn(...)``) into
  ``locale/messages.pot``;
- ``update``: each language's ``messages.po`` follows the template (new messages empty, gone ones
  dropped), for a translator to fill in;
- ``compile``: the ``.mo`` files the box loads (committed: the box has no build step);
- ``check``: what the tests hold: every message translated, the same placeholders, no ``.mo`` stale.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from controller.i18n.catalogues import MESSAGES, SHELL, packages, po_path
from controller.i18n.language import DEFAULT, LANGUAGES

#: the calls whose first argument (and second, for a plural) is a message, for each kind of file: Python
#: writes lines with a Sayer (controller/i18n/said.py), templates use Flask-Babel's ``_``, the browser
#: scripts shell.js's ``t`` and ``tn``
KEYWORDS: dict[str, dict[str, object]] = {
    "python": {"msg": None, "msg_n": (1, 2), "N_": None},
    # the web pages' Python hands Flask-Babel's gettext to the templates (web/pages.py: ``_``)
    "python:web": {"_": None, "gettext": None},
    "jinja2.ext:babel_extract": {"_": None, "gettext": None, "ngettext": (1, 2)},
    "javascript": {"t": None, "tn": (1, 2)},
}
_JS = ("**.js", "javascript")
#: a script's t() inside a template literal's ${...} is a message too
_OPTIONS = {"**.js": {"parse_template_string": "true"}}
_TEMPLATES = ("**.html", "jinja2.ext:babel_extract")
PLACEHOLDER = re.compile(r"\{(\w+)\}|%\((\w+)\)s")


def method_map(domain: str) -> list[tuple[str, str]]:
    """Which files of a package hold its messages, and how to read them. The controller's catalogue is
    the table's and the OLED's own words: the games below it keep theirs."""
    if domain == "controller":
        return [("games/**", "ignore"), ("i18n/**", "ignore"), ("**.py", "python")]
    return [("**/.venv/**", "ignore"), ("**.py", "python"), _TEMPLATES, _JS]


def template(domain: str, folder: Path) -> Catalog:
    """The messages a package's files hold now."""
    catalog = Catalog(project="jaccuse-table", fuzzy=False)
    mapping = method_map(domain)
    ignored = [(pattern, how) for pattern, how in mapping if how == "ignore"]
    for method, keywords in KEYWORDS.items():
        # one pass per kind of file, each with its own call names (a script's t() is no Python's)
        kind = method.removesuffix(":web")
        if method.endswith(":web") and domain != "web":
            continue
        only = ignored + [(pattern, how) for pattern, how in mapping if how == kind]
        if len(only) == len(ignored):
            continue
        for filename, lineno, message, comments, context in extract_from_dir(
            folder, only, _OPTIONS, keywords=keywords,  # type: ignore[arg-type]
            comment_tags=("i18n:",), strip_comment_tags=True
        ):
            catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def _pot(folder: Path) -> Path:
    return folder / "locale" / f"{MESSAGES}.pot"


def _write_po(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=110, omit_header=False, sort_output=True, include_lineno=False)
    path.write_bytes(out.getvalue())


def _read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


def extract(chosen: Iterable[tuple[str, Path]]) -> None:
    for domain, folder in chosen:
        _write_po(_pot(folder), template(domain, folder))
        print(f"{domain}: {_pot(folder)}")


def update(chosen: Iterable[tuple[str, Path]]) -> None:
    for domain, folder in chosen:
        pot = _read(_pot(folder))
        for language in LANGUAGES:
            if language == DEFAULT:
                continue
            path = po_path(folder, language)
            if path.is_file():
                catalog = _read(path, language)
                catalog.update(pot, no_fuzzy_matching=True)
                catalog.obsolete.clear()
            else:
                catalog = Catalog(locale=language, project="jaccuse-table", fuzzy=False)
                catalog.update(pot, no_fuzzy_matching=True)
            _write_po(path, catalog)
            print(f"{domain}: {path}")


def mo_bytes(po: Path, language: str) -> bytes:
    """The compiled catalogue of a ``.po`` file, as ``compile`` writes it (fuzzy entries left out)."""
    out = io.BytesIO()
    write_mo(out, _read(po, language), use_fuzzy=False)
    return out.getvalue()


def compile_all(chosen: Iterable[tuple[str, Path]]) -> None:
    for domain, folder in chosen:
        for language in LANGUAGES:
            po = po_path(folder, language)
            if language != DEFAULT and po.is_file():
                po.with_suffix(".mo").write_bytes(mo_bytes(po, language))
                print(f"{domain}: {po.with_suffix('.mo')}")


def problems(domain: str, folder: Path) -> list[str]:
    """What is wrong with a package's catalogues: a message of its files missing from a language, or
    untranslated, or fuzzy, or with other placeholders; a message no file says any more; a stale ``.mo``."""
    found: list[str] = []
    wanted = template(domain, folder)
    ids = {m.id if isinstance(m.id, str) else m.id[0]: m for m in wanted if m.id}
    for language in LANGUAGES:
        if language == DEFAULT:
            continue
        po = po_path(folder, language)
        if not ids and not po.is_file():
            continue
        if not po.is_file():
            found.append(f"{domain}: no {language} catalogue ({po})")
            continue
        catalog = _read(po, language)
        have = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
        for key, message in ids.items():
            got = have.get(key)
            strings = _strings(got)
            if got is None or not all(strings) or not strings:
                found.append(f"{domain}: {language} lacks {key!r}")
            elif got.fuzzy:
                found.append(f"{domain}: {language} has {key!r} only as a fuzzy guess")
            else:
                said = _placeholders(message.id if isinstance(message.id, str) else message.id[-1])
                for text in strings:
                    if _placeholders(text) != said:
                        found.append(f"{domain}: {language} {key!r} has other placeholders: {text!r}")
        for key in have.keys() - ids.keys():
            found.append(f"{domain}: {language} has {key!r}, which no file says (run update)")
        mo = po.with_suffix(".mo")
        if not mo.is_file() or mo.read_bytes() != mo_bytes(po, language):
            found.append(f"{domain}: {mo} is stale against its .po (run compile)")
    return found


def _strings(message: Message | None) -> list[str]:
    """A catalogue entry's translations (one, or each plural form); none for a missing entry."""
    if message is None:
        return []
    return [message.string] if isinstance(message.string, str) else list(message.string or ())


def _placeholders(text: str) -> set[str]:
    return {a or b for a, b in PLACEHOLDER.findall(text)}


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in ("extract", "update", "compile", "check"):
        print("usage: python -m controller.i18n extract|update|compile|check [domain ...]")
        return 2
    command, only = args[0], set(args[1:])
    chosen = [(d, f) for d, f in packages() if not only or d in only]
    if command == "extract":
        extract(chosen)
    elif command == "update":
        update(chosen)
    elif command == "compile":
        compile_all(chosen)
    else:
        found = [p for d, f in chosen for p in problems(d, f)]
        print("\n".join(found) or "every catalogue is complete and compiled")
        return 1 if found else 0
    return 0


__all__ = ["SHELL", "main"]
