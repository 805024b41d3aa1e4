"""Shared helpers for tests and benchmarks that drive a real browser.

Playwright (PyPI) drives Debian's Chromium (``apt-get install chromium``) through
``executable_path``: no browser is downloaded.  Every page is opened from ``file://``
in a context that refuses every other request and records it, so a test can assert
that the guide never reaches for the network.

Import the fixtures into a test module (``from tests.browser import browser, ...``);
pytest then finds them there.  Do not install ``pytest-playwright`` beside these.
"""
from __future__ import annotations

import os
import subprocess
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import pytest

from generator.printing.pdf import DEFAULT_CHROMIUM

ROOT = Path(__file__).resolve().parent.parent
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
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
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


def launch(playwright):
    """Debian's Chromium, headless, with its own network chatter switched off."""
    if not CHROMIUM.is_file():
        pytest.fail(f"{CHROMIUM}: expected Debian's Chromium (apt-get install chromium), found no such file")
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))


@contextmanager
def offline_page(browser, viewport: dict | None = None, dark: bool = False) -> Iterator[tuple[object, Refused]]:
    """A fresh page whose every request for anything but a local URL is aborted and recorded."""
    context = browser.new_context(viewport=viewport or DESKTOP, color_scheme="dark" if dark else "light",
                                  service_workers="block")
    refused = Refused()

    def route(route):
        url = route.request.url
        if url.startswith(LOCAL):
            route.continue_()
        else:
            refused.urls.append(url)
            route.abort()

    context.route("**/*", route)
    page = context.new_page()
    # Requests the router never sees (none are expected) are counted all the same.
    page.on("request", lambda request: None if request.url.startswith(LOCAL) or request.url in refused.urls
            else refused.urls.append(request.url))
    try:
        yield page, refused
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
    args = [sys.executable, "-c", code, str(ROOT / "mkdocs.yml"), str(out), script or "", *map(str, banks or [])]
    result = subprocess.run(args, cwd=ROOT, env=ENV, capture_output=True, text=True)
    if result.returncode != 0 or "WARNING" in result.stderr:
        pytest.fail(f"building the guide into {out} failed:\n{result.stderr[-3000:]}")
    return out


def search(page, query: str, timeout: float = 10_000, clear: bool = True) -> list[dict]:
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


@pytest.fixture(scope="module")
def browser():
    """One Chromium per test module: Playwright's sync API allows one running instance at a
    time, and other modules (PDFs, KaTeX) start their own."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def guide_site(tmp_path_factory) -> Path:
    """The bundled guide, built as configured (Simplified edition)."""
    return build_site(tmp_path_factory.mktemp("guide") / "site")


@pytest.fixture(scope="session")
def hant_site(tmp_path_factory) -> Path:
    """The bundled guide's Traditional edition."""
    return build_site(tmp_path_factory.mktemp("guide-hant") / "site", script="hant")


@pytest.fixture
def page(browser):
    """A desktop page; the test asserts on ``page.refused`` itself where it matters."""
    with offline_page(browser) as (page, refused):
        page.refused = refused
        yield page
        assert not refused, f"requests left the folder: {refused.urls}"
