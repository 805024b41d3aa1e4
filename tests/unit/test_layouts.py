"""One test per layout recogniser (generator.read.text.layout), each written from its description.

Every bank here is small and made up for the rule it tests, so no rule is tuned to one file.
"""
import pytest

from generator.bank.model import QuestionType as T
from generator.read.text.layout import NUMBERINGS, OPTION_FORMS, detect_layout
from tests.inline_bank import parse_text
from tests.linear import assert_linear


def numbers_and_stems(bank):
    return [(q.number, q.stem) for q in bank.questions]


# -- question starts --------------------------------------------------------------------
@pytest.mark.parametrize("form, name", [
    ("{n}.", "dot"), ("{n}、", "dot"), ("{n}．", "dot"), ("{n})", "paren"), ("{n}）", "paren"),
    ("({n})", "enclosed"), ("（{n}）", "enclosed"), ("第{n}题", "di-ti"), ("第{n}題：", "di-ti"),
    ("题目{n}", "dot"), ("Question {n}:", "question"), ("Q{n}.", "question"), ("Q{n}", "question"),
    ("**{n}.**", "dot"), ("## {n}.", "dot"), ("###### Question {n}:", "question"),
])
def test_question_start_forms(form, name):
    text = "".join(f"{form.format(n=n)} 第{n}個問題\nA. 甲\nB. 乙\n答案：A\n" for n in (1, 2, 3))
    assert detect_layout(text).numbering.name == name
    bank = parse_text(text)
    assert numbers_and_stems(bank) == [(1, "第1個問題"), (2, "第2個問題"), (3, "第3個問題")]
    assert [q.answer for q in bank.questions] == ["A", "A", "A"]


def test_bold_question_closes_its_bold_on_the_stem():
    bank = parse_text("**1.哪個是水果**\nA. 蘋果\nB. 石頭\n答案：A\n**2.哪個是石頭**\nA. 蘋果\nB. 石頭\n答案：B\n")
    assert numbers_and_stems(bank) == [(1, "哪個是水果"), (2, "哪個是石頭")]


def test_the_longest_run_wins_over_sub_items_in_explanations():
    explanation = "解析：\n(1) 第一點\n(2) 第二點\n"
    text = "".join(f"{n}. 題{n}\nA. 甲\nB. 乙\n答案：A\n{explanation}" for n in range(1, 6))
    layout = detect_layout(text)
    assert (layout.numbering.name, layout.numbering_run) == ("dot", 5)
    bank = parse_text(text)
    assert [q.number for q in bank.questions] == [1, 2, 3, 4, 5]
    assert "(1) 第一點" in bank.questions[0].explanation


def test_enclosed_numbers_leave_dotted_lists_in_explanations_alone():
    text = "".join(f"({n}) 題{n}\nA. 甲\nB. 乙\n答案：A\n解析：\n1. 一\n2. 二\n3. 三\n4. 四\n" for n in range(1, 6))
    bank = parse_text(text)
    assert [q.number for q in bank.questions] == [1, 2, 3, 4, 5]
    assert bank.questions[0].explanation == "1. 一\n2. 二\n3. 三\n4. 四"


def test_every_recogniser_has_an_example():
    assert all(r.example and r.name for r in NUMBERINGS + OPTION_FORMS)


@pytest.mark.parametrize("numbering,form", [(r, form) for r in NUMBERINGS for form in r.example.split(" / ")],
                         ids=lambda x: getattr(x, "name", x))
def test_each_numbering_is_recognised_at_line_starts_in_each_of_its_forms(numbering, form):
    text = "".join(f"{lead}{form.replace('1', str(n))} 選哪個\nA. 甲\nB. 乙\n答案：B\n"
                   for n, lead in ((1, ""), (2, "  "), (3, "## "), (4, "> ")))
    layout = detect_layout(text)
    assert (layout.numbering, layout.numbering_run) == (numbering, 4)


# -- options ----------------------------------------------------------------------------
@pytest.mark.parametrize("options", [
    "A.甲\nB.乙\nC.丙", "A、甲\nB、乙\nC、丙", "A．甲\nB．乙\nC．丙", "A:甲\nB:乙\nC:丙", "A：甲\nB：乙\nC：丙",
    "A)甲\nB)乙\nC)丙", "(A)甲\n(B)乙\n(C)丙", "（A）甲\n（B）乙\n（C）丙", "**A:** 甲\n**B:** 乙\n**C:** 丙",
    "- A: 甲\n- B: 乙\n- C: 丙", "- A. 甲\n- B. 乙\n- C. 丙", "Ａ．甲\nＢ．乙\nＣ．丙", "(a) 甲\n(b) 乙\n(c) 丙",
    "a. 甲\nb. 乙\nc. 丙", "A 甲   B 乙   C 丙", "A 甲\tB 乙\tC 丙", "A.甲  B.乙  C.丙",
])
def test_option_forms(options):
    text = "".join(f"{n}. 選哪個\n{options}\n答案：B\n" for n in (1, 2))
    for q in parse_text(text).questions:
        assert [(o.label, o.text) for o in q.options] == [("A", "甲"), ("B", "乙"), ("C", "丙")]
        assert q.answer == "B"


def test_a_colon_in_a_stem_is_no_option_when_the_bank_uses_dots():
    q = parse_text("1. 方案A:便宜 還是方案B:快？\nA.甲\nB.乙\n答案：A\n").questions[0]
    assert q.stem == "方案A:便宜 還是方案B:快？" and [o.text for o in q.options] == ["甲", "乙"]


# -- answers ----------------------------------------------------------------------------
@pytest.mark.parametrize("answer", ["答案：B", "【答案】B", "正确答案：B", "正確答案：B", "参考答案：B", "Answer: B",
                                    "**Answer:** B", "**答案：** B"])
def test_answer_markers(answer):
    q = parse_text(f"1. 選哪個\nA. 甲\nB. 乙\n{answer}\n").questions[0]
    assert (q.answer, [o.text for o in q.options]) == ("B", ["甲", "乙"])


def test_english_answer_with_several_letters_and_an_explanation():
    q = parse_text("Question 1: Which are fruits?\nA. apple\nB. stone\nC. pear\n**Answer:** A, C\n"
                   "Explanation: both grow on trees.\n").questions[0]
    assert (q.type, q.answer, q.explanation) == (T.MULTIPLE, "AC", "both grow on trees.")


@pytest.mark.parametrize("bracket", ["（ B ）", "( B )", "（B）", "(B)"])
def test_answer_in_the_stems_brackets(bracket):
    text = "".join(f"{n}. 下列哪個是石頭{bracket}。\nA. 蘋果\nB. 石頭\nC. 梨\n" for n in (1, 2))
    assert detect_layout(text).answers.name == "bracket"
    for q in parse_text(text).questions:
        assert (q.stem, q.answer, len(q.options)) == ("下列哪個是石頭（　）。", "B", 3)


def test_options_in_brackets_are_not_taken_for_bracket_answers():
    text = "".join(f"{n}. 哪個是石頭（ B ）\n(A) 蘋果 (B) 石頭 (C) 梨\n" for n in (1, 2))
    for q in parse_text(text).questions:
        assert (q.answer, [o.text for o in q.options]) == ("B", ["蘋果", "石頭", "梨"])


@pytest.mark.parametrize("token, value", [("√", "true"), ("×", "false"), ("✓", "true"), ("✗", "false")])
def test_judge_answer_in_brackets(token, value):
    text = f"1. 地球是圓的（{token}）\n2. 水是乾的（ {token} ）\n"
    assert [(q.type, q.answer) for q in parse_text(text).questions] == [(T.JUDGE, value)] * 2


def test_task_lists_mark_the_correct_options():
    bank = parse_text("### 1. 哪些是水果\n- [x] 蘋果\n- [ ] 石頭\n- [x] 梨\n\n"
                      "### 2. 哪個是石頭\n- [ ] 蘋果\n- [x] 石頭\n")
    q1, q2 = bank.questions
    assert ([o.text for o in q1.options], q1.answer, q1.type) == (["蘋果", "石頭", "梨"], "AC", T.MULTIPLE)
    assert (q2.answer, q2.type, q2.stem) == ("B", T.SINGLE, "哪個是石頭")


@pytest.mark.parametrize("token, value", [
    ("√", "true"), ("×", "false"), ("✓", "true"), ("✗", "false"), ("对", "true"), ("错", "false"),
    ("正确", "true"), ("错误", "false"), ("T", "true"), ("F", "false"), ("True", "true"), ("False", "false"),
])
def test_judge_answer_values(token, value):
    q = parse_text(f"1. 天是藍的\n答案：{token}\n").questions[0]
    assert (q.type, q.answer) == (T.JUDGE, value)


@pytest.mark.parametrize("prefix, value", [("(√)", "true"), ("（×）", "false"), ("(✓) ", "true")])
def test_judge_answer_before_the_statement(prefix, value):
    q = parse_text(f"1. {prefix}天是藍的\n2. {prefix}草是綠的\n").questions[0]
    assert (q.type, q.answer, q.stem) == (T.JUDGE, value, "天是藍的")


# -- answer keys ------------------------------------------------------------------------
QUESTIONS = "".join(f"{n}. 第{n}題\nA. 甲\nB. 乙\nC. 丙\n" for n in range(1, 6))


@pytest.mark.parametrize("key", [
    "参考答案\n1.A 2.C 3.B 4.AB 5.C", "參考答案：\n1、A\n2、C\n3、B\n4、AB\n5、C", "答案与解析\n1-5 ACBAC\n",
    "## 参考答案\n\n1. A\n2. C\n3. B\n4. AB\n5. C\n", "参考答案：1.A 2.C 3.B 4.AB 5.C", "Answer Key\n1-3 ACB 4.AB 5.C",
])
def test_an_answer_key_at_the_end_answers_by_number(key):
    bank = parse_text(QUESTIONS + "\n" + key)
    assert [q.answer for q in bank.questions][:3] == ["A", "C", "B"]
    assert bank.questions[4].answer == "C" and bank.questions[4].stem == "第5題"
    assert "C. 丙" not in bank.questions[4].options[-1].text + bank.questions[4].stem
    assert [o.text for o in bank.questions[4].options] == ["甲", "乙", "丙"]
    assert len(bank.answer_keys) == 1 and bank.layout.keys == 1


def test_a_multi_letter_key_answer_makes_a_multiple_choice_question():
    bank = parse_text(QUESTIONS + "参考答案\n1.A 2.C 3.B 4.AB 5.C\n")
    assert [q.type for q in bank.questions] == [T.SINGLE, T.SINGLE, T.SINGLE, T.MULTIPLE, T.SINGLE]


def test_a_key_with_explanations_per_question():
    bank = parse_text("1. 天是藍的\n2. 水是乾的\n答案與解析\n1. √ 解析：白天晴時如此。\n2. ×\n解析：水是濕的。\n")
    assert [(q.type, q.answer, q.explanation) for q in bank.questions] == [
        (T.JUDGE, "true", "白天晴時如此。"), (T.JUDGE, "false", "水是濕的。")]


def test_a_key_per_section_answers_its_own_section():
    chapter = "".join(f"{n}. 題{n}\nA. 甲\nB. 乙\n" for n in (1, 2))
    bank = parse_text(f"第一章 甲\n{chapter}参考答案\n1.A 2.B\n第二章 乙\n{chapter}参考答案\n1.B 2.A\n")
    assert [c.title for c in bank.chapters] == ["甲", "乙"]
    assert [q.answer for q in bank.questions] == ["A", "B", "B", "A"]


def test_a_key_with_sub_headings_matches_sections_in_order():
    single = "".join(f"{n}. 題{n}\nA. 甲\nB. 乙\n" for n in (1, 2))
    bank = parse_text(f"一、单选题\n{single}二、多选题\n{single}参考答案\n一、单选题\n1.A 2.B\n二、多选题\n1.AB 2.B\n")
    assert [q.answer for q in bank.questions] == ["A", "B", "AB", "B"]


def test_the_inline_answer_wins_over_the_key_and_spare_entries_are_reported():
    bank = parse_text("1. 題\nA. 甲\nB. 乙\n答案：B\n参考答案\n1.A 7.C\n")
    assert bank.questions[0].answer == "B"
    assert [s.text for s in bank.layout.unplaced] == ["7. C"]


def test_an_answer_followed_by_a_numbered_list_is_no_key():
    bank = parse_text("1.（簡答）列出步驟\n答案：\n1. 收集數據\n2. 訓練模型\n2.（簡答）下一題\n答案：好\n")
    assert "1. 收集數據" in (bank.questions[0].answer_text or "") and bank.answer_keys == ()


# -- sections ---------------------------------------------------------------------------
def test_a_section_heading_gives_type_and_points():
    bank = parse_text("一、单选题（共2题，每题2分）\n1. 甲\nA. 甲\nB. 乙\n答案：A\n"
                      "二、判断题（每小题1.5分）\n1. 天是藍的\n答案：√\n")
    assert [(c.title, q.type, q.points) for c in bank.chapters for q in c.questions] == [
        ("单选题（共2题，每题2分）", T.SINGLE, 2.0), ("判断题（每小题1.5分）", T.JUDGE, 1.5)]


@pytest.mark.parametrize("heading", ["第一章 基礎", "第1章 基礎", "第一章　基礎", "## 基礎", "# 第1章 基礎"])
def test_section_heading_forms(heading):
    bank = parse_text(f"題庫\n{heading}\n1. 題\nA. 甲\nB. 乙\n答案：A\n")
    assert [c.title for c in bank.chapters] == ["基礎"]


def test_a_hash_without_a_space_is_no_heading():
    """CommonMark needs a space after the #s: "#include <stdio.h>" in an answer is code."""
    bank = parse_text("1.（簡答）寫一個C程序\n答案：\n#include <stdio.h>\nint main(void) { return 0; }\n"
                      "2.（簡答）再寫一個\n答案：\n#define N 3\n")
    assert len(bank.chapters) == 1 and bank.questions[0].answer.startswith("#include <stdio.h>\nint main")


def test_a_bank_keeps_its_section_style():
    """Sections that start with 一、 lines: a later "# …" line (in an explanation) stays text,
    unless its title is itself such a heading."""
    explained = "一、单选题\n1. 題\nA. 甲\nB. 乙\n答案：A\n解析：\n# 不是標題\n1. 不是題目\n"
    bank = parse_text(explained)
    assert [(c.title, len(c.questions)) for c in bank.chapters] == [("单选题", 1)]
    assert bank.questions[0].explanation == "# 不是標題\n1. 不是題目"
    bank = parse_text(explained + "## 二、判断题\n1. 天是藍的\n答案：√\n")
    assert [(c.title, len(c.questions)) for c in bank.chapters] == [("单选题", 1), ("二、判断题", 1)]
    markdown = parse_text("# 甲\n1. 題\nA. 甲\nB. 乙\n答案：A\n# 乙\n1. 題\nA. 甲\nB. 乙\n答案：B\n")
    assert [c.title for c in markdown.chapters] == ["甲", "乙"]


def test_chapters_inside_a_one_line_bank():
    bank = parse_text("第一章 基礎1.（單選）題A.甲B.乙答案：A第二章 進階2.（單選）題A.甲B.乙答案：B")
    assert [c.title for c in bank.chapters] == ["基礎", "進階"]


# -- text that is no question -----------------------------------------------------------
CHOICES = "1. 哪個是水果\nA. 蘋果\nB. 石頭\n答案：A\n2. 哪個是石頭\nA. 蘋果\nB. 石頭\n答案：B\n"


def test_a_numbered_list_in_the_preamble_stays_in_the_preamble():
    bank = parse_text(f"考試須知\n1. 本卷共2題\n2. 考試時間60分鐘\n\n一、单选题\n{CHOICES}")
    assert bank.preamble == "考試須知\n1. 本卷共2題\n2. 考試時間60分鐘"
    assert [(c.title, [q.stem for q in c.questions]) for c in bank.chapters] == [
        ("单选题", ["哪個是水果", "哪個是石頭"])]


def test_a_numbered_list_before_questions_restarting_at_1_is_a_preamble_without_headings():
    bank = parse_text(f"考試須知\n1. 本卷共2題\n2. 考試時間60分鐘\n\n{CHOICES}")
    assert bank.preamble.endswith("2. 考試時間60分鐘") and len(bank.questions) == 2


def test_lesson_text_before_a_chapters_questions_is_its_intro():
    bank = parse_text(f"一、单选题\n{CHOICES}第二章 練習\n本章要點：\n1. 概念\n2. 方法\n\n{CHOICES}")
    assert bank.chapters[1].intro == "本章要點：\n1. 概念\n2. 方法"
    assert [q.number for q in bank.chapters[1].questions] == [1, 2]


def test_a_type_heading_makes_unanswered_items_questions():
    bank = parse_text(f"一、简答题\n1. 說明原理\n2. 說明用途\n二、单选题\n{CHOICES}")
    assert [len(c.questions) for c in bank.chapters] == [2, 2]


# -- types and cut-off questions ----------------------------------------------------------
@pytest.mark.parametrize("body, qtype", [
    ("（多選）哪些\nA. 甲\nB. 乙\n答案：A", T.MULTIPLE), ("哪些\nA. 甲\nB. 乙\n答案：AB", T.MULTIPLE),
    ("天是藍的\n答案：√", T.JUDGE), ("天是藍的（√）", T.JUDGE), ("1+1=____", T.FILL), ("地球是（  ）形的", T.FILL),
])
def test_types_from_the_bank(body, qtype):
    assert parse_text(f"1. {body}\n").questions[0].type is qtype


@pytest.mark.parametrize("form", ["{n}.", "({n})", "第{n}题", "Question {n}:"])
def test_a_last_question_cut_off_is_kept_and_flagged_truncated(form):
    from generator.bank.lint import lint

    full = "".join(f"{form.format(n=n)} 題{n}\nA. 甲\nB. 乙\n答案：A\n" for n in (1, 2))
    bank = lint(parse_text(full + form.format(n=3) + " 下列屬于紅隊評估常用技術的有\nA. 梯度"))
    last = bank.questions[-1]
    assert last.number == 3 and "truncated" in [f.code for f in last.flags]


def test_a_numbered_list_in_an_explanation_stays_there_when_a_key_gives_the_answers():
    bank = parse_text("1. 題一\nA. 甲\nB. 乙\n解析：\n1. 第一點\n2. 第二點\n2. 題二\nA. 甲\nB. 乙\n参考答案\n1.A 2.B\n")
    assert [(q.number, q.stem, q.answer) for q in bank.questions] == [(1, "題一", "A"), (2, "題二", "B")]
    assert bank.questions[0].explanation == "1. 第一點\n2. 第二點"


def test_points_from_a_section_heading_survive_the_json_export(tmp_path):
    from generator.exports.json import json_bytes
    from generator.read.load import read_bank

    bank = parse_text("一、单选题（共1题，每题2分）\n1. 甲\nA. 甲\nB. 乙\n答案：A\n")
    (tmp_path / "b.json").write_text(json_bytes(bank).decode(), encoding="utf-8")
    assert [q.points for q in read_bank(tmp_path / "b.json").questions] == [2.0]


def test_a_pipe_table_in_a_stem_stays_a_table_and_its_labels_are_no_options():
    bank = parse_text("1. 下表描述了哪種結構？\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\nA. 棧\nB. 隊列\n答案：A\n"
                      "2. 表中哪一行是甲？\n\n| 行 | 內容 |\n|---|---|\n| A. 一 | 甲 |\n| B. 二 | 乙 |\n\n答案：一\n")
    q1, q2 = bank.questions
    assert (q1.stem, [o.text for o in q1.options], q1.answer) == (
        "下表描述了哪種結構？\n\n| A | B |\n|---|---|\n| 1 | 2 |", ["棧", "隊列"], "A")
    assert (q2.options, q2.stem.endswith("| B. 二 | 乙 |"), q2.answer) == ((), True, "一")


def test_a_section_over_questions_that_continue_the_numbering_opens_a_chapter():
    bank = parse_text("一、简答题\n1. 說明甲。\n2. 說明乙。\n二、论述题\n3. 論述丙。\n4. 論述丁。\n")
    assert [(c.title, [q.number for q in c.questions]) for c in bank.chapters] == [
        ("简答题", [1, 2]), ("论述题", [3, 4])]


def test_a_typed_section_after_an_answer_holds_questions_not_that_answers_list():
    bank = parse_text("一、选择题\n1. 甲？\nA. x\nB. y\n答案：A\n二、简答题\n2. 說明乙。\n3. 說明丙。\n")
    assert [(c.title, [(q.number, q.type) for q in c.questions]) for c in bank.chapters] == [
        ("选择题", [(1, T.SINGLE)]), ("简答题", [(2, T.SHORT), (3, T.SHORT)])]
    assert bank.questions[0].explanation == ""


def test_a_bare_answer_heading_collects_written_answers_by_number():
    bank = parse_text("1. 項目的目錄叫什麼？\n2. 用什麼命令安裝？\n\n**答案**\n\n1. `backend/`\n2. `uv sync`\n")
    assert [(q.number, q.type, q.answer) for q in bank.questions] == [
        (1, T.SHORT, "`backend/`"), (2, T.SHORT, "`uv sync`")]


def test_a_numbered_list_after_an_answer_marker_is_that_answer_not_a_key():
    bank = parse_text("1. 步驟是什麼？\n答案：\n1. 安裝\n2. 運行\n2. 下題\nA. x\nB. y\n答案：A\n")
    assert [(q.number, q.answer) for q in bank.questions] == [(1, "1. 安裝\n2. 運行"), (2, "A")]
    one = parse_text("1. 步驟是什麼？\n\n**答案**\n\n1. 安裝\n")  # one entry: a list, not a key
    assert one.questions[0].answer is None


def test_a_bare_key_after_the_chapters_answers_the_numbers_in_rising_order():
    chapter = "".join(f"{n}. 題{n}\nA. 甲\nB. 乙\n" for n in (1, 2))
    bank = parse_text(f"第一章 甲\n{chapter}参考答案\n1.A 2.B\n第二章 乙\n{chapter}参考答案\n1.B 2.A\n")
    assert [(c.title, [q.answer for q in c.questions]) for c in bank.chapters] == [
        ("甲", ["A", "B"]), ("乙", ["B", "A"])]


@pytest.mark.parametrize(("written", "letters"), [("全选", "ABCD"), ("全部選項", "ABCD"), ("All of them", "ABCD"),
                                                  ("前两个（A、B）和最后一个（D）", "ABD")])
def test_a_choice_answer_written_in_words_is_read_and_flagged(written, letters):
    from generator.bank.lint import lint

    q = lint(parse_text(f"1. 哪些正確？\nA. w\nB. x\nC. y\nD. z\n答案：{written}\n")).questions[0]
    assert (q.type, q.answer, q.explanation) == (T.MULTIPLE, letters, written)
    assert [f.code for f in q.flags] == ["answer-in-words"]


def test_letters_with_a_control_character_are_letters_not_words_to_explain():
    q = parse_text("1.（單選）選哪個？A.甲B.乙答案：B\x1b\n解析：\n").questions[0]
    assert (q.answer, q.explanation) == ("B", "")


@pytest.mark.parametrize("written", ["A或B？", "B?", "可能是 C", "A or B"])
def test_an_answer_in_words_that_doubts_gives_no_letters(written):
    assert parse_text(f"1. 選哪個？\nA. x\nB. y\nC. z\n答案：{written}\n").questions[0].answer == written


def test_brackets_in_inline_code_are_no_blank_but_underscores_are():
    bank = parse_text("1. 調用 `f()` 會發生什麼？\n答案：打印\n2. 中國的首都是____。\n答案：北京\n")
    assert [q.type for q in bank.questions] == [T.SHORT, T.FILL]


def test_an_answer_key_after_the_last_question_is_no_truncation():
    from generator.bank.lint import lint

    bank = lint(parse_text("1. 甲？\nA. x\nB. y\n2. 乙是\nA. x\nB. y\n参考答案\n1.A 2.B\n"))
    assert [f.code for q in bank.questions for f in q.flags] == []


# -- linear time --------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("hostile", [
    lambda n: "1. 題（ B ）" + "(A)" * n + "\n2. 題（ B ）\nA. 甲\nB. 乙\n",
    lambda n: "参考答案\n" + "\n" * n + "1. 題\nA. 甲\nB. 乙\n",
    lambda n: "1. 題\n" + "- " * n + "A: 甲\nB: 乙\n",
    lambda n: "(1) 題\n" + " " * n + "(A)\n(2) 題\n",
    lambda n: "### 案例一\n1. 甲\n2. 乙\n" * n,
    lambda n: "1. q\nA. a\nB. b\n" + "## Answers\n### x\n1. q\n答案：A\n" * n,
    lambda n: "__Question__\nx\n__Question__\nx\nA. a\nB. b\n__Answer__\n- A - Correct\n" + "- B\n" * n,
    lambda n: "<details><summary>" + "甲 " * n + "\n" + "<details><summary>乙</summary>\n丙\n</details>\n" * n,
    lambda n: "1. 題\n   A " + "x B " * n + "\n",
    lambda n: "1. 題\n" + ("|" + " " * 20 + "-" * 20) * n + " x\n" + "| a |\n" * n,
])
def test_hostile_layouts_parse_in_linear_time(hostile):
    assert_linear(lambda n: parse_text(hostile(n)), 20000)


def test_a_full_width_dot_before_a_digit_starts_a_question_at_a_line_start_only():
    bank = parse_text("1．CPU是（  ）\nA．甲\nB．乙\n答案：A\n"
                      "2．1KB等於（  ）字節，不是2．5KB\nA．1024\nB．1000\n答案：A\n")
    assert [(q.number, q.stem) for q in bank.questions] == [(1, "CPU是（  ）"), (2, "1KB等於（  ）字節，不是2．5KB")]


def test_a_key_sub_heading_repeating_a_section_takes_written_answers():
    bank = parse_text("一、判断题\n1．天是藍的。（  ）\n二、填空题\n1．中國的首都是____。\n"
                      "参考答案\n一、判断题\n1-1 √\n二、填空题\n1．北京\n")
    assert [(q.type, q.answer) for q in bank.questions] == [(T.JUDGE, "true"), (T.FILL, "北京")]
    assert [c.title for c in bank.chapters] == ["判断题", "填空题"]


def test_a_heading_opening_the_file_names_the_bank_as_well_as_its_first_chapter():
    bank = parse_text("# Python Quiz\n\n## Question 1\nWhat is 1+1?\n- A) 2\n- B) 3\n\n**Answer:** A\n")
    assert (bank.title, bank.chapters[0].title, bank.questions[0].answer) == ("Python Quiz", "Python Quiz", "A")
    assert [o.text for o in bank.questions[0].options] == ["2", "3"]


def test_a_chapter_heading_opening_the_file_does_not_name_the_bank():
    bank = parse_text("第一章 概论\n1. 題\nA. 甲\nB. 乙\n答案：A\n")
    assert (bank.title, bank.chapters[0].title) == ("", "概论")


@pytest.mark.parametrize("lead", ["#### ", "> ", "## "])
def test_an_answer_under_a_markdown_heading_or_quote(lead):
    q = parse_text(f"### 1. 選哪個\nA. 甲\nB. 乙\n{lead}答案：B\n{lead}解析：因為乙。\n").questions[0]
    assert ([o.text for o in q.options], q.answer, q.explanation) == (["甲", "乙"], "B", "因為乙。")


def test_markdown_headings_without_numbers_followed_by_options_are_questions():
    bank = parse_text("# 練習\n\n## 第一部分\n\n### 棧的特點是？\n- [ ] 先進先出\n- [x] 後進先出\n\n"
                      "### 線性結構有哪些？\n- [x] 數組\n- [x] 鏈表\n- [ ] 樹\n")
    assert detect_layout(bank.preamble + "\n### a\n- [x] b\n- [ ] c\n").numbering.name == "heading"
    assert [(c.title, [(q.number, q.stem, q.answer) for q in c.questions]) for c in bank.chapters] == [
        ("第一部分", [(1, "棧的特點是？", "B"), (2, "線性結構有哪些？", "AB")])]
    assert bank.title == "練習"


@pytest.mark.parametrize("heading, title", [
    ("第一部分 选择题", "选择题"), ("## 第一部分", "第一部分"), ("第二部 進階", "進階")])
def test_part_headings(heading, title):
    assert parse_text(f"{heading}\n1. 題\nA. 甲\nB. 乙\n答案：A\n").chapters[0].title == title


def test_chapter_headings_over_numbered_questions_stay_chapters():
    chapter = "1. 題\nA. 甲\nB. 乙\n答案：A\n2. 題\nA. 甲\nB. 乙\n答案：B\n"
    bank = parse_text("".join(f"## 第{n}章 甲\n{chapter}" for n in range(1, 6)))
    assert detect_layout("".join(f"## 第{n}章 甲\n{chapter}" for n in range(1, 6))).numbering.name == "dot"
    assert [len(c.questions) for c in bank.chapters] == [2] * 5


@pytest.mark.parametrize("prefix, value", [("(√)", "true"), ("（×）", "false"), ("(✓) ", "true")])
def test_judge_answer_before_the_number(prefix, value):
    bank = parse_text(f"{prefix}1. 天是藍的\n{prefix}2. 草是綠的\n")
    assert [(q.number, q.type, q.answer, q.stem) for q in bank.questions] == [
        (1, T.JUDGE, value, "天是藍的"), (2, T.JUDGE, value, "草是綠的")]


def test_keys_between_groups_of_questions_each_answer_the_questions_before_them():
    pair = "第{}題 題{}\nA．甲　B．乙　C．丙\n"
    bank = parse_text(pair.format(1, 1) + pair.format(2, 2) + "答案：1-2 CA\n\n" + pair.format(3, 3) + pair.format(4, 4)
                      + "答案與解析\n1.【答案】B【解析】因為乙。\n2.【答案】A\n")
    assert [(q.number, q.stem, q.answer) for q in bank.questions] == [
        (1, "題1", "C"), (2, "題2", "A"), (3, "題3", "B"), (4, "題4", "A")]
    assert bank.questions[2].explanation == "因為乙。" and bank.layout.key_matched == 4


def test_an_answer_folded_in_details_markup_with_its_explanation_after_the_letter():
    bank = parse_text("###### 1. What's the output?\n\n- A: `1`\n- B: `2`\n\n"
                      "<details><summary><b>Answer</b></summary>\n<p>\n\n#### Answer: B\n\nOne plus one.\n\n"
                      "</p>\n</details>\n\n---\n\n###### 2. Next?\n\n- A: x\n- B: y\n")
    q1, q2 = bank.questions
    assert ([o.text for o in q1.options], q1.answer, q1.explanation) == (["`1`", "`2`"], "B", "One plus one.")
    assert q2.stem == "Next?"
    assert {s.text for s in bank.stray if s.reason == "markup"} == {
        "<details><summary><b>Answer</b></summary>", "<p>", "</p>", "</details>", "---"}


def test_a_free_text_answer_keeps_its_lines():
    q = parse_text("1. 說明原理\n答案：第一行\n第二行\n").questions[0]
    assert (q.answer_text, q.explanation) == ("第一行\n第二行", "")


@pytest.mark.parametrize("answer, explanation", [
    ("**答案：B**", "**解析**：因為乙。"), ("**答案**：B", "**解析：** 因為乙。"),
    ("我的答案:正确答案:B", "答案解析：因為乙。"),
])
def test_bold_answers_and_exam_records(answer, explanation):
    q = parse_text(f"1. 選哪個\nA. 甲\nB. 乙\n\n{answer}\n\n{explanation}\n").questions[0]
    assert ([o.text for o in q.options], q.answer, q.explanation) == (["甲", "乙"], "B", "因為乙。")


def test_a_number_inside_a_stem_does_not_cut_the_question_at_a_line_start_short():
    bank = parse_text("### 1. 甲\n\n選哪個？\n\n- A. x\n- B. y\n\n答案：A\n\n"
                      "### 2. 乙\n\n同時給 a 賦 1、b 賦 2，正確的是？\n\n- A. a, b = 1, 2\n- B. 錯\n\n答案：A\n")
    assert [(q.number, q.answer) for q in bank.questions] == [(1, "A"), (2, "A")]


def test_an_answer_after_a_short_marker_in_a_code_block():
    bank = parse_text("1. 哪個？\n    - A. 甲\n    - B. 乙\n\n答：\n```\nB\n```\n解析：\n```\n因為。\n```\n\n"
                      "2. 哪個？\n    - A. 甲\n    - B. 乙\n\n答：\n```\n\n```\n")
    assert [(q.type, q.answer) for q in bank.questions] == [(T.SINGLE, "B"), (T.SINGLE, None)]


def test_correct_answer_in_english_inside_details():
    bank = parse_text("51. What is IAM?\n    - A. DNS\n    - B. Access management\n\n"
                      '    <details markdown=1><summary markdown="span">Answer</summary>\n'
                      "      Correct answer: B\n      Explanation: it manages access.\n    </details>\n\n"
                      "52. Next?\n    - A. x\n    - B. y\n")
    q = bank.questions[0]
    assert (q.number, q.answer, q.explanation, [o.text for o in q.options]) == (
        51, "B", "it manages access.", ["DNS", "Access management"])


def test_spaced_options_in_a_bank_that_writes_dots():
    # one question sets its options "A 甲 B 乙" several to a line; the others write "A."
    text = ("1. 選哪個\nA. 甲\nB. 乙\n答案：A\n"
            "2. 哪些是水果（ ）\n   A 蘋果 B 香蕉 C 梨\n   D 橙 E 桃\n答案：ABCDE\n"
            "3. 再選\nA. 丙\nB. 丁\n答案：B\n")
    q = parse_text(text).questions[1]
    assert [(o.label, o.text) for o in q.options] == [
        ("A", "蘋果"), ("B", "香蕉"), ("C", "梨"), ("D", "橙"), ("E", "桃")]
    assert q.stem == "哪些是水果（ ）"


def test_letters_inside_a_stem_are_no_spaced_options():
    # "A or B" inside a sentence: the spaced reading starts only at an "A " opening a line
    q = parse_text("1. Is type A or B faster?\n答案：A\n2. Pick\nA. x\nB. y\n答案：B\n").questions[0]
    assert q.options == () and q.stem == "Is type A or B faster?"


def test_options_one_a_line_with_one_left_out():
    # a bank recalled from memory leaves out a forgotten option: A, B, D
    q = parse_text("1. 選哪個\nA. 甲\nB. 乙\nD. 丁\n答案：D\n2. 再選\nA. 丙\nB. 丁\n答案：A\n").questions[0]
    assert [(o.label, o.text) for o in q.options] == [("A", "甲"), ("B", "乙"), ("D", "丁")]
    assert q.answer == "D"


@pytest.mark.parametrize("summary", ["<summary>第 1 题的答案</summary>", "<summary>Show answer</summary>",
                                     "<summary><b>Answer</b></summary>"])
def test_an_answer_folded_in_details_whose_summary_names_it(summary):
    # no answer marker inside: the summary says what the block folds away
    bank = parse_text(f"## 第 1 题\n\n书写两个星号\n\n<details>\n    {summary}\n"
                      "\\*\\*<br>\n其他数量类推。\n</details>\n\n"
                      "## 第 2 题\n\n书写下划线\n\n<details>\n<summary>提示</summary>\n用反斜杠。\n</details>\n")
    q1, q2 = bank.questions
    assert (q1.stem, q1.answer) == ("书写两个星号", "\\*\\*<br>\n其他数量类推。")
    assert q2.answer is None and "用反斜杠。" in q2.stem  # a summary that names no answer folds no answer


@pytest.mark.parametrize("heading", ["### 应用题一（30 分）", "### 案例二", "## Case Study 1"])
def test_a_case_question_set_as_a_heading_keeps_its_numbered_tasks(heading):
    bank = parse_text("## 一、单选题\n\n1. 選哪個\nA. 甲\nB. 乙\n\n2. 再選\nA. 丙\nB. 丁\n\n"
                      f"## 二、综合题\n\n{heading}\n\n某公司要開發系統。請完成：\n\n"
                      "1. 列出需求。\n2. 畫出流程圖。\n3. 設計模塊。\n\n"
                      "### 应用题二\n\n已知活動如下。\n\n1. 計算工期。\n2. 找出關鍵路徑。\n")
    first, second = bank.chapters
    assert len(first.questions) == 2 and len(second.questions) == 2
    case = second.questions[0]
    assert "某公司要開發系統" in case.stem and "3. 設計模塊。" in case.stem
    assert "2. 找出關鍵路徑。" in second.questions[1].stem


def test_a_case_heading_over_questions_with_options_stays_a_section():
    bank = parse_text("## 案例一\n\n某公司的情況如下。\n\n1. 選哪個\nA. 甲\nB. 乙\n\n2. 再選\nA. 丙\nB. 丁\n")
    assert [c.title for c in bank.chapters] == ["案例一"]
    assert [q.number for q in bank.questions] == [1, 2]


def test_flash_cards_in_details_blocks_are_questions():
    bank = parse_text("# Java 卡片\n\n<details>\n  <summary>JVM的全称是__。</summary>\n"
                      "  <div>Java Virtual Machine</div>\n"
                      "</details>\n\n<details>\n  <summary><b>JRE是__的实现，解释到__代码。</b></summary>\n"
                      "  <div>JVM</div>\n  <div>字节</div>\n</details>\n\n"
                      "<details><summary>JDK包含JRE。</summary>\n<div></div>\n</details>\n")
    assert [(q.number, q.type, q.stem, q.answer) for q in bank.questions] == [
        (1, T.FILL, "JVM的全称是__。", "Java Virtual Machine"),
        (2, T.FILL, "JRE是__的实现，解释到__代码。", "JVM\n字节"),
        (3, T.SHORT, "JDK包含JRE。", None)]
    assert bank.chapters[0].title == "Java 卡片" and bank.layout.numbering.startswith("card")


def test_details_folding_answers_of_numbered_questions_are_no_cards():
    bank = parse_text("1. 選哪個\nA. 甲\nB. 乙\n<details><summary>提示</summary>\n想想。\n</details>\n"
                      "2. 再選\nA. 丙\nB. 丁\n<details><summary>答案</summary>\nB\n</details>\n")
    assert [(q.number, q.answer) for q in bank.questions] == [(1, None), (2, "B")]


@pytest.mark.parametrize("label", ["__Practice Question__", "**Question**", "## Question"])
def test_unnumbered_questions_opened_by_a_label_line(label):
    bank = parse_text(f"__Type__\n\nMultiple Choice\n\n{label}\n\nWhich is a fruit?\n\nA. Apple\nB. Stone\n\n"
                      "__Suggested Answers__\n\n- A - Correct\n- B\n\n"
                      f"{label}\n\nWhich are colours?\n\nA. Red\nB. Blue\nC. Fish\n\n__Question Options__\n\nany\n\n"
                      "__Suggested Answers__\n\n- A - Correct\n- B - Correct\n- C\n")
    q1, q2 = bank.questions
    assert (q1.stem, [o.text for o in q1.options], q1.answer) == ("Which is a fruit?", ["Apple", "Stone"], "A")
    assert (q2.type, [o.text for o in q2.options], q2.answer) == (T.MULTIPLE, ["Red", "Blue", "Fish"], "AB")
    assert "any" in q2.explanation  # the quiz's own setting is kept, out of the last option
    assert bank.preamble == "__Type__\n\nMultiple Choice"


def test_a_bold_option_is_an_option_not_a_label_line_after_the_options():
    q = parse_text("1.（單選）哪個是粗體？A.**甲**\nB.**乙**\n答案：B\n").questions[0]
    assert ([o.text for o in q.options], q.answer, q.explanation) == (["**甲**", "**乙**"], "B", "")


@pytest.mark.parametrize("item", ["- B - Correct", "- B (correct)", "* B ✓", "- B：正确"])
def test_an_answer_list_marking_the_right_options(item):
    q = parse_text(f"1. 選哪個\nA. 甲\nB. 乙\n**Answer**\n- A\n{item}\n\n2. 再選\nA. x\nB. y\n答案：A\n").questions[0]
    assert q.answer == "B"


def test_questions_in_parts_under_dashed_headings():
    # freeCodeCamp's quiz format: the right option is the answer part, read last
    part = ("### --question--\n\n#### --text--\n\n{stem}\n\n#### --distractors--\n\n甲\n\n---\n\n乙\n\n---\n\n"
            "丙 `x`\n\n#### --answer--\n\n{answer}\n\n")
    bank = parse_text("# --description--\n\n說明。\n\n## --quiz--\n\n" + part.format(stem="第一題？", answer="丁")
                      + part.format(stem="第二題？", answer="戊") + "## --quiz--\n\n"
                      + part.format(stem="第三題？", answer="己"))
    assert [len(c.questions) for c in bank.chapters] == [2, 1]
    q = bank.questions[1]
    assert (q.stem, [o.text for o in q.options], q.answer, q.type) == (
        "第二題？", ["甲", "乙", "丙 `x`", "戊"], "D", T.SINGLE)


@pytest.mark.parametrize("front, title", [
    ("---\nid: 66ed\ntitle: '電腦基礎測驗'\n---\n\n說明。\n", "電腦基礎測驗"),
    ("---\nlayout: quiz\n---\n# 期中考\n", "期中考"),
])
def test_front_matter_names_the_bank_or_comes_before_its_name(front, title):
    bank = parse_text(front + "\n1. 選哪個\nA. 甲\nB. 乙\n答案：A\n2. 再選\nA. 丙\nB. 丁\n答案：B\n")
    assert bank.title == title and len(bank.questions) == 2 and bank.preamble.startswith("---\n")


@pytest.mark.parametrize("options, answer", [
    ("- [ ] True\n- [x] False", "false"), ("- [x] 正確\n- [ ] 錯誤", "true"), ("A. 對\nB. 錯", None),
])
def test_options_true_and_false_make_a_judge_question(options, answer):
    q = parse_text(f"1. 地球是平的。\n{options}\n\n2. 選哪個\nA. x\nB. y\n答案：A\n").questions[0]
    assert (q.type, q.answer, q.stem) == (T.JUDGE, answer, "地球是平的。")


def test_a_fence_mentioned_in_a_stem_fences_nothing():
    # "(```)" and inline code between four backticks are text about fences, not fences
    bank = parse_text("1. Code blocks use triple backticks (```) or indentation.\nA. 對\nB. 錯\n答案：A\n\n"
                      "2. Write ```` `` `x` `` ```` inline.\nA. 對\nB. 錯\n答案：A\n\n"
                      "3. Which fence?\nA. ```\nB. ~~~\n答案：A\n\n4. Last\nA. x\nB. y\n答案：B\n")
    assert [q.number for q in bank.questions] == [1, 2, 3, 4]


def test_a_four_backtick_fence_holds_triple_backticks_as_code():
    bank = parse_text("1. 哪個對？\nA. 甲\nB. 乙\n答案：A\n解析：\n````\n```\n2. 不是題目\n```\n````\n\n"
                      "2. 再選\nA. 丙\nB. 丁\n答案：B\n")
    assert [q.number for q in bank.questions] == [1, 2] and "2. 不是題目" in bank.questions[0].explanation


def test_an_answer_key_that_repeats_the_questions_answers_them_by_number():
    bank = parse_text("## Questions\n\n### Level 1\n\n**Question 1**: Basic\n\nMarkdown uses # for headers.\n\n"
                      "- [ ] True\n- [ ] False\n\n**Question 2**: Basic\n\nMarkdown dates from 2010.\n\n"
                      "- [ ] True\n- [ ] False\n\n## Answer Key\n\n### Level 1\n\n**Question 1**: Basic\n\n"
                      "**Statement**: Markdown uses # for headers.\n\n**Answer**: **True**\n\n"
                      "**Explanation**: It does.\n\n**Question 2**: Basic\n\n**Answer**: **False**\n\n"
                      "## Study Tips\n\n1. Review often.\n2. Practise.\n")
    assert [(q.number, q.type, q.answer) for q in bank.questions] == [(1, T.JUDGE, "true"), (2, T.JUDGE, "false")]
    assert bank.questions[0].explanation == "It does." and [c.title for c in bank.chapters] == ["Level 1"]


def test_an_answer_in_a_container_whose_title_names_it():
    # VuePress / VitePress containers: "::: tip 答案" … ":::"; other containers fold no answer
    bank = parse_text("1. 選哪個\nA. 甲\nB. 乙\n\n::: tip 答案\nB\n:::\n\n"
                      "2. 再選\nA. 丙\nB. 丁\n\n::: warning 注意\n看清題目。\n:::\n")
    q1, q2 = bank.questions
    assert (q1.answer, [o.text for o in q1.options]) == ("B", ["甲", "乙"])
    assert q2.answer is None  # its note is kept, as text after options is
    assert {s.text for s in bank.stray if s.reason == "markup"} == {"::: tip 答案", ":::", "::: warning 注意"}


def test_options_numbered_in_a_list_indented_under_the_stem():
    bank = parse_text("1. Which is a fruit?\n   1. Apple\n   2. Stone\n   3. Sand\n答案：1\n\n"
                      "2. Which are colours?\n   1. Red\n   2. Fish\n   3. Blue\n答案：1, 3\n\n"
                      "3. Last\nA. x\nB. y\n答案：B\n")
    assert [(q.number, q.type, q.stem, [o.text for o in q.options], q.answer) for q in bank.questions] == [
        (1, T.SINGLE, "Which is a fruit?", ["Apple", "Stone", "Sand"], "A"),
        (2, T.MULTIPLE, "Which are colours?", ["Red", "Fish", "Blue"], "AC"),
        (3, T.SINGLE, "Last", ["x", "y"], "B")]


def test_questions_indented_alike_are_no_sub_list():
    bank = parse_text("  1. 甲？\n  A. x\n  B. y\n答案：A\n  2. 乙？\n  A. x\n  B. y\n答案：B\n")
    assert [(q.number, q.answer) for q in bank.questions] == [(1, "A"), (2, "B")]


def test_an_answer_line_may_be_indented_like_the_options():
    bank = parse_text("1. 甲？\n  A. x\n  B. y\n  答：B\n2. 乙？\n  A. x\n  B. y\n  答案：A\n")
    assert [(q.number, q.answer) for q in bank.questions] == [(1, "B"), (2, "A")]


@pytest.mark.parametrize(("options", "texts"), [
    ("A.甲\nB乙\nC.丙\nD.丁", ["甲", "乙", "丙", "丁"]),  # the dot of B lost
    ("> A.甲\n> B.乙\n> C丙\n> D.丁", ["甲", "乙", "丙", "丁"]),  # in a quote
])
def test_a_label_that_lost_its_punctuation_between_two_that_have_it(options, texts):
    q = parse_text(f"1. 選哪個\n{options}\n答案：C\n2. 再選\nA. 丙\nB. 丁\n答案：A\n").questions[0]
    assert [o.text for o in q.options] == texts and q.answer == "C"


def test_a_line_opening_with_a_latin_word_in_an_option_with_one_left_out_stays_its_text():
    q = parse_text("1. 選哪個\nA. 甲\nBig data 乙\nC. 丙\n答案：C\n2. 再選\nA. 丙\nB. 丁\n答案：A\n").questions[0]
    assert [(o.label, o.text) for o in q.options] == [("A", "甲\nBig data 乙"), ("C", "丙")]


@pytest.mark.parametrize(("options", "texts"), [
    ("A骨髓\nB.胸腺\nC.腔上囊\nD. 淋巴结", ["骨髓", "胸腺", "腔上囊", "淋巴结"]),  # the first label's dot lost
    ("> A.甲\n> B.乙\n> C.丙\n> D丁", ["甲", "乙", "丙", "丁"]),  # the last one's, in a quote
])
def test_a_first_or_last_label_that_lost_its_punctuation_next_to_ones_that_have_it(options, texts):
    q = parse_text(f"1. 選哪個\n{options}\n\n答案：B\n2. 再選\nA. 丙\nB. 丁\n答案：A\n").questions[0]
    assert [o.text for o in q.options] == texts and q.answer == "B"


def test_a_line_opening_with_a_latin_word_after_the_last_option_stays_its_text():
    q = parse_text("1. 選哪個\nA. 甲\nB. 乙\nC. 丙\nDNA 是什麼\n答案：C\n2. 再選\nA. 丙\nB. 丁\n答案：A\n").questions[0]
    assert [(o.label, o.text) for o in q.options] == [("A", "甲"), ("B", "乙"), ("C", "丙\nDNA 是什麼")]


def test_a_label_that_lost_its_letter_between_two_that_have_it():
    bank = parse_text("1. Which level?\n    A) Tissue\n    B) Cell\n    ) Organ system\n    D) Population\n"
                      "    Answer: C\n\n2. Which?\n    A) One\n    B) Two\n    Answer: A\n")
    q = bank.questions[0]
    assert [(o.label, o.text) for o in q.options] == [("A", "Tissue"), ("B", "Cell"), ("C", "Organ system"),
                                                      ("D", "Population")]
    assert q.answer == "C"


def test_a_label_that_lost_its_punctuation_in_options_set_in_tabbed_columns():
    q = parse_text("1. 選哪個\nA.甲\tB.乙\tC丙\tD.丁\n答案：C\n2. 再選\nA.丙\tB.丁\n答案：A\n").questions[0]
    assert [(o.label, o.text) for o in q.options] == [("A", "甲"), ("B", "乙"), ("C", "丙"), ("D", "丁")]
