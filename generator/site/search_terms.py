"""Search in Chinese and English: the words of the index and what a query is folded to.

Material's search plugin writes ``search/search_index.json`` with Chinese cut by jieba,
which also knows every Chinese spelling of the glossary (:func:`user_dictionary`, given
to the plugin as ``jieba_dict_user``), so the terms of the field are found whole; the
words are marked with zero-width spaces, which the index's separator treats as spaces
and readers never see.  :func:`rewrite_index` then adds what Material cannot do, and
writes the index compactly:

- **Chinese** of a Traditional edition is cut again (:func:`cuts_chinese_itself`), by a
  jieba tokenizer of its own on the Simplified form of the text, character by character:
  jieba's dictionary is Simplified, and cuts Traditional text badly.
- **English** terms that the bank runs together (``KVcache``, ``KVcacheeviction``) are
  split into the words of the glossary's spelling (``KV cache``), so the usual spelling
  finds them.
- **Compact**: UTF-8, no ``\\uXXXX`` escapes, no spaces; zero-width spaces only where a
  separator is not already there.

The browser folds a query the same way before searching (``query-folding.js``), with data that
:func:`query_folding` stores in the index's ``config.fold``: a character table from the
other script to the edition's script (limited to characters the index holds), and the
run-together English spellings with their words.  So a term typed in either script, or
run together, finds the same questions.
"""
from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable

from ..base.errors import GuideError
from ..links.glossary import SEPARATOR_RUN, Glossary, spelling_key
from ..pages.script import HANS, HANT, converter

ZWSP = "\u200b"
# Han characters, as Material's search plugin finds them (\p{script=Han}), BMP and beyond.
HAN_RUN = re.compile(r"[\u2e80-\u2fdf\u3005\u3007\u3021-\u3029\u3038-\u303b\u3400-\u4dbf"
                     r"\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]+")
# Characters a reader may type; compatibility ideographs (U+F900...) come from no input method.
HAN_CHAR_RANGES = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF))
# A Chinese word of the index as query-folding.js finds it (its HAN_RUN, via frontend.py): the index marks word
# boundaries, so every run of these characters is one word.
INDEX_WORD = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
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
INDEX_SEPARATORS = re.compile(SEPARATOR)
# Spaces beside the block tags Material keeps in the index: tags already end a token.
BLOCK_TAG_SPACE = re.compile(r"\s*(</?(?:p|ul|ol|li)>)\s*")
TAG = re.compile(r"<[^>]*>")


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


def user_dictionary(words: Iterable[str]) -> str:
    """Words (``SearchTerms.chinese``) as a jieba user dictionary: one a line, no frequency."""
    return "".join(f"{word}\n" for word in words)


@lru_cache(maxsize=4)
def _tokenizer(words: tuple[str, ...]):
    """A jieba tokenizer of its own (jieba's global one is Material's) with the terms added."""
    import jieba

    tokenizer = jieba.Tokenizer()
    # Without frequencies jieba picks for each word one that keeps it whole.
    tokenizer.load_userdict(io.StringIO(user_dictionary(words)))
    return tokenizer


class Segmenter:
    """Marks word boundaries in index text with zero-width spaces (see the module doc).

    With ``cut`` false the Chinese words are left as Material's search plugin cut them
    (see :func:`cuts_chinese_itself`), and no jieba dictionary is loaded here.
    """

    def __init__(self, terms: SearchTerms, glossary: Glossary | None = None, cut: bool = True) -> None:
        self.terms, self.glossary, self.cut = terms, glossary, cut
        self._cut = _tokenizer(terms.chinese).cut if cut else None
        self._simple: dict[str, str] = {}

    def segment(self, text: str) -> str:
        """``text`` with its Chinese words and glued English terms set apart."""
        if self.cut:
            text = text.replace(ZWSP, "")
        if self.glossary is not None and self.terms.latin_words:
            text = self._split_latin(text, self.glossary)
        if self.cut:
            text = HAN_RUN.sub(self._segment_run, text)
        return BLOCK_TAG_SPACE.sub(r"\1", _tidy(text))

    def _segment_run(self, match: re.Match[str]) -> str:
        run = match.group(0)
        shadow = "".join(self._simplified(c) for c in run)
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


def cuts_chinese_itself(script: str) -> bool:
    """Whether :func:`rewrite_index` cuts the Chinese of an edition in ``script`` again.

    Material's search plugin cuts Chinese with jieba's global tokenizer, which knows the
    glossary's words once the plugin is given :func:`user_dictionary` (its
    ``jieba_dict_user`` option): on Simplified text that is the cut this module would make,
    so it is kept.  jieba's dictionary is Simplified, though, and on Traditional text it
    cuts badly (在網/上流/傳時 for 在/網上/流傳/時, a sixth of the words of the bundled
    guide), so a Traditional edition is cut again here, on its Simplified form.
    """
    return script == HANT


def rewrite_index(index: dict, glossary: Glossary | None, script: str,
                  run: Callable[..., Callable[[], Any]] | None = None) -> dict:
    """Material's search index with glued English terms split, Chinese cut again where
    :func:`cuts_chinese_itself` says so, redundant zero-width spaces dropped, and the
    query folding data in its config.

    ``script`` is the script of the edition's text (``hans`` or ``hant``); ``original``
    editions pass the script their interface follows.  ``run`` (``beside.Pages.run``)
    rewrites the second half of the documents in another process meanwhile.
    """
    docs = index["docs"]
    half = len(docs) // 2 if run is not None else len(docs)
    later = run(rewrite_docs, docs[half:], glossary, script) if run is not None else lambda: ([], IndexWords())
    first, words = rewrite_docs(docs[:half], glossary, script)
    second, more = later()
    fold = fold_query(words | more, search_terms(glossary), script)
    config = {**index["config"], "separator": SEPARATOR, "fold": fold}
    return {**index, "config": config, "docs": first + second}


def rewrite_docs(docs: list[dict], glossary: Glossary | None, script: str) -> tuple[list[dict], IndexWords]:
    """The documents as :func:`rewrite_index` writes them, and the words they hold."""
    segmenter = Segmenter(search_terms(glossary), glossary, cut=cuts_chinese_itself(script))
    rewritten = []
    for doc in docs:
        doc = dict(doc)
        # Tags stay on the pages and the tags page.  In the index Material copies a page's
        # tags onto every section, and a tag match lifts the page's own entry above its
        # questions, which Material then folds away under "more results on this page".
        doc.pop("tags", None)
        for field in ("title", "text"):
            if isinstance(doc.get(field), str):
                doc[field] = segmenter.segment(doc[field])
        rewritten.append(doc)
    return rewritten, IndexWords.of(rewritten)


def dump_index(index: dict) -> str:
    """The index as compact JSON: UTF-8 characters, not ``\\uXXXX`` escapes."""
    return json.dumps(index, ensure_ascii=False, separators=(",", ":"))


def index_script(index: dict, options: dict) -> str:
    """``search/search_index.js`` for ``file://``: the documents as JSON text, parsed on use.

    It defines ``studyGuide.index`` (``config``, Material's search ``options`` and ``docs``,
    the documents as a string) and ``__index``, which Material reads: parsed when first
    asked for, unless ``studyGuide.index.parsed`` is already set.  offline-search.js hands the text
    to background workers, which parse it off the page's thread, and sets ``parsed`` to
    an index without documents, which is all Material's page code needs then.  A string
    is read much faster than an object literal of the same size, and a page that loads
    the script again (Material does, when search opens) keeps the first copy.
    """
    config = json.dumps(index["config"], ensure_ascii=False, separators=(",", ":"))
    docs = json.dumps(json.dumps(index["docs"], ensure_ascii=False, separators=(",", ":")), ensure_ascii=False)
    return ("window.studyGuide = window.studyGuide || {};\n"
            f"studyGuide.index = studyGuide.index || {{config: {config}, options: "
            f"{json.dumps(options, separators=(',', ':'))}, docs: {docs}}};\n"
            "Object.defineProperty(window, \"__index\", {configurable: true, get: function () {\n"
            "  var index = studyGuide.index;\n"
            "  return index.parsed || (index.parsed = {config: index.config, docs: JSON.parse(index.docs)});\n}});\n")


def worker_source(workers: Path, lunr: Path, langs: Iterable[str], prelude: Path | None = None,
                  constants: str = "") -> str:
    """``workers/search-source.js``: Material's search worker as one string for a Blob worker.

    ``workers`` and ``lunr`` are the built site's ``assets/javascripts/workers`` and
    ``assets/javascripts/lunr``.  ``prelude`` (the guide's ``search-worker.js``) comes
    first, so that its message listener runs before Material's.  The Lunr scripts the
    worker would import for ``langs`` (as Material's worker chooses them) are appended,
    and ``importScripts`` is stubbed: a Blob worker may not load files from a folder.
    ``constants`` (the guide's ``constants.js``, which the prelude reads) comes first of all.
    """
    langs = list(langs)
    found = sorted(workers.glob("search.*.min.js"))
    if not found:
        raise GuideError(str(workers), "Material's search worker (search.*.min.js)", "no such file")
    worker = found[0]
    extra = [lunr / "tinyseg.js"] if "ja" in langs else []
    extra += [lunr / "wordcut.js"] if {"hi", "th"} & set(langs) else []
    extra += [lunr / "min" / f"lunr.{lang}.min.js" for lang in langs if lang != "en"]
    extra += [lunr / "min" / "lunr.multi.min.js"] if len(langs) > 1 else []
    parts = [worker] + ([lunr / "min" / "lunr.stemmer.support.min.js", *extra] if extra else [])
    if prelude is not None:
        if not prelude.is_file():
            raise GuideError(str(prelude), "the guide's search worker script", "no such file")
        parts.insert(0, prelude)
    texts = ([constants] if constants else []) + [p.read_text(encoding="utf-8") for p in parts]
    source = ";\n".join(texts) + ";\nself.importScripts = function () {};\n"
    return f"studyGuide.searchWorker = {json.dumps(source, ensure_ascii=False)};\n"


@dataclass(frozen=True)
class IndexWords:
    """What query folding needs to know of the index's documents."""

    chars: frozenset[str] = frozenset()  # every character
    tokens: frozenset[str] = frozenset()  # tokens as the index's separator cuts them, lower case
    words: frozenset[str] = frozenset()  # Chinese words (INDEX_WORD)

    @classmethod
    def of(cls, docs: Iterable[dict]) -> IndexWords:
        # Every title and text in one string, read once by each expression (a newline separates).
        text = "\n".join(TAG.sub(" ", doc.get(field) or "") for doc in docs for field in ("title", "text"))
        return cls(frozenset(text), frozenset(INDEX_SEPARATORS.split(text.lower())), frozenset(INDEX_WORD.findall(text)))

    def __or__(self, other: IndexWords) -> IndexWords:
        return IndexWords(self.chars | other.chars, self.tokens | other.tokens, self.words | other.words)


def query_folding(docs: Iterable[dict], terms: SearchTerms, script: str) -> dict:
    """What the browser needs to fold a query into the index's own spelling (:func:`fold_query`
    of the words of ``docs``)."""
    return fold_query(IndexWords.of(docs), terms, script)


def fold_query(held: IndexWords, terms: SearchTerms, script: str) -> dict:
    """What the browser needs to fold a query into the index's own spelling.

    ``chars`` pairs each character a reader may type in the other script with the one the
    index holds (``"發发與与…"`` in a Simplified edition); ``latin`` lists the English terms
    of more than one word (``"kv cache"``), which a reader may type run together.  Only
    characters whose counterpart is in the index are listed, and only terms whose words all
    are, which keeps the tables to a few hundred entries.  ``words`` are the index's Chinese
    words, space-separated, which query-folding.js cuts a query into; shipping them saves the page
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
    into a Traditional edition finds whichever of them the index holds.
    """
    chars = [chr(c) for low, high in HAN_CHAR_RANGES for c in range(low, high + 1)]
    own, other = converter(script), converter(HANT if script == HANS else HANS)
    candidates: dict[str, list[str]] = {}
    for convert in (own, other):
        converted = convert("\n".join(chars)).split("\n")
        if len(converted) != len(chars):
            raise RuntimeError("OpenCC changed the number of lines of a character table")
        for char, form in zip(chars, converted):
            if len(form) != 1 or form == char:
                continue
            typed, held = (char, form) if convert is own else (form, char)
            forms = candidates.setdefault(typed, [])
            if held not in forms:
                forms.append(held)
    return tuple((typed, tuple(forms)) for typed, forms in sorted(candidates.items()))
