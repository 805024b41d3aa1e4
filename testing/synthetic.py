"""Synthetic banks of any size, made from the bundled bank's own questions.

The bundled bank holds 26 questions; a benchmark needs thousands.  ``synthetic_bank``
copies the raw text of the bundled questions (pinyin glosses and all, so the repair
stage has its real work to do), renumbers them 1..N and groups them into chapters
with headings of their own (``第12章　…``), questions glued on one line per chapter
as in the bundled bank.  The 26th question is cut off in the bundled bank, so only
the complete ones are copied: every synthetic question parses as a whole question.

Each copy of a question after the first gets its decimal numbers lengthened by the copy's
index (``0.9`` -> ``0.93``), so its text, its formulas and its answer differ from every other
copy: caches keyed by text then help a synthetic bank no more than a real one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator.base.decode import decode
from generator.read.load import read_bank
from testing.paths import BUNDLED

LEADING_NUMBER = re.compile(r"\d+")
DECIMAL = re.compile(r"(?<![\d.])\d+\.\d+(?![\d.])")
QUESTION_START = re.compile(r"\d+[.、]")  # a line of a synthetic bank's questions starts with one


@dataclass(frozen=True)
class Template:
    """One bundled question's raw text, without its number, and its chapter's title."""

    chapter_title: str
    body: str  # raw text after the question number, e.g. ".（單選）在ImageNet1k上…"


def templates(path: Path = BUNDLED) -> tuple[Template, ...]:
    """The complete questions of the bank at ``path`` as raw-text templates."""
    bank = read_bank(path)
    text, _ = decode(path.read_bytes(), str(path))
    result = []
    for chapter in bank.chapters:
        for question in chapter.questions:
            if any(flag.code == "truncated" for flag in question.flags) or question is bank.questions[-1]:
                continue  # the bundled bank's last question is cut off mid-option
            raw = text[question.position.offset : question.end_offset].strip()
            number = LEADING_NUMBER.match(raw)
            assert number is not None, f"question {question.id} does not start with its number: {raw[:20]!r}"
            result.append(Template(chapter.title, raw[number.end() :]))
    return tuple(result)


def synthetic_bank(count: int, per_chapter: int = 50, source: tuple[Template, ...] | None = None) -> str:
    """The text of a bank of ``count`` questions, ``per_chapter`` to a chapter.

    Questions are numbered 1..count straight through; chapter ``k`` is titled after
    the bundled chapter of its first question, with ``k`` appended so titles differ.
    """
    source = source or templates()
    lines = [f"2025高級人工智能訓練師核心備考試題庫及答案（合成題庫，{count}題）"]
    for start in range(0, count, per_chapter):
        chapter = start // per_chapter + 1
        first = source[start % len(source)]
        lines.append(f"第{chapter}章　{first.chapter_title}（{chapter}）")
        numbers = range(start + 1, min(start + per_chapter, count) + 1)
        lines.append("".join(f"{n}{_copy(source[(n - 1) % len(source)].body, (n - 1) // len(source))}"
                             for n in numbers))
    return "\n".join(lines) + "\n"


def _copy(body: str, index: int) -> str:
    """Copy ``index`` of a question's text: the first as it is, later ones with their own numbers."""
    return body if index == 0 else DECIMAL.sub(lambda m: f"{m.group()}{index}", body)


def question_lines(text: str) -> list[int]:
    """The numbers (from 0) of the lines of a synthetic bank's ``text`` that hold its questions,
    a chapter's on each, in order."""
    return [i for i, line in enumerate(text.split("\n")) if QUESTION_START.match(line)]


def write_synthetic_bank(path: Path, count: int, per_chapter: int = 50) -> Path:
    """Write a synthetic bank of ``count`` questions to ``path`` (UTF-8) and return it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(synthetic_bank(count, per_chapter), encoding="utf-8")
    return path
