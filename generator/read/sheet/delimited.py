"""A bank of one question a line, its fields split by a delimiter, with no header row.

Quiz scripts and databases keep a bank as ``1|||地球是圆的|||对`` or, exported from Excel
without its header, ``1<TAB>stem<TAB>甲@乙@丙@丁<TAB>4``.  Such a file is recognised by its
lines, not its name: nearly every non-blank line splits at the same delimiter (a tab, or a
run of ``|``) into the same number of fields, the first a question number.  What each field
is comes from all the lines together: the number, then the stem, then the options (one
field split at the separator its cells share, or a field per option), the answer (the last
field whose cells are short: letters, a true/false word, or the right option's position
``1``-``n``), and anything after it the explanation.  The rows then go through the same
reader as a spreadsheet's (:func:`generator.read.sheet.reader.read_rows`).
"""
from __future__ import annotations

import csv
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...bank.fields import choice_letters, judge_value
from ...bank.model import OPTION_LETTERS, Bank
from ...bank.rows import HEADERS, OPTIONS_HEADER
from ...base.errors import ParseError
from .reader import read_rows
from .table_layout import cell_separator, parts

DELIMITERS = ("\t", "|||", "||", "|")  # the longest run of "|" first: "|||" also holds "|"
MIN_ROWS = 3
SHARE = 0.9  # of the non-blank lines that must split alike: a title line or two may come first
_NUMBER = re.compile(r"\d{1,7}")
_POSITION = re.compile(f"[1-{len(OPTION_LETTERS)}]")  # an answer as the right option's place
ANSWER_MAX = 12  # an answer field's cells are this short: "ABCD", "正确", "True"


@dataclass(frozen=True)
class _Layout:
    delimiter: str
    width: int


def _split(line: str, delimiter: str) -> list[str]:
    if delimiter == "\t":  # Excel's text export quotes a cell holding quotes or tabs
        return next(csv.reader([line], delimiter="\t"), [])
    return line.split(delimiter)


def _layout(lines: Sequence[str]) -> _Layout | None:
    """The delimiter and field count nearly all ``lines`` share, the first field a number."""
    if len(lines) < MIN_ROWS:
        return None
    for delimiter in DELIMITERS:
        widths = Counter(len(cells) for line in lines if delimiter in line
                         and _NUMBER.fullmatch((cells := _split(line, delimiter))[0].strip()))
        if not widths:
            continue
        width, count = widths.most_common(1)[0]
        if width >= 3 and count >= MIN_ROWS and count >= SHARE * len(lines):
            return _Layout(delimiter, width)
    return None


def looks_like_delimited(text: str) -> bool:
    """Whether ``text`` is a headerless bank of one question a line, fields split by a delimiter."""
    return _layout([line for line in text.split("\n") if line.strip()]) is not None


def _is_answer(cell: str) -> bool:
    return not cell or (len(cell) <= ANSWER_MAX and (
        choice_letters(cell) is not None or judge_value(cell) is not None or _POSITION.fullmatch(cell) is not None))


def read_delimited(text: str, source: str, slug: str) -> Bank:
    """The bank in ``text`` (:func:`looks_like_delimited`); a line that does not split into the
    fields the others do is an error naming it."""
    lines = text.split("\n")
    numbered = [(i, line) for i, line in enumerate(lines, 1) if line.strip()]
    layout = _layout([line for _, line in numbered])
    if layout is None:
        raise ParseError(source, "one question a line, its fields split by a tab or '|||', the first a number",
                         "lines that do not split alike")
    rows: dict[int, list[str]] = {}
    for line, text_line in numbered:
        cells = [c.strip() for c in _split(text_line, layout.delimiter)]
        if len(cells) != layout.width or not _NUMBER.fullmatch(cells[0]):
            raise ParseError(f"{source}:{line}", f"{layout.width} fields split by {layout.delimiter!r}, "
                             "the first a question number, as the other lines have", repr(text_line[:80]))
        rows[line] = cells
    answer = max((i for i in range(2, layout.width) if all(_is_answer(cells[i]) for cells in rows.values())),
                 default=layout.width)
    between = range(2, answer)
    if len(between) > len(OPTION_LETTERS):
        raise ParseError(source, f"at most {len(OPTION_LETTERS)} option fields between the stem and the answer",
                         f"{len(between)} fields")
    header = [HEADERS["number"][0], HEADERS["stem"][0]]
    word = OPTIONS_HEADER[0]
    header += [word] if len(between) == 1 else [word + OPTION_LETTERS[k] for k in range(len(between))]
    header += [HEADERS["answer"][0], HEADERS["explanation"][0]]
    if len(between) == 1:
        separator = cell_separator([cells[2] for cells in rows.values()], 2)
        counts = {line: len(parts(cells[2], separator)) if separator else 1 for line, cells in rows.items()}
    else:
        counts = {line: sum(1 for i in between if cells[i]) for line, cells in rows.items()}
    chosen = {line: cells[answer] for line, cells in rows.items()
              if answer < layout.width and cells[answer] and counts[line] > 1}
    by_position = all(_POSITION.fullmatch(a) and int(a) <= counts[line] for line, a in chosen.items())
    table: list[list[str]] = [header]
    for line in range(1, len(lines) + 1):  # a row per line, so that a row's number is its line's
        cells = rows.get(line, [])
        if cells:
            given = cells[answer] if answer < layout.width else ""
            if by_position and line in chosen:  # the right option's position, 1-n: its letter
                given = OPTION_LETTERS[int(given) - 1]
            cells = [*cells[:answer], given, "\n".join(c for c in cells[answer + 1:] if c)]
        table.append(cells)
    return read_rows(table, source, slug, "", first_line=0)
