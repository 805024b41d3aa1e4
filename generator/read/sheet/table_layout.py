"""What a question table writes in its own way, decided over all its rows at once.

Two things a header cannot say:

- **options inside one cell**: ``stem&甲&乙&丙`` (or ``甲@乙@丙``) in the stem cell of a sheet with no option
  columns, or ``甲|乙|丙`` in a 选项 cell.  A separator (:data:`SEPARATORS`) counts only when it
  splits the cells consistently: at least two cells split into the same number of parts, and
  they are most of the cells holding it; a ``&`` in one stem is no separator.
- **type codes**: a type column of codes (``0``/``1``/``2``, ``S``/``M``) rather than type
  names.  What each code means is read from its rows (:func:`code_types`): options and one
  answer each, single; several answers, multiple; no options and 对/错 or 0/1 answers, judge.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from ...bank.model import OPTION_LETTERS, Option, QuestionType
from ...base.errors import ParseError

SEPARATORS = ("&", "|", "｜", "#", "@", ";", "；", "\n")
SEPARATOR_NAMES = {"\n": "a line break"}
# A code in a type column: a short run of digits or Latin letters (a type name is words)
TYPE_CODE = re.compile(r"[0-9]{1,3}|[A-Za-z]{1,3}")
_LABEL = re.compile(r"[(（]?([A-J])[)）.．、:：]\s*")
SHOWN_ROWS = 6  # rows a message names before "…"


def separator_name(separator: str) -> str:
    return SEPARATOR_NAMES.get(separator, repr(separator))


def cell_separator(cells: Sequence[str], min_parts: int) -> str | None:
    """The separator that splits ``cells`` consistently into at least ``min_parts`` parts, or
    ``None``: at least two cells, and most of the cells holding it, split into about the same
    number of parts (the most common count of those with ``min_parts`` or more, give or take
    one: a bank may have three options here and four there).  When several separators do, the
    one that splits the most cells so."""
    best, best_rows = None, 0
    for separator in SEPARATORS:
        counts = [len(parts(cell, separator)) for cell in cells if separator in cell]
        useful = Counter(n for n in counts if n >= min_parts)
        if not useful:
            continue
        mode = useful.most_common(1)[0][0]
        rows = sum(k for n, k in useful.items() if abs(n - mode) <= 1)
        if rows >= 2 and rows * 2 > len(counts) and rows > best_rows:
            best, best_rows = separator, rows
    return best


def parts(cell: str, separator: str) -> list[str]:
    """The non-empty pieces of ``cell`` between separators, trimmed."""
    return [p.strip() for p in cell.split(separator) if p.strip()]


def options_of(pieces: list[str]) -> tuple[Option, ...]:
    """Options lettered in order (labels ``A.`` ``(B)`` the pieces already carry, in turn, are
    taken off); none for fewer than two pieces or more than ten."""
    if not 1 < len(pieces) <= len(OPTION_LETTERS):
        return ()
    labels = [_LABEL.match(p) for p in pieces]
    if all(m and m.group(1) == OPTION_LETTERS[i] and m.end() < len(p)
           for i, (m, p) in enumerate(zip(labels, pieces, strict=True))):
        pieces = [p[m.end():] for m, p in zip(labels, pieces, strict=True) if m]
    return tuple(Option(OPTION_LETTERS[i], text) for i, text in enumerate(pieces))


def stem_and_options(cell: str, separator: str | None) -> tuple[str, tuple[Option, ...]]:
    """``stem&甲&乙`` -> the stem and its options; the cell unchanged when it does not split so."""
    if separator is None or separator not in cell:
        return cell, ()
    pieces = parts(cell, separator)
    options = options_of(pieces[1:])
    return (pieces[0], options) if options else (cell, ())


class Shows(Enum):
    """What one row shows of its type, whatever its type cell says."""

    ONE = "options and one answer"
    SEVERAL = "options and several answers"
    CHOICE = "options and no answer read"
    TRUE_FALSE = "a true/false answer (对/错, √/×)"
    CODE = "no options and the answer 0 or 1"
    BLANK = "no options and a blank in the stem"
    OPEN = "no options and an answer"
    BARE = "no options and no answer"  # tells nothing of the type


@dataclass(frozen=True)
class CodedRow:
    code: str
    line: int
    shows: Shows


def code_types(rows: Sequence[CodedRow], source: str, column: str) -> dict[str, QuestionType]:
    """The type each code of a type column means, from what its rows show.  A code whose rows
    disagree (options in some, none in others; 对/错 answers beside other answers; one answer
    in most rows but several in some, with no other code for multiple choice) raises
    :class:`ParseError` naming the column, the code and its rows."""
    by_code: dict[str, Counter[Shows]] = {}
    lines: dict[tuple[str, Shows], list[int]] = {}
    for row in rows:
        by_code.setdefault(row.code, Counter())[row.shows] += 1
        lines.setdefault((row.code, row.shows), []).append(row.line)
    decided: dict[str, QuestionType] = {}
    mixed: list[str] = []  # choice codes with one answer in most rows and several in a few
    for code, shows in by_code.items():
        told = shows.total() - shows[Shows.BARE]
        choice = shows[Shows.ONE] + shows[Shows.SEVERAL] + shows[Shows.CHOICE]
        judged = shows[Shows.TRUE_FALSE] + shows[Shows.CODE]
        if (choice and choice < told) or (shows[Shows.TRUE_FALSE] and judged < told):
            raise _undecided(source, column, code, shows, lines, "rows that all show one type")
        if choice and not shows[Shows.ONE] + shows[Shows.SEVERAL]:
            raise _undecided(source, column, code, shows, lines, "answers that tell single from multiple choice")
        several, one = shows[Shows.SEVERAL], shows[Shows.ONE]
        if choice and several > one:
            decided[code] = QuestionType.MULTIPLE
        elif choice and several:
            mixed.append(code)
        elif choice:
            decided[code] = QuestionType.SINGLE
        elif judged and judged == told:  # 0/1 answers beside others are numbers: a fill's, a calc's
            decided[code] = QuestionType.JUDGE
        else:
            blank = shows[Shows.BLANK]
            decided[code] = QuestionType.FILL if blank and blank >= shows[Shows.OPEN] else QuestionType.SHORT
    for code in mixed:  # single choice with a few odd answers, when another code is multiple choice
        if QuestionType.MULTIPLE not in decided.values():
            raise _undecided(source, column, code, by_code[code], lines,
                             "one answer in every row (single choice) or several in most (multiple), or another "
                             "code for multiple choice")
        decided[code] = QuestionType.SINGLE
    return decided


def _undecided(source: str, column: str, code: str, shows: Counter[Shows],
               lines: dict[tuple[str, Shows], list[int]], expected: str) -> ParseError:
    found = "; ".join(f"{_rows(lines[code, kind])} {'show' if n > 1 else 'shows'} {kind.value}"
                      for kind, n in shows.most_common())
    return ParseError(f"{source}: column {column}, type code {code!r}", f"{expected}, to tell what the code means",
                      found, "write the type's name instead of the code (单选题, 多选题, 判断题, 填空题, 简答题)")


def _rows(lines: list[int]) -> str:
    shown = ", ".join(str(n) for n in lines[:SHOWN_ROWS]) + (", …" if len(lines) > SHOWN_ROWS else "")
    return f"row{'s' if len(lines) > 1 else ''} {shown}"
