"""The layouts of real banks that read wrong before issue 27 (item 3): each recogniser on its
own, on a bank written from the layout's description."""
import pytest

from generator.bank.fields import type_from_heading
from generator.base.errors import ParseError
from generator.read.text.layout import detect_layout
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


@pytest.mark.parametrize("marker", ["ans: {}", "Ans. {}", "ANS: {}", "    ans: {}"])
def test_the_short_english_answer_label_opening_a_line(marker):
    text = "".join(f"{n}.  Which one?\n    A.  one\n    B.  two\n{marker.format(a)}\n\n"
                   for n, a in ((1, "B"), (2, "A")))
    assert [q.answer for q in parse_text(text).questions] == ["B", "A"]


def test_ans_inside_a_line_is_no_marker():
    bank = parse_text("1. The fans: which one?\nA. one\nB. two\nAnswer: B\n")
    assert bank.questions[0].stem == "The fans: which one?" and bank.questions[0].answer == "B"


def test_unnumbered_statements_each_over_its_answer_a_blank_line_between():
    bank = parse_text("区块链判断题\n\n地球是圆的，\n这没有疑问。\n正确答案：正确\n解析：见课本。\n\n"
                      "太阳绕地球转。\n正确答案：错误\n\n\n水在零度结冰。\n答案：对\n解析：一\n\n二\n")
    assert [(q.number, q.type.value, q.stem, q.answer) for q in bank.questions] == [
        (1, "judge", "地球是圆的，\n这没有疑问。", "true"), (2, "judge", "太阳绕地球转。", "false"),
        (3, "judge", "水在零度结冰。", "true")]
    assert bank.questions[2].explanation.startswith("一")


def test_unnumbered_statements_after_a_numbered_preamble():
    bank = parse_text("须知\n1. 共三题\n\n" + "".join(f"陈述{n}。\n答案：对\n\n" for n in range(1, 4)))
    assert [(q.number, q.stem, q.answer) for q in bank.questions] == [
        (1, "陈述1。", "true"), (2, "陈述2。", "true"), (3, "陈述3。", "true")]


def test_paragraphs_mostly_without_answers_are_no_questions():
    text = "第一段。\n\n第二段。\n\n第三段。\n\n甲。\n答案：对\n\n第五段。\n\n乙。\n答案：错\n\n第七段。\n"
    assert detect_layout(text).card_questions == ()


def test_a_blanks_answer_is_its_first_paragraph_and_the_rest_explains_it():
    bank = parse_text("1. 查看类型的函数是____。\n\n正确答案：type() \n\n记忆性知识点\n\n"
                      "2. 简述变量。\n\n答案：变量是名字。\n\n它指向对象。\n")
    assert [(q.type.value, q.answer, q.explanation) for q in bank.questions] == [
        ("fill", "type()", "记忆性知识点"), ("short", "变量是名字。\n\n它指向对象。", "")]


def test_a_key_heading_with_a_note_and_bold_letters_and_english_type_headings():
    bank = parse_text("### Multiple Choice\n\n1.  **Which is in plant cells?**\n    a) Nucleus\n    b) Cell Wall\n\n"
                      "2.  **In a cell, what makes energy?**\n    a) Mitochondria\n    b) Wall\n\n"
                      "### Short Answer\n\n3.  **Explain the nucleus.**\n    *   ______________\n\n---\n\n"
                      "## Answer Key (Teacher Use Only)\n1.  **B** (Cell Wall)\n2.  **A** (Mitochondria)\n"
                      "3.  It holds the **DNA**.\n")
    assert [(q.type.value, q.answer) for q in bank.questions] == [
        ("single", "B"), ("single", "A"), ("short", "It holds the **DNA**.")]
    assert [c.title for c in bank.chapters] == ["Multiple Choice", "Short Answer"]


@pytest.mark.parametrize(("heading", "qtype"), [
    ("Short Answer", "short"), ("Essay Questions", "short"), ("Part B: True or False", "judge"),
    ("Fill in the Blanks", "fill"), ("Multiple Choice", None), ("A short answer is best", None),
])
def test_english_headings_naming_a_type(heading, qtype):
    named = type_from_heading(heading)
    assert (named.value if named else None) == qtype


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


# -- English banks -----------------------------------------------------------------------

@pytest.mark.parametrize("lead", ["A company wants", "An engineer needs", "I want", "In a VPC,"])
def test_a_stem_opening_with_an_article_or_pronoun_is_a_stem(lead):
    for layout in ("1. {lead} to pick one.\n", "1.\n{lead} to pick one.\n"):
        bank = parse_text(layout.format(lead=lead) + "A. S3\nB. EC2\nAnswer: B\n2. Next?\nA. one\nB. two\nAnswer: A\n")
        first = bank.questions[0]
        assert first.stem == f"{lead} to pick one." and [o.text for o in first.options] == ["S3", "EC2"]


@pytest.mark.parametrize("close", [".", ")"])
def test_options_numbered_under_a_numbered_stem(close):
    text = "".join(f"Question {n}: What is {n} + 1?\n" + "".join(f"{k}{close} {n + k - 1}\n" for k in (1, 2, 3, 4))
                   + "Answer: 2\n" for n in (1, 2, 3))
    bank = parse_text(text)
    assert [(q.number, len(q.options), q.answer) for q in bank.questions] == [(1, 4, "B"), (2, 4, "B"), (3, 4, "B")]
    assert bank.questions[0].options[1].text == "2"


def test_a_numbered_list_in_a_stem_without_a_number_answer_stays_in_the_stem():
    bank = parse_text("".join(f"Question {n}: Explain:\n1. why\n2. how\nAnswer: because\n" for n in (1, 2, 3)))
    assert [q.number for q in bank.questions] == [1, 2, 3]
    assert bank.questions[0].options == () and "2. how" in bank.questions[0].stem


# -- options and Markdown ------------------------------------------------------------------

def test_options_without_punctuation_after_the_letter_when_the_bank_writes_them_so():
    text = "1. 造血器官是\nA骨髓\nB心脏\nC肺\nD肝\n答案：A\n2. 最大的器官是\nA皮肤\nB肝\nC肺\nD脑\n答案：A\n"
    bank = parse_text(text)
    assert [[o.text for o in q.options] for q in bank.questions] == [
        ["骨髓", "心脏", "肺", "肝"], ["皮肤", "肝", "肺", "脑"]]


def test_options_quoted_in_a_blockquote():
    bank = parse_text("1. 甲？\n> A. 一\n> B. 二\n\n答案：A\n2. 乙？\n>A. 三\n>B. 四\n\n答案：B\n")
    assert [(q.stem, [o.text for o in q.options], q.answer) for q in bank.questions] == [
        ("甲？", ["一", "二"], "A"), ("乙？", ["三", "四"], "B")]


def test_markdown_escapes_are_read_as_the_characters_outside_code(tmp_path):
    from generator.read.load import read_bank

    path = tmp_path / "bank.md"
    path.write_text("1. 甲是\\_\\_\\_\\_。\n答案：乙\n2. 2 \\* 3 = ? `a\\*b`\nA. 6\nB. 5\n答案：A\n", encoding="utf-8")
    bank = read_bank(path)
    assert [q.type.value for q in bank.questions] == ["fill", "single"]
    assert bank.questions[0].stem == "甲是____。" and bank.questions[1].stem == "2 * 3 = ? `a\\*b`"
    assert bank.questions[1].position.line == 3  # positions still in the file as written


@pytest.mark.parametrize("kept", ["**\\_\\_**", "_\\*\\*_", "增加 \\* 即可"])
def test_escapes_that_are_no_blank_or_product_are_kept_as_written(kept):
    from generator.bank.repair import repair

    assert repair(kept).text == kept  # a bank about Markdown writes them to be read so


# -- answer keys -----------------------------------------------------------------------------

_TWO = "1. 甲？\nA. 一\nB. 二\n2. 乙？\nA. 一\nB. 二\n"


@pytest.mark.parametrize("block", ["\n1.A 2.B\n", "\n1-2 AB\n", "\n1. A  2. B\n\n",
                                   "\n| 1 | 2 |\n|---|---|\n| A | B |\n",
                                   "\n| 题号 | 答案 |\n| --- | --- |\n| 1 | A |\n| 2 | B |\n"])
def test_an_answer_block_or_box_after_the_questions_with_no_label(block):
    bank = parse_text(_TWO + block)
    assert [(q.answer, [o.text for o in q.options]) for q in bank.questions] == [
        ("A", ["一", "二"]), ("B", ["一", "二"])]


def test_a_table_of_other_things_is_no_key():
    bank = parse_text("1. 下表中哪個大？\n\n| 名 | 值 |\n|---|---|\n| 甲 | 1 |\n\nA. 甲\nB. 乙\n答案：A\n")
    assert bank.questions[0].answer == "A" and bank.answer_keys == ()


@pytest.mark.parametrize("heading", ["参考答案", "### 答案", "**答案**"])
def test_answer_keys_per_section_with_numbers_restarting(heading):
    text = (f"## 第一套\n{_TWO}{heading}\n1.A 2.B\n"
            f"## 第二套\n{_TWO}{heading}\n1.B 2.A\n")
    bank = parse_text(text)
    assert [(c.title, [q.answer for q in c.questions]) for c in bank.chapters] == [
        ("第一套", ["A", "B"]), ("第二套", ["B", "A"])]


# -- study notes and a bank cut off ----------------------------------------------------------

def test_numbered_lists_in_lesson_text_are_text_when_the_questions_have_options_or_answers():
    text = ("数据有三种：\n1. 文本数据\n2. 图像数据\n3. 语音数据\n练习\n1. 数据有几种？\nA. 一\nB. 三\n答案：B\n"
            "2. 文本是数据吗？\n答案：对\n模型有两类：\n1. 判别模型\n2. 生成模型\n"
            "1. 模型有几类？\nA. 二\nB. 三\n答案：A\n")
    bank = parse_text(text)
    assert [(q.stem, q.answer) for q in bank.questions] == [("数据有几种？", "B"), ("文本是数据吗？", "true"),
                                                            ("模型有几类？", "A")]


def test_a_last_question_cut_off_by_the_end_is_kept_and_flagged_never_merged():
    from generator.bank.lint import lint

    bank = lint(parse_text("1. 甲？\nA. 一\nB. 二\n答案：A\n2. 乙是什么"))
    first, last = bank.questions
    assert (first.answer, [o.text for o in first.options]) == ("A", ["一", "二"])
    assert last.stem == "乙是什么" and "truncated" in [f.code for f in last.flags]


def test_a_numbered_answer_key_with_bracketed_letters_and_wrapped_explanations():
    questions = "".join(f"{n}. 第{n}題 ____ .\n(A) 甲\n(B) 乙\n" for n in (1, 2, 3))
    key = "**Answer key 2**\n>\n1. (B)\n因為要湊成\n20)就夠了。\n2. (A)\n甲對。\n3. (B)\n"
    bank = parse_text("# Test 2\n" + questions + "\n---\n" + key)
    assert [(q.answer, q.explanation) for q in bank.questions] == [("B", "因為要湊成\n20)就夠了。"), ("A", "甲對。"),
                                                                   ("B", "")]


def test_an_answer_and_an_explanation_under_headings_of_their_own():
    one = ("## 第{n}题\n**【第{n}题】**  \n第{n}题问（__）  \n**选项**  \nA、一  \nB、二  \n---\n"
           "### 答案\n**{a}**\n### 解析\n因为{n}\n")
    bank = parse_text(one.format(n=1, a="B") + one.format(n=2, a="A"))
    assert len(bank.chapters) == 1  # "### 答案" and "### 解析" are no chapters
    assert [(q.number, q.answer, q.explanation[:3], len(q.options)) for q in bank.questions] == [
        (1, "B", "因为1", 2), (2, "A", "因为2", 2)]


def test_options_in_bold_are_the_answer_when_the_bank_marks_answers_so():
    bank = parse_text("1. 甲？\nA. 一\n**B. 二**\nC. 三\n2. 乙？\n- A. 一\n- **B. 二**\n- **C. 三**\n"
                      "3. 丙？\n1.   A、甲\n2.   **B、乙**\n")
    assert [(q.type.value, [o.text for o in q.options], q.answer) for q in bank.questions] == [
        ("single", ["一", "二", "三"], "B"), ("multiple", ["一", "二", "三"], "BC"), ("single", ["甲", "乙"], "B")]


def test_a_bold_last_option_followed_by_a_block_of_notes_is_the_answer():
    # the block after a list belongs to its last item: the bold is looked for in the option's own line
    fence = "\n\n      ```\n      参考：https://example.org\n      ```\n"
    bank = parse_text(f"1.   甲？\n\n      1.   A、一\n      2.   **B、二**{fence}\n"
                      f"2.   乙？\n\n      1.   A、一\n      2.   **B、二**{fence}\n")
    assert [(q.answer, q.options[1].text.split("\n")[0]) for q in bank.questions] == [("B", "二"), ("B", "二")]
    assert "参考" in bank.questions[0].options[1].text  # the notes are kept


def test_a_written_answer_wins_over_bold_and_bold_in_few_questions_is_no_answer():
    bank = parse_text("1. 甲？\nA. 一\n**B. 二**\n答案：A\n2. 乙？\nA. **一** 和二\nB. 二\n3. 丙？\nA. 一\nB. 二\n"
                      "4. 丁？\nA. 一\nB. 二\n")
    assert [q.answer for q in bank.questions] == ["A", None, None, None]


def test_questions_numbered_in_headings_over_numbered_option_lists():
    one = ("#### {n}. 第{n}题 ______ 是什么？\n\n1. 甲\n2. 乙\n3. 丙\n\n"
           "**Answer:** {a}\n\n**Explanation:**\n\n* 因为。\n\n")
    answers = ((1, "2. 乙"), (2, "3. 丙"), (3, "1. 甲"))
    bank = parse_text("# set-1\n\n" + "".join(one.format(n=n, a=a) for n, a in answers))
    assert [(q.number, q.type.value, [o.text for o in q.options], q.answer) for q in bank.questions] == [
        (n, "single", ["甲", "乙", "丙"], letter) for n, letter in ((1, "B"), (2, "C"), (3, "A"))]


def test_an_answer_naming_a_number_and_other_text_takes_no_list_for_options():
    # "2. 丁" is no option of the list: the list stays the stem's, the answer the bank's words
    one = "#### {n}. 第{n}题，哪个？\n\n1. 甲\n2. 乙\n3. 丙\n\n**Answer:** {a}\n\n"
    bank = parse_text("".join(one.format(n=n, a=a) for n, a in ((1, "2. 丁"), (2, "2. 乙"))))
    assert [(len(q.options), q.answer) for q in bank.questions] == [(0, "2. 丁"), (3, "B")]


def test_questions_only_inside_code_blocks_are_not_read_and_the_error_names_the_blocks():
    fenced = ("# 练习\n\n### 选择题\n\n```text\n- 哪个是水果\n  A 苹果\n  B 白菜\n\n- 哪个是蔬菜\n  A 苹果\n"
              "  B 白菜\n```\n\n### 判断题\n```\n- 地球是圆的\n\n- 太阳是方的\n```\n")
    with pytest.raises(ParseError, match=r"found no question in \d+ characters; 2 code blocks "
                                         r"\(``` from line 5, 16\) hold lines like questions, and code is shown"):
        parse_text(fenced)
    # a question heading whose options stand outside its code block still reads
    bank = parse_text("### 输出什么\n```python\nprint(1)\n```\nA. 1\nB. 2\n答案：A\n\n"
                      "### 再选\nA. 甲\nB. 乙\n答案：B\n")
    assert [(q.answer, len(q.options)) for q in bank.questions] == [("A", 2), ("B", 2)]


# -- a marker's line in italics ---------------------------------------------------------------

@pytest.mark.parametrize("opener", ["*", "_"])
def test_an_answer_and_explanation_set_in_italics_leave_no_asterisk_in_the_last_option(opener):
    text = (f"1. What is 1+1?\nA. 1\nB. 2\nC. 4\n{opener}Answer: B{opener}\n{opener}Explanation: one and one.{opener}\n"
            f"2. What is 2+2?\nA. 4\nB. 5\n{opener}Answer: A{opener}\n")
    first, second = parse_text(text).questions
    assert [o.text for o in first.options] == ["1", "2", "4"] and [o.text for o in second.options] == ["4", "5"]
    assert (first.answer, first.explanation, second.answer) == ("B", "one and one.", "A")


def test_a_line_opening_with_an_asterisk_bullet_before_a_marker_is_no_italics():
    first, = parse_text("1. 甲？\nA. 1\nB. 2\n* 答案：B\n").questions
    assert first.answer == "B" and [o.text for o in first.options] == ["1", "2"]


@pytest.mark.parametrize("stem", ["-", "*", "--"])
def test_a_stem_of_markdown_lead_characters_on_the_number_line_is_kept(stem):
    # the text after a number is on the number's line: no Markdown lead opens it
    first, second = parse_text(f"1. {stem}答案：B\n2. 乙答案：A\n").questions
    assert (first.stem, first.answer, second.stem) == (stem, "B", "乙")


# -- options that each end in a verdict ------------------------------------------------------

def test_options_each_ending_in_a_verdict_give_the_answer_and_lose_the_verdicts():
    first, second = parse_text("Question 1\nWhich hold?\nA. one (Incorrect)\nB. two (Correct)\nC. three (Correct)\n\n"
                               "Question 2\n哪个对？\nA. 甲（正确）\nB. 乙（错误）\n").questions
    assert (first.answer, first.type.value) == ("BC", "multiple")
    assert [o.text for o in first.options] == ["one", "two", "three"]
    assert (second.answer, [o.text for o in second.options]) == ("A", ["甲", "乙"])


@pytest.mark.parametrize("options", ["A. one (Correct)\nB. two\n", "A. one (Incorrect)\nB. two (Incorrect)\n"])
def test_a_verdict_on_some_options_only_or_none_right_is_option_text(options):
    question, = parse_text(f"1. Which?\n{options}").questions
    assert question.answer is None and question.options[0].text.startswith("one (")


# -- a container after the answer's container ------------------------------------------------

ADVERT = ("1. 甲？\nA. x\nB. y\n\n::: tip 答案解析\n\n正确答案：A\n\n因为。\n\n:::\n\n"
          "::: info 辅导班\n\n一对一辅导\n\n:::\n\n![](/ad.jpg)\n\n2. 乙？\nA. x\nB. y\n\n::: tip 答案\n\nB\n\n:::\n")


def test_a_container_after_the_answers_container_is_no_part_of_the_question_and_is_reported():
    bank = parse_text(ADVERT)
    first, second = bank.questions
    assert (first.answer, first.explanation, second.answer) == ("A", "因为。", "B")
    after, = [s for s in bank.stray if s.reason == "after the answer"]
    assert after.position.line == 13 and "一对一辅导" in after.text and "/ad.jpg" in after.text


@pytest.mark.parametrize("following", ["::: details 解析\n\n因为甲。\n\n:::\n", "因为甲。\n"])
def test_an_explanation_after_the_answers_container_stays_the_questions(following):
    # a container naming the explanation, or text in no container, is the question's
    bank = parse_text(f"1. 甲？\nA. x\nB. y\n\n::: tip 答案\n\nA\n\n:::\n\n{following}")
    question, = bank.questions
    assert "因为甲" in (question.answer_text or "") + question.explanation
    assert not [s for s in bank.stray if s.reason == "after the answer"]


@pytest.mark.parametrize("answer, letters", [("(A)", "A"), ("（B）", "B"), ("【A、B】", "AB"), ("[b]", "B")])
def test_an_answer_of_letters_in_brackets_is_those_letters_and_nothing_more(answer, letters):
    question, = parse_text(f"1. 甲？\nA. x\nB. y\n答案：{answer}\n").questions
    assert (question.answer, question.explanation) == (letters, "")


def test_a_judgement_in_the_statements_brackets_is_its_answer_where_other_questions_use_markers():
    choices = "".join(f"{n}. 哪个是水果？\nA. 苹果 B. 白菜\n答案：A\n" for n in range(1, 6))
    bank = parse_text(f"一、单选题\n{choices}二、判断题\n1. 地球是圆的。（ √ ）\n2. 太阳从西边升起。（×）\n"
                      "3. 这句话（对）不对？\n")
    judged = bank.chapters[1].questions
    assert [q.answer for q in judged] == ["true", "false", None]  # the third's brackets end no statement
    assert [q.stem for q in judged[:2]] == ["地球是圆的。（　）", "太阳从西边升起。（　）"]


def test_options_as_bullet_items_in_a_bank_that_writes_bare_labels_keep_no_bullet():
    first, second, third = parse_text(
        "1. 甲？\nA. x\nB. y\nC. z\n答案：A\n\n2. 乙？\n\n- A. 去重\n- B. 模型部署\n- C. 建模\n\n答案：B\n\n"
        "3. 丙？\nA. PyTorch B. Excel C. Paddle\n答案：AC\n").questions
    assert second.stem == "乙？" and [o.text for o in second.options] == ["去重", "模型部署", "建模"]
    assert [o.text for o in first.options] == ["x", "y", "z"]
    assert [o.text for o in third.options] == ["PyTorch", "Excel", "Paddle"]
