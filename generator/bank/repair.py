"""text -> text: the repairs that are certain, and a map back to source positions.

Only damage whose fix is beyond doubt is repaired here.  A web converter that turned
Simplified into Traditional text glued the pinyin of some characters behind them
(``數(shù)``, ``優(yōu)``, even ``F(xiàn)P16``); a bracketed single syllable carrying a tone
mark never occurs in a real bank, so it is removed.  Real parentheses such as
``(LoRA/QLoRA)`` carry no tone marks and stay.  Probable damage (a lost minus, a
``?`` for a lost character, mojibake) is left for ``lint`` to flag.  The backslashes of
Markdown escapes in a blank (``\\_\\_\\_``) or a product (``2 \\* 3``) outside code go too.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from .spans import code_and_table_spans, merged_spans

TONED = "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜńňǹḿ"  # vowels (and nasals) with a pinyin tone mark
PINYIN_GLOSS = re.compile(rf"[(（][a-zü]*[{TONED}][a-zü]*[)）]")


@dataclass(frozen=True)
class OffsetMap:
    """Maps offsets in repaired text back to the decoded source text."""

    starts: tuple[int, ...] = ()  # repaired offsets at which text was removed
    shifts: tuple[int, ...] = ()  # characters removed up to and including each start

    def to_source(self, offset: int) -> int:
        i = bisect.bisect_right(self.starts, offset)
        return offset + (self.shifts[i - 1] if i else 0)


@dataclass(frozen=True)
class Repaired:
    text: str
    count: int
    offsets: OffsetMap


# A Markdown escape that keeps a blank or a product from turning into emphasis: each backslash
# of a run of three or more "\\_" ("\\_\\_\\_" is a blank), or before "*" between operands
# ("2 \\* 3", "a\\*b").  Others stay: a bank about Markdown writes them to be read as written.
MARKDOWN_ESCAPE = re.compile(r"\\(?=_\\_\\_)|(?<=\\_)\\(?=_\\_)|(?<=\\_\\_)\\(?=_)"
                             r"|(?:(?<=[0-9A-Za-z)\]] )|(?<=[0-9A-Za-z)\]]))\\(?=\*[ ]?[0-9A-Za-z(])")
_INLINE_CODE = re.compile(r"`[^`\n]{1,200}`")
_REMOVED = re.compile(f"{PINYIN_GLOSS.pattern}|{MARKDOWN_ESCAPE.pattern}")


def repair(text: str) -> Repaired:
    """Remove the glued pinyin glosses and the backslashes of Markdown escapes (outside code
    and tables) from ``text``."""
    pieces: list[str] = []
    starts: list[int] = []
    shifts: list[int] = []
    kept = removed = 0
    last = 0
    escaped = "\\_" in text or "\\*" in text
    code = merged_spans(code_and_table_spans(text) + [m.span() for m in _INLINE_CODE.finditer(text)]) if escaped else []
    code_starts = [start for start, _ in code]
    for match in (_REMOVED if escaped else PINYIN_GLOSS).finditer(text):
        if match.group() == "\\" and (k := bisect.bisect_right(code_starts, match.start()) - 1) >= 0 \
                and match.start() < code[k][1]:
            continue  # in code, "\\*" is the code's own
        pieces.append(text[last : match.start()])
        kept += match.start() - last
        removed += match.end() - match.start()
        starts.append(kept)
        shifts.append(removed)
        last = match.end()
    pieces.append(text[last:])
    return Repaired("".join(pieces), len(starts), OffsetMap(tuple(starts), tuple(shifts)))
