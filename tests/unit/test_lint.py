"""Every lint code fires on a small bank made for it and stays quiet where it should."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.bank.lint import lint
from generator.bank.model import Severity
from generator.read.load import read_bank
from tests.inline_bank import parse_text
from tests.paths import TEST_BANKS

BANKS = TEST_BANKS / "lint"
GOOD_TAIL = "\n99.（單選）收尾題\nA.甲\nB.乙\n答案：A\n解析：甲。\n"


def flags_of(text: str, qid: str = "q1", tail: bool = True):
    """The flags lint gives question ``qid`` of an inline bank.

    ``tail`` appends a complete last question so that the question under test is not
    also the bank's last one (which the truncation check looks at).
    """
    bank = parse_text(text)
    if tail:
        number = bank.questions[-1].number + 1
        bank = parse_text(text.rstrip() + GOOD_TAIL.replace("99", str(number)))
    return lint(bank).question(qid).flags


def codes(flags) -> list[str]:
    return [f.code for f in flags]


def one(flags, code):
    (flag,) = [f for f in flags if f.code == code]
    return flag


def choice(stem="下列正確的是", options="A.甲\nB.乙\nC.丙\nD.丁", answer="A", explanation="甲。", kind="單選"):
    return f"一、甲\n1.（{kind}）{stem}\n{options}\n答案：{answer}\n解析：{explanation}\n"


# -- a clean question --------------------------------------------------------------------

def test_a_clean_bank_has_no_flags():
    bank = lint(read_bank(BANKS / "clean.txt"))
    assert [(q.id, q.flags) for q in bank.questions if q.flags] == []
    assert len(bank.questions) == 4


# -- truncated and missing-answer --------------------------------------------------------

def test_a_bank_cut_off_in_its_last_question_is_flagged():
    bank = lint(read_bank(BANKS / "cut-off.txt"))
    last = bank.questions[-1]
    flag = one(last.flags, "truncated")
    assert flag.severity is Severity.ERROR
    assert "第2題" in flag.message and "梯度基對抗" in flag.message
    assert one(last.flags, "missing-answer").severity is Severity.INFO  # truncated already says it
    assert bank.questions[0].flags == ()


@pytest.mark.parametrize("ending, reason", [
    ("答案：見下文，", "句子沒有結束"),
    ("答案：代碼如下```pythonimport torch", "程式碼區塊沒有結束"),
])
def test_a_last_question_visibly_cut_off_is_truncated(ending, reason):
    flags = flags_of(f"一、甲\n1.（簡答）說明原理\n答案：甲。\n2.（簡答）描述方法\n{ending}", "q2", tail=False)
    assert reason in one(flags, "truncated").message


def test_a_complete_last_question_is_not_truncated():
    assert flags_of(choice(), tail=False) == ()


@pytest.mark.parametrize("ending", [
    "答案：×", "答案：√", "答案：×\n解析：故本題×", "答案：錯\n解析：說法錯誤，判為×", "答案：√\n解析：正確 √",
])
def test_a_complete_judge_question_ending_in_its_mark_is_not_truncated(ending):
    flags = flags_of(f"一、甲\n1.（判斷）甲。\n答案：√\n2.（判斷）乙。\n{ending}\n", "q2", tail=False)
    assert flags == ()


@pytest.mark.parametrize("ending", ["參數量=2×", "總計為d×", "(a+b) ×", "約1.5×10^9×", "n₁×"])
def test_a_text_cut_after_a_times_sign_in_a_formula_is_truncated(ending):
    flags = flags_of(f"一、甲\n1.（判斷）甲。\n答案：√\n2.（計算）求參數量\n答案：見解析\n解析：{ending}", "q2",
                     tail=False)
    assert "句子沒有結束" in one(flags, "truncated").message


def test_truncation_needs_the_question_to_run_to_the_end_of_the_source():
    bank = parse_text("一、甲\n1.（單選）題\nA.甲\nB.乙\n答案：A\n2.（多選）下列屬於的有A.梯度")
    end = bank.questions[-1].end_offset
    assert "truncated" in codes(lint(bank, source_length=end).question("q2").flags)
    assert "truncated" not in codes(lint(bank, source_length=end + 50).question("q2").flags)


def test_a_missing_answer_in_the_middle_is_an_error():
    flag = one(flags_of("一、甲\n1.（單選）題\nA.甲\nB.乙\n解析：甲。\n"), "missing-answer")
    assert flag.severity is Severity.ERROR and "第1題" in flag.message


def test_a_short_question_answered_in_its_explanation_is_not_missing_its_answer():
    assert flags_of("一、甲\n1.（簡答）說明原理\n答案解析：因為甲，所以乙。\n") == ()


# -- answers against options and explanation -------------------------------------------

def test_an_answer_letter_that_is_no_option():
    flag = one(flags_of(choice(answer="E")), "answer-not-in-options")
    assert flag.severity is Severity.ERROR and "E" in flag.message and "ABCD" in flag.message
    assert "answer-not-in-options" not in codes(flags_of(choice(answer="D")))


def test_a_choice_answer_that_is_not_letters():
    flag = one(flags_of(choice(answer="見解析")), "answer-not-in-options")
    assert flag.severity is Severity.WARNING and "見解析" in flag.message


@pytest.mark.parametrize("answer, fires", [("0", True), ("1", True), ("√", False), ("錯", False)])
def test_a_judge_answer_written_as_a_code_is_an_error(answer, fires):
    flags = flags_of(f"一、甲\n1.（判斷）地球是圓的。\n答案：{answer}\n")
    assert ("judge-answer-code" in codes(flags)) is fires
    if fires:
        flag = one(flags, "judge-answer-code")
        assert flag.severity is Severity.ERROR and f"「{answer}」" in flag.message and "answer_codes" in flag.message


@pytest.mark.parametrize("kind, answer, fires", [
    ("單選", "A、B", True), ("單選", "B", False), ("多選", "C", True), ("多選", "A、C", False),
])
def test_answer_count(kind, answer, fires):
    flags = flags_of(choice(kind=kind, answer=answer))
    assert ("answer-count" in codes(flags)) is fires
    if fires:
        assert kind in one(flags, "answer-count").message


@pytest.mark.parametrize("answer, explanation, fires", [
    ("B", "A錯，C錯；答案應為C。", True),
    ("B", "甲乙丙，故答案為B。", False),
    ("B", "原答案有誤，更正如下：甲才對。", True),
    ("B", "甲乙丙都不對。", False),
])
def test_answer_conflict_for_choices(answer, explanation, fires):
    flags = flags_of(choice(answer=answer, explanation=explanation))
    assert ("answer-conflict" in codes(flags)) is fires


@pytest.mark.parametrize("answer, explanation, fires", [
    ("0.2", "每層2rd，共75497472≈7550萬；答案：7550.0萬。", True),
    ("7550", "共75497472≈7550萬；答案：7550.0萬。", False),
    ("2.84", "E=1/0.344≈2.91；更正：再核算得2.63。", True),
])
def test_answer_conflict_for_numbers(answer, explanation, fires):
    flags = flags_of(f"一、甲\n1.（計算）求參數量______\n答案：{answer}\n解析：{explanation}\n")
    assert ("answer-conflict" in codes(flags)) is fires
    if fires:
        flag = one(flags, "answer-conflict")
        assert flag.severity is Severity.WARNING and answer in flag.message and "第1題" in flag.message


# -- options out of order and unterminated code -----------------------------------------

@pytest.mark.parametrize("options, found", [
    ("B.4\nA.2\nC.6\nD.8", "B、A、C、D"), ("A.1\nB.3\nD.4\nC.5", "A、B、D、C"), ("B.乙\nA.甲", "B、A"),
])
def test_options_out_of_order_are_flagged_with_the_order_found(options, found):
    flag = one(flags_of(choice(options=options, answer="A")), "options-out-of-order")
    assert flag.severity is Severity.WARNING
    assert "第1題" in flag.message and found in flag.message


@pytest.mark.parametrize("options", ["A.甲\nB.乙\nC.丙\nD.丁", "A.3B.6C.12D.24", "(A) 甲 (B) 乙 (C) 丙"])
def test_options_in_order_are_not_flagged(options):
    assert "options-out-of-order" not in codes(flags_of(choice(options=options, answer="A")))


@pytest.mark.parametrize("options, label, count", [
    ("A.a\nB.b\nC.c\nD.d\nE.e\nF.f\nG.g\nH.h\nI.i\nJ.j", "H", "2個選項標記（I.、J.）"),  # options past H
    ("A.a B.b C.c D.d E.e F.f G.g H.h I.i J.j", "H", "2個選項標記（I.、J.）"),  # on one line
    ("A.a\nB.b\nF.f\nF.x\n(G) y", "B", "3個選項標記（F.、F.、(G)）"),  # labels out of turn
])
def test_option_markers_left_inside_an_option_are_flagged(options, label, count):
    flag = one(flags_of(choice(options=options, answer="A")), "options-glued")
    assert flag.severity is Severity.WARNING and f"第1題選項{label}的文字中還有{count}" in flag.message


def test_ten_thousand_options_glued_into_h_are_one_short_flag():
    options = "A.a\nB.b\nC.c\nD.d\nE.e\nF.f\nG.g\nH.h\n" + "".join(f"{chr(73 + i % 18)}.x{i}\n" for i in range(10_000))
    flag = one(flags_of(choice(options=options.rstrip(), answer="A")), "options-glued")
    assert "10000個選項標記（I.、J.、K.、L.、M.…）" in flag.message and len(flag.message) < 120


@pytest.mark.parametrize("options", ["A.在 U.S. 發布\nB.乙", "A.甲 G.E. 公司\nB.乙", "A.公式 x=G.\nB.乙",
                                     "A.甲\nB.乙\nC.丙\nD.丁"])
def test_text_that_only_looks_like_a_label_is_not_flagged(options):
    assert "options-glued" not in codes(flags_of(choice(options=options, answer="A")))


def test_a_question_without_options_is_not_out_of_order():
    assert flags_of("一、甲\n1.（簡答）說明B與A的差別\n答案：甲。\n") == ()


@pytest.mark.parametrize("field, text, label", [
    ("答案", "答案：代碼如下\n```python\ndef f(x):\n    return x", "答案"),
    ("解析", "答案：見解析\n解析：```bash\npip install torch", "解析"),
    ("題幹", "以下代碼```python\nx = 1\n輸出什麼？\n答案：1", "題幹"),
    ("答案", "答案：先看```a = 1```，再看```python\nb = 2", "答案"),
])
def test_a_code_fence_left_open_in_the_middle_of_the_bank_is_flagged(field, text, label):
    flags = flags_of(f"一、甲\n1.（簡答）{text}\n")  # a complete question follows: not the last one
    flag = one(flags, "unterminated-code")
    assert flag.severity is Severity.WARNING
    assert flag.message.startswith(f"第1題{label}") and "```" in flag.message
    assert "truncated" not in codes(flags)


@pytest.mark.parametrize("answer", [
    "```python\ndef f(x):\n    return x\n```", "```pip install torch```", "先```a```後```b```", "沒有代碼",
])
def test_closed_code_fences_are_not_flagged(answer):
    assert "unterminated-code" not in codes(flags_of(f"一、甲\n1.（簡答）寫出代碼\n答案：{answer}\n"))


def test_a_fence_left_open_at_the_end_of_the_bank_is_truncated_and_only_noted_as_open_code():
    flags = flags_of("一、甲\n1.（簡答）說明原理\n答案：甲。\n2.（簡答）寫代碼\n答案：```pythonimport torch", "q2",
                     tail=False)
    assert "程式碼區塊沒有結束" in one(flags, "truncated").message
    assert one(flags, "unterminated-code").severity is Severity.INFO


# -- numbering ---------------------------------------------------------------------------

def test_a_repeated_number_is_flagged_on_its_second_occurrence():
    bank = lint(parse_text(choice() + "2.（單選）乙\nA.甲\nB.乙\n答案：A\n2.（單選）丙\nA.甲\nB.乙\n答案：B\n"
                           "3.（單選）丁\nA.甲\nB.乙\n答案：B\n"))
    assert [q.id for q in bank.questions] == ["q1", "q2", "q2-2", "q3"]
    assert codes(bank.question("q2").flags) == []
    assert codes(bank.question("q2-2").flags) == ["duplicate-number"]
    assert codes(bank.question("q3").flags) == []


def test_a_gap_in_the_numbering():
    bank = lint(parse_text(choice() + "2.（單選）乙\nA.甲\nB.乙\n答案：A\n5.（單選）丙\nA.甲\nB.乙\n答案：B\n"))
    flag = one(bank.question("q5").flags, "numbering-gap")
    assert "第3–4題" in flag.message and flag.severity is Severity.WARNING
    assert bank.question("q2").flags == ()


def test_numbering_that_restarts_in_each_chapter_is_fine():
    chapter = "{n}、{title}\n1.（單選）甲\nA.甲\nB.乙\n答案：A\n2.（單選）乙\nA.甲\nB.乙\n答案：B\n"
    bank = lint(parse_text(chapter.format(n="一", title="基礎") + chapter.format(n="二", title="進階")))
    assert [q.id for q in bank.questions] == ["c1-q1", "c1-q2", "c2-q1", "c2-q2"]
    assert [q.flags for q in bank.questions] == [()] * 4


# -- damage ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, found", [
    ("LARS系數η?=η×‖w‖/(‖?w‖+λ‖w‖)", "η?=η"),
    ("已知β?=0.9，求解", "β?=0.9"),
    ("權重‖?w‖的范數", "‖?w‖"),
    ("令m??=0.5，求值", "m??=0.5"),
    ("若θ?，則更新", "θ?，"),
    ("損失為log(p?)的相反數", "log(p?)"),
])
def test_lost_characters_are_flagged(text, found):
    flag = one(flags_of(choice(stem=text)), "lost-character")
    assert found in flag.message and "題幹" in flag.message and flag.severity is Severity.WARNING


@pytest.mark.parametrize("stem", [
    "下列哪一個是正確的?", "下列哪一個是正確的？", "下列哪一個是正確的?（  ）", "什麼是RLHF?",
    "參考 https://example.com/page?id=3 的說明", "“s的p是？”這類問題如何生成",
    "學習率記作η?", "下列何者等於‖w‖?（  ）",  # after a Greek letter or a sign, yet at the end
])
def test_a_question_mark_that_is_punctuation_is_not_a_lost_character(stem):
    assert "lost-character" not in codes(flags_of(choice(stem=stem)))


def test_garbled_text_is_flagged():
    flag = one(flags_of(choice(stem="出現專家崩塌。請?zhí)岢鰞身椄倪M并給出指標")), "garbled-text")
    assert "岢鰞身椄" in flag.message and flag.severity is Severity.WARNING
    assert "lost-character" not in codes(flags_of(choice(stem="請?zhí)岢鰞身椄倪M")))
    assert "garbled-text" in codes(flags_of(choice(explanation="對稱量化scale=amax/127，確?！繿max映射到±127。")))


@pytest.mark.parametrize("stem", [
    "閾值=1.5時攔截爲何有效", "他說這裏的羣組啓動了", "鑑於齲齒與龜裂的關係", "请提出两项改进并给出指标",
])
def test_uncommon_but_real_characters_are_not_garbled(stem):
    assert "garbled-text" not in codes(flags_of(choice(stem=stem)))


@pytest.mark.parametrize("text, found", [
    ("峰值lr=3e4，求", "lr=3e4"),
    ("當weightdecay=1e4時", "1e4"),
    ("平滑項√v+1e8", "1e8"),
    ("偏差修正m/(1β?^5)", "(1β"),
    ("=0.015/(10.9^5)=", "10.9^5"),
    ("0.25×(10.7)^2", "(10.7)"),
    ("比值在[1ε,1+ε]之外", "[1ε"),
])
def test_lost_minus_signs_are_flagged(text, found):
    flag = one(flags_of(choice(stem=text)), "lost-minus")
    assert found in flag.message


@pytest.mark.parametrize("stem", [
    "峰值lr=3e-4，求", "訓練1e4步後", "共1e9 tokens", "增長10.9%", "1−β₁^5", "使用1epoch訓練", "版本為10.5",
])
def test_numbers_that_are_right_are_not_lost_minus_signs(stem):
    assert "lost-minus" not in codes(flags_of(choice(stem=stem)))


def test_code_that_lost_its_whitespace_is_flagged():
    squashed = "偽代碼如下：```pythonfromtorch.distributedimportinit_process_groupmodel=FSDP(model,device_id=0)```完。"
    flag = one(flags_of(f"一、甲\n1.（簡答）寫出代碼\n答案：{squashed}\n"), "code-whitespace-lost")
    assert "```pythonfromtorch" in flag.message and "答案" in flag.message
    no_indent = "```python\ndef f(x):\nreturn x\n```"
    assert "code-whitespace-lost" in codes(flags_of(f"一、甲\n1.（簡答）寫出代碼\n答案：{no_indent}\n"))


@pytest.mark.parametrize("code", [
    "```python\ndef f(x):\n    return x\n```", "```pip install torch```", "```dynamic_batching {}```",
])
def test_code_with_its_whitespace_is_not_flagged(code):
    assert "code-whitespace-lost" not in codes(flags_of(f"一、甲\n1.（簡答）寫出代碼\n答案：{code}\n"))


def test_code_is_not_searched_for_lost_characters_or_minus_signs():
    code = "```python\nx = a?.b if lr == 3e4 else (1p?)\n```"
    assert flags_of(f"一、甲\n1.（簡答）寫出代碼\n答案：{code}\n") == ()


def test_the_rarity_tables_classify_every_searched_character_as_the_codecs_do():
    from generator.bank import damage
    rare, uncommon = damage._uncommon_characters()
    for code in [*range(0x3400, 0x4DC0), *range(0x4E00, 0xA000)]:
        char = chr(code)
        rarity = damage._rarity(char)
        assert (rare.fullmatch(char) is not None, char in uncommon) == (rarity == 2, rarity >= 1), char
    assert not rare.search("請提出兩項改進") and rare.search("岢鰞")  # a common sentence; mojibake


def test_many_hits_in_one_field_make_one_flag_that_counts_them():
    stem = "β?=0.9，一段文字，β?=0.99，另一段文字，γ?=1，又一段文字，δ?=2，最後一段，ε?=3"
    flag = one(flags_of(choice(stem=stem)), "lost-character")
    assert flag.message.endswith("等5處")



# Near misses of every damage rule: their characters, apart and together, in and out of math and code.
# The characters a clue needs on their own are rarer, so that most texts lack a clue and are checked.
CLUE_PIECES = [*"?？\ufffd1", "Ã\u0091", "â€", "ï¼", "锟斤拷", "烫烫烫", "岢鰞椄繿", "```", "3e4", "η?", "β？", "10.7"]
QUIET_PIECES = [*"e0.9^_)(]，、,=×*/‖∈√βεηαA-Zaxp甲請 \n\x02\x03", "```python\n", "lr=", "學習率",
                "https://e.com/?", "zhí", "e4", "3e", "3", "4", "def f(x):", "return x",
                "model=FSDP(model,device_id=0)"]
DAMAGE_PIECES = QUIET_PIECES * 6 + CLUE_PIECES
# Damage of each kind, found by each rule's every way of finding it.
DAMAGED = ["請?zhí)岢鰞身椄", "確?！繿max", "鰞椄繿", "Ã\u0091", "锟斤拷", "η?=η", "‖?w‖", "θ?，", "a\ufffdb", "θ？=1",
           "lr=3e4", "√v+1e8", "(1β?^5)", "/(10.9^5)", "×(10.7)", "[1ε,1+ε]",
           "```pythonfromtorch.distributedimportinit_process_groupmodel=FSDP(model)```",
           "```python\ndef f(x):\nreturn x\n```"]


@pytest.mark.parametrize("text", DAMAGED)
def test_each_kind_of_damage_holds_the_clue_damage_flags_looks_for(text):
    from generator.bank import damage
    views = damage._views(text)
    assert any(find(views) for _, _, find in damage.DAMAGE_RULES)
    assert damage._damage_clue().search(text)


@given(st.lists(st.sampled_from(DAMAGE_PIECES), max_size=30).map("".join))
@settings(max_examples=1500, deadline=None)
def test_a_field_without_the_damage_clue_has_no_damage_any_rule_finds(text):
    from generator.bank import damage
    if damage._damage_clue().search(text) is None:  # the fields damage_flags skips
        views = damage._views(text)
        assert [find(views) for _, _, find in damage.DAMAGE_RULES] == [[]] * len(damage.DAMAGE_RULES)


# -- lint itself -------------------------------------------------------------------------

def test_lint_changes_no_text_and_keeps_earlier_flags_once():
    bank = parse_text(choice(stem="已知β?=0.9"))
    once = lint(bank)
    twice = lint(once)
    assert once.question("q1").flags == twice.question("q1").flags
    assert [(q.stem, q.options, q.answer, q.explanation) for q in twice.questions] == \
           [(q.stem, q.options, q.answer, q.explanation) for q in bank.questions]


def test_editor_math_is_not_searched_for_damage():
    bank = parse_text(choice(stem="已知參數"))
    from dataclasses import replace
    q = bank.questions[0]
    marked = replace(q, stem="已知\x02\\beta?=1-p?\x03的值")
    bank = replace(bank, chapters=(replace(bank.chapters[0], questions=(marked,)),))
    assert lint(bank).questions[0].flags == ()


CODES = {"truncated", "missing-answer", "answer-conflict", "answer-not-in-options", "answer-count", "answer-in-words",
         "duplicate-number", "numbering-gap", "lost-character", "garbled-text", "lost-minus", "code-whitespace-lost",
         "options-out-of-order", "options-glued", "unterminated-code", "judge-answer-code",
         "answer-formatting-conflict", "option-overlong"}


PIECES = [*list("甲乙?？()（）`\n 1e4β‖w:=^_-−ABxyp請岢鰞椄繿"), "```", "```python\n", "答案：", "更正", "lr="]


@given(st.lists(st.sampled_from(PIECES), max_size=40).map("".join))
@settings(max_examples=300, deadline=None)
def test_lint_never_fails_and_only_uses_known_codes(text):
    bank = lint(parse_text(choice(stem="題" + text.replace("\n", " "), explanation=text or "甲")))
    assert {f.code for q in bank.questions for f in q.flags} <= CODES
    assert all(f.message.startswith("第") for q in bank.questions for f in q.flags)


# -- an option that swallowed what follows it ---------------------------------------------

def test_an_option_far_longer_than_its_siblings_is_flagged():
    swallowed = "丁。" + "後面的題目被併進了這個選項，" * 20
    flag = one(flags_of(choice(options=f"A.甲\nB.乙\nC.丙\nD.{swallowed}")), "option-overlong")
    assert flag.severity == Severity.WARNING and "選項D" in flag.message


def test_options_of_differing_but_ordinary_lengths_pass():
    options = "A.甲\nB." + "一個較長但正常的選項，" * 4 + "\nC.丙\nD.丁"
    assert "option-overlong" not in codes(flags_of(choice(options=options)))
