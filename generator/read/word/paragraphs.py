"""A Word document (.docx) -> its paragraphs and tables as a reader sees them.

What Word shows but the paragraph's text does not hold is put in: the number of an
automatically numbered paragraph (``generator.read.word.numbering``), a soft line break
as a line break, a tab as a tab, underlined spaces as a blank, a symbol font's check mark
as ✓.  Headings say their level.  Deleted text, field codes and text boxes are left out.  A
picture (``w:drawing``, inline or floating, or a legacy ``v:imagedata``), in a paragraph or a
table's cell, becomes a marker of the bank's pictures (generator.bank.pictures) at its place,
with the alt text Word keeps for it; a drawing with no picture in it (a chart, a shape) leaves a placeholder.  Every
paragraph of the body and every table row gets a place number, counted in document order,
by which messages point into the file.  The XML is walked as plain lxml elements, one pass
per paragraph: a bank has a hundred thousand.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from docx.opc.constants import RELATIONSHIP_TYPE as RT

from ...bank.model import DISPLAY_MATH, INLINE_MATH, Picture
from ...bank.pictures import MARKER as PICTURE_MARKER
from ...bank.pictures import PictureBook
from ...base.errors import GuideError, ParseError
from ..office_package import Package, check_unpacked_size, clark
from .emphasis import EmphasisSpan, EmphasisStyles
from .equations import OMATH, OMATH_PARA, Unconvertible, equation_latex, equation_text
from .numbering import Numbering

_HEADING_NAME = re.compile(r"^(?:heading|标题|標題)\s*([1-9])$", re.IGNORECASE)
_M = "{http://schemas.openxmlformats.org/officeDocument/2006/math}"
# Inside a paragraph: what holds no text of the paragraph itself (w:rt: pinyin set above characters).
_SKIPPED = {clark(t) for t in ("w:pPr", "w:rPr", "w:del", "w:moveFrom", "w:instrText", "w:delInstrText",
                            "w:txbxContent", "w:footnoteReference", "w:endnoteReference", "w:commentReference",
                            "w:rt")} | {"{http://schemas.openxmlformats.org/markup-compatibility/2006}Fallback"}
# A picture, drawing or embedded object (a MathType formula, say) has no text: its picture is
# kept, or a placeholder says that something stood there, rather than a stem that silently lacks it.
_PICTURES = {clark("w:drawing"), clark("w:pict"), clark("w:object")}
PICTURE = "[图片]"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_WP = "{http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_V, _O = "{urn:schemas-microsoft-com:vml}", "{urn:schemas-microsoft-com:office:office}"
_BLIP, _DOC_PR, _IMAGEDATA = _A + "blip", _WP + "docPr", _V + "imagedata"
_TEXT = {clark("w:t"), _M + "t"}
_EQUATIONS = {OMATH, OMATH_PARA}
_BREAKS = {clark("w:br"), clark("w:cr")}
_TABS = {clark("w:tab"), clark("w:ptab")}
_PPR, _PSTYLE, _NUMPR, _OUTLINE, _VAL = (clark(t) for t in ("w:pPr", "w:pStyle", "w:numPr", "w:outlineLvl", "w:val"))
MARKED_EQUATION = re.compile("{}.*?{}|{}.*?{}".format(*map(re.escape, INLINE_MATH + DISPLAY_MATH)), re.S)
_NO_BREAK_HYPHEN, _NUM_ID, _ILVL = clark("w:noBreakHyphen"), clark("w:numId"), clark("w:ilvl")
_R, _RPR, _U, _SHD = clark("w:r"), clark("w:rPr"), clark("w:u"), clark("w:shd")
_SYM, _FONT, _CHAR = clark("w:sym"), clark("w:font"), clark("w:char")
# Marks that Word's Insert Symbol writes as (font, code) rather than as text: judge answers
# (√ ×) and ticked boxes.  Other symbols of these fonts stand for no text a bank needs.
SYMBOLS = {("symbol", 0xD6): "√", ("symbol", 0xB4): "×",
           ("wingdings", 0xFC): "✓", ("wingdings", 0xFB): "✗", ("wingdings", 0xFE): "☑",
           ("wingdings", 0xFD): "☒", ("wingdings", 0xA8): "☐",
           ("wingdings 2", 0x50): "✓", ("wingdings 2", 0x4F): "✗", ("wingdings 2", 0x52): "☑",
           ("wingdings 2", 0x53): "☒", ("wingdings 2", 0xA3): "☐"}


@dataclass(frozen=True)
class Equation:
    """A Word equation: its LaTeX (``None`` when it holds what the converter does not know)
    and what Word shows of it as plain characters."""

    latex: str | None
    linear: str


class _EquationPiece(str):
    """A paragraph's piece of text that is an equation: the LaTeX between the model's math
    markers, or (unconverted) its linear text."""

    equation: Equation


class _PicturePiece(str):
    """A paragraph's piece that is a drawing: the placeholder until the reader puts the markers
    of its pictures (``refs``: relationship id and alt text) in its place."""

    refs: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Paragraph:
    text: str  # with its number, soft breaks as "\n", tabs as "\t", equations as LaTeX between math markers
    heading: int  # 1-9 for a heading of that level, 0 for body text
    place: int  # 1-based, counting body paragraphs and table rows in document order
    emphasis: tuple[EmphasisSpan, ...] = ()  # the parts of ``text`` that stand out, in order
    equations: tuple[Equation, ...] = ()  # the equations in ``text``, in order

    @property
    def linear(self) -> str:
        """``text`` as its characters alone: each equation as the characters Word shows, each
        picture as a placeholder (what the reader checks for control characters)."""
        pieces = iter(e.linear for e in self.equations if e.latex is not None)
        text = MARKED_EQUATION.sub(lambda _: next(pieces), self.text) if self.equations else self.text
        return PICTURE_MARKER.sub(PICTURE, text)


@dataclass(frozen=True)
class Row:
    cells: tuple[str, ...]  # each cell's paragraphs (Paragraph.text) joined by "\n"; a merged cell's later ones empty
    place: int
    plain: tuple[str, ...] = ()  # the same cells as their characters alone (see Paragraph.linear)
    unconverted: tuple[str, ...] = ()  # the linear text of each equation kept as text, in order

    @property
    def text(self) -> str:
        """The row as a line of text, its cells between tabs."""
        return "\t".join(self.cells).strip("\t")

    @property
    def linear(self) -> str:
        """``text`` as its characters alone (see :attr:`Paragraph.linear`)."""
        return "\t".join(self.plain).strip("\t")


@dataclass(frozen=True)
class Table:
    number: int  # 1-based, in document order
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class WordDocument:
    title: str  # the document's Title property, if set
    blocks: tuple[Paragraph | Table, ...]
    pictures: tuple[Picture, ...] = ()  # indexed by the markers in the paragraphs' text


def read_docx(data: bytes, source: str, limit: int) -> WordDocument:
    """The paragraphs and tables of the .docx in ``data`` (at most ``limit`` bytes unpacked)."""
    check_unpacked_size(data, source, limit)
    try:
        package = Package(data)
        main = package.main()
        styles = _Styles(package.related(main, RT.STYLES))
        book = PictureBook(source)
        reader = _Reader(Numbering(package.related(main, RT.NUMBERING), styles.lists), styles,
                         EmphasisStyles(styles.chain), _Pictures(package, main, book, source))
        body = package.parse(main).find(clark("w:body"))
        blocks = () if body is None else tuple(reader.blocks(body))
        title = package.title()
    except GuideError:  # a picture over the size limits
        raise
    except Exception as error:  # python-docx and lxml raise many kinds for a damaged file
        raise ParseError(source, "a Word document (.docx)", f"a file python-docx cannot read ({error})",
                         "save it again from Word or LibreOffice as .docx") from None
    return WordDocument(title.strip(), blocks, tuple(book.pictures))


@dataclass
class _Pictures:
    """Puts a drawing's pictures, read from the package, in the bank's picture book."""

    package: Package
    part: str  # the main document part, whose relationships name the pictures
    book: PictureBook
    source: str

    def markers(self, piece: _PicturePiece, where: str) -> str:
        """``where``: the paragraph or table row, as messages name it."""
        found = []
        for rid, alt in piece.refs:
            target = self.package.target_of(self.part, rid)
            if target is not None:
                name, data = target
                found.append(self.book.add(data, alt, f"{self.source}: {where} ({name.lstrip('/')})"))
        return "".join(found) or PICTURE


class _Styles:
    """Paragraph styles: the list and heading level each gives its paragraphs (via basedOn)."""

    def __init__(self, element: Any | None) -> None:
        children = () if element is None else element.iterchildren(clark("w:style"))
        self._styles = {s.get(clark("w:styleId")): s for s in children}
        default = next((k for k, s in self._styles.items()
                        if s.get(clark("w:type")) == "paragraph" and s.get(clark("w:default")) in ("1", "true")), None)
        self.default = default
        self.lists: dict[str, str] = {}  # style id -> the numId its numPr names (numbering styles)
        self._headings: dict[str | None, int] = {}  # what heading() and numbering() found, by style
        self._numbering: dict[str | None, tuple[str | None, int | None]] = {}
        for key, style in self._styles.items():
            num = style.find(f"{clark('w:pPr')}/{clark('w:numPr')}/{clark('w:numId')}")
            if num is not None:
                self.lists[key] = num.get(clark("w:val"))

    def chain(self, style_id: str | None) -> Iterator[Any]:
        seen = set()
        while style_id and style_id in self._styles and style_id not in seen:
            seen.add(style_id)
            style = self._styles[style_id]
            yield style
            based = style.find(clark("w:basedOn"))
            style_id = None if based is None else based.get(clark("w:val"))

    def heading(self, style_id: str | None) -> int:
        if style_id not in self._headings:
            self._headings[style_id] = self._heading(style_id)
        return self._headings[style_id]

    def numbering(self, style_id: str | None) -> tuple[str | None, int | None]:
        if style_id not in self._numbering:
            self._numbering[style_id] = self._style_numbering(style_id)
        return self._numbering[style_id]

    def _heading(self, style_id: str | None) -> int:
        for style in self.chain(style_id):
            name = style.find(clark("w:name"))
            name_text = "" if name is None else (name.get(clark("w:val")) or "").strip()
            match = _HEADING_NAME.match(name_text)
            if match:
                return int(match.group(1))
            if name_text.lower() == "title":
                return 1
            level = _outline(style.find(clark("w:pPr")))
            if level is not None:
                return level
        return 0

    def _style_numbering(self, style_id: str | None) -> tuple[str | None, int | None]:
        for style in self.chain(style_id):
            num_pr = style.find(f"{clark('w:pPr')}/{clark('w:numPr')}")
            if num_pr is not None:
                return _num_pr(num_pr)
        return None, None


class _Reader:
    def __init__(self, numbering: Numbering, styles: _Styles, emphasis: EmphasisStyles, pictures: _Pictures) -> None:
        self.numbering, self.styles, self.emphasis, self.pictures = numbering, styles, emphasis, pictures
        self.place = 0
        self.tables = 0
        self.where = ""  # the paragraph or table row being read, as a picture's place names it

    def blocks(self, container: Any, counted: bool = True) -> Iterator[Paragraph | Table]:
        """The paragraphs and tables in ``container``; ``counted``: they get place numbers
        (a table cell's do not: its row has one)."""
        for child in container.iterchildren():
            if child.tag == clark("w:p"):
                self.place += counted
                if counted:
                    self.where = f"paragraph {self.place}"
                text, heading, emphasis, equations = self.paragraph(child)
                yield Paragraph(text, heading, self.place, emphasis, equations)
            elif child.tag == clark("w:tbl"):
                self.tables += counted
                number = self.tables
                rows = []
                for i, tr in enumerate(_children(child, "w:tr"), 1):
                    self.place += counted
                    if counted:  # a table in a cell is part of its row
                        self.where = f"table {number} row {i}"
                    cells = list(self.row(tr))
                    rows.append(Row(tuple(c.text for c in cells), self.place, tuple(c.plain for c in cells),
                                    tuple(linear for c in cells for linear in c.unconverted)))
                yield Table(number, tuple(rows))
            elif child.tag in (clark("w:sdt"), clark("w:customXml"), clark("w:sdtContent")):
                yield from self.blocks(child, counted)

    def paragraph(self, p: Any) -> tuple[str, int, tuple[EmphasisSpan, ...], tuple[Equation, ...]]:
        # One pass over the paragraph's children: a bank has a hundred thousand paragraphs.
        style_id, own, outline, shading = self.styles.default, None, None, None
        pieces: list[str] = []
        runs: list[tuple[int, int, Any]] = []
        for child in p.iterchildren():
            if child.tag != _PPR:
                _add(child, pieces, runs)
                continue
            for prop in child.iterchildren():
                if prop.tag == _PSTYLE:
                    style_id = prop.get(_VAL)
                elif prop.tag == _NUMPR:
                    own = _num_pr(prop)
                elif prop.tag == _OUTLINE:
                    outline = _outline_level(prop)
                elif prop.tag == _SHD:
                    shading = prop
        for i, piece in enumerate(pieces):
            if isinstance(piece, _PicturePiece):
                pieces[i] = self.pictures.markers(piece, self.where)
        num_id, ilvl = self.styles.numbering(style_id)
        if own is not None:
            num_id, ilvl = own[0] or num_id, own[1] if own[1] is not None else ilvl
        label = self.numbering.label(num_id, ilvl or 0) if num_id else ""
        heading = outline if outline is not None else self.styles.heading(style_id)
        whole = label + "".join(pieces)
        text = whole.strip(" \n")
        shift = len(label) - (len(whole) - len(whole.lstrip(" \n")))
        equations = tuple(piece.equation for piece in pieces if isinstance(piece, _EquationPiece))
        # a heading's look is the heading's: no answer is read from it
        emphasis = () if heading else self.emphasis.spans(style_id, shading, pieces, runs, shift, len(text))
        return text, heading, emphasis, equations

    def row(self, tr: Any) -> Iterator[_Cell]:
        for tc in _children(tr, "w:tc"):
            tc_pr = tc.find(clark("w:tcPr"))
            merge = None if tc_pr is None else tc_pr.find(clark("w:vMerge"))
            span = None if tc_pr is None else tc_pr.find(clark("w:gridSpan"))
            texts, plain, unconverted = list[str](), list[str](), list[str]()
            for block in self.blocks(tc, counted=False):  # tables in a cell are read, as lines, in its text
                if isinstance(block, Paragraph):
                    texts.append(block.text)
                    plain.append(block.linear)
                    unconverted.extend(e.linear for e in block.equations if e.latex is None)
                else:
                    for row in block.rows:
                        texts.append("\t".join(row.cells))
                        plain.append("\t".join(row.plain))
                        unconverted.extend(row.unconverted)
            continued = merge is not None and merge.get(clark("w:val")) != "restart"
            yield _Cell("", "", ()) if continued else _Cell("\n".join(texts).strip("\n"),
                                                             "\n".join(plain).strip("\n"), tuple(unconverted))
            for _ in range(_span(span) - 1):
                yield _Cell("", "", ())


class _Cell(NamedTuple):
    """A table cell as :class:`Row` keeps it."""

    text: str
    plain: str
    unconverted: tuple[str, ...]


def _children(element: Any, name: str) -> Iterator[Any]:
    """``name`` children ("w:tr"), also those a content control (w:sdt) wraps."""
    for child in element.iterchildren():
        if child.tag == clark(name):
            yield child
        elif child.tag in (clark("w:sdt"), clark("w:customXml")):
            content = child.find(clark("w:sdtContent")) if child.tag == clark("w:sdt") else child
            if content is not None:
                yield from _children(content, name)


def _text(element: Any, out: list[str], runs: list[tuple[int, int, Any]] | None = None) -> None:
    for child in element.iterchildren():
        _add(child, out, runs)


def _add(element: Any, out: list[str], runs: list[tuple[int, int, Any]] | None = None) -> None:
    """The text ``element`` shows, added to ``out``; each run's pieces of ``out`` (first,
    after the last) and its properties (w:rPr, or ``None``) added to ``runs``."""
    tag = element.tag
    if not isinstance(tag, str) or tag in _SKIPPED:
        return
    if tag in _EQUATIONS:
        out.append(_equation(element))
    elif tag in _TEXT:
        out.append(element.text or "")
    elif tag == _R:
        first = len(out)
        properties = next(element.iterchildren(), None)  # a run's properties come first, if it has any
        if properties is not None and properties.tag != _RPR:
            properties = None
        if _underlined(properties):
            # Blanks to fill in are often underlined spaces: a reader sees a line, the text only spaces.
            pieces: list[str] = []
            _text(element, pieces)
            text = "".join(pieces)
            blank = text and not text.strip() and "\n" not in text
            out.append("_" * max(len(text), 2) if blank else text)
        else:
            _text(element, out)
        if runs is not None:
            runs.append((first, len(out), properties))
    elif tag in _PICTURES:
        out.append(_drawing(element))
    elif tag == _SYM:
        out.append(_symbol(element))
    elif tag in _TABS:
        out.append("\t")
    elif tag in _BREAKS:
        out.append("\n")
    elif tag == _NO_BREAK_HYPHEN:
        out.append("-")
    else:
        _text(element, out)


def _equation(element: Any) -> _EquationPiece:
    """An equation as LaTeX between math markers (display for a paragraph of equations), or
    as its linear text when it holds what the converter does not know."""
    linear = equation_text(element)
    try:
        latex: str | None = equation_latex(element)
    except Unconvertible:
        latex = None
    if latex is not None and not latex.strip():
        latex = None
    opening, closing = DISPLAY_MATH if element.tag == OMATH_PARA else INLINE_MATH
    piece = _EquationPiece(linear if latex is None else opening + latex + closing)
    piece.equation = Equation(latex, linear)
    return piece


def _drawing(element: Any) -> _PicturePiece:
    """A w:drawing, w:pict or w:object: the pictures in it, each with the alt text Word keeps
    (a drawing's description, else its title; a VML shape's alt or title)."""
    refs: list[tuple[str, str]] = []
    doc_pr = next(element.iter(_DOC_PR), None)
    drawing_alt = "" if doc_pr is None else (doc_pr.get("descr") or doc_pr.get("title") or "")
    for blip in element.iter(_BLIP):
        if rid := blip.get(_REL + "embed"):
            refs.append((rid, drawing_alt))
    for imagedata in element.iter(_IMAGEDATA):
        shape = imagedata.getparent()
        alt = (shape.get("alt") if shape is not None else None) or imagedata.get(_O + "title") or ""
        if rid := imagedata.get(_REL + "id"):
            refs.append((rid, alt))
    piece = _PicturePiece(PICTURE)
    piece.refs = tuple(refs)
    return piece


def _symbol(sym: Any) -> str:
    """A w:sym as text: its code may be written F0FC (in the private-use copy of the font) or FC."""
    try:
        code = int(sym.get(_CHAR) or "", 16) & 0xFF
    except ValueError:
        return ""
    return SYMBOLS.get(((sym.get(_FONT) or "").strip().lower(), code), "")


def _underlined(properties: Any | None) -> bool:
    """Whether a run's w:rPr underlines it."""
    if properties is None:
        return False
    underline = properties.find(_U)
    return underline is not None and underline.get(_VAL, "single") != "none"


def _num_pr(num_pr: Any) -> tuple[str | None, int | None]:
    num_id, level = None, None
    for child in num_pr.iterchildren():
        if child.tag == _NUM_ID:
            num_id = child.get(_VAL)
        elif child.tag == _ILVL:
            level = _int(child.get(_VAL))
    return num_id, level


def _outline(p_pr: Any | None) -> int | None:
    """The heading level a w:pPr's w:outlineLvl gives (see :func:`_outline_level`)."""
    level = None if p_pr is None else p_pr.find(_OUTLINE)
    return None if level is None else _outline_level(level)


def _outline_level(level: Any) -> int | None:
    """The heading level of a w:outlineLvl (0-8 -> 1-9), None for body text (9)."""
    value = _int(level.get(_VAL))
    return value + 1 if value is not None and 0 <= value < 9 else None


def _span(span: Any | None) -> int:
    value = None if span is None else _int(span.get(clark("w:val")))
    return min(value, 64) if value and value > 0 else 1


def _int(value: str | None) -> int | None:
    try:
        return int(value or "")
    except ValueError:
        return None
