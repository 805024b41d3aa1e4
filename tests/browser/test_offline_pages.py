"""The browser tests' pages (testing.browser.offline_page) share a kept context between them: what
one page leaves behind must not reach the next, or a test would pass on another's state."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from testing.browser import file_url, offline_page

pytestmark = pytest.mark.browser

LEAVE = """async () => {
  localStorage.setItem('left', '1');
  await new Promise((done, failed) => {
    const open = indexedDB.open('left', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('things');
    open.onsuccess = () => { open.result.close(); done(); };
    open.onerror = failed;
  });
}"""
FOUND = """async () => ({stored: localStorage.getItem('left'), session: sessionStorage.getItem('left'),
                 databases: (await indexedDB.databases()).map(d => d.name), clock: '__pwClock' in globalThis})"""
NOTHING: dict[str, object] = {"stored": None, "databases": [], "clock": False, "session": None}


def test_a_page_finds_nothing_the_page_before_it_left(browser: Browser, guide_site: Path):
    with offline_page(browser) as (page, refused):
        page.goto(file_url(guide_site))
        page.evaluate(LEAVE)
        page.evaluate("sessionStorage.setItem('left', '1')")
        page.clock.install()  # Playwright's clock holds for the whole context it is installed in
        page.evaluate("fetch('https://example.com/').catch(() => null)")
        assert refused.urls == ["https://example.com/"]  # recorded for this page only
    with offline_page(browser) as (page, refused):
        page.goto(file_url(guide_site))
        assert page.evaluate(FOUND) == NOTHING
        assert not refused


def test_pages_of_a_kept_context_are_wiped_too(browser: Browser, guide_site: Path):
    """Without a clock the context is kept: its storage is wiped instead."""
    for _ in range(2):
        with offline_page(browser) as (page, _):
            page.goto(file_url(guide_site))
            assert page.evaluate(FOUND) == NOTHING
            page.evaluate(LEAVE)


def test_a_page_open_beside_another_keeps_its_storage_until_both_close(browser: Browser, guide_site: Path):
    with offline_page(browser) as (first, _):
        first.goto(file_url(guide_site))
        with offline_page(browser) as (second, _):
            second.goto(file_url(guide_site))
            second.evaluate(LEAVE)
            second.clock.install()
        assert first.evaluate("localStorage.getItem('left')") == "1"  # the first page still reads it
    with offline_page(browser) as (page, _):
        page.goto(file_url(guide_site))
        assert page.evaluate(FOUND) == NOTHING
