"""A bank as a spreadsheet (.xlsx) or CSV -> the model.

The first row that names a stem column (题干, 题目, 題幹, stem …) is the header; its other
cells may name, in any order and in Simplified, Traditional or English, the number,
type, options (选项A…, A…), answer, explanation, chapter, editor's notes and answer
(``generator.bank.rows`` lists the words).  Each later row with a stem is a question:
rows without a number are numbered in order, a row without a type gets one from its
options and answer, and a row without a chapter stays in the chapter above it.
CSV is read as UTF-8 (with or without BOM) or GB18030.
"""
from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..base.errors import ParseError
from .decode import decode
from .fields import BLANK, choice_letters, judge_value, normalise_answer, type_from_words
from .model import Bank, Chapter, Option, Position, Question, QuestionType
from .parse import _assign_ids as assign_ids  # q7, or c2-q7 when numbering restarts per chapter
from .rows import ALIASES, ENGLISH_TYPES, HEADERS, OPTION_HEADER, all_type_names, header_key, unguarded

XLSX_MAGIC = b"PK\x03\x04"  # a zip archive, as every Office Open XML file is
HEADER_SEARCH_ROWS = 10  # a title row or two may come before the header
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_LINE_ENDS = re.compile(r"\r\n?")
_KEYS = {header_key(word): key for key, words in HEADERS.items() for word in words}
_KEYS.update({header_key(word): key for key, words in ALIASES.items() for word in words})
_EXAMPLE = "题型,题干,选项A,选项B,选项C,选项D,答案,解析,章节"


@dataclass(frozen=True)
class Columns:
    """Where each field is in a row: column indexes (``options`` in letter order)."""

    fields: dict[str, int]
    options: tuple[tuple[str, int], ...]


def looks_like_table(text: str) -> bool:
    """Whether the first lines of ``text`` hold a CSV header naming a stem column."""
    lines = text.splitlines()[:HEADER_SEARCH_ROWS]
    return any(_columns(next(csv.reader([line]), [])) is not None for line in lines)


def read_xlsx(data: bytes, source: str, slug: str) -> Bank:
    """The bank in the first worksheet of an .xlsx workbook."""
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds for a damaged file
        raise ParseError(source, "an Excel workbook (.xlsx)", f"a file openpyxl cannot open ({error})",
                         "save it again from Excel or LibreOffice as .xlsx") from None
    try:
        sheet = book.worksheets[0]
        rows = ([_cell(v) for v in row] for row in sheet.iter_rows(values_only=True))
        return read_rows(rows, source, slug, book.properties.title or "")
    finally:
        book.close()


def read_csv(data: bytes, source: str, slug: str) -> Bank:
    """The bank in a CSV file (UTF-8 with or without BOM, or GB18030)."""
    text, encoding = decode(data, source)
    return replace(read_rows_text(text, source, slug), encoding=encoding)


def read_rows_text(text: str, source: str, slug: str) -> Bank:
    """The bank in decoded CSV text."""
    return read_rows(csv.reader(io.StringIO(text)), source, slug, "")


def read_rows(rows: Iterable[list[str]], source: str, slug: str, title: str) -> Bank:
    """The bank in ``rows`` of text cells: a header row, then a row per question."""
    numbered = enumerate(rows, 1)
    columns, header_line = None, 0
    for header_line, row in numbered:
        columns = _columns(row)
        if columns is not None or header_line >= HEADER_SEARCH_ROWS:
            break
    if columns is None:
        raise ParseError(f"{source}: row {header_line or 1}", "a header row naming at least the stem column "
                         "(题干 or 题目)", "no such row in the first ten", _EXAMPLE)
    chapters: dict[str, list[Question]] = {}
    chapter = ""
    number = 0
    for line, row in numbered:  # the rows after the header
        cells = _cells(row, source, line)
        if not any(cells):
            continue
        fields = {key: cells[i] if i < len(cells) else "" for key, i in columns.fields.items()}
        chapter = fields.get("chapter") or chapter
        number = _number(fields.get("number", ""), number, source, line)
        chapters.setdefault(chapter, []).append(_question(fields, columns, cells, number, source, line))
    if not chapters:
        raise ParseError(source, "at least one row with a stem under the header", "none", _EXAMPLE)
    default_title = title or slug
    return Bank(slug, source, title, "", assign_ids(tuple(
        Chapter(i, name or default_title, tuple(questions), Position(questions[0].position.line, 1, 0))
        for i, (name, questions) in enumerate(chapters.items(), 1))))


def _question(fields: dict[str, str], columns: Columns, cells: list[str], number: int, source: str,
              line: int) -> Question:
    where = f"{source}: row {line}"
    def get(key: str) -> str:  # a column the header does not name reads empty
        return fields.get(key, "")

    stem = get("stem")
    if not stem:
        raise ParseError(where, "a stem in the stem column", "an empty cell beside other cells")
    options = tuple(Option(letter, cells[i]) for letter, i in columns.options if i < len(cells) and cells[i])
    answer_text = get("answer") or None
    qtype = _type(get("type"), options, answer_text, stem, where)
    notes = tuple(n for n in re.split(r"\n{2,}", get("notes")) if n.strip())
    return Question(id=f"q{number}", number=number, type=qtype, stem=stem, options=options,
                    answer=normalise_answer(qtype, answer_text, options), explanation=get("explanation"),
                    position=Position(line, 1, line), answer_text=answer_text, notes=notes, end_offset=line,
                    editor_answer=normalise_answer(qtype, get("editor_answer"), options))


def _type(name: str, options: tuple[Option, ...], answer: str | None, stem: str, where: str) -> QuestionType:
    """The type the row names, else the one its options and answer show."""
    if name:
        qtype = type_from_words(name) or ENGLISH_TYPES.get(header_key(name).removesuffix("question"))
        if qtype is None:
            raise ParseError(f"{where}: type", "one of " + "、".join(all_type_names()) + " (or single, multiple, "
                             "judge, fill, calc, short, case)", repr(name))
        return qtype
    if options:
        letters = choice_letters(answer or "")
        return QuestionType.MULTIPLE if letters and len(letters) > 1 else QuestionType.SINGLE
    if judge_value(answer or "") is not None:
        return QuestionType.JUDGE
    return QuestionType.FILL if BLANK.search(stem) else QuestionType.SHORT


def _columns(row: list) -> Columns | None:
    """The columns a header row names, or ``None`` if it names no stem column."""
    fields: dict[str, int] = {}
    options: dict[str, int] = {}
    for i, cell in enumerate(row):
        key = header_key(str(cell or ""))
        option = OPTION_HEADER.match(key)
        if option:
            options.setdefault(option.group(1).upper(), i)
        elif key in _KEYS:
            fields.setdefault(_KEYS[key], i)
    if "stem" not in fields or not (options or "answer" in fields):  # a text bank's line "题目" is no header
        return None
    return Columns(fields, tuple(sorted(options.items())))


def _cells(row: list, source: str, line: int) -> list[str]:
    cells = []
    for column, value in enumerate(row, 1):
        text = _LINE_ENDS.sub("\n", unguarded(str(value or ""))).strip()
        control = _CONTROL.search(text)
        if control:
            raise ParseError(f"{source}: row {line}, column {column}", "text",
                             f"the control character U+{ord(control.group()):04X}")
        cells.append(text)
    return cells


def _number(cell: str, previous: int, source: str, line: int) -> int:
    if not cell:
        return previous + 1
    digits = cell.removesuffix(".0")  # a number cell Excel stored as a float
    if not digits.isdigit():
        raise ParseError(f"{source}: row {line}: number", "a whole number (or an empty cell)", repr(cell))
    return int(digits)


def _cell(value: object) -> str:
    """A worksheet value as text: ``3.0`` -> ``3``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value)

