"""Issue 14's reader fixes in a real browser: what a candidate sees on a phone and a laptop.

- the checks' findings and the correction log wait inside the folded answer, in reader words;
- a tapped glossary term opens a popover instead of leaving the page;
- opened answers survive Back, Forward and a reload;
- search keeps answers and explanations out of its results in the practice edition;
- the edition switch says what it does, and the practice edition reveals one answer at a time.
"""
from __future__ import annotations

import re

import pytest

from generator.pages.script import convert_strings
from generator.pages.strings import UI
from testing.browser import ARTIFACTS, DESKTOP, PHONE, file_url, offline_page, search
from tests.paths import CHAPTERS

pytestmark = pytest.mark.browser

HANS = convert_strings(UI, "hans")  # the bundled guide is built in Simplified
FLAG_CODES = ("truncated", "answer-conflict", "missing-answer", "lost-minus")


def question(page, qid: str):
    """The card of question ``qid``."""
    return page.locator(f".question:has(#{qid})")


def visible_text(locator) -> str:
    """What a reader sees of ``locator``: innerText leaves out closed <details> and hidden blocks."""
    return locator.evaluate("e => e.innerText")


def test_flags_and_corrections_wait_inside_the_folded_answer_in_reader_words(page, guide_site):
    page.goto(file_url(guide_site, CHAPTERS[4]))
    q26 = question(page, "q26")
    before = visible_text(q26)
    assert HANS["flags_title"] not in before and "本题已校订" not in before
    assert not any(code in before for code in FLAG_CODES)
    q26.locator("details.answer > summary").click()
    after = visible_text(q26)
    assert HANS["flag_truncated"] in after  # the reader's sentence, once the answer is open
    assert "本题已校订（1 处）" in after
    assert not any(code in q26.inner_html() for code in FLAG_CODES)  # no checker code anywhere in the card
    page.goto(file_url(guide_site, CHAPTERS[1]))
    q10 = question(page, "q10")
    q10.locator("details.answer > summary").click()
    assert HANS["flag_answer-conflict"] in visible_text(q10)
    assert "answer-conflict" not in q10.inner_html()
    page.goto(file_url(guide_site, "report.html"))  # the codes stay on the editors' page
    report = page.locator("article").inner_text()
    assert "answer-conflict" in report and "truncated" in report


RECITE = "localStorage.setItem('studyGuide.practiceMode.v1', 'recite')"  # answers open: the terms are links


def test_a_tapped_term_opens_its_definition_in_a_popover(browser, guide_site):
    with offline_page(browser, PHONE, touch=True) as (page, refused):
        url = file_url(guide_site, CHAPTERS[0])
        page.add_init_script(RECITE)
        page.goto(url)
        term = page.locator("a.term").first
        definition, href = term.get_attribute("title"), term.get_attribute("href")
        term.tap()
        popover = page.locator(".term-popover")
        popover.wait_for(state="visible")
        assert page.url == url  # the tap did not leave the page
        assert popover.locator(".term-popover__text").inner_text() == definition
        link = popover.locator("a.term-popover__link")
        assert link.inner_text() == HANS["term_popover_link"]
        assert link.get_attribute("href").endswith(href.removeprefix(".."))
        box = popover.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        page.locator("h1").tap()  # a tap elsewhere closes it
        popover.wait_for(state="hidden")
        # The definition is set as text: markup in it stays text.
        term.evaluate("t => t.setAttribute('data-guide-definition', '<img src=x onerror=\"window.hit=1\">')")
        term.tap()
        popover.wait_for(state="visible")
        assert popover.locator("img").count() == 0
        assert popover.locator(".term-popover__text").inner_text() == '<img src=x onerror="window.hit=1">'
        popover.locator(".term-popover__close").tap()
        popover.wait_for(state="hidden")
        link_target = href.split("#")[1]
        term.tap()
        link.tap()  # the popover's link goes to the glossary entry
        page.wait_for_url(re.compile(rf"glossary\.html#{link_target}$"))
    assert not refused


def test_a_mouse_click_on_a_term_still_follows_its_link(page, guide_site):
    page.add_init_script(RECITE)
    page.goto(file_url(guide_site, CHAPTERS[0]))
    page.locator("a.term").first.click()
    page.wait_for_url(re.compile(r"glossary\.html#"))
    assert page.locator(".term-popover:visible").count() == 0


def open_answers(page) -> list[str]:
    return page.eval_on_selector_all(".question:has(details.answer[open]) .question-heading",
                                     "hs => hs.map(h => h.id)")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["laptop", "phone"])
def test_opened_answers_survive_back_forward_and_reload(browser, guide_site, size):
    with offline_page(browser, size, touch=size is PHONE) as (page, refused):
        page.goto(file_url(guide_site, CHAPTERS[0]))
        for qid in ("q2", "q4"):
            question(page, qid).locator("details.answer > summary").click()
        page.goto(file_url(guide_site, CHAPTERS[1]))
        question(page, "q8").locator("details.answer > summary").click()
        page.go_back()
        page.wait_for_url(re.compile(r"chapter-1\.html$"))
        page.wait_for_function("document.querySelectorAll('details.answer[open]').length === 2")
        assert open_answers(page) == ["q2", "q4"]
        page.go_forward()
        page.wait_for_url(re.compile(r"chapter-2\.html$"))
        page.wait_for_function("document.querySelectorAll('details.answer[open]').length === 1")
        assert open_answers(page) == ["q8"]
        question(page, "q8").locator("details.answer > summary").click()  # closed again: stays closed
        page.reload()
        page.wait_for_load_state("load")
        assert open_answers(page) == []
        page.go_back()
        page.wait_for_url(re.compile(r"chapter-1\.html$"))
        page.reload()  # a fresh load, not the back/forward cache: the script restores them
        page.wait_for_function("document.querySelectorAll('details.answer[open]').length === 2")
        assert open_answers(page) == ["q2", "q4"]
    assert not refused


def choose_edition(page, edition: str) -> None:
    page.locator(f".edition-switch__option:has(input[value='{edition}'])").click()
    page.wait_for_function(f"document.documentElement.dataset.guideEdition === '{edition}'")


def hit_snippets(page) -> list[str]:
    """The visible text of the search results for question 7."""
    return page.eval_on_selector_all(".md-search-result__link[href$='#q7'] article",
                                     "as => as.map(a => a.innerText)")


def test_search_hides_answers_and_explanations_in_the_practice_edition(page, guide_site):
    page.goto(file_url(guide_site, CHAPTERS[1]))
    search(page, "震荡")  # only in question 7's explanation
    [snippet] = hit_snippets(page)
    assert "震荡" in snippet  # the answer edition shows where the word was found
    assert not page.locator(".guide-spoiler-toggle").is_visible()
    page.keyboard.press("Escape")
    choose_edition(page, "practice")
    page.goto(file_url(guide_site, "index.html"))  # the practice edition holds on every page
    search(page, "震荡")
    [snippet] = hit_snippets(page)
    assert "第​7​题" in snippet and "震荡" not in snippet  # the question is found, its explanation not shown
    assert page.locator(".md-search-result .guide-spoiler").count() >= 1
    search(page, "LLaMA-2")  # in question 7's stem: the stem stays
    [snippet] = hit_snippets(page)
    assert "LLaMA-2" in snippet
    toggle = page.locator(".guide-spoiler-toggle")
    assert toggle.is_visible() and toggle.inner_text().strip() == HANS["search_spoilers"]
    toggle.locator("input").check()
    search(page, "震荡")
    [snippet] = hit_snippets(page)
    assert "震荡" in snippet  # shown again, on the reader's request


def test_the_edition_switch_says_what_it_does_and_practice_reveals_one_answer(page, guide_site):
    page.goto(file_url(guide_site, CHAPTERS[0]))
    switch = page.locator(".edition-switch")
    assert switch.locator(".edition-switch__label").inner_text() == HANS["edition"]
    assert "打印版本" not in switch.inner_text()
    buttons = page.locator("button.answer-reveal")
    assert buttons.count() == page.locator(".question").count()
    assert not buttons.first.is_visible()  # the answer edition folds answers as before
    choose_edition(page, "practice")
    assert page.locator("details.answer:visible").count() == 0
    first = question(page, "q1")
    button = first.locator("button.answer-reveal")
    assert button.is_visible() and button.inner_text() == HANS["reveal_answer"]
    button.click()
    answer = first.locator("details.answer")
    assert answer.is_visible() and answer.evaluate("d => d.open")
    assert button.get_attribute("aria-expanded") == "true" and button.inner_text() == HANS["hide_answer"]
    assert page.locator("details.answer:visible").count() == 1  # only the one asked for
    page.emulate_media(media="print")  # the practice edition still prints without answers
    assert page.locator("details.answer:visible").count() == 0
    assert page.locator("button.answer-reveal:visible").count() == 0
    page.emulate_media(media="screen")
    button.click()
    assert not answer.is_visible()


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["laptop", "phone"])
def test_chapter_screenshots_with_answer_and_popover(browser, guide_site, size, dark):
    """Saved for a person to look at (test-artifacts/); asserts only that nothing overflows."""
    with offline_page(browser, size, dark=dark, touch=size is PHONE) as (page, refused):
        page.goto(file_url(guide_site, CHAPTERS[4]))
        question(page, "q26").locator("details.answer > summary").click()
        term = page.locator("a.term").first
        if size is PHONE:
            term.tap()
            page.locator(".term-popover").wait_for(state="visible")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"]
        name = f"reader-chapter-5-{'phone' if size is PHONE else 'laptop'}-{'dark' if dark else 'light'}.png"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / name), full_page=True)
        choose_edition(page, "practice")
        page.screenshot(path=str(ARTIFACTS / name.replace(".png", "-practice.png")), full_page=True)
    assert not refused


def test_on_a_touch_phone_a_title_takes_only_the_lines_of_its_words(browser, guide_site):
    """A heading's permalink (¶) shows on hover, which a touch screen has not: it must not take a
    line of its own under a title that fills the width (the chapter titles of the bundled guide do)."""
    with offline_page(browser, PHONE, touch=True) as (page, refused):
        for path in CHAPTERS:
            page.goto(file_url(guide_site, path))
            extra = page.evaluate("""(() => {
              const h = document.querySelector('article h1'), words = document.createRange();
              words.selectNodeContents(h.firstChild);
              return h.getBoundingClientRect().height - words.getBoundingClientRect().height;
            })()""")
            assert extra < 8, f"{path}: the title is {extra:.0f} px taller than its words"
    assert not refused
