"""Pictures anchored to cells of an .xlsx workbook: which sheet, row and column each sits on.

openpyxl reads no pictures in read-only mode (the mode that reads a large workbook in linear
time), so they are found in the package itself: each worksheet's drawing part, each
``xdr:pic`` of it with the cell its top-left corner is anchored to (``xdr:from``, 0-based),
its alt text (``xdr:cNvPr`` descr, else title) and the media part its blip names.  The
reader puts each picture's marker in that cell's text, so it belongs to that row's question
and that column's field.
"""
from __future__ import annotations

import io
import posixpath
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_XDR = "{http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing}"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PACKAGE_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_ANCHORS = (_XDR + "twoCellAnchor", _XDR + "oneCellAnchor", _XDR + "absoluteAnchor")


@dataclass(frozen=True)
class AnchoredPicture:
    row: int  # 1-based, as the sheet's rows are numbered
    column: int  # 0-based index into the row's cells
    data: bytes
    alt: str
    part: str  # the media part, for messages: "xl/media/image1.png"


def anchored_pictures(data: bytes) -> dict[str, list[AnchoredPicture]]:
    """The pictures of each worksheet (by its title) anchored to a cell, in the order of their
    anchors; none for a workbook without drawings."""
    archive = zipfile.ZipFile(io.BytesIO(data))
    names = set(archive.namelist())
    if not any(n.startswith("xl/drawings/") for n in names):
        return {}
    workbook = _xml(archive, "xl/workbook.xml")
    targets = _relations(archive, names, "xl/workbook.xml")
    found: dict[str, list[AnchoredPicture]] = {}
    for sheet in workbook.iter(_MAIN + "sheet"):
        path = targets.get(sheet.get(_REL + "id") or "")
        if path is None or path not in names:
            continue
        pictures = list(_sheet_pictures(archive, names, path))
        if pictures:
            found[sheet.get("name") or ""] = pictures
    return found


def _sheet_pictures(archive: zipfile.ZipFile, names: set[str], sheet_path: str) -> Iterator[AnchoredPicture]:
    sheet_relations = _relations(archive, names, sheet_path)
    for drawing in _xml(archive, sheet_path).iter(_MAIN + "drawing"):
        drawing_path = sheet_relations.get(drawing.get(_REL + "id") or "")
        if drawing_path is None or drawing_path not in names:
            continue
        media = _relations(archive, names, drawing_path)
        for anchor in _xml(archive, drawing_path):
            if anchor.tag not in _ANCHORS:
                continue
            start = anchor.find(_XDR + "from")
            row = _int(start, "row") if start is not None else 0
            column = _int(start, "col") if start is not None else 0
            for picture in anchor.iter(_XDR + "pic"):
                properties = next(picture.iter(_XDR + "cNvPr"), None)
                alt = "" if properties is None else properties.get("descr") or properties.get("title") or ""
                blip = next(picture.iter(_A + "blip"), None)
                part = media.get("" if blip is None else blip.get(_REL + "embed") or "")
                if part is not None and part in names:
                    yield AnchoredPicture(row + 1, column, archive.read(part), alt, part)


def _relations(archive: zipfile.ZipFile, names: set[str], part: str) -> dict[str, str]:
    """A part's internal relationships: id -> the target part's name in the archive."""
    folder, name = posixpath.split(part)
    rels = f"{folder}/_rels/{name}.rels"
    if rels not in names:
        return {}
    return {r.get("Id") or "": _target(folder, r.get("Target") or "")
            for r in _xml(archive, rels).iter(_PACKAGE_REL + "Relationship") if r.get("TargetMode") != "External"}


def _target(folder: str, target: str) -> str:
    """A relationship's target as a name in the archive (relative to the part's folder, or to
    the package's root when it starts with "/")."""
    if target.startswith("/"):
        return posixpath.normpath(target[1:])
    return posixpath.normpath(posixpath.join(folder, target))


def _xml(archive: zipfile.ZipFile, part: str) -> Any:
    from lxml import etree

    # No entities resolved, nothing fetched: a workbook's XML cannot reach out or expand itself.
    parser = etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True, remove_pis=True)
    return etree.fromstring(archive.read(part), parser)


def _int(element: Any, name: str) -> int:
    child = element.find(_XDR + name)
    try:
        return max(int(child.text), 0) if child is not None and child.text else 0
    except ValueError:
        return 0
