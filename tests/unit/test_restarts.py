"""Numbering that starts again opens a new section (issue 27, item 2)."""
import pytest

from generator.read.text.restarts import part_title, section_name
from tests.inline_bank import parse_text


def _choice(n: int, answer: str = "A") -> str:
    return f"{n}. 第{n}題問什麼？\nA. 甲\nB. 乙\n答案：{answer}\n"


@pytest.mark.parametrize(("line", "title"), [
    ("2008年4月", "2008年4月"),
    ("-----0804-----", "0804"),
    ("===== 第二套 =====", "第二套"),
    ("第二部分", "第二部分"),
    ("三、名词解释", "三、名词解释"),
    ("判断题（每题1分）", "判断题（每题1分）"),
    ("Part 2", "Part 2"),
    ("2019年下半年真题", "2019年下半年真题"),
])
def test_a_line_naming_a_section_gives_its_title(line, title):
    assert section_name(line) == title


@pytest.mark.parametrize("line", ["参见第3章", "故选B。", "甲乙", "答案：B", "A company wants", "解析：因為甲。"])
def test_other_lines_name_no_section(line):
    assert section_name(line) is None


def test_a_restart_with_no_title_opens_part_n_with_stable_unique_ids():
    bank = parse_text("".join(_choice(n) for n in (1, 2, 3)) + "".join(_choice(n, "B") for n in (1, 2)))
    assert [len(c.questions) for c in bank.chapters] == [3, 2]
    assert bank.chapters[1].title == part_title(2) == "第2部分"
    assert [q.id for q in bank.questions] == ["c1-q1", "c1-q2", "c1-q3", "c2-q1", "c2-q2"]
    assert [q.answer for q in bank.chapters[1].questions] == ["B", "B"]


def test_the_line_before_a_restart_names_the_section_and_leaves_the_question_before():
    bank = parse_text(_choice(1) + _choice(2) + "\n-----0804-----\n\n" + _choice(1) + _choice(2))
    assert [c.title for c in bank.chapters][1] == "0804"
    assert "0804" not in bank.questions[1].explanation + (bank.questions[1].answer_text or "")


def test_a_restart_without_answers_of_its_own_is_a_section_answered_by_its_key():
    # answers in a key after each section: the restarting question brings options only, and
    # was swallowed by the option before it
    text = ("1. 甲？\nA. 一\nB. 二\n2. 乙？\nA. 一\nB. 二\n参考答案\n1.A 2.B\n"
            "1. 丙？\nA. 三\nB. 四\n2. 丁？\nA. 三\nB. 四\n参考答案\n1.B 2.A\n")
    bank = parse_text(text)
    assert [[(q.id, q.answer) for q in c.questions] for c in bank.chapters] == [
        [("c1-q1", "A"), ("c1-q2", "B")], [("c2-q1", "B"), ("c2-q2", "A")]]
    assert all(len(q.options) == 2 for q in bank.questions) and bank.unread == ()


def test_numbering_going_back_opens_a_section_only_when_it_runs_on():
    # 11, 12 after 20: a second paper numbered on from 11; a lone 7 after 8 is a typo, flagged
    jumped = parse_text("".join(_choice(n) for n in range(18, 21)) + "".join(_choice(n) for n in (11, 12)))
    assert [len(c.questions) for c in jumped.chapters] == [3, 2]
    typo = parse_text("".join(_choice(n) for n in (6, 7, 8)) + _choice(7) + _choice(10))
    assert len(typo.chapters) == 1


def test_a_numbered_list_in_an_answer_is_no_restart():
    bank = parse_text("1. 甲？\n答案：\n1. 第一點\n2. 第二點\n2. 乙？\n答案：乙\n")
    assert len(bank.chapters) == 1 and [q.number for q in bank.questions] == [1, 2]
    assert "第二點" in (bank.questions[0].answer_text or "")


def test_past_papers_one_after_another_each_titled_by_its_date_line():
    text = "历年真题\n" + "".join(f"{year}年4月\n" + _choice(1) + _choice(2) for year in (2008, 2009, 2010))
    bank = parse_text(text)
    assert bank.title == "历年真题"
    assert [(c.title, len(c.questions)) for c in bank.chapters] == [
        ("2008年4月", 2), ("2009年4月", 2), ("2010年4月", 2)]


def test_a_number_mistyped_in_the_run_opens_no_section():
    bank = parse_text("".join(_choice(n) for n in (1, 2, 3, 4, 15, 6, 7, 8)))
    assert len(bank.chapters) == 1 and [q.number for q in bank.questions] == [1, 2, 3, 4, 15, 6, 7, 8]


def test_a_line_naming_a_question_type_before_a_restart_opens_a_section_with_no_answers_anywhere():
    # past papers recalled without answers: topics to discuss, then "名词解释" and terms numbered from 1
    bank = parse_text("# 2020\n\n1. 糖皮质激素的生理作用\n2. 肾单位组成\n\n名词解释\n\n1. 免疫耐受\n2. 氧解离曲线\n")
    assert [(c.title, len(c.questions)) for c in bank.chapters] == [("2020", 2), ("名词解释", 2)]
    assert [q.id for q in bank.questions] == ["c1-q1", "c1-q2", "c2-q1", "c2-q2"]


def test_a_restart_without_options_or_answers_after_a_line_naming_no_type_is_no_section():
    bank = parse_text("1. 甲\n2. 乙\n\n另见课本的说明\n\n1. 丙\n2. 丁\n")
    assert len(bank.chapters) == 1


def test_a_key_repeating_the_type_headings_opens_no_section_of_its_answers():
    bank = parse_text("【一、单选题】\n1. 甲\nA. 一\nB. 二\n2. 乙\nA. 一\nB. 二\n"
                      "【一、单选题】\n1. B\n2. A\n")
    assert [len(c.questions) for c in bank.chapters] == [2]


def test_a_number_glued_to_a_stem_opening_with_a_digit_fills_the_gap_in_the_run():
    bank = parse_text("1. 甲？\nA. 一\nB. 二\n2.1型糖尿病是？\nA. 一\nB. 二\n3. 丙？\nA. 一\nB. 二\n")
    assert [(q.number, q.stem) for q in bank.questions] == [(1, "甲？"), (2, "1型糖尿病是？"), (3, "丙？")]


def test_a_decimal_opening_a_line_inside_a_question_is_no_question():
    bank = parse_text("1. 甲？\n1.5 升水\nA. 一\nB. 二\n2. 乙？\nA. 一\nB. 二\n")
    assert [q.number for q in bank.questions] == [1, 2] and "1.5 升水" in bank.questions[0].stem


_BRACKETED = """
【一、单选题】

1. 甲是（   ）
A.一B.二
C.三D.四
2. 乙是（   ）
A.一\tB.二\tC.三\tD.四

【二、判断题】

3. 地球是圆的。（    ）
4. 太阳从西边升起。（    ）

六、论述题
5. 试述甲乙的关系。

==========
【参考答案】
==========

【一、单选题】

1. B
2. C

【二、判断题】

3. √
4. ×

六、论述题
5. 答：甲生乙。
"""


def test_bracketed_sections_and_a_boxed_key_repeating_them_answer_every_question():
    bank = parse_text(_BRACKETED)
    assert [(c.title, [q.number for q in c.questions]) for c in bank.chapters] == [
        ("单选题", [1, 2]), ("判断题", [3, 4]), ("论述题", [5])]
    assert [q.answer for q in bank.questions] == ["B", "C", "true", "false", "答：甲生乙。"]


def test_a_section_title_repeated_over_questions_with_stems_is_a_new_section():
    bank = parse_text("""
    一、单选题
    1. 甲是
    A. 一
    B. 二
    答案：A
    一、单选题
    1. 乙是
    A. 一
    B. 二
    答案：B
    """)
    assert [[q.answer for q in c.questions] for c in bank.chapters] == [["A"], ["B"]]
