"""How fonts/unifont-cjk.pcf was made: GNU Unifont's 16 px glyphs, cut down to the characters the box
can meet on its OLED, as a bitmap font FreeType draws 1:1.

Run once, where Debian's xfonts-unifont and xfonts-utils (``bdftopcf``) are installed::

    python -m controller.oled_kit.cjk_font /usr/share/fonts/X11/misc/unifont.pcf.gz \\
        controller/oled_kit/fonts/unifont-cjk.pcf

The characters kept: printable ASCII and Latin-1, the CJK and full-width punctuation, Big5's common
characters (its level 1, the 5,401 characters Taiwan's schools teach first) and GB 2312's level 1 (3,755
common simplified characters), for players' names; and every character of the box's zh_Hant catalogues,
so a screen's own words are never missing one. Every glyph is copied pixel for pixel (the script checks
each one against the full font); a character outside the set draws as Unifont's own missing-glyph box.
"""

from __future__ import annotations

import gzip
import subprocess
import sys
import tempfile
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

SIZE, ASCENT, DESCENT = 16, 14, 2


def _codec_range(codec: str, first: range, second: range) -> Iterator[str]:
    for hi in first:
        for lo in second:
            try:
                yield bytes((hi, lo)).decode(codec)
            except UnicodeDecodeError:
                continue


def wanted(catalogues: Iterable[Path]) -> list[str]:
    chars: set[str] = {chr(c) for c in range(0x20, 0x7F)} | {chr(c) for c in range(0xA0, 0x100)}
    chars |= {chr(c) for c in range(0x3000, 0x3040)} | {chr(c) for c in range(0xFF01, 0xFF5F)}
    chars |= {"→", "·", "…", "—", "–", "“", "”", "‘", "’", "●", "○", "♠", "♥", "♦", "♣"}
    chars |= set(_codec_range("big5", range(0xA1, 0xA4), range(0x40, 0xFF)))  # Big5's symbols
    chars |= set(_codec_range("big5", range(0xA4, 0xC7), range(0x40, 0xFF)))  # Big5 level 1
    chars |= set(_codec_range("gb2312", range(0xB0, 0xD8), range(0xA1, 0xFF)))  # GB 2312 level 1
    for po in catalogues:
        chars |= set(po.read_text(encoding="utf-8"))
    # combining marks left out: they have no width of their own to draw 1:1
    return sorted(c for c in chars if c.isprintable() and unicodedata.category(c) not in ("Mn", "Me"))


def glyph(fnt: ImageFont.FreeTypeFont, ch: str) -> tuple[int, list[str]]:
    """A character's advance and its 16 rows as hex, as the full font draws it."""
    width = int(fnt.getlength(ch))
    image = Image.new("1", (max(width, 1), SIZE), 0)
    draw = ImageDraw.Draw(image)
    draw.fontmode = "1"
    draw.text((0, 0), ch, font=fnt, fill=1)
    packed, row_bytes = image.tobytes(), (max(width, 1) + 7) // 8  # 1-bit rows, each padded to a byte
    return width, [packed[y * row_bytes:(y + 1) * row_bytes].hex().upper() for y in range(SIZE)]


def bdf(fnt: ImageFont.FreeTypeFont, chars: list[str]) -> str:
    out = ["STARTFONT 2.1", "FONT -gnu-Unifont-CJK-subset-R-Normal--16-160-75-75-c-80-iso10646-1",
           f"SIZE {SIZE} 75 75", f"FONTBOUNDINGBOX 16 {SIZE} 0 -{DESCENT}", "STARTPROPERTIES 10",
           'FAMILY_NAME "Unifont CJK subset"', 'WEIGHT_NAME "Medium"', f"PIXEL_SIZE {SIZE}",
           "POINT_SIZE 160", "RESOLUTION_X 75", "RESOLUTION_Y 75",
           'CHARSET_REGISTRY "ISO10646"', 'CHARSET_ENCODING "1"', f"FONT_ASCENT {ASCENT}",
           f"FONT_DESCENT {DESCENT}", "ENDPROPERTIES", f"CHARS {len(chars)}"]
    for ch in chars:
        width, rows = glyph(fnt, ch)
        out += [f"STARTCHAR U+{ord(ch):04X}", f"ENCODING {ord(ch)}", f"SWIDTH {width * 1000 // SIZE} 0",
                f"DWIDTH {width} 0", f"BBX {max(width, 1)} {SIZE} 0 -{DESCENT}", "BITMAP", *rows, "ENDCHAR"]
    return "\n".join([*out, "ENDFONT", ""])


def main(argv: list[str]) -> int:
    source, dest = Path(argv[0]), Path(argv[1])
    root = Path(__file__).resolve().parents[2]
    chars = wanted(root.glob("**/locale/zh_Hant/LC_MESSAGES/messages.po"))
    with tempfile.TemporaryDirectory() as tmp:
        # read from a plain copy: FreeType seeks in a gzipped PCF by decompressing it again and again
        plain, src = Path(tmp) / "full.pcf", Path(tmp) / "cjk.bdf"
        raw = source.read_bytes()
        plain.write_bytes(gzip.decompress(raw) if source.suffix == ".gz" else raw)
        full = ImageFont.truetype(str(plain), SIZE)
        src.write_text(bdf(full, chars), encoding="ascii")
        # kept uncompressed for the same reason: the box draws from it directly
        subprocess.run(["bdftopcf", "-p1", "-u1", "-o", str(dest), str(src)], check=True)
        cut = ImageFont.truetype(str(dest), SIZE)
        differ = [ch for ch in chars if glyph(cut, ch) != glyph(full, ch)]
    print(f"{len(chars)} characters, {dest.stat().st_size} bytes; {len(differ)} glyphs differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
