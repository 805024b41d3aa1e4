"""Questions written as a bullet of named fields, as a course's question sheet keeps them:

    - Question: Which magic times one line of code?
      - Type: Multiple Choice (Single Correct Answer)
      - Answer: %timeit
      - Choices: %timeme; %timeit; %codetime

The options share one line, separated by ``;`` (or by ``,`` when the line has no ``;``), and
the answer is the text of the right options, joined the same way.  Pure: a question's body
(the text after ``Question:``) in, its fields out.
"""
from __future__ import annotations

import re

from ...bank.fields import Fields
from ...bank.model import OPTION_LETTERS, Option

# A field of the question's bullet: "- Answer: …", "  - Choices : …", or the word alone at a line start
_FIELD = re.compile(r"(?m)^[ \t]{0,12}(?:[-*+][ \t]{1,4})?(?P<name>Type|Answer|Choices)[ \t]{0,3}:[ \t]*"
                    r"(?P<value>[^\n]*)$")
_ALTERNATIVES = re.compile(r"[ \t]+or[ \t]+")  # "b == 10 or 10 == b": either way of writing one option


def field_bullet_fields(body: str) -> Fields | None:
    """The stem, options and answer of one question's ``body`` (no options without a Choices
    field); ``None`` with no field, or more options than there are letters: read as any other."""
    fields = {m["name"]: m for m in reversed(list(_FIELD.finditer(body)))}  # the first of each name
    if not fields:
        return None
    texts = _items(fields["Choices"]["value"]) if "Choices" in fields else []
    if len(texts) > len(OPTION_LETTERS):
        return None
    options = tuple(Option(OPTION_LETTERS[i], text) for i, text in enumerate(texts))
    first = min(m.start() for m in fields.values())
    written = fields["Answer"]["value"].strip() if "Answer" in fields else ""
    answer = (_letters(written, options) or written) if written else None
    after = body[max(m.end() for m in fields.values()) :].strip()  # notes after the fields: kept, as explanation
    return Fields(None, (), body[:first].strip(), options, answer, after)


def _items(line: str) -> list[str]:
    """A line's items: split at ``;`` when it holds one, else at ``,``; empty items dropped.
    Where every item split at ``;`` is one word but for commas between words
    ("Read-Eval-Print-Loop; Read-Execute-Prepare-Learn, Rely-Expression-Loop"), a ``,`` slipped
    in for a ``;``: it separates too (items of several words keep their commas)."""
    items = [item.strip() for item in (line.split(";") if ";" in line else line.split(",")) if item.strip()]
    words = [part.strip() for item in items for part in item.split(",")]
    if ";" in line and len(words) > len(items) and all(word and not any(c.isspace() for c in word) for word in words):
        return words
    return items


def _letters(written: str, options: tuple[Option, ...]) -> str | None:
    """The letters of the options ``written`` names by their text: the whole answer, or each of
    its items, or one of its alternatives ("x or y"); ``None`` unless every part names one."""
    whole = _named(written, options)
    if whole is not None:
        return whole
    items = _items(written)
    named = [_named(item, options) for item in items]
    if len(items) > 1 and all(named):
        return "".join(sorted({letter for letter in named if letter}))
    found = {letter for part in _ALTERNATIVES.split(written) if (letter := _named(part, options))}
    return found.pop() if len(found) == 1 else None


def _named(text: str, options: tuple[Option, ...]) -> str | None:
    """The letter of the one option ``text`` writes: exactly, else but for a final full stop,
    else but for letter case too (``import math`` beside ``Import math`` is the exact one)."""
    for key in (str.strip, _unstopped, lambda t: _unstopped(t).casefold()):
        matches = [o.label for o in options if key(o.text) == key(text)]
        if matches:
            return matches[0] if len(matches) == 1 else None
    return None


def _unstopped(text: str) -> str:
    return " ".join(text.split()).rstrip(".")
