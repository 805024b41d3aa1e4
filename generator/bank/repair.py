"""text -> text: the repairs that are certain, and a map back to source positions.

Only damage whose fix is beyond doubt is repaired here.  A web converter that turned
Simplified into Traditional text glued the pinyin of some characters behind them
(``數(shù)``, ``優(yōu)``, even ``F(xiàn)P16``); a bracketed single syllable carrying a tone
mark never occurs in a real bank, so it is removed.  Real parentheses such as
``(LoRA/QLoRA)`` carry no tone marks and stay.  Probable damage (a lost minus, a
``?`` for a lost character, mojibake) is left for ``lint`` to flag.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

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


def repair(text: str) -> Repaired:
    """Remove the glued pinyin glosses from ``text``."""
    pieces: list[str] = []
    starts: list[int] = []
    shifts: list[int] = []
    kept = removed = 0
    last = 0
    for match in PINYIN_GLOSS.finditer(text):
        pieces.append(text[last : match.start()])
        kept += match.start() - last
        removed += match.end() - match.start()
        starts.append(kept)
        shifts.append(removed)
        last = match.end()
    pieces.append(text[last:])
    return Repaired("".join(pieces), len(starts), OffsetMap(tuple(starts), tuple(shifts)))
