"""Accessibility in a real browser, as a keyboard, screen-reader or phone reader meets it.

axe-core (pinned in package.json, installed by ``npm ci``) is injected into the built
pages; the keyboard tests press Tab as a reader would and compare what the screen shows.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import FloatRect

from generator.site.preview import serve_in_background
from testing.browser import CHROMIUM, LOCAL_ONLY, OFFLINE_READY, PHONE, file_url, offline_page
from tests.browser_fixtures import scheme
from tests.paths import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
CHAPTER = "ai-trainer/chapter-1.html"
RUNS = [f"ai-trainer/{kind}.html" for kind in ("random", "types", "exam", "review")]  # practice runs
# One page of each kind: home, chapter, runs, the lists, 统计, the question index, glossary, tags,
# the report and a hand-written page.
PAGES = ["index.html", CHAPTER, "glossary.html", *RUNS, "mistakes.html", "starred.html", "stats.html",
         "questions.html", "tags.html", "report.html", "about.html"]


def open_page(page, site: Path, path: str) -> None:
    page.goto(file_url(site, path))
    scheme(page, dark=False)
    assert_scheme(page, path, dark=False)


def assert_scheme(page, path: str, dark: bool) -> None:
    shown = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
    assert shown == ("slate" if dark else "default"), f"{path}: colour scheme {shown}"


def toggle_scheme(page, path: str, dark: bool) -> None:
    """Material's palette toggle pressed, as a reader switches to the other scheme (clicked by
    script: a pointer on it would open its tooltip over the page being read)."""
    page.locator("form[data-md-component=palette] label:not([hidden])").evaluate("label => label.click()",
                                                                                   timeout=5000)
    assert_scheme(page, path, dark)


def serious(page, path: str, dark: bool) -> list[str]:
    """What axe-core finds serious or critical on the page as it is (and any heading skipped)."""
    if not AXE.is_file():
        pytest.fail(f"{AXE}: expected axe-core (npm ci, see package.json), found no such file")
    if not page.evaluate("typeof axe !== 'undefined'"):  # read once per page, then run in each scheme
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{path} ({'dark' if dark else 'light'}): {v['id']} ({v['impact']}): {v['help']}; "
            f"e.g. {v['nodes'][0]['target']} {(v['nodes'][0].get('failureSummary') or '').splitlines()[-1:]}"
            for v in result["violations"] if v["impact"] in ("serious", "critical") or v["id"] == "heading-order"]


@pytest.mark.parametrize("path", PAGES)
def test_axe_finds_no_serious_violation_and_no_heading_skip(browser, guide_site, path):
    """Each page read in the light scheme, then switched to the dark one by the palette toggle and
    read again: one page load for both (a page loaded dark is read over http, below)."""
    with offline_page(browser) as (page, refused):
        open_page(page, guide_site, path)
        found = serious(page, path, dark=False)
        toggle_scheme(page, path, dark=True)
        found += serious(page, path, dark=True)
        assert not refused
    assert not found, "\n".join(found)


@pytest.fixture(scope="module")
def http_browser(browser):
    """A Chromium that reaches 127.0.0.1, started by the module's Playwright (one runs at a time)."""
    chromium = browser.browser_type.launch(executable_path=str(CHROMIUM), args=LOCAL_ONLY)
    yield chromium
    chromium.close()


def test_axe_over_http_with_the_offline_app_ready(http_browser, published_site):
    """Served over http, every page once the offline app is ready (its 离线下载 button shown,
    the service worker in control): what a reader of the published guide meets.  The system
    prefers dark: the first page opens in the dark scheme.  Each page is read in the scheme it
    opens in, then in the other one after the palette toggle, which Material keeps for the next
    page: the pages open dark and light in turn."""
    server, address = serve_in_background(published_site)
    context = http_browser.new_context(service_workers="allow", color_scheme="dark")
    try:
        page = context.new_page()
        found, dark = [], True
        for path in PAGES:
            page.goto(address + path)
            page.wait_for_function(OFFLINE_READY, timeout=60_000)
            scheme(page, dark=False)  # transitions off; the scheme is the one the page opened in
            assert_scheme(page, path, dark)
            assert page.locator(".offline-download__button").is_visible(), path
            found += serious(page, path, dark)
            dark = not dark
            toggle_scheme(page, path, dark)
            found += serious(page, path, dark)
    finally:
        context.close()
        server.shutdown()
    assert not found, "\n".join(found)


def test_the_first_tab_skips_to_the_first_question(browser, guide_site):
    with offline_page(browser) as (page, _):
        page.goto(file_url(guide_site, CHAPTER))
        page.keyboard.press("Tab")
        skip = page.evaluate("[document.activeElement.className, document.activeElement.textContent.trim()]")
        assert "md-skip" in skip[0] and skip[1], f"first Tab stop: {skip}"
        page.keyboard.press("Enter")
        first = page.evaluate("document.querySelector('.question-heading').id")
        assert page.evaluate("location.hash") == f"#{first}"
        top = page.evaluate("document.getElementById(location.hash.slice(1)).getBoundingClientRect().top")
        assert 0 <= top < 200, f"the first question's heading is {top}px from the top, not in view"
        page.keyboard.press("Tab")  # from there the keyboard goes on inside the first question
        assert page.evaluate("!!document.activeElement.closest('.question')"
                             " && document.activeElement.closest('.question') === document.querySelector('.question')")


# The box where a focus stop shows itself: an invisible radio shows on what follows it
# (the edition switch's span, Material's palette button) or on its label.
INDICATOR = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const hidden = e.tagName === 'INPUT' && getComputedStyle(e).opacity === '0';
  const shown = hidden ? [e.nextElementSibling, ...e.labels].find(l => l && l.getClientRects().length) || e : e;
  const r = shown.getBoundingClientRect();
  const label = (e.className + ' ' + (e.getAttribute('href') || e.textContent.trim().slice(0, 20))).trim();
  return {x: r.x, y: r.y, width: r.width, height: r.height, label: e.tagName + ' ' + label};
}"""


def test_every_focus_stop_on_a_chapter_page_shows_a_visible_ring(browser, guide_site):
    """Each Tab stop changes what the screen shows around it (compared with the same
    moment unfocused): a stop nobody can see fails."""
    with offline_page(browser) as (page, _):
        page.goto(file_url(guide_site, CHAPTER))
        # The page as it settles: the practice controls drawn (focus stops of their own), the
        # fonts loaded (a font arriving between two screenshots would change them).
        page.locator(".practice-bar").wait_for()
        page.evaluate("document.fonts.ready.then(() => true)")
        invisible, stops = [], 0
        viewport = page.viewport_size
        assert viewport is not None
        while stops < 600:
            page.keyboard.press("Tab")
            box = page.evaluate(INDICATOR)
            if box is None or (stops and "md-skip" in box["label"]):
                break  # round the page and back
            stops += 1
            x, y = max(0, box["x"] - 6), max(0, box["y"] - 6)
            clip: FloatRect = {"x": x, "y": y, "width": min(box["width"] + 12, viewport["width"] - x),
                               "height": min(box["height"] + 12, viewport["height"] - y)}
            if box["width"] < 1 or box["height"] < 1 or clip["width"] < 1 or clip["height"] < 1:
                invisible.append(f"{box['label']}: nothing on screen")
                continue
            focused = page.screenshot(clip=clip, animations="disabled")
            page.evaluate("document.activeElement.blur()")  # Tab goes on from here all the same
            if page.screenshot(clip=clip, animations="disabled") == focused:
                invisible.append(box["label"])
        assert stops > 30, f"only {stops} focus stops"
        assert not invisible, f"focus stops with no visible ring ({len(invisible)} of {stops}): {invisible}"


def test_a_terms_definition_never_covers_the_options(browser, guide_site):
    with offline_page(browser) as (page, _):
        # 背题模式: answers open, so the stems' terms carry their definitions (issue 29: not before)
        page.add_init_script("localStorage.setItem('studyGuide.practiceMode.v1', 'recite')")
        page.goto(file_url(guide_site, CHAPTER))
        terms = page.locator(".question:has(.options) > p a.term")
        assert terms.count() > 0, "no glossary term in a stem above options"
        for i in range(min(terms.count(), 6)):
            term = terms.nth(i)
            term.evaluate("t => t.scrollIntoView({block: 'center'})")
            page.mouse.move(0, 0)
            term.hover()
            tooltip = page.wait_for_selector(".md-tooltip2--active .md-tooltip2__inner", timeout=5000)
            # Its opening movement (a transition of 0.4 s in Material's style) played to the end.
            page.wait_for_function("inner => inner.closest('.md-tooltip2').getAnimations().length === 0",
                                   arg=tooltip, timeout=5000)
            tip = tooltip.bounding_box()
            assert tip is not None, "the definition is not on screen"
            header = page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
            assert tip["y"] >= header, f"{term.text_content()}'s definition is under the header: {tip}"
            options = term.evaluate("t => [...t.closest('.question').querySelectorAll('.options li')].map(li => {"
                                    " const r = li.getBoundingClientRect();"
                                    " return [r.top, r.bottom, li.textContent.slice(0, 20)]; })")
            covered = [text for top, bottom, text in options if tip["y"] < bottom and tip["y"] + tip["height"] > top]
            assert not covered, f"{term.text_content()}'s definition covers {covered}"
            page.mouse.move(0, 0)
            page.wait_for_selector(".md-tooltip2--active", state="detached", timeout=5000)


def test_stems_options_and_answers_are_16px_on_a_phone(browser, guide_site):
    with offline_page(browser, viewport=PHONE) as (page, _):
        page.goto(file_url(guide_site, CHAPTER))
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        sizes = page.evaluate("""() => [...document.querySelectorAll(
              '.question > p, .question .options li, .question details.answer p, .question details.answer li')]
            .filter(e => e.offsetParent !== null && e.textContent.trim())
            .map(e => [parseFloat(getComputedStyle(e).fontSize), e.textContent.trim().slice(0, 30)])""")
        assert len(sizes) > 20
        small = [(size, text) for size, text in sizes if size < 16]
        assert not small, f"{len(small)} of {len(sizes)} texts under 16px on a phone, e.g. {small[:3]}"
