"""A numbering that starts again means a new section (issue 27, item 2).

Past papers one after another, 名词解释 after 选择题, 判断题 after 单选题: where the numbers
of a bank's questions go back to 1 with no heading before, the parser opens a new section.
Its title is the line just before the restarting question when that line names a section,
else ``第N部分``.  A line names a section when it is short, holds no answer, and is one of:

- a title between separator runs: ``-----0804-----``, ``===== 第二套 =====``;
- a date or a sitting: ``2008年4月``, ``2019年下半年``;
- a part: ``第二部分``, ``第3套``, ``Part 2``, ``Section B``;
- a question type: ``名词解释``, ``二、判断题``, ``单选题（每题1分）``, or any line ending in 题.

Forms other than the separator's open the line (after an ordinal such as ``三、``).  A restart
at 1 needs options or an answer of its own, unless the line before names a question type.

Pure: the parser asks; nothing here knows its state.
"""
from __future__ import annotations

import re

from ...bank.fields import ANSWER, type_from_words

_TITLE_LIMIT = 40
# "-----0804-----", "=== 第二套 ===", "*** Part 2 ***": a title between runs of a separator
SEPARATED_TITLE = re.compile(r"[ \t]{0,8}(?P<r>[-=—*#~_])(?P=r){2,40}[ \t]{0,8}(?P<title>[^-=—*#~_\n]{1,40}?)"
                             r"[ \t]{0,8}(?P=r){3,40}[ \t]*")
# what else names a section, opening the line (after an ordinal "三、", "（二）"), or a line
# that ends in 题 ("2008年自考单选题")
_ORDINAL = r"(?:[一二三四五六七八九十]{1,3}[、.．]|[(（][一二三四五六七八九十\d]{1,3}[)）]|\d{1,2}[、．])?[ \t]{0,4}"
_NAMING = re.compile(
    _ORDINAL + r"(?:\d{4}[ \t]?年(?:[ \t]?\d{1,2}[ \t]?月|[上下]半年)?"
    r"|第[ \t]?[\d一二三四五六七八九十百]{1,4}[ \t]?(?:部分|套|卷|[章节節讲講]|[单單]元)"
    r"|(?:Part|PART|Section|SECTION|Unit|UNIT|Lesson|Chapter)[ \t]{1,3}[\dA-Z]{1,3}(?![A-Za-z])"
    r"|名[词詞]解[释釋])|[^\n]{0,38}[题題]$"
)
_TYPE_LIMIT = 20  # a line naming a question type anywhere in it is short: "单选题（每题1分）"
_SENTENCE_END = re.compile(r"[。.？?！!；;，,]$")


def restart_title(text: str, start: int, floor: int) -> tuple[int, int, str] | None:
    """The line before ``start`` (a restarting question's line), not before ``floor``, when it
    names a section: its start, its end and the title it gives; else None."""
    end = start - 1
    while end > floor and text[end - 1] in " \t\n":  # the blank lines between
        end -= 1
    if end <= floor:
        return None
    line_start = max(text.rfind("\n", floor, end) + 1, floor)
    line = text[line_start:end]
    title = section_name(line)
    return None if title is None else (line_start, end, title)


def section_name(line: str) -> str | None:
    """The title ``line`` gives a section (see the module's list), or None."""
    stripped = line.strip().strip("#*> \t")
    if not stripped or len(stripped) > _TITLE_LIMIT or ANSWER.search(stripped) is not None:
        return None
    separated = SEPARATED_TITLE.fullmatch(line.strip())
    if separated is not None:
        return separated["title"].strip()
    if _SENTENCE_END.search(stripped) is not None:
        return None
    if _NAMING.match(stripped) is not None or (len(stripped) <= _TYPE_LIMIT and type_from_words(stripped)):
        return stripped
    return None


_TERMS = re.compile(r"名[词詞]解[释釋]")  # terms to explain: a type the type words do not list


def type_title(text: str, start: int, floor: int) -> bool:
    """Whether the line before ``start`` (see :func:`restart_title`) names a section by a question
    type ("名词解释", "三、问答题"): a restart after it is a new section even with no answers in
    the bank (past papers recalled without them)."""
    named = restart_title(text, start, floor)
    return named is not None and (type_from_words(named[2]) is not None or _TERMS.search(named[2]) is not None)


def part_title(number: int) -> str:
    """The title of a section no line names: ``第3部分``."""
    return f"第{number}部分"
