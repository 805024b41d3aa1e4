"""No spoilers anywhere an answer is still hidden (issue 29, item 1): every practice mode is walked
on a phone and on a desktop, and before each question is answered (or its paper handed in)
nothing on it, seen, hovered, tapped or focused, gives the answer away: no key marked, no answer
or explanation shown, no glossary definition (Material's tooltip, the tap popover), no tags or
related questions, no link that leaves the page.  Once answered, they return."""
from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page

from testing.browser import PHONE, file_url, offline_page
from tests.browser.answers import key_inputs, wrong_input
from tests.paths import CHAPTERS

pytestmark = pytest.mark.browser

START = datetime(2026, 1, 5, 9, 0)
# Anything that would say the answer: marks on options, links (terms, references) in the stem and
# options, anything that shows a title or definition on hover.
STEM = ":scope > :not(h2, details, .question-footer, .practice-star, .practice)"  # the stem and options
# The tooltips a question may show before its answer: the heading's link, the star.
HARMLESS = {"本节链接", "收藏", "取消收藏"}  # the headings' permalink title, the star
GIVEAWAYS = f"{STEM} a[href], {STEM} [title], {STEM} [data-guide-definition], .is-key, .practice-option__mark"


@pytest.fixture(params=["desktop", "phone"])
def practice_page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    """A page on Playwright's clock: time flows as usual, and ``run_for`` moves it on at once."""
    with offline_page(browser, viewport=PHONE if request.param == "phone" else None,
                      touch=request.param == "phone") as (page, refused):
        page.clock.install()
        yield page
        assert not refused


# What a question shows, read in one call rather than a call each: its heading, how many
# giveaways it holds, its folded answer (there, open) and that answer's longest paragraph (its
# explanation, as written), and the question's text as the screen shows it.
SHOWN = """(question, giveaways) => {
  const answer = question.querySelector(':scope > details.answer');
  const paragraphs = answer ? [...answer.querySelectorAll('p')].map(p => p.textContent.trim()) : [];
  return {name: question.querySelector('h2')?.innerText ?? '', giveaways: question.querySelectorAll(giveaways).length,
          answer: answer !== null, open: Boolean(answer?.open), shown: question.innerText,
          explanation: paragraphs.sort((a, b) => b.length - a.length)[0] || ''};
}"""


def assert_nothing_given_away(page: Page, question: Locator) -> None:
    seen = question.evaluate(SHOWN, GIVEAWAYS)
    name = seen["name"]
    assert seen["answer"], f"{name}: no folded answer"
    assert seen["giveaways"] == 0, name
    assert not seen["open"], name
    assert not seen["explanation"] or seen["explanation"] not in seen["shown"], name
    assert question.locator(".question-footer").is_hidden(), name  # tags and related questions
    # Hover and tap each former link, focus everything focusable: no tooltip or popover opens.
    for stand in question.locator(".practice-unlinked").all()[:4]:
        stand.hover()  # Playwright's checks that it is shown and takes the pointer, then the pointer on it
        page.mouse.down()  # and a click where the pointer is: what stand.click() would do after
        page.mouse.up()  # the same checks again
    # Each in turn (each focus leaves the one before, as Tab would), in one call rather than a
    # call each: what is left open afterwards is what the check below reads either way.
    question.locator("input, button, a, [tabindex]").evaluate_all("controls => controls.forEach(c => c.focus())")
    # Material's tooltip shows a few animation frames after a hover or focus: the page's timers
    # and frames of the next 150 ms, run now rather than waited for.
    page.clock.run_for(150)
    tips = page.locator(".md-tooltip2--active, .md-tooltip2:visible, .term-popover:visible").all_inner_texts()
    assert set(tips) <= HARMLESS, name


def assert_given_back(question: Locator) -> None:
    """Answered: the terms are links with their definitions again, the footer shows, the key is marked."""
    assert question.locator(":scope > :not(h2, details) a.term[href]").count() > 0
    assert question.locator(".practice-unlinked").count() == 0
    assert question.locator(".question-footer").is_visible()
    assert question.locator(".is-key").count() > 0


def test_a_chapter_page_gives_nothing_away_before_each_answer(practice_page, guide_site):
    page = practice_page
    for edition in ("", "?edition=practice"):
        page.goto(file_url(guide_site, CHAPTERS[0]) + edition)
        page.locator(".practice-bar").wait_for()
        for question in page.locator(".question.has-practice").all():
            assert_nothing_given_away(page, question)
    q1 = page.locator(".question", has=page.locator("h2#q1"))
    assert q1.locator(".practice-unlinked").count() >= 3  # its terms, in stem and options, as plain text
    wrong_input(q1).check()
    assert_given_back(q1)
    assert q1.locator(".is-wrong").count() == 1
    page.get_by_role("button", name="重做").first.click()  # folded again: given away no more
    assert_nothing_given_away(page, q1)


def answer_wrong(page: Page, site: Path, ids: tuple[str, ...]) -> None:
    """The questions of chapter 1 answered wrong: their answers open, as the chapter page shows them."""
    page.goto(file_url(site, CHAPTERS[0]))
    for qid in ids:
        question = page.locator(".question", has=page.locator(f"h2#{qid}"))
        wrong_input(question).check()
        if question.locator(".practice__submit").is_visible():
            question.locator(".practice__submit").click()
        assert question.locator(":scope > details.answer").evaluate("d => d.open")


def test_drilling_mistakes_starts_folded(practice_page, guide_site):
    page = practice_page
    answer_wrong(page, guide_site, ("q1", "q2"))
    page.reload()  # answers this tab opened are remembered: not for a drill
    page.goto(file_url(guide_site, "mistakes.html"))
    page.get_by_role("button", name="重练错题").click()
    page.locator(".practice-bar").wait_for()
    for qid in ("q1", "q2"):  # the one opened and the one still to come
        assert_nothing_given_away(page, page.locator(".question", has=page.locator(f"h2#{qid}")))


def walk(page: Page) -> None:
    """Each question of the run shown, checked, then answered wrong and checked again."""
    while True:
        question = page.locator(".run-sheet .question:visible")
        assert_nothing_given_away(page, question)
        if question.locator("input[type=radio], input[type=checkbox]").count():
            wrong_input(question).check()
            if question.locator(".practice__submit").is_visible():
                question.locator(".practice__submit").click()
            assert question.locator(".is-key").count() > 0
        if page.get_by_role("button", name="下一题").is_disabled():
            return
        page.get_by_role("button", name="下一题").click()


@pytest.mark.parametrize("kind", ["random", "types"])
def test_a_run_gives_nothing_away_before_each_answer(practice_page, guide_site, kind):
    page = practice_page
    page.goto(file_url(guide_site, f"ai-trainer/{kind}.html"))
    if kind == "random":
        page.fill("input[name=count]", "6")
    else:
        page.locator("input[name=type][value=multiple]").check()
    page.get_by_role("button", name="开始").click()
    walk(page)


def test_todays_review_gives_nothing_away(practice_page, guide_site):
    page = practice_page
    page.clock.set_system_time(START)
    answer_wrong(page, guide_site, ("q1", "q2"))
    page.clock.set_system_time(START + timedelta(days=2))
    page.goto(file_url(guide_site, "ai-trainer/review.html"))
    page.get_by_role("button", name="开始复习").click()
    walk(page)


def test_a_paper_gives_nothing_away_until_handed_in(practice_page, guide_site):
    page = practice_page
    page.goto(file_url(guide_site, "ai-trainer/exam.html"))
    page.evaluate("localStorage.removeItem('studyGuide.examSitting.v1')")
    page.reload()
    page.get_by_role("button", name="开始").click()
    paper = page.locator(".exam-paper .question")
    paper.first.wait_for()
    page.get_by_role("button", name="整卷").click() if page.get_by_role("button", name="整卷").is_visible() else None
    for n in range(paper.count()):
        if paper.nth(n).is_hidden():
            page.locator(".run-card__item").nth(n).click() if page.locator(".run-card__item").nth(n).is_visible() \
                else page.get_by_role("button", name="下一题").click()
        assert_nothing_given_away(page, paper.nth(n))
        if paper.nth(n).locator("input[type=radio]").count():
            key_inputs(paper.nth(n))[0].check()  # chosen, and still nothing said
            assert_nothing_given_away(page, paper.nth(n))
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="交卷").click()
    page.locator(".exam-result__total").wait_for()
    termed = paper.filter(has=page.locator(".practice-unlinked, a.term"))
    assert termed.count() and all(q.locator(".practice-unlinked").count() == 0 for q in termed.all())
    assert page.locator(".exam-paper .question-footer").first.evaluate("f => !f.hidden")
    assert re.match(r"得分", page.locator(".exam-result__total").inner_text())


def test_a_tapped_definition_reads_as_written(browser: Browser, guide_site: Path):
    """Issue 30, defect 12: a definition holding & < > shows them once, not as &amp;."""
    with offline_page(browser, viewport=PHONE, touch=True) as (page, _):
        page.goto(file_url(guide_site, "glossary.html"))
        page.evaluate("""() => {
          const term = document.createElement('a');
          term.className = 'term'; term.href = '#x'; term.textContent = 'R&D';
          term.setAttribute('title', 'R&amp;D 与 p&lt;q');  // as generator/pages/prose.py writes it
          document.querySelector('.md-typeset').prepend(term);
        }""")
        page.locator(".md-typeset a.term").first.tap()
        assert page.locator(".term-popover__text").inner_text() == "R&D 与 p<q"
