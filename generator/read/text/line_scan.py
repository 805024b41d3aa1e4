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
    has no top-level ``|`` (the anchor must hold for the whole of it) and never matches empty.

    A pattern slow to reject a line (it looks for a word anywhere in it) may give a ``clue``:
    a pattern with a match in every line ``pattern`` matches, whose last character lies in
    that line ("\\n[ \\t]*第" names the line after its newline, "©" the line it is in).
    Only the lines it names are tried then.
    """

    def __init__(self, pattern: re.Pattern[str], clue: str | None = None) -> None:
        prefix = next((p for p in _LINE_START if pattern.pattern.startswith(p)), None)
        if prefix is None:
            raise ValueError(f"not anchored at a line start: {pattern.pattern[:40]!r}")
        self.pattern = pattern
        self._lines = re.compile(rf"\n(?={pattern.pattern[len(prefix):]})", pattern.flags)
        self._clue = None if clue is None else re.compile(clue)

    def finditer(self, text: str, pos: int = 0) -> Iterator[re.Match[str]]:
        """As ``pattern.finditer(text, pos)``: each match starts where the one before ended, or later."""
        end = pos
        if (pos == 0 or text[pos - 1 : pos] == "\n") and (first := self.pattern.match(text, pos)) is not None:
            yield first
            end = first.end()
        for start in self._line_starts(text, pos):
            if start >= end and (found := self.pattern.match(text, start)) is not None:
                yield found
                end = found.end()

    def _line_starts(self, text: str, pos: int) -> Iterator[int]:
        """The starts of the lines after ``pos``'s own that may hold a match, rising."""
        if self._clue is None:
            yield from (line.end() for line in self._lines.finditer(text, pos))
            return
        scanned = pos  # the newlines before here are behind
        for hit in self._clue.finditer(text, pos):
            last = hit.end() - 1
            newline = text.rfind("\n", scanned, last)  # (each stretch searched once: linear)
            scanned = last
            if newline >= 0:  # a new line (hits later on the same line find no newline)
                yield newline + 1
