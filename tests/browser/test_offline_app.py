"""The guide as an offline app, in Chromium over a local http server: the service worker,
"download all", reading and searching offline, an update published, and file:// untouched."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.site.preview import serve_in_background
from testing.browser import OFFLINE_READY as READY
from testing.browser import file_url, launch_local, offline_page, search, search_index_requests

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def http_browser(playwright):
    """A Chromium that reaches 127.0.0.1, from the worker's one Playwright (tests/browser_fixtures.py)."""
    chromium = launch_local(playwright)
    yield chromium
    chromium.close()


def publish(build: Path, served: Path) -> None:
    """Copy a build into the served folder, as an upload to a static host does."""
    shutil.copytree(build, served, dirs_exist_ok=True)


@pytest.fixture
def host(tmp_path):
    """A folder served over http on 127.0.0.1, and its address."""
    served = tmp_path / "www"
    served.mkdir()
    server, address = serve_in_background(served)
    yield served, address
    server.shutdown()


@pytest.fixture
def app(http_browser):
    """A fresh browser profile (no worker, no cache) that records console errors and failed requests."""
    context = http_browser.new_context(service_workers="allow")
    page = context.new_page()
    page.errors = []
    page.on("console", lambda message: page.errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    yield context, page
    context.close()


def test_the_search_index_is_read_when_the_reader_first_searches_over_http(http_browser, host, published_site):
    served, address = host
    publish(published_site, served)
    before, after = search_index_requests(http_browser, address + "ai-trainer/chapter-1.html", "LoRA")
    assert before == []
    # The guide's workers read the index, once; Material is handed its config alone.
    assert [url.rsplit("/", 2)[-2:] for url in after] == [["search", "search_index.js"]]


def test_search_over_http_answers_from_the_guides_workers_or_else_from_materials(http_browser, host, published_site):
    served, address = host
    publish(published_site, served)
    context = http_browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(address + "ai-trainer/chapter-1.html")
    assert any(r["href"].endswith("#q10") for r in search(page, "LoRA", clear=False))
    assert page.evaluate("[studyGuide.worker(), studyGuide.timings.answered]") == ["background", "quick"]
    # Without the workers' source: Material's own worker, given the whole index.
    (served / "assets" / "javascripts" / "workers" / "search-source.js").unlink()
    page.goto(address + "ai-trainer/chapter-1.html")
    assert any(r["href"].endswith("#q10") for r in search(page, "LoRA", clear=False))
    assert page.evaluate("studyGuide.worker()") == "native"
    context.close()


def test_downloaded_guide_reads_and_searches_offline(app, host, published_site):
    context, page = app
    served, address = host
    publish(published_site, served)
    page.goto(address + "index.html")
    page.wait_for_function(READY, timeout=60_000)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    button = page.locator(".offline-download__button")
    assert button.inner_text().startswith("离线下载全部章节 (") and button.inner_text().endswith(" MB)")
    button.click()
    page.wait_for_function("studyGuide.offline.state === 'downloaded'", timeout=60_000)
    assert page.locator(".offline-download").inner_text() == "全部章节已可离线阅读"

    context.set_offline(True)
    page.goto(address + "ai-trainer/chapter-4.html")  # never visited
    assert "推理优化" in page.locator("h1").inner_text()
    assert page.locator(".katex").count() > 0
    assert page.evaluate("getComputedStyle(document.querySelector('.katex')).fontFamily").startswith("KaTeX")
    results = search(page, "量化", timeout=30_000)
    assert any("chapter-4.html" in r["href"] and r["href"].endswith("#q19") for r in results), results
    page.locator(".md-search-result__item a[href*='chapter-4.html'][href$='#q19']").first.click()
    page.wait_for_url("**/chapter-4.html?h=*")
    # The hit's answer opens by itself (guide.js); another opens with a click.
    answer = page.locator("#q19").locator("xpath=..").locator("details.answer")
    assert answer.evaluate("d => d.open") and "127" in answer.inner_text()
    other = page.locator("#q20").locator("xpath=..").locator("details.answer")
    assert not other.evaluate("d => d.open")
    other.locator("> summary").click()
    assert other.evaluate("d => d.open") and "INT4" in other.inner_text()
    # A page read offline after a reload still comes from the cache.
    page.goto(address + "glossary.html")
    assert page.locator("h1").count() == 1
    assert page.errors == [], page.errors


def test_a_new_build_is_offered_and_shown_after_reloading(app, host, published_site, hant_site):
    _context, page = app
    served, address = host
    publish(published_site, served)
    page.goto(address + "ai-trainer/chapter-1.html")
    page.wait_for_function(READY, timeout=60_000)
    page.evaluate("localStorage.setItem('practice-progress', 'kept')")
    assert "机器学习" in page.locator("h1").inner_text()
    old_caches = page.evaluate("caches.keys()")

    publish(hant_site, served)  # the Traditional edition: every page's text changes
    page.reload()
    assert "机器学习" in page.locator("h1").inner_text()  # the build the worker holds, until accepted
    notice = page.locator(".offline-update")
    notice.wait_for(timeout=60_000)
    assert notice.inner_text().startswith("有新版本")
    with page.expect_navigation(timeout=60_000):
        notice.locator("button").click()
    assert "機器學習" in page.locator("h1").inner_text()
    page.wait_for_function(READY, timeout=60_000)
    caches = page.evaluate("caches.keys()")
    old_pages = [name for name in old_caches if name.startswith("study-guide-pages-")]
    assert old_pages and not set(old_pages) & set(caches)  # the old build's pages are gone
    assert page.evaluate("localStorage.getItem('practice-progress')") == "kept"
    assert page.errors == [], page.errors


def test_behind_a_sub_path_the_worker_keeps_to_it(app, host, published_site):
    context, page = app
    served, address = host
    publish(published_site, served / "study")
    page.goto(address + "study/ai-trainer/chapter-2.html")
    page.wait_for_function(READY, timeout=60_000)
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == address + "study/"
    manifest = page.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
    assert page.evaluate("u => fetch(u).then(r => r.ok)", address + "study/" + manifest["icons"][0]["src"])
    context.set_offline(True)
    page.reload()
    assert "大模型" in page.locator("h1").inner_text()
    assert page.errors == [], page.errors


def test_from_a_folder_no_worker_and_no_console_error(http_browser, guide_site):
    with offline_page(http_browser) as (page, refused):
        errors = []
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        for path in ("index.html", "ai-trainer/chapter-1.html"):
            page.goto(file_url(guide_site, path))
            page.wait_for_load_state("load")
            page.wait_for_timeout(500)  # the offline app starts once the page is parsed
            assert page.evaluate("studyGuide.offline.state") == "none"
            assert page.locator("link[rel=manifest]").count() == 0
            assert page.locator(".offline-download").count() == 0
        assert errors == [] and not refused, (errors, refused.urls)
