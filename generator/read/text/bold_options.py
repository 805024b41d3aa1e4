"""Options set in bold as the answer (issue 27): a Markdown bank that writes no answer but
sets the right options wholly in bold (``**D、新的开发工具**``, ``- **Retirement**``) in at least
half of its questions with options and no answer.  As with a Word bank's formatting
(generator.read.word.answers), the bank's own habit decides, not one question; a written
answer always wins.  Pure: chapters in, chapters out.
"""
from __future__ import annotations

import re
from dataclasses import replace

from ...bank import fields as F
from ...bank.model import Chapter, Option, Question

# An option's text in bold: "**甲**", or "甲**" when the label carried the opening "**"
_BOLD = re.compile(r"(?:\*\*)?(?P<text>[^*\n](?:[^\n]*[^*\n])?)\*\*[ \t]*", re.S)


def bold_answers(chapters: tuple[Chapter, ...]) -> tuple[Chapter, ...]:
    """``chapters`` with the bold options of each unanswered question as its answer, when the
    bank marks answers so (see the module)."""
    open_questions = [q for c in chapters for q in c.questions if q.options and q.answer is None]
    marked = [q for q in open_questions if _bold(q)]
    if not marked or len(marked) * 2 < len(open_questions):
        return chapters
    ids = {q.id for q in marked}
    return tuple(replace(c, questions=tuple(_answered(q) if q.id in ids else q for q in c.questions))
                 for c in chapters)


def _bold(q: Question) -> str:
    """The letters of ``q``'s options set wholly in bold, if some are and some are not."""
    letters = "".join(o.label for o in q.options if _BOLD.fullmatch(_first_paragraph(o.text)[0]))
    return letters if 0 < len(letters) < len(q.options) else ""


def _first_paragraph(text: str) -> tuple[str, str]:
    """An option's own line, and what follows it after a blank line (the last option of a list
    carries the block after the list, a code block of notes, say): the bold is looked for in the former."""
    first, _, rest = text.strip().partition("\n\n")
    return first.strip(), rest


def _unbolded(option: Option) -> Option:
    first, rest = _first_paragraph(option.text)
    if (m := _BOLD.fullmatch(first)) is None:
        return option
    return Option(option.label, f"{m['text'].strip()}\n\n{rest}" if rest else m["text"].strip())


def _answered(q: Question) -> Question:
    letters = _bold(q)
    options = tuple(_unbolded(o) for o in q.options)
    qtype = F.infer_type(options, letters, q.stem)
    return replace(q, type=qtype, options=options, answer=F.normalise_answer(qtype, letters, options),
                   answer_text=letters)
