"""Editorial corrections: ``errata.yml`` beside a bank, pinned to the text they replace.

The file maps question ids to entries::

    q3:                                   # the question id (q7; c2-q7 in banks numbered per chapter)
      stem:                               # a field: stem, answer, explanation or an option letter A-H
        - {replace: "lr=3e4", with: "lr=3e-4"}      # an exact, unique piece of the original field
      explanation:
        - whole: |-                       # the whole original field ...
            m??=m?/(1β?^5)…
          with: |-                        # ... and what it becomes
            m̂₅=m₅/(1−β₁^5)…
      notes:                              # editor's notes, shown beside the question
        - '正確結果為 $1.23\\times10^{-5}$。'
      editor_answer: '$\\approx1.23\\times10^{-5}$'   # the editor's answer, beside the bank's
    answer_codes:                         # beside the ids: what judge answers written as codes mean
      judge: {"0": 正确, "1": 错误}       # (which of 0 and 1 is true, only the statements show)

Every quote is matched against the field as the bank gives it (after the certain repairs,
before any other correction), so corrections of one field never depend on their order and a
quote that no longer occurs exactly once fails loudly instead of going stale.  In corrected
text and notes ``$...$`` and ``$$...$$`` are editor-given LaTeX (``\\$`` is a dollar sign);
they become the control-character markers of :mod:`generator.bank.model`; ``check_math`` (given by
the caller, generator.math.editor_latex) checks each formula as the file loads.  The bank's
official answer is never overwritten for being wrong: ``editor_answer`` gives the editor's
beside it, and a correction that changes or deletes it is refused (generator.bank.answer_guard).
No text may hold control characters (generator.base.safe_text).

A picture in a field reads in quotes as the exports write it, ``[alt: file]``
(``[图 1: 3f2a….png]``, :data:`generator.bank.pictures.REFERENCE`); in ``with`` the same
reference puts that picture of the question back, in that field or another.  A correction that
leaves a picture of its question in no field is refused, naming the picture: a picture is
never lost to a correction.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import pairwise
from pathlib import Path

import yaml

from ..base.errors import ErrataError
from ..base.safe_text import refuse_control_characters
from ..base.text import quoted
from ..base.yaml_file import compose_yaml
from .answer_guard import check_answer_kept, check_editor_answer, moved_options
from .fields import judge_value, normalise_answer
from .math_markers import check_math_markers
from .model import DISPLAY_MATH, INLINE_MATH, OPTION_LETTERS, Bank, Flag, Option, Question, QuestionType
from .pictures import as_references, from_references, pictures_in, reference, reference_markers

OPTION_FIELDS = tuple(OPTION_LETTERS)
FIELDS = ("stem", "answer", "explanation", *OPTION_FIELDS)
# How a correction line names each field, in the guide's interface language.
FIELD_LABELS = {"stem": "題幹", "answer": "答案", "explanation": "解析", **{f: f"選項{f}" for f in OPTION_FIELDS}}
QUESTION_ID = re.compile(r"(?:c\d+-)?q\d+(?:-\d+)?")
EDITOR_MATH = re.compile(
    r"\\\$"  # \$ outside math: a dollar sign
    r"|\$\$(?P<display>(?:\\.|[^$\\]|\$(?!\$))+?)\$\$"
    r"|\$(?P<inline>(?:\\.|[^$\\\n])+?)\$"
    r"|\$",  # a dollar that opens nothing it closes
    re.DOTALL,
)
_NULL_TAG = "tag:yaml.org,2002:null"
BLANK_LINE = re.compile(r"\n[ \t]*\n")
QUOTE_LIMIT = 36  # characters of a quote shown in a correction line before it is shortened
MAX_OCCURRENCES = 100  # a quote's occurrences counted for a message: past this, "or more"

EXAMPLE_ENTRY = ('q3:\n    stem:\n      - {replace: "lr=3e4", with: "lr=3e-4"}\n'
                 '    notes:\n      - "正確結果為 0.0000。"')
EDITOR_ANSWER = "editor_answer"
ANSWER_CODES = "answer_codes"  # a top-level key beside the question ids
EXAMPLE_CODES = 'answer_codes: {judge: {"0": 正确, "1": 错误}}'
# Checks one formula an editor gave: (LaTeX, display?, where) -> None, or raises ErrataError.
MathCheck = Callable[[str, bool, str], None]

EXAMPLE_CORRECTION = '- {replace: "lr=3e4", with: "lr=3e-4"}  or  - {whole: "<the whole field>", with: "<new text>"}'


@dataclass(frozen=True)
class Correction:
    """One change to one field: ``original`` is quoted from the bank, ``text`` replaces it."""

    field: str  # "stem", "answer", "explanation" or an option letter
    original: str
    text: str  # editor math already turned into markers
    whole: bool = False  # True: ``original`` is the whole field
    line: int = 0  # line in the errata file, for messages


@dataclass(frozen=True)
class Entry:
    """Everything the errata say about one question."""

    question: str  # question id
    corrections: tuple[Correction, ...]
    notes: tuple[str, ...]  # editor math already turned into markers
    line: int = 0
    editor_answer: str | None = None  # the editor's answer (markers for math), shown beside the bank's
    editor_answer_line: int = 0


@dataclass(frozen=True)
class AnswerCodes:
    """``answer_codes: {judge: {"0": 正确, "1": 错误}}``: what a bank's judge answers written as
    codes mean (which of 0 and 1 is true, the bank does not say; its statements show it)."""

    judge: tuple[tuple[str, str], ...]  # code -> "true" or "false"
    line: int = 0


@dataclass(frozen=True)
class Errata:
    source: str  # path of the errata file, for messages
    entries: tuple[Entry, ...] = ()
    answer_codes: AnswerCodes | None = None

    def entry(self, question: str) -> Entry | None:
        return self._by_question.get(question)

    @cached_property
    def _by_question(self) -> dict[str, Entry]:
        return {e.question: e for e in self.entries}


# -- loading ------------------------------------------------------------------------------

def load_errata(path: Path, check_math: MathCheck | None = None) -> Errata:
    """Read and check an errata file; any malformed part raises :class:`ErrataError`.

    ``check_math`` is called on every formula (``$...$``) of the file, with where it stands.
    """
    source = str(path)
    root = compose_yaml(path, ErrataError, "errata", EXAMPLE_ENTRY)
    if root is None:
        return Errata(source)
    _expect(root, yaml.MappingNode, source, "a mapping from question ids to corrections", EXAMPLE_ENTRY)
    entries: list[Entry] = []
    codes = None
    for key, value in root.value:
        qid = _text(key, source, "a question id")
        if qid == ANSWER_CODES:
            if codes is not None:
                raise ErrataError(_at(f"{source}: {ANSWER_CODES}", key), f"one {ANSWER_CODES}",
                                  f"a second (the first on line {codes.line})", "merge the two")
            codes = _answer_codes(value, f"{source}: {ANSWER_CODES}", key.start_mark.line + 1)
            continue
        where = f"{source}: entry {qid}"
        if not QUESTION_ID.fullmatch(qid):
            hint = f"q{qid}" if qid.isdigit() else "q7"
            raise ErrataError(_at(where, key), "a question id such as q7 (c2-q7 when numbering restarts per chapter)",
                              quoted(qid, 60), f"{hint}:")
        if any(e.question == qid for e in entries):
            raise ErrataError(_at(where, key), "each question id once", f"a second entry for {qid}",
                              "merge the two entries")
        entries.append(_entry(qid, value, where, key.start_mark.line + 1, check_math))
    return Errata(source, tuple(entries), codes)


def _answer_codes(node: yaml.Node, where: str, line: int) -> AnswerCodes:
    """``{judge: {"0": 正确, "1": 错误}}``: each code once, each meaning a true/false word."""
    _expect(node, yaml.MappingNode, where, "a mapping from a type (judge) to its codes", EXAMPLE_CODES)
    judge: dict[str, str] = {}
    for key, value in node.value:
        kind = _text(key, where, "a question type")
        if kind != "judge":
            raise ErrataError(_at(where, key), "judge (codes are read for judge answers only)", quoted(kind),
                              EXAMPLE_CODES)
        if judge:
            raise ErrataError(_at(where, key), "judge once", "a second judge", EXAMPLE_CODES)
        at = f"{where}, judge"
        _expect(value, yaml.MappingNode, at, "a mapping from each code to what it means", EXAMPLE_CODES)
        for code_node, meaning_node in value.value:
            code = _text(code_node, at, "a code as the bank writes it, e.g. \"0\"").strip()
            meaning = _text(meaning_node, f"{at}, {code}", "正确 or 错误").strip()
            value_meant = judge_value(meaning)
            if not code or "\n" in code:
                raise ErrataError(_at(at, code_node), "a code as the bank writes it, e.g. \"0\"", quoted(code),
                                  EXAMPLE_CODES)
            if code in judge:
                raise ErrataError(_at(at, code_node), "each code once", f"a second {quoted(code)}", EXAMPLE_CODES)
            if value_meant is None:
                raise ErrataError(_at(f"{at}, {code}", meaning_node), "正确 or 错误 (also 正確/錯誤, 对/错, √/×, "
                                  "true/false)", quoted(meaning), EXAMPLE_CODES)
            judge[code] = "true" if value_meant else "false"
    if not judge:
        raise ErrataError(_at(where, node), "the codes of judge answers", "none", EXAMPLE_CODES)
    if len(judge) > 1 and len(set(judge.values())) == 1:
        raise ErrataError(_at(where, node), "codes that mean true and false",
                          f"{'、'.join(judge)} all meaning {next(iter(judge.values()))}", EXAMPLE_CODES)
    return AnswerCodes(tuple(judge.items()), line)


def _entry(qid: str, node: yaml.Node, where: str, line: int, check_math: MathCheck | None = None) -> Entry:
    _expect(node, yaml.MappingNode, where,
            f"fields (stem, answer, explanation, A-{OPTION_LETTERS[-1]}), notes and editor_answer", EXAMPLE_ENTRY)
    corrections: list[Correction] = []
    notes: list[str] = []
    editor_answer, answer_line = None, 0
    for key, value in node.value:
        name = _text(key, where, "a field name")
        at = f"{where}, {name}"
        items = value.value if isinstance(value, yaml.SequenceNode) else [value]
        if name == "notes":
            notes.extend(editor_math(_text(item, at, "the text of a note"), _at(at, item), check_math)
                         for item in items)
        elif name == EDITOR_ANSWER and editor_answer is not None:
            raise ErrataError(_at(at, key), "one editor_answer an entry", f"a second (the first on line {answer_line})")
        elif name == EDITOR_ANSWER:
            text = _text(value, at, "the editor's answer as one piece of text, e.g. '≈1.227×10⁻⁵'")
            if not text.strip():
                raise ErrataError(_at(at, value), "the editor's answer", "empty text", EXAMPLE_ENTRY)
            if "\n" in text.strip() or "```" in text:  # it stands on the answer line, beside the bank's
                raise ErrataError(_at(at, value), "the editor's answer as plain text on one line ($LaTeX$ allowed)",
                                  quoted(text, 80), "editor_answer: '$\\approx1.227\\times10^{-5}$'")
            editor_answer = editor_math(text.strip(), _at(at, value), check_math)
            answer_line = value.start_mark.line + 1
        elif name in FIELDS:
            corrections.extend(_correction(name, item, at, check_math) for item in items)
        else:
            raise ErrataError(_at(at, key), f"one of {', '.join(FIELDS)}, notes or {EDITOR_ANSWER}", quoted(name),
                              EXAMPLE_ENTRY)
    if not corrections and not notes and editor_answer is None:
        raise ErrataError(_at(where, node), "at least one correction, note or editor_answer", "an empty entry",
                          EXAMPLE_ENTRY)
    return Entry(qid, tuple(corrections), tuple(notes), line, editor_answer, answer_line)


def _correction(field: str, node: yaml.Node, where: str, check_math: MathCheck | None = None) -> Correction:
    _expect(node, yaml.MappingNode, where, "a correction with replace (or whole) and with", EXAMPLE_CORRECTION)
    values = {_text(k, where, "replace, whole or with"): v for k, v in node.value}
    keys = set(values)
    if keys not in ({"replace", "with"}, {"whole", "with"}):
        raise ErrataError(_at(where, node), "the keys replace and with (or whole and with)",
                          ", ".join(sorted(keys)) or "no key", EXAMPLE_CORRECTION)
    whole = "whole" in keys
    original = _text(values["whole" if whole else "replace"], where, "the quoted original text")
    if not original:
        raise ErrataError(_at(where, node), "a non-empty quote of the original text", "an empty quote",
                          EXAMPLE_CORRECTION)
    text = _text(values["with"], where, 'the corrected text (write "" to delete)')
    return Correction(field, original, editor_math(text, _at(where, node), check_math), whole,
                      node.start_mark.line + 1)


def _at(where: str, node: yaml.Node) -> str:
    return f"{where} (line {node.start_mark.line + 1})"


def _expect(node: yaml.Node, kind: type, where: str, expected: str, example: str) -> None:
    if not isinstance(node, kind):
        raise ErrataError(_at(where, node), expected, _describe(node), example)


def _text(node: yaml.Node, where: str, expected: str) -> str:
    """A scalar exactly as written: ``0.0005`` stays the text ``0.0005``, never a float."""
    if not isinstance(node, yaml.ScalarNode) or node.tag == _NULL_TAG:
        raise ErrataError(_at(where, node), expected, _describe(node), EXAMPLE_CORRECTION)
    return refuse_control_characters(node.value, _at(where, node), ErrataError)


def _describe(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    return "nothing" if node.tag == _NULL_TAG else f"the text {quoted(node.value)}"


def editor_math(text: str, where: str = "corrected text", check_math: MathCheck | None = None) -> str:
    """Turn ``$...$``/``$$...$$`` into the math markers and ``\\$`` into ``$``; ``check_math``
    checks each formula."""
    def convert(match: re.Match[str]) -> str:
        if match.group("display") is not None:
            latex = match.group("display").strip()
            if BLANK_LINE.search(latex) or "```" in latex:  # would be cut in two where the page is
                raise ErrataError(where, "$$...$$ without blank lines or ``` inside",
                                  f"{quoted(latex, 60)} at character {match.start() + 1}", "$$a=b\\\\c=d$$")
            if check_math:
                check_math(latex, True, where)
            return DISPLAY_MATH[0] + latex + DISPLAY_MATH[1]
        if match.group("inline") is not None:
            if "```" in match.group("inline"):
                raise ErrataError(where, "$...$ without ``` inside", quoted(match.group("inline"), 60))
            if check_math:
                check_math(match.group("inline"), False, where)
            return INLINE_MATH[0] + match.group("inline") + INLINE_MATH[1]
        if match.group() == "$":
            raise ErrataError(where, "$...$ (on one line) or $$...$$ closed again, or \\$ for a dollar sign",
                              f"an unclosed $ at character {match.start() + 1} of {quoted(text, 80)}",
                              r"'均值 $\mu$，費用 \$5'")
        return "$"

    return EDITOR_MATH.sub(convert, text)


# -- applying -----------------------------------------------------------------------------

def apply_errata(bank: Bank, errata: Errata) -> Bank:
    """The bank with every correction applied and every note attached; stale quotes raise."""
    known = {q.id for q in bank.questions}
    for entry in errata.entries:
        if entry.question not in known:
            raise ErrataError(f"{errata.source}: entry {entry.question} (line {entry.line})",
                              f"a question id of {bank.source} ({_id_range(bank)})",
                              f"no question {entry.question}", "check the number, or delete the entry")
    chapters = []
    for chapter in bank.chapters:
        questions = tuple(_apply_entry(q, e, errata.source, bank) if (e := errata.entry(q.id)) else q
                          for q in chapter.questions)
        chapters.append(replace(chapter, questions=questions))
    corrected = replace(bank, chapters=tuple(chapters))
    return _decode_answers(corrected, errata.answer_codes, errata.source) if errata.answer_codes else corrected


def _decode_answers(bank: Bank, codes: AnswerCodes, source: str) -> Bank:
    """Judge answers written as codes read as the errata say (the bank's text stays as written);
    codes that answer no judge question are stale and raise."""
    meaning = dict(codes.judge)
    used = False

    def decoded(q: Question) -> Question:
        nonlocal used
        if q.type is not QuestionType.JUDGE or q.answer not in meaning:
            return q
        used = True
        return replace(q, answer=meaning[q.answer])

    chapters = tuple(replace(c, questions=tuple(decoded(q) for q in c.questions)) for c in bank.chapters)
    if not used:
        raise ErrataError(f"{source}: {ANSWER_CODES} (line {codes.line})",
                          f"judge questions of {bank.source} answered {' or '.join(meaning)}",
                          "none: no judge answer is written so", "delete answer_codes")
    return replace(bank, chapters=chapters)


def _apply_entry(question: Question, entry: Entry, source: str, bank: Bank) -> Question:
    bank_source = bank.source
    texts = {"stem": question.stem, "explanation": question.explanation, **{o.label: o.text for o in question.options}}
    if question.answer_text is not None:
        texts["answer"] = question.answer_text
    before = dict(texts)
    pictures = list(dict.fromkeys(i for text in texts.values() for i in pictures_in(text)))
    lines: list[str] = []
    for field in dict.fromkeys(c.field for c in entry.corrections):
        corrections = [c for c in entry.corrections if c.field == field]
        where = f"{source}: entry {question.id}, {field} (line {corrections[0].line})"
        original = texts.get(field)
        if original is None:
            labels = "".join(texts.keys() & set(OPTION_FIELDS)) or "none"
            found = "no answer" if field == "answer" else f"no option {field} (options: {labels})"
            raise ErrataError(where,
                              f"a {field} field in question {question.id} (第{question.number}題) of {bank_source}",
                              found)
        shown = as_references(original, bank)  # the field as the editor quotes it
        corrected = from_references(_corrected(shown, corrections, question, source, bank_source),
                                    reference_markers(bank.pictures, pictures))
        if field != "answer" and original.strip() and not corrected.strip():  # the answer's guard says it
            raise ErrataError(where, "a repair that leaves the field with text (to say the field is wrong, "
                              "the entry's notes; for an answer, editor_answer)",
                              f"the {field} emptied (it was {quoted(shown, 40)})",
                              "notes: ['題幹缺字，原題應為……']")
        check_math_markers(corrected, where)
        texts[field] = corrected
        lines.extend(_describe_change(c) for c in corrections)
    _check_pictures_kept(pictures, before, texts, entry, question, source, bank)
    options = tuple(Option(o.label, texts[o.label]) for o in question.options)
    answer_text = texts.get("answer")
    answer = question.answer
    flags: tuple[Flag, ...] = ()
    if answer_text != question.answer_text or options != question.options:
        line = next((c.line for c in entry.corrections if c.field == "answer"), entry.corrections[0].line)
        check_answer_kept(question, answer_text, options, f"{source}: entry {question.id}, answer (line {line})",
                          sum(_changed(c) for c in entry.corrections if c.field == "answer"))
        answer = normalise_answer(question.type, answer_text, options)
        flags = moved_options(question, options)
    for note in entry.notes:
        check_math_markers(note, f"{source}: entry {question.id}, notes")
    editor_answer = question.editor_answer
    if entry.editor_answer is not None:
        where = f"{source}: entry {question.id}, {EDITOR_ANSWER} (line {entry.editor_answer_line})"
        check_math_markers(entry.editor_answer, where)
        editor_answer = check_editor_answer(question, entry.editor_answer, where)
    return replace(question, stem=texts["stem"], options=options, answer_text=answer_text, answer=answer,
                   explanation=texts["explanation"], notes=question.notes + entry.notes,
                   corrections=question.corrections + tuple(lines), flags=question.flags + flags,
                   editor_answer=editor_answer)


def _check_pictures_kept(pictures: list[int], before: dict[str, str], after: dict[str, str], entry: Entry,
                         question: Question, source: str, bank: Bank) -> None:
    """An :class:`ErrataError` naming the first picture of ``question`` that no field shows
    after the corrections (one of the same file and alt text in its place keeps it)."""
    kept = {reference(bank.pictures[i]) for text in after.values() for i in pictures_in(text)}
    for index in pictures:
        if (shown := reference(bank.pictures[index])) not in kept:
            held = next(field for field, text in before.items() if index in pictures_in(text))
            line = next((c.line for c in entry.corrections if c.field == held), entry.line)
            raise ErrataError(f"{source}: entry {question.id}, {held} (line {line})",
                              f"corrections that keep each picture of question {question.id} (第{question.number}題) "
                              f"of {bank.source} in one of its fields",
                              f"the picture {shown} of the {held} in none of them",
                              f"write {shown} in with: where the picture goes")


def _corrected(original: str, corrections: list[Correction], question: Question, source: str,
               bank_source: str) -> str:
    """Apply every correction of one field, each located in the original text."""
    spans: list[tuple[int, int, Correction]] = []
    for c in corrections:
        where = f"{source}: entry {question.id}, {c.field} (line {c.line})"
        what = f"the {c.field} of question {question.id} (第{question.number}題) in {bank_source}"
        if c.whole:
            if c.original != original:
                raise ErrataError(where, f"whole: to quote all of {what} exactly",
                                  f"it now reads {quoted(original, 60)}",
                                  "copy the field from `python -m generator export BANK --no-errata`")
            spans.append((0, len(original), c))
            continue
        starts = _occurrences(original, c.original)
        if len(starts) != 1:
            more = " or more" if len(starts) == MAX_OCCURRENCES else ""
            found = (f"{quoted(c.original, 60)} occurs {len(starts)}{more} times" if starts
                     else f"no {quoted(c.original, 60)}; the field reads {quoted(original, 60)}")
            raise ErrataError(where, f"the quoted original to occur exactly once in {what}", found,
                              "quote a longer piece that occurs once, e.g. replace: \"lr=3e4，wd\"")
        spans.append((starts[0], starts[0] + len(c.original), c))
    spans.sort(key=lambda s: s[0])
    for (_, end, first), (start, _, second) in pairwise(spans):
        if start < end:
            raise ErrataError(f"{source}: entry {question.id}, {second.field} (line {second.line})",
                              "corrections of one field that do not overlap",
                              f"{quoted(second.original, 60)} overlaps {quoted(first.original, 60)} "
                              f"(line {first.line})",
                              "merge them into one correction")
    pieces, last = [], 0
    for start, end, c in spans:
        pieces += [original[last:start], c.text]
        last = end
    pieces.append(original[last:])
    return "".join(pieces)


# A formula of editor math, between its markers (model.INLINE_MATH, DISPLAY_MATH).
_FORMULA = re.compile(f"[{INLINE_MATH[0]}{DISPLAY_MATH[0]}][^{INLINE_MATH[1]}{DISPLAY_MATH[1]}]*"
                      f"[{INLINE_MATH[1]}{DISPLAY_MATH[1]}]")


def _changed(c: Correction) -> int:
    """How many characters ``c`` replaces or adds, past what its quote and text share at either
    end; spacing is not counted (code layout restored is a repair), a formula counts as one."""
    old, new = ("".join(_FORMULA.sub("$", text).split()) for text in (c.original, c.text))
    start = _shared_start(old, new)
    end = _shared_start(old[start:][::-1], new[start:][::-1])
    return max(len(old), len(new)) - start - end


def _shared_start(a: str, b: str) -> int:
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


def _describe_change(c: Correction) -> str:
    """``題幹：「lr=3e4」→「lr=3e-4」``: plain text, editor math shown as its ``$...$`` source."""
    label = FIELD_LABELS[c.field] + ("（整段）" if c.whole else "")
    return f"{label}：「{_shorten(c.original)}」→「{_shorten(markers_as_dollars(c.text))}」"


def editor_source(text: str) -> str:
    """Editor math as an editor writes it, the inverse of :func:`editor_math`: ``$`` as ``\\$``,
    then the formulas between ``$`` or ``$$`` (for exports, which carry no internal markers)."""
    return markers_as_dollars(text.replace("$", "\\$"))


def markers_as_dollars(text: str) -> str:
    return (text.replace(INLINE_MATH[0], "$").replace(INLINE_MATH[1], "$")
            .replace(DISPLAY_MATH[0], "$$").replace(DISPLAY_MATH[1], "$$"))


def _shorten(text: str) -> str:
    """One line, at most about ``QUOTE_LIMIT`` characters, cut in the middle with …."""
    text = text.replace("\n", "↵")
    if len(text) <= QUOTE_LIMIT:
        return text
    half = QUOTE_LIMIT // 2
    return text[:half].rstrip() + "…" + text[-half:].lstrip()


def _id_range(bank: Bank) -> str:
    ids = [q.id for q in bank.questions]
    return f"{ids[0]} … {ids[-1]}" if len(ids) > 1 else ids[0]


def _occurrences(text: str, quote: str) -> list[int]:
    """Where ``quote`` starts in ``text``, overlaps included, at most :data:`MAX_OCCURRENCES`
    of them: a search per position (a lookahead at each) was quadratic on ``aaaa…`` fields."""
    starts: list[int] = []
    at = text.find(quote)
    while at != -1 and len(starts) < MAX_OCCURRENCES:
        starts.append(at)
        at = text.find(quote, at + 1)
    return starts
