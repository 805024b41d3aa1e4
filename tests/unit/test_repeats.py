"""Texts met again (a bank repeats explanations; page, cross-links and search read the same
text) give what they gave the first time: the same formulas, terms, errors and warnings."""
from __future__ import annotations

import logging

import pytest

from generator.bank.model import INLINE_MATH
from generator.links.glossary import Glossary, Term
from generator.math.detect import FormulaError, Math, Text, split_math
from generator.math.katex import MathStash, math_html

TEXT = "η_l=η×‖w‖/(‖∇w‖+λ‖w‖)，用LoRA微調；F1=2PR/(P+R)"


def test_a_repeated_text_gives_the_same_segments():
    first = split_math(TEXT)
    assert any(isinstance(s, Math) for s in first) and any(isinstance(s, Text) for s in first)
    assert split_math(str(TEXT)) == first
    assert split_math(TEXT + "。") != first


def test_an_unpaired_math_marker_fails_every_time():
    text = f"x=1 {INLINE_MATH[0]}\\alpha"
    for _ in range(3):
        with pytest.raises(FormulaError, match="unpaired marker"):
            split_math(text)


def test_changing_a_found_list_does_not_change_the_next_search():
    glossary = Glossary((Term("lora", "LoRA", (), "低秩適配"),
                         Term("f1", "F1 score", ("F1",), "精確率與召回率的調和平均")))
    found = glossary.find(TEXT)
    assert [m.term.slug for m in found] == ["lora", "f1"]
    found.clear()
    assert [m.term.slug for m in glossary.find(TEXT)] == ["lora", "f1"]


def test_a_formula_katex_rejects_fails_naming_its_first_place():
    stash = MathStash()
    stash.put(Math("x^2", False, "x²"), "bank.txt: q1")
    stash.put(Math(r"\frac{a}{", False, "a/"), "bank.txt: q2")
    stash.put(Math(r"\frac{a}{", False, "a/"), "bank.txt: q3")
    with pytest.raises(FormulaError, match=r"^bank.txt: q2: expected LaTeX that KaTeX can typeset"):
        stash.typeset()


def test_a_repeated_formula_is_restored_at_every_occurrence():
    stash = MathStash()
    formula = next(s for s in split_math("設a×b=c") if isinstance(s, Math))
    first, second = stash.put(formula, "q1"), stash.put(formula, "q2")
    assert first != second
    restored = stash.restore(f"<p>{first} {second}</p>")
    assert restored == f"<p>{math_html(formula)} {math_html(formula)}</p>"


def test_a_formula_katex_warns_about_warns_at_each_occurrence(caplog):
    stash = MathStash()
    formula = Math("a測", False, "a測")  # CJK outside \text{}: KaTeX's strict mode warns
    with caplog.at_level(logging.WARNING, logger="generator.math.katex"):
        stash.put(formula, "bank.txt: q1")
        stash.put(formula, "bank.txt: q2")
        stash.typeset()
    messages = [r.getMessage() for r in caplog.records]
    assert any("q1" in m for m in messages) and any("q2" in m for m in messages), messages
