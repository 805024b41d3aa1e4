"""A text field -> its blocks: prose, fenced code and HTML tables.

Bank answers carry code between ``` fences (often with every line break lost, so
the language word is glued to the code: ```` ```pythonfrom torch… ````) and, in some
banks, HTML tables.  Both are kept as content: code as a code block, a table as a
table of plain-text cells.  No other markup is read, so nothing else can slip through.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from html.parser import HTMLParser

FENCE = re.compile(r"```(?P<body>.*?)(?:```|(?P<open>\Z))", re.S)
HTML_TABLE = re.compile(r"<table\b.*?</table>", re.S | re.I)
TABLE_OPEN = re.compile(r"<table\b", re.I)
TABLE_CLOSE = re.compile(r"</table>", re.I)
# Language words that a one-line (whitespace-stripped) fence may start with.
LANGUAGES = ("python", "bash", "shell", "json", "yaml", "javascript", "typescript", "protobuf", "sql", "cpp", "java")
_INFO_LINE = re.compile(r"[A-Za-z][\w+#.-]{0,19}")
# A fence followed by an info string on its own line ("```python\n") opens a block: it
# cannot close the one before, which therefore never closes (see ``opaque_spans``).
FENCE_MARK = "```"
OPENING_INFO = re.compile(_INFO_LINE.pattern + r"[ \t]*\n")


@dataclass(frozen=True)
class Prose:
    text: str


@dataclass(frozen=True)
class Code:
    code: str
    language: str = ""
    closed: bool = True  # False when the bank ends the text inside the fence


@dataclass(frozen=True)
class Table:
    rows: tuple[tuple[str, ...], ...]


Block = Prose | Code | Table


def split_blocks(text: str) -> tuple[Block, ...]:
    """Split a text field into prose, code and table blocks, in order."""
    blocks: list[Block] = []
    last = 0
    for match in _special_spans(text):
        if match.start() > last:
            blocks.append(Prose(text[last : match.start()]))
        if match.re is FENCE:
            language, code = _language(match.group("body"))
            blocks.append(Code(code, language, closed=match.group("open") is None))
        else:
            rows = _table_rows(match.group())
            # A table with no cells, or with text outside its cells, cannot be shown
            # as a table without losing text: it is shown as the text it is.
            blocks.append(Table(rows) if rows else Prose(match.group()))
        last = match.end()
    if last < len(text):
        blocks.append(Prose(text[last:]))
    return tuple(b for b in blocks if not (isinstance(b, Prose) and not b.text.strip()))


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

    def next(self, position: int) -> tuple[int, int] | None:
        """The first table starting at or after ``position``, as ``(start, end)``."""
        i = bisect.bisect_left(self.open_starts, position)
        if i == len(self.open_starts):
            return None
        j = bisect.bisect_left(self.close_starts, self.open_ends[i])
        # no closing after this opening means none after any later opening either
        return (self.open_starts[i], self.close_ends[j]) if j < len(self.close_starts) else None


def _special_spans(text: str) -> list[re.Match[str]]:
    """Fences and tables in order; a table inside a fence is just code."""
    spans: list[re.Match[str]] = []
    position = 0
    tables, fence = TableFinder(text), FENCE.search(text)
    while position < len(text):
        if fence is not None and fence.start() < position:  # else still the first from here
            fence = FENCE.search(text, position)
        found = tables.next(position)
        table = found and HTML_TABLE.match(text, found[0])
        first = min((m for m in (fence, table) if m), key=lambda m: m.start(), default=None)
        if first is None or first.end() == first.start():
            break
        spans.append(first)
        position = first.end()
    return spans


def opaque_spans(text: str) -> list[tuple[int, int]]:
    """Closed ``` fences and ``<table>…</table>``, leftmost first, never overlapping.

    Much as ``re.finditer(r"```.*?```|<table\\b.*?</table>", re.S | re.I)`` finds them
    (but see ``_closed_fence``), with tables found by bisection (``TableFinder``):
    that regex rescans to the end of the text for every unclosed ``<table``, which is
    quadratic in hostile banks.
    """
    tables, fence = TableFinder(text), _closed_fence(text, 0)
    spans: list[tuple[int, int]] = []
    position = 0
    while position < len(text):
        if fence is not None and fence[0] < position:  # else still the first from here
            fence = _closed_fence(text, position)
        table = tables.next(position)
        if fence and (table is None or fence[0] < table[0]):
            spans.append(fence)
        elif table:
            spans.append(table)
        else:
            break
        position = spans[-1][1]
    return spans


def _closed_fence(text: str, position: int) -> tuple[int, int] | None:
    """The first fence at or after ``position`` that is closed, as ``(start, end)``.

    A fence whose next ``` is an opening one (an info string and a line break follow
    it) is unclosed: the answer it is in lost its closing fence, and the questions
    after it must not vanish into a code block that ends in some later answer.
    """
    opening = text.find(FENCE_MARK, position)
    while opening >= 0:
        closing = text.find(FENCE_MARK, opening + 3)
        if closing < 0:
            return None
        if not OPENING_INFO.match(text, closing + 3):
            return opening, closing + 3
        opening = closing
    return None


def _language(body: str) -> tuple[str, str]:
    first, newline, rest = body.partition("\n")
    if newline:
        word = first.strip()
        return (word, rest) if not word or _INFO_LINE.fullmatch(word) else ("", body)
    for language in LANGUAGES:  # one-line damaged code: the language word is glued on
        if body.startswith(language) and len(body) > len(language):
            return language, body[len(language) :]
    return "", body


class _CellCollector(HTMLParser):
    """Collects the text of table cells; every tag and attribute is discarded."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None
        self.outside = False  # text outside every cell, which a table of cells would lose

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in ("tr", "td", "th"):
            self._flush()  # as in HTML, a new row or cell closes the open cell
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            if not self.rows:
                self.rows.append([])
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th", "tr", "table"):
            self._flush()

    def handle_comment(self, data: str) -> None:
        self.outside = True  # a comment would vanish from a table of cells

    def close(self) -> None:
        super().close()
        self._flush()

    def _flush(self) -> None:
        if self.cell is not None:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        elif data.strip():
            self.outside = True


def _table_rows(html: str) -> tuple[tuple[str, ...], ...] | None:
    """The cells of an HTML table, or ``None`` when a table of cells would lose text."""
    collector = _CellCollector()
    collector.feed(html)
    collector.close()
    if collector.outside:
        return None
    return tuple(tuple(row) for row in collector.rows if row)
