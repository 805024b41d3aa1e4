"""The glossary over a bank: which questions use which terms, and words it may lack.

- :func:`question_terms` / :func:`term_questions`: question id -> terms, term -> question ids.
- :func:`suggest_terms`: Latin-script words the bank repeats that no term covers, for ``check``.
"""
from __future__ import annotations

import re
from collections import Counter

from ..bank.model import Bank, Question, QuestionType
from ..bank.spans import code_and_math_spans
from ..base.intervals import Intervals
from .glossary import Glossary

# Latin-script words a bank may use that are no term: English function words, units, and
# the names of code and variables that explanations quote.
COMMON_WORDS = frozenset("""
a an and are as at be by can do for from has have if in into is it its no not of on or so that
the then this to up use used using via was we with without true false none null yes vs etc eg ie
b kb mb gb tb byte bytes bit bits ms us ns s min h hz khz mhz ghz k m w kw x
step steps batch input output beam rank hidden seq layers layer len max mean sum log exp
lr wd acc top head value query key cache model data loss python import def return class
self torch np print while
""".split())
# A Latin-script word as banks write it ("HumanEval", "pass@k", "ImageNet1k"); "+" and "/"
# end a word, since between letters they are mostly arithmetic ("W+BA", "N/n").
LATIN_WORD = re.compile(r"(?<![A-Za-z0-9_@.])[A-Za-z][A-Za-z0-9]*(?:[@.][A-Za-z0-9]+)*(?![A-Za-z0-9_@])")
_LETTER = re.compile(r"[A-Za-z]")


def question_texts(question: Question) -> tuple[str, ...]:
    """The texts of a question that are searched for terms, in reading order.

    Stem, options, the answer where it is text (not choice letters or true/false), and
    the explanation.
    """
    texts = [question.stem, *(o.text for o in question.options)]
    if question.answer and not question.type.is_choice and question.type is not QuestionType.JUDGE:
        texts.append(question.answer)
    texts.append(question.explanation)
    return tuple(t for t in texts if t)


def question_terms(bank: Bank, glossary: Glossary) -> dict[str, tuple[str, ...]]:
    """Question id -> slugs of the terms it uses, in order of first mention."""
    return {q.id: tuple(dict.fromkeys(m.term.slug for text in question_texts(q) for m in glossary.find(text)))
            for q in bank.questions}


def term_questions(bank: Bank, glossary: Glossary) -> dict[str, tuple[str, ...]]:
    """Slug -> ids of the questions that use the term (stem, options, answer, explanation).

    Every term of the glossary is a key, in glossary order; ids are in bank order.
    """
    used: dict[str, list[str]] = {t.slug: [] for t in glossary}
    for qid, slugs in question_terms(bank, glossary).items():
        for slug in slugs:
            used[slug].append(qid)
    return {slug: tuple(qids) for slug, qids in used.items()}


def suggest_terms(bank: Bank, glossary: Glossary, min_count: int = 2) -> list[tuple[str, int]]:
    """Latin-script words used at least ``min_count`` times in the bank that no term covers.

    For ``check``: candidates for the glossary, most frequent first (then first seen), each
    in its most frequent spelling.  Left out: words the glossary matches, words of fewer than
    two letters (option labels, variables such as ``N2``), numbers, identifiers with ``_``,
    code, formulas and :data:`COMMON_WORDS` (function words, units, parameter names).
    """
    counts: Counter[str] = Counter()
    spellings: dict[str, Counter[str]] = {}
    for question in bank.questions:
        for text in question_texts(question):
            covered = Intervals(code_and_math_spans(text) + [(m.start, m.end) for m in glossary.find(text)])
            for m in LATIN_WORD.finditer(text):
                word = m.group()
                if (len(_LETTER.findall(word)) < 2 or word.lower() in COMMON_WORDS
                        or covered.overlaps(m.start(), m.end())):
                    continue
                counts[word.lower()] += 1
                spellings.setdefault(word.lower(), Counter())[word] += 1
    return [(spellings[key].most_common(1)[0][0], n) for key, n in counts.most_common() if n >= min_count]
