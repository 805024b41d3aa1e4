"""PDF banks read end to end: PDFs built by testing.pdf_files in one and two columns, with
running headers, footers and page numbers; scans and damaged files refused (exit 2)."""
import os
import subprocess
import sys

import pytest

from generator.base.errors import ParseError
from generator.read.load import load_bank, read_bank
from testing.paths import ROOT
from testing.pdf_files import column, furniture, pdf_document
from tests.linear import assert_linear


def question(n, wide=False):
    """A single-choice question; ``wide``: a stem that wraps at a 25 em column's edge."""
    stem = f"{n}. 下列关于第{n}题的说法中，哪一项写得最为正确" if wide else f"{n}. 第{n}题：哪个对？"
    lines = [stem[:25], stem[25:] + "（ ）"] if wide else [stem]
    return [*lines, f"A. 甲{n}", f"B. 乙{n}", "答案：B"]


def questions(first, count, wide=False):
    return [line for n in range(first, first + count) for line in question(n, wide)]


def one_column_pdf(pages=3, per_page=3):
    return pdf_document([column(["一、单项选择题"] * (p == 0) + questions(p * per_page + 1, per_page))
                         + furniture(p + 1, pages) for p in range(pages)])


def two_column_pdf(pages=2, per_column=4):
    out = []
    for p in range(pages):
        first = p * 2 * per_column + 1
        out.append(column(questions(first, per_column, wide=True), x=40, top=110)
                   + column(questions(first + per_column, per_column, wide=True), x=310, top=110)
                   + furniture(p + 1, pages))
    return pdf_document(out)


def write(tmp_path, data, name="bank.pdf"):
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_a_one_column_pdf_is_read_as_its_text_without_headers_footers_or_page_numbers(tmp_path):
    bank = read_bank(write(tmp_path, one_column_pdf()))
    assert [q.number for q in bank.questions] == list(range(1, 10))
    assert [(q.stem, [o.text for o in q.options], q.answer) for q in bank.questions[:2]] == [
        ("第1题：哪个对？", ["甲1", "乙1"], "B"), ("第2题：哪个对？", ["甲2", "乙2"], "B")]
    assert bank.chapters[0].title == "单项选择题" and bank.encoding == "pdf"
    everything = "\n".join([bank.preamble, *(s.text for s in bank.stray),
                            *(f"{q.stem}{q.explanation}{[o.text for o in q.options]}" for q in bank.questions)])
    assert "题库" not in everything and "页" not in everything and "- 2 -" not in everything


def test_a_two_column_pdf_is_read_column_by_column(tmp_path):
    bank = read_bank(write(tmp_path, two_column_pdf()))
    assert [q.number for q in bank.questions] == list(range(1, 17))
    assert bank.questions[4].stem == "下列关于第5题的说法中，哪一项写得最为正确\n（ ）"
    assert [o.text for o in bank.questions[4].options] == ["甲5", "乙5"]
    assert not any("\t" in q.stem or any("\t" in o.text for o in q.options) for q in bank.questions)
    assert bank.pdf is not None and bank.pdf.two_columns == 2 and bank.pdf.pages == 2


def test_messages_point_at_lines_of_the_text_check_says_which_page_gave_them(tmp_path):
    path = write(tmp_path, one_column_pdf(pages=2))
    bank = read_bank(path)
    assert bank.pdf.page_starts == (1, 14) and bank.pdf.lines == 25 and bank.pdf.furniture == 6
    assert bank.questions[3].position.line == 14  # question 4 opens page 2
    out = run("check", path)
    assert out.returncode == 0, out.stderr
    assert "pdf: 2 pages read (0 in two columns), 25 lines placed in reading order, 6 running headers, " \
           "footers, page numbers and logos removed" in out.stdout
    assert "pdf: page 1 lines 1–13; page 2 lines 14–25" in out.stdout


def test_a_scan_without_a_text_layer_is_refused_saying_it_needs_ocr(tmp_path):
    scan = pdf_document([[], []])  # pages with nothing in their text layer, as a scan's pictures
    with pytest.raises(ParseError) as error:
        read_bank(write(tmp_path, scan))
    assert "bank.pdf: expected a PDF document with a text layer, found 2 pages without text" in str(error.value)
    assert "OCR" in str(error.value)
    out = run("check", tmp_path / "bank.pdf")
    assert out.returncode == 2 and "OCR" in out.stderr


@pytest.mark.parametrize("damage", [
    lambda data: data[: len(data) // 3],  # cut short
    lambda data: b"%PDF-1.7\n" + b"\x00garbage" * 50,
])
def test_a_damaged_pdf_is_refused_naming_the_file_and_what_is_wrong(tmp_path, damage):
    path = write(tmp_path, damage(one_column_pdf()), "broken.pdf")
    with pytest.raises(ParseError) as error:
        read_bank(path)
    message = str(error.value)
    assert message.startswith(f"{path}: expected a PDF document with a text layer, found ")
    assert "damaged" in message or "without pages" in message or "without text" in message


def test_a_pdf_bank_is_loaded_linted_and_corrected_as_any_bank(tmp_path):
    path = write(tmp_path, one_column_pdf(pages=1))
    (tmp_path / "bank.errata.yml").write_text("", encoding="utf-8")
    bank = load_bank(path)
    assert len(bank.questions) == 3 and not any(f.severity.value == "error" for q in bank.questions for f in q.flags)


def test_reading_a_pdf_takes_time_linear_in_its_pages():
    assert_linear(lambda n: read_bank_bytes(one_column_pdf(pages=n)), 16)


def read_bank_bytes(data):
    from generator.read.pdf.reader import read_pdf_bank
    from generator.read.text.parse import parse
    return read_pdf_bank(data, "bank.pdf", lambda text: parse(text, "bank.pdf", "bank"))


def run(*args):
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], cwd=ROOT, capture_output=True,
                          text=True, encoding="utf-8", check=False, env={**os.environ, "PYTHONPATH": str(ROOT)})


def _jpeg(colour):
    import io

    from PIL import Image
    out = io.BytesIO()
    Image.new("RGB", (16, 12), colour).save(out, "JPEG")
    return out.getvalue()


def test_a_pdf_picture_is_read_in_the_question_it_stands_in(tmp_path):
    import io
    import zlib

    from PIL import Image

    from generator.bank.pictures import marker
    from generator.read.reading_report import pdf_lines
    from testing.pdf_files import Drawn, Samples, png_samples
    red, blue = _jpeg((200, 30, 30)), _jpeg((30, 30, 200))
    drawing = Image.new("RGBA", (30, 20), (0, 0, 0, 0))  # a PNG with transparency, as Word saves it in a PDF
    drawing.paste((0, 128, 0, 255), (5, 5, 25, 15))
    lines = column(["1. 下图是什么颜色？"], top=100) + column(["A. 红", "B. 蓝", "答案：A"], top=200) \
        + column(["2. 哪个是蓝色？", "A. 左", "B. 右", "答案：B"], top=300)
    dot = zlib.compress(b"\0" * 12)
    bullets: list[Drawn] = [(50.0, top + 2, 6.0, 6.0, "FlateDecode", dot, 2, 2) for top in (200, 216)]
    pictures: list[Drawn] = [
        (60.0, 120.0, 80.0, 60.0, "DCTDecode", red, 16, 12),  # under question 1's stem
        (120.0, 330.0, 40.0, 30.0, "DCTDecode", blue, 16, 12),  # beside option B of question 2
        (60.0, 400.0, 20.0, 20.0, "FlateDecode", zlib.compress(b"\x80" * 12), 2, 2),  # raw pixels
        (60.0, 430.0, 60.0, 40.0, png_samples(drawing)),
        (60.0, 480.0, 20.0, 20.0, Samples(b"\0" * 8, "JBIG2Decode", (8, 8), b"/BitsPerComponent 1")),
        *bullets]  # tiny pictures before question 1's options: set aside
    bank = load_bank(write(tmp_path, pdf_document([lines], pictures=[pictures])))
    first, second = bank.questions
    assert first.stem == f"下图是什么颜色？\n{marker(0)}" and [o.text for o in first.options] == ["红", "蓝"]
    assert [o.text for o in second.options] == ["左", f"右 {marker(1)}"]
    jpeg, beside, raw, png, jbig2 = bank.pictures
    assert (jpeg.data, jpeg.media_type, beside.data) == (red, "image/jpeg", blue)  # JPEG kept byte for byte
    assert jpeg.place.endswith("bank.pdf: page 1")
    assert raw.media_type == "image/png" and Image.open(io.BytesIO(raw.data)).getpixel((1, 1)) == (128, 128, 128)
    assert png.media_type == "image/png" and Image.open(io.BytesIO(png.data)).convert("RGBA").tobytes() \
        == drawing.tobytes()  # its pixels and its transparency
    assert jbig2.media_type == "" and jbig2.data == b"" and jbig2.place.endswith("bank.pdf: page 1")
    assert second.explanation == "\n".join(marker(n) for n in (2, 3, 4))  # under question 2's answer line
    flag, = second.flags  # check lists the one it cannot show with its page
    assert flag.code == "picture-unshown" and "bank.pdf: page 1" in flag.message and "JBIG2Decode" in flag.message
    assert bank.pdf.decorations == 2 and "2 tiny pictures (bullets, rules) set aside" in pdf_lines(bank)[0]
