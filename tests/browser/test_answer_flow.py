"""The exam-app answer flow (issue 29, item 2): options marked right and wrong on themselves, the
答题卡, one question at a time on a phone (a toggle on a wide screen), next/previous, swipes,
auto-advance, the font size remembered, the keys; and the flow's small defects of issue 29."""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page

from testing.browser import PHONE, file_url, offline_page
from tests.browser.answers import key_inputs, key_letters, wrong_input
from tests.browser_fixtures import scheme
from tests.paths import CHAPTERS, ROOT

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    with offline_page(browser, viewport=PHONE, touch=True) as (page, refused):
        yield page
        assert not refused


def start_run(page: Page, site: Path, types: tuple[str, ...] = ("single",), count: int = 5) -> None:
    page.goto(file_url(site, "ai-trainer/random.html"))
    for box in page.locator("input[name=type]").all():
        box.set_checked(box.get_attribute("value") in types)
    page.fill("input[name=count]", str(count))
    page.get_by_role("button", name="开始").click()
    page.locator(".run-sheet .question:visible").first.wait_for()


def shown(page: Page) -> Locator:
    return page.locator(".run-sheet .question:visible")


def card(page: Page) -> list[tuple[str, str]]:
    """Each number of the 答题卡: its state and what a screen reader hears."""
    return page.locator(".run-card__item").evaluate_all(
        "items => items.map(i => [i.dataset.state, i.getAttribute('aria-label')])")


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_multiple_choice_shows_right_wrong_and_missed_picks_apart(page, guide_site, dark):
    page.goto(file_url(guide_site, CHAPTERS[0]))
    scheme(page, dark)
    q2 = page.locator(".question", has=page.locator("h2#q2"))  # key A, C
    for letter in ("A", "B"):
        q2.get_by_role("checkbox", name=re.compile(rf"^{letter}\.")).check()
    q2.get_by_role("button", name="提交").click()
    marks = q2.locator(".options li").evaluate_all(
        "items => items.map(li => [li.className.trim(),"
        " li.querySelector('.practice-option__mark')?.textContent ?? ''])")
    keys = key_letters(q2)
    for letter, (classes, said) in zip("ABCD", marks, strict=False):
        if letter in keys and letter in "AB":
            assert "is-right" in classes and said == "✓你的选择 · 正确"
        elif letter in "AB":
            assert "is-wrong" in classes and said == "✗你的选择 · 错误"
        elif letter in keys:
            assert "is-missed" in classes and said == "✓漏选的正确答案"
        else:
            assert said == ""
    # Colour is not the only signal, and it is in the verdict's colours in both schemes.
    wrong = q2.locator(".is-wrong .practice-option")
    colour = wrong.evaluate("l => getComputedStyle(l).borderTopColor")
    assert colour == ("rgb(239, 154, 154)" if dark else "rgb(198, 40, 40)")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run('.question')).violations.filter(v => "
                          "['serious', 'critical'].includes(v.impact)).map(v => v.id)")
    assert found == []


def test_the_answer_sheet_follows_the_run_and_jumps(page, guide_site):
    start_run(page, guide_site, count=4)
    assert [state for state, _ in card(page)] == ["unanswered"] * 4
    key_inputs(shown(page))[0].check()
    page.get_by_role("button", name="下一题").click()
    wrong_input(shown(page)).check()
    states = card(page)
    assert [s for s, _ in states] == ["right", "wrong", "unanswered", "unanswered"]
    assert states[0][1] == "第 1 题：答对" and states[1][1] == "第 2 题：答错"
    page.get_by_role("button", name="标记本题").click()
    assert page.locator(".run-card__counts").inner_text() == "已答 2/4 · 答对 1 · 答错 1 · 标记 1"
    assert card(page)[1][1] == "第 2 题：答错，已标记"
    page.locator(".run-card__item").nth(3).click()
    assert page.locator(".run-bar__position").inner_text() == "第 4/4 题"
    assert page.locator(".run-card__item").nth(3).get_attribute("aria-current") == "step"
    assert page.evaluate("document.activeElement.tagName") == "H2"  # a screen reader hears where it is


def test_a_wide_screen_toggles_the_view_and_remembers_it(page, guide_site):
    start_run(page, guide_site, count=4)
    assert page.locator(".run-sheet .question:visible").count() == 1
    page.get_by_role("button", name="整卷").click()
    assert page.locator(".run-sheet .question:visible").count() == 4
    start_run(page, guide_site, count=3)
    assert page.locator(".run-sheet .question:visible").count() == 3
    page.get_by_role("button", name="逐题").click()
    assert page.locator(".run-sheet .question:visible").count() == 1


def test_a_phone_shows_one_question_swipes_and_advances_when_asked(phone, guide_site):
    page = phone
    page.clock.install()  # time flows as usual; run_for below moves it on at once
    start_run(page, guide_site, count=4)
    assert page.locator(".run-sheet .question:visible").count() == 1
    assert page.get_by_role("button", name="整卷").is_hidden()  # no toggle on a phone
    assert page.locator(".run-card__grid").is_hidden()  # the card folded, its counts shown
    first = shown(page).locator("h2").get_attribute("id")

    def swipe(dx: int) -> None:
        shown(page).evaluate("""(q, dx) => {
          const at = (x) => [new Touch({identifier: 1, target: q, clientX: x, clientY: 300})];
          q.dispatchEvent(new TouchEvent('touchstart', {touches: at(200), changedTouches: at(200), bubbles: true}));
          q.dispatchEvent(new TouchEvent('touchend', {touches: [], changedTouches: at(200 + dx), bubbles: true}));
        }""", dx)

    swipe(-150)
    assert page.locator(".run-bar__position").inner_text() == "第 2/4 题"
    swipe(150)
    assert shown(page).locator("h2").get_attribute("id") == first
    swipe(-20)  # a small move is no swipe
    assert page.locator(".run-bar__position").inner_text() == "第 1/4 题"
    page.get_by_label("答对后自动下一题").check()
    key_inputs(shown(page))[0].check()
    page.locator(".run-bar__position").filter(has_text="第 2/4 题").wait_for()
    wrong_input(shown(page)).check()
    # Longer than a right answer waits before moving on (900 ms, runs/navigator.js), its timers
    # run now rather than waited for.
    page.clock.run_for(1200)
    assert page.locator(".run-bar__position").inner_text() == "第 2/4 题"  # a wrong answer stays
    page.get_by_role("button", name="答题卡").click()
    assert page.locator(".run-card__grid").is_visible()


def test_the_font_size_is_remembered(page, guide_site):
    start_run(page, guide_site, count=2)
    before = float(shown(page).locator("p").first.evaluate("p => parseFloat(getComputedStyle(p).fontSize)"))
    page.get_by_role("button", name="字大一点").click()
    page.get_by_role("button", name="字大一点").click()
    start_run(page, guide_site, count=2)  # another visit
    after = float(shown(page).locator("p").first.evaluate("p => parseFloat(getComputedStyle(p).fontSize)"))
    assert after == pytest.approx(before * 1.3, rel=0.02)
    page.get_by_role("button", name="字小一点").click()
    page.get_by_role("button", name="字小一点").click()
    page.get_by_role("button", name="字小一点").click()
    smaller = float(shown(page).locator("p").first.evaluate("p => parseFloat(getComputedStyle(p).fontSize)"))
    assert smaller == pytest.approx(before * 0.85, rel=0.02)


def test_a_run_by_keyboard_alone(page, guide_site):
    start_run(page, guide_site, types=("single", "multiple"), count=3)
    for _ in range(3):
        question = shown(page)
        letters = key_letters(question)
        for letter in letters:
            page.keyboard.press(letter)
        if question.locator("input[type=checkbox]").count():
            page.keyboard.press("Enter")
        assert question.get_by_role("status").inner_text().startswith("正确")
        page.keyboard.press("ArrowRight")
    assert [s for s, _ in card(page)] == ["right"] * 3
    page.keyboard.press("ArrowLeft")
    assert page.locator(".run-bar__position").inner_text() == "第 2/3 题"
    url = page.url
    page.keyboard.press(".")  # Material's next-page key stays away from a question
    assert page.url == url


def test_the_run_summary_comes_into_view(phone, guide_site):
    start_run(phone, guide_site, count=3)
    phone.get_by_role("button", name="结束").click()
    summary = phone.locator(".run-summary__text")
    assert summary.evaluate("s => s === document.activeElement")
    box = summary.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


# Whether the 答题卡's line (its title and counts) is what the reader sees, at its top, middle and
# bottom, left to right: not under the sticky bar or the header, not scrolled away.
CARD_LINE_SEEN = """toggle => {
  const box = toggle.getBoundingClientRect();
  return [2, box.height / 2, box.height - 2].every((dy) => [0.1, 0.5, 0.9].every((dx) =>
    toggle.contains(document.elementFromPoint(box.left + dx * box.width, box.top + dy))));
}"""


def test_the_bar_leaves_the_answer_sheets_line_in_sight_on_a_phone(phone, guide_site):
    phone.goto(file_url(guide_site, "ai-trainer/random.html"))
    phone.evaluate("scrollTo(0, document.body.scrollHeight)")  # down to 开始, as a thumb would
    phone.get_by_role("button", name="开始").click()
    shown(phone).first.wait_for()
    toggle = phone.locator(".run-card__toggle")
    assert re.search(r"已答 0/20", toggle.inner_text())
    assert toggle.evaluate(CARD_LINE_SEEN)  # after 开始
    phone.evaluate("scrollTo(0, document.body.scrollHeight)")  # down the question, then on
    phone.get_by_role("button", name="下一题").click()
    assert toggle.evaluate(CARD_LINE_SEEN)


def test_review_cannot_start_with_nothing_due(page, guide_site):
    page.goto(file_url(guide_site, "ai-trainer/review.html"))
    assert page.get_by_role("button", name="开始复习").is_disabled()


def test_self_grading_does_not_look_chosen(page, guide_site):
    page.goto(file_url(guide_site, CHAPTERS[1]))
    question = page.locator(".question", has=page.locator(".practice__show")).first
    question.get_by_role("button", name="显示答案").click()
    for grade in question.locator(".practice__grade").all():
        assert grade.get_attribute("aria-pressed") != "true"
        assert not grade.evaluate("b => b === document.activeElement")


def test_the_types_counts_agree_between_pages(page, guide_site):
    counts = {}
    for kind in ("random", "types", "exam"):
        page.goto(file_url(guide_site, f"ai-trainer/{kind}.html"))
        row = page.locator("tr[data-type=multiple] th, label:has(input[name=type][value=multiple])").first
        found = re.search(r"（(\d+) 题）", row.inner_text())
        assert found, kind
        counts[kind] = found.group(1)
    assert len(set(counts.values())) == 1, counts


# Whether every point of a button's face is the button itself, not something over it.
NOTHING_OVER = """button => {
  const box = button.getBoundingClientRect();
  return [0.1, 0.5, 0.9].every((dy) => [0.1, 0.5, 0.9].every((dx) =>
    button.contains(document.elementFromPoint(box.left + dx * box.width, box.top + dy * box.height))));
}"""
# Two frames: what waits for the next one (the back-to-top button's place) has been done.
FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


@pytest.mark.parametrize("on_phone", [False, True], ids=["desktop", "phone"])
def test_back_to_top_leaves_the_stuck_bar_free(browser, guide_site, on_phone):
    """Scrolled down a run and a little back up, Material's 回到页面顶部 shows: it must not sit over
    the bar stuck under the header, where it took a tap on 下一题 and went to the page's top (nor
    over the 答题卡's line under the bar: test_the_bar_leaves_the_answer_sheets_line_in_sight_on_a_phone)."""
    with offline_page(browser, viewport=PHONE if on_phone else None, touch=on_phone) as (page, refused):
        start_run(page, guide_site, count=8)
        if not on_phone:
            page.get_by_role("button", name="整卷").click()
        page.get_by_role("button", name="A+").click()  # one question on a phone: a page long enough
        page.mouse.wheel(0, 3000)
        page.mouse.wheel(0, -40)
        top = page.get_by_role("button", name="回到页面顶部")
        top.wait_for()
        page.evaluate(FRAMES)
        bar = page.locator(".run-bar").bounding_box()
        assert bar is not None and bar["y"] == pytest.approx(48, abs=1)  # stuck under the header
        next_button = page.locator(".run-bar").get_by_role("button", name="下一题")
        assert next_button.evaluate(NOTHING_OVER)
        assert top.evaluate(NOTHING_OVER)  # itself whole, at the foot of the screen
        before = page.locator(".run-bar__position").inner_text()
        box = next_button.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        assert page.locator(".run-bar__position").inner_text() != before
        assert page.evaluate("scrollY") > 0
        assert not refused


def test_back_to_top_at_the_foot_leaves_the_footer_free(browser, guide_site):
    """At a run's end on a phone the button, at the foot of the screen, rises above Material's
    footer as it comes into view: its 上一页 / 下一页 links stay whole under a tap."""
    with offline_page(browser, viewport=PHONE, touch=True) as (page, refused):
        start_run(page, guide_site, count=8)
        page.get_by_role("button", name="A+").click()
        page.mouse.wheel(0, 30_000)  # to the end: the footer in full view
        page.mouse.wheel(0, -10)  # a little back up: Material shows the button
        top = page.get_by_role("button", name="回到页面顶部")
        top.wait_for()
        page.evaluate(FRAMES)
        links = page.locator(".md-footer__link")
        assert links.count() > 0
        for link in links.all():
            assert link.evaluate(NOTHING_OVER), link.inner_text()
        assert top.evaluate(NOTHING_OVER)
        assert not refused
