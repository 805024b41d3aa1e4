"""What the guide's browser scripts share with Python, and what they rely on in Material.

- :func:`constants_script` writes ``assets/javascripts/constants.js`` at build: the Han
  character class of the index's Chinese words, the sentinel query folding puts behind a
  known word, and the numbers of Material's search messages.  The scripts read them through
  ``overrides/src/page-data.js`` (``studyGuide.constants``), so that they are never copied by hand.
- :func:`check_material` checks that the Material internals those scripts hook (the
  numbers of its search messages, the global its offline index is read from, the worker
  it creates, its highlight parameter) are still in the installed Material's bundled
  JavaScript, and names the one that is gone and Material's version when one is.

Pure functions, but :func:`material_scripts`, which reads the installed Material's files.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as installed_version
from pathlib import Path

from ..base.errors import GuideError
from .query_folding import INDEX_WORD
from .segmenter import LATIN_ALNUM_CHAR

NAMESPACE = "studyGuide"
CONSTANTS_JS = "assets/javascripts/constants.js"
# A Han character no bank uses: query folding ends each known word with it (search/query-folding.js),
# and the quick search worker takes a word so ended as it is (search/worker-prelude.js).
SENTINEL = "\u4db5"
# Material's SearchMessageType (src/.../integrations/search/worker/message): an enum, so
# only the numbers are in its bundle.  check_material looks for them there.
MESSAGE_TYPES = {"SETUP": 0, "READY": 1, "QUERY": 2, "RESULT": 3}


def _character_class(pattern: re.Pattern[str]) -> str:
    """``[…]`` of a pattern that is one character class, with or without a ``+``."""
    text = pattern.pattern.removesuffix("+")
    if not (text.startswith("[") and text.endswith("]")):
        raise ValueError(f"{pattern.pattern!r} is not one character class")
    return text


def constants() -> dict:
    """The values the browser scripts share with Python, as ``studyGuide.constants`` holds them."""
    return {
        "hanClass": _character_class(INDEX_WORD),  # a character of the index's Chinese words
        "latinAlnumClass": _character_class(LATIN_ALNUM_CHAR),  # set apart from Chinese beside it
        "sentinel": SENTINEL,
        "message": MESSAGE_TYPES,
    }


def constants_script() -> str:
    """``constants.js``: for pages and for the search workers (``globalThis`` is either)."""
    return ("/* Written at build by generator/site/frontend.py: what the guide's scripts share with Python. */\n"
            f"(globalThis.{NAMESPACE} = globalThis.{NAMESPACE} || {{}}).constants = "
            f"{json.dumps(constants(), sort_keys=True)};\n")


@dataclass(frozen=True)
class MaterialInternal:
    """Something of Material's the guide's scripts rely on, as its minified JavaScript shows it."""

    name: str  # what it is, for the error message
    script: str  # "bundle" (the page's) or "worker" (the search worker's)
    pattern: str  # a regular expression over the minified script
    user: str  # which file of the project relies on it


def material_internals(types: dict[str, int] = MESSAGE_TYPES) -> tuple[MaterialInternal, ...]:
    """What :func:`check_material` looks for, with the message numbers the scripts are given."""
    setup, ready, query, result = (types[k] for k in ("SETUP", "READY", "QUERY", "RESULT"))
    return (
        MaterialInternal(f"the search set-up message (SearchMessageType.SETUP = {setup})", "bundle",
                         rf"\{{type:{setup},data:\{{config:", "overrides/src/search/setup.js"),
        MaterialInternal(f"the search query message (SearchMessageType.QUERY = {query})", "bundle",
                         rf"\{{type:{query},data:", "overrides/src/search/setup.js"),
        MaterialInternal(f"the search-ready message (SearchMessageType.READY = {ready})", "bundle",
                         rf"\.type==={ready}\}}", "overrides/src/search/offline-search.js"),
        MaterialInternal(f"the search result message (SearchMessageType.RESULT = {result})", "bundle",
                         rf"\.type==={result}\}}", "overrides/src/search/offline-search.js"),
        MaterialInternal("the search worker made with the page's Worker", "bundle",
                         r"new Worker\(", "overrides/src/search/setup.js"),
        MaterialInternal("the offline index read from the global __index", "bundle",
                         r"=>__index\)", "overrides/src/search/offline-search.js"),
        MaterialInternal('the highlight parameter "h" of search result links', "bundle",
                         r'searchParams\.set\("h",', "overrides/src/search/hits.js"),
        MaterialInternal(f"the worker's handling of SETUP = {setup}, answered with READY = {ready}", "worker",
                         rf"switch\(\w+\.type\)\{{case {setup}:.{{0,200}}?\{{type:{ready}\}};case {query}:",
                         "overrides/src/search/worker-prelude.js"),
        MaterialInternal(f"the worker's answer to a query (RESULT = {result})", "worker",
                         rf"\{{type:{result},data:", "overrides/src/search/worker-prelude.js"),
        MaterialInternal("the worker's importScripts for Lunr's languages", "worker",
                         r"importScripts\(", "generator/site/offline_search.py"),
    )


def check_material(bundle: str, worker: str, material_version: str, types: dict[str, int] = MESSAGE_TYPES,
                   where: str = "mkdocs-material's bundled JavaScript") -> None:
    """Raise :class:`GuideError` naming the first Material internal the scripts rely on (with
    the message numbers ``types`` they are given) that ``bundle`` (Material's page script) or
    ``worker`` (its search worker) no longer holds."""
    scripts = {"bundle": bundle, "worker": worker}
    for internal in material_internals(types):
        if not re.search(internal.pattern, scripts[internal.script]):
            raise GuideError(
                f"{where} (mkdocs-material {material_version}, its {internal.script})",
                f"{internal.name}, which {internal.user} relies on",
                "no trace of it: this Material version changed it",
                "pin the mkdocs-material version this guide was tested with (pyproject.toml), "
                f"or update {internal.user} and generator/site/frontend.py")


def material_scripts() -> tuple[str, str, str]:
    """The installed Material's page bundle, search worker and version (for :func:`check_material`)."""
    import material  # the theme's package: its files are what a build copies into the site

    scripts = Path(material.__file__).parent / "templates" / "assets" / "javascripts"
    found = {}
    for key, folder, glob in (("bundle", scripts, "bundle.*.min.js"),
                              ("worker", scripts / "workers", "search.*.min.js")):
        paths = sorted(folder.glob(glob))
        if not paths:
            raise GuideError(str(folder), f"Material's {glob}", "no such file", "pip install mkdocs-material")
        found[key] = paths[0].read_text(encoding="utf-8")
    try:
        material_version = installed_version("mkdocs-material")
    except PackageNotFoundError:
        material_version = "of unknown version"
    return found["bundle"], found["worker"], material_version
