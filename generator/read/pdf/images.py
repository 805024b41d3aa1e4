"""A PDF image (an image XObject or inline image) -> a file a browser shows, or why it cannot be.

pdfminer.six undoes a stream's filters (Flate, LZW, RunLength, ASCII85/Hex, CCITT group 4) and
its TIFF predictor; Pillow unpacks the samples (1, 2, 4 or 8 bits; 16 by their high bytes) and
writes the PNG.  A Flate stream with a PNG predictor holds a PNG's compressed rows, as Word and
WPS store a PNG: Pillow reads them as that PNG (pdfminer's predictor reads 8-bit rows only, in
Python), and without a mask or a Decode array that PNG is the file as it stands.  What is left
here is what the PDF says the samples mean, which neither library applies to a stream: the
colour space (Gray, RGB, CMYK, their ICC-based and calibrated forms, Indexed over any of them),
the Decode array, a stencil mask, and the soft mask (``SMask``) that gives a picture its
transparency.  pdfminer's own ``ImageWriter`` writes files and covers a few of these cases
only, so it is not used.

- A JPEG (DCTDecode) in Gray or RGB without a soft mask is kept byte for byte; a CMYK one is
  turned into RGB (browsers differ on CMYK JPEGs) and kept a JPEG; with a soft mask it becomes
  a PNG with that transparency.
- JPEG 2000 (JPXDecode) is read by Pillow (OpenJPEG) into a PNG.
- JBIG2 and CCITT group 3 have no well-kept reader in Python; such a picture, a colour space
  that needs a colour profile to show (Lab, Separation, DeviceN), and a damaged stream stay
  pictures the guide cannot show, named by why (``check`` lists each with its page).
"""
from __future__ import annotations

import io
import struct
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pdfminer.pdftypes import PDFStream, resolve1
from pdfminer.psparser import PSLiteral

if TYPE_CHECKING:
    from PIL import Image

MAX_PIXELS = 40_000_000  # a picture's pixels: an A4 page scanned at 600 dpi is 35 million
JPEG_QUALITY = 90  # a CMYK JPEG written again as RGB
_SPACES = {"DeviceGray": "L", "G": "L", "CalGray": "L", "DeviceRGB": "RGB", "RGB": "RGB", "CalRGB": "RGB",
           "DeviceCMYK": "CMYK", "CMYK": "CMYK"}
_BY_COMPONENTS = {1: "L", 3: "RGB", 4: "CMYK"}
_COMPONENTS = {"L": 1, "RGB": 3, "CMYK": 4}
_ENCODED = {"DCTDecode": "DCTDecode", "DCT": "DCTDecode", "JPXDecode": "JPXDecode", "JBIG2Decode": "JBIG2Decode",
            "CCITTFaxDecode": "CCITTFaxDecode", "CCF": "CCITTFaxDecode"}


@dataclass(frozen=True)
class Shown:
    """A picture as a file: its bytes (PNG or JPEG), or ``data`` None and ``why`` not."""

    data: bytes | None
    why: str = ""


class _Unshown(Exception):
    """Why a picture cannot be shown, as ``check`` names it."""


@dataclass(frozen=True)
class _Space:
    mode: str  # Pillow's: "L", "RGB", "CMYK", or "P" for Indexed
    components: int  # samples per pixel in the stream
    palette: bytes = b""  # Indexed: the colours as RGB triples


def picture_file(stream: PDFStream) -> Shown:
    """The file a browser shows for the image in ``stream`` (see the module's rules)."""
    encoding = _encoding(stream)
    try:
        return Shown(_file(stream, encoding))
    except _Unshown as why:
        return Shown(None, f"{encoding}, {why}")
    except Exception as error:  # pdfminer and Pillow raise many kinds for a damaged stream
        return Shown(None, f"{encoding}, damaged ({type(error).__name__})")


def _file(stream: PDFStream, encoding: str) -> bytes:
    mask = resolve1(stream.get_any(("SMask",)))
    space = _space(stream.get_any(("CS", "ColorSpace")))
    if encoding == "DCTDecode" and not isinstance(mask, PDFStream) and space is not None \
            and space.mode in ("L", "RGB") and not _inverted(stream):
        return bytes(stream.get_data())
    if not isinstance(mask, PDFStream) and space is not None and space.mode != "CMYK" and not _inverted(stream) \
            and (png := _png_file(stream, space, _bits(stream), _size(stream))) is not None:
        _opened(png)  # the rows as they are make the PNG: read once, to list a damaged one
        return png
    image = _image(stream, encoding, space)
    if not isinstance(mask, PDFStream):
        return _saved(image, "JPEG" if encoding == "DCTDecode" else "PNG")
    alpha = _image(mask, _encoding(mask), _Space("L", 1)).convert("L")  # a soft mask is gray
    image = image.convert("LA" if image.mode in ("1", "L") else "RGBA")
    image.putalpha(alpha.resize(image.size))
    return _saved(image, "PNG")


def _image(stream: PDFStream, encoding: str, space: _Space | None) -> Image.Image:
    """The picture ``stream`` holds, in the colours the PDF means."""
    width, height = _size(stream)
    if width * height > MAX_PIXELS:
        raise _Unshown(f"{width}×{height} pixels, more than {MAX_PIXELS:,}")
    if encoding in ("JBIG2Decode", "CCITTFaxDecode") and not _g4(stream):
        raise _Unshown("no reader for this encoding")
    if encoding == "JPXDecode":
        return _opened(stream.get_data())
    if encoding == "DCTDecode":
        return _jpeg_colours(_opened(stream.get_data()), stream)
    if _flag(stream.get_any(("IM", "ImageMask"))):
        return _stencil(stream)
    if space is None:
        raise _Unshown("a colour space that needs a colour profile")
    return _samples(stream, space)


def _encoding(stream: PDFStream) -> str:
    """How the stream holds its picture: its last filter, by its full name."""
    filters = [_name(f) for f, _ in stream.get_filters()]
    return _ENCODED.get(filters[-1], filters[-1]) if filters else "raw pixels"


def _samples(stream: PDFStream, space: _Space) -> Image.Image:
    """The image of ``stream``'s samples in ``space``, its Decode array applied."""
    size, bits = _size(stream), _bits(stream)
    image = _png_rows(stream, space, bits, size) or _unpacked(stream.get_data(), space, bits, size)
    if space.mode == "P":
        image.putpalette(space.palette, "RGB")
        return image
    if _inverted(stream):
        image = _inverse(image)
    return image.convert("RGB") if image.mode == "CMYK" else image


def _unpacked(data: bytes, space: _Space, bits: int, size: tuple[int, int]) -> Image.Image:
    """Samples as they stand in the stream, each row starting on a byte, unpacked by Pillow."""
    from PIL import Image

    if bits == 16:  # big-endian samples: their high bytes are the 8-bit picture
        data, bits = data[::2], 8
    if bits == 8:
        image = Image.frombytes(space.mode, size, data)
    elif space.components == 1 and bits in (1, 2, 4):
        mode = "P" if space.mode == "P" else "1" if bits == 1 else "L"
        image = Image.frombytes(mode, size, data, "raw", "1" if mode == "1" else f"{mode};{bits}")
    else:
        raise _Unshown(f"{bits}-bit {space.mode} samples")
    return image


def _png_rows(stream: PDFStream, space: _Space, bits: int, size: tuple[int, int]) -> Image.Image | None:
    """A Flate stream with a PNG predictor (as a PDF writer stores a PNG's rows) read as the PNG
    it is, by Pillow: pdfminer's predictor reads only 8-bit and whole-byte rows, in Python."""
    from PIL import Image

    png = _png_file(stream, space, bits, size)
    if png is None:
        return None
    image = _opened(png)
    return Image.frombytes("CMYK", size, image.tobytes()) if space.mode == "CMYK" else image


def _png_file(stream: PDFStream, space: _Space, bits: int, size: tuple[int, int]) -> bytes | None:
    """The PNG file whose compressed rows ``stream`` holds (Flate with a PNG predictor), or None."""
    filters = stream.get_filters()
    params = filters[0][1] if len(filters) == 1 and isinstance(filters[0][1], dict) else {}
    if len(filters) != 1 or _name(filters[0][0]) not in ("FlateDecode", "Fl") \
            or _int(params.get("Predictor", 1)) < 10 or bits > 8 \
            or stream.rawdata is None or _int(params.get("Colors", 1)) != space.components \
            or _int(params.get("BitsPerComponent", 8)) != bits or _int(params.get("Columns", 1)) != size[0]:
        return None
    rows = stream.rawdata
    if stream.decipher is not None and stream.objid is not None and stream.genno is not None:
        rows = stream.decipher(stream.objid, stream.genno, rows, stream.attrs)
    kind = {"L": 0, "RGB": 2, "CMYK": 6, "P": 3}[space.mode]  # PNG's colour types; CMYK read as RGBA
    png = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", *size, bits, kind, 0, 0, 0))
    if space.mode == "P":
        png += _chunk(b"PLTE", space.palette[:3 * 2 ** bits].ljust(3 * 2 ** bits, b"\0"))
    return png + _chunk(b"IDAT", rows) + _chunk(b"IEND", b"")


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _stencil(stream: PDFStream) -> Image.Image:
    """An image mask: black where it paints (samples 0, or 1 with Decode [1 0]), clear elsewhere."""
    from PIL import Image, ImageOps

    size = _size(stream)
    samples = Image.frombytes("1", size, stream.get_data()).convert("L")
    painted = samples if _inverted(stream) else ImageOps.invert(samples)
    image = Image.new("LA", size)
    image.putalpha(painted)
    return image


def _jpeg_colours(image: Image.Image, stream: PDFStream) -> Image.Image:
    """A decoded JPEG in the colours the PDF means.  Pillow undoes the inversion of a CMYK JPEG
    with Adobe's marker; the PDF's Decode array then says whether the samples were inverted."""
    if image.mode == "CMYK":
        if ("adobe" in image.info) != _inverted(stream):
            image = _inverse(image)
        return image.convert("RGB")
    return _inverse(image) if _inverted(stream) else image


def _inverse(image: Image.Image) -> Image.Image:
    """Each sample of ``image`` mapped the other way round (a Decode array [1 0 ...])."""
    from PIL import ImageChops

    return ImageChops.invert(image.convert("L") if image.mode == "1" else image)


def _space(spec: Any) -> _Space | None:
    """The colour space ``spec`` as Pillow reads its samples, or None for one that needs a
    colour profile (Lab, Separation, DeviceN) or a page's named resource."""
    spec = resolve1(spec)
    if isinstance(spec, list) and len(spec) == 1:
        spec = resolve1(spec[0])
    if isinstance(spec, PSLiteral):
        mode = _SPACES.get(_name(spec))
        return _Space(mode, _COMPONENTS[mode]) if mode else None
    if not isinstance(spec, list) or not spec:
        return None
    family = _name(resolve1(spec[0]))
    if family in ("CalGray", "CalRGB"):
        return _space(spec[0])
    if family == "ICCBased" and isinstance(profile := resolve1(spec[1]), PDFStream):
        mode = _BY_COMPONENTS.get(_int(profile.get("N", 0)))
        return _Space(mode, _COMPONENTS[mode]) if mode else None
    if family in ("Indexed", "I") and len(spec) == 4 and (base := _space(spec[1])) is not None \
            and base.mode != "P":
        lookup = resolve1(spec[3])
        table = lookup.get_data() if isinstance(lookup, PDFStream) else lookup if isinstance(lookup, bytes) else b""
        length = (_int(spec[2]) + 1) * base.components
        return _Space("P", 1, _rgb(table[:length].ljust(length, b"\0"), base))
    return None


def _rgb(table: bytes, base: _Space) -> bytes:
    """A palette's colours, given in ``base``, as RGB triples."""
    from PIL import Image

    if base.mode == "RGB":
        return table
    return Image.frombytes(base.mode, (len(table) // base.components, 1), table).convert("RGB").tobytes()


def _g4(stream: PDFStream) -> bool:
    """Whether ``stream`` is CCITT group 4 (K < 0), which pdfminer decodes."""
    return any(_name(f) in ("CCITTFaxDecode", "CCF") and _int((resolve1(p) or {}).get("K", 0)) < 0
               for f, p in stream.get_filters())


def _inverted(stream: PDFStream) -> bool:
    """Whether the Decode array maps each sample the other way round ([1 0 ...])."""
    decode = resolve1(stream.get_any(("D", "Decode")))
    return isinstance(decode, list) and len(decode) >= 2 and all(
        resolve1(decode[k]) > resolve1(decode[k + 1]) for k in range(0, len(decode) - 1, 2))


def _opened(data: bytes) -> Image.Image:
    from PIL import Image

    image = Image.open(io.BytesIO(data))
    if image.width * image.height > MAX_PIXELS:
        raise _Unshown(f"{image.width}×{image.height} pixels, more than {MAX_PIXELS:,}")
    image.load()
    return image


def _saved(image: Image.Image, kind: str) -> bytes:
    out = io.BytesIO()
    if kind == "JPEG":
        image.save(out, kind, quality=JPEG_QUALITY)
    else:
        image.save(out, kind)
    return out.getvalue()


def _size(stream: PDFStream) -> tuple[int, int]:
    return _int(stream.get_any(("W", "Width"))), _int(stream.get_any(("H", "Height")))


def _bits(stream: PDFStream) -> int:
    return _int(stream.get_any(("BPC", "BitsPerComponent"), 8))


def _name(value: Any) -> str:
    return str(getattr(value, "name", value))


def _int(value: Any) -> int:
    return int(resolve1(value) or 0)


def _flag(value: Any) -> bool:
    return resolve1(value) is True
