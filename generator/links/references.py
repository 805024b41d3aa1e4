"""Cross-links between questions: related questions and references in text.

Pure functions over the model; the renderer turns their results into links.

- :func:`related_questions`: for each question, the few others that share the most
  glossary terms, rarer terms counting more (IDF), ties in bank order, across chapters.
- :func:`find_references`: "見第3題", "同第7題", "參見第12題", "见第3题", "如第三題所示",
  "見第3、7題" ... as spans naming a question number, for the renderer to link.
"""
from __future__ import annotations

import math
import re
from collections import defaultdict
from dataclasses import dataclass

from ..bank.model import Bank
from ..base.numerals import chinese_number
from .glossary import Glossary, opaque_spans, question_terms

# A word that makes "第N題" a reference to another question of the bank rather than, say,
# "第3題" of some exam paper: see, same as, compare, refer to, as in, with.
REFERENCE_CUE = r"(?:參見|参见|參看|参看|詳見|详见|可見|可见|見|见|參照|参照|參考|参考|對照|对照|比較|比较|同|如|與|与)"
_NUMBER = r"(?:\d{1,4}|[一二三四五六七八九十百零〇]{1,5})"
_QUESTION = r"[題题]"
# The cue, then "第N題", "第N、M題", "第N題和第M題" ...; the list is split by REFERENCE_ITEM.
REFERENCE = re.compile(
    rf"{REFERENCE_CUE}[ \t　]*(?P<refs>第[ \t　]*{_NUMBER}[ \t　]*"
    rf"(?:(?:[、,，]|和|及|與|与|或)[ \t　]*(?:第[ \t　]*)?{_NUMBER}[ \t　]*)*{_QUESTION}"
    rf"(?:[ \t　]*(?:[、,，]|和|及|與|与|或)[ \t　]*第[ \t　]*{_NUMBER}[ \t　]*{_QUESTION})*)"
)
# One number of a reference list, with the "第" before it and the "題" after it when present.
REFERENCE_ITEM = re.compile(rf"(?:第[ \t　]*)?(?P<number>{_NUMBER})(?:[ \t　]*{_QUESTION})?")


@dataclass(frozen=True)
class RefMatch:
    """``text[start:end]`` (e.g. "第3題", or "第3" and "7題" in "見第3、7題") names question ``number``."""

    start: int
    end: int
    number: int  # as printed in the bank; the caller maps it to a question id


def find_references(text: str) -> list[RefMatch]:
    """References to other questions by number, in text order.

    Recognised: a cue word (見 见 參見 参见 參看 詳見 可見 參照 參考 對照 比較 同 如 與 与)
    then ``第N題``/``第N题``, N in Arabic (also full-width) or Chinese numerals up to 九百九十九,
    and lists such as ``第3、7題``, ``第3題和第7題``.  A bare ``第3題`` without a cue is not
    taken (it may name a question of another paper); nor ``上題``, ``題3``.  The span of each
    match is the text that names the question, without the cue word; fenced code and
    formulas are skipped.
    """
    if "第" not in text:  # every reference names its question with 第: most texts have none
        return []
    blocked = opaque_spans(text)
    found = []
    for m in REFERENCE.finditer(text):
        if any(s < m.end() and m.start() < e for s, e in blocked):
            continue
        offset = m.start("refs")
        for item in REFERENCE_ITEM.finditer(m.group("refs")):
            number = chinese_number(item.group("number"))
            if number:
                found.append(RefMatch(offset + item.start(), offset + item.end(), number))
    return found


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
    :func:`~generator.glossary.question_terms`) saves finding the terms again.
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
