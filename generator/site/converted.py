"""What MkDocs made of each generated page, kept from build to build of ``mkdocs serve``.

Converting a chapter page's Markdown is most of a build's time, and after an edit to a bank
most pages come back as the same Markdown (generator.pages.page_cache).  Such a page is
not converted again: MkDocs is handed no Markdown, and the HTML, table of contents and
anchors it made the last time are put back as the guide's ``on_page_content`` leaves them.

The same Markdown converts to the same HTML when the other files are the same (links are
resolved against them) and so is the Markdown configuration: both are in the key.  A page
whose conversion logged a warning, or which links to an anchor of another page (MkDocs
checks those against this build's pages; its own are checked against the anchors kept), is
converted every time; so is the tags page,
whose list Material's tags plugin writes in from its Markdown.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from ..pages.page_cache import SessionCache, digest
from ..pages.paths import TAGS_PAGE


@dataclass(frozen=True)
class _Converted:
    content: str  # the HTML as the guide's on_page_content returned it
    toc: Any
    anchors: set[str] | None
    title: str | None
    own_links: dict[str, str] | None  # its links to its own anchors (MkDocs checks them)


class _Warnings(logging.Handler):
    """Counts MkDocs' warnings (MkDocs' own count is not to be had)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1

    @classmethod
    def installed(cls) -> _Warnings:
        """The one counter on MkDocs' logger (a serve session can start more than once in a process)."""
        logger = logging.getLogger("mkdocs")
        counter = next((h for h in logger.handlers if isinstance(h, cls)), None)
        if counter is None:
            counter = cls()
            logger.addHandler(counter)
        return counter


class ConvertedPages:
    """The generated pages as MkDocs converted them, for the builds of one ``mkdocs serve``:
    the plugin's ``on_page_markdown`` asks :meth:`markdown`, its ``on_page_content`` :meth:`content`."""

    def __init__(self) -> None:
        self.pages: SessionCache[_Converted] = SessionCache()
        self._files: Files | None = None  # this build's, and the digest of what conversion depends on
        self._context = b""
        self._taken: dict[str, _Converted] = {}  # src_uri -> kept page, while it is built
        self._converting: dict[str, tuple[Hashable, int]] = {}  # src_uri -> (key, warnings before)
        self._warnings = _Warnings.installed()

    def start_build(self) -> None:
        """A new build: the pages the last one used are kept, the others let go."""
        self.pages.start_build()
        self._taken, self._converting, self._files = {}, {}, None

    def markdown(self, page: Page, markdown: str, files: Files, config: Any) -> str:
        """The Markdown for MkDocs to convert: none for a page converted before."""
        uri = page.file.src_uri
        if uri == TAGS_PAGE:
            return markdown
        if self._files is not files:  # the build's first page
            self._files = files
            self._context = digest(sorted((f.src_uri, f.dest_uri) for f in files), config["markdown_extensions"],
                                   config["mdx_configs"], config["use_directory_urls"])
        key = (self._context, uri, markdown)  # a kept chapter page's Markdown is the same string
        kept = self.pages.get(key)
        if kept is not None:
            self._taken[uri] = kept
            return ""
        self._converting[uri] = (key, self._warnings.count)
        return markdown

    def content(self, page: Page, html: str, finish: Callable[[str], str]) -> str:
        """The page's HTML: the kept one, or ``finish(html)``, kept when it can be."""
        kept = self._taken.pop(page.file.src_uri, None)
        if kept is not None:
            page.toc, page.present_anchor_ids, page._title_from_render = kept.toc, kept.anchors, kept.title
            page.links_to_anchors = {page.file: kept.own_links} if kept.own_links else {}
            return kept.content
        html = finish(html)
        key, warnings = self._converting.pop(page.file.src_uri, (b"", -1))
        links = page.links_to_anchors or {}
        if warnings == self._warnings.count and set(links) <= {page.file}:
            self.pages.put(key, _Converted(html, page.toc, page.present_anchor_ids, page._title_from_render,
                                         links.get(page.file)))
        return html
