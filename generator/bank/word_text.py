"""A Word document (.docx) -> its paragraphs and tables as a reader sees them.

What Word shows but the paragraph's text does not hold is put in: the number of an
automatically numbered paragraph (``generator.bank.word_numbering``), a soft line break
as a line break, a tab as a tab.  Headings say their level.  Deleted text, field codes,
text boxes and drawings are left out.  Every paragraph of the body and every table row
gets a place number, counted in document order, by which messages point into the file.
"""
from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.oxml.ns import qn

from ..base.errors import BankFileError, ParseError
from .word_numbering import Numbering

MAX_PARTS = 10_000  # a document has dozens of parts; thousands more are a zip bomb's trick
_HEADING_NAME = re.compile(r"^(?:heading|标题|標題)\s*([1-9])$", re.IGNORECASE)
_M = "{http://schemas.openxmlformats.org/officeDocument/2006/math}"
# Inside a paragraph: what holds no text of the paragraph itself (w:rt: pinyin set above characters).
_SKIPPED = {qn(t) for t in ("w:pPr", "w:rPr", "w:del", "w:moveFrom", "w:instrText", "w:delInstrText",
                            "w:drawing", "w:pict", "w:object", "w:txbxContent", "w:footnoteReference",
                            "w:endnoteReference", "w:commentReference", "w:rt")}
_SKIPPED.add("{http://schemas.openxmlformats.org/markup-compatibility/2006}Fallback")
_TEXT = {qn("w:t"), _M + "t"}
_BREAKS = {qn("w:br"), qn("w:cr")}
_TABS = {qn("w:tab"), qn("w:ptab")}


@dataclass(frozen=True)
class Paragraph:
    text: str  # with its number, soft breaks as "\n", tabs as "\t"
    heading: int  # 1-9 for a heading of that level, 0 for body text
    place: int  # 1-based, counting body paragraphs and table rows in document order


@dataclass(frozen=True)
class Row:
    cells: tuple[str, ...]  # a cell's paragraphs joined by "\n"; a merged cell's later columns empty
    place: int


@dataclass(frozen=True)
class Table:
    number: int  # 1-based, in document order
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class WordDocument:
    title: str  # the document's Title property, if set
    blocks: tuple[Paragraph | Table, ...]


def check_unpacked_size(data: bytes, source: str, limit: int) -> None:
    """Refuse an Office file (a zip) whose parts unpack to more than ``limit`` bytes, or hold
    absurdly many parts, before any part is read: a few kilobytes can unpack to gigabytes.
    (Python's zip reader stops at each part's declared size, so the declared sizes bound it.)"""
    try:
        infos = zipfile.ZipFile(io.BytesIO(data)).infolist()
    except (zipfile.BadZipFile, ValueError) as error:
        raise ParseError(source, "an Office file (a zip archive)", f"a damaged archive ({error})",
                         "save it again from its program") from None
    total = sum(info.file_size for info in infos)
    if len(infos) > MAX_PARTS or total > limit:
        raise BankFileError(source, f"an Office file that unpacks to at most {limit // 2**20} MB in at most "
                            f"{MAX_PARTS} parts", f"{total // 2**20} MB in {len(infos)} parts",
                            f"--max-size {-(-total // 2**20)} reads it, if the file is what you expect")


def read_docx(data: bytes, source: str, limit: int) -> WordDocument:
    """The paragraphs and tables of the .docx in ``data`` (at most ``limit`` bytes unpacked)."""
    import docx

    check_unpacked_size(data, source, limit)
    try:
        document = docx.Document(io.BytesIO(data))
        styles = _Styles(document.styles.element)
        try:
            numbering_element = document.part.part_related_by(RT.NUMBERING).element  # type: ignore[attr-defined]
        except KeyError:
            numbering_element = None
        reader = _Reader(Numbering(numbering_element, styles.lists), styles)
        blocks = tuple(reader.blocks(document.element.body))
        title = document.core_properties.title or ""
    except (ParseError, BankFileError):
        raise
    except Exception as error:  # python-docx and lxml raise many kinds for a damaged file
        raise ParseError(source, "a Word document (.docx)", f"a file python-docx cannot read ({error})",
                         "save it again from Word or LibreOffice as .docx") from None
    return WordDocument(title.strip(), blocks)


class _Styles:
    """Paragraph styles: the list and heading level each gives its paragraphs (via basedOn)."""

    def __init__(self, element: Any) -> None:
        self._styles = {s.get(qn("w:styleId")): s for s in element.iterchildren(qn("w:style"))}
        default = next((k for k, s in self._styles.items()
                        if s.get(qn("w:type")) == "paragraph" and s.get(qn("w:default")) in ("1", "true")), None)
        self.default = default
        self.lists: dict[str, str] = {}  # style id -> the numId its numPr names (numbering styles)
        for key, style in self._styles.items():
            num = style.find(f"{qn('w:pPr')}/{qn('w:numPr')}/{qn('w:numId')}")
            if num is not None:
                self.lists[key] = num.get(qn("w:val"))

    def chain(self, style_id: str | None) -> Iterator[Any]:
        seen = set()
        while style_id and style_id in self._styles and style_id not in seen:
            seen.add(style_id)
            style = self._styles[style_id]
            yield style
            based = style.find(qn("w:basedOn"))
            style_id = None if based is None else based.get(qn("w:val"))

    def heading(self, style_id: str | None) -> int:
        for style in self.chain(style_id):
            name = style.find(qn("w:name"))
            name_text = "" if name is None else (name.get(qn("w:val")) or "").strip()
            match = _HEADING_NAME.match(name_text)
            if match:
                return int(match.group(1))
            if name_text.lower() == "title":
                return 1
            level = _outline(style.find(qn("w:pPr")))
            if level is not None:
                return level
        return 0

    def numbering(self, style_id: str | None) -> tuple[str | None, int | None]:
        for style in self.chain(style_id):
            num_pr = style.find(f"{qn('w:pPr')}/{qn('w:numPr')}")
            if num_pr is not None:
                return _num_pr(num_pr)
        return None, None


class _Reader:
    def __init__(self, numbering: Numbering, styles: _Styles) -> None:
        self.numbering, self.styles = numbering, styles
        self.place = 0
        self.tables = 0

    def blocks(self, container: Any, counted: bool = True) -> Iterator[Paragraph | Table]:
        """The paragraphs and tables in ``container``; ``counted``: they get place numbers
        (a table cell's do not: its row has one)."""
        for child in container.iterchildren():
            if child.tag == qn("w:p"):
                self.place += counted
                text, heading = self.paragraph(child)
                yield Paragraph(text, heading, self.place)
            elif child.tag == qn("w:tbl"):
                self.tables += counted
                number = self.tables
                rows = []
                for tr in _children(child, "w:tr"):
                    self.place += counted
                    rows.append(Row(tuple(self.row(tr)), self.place))
                yield Table(number, tuple(rows))
            elif child.tag in (qn("w:sdt"), qn("w:customXml"), qn("w:sdtContent")):
                yield from self.blocks(child, counted)

    def paragraph(self, p: Any) -> tuple[str, int]:
        p_pr = p.find(qn("w:pPr"))
        style_el = None if p_pr is None else p_pr.find(qn("w:pStyle"))
        style_id = self.styles.default if style_el is None else style_el.get(qn("w:val"))
        num_id, ilvl = self.styles.numbering(style_id)
        own = None if p_pr is None else p_pr.find(qn("w:numPr"))
        if own is not None:
            own_id, own_level = _num_pr(own)
            num_id, ilvl = own_id or num_id, own_level if own_level is not None else ilvl
        label = self.numbering.label(num_id, ilvl or 0) if num_id else ""
        pieces: list[str] = []
        _text(p, pieces)
        outline = _outline(p_pr)
        heading = outline if outline is not None else self.styles.heading(style_id)
        return (label + "".join(pieces)).strip(" \n"), heading

    def row(self, tr: Any) -> Iterator[str]:
        for tc in _children(tr, "w:tc"):
            tc_pr = tc.find(qn("w:tcPr"))
            merge = None if tc_pr is None else tc_pr.find(qn("w:vMerge"))
            span = None if tc_pr is None else tc_pr.find(qn("w:gridSpan"))
            paragraphs = []
            for block in self.blocks(tc, counted=False):  # tables in a cell are read, as lines, in its text
                if isinstance(block, Paragraph):
                    paragraphs.append(block.text)
                else:
                    paragraphs.extend("\t".join(row.cells) for row in block.rows)
            continued = merge is not None and merge.get(qn("w:val")) != "restart"
            yield "" if continued else "\n".join(paragraphs).strip("\n")
            for _ in range(_span(span) - 1):
                yield ""


def _children(element: Any, tag: str) -> Iterator[Any]:
    """``tag`` children, also those a content control (w:sdt) wraps."""
    for child in element.iterchildren():
        if child.tag == qn(tag):
            yield child
        elif child.tag in (qn("w:sdt"), qn("w:customXml")):
            content = child.find(qn("w:sdtContent")) if child.tag == qn("w:sdt") else child
            if content is not None:
                yield from _children(content, tag)


def _text(element: Any, out: list[str]) -> None:
    for child in element.iterchildren():
        tag = child.tag
        if not isinstance(tag, str) or tag in _SKIPPED:
            continue
        if tag in _TEXT:
            out.append(child.text or "")
        elif tag in _TABS:
            out.append("\t")
        elif tag in _BREAKS:
            out.append("\n")
        elif tag == qn("w:noBreakHyphen"):
            out.append("-")
        else:
            _text(child, out)


def _num_pr(num_pr: Any) -> tuple[str | None, int | None]:
    num = num_pr.find(qn("w:numId"))
    level = num_pr.find(qn("w:ilvl"))
    return (None if num is None else num.get(qn("w:val")),
            None if level is None else _int(level.get(qn("w:val"))))


def _outline(p_pr: Any | None) -> int | None:
    """The heading level a w:outlineLvl gives (0-8 -> 1-9), None for none or body text (9)."""
    level = None if p_pr is None else p_pr.find(qn("w:outlineLvl"))
    value = None if level is None else _int(level.get(qn("w:val")))
    return value + 1 if value is not None and 0 <= value < 9 else None


def _span(span: Any | None) -> int:
    value = None if span is None else _int(span.get(qn("w:val")))
    return min(value, 64) if value and value > 0 else 1


def _int(value: str | None) -> int | None:
    try:
        return int(value or "")
    except ValueError:
        return None
