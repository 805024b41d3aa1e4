"""Small PDF files written from text placed on pages, for the PDF reader's tests.

Each page is a list of (x, y, text) with y from the top; text is set in Adobe's Song font
for Chinese (UniGB-UCS2-H, not embedded: a viewer substitutes one, and the text layer holds
the characters themselves, as a PDF printed from Word does).  Every glyph is 1 em wide.
"""
from __future__ import annotations

import io
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image

PAGE = (595.0, 842.0)  # A4, in points
Placed = tuple[float, float, str]


@dataclass(frozen=True)
class Samples:
    """An image XObject's stream: its data, /Filter, pixel size and other dictionary entries."""

    data: bytes
    filter: str
    pixels: tuple[int, int]
    entries: bytes = b"/ColorSpace /DeviceRGB /BitsPerComponent 8"
    mask: Samples | None = None  # its soft mask (/SMask), a gray image


# A picture on a page: (x, y from the top, width, height in points, its stream), or the same with
# (/Filter name, stream bytes, pixel width, pixel height) of an RGB image in place of the stream.
Drawn = tuple[float, float, float, float, Samples] | tuple[float, float, float, float, str, bytes, int, int]


def png_samples(image: Image.Image) -> Samples:
    """``image`` as PDF writers store a PNG: its compressed rows as they are (Flate, PNG
    predictors), and its alpha, if any, as a soft mask stored the same way."""
    from PIL import Image as Pillow

    if image.mode in ("RGBA", "LA"):
        return Samples(**{**png_samples(image.convert(image.mode[:-1])).__dict__,
                          "mask": png_samples(image.getchannel("A"))})
    out = io.BytesIO()
    image.save(out, "PNG")
    png, rows = out.getvalue(), b""
    bits = png[24]  # IHDR's bit depth: Pillow writes a small palette in fewer bits
    at = 8
    while at < len(png):  # the chunks: the IDAT ones hold the compressed rows
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        rows += png[at + 8:at + 8 + length] if kind == b"IDAT" else b""
        at += 12 + length
    colours = 3 if image.mode == "RGB" else 1
    space = b"/DeviceGray" if colours == 1 else b"/DeviceRGB"
    if image.mode == "P":
        palette = bytes(image.getpalette() or [])
        space = b"[/Indexed /DeviceRGB %d <%s>]" % (len(palette) // 3 - 1, palette.hex().encode())
    assert isinstance(image, Pillow.Image)
    return Samples(rows, "FlateDecode", image.size,
                   b"/ColorSpace %s /BitsPerComponent %d /DecodeParms << /Predictor 15 /Colors %d "
                   b"/BitsPerComponent %d /Columns %d >>" % (space, bits, colours, bits, image.width))


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
        for k, drawn in enumerate(pictures[number] if number < len(pictures) else ()):
            x, y, w, h = drawn[:4]
            samples = drawn[4] if isinstance(drawn[4], Samples) else Samples(drawn[5], drawn[4], drawn[6:8])
            names += b"/Im%d %d 0 R " % (k, _image(objects, samples))
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


def _image(objects: list[bytes], samples: Samples) -> int:
    """The number of a new image XObject holding ``samples`` (and its soft mask)."""
    mask = b"" if samples.mask is None else b"/SMask %d 0 R " % _image(objects, samples.mask)
    return _add(objects, b"<< /Type /XObject /Subtype /Image /Width %d /Height %d %s %s/Filter /%s /Length %d >>\n"
                b"stream\n%s\nendstream" % (*samples.pixels, samples.entries, mask, samples.filter.encode(),
                                            len(samples.data), samples.data))


def _add(objects: list[bytes], body: bytes) -> int:
    objects.append(body)
    return len(objects)


def column(lines: Sequence[str], x: float = 60.0, top: float = 100.0, leading: float = 16.0) -> list[Placed]:
    """``lines`` set one under another from (x, top)."""
    return [(x, top + k * leading, line) for k, line in enumerate(lines)]


def furniture(page: int, pages: int, title: str = "高级人工智能训练师 题库") -> list[Placed]:
    """A running header and a footer with the page number, as a printed bank carries them."""
    return [(60.0, 30.0, title), (280.0, 800.0, f"- {page} -"), (460.0, 800.0, f"第 {page} 页 共 {pages} 页")]
