"""Word (.docx) banks: automatic numbering, headings, soft breaks, tabs and tables read as a
reader of the document sees them, and messages that point at the paragraph."""
from __future__ import annotations

import io
import zipfile

import pytest
from docx.oxml import parse_xml
from docx.oxml.ns import qn
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.base.errors import BankFileError, ParseError
from generator.read.load import load_bank, read_bank
from generator.read.word.numbering import chinese_numeral, format_number
from tests import word_docs as wd

DECIMAL_THEN_LETTERS = [wd.level(0, "decimal", "%1."), wd.level(1, "upperLetter", "%2.")]


def questions(bank):
    return [(c.title, q.id, q.type.value, q.stem, [(o.label, o.text) for o in q.options], q.answer)
            for c in bank.chapters for q in c.questions]


def test_automatic_numbering_makes_the_questions_and_options(tmp_path):
    doc = wd.new()
    # One list for the whole bank; the second chapter's list restarts it ("Restart at 1").
    wd.add_list(doc, 90, DECIMAL_THEN_LETTERS, {90: {}, 91: {0: 1}})
    doc.add_heading("第一章 基础", 1)
    wd.numbered(doc, "下列哪个是质数？", 90)
    wd.numbered(doc, "4", 90, 1)
    wd.numbered(doc, "7", 90, 1)
    doc.add_paragraph("答案：B")
    wd.numbered(doc, "下列哪些是偶数？", 90)
    for option in ("2", "3", "8"):  # the options restart at A under question 2
        wd.numbered(doc, option, 90, 1)
    doc.add_paragraph("答案：AC")
    doc.add_paragraph("解析：能被 2 整除。")
    doc.add_heading("第二章 进阶", 1)
    wd.numbered(doc, "1+1=____", 91)
    doc.add_paragraph("答案：2")
    bank = read_bank(wd.save(doc, tmp_path / "bank.docx"))
    assert questions(bank) == [
        ("基础", "c1-q1", "single", "下列哪个是质数？", [("A", "4"), ("B", "7")], "B"),
        ("基础", "c1-q2", "multiple", "下列哪些是偶数？", [("A", "2"), ("B", "3"), ("C", "8")], "AC"),
        ("进阶", "c2-q1", "fill", "1+1=____", [], "2"),
    ]
    assert bank.questions[1].explanation == "能被 2 整除。"


def test_lists_sharing_a_definition_continue_each_other_unless_restarted(tmp_path):
    doc = wd.new()
    wd.add_list(doc, 80, [wd.level(0, "decimal", "%1、")], {80: {}, 81: {}})
    doc.add_heading("单选题", 1)
    wd.numbered(doc, "甲？ A. 1 B. 2 答案：A", 80)
    doc.add_paragraph("解析：一段说明文字")
    wd.numbered(doc, "乙？ A. 1 B. 2 答案：B", 81)  # another list of the same definition: it goes on at 2
    bank = read_bank(wd.save(doc, tmp_path / "bank.docx"))
    assert [(q.number, q.answer) for q in bank.questions] == [(1, "A"), (2, "B")]


def test_a_numbered_heading_style_names_its_chapters_in_chinese_numerals(tmp_path):
    doc = wd.new()
    wd.add_list(doc, 70, [wd.level(0, "chineseCounting", "第%1章"), wd.level(1, "decimal", "%2.")], {70: {}})
    for chapter, stems in (("数", ("一加一？", "二加二？")), ("形", ("三角形有几条边？",))):
        wd.numbered(doc, chapter, 70, 0, style="Heading 1")
        for stem in stems:
            wd.numbered(doc, stem, 70, 1)  # under each chapter the questions count from 1 again
            doc.add_paragraph("A. 2\tB. 3\tC. 4\tD. 5")  # options on one line, separated by tabs
            doc.add_paragraph("答案：A")
    bank = read_bank(wd.save(doc, tmp_path / "bank.docx"))
    assert [(c.title, [q.id for q in c.questions]) for c in bank.chapters] == [
        ("数", ["c1-q1", "c1-q2"]), ("形", ["c2-q1"])]
    assert [(o.label, o.text) for o in bank.questions[2].options] == [("A", "2"), ("B", "3"), ("C", "4"), ("D", "5")]


def test_soft_line_breaks_and_tabs_separate_as_they_show(tmp_path):
    doc = wd.new()
    wd.with_break(doc, "1. 天空是什么颜色？", "A. 红\tB. 蓝", "C. 绿\tD. 黄", "答案：B")
    wd.with_break(doc, "2. 草是什么颜色？", "A. 红\tB. 蓝", "C. 绿\tD. 黄", "答案：C")
    bank = read_bank(wd.save(doc, tmp_path / "bank.docx"))
    assert [(q.stem, len(q.options), q.answer) for q in bank.questions] == [("天空是什么颜色？", 4, "B"),
                                                                            ("草是什么颜色？", 4, "C")]


def test_a_question_table_is_read_like_a_spreadsheet_under_its_heading(tmp_path):
    doc = wd.new()
    doc.add_paragraph("2025 年题库")
    doc.add_heading("第一部分 常识", 1)
    wd.table(doc, [["序号", "题干", "选项A", "选项B", "选项C", "正确答案", "答案解析"],
                   ["1", "天空的颜色", "红", "蓝", "绿", "B", "抬头看"],
                   ["", "哪些是水果", "苹果", "石头", "香蕉", "A,C", ""]])
    doc.add_heading("第二部分 判断", 1)
    wd.table(doc, [["题目", "答案", "题型"], ["地球是圆的", "对", "判断题"]])
    bank = read_bank(wd.save(doc, tmp_path / "bank.docx"))
    assert bank.title == "2025 年题库"
    assert [(c.title, [(q.number, q.type.value, q.answer) for q in c.questions]) for c in bank.chapters] == [
        ("第一部分 常识", [(1, "single", "B"), (2, "multiple", "AC")]), ("第二部分 判断", [(1, "judge", "true")])]
    assert bank.questions[0].explanation == "抬头看"
    # Each table row counts as one paragraph: title, heading, header row, then row 1 is place 4.
    assert [q.position.line for q in bank.questions] == [4, 5, 8]


def test_a_bad_row_of_a_question_table_names_the_file_table_and_row(tmp_path):
    doc = wd.new()
    wd.table(doc, [["题干", "答案", "题型"], ["甲", "A", "单选"], ["乙", "B", "猜谜"]])
    with pytest.raises(ParseError) as error:
        read_bank(wd.save(doc, tmp_path / "bad.docx"))
    assert "bad.docx: table 1: row 3: type" in str(error.value) and "'猜谜'" in str(error.value)


def test_a_table_without_a_header_is_read_as_its_text(tmp_path):
    doc = wd.new()
    wd.table(doc, [["1. 天空是什么颜色？ A. 红 B. 蓝", "答案：B"], ["2. 草是什么颜色？ A. 绿 B. 蓝", "答案：A"]])
    bank = read_bank(wd.save(doc, tmp_path / "bank.docx"))
    assert [(q.stem, q.answer) for q in bank.questions] == [("天空是什么颜色？", "B"), ("草是什么颜色？", "A")]


def test_positions_name_the_paragraph(tmp_path):
    doc = wd.new()
    wd.add_list(doc, 60, DECIMAL_THEN_LETTERS, {60: {}})
    doc.add_paragraph("题库")  # paragraph 1
    wd.numbered(doc, "甲？", 60)  # 2
    wd.numbered(doc, "x", 60, 1)  # 3
    wd.numbered(doc, "y", 60, 1)  # 4
    doc.add_paragraph("答案：A")  # 5
    doc.add_paragraph("")  # 6
    wd.numbered(doc, "乙？", 60)  # 7: no answer
    wd.numbered(doc, "x", 60, 1)
    wd.numbered(doc, "y", 60, 1)
    wd.numbered(doc, "丙？", 60)  # 10
    wd.numbered(doc, "x", 60, 1)
    wd.numbered(doc, "y", 60, 1)
    doc.add_paragraph("答案：B")
    bank = load_bank(wd.save(doc, tmp_path / "bank.docx"))
    assert [(q.number, q.position.line, q.position.column) for q in bank.questions] == [(1, 2, 1), (2, 7, 1),
                                                                                        (3, 10, 1)]
    assert "missing-answer" in [f.code for f in bank.questions[1].flags]


@pytest.mark.parametrize("n, fmt, text", [
    (1, "decimal", "1"), (12, "decimal", "12"), (1, "upperLetter", "A"), (26, "upperLetter", "Z"),
    (27, "upperLetter", "AA"), (3, "lowerLetter", "c"), (4, "upperRoman", "IV"), (9, "lowerRoman", "ix"),
    (1, "chineseCounting", "一"), (10, "chineseCounting", "十"), (12, "chineseCounting", "十二"),
    (20, "chineseCountingThousand", "二十"), (105, "chineseCounting", "一百零五"), (2, "ideographTraditional", "乙"),
    (3, "decimalEnclosedCircle", "③"), (7, "decimalZero", "07"), (5, "someFormatNotKnown", "5"),
])
def test_number_formats(n, fmt, text):
    assert format_number(n, fmt) == text


def test_chinese_numerals_read_back():
    from generator.base.numerals import chinese_number

    assert all(chinese_number(chinese_numeral(n)) == n for n in range(1, 1000))


def test_levels_restart_under_a_new_higher_level_and_legal_numbers(tmp_path):
    doc = wd.new()
    wd.add_list(doc, 50, [wd.level(0, "chineseCounting", "%1、"), wd.level(1, "decimal", "%1.%2")], {50: {}})
    wd.numbered(doc, "单选题", 50)
    wd.numbered(doc, "甲", 50, 1)
    wd.numbered(doc, "乙", 50, 1)
    wd.numbered(doc, "多选题", 50)
    wd.numbered(doc, "丙", 50, 1)
    from generator.read.word.paragraphs import read_docx
    from generator.read.word.reader import neutral_text

    data = wd.save(doc, tmp_path / "b.docx").read_bytes()
    assert neutral_text(read_docx(data, "b.docx", 2**30), "b.docx").text.splitlines() == [
        "一、 单选题", "一.1 甲", "一.2 乙", "二、 多选题", "二.1 丙"]


def _zip(parts: dict[str, bytes]) -> bytes:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as z:
        for name, content in parts.items():
            z.writestr(name, content)
    return data.getvalue()


@pytest.mark.parametrize("main", ["word/document.xml", "xl/workbook.xml"])
def test_a_zip_bomb_is_refused_before_it_is_unpacked(tmp_path, main):
    path = tmp_path / "bank.bin"
    path.write_bytes(_zip({"[Content_Types].xml": b"<x/>", main: b" " * (3 * 2**20)}))
    assert path.stat().st_size < 100_000
    with pytest.raises(BankFileError) as error:
        read_bank(path, limit=2**20)
    assert "unpacks to at most 1 MB" in str(error.value) and "--max-size 4" in str(error.value)


def test_a_damaged_word_file_is_a_message(tmp_path):
    path = tmp_path / "bank.docx"
    path.write_bytes(_zip({"[Content_Types].xml": b"<x/>", "word/document.xml": b"<not xml"}))
    with pytest.raises(ParseError) as error:
        read_bank(path)
    assert "a Word document (.docx)" in str(error.value) and "save it again" in str(error.value)


def test_other_zips_are_refused_saying_what_is_read(tmp_path):
    path = tmp_path / "bank.zip"
    path.write_bytes(_zip({"notes.txt": b"hi"}))
    with pytest.raises(ParseError) as error:
        read_bank(path)
    assert ".docx" in str(error.value) and ".xlsx" in str(error.value) and "convert" in str(error.value)


# -- every command takes a Word bank ------------------------------------------------------

def _run(*args, cwd):
    import os
    import subprocess
    import sys

    from tests.paths import ROOT

    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, encoding="utf-8", check=False, env={**os.environ, "PYTHONPATH": str(ROOT)})


def _word_bank(path):
    doc = wd.new()
    wd.add_list(doc, 40, DECIMAL_THEN_LETTERS, {40: {}})
    doc.add_heading("第一章 颜色", 1)
    wd.numbered(doc, "天空是什么颜色？", 40)  # paragraph 2
    wd.numbered(doc, "红", 40, 1)
    wd.numbered(doc, "蓝", 40, 1)
    doc.add_paragraph("答案：B")
    wd.numbered(doc, "草是什么颜色？", 40)  # paragraph 6: no answer
    wd.numbered(doc, "绿", 40, 1)
    wd.numbered(doc, "蓝", 40, 1)
    doc.add_heading("第二章 形状", 1)
    wd.numbered(doc, "三角形有几条边？ A. 3 B. 4", 40)
    doc.add_paragraph("答案：A")
    return wd.save(doc, path)


def test_check_and_export_read_a_word_bank_and_point_at_paragraphs(tmp_path):
    bank = _word_bank(tmp_path / "colours.docx")
    checked = _run("check", bank, cwd=tmp_path)
    assert checked.returncode == 1, checked.stderr  # the missing answer is an error
    assert "colours.docx: 3 questions in 2 chapters (docx" in checked.stdout
    assert "colours.docx:6:1: q2: error: [missing-answer]" in checked.stdout
    exported = _run("export", bank, cwd=tmp_path)
    assert exported.returncode == 0, exported.stderr
    import json

    data = json.loads(exported.stdout)
    assert [[q["answer"] for q in c["questions"]] for c in data["chapters"]] == [["B", None], ["A"]]


@pytest.mark.slow
def test_site_and_markdown_build_from_a_word_bank(tmp_path):
    bank = _word_bank(tmp_path / "colours.docx")
    markdown = _run("markdown", bank, "-o", tmp_path / "md", cwd=tmp_path)
    assert markdown.returncode == 0, markdown.stderr
    pages = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "md").rglob("*.md"))
    assert "天空是什么颜色" in pages and "三角形有几条边" in pages
    built = _run("site", bank, "-o", tmp_path / "site", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    html = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "site").rglob("*.html"))
    assert "草是什么颜色" in html and "形状" in html and "Traceback" not in built.stderr


def test_a_folder_holding_a_word_bank_is_never_an_output(tmp_path):
    from generator.site.output_folder import OutputError, Protected, check_output

    folder = tmp_path / "old-guide"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "bank.docx").write_bytes(b"")
    with pytest.raises(OutputError) as error:
        check_output(folder, Protected(tmp_path / "project"), force=True)
    assert "bank.docx, a bank or errata file" in str(error.value)
    # The downloads of a bank whose name is "bank" are no inputs: a build may replace them.
    (folder / "sub" / "bank.docx").unlink()
    (folder / "downloads").mkdir()
    for name in ("bank.xlsx", "bank.csv", "bank.apkg"):
        (folder / "downloads" / name).write_bytes(b"")
    check_output(folder, Protected(tmp_path / "project"), force=True)


def test_control_characters_in_a_document_are_refused_naming_the_paragraph():
    from generator.read.word.paragraphs import Paragraph, WordDocument
    from generator.read.word.reader import neutral_text

    document = WordDocument("", (Paragraph("1. 甲", 0, 1), Paragraph("A. \x02x\x03", 0, 2)))
    with pytest.raises(ParseError) as error:
        neutral_text(document, "b.docx")
    assert "b.docx: paragraph 2" in str(error.value) and "U+0002" in str(error.value)


def test_odd_numbering_definitions_never_stop_the_reading(tmp_path):
    doc = wd.new()
    # A level with a bad ilvl, a list naming a missing definition, a bullet level and one that shows no number.
    wd.add_list(doc, 30, [wd.level(0, "decimal", "%1.").replace('w:ilvl="0"', 'w:ilvl="x"'),
                          wd.level(1, "bullet", "\uf0b7"), wd.level(2, "none", "")], {30: {}})
    numbering = doc.part.numbering_part.element
    numbering.append(parse_xml(f'<w:num {wd.W} w:numId="31"><w:abstractNumId w:val="999"/></w:num>'))
    wd.numbered(doc, "甲？ A. 1 B. 2 答案：A", 30)
    wd.numbered(doc, "一条说明", 30, 1)
    wd.numbered(doc, "乙？ A. 1 B. 2 答案：B", 31)
    wd.numbered(doc, "丙", 30, 2)
    from generator.read.word.paragraphs import read_docx
    from generator.read.word.reader import neutral_text

    data = wd.save(doc, tmp_path / "b.docx").read_bytes()
    assert neutral_text(read_docx(data, "b.docx", 2**30), "b.docx").text.splitlines() == [
        "1. 甲？ A. 1 B. 2 答案：A", "- 一条说明", "乙？ A. 1 B. 2 答案：B", "丙"]


def test_the_benchmarks_word_bank_reads_whole(tmp_path):
    from testing.word_banks import word_bank

    path = tmp_path / "bank.docx"
    path.write_bytes(word_bank(60))
    bank = read_bank(path)
    assert [len(c.questions) for c in bank.chapters] == [50, 10]
    assert [(q.id, len(q.options), q.answer) for q in bank.questions[:2]] == [("q1", 4, "A"), ("q2", 4, "B")]
    assert bank.chapters[1].questions[0].number == 51  # one list through the whole document


# -- any document: a bank or a message, and numbers that count ----------------------------

FORMATS = ["decimal", "upperLetter", "lowerRoman", "chineseCounting", "bullet", "none", "ideographTraditional"]


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(formats=st.lists(st.sampled_from(FORMATS), min_size=3, max_size=3),
       paragraphs=st.lists(st.tuples(st.sampled_from(["甲？", "A. 1 B. 2", "答案：A", "", "第一章 x"]),
                                     st.sampled_from([None, 20, 21]), st.integers(0, 3)), max_size=25))
def test_any_numbered_document_reads_as_a_bank_or_a_message(tmp_path, formats, paragraphs):
    doc = wd.new()
    levels = [wd.level(i, fmt, f"%{i + 1}.") for i, fmt in enumerate(formats)]
    wd.add_list(doc, 20, levels, {20: {}, 21: {0: 5}})
    for text, num_id, ilvl in paragraphs:
        if num_id is None:
            doc.add_paragraph(text)
        else:
            wd.numbered(doc, text, num_id, ilvl)
    path = wd.save(doc, tmp_path / "any.docx")
    try:
        bank = read_bank(path)
    except ParseError as error:
        assert "any.docx" in str(error)
    else:
        assert all(1 <= q.position.line <= len(paragraphs) for q in bank.questions)
    # Top-level numbers of the decimal level count on by one, whichever list they are in (21 restarts at 5).
    from generator.read.word.paragraphs import read_docx

    if formats[0] == "decimal":
        lines = [b.text for b in read_docx(path.read_bytes(), "any.docx", 2**30).blocks]
        tops = [int(line.split(".")[0]) for line, (_, num, ilvl) in zip(lines, paragraphs, strict=True)
                if num is not None and ilvl == 0]
        restarted = next((i for i, (_, num, ilvl) in enumerate(p for p in paragraphs if p[1] is not None and p[2] == 0)
                          if num == 21), None)
        expected = [i + 1 if restarted is None or i < restarted else 5 + i - restarted for i in range(len(tops))]
        assert tops == expected


def test_underlined_spaces_are_blanks_and_pictures_stand_in_the_text(tmp_path):
    from PIL import Image

    image = tmp_path / "dot.png"
    Image.new("RGB", (4, 4)).save(image)
    doc = wd.new()
    paragraph = doc.add_paragraph("1. 一加一等于")
    paragraph.add_run("      ").underline = True
    paragraph.add_run("。")
    doc.add_paragraph("答案：2")
    doc.add_paragraph("2. 下图是什么形状？")
    doc.add_paragraph().add_run().add_picture(str(image))
    doc.add_paragraph("A. 圆 B. 方 答案：B")
    underlined_answer = doc.add_paragraph("3. 地球绕")
    underlined_answer.add_run("太阳").underline = True  # underlined words stay words
    underlined_answer.add_run("转。答案：太阳")
    bank = read_bank(wd.save(doc, tmp_path / "bank.docx"))
    assert [q.stem for q in bank.questions] == ["一加一等于______。", "下图是什么形状？\n\x0e0\x0f", "地球绕太阳转。"]
    assert bank.pictures[0].data == image.read_bytes()
    assert bank.questions[0].type.value == "fill"


def test_symbols_inserted_from_symbol_fonts_read_as_marks(tmp_path):
    doc = wd.new()
    for number, (font, char) in enumerate((("Wingdings 2", "F050"), ("Symbol", "F0B4"), ("Wingdings", "FC")), 1):
        paragraph = doc.add_paragraph(f"{number}.（判断）第{number}句。答案：")
        paragraph.add_run()._r.append(parse_xml(f'<w:sym {wd.W} w:font="{font}" w:char="{char}"/>'))
    bank = read_bank(wd.save(doc, tmp_path / "bank.docx"))
    assert [(q.answer_text, q.answer) for q in bank.questions] == [("✓", "true"), ("×", "false"), ("✓", "true")]


def test_one_question_tables_with_field_names_down_the_first_column(tmp_path):
    doc = wd.new()
    doc.add_heading("第一章 常识", 1)
    wd.table(doc, [["题型", "单选题"], ["题干", "天空的颜色"], ["A", "红", "B", "蓝"], ["答案", "B"],
                   ["解析", "抬头看"]])
    doc.add_paragraph("")
    wd.table(doc, [["题目", "哪些是水果"], ["选项A", "苹果"], ["选项B", "石头"], ["选项C", "香蕉"], ["正确答案", "AC"]])
    doc.add_heading("第二章 判断", 1)
    wd.table(doc, [["题干", "地球是圆的"], ["答案", "对"]])
    wd.table(doc, [["名称", "说明"], ["这张表", "不是题目"]])  # a table of something else
    bank = read_bank(wd.save(doc, tmp_path / "bank.docx"))
    assert questions(bank) == [
        ("第一章 常识", "c1-q1", "single", "天空的颜色", [("A", "红"), ("B", "蓝")], "B"),
        ("第一章 常识", "c1-q2", "multiple", "哪些是水果", [("A", "苹果"), ("B", "石头"), ("C", "香蕉")], "AC"),
        ("第二章 判断", "c2-q1", "judge", "地球是圆的", [], "true"),
    ]
    assert bank.questions[0].explanation == "抬头看"
    assert [q.position.line for q in bank.questions] == [2, 8, 14]  # the first row of each table
    assert [s.text for s in bank.stray] == ["名称\t说明", "这张表\t不是题目"]


def test_a_drawing_with_a_fallback_copy_leaves_one_placeholder_and_deleted_text_none(tmp_path):
    doc = wd.new()
    mc = 'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"'
    paragraph = doc.add_paragraph("1. 看图：")
    paragraph._p.append(parse_xml(
        f'<w:r {wd.W} {mc}><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing/></mc:Choice>'
        '<mc:Fallback><w:pict><w:t>copy</w:t></w:pict></mc:Fallback></mc:AlternateContent></w:r>'))
    paragraph._p.append(parse_xml(
        f'<w:del {wd.W} w:id="1" w:author="x"><w:r><w:delText>旧</w:delText></w:r></w:del>'))
    paragraph._p.append(parse_xml(f'<w:ins {wd.W} w:id="2" w:author="x"><w:r><w:t>新</w:t></w:r></w:ins>'))
    from generator.read.word.paragraphs import read_docx

    data = wd.save(doc, tmp_path / "b.docx").read_bytes()
    assert [b.text for b in read_docx(data, "b.docx", 2**30).blocks] == ["1. 看图：[图片]新"]


def test_a_list_defined_by_a_numbering_style_counts_in_that_styles_list(tmp_path):
    doc = wd.new()
    wd.add_list(doc, 10, [wd.level(0, "decimal", "%1)")], {10: {}})
    numbering = doc.part.numbering_part.element
    linked = parse_xml(f'<w:abstractNum {wd.W} w:abstractNumId="11"><w:numStyleLink w:val="BankList"/>'
                          '</w:abstractNum>')
    numbering.find(qn("w:num")).addprevious(linked)
    numbering.append(parse_xml(f'<w:num {wd.W} w:numId="11"><w:abstractNumId w:val="11"/></w:num>'))
    doc.styles.element.append(parse_xml(
        f'<w:style {wd.W} w:type="numbering" w:styleId="BankList"><w:name w:val="Bank List"/>'
        '<w:pPr><w:numPr><w:numId w:val="10"/></w:numPr></w:pPr></w:style>'))
    wd.numbered(doc, "甲", 10)
    wd.numbered(doc, "乙", 11)
    wd.numbered(doc, "丙", 11)
    from generator.read.word.paragraphs import read_docx

    data = wd.save(doc, tmp_path / "b.docx").read_bytes()
    assert [b.text for b in read_docx(data, "b.docx", 2**30).blocks] == ["1) 甲", "2) 乙", "3) 丙"]
