"""The rules pages' bodies, made from each game's ``rules.md`` so the box and the repository tell the
same rules.

Each page ships as HTML generated here from the markdown, into the game's package (its ``templates/``
and the ``rules_template`` its ``Game`` names), so the box needs no markdown reader. Tests render the
markdown again and fail when the two differ; after editing a game's rules.md, regenerate with

    .venv/bin/python -m web.rulesdoc

This reads only the markdown docs/rules.md uses (headings, paragraphs, lists, tables, emphasis, code,
links and images); everything is escaped, links to other documents become plain text (they do not
exist on the box) and an SVG picture is inlined, so the page needs nothing from outside.

A game may also tell its rules in another language: ``rules.<language>.md`` beside ``rules.md``
(``rules.zh_Hant.md``) becomes the same template with the language before its suffix
(``rules_doc.zh_Hant.html``), which the rules page serves to a phone reading that language.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

from controller.games import registry
from controller.i18n import DEFAULT, LANGUAGES


def docs(language: str = DEFAULT) -> dict[str, tuple[Path, Path]]:
    """Every installed game with a rules page in ``language``: name -> (its rules markdown, the
    generated template). English is every game's ``rules.md``; another language only the games that
    have its ``rules.<language>.md``."""
    found = {}
    for name in registry.names():
        known = registry.game(name)
        if not known.rules_template:
            continue
        page = known.folder / "templates" / known.rules_template
        if language == DEFAULT:
            found[name] = (known.folder / "rules.md", page)
            continue
        markdown = known.folder / f"rules.{language}.md"
        if markdown.is_file():
            found[name] = (markdown, translated(page, language))
    return found


def translated(page: Path, language: str) -> Path:
    """The generated page of a rules template in ``language`` (``rules_doc.html`` in English)."""
    return page if language == DEFAULT else page.with_name(f"{page.stem}.{language}{page.suffix}")


def source(game: str | None = None, language: str = DEFAULT) -> Path:
    """A game's rules markdown (the default game's without a name)."""
    return docs(language)[game or registry.DEFAULT_GAME][0]


def target(game: str | None = None, language: str = DEFAULT) -> Path:
    """The generated page of a game's rules (the default game's without a name)."""
    return docs(language)[game or registry.DEFAULT_GAME][1]

_LIST_ITEM = re.compile(r"^(\s*)(?:(-)|(\d+)\.)\s+(.*)$")
_IMAGE = re.compile(r"^!\[([^\]]*)\]\(([^)]+)\)$")


def slug(text: str) -> str:
    """A heading's anchor: its Latin letters and digits, and its Chinese characters as they are."""
    return re.sub(r"[^a-z0-9\u3400-\u9fff]+", "-", text.lower()).strip("-")


def inline(text: str) -> str:
    """Escape, then code spans, bold, italics and links (links to documents become their text)."""
    parts = re.split(r"(`[^`]+`)", text)
    out = []
    for part in parts:
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            out.append(f"<code>{html.escape(part[1:-1])}</code>")
            continue
        part = html.escape(part, quote=False)
        part = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", part)
        part = re.sub(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])", r"<em>\1</em>", part)
        part = re.sub(r"\[([^\]]+)\]\(([^)]+)\)", r"\1", part)
        out.append(part)
    return "".join(out)


def _svg(path: Path, alt: str) -> str:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"<\?xml[^>]*\?>\s*", "", text).strip()
    return f'<figure class="picture" role="img" aria-label="{html.escape(alt)}">{text}</figure>'


def _table(rows: list[str]) -> str:
    def cells(row: str) -> list[str]:
        return [c.strip() for c in row.strip().strip("|").split("|")]

    head, align, body = cells(rows[0]), cells(rows[1]), [cells(r) for r in rows[2:]]
    right = [a.endswith(":") and not a.startswith(":") for a in align]

    def cell(tag: str, text: str, i: int) -> str:
        style = ' class="num"' if i < len(right) and right[i] else ""
        return f"<{tag}{style}>{inline(text)}</{tag}>"

    def row(tag: str, values: list[str]) -> str:
        return "<tr>" + "".join(cell(tag, c, i) for i, c in enumerate(values)) + "</tr>"

    out = ['<div class="scroll"><table>', row("th", head), *(row("td", r) for r in body)]
    out.append("</table></div>")
    return "\n".join(out)


def render(markdown: str, base: Path | None = None) -> str:
    """The HTML of a markdown document of the kind docs/rules.md is."""
    lines = markdown.splitlines()
    out: list[str] = []
    toc: list[tuple[str, str]] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            text = line[level:].strip()
            anchor = slug(text)
            if level == 2:
                toc.append((anchor, text))
            out.append(f'<h{level} id="{anchor}">{inline(text)}</h{level}>')
            i += 1
            continue
        if line.startswith("|"):
            rows = []
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(lines[i])
                i += 1
            out.append(_table(rows))
            continue
        image = _IMAGE.match(line.strip())
        if image:
            alt, src = image.groups()
            picture = base / src if base is not None and src.endswith(".svg") else None
            out.append(_svg(picture, alt) if picture else f"<p>{inline(alt)}</p>")
            i += 1
            continue
        item = _LIST_ITEM.match(line)
        if item:
            ordered = item.group(3) is not None
            tag = "ol" if ordered else "ul"
            items: list[str] = []
            while i < len(lines):
                item = _LIST_ITEM.match(lines[i])
                if item is None or (item.group(3) is not None) != ordered:
                    break
                parts = [item.group(4)]
                i += 1
                # continuation lines are indented
                while i < len(lines) and lines[i].startswith(" ") and not _LIST_ITEM.match(lines[i]):
                    parts.append(lines[i].strip())
                    i += 1
                items.append(f"<li>{inline(' '.join(parts))}</li>")
            out.append(f"<{tag}>" + "".join(items) + f"</{tag}>")
            continue
        para = []
        while i < len(lines) and lines[i].strip() and not lines[i].startswith(("#", "|")) \
                and not _LIST_ITEM.match(lines[i]) and not _IMAGE.match(lines[i].strip()):
            para.append(lines[i].strip())
            i += 1
        out.append(f"<p>{inline(' '.join(para))}</p>")
    contents = "".join(f'<li><a href="#{a}">{inline(t)}</a></li>' for a, t in toc)
    nav = f'<nav class="toc" aria-label="contents"><ul>{contents}</ul></nav>'
    # the contents go after the title, so the page opens on what the rules are about
    if out and out[0].startswith("<h1"):
        return "\n".join([out[0], nav, *out[1:]]) + "\n"
    return "\n".join([nav, *out]) + "\n"


def generated(game: str | None = None, language: str = DEFAULT) -> str:
    """The page of a game's rules markdown (the default game's without a name)."""
    path = source(game, language)
    # the package's folder and file, the same wherever the package is installed (or compiled)
    shown = f"{path.parent.name}/{path.name}"
    note = f"<!-- generated from the game package's {shown} by `python -m web.rulesdoc`: "
    note += "edit that file, not this one -->\n"
    return note + render(path.read_text(encoding="utf-8"), path.parent)


def main() -> int:
    for language in LANGUAGES:
        for game, (markdown, page) in docs(language).items():
            page.write_text(generated(game, language), encoding="utf-8")
            print(f"wrote {page} from {markdown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
