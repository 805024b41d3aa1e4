"""The bank as a table: one row per question, in the columns exam apps' import templates use.

考试宝, 磨题帮 and the like import a sheet whose header names the columns 题型, 题干,
选项A…F, 答案, 解析 (and often 章节); judge answers are written 正确/错误.  This module
holds that table's shape for both directions: :func:`bank_rows` (the writers in
``generator.exports.table``) and the header words and type names the reader
(``generator.read.sheet.reader``) recognises, in Simplified, Traditional and English.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .fields import is_letter_answer
from .model import DISPLAY_MATH, INLINE_MATH, OPTION_LETTERS, Bank, Question, QuestionType
from .pictures import as_references

HANS, HANT = "hans", "hant"
MIN_OPTION_COLUMNS = 6  # 选项A…F, as the templates have them; more when a question needs them

# An option column's header before its letter ("选项A"), or the header of one column holding all options
OPTIONS_HEADER = ("选项", "選項")
# Column key -> (Simplified, Traditional) header written; the reader also takes ALIASES.
HEADERS: dict[str, tuple[str, str]] = {
    "number": ("题号", "題號"),
    "type": ("题型", "題型"),
    "stem": ("题干", "題幹"),
    "answer": ("答案", "答案"),
    "explanation": ("解析", "解析"),
    "chapter": ("章节", "章節"),
    "notes": ("编者注", "編者註"),
    "editor_answer": ("编者答案", "編者答案"),  # where the editor disputes the bank's answer
}
ALIASES: dict[str, tuple[str, ...]] = {
    "number": ("序号", "序號", "题目编号", "題目編號", "编号", "編號", "number", "no", "no.", "id",
               "xuhao", "tihao", "bianhao"),
    "type": ("题目类型", "題目類型", "类型", "類型", "type", "questiontype", "tixing", "leixing"),
    "stem": ("题目", "題目", "试题", "試題", "问题", "問題", "stem", "question", "tigan", "timu"),
    "answer": ("正确答案", "正確答案", "参考答案", "參考答案", "标准答案", "標準答案", "answer", "correctanswer",
               "key", "daan", "zhengquedaan"),
    "explanation": ("答案解析", "试题解析", "試題解析", "解释", "解釋", "explanation", "analysis", "jiexi"),
    "chapter": ("章", "章节名称", "章節名稱", "分类", "分類", "科目", "chapter", "section", "category", "zhangjie"),
    "notes": ("备注", "備註", "编者按", "編者按", "notes", "note", "editornotes", "editor'snotes"),
    "editor_answer": ("编者核算", "編者核算", "editoranswer", "editor'sanswer"),
    # All options in one cell ("A. 甲 B. 乙", or one per line), where a sheet has no 选项A… columns.
    "options": ("选项", "選項", "options", "choices", "xuanxiang"),
}
# Words that name the stem only where no column has a word of ALIASES or HEADERS for it
# (apps export the stem as "title" or "content"; a sheet may also have a title column beside its stem).
# ALIASES also hold the headers' pinyin (xuhao, tigan, daan), as databases name their columns.
WEAK_STEM = ("title", "标题", "標題", "content", "内容", "內容")
# "选项A", "選項A", "A", "Option A", "optiona", "A选项"
OPTION_HEADER = re.compile(rf"^(?:选项|選項|option)?([A-{OPTION_LETTERS[-1]}])(?:选项|選項)?$", re.IGNORECASE)

# Type -> (Simplified, Traditional) names written, as exam apps name them.
TYPE_NAMES: dict[QuestionType, tuple[str, str]] = {
    QuestionType.SINGLE: ("单选题", "單選題"),
    QuestionType.MULTIPLE: ("多选题", "多選題"),
    QuestionType.JUDGE: ("判断题", "判斷題"),
    QuestionType.FILL: ("填空题", "填空題"),
    QuestionType.CALC: ("计算题", "計算題"),
    QuestionType.SHORT: ("简答题", "簡答題"),
    QuestionType.CASE: ("案例分析题", "案例分析題"),
}
ENGLISH_TYPES: dict[str, QuestionType] = {
    "single": QuestionType.SINGLE, "singlechoice": QuestionType.SINGLE,
    "multiple": QuestionType.MULTIPLE, "multiplechoice": QuestionType.MULTIPLE,
    "judge": QuestionType.JUDGE, "truefalse": QuestionType.JUDGE, "true/false": QuestionType.JUDGE,
    "sc": QuestionType.SINGLE, "mc": QuestionType.MULTIPLE, "tf": QuestionType.JUDGE,  # quiz apps' codes
    "fill": QuestionType.FILL, "blank": QuestionType.FILL, "fillintheblank": QuestionType.FILL,
    "calc": QuestionType.CALC, "calculation": QuestionType.CALC,
    "short": QuestionType.SHORT, "shortanswer": QuestionType.SHORT, "essay": QuestionType.SHORT,
    "case": QuestionType.CASE, "casestudy": QuestionType.CASE,
}
JUDGE_WORDS = {"true": ("正确", "正確"), "false": ("错误", "錯誤")}

# Spreadsheet programs run a cell that starts with one of these as a formula; such a
# cell is written with a leading apostrophe (and the reader takes it off again).
FORMULA_START = re.compile(r"^[=+\-@\t\r]")
NUMBER = re.compile(r"^[+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$")
_MATH = re.compile(f"{INLINE_MATH[0]}(.*?){INLINE_MATH[1]}|{DISPLAY_MATH[0]}(.*?){DISPLAY_MATH[1]}", re.DOTALL)


@dataclass(frozen=True)
class Table:
    """A header and one row of cells per question (all strings)."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def header_key(cell: str) -> str:
    """A header cell as compared: no spaces, lower case."""
    return re.sub(r"\s+", "", cell).lower()


def bank_rows(bank: Bank, script: str, keep: Callable[[Question], bool] = lambda q: True) -> Table:
    """The questions ``keep`` accepts as rows, headed in ``script`` (``hans`` or ``hant``).

    Text fields are the bank's text; LaTeX an editor gave is written ``$…$`` (``$$…$$``
    for display), the way people type formulas in a spreadsheet.
    """
    k = 1 if script == HANT else 0
    kept = [(c.title, q) for c in bank.chapters for q in c.questions if keep(q)]
    width = max([MIN_OPTION_COLUMNS, *(len(q.options) for _, q in kept)])
    option_header = OPTIONS_HEADER[k]
    header = (HEADERS["number"][k], HEADERS["type"][k], HEADERS["stem"][k],
              *(option_header + OPTION_LETTERS[i] for i in range(width)),
              HEADERS["answer"][k], HEADERS["explanation"][k], HEADERS["chapter"][k], HEADERS["notes"][k],
              HEADERS["editor_answer"][k])
    rows = []
    def cell(text: str) -> str:  # a picture as its alt text and the file name the site gives it
        return plain(as_references(text, bank))
    for chapter, q in kept:
        options = [cell(o.text) for o in q.options] + [""] * (width - len(q.options))
        rows.append((str(q.number), TYPE_NAMES[q.type][k], cell(q.stem), *options, answer_cell(q, k),
                     cell(q.explanation), plain(chapter), "\n\n".join(plain(n) for n in q.notes),
                     editor_answer_cell(q, k)))
    return Table(header, tuple(rows))


def answer_cell(q: Question, k: int) -> str:
    """Letters for choices (``BCD``), 正确/错误 for judge, else the answer's text."""
    return _written(q, q.answer, q.answer_text, k)


def editor_answer_cell(q: Question, k: int) -> str:
    """The editor's answer where the errata dispute the bank's, written as :func:`answer_cell`."""
    return _written(q, q.editor_answer, q.editor_answer, k)


def _written(q: Question, value: str | None, text: str | None, k: int) -> str:
    if value is None:
        return ""
    if q.type is QuestionType.JUDGE and value in JUDGE_WORDS:
        return JUDGE_WORDS[value][k]
    if q.type.is_choice and is_letter_answer(value):
        return value
    return plain(text or value)


def plain(text: str) -> str:
    """Bank text with an editor's LaTeX as ``$…$``: no control characters left."""
    return _MATH.sub(lambda m: f"${m.group(1)}$" if m.group(1) is not None else f"$${m.group(2)}$$", text)


def guarded(cell: str) -> str:
    """The cell as a spreadsheet program must not run it: ``'=A1`` for ``=A1``; numbers stay."""
    risky = FORMULA_START.match(cell) and not NUMBER.match(cell)
    return "'" + cell if risky or (cell.startswith("'") and FORMULA_START.match(cell[1:])) else cell


def unguarded(cell: str) -> str:
    """:func:`guarded` undone."""
    return cell[1:] if cell.startswith("'") and FORMULA_START.match(cell[1:]) else cell


def all_type_names() -> Iterable[str]:
    """Every type name the reader takes, for messages."""
    return [name for names in TYPE_NAMES.values() for name in names]
