"""Each page's template output kept from one ``mkdocs serve`` build to the next.

Rendering Material's templates for every page (its navigation above all, which lists every
page on every page) is a fixed cost of each rebuild, about 0.6 s at 5,000 questions, although
an edit changes a page or two.  :class:`KeptRenders` keeps what a template made of a page
under the page's HTML (the same string from build to build for a kept page) and a digest of
everything else the templates can read: the rest of the page (table of contents, front
matter, neighbours and ancestors), the navigation, every configuration value (plugins' own
included), the other values of the template context, and the size and time of change of every
file in the theme's folders.  A value it cannot describe safely (an object it does not know)
means the page is rendered as usual; so does a page without one (404.html, sitemap.xml).
"""
from __future__ import annotations

import functools
import os
import sysconfig
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from importlib.metadata import packages_distributions, version
from pathlib import Path
from typing import Any

import jinja2
from mkdocs.config.base import Config
from mkdocs.plugins import PluginCollection
from mkdocs.structure.nav import Link, Navigation, Section
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink
from mkdocs.theme import Theme

from ..pages.page_cache import SessionCache, digest
from .material import template_value

_PRIMITIVE = (str, int, float, bool, bytes, type(None))
_BY_TEXT = frozenset({"babel.core.Locale"})  # values their text names whole (the theme's locale)
# Described on their own (the page, the navigation, the configuration, the files) or left out:
# the build's date changes at every build, and no template of the guide's or Material's shows it.
_LEFT_OUT = frozenset({"page", "nav", "config", "pages", "build_date_utc"})


class Unknown(Exception):
    """A value this module does not know how to describe."""


class KeptRenders(SessionCache[str]):
    """Template outputs by their page's HTML and a digest of the rest, for the builds of a serve session."""

    def wrap(self, env: jinja2.Environment) -> None:
        """Have the templates this build's ``env`` gives render through this cache."""
        get_template, build = env.get_template, _Build(self, env)

        @functools.wraps(get_template)
        def kept_template(name: Any, parent: str | None = None, *args: Any, **kwargs: Any) -> Any:
            template = get_template(name, parent, *args, **kwargs)
            # A page's template, as MkDocs asks for it; what a template extends or includes stays Jinja's.
            return template if parent is not None else _KeptTemplate(template, build)

        env.get_template = kept_template  # type: ignore[method-assign]


@dataclass
class _Build:
    """One build's templates: the cache, and the digest of what all its pages share."""

    renders: KeptRenders
    env: jinja2.Environment
    _site: bytes | None = None
    _site_made: bool = False

    def site_key(self, context: Mapping[str, Any]) -> bytes | None:
        """The digest of the configuration, navigation, files and theme (None: one is unknown),
        made at the build's first page."""
        if not self._site_made:
            self._site_made = True
            try:
                pages = context.get("pages") or ()
                self._site = digest(_value(context.get("config")), _nav(context.get("nav")),
                                    [(f.src_uri, f.url) for f in pages], _sources(self.env))
            except Unknown:
                self._site = None
        return self._site


@dataclass
class _KeptTemplate:
    template: jinja2.Template
    build: _Build

    def __getattr__(self, name: str) -> Any:  # all but render: the template's own
        if name == "template":  # not set yet (a copy being made)
            raise AttributeError(name)
        return getattr(self.template, name)

    def render(self, *args: Any, **kwargs: Any) -> str:
        context: Mapping[str, Any] = dict(*args, **kwargs)
        key = self._key(context)
        if key is None:
            return self.template.render(context)
        return self.build.renders.made(key, lambda: self.template.render(context))

    def _key(self, context: Mapping[str, Any]) -> Hashable | None:
        page = context.get("page")
        if not isinstance(page, Page) or (site := self.build.site_key(context)) is None:
            return None
        try:
            rest = {name: _value(value) for name, value in context.items() if name not in _LEFT_OUT}
            # The page's HTML as it is, not digested: a kept page's is the same string from build to build.
            return page.content, digest(self.template.name, site, _page(page), rest)
        except Unknown:
            return None


def _page(page: Page) -> tuple[Any, ...]:
    """What a template reads of the page it renders, but its HTML."""
    def neighbour(other: Page | None) -> tuple[Any, ...] | None:
        return None if other is None else (other.title, other.url)
    return (page.file.src_uri, page.title, page.url, page.canonical_url, page.edit_url, page.is_homepage,
            _toc(page.toc), _value(page.meta), neighbour(page.previous_page),
            neighbour(page.next_page), [getattr(a, "title", None) for a in page.ancestors])


def _toc(items: Any) -> list[Any]:
    return [(a.title, a.id, a.level, _toc(a.children)) for a in items if isinstance(a, AnchorLink)]


def _nav(nav: Navigation | None) -> Any:
    """The navigation as every page's template reads it (which item is active follows from the page)."""
    if nav is None:
        return None

    def item(entry: Any) -> Any:
        if isinstance(entry, Section):
            return ("section", entry.title, [item(child) for child in entry.children])
        if isinstance(entry, Page):
            return ("page", entry.title, entry.url, entry.file.src_uri, _value(entry.meta))
        if isinstance(entry, Link):
            return ("link", entry.title, entry.url)
        raise Unknown(type(entry))

    homepage = nav.homepage.url if nav.homepage is not None else None
    return [item(entry) for entry in nav.items], homepage


def _sources(env: jinja2.Environment) -> list[tuple[str, Any, Any]]:
    """Every file of the theme's folders, by size and time of change: an edited template (or
    icon) renders every page again.  A folder of an installed package (Material's 14,000
    templates and icons) goes by the package's name and version, as pip changes its files only
    with them: looking at each took 0.06 s a build."""
    folders = getattr(env.loader, "searchpath", None)
    if folders is None:
        raise Unknown(type(env.loader))
    found: list[tuple[str, Any, Any]] = []
    for folder in folders:
        if (package := installed_package(folder)) is not None:
            found.append((folder, package, version(package)))
            continue
        for root, _, names in os.walk(folder):
            for name in names:
                path = os.path.join(root, name)
                status = os.stat(path)
                found.append((path, status.st_size, status.st_mtime_ns))
    return found


@functools.cache
def installed_package(folder: str) -> str | None:
    """The distribution installed in a site-packages folder that ``folder`` belongs to, or None
    (a folder of the project, or of a package installed in place, ``pip install -e``)."""
    path = Path(folder).resolve()
    for root in {Path(sysconfig.get_paths()[key]).resolve() for key in ("purelib", "platlib")}:
        if path.is_relative_to(root) and path != root:
            names = packages_distributions().get(path.relative_to(root).parts[0])
            return names[0] if names else None
    return None


def _value(value: Any) -> Any:
    """``value`` as plain data a digest may be made of, or :class:`Unknown`."""
    if isinstance(value, _PRIMITIVE):
        return value
    if isinstance(value, Theme):
        return ("theme", value.name, _value(dict(value.items())), list(value.dirs))
    if isinstance(value, PluginCollection):
        return ("plugins", [(name, f"{type(p).__module__}.{type(p).__qualname__}", _value(p.config))
                            for name, p in value.items()])
    if isinstance(value, Config | dict):  # MkDocs' configurations are dicts
        return (type(value).__qualname__, sorted((str(k), _value(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return [_value(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(repr(_value(v)) for v in value)
    if isinstance(value, functools.partial):
        return ("partial", _value(value.func), _value(value.args), _value(value.keywords))
    if callable(value) and hasattr(value, "__qualname__"):
        return ("function", getattr(value, "__module__", ""), value.__qualname__)
    if f"{type(value).__module__}.{type(value).__qualname__}" in _BY_TEXT:
        return (type(value).__qualname__, str(value))
    if (described := template_value(value)) is not None:  # Material's own (tags)
        return described
    raise Unknown(type(value))
