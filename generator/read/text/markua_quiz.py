"""Questions in Markua's quiz syntax (Leanpub's Markdown for courses), as its specification
writes them inside ``{quiz, id: …}`` … ``{/quiz}`` or ``{exercise, …}`` … ``{/exercise}``::

    ? How many letters are in the word Markdown?

    a) 6
    b) 7
    C) 8

    ? Where is the Eiffel Tower?

    ! Paris

A question opens with ``? ``; its choices are lettered with a closing bracket, the right ones
with a capital letter (``C)``), the others with a small one (``a)``; ``m)`` and ``o)`` mark
wrong choices that must or may be shown); a question with no choices lists its accepted
answers each on a line opening with ``! ``: a blank to fill, however long.  Pure: a
question's body (the text after ``? ``) in, its fields out.
"""
from __future__ import annotations

import re

from ...bank.fields import Fields
from ...bank.model import OPTION_LETTERS, Option, QuestionType

_CHOICE = re.compile(r"(?m)^[ \t]{0,3}(?P<label>[A-Za-z])\)[ \t]+(?P<text>[^\n]*\S)[ \t]*$")
_ACCEPTED = re.compile(r"(?m)^[ \t]{0,3}![ \t]+(?P<text>[^\n]*\S)[ \t]*$")


def markua_fields(body: str) -> Fields | None:
    """The stem, options and answer of one question's ``body``; ``None`` when it lists neither
    choices nor accepted answers, or more choices than there are letters: read as any other."""
    choices = list(_CHOICE.finditer(body))
    accepted = list(_ACCEPTED.finditer(body))
    if (not choices and not accepted) or len(choices) > len(OPTION_LETTERS):
        return None
    marks = choices or accepted
    stem = body[: marks[0].start()].strip()
    after = body[marks[-1].end() :].strip()  # text after the choices: kept, as explanation
    if choices:
        options = tuple(Option(OPTION_LETTERS[i], m["text"]) for i, m in enumerate(choices))
        right = "".join(OPTION_LETTERS[i] for i, m in enumerate(choices) if m["label"].isupper())
        between = _between(body, choices)
        return Fields(None, (), stem, options, right or None, "\n\n".join(filter(None, (between, after))))
    between = _between(body, accepted)
    answer = "\n".join(m["text"] for m in accepted)  # each accepted answer, as written
    return Fields(QuestionType.FILL, (), stem, (), answer, "\n\n".join(filter(None, (between, after))))


def _between(body: str, marks: list[re.Match[str]]) -> str:
    """Any text between the marked lines (nothing dropped)."""
    return "\n".join(part for k in range(1, len(marks))
                     if (part := body[marks[k - 1].end() : marks[k].start()].strip()))
