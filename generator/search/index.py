"""The guide's search index: Material's documents, their words cut, written compactly.

The documents are the sections of each page as Material's search plugin finds them
(generator.search.sections); :class:`IndexBuilder` takes them page by page and has them
rewritten (:func:`rewrite_docs`), in the process beside MkDocs where there is one, while
MkDocs goes on with the next pages:

- **Chinese** is cut by one jieba tokenizer (generator.search.segmenter), a Traditional
  guide's on the Simplified form of its text, character by character, with every Chinese spelling of the glossary in
  its dictionary, so the terms of the field are found whole.
- **English** terms that the bank runs together (``KVcache``, ``KVcacheeviction``) are
  split into the words of the glossary's spelling (``KV cache``), so the usual spelling
  finds them.
- **Compact**: UTF-8, no ``\\uXXXX`` escapes, no spaces; zero-width spaces only where a
  separator is not already there.
- **Query folding**: the tables the browser folds a query with (generator.search.query_folding)
  go into the index's ``config.fold``.

:func:`complete_search_index` then writes the copy for ``file://`` and the search workers' source.
"""
from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from ..base.settings import HANT
from ..links.glossary import Glossary
from .offline import index_script, worker_source
from .prebuilt import PREBUILT_SCRIPT, start_prebuilt_index
from .query_folding import IndexWords, fold_query
from .segmenter import JIEBAS_OWN, SEPARATOR, Dictionaries, Segmenter, kept_cuts_folder, search_terms

# The bundle of the guide's part of the background search workers (overrides/src/bundles), which
# search-source.js starts with.
SEARCH_WORKER_PRELUDE = "search-worker.js"
Rewritten = tuple[list[dict[str, Any]], IndexWords]


def rewrite_docs(docs: list[dict[str, Any]], glossary: Glossary | None, script: str,
                 dictionaries: Dictionaries = JIEBAS_OWN) -> Rewritten:
    """The documents of a guide in ``script`` (``hans`` or ``hant``) with their words cut and
    glued English terms split (see the module doc), and the words they hold."""
    segmenter = _segmenter(glossary, script, dictionaries)
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


class Guide(Protocol):
    glossary: Glossary | None
    interface: str  # the script the guide's interface and index follow


def rewrite_page(guide: Guide, docs: list[dict[str, Any]], dictionaries: Dictionaries) -> Rewritten:
    """:func:`rewrite_docs` with the glossary and script of ``guide`` (the pages' renderer,
    which the process beside holds: the glossary is not sent with every page)."""
    return rewrite_docs(docs, guide.glossary, guide.interface, dictionaries)


_segmenters: dict[tuple[int, str, Dictionaries], tuple[Glossary | None, Segmenter]] = {}


def _segmenter(glossary: Glossary | None, script: str, dictionaries: Dictionaries) -> Segmenter:
    """One segmenter per glossary, script and dictionaries in this process: its terms worked
    out once a build, not once a page."""
    key = (id(glossary), script, dictionaries)
    held = _segmenters.get(key)
    if held is None or held[0] is not glossary:
        _segmenters.clear()  # the previous build's (mkdocs serve)
        segmenter = Segmenter(search_terms(glossary), glossary, dictionaries, traditional=script == HANT,
                              kept=kept_cuts_folder())
        held = _segmenters[key] = (glossary, segmenter)
    return held[1]


def keep_cuts() -> None:
    """Keep the cuts of this process's segmenter for the next build (generator.search.segmenter):
    run where the index's words were cut, once they all are."""
    for _, segmenter in _segmenters.values():
        segmenter.keep()


def finished_index(config: dict[str, Any], docs: list[dict[str, Any]], words: IndexWords,
                   glossary: Glossary | None, script: str) -> dict[str, Any]:
    """The index of rewritten ``docs``: Material's ``config`` with the index's separator and
    the query folding data of ``words`` for a guide in ``script`` (``hans`` or ``hant``)."""
    fold = fold_query(words, search_terms(glossary), script)
    return {"config": {**config, "separator": SEPARATOR, "fold": fold}, "docs": docs}


def rewrite_index(index: dict[str, Any], glossary: Glossary | None, script: str) -> dict[str, Any]:
    """A whole index of Material's documents rewritten at once (:func:`rewrite_docs`)."""
    return finished_index(index["config"], *rewrite_docs(index["docs"], glossary, script), glossary, script)


class IndexBuilder:
    """The index, page by page: each page's documents handed to ``submit`` (which rewrites
    them, maybe in another process, and returns what gives the result) or rewritten here."""

    def __init__(self, config: dict[str, Any], glossary: Glossary | None, script: str,
                 submit: Callable[[list[dict[str, Any]]], Callable[[], Rewritten]] | None = None,
                 dictionaries: Dictionaries = JIEBAS_OWN) -> None:
        self.config, self.glossary, self.script, self.dictionaries = config, glossary, script, dictionaries
        self.submit = submit
        self._pages: list[Callable[[], Rewritten]] = []

    def add(self, docs: list[dict[str, Any]]) -> Callable[[], Rewritten]:
        """A page's documents, in the order of the pages; what gives them rewritten."""
        page: Callable[[], Rewritten]
        if self.submit is not None:
            page = functools.cache(self.submit(docs))
        else:
            result = rewrite_docs(docs, self.glossary, self.script, self.dictionaries)
            page = lambda: result  # noqa: E731
        self.add_rewritten(page)
        return page

    def add_rewritten(self, page: Callable[[], Rewritten]) -> None:
        """A page's documents as :meth:`add` gave them, rewritten for an earlier build."""
        self._pages.append(page)

    def index(self, earlier: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The whole index: the documents of every page added, after ``earlier`` ones
        (already rewritten: a rebuild's pages that were not built again)."""
        docs = list(earlier or [])
        words = IndexWords.of(docs)
        for page in self._pages:
            more, held = page()
            docs += more
            words |= held
        return finished_index(self.config, docs, words, self.glossary, self.script)


def dump_index(index: dict[str, Any]) -> str:
    """The index as compact JSON: UTF-8 characters, not ``\\uXXXX`` escapes."""
    return json.dumps(index, ensure_ascii=False, separators=(",", ":"))




def complete_search_index(site: Path, index: dict[str, Any] | None, suggest: bool, constants: str = "",
                          messages: Mapping[str, int] | None = None) -> Callable[[], object]:
    """Where the ``offline`` plugin wrote its copy of the built ``site``'s search ``index``
    for ``file://`` (``search_index.js``), write that copy (:func:`index_script`, with
    Material's ``suggest`` option) and the background search workers' source
    (:func:`worker_source`, starting with ``constants``: the script of constants the guide's
    scripts share with Python); given Material's worker's ``messages`` (their numbers by
    name), the index those workers build (generator.search.prebuilt), built by Node while the
    caller goes on: the function returned waits for it.  Without an index (no search) the
    site is left as it is."""
    offline = site / "search" / "search_index.js"
    if index is None or not offline.is_file():
        return lambda: None
    offline.write_text(index_script(index, {"suggest": suggest}), encoding="utf-8")
    scripts = site / "assets" / "javascripts"
    source = worker_source(scripts / "workers", scripts / "lunr", index["config"]["lang"],
                           scripts / SEARCH_WORKER_PRELUDE, constants)
    (scripts / "workers" / "search-source.js").write_text(source, encoding="utf-8")
    if messages is None:
        return lambda: None
    return start_prebuilt_index(scripts / "workers" / "search-source.js", site / "search" / "search_index.json",
                                site / PREBUILT_SCRIPT, messages["SETUP"], messages["READY"])
