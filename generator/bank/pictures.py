"""Pictures in a bank's text: what the readers collect, and how text fields refer to them.

A reader that meets a picture hands its bytes to a :class:`PictureBook`, which names the
picture by a hash of its content, tells its format from its first bytes (never from a file
name), converts TIFF (which browsers do not show) to PNG with Pillow, enforces the size limits,
and returns the marker that stands in the text at the picture's place: its index in
``Bank.pictures`` between ``PICTURE_MARK``.  A picture's bytes are never read as markup: the
site shows every one, SVG included, through ``<img>``, where no script in it runs.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import io
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from ..base.errors import ParseError
from ..base.files import MB
from .model import PICTURE_MARK, Bank, Flag, Picture, Question, Severity

MAX_PICTURE = 20 * MB  # one picture: a photograph from a phone is a few MB
MAX_BANK_PICTURES = 500 * MB  # every distinct picture of a bank together
MARKER = re.compile(f"{PICTURE_MARK[0]}([0-9]+){PICTURE_MARK[1]}")
PICTURE_WORD = "[图]"  # a picture in a text that is plain and one line (an opening, a link's label)
REFERENCE = "[{alt}: {name}]"  # a picture in plain text an editor copies: exports, errata quotes
REMOTE, MISSING = "remote", "missing"  # kinds of a picture the guide cannot show: no bytes

# (first bytes, media type, extension, kind): the formats browsers show have a media type.
_FORMATS = (
    (b"\x89PNG\r\n\x1a\n", "image/png", "png", ""),
    (b"\xff\xd8\xff", "image/jpeg", "jpg", ""),
    (b"GIF87a", "image/gif", "gif", ""),
    (b"GIF89a", "image/gif", "gif", ""),
    (b"BM", "image/bmp", "bmp", ""),
    (b"II*\x00", "", "tif", "TIFF"),
    (b"MM\x00*", "", "tif", "TIFF"),
    (b"\xd7\xcd\xc6\x9a", "", "wmf", "WMF"),  # placeable WMF
    (b"\x01\x00\x09\x00", "", "wmf", "WMF"),
    (b"\x02\x00\x09\x00", "", "wmf", "WMF"),
)
_BRACKETED = re.compile(r"\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\]")  # [...], one level of [...] inside (alt text)
# An address has a scheme ("https:") or starts "//"; "C:\\…" or "C:/…" is a file on a Windows
# machine (a path an editor copied), not an address.
_REMOTE = re.compile(r"^(?![a-zA-Z]:[\\/])(?:[a-zA-Z][a-zA-Z0-9+.-]*:|//)")
_DATA_URI = re.compile(r"^data:image/[a-z0-9.+-]+;base64,(?P<data>[A-Za-z0-9+/=\s]+)$", re.I)
_SVG = re.compile(rb"\A(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*(?:<!DOCTYPE[^>]*>\s*)?<svg[\s>]",
                  re.S | re.I)


@dataclass(frozen=True)
class Format:
    media_type: str  # "" when browsers do not show it
    extension: str
    kind: str  # "PNG" ... as ``check`` names it


def picture_format(data: bytes) -> Format:
    """What the bytes of a picture are, from their first bytes."""
    for magic, media_type, extension, kind in _FORMATS:
        if data.startswith(magic):
            return Format(media_type, extension, kind or extension.upper())
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return Format("image/webp", "webp", "WEBP")
    if data[:4] == b"\x01\x00\x00\x00" and data[40:44] == b" EMF":
        return Format("", "emf", "EMF")
    if _SVG.match(data[:4096]):
        return Format("image/svg+xml", "svg", "SVG")
    return Format("", "bin", "unknown")


def marker(index: int) -> str:
    """What stands in a text field for ``Bank.pictures[index]``."""
    return f"{PICTURE_MARK[0]}{index}{PICTURE_MARK[1]}"


def split_pictures(text: str) -> Iterator[str | int]:
    """``text`` as its runs of text (str) and the pictures' indexes (int) between them, in order."""
    last = 0
    for match in MARKER.finditer(text):
        if match.start() > last:
            yield text[last:match.start()]
        yield int(match.group(1))
        last = match.end()
    if last < len(text):
        yield text[last:]


def picture_text(text: str, bank: Bank, show: str = "[{alt}]") -> str:
    """``text`` with each picture as ``show`` filled with its alt text and file name (for exports
    and messages that are plain text)."""
    if PICTURE_MARK[0] not in text:
        return text

    def shown(match: re.Match[str]) -> str:
        index = int(match.group(1))
        picture = bank.pictures[index] if index < len(bank.pictures) else None
        if picture is None:
            return ""
        return show.format(alt=picture.alt, name=_file_name(picture))
    return MARKER.sub(shown, text)


def as_references(text: str, bank: Bank) -> str:
    """``text`` with each picture as its :data:`REFERENCE` (``[图 1: 3f2a….png]``)."""
    return picture_text(text, bank, REFERENCE)


def reference(picture: Picture) -> str:
    """``picture`` as its :data:`REFERENCE`."""
    return REFERENCE.format(alt=picture.alt, name=_file_name(picture))


def reference_markers(pictures: Sequence[Picture], indexes: Iterable[int]) -> dict[str, str]:
    """The :data:`REFERENCE` of each of the pictures ``indexes`` -> its marker (the first of
    them, for two of the same file and alt text)."""
    markers: dict[str, str] = {}
    for index in indexes:
        markers.setdefault(reference(pictures[index]), marker(index))
    return markers


def from_references(text: str, markers: dict[str, str]) -> str:
    """``text`` with each reference in ``markers`` (see :func:`reference_markers`) as its marker,
    in one pass over ``text``."""
    if "[" not in text or not markers:
        return text
    return _BRACKETED.sub(lambda match: markers.get(match.group(), match.group()), text)


def _file_name(picture: Picture) -> str:
    return picture.name or picture.url


def without_pictures(text: str) -> str:
    """``text`` with each picture as :data:`PICTURE_WORD`."""
    return MARKER.sub(PICTURE_WORD, text) if PICTURE_MARK[0] in text else text


def pictures_in(text: str) -> list[int]:
    """The indexes of the pictures ``text`` shows, in order."""
    return [int(m.group(1)) for m in MARKER.finditer(text)] if PICTURE_MARK[0] in text else []


UNSHOWN = "picture-unshown"  # the flag of a question holding a picture the guide cannot show


def unshown_flags(question: Question, where: str, pictures: tuple[Picture, ...]) -> Iterator[Flag]:
    """A warning for each picture of ``question`` the guide cannot show: a remote address (never
    fetched), a file that is not there, a format browsers do not show (EMF, WMF ...)."""
    texts = [question.stem, question.explanation, *(o.text for o in question.options)]
    for index in dict.fromkeys(i for text in texts for i in pictures_in(text)):
        picture = pictures[index]
        if picture.media_type:
            continue
        if picture.kind == REMOTE:
            why = f"遠端圖片不會下載（指南離線閱讀），只留連結：{picture.url}"
        elif picture.kind == MISSING:
            why = f"圖片檔案不存在：{picture.url}"
        else:
            why = f"{picture.kind} 格式的圖片瀏覽器無法顯示，請轉存為 PNG"
        yield Flag(UNSHOWN, Severity.WARNING, f"{where}的圖片「{picture.alt}」無法顯示（{picture.place}）：{why}")


@dataclass
class PictureBook:
    """The pictures one bank's reader collects, in the order the text refers to them."""

    source: str
    per_picture: int = MAX_PICTURE
    per_bank: int = MAX_BANK_PICTURES
    pictures: list[Picture] = field(default_factory=list)
    _sizes: dict[str, int] = field(default_factory=dict)  # distinct pictures by name -> bytes

    def add(self, data: bytes, alt: str, place: str) -> str:
        """The marker of a picture with these bytes, shown at ``place`` (``alt`` "" gives "图 N")."""
        self.check_size(len(data), place)
        found = picture_format(data)
        if found.kind == "TIFF" and (png := _as_png(data)) is not None:
            data, found = png, Format("image/png", "png", "PNG")
        name = f"{hashlib.sha256(data).hexdigest()[:16]}.{found.extension}"
        if name not in self._sizes:
            total = sum(self._sizes.values()) + len(data)
            if total > self.per_bank:
                raise ParseError(self.source, f"pictures of at most {_mb(self.per_bank)} in one bank",
                                 f"{_mb(total)} by the picture at {place}", "make its pictures smaller")
            self._sizes[name] = len(data)
        kind = "" if found.media_type else found.kind
        return self._added(Picture(name, found.media_type, self._alt(alt), place, data, kind=kind))

    def check_size(self, size: int, place: str, what: str = "one") -> None:
        """A :class:`ParseError` at ``place`` if a picture of ``size`` bytes is over the limit."""
        if size > self.per_picture:
            raise ParseError(place, f"a picture of at most {_mb(self.per_picture)}", f"{what} of {_mb(size)}",
                             "make it smaller (a picture in a guide rarely needs 1 MB)")

    def referenced(self, src: str, alt: str, place: str, folder: Path) -> str:
        """The marker of the picture a bank refers to by ``src``: a path relative to ``folder``
        and inside it (a bank cannot copy a file from elsewhere on the machine into its guide),
        a ``data:`` URI, or a remote address, kept as a link and never fetched (the guide is read
        offline).  A file that is not there, or outside the folder, is kept as :data:`MISSING`."""
        if (data_uri := _DATA_URI.match(src)) is not None:
            try:
                return self.add(base64.b64decode(data_uri.group("data"), validate=False), alt, place)
            except binascii.Error:
                return self.without_data(src[:60], alt, place, MISSING)
        if _REMOTE.match(src):
            return self.without_data(src, alt, place, REMOTE)
        path = (folder / unquote(src.split("#", 1)[0].split("?", 1)[0])).resolve()
        if not path.is_relative_to(folder) or not path.is_file():
            return self.without_data(src, alt, place, MISSING)
        self.check_size(path.stat().st_size, place, src)  # before it is read
        return self.add(path.read_bytes(), alt, place)

    def without_data(self, reference: str, alt: str, place: str, kind: str) -> str:
        """The marker of a picture the guide cannot show: a remote address (kept as a link) or a
        file that is not there (``kind`` :data:`REMOTE` or :data:`MISSING`)."""
        return self._added(Picture("", "", self._alt(alt), place, url=reference, kind=kind))

    def _added(self, picture: Picture) -> str:
        self.pictures.append(picture)
        return marker(len(self.pictures) - 1)

    def _alt(self, alt: str) -> str:
        return " ".join(alt.split()) or f"图 {len(self.pictures) + 1}"


def _as_png(data: bytes) -> bytes | None:
    """A TIFF as PNG, or None when Pillow cannot read it (it stays TIFF, listed by ``check``)."""
    from PIL import Image  # only a bank with TIFF pictures pays for the import

    out = io.BytesIO()
    try:
        with Image.open(io.BytesIO(data)) as image:
            image.save(out, "PNG")
    except (OSError, ValueError, Image.DecompressionBombError):
        return None
    return out.getvalue()


def _mb(size: int) -> str:
    return f"{size / MB:.1f} MB"
