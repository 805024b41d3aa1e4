"""The glossary: terms of the field, how banks spell them, and where they occur in a text.

``site_config/glossary.yml`` lists the terms (the comment at its top gives the format);
:func:`load_glossary` validates it into a :class:`Glossary`, whose :meth:`Glossary.find`
locates every mention of every term in a text with one compiled regular expression.

Where a term matches:

- Each spelling matches as :mod:`generator.links.term_pattern` describes: case and separators
  aside, and a Latin spelling only at a word boundary or a join the text shows.
- Matches never overlap: the longest wins, then the leftmost.  A term's ``exclude`` phrases
  (``量化效果``: "quantify the effect", not quantisation) take part in that contest and,
  where they win, hide the mention.
- Fenced code and editor-given formulas are never searched.

Which questions use which terms is :mod:`generator.links.terms`.
"""
from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from ..bank.spans import code_and_math_spans
from ..base.errors import ConfigError
from ..base.intervals import Intervals
from ..base.kept import Kept
from ..base.safe_text import CONTROL_CHARACTER, refuse_control_characters
from ..base.text import quote, quoted
from ..base.yaml_file import load_yaml
from .term_pattern import SEPARATOR_RUN, compile_spellings

SLUG = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
SLUG_WORD = re.compile(r"[a-z0-9]+")  # what a slug made from a term keeps

FIND_CACHE_SIZE = 50_000  # texts whose mentions a Glossary keeps (see Glossary.find)
KEPT_GLOSSARIES = 4  # glossaries whose searches are kept (see Glossary._found)
MARKUP_CHARACTER = re.compile(r'[<>&"\x00-\x1f]')
_FOUND: Kept[tuple[Term, ...], OrderedDict[str, tuple[TermMatch, ...]]] = Kept(KEPT_GLOSSARIES)  # Glossary._found
_ENTRY_KEYS = frozenset({"term", "slug", "aliases", "definition", "see", "exclude"})
_FORMAT = "- {term: KV cache, aliases: [KVcache, 鍵值緩存], definition: 推理時緩存鍵與值……, see: [MQA]}"


@dataclass(frozen=True)
class Term:
    """One glossary entry."""

    slug: str  # ASCII anchor on the glossary page, e.g. "kv-cache"; stable and unique
    term: str  # display form, e.g. "KV cache"
    aliases: tuple[str, ...]  # other spellings, in either Chinese script and run-together forms
    definition: str  # one line, Traditional Chinese like the bank
    see: tuple[str, ...] = ()  # slugs of related terms
    exclude: tuple[str, ...] = ()  # longer phrases that contain a spelling but mean something else

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.term, *self.aliases)


@dataclass(frozen=True)
class TermMatch:
    """A mention of ``term`` at ``text[start:end]``."""

    start: int
    end: int
    term: Term


MAX_SPELLING = 100  # a term is a few words; a longer "term" is a pasted paragraph


@lru_cache(maxsize=4096)  # asked for every mention found (pages, search): the same few spellings
def spelling_key(spelling: str) -> str:
    """What two spellings must share to be the same: ``KV Cache`` and ``kv-cache`` -> ``kvcache``."""
    core = SEPARATOR_RUN.sub("", spelling)
    if core.isascii():
        return core.lower()
    return "".join(c.lower() if c.isascii() else c for c in core)


@dataclass(frozen=True)
class Glossary:
    """Validated terms, in file order; raises :class:`ConfigError` when two terms clash."""

    terms: tuple[Term, ...]
    source: str = "glossary"

    def __post_init__(self) -> None:
        owners: dict[str, int] = {}
        slugs: dict[str, int] = {}
        for i, term in enumerate(self.terms):
            where = _where(self.source, i, term.term)
            if not SLUG.match(term.slug):
                raise ConfigError(where, "a slug of ASCII lower-case words joined by hyphens",
                                  quoted(term.slug, 60), "kv-cache")
            if term.slug in slugs:
                raise ConfigError(where, "a slug no other entry has",
                                  f"{quoted(term.slug, 60)}, also the slug of entry {slugs[term.slug] + 1}")
            slugs[term.slug] = i
            for spelling in (*term.spellings, *term.exclude):
                if len(spelling) > MAX_SPELLING:  # the matcher's trie goes a level per character
                    raise ConfigError(where, f"terms, aliases and exclude phrases of at most {MAX_SPELLING} characters",
                                      quoted(spelling, 60))
            for spelling in term.spellings:
                key = spelling_key(spelling)
                if len(key) < 2:
                    raise ConfigError(where, "spellings of two characters or more", quoted(spelling, 60))
                other = owners.setdefault(key, i)
                if other != i:
                    raise ConfigError(where, "a term or alias that no other entry has", f"{quoted(spelling, 60)}, "
                                      f"already a spelling of entry {other + 1} ({quote(self.terms[other].term, 60)})")
        for i, term in enumerate(self.terms):
            for phrase in term.exclude:
                owner = owners.get(spelling_key(phrase))
                if owner is not None:
                    raise ConfigError(_where(self.source, i, term.term), "exclude phrases that are no "
                                      "term or alias", f"{phrase!r}, a spelling of entry {owner + 1}")
        for i, term in enumerate(self.terms):
            for slug in term.see:
                if slug not in slugs or slug == term.slug:
                    raise ConfigError(_where(self.source, i, term.term),
                                      "see-also naming another term of the glossary", repr(slug))

    def __reduce__(self) -> tuple[type[Glossary], tuple[tuple[Term, ...], str]]:
        # To another process only the terms travel; the caches below are made again there.
        return (Glossary, (self.terms, self.source))

    def __len__(self) -> int:
        return len(self.terms)

    def __iter__(self) -> Iterator[Term]:
        return iter(self.terms)

    def get(self, slug: str) -> Term | None:
        """The term with this slug, if any."""
        return self._by_slug.get(slug)

    def lookup(self, spelling: str) -> Term | None:
        """The term spelt ``spelling`` (its display form or any alias, spaces and case aside)."""
        return self._by_key.get(spelling_key(spelling))

    def find(self, text: str) -> list[TermMatch]:
        """Every mention of a term in ``text``, in text order, never overlapping.

        Candidates at every position come from one compiled pattern; overlaps go to the
        longest, then the leftmost.  Fenced code and formulas are skipped.
        """
        # The same text is searched by the page, the cross-links and search, and a bank
        # repeats texts: each is searched once (the cache is bounded: oldest out first).
        found = self._found.get(text)
        if found is None:
            found = self._found[text] = tuple(self._find(text))
            if len(self._found) > FIND_CACHE_SIZE:
                self._found.popitem(last=False)
        return list(found)

    def _find(self, text: str) -> list[TermMatch]:
        candidates = [(m.start(), m.start() + len(m.group(1))) for m in self._pattern.finditer(text)]
        if not candidates:
            return []
        blocked = Intervals(code_and_math_spans(text))
        candidates.sort(key=lambda span: (span[0] - span[1], span[0]))
        # The characters of the mentions kept so far: a candidate is kept if none of its own is
        # taken (spellings are short, so this is linear, where a sorted list's inserts were not).
        taken = bytearray(len(text))
        kept: list[tuple[int, int]] = []
        for start, end in candidates:
            if blocked.overlaps(start, end) or 1 in taken[start:end]:
                continue
            taken[start:end] = b"\x01" * (end - start)
            kept.append((start, end))
        kept.sort()
        found = ((s, e, self._by_key.get(spelling_key(text[s:e]))) for s, e in kept)
        return [TermMatch(s, e, term) for s, e, term in found if term is not None]

    @cached_property
    def _found(self) -> OrderedDict[str, tuple[TermMatch, ...]]:
        # Popping its oldest entry costs the same however many went before.  Equal glossaries
        # share one: each `mkdocs serve` rebuild reads the glossary again, and the bank's
        # texts the edit left alone are searched again.
        return _FOUND.made(self.terms, OrderedDict)

    @cached_property
    def _by_slug(self) -> dict[str, Term]:
        return {t.slug: t for t in self.terms}

    @cached_property
    def _by_key(self) -> dict[str, Term]:
        return {spelling_key(s): t for t in self.terms for s in t.spellings}

    @cached_property
    def _pattern(self) -> re.Pattern[str]:
        return compile_spellings({s for t in self.terms for s in (*t.spellings, *t.exclude)})


# -- loading ---------------------------------------------------------------------------
def load_glossary(path: Path) -> Glossary:
    """Read and validate a glossary file (YAML list of entries; see site_config/glossary.yml)."""
    source = str(path)
    data = load_yaml(path, ConfigError, "glossary", _FORMAT)
    if not isinstance(data, list) or not data:
        found = "an empty list" if data == [] else "nothing" if data is None else type(data).__name__
        raise ConfigError(source, "a YAML list of entries", found, _FORMAT)
    entries = [_entry(source, i, raw) for i, raw in enumerate(data)]
    # Validate clashes first, so that see-also names resolve to exactly one term.
    plain = Glossary(tuple(term for term, _ in entries), source)
    terms = []
    for i, (term, see_names) in enumerate(entries):
        see = []
        for name in see_names:
            target = plain.lookup(name) or plain.get(name)
            if target is None:
                raise ConfigError(_where(source, i, term.term), "see-also naming a term of the glossary",
                                  f"{name!r}, which is no term, alias or slug there")
            see.append(target.slug)
        terms.append(replace(term, see=tuple(see)))
    return Glossary(tuple(terms), source)


def _entry(source: str, i: int, raw: object) -> tuple[Term, list[str]]:
    where = _where(source, i, raw.get("term") if isinstance(raw, dict) else None)
    if not isinstance(raw, dict):
        raise ConfigError(where, "a mapping with term, aliases, definition and see", quote(repr(raw)), _FORMAT)
    unknown = sorted(set(map(str, raw)) - _ENTRY_KEYS)
    if unknown:
        raise ConfigError(where, f"only the keys {', '.join(sorted(_ENTRY_KEYS))}", ", ".join(unknown))
    term = raw.get("term")
    if not isinstance(term, str) or not term.strip():
        raise ConfigError(where, "a term (its display form)", quote(repr(term)), _FORMAT)
    definition = raw.get("definition")
    if not isinstance(definition, str) or not definition.strip():
        raise ConfigError(where, "a definition (one line of text)", "none" if definition is None
                          else quote(repr(definition)), _FORMAT)
    if "\n" in definition.strip():
        raise ConfigError(where, "a definition on one line", "several lines")
    aliases, see, exclude = (_strings(where, raw, key) for key in ("aliases", "see", "exclude"))
    _refuse_controls(where, {"term": [term], "definition": [definition], "aliases": aliases, "see": see,
                             "exclude": exclude, "slug": [str(raw.get("slug", ""))]})
    for spelling in (term, *aliases):
        # Terms become tags, which Material's templates print as HTML: no markup characters.
        if MARKUP_CHARACTER.search(spelling):
            raise ConfigError(where, "a spelling without < > & \" or control characters", quoted(spelling))
    slug = raw.get("slug", _slugify(term) or next(filter(None, map(_slugify, aliases)), ""))
    if not slug:
        raise ConfigError(where, "a slug for a term without Latin letters", "none", "slug: mixed-precision")
    term = term.strip()
    aliases = [a for a in dict.fromkeys(aliases) if a != term]
    return Term(str(slug), term, tuple(aliases), definition.strip(), exclude=tuple(exclude)), see


def _refuse_controls(where: str, fields: dict[str, list[str]]) -> None:
    """No control character in any field: they would reach pages, tags and front matter."""
    for name, values in fields.items():
        for value in values:
            refuse_control_characters(value, f"{where}, {name}", ConfigError)


def _strings(where: str, raw: dict[str, Any], key: str) -> list[str]:
    value = raw.get(key) or []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, (str, int, float)) for v in value):
        raise ConfigError(where, f"{key} as a list of strings", quote(repr(value)))
    return [str(v).strip() for v in value if str(v).strip()]


def _slugify(text: str) -> str:
    return "-".join(SLUG_WORD.findall(text.lower().replace("@", "-at-")))


def _where(source: str, index: int, term: object) -> str:
    if not isinstance(term, str) or not term:
        return f"{source}, entry {index + 1}"
    shown = quoted(term, 60) if CONTROL_CHARACTER.search(term) else quote(term, 60)
    return f"{source}, entry {index + 1} ({shown})"

