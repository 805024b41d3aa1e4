"""Word documents (.docx) made in a test with python-docx, numbering and all."""
from __future__ import annotations

from pathlib import Path

import docx
from docx.document import Document
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.text.paragraph import Paragraph

W = nsdecls("w")


def level(ilvl: int, fmt: str, text: str, start: int = 1, extra: str = "") -> str:
    """A ``w:lvl`` of an abstract list: format, text around the number (``%1.``), start."""
    return (f'<w:lvl w:ilvl="{ilvl}"><w:start w:val="{start}"/><w:numFmt w:val="{fmt}"/>'
            f'<w:lvlText w:val="{text}"/>{extra}</w:lvl>')


def add_list(document: Document, abstract_id: int, levels: list[str], nums: dict[int, dict[int, int]]) -> None:
    """An abstract list with ``levels`` and the lists (``w:num``) counting in it: numId -> the
    levels it restarts (``startOverride``), as Word's "Restart at 1" writes them."""
    numbering = document.part.numbering_part.element
    abstract = parse_xml(f'<w:abstractNum {W} w:abstractNumId="{abstract_id}">{"".join(levels)}</w:abstractNum>')
    first_num = numbering.find(qn("w:num"))
    if first_num is None:
        numbering.append(abstract)
    else:
        first_num.addprevious(abstract)  # the schema puts every abstractNum before the nums
    for num_id, starts in nums.items():
        overrides = "".join(f'<w:lvlOverride w:ilvl="{k}"><w:startOverride w:val="{v}"/></w:lvlOverride>'
                            for k, v in starts.items())
        numbering.append(parse_xml(f'<w:num {W} w:numId="{num_id}"><w:abstractNumId w:val="{abstract_id}"/>'
                                   f'{overrides}</w:num>'))


def numbered(document: Document, text: str, num_id: int, ilvl: int = 0, style: str | None = None) -> Paragraph:
    """A paragraph in list ``num_id`` at level ``ilvl``: its number is not in its text."""
    paragraph = document.add_paragraph(text, style)
    paragraph._p.get_or_add_pPr().append(
        parse_xml(f'<w:numPr {W}><w:ilvl w:val="{ilvl}"/><w:numId w:val="{num_id}"/></w:numPr>'))
    return paragraph


def with_break(document: Document, *lines: str) -> Paragraph:
    """One paragraph whose lines are separated by soft line breaks (Shift+Enter)."""
    paragraph = document.add_paragraph()
    for i, line in enumerate(lines):
        run = paragraph.add_run(line)
        if i < len(lines) - 1:
            run.add_break()
    return paragraph


def table(document: Document, rows: list[list[str]]) -> None:
    grid = document.add_table(rows=len(rows), cols=max(len(r) for r in rows))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            grid.cell(r, c).text = text


def save(document: Document, path: Path) -> Path:
    document.save(str(path))
    return path


def new() -> Document:
    return docx.Document()
