"""Every question-like line of a bank is read as a question or reported (issue 27, item 1):
the accounting of generator.read.text.accounting on its own, then through the reader,
``check`` and the report page."""
from generator.bank.lint import lint
from generator.pages.chapter import RenderContext, render_report
from generator.pages.strings import UI
from generator.read.reading_report import section_lines
from generator.read.text.accounting import field_holding, question_like_lines
from generator.read.text.layout import DOT_NUMBER
from tests.inline_bank import parse_text
from tests.linear import assert_linear
from tests.unit.test_cli import run

QUESTION = "{n}. 下列哪個對？\nA. 甲\nB. 乙\n"


def _lines(text: str, spans: list[tuple[int, int]], skipped=()):
    return [(text.count("\n", 0, line.offset) + 1, line.question)
            for line in question_like_lines(text, DOT_NUMBER, [s for s, _ in spans], [e for _, e in spans], skipped)]


def test_a_numbered_line_with_options_inside_a_question_is_absorbed_by_it():
    text = QUESTION.format(n=1) + "答案：A\n" + QUESTION.format(n=1)
    assert _lines(text, [(0, len(text))]) == [(5, 0)]


def test_a_numbered_line_with_an_answer_outside_every_question_is_unread():
    text = "說明\n7. 甲乙丙\n答案：B\n" + QUESTION.format(n=1)
    start = text.index("1. ")
    assert _lines(text, [(start, len(text))]) == [(2, None)]


def test_numbered_lists_indented_items_keys_and_question_starts_are_no_question_lines():
    explanation = "解析：\n1. 第一點\n2. 第二點\n"
    sub_items = "3. 哪個？\n  1. 甲\n  2. 乙\n答案：1\n"
    key = "1. A\nB. 乙\n"  # a key's lines, skipped by the caller
    text = QUESTION.format(n=1) + "答案：A\n" + explanation + QUESTION.format(n=2) + sub_items + key
    starts = [0, text.index("2. 下列"), text.index("3. 哪個")]
    ends = [*starts[1:], text.index("1. A")]
    assert question_like_lines(text, DOT_NUMBER, starts, ends, [(ends[-1], len(text))]) == []


def test_the_field_holding_a_line_is_named():
    options = [("A", "甲"), ("B", "乙\n2. 下列哪個")]
    assert field_holding("2. 下列哪個", "題", options, "A", "") == ("option", "B")
    assert field_holding("2. 下列哪個", "題", [], "A\n2. 下列哪個", "") == ("answer", "")
    assert field_holding("2. 下列哪個", "題", [], None, "") == ("stem", "")


def test_a_question_read_as_part_of_another_is_flagged_on_it():
    # the third question's number goes back (a typo): it is no question, and its text is
    # absorbed by the second, which is flagged saying where
    bank = lint(parse_text("""
        1. 甲？
        A. 一
        B. 二
        答案：A
        2. 乙？
        A. 一
        B. 二
        答案：B
        2. 丙？
        A. 三
        B. 四
        3. 丁？
        A. 五
        B. 六
        答案：A
    """))
    flagged = [(q.id, f.message) for q in bank.questions for f in q.flags if f.code == "absorbed-question"]
    assert len(flagged) == 1 and "第9行「2. 丙？」" in flagged[0][1]


def test_check_lists_each_section_and_strict_fails_on_an_unread_line(tmp_path):
    bank = tmp_path / "bank.txt"
    bank.write_text("1. 甲？\nA. 一\nB. 二\n答案：A\n2. 乙？\nA. 一\nB. 二\n答案：B\n2. 丙？\nA. 三\nB. 四\n"
                    "3. 丁？\nA. 五\nB. 六\n答案：A\n", encoding="utf-8")
    result = run("check", "--strict", bank)
    assert "section 1 '題目' (line 1): 3 questions read" in result.stdout
    assert "absorbed-question" in result.stdout and result.returncode == 1


def test_unread_lines_are_listed_under_their_section_and_on_the_report_page():
    bank = parse_text("""
        一、单选题
        1. 甲？
        A. 一
        B. 二
        答案：A
    """)
    from dataclasses import replace

    from generator.bank.model import Position, Stray
    unread = Stray("9. 漏讀的題", Position(4, 1, bank.chapters[0].position.offset + 5), "numbered question not read")
    bank = replace(bank, unread=(unread,))
    lines = section_lines(bank)
    assert lines[0].startswith("section 1 '单选题' (line 1): 1 question read")
    assert lines[1] == "test.txt:4:1: warning: [unread] numbered question not read: '9. 漏讀的題'"
    page = render_report([bank], RenderContext(ui=UI)).markdown
    assert UI["unread_title"] in page and "9\\. 漏讀的題" in page and "| 1 | 单选题 | 1 |" in page


def test_accounting_takes_linear_time():
    def bank(n: int) -> tuple[str, list[int], list[int]]:
        # every other question's options swallowed the next one (its start is no question's)
        pieces = [QUESTION.format(n=k) + "答案：A\n解析：\n1. 甲\n2. 乙\n" for k in range(1, n + 1)]
        starts, offset = [], 0
        for k, piece in enumerate(pieces):
            if k % 2 == 0:
                starts.append(offset)
            offset += len(piece)
        return "".join(pieces), starts, [*starts[1:], offset]

    banks = {n: bank(n) for n in (1000, 4000)}
    assert_linear(lambda n: question_like_lines(banks[n][0], DOT_NUMBER, *banks[n][1:]), 4000)


def test_the_report_page_names_every_reason_a_text_is_set_apart_in_the_guides_language():
    bank = parse_text("1. 甲？\nA. x\nB. y\n\n::: tip 答案\n\nA\n\n:::\n\n::: info 广告\n\n辅导班\n\n:::\n\n"
                      "2. 乙？\nA. x\nB. y\n答案：B\n\n答案\n1.A 2.B 3.C\n")
    page = render_report([bank], RenderContext(ui=UI)).markdown
    reasons = {stray.reason for stray in bank.stray}
    assert {"markup", "after the answer"} <= reasons
    assert not [reason for reason in reasons if f"（{reason}）" in page]  # each said in Chinese
