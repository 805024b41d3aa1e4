"""Editor formulas must stay whole where a page shows them.

Errata turn ``$...$`` into a pair of control-character markers (generator.bank.model).  The
page then cuts a field into code, tables and paragraphs before it looks for formulas, so a
formula that a correction puts inside code or a table, or that spans a paragraph break,
would reach the page as stray markers.  This check runs on every text the errata change and
names the file, entry and field instead.
"""
from __future__ import annotations

import re

from ..base.errors import ErrataError
from .model import DISPLAY_MATH, INLINE_MATH
from .text_blocks import Code, Prose, split_blocks

MARKER = re.compile("[{}]".format(re.escape("".join(INLINE_MATH + DISPLAY_MATH))))
PARAGRAPH_BREAK = re.compile(r"\n\s*\n")  # as generator.pages.prose cuts paragraphs
_CLOSING = {INLINE_MATH[0]: INLINE_MATH[1], DISPLAY_MATH[0]: DISPLAY_MATH[1]}


def check_math_markers(text: str, where: str) -> None:
    """Raise :class:`ErrataError` at ``where`` unless every formula in ``text`` lies whole in
    one paragraph of prose."""
    if not MARKER.search(text):
        return
    for block in split_blocks(text):
        if isinstance(block, Prose):
            for paragraph in PARAGRAPH_BREAK.split(block.text):
                _check_pairs(paragraph, where)
            continue
        inside = block.code if isinstance(block, Code) else "".join(c for row in block.rows for c in row)
        if MARKER.search(inside):
            kind = "code" if isinstance(block, Code) else "a table"
            raise ErrataError(where, "formulas ($...$) in prose, outside code and tables",
                              f"a formula inside {kind}", "write the formula as plain text there")


def _check_pairs(paragraph: str, where: str) -> None:
    expected = None  # the closing marker of the formula that is open, if one is
    for match in MARKER.finditer(paragraph):
        marker = match.group()
        if expected is None and marker in _CLOSING:
            expected = _CLOSING[marker]
        elif marker == expected:
            expected = None
        else:
            expected = "cut"
            break
    if expected is not None:
        raise ErrataError(where, "each formula ($...$ or $$...$$) whole within one paragraph",
                          "a formula cut in two (by a paragraph break, a code fence or a table)",
                          "keep the formula on its own lines, without blank lines or ``` inside")
