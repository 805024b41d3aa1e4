"""Pictures a Markdown bank refers to: ``![alt](path)`` and ``<img src="path" alt="...">``.

A path is read relative to the bank file and only inside the bank's folder (a bank cannot
copy a file from elsewhere on the machine into its guide); the file's bytes go to the
bank's :class:`~generator.bank.pictures.PictureBook` and a marker takes the reference's
place, so the picture stays where the text showed it.  A remote address is never fetched
(the guide is read offline): it is kept as a link.  A file that is not there is kept as a
reference ``check`` names with its line.  ``data:`` URIs carry their bytes.
"""
from __future__ import annotations

import base64
import binascii
import html
import re
from bisect import bisect_right
from pathlib import Path
from urllib.parse import unquote

from ...bank.pictures import MISSING, REMOTE, PictureBook

MARKDOWN_IMAGE = re.compile(r'!\[(?P<alt>[^\]\n]*)\]\(\s*<?(?P<src>[^\s()<>]+)>?'
                            r'(?:\s+(?:"[^"\n]*"|\'[^\'\n]*\'))?\s*\)')
HTML_IMAGE = re.compile(r"<img\b(?P<attributes>[^<>\n]*)/?>", re.I)
_ATTRIBUTE = re.compile(r"""(?P<name>[a-zA-Z-]+)\s*=\s*(?:"(?P<d>[^"]*)"|'(?P<s>[^']*)'|(?P<u>[^\s"'>]+))""")
PICTURE_REFERENCE = re.compile(f"{MARKDOWN_IMAGE.pattern}|{HTML_IMAGE.pattern}", re.I)
_REMOTE = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|//)")
_DATA_URI = re.compile(r"^data:image/[a-z0-9.+-]+;base64,(?P<data>[A-Za-z0-9+/=\s]+)$", re.I)


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
        return _reference(src.strip(), alt, place, folder, book)
    return PICTURE_REFERENCE.sub(replaced, text)


def _reference(src: str, alt: str, place: str, folder: Path, book: PictureBook) -> str:
    if (data_uri := _DATA_URI.match(src)) is not None:
        try:
            return book.add(base64.b64decode(data_uri.group("data"), validate=False), alt, place)
        except binascii.Error:
            return book.without_data(src[:60], alt, place, MISSING)
    if _REMOTE.match(src):
        return book.without_data(src, alt, place, REMOTE)
    path = (folder / unquote(src.split("#", 1)[0].split("?", 1)[0])).resolve()
    if not path.is_relative_to(folder) or not path.is_file():
        return book.without_data(src, alt, place, MISSING)
    book.check_size(path.stat().st_size, place, src)  # before it is read
    return book.add(path.read_bytes(), alt, place)


def _line(line_starts: list[int], offset: int) -> int:
    return bisect_right(line_starts, offset)
