"""References to other questions in text: "見第3題", "同第7題", "參見第12題", "见第3题",
"如第三題所示", "見第3、7題" ... as spans naming a question number (:func:`find_references`).

A pure function over text; the renderer turns its results into links.  Related questions
(shared glossary terms) are :mod:`generator.links.related`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..bank.spans import code_and_math_spans
from ..base.intervals import Intervals
from ..base.numerals import chinese_number

# A word that makes "第N題" a reference to another question of the bank rather than, say,
# "第3題" of some exam paper: see, same as, compare, refer to, as in, with.
REFERENCE_CUE = r"(?:參見|参见|參看|参看|詳見|详见|可見|可见|見|见|參照|参照|參考|参考|對照|对照|比較|比较|同|如|與|与)"
_NUMBER = r"(?:\d{1,4}|[一二三四五六七八九十百零〇]{1,5})"
_QUESTION = r"[題题]"
# The cue, then "第N題", "第N、M題", "第N題和第M題" ...; the list is split by REFERENCE_ITEM.
REFERENCE = re.compile(
    rf"{REFERENCE_CUE}[ \t　]*(?P<refs>第[ \t　]*{_NUMBER}[ \t　]*"
    rf"(?:(?:[、,，]|和|及|與|与|或)[ \t　]*(?:第[ \t　]*)?{_NUMBER}[ \t　]*)*{_QUESTION}"
    rf"(?:[ \t　]*(?:[、,，]|和|及|與|与|或)[ \t　]*第[ \t　]*{_NUMBER}[ \t　]*{_QUESTION})*)"
)
# One number of a reference list, with the "第" before it and the "題" after it when present.
REFERENCE_ITEM = re.compile(rf"(?:第[ \t　]*)?(?P<number>{_NUMBER})(?:[ \t　]*{_QUESTION})?")


@dataclass(frozen=True)
class RefMatch:
    """``text[start:end]`` (e.g. "第3題", or "第3" and "7題" in "見第3、7題") names question ``number``."""

    start: int
    end: int
    number: int  # as printed in the bank; the caller maps it to a question id


def find_references(text: str) -> list[RefMatch]:
    """References to other questions by number, in text order.

    Recognised: a cue word (見 见 參見 参见 參看 詳見 可見 參照 參考 對照 比較 同 如 與 与)
    then ``第N題``/``第N题``, N in Arabic (also full-width) or Chinese numerals up to 九百九十九,
    and lists such as ``第3、7題``, ``第3題和第7題``.  A bare ``第3題`` without a cue is not
    taken (it may name a question of another paper); nor ``上題``, ``題3``.  The span of each
    match is the text that names the question, without the cue word; fenced code and
    formulas are skipped.
    """
    if "第" not in text:  # every reference names its question with 第: most texts have none
        return []
    blocked = Intervals(code_and_math_spans(text))
    found = []
    for m in REFERENCE.finditer(text):
        if blocked.overlaps(m.start(), m.end()):
            continue
        offset = m.start("refs")
        for item in REFERENCE_ITEM.finditer(m.group("refs")):
            number = chinese_number(item.group("number"))
            if number:
                found.append(RefMatch(offset + item.start(), offset + item.end(), number))
    return found
