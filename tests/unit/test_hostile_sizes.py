"""Linear time on hostile input (issues 18 and 30): each shape at a size where quadratic time takes minutes.

The shapes are ``testing/hostile.py``'s (``python -m benchmarks.bench_hostile`` prints their
times).  Each passes through ``check`` and through its chapter page's rendering to HTML, the
page showing the text as written, and the work grows linearly (``tests/linear.py``: a
quarter of the size against the size; no test asserts seconds):

* a heading line ``# a`` + 100,000 spaces + ``b`` (23 s to check, quadratic in the heading pattern);
* 40,000 ``\\(`` in a field (37 s to build: each unclosed one was scanned to the end);
* a 500 KB field (38 s to build; Python-Markdown rebuilt its text at every escaped mark);
* a 1 MB line (a 7 MB one never finished; since the CSV sniffing, any line over 128 KB raised);
* 200 KB of nested parentheses (82 s to build);
* 200,000 backticks (90-150 s: 33,000 empty code blocks, each through Pygments).
"""
from __future__ import annotations

import html

import pytest

from generator.base.intervals import Intervals
from generator.read.load import read_bank
from testing.hostile import PLAIN, PROSE, SHAPES, check, key_apart, render, render_all
from tests.linear import assert_linear

# What each page must show, as the HTML holds it.
SHOWN = {
    "heading-of-spaces": lambda page: "題" in page,
    "math-openers": lambda page: "\\(" * 40_000 in page,
    # a 簡答 answer: in its fold and in the practice edition's answer key
    "big-field": lambda page: page.count("&lt;b&gt;&amp;amp; `q` 梯度") == 2 * (500_000 // len(PROSE)),
    "long-line": lambda page: page.count(html.escape(PLAIN[PLAIN.index("；"):], quote=False))
    >= 1_000_000 // len(PLAIN) - 1,
    "nested-parentheses": lambda page: "(" * 100_000 in page and ")" * 100_000 in page,
    "backtick-run": lambda page: "`" * 200_000 in page and "<code" not in page,
}


@pytest.mark.slow
@pytest.mark.parametrize("shape", SHAPES, ids=[s.name for s in SHAPES])
def test_hostile_shape_is_checked_and_rendered_in_linear_time(shape, tmp_path):
    path = tmp_path / "hostile.txt"
    path.write_text(shape.make(shape.suite_size), encoding="utf-8")
    report = check(path)
    page = render(path)
    assert "1 questions in 1 chapters" in report, report[:300]
    assert SHOWN[shape.name](page), f"{shape.name}: the page does not show the text as written"
    assert "<script" not in page

    def work(size: int) -> None:
        path.write_text(shape.make(size), encoding="utf-8")
        check(path)
        render(path)

    assert_linear(work, shape.suite_size // 4)


def test_a_long_paragraph_shows_exactly_as_written_with_its_links(tmp_path):
    """Past 2,000 characters a paragraph reaches the page as HTML, not Markdown: same text, same links."""
    markup = "<script>alert(1)</script> *星號* [點](javascript:x) &amp; `code` # 1. | a |\\(x\\) "
    field = "學習率見第2題。" + markup * 40 + "\n" + markup
    path = tmp_path / "bank.txt"
    path.write_text(f"一、甲\n1.（簡答）題\n答案：{field}\n2.（簡答）乙\n答案：丙\n", encoding="utf-8")
    page, key = key_apart(render(path))
    assert key.count(html.escape(markup, quote=False).strip()) == 41  # the answer key writes it out too
    answer = page[page.index("答案："):page.index("2.（簡答）") if "2.（簡答）" in page else len(page)]
    assert answer.count(html.escape(markup, quote=False).strip()) == 41
    assert '<a href="chapter-1.md#q2">第2題</a>' in answer and 'class="term"' in answer
    assert "<br>" in answer and "<script" not in page and "<em>" not in answer


def test_a_csv_bank_may_hold_a_cell_longer_than_csvs_default_limit(tmp_path):
    path = tmp_path / "bank.csv"
    stem = "甲" * 200_000
    path.write_text(f"题型,题干,答案\n简答,{stem},乙\n", encoding="utf-8")
    assert read_bank(path).questions[0].stem == stem


def test_intervals_answer_as_a_scan_of_every_span_would():
    spans = [(5, 9), (0, 2), (8, 12), (20, 21), (3, 3), (30, 40), (32, 35)]
    covered = Intervals(spans)
    for start in range(0, 45):
        for end in range(start + 1, 46):
            assert covered.overlaps(start, end) == any(s < e and s < end and start < e for s, e in spans), (start, end)


# -- patterns audited: each on the input that made it (or a pattern like it) quadratic ---------

def _audited(n: int = 200_000):
    from generator.bank.lint import GLUED_OPTION
    from generator.math.detect import NEVER_MATH
    from generator.search.segmenter import BLOCK_TAG_SPACE

    return [
        ("NEVER_MATH unclosed \\(", NEVER_MATH, "\\(" * n, 0),
        ("NEVER_MATH unclosed \\[", NEVER_MATH, "\\[" * n, 0),
        ("BLOCK_TAG_SPACE spaces", BLOCK_TAG_SPACE, " " * n + "x <p> y", 1),
        ("GLUED_OPTION indented lines", GLUED_OPTION, "\n" + " " * n + "甲" + "\n 乙" * n, 0),
    ]


@pytest.mark.slow  # growth: the work at n/4 and n, three times each
@pytest.mark.parametrize("case", range(4), ids=["never-math-paren", "never-math-bracket", "block-tag-space",
                                                 "glued-option"])
def test_audited_patterns_are_linear_on_their_worst_input(case):
    name, pattern, text, matches = _audited()[case]
    assert len(pattern.findall(text)) == matches, name
    assert_linear(lambda n: _audited(n)[case][1].findall(_audited(n)[case][2]), 200_000)


@pytest.mark.slow  # growth: the work at n/4 and n, three times each
@pytest.mark.parametrize("clause", ["令x=1=2=3，", "令x=1=2=3 "], ids=["clauses", "one-clause"])
def test_many_derivations_on_one_line_are_linear(clause):
    """The display rule looked for clause boundaries from the line's start for every derivation
    (20,000 took 70 s) and copied the rest of the clause for each."""
    from generator.math.detect import split_math

    segments = split_math(clause * 20_000)
    assert_linear(lambda n: split_math(clause * n), 20_000)
    assert sum(1 for s in segments if getattr(s, "display", False)) == (20_000 if "，" in clause else 0)


def test_a_long_paragraph_links_at_most_200_references(tmp_path):
    """Each link is an inline match for Markdown again: 70,000 of them would be quadratic once more."""
    path = tmp_path / "bank.txt"
    path.write_text("一、甲\n1.（簡答）題\n答案：" + "見第2題，" * 500 + "\n2.（簡答）乙\n答案：丙\n", encoding="utf-8")
    for part in key_apart(render(path)):  # the question, and the answer key that writes its answer out
        assert part.count('<a href="chapter-1.md#q2">第2題</a>') == 200 and part.count("見第2題，") == 300


@pytest.mark.slow  # growth: the work at n/4 and n, three times each
@pytest.mark.parametrize("name, text", [
    ("a table cell", "一、甲\n1.（簡答）題\n答案：<table><tr><td>{body}</td></tr></table>\n"),
    ("a chapter intro", "一、甲\n{body}\n1.（判斷）甲是甲。\n答案：√\n"),
    ("a heading", "# {body}\n1.（判斷）甲是甲。\n答案：√\n"),
    ("a stray heading", "一、甲\n1.（判斷）甲是甲。\n答案：√\n# {body}\n三、乙\n2.（判斷）乙是乙。\n答案：√\n"),
], ids=["cell", "intro", "title", "stray"])
def test_long_text_outside_fields_is_linear_on_every_page(tmp_path, name, text):
    """Each of these once went to Markdown escaped (500 KB: minutes); now as HTML, or clipped
    where a title or a stray is named (200 and 2,000 characters)."""
    body = PLAIN * (500_000 // len(PLAIN))
    path = tmp_path / "bank.txt"
    path.write_text(text.format(body=body), encoding="utf-8")
    pages = render_all(path)

    def work(size: int) -> None:
        path.write_text(text.format(body=PLAIN * (size // len(PLAIN))), encoding="utf-8")
        render_all(path)

    assert_linear(work, 500_000 // 4)
    chapter, _ = key_apart(next(page for name, page in pages.items() if name.endswith("chapter-1.md")))
    if name in ("a table cell", "a chapter intro"):  # shown whole
        assert chapter.count("*星號* _底線_ #井號。") == 500_000 // len(PLAIN)
    assert len(pages) >= 4 and all("<script" not in page for page in pages.values())


def test_an_errata_quote_is_counted_in_linear_time():
    """A quote was looked for with a lookahead at every position of its field: a 100,000-character
    quote in a field of 200,000 like it took about 20 s."""
    from generator.bank.errata import Correction, Entry, Errata, apply_errata
    from generator.base.errors import ErrataError
    from tests.inline_bank import parse_text

    def work(n: int) -> None:
        bank = parse_text("一、甲\n1.（簡答）" + "a" * (2 * n) + "\n答案：甲\n")
        entry = Entry("q1", (Correction("stem", "a" * n, "b"),), ())
        with pytest.raises(ErrataError, match="occurs 100 or more times"):
            apply_errata(bank, Errata("errata.yml", (entry,)))

    work(100_000)
    assert_linear(work, 100_000)
