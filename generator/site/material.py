"""Everything the guide knows of MkDocs' and Material's internals, in one module.

Written against the versions in :data:`WRITTEN_FOR`.  What the guide relies on that neither
documents as an interface:

- the numbers of Material's search messages and the code our search scripts hook in its
  minified page bundle and search worker (:func:`material_internals`);
- the template blocks ``overrides/main.html`` overrides, the partial it replaces and the
  header markup it rewrites (:data:`TEMPLATE_BLOCKS`, :data:`PARTIALS`, :data:`SEARCH_DIALOG`);
- the palette rule the web app's theme colour is read from (:data:`PRIMARY_COLOUR_RULE`,
  generator.site.pwa).

Every build runs :func:`check_material` on the installed Material and stops naming the
first of them that changed, with Material's version and the file of ours that relies on it;
tests/site/test_material.py does the same.  MkDocs itself is used through its documented
plugin API (generator.site.plugin) and configuration (generator.site.mkdocs_config).
Pure functions, but :func:`installed_material`, which reads the installed theme's files.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as installed_version
from pathlib import Path

from ..base.errors import GuideError

# The versions this module was written against (requirements.lock installs them).
WRITTEN_FOR = {"mkdocs": "1.6.1", "mkdocs-material": "9.8.2"}
# Material's SearchMessageType (src/.../integrations/search/worker/message): an enum, so
# only the numbers are in its bundle.  check_material looks for them there.
MESSAGE_TYPES = {"SETUP": 0, "READY": 1, "QUERY": 2, "RESULT": 3}
# Blocks of Material's base.html that overrides/main.html overrides, and the partials it replaces.
TEMPLATE_BLOCKS = ("htmltitle", "libs", "scripts", "header", "footer", "extrahead")
PARTIALS = ("partials/language.html", "partials/copyright.html")
# The search dialog in Material's header, which overrides/main.html gives a name.
SEARCH_DIALOG = 'data-md-component="search" role="dialog"'
# How Material's palette stylesheet gives a primary colour its value.
PRIMARY_COLOUR_RULE = r"\[data-md-color-primary={name}\]\{{--md-primary-fg-color:(#[0-9a-fA-F]{{3,8}})"


@dataclass(frozen=True)
class Material:
    """The installed Material's files that :func:`check_material` reads."""

    bundle: str  # the page script, minified
    worker: str  # the search worker, minified
    templates: Path  # its templates folder
    version: str


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
        MaterialInternal("the search index's address over http(s), search/search_index.json", "bundle",
                         r'new URL\("search/search_index\.json"',
                         "overrides/src/search/first-use.js"),
        MaterialInternal("the search index asked for over http(s) with an XMLHttpRequest", "bundle",
                         r'new XMLHttpRequest;return \w+\.open\("GET"', "overrides/src/search/first-use.js"),
        MaterialInternal("a script loaded by an element appended to <head> (the index, from a folder)", "bundle",
                         r'\("script",\{src:\w+\}\);return \w+\(\(\)=>\(document\.head\.appendChild\(',
                         "overrides/src/search/first-use.js"),
        MaterialInternal("the worker's importScripts for Lunr's languages", "worker",
                         r"importScripts\(", "generator/search/offline.py"),
    )


def check_material(material: Material, types: dict[str, int] = MESSAGE_TYPES) -> None:
    """Raise :class:`GuideError` naming the first internal the guide relies on (its scripts
    given the message numbers ``types``) that the installed ``material`` no longer has."""
    scripts = {"bundle": material.bundle, "worker": material.worker}
    for internal in material_internals(types):
        if not re.search(internal.pattern, scripts[internal.script]):
            _changed(material, f"its {internal.script}", internal.name, internal.user)
    base = (material.templates / "base.html").read_text(encoding="utf-8")
    for block in TEMPLATE_BLOCKS:
        if not re.search(rf"{{%-?\s*block\s+{block}\s", base):
            _changed(material, "its base.html", f"the template block {block!r}", "overrides/main.html")
    for partial in PARTIALS:
        if not (material.templates / partial).is_file():
            _changed(material, "its templates", f"the partial {partial}", f"overrides/{partial}")
    if SEARCH_DIALOG not in (material.templates / "partials" / "search.html").read_text(encoding="utf-8"):
        _changed(material, "its partials/search.html", f"the search dialog's markup {SEARCH_DIALOG}",
                 "overrides/main.html (block header)")


def _changed(material: Material, part: str, what: str, user: str) -> None:
    raise GuideError(
        f"mkdocs-material {material.version} ({part}; this guide was written for {WRITTEN_FOR['mkdocs-material']})",
        f"{what}, which {user} relies on", "no trace of it: this Material version changed it",
        "pin the mkdocs-material version this guide was tested with (pyproject.toml), "
        f"or update {user} and generator/site/material.py")


def installed_material() -> Material:
    """The installed Material's files that :func:`check_material` reads."""
    import material  # the theme's package: its files are what a build copies into the site

    templates = Path(material.__file__).parent / "templates"
    scripts = templates / "assets" / "javascripts"
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
    return Material(found["bundle"], found["worker"], templates, material_version)
