"""Word banks that mark the right option by its look (red, highlighted, shaded, bold,
underlined) instead of writing the answer: read as the document's rule, never one word."""
from __future__ import annotations

import pytest
from docx.enum.style import WD_STYLE_TYPE
from docx.enum.text import WD_COLOR_INDEX
from docx.oxml import parse_xml
from docx.shared import RGBColor

from generator import cli
from generator.bank.model import OPTION_LETTERS
from generator.read.load import load_bank, read_bank
from generator.read.text.layout import describe
from generator.read.word.emphasis import Emphasis, colour_family
from tests import word_docs as wd

RED = RGBColor(0xFF, 0x00, 0x00)


def red(run):
    run.font.color.rgb = RED


def bold(run):
    run.bold = True


def underline(run):
    run.underline = True


def highlight(run):
    run.font.highlight_color = WD_COLOR_INDEX.YELLOW


def shade(run):
    run._r.get_or_add_rPr().append(parse_xml(f'<w:shd {wd.W} w:val="clear" w:color="auto" w:fill="FFFF00"/>'))


def plain(run):
    pass


def option(doc, label, text, look=plain):
    paragraph = doc.add_paragraph(f"{label}. ")
    look(paragraph.add_run(text))
    return paragraph


def question(doc, number, stem, options, marked="", look=red, stem_look=plain, answer=None):
    """A question written out: "1. stem", then "A. text" a line, the ``marked`` letters in ``look``."""
    paragraph = doc.add_paragraph(f"{number}. ")
    stem_look(paragraph.add_run(stem))
    for label, text in zip(OPTION_LETTERS, options, strict=False):
        option(doc, label, text, look if label in marked else plain)
    if answer is not None:
        doc.add_paragraph(f"答案：{answer}")


def read(doc, tmp_path):
    return read_bank(wd.save(doc, tmp_path / "bank.docx"))


def answers(bank):
    return [(q.number, q.type.value, q.answer) for q in bank.questions]


def layout_line(bank):
    return describe(bank)[0]


@pytest.mark.parametrize("look, name", [(red, "red text"), (bold, "bold"), (underline, "underline"),
                                        (highlight, "yellow highlight"), (shade, "yellow shading")])
def test_the_option_set_apart_is_the_answer(tmp_path, look, name):
    doc = wd.new()
    question(doc, 1, "下列哪个是质数？", ["4", "7", "9"], "B", look)
    question(doc, 2, "下列哪个是偶数？", ["3", "5", "8"], "C", look)
    bank = read(doc, tmp_path)
    assert answers(bank) == [(1, "single", "B"), (2, "single", "C")]
    assert layout_line(bank).endswith(f"; answers from formatting: {name} (2 questions)")
    assert bank.questions[0].options[1].text == "7"  # the look marks; the text stays as written


def test_several_options_set_apart_make_a_multiple_choice_answer(tmp_path):
    doc = wd.new()
    question(doc, 1, "下列哪些是偶数？", ["2", "3", "8", "9"], "AC")
    question(doc, 2, "下列哪个是奇数？", ["2", "3"], "B")
    assert answers(read(doc, tmp_path)) == [(1, "multiple", "AC"), (2, "single", "B")]


def test_answers_set_directly_are_what_the_parser_makes_of_them(tmp_path, monkeypatch):
    from generator.read.word import reader as word_bank
    doc = wd.new()
    question(doc, 1, "下列哪个是质数？", ["4", "7", "9"], "B")
    question(doc, 2, "地球是圆的。", ["正确", "错误"], "A")
    question(doc, 3, "（单选）下列哪个是偶数？", ["2", "3"], "A", answer="")
    path = wd.save(doc, tmp_path / "bank.docx")
    direct = read_bank(path)  # one letter each: the answers are set on the parsed bank
    assert answers(direct) == [(1, "single", "B"), (2, "judge", "true"), (3, "single", "A")]
    monkeypatch.setattr(word_bank, "needs_parsing_again", lambda *_: True)
    assert read_bank(path) == direct


def test_options_all_bold_or_one_bold_word_give_no_answer(tmp_path):
    doc = wd.new()
    question(doc, 1, "甲？", ["一", "二"], "AB", bold)  # every option bold: bold marks nothing
    question(doc, 2, "乙？", ["三", "四"], "AB", bold)
    question(doc, 3, "丙？", ["五", "六"], "B", bold)  # one bold option in three questions: not the rule
    bank = read(doc, tmp_path)
    assert [q.answer for q in bank.questions] == [None, None, None]
    assert "formatting" not in layout_line(bank)


def test_emphasis_in_the_stem_is_no_answer(tmp_path):
    doc = wd.new()
    question(doc, 1, "下列哪个是质数？", ["4", "7"], stem_look=red)
    question(doc, 2, "下列哪个是偶数？", ["3", "8"], stem_look=bold)
    assert [q.answer for q in read(doc, tmp_path).questions] == [None, None]


def test_a_red_word_inside_an_option_marks_no_answer(tmp_path):
    doc = wd.new()
    for number in (1, 2):
        doc.add_paragraph(f"{number}. 哪个对？")
        paragraph = doc.add_paragraph("A. 说法")
        red(paragraph.add_run("重点"))  # only part of the option stands out
        doc.add_paragraph("B. 另一说法")
    assert [q.answer for q in read(doc, tmp_path).questions] == [None, None]


def test_a_written_answer_wins_and_a_disagreeing_look_is_flagged(tmp_path, capsys):
    doc = wd.new()
    question(doc, 1, "下列哪个是质数？", ["4", "7"], "B", answer="A")  # written A, red B
    question(doc, 2, "下列哪个是偶数？", ["3", "8"], "B", answer="B")  # they agree
    question(doc, 3, "下列哪个是奇数？", ["3", "8"], "A")  # none written: red A
    path = wd.save(doc, tmp_path / "bank.docx")
    bank = load_bank(path)
    assert answers(bank) == [(1, "single", "A"), (2, "single", "B"), (3, "single", "A")]
    flagged = [(q.number, f.severity.value, f.message) for q in bank.questions for f in q.flags
               if f.code == "answer-formatting-conflict"]
    assert flagged == [(1, "warning", "第1題的答案「A」與題庫以紅色文字標出的選項B不一致")]
    assert cli.main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "answers from formatting: red text (1 question, 1 disagreeing with the written answer)" in out
    assert "[answer-formatting-conflict]" in out and out.rstrip().endswith("0 errors, 1 warning, 0 infos")
    assert cli.main(["check", "--strict", str(path)]) == 1


def test_emphasis_comes_through_character_and_paragraph_styles(tmp_path):
    doc = wd.new()
    answer_style = doc.styles.add_style("正确答案", WD_STYLE_TYPE.CHARACTER)
    answer_style.font.color.rgb = RGBColor(0xC0, 0x00, 0x00)  # a darker red is red all the same
    marked = doc.styles.add_style("标出", WD_STYLE_TYPE.PARAGRAPH)
    marked.font.color.rgb = RED
    option_style = doc.styles.add_style("答案选项", WD_STYLE_TYPE.PARAGRAPH)
    option_style.base_style = marked  # red by the style it is based on
    doc.add_paragraph("1. 下列哪个是质数？")
    doc.add_paragraph("A. 4")
    doc.add_paragraph("B. ").add_run("7", style="正确答案")
    doc.add_paragraph("2. 下列哪个是偶数？")
    doc.add_paragraph("A. 8", style="答案选项")
    doc.add_paragraph("B. 9")
    doc.add_paragraph("3. 下列哪个是奇数？")
    doc.add_paragraph("A. 1", style="答案选项")
    run = doc.add_paragraph("B. ", style="答案选项").add_run("2")
    run.font.color.rgb = RGBColor(0, 0, 0)  # the run's own black overrides its style's red
    assert answers(read(doc, tmp_path)) == [(1, "single", "B"), (2, "single", "A"), (3, "single", "A")]


def test_automatically_numbered_and_tabbed_options_are_read_by_their_look(tmp_path):
    doc = wd.new()
    wd.add_list(doc, 90, [wd.level(0, "decimal", "%1."), wd.level(1, "upperLetter", "%2.")], {90: {}})
    wd.numbered(doc, "下列哪个是质数？", 90)
    wd.numbered(doc, "4", 90, 1)
    red(wd.numbered(doc, "", 90, 1).add_run("7"))
    doc.add_paragraph("2. 地球是圆的。")
    line = doc.add_paragraph("A. ")  # options on one line, separated by a tab
    red(line.add_run("正确"))
    line.add_run("\tB. 错误")
    assert answers(read(doc, tmp_path)) == [(1, "single", "B"), (2, "judge", "true")]


def test_a_shaded_paragraph_marks_its_option(tmp_path):
    doc = wd.new()
    for number, right in ((1, "A"), (2, "B")):
        doc.add_paragraph(f"{number}. 哪个对？")
        for label in "AB":
            paragraph = doc.add_paragraph(f"{label}. 说法{label}")
            if label == right:
                paragraph._p.get_or_add_pPr().append(parse_xml(f'<w:shd {wd.W} w:val="clear" w:fill="92D050"/>'))
    bank = read(doc, tmp_path)
    assert answers(bank) == [(1, "single", "A"), (2, "single", "B")]
    assert layout_line(bank).endswith("answers from formatting: green shading (2 questions)")


def test_a_run_turns_off_the_bold_its_paragraph_style_gives(tmp_path):
    doc = wd.new()
    doc.styles.add_style("选项", WD_STYLE_TYPE.PARAGRAPH).font.bold = True
    for number, right in ((1, "B"), (2, "A")):
        doc.add_paragraph(f"{number}. 哪个对？")
        for label in "AB":
            doc.add_paragraph(f"{label}. ", style="选项").add_run(f"说法{label}").bold = label == right
    assert answers(read(doc, tmp_path)) == [(1, "single", "B"), (2, "single", "A")]


def test_colours_are_named_by_family_and_the_page_colours_mark_nothing():
    assert [colour_family(v) for v in ("FF0000", "C00000", "0070C0", "00B050", "FFFF00", "808080")] == [
        "red", "red", "blue", "green", "yellow", "grey"]
    assert [colour_family(v) for v in ("auto", "000000", "FFFFFF", "", None, "GGGGGG")] == [""] * 6
    assert Emphasis("text", "red").chinese == "紅色文字" and Emphasis("bold").english == "bold"
