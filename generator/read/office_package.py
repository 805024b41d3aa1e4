"""An Office file (.docx, .xlsx): a zip of XML parts, bounded before it is unpacked, and the
parts of a Word document found through its relationships by python-docx's package reader."""
from __future__ import annotations

import io
import zipfile
from functools import cache
from typing import Any

from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.oxml.ns import qn

from ..base.errors import BankFileError, ParseError

clark = cache(qn)  # an element's Clark name ("w:t" -> "{…main}t"), worked out once: asked of every element
MAX_PARTS = 10_000  # a document has dozens of parts; thousands more are a zip bomb's trick


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
                            "save it again from its program" if len(infos) > MAX_PARTS else
                            f"--max-size {-(-total // 2**20)} reads it, if the file is what you expect")


class Package:
    """The parts of an Office file, found through its relationships by python-docx's package
    reader, each parsed as plain XML when asked (python-docx's own element classes cost
    several times as much to walk, and a bank has a hundred thousand paragraphs)."""

    def __init__(self, data: bytes) -> None:
        from docx.opc.pkgreader import PackageReader

        reader = PackageReader.from_file(io.BytesIO(data))  # type: ignore[no-untyped-call]
        self.blobs = {partname: blob for partname, _, _, blob in reader.iter_sparts()}
        self.rels: dict[str, list[Any]] = {}
        for source, rel in reader.iter_srels():
            if not rel.is_external:
                self.rels.setdefault(source, []).append(rel)

    def main(self) -> str:
        """The name of the main document part (/word/document.xml as a rule)."""
        name = self._target("/", RT.OFFICE_DOCUMENT)
        if name is None:
            raise ValueError("it has no main document part")
        return name

    def related(self, partname: str, reltype: str) -> Any | None:
        """The parsed root of the part ``partname`` relates to by ``reltype``, if it has one."""
        name = self._target(partname, reltype)
        return None if name is None else self.parse(name)

    def title(self) -> str:
        core = self.related("/", RT.CORE_PROPERTIES)
        title = None if core is None else core.find("{http://purl.org/dc/elements/1.1/}title")
        return "" if title is None else title.text or ""

    def parse(self, partname: str) -> Any:
        # No entities resolved, nothing fetched: a document's XML cannot reach out or expand itself.
        from lxml import etree

        parser = etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True, remove_pis=True)
        return etree.fromstring(self.blobs[partname], parser)

    def _target(self, source: str, reltype: str) -> str | None:
        rel = next((r for r in self.rels.get(source, ()) if r.reltype == reltype), None)
        return None if rel is None or rel.target_partname not in self.blobs else str(rel.target_partname)
