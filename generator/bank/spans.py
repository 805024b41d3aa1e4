"""Spans of bank text that are not prose: fenced code, tables (HTML or Markdown), editor-given math.

Every stage that must skip or split out such text finds it here, so they all agree on
where code and formulas begin and end:

- :data:`FENCE`: a ``` fence, closed or running to the end of the text (blocks, search);
  :data:`CLOSED_FENCE`: only one closed by a later ``` (damage checks).
- :data:`EDITOR_MATH`: the math markers of :mod:`generator.bank.model`, inline or display.
- :func:`code_and_math_spans`: text never searched for terms or references.
- :func:`code_and_table_spans`: closed fences and tables, where the parser takes no question
  boundary (an answer's code or table may look like a new question).
- :func:`pipe_tables`: Markdown (GFM) tables, whose rows hold "A. …" or "1. …" that are cells,
  not options or questions.
"""
from __future__ import annotations

import bisect
import re

from .model import DISPLAY_MATH, INLINE_MATH

Span = tuple[int, int]

FENCE_MARK = "```"
# A mark is a run of exactly three backticks: a longer run is no pair of fences (200,000
# backticks made 33,000 code blocks, each a Pygments pass), and stays text.
FENCE = re.compile(r"(?<!`)```(?!`)(?P<body>.*?)(?:(?<!`)```(?!`)|(?P<open>\Z))", re.S)
CLOSED_FENCE = re.compile(r"```(?P<body>.*?)```", re.S)
# Group 1 is the LaTeX of inline math, group 2 that of display math.
EDITOR_MATH = re.compile("{}(.*?){}|{}(.*?){}".format(*map(re.escape, INLINE_MATH + DISPLAY_MATH)), re.S)
CODE_OR_MATH = re.compile(f"{FENCE.pattern}|{EDITOR_MATH.pattern}", re.S)
HTML_TABLE = re.compile(r"<table\b.*?</table>", re.S | re.I)
TABLE_OPEN = re.compile(r"<table\b", re.I)
TABLE_CLOSE = re.compile(r"</table>", re.I)
# The delimiter row under a GFM table's header: "|---|:--:|", "--- | ---" (a pipe somewhere,
# so that "---" alone stays a rule).
PIPE_DELIMITER = re.compile(r"(?m)^[ \t]{0,3}(?=[^\n]*\|)\|?[ \t]*+:?-++:?[ \t]*+"
                            r"(?:\|[ \t]*+:?-++:?[ \t]*+)*+\|?[ \t]*+$")  # possessive: no rescans of blanks
_CELL_BREAK = re.compile(r"(?<!\\)\|")
# An info string on its own line after a fence ("```python\n") makes it an opening one: it
# cannot close the fence before, which therefore never closes (see ``_closed_fence``).
INFO_WORD = re.compile(r"[A-Za-z][\w+#.-]{0,19}")
OPENING_INFO = re.compile(INFO_WORD.pattern + r"[ \t]*\n")


def code_and_math_spans(text: str) -> list[Span]:
    """Fenced code (also a fence the text ends inside) and editor math, in text order.

    Terms and references to questions are never looked for there.
    """
    return [m.span() for m in CODE_OR_MATH.finditer(text)]


def overlaps(spans: list[Span], start: int, end: int) -> bool:
    """Whether ``text[start:end]`` overlaps any of ``spans``."""
    return any(s < end and start < e for s, e in spans)


class TableFinder:
    """Finds ``<table…</table>`` spans as ``HTML_TABLE.search`` would, in logarithmic time.

    The regex rescans to the end of the text for every ``<table`` that is never
    closed, which makes a hostile field of many such tags quadratic; the positions of
    all openings and closings, found once, answer the same question by bisection.
    """

    def __init__(self, text: str) -> None:
        opens = list(TABLE_OPEN.finditer(text))
        self.open_starts = [m.start() for m in opens]
        self.open_ends = [m.end() for m in opens]
        closes = list(TABLE_CLOSE.finditer(text))
        self.close_starts = [m.start() for m in closes]
        self.close_ends = [m.end() for m in closes]

    def next(self, position: int) -> Span | None:
        """The first table starting at or after ``position``, as ``(start, end)``."""
        i = bisect.bisect_left(self.open_starts, position)
        if i == len(self.open_starts):
            return None
        j = bisect.bisect_left(self.close_starts, self.open_ends[i])
        # no closing after this opening means none after any later opening either
        return (self.open_starts[i], self.close_ends[j]) if j < len(self.close_starts) else None


def pipe_tables(text: str) -> list[Span]:
    """GFM tables, in order: a header row with as many cells as the delimiter row under it,
    then the rows that follow up to a blank line or a line without a pipe."""
    found: list[Span] = []
    position = 0
    while (delimiter := PIPE_DELIMITER.search(text, position)) is not None:
        header_start = text.rfind("\n", 0, max(delimiter.start() - 1, 0)) + 1
        header = text[header_start : max(delimiter.start() - 1, header_start)]
        position = delimiter.end()
        if delimiter.start() == 0 or len(pipe_cells(header)) != len(pipe_cells(delimiter.group())):
            continue
        end = delimiter.end()
        while end < len(text):
            line_end = text.find("\n", end + 1)
            line_end = len(text) if line_end < 0 else line_end
            if "|" not in text[end + 1 : line_end] or not text[end + 1 : line_end].strip():
                break
            end = line_end
        found.append((header_start, end))
        position = end
    return found


class PipeTableFinder:
    """The GFM tables of a text (:func:`pipe_tables`, found once), answered as
    :class:`TableFinder` answers for HTML tables."""

    def __init__(self, text: str) -> None:
        self.tables = pipe_tables(text)
        self.starts = [start for start, _ in self.tables]

    def next(self, position: int) -> Span | None:
        """The first table starting at or after ``position``, as ``(start, end)``."""
        i = bisect.bisect_left(self.starts, position)
        return self.tables[i] if i < len(self.tables) else None


def pipe_cells(row: str) -> list[str]:
    """The cells of one GFM table row, stripped: ``| a | b\\|c |`` -> ``["a", "b|c"]``."""
    row = row.strip()
    row = row[1:] if row.startswith("|") else row
    row = row[:-1] if row.endswith("|") and not row.endswith("\\|") else row
    return [cell.strip().replace("\\|", "|") for cell in _CELL_BREAK.split(row)]


def code_and_table_spans(text: str) -> list[Span]:
    """Closed ``` fences, ``<table>…</table>`` and GFM tables, leftmost first, never overlapping.

    Much as ``re.finditer(r"```.*?```|<table\\b.*?</table>", re.S | re.I)`` finds them
    (but see ``_closed_fence``), with tables found by bisection (``TableFinder``):
    that regex rescans to the end of the text for every unclosed ``<table``, which is
    quadratic in hostile banks.
    """
    misses: dict[int, int] = {}  # long fences never closed after a point: not looked for again
    tables, pipes, fence = TableFinder(text), PipeTableFinder(text), _closed_fence(text, 0, misses)
    spans: list[Span] = []
    position = 0
    while position < len(text):
        if fence is not None and fence[0] < position:  # else still the first from here
            fence = _closed_fence(text, position, misses)
        first = min((s for s in (fence, tables.next(position), pipes.next(position)) if s), default=None)
        if first is None:
            break
        spans.append(first)
        position = first[1]
    return spans


def _closed_fence(text: str, position: int, misses: dict[int, int]) -> Span | None:
    """The first fence at or after ``position`` that is closed, as ``(start, end)``.

    A fence whose next ``` is an opening one (an info string and a line break follow
    it) is unclosed: the answer it is in lost its closing fence, and the questions
    after it must not vanish into a code block that ends in some later answer.  A longer
    fence opening a line ("````") is closed only by as long a one opening a line (it
    holds ``` as code).
    """
    opening, run = _fence_mark(text, position)
    while opening >= 0:
        if run > 3:
            closing = -1 if misses.get(run, len(text) + 1) <= opening else text.find("\n" + "`" * run, opening + run)
            if closing >= 0:
                return opening, closing + 1 + run
            misses[run] = opening
            opening, run = _fence_mark(text, opening + run)
            continue
        closing, run = _fence_mark(text, opening + 3, short=True)
        if closing < 0:
            return None
        if not OPENING_INFO.match(text, closing + 3):
            return opening, closing + 3
        opening = closing
    return None


_MENTION = {"(": ")", "（": "）", '"': '"', "'": "'", "“": "”", "「": "」"}


def _fence_mark(text: str, position: int, short: bool = False) -> tuple[int, int]:
    """The next fence mark at or after ``position`` and its length in backticks ((-1, 0) if
    none).  Not one: a mention such as "(```)" in a sentence about fences (a fence alone in
    brackets or quotes fences nothing), nor a longer run inside a line ("```` `x` ````" is
    inline code), nor with ``short`` any longer run."""
    found = text.find(FENCE_MARK, position)
    while found >= 0:
        run_end = found + 3
        while run_end < len(text) and text[run_end] == "`":
            run_end += 1
        run = run_end - found
        if run == 3 and not (found > 0 and _MENTION.get(text[found - 1]) == text[run_end : run_end + 1]):
            return found, run
        if run > 3 and not short and _opens_line(text, found):
            return found, run
        found = text.find(FENCE_MARK, run_end)
    return -1, 0


def _opens_line(text: str, offset: int) -> bool:
    """Whether at most three blanks stand before ``offset`` on its line (looked at no further)."""
    lead = text[max(0, offset - 4) : offset]
    newline = lead.rfind("\n")
    if newline < 0 and offset > 3:
        return False
    return not lead[newline + 1 :].strip(" ")


def merged_spans(spans: list[Span]) -> list[Span]:
    """``spans`` sorted, those that overlap made one (a fence holds inline code, a key code)."""
    merged: list[Span] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged
