"""An Office file (.docx, .xlsx): a zip of XML parts, bounded before it is unpacked, and the
parts of a Word document found through its relationships by python-docx's package reader."""
from __future__ import annotations

import io
import zipfile
import zlib
from functools import cache
from typing import Any

from ..base.errors import BankFileError, ParseError

# python-docx (and lxml under it) is imported when a document is read, not with this module:
# the sheet reader imports it, and a text bank does not wait a tenth of a second for python-docx.
# Relationship types, as python-docx's docx.opc.constants.RELATIONSHIP_TYPE names them.
OFFICE_DOCUMENT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
CORE_PROPERTIES = "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties"


@cache
def clark(tag: str) -> str:
    """An element's Clark name ("w:t" -> "{…main}t"), worked out once: asked of every element."""
    from docx.oxml.ns import qn

    return str(qn(tag))
MAX_PARTS = 10_000  # a document has dozens of parts; thousands more are a zip bomb's trick


CHUNK = 2**20


def check_unpacked_size(data: bytes, source: str, limit: int) -> None:
    """Refuse an Office file (a zip) whose parts unpack to more than ``limit`` bytes, or hold
    absurdly many parts, before a reader parses any part: a few kilobytes can unpack to
    gigabytes.  The declared sizes are checked first; then every part is unpacked as a stream,
    counting what it really yields, so a zip that lies about its sizes stops at the limit (or
    at its part's checksum), never past it."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, ValueError) as error:
        raise ParseError(source, "an Office file (a zip archive)", f"a damaged archive ({error})",
                         "save it again from its program") from None
    expected = (f"an Office file that unpacks to at most {limit // 2**20} MB in at most {MAX_PARTS} parts, "
                "each part as large as it declares")
    total = sum(info.file_size for info in infos)
    if len(infos) > MAX_PARTS or total > limit:
        raise BankFileError(source, expected, f"{total // 2**20} MB in {len(infos)} parts",
                            "save it again from its program" if len(infos) > MAX_PARTS else
                            f"--max-size {-(-total // 2**20)} reads it, if the file is what you expect")
    unpacked = 0
    for info in infos:
        try:
            with archive.open(info) as part:
                while chunk := part.read(CHUNK):
                    unpacked += len(chunk)
                    if unpacked > limit:
                        raise BankFileError(source, expected, f"more than {limit // 2**20} MB by part "
                                            f"{info.filename}, which declares {info.file_size} bytes")
        except (zipfile.BadZipFile, EOFError, OSError, ValueError, NotImplementedError, zlib.error) as error:
            raise ParseError(source, "an Office file whose parts are whole",
                             f"a damaged part {info.filename} ({error}; its declared size or content is wrong)",
                             "save it again from its program") from None


def damaged_office_file(source: str, data: bytes, expected: str, error: Exception,
                        part: str | None = None) -> ParseError:
    """The message for an Office file that a library failed to read with ``error``: the file and
    ``part`` (else the first part that is no well-formed XML, if one is not)."""
    part = part or _malformed_part(data)
    where = f"part {part}" if part else "a part"
    return ParseError(source, expected, f"a damaged workbook or document: {where} cannot be read "
                      f"({type(error).__name__}: {str(error)[:200]})", "save it again from its program")


def _malformed_part(data: bytes) -> str | None:
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for name in archive.namelist():
            if name.endswith((".xml", ".rels")):
                try:
                    etree.fromstring(archive.read(name), parser)
                except etree.XMLSyntaxError:
                    return name
    return None


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
        name = self._target("/", OFFICE_DOCUMENT)
        if name is None:
            raise ValueError("it has no main document part")
        return name

    def related(self, partname: str, reltype: str) -> Any | None:
        """The parsed root of the part ``partname`` relates to by ``reltype``, if it has one."""
        name = self._target(partname, reltype)
        return None if name is None else self.parse(name)

    def target_of(self, partname: str, rid: str) -> tuple[str, bytes] | None:
        """The name and bytes of the part ``partname`` relates to by the id ``rid`` (a picture's
        ``r:embed``), if the package holds it (a linked file outside it is never read)."""
        rel = next((r for r in self.rels.get(partname, ()) if r.rId == rid), None)
        if rel is None or rel.target_partname not in self.blobs:
            return None
        return str(rel.target_partname), self.blobs[rel.target_partname]

    def title(self) -> str:
        core = self.related("/", CORE_PROPERTIES)
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
