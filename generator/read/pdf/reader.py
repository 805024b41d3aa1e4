"""A PDF bank -> its text, in reading order, for the text parser.

pdfminer.six (MIT, pure Python) reads the text layer and sets each line in a box on its page;
:mod:`generator.read.pdf.reading_order` removes running headers, footers and page numbers and
orders one- and two-column pages.  The lines then go through the text parser as a .txt bank's
do, so every layout a text bank may have is read in a PDF too.  Positions count the lines of
that text; ``check`` says which page each line range came from.

A PDF with no text (a scan) needs OCR first, and says so; a damaged or password-protected PDF
is refused naming what is wrong.  Pictures are not read yet: each page's picture boxes are
where a later reader would place them, by the line above them.
"""
from __future__ import annotations

import io
import logging
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from pdfminer.high_level import extract_pages
from pdfminer.layout import LAParams, LTPage, LTTextLine
from pdfminer.pdfdocument import PDFPasswordIncorrect

from ...bank.model import Bank, PdfReport
from ...base.errors import ParseError
from .reading_order import Line, PageRead, PageText, read_pages

_STAND_INS = re.compile("[\u2f00-\u2fd5\uf900-\ufaff]")
_EXPECTED = "a PDF document with a text layer"
# pdfminer reports what it works around in a damaged file on its loggers, many times a page:
# the reader refuses what it cannot read, and says so once.
logging.getLogger("pdfminer").setLevel(logging.ERROR)

TextParser = Callable[[str], Bank]


def read_pdf_bank(data: bytes, source: str, parse_text: TextParser) -> Bank:
    """The bank in the PDF ``data``, its text (see :func:`pdf_text`) read by ``parse_text``."""
    pages = read_pages(pdf_pages(data, source))
    if not pages:
        raise ParseError(source, _EXPECTED, "a PDF without pages", "open it in a PDF viewer and save it again")
    if not any(page.lines for page in pages):
        raise ParseError(source, _EXPECTED, f"{len(pages)} page{'s' * (len(pages) != 1)} without text "
                         "(a scanned PDF holds pictures of pages, not their text)",
                         "recognise its text first (OCR), e.g. `ocrmypdf -l chi_sim scan.pdf bank.pdf`, "
                         "or give the bank as text")
    bank = parse_text(pdf_text(pages))
    starts, line = [], 1
    for page in pages:
        starts.append(line)
        line += len(page.lines)
    report = PdfReport(len(pages), line - 1, sum(p.furniture for p in pages),
                       sum(1 for p in pages if p.columns == 2), tuple(starts))
    return replace(bank, encoding="pdf", pdf=report)


def pdf_text(pages: tuple[PageRead, ...]) -> str:
    return "".join(line + "\n" for page in pages for line in page.lines)


def pdf_pages(data: bytes, source: str) -> list[PageText]:
    """Each page's text lines with their boxes (y downwards), as pdfminer lays them out."""
    try:
        return [_page(page) for page in extract_pages(io.BytesIO(data), laparams=LAParams(all_texts=True))]
    except PDFPasswordIncorrect:
        raise ParseError(source, _EXPECTED, "a PDF protected by a password",
                         "save or print it again without a password (e.g. `qpdf --decrypt in.pdf bank.pdf`)") from None
    except Exception as error:  # pdfminer raises many kinds (and KeyError, TypeError …) for a damaged file
        raise _damaged(source, error) from None


def _damaged(source: str, error: Exception) -> ParseError:
    return ParseError(source, _EXPECTED, f"a damaged PDF that cannot be read ({type(error).__name__}: {error})",
                      "open it in a PDF viewer and save or print it again as PDF")


def _page(page: LTPage) -> PageText:
    height = page.height
    lines = tuple(Line(common_characters(text), line.x0, line.x1, height - line.y1, height - line.y0)
                  for line in _text_lines(page) if (text := line.get_text().strip()))
    return PageText(page.width, height, lines)


def common_characters(text: str) -> str:
    """``text`` with the Kangxi radicals and compatibility ideographs that many CJK fonts'
    character maps give for common characters (⼈ U+2F08 for 人) as the characters they show."""
    return _STAND_INS.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text)


def _text_lines(item: Any) -> Iterator[LTTextLine]:
    for child in item:
        if isinstance(child, LTTextLine):
            yield child
        elif hasattr(child, "__iter__"):
            yield from _text_lines(child)
