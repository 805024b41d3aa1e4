"""A bank as a spreadsheet (.xlsx) or CSV -> the model.

The first row that names a stem column (题干, 题目, 題幹, stem …) is the header; its other
cells may name, in any order and in Simplified, Traditional or English, the number,
type, options (选项A…, A…), answer, explanation, chapter, editor's notes and answer
(``generator.bank.rows`` lists the words).  Each later row with a stem is a question:
rows without a number are numbered in order, a row without a type gets one from its
options and answer, and a row without a chapter stays in the chapter above it.  A
workbook's every worksheet with a header is read.  What a table writes its own way (options
inside one cell, type codes, answers as the options' text) is decided over all its rows
(``generator.read.sheet.table_layout``).  CSV is read as UTF-8 (with or without BOM) or GB18030.
Word tables with such a header are read here too (``generator.read.word.reader``).
"""
from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import islice
from typing import Any

from ...bank.fields import (
    BLANK,
    JUDGE_CODES,
    TYPE_KEYWORDS,
    choice_letters,
    judge_value,
    normalise_answer,
    split_options,
    type_from_words,
    worded_letters,
)
from ...bank.ids import assign_ids  # q7, or c2-q7 when numbering restarts per chapter
from ...bank.model import (
    OPTION_LETTERS,
    PICTURE_MARK,
    Bank,
    Chapter,
    Option,
    Position,
    Question,
    QuestionType,
    Stray,
    TableReport,
)
from ...bank.pictures import MARKER as PICTURE_MARKER
from ...bank.pictures import PictureBook
from ...bank.rows import (
    ALIASES,
    ENGLISH_TYPES,
    HEADERS,
    OPTION_HEADER,
    OPTIONS_HEADER,
    WEAK_STEM,
    all_type_names,
    header_key,
    unguarded,
)
from ...base.errors import GuideError, ParseError
from ...base.text import quoted
from ..office_package import damaged_office_file
from .pictures import anchored_pictures
from .table_layout import (
    TYPE_CODE,
    CodedRow,
    Shows,
    cell_separator,
    code_types,
    options_of,
    parts,
    separator_name,
    stem_and_options,
)

XLSX_MAGIC = b"PK\x03\x04"  # a zip archive, as every Office Open XML file is
HEADER_SEARCH_ROWS = 10  # a title row or two may come before the header
# A header row is a few column names: a longer line is no header, and csv would refuse a
# cell over its field limit (131,072 characters) with an exception, not a False.
HEADER_MAX_LENGTH = 4000
# Picture markers (U+000E, U+000F) are the reader's own (with_pictures refuses them in a cell).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x10-\x1f]")
_CONTROL_BESIDE_MATH = re.compile(r"[\x00\x01\x06-\x08\x0b\x0c\x10-\x1f]")  # the math markers let through
_LINE_ENDS = re.compile(r"\r\n?")
_ANSWER_PARTS = re.compile(r"[&|｜、,，;；\n]")  # between the texts of several options an answer names
_NUMBER_CELL = re.compile(r"[(（]?(\d{1,9})[)）.．、]?")
_KEYS = {header_key(word): key for key, words in HEADERS.items() for word in words}
_KEYS.update({header_key(word): key for key, words in ALIASES.items() for word in words})
_EXAMPLE = "题型,题干,选项A,选项B,选项C,选项D,答案,解析,章节"
_HEADER_NOTE = re.compile(r"(?P<name>[^(（\[【]{1,20})[(（\[【][^\n]{0,200}")  # "答案(必填)"
# A number cell Excel turned into a date ("2024-01-03 00:00:00") or a fraction ("3.5"): no number
_NOT_A_NUMBER = re.compile(r"\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}:\d{2})?|\d{1,9}\.\d{1,9}")


@dataclass(frozen=True)
class Columns:
    """Where each field is in a row: column indexes (``options`` in letter order)."""

    fields: dict[str, int]
    options: tuple[tuple[str, int], ...]


def looks_like_table(text: str) -> bool:
    """Whether the first lines of ``text`` hold a CSV header naming a stem column."""
    lines = text.split("\n", HEADER_SEARCH_ROWS)[:HEADER_SEARCH_ROWS]
    return any(header_columns(next(csv.reader([line]), [])) is not None
               for line in lines if len(line) <= HEADER_MAX_LENGTH)


def read_xlsx(data: bytes, source: str, slug: str, read_text: Callable[[str, str], Bank] | None = None) -> Bank:
    """The bank in an .xlsx workbook: every worksheet with a header row (a workbook may keep
    one sheet per type or chapter; a sheet named by a type, 多选题, gives rows without a type
    that type, and several sheets name the chapters of rows without a chapter).  A sheet with
    no header whose cells hold whole questions ("1. 题干 A. 甲 B. 乙 答案：A") is read as a text
    bank by ``read_text(text, where)``; a sheet that holds none is named as a stray."""
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        anchored = anchored_pictures(data)
    except Exception as error:  # openpyxl raises many kinds for a damaged file
        raise damaged_office_file(source, data, "an Excel workbook (.xlsx)", error) from None
    pictures = PictureBook(source)
    markers: dict[tuple[str, int, int], str] = {}  # (sheet, row, column) -> the markers of its pictures
    for title, found in anchored.items():
        for p in found:
            place = f"{source}: sheet {title!r} row {p.row} ({p.part})"
            markers[title, p.row, p.column] = markers.get((title, p.row, p.column), "") + pictures.add(p.data, p.alt,
                                                                                                        place)
    try:
        def rows(sheet: Any) -> Iterator[list[str]]:
            """The sheet's rows as text, each picture's marker in the cell it is anchored to; a
            damaged part (openpyxl's many errors) said as such."""
            try:
                for line, row in enumerate(sheet.iter_rows(values_only=True), 1):
                    yield with_pictures([_cell(v) for v in row], sheet.title, line, markers, source)
            except GuideError:
                raise
            except Exception as error:
                raise damaged_office_file(source, data, "an Excel workbook (.xlsx)", error,
                                          getattr(sheet, "_worksheet_path", None)) from None

        named = len(book.worksheets) > 1
        tables = [s for s in book.worksheets
                  if any(header_columns(row) is not None for row in islice(rows(s), HEADER_SEARCH_ROWS))]
        title = book.properties.title or ""
        banks, strays = [], []
        texts = [(sheet, _sheet_text(rows(sheet))) for sheet in book.worksheets if sheet not in tables]
        texts = [(sheet, text) for sheet, text in texts if text]
        read_as_text = [(sheet, bank) for sheet, text in texts
                        if (bank := _text_sheet(text, f"{source}: sheet {sheet.title!r}", read_text)) is not None]
        sheets = len(tables) + len(read_as_text)
        for sheet in tables or ([] if read_as_text else book.worksheets[:1]):  # no header anywhere: the first says
            where = f"{source}: sheet {sheet.title!r}" if named else source
            chapter = sheet.title if sheets > 1 else title
            banks.append(read_rows(rows(sheet), where, slug, chapter, _sheet_type(sheet.title)))
        for sheet, bank in read_as_text:
            banks.append(bank if sheets == 1 else replace(
                bank, chapters=tuple(replace(c, title=sheet.title) for c in bank.chapters)))
        done = {sheet.title for sheet, _ in read_as_text}
        strays += [Stray(f"worksheet {sheet.title!r}", Position(1, 1, 0), "a worksheet with no header row naming "
                         "题干 and 答案 or 选项A…, nor questions as text: not read")
                   for sheet, _ in texts if sheet.title not in done]
    finally:
        book.close()
    chapters: dict[str, list[Question]] = {}
    for bank in banks:
        for c in bank.chapters:
            chapters.setdefault(c.title, []).extend(c.questions)
    return Bank(slug, source, title, "", assign_ids(tuple(
        Chapter(i, name, tuple(questions), Position(questions[0].position.line, 1, 0))
        for i, (name, questions) in enumerate(chapters.items(), 1))), tuple(strays),
        tables=tuple(t for bank in banks for t in bank.tables),
        unread=tuple(u for bank in banks for u in bank.unread), pictures=tuple(pictures.pictures))


def with_pictures(cells: list[str], sheet: str, line: int, markers: dict[tuple[str, int, int], str],
                  source: str) -> list[str]:
    """A row's cells with the marker of each picture anchored to one of them at its end."""
    for column, cell in enumerate(cells, 1):  # an escaped _x000E_ must not forge a marker
        if PICTURE_MARK[0] in cell or PICTURE_MARK[1] in cell:
            raise ParseError(f"{source}: sheet {sheet!r} row {line}, column {column}", "text",
                             f"the control character U+{ord(PICTURE_MARK[0]):04X}")
    if not markers:
        return cells
    for (title, row, column), marker in markers.items():
        if title == sheet and row == line:
            cells += [""] * (column + 1 - len(cells))
            cells[column] += marker
    return cells


def _sheet_text(rows: Iterator[list[str]]) -> str:
    """A sheet's cells as text, a cell to a line, row by row ("" for an empty sheet)."""
    return "\n".join(cell.strip() for row in rows for cell in row if cell.strip())


def _text_sheet(text: str, where: str, read_text: Callable[[str, str], Bank] | None) -> Bank | None:
    """The questions of a sheet read as a text bank, or None when it holds none."""
    if read_text is None:
        return None
    try:
        bank = read_text(text, where)
    except ParseError:
        return None
    return bank if bank.questions else None


def _sheet_type(name: str) -> QuestionType | None:
    """The type a worksheet named only by one (单选题, 判斷題, 多项选择) gives its rows."""
    bare = re.sub(r"[题題\s]", "", name)
    return next((qtype for keyword, qtype in TYPE_KEYWORDS if keyword == bare), None)


def read_rows_text(text: str, source: str, slug: str) -> Bank:
    """The bank in decoded CSV text (a cell may be as long as the whole text)."""
    limit = csv.field_size_limit()
    csv.field_size_limit(max(limit, len(text)))
    try:
        return read_rows(csv.reader(io.StringIO(text)), source, slug, "")
    finally:
        csv.field_size_limit(limit)


@dataclass(frozen=True)
class _Row:
    """A row under the header, as read: its cells by field."""

    line: int
    number: int
    chapter: str
    fields: dict[str, str]
    cells: list[str]

    def get(self, key: str) -> str:  # a column the header does not name reads empty
        return self.fields.get(key, "")


@dataclass(frozen=True)
class _Draft:
    """A row's stem, options and answer, before its type is known."""

    row: _Row
    stem: str
    options: tuple[Option, ...]
    answer_text: str | None
    by_text: str | None  # the letters of the options the answer names by their text
    letters: str | None  # the letters it names, as letters or by the options' text
    worded: str | None  # else the letters its words name ("全选", "A和C")
    named: QuestionType | None  # the type its type cell names (单选题, SC), if it names one

    @property
    def chosen(self) -> str | None:
        return self.letters or self.worded


def read_rows(rows: Iterable[list[str]], source: str, slug: str, title: str,
              default_type: QuestionType | None = None, first_line: int = 1, math: bool = False) -> Bank:
    """The bank in ``rows`` of text cells: a header row, then a row per question
    (``default_type`` for a row that names no type; ``first_line``, the first row's number;
    ``math``: cells may hold formulas between the model's math markers, as a Word table's
    equations do, where no text can forge them)."""
    numbered = enumerate(rows, first_line)
    columns, header_line, header = None, 0, list[str]()
    for header_line, header in numbered:
        columns = header_columns(header)
        if columns is not None or header_line >= HEADER_SEARCH_ROWS:
            break
    if columns is None:
        raise ParseError(f"{source}: row {header_line or 1}", "a header row naming at least the stem column "
                         "(题干 or 题目)", "no such row in the first ten", _EXAMPLE)
    header = [str(cell or "") for cell in header]
    read = list(_rows(numbered, columns, source, header, math))
    _no_options_past_h(read, header, source)
    if not read:
        raise ParseError(source, "at least one row with a stem under the header", "none", _EXAMPLE)
    # Options inside one cell: a separator is known only from all the cells together.
    stem_separator = options_separator = None
    if not columns.options and "options" not in columns.fields:
        stem_separator = _answered_by(cell_separator([r.get("stem") for r in read], 3), read)
    elif not columns.options:
        options_separator = cell_separator([r.get("options") for r in read], 2)
    drafts = [_draft(r, columns, stem_separator, options_separator, source) for r in read]
    type_column = columns.fields.get("type")
    codes = _codes(drafts, source, str(header[type_column]) if type_column is not None else "")
    chapters: dict[str, list[Question]] = {}
    for draft in drafts:
        chapters.setdefault(draft.row.chapter, []).append(_question(draft, source, default_type, codes))
    default_title = title or slug
    report = TableReport(source, len(read), _options_report(columns, stem_separator, options_separator),
                         tuple((code, qtype.value) for code, qtype in sorted(codes.items())),
                         sum(1 for d in drafts if d.by_text))
    return Bank(slug, source, title, "", assign_ids(tuple(
        Chapter(i, name or default_title, tuple(questions), Position(questions[0].position.line, 1, 0))
        for i, (name, questions) in enumerate(chapters.items(), 1))), tables=(report,))


def _rows(numbered: Iterator[tuple[int, list[str]]], columns: Columns, source: str,
          header: Sequence[str] = (), math: bool = False) -> Iterator[_Row]:
    """The rows after the header that hold anything, numbered, each in its chapter; the header
    repeated further down (sheets pasted together) is no question."""
    chapter, number = "", 0
    repeated = [cell.strip() for cell in header]
    for line, row in numbered:
        cells = _cells(row, source, line, _CONTROL_BESIDE_MATH if math else _CONTROL)
        if not any(cells) or cells == repeated[: len(cells)] + [""] * (len(cells) - len(repeated)):
            continue
        fields = {key: cells[i] if i < len(cells) else "" for key, i in columns.fields.items()}
        chapter = fields.get("chapter") or chapter
        number = _number(fields.get("number", ""), number, source, line)
        yield _Row(line, number, chapter, fields, cells)


# An option column past the last letter ("选项I", "Option J", "K选项"): nothing the model can hold
# ("options", one column of all options, is none)
_OPTION_PAST_H = re.compile(rf"^(?:(?:选项|選項|option(?!s$))([{chr(ord(OPTION_LETTERS[-1]) + 1)}-Z])"
                            rf"|([{chr(ord(OPTION_LETTERS[-1]) + 1)}-Z])(?:选项|選項))$", re.IGNORECASE)


def _no_options_past_h(rows: list[_Row], header: list[str], source: str) -> None:
    """A named error when a row fills an option column past H: its option would be lost
    (an empty such column, as a template has, loses nothing)."""
    past = [i for i, cell in enumerate(header) if _OPTION_PAST_H.match(header_key(cell))]
    for row in rows if past else ():
        filled = next((i for i in past if i < len(row.cells) and row.cells[i]), None)
        if filled is not None:
            letters = f"{OPTIONS_HEADER[0]}A–{OPTIONS_HEADER[0]}{OPTION_LETTERS[-1]}"
            raise ParseError(f"{source}: row {row.line}, column {filled + 1}",
                             f"at most {len(OPTION_LETTERS)} option columns ({letters})",
                             f"{header[filled].strip()} filled: {quoted(row.cells[filled])}")


def _answered_by(separator: str | None, rows: list[_Row]) -> str | None:
    """``separator`` if the answers of most rows it splits name the options it gives (by letter
    or text): lines of code in a short question's stem are no options."""
    answered = named = 0
    for row in rows:
        _, options = stem_and_options(row.get("stem"), separator)
        answer = _answer(row.get("answer"))
        if options and answer:
            answered += 1
            letters = choice_letters(answer) or _letters_by_text(answer, options, separator) or ""
            named += bool(letters) and set(letters) <= {o.label for o in options}
    return separator if named * 2 > answered else None


def _options_report(columns: Columns, stem_separator: str | None, options_separator: str | None) -> str:
    if columns.options:
        return f"columns {columns.options[0][0]}–{columns.options[-1][0]}"
    if stem_separator is not None:
        return f"in the stem cell after the stem, split at {separator_name(stem_separator)}"
    if options_separator is not None:
        return f"in one cell, split at {separator_name(options_separator)}"
    return "in one cell" if "options" in columns.fields else "none"


def _draft(row: _Row, columns: Columns, stem_separator: str | None, options_separator: str | None,
           source: str) -> _Draft:
    stem = row.get("stem") + _pictures_outside_fields(row, columns)
    if not stem:
        raise ParseError(f"{source}: row {row.line}", "a stem in the stem column", "an empty cell beside other cells")
    options = tuple(Option(letter, row.cells[i]) for letter, i in columns.options
                    if i < len(row.cells) and row.cells[i])
    if not options and row.get("options"):
        options = _options_in_one_cell(row.get("options"), options_separator)
    named = _named_type(row.get("type"))
    if not options and (named is None or named.is_choice or named is QuestionType.JUDGE):  # not a 简答题's stem
        stem, options = stem_and_options(stem, stem_separator)
    answer_text = _answer(row.get("answer")) or None
    direct = choice_letters(answer_text) if answer_text else None
    by_text = None if direct else _letters_by_text(answer_text, options, stem_separator or options_separator)
    letters = direct or by_text
    worded = worded_letters(answer_text, options) if answer_text and options and not letters else None
    return _Draft(row, stem, options, answer_text, by_text, letters, worded, named)


def _pictures_outside_fields(row: _Row, columns: Columns) -> str:
    """The markers of pictures anchored in a column that is no field (a 图片 column): the stem's."""
    read = set(columns.fields.values()) | {i for _, i in columns.options}
    return "".join(m.group() for i, cell in enumerate(row.cells) if i not in read and PICTURE_MARK[0] in cell
                   for m in PICTURE_MARKER.finditer(cell))


def _codes(drafts: list[_Draft], source: str, column: str) -> dict[str, QuestionType]:
    """What the codes of the type column mean (``{"0": single, …}``), read from their rows;
    empty when it names its types."""
    coded = [CodedRow(name, d.row.line, _shows(d)) for d in drafts
             if (name := d.row.get("type")) and d.named is None and TYPE_CODE.fullmatch(name)]
    return code_types(coded, source, column) if coded else {}


def _shows(draft: _Draft) -> Shows:
    """What a row's options and answer show of its type (:func:`code_types` reads a code from them)."""
    answer = (draft.answer_text or "").strip()
    if draft.options and not _true_false_pair(draft.options):
        if draft.chosen is None:
            return Shows.CHOICE
        return Shows.SEVERAL if len(draft.chosen) > 1 else Shows.ONE
    if judge_value(answer) is not None:
        return Shows.TRUE_FALSE
    if answer in JUDGE_CODES:
        return Shows.CODE
    if BLANK.search(draft.stem):
        return Shows.BLANK
    return Shows.OPEN if answer else Shows.BARE


def _true_false_pair(options: tuple[Option, ...]) -> bool:
    """Options 正确/错误 (对/错, True/False): a statement to judge, not a choice."""
    return len(options) == 2 and {judge_value(o.text) for o in options} == {True, False}


def _question(draft: _Draft, source: str, default_type: QuestionType | None,
              codes: dict[str, QuestionType]) -> Question:
    row, options, answer_text = draft.row, draft.options, draft.answer_text
    where = f"{source}: row {row.line}"
    answer = draft.by_text or answer_text
    qtype = _type(row.get("type"), draft, where, default_type, codes)
    if qtype.is_choice and options and answer_text and draft.chosen is None:
        shown = "、".join(f"{o.label} {quoted(o.text, 30)}" for o in options)
        raise ParseError(f"{where}: answer", "the letters of its options (A, BD) or the text of its options exactly",
                         f"{quoted(answer_text, 60)}, which names none of them; the options: {shown}")
    notes = tuple(n for n in re.split(r"\n{2,}", row.get("notes")) if n.strip())
    return Question(id=f"q{row.number}", number=row.number, type=qtype, stem=draft.stem, options=options,
                    answer=normalise_answer(qtype, answer, options), explanation=row.get("explanation"),
                    position=Position(row.line, 1, row.line), answer_text=answer_text, notes=notes,
                    end_offset=row.line, editor_answer=normalise_answer(qtype, row.get("editor_answer"), options))


def _options_in_one_cell(cell: str, separator: str | None = None) -> tuple[Option, ...]:
    """The options of one cell: a JSON list (``["甲", "乙"]``, as apps export them), labelled
    (``A. 甲 B. 乙``), split at the separator the column's cells share (``甲|乙``), else one
    per line, lettered in order."""
    listed = _json_list(cell)
    if listed is not None and 1 < len(listed) <= len(OPTION_LETTERS):
        return tuple(Option(OPTION_LETTERS[i], text) for i, text in enumerate(listed))
    _, options = split_options(cell)
    if options:
        return options
    if separator is not None and separator in cell:
        return options_of(parts(cell, separator))
    lines = [line.strip() for line in cell.split("\n") if line.strip()]
    if not 1 < len(lines) <= len(OPTION_LETTERS):
        return ()
    return tuple(Option(OPTION_LETTERS[i], line) for i, line in enumerate(lines))


def _answer(cell: str) -> str:
    """The answer cell, a JSON list (``["A", "C"]``, as apps export it) written as letters or text."""
    listed = _json_list(cell)
    if listed is None:
        return cell
    return "".join(listed) if all(len(item) == 1 and item.isalpha() for item in listed) else "；".join(listed)


def _letters_by_text(answer: str | None, options: tuple[Option, ...], separator: str | None = None) -> str | None:
    """The letters of the options an answer that is no letters names by their exact text
    (``中本聪``, ``甲&丙``: several joined with the options' own separator, else one of ``&|、,;``)."""
    if not answer or not options:
        return None
    by_text: dict[str, str] = {}
    for o in options:
        by_text.setdefault(o.text.strip(), o.label)
    if answer.strip() in by_text:
        return by_text[answer.strip()]
    pieces = parts(answer, separator) if separator else [p.strip() for p in _ANSWER_PARTS.split(answer) if p.strip()]
    if pieces and all(p in by_text for p in pieces):
        return "".join(sorted({by_text[p] for p in pieces}))
    return None


def _json_list(cell: str) -> list[str] | None:
    """The texts of a cell holding a JSON list of texts or numbers, else ``None``."""
    if not (cell.startswith("[") and cell.endswith("]")):
        return None
    try:
        value = json.loads(cell)
    except ValueError:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str | int | float) for v in value):
        return None
    return [str(v).strip() for v in value]


def _named_type(name: str) -> QuestionType | None:
    """The type a type cell names (单选题, 判斷題, single, SC), if it names one."""
    return type_from_words(name) or ENGLISH_TYPES.get(header_key(name).removesuffix("question"))


def _type(name: str, draft: _Draft, where: str, default: QuestionType | None,
          codes: dict[str, QuestionType]) -> QuestionType:
    """The type the row names (or its code means), else ``default``, else the one its options
    and answer show."""
    if name:
        qtype = draft.named or codes.get(name)
        if qtype is None:
            raise ParseError(f"{where}: type", "one of " + "、".join(all_type_names()) + " (or single, multiple, "
                             "judge, fill, calc, short, case)", repr(name))
        return qtype
    if default is not None:
        return default
    if draft.options:
        letters = draft.letters
        return QuestionType.MULTIPLE if letters and len(letters) > 1 else QuestionType.SINGLE
    if judge_value(draft.answer_text or "") is not None:
        return QuestionType.JUDGE
    return QuestionType.FILL if BLANK.search(draft.stem) else QuestionType.SHORT


def column_name(cell: str) -> str | None:
    """The field a header cell names (``stem``, ``answer`` …, ``option B``), or ``None``; a
    note in brackets after the name is no part of it (``正确答案(只能输入ABCD否则报错)``)."""
    key = header_key(cell)
    noted = _HEADER_NOTE.fullmatch(key)
    key = noted["name"] if noted and column_name(noted["name"]) else key
    option = OPTION_HEADER.match(key)
    return f"option {option.group(1).upper()}" if option else _KEYS.get(key)


def header_columns(row: Sequence[object]) -> Columns | None:
    """The columns a header row names, or ``None`` if it names no stem column."""
    fields: dict[str, int] = {}
    options: dict[str, int] = {}
    for i, cell in enumerate(row):
        name = column_name(str(cell or ""))
        if name is not None and name.startswith("option "):
            options.setdefault(name.removeprefix("option "), i)
        elif name is not None:
            fields.setdefault(name, i)
    if "stem" not in fields:
        weak = next((i for i, cell in enumerate(row) if header_key(str(cell or "")) in WEAK_STEM), None)
        if weak is not None:
            fields["stem"] = weak
    # A text bank's line "题目" is no header: a stem column needs options or an answer beside it.
    if "stem" not in fields or not (options or "answer" in fields or "options" in fields):
        return None
    return Columns(fields, tuple(sorted(options.items())))


def _cells(row: Sequence[object], source: str, line: int, refused: re.Pattern[str] = _CONTROL) -> list[str]:
    cells = []
    for column, value in enumerate(row, 1):
        text = _LINE_ENDS.sub("\n", unguarded(str(value or ""))).strip()
        control = refused.search(text)
        if control:
            raise ParseError(f"{source}: row {line}, column {column}", "text",
                             f"the control character U+{ord(control.group()):04X}")
        cells.append(text)
    return cells


def _number(cell: str, previous: int, source: str, line: int) -> int:
    if not cell:
        return previous + 1
    # "3.0": a number cell Excel stored as a float; "3." "（3）": as people type them, or Word numbers a cell.
    digits = _NUMBER_CELL.fullmatch(cell.removesuffix(".0"))
    if not digits and _NOT_A_NUMBER.fullmatch(cell):  # Excel's date or fraction of "1.1": numbered in order
        return previous + 1
    if not digits:
        raise ParseError(f"{source}: row {line}: number", "a whole number (or an empty cell)", quoted(cell))
    return int(digits.group(1))


def _cell(value: object) -> str:
    """A worksheet value as text: ``3.0`` -> ``3``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value)

