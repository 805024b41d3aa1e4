"""Word's automatic list numbering, materialised as the text a reader sees.

A numbered paragraph in a .docx holds no number: it names a list (``numId``) and a level
(``ilvl``), and ``numbering.xml`` says how that level counts (start, format, the text
around the number such as ``%1.`` or ``第%1章``, and when it restarts).  Word counts per
abstract list, so two lists sharing one abstract definition continue each other unless a
list restarts a level (``startOverride``, what "Restart at 1" writes).  Counting happens
in document order: call :meth:`Numbering.label` once per numbered paragraph, in order.
A restart takes effect where its list first shows the restarted level.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from docx.oxml.ns import qn

_PLACEHOLDER = re.compile(r"%([1-9])")
_CHINESE_DIGITS = "〇一二三四五六七八九"
_LEGAL_DIGITS = "零壹贰叁肆伍陆柒捌玖"
_HEAVENLY_STEMS = "甲乙丙丁戊己庚辛壬癸"
_ZODIAC = "子丑寅卯辰巳午未申酉戌亥"
_ROMAN = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
          (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
# Bullets are drawn from a symbol font (U+F0B7 and the like): a reader sees a list item.
BULLET = "- "


@dataclass(frozen=True)
class Level:
    """How one level of a list counts (``w:lvl``)."""

    start: int = 1
    fmt: str = "decimal"
    text: str = "%1."
    restart: int | None = None  # w:lvlRestart: restart after this (1-based) level only; 0 never
    legal: bool = False  # w:isLgl: every placeholder written in decimal
    suffix: str = " "  # what stands between the number and the text (Word's tab, a space, nothing)


@dataclass
class _List:
    """An abstract list's levels and its running counters."""

    levels: dict[int, Level]
    counters: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class _Instance:
    """A ``w:num``: the abstract list it counts in and the levels it restarts."""

    abstract: str
    starts: dict[int, int]  # level -> startOverride
    levels: dict[int, Level]  # level -> a level definition replaced for this list only


class Numbering:
    """The lists of one document and their counters (``numbering`` is ``w:numbering`` or None)."""

    def __init__(self, numbering: Any | None, style_lists: dict[str, str] | None = None) -> None:
        self._lists: dict[str, _List] = {}
        self._instances: dict[str, _Instance] = {}
        self._started: set[tuple[str, int]] = set()  # (list, level) shown at least once
        if numbering is None:
            return
        links: dict[str, str] = {}  # abstract id -> the style it takes its levels from
        for abstract in numbering.iterchildren(qn("w:abstractNum")):
            key = abstract.get(qn("w:abstractNumId"))
            self._lists[key] = _List({_int(lvl.get(qn("w:ilvl")), 0): _level(lvl)
                                      for lvl in abstract.iterchildren(qn("w:lvl"))})
            link = abstract.find(qn("w:numStyleLink"))
            if link is not None:
                links[key] = link.get(qn("w:val"))
        for num in numbering.iterchildren(qn("w:num")):
            abstract_id = num.find(qn("w:abstractNumId"))
            if abstract_id is None:
                continue
            starts, levels = {}, {}
            for override in num.iterchildren(qn("w:lvlOverride")):
                ilvl = _int(override.get(qn("w:ilvl")), 0)
                start = override.find(qn("w:startOverride"))
                if start is not None:
                    starts[ilvl] = _int(start.get(qn("w:val")), 1)
                lvl = override.find(qn("w:lvl"))
                if lvl is not None:
                    levels[ilvl] = _level(lvl)
            self._instances[num.get(qn("w:numId"))] = _Instance(abstract_id.get(qn("w:val")), starts, levels)
        # A list defined by a numbering style (w:numStyleLink) counts in that style's list.
        for key, style in links.items():
            num_id = (style_lists or {}).get(style)
            target = self._instances.get(num_id or "")
            if target is not None and target.abstract != key and target.abstract in self._lists:
                self._lists[key] = self._lists[target.abstract]

    def label(self, num_id: str, ilvl: int) -> str:
        """The number the paragraph shows (``"3. "``, ``"第二章 "``), counters advanced; ``""``
        for no list, a list without that level, or a level that shows no number."""
        instance = self._instances.get(num_id)
        if instance is None or num_id == "0":
            return ""
        lst = self._lists.get(instance.abstract)
        if lst is None:
            return ""
        levels = lst.levels if not instance.levels else {**lst.levels, **instance.levels}
        level = levels.get(ilvl)
        if level is None:
            return ""
        if ilvl in instance.starts and (num_id, ilvl) not in self._started:
            # "Restart numbering": the level restarts where this list first shows it.
            lst.counters[ilvl] = instance.starts[ilvl] - 1
        self._started.add((num_id, ilvl))
        lst.counters[ilvl] = lst.counters.get(ilvl, level.start - 1) + 1
        for deeper in [k for k in lst.counters if k > ilvl]:
            restart = levels[deeper].restart if deeper in levels else None
            if restart is None or (restart and ilvl < restart):
                del lst.counters[deeper]
        if level.fmt == "none":
            return ""
        if level.fmt == "bullet":
            return BULLET

        def number(match: re.Match[str]) -> str:
            k = int(match.group(1)) - 1
            at = levels.get(k, Level())
            value = lst.counters.get(k, at.start)
            return format_number(value, "decimal" if level.legal and k != ilvl else at.fmt)

        text = _PLACEHOLDER.sub(number, level.text)
        return text + level.suffix if text else ""


def format_number(n: int, fmt: str) -> str:
    """``n`` written in Word's number format ``fmt`` (decimal for a format not known here)."""
    if fmt in ("upperLetter", "lowerLetter"):
        letter = chr(ord("A") + (n - 1) % 26) * ((n - 1) // 26 + 1) if n > 0 else str(n)
        return letter if fmt == "upperLetter" else letter.lower()
    if fmt in ("upperRoman", "lowerRoman") and 0 < n < 4000:
        roman = _roman(n)
        return roman if fmt == "upperRoman" else roman.lower()
    if fmt in ("chineseCounting", "chineseCountingThousand", "japaneseCounting", "taiwaneseCounting",
               "taiwaneseCountingThousand", "koreanCounting") and 0 < n < 10000:
        return chinese_numeral(n)
    if fmt in ("chineseLegalSimplified", "japaneseLegal") and 0 < n < 10000:
        return chinese_numeral(n).translate(str.maketrans(_CHINESE_DIGITS[1:] + "十百千", _LEGAL_DIGITS[1:] + "拾佰仟"))
    if fmt in ("ideographDigital", "taiwaneseDigital", "japaneseDigitalTenThousand") and n >= 0:
        return "".join(_CHINESE_DIGITS[int(d)] for d in str(n))
    if fmt in ("ideographTraditional",) and n > 0:
        return _HEAVENLY_STEMS[(n - 1) % 10]
    if fmt in ("ideographZodiac",) and n > 0:
        return _ZODIAC[(n - 1) % 12]
    if fmt in ("decimalEnclosedCircle", "decimalEnclosedCircleChinese") and 0 < n <= 20:
        return chr(0x2460 + n - 1)
    if fmt in ("decimalFullWidth", "decimalFullWidth2"):
        return str(n).translate(str.maketrans("0123456789", "０１２３４５６７８９"))
    if fmt == "decimalZero":
        return f"{n:02d}"
    return str(n)


def chinese_numeral(n: int) -> str:
    """1 -> 一, 10 -> 十, 12 -> 十二, 20 -> 二十, 105 -> 一百零五 (for 0 < n < 10000)."""
    units = ((1000, "千"), (100, "百"), (10, "十"), (1, ""))
    out: list[str] = []
    zero = False
    for size, unit in units:
        digit = n // size % 10
        if digit:
            if zero and out:
                out.append("零")
            out.append(_CHINESE_DIGITS[digit] + unit)
            zero = False
        elif out:
            zero = True
    text = "".join(out)
    return text[1:] if text.startswith("一十") else text


def _roman(n: int) -> str:
    out = []
    for value, letters in _ROMAN:
        count, n = divmod(n, value)
        out.append(letters * count)
    return "".join(out)


def _level(lvl: Any) -> Level:
    def val(tag: str) -> str | None:
        child = lvl.find(qn(tag))
        return None if child is None else child.get(qn("w:val"))

    restart = val("w:lvlRestart")
    legal = lvl.find(qn("w:isLgl")) is not None
    suffix = {"nothing": "", "space": " "}.get(val("w:suff") or "tab", " ")
    text = val("w:lvlText")
    return Level(start=_int(val("w:start"), 1), fmt=val("w:numFmt") or "decimal",
                 text="" if text is None else text, restart=None if restart is None else _int(restart, 0),
                 legal=legal and val("w:isLgl") not in ("0", "false"), suffix=suffix)


def _int(value: str | None, default: int) -> int:
    try:
        return int(value or "")
    except ValueError:
        return default
