"""generator.bank.spans: where code, tables and editor math begin and end, for every stage."""
from __future__ import annotations

from generator.bank.model import DISPLAY_MATH, INLINE_MATH
from generator.bank.spans import code_and_math_spans, code_and_table_spans, overlaps, pipe_cells, pipe_tables
from tests.linear import assert_linear

MATH = f"{INLINE_MATH[0]}x^2{INLINE_MATH[1]}"
DISPLAY = f"{DISPLAY_MATH[0]}\\sum_i x_i{DISPLAY_MATH[1]}"


def pieces(text: str, spans: list[tuple[int, int]]) -> list[str]:
    return [text[s:e] for s, e in spans]


def test_code_and_math_spans_are_what_terms_and_references_skip():
    text = f"見第3題 {MATH} 與 ```py\nLoRA()\n``` 又 {DISPLAY} 及 ```open LoRA"
    assert pieces(text, code_and_math_spans(text)) == [MATH, "```py\nLoRA()\n```", DISPLAY, "```open LoRA"]


def test_tables_are_no_code_or_math():
    text = "<table><tr><td>LoRA</td></tr></table>"
    assert code_and_math_spans(text) == []
    assert pieces(text, code_and_table_spans(text)) == [text]


def test_code_and_table_spans_take_closed_fences_and_tables_in_order():
    text = "甲 <table><tr><td>1</td></tr></table> 乙 ```x = 1``` 丙"
    assert pieces(text, code_and_table_spans(text)) == ["<table><tr><td>1</td></tr></table>", "```x = 1```"]


def test_a_fence_lost_before_an_opening_fence_holds_no_question_boundary():
    # The first answer lost its closing fence; the next ``` opens a block, so it closes nothing.
    text = "答案：```\nprint(1)\n2. 下一題 ```python\nx = 1\n``` 完"
    assert pieces(text, code_and_table_spans(text)) == ["```python\nx = 1\n```"]


def test_an_unclosed_table_is_no_span():
    assert code_and_table_spans("<table><tr><td>1" * 3) == []


def test_overlaps_touching_is_not_overlapping():
    spans = [(2, 5), (10, 12)]
    assert overlaps(spans, 4, 6) and overlaps(spans, 0, 20)
    assert not overlaps(spans, 5, 10) and not overlaps(spans, 0, 2)


def test_a_pipe_table_runs_from_its_header_to_the_first_line_without_a_pipe():
    table = "| 名稱 | 值 |\n|:---|---:|\n| A. 甲 | 1 |\n| B | 2 |"
    text = f"下表：\n{table}\n表後一行\n"
    assert pieces(text, pipe_tables(text)) == [table]
    assert pieces(text, code_and_table_spans(text)) == [table]


def test_a_delimiter_row_needs_a_header_with_as_many_cells():
    assert pipe_tables("| a | b | c |\n|---|---|\n| 1 | 2 |\n") == []
    assert pipe_tables("|---|---|\n| 1 | 2 |\n") == []  # no header above it
    assert pipe_tables("標題\n---\n") == []  # a setext heading: no pipe


def test_pipe_cells_strip_the_outer_pipes_and_keep_escaped_ones():
    assert pipe_cells("| a | b\\|c |") == ["a", "b|c"]
    assert pipe_cells("a | b") == ["a", "b"]


def test_a_hostile_delimiter_line_is_read_in_linear_time():
    assert_linear(lambda n: pipe_tables(("|" + " " * 20 + "-" * 20) * n + " x\n" + "| a |\n" * n), 20000)
