"""Read each corpus bank with the project's reader and compare it with its truth."""
from __future__ import annotations

from generator.bank.load import read_bank
from generator.base.errors import GuideError

from .truth import Truth, differences


def check(truth: Truth) -> list[str]:
    """The differences between the parser's reading of ``truth.bank`` and the truth ([] = exact).

    A bank the reader refuses is one difference that quotes its message: the corpus measures
    reading, so a refusal is a result, not an error of the test.
    """
    try:
        bank = read_bank(truth.bank)
    except GuideError as error:  # refused: a bank file error, undecodable, no question found
        # The bank's name, not this machine's path: the message is quoted in known_gap.
        return [f"not read: {str(error).replace(str(truth.bank), truth.bank.name)}"]
    return differences(truth, bank)
