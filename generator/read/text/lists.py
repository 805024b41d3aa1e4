"""Numbered lists that are no questions: a preamble's or a chapter intro's "1. 考試時間…".

Pure: the parser (generator.read.text.parse) passes its candidates and says which of them
look like questions; this module only groups them into runs and judges the runs.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Protocol

from ...bank.fields import type_from_words


class Candidate(Protocol):
    kind: str  # "heading" or "question"
    start: int
    number: int
    title: str
    line_start: bool


def numbered_lists(events: Sequence[Candidate], looks_like_question: Callable[[int], bool]) -> set[int]:
    """Starts of the candidates that belong to numbered lists, in a bank that gives answers.

    A run of numbers 1, 2, 3 … at line starts is such a list when none of its items looks
    like a question (no type bracket, option, answer or blank), no heading naming a
    question type stands over it ("一、简答题"), and it comes before the first run that
    holds questions, or before one under the same heading that starts again at 1.
    """
    runs: list[tuple[list[int], int, bool]] = []  # (indices into events, heading group, typed)
    group, typed, previous = 0, False, -1
    for i, event in enumerate(events):
        if event.kind == "heading":
            group, typed, previous = group + 1, type_from_words(event.title) is not None, -1
        elif event.line_start:
            if event.number != previous + 1 or not runs:
                runs.append(([], group, typed))
            runs[-1][0].append(i)
            previous = event.number

    @cache  # judged only where it matters: a big bank has thousands of runs
    def like(k: int) -> bool:
        return any(looks_like_question(i) for i in runs[k][0])

    first = next((k for k in range(len(runs)) if like(k)), None)
    if first is None:
        return set()  # nothing to tell lists from
    lists: set[int] = set()
    for k, (run, run_group, run_typed) in enumerate(runs):
        if run_typed:
            continue
        restart_next = (k + 1 < len(runs) and runs[k + 1][1] == run_group
                        and events[runs[k + 1][0][0]].number == 1)
        if (k < first or (restart_next and like(k + 1))) and not like(k):
            lists.update(events[i].start for i in run)
    return lists
