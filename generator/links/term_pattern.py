"""One compiled regular expression that finds every glossary spelling in a text.

:func:`compile_spellings` builds it for :class:`generator.links.glossary.Glossary`, which keeps
one mention where candidates overlap.

What a spelling matches, for banks scraped from the web that lose spaces and hyphens:

- Latin letters match case-insensitively.  A space, hyphen or underscore in a spelling is
  optional in the text, so ``KV cache`` also matches ``KVcache`` and ``kv-cache``, and
  ``TensorRT-LLM`` matches ``TensorRTLLM``.
- A spelling that starts (ends) with a Latin letter or digit matches only where a word
  starts (ends): not beside another Latin letter or digit, unless the text itself shows a
  join there, a lower-case letter followed by a capital (``DeepSpeedMoE``, ``KVcacheINT8``)
  or a letter beside a digit (``LLaMA270B``, ``ImageNet1k``).  So ``LoRA`` never matches in
  ``QLoRA`` or ``LoRAX``, ``PPO`` not in ``PPOX``, ``KL`` not in ``KLD``.
- Only a spelling that ends with an ordinary lower-case word of three or more letters
  (``warmup``, ``KV cache``, ``HumanEval``) may also run into a following lower-case letter,
  because banks glue ordinary words together (``KVcacheeviction``, ``HumanEvalpass@k``);
  acronyms and brand spellings (``LoRA``, ``RoPE``) never do.  At the start of a spelling
  there is no such exception: English words end in other words far more often (``detokenize``).
- CJK spellings match anywhere.

How the pattern is made:

- The spellings go into a trie of units (a character, lower-cased if ASCII, or an optional
  separator run), so that each position of a text costs one walk down the trie however many
  terms there are.  Latin and other spellings get separate tries: they never start at the
  same character, and only Latin ones need a start boundary.
- Where a spelling ends, a guard says what may follow it (``_END_GUARDS``).
- The whole alternation sits in a capture inside a lookahead, so ``finditer`` yields a
  candidate at every position, overlapping ones included; the caller picks among them.
"""
from __future__ import annotations

import re

# Runs of characters a spelling may have or lack between its words.
SEPARATOR_RUN = re.compile(r"[\s\-‐_]+")
_SEPARATOR_PATTERN = r"[\s\-‐_]*"
LATIN_ALNUM = re.compile(r"[A-Za-z0-9]")
LOWER_WORD_END = re.compile(r"[a-z]{3}$")

# Where a Latin spelling may start or end: no Latin letter or digit beside it, or a join the
# text shows (lower->Upper, letter<->digit).  _LOWER_JOIN also admits lower->lower.
_JOINS = r"(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])"
_START_BOUNDARY = rf"(?:(?<![A-Za-z0-9])|{_JOINS})"
_LOWER_JOIN = r"(?<=[a-z])(?=[a-z])"
_END_GUARDS = {
    "free": "",  # the spelling ends in CJK or punctuation
    "strict": rf"(?:(?![A-Za-z0-9])|{_JOINS})",
    "relaxed": rf"(?:(?![A-Za-z0-9])|{_JOINS}|{_LOWER_JOIN})",
}
_SEP = ""  # trie unit for an optional separator run; no character is empty


def compile_spellings(spellings: set[str]) -> re.Pattern[str]:
    """A pattern whose group 1, at each position where a spelling starts, is the longest one there."""
    latin, other = _Node(), _Node()
    for spelling in spellings:
        _insert(latin if LATIN_ALNUM.match(SEPARATOR_RUN.sub("", spelling)) else other, spelling)
    branches = [f"{_START_BOUNDARY}{_emit(latin)}" if latin.children else "",
                _emit(other) if other.children else ""]
    body = "|".join(b for b in branches if b) or "(?!)"
    # Most positions start no spelling at all: a one-character test rejects them cheaply.
    # Units are single characters, and a spelling never starts with a separator.
    first = "".join(sorted({u + u.upper() if u.isascii() and u.isalpha() else re.escape(u)
                            for root in (latin, other) for u in root.children}))
    return re.compile(f"(?=[{first}])(?=({body}))" if first else body)


class _Node:
    __slots__ = ("children", "end")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.end: str | None = None  # key of _END_GUARDS when a spelling ends here


def _units(spelling: str) -> list[str]:
    units: list[str] = []
    for part in SEPARATOR_RUN.split(spelling.strip()):
        if part:
            if units:
                units.append(_SEP)
            units.extend(c.lower() if c.isascii() else c for c in part)
    return units


def _insert(root: _Node, spelling: str) -> None:
    node = root
    for unit in _units(spelling):
        node = node.children.setdefault(unit, _Node())
    core = SEPARATOR_RUN.sub("", spelling)
    guard = "free" if not LATIN_ALNUM.match(core[-1]) else "relaxed" if LOWER_WORD_END.search(core) else "strict"
    # Spellings that differ only in case or separators end at one node: "relaxed" wins.
    if node.end != "relaxed":
        node.end = guard


def _unit_pattern(unit: str) -> str:
    if unit == _SEP:
        return _SEPARATOR_PATTERN
    if unit.isascii() and unit.isalpha():
        return f"[{unit}{unit.upper()}]"
    return re.escape(unit)


def _emit(node: _Node) -> str:
    # Longer spellings first, separators after letters, ending last: the first branch
    # that succeeds at a position is the longest spelling that fits there.
    branches = [_unit_pattern(u) + _emit(c) for u, c in sorted(node.children.items()) if u != _SEP]
    if _SEP in node.children:
        branches.append(_SEPARATOR_PATTERN + _emit(node.children[_SEP]))
    if node.end is not None:
        branches.append(_END_GUARDS[node.end])
    return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
