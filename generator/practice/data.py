"""A bank -> the data its practice pages judge answers with, as a script the pages load.

One record per question, keyed by its id::

    {"t": "fill", "h": "3f0c9a1b22de", "n": 9, "s": "给定一个7B参数模型…", "a": "5.24", "e": "5.25",
     "d": 2, "u": "亿"}

``t`` the type; ``n`` the number and ``s`` the stem's opening, for the 错题本 and 收藏 lists;
``h`` a hash of the question's text, so progress kept in a browser for a question that a later
build corrects is not carried over to it; ``a`` the bank's answer
(letters for choices, ``true``/``false`` for judge, plain text otherwise; ``null`` when the
bank gives none); ``e`` the editor's answer from the errata, accepted too; ``d`` the decimals
the stem asks for (保留2位小數), else numbers are compared within 1 %; ``u`` the unit right
after the blank (``______億``), in which the answer is written.  Short and case questions are
graded by the reader, so they carry no answer.

Split so that a page loads only what it shows (each piece a script, never fetched JSON: a
page opened from a folder, ``file://``, may load a script but not read a file):

- the bank's **index** (:func:`bank_index`): its chapters (page key and question ids) and per
  question only ``t``, ``h``, ``n``, ``o`` (the options of a choice question, for shuffling a
  paper) and ``k`` (1 when the page can judge it: a bank or editor's answer).  Enough to draw
  a run or a paper, to count progress by chapter, type and day, and to find what is due; the
  home, 错题本, 收藏, 统计 and run pages load it.  Packed in columns (``cols``: one list per
  field, in the order of the chapters' ids; ``o`` and ``k`` 0 where the record has none), not
  a record per id: the ids and field names are not repeated, a quarter less gzipped, and the
  index is the largest item on the pages that load it (:func:`index_records` unpacks it, as
  overrides/src/page-data.js does);
- one script per **chapter** (:func:`chapter_data`): the chapter's full records, all a chapter
  page loads; the 错题本 and 收藏 load those of the chapters they list;
- one script per **question** (generator.site.question_html): its full record and HTML, which
  the run pages load for the questions they draw.

Each script pushes its part onto ``studyGuide.practiceParts``; overrides/src/page-data.js merges
the parts into ``studyGuide.practiceData`` (a full record is a superset of its index record).
Everything here is pure; the MkDocs glue (generator.site.mkdocs_config) serves the scripts.
"""
from __future__ import annotations

import hashlib
import json
import re
from functools import partial
from typing import Any

from ..bank.model import Bank, Chapter, Question, QuestionType, placeless
from ..base.kept import Kept
from ..base.numerals import chinese_number
from ..base.settings import ORIGINAL
from ..math.detect import readable_text
from ..pages.paths import chapter_path
from ..pages.script import convert_text

# Types whose answer the page judges; short and case answers are graded by the reader.
JUDGED = frozenset({QuestionType.SINGLE, QuestionType.MULTIPLE, QuestionType.JUDGE,
                    QuestionType.FILL, QuestionType.CALC})
NUMBERED = frozenset({QuestionType.FILL, QuestionType.CALC})
# 保留2位小數, 保留兩位小数, 精確到小數點後3位: the decimals an answer is rounded to.
DECIMALS = re.compile(r"(?:保留|精[确確]到小[数數]点?點?[后後]?)[ \t]*(?P<n>[0-9０-９]{1,2}|[一二两兩三四五六七八九十])"
                      r"[ \t]*位(?:[ \t]*有效)?(?P<kind>小[数數]|[数數]字)?")
WHOLE = re.compile(r"保留整[数數]|取整|精[确確]到(?:个|個)位")
# The unit right after a blank (______億, ____ GB): the answer is written in it.
UNIT_AFTER_BLANK = re.compile(r"_{2,}[ \t]*(?P<unit>[万萬亿億%％‰]|[KMGT]i?B\b|[KMGTkB](?![A-Za-z]))")
HASH_LENGTH = 12  # hex digits: 48 bits, plenty to tell one question's versions apart
OPENING = 40  # characters of the stem a list shows


def question_hash(question: Question) -> str:
    """A short hash of what a reader answers: type, stem, options, answers (bank and editor's).

    Taken from the corrected bank before the script stage, so both editions share progress;
    any correction to these fields gives a new hash."""
    text = json.dumps([question.type.value, question.stem, [[o.label, o.text] for o in question.options],
                       question.answer, question.editor_answer], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_LENGTH]


def decimals_asked(stem: str) -> int | None:
    """The decimals the stem asks an answer to be rounded to, or None (保留2位有效數字 is no decimals)."""
    if WHOLE.search(stem):
        return 0
    for match in DECIMALS.finditer(stem):
        if match.group("kind") and match.group("kind").endswith(("数字", "數字")):
            continue  # significant figures: judged relatively
        n = match.group("n")
        value = int(n) if n.isdigit() else chinese_number("二" if n in "两兩" else n)
        if value is not None:
            return value
    return None


def unit_after_blank(stem: str) -> str | None:
    match = UNIT_AFTER_BLANK.search(stem)
    return match.group("unit") if match else None


def practice_record(question: Question, script: str = ORIGINAL) -> dict[str, Any]:
    """The record of one question (see the module's docstring); ``question`` as corrected,
    its answers written in ``script`` for the comparison."""
    record: dict[str, Any] = {"t": question.type.value, "h": question_hash(question), "n": question.number,
                              "s": _opening(question.stem, script)}
    if question.type not in JUDGED:
        return record
    keyed = question.type.is_choice or question.type is QuestionType.JUDGE  # letters or true/false
    answers = (question.answer, question.editor_answer) if keyed else (
        _text(question.answer_text or question.answer, script), _text(question.editor_answer, script))
    record["a"] = answers[0]
    if answers[1] is not None:
        record["e"] = answers[1]
    if question.type in NUMBERED:
        if (decimals := decimals_asked(question.stem)) is not None:
            record["d"] = decimals
        if unit := unit_after_blank(question.stem):
            record["u"] = convert_text(unit, script)
    return record


def _opening(stem: str, script: str) -> str:
    text = " ".join(readable_text(stem).split())
    return convert_text(text if len(text) <= OPENING else text[:OPENING] + "…", script)


def _text(answer: str | None, script: str) -> str | None:
    """A text answer on one line, an editor's formula read as text, in the guide's ``script``."""
    if answer is None:
        return None
    return convert_text(" ".join(readable_text(answer).split()), script)


def _drawing(question: Question) -> dict[str, Any]:
    """What the index holds beyond the practice record's type, hash and number: for drawing a paper."""
    record: dict[str, Any] = {}
    if question.type.is_choice:
        record["o"] = len(question.options)
    if question.type in JUDGED and (question.answer is not None or question.editor_answer is not None):
        record["k"] = 1
    return record


def full_record(question: Question, script: str = ORIGINAL) -> dict[str, Any]:
    """The index record and the practice record together: what a page that shows the question needs."""
    return {**practice_record(question, script), **_drawing(question)}


def full_records(bank: Bank, script: str = ORIGINAL) -> dict[str, dict[str, Any]]:
    """Every question's full record by id, made once per bank for the index and all the parts
    (each question's kept for an equal question: ``mkdocs serve`` makes them at every rebuild,
    0.1 s at 5,000 questions; the records are read, never changed)."""
    return {q.id: _KEPT.made((placeless(q), script), partial(full_record, q, script)) for q in bank.questions}


KEPT_RECORDS = 100_000
_KEPT: Kept[tuple[Any, str], dict[str, Any]] = Kept(KEPT_RECORDS)


def _chapters(bank: Bank, chapters: tuple[Chapter, ...]) -> list[dict[str, Any]]:
    return [{"page": chapter_path(bank, c).removesuffix(".md"), "q": [q.id for q in c.questions]} for c in chapters]


INDEX_FIELDS = ("t", "h", "n", "o", "k")
OPTIONAL = ("o", "k")  # packed as 0 where a record has none


def bank_index(bank: Bank, records: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A bank's index: every chapter (page key and question ids, in order) and, in columns in
    that order, the index fields of each question's full record (``records``, :func:`full_records`)."""
    chapters = _chapters(bank, bank.chapters)
    ids = [qid for chapter in chapters for qid in chapter["q"]]
    return {"bank": bank.slug, "chapters": chapters,
            "cols": {key: [records[qid].get(key, 0) for qid in ids] for key in INDEX_FIELDS}}


def index_records(index: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The index's record of each question by id, unpacked from its columns."""
    ids = [qid for chapter in index["chapters"] for qid in chapter["q"]]
    columns = index["cols"]
    return {qid: {key: columns[key][i] for key in INDEX_FIELDS if key not in OPTIONAL or columns[key][i]}
            for i, qid in enumerate(ids)}


def chapter_data(bank: Bank, chapter: Chapter, records: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """One chapter's part: the chapter and the full record (``records``) of each of its questions."""
    return {"bank": bank.slug, "chapters": _chapters(bank, (chapter,)),
            "q": {q.id: records[q.id] for q in chapter.questions}}


def bank_data(bank: Bank, script: str = ORIGINAL) -> dict[str, Any]:
    """The whole bank at once (its chapters and every full record): for tests and benchmarks."""
    return {"bank": bank.slug, "chapters": _chapters(bank, bank.chapters), "q": full_records(bank, script)}


def practice_script(part: dict[str, Any]) -> str:
    """The script that pushes ``part`` (an index, a chapter's or a question's) for the pages.
    ``json.dumps`` escapes every non-ASCII character and quote, so no bank text can end the
    literal early."""
    body = json.dumps(part, separators=(",", ":"), sort_keys=True)
    return ("/* Written at build by the study guide (generator/practice/data.py): practice data. */\n"
            "(function (g) { (g.practiceParts = g.practiceParts || []).push(" + body
            + "); })(globalThis.studyGuide = globalThis.studyGuide || {});\n")
