"""The parser's quick test for a candidate question (generator.bank.parse._QUESTION_SIGN):
text holding none of its characters shows no sign of a question, by any of the full tests.

A sign form added later without its character (a type bracket "〔單選〕", a marker "Key:")
would make the quick test reject real questions; text made of everything else finds it.
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.bank import fields as F
from generator.bank.layout import OPTION_FORMS, _option_pattern
from generator.bank.parse import _QUESTION_SIGN

# Pieces of bank text without a sign character: look-alike brackets, letters past F, marker
# words without 答, judge tokens, type words, Markdown, digits and blanks
PIECES = ["〔單選〕", "［多选］", "｛判斷｝", "﹝填空﹞", "〈案例〉", "《简答》", "G.", "H、", "Ｇ．", "g)", "(g)",
          "Key:", "Solution:", "解析：", "解答：", "解", "回", "√", "×", "对", "錯", "正确", "T", "F ", "True",
          "- ", "* ", "+ ", "1. ", "2、", "（", "(", "）", ")", "】", "]", "|", "`", "**", "~~", "#", ">",
          "\n", " ", "\t", "　", "甲乙丙", "單選題", "多項選擇", "填空", "一、", "x", "y", "z", "Q", "X", "Z"]
# and the signs themselves, less the characters the quick test looks for (what is left must be no sign)
SIGNS = ["（單選）", "[判断]", "【多選題】", "答案：B", "**Answer:** B", "答：", "A. 甲\nB. 乙", "(a) 甲 (b) 乙",
         "A: x\nB: y", "A) x B) y", "- A. x\n- B. y", "A x B y", "Ａ．甲Ｂ．乙", "- [x] 甲\n- [ ] 乙", "____", "＿＿",
         "（  ）", "( )", "(√) 地球是圓的"]
text = st.lists(st.sampled_from(PIECES + SIGNS), max_size=24).map("".join).map(lambda s: _QUESTION_SIGN.sub("", s))


@settings(max_examples=500, deadline=None)
@given(text)
def test_text_without_a_sign_character_shows_no_sign_of_a_question(segment):
    assert _QUESTION_SIGN.search(segment) is None
    assert F.TYPE_BRACKET.match(segment) is None
    assert F.ANSWER.search(segment) is None
    assert not F.has_task_list(segment)
    assert not any(F.has_options(segment, _option_pattern(form)) for form in OPTION_FORMS)
    assert not F.has_blank(segment)
    assert F.JUDGE_PREFIX.match(segment) is None


def test_the_signs_are_signs():  # so that the test above tries what a quick test may miss
    for sign in SIGNS:
        assert F.TYPE_BRACKET.match(sign) or F.ANSWER.search(sign) or F.has_task_list(sign) or F.has_blank(sign) \
            or any(F.has_options(sign, _option_pattern(form)) for form in OPTION_FORMS) or F.JUDGE_PREFIX.match(sign)
