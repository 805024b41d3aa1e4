"""One test per layout that banks of this kind come in (issue: core parsing)."""
import pytest

from generator.bank.model import QuestionType as T
from tests.inline_bank import parse_text


def only(bank):
    (question,) = bank.questions
    return question


def test_one_item_per_line():
    bank = parse_text("""
        一、單項選擇題
        1. 關於學習率，正確的是
        A. 越大越好
        B. 需要調整
        C. 固定不變
        D. 與batch無關
        答案：B
        解析：學習率需要調整。
    """)
    q = only(bank)
    assert (q.number, q.type, q.answer) == (1, T.SINGLE, "B")
    assert q.stem == "關於學習率，正確的是"
    assert [o.text for o in q.options] == ["越大越好", "需要調整", "固定不變", "與batch無關"]
    assert q.explanation == "學習率需要調整。"
    assert bank.chapters[0].title == "單項選擇題"
    assert (q.position.line, q.position.column) == (2, 1)


def test_everything_on_one_line():
    bank = parse_text("題庫一、基礎1.（單選）甲還是乙A.甲B.乙答案：A解析：甲。"
                      "2.（判斷）天是藍的答案：√二、進階3.（填空）1+1=____答案：2")
    assert [c.title for c in bank.chapters] == ["基礎", "進階"]
    assert [(q.number, q.type, q.answer) for q in bank.questions] == [
        (1, T.SINGLE, "A"), (2, T.JUDGE, "true"), (3, T.FILL, "2")]
    assert bank.preamble == "題庫"


def test_markdown_paragraphs():
    bank = parse_text("""
        # 2024 題庫

        # 第03章-深度學習

        **1.** (多選) 下列正確的有

        A．卷積

        B．池化

        C．全連接

        **答案：** A,C

        **解析：** 都對。
    """)
    q = only(bank)
    assert bank.chapters[0].title == "深度學習"
    assert bank.preamble == "# 2024 題庫"
    assert bank.title == "2024 題庫"
    assert (q.type, q.answer, len(q.options)) == (T.MULTIPLE, "AC", 3)
    assert q.explanation == "都對。"


@pytest.mark.parametrize("heading, title", [
    ("一、機器學習基礎", "機器學習基礎"),
    ("第一章　緒論", "緒論"),
    ("第2章：模型", "模型"),
    ("# 第03章-深度學習", "深度學習"),
    ("## 二、多选题(共15題)", "二、多选题(共15題)"),
])
def test_chapter_heading_forms(heading, title):
    bank = parse_text(f"{heading}\n1. 題目\nA.甲\nB.乙\n答案：A\n")
    assert bank.chapters[0].title == title


@pytest.mark.parametrize("heading, qtype", [
    ("一、單項選擇題", T.SINGLE), ("二、多选题(共15題)", T.MULTIPLE), ("三、判斷題", T.JUDGE),
    ("四、简答题", T.SHORT), ("五、填空題", T.FILL), ("六、計算題", T.CALC), ("七、案例分析題", T.CASE),
])
def test_type_headings_give_the_type_of_their_questions(heading, qtype):
    bank = parse_text(f"{heading}\n1. 題目甲\n答案：A\n2. 題目乙\n答案：B\n")
    assert [q.type for q in bank.questions] == [qtype, qtype]


@pytest.mark.parametrize("number", ["1.", "1．", "1、", "題目1", "題目1："])
def test_question_number_forms(number):
    q = only(parse_text(f"一、題\n{number}下列哪個是水果\nA.蘋果\nB.石頭\n答案：A\n"))
    assert (q.number, q.stem, q.answer) == (1, "下列哪個是水果", "A")


@pytest.mark.parametrize("bracket, qtype", [
    ("（單選）", T.SINGLE), ("(多選)", T.MULTIPLE), ("（判断）", T.JUDGE), ("（單選題）", T.SINGLE),
    ("(多选题)", T.MULTIPLE), ("（填空）", T.FILL), ("（計算）", T.CALC), ("（簡答）", T.SHORT),
    ("（案例分析）", T.CASE),
])
def test_type_in_brackets(bracket, qtype):
    q = only(parse_text(f"1.{bracket}題目\n答案：A\n"))
    assert q.type is qtype
    assert q.stem == "題目"


@pytest.mark.parametrize("body, qtype", [
    ("選哪個\nA.甲\nB.乙\n答案：B", T.SINGLE),
    ("選哪些\nA.甲\nB.乙\nC.丙\n答案：BC", T.MULTIPLE),
    ("地球是圓的\n答案：對", T.JUDGE),
    ("1+1=______\n答案：2", T.FILL),
    ("說明原理\n答案：因為如此。", T.SHORT),
])
def test_type_is_inferred_without_bracket_or_heading(body, qtype):
    assert only(parse_text(f"1. {body}\n")).type is qtype


@pytest.mark.parametrize("options", [
    "A.甲\nB.乙\nC.丙\nD.丁\nE.戊\nF.己",
    "A．甲\nB．乙\nC．丙\nD．丁\nE．戊\nF．己",
    "A、甲\nB、乙\nC、丙\nD、丁\nE、戊\nF、己",
    "Ａ．甲\nＢ．乙\nＣ．丙\nＤ．丁\nＥ．戊\nＦ．己",
    "A 甲\nB 乙\nC 丙\nD 丁\nE 戊\nF 己",
    "(A)甲 (B)乙 (C)丙 (D)丁 (E)戊 (F)己",
    "A.甲B.乙C.丙D.丁E.戊F.己",
])
def test_option_forms_up_to_f(options):
    q = only(parse_text(f"1.（多選）哪些\n{options}\n答案：ACF\n"))
    assert [(o.label, o.text) for o in q.options] == list(zip("ABCDEF", "甲乙丙丁戊己", strict=True))
    assert q.answer == "ACF"


@pytest.mark.parametrize("glued, texts", [
    ("A.3B.6C.12D.24", ["3", "6", "12", "24"]),
    ("A.p_trueB.p_trueC.1p_trueD.0", ["p_true", "p_true", "1p_true", "0"]),
    ("A.2.5/127B.2.5/128C.2.5/255D.2.5/256", ["2.5/127", "2.5/128", "2.5/255", "2.5/256"]),
])
def test_glued_options_split_at_the_next_label(glued, texts):
    q = only(parse_text(f"1.（單選）幾小時{glued}答案：A"))
    assert [o.text for o in q.options] == texts


@pytest.mark.parametrize("answer, expected", [
    ("答案：B", "B"), ("答案:B", "B"), ("【答案】B", "B"), ("參考答案：B", "B"), ("参考答案：B", "B"),
    ("答案：B、C", "BC"), ("答案：BCD", "BCD"), ("答案：A,C", "AC"), ("答案：c，a", "AC"),
])
def test_choice_answer_forms(answer, expected):
    q = only(parse_text(f"1.（多選）題\nA.甲\nB.乙\nC.丙\nD.丁\n{answer}\n"))
    assert q.answer == expected


@pytest.mark.parametrize("token, value", [
    ("√", "true"), ("×", "false"), ("對", "true"), ("錯", "false"), ("对", "true"), ("错", "false"),
    ("正確", "true"), ("錯誤", "false"), ("正确", "true"), ("错误", "false"), ("是", "true"), ("否", "false"),
])
def test_judge_answers_in_either_script(token, value):
    assert only(parse_text(f"1.（判斷）天是藍的\n答案：{token}\n")).answer == value


def test_judge_with_true_false_options():
    q = only(parse_text("1.（判斷）天是藍的\nA.正確\nB.錯誤\n答案：B\n"))
    assert q.answer == "false"


@pytest.mark.parametrize("marker", ["解析：", "【解析】", "解答：", "解析:"])
def test_explanation_markers(marker):
    q = only(parse_text(f"1.（單選）題\nA.甲\nB.乙\n答案：A\n{marker}因為甲。\n"))
    assert q.explanation == "因為甲。"


def test_explanation_only_answer():
    q = only(parse_text("1.（簡答）說明原理\n答案解析：原理如下。\n"))
    assert q.answer is None
    assert q.explanation == "原理如下。"


def test_preamble_furniture_and_exam_tags():
    bank = parse_text("""
        2023年人工智能訓練師真題
        第1頁
        版權所有 © 某網站
        一、單項選擇題
        1.【23下】題目甲
        A.甲
        B.乙
        答案：A
        第2頁
        2.【22上】【重點】題目乙
        A.甲
        B.乙
        答案：B
    """)
    assert bank.title == "2023年人工智能訓練師真題"
    assert "第1頁" in bank.preamble and "版權所有" in bank.preamble
    q1, q2 = bank.questions
    assert q1.exam_tags == ("23下",) and q1.stem == "題目甲"
    assert q2.exam_tags == ("22上", "重點")
    assert [o.text for o in q1.options] == ["甲", "乙"]
    assert [(s.text, s.reason) for s in bank.stray] == [("第2頁", "page furniture")]


def test_a_furniture_line_running_on_into_a_question_is_furniture_up_to_it():
    bank = parse_text("""
        一、單選題
        本資料版權所有 ©題目1（單選）甲還是乙A.甲B.乙答案：B
        2.（單選）丙還是丁A.丙B.丁答案：A
    """)
    q1, q2 = bank.questions
    assert (q1.stem, q1.answer, q2.stem) == ("甲還是乙", "B", "丙還是丁")
    assert [(s.text, s.reason) for s in bank.stray] == [("本資料版權所有 ©", "page furniture")]


def test_code_tables_and_images_in_answers_are_kept():
    bank = parse_text("""
        1.（簡答）給出代碼
        答案：如下：
        ```python
        for i in range(3):
            print(i)  # 1. 不是題號
        答案：不是標記
        ```
        <table><tr><td>1.</td><td>值</td></tr></table>
        ![圖](http://example.com/a.png)
        2.（簡答）下一題
        答案：好
    """)
    q1, q2 = bank.questions
    assert q1.answer_text is not None
    assert "    print(i)  # 1. 不是題號\n答案：不是標記\n```" in q1.answer_text
    assert "<table><tr><td>1.</td>" in q1.answer_text and "![圖](http://example.com/a.png)" in q1.answer_text
    assert (q2.number, q2.answer) == (2, "好")


def test_a_bank_that_ends_inside_a_question_keeps_it():
    bank = parse_text("1.（單選）甲A.甲B.乙答案：A2.（多選）下列屬于紅隊評估常用技術的有A.梯度基對抗后綴攻擊（GCG）")
    last = bank.questions[-1]
    assert (last.number, last.type, last.answer) == (2, T.MULTIPLE, None)
    assert [o.text for o in last.options] == ["梯度基對抗后綴攻擊（GCG）"]


def test_numbering_restarting_per_chapter_keeps_ids_unique():
    bank = parse_text("一、甲\n1. 題\n答案：A\n2. 題\n答案：B\n二、乙\n1. 題\n答案：C\n")
    assert [q.id for q in bank.questions] == ["c1-q1", "c1-q2", "c2-q1"]


def test_duplicate_and_missing_numbers_are_kept():
    bank = parse_text("1. 甲\n答案：A\n3. 乙\n答案：B\n3. 丙\n答案：C\n")
    assert [(q.id, q.stem) for q in bank.questions] == [("q1", "甲"), ("q3", "乙"), ("q3-2", "丙")]


def test_numbered_lists_inside_answers_are_not_questions():
    bank = parse_text("""
        1.（簡答）列出步驟
        答案：
        1. 收集數據
        2. 訓練模型
        3. 評估
        2.（簡答）下一題
        答案：好
    """)
    q1, q2 = bank.questions
    assert q1.answer_text is not None
    assert "1. 收集數據\n2. 訓練模型\n3. 評估" in q1.answer_text
    assert q2.stem == "下一題"


def test_text_before_the_first_question_of_a_chapter_is_its_intro():
    bank = parse_text("一、單項選擇題\n（每題2分，共20分）\n1. 題\nA.甲\nB.乙\n答案：A\n")
    assert bank.chapters[0].intro == "（每題2分，共20分）"


def test_a_heading_with_no_questions_is_reported():
    bank = parse_text("一、甲\n1. 題\n答案：A\n二、空章\n本章題目缺失\n三、丙\n2. 題\n答案：B\n")
    assert [c.title for c in bank.chapters] == ["甲", "丙"]
    assert [(s.text, s.reason) for s in bank.stray] == [("二、空章\n本章題目缺失", "heading with no questions")]


def test_inline_headings_past_ten_chapters():
    numerals = "一二三四五六七八九十"
    chapters = [numerals[i] if i < 10 else "十" + numerals[i - 10] for i in range(11)]
    text = "".join(f"{n}、第{i + 1}章{i + 1}.（單選）題A.甲B.乙答案：A" for i, n in enumerate(chapters))
    bank = parse_text(text)
    assert [c.title for c in bank.chapters] == [f"第{i}章" for i in range(1, 12)]
