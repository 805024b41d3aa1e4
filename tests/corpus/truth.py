"""Truth files for the corpus and the comparison of a parsed bank with them.

A truth file (YAML) is written by hand from reading the bank, never from the parser's output::

    bank: some-bank.md                  # the file in tests/corpus/banks/
    source: {repository: owner/name, path: dir/file.md, commit: <sha>, url: …, licence: not stated}
    script: Simplified | Traditional | English
    layout: how questions, options, answers and sections are written
    questions: 20                       # how many questions a reader counts
    chapters:                           # in order; a bank without sections has one
      - title: 一、单选题                # for people; not compared
        questions: |                    # one line a question: number type options answer
          1 single 4 B
          2 multiple 5 ACD
          3 judge 0 false
          4 fill 0 海量
          5 short 0 -
    pictures:                           # only for a bank that shows pictures: without it, none
      total: 3                          # every picture the bank shows, in a question or not (a logo)
      questions: |                      # one line a question holding pictures: its place, then each
        9 stem:remote A:missing B:shown
    known_gap: what the parser still gets wrong  # present only while it does: the test is xfail

In a question line ``*`` means "not compared" (a number the bank does not print, an option
count that is a matter of representation), ``-`` means "none" (no answer in the bank), and an
answer ending in ``…`` only has to start with the text before it.  Answers are written as the
model normalises them: option letters in order (``ACD``), ``true``/``false`` for judgements,
otherwise the text (compared with runs of white space made one space).

Pictures (``![alt](path)``, ``<img src>``) are stated by what a reader must report for each,
since the corpus holds the bank's text only.  A ``pictures.questions`` line starts with the
question's place in the bank (1 for its first question, counting on across chapters, as the
report's "question N"), then one ``where:what`` a picture, in the order stem, options,
explanation.  *where* is ``stem``, an option letter, ``explanation``, or ``*`` when the bank
does not say (a picture after the last option); *what* is ``shown`` (a file the guide shows),
``remote`` (an http address: kept as a link, never fetched), ``missing`` (a relative file that
is not beside the bank, or a path outside its folder) or ``unshown`` (a format browsers cannot
show).  Every question not listed shows no picture.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from generator.bank.model import OPTION_LETTERS, Bank, Picture, Question, QuestionType
from generator.bank.pictures import MISSING, REMOTE, pictures_in

CORPUS = Path(__file__).parent
BANKS = CORPUS / "banks"
TRUTHS = CORPUS / "truth"
NOT_COMPARED = "*"
NONE = "-"
PREFIX = "…"
SHOWN_DIFFERENCES = 5  # per bank, in reports and xfail reasons
_SPACES = re.compile(r"\s+")
_TYPES = {t.value for t in QuestionType}
ANYWHERE = "*"  # a picture's place in its question not compared
_PLACES = ("stem", *OPTION_LETTERS, "explanation")
_WHATS = ("shown", "remote", "missing", "unshown")


@dataclass(frozen=True)
class Expected:
    """One question as a reader sees it (``None`` fields are not compared)."""

    chapter: int  # 1-based
    number: int | None
    type: str | None
    options: int | None
    answer: str | None  # NONE for "no answer"
    pictures: tuple[str, ...] = ()  # "where:what" of each picture, in order (see the module doc)


@dataclass(frozen=True)
class Truth:
    name: str  # the truth file's stem
    bank: Path
    source: dict[str, str]
    script: str
    layout: str
    questions: tuple[Expected, ...]
    chapter_sizes: tuple[int, ...]
    known_gap: str | None
    pictures_total: int = 0  # every picture the bank shows, in a question or not


class TruthError(ValueError):
    """A truth file that does not follow the format above (says which file and line)."""


def load_truths(folder: Path = TRUTHS) -> list[Truth]:
    """Every truth file in ``folder``, by name."""
    return [load_truth(path) for path in sorted(folder.glob("*.yml"))]


def load_truth(path: Path) -> Truth:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise TruthError(f"{path}: expected a mapping with bank, source, chapters; found {type(data).__name__}")
    bank = BANKS / str(data["bank"])
    if not bank.is_file():
        raise TruthError(f"{path}: bank {bank} does not exist")
    questions: list[Expected] = []
    sizes: list[int] = []
    for index, chapter in enumerate(data["chapters"], 1):
        lines = [line for line in str(chapter.get("questions") or "").splitlines() if line.strip()]
        questions.extend(_expected(path, index, line) for line in lines)
        sizes.append(len(lines))
    if len(questions) != data["questions"]:
        raise TruthError(f"{path}: 'questions: {data['questions']}' but the chapters list {len(questions)}")
    total = _with_pictures(path, data.get("pictures"), questions)
    return Truth(path.stem, bank, dict(data["source"]), str(data["script"]), str(data["layout"]),
                 tuple(questions), tuple(sizes), data.get("known_gap"), total)


def _with_pictures(path: Path, block: object, questions: list[Expected]) -> int:
    """Put the pictures of ``block`` (the truth's ``pictures:``) on ``questions``; their total."""
    if block is None:
        return 0
    if not isinstance(block, dict) or not isinstance(block.get("total"), int):
        raise TruthError(f"{path}: expected 'pictures:' with 'total: N' and 'questions: |', found {block!r}")
    listed, seen = 0, set()
    for line in str(block.get("questions") or "").splitlines():
        if not line.strip():
            continue
        place, *pictures = line.split()
        if not place.isdigit() or not 1 <= int(place) <= len(questions) or not pictures:
            raise TruthError(f"{path}: expected 'place where:what …' with a place from 1 to {len(questions)}, "
                             f"found {line!r}")
        for picture in pictures:
            where, _, what = picture.partition(":")
            if where not in (*_PLACES, ANYWHERE) or what not in _WHATS:
                raise TruthError(f"{path}: picture {picture!r} in {line!r} is not where:what with where one of "
                                 f"stem, A–H, explanation, * and what one of {', '.join(_WHATS)}")
        index = int(place) - 1
        if index in seen:
            raise TruthError(f"{path}: question {place} is listed twice under 'pictures:', found again in {line!r}")
        seen.add(index)
        questions[index] = replace(questions[index], pictures=tuple(pictures))
        listed += len(pictures)
    if listed > block["total"]:
        raise TruthError(f"{path}: 'total: {block['total']}' but the questions list {listed} pictures")
    return int(block["total"])


def _expected(path: Path, chapter: int, line: str) -> Expected:
    fields = line.split(maxsplit=3)
    if len(fields) < 3:
        raise TruthError(f"{path}: expected 'number type options answer', found {line!r}")
    number, qtype, options = fields[:3]
    answer = fields[3].strip() if len(fields) == 4 else NONE
    if qtype != NOT_COMPARED and qtype not in _TYPES:
        raise TruthError(f"{path}: type {qtype!r} in {line!r} is none of {sorted(_TYPES)}")
    return Expected(chapter, None if number == NOT_COMPARED else int(number),
                    None if qtype == NOT_COMPARED else qtype,
                    None if options == NOT_COMPARED else int(options),
                    None if answer == NOT_COMPARED else answer)


def differences(truth: Truth, bank: Bank) -> list[str]:
    """What the parsed ``bank`` gets wrong against ``truth``, most telling first; [] when exact."""
    found: list[str] = []
    parsed = bank.questions
    if len(parsed) != len(truth.questions):
        found.append(f"{len(parsed)} questions read, {len(truth.questions)} in the bank")
    if len(bank.pictures) != truth.pictures_total:
        found.append(f"{len(bank.pictures)} pictures read, {truth.pictures_total} in the bank")
    sizes = tuple(len(c.questions) for c in bank.chapters)
    if len(sizes) != len(truth.chapter_sizes):
        found.append(f"{len(sizes)} chapters read, {len(truth.chapter_sizes)} in the bank")
    elif sizes != truth.chapter_sizes:
        found.append(f"questions per chapter {list(sizes)}, expected {list(truth.chapter_sizes)}")
    for index, (want, got) in enumerate(zip(truth.questions, parsed, strict=False), 1):
        wrong = _question_differences(want, got.number, got.type.value, len(got.options), got.answer)
        wrong += _picture_differences(want.pictures, question_pictures(got, bank.pictures))
        if wrong:
            found.append(f"question {index} (chapter {want.chapter}, no. {want.number}): " + "; ".join(wrong))
    return found


def _question_differences(want: Expected, number: int, qtype: str, options: int, answer: str | None) -> list[str]:
    wrong = []
    if want.number is not None and want.number != number:
        wrong.append(f"number {number}, expected {want.number}")
    if want.type is not None and want.type != qtype:
        wrong.append(f"type {qtype}, expected {want.type}")
    if want.options is not None and want.options != options:
        wrong.append(f"{options} options, expected {want.options}")
    if want.answer is not None and not _same_answer(want.answer, answer):
        wrong.append(f"answer {_short(answer)}, expected {_short(want.answer)}")
    return wrong


def question_pictures(question: Question, pictures: tuple[Picture, ...]) -> tuple[str, ...]:
    """The "where:what" of each picture ``question`` shows, in the order stem, options, explanation."""
    fields = [("stem", question.stem), *((o.label, o.text) for o in question.options),
              ("explanation", question.explanation)]
    return tuple(f"{where}:{_what(pictures[index])}" for where, text in fields for index in pictures_in(text))


def _what(picture: Picture) -> str:
    if picture.media_type:
        return "shown"
    return {REMOTE: "remote", MISSING: "missing"}.get(picture.kind, "unshown")


def _picture_differences(want: tuple[str, ...], got: tuple[str, ...]) -> list[str]:
    same = len(want) == len(got) and all(
        w == g or (w.startswith(ANYWHERE + ":") and w.partition(":")[2] == g.partition(":")[2])
        for w, g in zip(want, got, strict=True))
    if same:
        return []
    return [f"pictures {' '.join(got) or 'none'}, expected {' '.join(want) or 'none'}"]


def _same_answer(want: str, got: str | None) -> bool:
    if want == NONE:
        return got is None
    if got is None:
        return False
    got, want = _SPACES.sub(" ", got).strip(), _SPACES.sub(" ", want).strip()
    if want.endswith(PREFIX):
        return got.startswith(want[: -len(PREFIX)].rstrip())
    return got == want


def _short(text: str | None, limit: int = 40) -> str:
    if text is None:
        return "none"
    return repr(text if len(text) <= limit else text[:limit] + PREFIX)


def summary(results: dict[str, list[str]]) -> str:
    """``corpus: N of M banks read exactly`` and the first differences of each other bank."""
    exact = sum(1 for found in results.values() if not found)
    lines = [f"corpus: {exact} of {len(results)} banks read exactly"]
    for name, found in results.items():
        if found:
            plural = "" if len(found) == 1 else "s"
            lines.append(f"  {name}: {len(found)} difference{plural}, e.g. " + " | ".join(found[:SHOWN_DIFFERENCES]))
    return "\n".join(lines)


def describe(truth: Truth) -> dict[str, Any]:
    """The facts of a corpus bank for a report table."""
    return {"bank": truth.bank.name, "script": truth.script, "questions": len(truth.questions),
            "chapters": len(truth.chapter_sizes), "bytes": truth.bank.stat().st_size,
            "source": truth.source.get("repository", "")}
