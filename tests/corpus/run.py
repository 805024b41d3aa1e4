"""Read each corpus bank with the project's reader and compare it with its truth."""
from __future__ import annotations

import json
import re

from generator.base.errors import GuideError
from generator.read.load import corrected_bank

from .truth import TRUTHS, Truth, differences


def check(truth: Truth) -> list[str]:
    """The differences between the parser's reading of ``truth.bank`` and the truth ([] = exact).

    The bank is read with its errata applied (``<bank>.errata.yml`` beside it, as the commands
    read it): they say what the bank cannot, e.g. which judge answer code means true.  A bank the
    reader refuses is one difference that quotes its message: the corpus measures reading, so a
    refusal is a result, not an error of the test.
    """
    try:
        bank = corrected_bank(truth.bank)
    except GuideError as error:  # refused: a bank file error, undecodable, no question found
        # The bank's name, not this machine's path: the message is quoted in known_gap.
        return [f"not read: {str(error).replace(str(truth.bank), truth.bank.name)}"]
    return differences(truth, bank)


def known_gap(found: list[str]) -> str | None:
    """The ``known_gap`` text for a bank with these differences (None when it reads exactly)."""
    if not found:
        return None
    first = [line.split("\n")[0] for line in found[:3]]
    plural = "" if len(found) == 1 else "s"
    return f"{len(found)} difference{plural}, e.g. " + " | ".join(first)


def record_gap(truth: Truth, found: list[str]) -> None:
    """Rewrite only the ``known_gap:`` line of ``truth``'s file: the parser's gap, never the truth."""
    path = TRUTHS / f"{truth.name}.yml"
    text = re.sub(r"\nknown_gap: .*\n?", "\n", path.read_text(encoding="utf-8")).rstrip("\n") + "\n"
    gap = known_gap(found)
    if gap is not None:
        text += "known_gap: " + json.dumps(gap, ensure_ascii=False) + "\n"
    path.write_text(text, encoding="utf-8")
