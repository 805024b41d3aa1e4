"""Account for every question-like line of a text bank after it is parsed (issue 27).

A *question-like line* is a line that opens with a question number as the bank writes them
("12." "12、" "(12)" "第12题" "Question 12"), not indented as a sub-item, whose
block (to the next such line or question) holds an answer marker or at least two option
lines, "A." then "B." (or "1." then "2." under an English stem is no such block: those are a
question's options, and a question's own lines never count).  Each one is either where a
question starts, or inside a question (absorbed by one of its fields), or inside an answer
key or code, or nowhere: the parser then lost it.  This module says which, given only the
text and the spans the parser read; it never changes the reading.

Pure and linear: the lines' starts tried once each, each block searched once.
"""
from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ...bank.fields import ANSWER, FULLWIDTH_LETTERS, LETTER, WIDE
from ...bank.spans import merged_spans

# The lead a question's number may have at a line start: one blank, "## ", "> ", "**"
_LEAD = re.compile(r"[ ]?(?:#{1,6}[ \t]{1,4}|>[ \t]{0,4})?(?:\*\*)?")
# An option line: a label "A." "A、" "(A)" "A)" "A：" at a line's start (after a list dash or bold)
_OPTION_LINE = re.compile(r"(?m:^)[ \t>]{0,8}(?:[-*+][ \t]{1,4})?(?:\*\*)?"
                          rf"(?:[(（](?P<p>[{LETTER}{WIDE}])[)）]|(?P<d>[{LETTER}{WIDE}])[ \t]{{0,2}}[.．、:：)）])")


@dataclass(frozen=True)
class QuestionLine:
    """A question-like line the parser did not start a question at."""

    offset: int  # where the line starts in the parsed text
    text: str  # the line, stripped
    question: int | None  # the index (in reading order) of the question whose text holds it; None: none does


def question_like_lines(text: str, numbering: re.Pattern[str], starts: Sequence[int], ends: Sequence[int],
                        skipped: Sequence[tuple[int, int]] = ()) -> list[QuestionLine]:
    """The question-like lines of ``text`` that start no question: lines that open with a
    number as ``numbering`` (the bank's: generator.read.text.layout) writes it.

    ``starts`` and ``ends`` are the questions' spans, in reading order (``starts`` rising);
    ``skipped`` the spans, sorted by start, whose lines are no questions by design (answer
    keys, code blocks).  A question's own first line (it starts within its line's lead, or
    the line holds its number inside running text) is its own.
    """
    lines = _numbered_lines(numbering)
    numbered = ([0] if _numbered(text, 0, numbering) else []) + [m.end() for m in lines.finditer(text)]
    start_lines = {text.rfind("\n", 0, s) + 1 for s in starts}  # the line each question starts on
    skipped = merged_spans(list(skipped))
    skipped_starts = [s for s, _ in skipped]
    # A block ends at the next numbered line or question start, whichever comes first.
    boundaries = sorted(set(numbered) | set(starts) | start_lines)
    found: list[QuestionLine] = []
    for offset in numbered:
        if offset in start_lines or _inside(offset, skipped_starts, skipped):
            continue
        following = bisect.bisect_right(boundaries, offset)
        end = boundaries[following] if following < len(boundaries) else len(text)
        if not _looks_like_question(text, offset, end):
            continue
        k = bisect.bisect_right(starts, offset) - 1
        inside = k if k >= 0 and offset < ends[k] else None
        line_end = text.find("\n", offset, end)
        found.append(QuestionLine(offset, text[offset : end if line_end < 0 else line_end].strip(), inside))
    return found


@lru_cache(maxsize=16)
def _numbered_lines(numbering: re.Pattern[str]) -> re.Pattern[str]:
    """The starts of the lines that open with a number as ``numbering`` writes it, in one scan
    (after each newline, as a lookahead that consumes only the newline)."""
    return re.compile(rf"\n(?={_LEAD.pattern}(?:{numbering.pattern}))", numbering.flags)


def _numbered(text: str, start: int, numbering: re.Pattern[str]) -> bool:
    lead = _LEAD.match(text, start)
    return numbering.match(text, lead.end() if lead else start) is not None


def _inside(offset: int, starts: list[int], spans: Sequence[tuple[int, int]]) -> bool:
    k = bisect.bisect_right(starts, offset) - 1
    return k >= 0 and offset < spans[k][1]


def _looks_like_question(text: str, start: int, end: int) -> bool:
    """Whether the block ``text[start:end]`` holds an answer marker or option lines A and B."""
    if ANSWER.search(text, start, end) is not None:
        return True
    if text.find("B", start, end) < 0 and text.find("Ｂ", start, end) < 0:  # the quick test: no option B
        return False
    seen_a = False
    for m in _OPTION_LINE.finditer(text, start, end):
        letter = (m["p"] or m["d"]).translate(FULLWIDTH_LETTERS)
        if letter == "B" and seen_a:
            return True
        seen_a = seen_a or letter == "A"
    return False


def field_holding(line: str, stem: str, options: Sequence[tuple[str, str]], answer: str | None,
                  explanation: str) -> tuple[str, str]:
    """Which field of a question holds ``line`` (a question-like line inside it): ("option",
    "C"), ("answer", ""), ("explanation", "") or ("stem", ""); the line's first 40 characters
    are looked for."""
    probe = line[:40]
    for label, option in options:
        if probe in option:
            return "option", label
    if answer and probe in answer:
        return "answer", ""
    if probe in explanation:
        return "explanation", ""
    return "stem", ""
