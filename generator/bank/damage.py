"""Damage detectors: text a web scrape most likely damaged, flagged and never changed.

:func:`damage_flags` searches every field of a question (stem, options, answer, explanation)
and yields one warning per damage code and field, quoting up to three spots:

=========================  ====================================================
code                       finds
=========================  ====================================================
``garbled-text``           mojibake: rare characters clustered with ``?`` or a
                           half pinyin gloss (``請?zhí)岢鰞身椄倪M``)
``lost-character``         a ``?`` standing for a lost character (``η?``, ``‖?w‖``)
``lost-minus``             a minus sign most likely lost (``lr=3e4``, ``(1β?^5)``)
``code-whitespace-lost``   a fenced code block squashed onto one line
=========================  ====================================================

All are warnings because they are probable, not certain.  A plain ``?``/``？`` that ends a
question is punctuation, not damage.  Code fences, URLs and editor-given math are not
searched for lost characters or minus signs, and garbled spans are not searched again.

The field walk (:func:`question_fields`) and quoting (:func:`excerpt`) are
shared with :mod:`generator.bank.lint`, so all flags quote bank text the same way.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from ..base.text import clip
from .model import Flag, Question, Severity
from .repair import TONED
from .spans import CLOSED_FENCE, EDITOR_MATH

_GREEK = "α-ωΑ-Ωϵϑϕ"
_MATH_SIGNS = "‖∈∑∏√∂∇∫≈≤≥±×·"

URL = re.compile(r"https?://\S+")
WHITESPACE = re.compile(r"\s")
# Each pattern below opens with the character it finds, its lookbehinds after it: a pattern
# that opens with a lookbehind is tried at every position, one with a character is not.
LOST_CHARACTER = re.compile(
    rf"\?(?<=[{_GREEK}{_MATH_SIGNS}?]\?)"  # after a Greek letter, a math sign or another ?: η?, ‖?w‖, m??
    rf"|\?(?=[A-Za-z0-9=^_{{}}(‖/·×+*?{_GREEK}])"  # before a letter, digit or operator: ?w, ?=
    r"|\?(?<=[A-Za-z0-9]\?)(?=[)\]，,、])"  # closing a variable: (1p?), θ?，
    rf"|？(?<=[{_GREEK}{_MATH_SIGNS}]？)"  # a full-width one after a Greek letter or math sign
    r"|\ufffd"  # the decoder's replacement character
)
# What may follow a ``?`` that ends a question: closing quotes and brackets, blanks.
_QUESTION_END = " \t\n”」』)）】]'\"（）()_＿"
GARBLED_PINYIN = re.compile(rf"\?[a-zü]*[{TONED}][a-zü]*\)")  # a pinyin gloss that lost its "("
LATIN1_MOJIBAKE = re.compile(r"Ã[\u0080-\u00bf]|â€|ï¼|锟斤拷|烫烫烫|屯屯屯")
# Variant forms that OpenCC and Cantonese text use although GB2312 and Big5 lack them.
COMMON_VARIANTS = set("爲裏衆羣牀峯啓僞竈説衞閲敍鋭鈎藴嫺麪綫嘅啲冇嘢佢哋咗喺嚟噉冧")
# Scientific notation without a sign where a small quantity is meant (lr, wd, ε ...).
UNSIGNED_EXPONENT = re.compile(
    r"\d(?<![A-Za-z0-9_.]\d)\d*(?:\.\d+)?e\d{1,2}(?![A-Za-z0-9_.])"
    r"(?!\s*(?:步|steps?|tokens?|個|个|條|条|次|輪|轮|iter|samples?|樣本|样本|參數|参数|[BMKT]\b))"
)
SMALL_QUANTITY_CONTEXT = re.compile(
    r"(?i:lr|learning[ _]?rate|wd|weight[ _]?decay|eps(?:ilon)?)|學習率|学习率|權重衰減|权重衰减"
    r"|[εαλητ]|係數|系數|系数|步長|步长|\+\s*$"
)
ONE_MINUS = re.compile(
    rf"1(?:(?<![A-Za-z0-9_.]1)(?=[{_GREEK}]|[a-zA-Z][_?^)])"  # 1β?, 1α, (1p?)
    r"|(?<![\d.]1)(?=0\.\d+\^)"  # 10.9^5
    r"|(?<=[×*/=]\(1)(?=0\.\d+\))|(?<=\(1)(?=0\.\d+\)\^))"  # ×(10.722), (10.7)^2
)
QUOTE_LIMIT = 39  # characters of bank text a flag quotes, before its …
_PYTHON_INFO = ("python", "py", "python3")  # fence info words that make indentation matter

Span = tuple[int, int]


def damage_flags(q: Question, where: str) -> Iterator[Flag]:
    """Warnings for the probable damage in ``q``'s fields; ``where`` names the question."""
    clue = _damage_clue()
    for label, text in question_fields(q):
        if not text or not clue.search(text):
            continue
        views = _views(text)
        for code, what, find in DAMAGE_RULES:
            spans = _clusters(find(views))
            if spans:
                quotes = "、".join(f"「{excerpt(text, s, e)}」" for s, e in spans[:3])
                more = f"等{len(spans)}處" if len(spans) > 3 else ""
                yield Flag(code, Severity.WARNING, f"{where}{label}{what}：{quotes}{more}")


def question_fields(q: Question) -> Iterator[tuple[str, str]]:
    """(label in messages, text) of each field of ``q``, in reading order."""
    yield "題幹", q.stem
    for option in q.options:
        yield f"選項{option.label}", option.text
    yield "答案", q.answer_text or ""
    yield "解析", q.explanation


def excerpt(text: str, start: int, end: int, context: int = 6) -> str:
    """``text[start:end]`` with some context, editor math as ``…``, on one line, clipped."""
    piece = text[max(0, start - context) : min(len(text), end + context)]
    return clip(EDITOR_MATH.sub("…", piece).replace("\n", "↵"), QUOTE_LIMIT)


@dataclass(frozen=True)
class _Views:
    """One field seen two ways, with the garbled spans found in it."""

    plain: str  # editor math blanked out
    prose: str  # also code, URLs and garbled spans blanked out
    garbled: tuple[Span, ...]


def _views(text: str) -> _Views:
    plain = _mask(text, EDITOR_MATH)
    garbled = tuple(_garbled_spans(plain))
    prose = _mask(plain, CLOSED_FENCE, URL)
    for start, end in garbled:
        prose = prose[:start] + " " * (end - start) + prose[end:]
    return _Views(plain, prose, garbled)


def _lost_characters(v: _Views) -> list[Span]:
    ending = len(v.prose.rstrip(_QUESTION_END))  # a ? past it ends the question
    return [m.span() for m in LOST_CHARACTER.finditer(v.prose) if m.end() < ending]


def _lost_minus_signs(v: _Views) -> list[Span]:
    small = [m.span() for m in UNSIGNED_EXPONENT.finditer(v.prose)
             if SMALL_QUANTITY_CONTEXT.search(v.prose[max(0, m.start() - 30) : m.start()])]
    return small + [m.span() for m in ONE_MINUS.finditer(v.prose)]


def _squashed_code(v: _Views) -> list[Span]:
    return [m.span() for m in CLOSED_FENCE.finditer(v.plain) if _squashed(m.group("body"))]


# code, what the message calls it, finder of the damaged spans in one field
DAMAGE_RULES: tuple[tuple[str, str, Callable[[_Views], list[Span]]], ...] = (
    ("garbled-text", "疑似亂碼", lambda v: list(v.garbled)),
    ("lost-character", "疑似遺失字元（以「?」代替）", _lost_characters),
    ("lost-minus", "疑似遺失負號", _lost_minus_signs),
    ("code-whitespace-lost", "的程式碼失去了空白與換行", _squashed_code),
)


def _clusters(spans: list[Span], gap: int = 4) -> list[Span]:
    """Spans sorted, with those at most ``gap`` characters apart merged into one."""
    merged: list[Span] = []
    for start, end in sorted(spans):
        if merged and start - merged[-1][1] <= gap:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _garbled_spans(text: str) -> list[Span]:
    hits = [m.span() for m in GARBLED_PINYIN.finditer(text)] + [m.span() for m in LATIN1_MOJIBAKE.finditer(text)]
    rare, uncommon = _uncommon_characters()
    for m in rare.finditer(text):
        # A rare character is mojibake when another uncommon one or a ? stands near it.
        window = text[max(0, m.start() - 3) : m.end() + 3]
        others = sum(1 for c in window if c in uncommon) - 1
        if others >= 1 or "?" in window:
            hits.append(m.span())
    return _clusters(hits)


@lru_cache(maxsize=1)
def _uncommon_characters() -> tuple[re.Pattern[str], frozenset[str]]:
    """The rare CJK characters (:func:`_rarity` 2) as a pattern, and the uncommon ones (1 or 2).

    Made once from the codecs: looking up each character of a big bank was most of lint's time.
    """
    chars = [chr(c) for low, high in ((0x3400, 0x4DBF), (0x4E00, 0x9FFF)) for c in range(low, high + 1)]
    rarity = {c: _rarity(c) for c in chars}
    rare = "".join(c for c in chars if rarity[c] == 2)
    return re.compile(f"[{rare}]"), frozenset(c for c in chars if rarity[c] >= 1)


@lru_cache(maxsize=1)
def _damage_clue() -> re.Pattern[str]:
    """What every damage rule's match holds: a field without it has no damage to find.

    One search per field in place of the views and the rules' searches (most of lint's time
    on a clean bank).  Masking blanks text out and never makes a character, so a character a
    rule matches in a view (lookarounds included) is that same character of the field: each
    alternative is the part of a rule that no view can lack.
    """
    return re.compile("|".join((
        r"\?|\ufffd",  # garbled pinyin, lost characters
        rf"[{_GREEK}{_MATH_SIGNS}]？",  # a full-width lost character
        LATIN1_MOJIBAKE.pattern,
        _uncommon_characters()[0].pattern,  # a rare character
        r"\de\d",  # an unsigned exponent (its last digit before e, its first after)
        rf"1(?:[{_GREEK}]|[a-zA-Z][_?^)]|0\.\d)",  # a one-minus
        "```",  # squashed code
    )))


def _rarity(char: str) -> int:
    """0: a common character; 1: in Big5's less common level only; 2: in neither GB2312 nor Big5."""
    if char in COMMON_VARIANTS:
        return 0
    try:
        char.encode("gb2312")
        return 0
    except UnicodeEncodeError:
        pass
    try:
        code = int.from_bytes(char.encode("big5"), "big")
    except UnicodeEncodeError:
        return 2
    return 0 if 0xA440 <= code <= 0xC67E else 1


def _squashed(body: str) -> bool:
    """A code block that lost its line breaks, or Python that lost its indentation."""
    code = body.strip()
    if len(code) >= 30 and not WHITESPACE.search(code):
        return True
    lines = body.split("\n")
    if lines[0].strip().lower() not in _PYTHON_INFO:
        return False
    rest = [line for line in lines[1:] if line.strip()]
    indent = [len(line) - len(line.lstrip()) for line in rest]
    return any(line.rstrip().endswith(":") and indent[i + 1] <= indent[i] for i, line in enumerate(rest[:-1]))


def _mask(text: str, *patterns: re.Pattern[str]) -> str:
    """``text`` with every match of ``patterns`` blanked out, positions unchanged."""
    for pattern in patterns:
        text = pattern.sub(lambda m: " " * len(m.group()), text)
    return text
