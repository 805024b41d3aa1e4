"""The layouts of real banks that read wrong before issue 27 (item 3): each recogniser on its
own, on a bank written from the layout's description."""
import pytest

from tests.inline_bank import parse_text


def _two(first: str, second: str) -> str:
    """Two sections, each opened by its line, of one question each."""
    return f"{first}\n1. 甲？\nA. 一\nB. 二\n答案：A\n{second}\n1. 乙？\nA. 一\nB. 二\n答案：B\n"


# -- sections ----------------------------------------------------------------------------

@pytest.mark.parametrize(("first", "second", "titles"), [
    ("第1讲 绪论", "第2讲 进阶", ["绪论", "进阶"]),
    ("第一节 概念", "第二节 方法", ["概念", "方法"]),
    ("第1单元 入门", "第2单元 提高", ["入门", "提高"]),
    ("第一部分 基础", "第二部分 应用", ["基础", "应用"]),
    ("模块1 基础", "模块2 进阶", ["模块1 基础", "模块2 进阶"]),
    ("Lesson 1", "Lesson 2", ["Lesson 1", "Lesson 2"]),
    ("Unit 1: Cells", "Unit 2: Genes", ["Unit 1: Cells", "Unit 2: Genes"]),
    ("Part I", "Part II", ["Part I", "Part II"]),
    ("Chapter 1 Basics", "Chapter 2 More", ["Chapter 1 Basics", "Chapter 2 More"]),
    ("-----0804-----", "-----0805-----", ["0804", "0805"]),
    ("===== 第一套 =====", "===== 第二套 =====", ["第一套", "第二套"]),
])
def test_chapter_words_and_titled_separators_open_sections(first, second, titles):
    bank = parse_text(_two(first, second))
    assert [c.title for c in bank.chapters] == titles
    assert [q.answer for q in bank.questions] == ["A", "B"]


def test_a_bare_rule_or_a_sentence_naming_a_part_opens_no_section():
    bank = parse_text("1. 甲？\nA. 一\nB. 二\n答案：A\n解析：见\nPart 2 of the manual.\n-----\n"
                      "2. 乙？\nA. 一\nB. 二\n答案：B\n")
    assert len(bank.chapters) == 1


# -- answers -----------------------------------------------------------------------------

@pytest.mark.parametrize("marker", ["答案 {}", "#### 答案 {}", "答案是：{}", "答案{}", "参考答案 {}", "  答案是 {}"])
def test_answer_markers_without_a_colon_or_in_lower_case(marker):
    text = "## 单选题\n" + "".join(f"{n}. 第{n}題？\nA. 一\nB. 二\n{marker.format(a)}\n"
                                  for n, a in ((1, "B"), (2, "a")))
    bank = parse_text(text)
    assert [c.title for c in bank.chapters] == ["单选题"]  # "#### 答案 B" is an answer, never a chapter
    assert [q.answer for q in bank.questions] == ["B", "A"]


def test_a_stem_naming_the_word_answer_is_no_marker():
    bank = parse_text("1. 下列哪個答案正確？\nA. 一\nB. 二\n答案：B\n")
    assert bank.questions[0].stem == "下列哪個答案正確？" and bank.questions[0].answer == "B"


@pytest.mark.parametrize(("written", "value"), [
    ("✓", "true"), ("✔", "true"), ("√", "true"), ("✅", "true"), ("对", "true"), ("正确", "true"),
    ("T", "true"), ("True", "true"), ("Yes", "true"),
    ("✗", "false"), ("✘", "false"), ("❌", "false"), ("×", "false"), ("错", "false"), ("错误", "false"),
    ("F", "false"), ("False", "false"), ("No", "false"),
])
def test_judge_answers_in_a_closed_vocabulary(written, value):
    bank = parse_text(f"1. 地球是圓的\n答案：{written}\n2. 月亮是方的\n答案：{written}\n")
    assert [(q.type.value, q.answer) for q in bank.questions] == [("judge", value)] * 2
