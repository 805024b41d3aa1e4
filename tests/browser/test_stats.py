"""The 统计 page and the home page's 今日计划 (issue 29, item 4), from file://, on a desktop and a
phone: progress seeded into localStorage as the practice pages keep it, the figures read back
from the charts' tables, the SVG drawn and hidden from screen readers, an answer counted on
its day, and the plan's links."""
from __future__ import annotations

import json
import re
from datetime import datetime, timedelta

import pytest
from playwright.sync_api import Page

from testing.browser import PHONE, file_url

pytestmark = pytest.mark.browser

NOW = datetime(2026, 3, 10, 15, 0)
DAY_MS = 86_400_000


def ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def hashes(page: Page) -> dict[str, str]:
    """Each question's text hash, as the practice data gives it."""
    return page.evaluate("Object.fromEntries(Object.entries(studyGuide.practiceData['ai-trainer'].q)"
                         ".map(([id, q]) => [id, q.h]))")


def entry(n: int, r: int, s: int, last: str, when: datetime) -> dict:
    return {"n": n, "r": r, "w": n - r, "s": s, "last": last, "a": "A", "t": ms(when)}


def card(due: datetime, last_review: datetime) -> dict[str, int | float]:
    """A whole review card as ts-fsrs keeps it (the review store refuses one that is not)."""
    return {"due": ms(due), "last_review": ms(last_review), "stability": 3.2, "difficulty": 5.1,
            "elapsed_days": 1, "scheduled_days": 3, "learning_steps": 0, "reps": 2, "lapses": 0, "state": 2}


def seed(page: Page) -> None:
    """Progress as the practice pages keep it: in chapter 1, q1 mastered (3 of 3 right, two in a
    row), q2 learning (1 of 2 right, last wrong), q3 learning (right once); in chapter 2, q7 wrong
    twice; every other question new.  The daily log: 4 answers today, 3 two days ago.  Review
    cards: q2 overdue, q7 due in 3 days, q1 in 20 days (past the chart), a card of q3's old text."""
    h = hashes(page)
    entries = {
        f"ai-trainer/q1/{h['q1']}": entry(3, 3, 2, "right", NOW - timedelta(hours=1)),
        f"ai-trainer/q2/{h['q2']}": entry(2, 1, 0, "wrong", NOW - timedelta(hours=2)),
        f"ai-trainer/q3/{h['q3']}": entry(1, 1, 1, "right", NOW - timedelta(days=2)),
        f"ai-trainer/q7/{h['q7']}": entry(2, 0, 0, "wrong", NOW - timedelta(hours=3)),
        "ai-trainer/q4/00000000dead": entry(5, 5, 5, "right", NOW),  # a text since corrected: not counted
    }
    progress = {"format": "study-guide-progress", "version": 1, "entries": entries, "stars": {}}
    daily = {"format": "study-guide-daily", "version": 1,
             "days": {NOW.strftime("%Y-%m-%d"): 4, (NOW - timedelta(days=2)).strftime("%Y-%m-%d"): 3}}
    cards = {f"ai-trainer/q2/{h['q2']}": card(NOW - timedelta(hours=5), NOW),
             f"ai-trainer/q7/{h['q7']}": card(NOW + timedelta(days=3), NOW),
             f"ai-trainer/q1/{h['q1']}": card(NOW + timedelta(days=20), NOW),
             "ai-trainer/q3/00000000dead": card(NOW - timedelta(days=1), NOW - timedelta(days=2))}
    reviews = {"format": "study-guide-reviews", "version": 1, "cards": cards}
    page.evaluate("([p, d, r]) => { localStorage.setItem('studyGuide.progress.v1', p);"
                  " localStorage.setItem('studyGuide.daily.v1', d);"
                  " localStorage.setItem('studyGuide.reviews.v1', r); }",
                  [json.dumps(progress), json.dumps(daily), json.dumps(reviews)])


def table(page: Page, chart: str) -> list[list[str]]:
    """The rows of a chart's table, header first."""
    rows = page.locator(f"[data-stats-chart={chart}] table tr")
    return [row.locator("th, td").all_inner_texts() for row in rows.all()]


def open_stats(page: Page, site) -> None:
    page.clock.install(time=NOW)
    page.goto(file_url(site, "stats.html"))
    seed(page)
    page.reload()


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_the_stats_page_shows_the_seeded_progress(page, guide_site, viewport):
    if viewport:
        page.set_viewport_size(viewport)
    open_stats(page, guide_site)
    assert page.locator("[data-run-needs-script]").is_hidden()
    assert table(page, "mastery") == [["状态", "题数"], ["已掌握", "1"], ["学习中", "3"], ["未做", "22"]]
    chapters = table(page, "chapters")
    assert chapters[0] == ["章节", "已做题数", "作答次数", "答对次数", "正确率"]
    assert chapters[1][1:] == ["3/6", "6", "5", "83%"] and chapters[1][0].startswith("1. ")
    assert chapters[2][1:] == ["1/6", "2", "0", "0%"]
    assert chapters[3][1:] == ["0/6", "0", "0", "—"] and len(chapters) == 6  # five chapters
    types = dict((row[0], row[1:]) for row in table(page, "types")[1:])
    assert sum(int(t[0].split("/")[1]) for t in types.values()) == 26
    daily = table(page, "daily")
    assert len(daily) == 31 and daily[-1] == ["2026-03-10", "4"] and daily[-3] == ["2026-03-08", "3"]
    assert daily[1][0] == "2026-02-09" and sum(int(row[1]) for row in daily[1:]) == 7
    due = table(page, "due")
    assert len(due) == 15 and due[1] == ["2026-03-10", "1"] and due[4] == ["2026-03-13", "1"]
    assert sum(int(row[1]) for row in due[1:]) == 2  # q1's card is past the fortnight, q3's is of an old text

    for chart in ("mastery", "chapters", "types", "daily", "due"):
        drawing = page.locator(f"[data-stats-chart={chart}] svg")
        assert drawing.get_attribute("aria-hidden") == "true"
        box = drawing.bounding_box()
        assert box and 0 < box["width"] <= (viewport or {"width": 1280})["width"]
    bars = page.locator("[data-stats-chart=mastery] svg rect.stats-chart__bar")
    widths = [float(bar.get_attribute("width") or 0) for bar in bars.all()]
    assert widths[2] > widths[1] > widths[0] > 0  # 22 new, 3 learning, 1 mastered
    today = page.locator("[data-stats-chart=daily] svg rect.stats-chart__bar--today")
    assert float(today.get_attribute("height") or 0) > 0

    # The tables are there for screen readers, out of sight until asked for.
    mastery_table = page.locator("[data-stats-chart=mastery] .stats-chart__table")
    assert mastery_table.bounding_box()["width"] <= 1
    page.locator("[data-stats-chart=mastery]").get_by_role("button", name="以表格显示").click()
    assert mastery_table.bounding_box()["width"] > 50
    assert page.locator("[data-stats-chart=mastery]").get_by_role("button", name="收起表格").is_visible()


def test_an_answer_is_counted_on_its_day_and_shows_on_the_stats_page(page, guide_site):
    page.clock.install(time=NOW)
    page.goto(file_url(guide_site, "stats.html"))
    assert page.locator(".stats__message").inner_text() == "还没有作答记录：做几道题再来看。"
    page.goto(file_url(guide_site, "ai-trainer/chapter-1.html"))
    q1 = page.locator(".question", has=page.locator("h2#q1"))
    q1.get_by_role("radio", name=re.compile(r"^B\.")).check()
    page.goto(file_url(guide_site, "stats.html"))
    assert table(page, "daily")[-1] == ["2026-03-10", "1"]
    assert table(page, "mastery")[2] == ["学习中", "1"]
    assert page.locator(".stats__message").inner_text() == ""


def test_the_home_page_shows_todays_plan(page, guide_site):
    open_stats(page, guide_site)
    page.goto(file_url(guide_site, "index.html"))
    plan = page.locator("[data-today-plan]")
    assert plan.get_by_role("heading", name="今日计划").is_visible()
    due = plan.locator("[data-plan=due] a")
    assert due.inner_text() == "到期复习 1 题" and due.get_attribute("href") == "ai-trainer/review.html"
    fresh = plan.locator("[data-plan=new] a")
    assert fresh.inner_text() == "新题 20 题" and fresh.get_attribute("href") == "ai-trainer/chapter-1.html#q4"
    resume = plan.locator("[data-plan=resume] a")  # the last answered was q1: next is q2
    assert resume.inner_text() == "从上次停下的地方继续：第 2 题"
    resume.click()
    assert page.url.endswith("ai-trainer/chapter-1.html#q2")
    page.go_back()
    plan.get_by_role("link", name="查看统计").click()
    assert page.url.endswith("/stats.html") and page.title().startswith("统计 - ")


def test_the_stats_page_in_the_traditional_edition(page, hant_site):
    open_stats(page, hant_site)
    assert page.title().startswith("統計 - ")
    assert table(page, "mastery")[1] == ["已掌握", "1"]
    nav = page.locator(".md-sidebar--primary .md-nav__link").all_inner_texts()
    assert "統計" in [text.strip() for text in nav]
