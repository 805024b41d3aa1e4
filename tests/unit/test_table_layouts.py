"""Question tables as people write them (issue 12): type codes instead of type names, options
inside one cell, answers written as the options' text, and judge answers written 0/1, which
the errata's ``answer_codes`` decode.  Each rule on its own small table."""
from __future__ import annotations

import textwrap

import pytest

from generator.bank.errata import apply_errata, load_errata
from generator.bank.lint import lint
from generator.base.errors import ErrataError, ParseError
from generator.read.load import load_bank, read_bank
from generator.read.sheet.table_layout import cell_separator
from generator.read.text.layout import describe


def csv_bank(tmp_path, text: str, name: str = "bank.csv"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def read(tmp_path, text: str):
    return read_bank(csv_bank(tmp_path, text))


def summary(bank):
    """(type, stem, option texts, answer) of each question."""
    return [(q.type.value, q.stem, [o.text for o in q.options], q.answer) for q in bank.questions]


# -- type codes --------------------------------------------------------------------------

CODED = """
    题目,题型,A,B,C,答案
    一加一,7,1,2,3,B
    哪些是偶数,8,2,3,4,AC
    二加二,7,3,4,5,B
    哪些是奇数,8,1,2,3,AC
    地球是圆的,9,,,,对
    天是绿的,9,,,,错
    水的化学式是____,5,,,,H2O
"""


def test_type_codes_mean_what_their_rows_show(tmp_path):
    bank = read(tmp_path, CODED)
    assert [(q.type.value, q.answer) for q in bank.questions] == [
        ("single", "B"), ("multiple", "AC"), ("single", "B"), ("multiple", "AC"), ("judge", "true"),
        ("judge", "false"), ("fill", "H2O")]
    assert describe(bank) == [f"table {tmp_path / 'bank.csv'}: 7 rows; options columns A–C; "
                              "type codes 5 = fill, 7 = single, 8 = multiple, 9 = judge"]


def test_letter_codes_and_type_names_may_stand_side_by_side(tmp_path):
    bank = read(tmp_path, """
        题目,题型,A,B,答案
        一加一,s,1,2,B
        哪些是偶数,多选题,2,4,AB
        说明原因,q,,,因为甲
    """)
    assert [q.type.value for q in bank.questions] == ["single", "multiple", "short"]


def test_a_single_choice_code_with_one_odd_answer_stays_single_beside_a_multiple_code(tmp_path):
    bank = read(tmp_path, """
        题目,题型,A,B,C,答案
        甲,0,1,2,3,A
        乙,0,1,2,3,B
        丙,0,1,2,3,AB
        丁,1,1,2,3,AC
    """)
    assert [q.type.value for q in bank.questions] == ["single", "single", "single", "multiple"]
    assert "answer-count" in [f.code for f in lint(bank).questions[2].flags]  # the odd one is still told


@pytest.mark.parametrize("rows, found", [
    ("甲,3,1,2,A\n乙,3,,,对\n", "row 2 shows options and one answer; row 3 shows a true/false answer"),
    ("甲,3,1,2,A\n乙,3,1,2,B\n丙,3,1,2,AB\n", "rows 2, 3 show options and one answer; row 4 shows options and "
                                           "several answers"),
    ("甲,3,1,2,\n乙,3,1,2,\n", "rows 2, 3 show options and no answer read"),
])
def test_a_code_its_rows_do_not_decide_names_file_column_code_and_rows(tmp_path, rows, found):
    with pytest.raises(ParseError) as error:
        read(tmp_path, "题目,题目类型,A,B,答案\n" + rows)
    message = str(error.value)
    assert message.startswith(f"{tmp_path / 'bank.csv'}: column 题目类型, type code '3': expected ")
    assert found in message


def test_a_type_that_is_no_name_and_no_code_is_still_refused_by_row(tmp_path):
    with pytest.raises(ParseError) as error:
        read(tmp_path, "题干,题型,答案\n甲,猜谜题,对\n")
    assert "bank.csv: row 2: type" in str(error.value) and "猜谜题" in str(error.value)


# -- options inside one cell ---------------------------------------------------------------

@pytest.mark.parametrize("separator", ["&", "|", "｜", "#", ";", "；"])
def test_options_joined_to_the_stem_by_a_separator(tmp_path, separator):
    s = separator
    bank = read(tmp_path, f"""
        题目,答案
        哪个是水果{s}石头{s}苹果{s}铁,B
        哪些是偶数{s}1{s}2{s}4,BC
        地球是圆的,对
    """)
    assert summary(bank) == [("single", "哪个是水果", ["石头", "苹果", "铁"], "B"),
                             ("multiple", "哪些是偶数", ["1", "2", "4"], "BC"),
                             ("judge", "地球是圆的", [], "true")]
    assert f"options in the stem cell after the stem, split at {s!r}" in describe(bank)[0]


def test_options_on_the_lines_of_the_stem_cell_lose_labels_they_carry(tmp_path):
    bank = read(tmp_path, '题目,答案\n"哪个是水果\nA. 石头\nB. 苹果",B\n"哪个是金属\nA. 铁\nB. 木头",A\n')
    assert summary(bank) == [("single", "哪个是水果", ["石头", "苹果"], "B"),
                             ("single", "哪个是金属", ["铁", "木头"], "A")]


def test_a_stray_separator_in_one_stem_splits_nothing(tmp_path):
    bank = read(tmp_path, """
        题目,答案
        R&D 是研发的缩写,对
        地球是圆的,对
        C 语言&C++ 的关系是____,前者是后者的子集
    """)
    assert [(q.stem, q.options) for q in bank.questions] == [
        ("R&D 是研发的缩写", ()), ("地球是圆的", ()), ("C 语言&C++ 的关系是____", ())]


def test_lines_of_a_stem_are_no_options_unless_the_answers_name_them(tmp_path):
    bank = read(tmp_path, '''
        题目,答案
        "写出输出：
        print(1)
        print(2)","1
        2"
        "写出输出：
        print(3)
        print(4)","3
        4"
    ''')
    assert [(q.type.value, len(q.stem.split("\n")), q.options) for q in bank.questions] == [
        ("short", 3, ()), ("short", 3, ())]


def test_a_row_that_names_a_type_without_options_keeps_its_stem_whole(tmp_path):
    bank = read(tmp_path, """
        题目,题型,答案
        哪个是水果&石头&苹果,单选题,B
        哪个是金属&铁&木头,单选题,A
        比较 A&B&C 三种方案,简答题,各有所长
    """)
    assert [(q.stem, len(q.options)) for q in bank.questions] == [
        ("哪个是水果", 2), ("哪个是金属", 2), ("比较 A&B&C 三种方案", 0)]


def test_options_in_a_column_split_at_the_separator_its_cells_share(tmp_path):
    bank = read(tmp_path, "题干,选项,答案\n哪个是水果,石头|苹果|铁,B\n哪个是金属,铁|木头,A\n")
    assert summary(bank) == [("single", "哪个是水果", ["石头", "苹果", "铁"], "B"),
                             ("single", "哪个是金属", ["铁", "木头"], "A")]


def test_a_separator_is_recognised_only_when_it_splits_most_cells_alike():
    assert cell_separator(["a&b&c", "d&e&f", "g"], 3) == "&"
    assert cell_separator(["a&b&c&d", "e&f&g", "h&i&j&k&l"], 3) == "&"  # 3, 4 or 5 options
    assert cell_separator(["a&b&c"], 3) is None  # one cell shows no rule
    assert cell_separator(["a&b&c", "d&e&f&g&h&i", "j&k&l&m&n&o&p&q"], 3) is None  # no count most cells share
    assert cell_separator(["a&b&c", "d&e&f", "g&h", "i&j", "k&l"], 3) is None  # most split only in two
    assert cell_separator(["a&b", "c&d"], 3) is None  # stem and one option: too few parts
    assert cell_separator(["x;y a|b|c", "d|e|f", "g;h"], 3) == "|"  # the one that splits most cells alike


# -- answers written as the options' text -------------------------------------------------------

def test_answers_written_as_option_text_joined_by_the_options_separator(tmp_path):
    bank = read(tmp_path, """
        题目,答案
        网络犯罪有&网络诈骗、网络赌博&网络色情&犯罪动机,网络诈骗、网络赌博&网络色情
        哪个是水果&石头&苹果&铁, 苹果
    """)
    assert [(q.type.value, q.answer) for q in bank.questions] == [("multiple", "AB"), ("single", "B")]
    assert [f.code for q in lint(bank).questions for f in q.flags] == []  # an exact text is no guess
    assert "2 answers written as the option's text" in describe(bank)[0]


def test_an_answer_text_that_names_no_option_is_an_error_with_row_and_options(tmp_path):
    with pytest.raises(ParseError) as error:
        read(tmp_path, "题目,答案\n哪个是水果&石头&苹果,苹果\n哪个是金属&铁&木头,铜\n哪个是木头&铁&木头,木头\n")
    message = str(error.value)
    assert message.startswith(f"{tmp_path / 'bank.csv'}: row 3: answer: expected ")
    assert "'铜'" in message and "A '铁'、B '木头'" in message


def test_part_of_an_answer_that_names_no_option_is_an_error_too(tmp_path):
    with pytest.raises(ParseError, match=r"row 2: answer: .*'甲&丁'"):
        read(tmp_path, "题干,A,B,C,答案\n选两个,甲,乙,丙,甲&丁\n")


# -- judge answers written as codes -----------------------------------------------------------

JUDGED = """
    题目,题目类型,答案
    地球是圆的,2,0
    太阳绕地球转,2,1
    哪个是水果&石头&苹果,0,苹果
    哪个是金属&铁&木头,0,铁
"""


def test_a_judge_answer_written_0_or_1_is_an_error_until_the_errata_say_which_is_true(tmp_path):
    path = csv_bank(tmp_path, JUDGED, "quiz.csv")  # its errata: quiz.errata.yml
    bank = load_bank(path)
    assert [q.answer for q in bank.questions[:2]] == ["0", "1"]  # not guessed
    (flag,) = bank.questions[0].flags
    assert (flag.code, flag.severity.value) == ("judge-answer-code", "error")
    assert "第1題" in flag.message and "answer_codes" in flag.message
    (tmp_path / "quiz.errata.yml").write_text('answer_codes:\n  judge: {"0": 正确, "1": 错误}\n', encoding="utf-8")
    corrected = load_bank(path)
    assert [(q.answer, q.answer_text, q.flags) for q in corrected.questions[:2]] == [
        ("true", "0", ()), ("false", "1", ())]


def test_answer_codes_written_the_other_way_round_and_beside_corrections(tmp_path):
    bank = read(tmp_path, JUDGED)
    errata = tmp_path / "errata.yml"
    errata.write_text("q3:\n  notes: [苹果是水果。]\nanswer_codes:\n  judge:\n    0: ×\n    1: √\n", encoding="utf-8")
    corrected = apply_errata(bank, load_errata(errata))
    assert [q.answer for q in corrected.questions] == ["false", "true", "B", "A"]
    assert corrected.questions[2].notes == ("苹果是水果。",)


@pytest.mark.parametrize("text, expected, found", [
    ("answer_codes: [0, 1]\n", "a mapping from a type (judge)", "a list"),
    ("answer_codes:\n  single: {'0': A}\n", "judge (codes are read for judge answers only)", "'single'"),
    ("answer_codes:\n  judge: {'0': 也许}\n", "正确 or 错误", "'也许'"),
    ("answer_codes:\n  judge: {'0': 正确, '1': 对}\n", "codes that mean true and false", "0、1 all meaning true"),
    ("answer_codes:\n  judge: {}\n", "the codes of judge answers", "none"),
    ("answer_codes:\n  judge: {'0': 正确}\nanswer_codes:\n  judge: {'1': 错误}\n", "one answer_codes",
     "a second (the first on line 1)"),
])
def test_malformed_answer_codes_say_where_what_and_how(tmp_path, text, expected, found):
    path = tmp_path / "errata.yml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ErrataError) as error:
        load_errata(path)
    assert str(error.value).startswith(f"{path}: answer_codes")
    assert f"expected {expected}" in str(error.value) and found in str(error.value)
    assert "for example: " in str(error.value)


def test_answer_codes_no_judge_answer_uses_are_stale(tmp_path):
    bank = read(tmp_path, "题目,题型,答案\n地球是圆的,判断题,对\n")
    path = tmp_path / "errata.yml"
    path.write_text("answer_codes:\n  judge: {'0': 正确, '1': 错误}\n", encoding="utf-8")
    with pytest.raises(ErrataError, match=r"answer_codes .line 1.: expected judge questions of .* answered 0 or 1"):
        apply_errata(bank, load_errata(path))


def test_a_workbook_reads_the_same_rules_with_numbers_stored_as_numbers(tmp_path):
    from openpyxl import Workbook

    book = Workbook()
    for row in (["题目", "题目类型", "答案"], ["哪个是水果&石头&苹果", 0, "苹果"], ["哪个是金属&铁&木头", 0, "铁"],
                ["地球是圆的", 2, 0], ["太阳绕地球转", 2, 1.0]):
        book.active.append(row)
    book.save(tmp_path / "quiz.xlsx")
    bank = read_bank(tmp_path / "quiz.xlsx")
    assert summary(bank) == [("single", "哪个是水果", ["石头", "苹果"], "B"),
                             ("single", "哪个是金属", ["铁", "木头"], "A"),
                             ("judge", "地球是圆的", [], "0"), ("judge", "太阳绕地球转", [], "1")]
    assert describe(bank)[0].endswith("type codes 0 = single, 2 = judge; 2 answers written as the option's text")
