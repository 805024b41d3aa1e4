"""Text from the guide's own files (glossary, errata, settings): what may be in it, and how much
of it a message quotes.

Banks refuse control characters when they are decoded (generator.bank.decode); the YAML files
an editor writes could still carry them through escapes such as ``"\\x00"`` or ``"\\u0085"``.
They would reach the pages as invisible or broken text (a NUL in the HTML, a C1 character that
breaks YAML front matter), so they are refused with the file, entry and field that hold them.
"""
from __future__ import annotations

import re

from .errors import GuideError

# C0 controls but tab and line feed, DEL, and the C1 controls.
CONTROL_CHARACTER = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
QUOTE_LIMIT = 200  # characters of an input file that a message quotes at most


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, saying how long it was: messages never quote a
    whole file."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text):,} characters in all)"


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of ``text``, at most about ``limit`` characters of it."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text):,} characters in all)"


def refuse_control_characters(text: str, where: str, error: type[GuideError] = GuideError) -> str:
    """``text`` unchanged; ``error`` naming ``where`` if it holds a control character."""
    found = CONTROL_CHARACTER.search(text)
    if found:
        raise error(where, "text without control characters (tab and line break aside)",
                    f"the control character U+{ord(found.group()):04X} at character {found.start() + 1} "
                    f"of {quoted(text, 60)}", "delete it, or write the character it stands for")
    return text
