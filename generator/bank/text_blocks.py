"""A text field -> its blocks: prose, fenced code and tables (HTML or Markdown).

Bank answers carry code between ``` fences (often with every line break lost, so
the language word is glued to the code: ```` ```pythonfrom torch… ````) and, in some
banks, HTML or Markdown (GFM) tables.  Both are kept as content: code as a code block, a
table as a table of plain-text cells.  No other markup is read, so nothing else can slip through.
"""
from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser

from .spans import FENCE, HTML_TABLE, INFO_WORD, PipeTableFinder, TableFinder, pipe_cells

# Language words that a one-line (whitespace-stripped) fence may start with.
LANGUAGES = ("python", "bash", "shell", "json", "yaml", "javascript", "typescript", "protobuf", "sql", "cpp", "java")


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
    for start, end, kind in _special_spans(text):
        if start > last:
            blocks.append(Prose(text[last:start]))
        if kind == "fence":
            match = FENCE.match(text, start)
            assert match is not None
            language, code = _language(match.group("body"))
            blocks.append(Code(code, language, closed=match.group("open") is None))
        elif kind == "pipe":
            lines = text[start:end].split("\n")
            blocks.append(Table(tuple(tuple(pipe_cells(line)) for line in lines[:1] + lines[2:])))
        else:
            rows = _table_rows(text[start:end])
            # A table with no cells, or with text outside its cells, cannot be shown
            # as a table without losing text: it is shown as the text it is.
            blocks.append(Table(rows) if rows else Prose(text[start:end]))
        last = end
    if last < len(text):
        blocks.append(Prose(text[last:]))
    return tuple(b for b in blocks if not (isinstance(b, Prose) and not b.text.strip()))


def _special_spans(text: str) -> list[tuple[int, int, str]]:
    """Fences ("fence"), HTML tables ("html") and GFM tables ("pipe") in order, as
    ``(start, end, kind)``; a table inside a fence is just code."""
    spans: list[tuple[int, int, str]] = []
    position = 0
    tables, pipes, fence = TableFinder(text), PipeTableFinder(text), FENCE.search(text)
    while position < len(text):
        if fence is not None and fence.start() < position:  # else still the first from here
            fence = FENCE.search(text, position)
        found = tables.next(position)
        table = found and HTML_TABLE.match(text, found[0])
        pipe = pipes.next(position)
        candidates = [(m.start(), m.end(), "fence" if m.re is FENCE else "html") for m in (fence, table) if m]
        candidates += [(*pipe, "pipe")] if pipe else []
        first = min(candidates, default=None)
        if first is None or first[1] == first[0]:
            break
        spans.append(first)
        position = first[1]
    return spans


def _language(body: str) -> tuple[str, str]:
    first, newline, rest = body.partition("\n")
    if newline:
        word = first.strip()
        return (word, rest) if not word or INFO_WORD.fullmatch(word) else ("", body)
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

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
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
