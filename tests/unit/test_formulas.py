"""Formula detection (generator.math.detect): the spec cases, the bundled bank, the invariants."""
from __future__ import annotations

import itertools

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.bank.model import DISPLAY_MATH, INLINE_MATH
from generator.math.detect import FormulaError, Math, Text, plain_text, readable, readable_text, split_math
from generator.math.to_latex import SYMBOLS
from generator.read.load import load_bank, read_bank
from tests.linear import assert_linear
from tests.paths import BUNDLED, FORMULA_CASES

CASES = yaml.safe_load(FORMULA_CASES.read_text(encoding="utf-8"))


def formulas(text: str) -> list[dict]:
    return [{"source": s.source, "latex": s.latex, **({"display": True} if s.display else {})}
            for s in split_math(text) if isinstance(s, Math)]


def fields(bank) -> list[tuple[str, str]]:
    """(where, text) of every text field of every question."""
    out = []
    for q in bank.questions:
        out += [(f"q{q.number} stem", q.stem), (f"q{q.number} answer", q.answer_text or ""),
                (f"q{q.number} explanation", q.explanation)]
        out += [(f"q{q.number} option {o.label}", o.text) for o in q.options]
        out += [(f"q{q.number} note", n) for n in q.notes]
    return out


@pytest.mark.parametrize("case", CASES, ids=[c["text"][:30] for c in CASES])
def test_spec_case(case):
    assert formulas(case["text"]) == case["math"]


@pytest.mark.parametrize("case", CASES, ids=[c["text"][:30] for c in CASES])
def test_segments_give_back_the_text(case):
    segments = split_math(case["text"])
    assert plain_text(segments) == case["text"]
    assert all(s.text for s in segments if isinstance(s, Text))
    assert not any(isinstance(a, Text) and isinstance(b, Text) for a, b in itertools.pairwise(segments))


def test_editor_latex_wins_over_detection():
    o, c = INLINE_MATH
    do, dc = DISPLAY_MATH
    text = f"更新量{o}\\Delta\\theta=-\\eta\\hat m{c}，其中α=0.5；{do}\\sum_i x_i=1{dc}完"
    segments = split_math(text)
    assert segments == (
        Text("更新量"), Math(r"\Delta\theta=-\eta\hat m", False, r"\Delta\theta=-\eta\hat m", given=True),
        Text("，其中"), Math(r"\alpha=0.5", False, "α=0.5"), Text("；"),
        Math(r"\sum_i x_i=1", True, r"\sum_i x_i=1", given=True), Text("完"))
    assert plain_text(segments) == text.replace(o, "").replace(c, "").replace(do, "").replace(dc, "")
    # Read as text (search, screen readers, link labels), an editor's LaTeX reads as a formula.
    assert [readable(s) for s in segments if isinstance(s, Math)] == ["Δθ=-ηm̂", "α=0.5", "∑_i x_i=1"]
    assert readable_text(text) == "更新量Δθ=-ηm̂，其中α=0.5；∑_i x_i=1完"


def test_editor_text_that_looks_like_math_stays_as_given():
    o, c = INLINE_MATH
    assert split_math(f"{o}\\text{{η?}}{c}") == (Math(r"\text{η?}", False, r"\text{η?}", given=True),)


def test_unpaired_marker_is_an_error_that_says_so():
    with pytest.raises(FormulaError) as error:
        split_math(f"x=1 {INLINE_MATH[0]}\\alpha")
    assert "unpaired marker" in str(error.value) and "x=1" in str(error.value)


def test_code_block_in_an_answer_is_never_math():
    answer = read_bank(BUNDLED).question("q5").answer_text
    assert answer is not None
    fence = answer[answer.index("```"):answer.rindex("```") + 3]
    assert any(isinstance(s, Text) and fence in s.text for s in split_math(answer))


def test_bundled_bank_derivations_are_display_math():
    bank = read_bank(BUNDLED)
    display = {q.number: [m for m in split_math(q.explanation) if isinstance(m, Math) and m.display]
               for q in bank.questions}
    # Question 21: the activation and KV-cache working, each with its lead-in word and unit.
    assert [m.source for m in display[21]] == [
        "激活≈2×batch×seq×hidden×2Byte=2×32×1536×4096×2≈0.8GB，",
        "KVcache=2×batch×seq×layers×hidden×2Byte=2×32×1536×32×4096×2≈24.0GB，"]
    assert display[21][0].latex.startswith(r"\begin{aligned}\text{激活}&\approx2\times\mathrm{batch}")
    assert r"\\&\approx0.8\,\mathrm{GB}" in display[21][0].latex
    assert display[16] and display[16][0].source.startswith("n≥(")
    assert len(display[22]) == 3 and display[22][0].source.startswith("E[加速]=")
    assert r"E[\text{加速}]&=\frac{\gamma}" in display[22][0].latex
    assert display[10] and display[4]
    assert not any(display[n] for n in (1, 2, 9, 12, 19, 20))


def test_bundled_bank_prose_stays_text():
    bank = read_bank(BUNDLED)
    found = {m.source for _, text in fields(bank) for m in split_math(text) if isinstance(m, Math)}
    for plain in ("batchsize=4096", "lr=3e4", "1.2M", "600k", "2.5/127", "1/10", "13.4GB", "45%",
                  "0.001~0.01", "acc@1", "pass@k", "RedPajama→CodeLLaMA", "[0.8,0.1,0.1]", "10×"):
        assert not any(plain in source for source in found), plain
    for formula in ("‖w‖", "t=5", "γ=2", "λ=1", "n≥k", "π_θ", "K=5000", "ρ=0.72", "z_{0.975}=1.96", "±127"):
        assert formula in found, formula


@pytest.mark.parametrize("corrected", [False, True], ids=["raw", "corrected"])
def test_every_bank_field_splits_and_joins_back(corrected):
    if corrected and not (BUNDLED.parent / "errata.yml").is_file():
        pytest.skip("no errata.yml beside the bundled bank yet")
    bank = load_bank(BUNDLED) if corrected else read_bank(BUNDLED)
    for where, text in fields(bank):
        unmarked = text
        for marker in INLINE_MATH + DISPLAY_MATH:
            unmarked = unmarked.replace(marker, "")
        assert plain_text(split_math(text)) == unmarked, where


# Pieces bank text is made of, mixed at random: every symbol of the rule table and more.
PIECES = sorted(SYMBOLS) + list("abxyzABPQ0123456789()[]{}  ，。：；加速萬μs`\n") + [
    "GB", "lr", "max_len", "p_t", "3e-4", "e-4", "^{", "_{", "```", "http://a.b/x=1 "]
formula_text = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)


@settings(max_examples=400, deadline=None)
@given(formula_text)
def test_any_text_splits_and_joins_back(text):
    segments = split_math(text)
    assert plain_text(segments) == text
    assert all(s.latex.strip() for s in segments if isinstance(s, Math))


HOSTILE_TEXTS = {  # name: the text for a size n
    "open": lambda n: "(" * n + "x=1", "close": lambda n: "x=1" + ")" * n,
    "nested": lambda n: "(" * n + "x=1" + ")" * n, "roots": lambda n: "√" * n + "x",
    "braces": lambda n: "x^{" * n + "1" + "}" * n, "long": lambda n: "α+" * n + "1",
    "crossed": lambda n: "([)]" * n + "x=1", "norms": lambda n: "‖" * (n + 1) + "x"}
SIZES = {"open": 5000, "close": 5000, "nested": 400, "roots": 3000, "braces": 500, "long": 20000, "crossed": 3000,
         "norms": 5000}


@pytest.mark.parametrize("name", HOSTILE_TEXTS)
def test_hostile_text_is_split_in_linear_time_without_recursion_errors(name):
    text = HOSTILE_TEXTS[name](SIZES[name])
    segments = split_math(text)
    assert plain_text(segments) == text
    assert all(len(s.source) <= 600 for s in segments if isinstance(s, Math))
    assert_linear(lambda n: split_math(HOSTILE_TEXTS[name](n)), 4 * SIZES[name])
