"""今日复习 from file:// (issue 13): every practice answer is an FSRS review (ts-fsrs), the due
count in the navigation, due dates advancing after a review; the run pages in each script."""
from __future__ import annotations

import json
import re
from datetime import datetime, timedelta

import pytest
from playwright.sync_api import Page

from testing.browser import file_url
from tests.browser.answers import key_inputs

pytestmark = pytest.mark.browser

REVIEWS = "studyGuide.reviews.v1"
START = datetime(2026, 1, 5, 9, 0)


def cards(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem({json.dumps(REVIEWS)})") or '{"cards": {}}')["cards"]


def ms(moment: datetime) -> float:
    return moment.timestamp() * 1000


def test_fsrs_due_dates_advance_after_a_review(page, guide_site):
    page.clock.install(time=START)
    page.goto(file_url(guide_site, "ai-trainer/chapter-1.html"))
    q1 = page.locator(".question", has=page.locator("h2#q1"))
    q1.get_by_role("radio", name=re.compile(r"^A\.")).check()  # wrong: Again
    (key, first), = cards(page).items()
    assert key.startswith("ai-trainer/q1/") and ms(START) < first["due"] < ms(START + timedelta(hours=1))
    assert first["lapses"] == 0 and first["reps"] == 1

    page.clock.set_system_time(START + timedelta(days=1))
    page.goto(file_url(guide_site, "ai-trainer/review.html"))
    nav = page.locator(".md-sidebar--primary .md-nav__link[href$='review.html']").first
    assert nav.inner_text().replace("\n", "") == "今日复习1（1 题到期）"
    assert page.locator(".run-form__message").inner_text() == "今天到期：1 题"
    page.get_by_role("button", name="开始复习").click()
    due = page.locator(".run-sheet .question:visible")
    assert due.locator("h2").get_attribute("id") == "q1"
    due.get_by_role("radio", name=re.compile(r"^B\.")).check()  # right: Good
    assert due.get_by_role("status").inner_text() == "正确"
    second = cards(page)[key]
    assert second["due"] > ms(START + timedelta(days=1)) > first["due"] and second["reps"] == 2
    assert due.locator(".review-next").inner_text().startswith("下次复习：2026年1月6日")
    assert nav.locator(".review-due").is_hidden()  # nothing due any more

    page.clock.set_system_time(datetime.fromtimestamp(second["due"] / 1000) + timedelta(minutes=1))
    page.reload()
    page.get_by_role("button", name="开始复习").click()
    page.locator(".run-sheet .question:visible").get_by_role("radio", name=re.compile(r"^B\.")).check()
    third = cards(page)[key]
    assert third["due"] - second["due"] > second["due"] - first["due"]  # further each time it is known
    page.reload()
    assert page.locator(".run-form__message").inner_text().startswith("今天没有到期的题")


def test_an_exam_answer_is_a_review_too(page, guide_site):
    page.goto(file_url(guide_site, "ai-trainer/exam.html"))
    for row in page.locator("tr[data-type]").all():
        row.locator("input[name^=count]").fill("1" if row.get_attribute("data-type") == "single" else "0")
    page.fill("input[name=seed]", "R1")
    page.get_by_role("button", name="开始").click()
    key_inputs(page.locator(".exam-paper .question"))[0].check()
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="交卷").click()
    assert len(cards(page)) == 1


@pytest.mark.parametrize("site, titles, start", [
    ("guide_site", ["随机练习", "题型练习", "模拟考试", "今日复习"], "开始"),
    ("hant_site", ["隨機練習", "題型練習", "模擬考試", "今日複習"], "開始"),
])
def test_the_run_pages_are_in_the_navigation_in_the_editions_script(page, request, site, titles, start):
    page.goto(file_url(request.getfixturevalue(site), "index.html"))
    links = page.locator(".md-sidebar--primary .md-nav__link").all_inner_texts()
    assert [text for text in links if text in titles] == titles
    page.goto(file_url(request.getfixturevalue(site), "ai-trainer/exam.html"))
    assert page.get_by_role("button", name=start, exact=True).is_visible()
