"""Pictures in banks: the model's markers, the picture book's names, formats and limits, and
what the Markdown and Word readers make of the pictures a bank shows."""
from __future__ import annotations

import io
import json
import re

import pytest
from docx.oxml import parse_xml
from PIL import Image

from generator.bank.model import PICTURE_MARK, Bank
from generator.bank.pictures import (
    MISSING,
    REMOTE,
    PictureBook,
    marker,
    picture_format,
    picture_text,
    split_pictures,
    without_pictures,
)
from generator.base.errors import ErrataError, ParseError
from generator.cli import main
from generator.exports.json import json_bytes
from generator.read.load import load_bank, read_bank
from testing.picture_banks import BLUE, RED, markdown_bank, png, word_bank, workbook
from tests import word_docs as wd


def image_bytes(kind: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), (1, 2, 3)).save(out, kind)
    return out.getvalue()


@pytest.mark.parametrize(("data", "media_type", "extension"), [
    (image_bytes("PNG"), "image/png", "png"),
    (image_bytes("JPEG"), "image/jpeg", "jpg"),
    (image_bytes("GIF"), "image/gif", "gif"),
    (image_bytes("WEBP"), "image/webp", "webp"),
    (b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
     "image/svg+xml", "svg"),
    (b"\xd7\xcd\xc6\x9a" + b"\0" * 40, "", "wmf"),
    (b"\x01\0\0\0" + b"\0" * 36 + b" EMF" + b"\0" * 20, "", "emf"),
    (b"not a picture at all", "", "bin"),
])
def test_a_pictures_format_is_told_from_its_first_bytes(data, media_type, extension):
    found = picture_format(data)
    assert (found.media_type, found.extension) == (media_type, extension)


def test_the_same_bytes_get_one_name_and_alt_text_defaults_to_its_number():
    book = PictureBook("bank.md")
    first, second = book.add(png(), "", "bank.md:1"), book.add(png(), "红色", "bank.md:2")
    assert (first, second) == (marker(0), marker(1))
    assert book.pictures[0].name == book.pictures[1].name
    assert book.pictures[0].name.endswith(".png") and len(book.pictures[0].name) == 20
    assert [p.alt for p in book.pictures] == ["图 1", "红色"]
    assert book.add(png((0, 0, 255)), "", "bank.md:3") == marker(2)
    assert book.pictures[2].name != book.pictures[0].name


def test_tiff_is_converted_to_png_and_emf_is_kept_as_a_picture_browsers_cannot_show():
    book = PictureBook("bank.md")
    book.add(image_bytes("TIFF"), "", "bank.md:1")
    book.add(b"\x01\0\0\0" + b"\0" * 36 + b" EMF" + b"\0" * 20, "公式", "bank.md:2")
    tiff, emf = book.pictures
    assert (tiff.media_type, tiff.name[-4:]) == ("image/png", ".png")
    with Image.open(io.BytesIO(tiff.data)) as image:
        assert image.format == "PNG" and image.size == (8, 8)
    assert (emf.media_type, emf.kind) == ("", "EMF")


def test_size_limits_name_the_place_the_limit_and_the_size():
    book = PictureBook("bank.docx", per_picture=1000, per_bank=1500)
    with pytest.raises(ParseError) as error:
        book.add(b"\x89PNG\r\n\x1a\n" + b"\0" * 2000, "", "bank.docx: paragraph 7")
    assert str(error.value).startswith("bank.docx: paragraph 7: expected a picture of at most 0.0 MB, found one of")
    book.add(b"\x89PNG\r\n\x1a\n" + b"\1" * 900, "", "bank.docx: paragraph 1")
    book.add(b"\x89PNG\r\n\x1a\n" + b"\1" * 900, "", "bank.docx: paragraph 2")  # the same picture again: no more
    with pytest.raises(ParseError, match=r"bank.docx: expected pictures of at most .* in one bank, found .* by the "
                                         r"picture at bank.docx: paragraph 3"):
        book.add(b"\x89PNG\r\n\x1a\n" + b"\2" * 900, "", "bank.docx: paragraph 3")


def test_markers_split_text_and_read_as_plain_text():
    book = PictureBook("b.md")
    red = book.add(png(), "红色", "b.md:1")
    text = "看图" + red + "回答" + book.without_data("https://x.org/a.png", "", "b.md:2", REMOTE)
    assert list(split_pictures(text)) == ["看图", 0, "回答", 1]
    assert without_pictures(text) == "看图[图]回答[图]"
    from generator.bank.model import Bank
    bank = Bank("b", "b.md", "", "", (), pictures=tuple(book.pictures))
    assert picture_text(text, bank, "[{alt}: {name}]") == f"看图[红色: {book.pictures[0].name}]回答[图 2: https://x.org/a.png]"


def test_a_markdown_bank_shows_its_relative_pictures_where_they_stand(tmp_path):
    folder = tmp_path / "mdbank"
    bank = load_bank(markdown_bank(folder))
    q1, q2 = bank.questions
    assert q1.stem == f"如图所示，这个标志是什么意思？{marker(0)}"
    assert q1.explanation == f"见图{marker(1)}。"
    assert [o.text for o in q2.options] == [marker(3), f"没有图 {marker(4)}", f"外面的 {marker(5)}"]
    red, blue, remote, option, missing, outside = bank.pictures
    assert red.data == png(RED) and red.alt == "红色 标志" and red.place == f"{folder / 'bank.md'}:3"
    assert blue.name == option.name and blue.alt == "蓝色" and option.alt == "选项图"
    assert (remote.kind, remote.url, remote.data) == (REMOTE, "https://example.com/x.png", b"")
    assert (missing.kind, missing.place) == (MISSING, f"{folder / 'bank.md'}:11")
    assert outside.kind == MISSING and outside.data == b""  # never read from outside the bank's folder
    assert [(f.code, f.severity.value) for f in q2.flags] == [("picture-unshown", "warning")] * 3
    assert "https://example.com/x.png" in q2.flags[0].message and "bank.md:9" in q2.flags[0].message
    assert "img/none.png" in q2.flags[1].message and "bank.md:11" in q2.flags[1].message
    assert not q1.flags
    assert [q.position.line for q in bank.questions] == [3, 9]  # lines count as the file has them


def test_a_data_uri_carries_its_picture(tmp_path):
    import base64
    bank_file = tmp_path / "bank.md"
    uri = "data:image/png;base64," + base64.b64encode(png()).decode()
    bank_file.write_text(f"1. 看图 ![点]({uri})\nA. 是\nB. 否\n答案：A\n", encoding="utf-8")
    bank = read_bank(bank_file)
    assert bank.pictures[0].data == png() and bank.questions[0].stem == f"看图 {marker(0)}"


def test_a_bank_without_picture_references_reads_as_before(tmp_path):
    bank_file = tmp_path / "bank.txt"
    bank_file.write_text("1. 一加一？\nA. 2\nB. 3\n答案：A\n", encoding="utf-8")
    bank = read_bank(bank_file)
    assert bank.pictures == () and PICTURE_MARK[0] not in bank.questions[0].stem


def test_a_plain_text_bank_keeps_picture_syntax_as_the_characters_it_wrote(tmp_path):
    folder = tmp_path / "bank"
    markdown_bank(folder)
    text = (folder / "bank.md").read_text(encoding="utf-8")
    text += "\n3. 看 <img src=x onerror=alert(2)>\nA. 是\nB. 否\n答案：A\n"
    (folder / "bank.txt").write_text(text, encoding="utf-8")
    bank = read_bank(folder / "bank.txt")
    assert bank.pictures == () and not any(PICTURE_MARK[0] in q.stem for q in bank.questions)
    assert bank.questions[0].stem.endswith("![红色 标志](img/red.png \"标题\")")
    assert bank.questions[-1].stem == "看 <img src=x onerror=alert(2)>"


def test_a_picture_too_large_for_a_markdown_bank_is_refused_before_it_is_read(tmp_path):
    from generator.read.text.pictures import markdown_pictures
    (tmp_path / "big.png").write_bytes(png(size=(400, 400)))
    with pytest.raises(ParseError, match=r"bank.md:3: expected a picture of at most 0.0 MB, found big.png of"):
        markdown_pictures("1. 题\n\n![大图](big.png)\n", tmp_path / "bank.md", PictureBook("bank.md", per_picture=100))


def test_a_word_banks_inline_floating_and_legacy_pictures_stand_at_their_places(tmp_path):
    bank = load_bank(word_bank(tmp_path))
    question, = bank.questions
    assert question.stem == f"下图是什么形状？\n{marker(0)}"
    assert [o.text for o in question.options] == [marker(1), "面积 \x02\\frac{1}{2}\x03"]  # and an equation
    assert question.explanation == f"旧版图片{marker(2)}"
    red, blue, legacy = bank.pictures
    assert (red.alt, red.media_type, red.data) == ("红色的长方形", "image/png", png(RED))
    assert (blue.alt, blue.data) == ("蓝色", png(BLUE, (30, 30)))
    assert legacy.alt == "旧图" and legacy.name == blue.name
    assert red.place.endswith("bank.docx: paragraph 3 (word/media/image1.png)")
    assert question.answer == "B" and not question.flags


def test_a_drawing_without_a_picture_leaves_a_placeholder(tmp_path):
    doc = wd.new()
    paragraph = doc.add_paragraph("1. 看图：")
    paragraph._p.append(parse_xml(f'<w:r {wd.W}><w:drawing/></w:r>'))
    doc.add_paragraph("A. 是 B. 否 答案：A")
    bank = read_bank(wd.save(doc, tmp_path / "bank.docx"))
    assert bank.questions[0].stem == "看图：[图片]" and bank.pictures == ()


def _table_bank_with_pictures(folder):
    """A Word question table: a picture in the first row's stem cell, after its text; one in
    the second row's option B cell, alone."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "red.png").write_bytes(png(RED))
    (folder / "blue.png").write_bytes(png(BLUE, (30, 30)))
    doc = wd.new()
    doc.add_heading("第一章 看图", 1)
    wd.table(doc, [["题号", "题干", "选项A", "选项B", "答案"],
                   ["1", "这个标志是什么？", "禁止", "注意", "A"],
                   ["2", "哪个是蓝色？", "红", "", "B"]])
    grid = doc.tables[0]
    grid.cell(1, 1).paragraphs[0].add_run().add_picture(str(folder / "red.png"))
    grid.cell(1, 1).paragraphs[0]._p.xpath(".//wp:docPr")[0].set("descr", "红色标志")
    grid.cell(2, 3).paragraphs[0].add_run().add_picture(str(folder / "blue.png"))
    return wd.save(doc, folder / "bank.docx")


def test_a_picture_in_a_word_question_tables_cell_stands_at_its_place_in_that_field(tmp_path):
    bank = load_bank(_table_bank_with_pictures(tmp_path))
    first, second = bank.questions
    assert first.stem == f"这个标志是什么？{marker(0)}"
    assert [o.text for o in first.options] == ["禁止", "注意"]
    assert second.stem == "哪个是蓝色？"
    assert [o.text for o in second.options] == ["红", marker(1)]  # an option that is only a picture
    red, blue = bank.pictures
    assert (red.alt, red.data, blue.data) == ("红色标志", png(RED), png(BLUE, (30, 30)))
    # the place a message names is the table's row, as the table's other messages do
    assert red.place.endswith("bank.docx: table 1 row 2 (word/media/image1.png)")
    assert blue.place.endswith("bank.docx: table 1 row 3 (word/media/image2.png)")
    assert (first.answer, second.answer) == ("A", "B")


def test_a_picture_in_a_table_of_a_text_document_stays_in_its_row(tmp_path):
    doc = wd.new()
    doc.add_paragraph("1. 哪个是红色？")
    wd.table(doc, [["A. 左", "B. 右"]])
    (tmp_path / "red.png").write_bytes(png(RED))
    doc.tables[0].cell(0, 1).paragraphs[0].add_run().add_picture(str(tmp_path / "red.png"))
    doc.add_paragraph("答案：B")
    bank = read_bank(wd.save(doc, tmp_path / "bank.docx"))
    question, = bank.questions
    assert [o.text for o in question.options] == ["左", f"右{marker(0)}"]
    picture, = bank.pictures
    assert picture.data == png(RED) and picture.place.endswith("bank.docx: table 1 row 1 (word/media/image1.png)")


def test_a_picture_anchored_to_a_cell_belongs_to_that_rows_question_and_that_columns_field(tmp_path):
    bank = load_bank(workbook(tmp_path))
    first, second = bank.questions
    assert first.stem == f"这个标志是什么？{marker(0)}" and [o.text for o in first.options] == ["禁止", "注意"]
    # a column that is no field (图片) gives its pictures to the stem, in their order
    assert second.stem == f"哪个是蓝色？{marker(2)}{marker(3)}"
    assert [o.text for o in second.options] == ["左", f"右{marker(1)}"]
    assert [p.data for p in bank.pictures] == [png(RED), png(BLUE, (30, 30)), png(RED), png(BLUE, (30, 30))]
    assert bank.pictures[1].place.endswith("bank.xlsx: sheet '单选题' row 3 (xl/media/image2.png)")
    assert (first.answer, second.answer) == ("A", "B")


def test_a_cell_cannot_forge_a_picture_marker():
    from generator.read.sheet.reader import with_pictures

    markers = {("题", 2, 1): marker(0)}
    assert with_pictures(["甲", "乙"], "题", 2, markers, "b.xlsx") == ["甲", "乙" + marker(0)]
    assert with_pictures(["甲"], "题", 3, markers, "b.xlsx") == ["甲"]
    with pytest.raises(ParseError, match=r"row 2, column 2: expected text, found the control character U\+000E"):
        with_pictures(["甲", "\x0e0\x0f"], "题", 2, markers, "b.xlsx")
    with pytest.raises(ParseError):  # a workbook without pictures too
        with_pictures(["\x0e0\x0f"], "题", 2, {}, "b.xlsx")


def test_the_json_export_names_each_picture_and_carries_no_marker(tmp_path):
    bank = load_bank(markdown_bank(tmp_path / "mdbank"))
    text = json_bytes(bank).decode()
    assert PICTURE_MARK[0] not in text and PICTURE_MARK[1] not in text
    data = json.loads(text)
    red, blue = bank.pictures[:2]
    q1 = data["chapters"][0]["questions"][0]
    assert q1["stem"] == f"如图所示，这个标志是什么意思？[红色 标志: {red.name}]"
    assert q1["explanation"] == f"见图[{blue.alt}: {blue.name}]。"
    assert [p["file"] for p in data["pictures"]] == [p.name for p in bank.pictures]
    assert data["pictures"][2]["url"] == "https://example.com/x.png"


def test_the_markdown_command_writes_the_pictures_its_pages_show(tmp_path, monkeypatch):
    bank = markdown_bank(tmp_path / "mdbank")
    monkeypatch.chdir(tmp_path)
    assert main(["markdown", str(bank), "-o", "md"]) == 0
    page = tmp_path / "md" / "mdbank" / "chapter-1.md"
    sources = re.findall(r'<img src="([^"]+)"', page.read_text(encoding="utf-8"))
    assert len(sources) >= 2
    for src in sources:
        assert (page.parent / src).resolve().read_bytes() in (png(RED), png(BLUE, (30, 30)))


def test_an_erratum_on_a_field_holding_a_picture_keeps_the_picture_and_quotes_it_as_exports_write_it(tmp_path):
    folder = tmp_path / "mdbank"
    bank_file = markdown_bank(folder)
    red = read_bank(bank_file).pictures[0]
    reference = f"[红色 标志: {red.name}]"  # as `export` writes it, for the editor to copy
    (folder / "errata.yml").write_text(
        "q1:\n"
        "  stem:\n"
        "    - {replace: 是什么意思, with: 表示什么}\n"  # a piece beside the picture
        "  explanation:\n"
        f"    - {{whole: '见图[蓝色: {read_bank(bank_file).pictures[1].name}]。', with: '见下图。'}}\n"
        "  A:\n"
        f"    - {{replace: 禁止通行, with: '禁止通行 {reference}'}}\n", encoding="utf-8")
    with pytest.raises(ErrataError) as refused:  # the explanation's picture is dropped
        load_bank(bank_file)
    assert "entry q1, explanation (line 5)" in str(refused.value) and "write [蓝色: " in str(refused.value)
    blue = read_bank(bank_file).pictures[1]
    (folder / "errata.yml").write_text(
        "q1:\n"
        "  stem:\n"
        f"    - {{whole: '如图所示，这个标志是什么意思？{reference}',\n"
        f"       with: '如图所示，这个标志表示什么？{reference}'}}\n"
        "  explanation:\n"
        f"    - {{replace: '见图[蓝色: {blue.name}]', with: '见下图[蓝色: {blue.name}]'}}\n", encoding="utf-8")
    q1 = load_bank(bank_file).questions[0]
    assert q1.stem == f"如图所示，这个标志表示什么？{marker(0)}"
    assert q1.explanation == f"见下图{marker(1)}。"
    assert q1.corrections[0].startswith("題幹（整段）：「如图所示") and PICTURE_MARK[0] not in q1.corrections[0]


def test_an_erratum_that_no_longer_fits_a_field_with_a_picture_shows_the_field_as_the_editor_quotes_it(tmp_path):
    folder = tmp_path / "mdbank"
    bank_file = markdown_bank(folder)
    (folder / "errata.yml").write_text("q1:\n  stem:\n    - {whole: 如图所示，这个标志是什么意思？, with: 改}\n",
                                       encoding="utf-8")
    with pytest.raises(ErrataError) as refused:
        load_bank(bank_file)
    error = str(refused.value)
    assert f"[红色 标志: {read_bank(bank_file).pictures[0].name}]" in error and PICTURE_MARK[0] not in error


def test_a_json_export_read_back_shows_its_pictures_again_read_from_beside_it(tmp_path):
    bank = load_bank(markdown_bank(tmp_path / "mdbank"))
    out = tmp_path / "export"
    (out / "sub").mkdir(parents=True)
    (out / "sub" / "bank.json").write_text(json_bytes(bank).decode(), encoding="utf-8")
    red, blue = bank.pictures[:2]
    (out / "sub" / red.name).write_bytes(red.data)  # the red one beside it; the blue one only outside its folder
    (out / blue.name).write_bytes(blue.data)
    back = load_bank(out / "sub" / "bank.json")
    q1, q2 = back.questions
    assert q1.stem == bank.questions[0].stem == f"如图所示，这个标志是什么意思？{marker(0)}"
    assert q1.explanation == f"见图{marker(1)}。" and [o.text for o in q2.options] == [o.text for o in
                                                                                    bank.questions[1].options]
    assert [(p.alt, p.name, p.data) for p in back.pictures[:1]] == [(red.alt, red.name, red.data)]
    assert [p.kind for p in back.pictures] == ["", MISSING, REMOTE, MISSING, MISSING, MISSING]
    assert back.pictures[2].url == "https://example.com/x.png"
    flag, = q1.flags  # the blue picture is not beside the JSON: check says so, with its file name
    assert flag.code == "picture-unshown" and blue.name in flag.message and "bank.json: picture 2" in flag.message
    again = json.loads(json_bytes(back))["chapters"][0]["questions"][0]  # exported again: the same text
    assert again["stem"] == json.loads(json_bytes(bank))["chapters"][0]["questions"][0]["stem"]


def test_export_writes_the_picture_files_beside_the_json_so_that_it_reads_back_whole(tmp_path, capsys):
    bank_file = markdown_bank(tmp_path / "mdbank")
    bank = load_bank(bank_file)
    out = tmp_path / "out" / "bank.json"
    out.parent.mkdir()
    assert main(["export", str(bank_file), "--format", "json", "-o", str(out)]) == 0
    shown = [p for p in bank.pictures if p.data]
    assert sorted(f.name for f in out.parent.iterdir()) == sorted({"bank.json", *(p.name for p in shown)})
    back = load_bank(out)
    assert [(p.name, p.data) for p in back.pictures if p.data] == [(p.name, p.data) for p in shown]
    def unshown(read: Bank) -> list[int]:
        return [sum(f.code == "picture-unshown" for f in q.flags) for q in read.questions]

    assert unshown(back) == unshown(bank)  # only the remote and missing ones, as in the bank
    # Again over the same files: the same bytes are left as they are; other bytes under a
    # picture's name are no file of this export's, so it refuses rather than write over them.
    assert main(["export", str(bank_file), "--format", "json", "-o", str(out), "--force"]) == 0
    (out.parent / shown[0].name).write_bytes(b"someone else's file")
    capsys.readouterr()
    assert main(["export", str(bank_file), "--format", "json", "-o", str(tmp_path / "out" / "again.json")]) == 2
    assert shown[0].name in capsys.readouterr().err
    assert (out.parent / shown[0].name).read_bytes() == b"someone else's file"


def test_a_json_export_printed_says_its_picture_files_were_not_written(tmp_path, capsys):
    assert main(["export", str(markdown_bank(tmp_path / "mdbank")), "--format", "json"]) == 0
    printed = capsys.readouterr()
    assert json.loads(printed.out)["pictures"] and "give -o FILE" in printed.err


def test_a_windows_path_is_a_missing_file_not_a_remote_address(tmp_path):
    book = PictureBook("bank.md")
    for src in ("C:\\Users\\me\\Downloads\\q3.PNG", "d:/pictures/q3.png", "https://example.com/q3.png"):
        book.referenced(src, "", "bank.md:1", tmp_path)
    assert [(p.kind, p.url) for p in book.pictures] == [
        (MISSING, "C:\\Users\\me\\Downloads\\q3.PNG"), (MISSING, "d:/pictures/q3.png"),
        (REMOTE, "https://example.com/q3.png")]


def _markdown(tmp_path, text, picture=""):
    """The bank ``text`` reads as, written to bank.md with a PNG named ``picture`` beside it."""
    if picture:
        (tmp_path / picture).write_bytes(png())
    (tmp_path / "bank.md").write_text(text, encoding="utf-8")
    return read_bank(tmp_path / "bank.md")


def test_an_img_tag_broken_over_lines_is_a_picture_and_later_lines_keep_their_numbers(tmp_path):
    bank = _markdown(tmp_path, '1. 看图\n<img src="q.png"\n     alt="图一"\n     style="float: left;" />\n'
                               "A. 是\nB. 否\n答案：A\n\n2. 一加一？\nA. 2\nB. 3\n答案：A\n", "q.png")
    first, second = bank.questions
    assert first.stem == f"看图\n{marker(0)}" and [o.text for o in first.options] == ["是", "否"]
    picture = bank.pictures[0]
    assert (picture.alt, picture.data, picture.place) == ("图一", png(), f"{tmp_path / 'bank.md'}:2")
    assert second.position.line == 9


def test_an_img_tag_does_not_run_on_across_a_blank_line(tmp_path):
    bank = _markdown(tmp_path, '1. 看 <img src="q.png"\n\nA. 是\nB. 否\n答案：A\n')
    assert bank.pictures == () and bank.questions[0].stem == '看 <img src="q.png"'


def test_a_picture_path_with_spaces_as_typora_writes_it_is_read_up_to_its_extension(tmp_path):
    bank = _markdown(tmp_path, "1. Which figure?\n- [x] ![Shot](Screen Shot 2020-06-26 at 4.07.39 PM.png)\n"
                               '- [ ] ![Other](other shot.jpg "Title")\n- [ ] ![Sized](a.png =100x)\n',
                     "Screen Shot 2020-06-26 at 4.07.39 PM.png")
    shot, other = bank.pictures
    assert (shot.alt, shot.data) == ("Shot", png()) and (other.kind, other.url) == (MISSING, "other shot.jpg")
    assert [o.text for o in bank.questions[0].options] == [marker(0), marker(1), "![Sized](a.png =100x)"]


def test_a_flag_that_quotes_a_field_shows_its_pictures_by_their_alt_text(tmp_path):
    # the last question, cut off after its pictures: the truncated flag quotes its end
    (tmp_path / "bank.md").write_text("1. 甲？\nA. x\nB. y\n答案：A\n\n2. 看图\n![路标](sign.png)\n", encoding="utf-8")
    bank = load_bank(tmp_path / "bank.md")
    messages = [f.message for q in bank.questions for f in q.flags]
    assert any("[路标]" in m for m in messages)
    assert not any(c in m for m in messages for c in PICTURE_MARK)
