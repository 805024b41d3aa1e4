"""Errata may repair the bank's answer, never replace it.

The README promises that a question keeps the bank's official answer; where the editor
thinks it wrong, the entry's ``editor_answer`` says so beside it.  A correction of the answer
field (or of options that a judge question's letter answer points at) is therefore checked:

- an answer deleted (corrected to nothing) is refused;
- a choice question whose letters change, or a judge question whose true/false changes, is
  refused;
- a fill or calculation answer whose numbers change is refused: its digits and
  decimal points, in order, must stay as they were, where a ``?`` (a character the scrape
  lost) may stand for one of them, and so must the unit written after each number (``42`` ->
  ``42万`` or ``42%`` is another answer).  What a repair restores is allowed: spacing, a lost
  minus sign (``3e5`` -> ``3e-5``), other lost characters, code layout;
- short and case answers are prose: a repair may change a small share of them
  (:data:`REPAIR_SHARE`, counted over every correction of the answer, a formula as one
  character, spacing not at all), never replace them.

Options whose texts trade places change what each letter means, which may be a repair of a
scrambled bank or a disguised change of answer: that is flagged for a person to judge.
"""
from __future__ import annotations

import re
from typing import NoReturn

from ..base.errors import ErrataError
from .fields import FULLWIDTH_LETTERS, LETTER, choice_letters, judge_value, normalise_answer
from .model import Flag, Option, Question, QuestionType, Severity

_LETTER = re.compile(f"[{LETTER}]")
# What fixes a number's value: its digits and decimal points (a minus sign lost in a scrape
# may come back, so signs are left out).
_VALUE_CHARACTER = re.compile(r"[0-9.?]")
# A number (a decimal, maybe in e-notation) and the unit written right after it: letters of any
# script (万, 元, ms) or a sign such as %, after optional spaces.
_NUMBER_UNIT = re.compile(r"\d[\d.]*(?:[eE][-−+]?\d+)?\s*([^\W\d_]+|[%‰°℃′″]+)?")
# How much of a short or case answer a repair may change: a quarter of its characters (at least 2).
REPAIR_SHARE = 4
# Beyond this many ``?`` an answer is compared more loosely, so that checking it stays linear.
MAX_WILDCARDS = 32
_EXAMPLE = 'q3:\n    editor_answer: "≈1.227×10⁻⁵"   # shown beside the bank\'s answer, which stays'


def check_answer_kept(question: Question, answer_text: str | None, options: tuple[Option, ...],
                      where: str, changed: int = 0) -> None:
    """Raise :class:`ErrataError` at ``where`` if the corrected ``answer_text`` and ``options``
    change which answer the bank gives for ``question`` (see the module's rules); ``changed``
    is how many characters the corrections of the answer replace or add."""
    before = question.answer_text
    if before is None or not before.strip():
        return  # nothing to keep: an answer the bank lacks may be restored
    if answer_text is None or not answer_text.strip():
        _refuse(where, f"the answer deleted (it was {_short(before)})")
    if question.type.is_choice:
        old, new = _letters(before), _letters(answer_text)
        if old and old != new:
            _refuse(where, f"the letters {''.join(sorted(old))} changed to {''.join(sorted(new)) or 'none'}")
    elif question.type is QuestionType.JUDGE:
        old_value = normalise_answer(question.type, before, question.options)
        new_value = normalise_answer(question.type, answer_text, options)
        if old_value in ("true", "false") and new_value != old_value:
            _refuse(where, f"the answer {_short(before)} ({old_value}) changed to {_short(answer_text)}")
    elif question.type in (QuestionType.FILL, QuestionType.CALC):
        if not _same_numbers(before, answer_text):
            _refuse(where, f"a number of the answer changed: {_short(before)} -> {_short(answer_text)}")
        if "?" not in before and _units(before) != _units(answer_text):
            _refuse(where, f"the unit of a number changed: {_units(before)} -> {_units(answer_text)} "
                    f"({_short(before)} -> {_short(answer_text)})")
    elif changed > (allowed := max(2, len(before.strip()) // REPAIR_SHARE)):
        _refuse(where, f"{changed} of the answer's {len(before.strip())} characters replaced (a repair changes at "
                f"most {allowed}): {_short(before)} -> {_short(answer_text)}")


def check_editor_answer(question: Question, text: str, where: str) -> str:
    """The editor's answer to ``question`` as the model keeps it: option letters (``"AC"``) for
    a choice question, ``"true"``/``"false"`` for a judge question, else the text as written.
    Raises :class:`ErrataError` at ``where`` for letters the question has no option for, a
    judge answer that is neither, or the bank's own answer (nothing is disputed then)."""
    if question.type.is_choice:
        letters = choice_letters(text)
        labels = {o.label for o in question.options}
        if letters is None or not set(letters) <= labels:
            raise ErrataError(where, f"option letters of question {question.id} ({''.join(sorted(labels)) or 'none'})",
                              _short(text), "editor_answer: AC")
        value = letters
    elif question.type is QuestionType.JUDGE:
        truth = judge_value(text)
        if truth is None:
            raise ErrataError(where, "正確 or 錯誤 (a judge question's answer)", _short(text), "editor_answer: 錯誤")
        value = "true" if truth else "false"
    else:
        value = text
    if value == question.answer:
        raise ErrataError(where, "an answer other than the bank's (editor_answer marks a disputed answer)",
                          f"the bank's own answer {_short(text)}", "delete editor_answer")
    return value


def moved_options(question: Question, options: tuple[Option, ...]) -> tuple[Flag, ...]:
    """A warning for each corrected option that now reads as another option read before."""
    before = {_squeezed(o.text): o.label for o in question.options}
    flags = []
    for old, new in zip(question.options, options, strict=True):
        source = before.get(_squeezed(new.text))
        if new.text != old.text and source is not None and source != new.label:
            flags.append(Flag("option-text-moved", Severity.WARNING,
                              f"第{question.number}題的勘誤把選項{source}的文字移到了選項{new.label}："
                              "答案字母所指的內容隨之改變，請核對題庫答案"))
    return tuple(flags)


def _letters(text: str) -> frozenset[str]:
    letters = choice_letters(text)
    if letters is not None:
        return frozenset(letters)
    return frozenset(_LETTER.findall(text.translate(FULLWIDTH_LETTERS).upper()))


def _same_numbers(before: str, after: str) -> bool:
    """Whether ``after`` keeps the digits and decimal points of ``before`` in order, a ``?``
    of ``before`` standing for at most one of them."""
    old = "".join(_VALUE_CHARACTER.findall(before))
    new = "".join(c for c in _VALUE_CHARACTER.findall(after) if c != "?")
    if "?" not in old:
        return old == new
    if old.count("?") > MAX_WILDCARDS:  # a bank this damaged: its digits, in order, is all that is asked
        return _is_subsequence(old.replace("?", ""), new) and len(new) <= len(old)
    # The positions of ``old`` matched so far, advanced a character of ``new`` at a time (no
    # regular expression: a run of ``?`` would make one backtrack).  A ``?`` may match nothing.
    states = _skip_wildcards({0}, old)
    for char in new:
        states = _skip_wildcards({i + 1 for i in states if i < len(old) and old[i] in (char, "?")}, old)
        if not states:
            return False
    return len(old) in states


def _units(text: str) -> list[str]:
    """The units written after numbers of ``text``, in order (a number split in two by a minus
    sign restored is no change of unit)."""
    return [match.group(1) for match in _NUMBER_UNIT.finditer(text) if match.group(1)]


def _is_subsequence(short: str, long: str) -> bool:
    rest = iter(long)
    return all(char in rest for char in short)


def _skip_wildcards(states: set[int], pattern: str) -> set[int]:
    """``states`` with, after each, the positions reached by letting ``?`` match nothing."""
    out: set[int] = set()
    for i in sorted(states, reverse=True):  # a run already walked is not walked again
        out.add(i)
        while i < len(pattern) and pattern[i] == "?" and i + 1 not in out:
            i += 1
            out.add(i)
    return out


def _squeezed(text: str) -> str:
    return "".join(text.split())


def _short(text: str, limit: int = 40) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[:limit] + "…")


def _refuse(where: str, found: str) -> NoReturn:
    raise ErrataError(where, "a repair of the bank's answer that keeps it (spacing, lost characters such as a "
                      "minus sign, code layout); the editor's own answer goes in the entry's editor_answer "
                      "field, shown beside the bank's, and a comment in its notes", found, _EXAMPLE)
