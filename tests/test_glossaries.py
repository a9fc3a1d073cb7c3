"""The glossaries keep a translation's words for the players' terms one and the same everywhere.

Each game package carries ``glossary.toml`` (its terms, English -> each language) next to its
``rules.md`` and the translated rules (``rules.<language>.md``); ``web/glossary.toml`` holds the box's
own words (seat, host, pad, ...), which the games' rules use too. These tests hold a translation to
its glossary: where a rules.md section uses a term, the same section of the translation uses the
glossary's word for it, and the translation has the rules' shape (headings, tables, pictures).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES_DIR = ROOT / "controller" / "games"
SHELL_GLOSSARY = ROOT / "web" / "glossary.toml"
LANGUAGES = ("zh_Hant",)
_CJK = re.compile(r"[\u3400-\u9fff]")


def _games() -> list[Path]:
    """Every game package with a players' rules page."""
    return sorted(p for p in GAMES_DIR.iterdir() if (p / "rules.md").is_file())


def _glossary(path: Path) -> dict[str, dict[str, str]]:
    with path.open("rb") as handle:
        return tomllib.load(handle)


def _terms(path: Path, language: str) -> dict[str, str]:
    return _glossary(path)[language]


def _translation(game: Path, language: str) -> Path:
    return game / f"rules.{language}.md"


def _headings(markdown: str) -> list[int]:
    return [len(m.group(1)) for m in re.finditer(r"^(#+)\s", markdown, re.MULTILINE)]


def _sections(markdown: str) -> list[str]:
    """The text before the first heading, then each heading with the text under it."""
    return re.split(r"^(?=#+\s)", markdown, flags=re.MULTILINE)


def _blocks(markdown: str) -> tuple[int, int, list[str]]:
    """How many tables and how many pictures a document has, and which files the pictures are."""
    tables = len(re.findall(r"^\|[^\n]*\n\|\s*:?-", markdown, re.MULTILINE))
    pictures = re.findall(r"^!\[[^\]]*\]\(([^)]+)\)\s*$", markdown, re.MULTILINE)
    return tables, len(pictures), pictures


def _pattern(term: str) -> re.Pattern[str]:
    """A term as a word, plural and past forms included (policy: policies); a term written with a
    capital (a name, a card) must match its case, a lower-case one matches at a sentence's start too."""
    forms = [re.escape(term)]
    if term.endswith("y"):
        forms.append(re.escape(term[:-1]) + "ies")
    flags = re.IGNORECASE if term[:1].islower() else 0
    return re.compile(rf"(?<![A-Za-z])(?:{'|'.join(forms)})(?:s|es|d|ed)?(?![A-Za-z])", flags)


def _uses(text: str, term: str, others: list[str]) -> bool:
    """Whether ``text`` uses ``term`` on its own, not only inside a longer term (Stop in Safe Stop)."""
    text = text.replace("-", " ")
    for longer in sorted(others, key=len, reverse=True):
        if len(longer) > len(term) and term.lower() in longer.lower():
            text = _pattern(longer).sub(" ", text)
    return _pattern(term).search(text) is not None


def _cases() -> list[tuple[Path, str]]:
    return [(game, language) for game in _games() for language in LANGUAGES]


def _ids() -> list[str]:
    return [f"{game.name}-{language}" for game, language in _cases()]


def test_every_game_with_rules_has_a_glossary_and_a_translation() -> None:
    assert len(_games()) >= 3
    for game, language in _cases():
        assert (game / "glossary.toml").is_file(), game.name
        assert _translation(game, language).is_file(), (game.name, language)


@pytest.mark.parametrize("path", [*(g / "glossary.toml" for g in _games()), SHELL_GLOSSARY],
                         ids=lambda p: p.parent.name)
def test_a_glossary_parses_and_gives_every_term_a_word_in_every_language(path: Path) -> None:
    glossary = _glossary(path)
    assert set(glossary) >= set(LANGUAGES), path
    for language in LANGUAGES:
        terms = glossary[language]
        assert len(terms) >= 10, (path, language)
        for english, word in terms.items():
            assert english.strip() == english and english, (path, english)
            assert isinstance(word, str) and word.strip() == word and word, (path, english)
            if language == "zh_Hant":
                assert _CJK.search(word), (path, english, word)


def test_a_game_and_the_box_give_a_term_they_share_the_same_word() -> None:
    for language in LANGUAGES:
        shell = _terms(SHELL_GLOSSARY, language)
        for game in _games():
            terms = _terms(game / "glossary.toml", language)
            clashes = {t: (terms[t], shell[t]) for t in set(terms) & set(shell) if terms[t] != shell[t]}
            assert not clashes, (game.name, language, clashes)


@pytest.mark.parametrize(("game", "language"), _cases(), ids=_ids())
def test_a_translation_has_the_rules_headings_tables_and_pictures(game: Path, language: str) -> None:
    english = (game / "rules.md").read_text(encoding="utf-8")
    translated = _translation(game, language).read_text(encoding="utf-8")
    assert _headings(translated) == _headings(english)
    for level in set(_headings(english)):
        assert _headings(translated).count(level) == _headings(english).count(level), level
    # the same tables and pictures; a picture may be drawn again in the language (img/x.zh_Hant.svg for
    # img/x.svg: its words translated), and that file exists
    tables, count, pictures = _blocks(translated)
    own = [re.sub(rf"\.{re.escape(language)}(\.\w+)$", r"\1", p) for p in pictures]
    assert (tables, count, own) == _blocks(english)
    assert all((game / p).is_file() for p in pictures), pictures


@pytest.mark.parametrize(("game", "language"), _cases(), ids=_ids())
def test_a_translation_uses_the_glossarys_word_wherever_the_rules_use_the_term(
        game: Path, language: str) -> None:
    terms = {**_terms(SHELL_GLOSSARY, language), **_terms(game / "glossary.toml", language)}
    english = _sections((game / "rules.md").read_text(encoding="utf-8"))
    translated = _sections(_translation(game, language).read_text(encoding="utf-8"))
    assert len(translated) == len(english)
    missing = []
    for number, (source, target) in enumerate(zip(english, translated, strict=True)):
        heading = source.splitlines()[0] if source.startswith("#") else "(before the first heading)"
        for term, word in terms.items():
            if _uses(source, term, list(terms)) and word not in target:
                missing.append(f"section {number} {heading!r}: {term!r} -> {word!r}")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize(("game", "language"), _cases(), ids=_ids())
def test_every_game_term_is_used_by_its_rules(game: Path, language: str) -> None:
    """A glossary lists the rules' terms, not words nobody reads: each is in rules.md or its picture."""
    english = (game / "rules.md").read_text(encoding="utf-8")
    terms = _terms(game / "glossary.toml", language)
    unused = [t for t in terms if not _uses(english, t, [])]
    assert not unused, unused


def test_the_term_matcher_keeps_longer_terms_and_word_edges_apart() -> None:
    assert _uses("a Safe Stop and a Stop", "Stop", ["Safe Stop"])
    assert not _uses("a Safe Stop only", "Stop", ["Safe Stop"])
    assert not _uses("it stops here", "Stop", [])
    assert _uses("Policies pass", "policy", []) and _uses("a face-up card", "face up", [])
    assert not _uses("the bottom card", "bot", []) and not _uses("both", "bot", [])
