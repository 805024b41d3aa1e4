"""Quick whole-text scans for patterns that match only at line starts ("(?m)^…").

Python's regex engine tries such a pattern at every position of the text, and a bank of
20,000 questions is two million positions.  The same pattern behind a literal newline lets
the engine skip from newline to newline at C speed: :class:`LineScan` looks for the pattern
so (as a lookahead, which consumes only the newline) and takes the match at each line it
finds.  The matches are the pattern's own, the ones ``pattern.finditer`` finds.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

_LINE_START = ("(?m)^", "(?m:^)")


class LineScan:
    """``pattern``'s matches, found quickly: ``pattern`` opens with ``(?m)^`` or ``(?m:^)``,
    has no top-level ``|`` (the anchor must hold for the whole of it) and never matches empty."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        prefix = next((p for p in _LINE_START if pattern.pattern.startswith(p)), None)
        if prefix is None:
            raise ValueError(f"not anchored at a line start: {pattern.pattern[:40]!r}")
        self.pattern = pattern
        self._lines = re.compile(rf"\n(?={pattern.pattern[len(prefix):]})", pattern.flags)

    def search(self, text: str, pos: int = 0) -> re.Match[str] | None:
        """The first match at or after ``pos``, as ``pattern.search(text, pos)``."""
        return next(self.finditer(text, pos), None)

    def finditer(self, text: str, pos: int = 0) -> Iterator[re.Match[str]]:
        """As ``pattern.finditer(text, pos)``: each match starts where the one before ended, or later."""
        end = pos
        if (pos == 0 or text[pos - 1 : pos] == "\n") and (first := self.pattern.match(text, pos)) is not None:
            yield first
            end = first.end()
        for line in self._lines.finditer(text, pos):
            if line.end() >= end and (found := self.pattern.match(text, line.end())) is not None:
                yield found
                end = found.end()
