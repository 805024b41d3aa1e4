"""Answers a Word bank marks by formatting: the right option red, highlighted, bold or
underlined while the others are plain.

The rule is the document's, decided once: an emphasis (``generator.read.word.emphasis``)
marks answers when it sets some but not all of a question's options apart in at least half
of the questions that have options.  So a document whose options are all bold, or with one
bold word somewhere, gives no answers; emphasis in a stem is never looked at.  Within a
question the options carrying that emphasis are its answer, but only where the bank writes
none: a written answer always wins, and where the formatting marks other options the
question is flagged.
"""
from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ...bank.fields import FULLWIDTH_LETTERS, LETTER, LOWER, WIDE, WIDE_LOWER, normalise_answer
from ...bank.model import OPTION_LETTERS, Bank, Question, QuestionType
from .emphasis import Emphasis, EmphasisSpan

# The label just before an option's text: "A." "B、" "(c)" "Ｄ．" "2." (options numbered
# 1.–8.), with blanks or bold after it.
_ANY = f"{LETTER}{LOWER}{WIDE}{WIDE_LOWER}1-{len(OPTION_LETTERS)}"
_LABEL_BEFORE = re.compile(rf"(?:[(（][ \t]{{0,2}}(?P<p>[{_ANY}])[ \t]{{0,2}}[)）]"
                           rf"|(?<![A-Za-z])(?P<l>[{_ANY}])[.．、:：)）]?)[ \t\u3000*]{{0,4}}\Z")


@dataclass(frozen=True)
class FormattingAnswers:
    """What formatting says of a document's answers."""

    emphasis: Emphasis | None = None  # the emphasis that marks answers, if one does
    answers: dict[int, str] = field(default_factory=dict)  # by question start: letters, where none is written
    disagreements: dict[int, str] = field(default_factory=dict)  # by question start: letters marked,
    # where the written answer names others


def formatting_answers(questions: Sequence[Question], text: str, spans: Sequence[EmphasisSpan]) -> FormattingAnswers:
    """The answers the emphasis ``spans`` of ``text`` (the document as neutral text, in which
    every question's position and end offset point) mark among ``questions``' options."""
    if not spans:
        return FormattingAnswers()
    starts = [s.start for s in spans]
    with_options = 0
    looks: list[tuple[Question, list[frozenset[Emphasis]]]] = []
    marking: Counter[Emphasis] = Counter()
    for q in questions:
        if len(q.options) < 2:
            continue
        with_options += 1
        found = option_spans(q, text)
        if found is None:
            continue
        kinds = [emphasis_of(text, spans, starts, start, end) for start, end in found]
        looks.append((q, kinds))
        marking.update(kind for kind in frozenset().union(*kinds) if not all(kind in k for k in kinds))
    if not marking:
        return FormattingAnswers()
    chosen = min(marking, key=lambda kind: (-marking[kind], kind))
    if 2 * marking[chosen] < with_options:
        return FormattingAnswers()
    answers, disagreements = {}, {}
    for q, kinds in looks:
        marked = "".join(sorted(o.label for o, k in zip(q.options, kinds, strict=True) if chosen in k))
        if not marked or len(marked) == len(q.options):
            continue
        if not (q.answer_text or "").strip():  # the bank writes no answer
            answers[q.position.offset] = marked
        elif q.answer is not None and normalise_answer(q.type, marked, q.options) != q.answer:
            disagreements[q.position.offset] = marked
    return FormattingAnswers(chosen, answers, disagreements)


def needs_parsing_again(questions: Sequence[Question], marked: FormattingAnswers) -> bool:
    """Whether an answer would change a question's type: several letters for a question read
    as single choice only because it had no answer (the parser then decides, as for text)."""
    return any(q.type is QuestionType.SINGLE and len(marked.answers.get(q.position.offset, "")) > 1
               for q in questions)


def answered(bank: Bank, marked: FormattingAnswers) -> Bank:
    """``bank`` with the answers ``marked``, as the parser takes an answer it is given, when
    none changes a question's type (see :func:`needs_parsing_again`)."""
    def answer(q: Question) -> Question:
        letters = marked.answers.get(q.position.offset)
        if letters is None:
            return q
        return replace(q, answer=normalise_answer(q.type, letters, q.options), answer_text=letters)

    return replace(bank, chapters=tuple(replace(c, questions=tuple(answer(q) for q in c.questions))
                                        for c in bank.chapters))


def option_spans(q: Question, text: str) -> list[tuple[int, int]] | None:
    """Where each of ``q``'s options stands in ``text``: its text right after its label, the
    options in order; ``None`` when one is not found so (an option the parser rewrote)."""
    found = []
    cursor, end = q.position.offset, q.end_offset
    for k, option in enumerate(q.options):
        if not option.text:
            return None
        at = text.find(option.text, cursor, end)
        while at >= 0 and not _labelled(text, at, option.label, k):
            at = text.find(option.text, at + 1, end)
        if at < 0:
            return None
        cursor = at + len(option.text)
        found.append((at, cursor))
    return found


def _labelled(text: str, at: int, label: str, index: int) -> bool:
    match = _LABEL_BEFORE.search(text, max(0, at - 10), at)
    if match is None:
        return False
    letter = (match["p"] or match["l"]).translate(FULLWIDTH_LETTERS).upper()
    return letter == label or letter == str(index + 1)


def emphasis_of(text: str, spans: Sequence[EmphasisSpan], starts: Sequence[int], start: int, end: int
                ) -> frozenset[Emphasis]:
    """The emphasis every visible character of ``text[start:end]`` has (blanks may lack it)."""
    common: frozenset[Emphasis] | None = None
    at = start
    for i in range(max(bisect.bisect_right(starts, start) - 1, 0), len(spans)):
        span = spans[i]
        if span.start >= end:
            break
        if span.end <= at:
            continue
        if text[at : span.start].strip():  # visible text that does not stand out
            return frozenset()
        common = span.kinds if common is None else common & span.kinds
        if not common:
            return frozenset()
        at = span.end
    if common is None or text[at:end].strip():
        return frozenset()
    return common
