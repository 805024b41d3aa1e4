"""Cross-links: related questions by shared glossary terms, references to other questions."""
from __future__ import annotations

from dataclasses import replace

import pytest

from generator.bank.model import Bank
from generator.links.glossary import Glossary, Term, load_glossary
from generator.links.references import find_references
from generator.links.related import related_questions
from generator.read.load import read_bank
from generator.read.text.parse import parse
from tests.linear import assert_linear
from tests.paths import BUNDLED, GLOSSARY_FILE

GLOSSARY = Glossary(tuple(Term(slug, term, (), "定義") for slug, term in [
    ("lora", "LoRA"), ("rlhf", "RLHF"), ("ppo", "PPO"), ("gpu", "GPU"), ("kv-cache", "KV cache")]))

# Term use: q1 LoRA RLHF GPU | q2 GPU | q3 LoRA GPU | q4 RLHF PPO | q5 KV cache | q6 RLHF GPU.
# Document frequency: LoRA 2, RLHF 3, GPU 4, PPO 1, KV cache 1 (of 6 questions).
BANK_TEXT = """一、訓練
1.（單選）關于LoRA與RLHF在GPU上的說法正確的是 A.甲 B.乙 答案：A 解析：略。
2.（單選）GPU的說法 A.甲 B.乙 答案：B
二、推理
3.（簡答）如何節省顯存？ 答案：用LoRA，GPU顯存更少。
4.（單選）關于PPO的說法 A.甲 B.乙 答案：A 解析：RLHF常用，見第1題。
5.（單選）KV cache是什麼 A.甲 B.乙 答案：A
6.（單選）RLHF需要的資源 A.GPU B.CPU 答案：A
"""


@pytest.fixture(scope="module")
def bank():
    return parse(BANK_TEXT, "test.txt", "test")


def test_related_questions_rank_by_shared_terms_weighted_by_rarity(bank):
    related = related_questions(bank, GLOSSARY)
    # q1 shares LoRA+GPU with q3, RLHF+GPU with q6, RLHF with q4, GPU with q2; LoRA is rarer
    # than RLHF, and RLHF rarer than GPU.
    assert related["q1"] == ("q3", "q6", "q4")


def test_related_questions_cross_chapters(bank):
    related = related_questions(bank, GLOSSARY)
    assert bank.chapters[0].questions[0].id == "q1" and "q3" in {q.id for q in bank.chapters[1].questions}
    assert related["q3"] == ("q1", "q2", "q6")  # q1 (LoRA+GPU) first, then GPU ties in bank order


def test_equal_scores_are_broken_by_bank_order(bank):
    related = related_questions(bank, GLOSSARY)
    assert related["q2"] == ("q1", "q3", "q6")  # each shares only GPU


def test_a_rare_shared_term_outranks_an_earlier_common_one(bank):
    related = related_questions(bank, GLOSSARY)
    # q6 shares RLHF with q1 and q4, GPU with q1, q2, q3: q1 has both, then q4 (RLHF, rarer)
    # comes before q2 and q3 (GPU), although they come first in the bank.
    assert related["q6"] == ("q1", "q4", "q2")


def test_questions_sharing_nothing_get_no_related_questions(bank):
    related = related_questions(bank, GLOSSARY)
    assert related["q5"] == ()
    assert set(related) == {q.id for q in bank.questions}
    assert all(qid not in others for qid, others in related.items())


def test_limit_caps_the_number_of_related_questions(bank):
    assert related_questions(bank, GLOSSARY, limit=1)["q1"] == ("q3",)
    assert related_questions(bank, GLOSSARY, limit=5)["q1"] == ("q3", "q6", "q4", "q2")


def test_related_questions_are_deterministic_and_ignore_glossary_order(bank):
    reversed_glossary = Glossary(tuple(reversed(GLOSSARY.terms)))
    assert related_questions(bank, GLOSSARY) == related_questions(bank, reversed_glossary)


def test_related_questions_scale_to_a_5000_question_bank():
    glossary = load_glossary(GLOSSARY_FILE)
    small = read_bank(BUNDLED)

    def copies(times: int) -> Bank:
        questions = tuple(replace(q, id=f"q{n}", number=n) for n, q in
                          enumerate((q for _ in range(times) for q in small.questions), start=1))
        return replace(small, chapters=(replace(small.chapters[0], questions=questions),))

    related = related_questions(copies(200), glossary)  # 5,200 questions (0.35 s: benchmarks/)
    assert_linear(lambda times: related_questions(copies(times), glossary), 200)
    # Each copy of the bundled q1 is most like the other copies of q1.
    assert related["q1"] == ("q27", "q53", "q79")


def test_bundled_bank_related_questions(tmp_path):
    glossary = load_glossary(GLOSSARY_FILE)
    bank = read_bank(BUNDLED)
    related = related_questions(bank, glossary)
    assert related["q1"] == ("q3", "q7", "q11")  # LARS/weight decay/lr, warmup, lr, warmup
    assert related["q20"][0] == "q24"  # KV cache, quantisation, PPL/INT8 ...
    assert related["q10"] == ()  # LoRA occurs nowhere else


# -- references ------------------------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("見第3題", [("第3題", 3)]),
    ("解析同第7題。", [("第7題", 7)]),
    ("參見第12題的推導", [("第12題", 12)]),
    ("见第3题", [("第3题", 3)]),
    ("如第三題所示", [("第三題", 3)]),
    ("與第二十一題類似", [("第二十一題", 21)]),
    ("詳見 第 ４ 題", [("第 ４ 題", 4)]),
    ("見第3、7題", [("第3", 3), ("7題", 7)]),
    ("參見第3題和第15題", [("第3題", 3), ("第15題", 15)]),
    ("見第一百零五題", [("第一百零五題", 105)]),
])
def test_references_to_other_questions(text, expected):
    assert [(text[r.start:r.end], r.number) for r in find_references(text)] == expected


@pytest.mark.parametrize("text", [
    "第3題很難",  # no cue word: may be a question of another paper
    "辦法第14條明確3小時",  # an article, not a question
    "見第二類樣本",
    "見上題",
    "代碼```見第3題```",  # code is never linked
])
def test_what_is_no_reference(text):
    assert find_references(text) == []


def test_reference_offsets_point_into_the_text():
    text = "A錯，見第3題；C錯，同第7題"
    refs = find_references(text)
    assert [(r.start, r.end, r.number) for r in refs] == [(4, 7, 3), (12, 15, 7)]


def test_ties_are_kept_when_common_terms_are_skipped():
    """The shortcut for common terms must not drop a question that ties and comes first."""
    glossary = Glossary((Term("alpha", "ALPHA", (), "甲"), Term("beta", "BETA", (), "乙")))
    bank = parse("一、章\n1.（單選）BETA A.甲 B.乙 答案：A\n2.（單選）ALPHA與BETA A.甲 B.乙 答案：A\n"
                 "3.（單選）ALPHA A.甲 B.乙 答案：A\n", "test.txt", "test")
    # q1 and q3 each share one term as rare as the other with q2: bank order decides.
    assert related_questions(bank, glossary, limit=1)["q2"] == ("q1",)
    assert related_questions(bank, glossary)["q2"] == ("q1", "q3")
