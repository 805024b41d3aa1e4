"""Disputed answers: questions whose errata give an editor's answer beside the bank's."""
from __future__ import annotations

from ..base.text import quote
from .errata import markers_as_dollars
from .model import Bank, Question


def disputed(bank: Bank) -> tuple[Question, ...]:
    """The questions with an editor's answer, in bank order."""
    return tuple(q for q in bank.questions if q.editor_answer is not None)


def disputed_lines(bank: Bank) -> list[str]:
    """``check``'s list: one line a disputed answer, with where the question starts."""
    return [f"{bank.source}:{q.position.line}:{q.position.column}: {q.id}: disputed answer: bank "
            f"{_one_line(q.answer or '')} · editor {_one_line(q.editor_answer or '')}" for q in disputed(bank)]


def _one_line(text: str) -> str:
    return quote(" ".join(markers_as_dollars(text).split()))
