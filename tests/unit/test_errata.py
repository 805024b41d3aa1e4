"""Editorial corrections: loading errata.yml, applying it, and failing loudly when it goes stale."""
import textwrap
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.bank.errata import Correction, Entry, Errata, apply_errata, load_errata
from generator.bank.model import DISPLAY_MATH, INLINE_MATH
from generator.base.errors import ErrataError
from generator.read.load import load_bank, read_bank
from tests.inline_bank import parse_text
from tests.paths import TEST_BANKS

FIXTURE = TEST_BANKS / "errata" / "bank.txt"
BANK = """
    一、優化器
    1.（單選）已知AdamW的lr=3e4，wd=0.1，β?=0.9，下列正確的是
    A.lr越大越好
    B.需要warmup
    C.lr=3e4太大
    答案：B?
    解析：lr=3e4時需要warmup；wd=0.1。
    2.（簡答）說明原因
    答案：因為甲。
"""


@pytest.fixture
def bank():
    return parse_text(BANK)


def errata(tmp_path, text: str, name: str = "errata.yml") -> Errata:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return load_errata(path)


def error_of(tmp_path, text: str, bank=None) -> str:
    with pytest.raises(ErrataError) as caught:
        loaded = errata(tmp_path, text)
        if bank is not None:
            apply_errata(bank, loaded)
    return str(caught.value)


# -- applying ----------------------------------------------------------------------------

def test_a_piece_of_a_field_is_replaced_and_listed(tmp_path, bank):
    fixed = apply_errata(bank, errata(tmp_path, """
        q1:
          stem:
            - {replace: "lr=3e4，wd", with: "lr=3e-4，wd"}
            - {replace: "β?=0.9", with: "β₁=0.9"}
    """))
    q = fixed.question("q1")
    assert q.stem == "已知AdamW的lr=3e-4，wd=0.1，β₁=0.9，下列正確的是"
    assert q.corrections == ("題幹：「lr=3e4，wd」→「lr=3e-4，wd」", "題幹：「β?=0.9」→「β₁=0.9」")
    assert q.explanation == bank.question("q1").explanation  # other fields untouched
    assert bank.question("q1").stem.startswith("已知AdamW的lr=3e4")  # the input bank is not changed


def test_corrections_of_one_field_are_located_in_the_original_text(tmp_path, bank):
    # The second quote overlaps what the first one wrote; both are found in the original.
    fixed = apply_errata(bank, errata(tmp_path, """
        q1:
          explanation:
            - {replace: "wd=0.1", with: "weight decay=0.1"}
            - {replace: "lr=3e4時", with: "lr=3e-4時"}
    """))
    assert fixed.question("q1").explanation == "lr=3e-4時需要warmup；weight decay=0.1。"


def test_options_answer_and_whole_fields(tmp_path, bank):
    fixed = apply_errata(bank, errata(tmp_path, """
        q1:
          C: [{replace: "lr=3e4", with: "lr=3e-4"}]
          answer:
            - {whole: "B?", with: "B"}
        q2:
          answer:
            - whole: 因為甲。
              with: |-
                因為
                甲。
    """))
    q1 = fixed.question("q1")
    assert [o.text for o in q1.options] == ["lr越大越好", "需要warmup", "lr=3e-4太大"]
    assert bank.question("q1").answer == "B?"  # not letters before the fix ...
    assert (q1.answer_text, q1.answer) == ("B", "B")  # ... recomputed after it
    assert q1.corrections == ("選項C：「lr=3e4」→「lr=3e-4」", "答案（整段）：「B?」→「B」")
    assert fixed.question("q2").answer == "因為\n甲。"


def test_notes_are_added_and_editor_math_becomes_markers(tmp_path, bank):
    fixed = apply_errata(bank, errata(tmp_path, r"""
        q2:
          answer:
            - {replace: "甲", with: "$\\alpha$甲"}
          notes:
            - '均值 $\mu$ 與 $$\sum_i x_i$$，費用 \$5。'
            - 第二條
    """))
    q = fixed.question("q2")
    i, d = INLINE_MATH, DISPLAY_MATH
    assert q.notes == (f"均值 {i[0]}\\mu{i[1]} 與 {d[0]}\\sum_i x_i{d[1]}，費用 $5。", "第二條")
    assert q.answer_text == f"因為{i[0]}\\alpha{i[1]}甲。"
    assert q.corrections == ("答案：「甲」→「$\\alpha$甲」",)  # plain text for the list of changes


def test_long_quotes_are_shortened_in_the_list_of_changes(tmp_path):
    long_stem = "甲" * 30 + "乙" * 30
    bank = parse_text(f"一、章\n1.（簡答）{long_stem}\n答案：丙。\n")
    fixed = apply_errata(bank, errata(tmp_path, f"""
        q1:
          stem: [{{whole: "{long_stem}", with: "丁"}}]
    """))
    (line,) = fixed.question("q1").corrections
    assert line == "題幹（整段）：「" + "甲" * 18 + "…" + "乙" * 18 + "」→「丁」"


def test_scalars_stay_text_as_written(tmp_path):
    bank = parse_text("一、章\n1.（填空）結果為______\n答案：0.50\n")
    fixed = apply_errata(bank, errata(tmp_path, """
        q1:
          stem: [{replace: 結果, with: 0.10}]
          editor_answer: 0.0005
          notes: [yes]
    """))
    q1 = fixed.question("q1")
    assert (q1.stem, q1.answer, q1.editor_answer, q1.notes) == ("0.10為______", "0.50", "0.0005", ("yes",))


def test_the_errata_beside_a_bank_are_applied_by_the_pipeline():
    bank = load_bank(FIXTURE)
    q1, q2 = bank.questions
    assert q1.stem == "已知AdamW的lr=3e-4，β₁=0.9，下列正確的是" and q1.answer == "B"
    assert q2.answer == "1−0.9^5" and q2.notes == (f"{DISPLAY_MATH[0]}1-0.9^5=0.40951{DISPLAY_MATH[1]}",)
    assert [q.flags for q in bank.questions] == [(), ()]
    raw = load_bank(FIXTURE, use_errata=False)
    assert {f.code for q in raw.questions for f in q.flags} >= {"lost-character", "lost-minus"}
    assert read_bank(FIXTURE).question("q1").corrections == ()


# -- stale corrections -------------------------------------------------------------------

def test_a_quote_that_no_longer_occurs_names_the_entry_and_question(tmp_path, bank):
    message = error_of(tmp_path, """
        q1:
          stem:
            - {replace: "lr=3e-5", with: "lr=3e-4"}
    """, bank)
    assert "errata.yml" in message and "entry q1" in message and "第1題" in message
    assert "stem" in message and "'lr=3e-5'" in message and "exactly once" in message
    assert "line 3" in message


def test_a_quote_that_occurs_twice_is_ambiguous(tmp_path, bank):
    message = error_of(tmp_path, 'q1:\n  explanation: [{replace: "=", with: "＝"}]\n', bank)
    assert "occurs 2 times" in message and "entry q1" in message


def test_a_whole_field_that_changed_is_stale(tmp_path, bank):
    message = error_of(tmp_path, 'q2:\n  answer: [{whole: "因為乙。", with: "因為丙。"}]\n', bank)
    assert "entry q2" in message and "因為甲。" in message


@pytest.mark.parametrize("text, found", [
    ('q9:\n  stem: [{replace: "甲", with: "乙"}]\n', "no question q9"),
    ('q1:\n  E: [{replace: "甲", with: "乙"}]\n', "no option E"),
    ('q2:\n  explanation: [{replace: "甲", with: "乙"}]\n', "no '甲'"),
    ('q1:\n  stem:\n    - {replace: "lr=3e4，wd", with: "x"}\n    - {replace: "wd=0.1", with: "y"}\n', "overlaps"),
])
def test_corrections_that_do_not_fit_the_bank(tmp_path, bank, text, found):
    message = error_of(tmp_path, text, bank)
    assert found in message and "entry q" in message


# -- malformed files ---------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ('q1:\n  stem: [{replace: "a", with: "b"}\n', "valid YAML"),
    ("- q1\n- q2\n", "a mapping from question ids"),
    ('7:\n  notes: ["甲"]\n', "q7:"),
    ('q1:\n  notes: ["甲"]\nq1:\n  notes: ["乙"]\n', "a second entry for q1"),
    ('q1:\n  title: [{replace: "a", with: "b"}]\n', "one of stem, answer, explanation"),
    ('q1:\n  stem: [{replace: "a"}]\n', "the keys replace and with"),
    ('q1:\n  stem: [{replace: "a", whole: "a", with: "b"}]\n', "the keys replace and with"),
    ('q1:\n  stem: [{replace: "a", with: }]\n', "write \"\" to delete"),
    ('q1:\n  stem: [{replace: "", with: "b"}]\n', "non-empty quote"),
    ('q1:\n  stem: ["lr=3e4 -> lr=3e-4"]\n', "a correction with replace"),
    ("q1: {}\n", "at least one correction, note or editor_answer"),
    ("q1:\n  notes: ['均值 $\\mu 未閉合']\n", "unclosed $"),
])
def test_malformed_errata_say_where_and_show_the_right_form(tmp_path, text, expected):
    message = error_of(tmp_path, text)
    assert expected in message and "errata.yml" in message
    assert "for example" in message or "line" in message


def test_an_empty_errata_file_changes_nothing(tmp_path, bank):
    assert apply_errata(bank, errata(tmp_path, "# nothing yet\n")) == bank


def test_a_missing_errata_file_is_an_errata_error(tmp_path):
    with pytest.raises(ErrataError, match=r"nope\.yml"):
        load_errata(tmp_path / "nope.yml")


def test_a_stale_correction_names_the_bank_it_was_applied_to(tmp_path, bank):
    other = replace(bank, source="other.txt")
    message = error_of(tmp_path, 'q1:\n  stem: [{replace: "不存在", with: "x"}]\n', other)
    assert "other.txt" in message


@given(st.text(alphabet="甲乙丙丁戊ab12=?", min_size=1, max_size=30), st.data())
@settings(max_examples=200, deadline=None)
def test_a_unique_quote_is_replaced_exactly_where_it_is(stem, data):
    bank = parse_text(f"一、章\n1.（簡答）題{stem}\n答案：甲。\n")
    field = bank.question("q1").stem
    start = data.draw(st.integers(0, len(field) - 1))
    end = data.draw(st.integers(start + 1, len(field)))
    quote = field[start:end]
    entry = Entry("q1", (Correction("stem", quote, "〔新〕"),), ())
    occurrences = sum(field.startswith(quote, i) for i in range(len(field)))
    if occurrences == 1:
        fixed = apply_errata(bank, Errata("errata.yml", (entry,)))
        assert fixed.question("q1").stem == field[:start] + "〔新〕" + field[end:]
    else:
        with pytest.raises(ErrataError, match=f"occurs {occurrences} times"):
            apply_errata(bank, Errata("errata.yml", (entry,)))
