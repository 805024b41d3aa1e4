"""The index's words: the glossary's search terms, jieba's user dictionary, and the segmenter.

:class:`Segmenter` marks the words of the index's text with zero-width spaces, which the
index's separator (:data:`SEPARATOR`) treats as spaces and readers never see.  Chinese is
cut by jieba, which also knows every Chinese spelling of the glossary
(:func:`user_dictionary`), so the terms of the field are found whole; Traditional text is
cut on its Simplified form (jieba's dictionary is Simplified, and cuts Traditional text
badly: 在網/上流/傳時 for 在/網上/流傳/時).  English terms the bank runs together are split
into the words of the glossary's spelling.
"""
from __future__ import annotations

import hashlib
import io
import marshal
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib.metadata import version
from pathlib import Path
from typing import Any

from ..base.cache import cache_home
from ..base.files import write_whole
from ..base.settings import HANS
from ..links.glossary import Glossary, spelling_key
from ..links.term_pattern import SEPARATOR_RUN
from ..pages.script import converter

ZWSP = "\u200b"
RUN_CACHE_SIZE = 100_000  # runs of Han characters whose words are kept (each cut by jieba once)
KEPT_CUTS_FORMAT = 1  # the layout of the file of cuts kept between builds (a new one names a new file)
# Han characters, as Material's search plugin finds them (\p{script=Han}), BMP and beyond.
HAN_RUN = re.compile(r"[\u2e80-\u2fdf\u3005\u3007\u3021-\u3029\u3038-\u303b\u3400-\u4dbf"
                     r"\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]+")
LATIN_ALNUM_CHAR = re.compile(r"[A-Za-z0-9]")
LATIN_SPELLING = re.compile(r"^[A-Za-z0-9@.+#/]+(?:[\s\-‐_]+[A-Za-z0-9@.+#/]+)+$")
# What splits the index into tokens: Material's Chinese separator plus full-width
# punctuation, which never belongs to a word (fewer zero-width spaces are needed then), and
# the signs of formulas and settings, so that ``4096`` finds ``batch size=4096`` and
# ``d_model`` finds ``max_len×d_model``.  Not ``.`` (decimals), ``:`` (Lunr's field syntax),
# ``<>&;`` (markup and entities in the index's text) or ``%@#``.  Python's and JavaScript's
# regular expressions both read it (Material sets it as Lunr's separator).
SEPARATOR_CLASS = r"[\s\u200b\u3000\-−、。，．？！；：（）「」『』《》〈〉【】“”‘’…·=≈≠≤≥×÷/+*\^~_(){}\[\]|‖√,→±]"
SEPARATOR = SEPARATOR_CLASS + "+"
# Spaces beside the block tags Material keeps in the index: tags already end a token.  A match
# starts only where a run of spaces does: else each space of a long run (code a bank indents
# by 100,000 spaces) rescans the rest of the run.
BLOCK_TAG_SPACE = re.compile(r"(?<!\s)\s*(</?(?:p|ul|ol|li)>)\s*")


@dataclass(frozen=True)
class SearchTerms:
    """What search knows beyond jieba's own dictionary: the glossary's spellings."""

    chinese: tuple[str, ...]  # Simplified forms of every Chinese spelling, for jieba
    latin_words: dict[str, tuple[int, ...]]  # spelling key "kvcache" -> word lengths (2, 5)
    latin_spaced: dict[str, str]  # spelling key "kvcache" -> "kv cache"


def search_terms(glossary: Glossary | None) -> SearchTerms:
    """The words of ``glossary`` that search must find whole (an empty set without one)."""
    chinese: dict[str, None] = {}
    words: dict[str, tuple[int, ...]] = {}
    spaced: dict[str, str] = {}
    simplify = converter(HANS)
    for term in glossary or ():
        for spelling in term.spellings:  # the display form first: it decides the words
            for run in HAN_RUN.findall(spelling):
                if len(run) > 1:
                    chinese.setdefault(simplify(run))
            if LATIN_SPELLING.match(spelling.strip()):
                parts = [spelling_key(p) for p in SEPARATOR_RUN.split(spelling.strip()) if p]
                key = "".join(parts)
                if key not in words:
                    words[key] = tuple(len(p) for p in parts)
                    spaced[key] = " ".join(parts)
    return SearchTerms(tuple(chinese), words, spaced)


def kept_cuts_folder() -> Path:
    """Where builds keep the cuts of their segmenters (in the generator's cache folder)."""
    return cache_home() / "jieba-cuts"


def user_dictionary(words: Iterable[str]) -> str:
    """Words (``SearchTerms.chinese``) as a jieba user dictionary: one a line, no frequency."""
    return "".join(f"{word}\n" for word in words)


@dataclass(frozen=True)
class Dictionaries:
    """What jieba cuts the index with beyond its own dictionary: the site's search plugin's
    ``jieba_dict`` (a dictionary in place of jieba's) and ``jieba_dict_user`` (its lines)."""

    main: str | None = None  # path
    user: str = ""  # the lines of a jieba user dictionary


JIEBAS_OWN = Dictionaries()  # jieba's dictionary, and no user dictionary but the glossary's


@lru_cache(maxsize=4)
def _tokenizer(words: tuple[str, ...], dictionaries: Dictionaries) -> Any:  # jieba.Tokenizer: no types
    """A jieba tokenizer with the terms added, made once per process and dictionaries."""
    import jieba

    tokenizer = jieba.Tokenizer(dictionaries.main) if dictionaries.main else jieba.Tokenizer()
    # Without frequencies jieba picks for each word one that keeps it whole.
    tokenizer.load_userdict(io.StringIO(dictionaries.user.rstrip("\n") + "\n" + user_dictionary(words)))
    return tokenizer


class Segmenter:
    """Marks word boundaries in index text with zero-width spaces (see the module doc).

    jieba's dictionary is read at the first Chinese word that needs cutting, not before: a
    guide without Chinese never reads it, and nor does a build whose every run of Chinese was
    cut by an earlier build.  Reading it is most of a small guide's search index (0.6 s), so
    with ``kept`` (a folder) the cuts are kept there between builds (:meth:`keep`), in a file
    named by all they depend on: jieba's and OpenCC's versions, the dictionaries, the glossary's
    words and the script.  Only ``traditional`` text is cut on its Simplified form: the
    conversion, a character at a time, also changes characters of Simplified text (么 -> 幺),
    which jieba then cuts worse.
    """

    def __init__(self, terms: SearchTerms, glossary: Glossary | None = None,
                 dictionaries: Dictionaries = JIEBAS_OWN, traditional: bool = True, kept: Path | None = None) -> None:
        self.terms, self.glossary, self.dictionaries = terms, glossary, dictionaries
        self.traditional = traditional
        self._cut: Any = None
        self._simple: dict[str, str] = {}
        self._runs: dict[str, str] | None = None  # run -> its words: a bank repeats its words (答案, 下列, its terms)
        self._kept = kept
        self._fresh = 0  # runs cut by jieba since the cuts were read or kept

    def segment(self, text: str) -> str:
        """``text`` with its Chinese words and glued English terms set apart."""
        text = text.replace(ZWSP, "")
        if self.glossary is not None and self.terms.latin_words:
            text = self._split_latin(text, self.glossary)
        text = HAN_RUN.sub(self._segment_run, text)
        return BLOCK_TAG_SPACE.sub(r"\1", _tidy(text))

    def keep(self) -> None:
        """Write the cuts to the ``kept`` folder if jieba made any since they were read: whole or
        not at all (a file another build reads is replaced, never rewritten in place)."""
        if self._kept is None or not self._fresh or self._runs is None:
            return
        try:
            self._kept_file.parent.mkdir(parents=True, exist_ok=True)
            write_whole(self._kept_file, marshal.dumps(self._runs))
        except OSError:  # read-only or full: the next build cuts again
            return
        self._fresh = 0

    def _segment_run(self, match: re.Match[str]) -> str:
        run = match.group(0)
        if self._runs is None:
            self._runs = self._read_kept()
        cut = self._runs.get(run)
        if cut is None:
            if len(self._runs) >= RUN_CACHE_SIZE:  # a bound on memory: start again (runs are short)
                self._runs.clear()
            cut = self._runs[run] = self._cut_run(run)
            self._fresh += 1
        return cut

    def _read_kept(self) -> dict[str, str]:
        """The cuts an earlier build kept, or none (no file, or one that is not a table of cuts)."""
        if self._kept is None:
            return {}
        try:
            with open(self._kept_file, "rb") as file:
                runs = marshal.load(file)
        except (OSError, EOFError, ValueError, TypeError):
            return {}
        if not isinstance(runs, dict) or len(runs) > RUN_CACHE_SIZE \
                or not all(type(k) is str and type(v) is str for k, v in runs.items()):
            return {}
        return runs

    @cached_property
    def _kept_file(self) -> Path:
        """The file of the ``kept`` folder for these cuts, named by all they depend on (worked out
        once: it is read at the first run of Chinese and written at the build's end)."""
        assert self._kept is not None
        main = self.dictionaries.main
        stat = os.stat(main) if main and os.path.isfile(main) else None
        shape = (KEPT_CUTS_FORMAT, version("jieba"), version("OpenCC") if self.traditional else "", main,
                 stat and (stat.st_size, stat.st_mtime_ns), self.dictionaries.user, self.terms.chinese,
                 self.traditional)
        return self._kept / f"{hashlib.sha256(repr(shape).encode()).hexdigest()[:16]}.marshal"

    def _cut_run(self, run: str) -> str:
        shadow = "".join(self._simplified(c) for c in run) if self.traditional else run
        if self._cut is None:
            self._cut = _tokenizer(self.terms.chinese, self.dictionaries).cut
        words, at = [], 0
        for word in self._cut(shadow):
            words.append(run[at:at + len(word)])
            at += len(word)
        return ZWSP + ZWSP.join(words) + ZWSP

    def _simplified(self, char: str) -> str:
        if char not in self._simple:
            converted = converter(HANS)(char)
            self._simple[char] = converted if len(converted) == 1 else char
        return self._simple[char]

    def _split_latin(self, text: str, glossary: Glossary) -> str:
        out, at = [], 0
        for match in glossary.find(text):
            found = text[match.start:match.end]
            lengths = self.terms.latin_words.get(spelling_key(found))
            if not lengths or not LATIN_ALNUM_CHAR.match(found):
                continue
            out.append(text[at:match.start])
            if match.start and LATIN_ALNUM_CHAR.match(text[match.start - 1]):
                out.append(ZWSP)
            out.append(_insert_breaks(found, lengths))
            if match.end < len(text) and LATIN_ALNUM_CHAR.match(text[match.end]):
                out.append(ZWSP)
            at = match.end
        return "".join(out) + text[at:]


def _insert_breaks(found: str, lengths: tuple[int, ...]) -> str:
    """``KVcache`` with word lengths (2, 5) -> ``KV\\u200bcache``; existing separators stay."""
    out: list[str] = []
    bounds = {sum(lengths[:i]) for i in range(1, len(lengths))}
    seen = 0
    for char in found:
        if SEPARATOR_RUN.fullmatch(char):
            out.append(char)
            bounds.discard(seen)
            continue
        if seen in bounds and out and not SEPARATOR_RUN.fullmatch(out[-1]):
            out.append(ZWSP)
        out.append(char)
        seen += 1
    return "".join(out)


_REDUNDANT_ZWSP = re.compile(rf"{ZWSP}+")
# A zero-width space at either end, or beside a separator or a tag, which end a token anyway.
_NEEDLESS_ZWSP = re.compile(rf"^{ZWSP}|{ZWSP}$|(?<={SEPARATOR_CLASS[:-1]}>]){ZWSP}|{ZWSP}(?={SEPARATOR_CLASS[:-1]}<])")


def _tidy(text: str) -> str:
    """Drop zero-width spaces that a separator, a tag or the text's ends make redundant."""
    return _NEEDLESS_ZWSP.sub("", _REDUNDANT_ZWSP.sub(ZWSP, text))
