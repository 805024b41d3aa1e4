"""Plain-text helpers every stage shares: what a Han character is, clipping, and quoting a file in a message.

Imports nothing else of the generator."""
from __future__ import annotations

# The Han (CJK ideograph) characters banks are written in, as the inside of a regex
# character class: Extension A, the Unified Ideographs and the Compatibility Ideographs.
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"


def clip(text: str, limit: int, *, middle: bool = False) -> str:
    """``text`` if it has at most ``limit`` characters; else at most ``limit`` of them and ``…`` where cut.

    The cut is at the end, or with ``middle`` in the middle (the start and end of a quote
    say more than either alone); blanks beside the cut are dropped.
    """
    if len(text) <= limit:
        return text
    if middle:
        half = limit // 2
        return text[:half].rstrip() + "…" + text[len(text) - half :].lstrip()
    return text[:limit].rstrip() + "…"


QUOTE_LIMIT = 200  # characters of an input file that a message quotes at most


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as a message quotes it: clipped, saying how long it was (never a whole file)."""
    if len(text) <= limit:
        return text
    return f"{clip(text, limit)} ({len(text):,} characters in all)"


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of ``text``, at most about ``limit`` characters of it (control characters show escaped)."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text):,} characters in all)"
