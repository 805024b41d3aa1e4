"""Related questions: for each question, the few others that share the most glossary terms.

Rarer terms count more (IDF), ties go in bank order, across chapters.  A pure function over
the model; the renderer turns its results into links.
"""
from __future__ import annotations

import math
from collections import defaultdict

from ..bank.model import Bank
from .glossary import Glossary
from .terms import question_terms


def related_questions(bank: Bank, glossary: Glossary, limit: int = 3,
                      terms: dict[str, tuple[str, ...]] | None = None) -> dict[str, tuple[str, ...]]:
    """Question id -> ids of up to ``limit`` other questions sharing the most glossary terms.

    A shared term weighs ``log(1 + N / df)`` (N questions, df of them using the term), so
    rare terms relate questions more than common ones.  Highest total first; equal totals in
    bank order.  A question sharing no term with any other gets ``()``.  Every question of
    the bank is a key.

    Questions that use the same set of terms are scored once, and a term used by many
    questions is only added to candidates already found once rarer terms have settled
    the ranking, so banks of thousands of questions stay fast.  ``terms`` (from
    :func:`~generator.links.terms.question_terms`) saves finding the terms again.
    """
    terms = terms if terms is not None else question_terms(bank, glossary)
    order = {qid: i for i, qid in enumerate(terms)}
    df: dict[str, int] = defaultdict(int)
    groups: dict[frozenset[str], list[str]] = defaultdict(list)  # term set -> ids, bank order
    for qid, slugs in terms.items():
        for slug in slugs:
            df[slug] += 1
        if slugs:
            groups[frozenset(slugs)].append(qid)
    # Integer weights (micro-units) keep sums exact, so equal shares tie exactly.
    weight = {slug: round(1_000_000 * math.log(1 + len(terms) / n)) for slug, n in df.items()}
    holders: dict[str, list[frozenset[str]]] = defaultdict(list)  # term -> sets holding it
    for group in groups:
        for slug in group:
            holders[slug].append(group)

    related: dict[str, tuple[str, ...]] = {qid: () for qid in terms}
    for group, members in groups.items():
        scores = _scores(group, weight, holders, limit + 1)
        ranked = _best(scores, groups, order, limit + 1)  # one more, as it may hold the question itself
        for qid in members:
            related[qid] = tuple(r for r in ranked if r != qid)[:limit]
    return related


def _scores(group: frozenset[str], weight: dict[str, int], holders: dict[str, list[frozenset[str]]],
            count: int) -> dict[frozenset[str], int]:
    """Shared weight of ``group`` with every term set that can still be among the ``count`` best.

    Rare terms go first.  Once ``count`` sets score more than all remaining terms together
    could give, no set not yet met can overtake them, so the remaining (common, long-listed)
    terms only add to the sets already met.
    """
    scores: dict[frozenset[str], int] = defaultdict(int)
    ordered = sorted(group, key=lambda slug: (-weight[slug], slug))
    remaining = sum(weight[slug] for slug in ordered)
    closed = False
    for slug in ordered:
        w = weight[slug]
        remaining -= w
        if closed:
            for other in scores:
                if slug in other:
                    scores[other] += w
            continue
        for other in holders[slug]:
            scores[other] += w
        top = sorted(scores.values(), reverse=True)[:count]
        closed = len(top) == count and top[-1] > remaining
    return scores


def _best(scores: dict[frozenset[str], int], groups: dict[frozenset[str], list[str]],
          order: dict[str, int], count: int) -> list[str]:
    """The ``count`` best question ids: highest score, then bank order.

    Only sets scoring at least the ``count``-th highest score can hold them.
    """
    if not scores:
        return []
    values = sorted(scores.values(), reverse=True)
    threshold = values[min(count, len(values)) - 1]
    ranked = [(-score, order[qid], qid) for group, score in scores.items() if score >= threshold
              for qid in groups[group][:count]]
    return [qid for _, _, qid in sorted(ranked)[:count]]
