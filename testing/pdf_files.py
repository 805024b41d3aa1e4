"""Small PDF files written from text placed on pages, for the PDF reader's tests.

Each page is a list of (x, y, text) with y from the top; text is set in Adobe's Song font
for Chinese (UniGB-UCS2-H, not embedded: a viewer substitutes one, and the text layer holds
the characters themselves, as a PDF printed from Word does).  Every glyph is 1 em wide.
"""
from __future__ import annotations

from collections.abc import Sequence

PAGE = (595.0, 842.0)  # A4, in points
Placed = tuple[float, float, str]
# A picture on a page: (x, y from the top, width, height in points, /Filter name, stream bytes,
# pixel width, pixel height), an RGB image XObject.
Drawn = tuple[float, float, float, float, str, bytes, int, int]


def pdf_document(pages: Sequence[Sequence[Placed]], size: float = 10.0, page: tuple[float, float] = PAGE,
                 pictures: Sequence[Sequence[Drawn]] = ()) -> bytes:
    """A PDF whose pages hold ``pages``' text, each piece at (x, y from the top) in ``size`` points,
    and ``pictures[i]`` on page i."""
    width, height = page
    objects: list[bytes] = [b"", b""]  # the catalog and the page tree, written last
    font = _add(objects, b"<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H "
                b"/DescendantFonts [<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /DW 1000 "
                b"/CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> "
                b"/FontDescriptor << /Type /FontDescriptor /FontName /STSong-Light /Flags 6 "
                b"/FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 "
                b"/StemV 93 >> >>] >>")
    kids = []
    for number, placed in enumerate(pages):
        stream = b"".join(b"BT /F1 %.1f Tf %.2f %.2f Td <%s> Tj ET\n" % (size, x, height - y - size,
                                                                            text.encode("utf-16-be").hex().encode())
                          for x, y, text in placed)
        names = b""
        for k, (x, y, w, h, kind, data, pixels_w, pixels_h) in enumerate(pictures[number] if number < len(pictures)
                                                                           else ()):
            image = _add(objects, b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB "
                         b"/BitsPerComponent 8 /Filter /%s /Length %d >>\nstream\n%s\nendstream"
                         % (pixels_w, pixels_h, kind.encode(), len(data), data))
            names += b"/Im%d %d 0 R " % (k, image)
            stream += b"q %.2f 0 0 %.2f %.2f %.2f cm /Im%d Do Q\n" % (w, h, x, height - y - h, k)
        content = _add(objects, b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream))
        kids.append(_add(objects, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.0f %.0f] /Contents %d 0 R "
                         b"/Resources << /Font << /F1 %d 0 R >> /XObject << %s>> >> >>"
                         % (width, height, content, font, names)))
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % k for k in kids), len(kids))
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def _add(objects: list[bytes], body: bytes) -> int:
    objects.append(body)
    return len(objects)


def column(lines: Sequence[str], x: float = 60.0, top: float = 100.0, leading: float = 16.0) -> list[Placed]:
    """``lines`` set one under another from (x, top)."""
    return [(x, top + k * leading, line) for k, line in enumerate(lines)]


def furniture(page: int, pages: int, title: str = "高级人工智能训练师 题库") -> list[Placed]:
    """A running header and a footer with the page number, as a printed bank carries them."""
    return [(60.0, 30.0, title), (280.0, 800.0, f"- {page} -"), (460.0, 800.0, f"第 {page} 页 共 {pages} 页")]
