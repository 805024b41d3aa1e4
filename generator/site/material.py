"""Everything the guide knows of MkDocs' and Material's internals, in one module.

Written against the versions in :data:`WRITTEN_FOR`.  What the guide relies on that neither
documents as an interface:

- the numbers of Material's search messages and the code our search scripts hook in its
  minified page bundle and search worker (:func:`material_internals`);
- the template blocks ``overrides/main.html`` overrides, the partial it replaces and the
  header markup it rewrites (:data:`TEMPLATE_BLOCKS`, :data:`PARTIALS`, :data:`SEARCH_DIALOG`);
- the palette rule the web app's theme colour is read from (:data:`PRIMARY_COLOUR_RULE`,
  generator.site.pwa);
- the search plugin's index object, which :class:`GuideSearchIndex` stands in for, so that
  the plugin's UI and settings stay while the guide writes the index, and the attributes the
  plugin strips from each page once indexed (:data:`SEARCH_ATTRIBUTES`), which the guide
  strips in its place (:func:`strip_search_attributes`).

Every build runs :func:`check_material` on the installed Material and stops naming the
first of them that changed, with Material's version and the file of ours that relies on it;
tests/site/test_material.py does the same.  MkDocs itself is used through its documented
plugin API (generator.site.plugin) and configuration (generator.site.mkdocs_config).
Pure functions, but :func:`installed_material`, which reads the installed theme's files,
and the search index's stand-in.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as installed_version
from pathlib import Path
from typing import Any

from ..base.errors import GuideError
from ..pages.page_cache import SessionCache, digest
from ..search.index import IndexBuilder, Rewritten, dump_index
from ..search.sections import Section, page_sections

# The versions this module was written against (requirements.lock installs them).
WRITTEN_FOR = {"mkdocs": "1.6.1", "mkdocs-material": "9.8.2"}
# Material's SearchMessageType (src/.../integrations/search/worker/message): an enum, so
# only the numbers are in its bundle.  check_material looks for them there.
MESSAGE_TYPES = {"SETUP": 0, "READY": 1, "QUERY": 2, "RESULT": 3}
# Blocks of Material's base.html that overrides/main.html overrides, and the partials it replaces.
TEMPLATE_BLOCKS = ("htmltitle", "libs", "scripts", "header", "footer", "extrahead")
PARTIALS = ("partials/language.html", "partials/copyright.html", "fragments/tags/default/listing.html")
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
    search_plugin: str  # the search plugin's Python source
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
    if f'r"{SEARCH_ATTRIBUTES}"' not in material.search_plugin:
        _changed(material, "its search plugin", f'the attributes it strips from each page, r"{SEARCH_ATTRIBUTES}"',
                 "strip_search_attributes (generator/site/material.py)")


def _changed(material: Material, part: str, what: str, user: str) -> None:
    raise GuideError(
        f"mkdocs-material {material.version} ({part}; this guide was written for {WRITTEN_FOR['mkdocs-material']})",
        f"{what}, which {user} relies on", "no trace of it: this Material version changed it",
        "pin the mkdocs-material version this guide was tested with (pyproject.toml), "
        f"or update {user} and generator/site/material.py")


def installed_material() -> Material:
    """The installed Material's files that :func:`check_material` reads."""
    import material  # the theme's package: its files are what a build copies into the site

    package = Path(material.__file__).parent
    templates = package / "templates"
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
    search_plugin = (package / "plugins" / "search" / "plugin.py").read_text(encoding="utf-8")
    return Material(found["bundle"], found["worker"], templates, search_plugin, material_version)


# -- search: the guide's index in place of the one Material's search plugin writes --------------
# Material's search plugin (material/plugins/search/plugin.py) makes a SearchIndex in its
# on_config, calls its add_entry_from_context(page) for every page (on_page_context) and writes
# what its generate_search_index(previous index or None) returns (on_post_build), which the
# offline plugin then copies for file://.  The guide's stand-in has those two methods.
SEARCH_INDEX_METHODS = ("add_entry_from_context", "generate_search_index")
# What the plugin's on_page_context removes from a page once it has indexed it: its source says
# `re.sub(SEARCH_ATTRIBUTES, "", page.content)` (check_material makes sure it still does).  The
# pattern opens with an optional blank, so it is tried at every position: 0.2 s a build at
# 5,000 questions.  The guide's stand-in hands the plugin an empty page to strip, and the
# guide's plugin strips the page itself (strip_search_attributes), finding the attributes by name.
SEARCH_ATTRIBUTES = r"\s?data-search-\w+=\"[^\"]+\""
_SEARCH_ATTRIBUTE = re.compile(SEARCH_ATTRIBUTES.removeprefix(r"\s?"))
# A page's entry: its first document's location (or None) and its documents rewritten.
KeptEntries = SessionCache[tuple["str | None", Callable[[], Rewritten]]]


class GuideSearchIndex:
    """Stands in Material's search plugin for its SearchIndex: each page's sections read by
    generator.search.sections (Material's own parser for a page they cannot read), made into
    documents as Material makes them, and handed to ``builder``, which cuts their words."""

    def __init__(self, builder: IndexBuilder, kept: KeptEntries | None = None) -> None:
        self.builder = builder
        self.locations: list[str] = []  # the first document's of each page, for a rebuild
        self.result: dict[str, Any] | None = None  # the index, once written
        self._taken: dict[str, str] = {}  # src_uri -> a page's HTML while Material's plugin strips it
        # `mkdocs serve`: each page's entry by its HTML and a digest of the rest it is made from
        self.kept = kept
        if kept is not None:
            self._context = digest(builder.config, builder.glossary, builder.script, builder.dictionaries)

    def add_entry_from_context(self, page: Any) -> None:
        self._add_entry(page)
        # Material's plugin strips the page next: :meth:`take` gives it back for the guide to strip.
        self._taken[page.file.src_uri], page.content = page.content, ""

    def take(self, page: Any) -> str | None:
        """The HTML of ``page`` as it was indexed, once (None: not indexed by this index)."""
        return self._taken.pop(page.file.src_uri, None)

    def _add_entry(self, page: Any) -> None:
        if (page.meta.get("search") or {}).get("exclude"):
            return
        key: Hashable = b""
        if self.kept is not None:  # what _document reads (the table of contents is the content's)
            # The HTML as it is, not digested: a kept page's is the same string from build to build.
            key = (page.content, digest(self._context, page.url, page.title, page.meta))
            if (entry := self.kept.get(key)) is not None:
                location, rewritten = entry
                if location is not None:
                    self.locations.append(location)
                self.builder.add_rewritten(rewritten)
                return
        sections = page_sections(page.content or "")
        if sections is None:
            sections = _material_sections(page.content or "")
        docs = [_document(section, page) for section in sections if not section.excluded]
        location = docs[0]["location"] if docs else None
        if location is not None:
            self.locations.append(location)
        rewritten = self.builder.add(docs)
        if self.kept is not None:
            self.kept.put(key, (location, rewritten))

    def generate_search_index(self, prev: GuideSearchIndex | None) -> str:
        earlier = None
        if prev is not None and prev.result is not None:  # `mkdocs serve --dirty`: one page built again
            built = tuple(self.locations)
            earlier = [doc for doc in prev.result["docs"] if not built or not doc["location"].startswith(built)]
        self.result = self.builder.index(earlier)
        return dump_index(self.result)


def install_search_index(config: Any, make: Callable[[dict[str, Any]], IndexBuilder],
                         kept: KeptEntries | None = None) -> GuideSearchIndex | None:
    """Put a :class:`GuideSearchIndex` in place of the index of Material's search plugin, its
    builder made from the plugin's settings (``make``), its pages' entries kept in ``kept``
    from build to build of ``mkdocs serve``; None when there is no such plugin on."""
    search = config.plugins.get("material/search")
    if search is None or not search.config.enabled:
        return None
    index = getattr(search, "search_index", None)
    if index is None or not all(callable(getattr(index, m, None)) for m in SEARCH_INDEX_METHODS):
        raise GuideError(f"mkdocs-material {installed_version('mkdocs-material')} (its search plugin; this guide "
                         f"was written for {WRITTEN_FOR['mkdocs-material']})",
                         "a search_index with " + " and ".join(SEARCH_INDEX_METHODS), "none",
                         "pin the mkdocs-material version this guide was tested with (pyproject.toml), "
                         "or update generator/site/material.py")
    keys = ("lang", "separator", "pipeline", "fields")
    search.search_index = GuideSearchIndex(make({key: index.config[key] for key in keys}), kept)
    return search.search_index  # type: ignore[no-any-return]


def strip_search_attributes(html: str) -> str:
    """``re.sub(SEARCH_ATTRIBUTES, "", html)``, as Material's search plugin strips a page, but
    found by their name: each attribute and the one blank before it."""
    if "data-search-" not in html:
        return html
    kept, last = [], 0
    for match in _SEARCH_ATTRIBUTE.finditer(html):
        start = match.start()
        if start > last and html[start - 1].isspace():  # what \s matches
            start -= 1
        kept.append(html[last:start])
        last = match.end()
    kept.append(html[last:])
    return "".join(kept)


def _document(section: Section, page: Any) -> dict[str, Any]:
    """A section as Material's SearchIndex.create_entry_for_section makes it a document, its
    words not yet cut."""
    url = page.url
    item = _toc_item(page.toc, section.id)
    if item is not None:
        url += item.url
    elif section.id:
        url += "#" + section.id
    title = "".join(section.title).strip() or str(page.meta.get("title", page.title)).strip()
    doc: dict[str, Any] = {"location": url, "title": title, "text": "".join(section.text).strip()}
    tags = page.meta.get("tags")
    if isinstance(tags, list):
        doc["tags"] = [str(name) for name in tags if name and isinstance(name, (str, int, float, bool))]
    search = page.meta.get("search") or {}
    if "boost" in search:
        doc["boost"] = search["boost"]
    return doc


def _toc_item(toc: Any, anchor: str | None) -> Any:
    for item in toc:
        if item.id == anchor:
            return item
        found = _toc_item(item.children, anchor)
        if found is not None:
            return found
    return None


def _material_sections(content: str) -> list[Section]:
    """The sections of a page by Material's own parser (markup generator.search.sections leaves)."""
    from material.plugins.search.plugin import Parser

    parser = Parser()
    parser.feed(content)
    parser.close()
    return [Section(s.el.tag, s.el.attrs, s.depth, s.id, s.title, s.text) for s in parser.data]


def template_value(value: Any) -> tuple[Any, ...] | None:
    """A Material object in a page's template context as plain data (generator.site.kept_renders):
    the tags plugin's tags, with their listings' links; None for anything else."""
    from material.plugins.tags.structure.tag import Tag
    from material.plugins.tags.structure.tag.reference import TagReference

    if not isinstance(value, Tag):
        return None
    links = [(link.title, link.url) for link in value.links] if isinstance(value, TagReference) else []
    return ("tag", value.name, value.hidden, template_value(value.parent), links)
