"""Numbers written in Chinese numerals, as banks number chapters (二十、) and refer to questions (第十二題)."""
from __future__ import annotations

_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"〇": 0}


def chinese_number(text: str) -> int | None:
    """ "12", "１２", "十二", "二十", "一百零五" -> int; None for what is no number."""
    if text.isdigit():
        return int(text)
    total, digit = 0, None
    for char in text:
        if char in _DIGITS:
            digit = _DIGITS[char]
        elif char in "十百":
            total += (1 if digit is None else digit) * (10 if char == "十" else 100)
            digit = None
        else:
            return None
    return total + (digit or 0) or None
