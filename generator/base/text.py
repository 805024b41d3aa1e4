"""Plain-text helpers every stage shares: what a Han character is, and clipping quotes.

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
