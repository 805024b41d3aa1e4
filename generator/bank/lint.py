"""Consistency checks: a Bank in, the same Bank out with ``Question.flags`` filled.

Lint runs after the errata, so it judges the corrected text; it never changes text.
Each flag has a stable code, a severity and a message in the guide's language that
names the question (``第10題``, or ``第2章第3題`` when numbering restarts per chapter)
and quotes what was found.

=========================  ========  ====================================================
code                       severity  finds
=========================  ========  ====================================================
``truncated``              error     the bank ends inside this question (its last one):
                                     no answer, too few options, an open code fence or a
                                     sentence cut off
``missing-answer``         error     no answer (``info`` on a truncated question, whose
                                     ``truncated`` flag already says so; short and case
                                     questions whose explanation holds the answer pass)
``answer-not-in-options``  error     a choice answer names a letter that is no option
                                     (``warning`` when the answer is not letters at all)
``answer-conflict``        warning   the explanation states another final answer (``答案：``,
                                     ``答案應為``) or corrects itself (``更正``)
``answer-count``           warning   單選 with several letters, 多選 with one
``judge-answer-code``      error     a judge answer written 0 or 1, which may mean true or
                                     false: the errata's ``answer_codes`` say which
``answer-in-words``        warning   a choice answer read from words ("全选", "前三个（A、B、C）"):
                                     the letters are the reader's, to be checked
``options-out-of-order``   warning   option labels not A, B, C … in the order written
                                     (the parser keeps them as written: B, A, C, D)
``options-glued``          warning   an option's text holds further option markers: options
                                     past H (I. J. …) or a label repeated out of turn, which
                                     the parser cannot split off and leaves in the option
``option-overlong``        warning   an option over 200 characters and eight times its longest
                                     sibling: it probably swallowed the text after it
``absorbed-question``      warning   (raised by the text reader) a field holds lines that look
                                     like another question: a number, then options or an answer
``unterminated-code``      warning   a ``` code fence opened in a field and never closed
                                     there, anywhere in the bank: the code runs to the
                                     field's end (``info`` on a truncated question)
``duplicate-number``       warning   a question number seen before in the same numbering
``numbering-gap``          warning   numbers skipped or out of order
``picture-unshown``        warning   a picture the guide cannot show: a remote address (never
                                     fetched, kept as a link), a missing file, EMF or WMF
=========================  ========  ====================================================

The damage warnings of :mod:`generator.bank.damage` (``garbled-text``, ``lost-character``,
``lost-minus``, ``code-whitespace-lost``) are added after these, question by question; the warning
``answer-formatting-conflict`` (a Word bank's look marks other options, in red or bold …,
than the answer it writes) is raised as the bank is read (:mod:`generator.read.word.answers`), and
so is ``equation-unconverted`` (a Word equation that stays text, :mod:`generator.read.word.equations`).  An
error means the guide cannot show the question as the bank meant it.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import partial
from typing import Any

from ..base.kept import Kept
from ..base.text import clip
from .damage import QUOTE_LIMIT, WHITESPACE, damage_flags, excerpt, question_fields
from .fields import JUDGE_CODES, choice_letters, judge_value, unfenced, worded_letters
from .model import (
    OPTION_LETTERS,
    PICTURE_MARK,
    Bank,
    Chapter,
    Flag,
    Picture,
    Question,
    QuestionType,
    Severity,
    placeless,
)
from .pictures import picture_text, unshown_flags
from .spans import FENCE_MARK
from .text_blocks import Code, split_blocks

_E, _W, _I = Severity.ERROR, Severity.WARNING, Severity.INFO

FINAL_ANSWER = re.compile(r"(?:正確|正确|最終|最终)?答案(?:應|应)?(?:為|为|是|：|:|=)\s*(?P<value>[^，,。；;\s]+)")
SELF_CORRECTION = re.compile(r"更正|訂正|订正|勘誤|勘误")
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
CUT_OFF_END = re.compile(r"[，、,：:（(「“+\-−=/]\s*$")
# A × after an operand (``2×``, ``d×``, ``(a+b)×``) is a product cut off; a × after
# anything else (``答案：×``, ``故本題×``) is a judge answer, which is complete.
CUT_OFF_PRODUCT = re.compile(r"[A-Za-z0-9_)\]}′'α-ωΑ-Ω\u2070-\u209f^]\s*×\s*$")
# An option marker inside an option's text: any label at the start of a later line (options
# in turn would have been split there), or past the option letters (I.–Z., (I)–(Z)) after a
# blank as well, unless an abbreviation (U.S.).
# One character class and a fixed-length lookbehind: one pass over the text, no backtracking.
_PAST = chr(ord(OPTION_LETTERS[-1]) + 1)  # the first letter no option has: "I"
_PAST_LETTERS = f"{_PAST}-Z{chr(ord(_PAST) + 0xFEE0)}-Ｚ"
GLUED_OPTION = re.compile(
    r"\n[ \t]*(?:[(（][A-ZＡ-Ｚ][)）]|[A-ZＡ-Ｚ][.．、])"
    rf"|(?<=[ \t\u3000])(?:[(（][{_PAST_LETTERS}][)）]|[{_PAST_LETTERS}][.．、])(?=\S)(?![A-Za-z][.．])"
)
_OPEN_CLOSE = {"（": "）", "(": ")", "「": "」", "“": "”", "【": "】"}


def lint(bank: Bank, source_length: int | None = None) -> Bank:
    """Return ``bank`` with every question's flags filled (flags already there are kept).

    ``source_length`` is the length of the decoded source; without it the question that
    ends furthest into the source is taken to run to its end.
    """
    linter = Linter(bank, source_length)
    return replace(bank, chapters=tuple(linter.chapter(c) for c in bank.chapters))


class Linter:
    """:func:`lint` a chapter at a time: the bank-wide checks once, each chapter's questions
    when asked (a page can be checked just before it is rendered)."""

    def __init__(self, bank: Bank, source_length: int | None = None) -> None:
        self._numbering = _numbering_flags(bank)
        self._cut = _truncated(bank, source_length)
        self._bank = bank
        self._checked = _CHECKED.made(bank.pictures, lambda: Kept(CHECKED_QUESTIONS))

    def chapter(self, chapter: Chapter) -> Chapter:
        """``chapter`` (of the bank) with its questions' flags filled."""
        questions = []
        for q in chapter.questions:
            place = where(chapter.number, q)
            cut = self._cut if self._cut is not None and self._cut[0] == q.id else None
            found = list(self._numbering.get(q.id, ()))
            if cut is not None:
                found.append(Flag("truncated", _E, f"{place}在題庫結尾處被截斷（{cut[1]}）：「…{_tail(q)}」"))
                found = [*self._shown(found), *self._own_flags(q, place, truncated=True)]
            else:
                found = [*self._shown(found), *self._kept_own_flags(q, place)]
            flags = tuple(dict.fromkeys(q.flags + tuple(found)))
            questions.append(q if flags == q.flags else replace(q, flags=flags))  # most questions: none found
        return replace(chapter, questions=tuple(questions))

    def _kept_own_flags(self, q: Question, place: str) -> tuple[Flag, ...]:
        """:meth:`_own_flags` of a question not cut off, kept for an equal question (no check
        reads where a question stands in the file: an edit above it moves it, nothing else)."""
        key = (placeless(q), place)  # a tuple: a copy of the question made with replace cost twice
        return self._checked.made(key, partial(self._own_flags, q, place, truncated=False))

    def _own_flags(self, q: Question, place: str, truncated: bool) -> tuple[Flag, ...]:
        """The flags of the checks that read the question alone (and the bank's pictures)."""
        found = [flag for check in QUESTION_CHECKS for flag in check(q, place, truncated)]
        found.extend(damage_flags(q, place))
        found.extend(unshown_flags(q, place, self._bank.pictures))
        return self._shown(found)

    def _shown(self, found: list[Flag]) -> tuple[Flag, ...]:
        """A quoted field shows its pictures as their alt text, never as the model's markers."""
        return tuple(replace(f, message=picture_text(f.message, self._bank)) if PICTURE_MARK[0] in f.message else f
                     for f in found)


# Each question's own flags by (question without its place, how messages name it), for each
# set of pictures: ``mkdocs serve`` checks the whole bank again after every edit, and the
# questions the edit did not touch are found equal.  Bounded, for banks of any size.
CHECKED_BANKS, CHECKED_QUESTIONS = 8, 100_000
_CHECKED: Kept[tuple[Picture, ...], Kept[tuple[tuple[Any, ...], str], tuple[Flag, ...]]] = Kept(CHECKED_BANKS)


# -- bank-wide checks ---------------------------------------------------------------------

def _numbering_flags(bank: Bank) -> dict[str, list[Flag]]:
    flags: dict[str, list[Flag]] = {}
    seen: set[int] = set()
    highest = 0
    for chapter in bank.chapters:
        for i, q in enumerate(chapter.questions):
            if i == 0 and q.number == 1 and highest:  # numbering restarts in this chapter
                seen, highest = set(), 0
            place = where(chapter.number, q)
            if q.number in seen:
                flags.setdefault(q.id, []).append(
                    Flag("duplicate-number", _W, f"{place}：題號{q.number}在前面已經出現過"))
            elif q.number > highest + 1:
                missing = f"第{highest + 1}題" if q.number == highest + 2 else f"第{highest + 1}–{q.number - 1}題"
                flags.setdefault(q.id, []).append(Flag("numbering-gap", _W, f"{place}之前缺少{missing}"))
            elif q.number < highest:
                flags.setdefault(q.id, []).append(
                    Flag("numbering-gap", _W, f"{place}排在第{highest}題之後，題號順序錯亂"))
            seen.add(q.number)
            highest = max(highest, q.number)
    return flags


def _truncated(bank: Bank, source_length: int | None) -> tuple[str, str] | None:
    """``(question id, reason)`` when the bank ends inside its last question."""
    questions = bank.questions
    if not questions:
        return None
    end = source_length if source_length is not None else max(q.end_offset for q in questions)
    running = [q for q in questions if q.end_offset == end]
    if not running:
        return None
    last = running[-1]
    if any(key.position.offset >= last.end_offset for key in bank.answer_keys):
        return None  # an answer key follows it: the bank does not end inside it
    others = [q for q in questions if q is not last]
    texts = [t for _, t in question_fields(last) if t]
    if sum(t.count("```") for t in texts) % 2:
        return last.id, "程式碼區塊沒有結束"
    if last.type.is_choice and len(last.options) < 2:
        count = f"只有{len(last.options)}個選項"
        return last.id, f"{count}，沒有答案" if last.answer is None else count
    if texts and (CUT_OFF_END.search(texts[-1]) or CUT_OFF_PRODUCT.search(texts[-1]) or _unclosed(texts[-1])):
        return last.id, "句子沒有結束"
    if last.answer is None and not last.explanation and (not others or any(q.answer is not None for q in others)):
        return last.id, "沒有答案"
    return None


def _unclosed(text: str) -> bool:
    return any(text.count(o) > text.count(c) for o, c in _OPEN_CLOSE.items())


# -- answer checks ------------------------------------------------------------------------

def _missing_answer(q: Question, where: str, truncated: bool) -> Iterator[Flag]:
    if q.answer is not None:
        return
    if q.type in (QuestionType.SHORT, QuestionType.CASE) and q.explanation:
        return
    yield Flag("missing-answer", _I if truncated else _E, f"{where}沒有答案")


def _answer_against_options(q: Question, where: str, truncated: bool) -> Iterator[Flag]:
    if not q.type.is_choice or q.answer is None:
        return
    letters = choice_letters(q.answer)
    if letters is None:
        yield Flag("answer-not-in-options", _W,
                   f"{where}是選擇題，答案卻不是選項字母：「{clip(q.answer, QUOTE_LIMIT)}」")
        return
    # read from words, not from an option's exact text (a spreadsheet's 开放性): the letters are a reading
    written = unfenced(q.answer_text) if q.answer_text else ""
    if q.answer_text and choice_letters(written) is None and worded_letters(written, q.options) is not None:
        yield Flag("answer-in-words", _W, f"{where}的答案寫成文字「{clip(q.answer_text, QUOTE_LIMIT)}」，"
                                           f"讀作{'、'.join(letters)}")
    labels = {o.label for o in q.options}
    if q.options and set(letters) - labels:
        missing = "、".join(sorted(set(letters) - labels))
        yield Flag("answer-not-in-options", _E,
                   f"{where}答案「{q.answer_text or q.answer}」中的{missing}不是本題的選項"
                   f"（選項：{''.join(sorted(labels))}）")
    if q.type is QuestionType.SINGLE and len(letters) > 1:
        yield Flag("answer-count", _W,
                   f"{where}是單選題，答案卻有{len(letters)}個選項：「{q.answer_text or q.answer}」")
    if q.type is QuestionType.MULTIPLE and len(letters) == 1:
        yield Flag("answer-count", _W, f"{where}是多選題，答案卻只有一個選項：「{q.answer_text or q.answer}」")


def _judge_answer_code(q: Question, where: str, truncated: bool) -> Iterator[Flag]:
    if q.type is QuestionType.JUDGE and q.answer in JUDGE_CODES:
        yield Flag("judge-answer-code", _E,
                   f"{where}是判斷題，答案寫成代碼「{q.answer}」：題庫沒有說 0 和 1 哪個表示正確。"
                   f"請在勘誤檔寫明，例如 answer_codes: {{judge: {{\"0\": 正确, \"1\": 错误}}}}")


def _options_out_of_order(q: Question, where: str, truncated: bool) -> Iterator[Flag]:
    labels = [o.label for o in q.options]
    expected = [chr(ord("A") + i) for i in range(len(labels))]
    if labels != expected:
        yield Flag("options-out-of-order", _W,
                   f"{where}的選項次序為{'、'.join(labels)}，應為{'、'.join(expected)}")


def _options_glued(q: Question, where: str, truncated: bool) -> Iterator[Flag]:
    for option in q.options:
        markers = [m.group().strip() for m in GLUED_OPTION.finditer(option.text)]
        if markers:
            shown = "、".join(markers[:5]) + ("…" if len(markers) > 5 else "")
            yield Flag("options-glued", _W,
                       f"{where}選項{option.label}的文字中還有{len(markers)}個選項標記（{shown}），"
                       f"可能是題庫多出的選項被併進了選項{option.label}")


# An option that swallowed what follows it: longer than this many characters, and this many
# times its longest sibling (real options differ in length, rarely by a factor of eight)
OVERLONG_OPTION = 200
OVERLONG_FACTOR = 8


def _option_overlong(q: Question, where: str, truncated: bool) -> Iterator[Flag]:
    if len(q.options) < 2:
        return
    longest = max(q.options, key=lambda o: len(o.text))
    sibling = max(len(o.text) for o in q.options if o is not longest)
    if len(longest.text) > OVERLONG_OPTION and len(longest.text) > OVERLONG_FACTOR * max(sibling, 1):
        yield Flag("option-overlong", _W,
                   f"{where}選項{longest.label}有{len(longest.text)}字，其他選項最長{sibling}字："
                   f"可能併入了後面的文字（「{clip(longest.text[sibling:].strip(), 20)}」…）")


def _unterminated_code(q: Question, where: str, truncated: bool) -> Iterator[Flag]:
    for label, text in question_fields(q):
        if FENCE_MARK not in text:  # most fields: no need to split them into blocks
            continue
        open_code = next((b for b in split_blocks(text) if isinstance(b, Code) and not b.closed), None)
        if open_code is not None:
            start = text.rfind(FENCE_MARK)  # the open block is the last one: its fence is the last
            more = "…" if len(text) > start + 24 else ""
            # On the truncated last question, ``truncated`` already says why it ends open.
            yield Flag("unterminated-code", _I if truncated else _W,
                       f"{where}{label}的程式碼區塊（```）沒有結束標記，程式碼一直延續到{label}結尾："
                       f"「{excerpt(text, start, start + 24, context=0)}{more}」")


def _answer_conflict(q: Question, where: str, truncated: bool) -> Iterator[Flag]:
    if q.answer is None or not q.explanation or q.type in (QuestionType.SHORT, QuestionType.CASE):
        return
    stated = list(FINAL_ANSWER.finditer(q.explanation))
    if stated:
        value = stated[-1].group("value")
        if _differs(q, value):
            yield Flag("answer-conflict", _W,
                       f"{where}解析得出的答案「{value}」與答案欄「{q.answer_text or q.answer}」不一致："
                       f"「…{excerpt(q.explanation, stated[-1].start(), stated[-1].end())}」")
        return  # the explanation ends on a stated answer: that statement decides
    fix = SELF_CORRECTION.search(q.explanation)
    if fix:
        yield Flag("answer-conflict", _W,
                   f"{where}解析中途更正了自己，可能與答案欄「{q.answer_text or q.answer}」不一致："
                   f"「…{excerpt(q.explanation, fix.start(), fix.end())}」")


def _differs(q: Question, value: str) -> bool:
    """Whether an answer stated in the explanation differs from the answer field."""
    if q.type.is_choice:
        letters = choice_letters(value)
        return letters is not None and letters != choice_letters(q.answer or "")
    if q.type is QuestionType.JUDGE:
        stated = judge_value(value)
        return stated is not None and ("true" if stated else "false") != q.answer
    ours, theirs = NUMBER.search(q.answer or ""), NUMBER.search(value)
    if ours and theirs:
        return abs(float(ours.group()) - float(theirs.group())) > 1e-9 * max(1.0, abs(float(ours.group())))
    return WHITESPACE.sub("", value).rstrip("。.") != WHITESPACE.sub("", q.answer or "").rstrip("。.")


# -- helpers ------------------------------------------------------------------------------

def where(chapter: int, q: Question) -> str:
    """How a message names a question: 第10題, or 第2章第3題 when numbering restarts."""
    return f"第{chapter}章第{q.number}題" if q.id.startswith("c") else f"第{q.number}題"


def _tail(q: Question) -> str:
    texts = [t for _, t in question_fields(q) if t]
    return clip(texts[-1][-20:].replace("\n", "↵"), QUOTE_LIMIT) if texts else ""


QUESTION_CHECKS: tuple[Callable[[Question, str, bool], Iterator[Flag]], ...] = (
    _missing_answer, _answer_against_options, _judge_answer_code, _options_out_of_order, _options_glued,
    _option_overlong, _answer_conflict, _unterminated_code,
)
