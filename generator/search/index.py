"""Material's search index rewritten: its words cut where Material cannot, written compactly.

Material's search plugin writes ``search/search_index.json`` with Chinese cut by jieba,
which also knows every Chinese spelling of the glossary (generator.search.segmenter), so
the terms of the field are found whole.  :func:`rewrite_index` then adds what Material
cannot do, and :func:`complete_search_index` writes the result back:

- **Chinese** of a Traditional guide is cut again (:func:`cuts_chinese_itself`), by a
  jieba tokenizer of its own on the Simplified form of the text, character by character:
  jieba's dictionary is Simplified, and cuts Traditional text badly.
- **English** terms that the bank runs together (``KVcache``, ``KVcacheeviction``) are
  split into the words of the glossary's spelling (``KV cache``), so the usual spelling
  finds them.
- **Compact**: UTF-8, no ``\\uXXXX`` escapes, no spaces; zero-width spaces only where a
  separator is not already there.
- **Query folding**: the tables the browser folds a query with (generator.search.query_folding)
  go into the index's ``config.fold``.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..base.settings import HANT
from ..links.glossary import Glossary
from .offline import index_script, worker_source
from .query_folding import IndexWords, fold_query
from .segmenter import SEPARATOR, Segmenter, search_terms

# The bundle of the guide's part of the background search workers (overrides/src/bundles), which
# search-source.js starts with.
SEARCH_WORKER_PRELUDE = "search-worker.js"


def cuts_chinese_itself(script: str) -> bool:
    """Whether :func:`rewrite_index` cuts the Chinese of a guide in ``script`` again.

    Material's search plugin cuts Chinese with jieba's global tokenizer, which knows the
    glossary's words once the plugin is given their ``user_dictionary`` (its
    ``jieba_dict_user`` option): on Simplified text that is the cut this module would make,
    so it is kept.  jieba's dictionary is Simplified, though, and on Traditional text it
    cuts badly (在網/上流/傳時 for 在/網上/流傳/時, a sixth of the words of the bundled
    guide), so a Traditional guide is cut again here, on its Simplified form.
    """
    return script == HANT


def rewrite_index(index: dict[str, Any], glossary: Glossary | None, script: str,
                  run: Callable[..., Callable[[], Any]] | None = None) -> dict[str, Any]:
    """Material's search index with glued English terms split, Chinese cut again where
    :func:`cuts_chinese_itself` says so, redundant zero-width spaces dropped, and the
    query folding data in its config.

    ``script`` is the script of the guide's text (``hans`` or ``hant``); ``original``
    editions pass the script their interface follows.  ``run`` (``prerender.Pages.run``)
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


def rewrite_docs(docs: list[dict[str, Any]], glossary: Glossary | None,
                 script: str) -> tuple[list[dict[str, Any]], IndexWords]:
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


def dump_index(index: dict[str, Any]) -> str:
    """The index as compact JSON: UTF-8 characters, not ``\\uXXXX`` escapes."""
    return json.dumps(index, ensure_ascii=False, separators=(",", ":"))




def complete_search_index(site: Path, glossary: Glossary | None, script: str, suggest: bool, constants: str = "",
                          run: Callable[..., Callable[[], Any]] | None = None) -> None:
    """Rewrite the built ``site``'s search index (:func:`rewrite_index`) in place.

    Where the ``offline`` plugin wrote its copy for ``file://`` (``search_index.js``), that
    copy (:func:`index_script`, with Material's ``suggest`` option) and the background
    search workers' source (:func:`worker_source`, starting with ``constants``: the script of
    constants the guide's scripts share with Python) are written too.  A site without a
    search index is left as it is.
    """
    path = site / "search" / "search_index.json"
    if not path.is_file():
        return
    index = rewrite_index(json.loads(path.read_text(encoding="utf-8")), glossary, script, run=run)
    path.write_text(dump_index(index), encoding="utf-8")
    offline = path.with_suffix(".js")
    if not offline.is_file():
        return
    offline.write_text(index_script(index, {"suggest": suggest}), encoding="utf-8")
    scripts = site / "assets" / "javascripts"
    source = worker_source(scripts / "workers", scripts / "lunr", index["config"]["lang"],
                           scripts / SEARCH_WORKER_PRELUDE, constants)
    (scripts / "workers" / "search-source.js").write_text(source, encoding="utf-8")
