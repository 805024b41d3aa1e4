"""A PDF bank -> its text, in reading order, for the text parser.

pdfminer.six (MIT, pure Python) reads the text layer and sets each line in a box on its page;
:mod:`generator.read.pdf.reading_order` removes running headers, footers and page numbers and
orders one- and two-column pages.  The lines then go through the text parser as a .txt bank's
do, so every layout a text bank may have is read in a PDF too.  Positions count the lines of
that text; ``check`` says which page each line range came from.

A PDF with no text (a scan) needs OCR first, and says so; a damaged or password-protected PDF
is refused naming what is wrong.  A picture (an image XObject, also inside a form) is read
where it stands on its page (see the reading order's rules, which also set aside a page's
bullets and rules drawn as tiny pictures) and made a file a browser shows
(:mod:`generator.read.pdf.images`); one that cannot be (JBIG2 ...) is kept as a picture the
guide cannot show, which ``check`` lists with its page.
"""
from __future__ import annotations

import hashlib
import io
import logging
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any, TypeVar

from pdfminer.high_level import extract_pages
from pdfminer.layout import LAParams, LTImage, LTPage, LTTextLine
from pdfminer.pdfdocument import PDFPasswordIncorrect
from pdfminer.pdftypes import PDFStream, resolve1

from ...bank.model import PICTURE_MARK, Bank, PdfReport
from ...bank.pictures import PictureBook
from ...base.errors import GuideError, ParseError
from .images import Shown, picture_file
from .reading_order import Line, PageRead, PageText, read_pages

_STAND_INS = re.compile("[\u2f00-\u2fd5\uf900-\ufaff]")
_PICTURE = re.compile(f"{PICTURE_MARK[0]}[0-9a-f]+{PICTURE_MARK[1]}")  # a picture's key (see _picture)
_MARKS = dict.fromkeys(map(ord, PICTURE_MARK))  # control characters no text shows: never a picture's marker
_EXPECTED = "a PDF document with a text layer"
# pdfminer reports what it works around in a damaged file on its loggers, many times a page:
# the reader refuses what it cannot read, and says so once.
logging.getLogger("pdfminer").setLevel(logging.ERROR)

TextParser = Callable[[str], Bank]
_Item = TypeVar("_Item")


def read_pdf_bank(data: bytes, source: str, parse_text: TextParser) -> Bank:
    """The bank in the PDF ``data``, its text (see :func:`pdf_text`) read by ``parse_text``."""
    found: dict[str, LTImage] = {}
    pages = read_pages(pdf_pages(data, source, found))
    if not pages:
        raise ParseError(source, _EXPECTED, "a PDF without pages", "open it in a PDF viewer and save it again")
    if not any(page.lines for page in pages):
        raise ParseError(source, _EXPECTED, f"{len(pages)} page{'s' * (len(pages) != 1)} without text "
                         "(a scanned PDF holds pictures of pages, not their text)",
                         "recognise its text first (OCR), e.g. `ocrmypdf -l chi_sim scan.pdf bank.pdf`, "
                         "or give the bank as text")
    book, shown = PictureBook(source), dict[str, Shown]()
    pages = tuple(_with_markers(page, number, found, book, shown) for number, page in enumerate(pages, 1))
    bank = parse_text(pdf_text(pages))
    starts, line = [], 1
    for page in pages:
        starts.append(line)
        line += len(page.lines)
    report = PdfReport(len(pages), line - 1, sum(p.furniture for p in pages),
                       sum(1 for p in pages if p.columns == 2), tuple(starts), sum(p.decorations for p in pages))
    return replace(bank, encoding="pdf", pdf=report, pictures=tuple(book.pictures))


def pdf_text(pages: tuple[PageRead, ...]) -> str:
    return "".join(line + "\n" for page in pages for line in page.lines)


def pdf_pages(data: bytes, source: str, found: dict[str, LTImage] | None = None) -> list[PageText]:
    """Each page's text lines with their boxes (y downwards), as pdfminer lays them out, and its
    pictures, each a line naming its content (its key in ``found``)."""
    try:
        return [_page(page, found, f"{source}: page {number}") for number, page in
                enumerate(extract_pages(io.BytesIO(data), laparams=LAParams(all_texts=True)), 1)]
    except GuideError:  # a picture over the size limits
        raise
    except PDFPasswordIncorrect:
        raise ParseError(source, _EXPECTED, "a PDF protected by a password",
                         "save or print it again without a password (e.g. `qpdf --decrypt in.pdf bank.pdf`)") from None
    except Exception as error:  # pdfminer raises many kinds (and KeyError, TypeError …) for a damaged file
        raise _damaged(source, error) from None


def _damaged(source: str, error: Exception) -> ParseError:
    return ParseError(source, _EXPECTED, f"a damaged PDF that cannot be read ({type(error).__name__}: {error})",
                      "open it in a PDF viewer and save or print it again as PDF")


def _page(page: LTPage, found: dict[str, LTImage] | None, place: str) -> PageText:
    height = page.height
    lines = tuple(Line(common_characters(text), line.x0, line.x1, height - line.y1, height - line.y0)
                  for line in _within(page, LTTextLine) if (text := line.get_text().translate(_MARKS).strip()))
    pictures = () if found is None else tuple(
        Line(_picture(image, found, place), image.x0, image.x1, height - image.y1, height - image.y0, picture=True)
        for image in _within(page, LTImage))
    return PageText(page.width, height, lines, pictures)


def _picture(image: LTImage, found: dict[str, LTImage], place: str) -> str:
    """The key of ``image``'s content in ``found``, between the picture marks (no text holds them):
    a hash of its stream and its soft mask's, as the file holds them."""
    content = hashlib.sha256()
    for stream in (image.stream, resolve1(image.stream.get_any(("SMask",)))):
        if isinstance(stream, PDFStream):
            raw = stream.rawdata if stream.rawdata is not None else stream.get_data()
            PictureBook(place).check_size(len(raw), place)  # before it is hashed or decoded
            content.update(raw)
    key = f"{PICTURE_MARK[0]}{content.hexdigest()}{PICTURE_MARK[1]}"
    found.setdefault(key, image)
    return key


def _with_markers(page: PageRead, number: int, found: dict[str, LTImage], book: PictureBook,
                  shown: dict[str, Shown]) -> PageRead:
    """``page`` with each picture's key as its marker in ``book``, in reading order: its file,
    made once however often the PDF draws it, else a picture the guide cannot show."""
    place = f"{book.source}: page {number}"

    def marker(match: re.Match[str]) -> str:
        key = match.group()
        if key not in shown:
            shown[key] = picture_file(found[key].stream)
        picture = shown[key]
        if picture.data is not None:
            return book.add(picture.data, "", place)
        return book.without_data("", "", place, f"PDF ({picture.why})")
    return replace(page, lines=tuple(_PICTURE.sub(marker, line) for line in page.lines))


def common_characters(text: str) -> str:
    """``text`` with the Kangxi radicals and compatibility ideographs that many CJK fonts'
    character maps give for common characters (⼈ U+2F08 for 人) as the characters they show."""
    return _STAND_INS.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text)


def _within(item: Any, kind: type[_Item]) -> Iterator[_Item]:
    """The layout objects of ``kind`` in ``item``, also inside boxes and figures."""
    for child in item:
        if isinstance(child, kind):
            yield child
        elif hasattr(child, "__iter__"):
            yield from _within(child, kind)
