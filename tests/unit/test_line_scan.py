"""The quick line-start scan (generator.read.text.line_scan.LineScan) finds what its pattern finds.

Checked for every pattern the parser scans so, on bank-like text dense with line starts,
headings, furniture and markup, from any start.
"""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.read.text.answer_key import KEY_HEADING_SCAN
from generator.read.text.layout import HEADING_QUESTION_SCAN
from generator.read.text.line_scan import LineScan
from generator.read.text.sections import CASE_SCAN, FURNITURE_SCAN, HEADING_SCANS, MARKUP_SCAN

SCANS = [*HEADING_SCANS, FURNITURE_SCAN, MARKUP_SCAN, CASE_SCAN, KEY_HEADING_SCAN, HEADING_QUESTION_SCAN]
PIECES = [" ", "\t", "　", "# ", "### ", "#", "第一章", "第2節 ", "一、", "二、单选题", "标题", "案例一",
          "### 应用题二", "第 3 页", "- 4 -", "Page 2 of 9", "© 2024", "版权所有", "Copyright 2020", "翻印必究", "第",
          "P", "—", "<details>", "</summary>",
          "<summary>答案</summary>", "---", "::: tip 答案", ":::", "参考答案", "**答案**", "答案：B", "1.A 2.B",
          "Answer Key", "ANSWERS", "标准答案", "1. 題", "A. 甲", "x", "。"]
line = st.lists(st.sampled_from(PIECES), max_size=2).map("".join)
text = st.lists(line, max_size=16).map("\n".join)


@pytest.mark.parametrize("scan", SCANS, ids=lambda s: s.pattern.pattern[:24])
@settings(max_examples=300, deadline=None)
@given(text=text, pos=st.integers(0, 120))
def test_a_line_scan_finds_its_patterns_matches(scan, text, pos):
    found, expected = scan.finditer(text, pos), scan.pattern.finditer(text, pos)
    assert [(m.span(), m.groupdict()) for m in found] == [(m.span(), m.groupdict()) for m in expected]


def test_a_pattern_not_anchored_at_line_starts_is_refused():
    with pytest.raises(ValueError, match="not anchored"):
        LineScan(re.compile(r"答案"))
