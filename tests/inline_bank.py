"""Banks written inline in a test."""
from __future__ import annotations

import textwrap

from generator.bank.model import Bank
from generator.read.text.parse import parse


def parse_text(text: str) -> Bank:
    """Parse a small bank written inline in a test (dedented, surrounding blank lines dropped)."""
    return parse(textwrap.dedent(text).strip("\n") + "\n", "test.txt", "test")
