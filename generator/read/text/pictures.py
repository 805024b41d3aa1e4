"""Pictures a Markdown bank refers to: ``![alt](path)`` and ``<img src="path" alt="...">``.

Each reference goes to the bank's :class:`~generator.bank.pictures.PictureBook`
(:meth:`~generator.bank.pictures.PictureBook.referenced`: a path relative to the bank file and
only inside its folder, a remote address kept as a link and never fetched, a ``data:`` URI),
and a marker takes the reference's place, so the picture stays where the text showed it; a
file that is not there is kept as a reference ``check`` names with its line.
"""
from __future__ import annotations

import html
import re
from bisect import bisect_right
from pathlib import Path

from ...bank.pictures import PictureBook

# A path with spaces written as they are (Typora does, and macOS names a screenshot "Screen Shot
# … PM.png") is taken only up to a picture's extension right before the ")" or a title, so
# "![](a.png =100x)" (a size, in some dialects) stays text as before.
_SPACED_PATH = r"[^\s()<>\"'][^()<>\n\"']*?\.(?i:png|jpe?g|gif|webp|bmp|svg|tiff?)"
MARKDOWN_IMAGE = re.compile(r'!\[(?P<alt>[^\]\n]*)\]\(\s*<?(?P<src>' + _SPACED_PATH + r'|[^\s()<>]+)>?'
                            r'(?:\s+(?:"[^"\n]*"|\'[^\'\n]*\'))?\s*\)')
# An editor may break a tag's attributes over lines (Markdown Monster writes one a line), never
# across a blank line, which ends an HTML block.
HTML_IMAGE = re.compile(r"<img\b(?P<attributes>(?:[^<>\n]|\n(?![ \t]*\n))*)/?>", re.I)
_ATTRIBUTE = re.compile(r"""(?P<name>[a-zA-Z-]+)\s*=\s*(?:"(?P<d>[^"]*)"|'(?P<s>[^']*)'|(?P<u>[^\s"'>]+))""")
PICTURE_REFERENCE = re.compile(f"{MARKDOWN_IMAGE.pattern}|{HTML_IMAGE.pattern}", re.I)


def markdown_pictures(text: str, bank_path: Path, book: PictureBook) -> str:
    """``text`` with each picture reference replaced by its marker (one pass, no line added or lost)."""
    if "![" not in text and "<img" not in text.lower():
        return text
    folder = bank_path.resolve().parent
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def replaced(match: re.Match[str]) -> str:
        if match.group("src") is not None:
            src, alt = match.group("src"), match.group("alt")
        else:
            attributes = {m.group("name").lower(): html.unescape(m.group("d") or m.group("s") or m.group("u") or "")
                          for m in _ATTRIBUTE.finditer(match.group("attributes"))}
            if "src" not in attributes:
                return match.group()
            src, alt = attributes["src"], attributes.get("alt") or attributes.get("title", "")
        place = f"{bank_path}:{_line(line_starts, match.start())}"
        # The lines a tag spans follow its marker, so every later line keeps its number.
        return book.referenced(src.strip(), alt, place, folder) + "\n" * match.group().count("\n")
    return PICTURE_REFERENCE.sub(replaced, text)


def _line(line_starts: list[int], offset: int) -> int:
    return bisect_right(line_starts, offset)
