"""Search answered from the index the build made (search/search_lunr.js, generator.search.prebuilt),
from a folder and over http: the same results, marks included, as the index built in the browser."""
from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright

from generator.search.prebuilt import PREBUILT_SCRIPT
from generator.site.frontend import CONSTANTS_JS, constants_script
from generator.site.preview import serve_in_background
from testing.browser import file_url, launch_local, offline_page, search, served_page
from tests.paths import CHAPTERS

pytestmark = pytest.mark.browser

# Simplified and Traditional Chinese, English as written and run together, several terms.
QUERIES = ["位置编码", "位置編碼", "量化", "LoRA", "KV cache", "KVcache", "speculative decoding", "混合精度 batch",
           "量化 量化", "位置 位置编码"]  # a word asked for twice, or within another
RESULTS = ".md-search-result__list"


@pytest.fixture(scope="module")
def http_browser(playwright: Playwright) -> Iterator[Browser]:
    """A Chromium that reaches 127.0.0.1 (the browser fixture's reaches nothing but the folder)."""
    chromium = launch_local(playwright)
    yield chromium
    chromium.close()


@contextmanager
def opened(browser: Browser, site: Path, over_http: bool) -> Iterator[tuple[Page, str]]:
    """The first chapter page of ``site``, from the folder or from a local server, and the
    site's address."""
    if not over_http:
        with offline_page(browser) as (page, refused):
            page.goto(file_url(site, CHAPTERS[0]))
            yield page, site.resolve().as_uri() + "/"
        assert not refused
        return
    server, address = serve_in_background(site)
    try:
        with served_page(browser) as page:
            page.goto(address + CHAPTERS[0])
            yield page, address
    finally:
        server.shutdown()


def whole_index_results(browser: Browser, site: Path, over_http: bool) -> tuple[str, dict[str, str]]:
    """How the whole index came to the page ("prebuilt" or "built") and, once it answers, the
    results of each query as Material shows them (titles, texts and the marks on the words found)."""
    with opened(browser, site, over_http) as (page, root):
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        search(page, "LoRA", clear=False)
        page.wait_for_function("studyGuide.timings.ready > 0", timeout=30_000)
        came = page.evaluate("studyGuide.timings.index")
        shown = {}
        for query in QUERIES:
            search(page, query)
            shown[query] = page.inner_html(RESULTS).replace(root, "")  # the same links, wherever the site is
        assert page.evaluate("studyGuide.timings.latest") == "index"
        wanted = page.evaluate("studyGuide.constants.prebuiltSearch")
        assert any(url.endswith(PREBUILT_SCRIPT.as_posix()) for url in asked) == wanted  # asked for if made
    return came, shown


@pytest.fixture(scope="module")
def built_in_browser(guide_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled guide without the index the build made, as `mkdocs serve` leaves it (its
    constants say so: generator.site.frontend): the browser builds it, as before."""
    site = tmp_path_factory.mktemp("no-prebuilt") / "site"
    shutil.copytree(guide_site, site)
    (site / PREBUILT_SCRIPT).unlink()
    (site / CONSTANTS_JS).write_text(constants_script(prebuilt_search=False), encoding="utf-8")
    return site


@pytest.mark.parametrize("over_http", [False, True], ids=["file", "http"])
def test_search_answers_from_the_index_the_build_made_as_from_one_built_in_the_browser(
        request: pytest.FixtureRequest, guide_site: Path, built_in_browser: Path, over_http: bool) -> None:
    browser = request.getfixturevalue("http_browser" if over_http else "browser")
    came, prebuilt = whole_index_results(browser, guide_site, over_http)
    assert came == "prebuilt"
    assert "<mark" in prebuilt["位置编码"] and "<mark" in prebuilt["LoRA"]  # the words found are marked
    came, built = whole_index_results(browser, built_in_browser, over_http)
    assert came == "built"  # and search/search_lunr.js was never asked for (whole_index_results)
    for query in QUERIES:
        assert prebuilt[query] == built[query], query


def test_the_index_the_build_made_is_read_at_first_use_only(browser: Browser, guide_site: Path) -> None:
    with offline_page(browser) as (page, refused):
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(file_url(guide_site, CHAPTERS[0]))
        page.wait_for_function("studyGuide.worker() === 'background'", timeout=10_000)
        assert not any(url.endswith(PREBUILT_SCRIPT.as_posix()) for url in asked)
        search(page, "位置编码", clear=False)
        page.wait_for_function("studyGuide.timings.ready > 0", timeout=30_000)
        assert [url for url in asked if url.endswith(PREBUILT_SCRIPT.as_posix())] != []
        assert page.evaluate("studyGuide.timings.index") == "prebuilt"
    assert not refused
