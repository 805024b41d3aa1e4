"""Text from the guide's own files (glossary, errata, settings): what may be in it.

Banks refuse control characters when they are decoded (generator.base.decode); the YAML files
an editor writes could still carry them through escapes such as ``"\\x00"`` or ``"\\u0085"``.
They would reach the pages as invisible or broken text (a NUL in the HTML, a C1 character that
breaks YAML front matter), so they are refused with the file, entry and field that hold them.
"""
from __future__ import annotations

import re

from .errors import GuideError
from .text import quoted

# C0 controls but tab and line feed, DEL, and the C1 controls.
CONTROL_CHARACTER = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def refuse_control_characters(text: str, where: str, error: type[GuideError] = GuideError) -> str:
    """``text`` unchanged; ``error`` naming ``where`` if it holds a control character."""
    found = CONTROL_CHARACTER.search(text)
    if found:
        raise error(where, "text without control characters (tab and line break aside)",
                    f"the control character U+{ord(found.group()):04X} at character {found.start() + 1} "
                    f"of {quoted(text, 60)}", "delete it, or write the character it stands for")
    return text


# What a terminal acts on rather than shows: the controls above but line feed and tab (ESC and
# CSI start sequences that clear the screen or retitle the window), and the bidirectional
# overrides and isolates, which reorder what follows them on the line.
_TERMINAL_ACTS_ON = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def for_terminal(text: str) -> str:
    """``text`` with every character a terminal would act on shown as its escape (``\\x1b``)."""
    return _TERMINAL_ACTS_ON.sub(lambda m: repr(m.group())[1:-1] if ord(m.group()) < 0x100
                                 else f"\\u{ord(m.group()):04x}", text)
