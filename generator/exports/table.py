"""Bank -> the spreadsheet (.xlsx) and CSV that exam apps import: a header row, one row per
question, in the columns of generator.bank.rows."""
from __future__ import annotations

import csv
import io
import re
import time
import zipfile
from datetime import UTC, datetime
from typing import Any

from ..bank.model import Bank
from ..bank.rows import bank_rows, guarded
from .common import kept, reproducible_zip


def xlsx_bytes(bank: Bank, script: str, modified: float | None = None) -> bytes:
    """The bank as an exam-app spreadsheet (one sheet, header row, a row per question).

    Every cell is written as text, so nothing in a bank becomes a spreadsheet formula.
    ``modified`` (seconds since the epoch, by default now) dates the file, so the same
    sources give the same bytes.
    """
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.cell.cell import ERROR_CODES
    from openpyxl.writer.excel import ExcelWriter

    table = bank_rows(bank, script, kept(bank))
    book = Workbook(write_only=True)
    book.properties.title = bank.title or bank.slug
    when = datetime.fromtimestamp(time.time() if modified is None else modified, UTC).replace(tzinfo=None)
    book.properties.created = book.properties.modified = when
    sheet = book.create_sheet(_sheet_title(bank.slug))
    sheet.append(table.header)

    def text(value: Any) -> Any:
        """``value`` as a text cell: a value openpyxl would read as a formula ("=…") or an error
        ("#N/A") in a cell forced to text, any other as it is (a cell each was a third of the time)."""
        if isinstance(value, str) and not (value.startswith("=") or value in ERROR_CODES):
            return value
        cell = WriteOnlyCell(sheet, value=value)
        cell.data_type = "s"
        return cell

    for row in table.rows:
        sheet.append([int(row[0]), *map(text, row[1:])])
    buffer = io.BytesIO()
    # openpyxl's writer itself: Workbook.save would date the file now whatever ``modified`` says.
    # Stored, not compressed, where reproducible_zip compresses every entry again (a third of the time).
    compression = zipfile.ZIP_DEFLATED if modified is None else zipfile.ZIP_STORED
    ExcelWriter(book, zipfile.ZipFile(buffer, "w", compression)).save()
    return reproducible_zip(buffer.getvalue(), modified)


def dumps_csv(bank: Bank, script: str) -> str:
    """The same table as CSV text (written UTF-8 with a BOM, so Excel reads it)."""
    table = bank_rows(bank, script, kept(bank))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(table.header)
    writer.writerows([guarded(cell) for cell in row] for row in table.rows)
    return out.getvalue()


def _sheet_title(slug: str) -> str:
    """A worksheet title Excel accepts: at most 31 characters, none of []:*?/\\."""
    return (re.sub(r"[\[\]:*?/\\]", "-", slug) or "bank")[:31]
