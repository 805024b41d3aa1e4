"""The guide's search workers: the index as a script, and the search worker as one string.

A page opened from a folder (``file://``) may neither fetch ``search_index.json`` nor start
a worker from a file, so the ``offline`` plugin's ``search_index.js`` and a Blob worker's
source (``workers/search-source.js``) stand in for them.  Served over http the page uses
the same two files (overrides/src/search/offline-search.js), so that a quick worker answers
while the whole index is built.
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..base.errors import GuideError


def index_script(index: dict[str, Any], options: dict[str, Any]) -> str:
    """``search/search_index.js``: the documents as JSON text, parsed on use.

    It defines ``studyGuide.index`` (``config``, Material's search ``options`` and ``docs``,
    the documents as a string) and ``__index``, which Material reads: parsed when first
    asked for, unless ``studyGuide.index.parsed`` is already set.  search/offline-search.js hands the text
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
    ``assets/javascripts/lunr``.  ``prelude`` (the bundle of the guide's ``search/worker-prelude.js``) comes
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
