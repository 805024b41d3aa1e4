"""Spans of a text (code, formulas, found terms) asked "does this overlap one?" in log time.

A list scanned once per question is linear each time, so a hostile text with thousands of
spans and thousands of words to test against them took time quadratic in its size.

Imports nothing else of the generator."""
from __future__ import annotations

import bisect
from collections.abc import Iterable


class Intervals:
    """Half-open spans ``(start, end)`` in any order, merged where they touch or overlap."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        for start, end in sorted(s for s in spans if s[0] < s[1]):
            if self.ends and start <= self.ends[-1]:
                self.ends[-1] = max(self.ends[-1], end)
            else:
                self.starts.append(start)
                self.ends.append(end)

    def overlaps(self, start: int, end: int) -> bool:
        """Whether ``[start, end)`` shares a character with a span (as ``spans.overlaps``)."""
        i = bisect.bisect_left(self.starts, end) - 1  # the last span starting before ``end``
        return i >= 0 and self.ends[i] > start
