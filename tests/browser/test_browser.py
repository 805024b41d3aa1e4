"""The built guide in a real browser, opened from file:// with every other request refused.

Each test's page fixture fails the test if any request leaves the site's folder.
"""
from __future__ import annotations

import re
import shutil
from urllib.parse import parse_qs, urlsplit

import pytest

from testing.browser import ARTIFACTS, PHONE, SEARCH_INPUT, file_url, offline_page, search, search_index_requests
from tests.paths import CHAPTERS

pytestmark = pytest.mark.browser

# (query, the question it must find).  Simplified as the bundled edition, Traditional typed
# into it, English as the bank writes it and as it is usually written.
QUERIES = [
    ("混合精度", "q1"),
    ("位置编码", "q2"),
    ("位置編碼", "q2"),
    ("灾难性遗忘", "q11"),
    ("專家崩塌", "q12"),
    ("反事实", "q17"),
    ("动态批处理", "q23"),
    ("量化", "q19"),
    ("KV cache", "q20"),
    ("KVcache", "q20"),
    ("LoRA", "q10"),
    ("FlashAttention", "q6"),
    ("speculative decoding", "q22"),
    ("Bradley-Terry", "q15"),
    ("pass@k", "q14"),
    # Numbers and names inside formulas and settings, as a reader remembers them.
    ("batch size=4096", "q1"),
    ("d_model", "q2"),
    ("1/h", "q20"),
    ("0.036629", "q3"),  # in a formula the editor gave as LaTeX
]


QUESTION_ANCHOR = re.compile(r"(?:c\d+-)?q\d+")


def result_ids(results: list[dict]) -> list[str]:
    """The questions among search results (not glossary entries or pages), best first."""
    anchors = (urlsplit(r["href"]).fragment for r in results)
    return [anchor for anchor in anchors if QUESTION_ANCHOR.fullmatch(anchor)]


def test_answers_are_closed_and_a_click_opens_one(page, guide_site):
    page.goto(file_url(guide_site, CHAPTERS[0]))
    answers = page.locator("details.answer")
    assert answers.count() == 6
    assert page.eval_on_selector_all("details.answer", "ds => ds.filter(d => d.open).length") == 0
    assert not answers.nth(1).locator("p").first.is_visible()
    answers.nth(1).locator("> summary").click()  # not the corrections folded inside it
    assert answers.nth(1).evaluate("d => d.open")
    assert answers.nth(1).locator("p").first.is_visible()
    assert page.eval_on_selector_all("details.answer", "ds => ds.filter(d => d.open).length") == 1


def test_either_script_finds_a_term_in_the_traditional_edition(page, hant_site):
    page.goto(file_url(hant_site, CHAPTERS[0]))
    assert page.locator("html").get_attribute("lang") == "zh-Hant"
    assert "機器學習" in page.locator("h1").inner_text()
    for query in ("位置编码", "位置編碼", "专家崩塌"):
        found = result_ids(search(page, query))
        assert found and found[0] in ("q2", "q12"), f"{query!r} found {found}"


def test_the_simplified_edition_speaks_simplified(page, guide_site):
    page.goto(file_url(guide_site, CHAPTERS[0]))
    assert page.locator("html").get_attribute("lang") == "zh-Hans"  # overrides/partials/language.html
    assert "机器学习" in page.locator("h1").inner_text()
    assert "答案与解析" in page.locator("details.answer summary").first.inner_text()


def test_a_hit_inside_an_answer_opens_that_answer(page, guide_site):
    page.goto(file_url(guide_site, CHAPTERS[0]))
    results = search(page, "震荡")  # only in question 7's explanation
    assert result_ids(results)[0] == "q7"
    page.click(".md-search-result__item a[href$='#q7']")
    page.wait_for_url(re.compile(r"chapter-2\.html\?h=.*#q7$"))
    page.wait_for_function("document.querySelector('#q7').closest('.question').querySelector('details.answer').open")
    answer = page.locator("#q7").locator("xpath=ancestor::div[contains(@class,'question')]").locator("details.answer")
    assert answer.locator("mark[data-md-highlight]").count() >= 1  # Material marked the hit
    assert page.eval_on_selector_all("details.answer", "ds => ds.filter(d => d.open).length") == 1


def test_math_is_typeset_and_visible(page, guide_site):
    page.goto(file_url(guide_site, CHAPTERS[0]))
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    formulas = page.locator(".katex")
    assert formulas.count() > 0, "no KaTeX formula on chapter 1"
    # The answer key (an editor's answer may hold a formula) is for the practice edition and paper only.
    hidden = page.eval_on_selector_all(".katex", "ks => ks.filter(k => !k.closest('.answer-key'))"
                                       ".filter(k => !k.getClientRects().length).length")
    assert hidden == 0
    box = formulas.first.bounding_box()
    assert box and box["width"] > 5 and box["height"] > 5
    # KaTeX's own fonts came from the folder (a missing font would fall back silently).
    assert page.evaluate("document.fonts.ready.then(() => [...document.fonts]"
                         ".some(f => f.family.includes('KaTeX') && f.status === 'loaded'))")


def test_navigation_search_and_dark_mode_make_no_request_outside_the_folder(browser, guide_site):
    with offline_page(browser) as (page, refused):
        page.goto(file_url(guide_site, "index.html"))
        page.click(f"a[href='{CHAPTERS[0]}']")
        page.wait_for_url(re.compile(r"chapter-1\.html$"))
        page.click("a.md-footer__link--next")
        page.wait_for_url(re.compile(r"chapter-2\.html$"))
        scheme = page.locator("body").get_attribute("data-md-color-scheme")
        page.click("label.md-header__button[for^='__palette']:visible")
        assert page.locator("body").get_attribute("data-md-color-scheme") != scheme
        assert search(page, "LoRA")
        page.reload()  # the palette choice survives a reload
        assert page.locator("body").get_attribute("data-md-color-scheme") != scheme
    assert refused.urls == []


@pytest.mark.parametrize("path", ["index.html", *CHAPTERS, "questions.html", "glossary.html", "tags.html",
                                  "report.html", "about.html"])
def test_a_phone_never_scrolls_sideways(browser, guide_site, path):
    with offline_page(browser, PHONE) as (page, refused):
        page.goto(file_url(guide_site, path))
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{path} is {overflow}px wider than a 390px phone"
    assert not refused


def test_chapter_screenshot_is_saved(page, guide_site):
    ARTIFACTS.mkdir(exist_ok=True)
    page.goto(file_url(guide_site, CHAPTERS[0]))
    page.locator("details.answer summary").first.click()
    page.evaluate("window.scrollTo(0, 0)")  # a scrolled page stitches its sticky header mid-image
    target = ARTIFACTS / "chapter-1.png"
    page.screenshot(path=str(target), full_page=True)
    assert target.stat().st_size > 20_000


def test_query_folding_in_the_page(page, guide_site):
    """The folding itself, as search/query-folding.js does it before a query reaches the search worker."""
    page.goto(file_url(guide_site, CHAPTERS[0]))
    search(page, "LoRA")  # sets the search up, which teaches the page the index's tables

    def fold(query: str) -> str:
        return page.evaluate("q => studyGuide.foldQuery(q)", query)

    assert fold("KVcache") == "kv cache"
    assert fold("KVcacheeviction") == "kv cache eviction"
    assert fold("位置編碼").startswith("位置编码")
    assert fold("INT8量化").split()[0] == "INT8"
    assert fold("size=4096") == "+size +4096" and fold("d_model") == "+d +model"  # every part required
    assert fold("+lr") == "+lr" and fold("4096") == "4096"
    h = parse_qs(urlsplit(search(page, "位置編碼")[1]["href"]).query)["h"][0]
    assert h == "位置编码"


def test_search_runs_in_a_background_worker_from_a_folder(browser, guide_site):
    with offline_page(browser) as (page, refused):
        page.goto(file_url(guide_site, CHAPTERS[0]))
        assert result_ids(search(page, "LoRA"))[0] == "q10"
        assert page.evaluate("studyGuide.worker()") == "background"
        assert page.locator("iframe").count() == 0  # the iframe-worker shim was not needed
    assert not refused


def test_each_query_finds_its_question_and_the_quick_worker_finds_what_the_whole_index_finds(browser, guide_site):
    """Each query finds its question among the first three, answered by the quick worker
    (Material's search over the documents holding the query's words), which answers a reader's
    searches until the whole index is ready; its answers must be the whole index's answers.

    The quick worker answers every query of one page while the index the build made
    (search/search_lunr.js) is held back, as on a slow disk: the whole index waits for it.
    Then it is let through, and the same queries are asked of the whole index."""
    quick, missed = {}, []
    with offline_page(browser) as (page, refused):
        held = []
        page.route(re.compile(r"/search/search_lunr\.js$"), lambda route: held.append(route))
        page.goto(file_url(guide_site, CHAPTERS[0]))
        for n, (query, question) in enumerate(QUERIES):
            quick[query] = result_ids(search(page, query, clear=n > 0))  # a cleared field clears the list
            assert page.evaluate("studyGuide.timings.latest") == "quick", query
            if question not in quick[query][:3]:
                missed.append(f"{query!r} found {quick[query]}, not {question} among the first three")
        assert "ready" not in page.evaluate("studyGuide.timings"), "the whole index was ready: nothing was held"
        assert not missed, "\n".join(missed)
        assert len(held) == 1, "the index the build made was not asked for once"
        held[0].continue_()
        page.wait_for_function("studyGuide.timings.ready > 0")
        for query, _ in QUERIES:
            assert result_ids(search(page, query)) == quick[query], query
            assert page.evaluate("studyGuide.timings.latest") == "index", query
    assert not refused


def test_search_answers_when_its_workers_are_ready_before_material_asks(browser, guide_site):
    """Material listens to its worker only once it has sent its set-up; workers that are
    ready sooner (a slow machine loading Material's bundle late) must still be heard."""
    with offline_page(browser) as (page, refused):
        held = []  # Material's bundle, held back until the workers are ready
        bundle = re.compile(r"/assets/javascripts/bundle\.[0-9a-f]+\.min\.js$")
        page.route(bundle, lambda route: held.append(route))
        page.goto(file_url(guide_site, CHAPTERS[0]), wait_until="commit")
        page.wait_for_selector(SEARCH_INPUT, state="attached")
        page.keyboard.press("/")  # the reader turns to search: the workers start (search/first-use.js)
        # (from "commit" on: guide.js may not have run yet, and a predicate that throws fails the wait)
        page.wait_for_function("window.studyGuide && studyGuide.timings && studyGuide.timings.quick > 0")
        page.wait_for_timeout(200)  # and their ready message has been held for Material
        held[0].continue_()
        page.wait_for_load_state()
        assert result_ids(search(page, "LoRA", clear=False))[0] == "q10"
    assert not refused


def test_the_whole_index_is_built_once_the_reader_searches_and_then_answers(page, guide_site):
    page.goto(file_url(guide_site, CHAPTERS[0]))
    page.focus(SEARCH_INPUT)
    page.wait_for_function("studyGuide.timings.quick > 0")
    page.wait_for_timeout(300)
    assert "building" not in page.evaluate("studyGuide.timings")  # no search, no index
    assert result_ids(search(page, "LoRA", clear=False))[0] == "q10"
    page.wait_for_function("studyGuide.timings.ready > 0")
    assert result_ids(search(page, "位置编码"))[0] == "q2"
    assert page.evaluate("studyGuide.timings.latest") == "index"


def test_the_search_index_is_read_when_the_reader_first_searches_from_a_folder(browser, guide_site):
    before, after = search_index_requests(browser, file_url(guide_site, CHAPTERS[0]), "LoRA")
    assert before == []
    # Read once: Material's own script element for it is told it loaded (first-use.js).
    assert [url.rsplit("/", 2)[-2:] for url in after] == [["search", "search_index.js"]]


def test_the_search_index_is_read_as_the_pointer_comes_over_the_search_field(browser, guide_site):
    """A reader about to click search: the index is read while the hand still moves, once."""
    with offline_page(browser) as (page, refused):
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url) if "search_index" in request.url else None)
        page.goto(file_url(guide_site, CHAPTERS[0]))
        page.mouse.move(5, 400)  # over the page, not the search field
        page.wait_for_timeout(500)
        assert asked == []
        page.hover(SEARCH_INPUT)
        page.wait_for_function("studyGuide.timings.setup > 0")  # the workers have the documents
        assert [url.rsplit("/", 1)[-1] for url in asked] == ["search_index.js"]
        assert result_ids(search(page, "LoRA", clear=False))[0] == "q10"
        assert len(asked) == 1
    assert not refused


def test_the_search_workers_start_before_the_reader_searches_and_the_index_waits(browser, guide_site):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(file_url(guide_site, CHAPTERS[0]))
    # Once the page is idle the workers run Material's code, with no document yet.
    page.wait_for_function("studyGuide.worker() === 'background'", timeout=10_000)
    assert any(url.endswith("/workers/search-source.js") for url in asked)
    assert not any("search_index" in url for url in asked)
    assert "setup" not in page.evaluate("studyGuide.timings")
    assert result_ids(search(page, "LoRA", clear=False))[0] == "q10"
    assert page.evaluate("studyGuide.timings.answered") == "quick"
    context.close()


def test_a_query_the_quick_worker_leaves_to_the_whole_index_is_answered(page, guide_site):
    page.goto(file_url(guide_site, CHAPTERS[0]))
    assert "q10" in result_ids(search(page, "LoRA~1", clear=False))  # fuzzy: the index's alone
    assert page.evaluate("studyGuide.timings.answered") == "index"


def test_without_the_worker_source_search_falls_back_to_the_iframe_shim(browser, guide_site, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(guide_site, site)
    (site / "assets" / "javascripts" / "workers" / "search-source.js").unlink()
    with offline_page(browser) as (page, refused):
        page.goto(file_url(site, CHAPTERS[0]))
        assert result_ids(search(page, "位置編碼"))[0] == "q2"
        assert page.evaluate("studyGuide.worker()") == "shim"
    assert not refused


def test_a_background_worker_that_fails_hands_search_to_the_iframe_shim(browser, guide_site, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(guide_site, site)
    source = site / "assets" / "javascripts" / "workers" / "search-source.js"
    source.write_text('studyGuide.searchWorker = "throw new Error(\\"refused\\")";\n', encoding="utf-8")
    with offline_page(browser) as (page, refused):
        page.goto(file_url(site, CHAPTERS[0]))
        assert result_ids(search(page, "LoRA"))[0] == "q10"
        assert page.evaluate("studyGuide.worker()") == "shim"
    assert not refused
