"""Fixtures for tests that drive Debian's Chromium: loaded by ``pytest_plugins`` in conftest.py.

A test names the fixture it needs (``browser``, ``page``); the sites they open are in
``tests/built_sites.py`` and the helpers these build on (``offline_page``, ``search``...) in
``testing/browser.py``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from generator.base.errors import GuideError
from testing.browser import launch, offline_page
from tests.paths import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright's driver, one per xdist worker: its sync API allows one running at a time in a
    process, so every browser a test starts (over http, for PDFs) comes from this one."""
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """One Chromium per xdist worker, started at its first browser test: each test opens new
    pages (``offline_page``) in a context kept warm between tests and wiped, so that none sees
    what another left (tests/browser/test_offline_pages.py)."""
    try:
        chromium = launch(playwright)
    except GuideError as error:
        pytest.fail(str(error))
    yield chromium
    chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A desktop page offline; the test fails if the page made any request outside the folder."""
    with offline_page(browser) as (page, refused):
        yield page
        assert not refused, f"requests left the folder: {refused.urls}"


def scheme(page: Page, dark: bool) -> None:
    """The page in Material's dark (slate) or light scheme, with CSS transitions off: axe reads
    colours as they are, and a colour fading after a focus or a scroll would be read half-way."""
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; }")
    if dark:  # Material chooses slate from prefers-color-scheme; say so rather than trust it
        page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")



def axe_in_both_schemes(page: Page, before: Callable[[], object] = lambda: None) -> list[tuple[str, dict]]:
    """axe-core's violations on the page as it stands, read in the light scheme and then in the
    dark one (``scheme``), each with its scheme's name; ``before`` runs before each reading (a
    button focused again).  One page read twice rather than a page set up again for each scheme
    (practised, drawn, handed in): no script of the guide reads the scheme, so the second would
    show the same state."""
    if not AXE.is_file():
        pytest.fail(f"{AXE}: expected axe-core (npm ci, see package.json), found no such file")
    page.add_script_tag(path=str(AXE))
    found = []
    for dark in (False, True):
        scheme(page, dark)
        before()
        result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
        found += [("dark" if dark else "light", violation) for violation in result["violations"]]
    return found
