"""From a bank file to the model: the stages that say what a bank holds.

    bytes --decode--> text --repair--> text --parse--> Bank --errata--> Bank --lint--> Bank(+flags)

Each stage is a plain function over immutable data; this module only reads files and
calls them in order.  What follows concerns how the bank is shown, and is composed in
``generator.pages.compose``: the script stage (Simplified or Traditional), then rendering, which
typesets formulas and adds cross-links.
"""
from __future__ import annotations

import io
import zipfile
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from ..bank.errata import MathCheck, apply_errata, load_errata
from ..bank.lint import lint
from ..bank.model import Bank
from ..bank.repair import repair
from ..base.decode import decode
from ..base.errors import BankFileError, ParseError
from ..base.files import MB, read_regular_file
from .json.reader import looks_like_export, read_json_bank
from .office_package import check_unpacked_size
from .sheet.reader import XLSX_MAGIC, looks_like_table, read_rows_text, read_xlsx
from .text.parse import parse
from .word.reader import read_word_bank

ERRATA_FILE = "errata.yml"
# Banks larger than this are refused: 200 MB is a hundred times the largest bank seen, and
# reading one takes several times its size in memory.  `--max-size` gives another for a run.
MAX_BANK_SIZE = 200 * MB
# What a file holds, by its first bytes, for the kinds that are not read (with what they are).
UNREAD_KINDS = {"doc": "a Word 97-2003 or other OLE file (.doc, .xls)", "pdf": "a PDF document",
                "zip": "a zip archive that is no .xlsx workbook or .docx document"}
# How to convert each kind that is not read, for its message.
_CONVERT = {"doc": "`libreoffice --headless --convert-to docx bank.doc` (a .xls: `--convert-to xlsx`)",
            "pdf": "`pdftotext -layout bank.pdf bank.txt` (poppler-utils), then check the text",
            "zip": "unzip it and give the bank inside"}
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def file_kind(data: bytes, path: Path) -> str:
    """``xlsx``, ``docx``, ``csv`` (by name; CSV content is recognised by its header too), one
    of :data:`UNREAD_KINDS`, or ``text``."""
    if data.startswith(XLSX_MAGIC):
        try:
            names = set(zipfile.ZipFile(io.BytesIO(data)).namelist())
        except zipfile.BadZipFile:
            return "zip"
        return "xlsx" if "xl/workbook.xml" in names else "docx" if "word/document.xml" in names else "zip"
    if data.startswith(_OLE_MAGIC):
        return "doc"
    if data.startswith(b"%PDF"):
        return "pdf"
    return "csv" if path.suffix.lower() == ".csv" else "text"


def bank_slug(path: Path) -> str:
    """``content/banks/ai-trainer/bank.txt`` -> ``ai-trainer``; ``my-bank.txt`` -> ``my-bank``."""
    name = path.parent.name if path.stem == "bank" else path.stem
    slug = "".join(c if c.isascii() and c.isalnum() else "-" for c in name.lower()).strip("-")
    return slug or "bank"


def default_errata(path: Path) -> Path | None:
    """The errata file beside a bank, if there is one (a folder, FIFO or device of that name is
    returned too, for reading to refuse: skipping it would drop the corrections unsaid)."""
    candidate = path.with_name(ERRATA_FILE) if path.stem == "bank" else path.with_suffix(".errata.yml")
    return candidate if candidate.exists() else None


def sources_modified(path: Path, errata: Path | None = None) -> float:
    """When the bank at ``path`` or its corrections last changed (seconds since the epoch):
    exports date their content by it, so the same sources give the same files."""
    errata = errata or default_errata(path)
    return max(p.stat().st_mtime for p in (path, errata) if p is not None and p.is_file())


def read_bank(path: Path, limit: int = MAX_BANK_SIZE) -> Bank:
    """The bank file at ``path`` as its author wrote it, by what the file holds (not its name):

    an .xlsx workbook or a CSV table (``generator.read.sheet.reader``), a Word document
    (``generator.read.word.reader``: question tables read like a spreadsheet, else its text
    parsed as a text bank's), this project's JSON export (``generator.read.json.reader``),
    else text: decoded, repaired and parsed.  A file over ``limit`` bytes, or a zip that
    unpacks to more, is refused.
    """
    source = str(path)
    data = read_bank_bytes(path, limit)
    kind = file_kind(data, path)
    slug = bank_slug(path)
    if kind == "xlsx":
        check_unpacked_size(data, source, limit)  # a zip: what it unpacks to is bounded too
        return read_xlsx(data, source, slug)
    if kind == "docx":  # its text goes through the same repair and parser as a text bank's
        return read_word_bank(data, source, slug, limit,
                              lambda text, answers: _text_bank(text, source, slug, answers))
    if kind in UNREAD_KINDS:
        raise ParseError(source, "a bank as text (.txt, .md), a Word document (.docx), a spreadsheet (.xlsx), "
                         "CSV (.csv) or this generator's JSON export", f"{UNREAD_KINDS[kind]}",
                         "convert it: save it from its program as .docx, .xlsx, .csv or plain text (UTF-8), "
                         "e.g. " + _CONVERT[kind])
    text, encoding = decode(data, source)
    if kind == "csv" or looks_like_table(text):
        return replace(read_rows_text(text, source, slug), encoding=encoding)
    if looks_like_export(text):
        return replace(read_json_bank(text, source, slug), encoding=encoding)
    return replace(_text_bank(text, source, slug), encoding=encoding)


def _text_bank(text: str, source: str, slug: str, answers: Mapping[int, str] | None = None) -> Bank:
    """Decoded text (of a text file, or a Word document's) repaired and parsed (``answers``:
    see :func:`generator.read.text.parse.parse`)."""
    repaired = repair(text)
    bank = parse(repaired.text, source, slug, repaired.offsets, text, answers)
    return replace(bank, repairs=repaired.count)


def read_bank_bytes(path: Path, limit: int = MAX_BANK_SIZE) -> bytes:
    """The bytes of the bank file at ``path``, refusing what is no regular file or is over
    ``limit`` bytes before reading anything: a FIFO, ``/dev/zero`` or a folder is an error
    at once, never a read that blocks or fills the memory."""
    return read_regular_file(path, BankFileError, "a bank file (a regular text file)", limit, "a bank",
                             lambda size: f"--max-size {-(-size // MB)} reads it")


def load_bank(path: Path, errata: Path | None = None, use_errata: bool = True,
              check_math: MathCheck | None = None, limit: int = MAX_BANK_SIZE) -> Bank:
    """The bank at ``path`` with its corrections applied and its flags raised.

    ``errata`` overrides the file beside the bank; ``use_errata=False`` skips corrections;
    ``check_math`` checks each formula of the errata (generator.math.editor_latex); banks
    over ``limit`` bytes are refused.
    """
    return lint(corrected_bank(path, errata, use_errata, check_math, limit))


def corrected_bank(path: Path, errata: Path | None = None, use_errata: bool = True,
                   check_math: MathCheck | None = None, limit: int = MAX_BANK_SIZE) -> Bank:
    """The bank at ``path`` with its corrections applied, not yet checked (:func:`load_bank`)."""
    bank = read_bank(path, limit)
    errata_path = errata or (default_errata(path) if use_errata else None)
    if use_errata and errata_path:
        bank = apply_errata(bank, load_errata(errata_path, check_math))
    return bank
