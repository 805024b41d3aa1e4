"""Question ids: ``q7``, or ``c2-q7`` when numbering restarts per chapter; stable anchors."""
from __future__ import annotations

from dataclasses import replace

from .model import Chapter


def assign_ids(chapters: tuple[Chapter, ...]) -> tuple[Chapter, ...]:
    """``chapters`` with their questions' ids (:func:`question_ids`)."""
    ids = iter(question_ids([[q.number for q in c.questions] for c in chapters]))
    return tuple(replace(c, questions=tuple(replace(q, id=next(ids)) for q in c.questions)) for c in chapters)


def question_ids(chapters: list[list[int]]) -> list[str]:
    """``q7`` for question 7; ``c2-q7`` for all when numbering restarts per chapter; in order.

    ``chapters`` holds each chapter's question numbers.  A number repeated within one
    chapter gets a suffix (``q5-2``) so ids stay unique.
    """
    numbers = [n for c in chapters for n in c]
    restarts = len(chapters) > 1 and all(c[0] == 1 for c in chapters) and len(set(numbers)) < len(numbers)
    # A count per base, not a search for a free suffix: a bank that repeats one
    # number thousands of times would otherwise take quadratic time.
    seen: dict[str, int] = {}
    ids = []
    for c, chapter in enumerate(chapters, 1):
        for n in chapter:
            base = f"c{c}-q{n}" if restarts else f"q{n}"
            seen[base] = k = seen.get(base, 0) + 1
            ids.append(base if k == 1 else f"{base}-{k}")
    return ids
