"""The script stage: the model in Simplified (``hans``) or Traditional (``hant``) characters.

    Bank --errata--> Bank --lint--> Bank --script--> Bank --render--> pages

Conversion runs after corrections, so errata stay written against the raw text of the
bank, and it uses OpenCC (PyPI ``opencc``, whose configurations and dictionaries ship
inside the wheel, so nothing is fetched).  ``original`` leaves the bank as it is; the
interface then follows whichever script the bank is mostly written in.

Only text a reader sees is converted: question ids, slugs, option labels, flag codes,
source paths and positions never change, so anchors and links are the same in every
script.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from functools import cache, lru_cache
from typing import TYPE_CHECKING, TypeVar

from ..bank.model import Bank, Chapter, Flag, Option, Question, Stray
from ..base.errors import ConfigError
from ..base.settings import HANS, HANT, ORIGINAL, SCRIPTS
from ..base.text import HAN, quoted

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

# OpenCC's own configurations.  Bank text (and the editor's notes, which are written in the
# bank's mainland vocabulary: 數據, 配置文件, 字節): ``tw2s`` = t2s's character and phrase
# tables plus Taiwan's variant forms (隨著 -> 随着), with no regional vocabulary.  The
# vocabulary table of ``tw2sp``, measured on the bundled bank, rewrites 17 places wrongly (核心 ->
# 内核, 向量 -> 矢量, 序列 -> 串行, 启用 -> 激活, 新增 -> 添加, 指标 -> 指针, 线上 -> 在线),
# so it is kept for the interface only, which is written in Taiwan's wording (列印, 搜尋)
# and takes mainland vocabulary (打印, 搜索) in Simplified.  Taiwan-only words in notes are
# kept out by tests/unit/test_mainland_wording.py, not by conversion.
OPENCC_CONFIG = {HANS: "tw2s.json", HANT: "s2t.json"}
INTERFACE_OPENCC_CONFIG = {HANS: "tw2sp.json", HANT: "s2t.json"}
# Mainland punctuation: OpenCC converts words, not quotation marks, and mainland text quotes
# with “” and ‘’ where Taiwan and Hong Kong use 「」 and 『』 (the bank itself uses “”).
MAINLAND_QUOTES = str.maketrans("「」『』", "“”‘’")
_QUOTES = re.compile("[「」『』]")  # translate only where one stands: str.translate is slow on Chinese text
# Interface words tw2sp leaves in Taiwan's wording or maps to a sense mainland readers do not
# mean here: 預設收起 is 默认收起 there, and offline reading is 离线 (tw2sp gives 脱机).
MAINLAND_INTERFACE_WORDS = re.compile("预设|脱机")
MAINLAND_INTERFACE_WORD = {"预设": "默认", "脱机": "离线"}
# Material's interface languages for each script.
THEME_LANGUAGE = {HANS: "zh", HANT: "zh-Hant"}

HAN_CHAR = re.compile(f"[{HAN}]")

# The text fields a reader sees, per model type; everything else is an identifier.
TEXT_FIELDS: dict[type, tuple[str, ...]] = {
    Bank: ("title", "preamble"),
    Chapter: ("title", "intro"),
    Question: ("stem", "answer", "explanation", "answer_text", "exam_tags", "notes", "corrections",
               "editor_answer"),
    Option: ("text",),
    Flag: ("message",),
    Stray: ("text", "reason"),
}
NESTED_FIELDS: dict[type, tuple[str, ...]] = {
    Bank: ("chapters", "stray", "answer_keys", "unread"),
    Chapter: ("questions",),
    Question: ("options", "flags"),
}
# Fields left as they are: identifiers, paths, positions, enums and numbers.  A test checks
# that every field of the model is in exactly one of these three tables.
KEPT_FIELDS: dict[type, tuple[str, ...]] = {
    # what check reports; the pictures (their alt text too) as the bank holds them
    Bank: ("slug", "source", "encoding", "repairs", "layout", "tables", "pdf", "pictures"),
    Chapter: ("number", "position"),
    Question: ("id", "number", "type", "position", "end_offset", "points"),
    Option: ("label",),
    Flag: ("code", "severity"),
    Stray: ("position",),
}

T = TypeVar("T", bound="DataclassInstance")  # the model's frozen dataclasses
REMEMBERED = 100_000  # texts a converter keeps converted (the least recently used let go)


@cache
def converter(script: str, interface: bool = False) -> Callable[[str], str]:
    """The function that writes bank text (or, with ``interface``, interface text) in
    ``script``; ``original`` is the identity."""
    check_script(script)
    if script == ORIGINAL:
        return lambda text: text
    import opencc  # imported here so that the rest of the package works without it

    convert = opencc.OpenCC((INTERFACE_OPENCC_CONFIG if interface else OPENCC_CONFIG)[script]).convert
    if script == HANS and interface:
        made = lambda text: MAINLAND_INTERFACE_WORDS.sub(lambda m: MAINLAND_INTERFACE_WORD[m.group()],  # noqa: E731
                                                         _mainland_quotes(convert(text)))
    elif script == HANS:
        made = lambda text: _mainland_quotes(convert(text))  # noqa: E731
    else:
        made = convert
    # Each text converted once: a build converts a bank's texts twice (as read, and as checked
    # with the flags added), and each `mkdocs serve` rebuild the same texts again.  OpenCC's
    # conversion costs far more than the look-up.
    return lru_cache(maxsize=REMEMBERED)(made)


def _mainland_quotes(text: str) -> str:
    return text.translate(MAINLAND_QUOTES) if _QUOTES.search(text) else text


def check_script(script: str, where: str = "script") -> str:
    """``script`` itself, or a :class:`ConfigError` naming the allowed values."""
    if script not in SCRIPTS:
        raise ConfigError(where, "one of " + ", ".join(SCRIPTS), quoted(str(script), 60), "script: hans")
    return script


def convert_text(text: str, script: str) -> str:
    """``text`` written in ``script`` (characters outside Chinese are left alone)."""
    return converter(script)(text) if text and HAN_CHAR.search(text) else text


def convert_bank(bank: Bank, script: str) -> Bank:
    """The bank with every text a reader sees written in ``script``."""
    if check_script(script) == ORIGINAL:
        return bank
    return _convert(bank, converter(script))


def convert_flags(flags: tuple[Flag, ...], script: str) -> tuple[Flag, ...]:
    """``flags`` with their messages written in ``script``."""
    if check_script(script) == ORIGINAL:
        return flags
    convert = converter(script)
    return tuple(_convert(flag, convert) for flag in flags)


def convert_interface(text: str, script: str) -> str:
    """Interface text (page furniture, hand-written pages, site name) written in ``script``."""
    return converter(script, interface=True)(text) if text and HAN_CHAR.search(text) else text


def convert_strings(strings: Mapping[str, str], script: str) -> dict[str, str]:
    """Interface strings (e.g. :data:`generator.ui.UI`) written in ``script``; keys unchanged."""
    return {key: convert_interface(value, script) for key, value in strings.items()}


def detect_script(texts: Iterable[str]) -> str:
    """``hans`` or ``hant``: the script most of ``texts`` is written in.

    A character counts for Traditional when OpenCC's Traditional-to-Simplified table
    changes it, and for Simplified when the reverse table does; ties go to Traditional,
    the script the interface strings are written in.
    """
    chars = [c for text in texts for c in HAN_CHAR.findall(text)]
    if not chars:
        return HANT
    joined = "".join(chars)
    simplified, traditional = converter(HANS)(joined), converter(HANT)(joined)
    # A conversion may change the text's length (phrases): count over the shorter of the two.
    trad_only = sum(a != b for a, b in zip(joined, simplified, strict=False))
    simp_only = sum(a != b for a, b in zip(joined, traditional, strict=False))
    return HANS if simp_only > trad_only else HANT


def interface_script(script: str, banks: Iterable[Bank]) -> str:
    """The script a guide's interface is written in: ``hans`` or ``hant``.

    ``original`` guides follow their banks, so an untouched Simplified bank gets a
    Simplified interface.
    """
    if check_script(script) != ORIGINAL:
        return script
    return detect_script(_sample(bank) for bank in banks)


def theme_language(script: str) -> str:
    """Material's ``theme.language`` for a guide's script (``hans`` or ``hant``)."""
    return THEME_LANGUAGE[script]


def _sample(bank: Bank) -> str:
    questions = bank.questions[:50]  # plenty of characters to tell the scripts apart
    return " ".join([bank.title, *(c.title for c in bank.chapters)] +
                    [q.stem + q.explanation for q in questions])


def _convert(obj: T, convert: Callable[[str], str]) -> T:
    changes: dict[str, object] = {}
    for name in TEXT_FIELDS.get(type(obj), ()):
        value = getattr(obj, name)
        if isinstance(value, str):
            changes[name] = _text(value, convert)
        elif isinstance(value, tuple):
            changes[name] = tuple(_text(v, convert) for v in value)
    for name in NESTED_FIELDS.get(type(obj), ()):
        changes[name] = tuple(_convert(item, convert) for item in getattr(obj, name))
    return replace(obj, **changes) if changes else obj


def _text(value: str, convert: Callable[[str], str]) -> str:
    return convert(value) if value and HAN_CHAR.search(value) else value
