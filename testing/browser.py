"""Driving a real browser, offline: shared by the benchmarks and the browser tests.

Playwright (PyPI) drives Debian's Chromium (``apt-get install chromium``) through
``executable_path``: no browser is downloaded.  Every page is opened from ``file://``
in a context that refuses every other request and records it, so a test can assert
that the guide never reaches for the network.

The tests' fixtures built on these live in ``tests/browser_fixtures.py``.  Do not install
``pytest-playwright`` beside them.
"""
from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from generator.base.errors import GuideError
from generator.printing.pdf import DEFAULT_CHROMIUM, ChromiumMissingError
from testing.paths import MKDOCS_YML, ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, Playwright, Request, Route, ViewportSize

CHROMIUM = DEFAULT_CHROMIUM  # Debian's Chromium, as the PDF command uses it
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    # Belt and braces: even a request that slipped past the router would resolve nowhere.
    "--host-resolver-rules=MAP * ~NOTFOUND",
)
# URLs that never leave the machine: the site's files, and what a page makes in memory.
LOCAL = ("file://", "blob:", "data:", "about:")
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
ARTIFACTS = ROOT / "test-artifacts"
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}

# Material's search: the header button, the query field, and one result.
SEARCH_BUTTON = "label.md-header__button[for='__search']"
SEARCH_INPUT = "input.md-search__input"
SEARCH_RESULT = ".md-search-result__item"
SEARCH_RESULT_LINK = ".md-search-result__item > a, .md-search-result__item .md-search-result__link"


@dataclass
class Refused:
    """Every request a page made that was not for a ``file://`` URL, in order."""

    urls: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.urls)


def launch(playwright: Playwright) -> Browser:
    """Debian's Chromium, headless, with its own network chatter switched off."""
    if not CHROMIUM.is_file():
        raise ChromiumMissingError(CHROMIUM, "no such file")
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))


# The local server's address is the one host the browser may resolve.
LOCAL_ONLY = [arg + ", EXCLUDE 127.0.0.1" if arg.startswith("--host-resolver-rules") else arg for arg in CHROMIUM_ARGS]
# Set once the service worker is active and the page is in its cache (overrides/src/offline/app.js).
OFFLINE_READY = "window.studyGuide && studyGuide.offline && studyGuide.offline.timings.ready"


def launch_local(playwright: Playwright) -> Browser:
    """Debian's Chromium, headless, reaching only 127.0.0.1 (where a site is served)."""
    if not CHROMIUM.is_file():
        raise ChromiumMissingError(CHROMIUM, "no such file")
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=LOCAL_ONLY)


@contextmanager
def offline_page(browser: Browser, viewport: ViewportSize | None = None, dark: bool = False, touch: bool = False,
                 fresh: bool = False) -> Iterator[tuple[Page, Refused]]:
    """A new page whose every request for anything but a local URL is aborted and recorded.

    ``touch`` makes it a phone's: taps, no hover, a mobile viewport.  The page opens in a
    context kept for the next page with the same options (:class:`_Kept`), wiped between them;
    ``fresh`` gives it a context of its own, as a first visit has (what a benchmark times)."""
    options = (viewport or DESKTOP, dark, touch)
    if fresh:
        context, refused = _offline_context(browser, *options), Refused()
        _record_refused(context, lambda: refused)
        try:
            yield _watched_page(context, refused), refused
        finally:
            context.close()
        return
    kept = _Kept.for_options(browser, *options)
    page, refused = kept.open_page()
    try:
        yield page, refused
    finally:
        kept.close(page)


def _offline_context(browser: Browser, viewport: ViewportSize, dark: bool, touch: bool) -> BrowserContext:
    return browser.new_context(viewport=viewport, color_scheme="dark" if dark else "light",
                               service_workers="block", has_touch=touch, is_mobile=touch)


def _record_refused(context: BrowserContext, current: Callable[[], Refused]) -> None:
    """Abort every request of ``context`` for anything but a local URL, recorded in ``current()``."""
    def route(route: Route) -> None:
        url = route.request.url
        if url.startswith(LOCAL):
            route.continue_()
        else:
            if url not in current().urls:  # the page's listener may have seen it first
                current().urls.append(url)
            route.abort()

    context.route("**/*", route)


def _watched_page(context: BrowserContext, refused: Refused) -> Page:
    page = context.new_page()
    # Requests the router never sees (none are expected) are counted all the same.
    page.on("request", lambda request: None if request.url.startswith(LOCAL) or request.url in refused.urls
            else refused.urls.append(request.url))
    return page


_Options = tuple["Browser", int, int, bool, bool]  # a kept context's: browser, viewport, dark, touch


@dataclass
class _Kept:
    """A context kept from one page to the next: a fresh context costs about 0.5 s of CPU
    (Chromium's processes started, Material's scripts compiled again), a new page in a kept one
    little.  An idle page keeps it warm.  Once its last open page closes, the storage of the
    pages' origin (``file://``: localStorage, IndexedDB) is wiped, and a context where
    Playwright's clock was installed (it holds for the whole context) is closed, so no page
    sees what another left."""

    key: _Options
    context: BrowserContext
    keeper: Page
    cdp: CDPSession
    refused: Refused = field(default_factory=Refused)  # the newest page's record
    open: int = 0  # pages of it in use
    every: ClassVar[dict[_Options, _Kept]] = {}

    @classmethod
    def for_options(cls, browser: Browser, viewport: ViewportSize, dark: bool, touch: bool) -> _Kept:
        key = (browser, viewport["width"], viewport["height"], dark, touch)
        if key not in cls.every:
            context = _offline_context(browser, viewport, dark, touch)
            keeper = context.new_page()
            kept = cls.every[key] = cls(key, context, keeper, context.new_cdp_session(keeper))
            _record_refused(context, lambda: kept.refused)
        return cls.every[key]

    def open_page(self) -> tuple[Page, Refused]:
        self.refused, self.open = Refused(), self.open + 1
        return _watched_page(self.context, self.refused), self.refused

    def close(self, page: Page) -> None:
        """``page`` closed; after the last one, what they left wiped, or the context closed."""
        self.open -= 1
        try:
            page.close()
            if self.open:
                return
            if not self.keeper.evaluate("'__pwClock' in globalThis"):
                self.cdp.send("Storage.clearDataForOrigin", {"origin": "file://", "storageTypes": "all"})
                return
        except Exception:  # playwright's Error: the browser is gone
            pass
        if self.every.get(self.key) is self:
            del self.every[self.key]
        with contextlib.suppress(Exception):
            self.context.close()


@contextmanager
def served_page(browser: Browser, viewport: ViewportSize | None = None) -> Iterator[Page]:
    """A fresh page for a site served over http, with no service worker (the offline app
    would answer from its cache)."""
    context = browser.new_context(viewport=viewport or DESKTOP, service_workers="block")
    try:
        yield context.new_page()
    finally:
        context.close()


def file_url(site: Path, path: str = "index.html") -> str:
    """The ``file://`` URL of ``path`` inside the built site ``site``."""
    base, _, anchor = path.partition("#")
    url = (site / base).resolve().as_uri()
    return f"{url}#{anchor}" if anchor else url


def build_site(out: Path, script: str | None = None, banks: list[Path] | None = None) -> Path:
    """Build the guide into ``out`` in a fresh process (``mkdocs build --strict``'s checks)."""
    code = ("import sys; from pathlib import Path; from generator.site.build import build_site; "
            "build_site(Path(sys.argv[1]), [Path(b) for b in sys.argv[4:]], Path(sys.argv[2]), sys.argv[3] or None)")
    args = [sys.executable, "-c", code, str(MKDOCS_YML), str(out), script or "", *map(str, banks or [])]
    result = subprocess.run(args, cwd=ROOT, env=ENV, capture_output=True, text=True)
    if result.returncode != 0 or "WARNING" in result.stderr:
        raise GuideError(f"building the guide into {out}", "a build free of warnings", result.stderr[-3000:])
    return out


def search(page: Page, query: str, timeout: float = 10_000, clear: bool = True) -> list[dict]:
    """Type ``query`` into Material's search and return the results (title, text, href).

    ``clear`` first empties the field and waits for the last results to go; a page's
    first search (``clear=False``) has none, and a benchmark then times no extra steps.
    """
    if page.is_visible(SEARCH_BUTTON):  # phones: a button opens the search field
        page.click(SEARCH_BUTTON)
    else:
        page.click(SEARCH_INPUT)
    # Material reads the field on keyup; "End" stands in for the reader's last keystroke.
    if clear:
        page.fill(SEARCH_INPUT, "")
        page.press(SEARCH_INPUT, "End")
        page.wait_for_selector(SEARCH_RESULT, state="detached", timeout=timeout)
    page.fill(SEARCH_INPUT, query)
    page.press(SEARCH_INPUT, "End")
    page.wait_for_selector(SEARCH_RESULT, timeout=timeout)
    return page.eval_on_selector_all(
        ".md-search-result__item a",
        "links => links.map(a => ({href: a.href, text: a.textContent.replace(/\\u200b/g, ''),"
        " title: (a.querySelector('h1, h2') || a).textContent.replace(/\\u200b/g, '').trim()}))")


# The search index: Material's (JSON over http, a script from a folder).  The offline search's
# worker source (workers/search-source.js) is code, not the index: it is read once a page is idle.
SEARCH_INDEX_REQUEST = re.compile(r"/search/search_index\.json$|/search/search_index\.js$")


def search_index_requests(browser: Browser, url: str, query: str) -> tuple[list[str], list[str]]:
    """The search index's requests of a fresh page at ``url`` (no service worker) in its first
    half second, and after a search for ``query`` has shown results."""
    with served_page(browser) as page:
        asked: list[str] = []

        def note(request: Request) -> None:
            if SEARCH_INDEX_REQUEST.search(request.url):
                asked.append(request.url)

        page.on("request", note)
        page.goto(url)
        page.wait_for_timeout(500)
        before = list(asked)
        search(page, query, clear=False)
        return before, asked
