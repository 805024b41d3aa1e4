"""The bank families, in the order a file is tried: each says from the file's bytes (or its
decoded text) whether the file is one of its own, and reads it.  A new family is a folder
beside text/, sheet/, word/, json/ and pdf/ and one line in :data:`FAMILIES`.

A file is recognised by what it holds, never by its name alone: a .txt holding CSV is read
as a table, a .docx that is really a zip of something else is refused.
"""
from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path

from ..bank.model import Bank
from ..bank.pictures import PictureBook
from ..bank.repair import repair
from ..base.decode import as_lines, decode
from ..base.errors import GuideError, ParseError
from .json.reader import looks_like_export, read_json_bank
from .pdf import MAGIC as PDF_MAGIC
from .sheet.delimited import looks_like_delimited, read_delimited
from .sheet.reader import XLSX_MAGIC, looks_like_table, read_rows_text, read_xlsx
from .text.parse import parse
from .text.pictures import markdown_pictures

_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


@dataclass
class BankFile:
    """A bank file's bytes as read, and its text once a family asks for it."""

    path: Path
    data: bytes
    slug: str
    limit: int  # the most its parts may unpack to (a zip: .xlsx, .docx)

    @property
    def source(self) -> str:
        return str(self.path)

    @cached_property
    def decoded(self) -> tuple[str, str]:
        """The text and the encoding it was in (:func:`generator.base.decode.decode`)."""
        return as_lines(self.lines[0]), self.lines[1]

    @cached_property
    def lines(self) -> tuple[str, str]:
        """:attr:`decoded` with form feeds and U+2028 as they were: lines as an editor counts them."""
        return decode(self.data, self.source, lines=False)

    @cached_property
    def zip_names(self) -> frozenset[str]:
        """The parts of a zip archive (none for any other file, or a damaged zip)."""
        if not self.data.startswith(XLSX_MAGIC):
            return frozenset()
        try:
            return frozenset(zipfile.ZipFile(io.BytesIO(self.data)).namelist())
        except zipfile.BadZipFile:
            return frozenset()


@dataclass(frozen=True)
class Family:
    name: str
    recognises: Callable[[BankFile], bool]
    read: Callable[[BankFile], Bank]


def text_bank(text: str, source: str, slug: str, answers: Mapping[int, str] | None = None,
              lines: str | None = None) -> Bank:
    """Decoded text (of a text file, or a Word document's) repaired and parsed (``answers``:
    see :func:`generator.read.text.parse.parse`); ``lines``, the text before form feeds and
    U+2028 became line ends, numbers the lines of messages."""
    repaired = repair(text)
    bank = parse(repaired.text, source, slug, repaired.offsets, text if lines is None else lines, answers)
    return replace(bank, repairs=repaired.count)


# The Word reader and the zip checks (python-docx and lxml, a fifth of a second to import) are
# imported only for a workbook or document: a text bank does not wait for them.
def _xlsx(file: BankFile) -> Bank:
    from .office_package import check_unpacked_size, damaged_office_file

    check_unpacked_size(file.data, file.source, file.limit)  # a zip: what it unpacks to is bounded too
    try:
        # a sheet of questions written as text (no header row) is read as a text bank
        return read_xlsx(file.data, file.source, file.slug, lambda text, where: text_bank(text, where, file.slug))
    except GuideError:
        raise
    except Exception as error:  # whatever else a damaged workbook makes openpyxl raise: one message
        raise damaged_office_file(file.source, file.data, "an Excel workbook (.xlsx)", error) from None


def _docx(file: BankFile) -> Bank:
    from .word.reader import read_word_bank

    # its text goes through the same repair and parser as a text bank's
    return read_word_bank(file.data, file.source, file.slug, file.limit,
                          lambda text, answers: text_bank(text, file.source, file.slug, answers))


def _decoded(read: Callable[[str, str, str], Bank]) -> Callable[[BankFile], Bank]:
    """A reader of decoded text, given the file's text and told its encoding."""
    return lambda file: replace(read(file.decoded[0], file.source, file.slug), encoding=file.decoded[1])


@dataclass(frozen=True)
class _Unread:
    """A kind of file that is not read, recognised by its first bytes to say what it is and
    how to convert it."""

    magic: bytes
    kind: str
    convert: str


_UNREAD = (
    _Unread(_OLE_MAGIC, "a Word 97-2003 or other OLE file (.doc, .xls)",
            "`libreoffice --headless --convert-to docx bank.doc` (a .xls: `--convert-to xlsx`)"),
    _Unread(XLSX_MAGIC, "a zip archive that is no .xlsx workbook or .docx document",
            "unzip it and give the bank inside"),
)


def _unread(file: BankFile) -> Bank:
    unread = next(u for u in _UNREAD if file.data.startswith(u.magic))
    raise ParseError(file.source, "a bank as text (.txt, .md), a Word document (.docx), a spreadsheet (.xlsx), "
                     "CSV (.csv) or this generator's JSON export", unread.kind,
                     "convert it: save it from its program as .docx, .xlsx, .csv or plain text (UTF-8), "
                     "e.g. " + unread.convert)


def _pdf(file: BankFile) -> Bank:
    # pdfminer takes a fifth of a second to import: only a PDF bank pays for it.
    from .pdf.reader import read_pdf_bank
    return read_pdf_bank(file.data, file.source, lambda text: text_bank(text, file.source, file.slug))


def _json(file: BankFile) -> Bank:
    # its pictures' files are read from beside it, as a Markdown bank's
    bank = read_json_bank(file.decoded[0], file.source, file.slug, file.path.parent)
    return replace(bank, encoding=file.decoded[1])


MARKDOWN_SUFFIXES = (".md", ".markdown")  # where ![alt](path) and <img src> are pictures; elsewhere, text


def _text(file: BankFile) -> Bank:
    # Markdown's pictures become markers first: no line is added or lost, so lines count as written.
    # A plain-text bank shows `<img …>` as the characters it wrote, like any other markup.
    book = PictureBook(file.source)
    markdown = file.path.suffix.lower() in MARKDOWN_SUFFIXES
    lines = markdown_pictures(file.lines[0], file.path, book) if markdown else file.lines[0]
    text = as_lines(lines) if book.pictures else file.decoded[0]
    bank = text_bank(text, file.source, file.slug, lines=lines)
    return replace(bank, encoding=file.decoded[1], pictures=tuple(book.pictures))


def _is_table(file: BankFile) -> bool:
    return file.path.suffix.lower() == ".csv" or looks_like_table(file.decoded[0])


FAMILIES: tuple[Family, ...] = (
    Family("xlsx", lambda f: "xl/workbook.xml" in f.zip_names, _xlsx),
    Family("docx", lambda f: "word/document.xml" in f.zip_names, _docx),
    Family("pdf", lambda f: f.data.startswith(PDF_MAGIC), _pdf),
    Family("unread", lambda f: any(f.data.startswith(u.magic) for u in _UNREAD), _unread),
    Family("csv", _is_table, _decoded(read_rows_text)),
    Family("rows", lambda f: looks_like_delimited(f.decoded[0]), _decoded(read_delimited)),
    Family("json", lambda f: looks_like_export(f.decoded[0]), _json),
    Family("text", lambda f: True, lambda f: _text(f)),
)


def family_of(file: BankFile) -> Family:
    """The first family that recognises ``file`` (text, at the latest)."""
    return next(family for family in FAMILIES if family.recognises(file))
