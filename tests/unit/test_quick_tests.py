"""Quick tests skip only what the full tests reject.

- The parser's test for a candidate question (generator.read.text.parse._QUESTION_SIGN): text
  holding none of its characters shows no sign of a question, by any of the full tests.  A
  sign form added later without its character (a type bracket "〔單選〕", a marker "Key:")
  would make it reject real questions; text made of everything else finds that.
- The layout's scans of option labels and line numbers (generator.read.text.layout) find what
  their recognisers find without the lookaheads that pass over other text quickly.
"""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.bank import fields as F
from generator.read.text import layout as L
from generator.read.text.layout import OPTION_FORMS, _option_pattern
from generator.read.text.parse import _QUESTION_SIGN

# Pieces of bank text without a sign character: look-alike brackets, letters past F, marker
# words without 答, judge tokens, type words, Markdown, digits and blanks
PIECES = ["〔單選〕", "［多选］", "｛判斷｝", "﹝填空﹞", "〈案例〉", "《简答》", "G.", "H、", "Ｇ．", "g)", "(g)",
          "Key:", "Solution:", "解析：", "解答：", "解", "回", "√", "×", "对", "錯", "正确", "T", "F ", "True",
          "- ", "* ", "+ ", "1. ", "2、", "（", "(", "）", ")", "】", "]", "|", "`", "**", "~~", "#", ">",
          "\n", " ", "\t", "　", "甲乙丙", "單選題", "多項選擇", "填空", "一、", "x", "y", "z", "Q", "X", "Z"]
# and the signs themselves, less the characters the quick test looks for (what is left must be no sign)
SIGNS = ["（單選）", "[判断]", "【多選題】", "答案：B", "**Answer:** B", "答：", "A. 甲\nB. 乙", "(a) 甲 (b) 乙",
         "A: x\nB: y", "A) x B) y", "- A. x\n- B. y", "A X B Y", "Ａ．甲Ｂ．乙", "- [x] 甲\n- [ ] 乙", "____", "＿＿",
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


# -- the layout's scans ----------------------------------------------------------------------
def _alternation(recognisers, prefix):
    return "|".join(f"(?P<{prefix}{k}>{L._suffixed(r.pattern.pattern, str(k))})" for k, r in enumerate(recognisers))


# the recognisers as they are, less the quick lookaheads (the bound on leading blanks stays)
OPTIONS_PLAIN = re.compile(r"(?=[ \t]{0,16}\S)(?:" + _alternation(OPTION_FORMS, "o") + ")")
NUMBERS_PLAIN = re.compile("\n" + r"[ \t*#>]{0,20}(?:" + L.JUDGED_LINE + r")?"
                           r"(?:" + _alternation(L.NUMBERINGS, "k") + ")", re.M)
LABEL_PIECES = ["A.", "B、", "Ｃ．", "(D)", "（E）", "A:", "B：", "**A:**", "- A:", "- B.", "**C.**", "* D.", "+ E.",
                "- **F.**", "A)", "B）", "(a)", "b.", "c)", "A start()", "B run()", "A\t", "1.", "1、", "(1)",
                "（2）", "3)", "第4题", "題目5", "Question 6", "Q7", "(√)", "（×） ", "**", "*", "- ", "> ", "## ", "x",
                "Answer", "甲", "。", " ", "\t", "\n", "\n  ", "\n" + " " * 17]
label_text = st.lists(st.sampled_from(LABEL_PIECES), max_size=30).map("".join)


def _found(pattern, text):
    return [(m.span(), m.lastgroup) for m in pattern.finditer(text)]


@settings(max_examples=500, deadline=None)
@given(label_text)
def test_the_option_scan_finds_what_the_option_forms_find(text):
    assert _found(L._OPTION_SCAN, text) == _found(OPTIONS_PLAIN, text)


@settings(max_examples=500, deadline=None)
@given(label_text)
def test_the_line_number_scan_finds_what_the_numberings_find(text):
    assert _found(L._NUMBER_SCAN, text) == _found(NUMBERS_PLAIN, text)
