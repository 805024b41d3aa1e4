"""Headerless banks of one question a line, fields split by a delimiter (issue 27 item 3):
``1|||statement|||对`` and Excel's tab export ``1<TAB>stem<TAB>甲@乙@丙@丁<TAB>4``."""
from __future__ import annotations

import pytest

from generator.base.errors import ParseError
from generator.read.load import read_bank
from generator.read.sheet.delimited import looks_like_delimited


def rows(bank):
    return [(q.number, q.type.value, q.stem, tuple(o.text for o in q.options), q.answer, q.explanation)
            for q in bank.questions]


def test_judgements_split_by_triple_bars(tmp_path):
    path = tmp_path / "判断题.txt"
    path.write_text("1|||地球是圆的。|||对\n2|||太阳绕地球转。|||错\n\n3|||水在零度结冰。|||正确", encoding="utf-8")
    assert rows(read_bank(path)) == [(1, "judge", "地球是圆的。", (), "true", ""),
                                     (2, "judge", "太阳绕地球转。", (), "false", ""),
                                     (3, "judge", "水在零度结冰。", (), "true", "")]


def test_tab_rows_with_options_in_one_cell_and_the_answer_as_a_position(tmp_path):
    path = tmp_path / "选择题.txt"
    path.write_text('1\t首都是？\t上海@北京@广州\t2\r\n2\t"最大的""海洋""？"\t太平洋@大西洋@印度洋\t1\r\n'
                    "3\t最小的质数？\t1@2@3\t2\r\n", encoding="utf-8")
    assert rows(read_bank(path)) == [(1, "single", "首都是？", ("上海", "北京", "广州"), "B", ""),
                                     (2, "single", '最大的"海洋"？', ("太平洋", "大西洋", "印度洋"), "A", ""),
                                     (3, "single", "最小的质数？", ("1", "2", "3"), "B", "")]


def test_a_field_per_option_letters_and_an_explanation_after_the_answer(tmp_path):
    path = tmp_path / "bank.txt"
    path.write_text("1|甲是？|x|y|z|B|因为 y\n2|乙是？|x|y|z|AC|\n3|丙是？|x|y||A|都对\n", encoding="utf-8")
    assert rows(read_bank(path)) == [(1, "single", "甲是？", ("x", "y", "z"), "B", "因为 y"),
                                     (2, "multiple", "乙是？", ("x", "y", "z"), "AC", ""),
                                     (3, "single", "丙是？", ("x", "y"), "A", "都对")]


def test_a_line_that_does_not_split_like_the_others_is_named(tmp_path):
    lines = [f"{n}|||第{n}题。|||对" for n in range(1, 20)]
    lines.insert(7, "这一行没有分隔符")
    path = tmp_path / "bank.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(ParseError) as raised:
        read_bank(path)
    assert f"{path}:8" in str(raised.value) and "这一行没有分隔符" in str(raised.value)


@pytest.mark.parametrize("text", [
    "1. 地球是圆的 | 对\n2. 太阳 | 错\n3. 水 | 对\n",  # numbered text lines with a bar: no number field
    "| 1 | 甲 | 对 |\n| 2 | 乙 | 错 |\n| 3 | 丙 | 对 |\n",  # a Markdown table
    "1|||甲|||对\n2|||乙|||错\n",  # two lines are too few to tell
    "1. 题干\nA. 甲\nB. 乙\n答案：A\n",
])
def test_text_banks_and_tables_are_not_taken_for_delimited_rows(text):
    assert not looks_like_delimited(text)
