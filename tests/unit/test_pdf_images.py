"""PDF pictures made files a browser shows (generator.read.pdf.images): PDFs written by Pillow and
by testing.pdf_files (a PNG's rows as PDF writers store them), read back by pdfminer, and
streams in the other colour spaces and depths a PDF may hold."""
import io
import zlib

import pytest
from pdfminer.high_level import extract_pages
from pdfminer.layout import LTImage
from pdfminer.pdftypes import PDFStream
from pdfminer.psparser import LIT
from PIL import Image, ImageChops

from generator.read.pdf.images import MAX_PIXELS, picture_file
from testing.pdf_files import column, pdf_document, png_samples


def images_in(pdf):
    def walk(item):
        for child in item:
            if isinstance(child, LTImage):
                yield child
            elif hasattr(child, "__iter__"):
                yield from walk(child)
    return [image for page in extract_pages(io.BytesIO(pdf)) for image in walk(page)]


def shown(stream):
    file = picture_file(stream)
    assert file.data is not None, file.why
    return file.data, Image.open(io.BytesIO(file.data))


def same_pixels(got, want, within=0):
    """Whether the two pictures' pixels differ by at most ``within`` (JPEG's losses) in any channel."""
    difference = ImageChops.difference(got.convert("RGBA"), want.convert("RGBA"))
    return not any(band.point(lambda v: 255 if v > within else 0).getbbox() for band in difference.split())


def halves(mode, left, right, size=(20, 10)):
    image = Image.new(mode, size, left)
    image.paste(right, (size[0] // 2, 0, *size))
    return image


def test_pictures_pillow_writes_into_a_pdf_come_back_with_their_pixels_and_transparency():
    rgba = halves("RGBA", (200, 30, 30, 255), (0, 0, 255, 0))  # Pillow writes it JPEG 2000
    indexed = halves("P", 0, 1)  # indexed, written in hex, its transparent colour a soft mask
    indexed.putpalette([255, 0, 0, 0, 0, 255, 0, 255, 0])
    indexed.paste(2, (0, 0, 5, 10))
    indexed.info["transparency"] = 2
    black_white = halves("1", 0, 1)  # CCITT group 4, as a scan's
    cmyk = Image.new("CMYK", (20, 10), (0, 255, 255, 0))  # JPEG, its samples inverted by Decode
    gray = Image.new("L", (20, 10), 40)
    out = io.BytesIO()
    rgba.save(out, "PDF", save_all=True, append_images=[indexed, black_white, cmyk, gray])
    pictures = images_in(out.getvalue())
    assert [(picture_file(p.stream).data or b"")[:4] for p in pictures] == [b"\x89PNG"] * 3 + [b"\xff\xd8\xff\xe0"] * 2
    (_, got_rgba), (_, got_indexed), (_, got_bw), (_, got_cmyk), (kept, _) = map(shown, (p.stream for p in pictures))
    assert same_pixels(got_rgba, rgba)
    # Pillow writes the soft mask as a JPEG: its edges blur, its inside stays
    want = indexed.convert("RGBA")
    assert all(same_pixels(got_indexed.crop(box), want.crop(box), within=8) for box in ((0, 2, 3, 8), (6, 2, 8, 8),
                                                                                         (12, 2, 20, 8)))
    assert got_indexed.getpixel((1, 5))[3] <= 8  # the transparent colour is clear
    assert same_pixels(got_bw, black_white)
    red = got_cmyk.convert("RGB").getpixel((5, 5))
    assert red[0] > 240 and red[1] < 15 and red[2] < 15  # red, not its inverse (cyan)
    assert kept == pictures[4].stream.get_data()  # a gray JPEG kept byte for byte


@pytest.mark.parametrize("image", [
    halves("RGBA", (200, 30, 30, 255), (0, 0, 255, 40)),  # a PNG with transparency: rows and a soft mask
    halves("RGB", (1, 2, 3), (250, 251, 252), (33, 7)),  # odd sizes: rows that end mid-byte
    halves("L", 0, 180, (9, 5)),
    halves("1", 0, 1, (13, 3)),  # 1 bit, 13 columns: 2 bytes a row
    halves("P", 0, 2, (7, 4)),  # a 3-colour palette: Pillow writes 2 bits a pixel
    halves("LA", (90, 255), (90, 0)),
], ids=["rgba", "rgb", "gray", "1-bit", "indexed-2-bit", "gray-alpha"])
def test_a_pngs_rows_as_pdf_writers_store_them_come_back_as_the_same_pixels(image):
    if image.mode == "P":
        image.putpalette([255, 0, 0, 0, 128, 0, 0, 0, 255])
    pdf = pdf_document([column(["1. 看图："])], pictures=[[(60.0, 120.0, 80.0, 60.0, png_samples(image))]])
    picture, = images_in(pdf)
    assert picture.stream.get_filters()[0][1]["Predictor"] == 15
    data, got = shown(picture.stream)
    assert data.startswith(b"\x89PNG") and same_pixels(got, image)


def stream(width, height, samples, **entries):
    attrs = {"Width": width, "Height": height, "BitsPerComponent": 8, "Filter": LIT("FlateDecode"), **entries}
    return PDFStream(attrs, zlib.compress(samples))


def test_raw_samples_in_each_colour_space_and_depth_show_the_colours_the_pdf_means():
    cmyk = shown(stream(2, 1, bytes([0, 255, 255, 0, 0, 0, 0, 255]), ColorSpace=LIT("DeviceCMYK")))[1]
    assert [cmyk.getpixel((x, 0)) for x in (0, 1)] == [(255, 0, 0), (0, 0, 0)]  # red, black
    rows = stream(2, 1, b"\0" + bytes([0, 255, 255, 0, 0, 0, 0, 255]), ColorSpace=LIT("DeviceCMYK"),
                  DecodeParms={"Predictor": 15, "Colors": 4, "Columns": 2})  # the same behind PNG's row filters
    assert shown(rows)[1].tobytes() == cmyk.tobytes()
    deep = shown(stream(2, 1, bytes([0x12, 0x34, 0xff, 0xff]), ColorSpace=LIT("DeviceGray"), BitsPerComponent=16))[1]
    assert [deep.getpixel((x, 0)) for x in (0, 1)] == [0x12, 0xff]
    four = shown(stream(3, 1, bytes([0x0f, 0x80]), ColorSpace=LIT("DeviceGray"), BitsPerComponent=4))[1]
    assert [four.getpixel((x, 0)) for x in range(3)] == [0, 255, 136]
    negative = shown(stream(2, 1, bytes([0, 255]), ColorSpace=LIT("DeviceGray"), Decode=[1, 0]))[1]
    assert [negative.getpixel((x, 0)) for x in (0, 1)] == [255, 0]
    icc = shown(stream(1, 1, bytes([9, 8, 7]), ColorSpace=[LIT("ICCBased"), PDFStream({"N": 3}, b"")]))[1]
    assert icc.convert("RGB").getpixel((0, 0)) == (9, 8, 7)
    over_cmyk = [LIT("Indexed"), LIT("DeviceCMYK"), 1, PDFStream({}, bytes([0, 0, 0, 0, 0, 255, 255, 0]))]
    indexed = shown(stream(2, 1, bytes([0x40]), ColorSpace=over_cmyk, BitsPerComponent=1))[1]
    assert [indexed.convert("RGB").getpixel((x, 0)) for x in (0, 1)] == [(255, 255, 255), (255, 0, 0)]
    # an image mask paints where its samples are 0: black there, clear elsewhere
    stencil = shown(stream(8, 1, bytes([0x0f]), ImageMask=True, BitsPerComponent=1))[1]
    assert [stencil.getpixel((x, 0)) for x in (0, 7)] == [(0, 255), (0, 0)]


def test_what_cannot_be_shown_says_why_and_is_never_decoded_past_the_pixel_limit():
    jbig2 = picture_file(PDFStream({"Width": 8, "Height": 8, "Filter": LIT("JBIG2Decode")}, b"\0" * 8))
    assert jbig2.data is None and jbig2.why == "JBIG2Decode, no reader for this encoding"
    lab = picture_file(stream(1, 1, b"\0\0\0", ColorSpace=[LIT("Lab"), {}]))
    assert lab.data is None and "colour profile" in lab.why
    short = picture_file(stream(10, 10, b"\0" * 7, ColorSpace=LIT("DeviceRGB")))  # 7 of 300 bytes
    assert short.data is None and short.why.startswith("FlateDecode, damaged")
    side = int(MAX_PIXELS ** 0.5) + 1
    huge = PDFStream({"Width": side, "Height": side, "Filter": LIT("FlateDecode"), "BitsPerComponent": 8,
                      "ColorSpace": LIT("DeviceGray")}, b"not even zlib")
    assert "pixels, more than" in picture_file(huge).why
