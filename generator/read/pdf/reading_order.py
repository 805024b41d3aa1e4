"""A PDF page's text lines (each with its box) -> the lines a reader reads, in order.

Pure geometry over plain data, so each rule is tested on its own (``tests/unit/test_pdf_layout.py``):

- **Running furniture**: a line in the top or bottom band of a page, on its first or last
  row (or the row next to it), that is a page number (``3``, ``- 3 -``, ``第 3 页``,
  ``3 / 12``, ``Page 3``); or a line on a page's first or last row whose text, digits aside,
  stands there on at least half the pages (two at least): a running header or footer.
- **Columns**: a page is read in two columns when a vertical gutter near its middle is
  crossed by few lines (a title, a section heading: read where they stand), each side holds
  lines, and the left column's longest lines reach the gutter (text wrapped at the column's
  edge).  Options set side by side in one column (``A.… B.…``) leave no such left column.
- **Rows**: lines of one column whose boxes share a baseline are one line, left to right,
  joined by a tab (options set side by side), as a text bank writes them.
- **Pictures** are read where their top edge stands, in their column, after the lines above
  it: a picture under a stem belongs to that stem, one beside an option to that option (one
  whose top edge stands within a row of text, or half a line above it, is read after that
  row's text).  They take no part in finding columns.  A picture in the top or bottom band
  that stands there on at least half the pages (two at least; the same picture: ``text``
  names its content) is running furniture (a logo).
- **Decorations**: a picture a reader sees smaller than 16 px on both sides (a bullet, an
  icon) or thinner than 4 px (a rule drawn as a picture), at the page's own scale (1 pt is
  4/3 px at 100 %), is no figure: it is set aside and counted.  Anything larger is a picture.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

BAND = 0.1  # the top and bottom tenth of a page hold its running headers and footers
GUTTER_RANGE = (0.3, 0.7)  # where a two-column page's gutter may stand, as a share of its width
GUTTER_STEPS = 40  # positions tried in that range
MIN_COLUMN_LINES = 3
PX = 0.75  # points a CSS pixel spans: a page at 100 % shows 96 px to the inch, PDF counts 72 points
DECORATION = 16 * PX  # a picture under this on both sides is a bullet or an icon
RULE = 4 * PX  # a picture thinner than this is a line
SPANNING_SHARE = 0.2  # at most this share of a two-column page's lines cross its gutter
REACHING_SHARE = 0.1  # at least this share of the left column's lines end at the gutter
PAGE_NUMBER = re.compile(
    r"^[-–—·•\s]*(?:(?:page|p\.)\s*\d+(?:\s*of\s*\d+)?|第\s*\d+\s*[页頁](?:\s*[,，/／]?\s*共\s*\d+\s*[页頁])?"
    r"|\d+\s*(?:[/／]\s*\d+)?\s*[页頁]?)[-–—·•\s]*$", re.IGNORECASE)
_DIGITS = re.compile(r"\d+")
_Item = TypeVar("_Item")


@dataclass(frozen=True)
class Line:
    """A line of text as the page sets it; y grows downwards (``top`` < ``bottom``)."""

    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    picture: bool = False  # ``text`` is a picture's marker

    @property
    def height(self) -> float:
        return self.bottom - self.top


@dataclass(frozen=True)
class PageText:
    width: float
    height: float
    lines: tuple[Line, ...]
    pictures: tuple[Line, ...] = ()


@dataclass(frozen=True)
class PageRead:
    """A page as read: its lines in reading order, and what was set aside."""

    lines: tuple[str, ...]
    columns: int  # 1 or 2
    furniture: int  # running headers, footers, page numbers and repeated band pictures (logos) removed
    decorations: int = 0  # tiny pictures (bullets, rules) set aside


def read_pages(pages: Sequence[PageText]) -> tuple[PageRead, ...]:
    """Every page's lines in reading order, without its running furniture."""
    furniture = running_furniture(pages)
    logos = running_pictures(pages)
    read = []
    for number, page in enumerate(pages):
        body = tuple(line for k, line in enumerate(page.lines) if (number, k) not in furniture)
        gutter = column_gutter(page.width, body)
        figures = tuple(p for p in page.pictures if not decorative(p))
        pictures = tuple(p for p in figures if (_band(page, p), p.text) not in logos)
        lines = reading_order((*body, *pictures), gutter)
        read.append(PageRead(lines, 1 if gutter is None else 2,
                             len(page.lines) - len(body) + len(figures) - len(pictures),
                             len(page.pictures) - len(figures)))
    return tuple(read)


def decorative(picture: Line) -> bool:
    """Whether a picture is too small to be a figure: a bullet, an icon, a rule (see the module)."""
    width, height = picture.x1 - picture.x0, picture.height
    return (width < DECORATION and height < DECORATION) or min(width, height) < RULE


def _band(page: PageText, line: Line) -> str | None:
    if line.bottom <= page.height * BAND:
        return "top"
    if line.top >= page.height * (1 - BAND):
        return "bottom"
    return None


def running_furniture(pages: Sequence[PageText]) -> set[tuple[int, int]]:
    """(page index, line index) of each page number and running header or footer: lines in
    the top or bottom band, on a page's first or last row (a page number also on the row
    next to it, under or over a header line)."""
    seen: dict[tuple[str, str], set[int]] = {}
    edges: list[tuple[int, int, str, str, bool]] = []  # page, line, band, shape, on the outermost row
    for number, page in enumerate(pages):
        for k, outermost in _edge_lines(page):
            band = _band(page, page.lines[k])
            if band is not None:
                shape = _DIGITS.sub("#", page.lines[k].text.strip())
                edges.append((number, k, band, shape, outermost))
                if outermost:
                    seen.setdefault((band, shape), set()).add(number)
    return {(number, k) for number, k, band, shape, outermost in edges
            if (outermost and _running(seen[(band, shape)], pages)) or PAGE_NUMBER.match(pages[number].lines[k].text)}


def running_pictures(pages: Sequence[PageText]) -> set[tuple[str | None, str]]:
    """(band, text) of the pictures that stand in the same band on at least half the pages."""
    seen: dict[tuple[str | None, str], set[int]] = {}
    for number, page in enumerate(pages):
        for picture in page.pictures:
            if not decorative(picture) and (band := _band(page, picture)) is not None:
                seen.setdefault((band, picture.text), set()).add(number)
    return {key for key, numbers in seen.items() if _running(numbers, pages)}


def _running(numbers: set[int], pages: Sequence[PageText]) -> bool:
    """Whether something that stands on the pages ``numbers`` runs through the document: on at
    least half its pages, two at least."""
    return len(numbers) >= max(2, (len(pages) + 1) // 2)


def _edge_lines(page: PageText) -> Iterator[tuple[int, bool]]:
    """The lines of a page's two top and two bottom rows: (index, whether on the outermost row)."""
    order = sorted(range(len(page.lines)), key=lambda k: page.lines[k].top)
    rows = _grouped(order, lambda row, k: _same_row(page.lines[row[0]], page.lines[k]))
    outermost = {0, len(rows) - 1}
    for r in sorted({r for r in (0, 1, len(rows) - 2, len(rows) - 1) if 0 <= r < len(rows)}):
        yield from ((k, r in outermost) for k in rows[r])


def column_gutter(width: float, lines: Sequence[Line]) -> float | None:
    """The x of a two-column page's gutter (see the module's rules), or None for one column."""
    if len(lines) < 2 * MIN_COLUMN_LINES:
        return None
    low, high = (width * share for share in GUTTER_RANGE)
    best: tuple[int, float, float] | None = None
    for step in range(GUTTER_STEPS + 1):
        x = low + (high - low) * step / GUTTER_STEPS
        crossing = sum(1 for line in lines if line.x0 < x < line.x1)
        key = (crossing, abs(x - width / 2), x)
        if best is None or key < best:
            best = key
    assert best is not None
    crossing, _, x = best
    left = [line for line in lines if line.x1 <= x]
    right = [line for line in lines if line.x0 >= x]
    if len(left) < MIN_COLUMN_LINES or len(right) < MIN_COLUMN_LINES or crossing > SPANNING_SHARE * len(lines):
        return None
    edge = max(line.x1 for line in left)
    height = sorted(line.height for line in left)[len(left) // 2]
    reaching = sum(1 for line in left if line.x1 >= edge - 2 * height)
    gap = min(line.x0 for line in right) - edge
    if reaching < REACHING_SHARE * len(left) or gap > 4 * height:
        return None
    return x


def reading_order(lines: Sequence[Line], gutter: float | None) -> tuple[str, ...]:
    """``lines`` as read: top to bottom in one column; with a gutter, each run of lines
    between two that cross it (those read where they stand) left column first, then right."""
    ordered = sorted(lines, key=lambda line: (line.top, line.picture, line.x0))
    if gutter is None:
        return _rows(ordered)
    out: list[str] = []
    left: list[Line] = []
    right: list[Line] = []
    for line in [*ordered, None]:
        if line is None or line.x0 < gutter < line.x1:
            out += _rows(left) + _rows(right)
            left, right = [], []
            if line is not None:
                out.append(line.text)
        else:
            (left if line.x1 <= gutter else right).append(line)
    return tuple(out)


def _rows(lines: Sequence[Line]) -> tuple[str, ...]:
    """Lines (sorted by top) on one baseline joined left to right by a tab."""
    return tuple(_row_text(row) for row in _grouped(lines, _joins))


def _grouped(items: Iterable[_Item], joins: Callable[[list[_Item], _Item], bool]) -> list[list[_Item]]:
    """``items`` (in order from the top) as rows: each joins the row before it when ``joins`` says so."""
    rows: list[list[_Item]] = []
    for item in items:
        if rows and joins(rows[-1], item):
            rows[-1].append(item)
        else:
            rows.append([item])
    return rows


def _row_text(row: list[Line]) -> str:
    """A row's text left to right, joined by a tab; its pictures after it, each after a space."""
    texts = sorted((line for line in row if not line.picture), key=lambda line: line.x0)
    return " ".join(["\t".join(line.text for line in texts), *(line.text for line in row if line.picture)]).strip()


def _joins(row: list[Line], line: Line) -> bool:
    """Whether ``line`` is read in ``row``: text on its baseline, or a picture whose top edge
    stands within its text (a row a picture begins takes the one line of text beside it)."""
    first = row[0]
    if line.picture:
        return not first.picture and _beside(first, line)
    if first.picture:
        return len(row) == 1 and _beside(line, first)
    return _same_row(first, line)


def _beside(text: Line, picture: Line) -> bool:
    """Whether a picture's top edge stands within a line of text (or half a line above it)."""
    return text.top - text.height / 2 <= picture.top <= text.bottom


def _same_row(first: Line, line: Line) -> bool:
    overlap = min(first.bottom, line.bottom) - max(first.top, line.top)
    return overlap > 0.5 * min(first.height, line.height)
