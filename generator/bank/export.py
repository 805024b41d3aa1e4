"""Bank -> the JSON contract, a readable text dump (the golden-test oracle), and the
spreadsheet and CSV that exam apps import (their columns: ``generator.bank.rows``)."""
from __future__ import annotations

import csv
import io
import json
import re
import time
import zipfile
from datetime import UTC, datetime
from pathlib import Path

from ..base.errors import GuideError
from .model import Bank, Question
from .rows import bank_rows, guarded


def question_json(q: Question) -> dict:
    return {
        "id": q.id,
        "number": q.number,
        "type": q.type.value,
        "type_label": q.type_label,
        "stem": q.stem,
        "options": [{"label": o.label, "text": o.text} for o in q.options],
        "answer": q.answer,
        "editor_answer": q.editor_answer,
        "answer_text": q.answer_text,
        "explanation": q.explanation,
        "flags": [{"code": f.code, "severity": f.severity.value, "message": f.message} for f in q.flags],
        "notes": list(q.notes),
        "exam_tags": list(q.exam_tags),
        "corrections": list(q.corrections),
        "points": q.points,
        "source": {"line": q.position.line, "column": q.position.column},
    }


def bank_json(bank: Bank) -> dict:
    """The model as the JSON contract of ``python -m generator export``."""
    return {
        "title": bank.title,
        "preamble": bank.preamble,
        "chapters": [
            {"number": c.number, "title": c.title, "intro": c.intro,
             "questions": [question_json(q) for q in c.questions]}
            for c in bank.chapters
        ],
        "stray": [{"text": s.text, "reason": s.reason, "line": s.position.line, "column": s.position.column}
                  for s in bank.stray],
    }


def dumps_json(bank: Bank) -> str:
    return json.dumps(bank_json(bank), ensure_ascii=False, indent=2) + "\n"


def dump_text(bank: Bank) -> str:
    """A compact, diff-friendly text view of the whole model."""
    lines = [f"title: {bank.title}", f"preamble: {bank.preamble!r}", f"repairs: {bank.repairs}"]
    for s in bank.stray:
        lines.append(f"stray {s.position.line}:{s.position.column} ({s.reason}): {s.text!r}")
    for c in bank.chapters:
        lines.append(f"chapter {c.number}: {c.title}" + (f" intro={c.intro!r}" if c.intro else ""))
        for q in c.questions:
            lines.append(f"  {q.id} #{q.number} {q.type.value} @{q.position.line}:{q.position.column}"
                         f" answer={q.answer!r}" + (f" tags={list(q.exam_tags)}" if q.exam_tags else ""))
            lines.append(f"    stem: {q.stem!r}")
            lines += [f"    {o.label}: {o.text!r}" for o in q.options]
            if q.answer_text is not None and q.answer_text != q.answer:
                lines.append(f"    answer_text: {q.answer_text!r}")
            if q.editor_answer is not None:
                lines.append(f"    editor_answer: {q.editor_answer!r}")
            if q.explanation:
                lines.append(f"    explanation: {q.explanation!r}")
            lines += [f"    flag {f.severity.value} {f.code}: {f.message}" for f in q.flags]
            lines += [f"    note: {n!r}" for n in q.notes]
    return "\n".join(lines) + "\n"


# -- the bank for exam apps: a spreadsheet or CSV, one row per question -----------------

class ExportError(GuideError):
    """An export could not be written where it was asked for."""


def left_out(bank: Bank) -> list[tuple[Question, str]]:
    """The questions the deck, spreadsheet and CSV leave out, with the reason.

    A question cut off by the end of the bank has no answer to learn (its flag says so on
    the site); every other question goes out as the guide shows it, flags and all.
    """
    return [(q, "truncated: the bank ends inside it") for q in bank.questions
            if any(f.code == "truncated" for f in q.flags)]


def _kept(bank: Bank):
    skipped = {q.id for q, _ in left_out(bank)}
    return lambda q: q.id not in skipped


def write_xlsx(bank: Bank, path: Path, script: str, modified: float | None = None) -> None:
    """The bank as an exam-app spreadsheet (one sheet, header row, a row per question).

    Every cell is written as text, so nothing in a bank becomes a spreadsheet formula.
    ``modified`` (seconds since the epoch, by default now) dates the file, so the same
    sources give the same bytes.
    """
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.writer.excel import ExcelWriter

    table = bank_rows(bank, script, _kept(bank))
    book = Workbook(write_only=True)
    book.properties.title = bank.title or bank.slug
    when = datetime.fromtimestamp(time.time() if modified is None else modified, UTC).replace(tzinfo=None)
    book.properties.created = book.properties.modified = when
    sheet = book.create_sheet(_sheet_title(bank.slug))
    sheet.append(table.header)
    for row in table.rows:
        cells = []
        for i, value in enumerate(row):
            cell = WriteOnlyCell(sheet, value=int(value) if i == 0 else value)
            if i:
                cell.data_type = "s"  # never "f": a stem starting with "=" stays text
            cells.append(cell)
        sheet.append(cells)
    buffer = io.BytesIO()  # made whole before the file is opened: an unwritable path leaves nothing half-made
    # openpyxl's writer itself: Workbook.save would date the file now whatever ``modified`` says.
    ExcelWriter(book, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED)).save()
    path.write_bytes(reproducible_zip(buffer.getvalue(), modified))


def dumps_csv(bank: Bank, script: str) -> str:
    """The same table as CSV text (the caller writes it UTF-8 with a BOM, so Excel reads it)."""
    table = bank_rows(bank, script, _kept(bank))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(table.header)
    writer.writerows([guarded(cell) for cell in row] for row in table.rows)
    return out.getvalue()


def write_csv(bank: Bank, path: Path, script: str) -> None:
    path.write_text(dumps_csv(bank, script), encoding="utf-8-sig", newline="")


def reproducible_zip(data: bytes, modified: float | None) -> bytes:
    """A zip archive (.xlsx, .apkg) with every entry dated ``modified`` instead of the moment
    it was written: the same content, the same bytes."""
    if modified is None:
        return data
    stamp = max(time.gmtime(modified)[:6], (1980, 1, 1, 0, 0, 0))  # the earliest date zip can hold
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            entry = zipfile.ZipInfo(info.filename, date_time=stamp)
            entry.compress_type, entry.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
            target.writestr(entry, source.read(info))
    return out.getvalue()


def _sheet_title(slug: str) -> str:
    """A worksheet title Excel accepts: at most 31 characters, none of []:*?/\\."""
    return (re.sub(r"[\[\]:*?/\\]", "-", slug) or "bank")[:31]
