"""Query folding: what the browser needs to fold a query into the index's own spelling.

The browser folds a query before searching (``overrides/src/search/query-folding.js``), with data that
:func:`fold_query` makes from the index's words (:class:`IndexWords`) and that the index
carries in its ``config.fold`` (generator.search.index): a character table from the
other script to the guide's script (limited to characters the index holds), the
run-together English spellings with their words, and the index's Chinese words.  So a
term typed in either script, or run together, finds the same questions.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..base.settings import HANS, HANT
from ..base.text import HAN
from ..pages.script import converter
from .segmenter import SEPARATOR, SearchTerms

# Characters a reader may type; compatibility ideographs (U+F900...) come from no input method.
HAN_CHAR_RANGES = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF))
# A Chinese word of the index as search/query-folding.js finds it (its HAN_RUN, via frontend.py): the index marks word
# boundaries, so every run of these characters is one word.
INDEX_WORD = re.compile(f"[{HAN}]+")
INDEX_SEPARATORS = re.compile(SEPARATOR)
TAG = re.compile(r"<[^>]*>")


@dataclass(frozen=True)
class IndexWords:
    """What query folding needs to know of the index's documents."""

    chars: frozenset[str] = frozenset()  # every character
    tokens: frozenset[str] = frozenset()  # tokens as the index's separator cuts them, lower case
    words: frozenset[str] = frozenset()  # Chinese words (INDEX_WORD)

    @classmethod
    def of(cls, docs: Iterable[dict[str, Any]]) -> IndexWords:
        # Every title and text in one string, read once by each expression (a newline separates).
        text = "\n".join(TAG.sub(" ", doc.get(field) or "") for doc in docs for field in ("title", "text"))
        words = frozenset(INDEX_WORD.findall(text))
        return cls(frozenset(text), frozenset(INDEX_SEPARATORS.split(text.lower())), words)

    def __or__(self, other: IndexWords) -> IndexWords:
        return IndexWords(self.chars | other.chars, self.tokens | other.tokens, self.words | other.words)


def query_folding(docs: Iterable[dict[str, Any]], terms: SearchTerms, script: str) -> dict[str, Any]:
    """What the browser needs to fold a query into the index's own spelling (:func:`fold_query`
    of the words of ``docs``)."""
    return fold_query(IndexWords.of(docs), terms, script)


def fold_query(held: IndexWords, terms: SearchTerms, script: str) -> dict[str, Any]:
    """What the browser needs to fold a query into the index's own spelling.

    ``chars`` pairs each character a reader may type in the other script with the one the
    index holds (``"發发與与…"`` in a Simplified guide); ``latin`` lists the English terms
    of more than one word (``"kv cache"``), which a reader may type run together.  Only
    characters whose counterpart is in the index are listed, and only terms whose words all
    are, which keeps the tables to a few hundred entries.  ``words`` are the index's Chinese
    words, space-separated, which search/query-folding.js cuts a query into; shipping them saves the page
    a pass over every document.
    """
    pairs = []
    for typed, candidates in _variants(script):
        found = next((c for c in candidates if c in held.chars), None)
        if found and typed not in held.chars:
            pairs.append(typed + found)
    # A run-together spelling is worth folding only when the index holds all its words.
    latin = [spaced for spaced in terms.latin_spaced.values() if held.tokens.issuperset(spaced.split())]
    return {"chars": "".join(pairs), "latin": latin, "words": " ".join(sorted(held.words))}


@lru_cache(maxsize=2)
def _variants(script: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each character of the other script with its possible forms in ``script``.

    OpenCC's table into ``script`` comes first; the reverse table adds the forms it
    merges (Traditional 發 and 髮 are both Simplified 发), so that a Simplified 发 typed
    into a Traditional guide finds whichever of them the index holds.
    """
    chars = [chr(c) for low, high in HAN_CHAR_RANGES for c in range(low, high + 1)]
    own, other = converter(script), converter(HANT if script == HANS else HANS)
    candidates: dict[str, list[str]] = {}
    for convert in (own, other):
        converted = convert("\n".join(chars)).split("\n")
        if len(converted) != len(chars):
            raise RuntimeError("OpenCC changed the number of lines of a character table")
        for char, form in zip(chars, converted, strict=True):
            if len(form) != 1 or form == char:
                continue
            typed, held = (char, form) if convert is own else (form, char)
            forms = candidates.setdefault(typed, [])
            if held not in forms:
                forms.append(held)
    return tuple((typed, tuple(forms)) for typed, forms in sorted(candidates.items()))
