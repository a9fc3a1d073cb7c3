"""The rules pages' bodies, made from docs/rules.md (J'Accuse) and docs/betrayal.md (Betrayal) so the
box and the repository tell the same rules.

The Pi runs an installed copy of the package, where docs/ does not exist, so each page ships as HTML
generated here from the markdown: ``web/templates/rules_doc.html`` and ``betrayal_doc.html``. Tests
render the markdown again and fail when the two differ; after editing either document, regenerate with

    .venv/bin/python -m web.rulesdoc

This reads only the markdown docs/rules.md uses (headings, paragraphs, lists, tables, emphasis, code,
links and images); everything is escaped, links to other documents become plain text (they do not
exist on the box) and an SVG picture is inlined, so the page needs nothing from outside.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "controller" / "games"
SOURCE = GAMES / "jaccuse" / "rules.md"
TARGET = GAMES / "jaccuse" / "templates" / "rules_doc.html"
#: game -> (its players' rules in docs/, the generated template); J'Accuse's are SOURCE and TARGET
DOCS: dict[str, tuple[Path, Path]] = {
    "jaccuse": (SOURCE, TARGET),
    "betrayal": (GAMES / "betrayal" / "rules.md", GAMES / "betrayal" / "templates" / "betrayal_doc.html"),
}

_LIST_ITEM = re.compile(r"^(\s*)(?:(-)|(\d+)\.)\s+(.*)$")
_IMAGE = re.compile(r"^!\[([^\]]*)\]\(([^)]+)\)$")


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


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


def render(markdown: str, base: Path = SOURCE.parent) -> str:
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
            out.append(_svg(base / src, alt) if src.endswith(".svg") else f"<p>{inline(alt)}</p>")
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


def generated(game: str = "jaccuse") -> str:
    source = DOCS[game][0]
    note = f"<!-- generated from {source.relative_to(ROOT).as_posix()} by `python -m web.rulesdoc`: "
    note += "edit that file, not this one -->\n"
    return note + render(source.read_text(encoding="utf-8"), source.parent)


def main() -> int:
    for game, (source, target) in DOCS.items():
        target.write_text(generated(game), encoding="utf-8")
        print(f"wrote {target.relative_to(ROOT)} from {source.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
