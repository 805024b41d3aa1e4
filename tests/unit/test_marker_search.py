"""The quick marker search (generator.bank.fields.Marker) finds what its pattern finds.

``Marker.search`` skips to the words every marker holds and searches the pattern from a
little before them; a marker whose word lay further from its start than ``reach`` would
be missed.  Checked on bank-like text dense with markers, from any start and end.
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.bank import fields as F

MARKERS = ["答案：", "**答案：**", "**答案**：", "【答案】", "**【參考答案】**", "參考答案:", "正確答案：",
           "答案解析：", "我的答案:B正确答案:A", "我的答案：  xx正確答案：", "Answer:", "**Answer:** ",
           "Correct Answer:", "**Correct answer**:", "Right Answer :", "ANSWER：", "答：", "   答：", "\n答:",
           "答案 B", "\n#### 答案 B", "\n   ###### 参考答案是 √", "答案是：b",
           "\n### 答案\n**B**\n", "\n   ###### 答案解析\n", "\n## Explanation\n",
           "__Answers__", "**Suggested Answers**", "\n   __Correct ANSWER__  \n", "**__Suggested Answers__",
           "解析：", "**解析：**", "【答案解析】", "**【解答】**", "**【答案解析】**", "Explanation:",
           "**EXPLANATION**:", "解答：", "回答：", "解", "答"]
FILLER = ["\n", " ", "\t", "**", "__", "A", "n", "1.", "題目", "甲乙", "B、C", "：", ":", "#", ">"]
text = st.lists(st.sampled_from(MARKERS + FILLER), max_size=30).map("".join)


def spans(found):
    return [(m.span(), m.groupdict()) for m in found]


@settings(max_examples=400, deadline=None)
@given(text, st.integers(0, 200), st.integers(0, 200))
def test_marker_search_finds_what_its_pattern_finds(text, pos, endpos):
    for marker in (F.ANSWER, F.EXPLANATION):
        quick, plain = marker.search(text, pos, endpos), marker.pattern.search(text, pos, endpos)
        assert (quick and quick.span()) == (plain and plain.span())
        assert spans(marker.finditer(text, pos, endpos)) == spans(marker.pattern.finditer(text, pos, endpos))
        assert (marker.search(text) and marker.search(text).span()) == (
            marker.pattern.search(text) and marker.pattern.search(text).span())
