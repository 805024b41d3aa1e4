"""Banks with pictures, made for tests and benchmarks: small PNGs and a Markdown bank that
shows them from a folder beside it."""
from __future__ import annotations

import struct
import zlib
from pathlib import Path


def png(colour: tuple[int, int, int] = (200, 30, 30), size: tuple[int, int] = (40, 30)) -> bytes:
    """A PNG of one colour (written without Pillow: a thousand of them take milliseconds)."""
    width, height = size
    rows = b"".join(b"\x00" + bytes(colour) * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def picture_bank(folder: Path, questions: int, size: tuple[int, int] = (120, 90)) -> Path:
    """A Markdown bank of ``questions`` single-choice questions, 50 to a chapter, each showing
    a picture of its own (``img/N.png``) in its stem; returns the bank file."""
    (folder / "img").mkdir(parents=True, exist_ok=True)
    lines = []
    for n in range(1, questions + 1):
        if n % 50 == 1:
            lines.append(f"# 第{n // 50 + 1}章 看图题\n")
        (folder / "img" / f"{n}.png").write_bytes(png((n % 256, n // 256 % 256, 128), size))
        lines.append(f"{n}. 如图所示，第{n}张图是什么颜色？![第{n}张图](img/{n}.png)\nA. 红\nB. 蓝\n答案：A\n")
    bank = folder / "bank.md"
    bank.write_text("\n".join(lines), encoding="utf-8")
    return bank


RED, BLUE = (200, 30, 30), (30, 30, 200)
MARKDOWN_BANK = """# 第一章 交通标志

1. 如图所示，这个标志是什么意思？![红色 标志](img/red.png "标题")
A. 禁止通行
B. 注意行人
答案：A
解析：见图<img src="img/blue.png" alt="蓝色">。

2. 下列哪个是远程图片？![远程](https://example.com/x.png)
A. ![选项图](<img/blue.png>)
B. 没有图 ![缺失](img/none.png)
C. 外面的 ![外面](../secret.png)
答案：A
"""


def markdown_bank(folder: Path) -> Path:
    """:data:`MARKDOWN_BANK` in ``folder`` (its file ``bank.md``) with its pictures in ``img/``,
    and a picture outside the folder (``../secret.png``) that the bank names but may not read."""
    (folder / "img").mkdir(parents=True)
    (folder / "img" / "red.png").write_bytes(png(RED))
    (folder / "img" / "blue.png").write_bytes(png(BLUE, (30, 30)))
    (folder.parent / "secret.png").write_bytes(png((0, 0, 0)))
    bank = folder / "bank.md"
    bank.write_text(MARKDOWN_BANK, encoding="utf-8")
    return bank


_NAMESPACES = ('xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
               'xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" '
               'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"')
_IMAGE_RELATION = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image"


def word_bank(folder: Path) -> Path:
    """``folder/bank.docx``: a question whose stem shows an inline picture (alt text in its
    description), whose option A is a floating picture (alt text in its title), with a Word
    equation in option B, and whose explanation ends with a legacy VML picture (alt "旧图")."""
    import docx
    from docx.oxml import parse_xml
    from docx.shared import Pt

    folder.mkdir(parents=True, exist_ok=True)
    red, blue = folder / "red.png", folder / "blue.png"
    red.write_bytes(png(RED))
    blue.write_bytes(png(BLUE, (30, 30)))
    doc = docx.Document()
    doc.styles["Normal"].font.size = Pt(11)
    doc.add_heading("第一章 看图", 1)
    doc.add_paragraph("1. 下图是什么形状？")
    doc.add_paragraph().add_run().add_picture(str(red))
    doc.paragraphs[-1]._p.xpath(".//wp:docPr")[0].set("descr", "红色的长方形")
    options = doc.add_paragraph("A. ")
    options.add_run().add_picture(str(blue))
    options.add_run("\tB. 面积 ")
    m = 'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"'
    options._p.append(parse_xml(f'<m:oMath {m}><m:f><m:num><m:r><m:t>1</m:t></m:r></m:num>'
                                '<m:den><m:r><m:t>2</m:t></m:r></m:den></m:f></m:oMath>'))
    floating = options._p.xpath(".//wp:inline")[0]  # the same drawing, floating (wp:anchor)
    floating.tag = floating.tag.replace("inline", "anchor")
    floating.xpath(".//wp:docPr")[0].set("title", "蓝色")
    doc.add_paragraph("答案：B")
    legacy = doc.add_paragraph("解析：旧版图片")
    embedded = floating.xpath(".//a:blip/@r:embed")[0]
    rid = doc.part.relate_to(doc.part.related_parts[embedded], _IMAGE_RELATION)
    legacy._p.append(parse_xml(f'<w:r {_NAMESPACES}><w:pict><v:shape alt="旧图"><v:imagedata r:id="{rid}" o:title=""/>'
                               "</v:shape></w:pict></w:r>"))
    path = folder / "bank.docx"
    doc.save(str(path))
    return path


def workbook(folder: Path) -> Path:
    """``folder/bank.xlsx``: a sheet of two questions with pictures anchored to the first one's
    stem cell (A2), the second one's option B (C3), and twice to its 图片 column (E3), a column
    that is no field."""
    from openpyxl import Workbook
    from openpyxl.drawing.image import Image as SheetImage

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "red.png").write_bytes(png(RED))
    (folder / "blue.png").write_bytes(png(BLUE, (30, 30)))
    book = Workbook()
    sheet = book.active
    sheet.title = "单选题"
    sheet.append(["题干", "选项A", "选项B", "答案", "图片"])
    sheet.append(["这个标志是什么？", "禁止", "注意", "A"])
    sheet.append(["哪个是蓝色？", "左", "右", "B"])
    for name, cell in (("red.png", "A2"), ("blue.png", "C3"), ("red.png", "E3"), ("blue.png", "E3")):
        sheet.add_image(SheetImage(str(folder / name)), cell)
    book.save(folder / "bank.xlsx")
    return folder / "bank.xlsx"


def pdf_bank(folder: Path) -> Path:
    """A text PDF bank (``folder/bank.pdf``) whose pictures are stored as Word's "save as PDF"
    stores a PNG (compressed rows, PNG predictors): red under question 1's stem, blue beside
    option A of question 2."""
    import io

    from PIL import Image

    from testing.pdf_files import Drawn, column, pdf_document, png_samples

    def drawn(x: float, top: float, picture: bytes) -> Drawn:  # at 96 px to the inch: 0.75 pt a pixel
        image = Image.open(io.BytesIO(picture))
        return (x, top, image.width * 0.75, image.height * 0.75, png_samples(image))

    lines = column(["一、看图题", "1. 如图所示，这个标志是什么意思？"], top=100) \
        + column(["A. 禁止通行", "B. 注意行人", "答案：A"], top=160) \
        + column(["2. 哪个选项是蓝色的？", "A. 这个", "B. 那个", "答案：A"], top=260)
    pictures = [drawn(60.0, 134.0, png(RED)), drawn(140.0, 276.0, png(BLUE, (30, 30)))]
    folder.mkdir(parents=True)
    bank = folder / "bank.pdf"
    bank.write_bytes(pdf_document([lines], pictures=[pictures]))
    return bank
